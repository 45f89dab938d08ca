#!/usr/bin/env bash
# Builds the browser demo (web/, docs/web.md) with Debian's emscripten and serves it on localhost.
#   scripts/web.sh                     build into build/web, serve http://localhost:8000/
#   scripts/web.sh --port 8080         another port
#   scripts/web.sh --build-only [DIR]  build only (into DIR, default build/web); the page is DIR/site
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

dir="$root/build/web"
port=8000
serve=1
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) serve=0; if [ $# -gt 1 ] && [ "${2#--}" = "$2" ]; then dir="$2"; shift; fi ;;
    --port) [ $# -gt 1 ] || { echo "web.sh: --port needs a number" >&2; exit 2; }; port="$2"; shift ;;
    -h|--help) sed -n '2,5s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "web.sh: unknown argument '$1' (see scripts/web.sh --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$port" in
  ''|*[!0-9]*) echo "web.sh: --port needs a number, not '$port'" >&2; exit 2 ;;
esac

if ! command -v emcmake >/dev/null; then
  echo "web.sh: emcmake not found: install emscripten (Debian: apt-get install emscripten, or scripts/install-deps.sh --all)" >&2
  exit 1
fi
# Debian's emscripten runs node tools that need Debian's node modules (acorn); a node from
# elsewhere (nodesource) does not look in /usr/share/nodejs by itself.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
emcmake cmake -S "$root/web" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build "$dir"

if [ "$serve" = 1 ]; then
  echo "serving $dir/site on http://localhost:$port/ (Ctrl-C stops)"
  cd "$dir/site"
  exec python3 -m http.server "$port" --bind 127.0.0.1
fi
