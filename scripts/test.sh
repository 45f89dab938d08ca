#!/usr/bin/env bash
# Builds tether and runs every test with ctest.
#   scripts/test.sh            release build (double), the README's test command
#   scripts/test.sh --sanitize AddressSanitizer + UndefinedBehaviorSanitizer
#   scripts/test.sh --float    float as the real type
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --all

mode="${1:-release}"
case "$mode" in
  release) dir=build/release; flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  --sanitize) dir=build/asan; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DTETHER_SANITIZE=ON) ;;
  --float) dir=build/float; flags=(-DCMAKE_BUILD_TYPE=Release -DTETHER_USE_FLOAT=ON) ;;
  *) echo "usage: scripts/test.sh [--sanitize|--float]" >&2; exit 2 ;;
esac

cmake -S . -B "$dir" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$dir"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)"
