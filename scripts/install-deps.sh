#!/usr/bin/env bash
# Installs the Debian 12 packages tether needs (only those missing).
#   scripts/install-deps.sh         the library, the tether program with its viewer and renderer,
#                                   and the showcase (scripts/showcase.sh, the README's command)
#   scripts/install-deps.sh --all   also what the full test suite, the Python package, the fuzzers,
#                                   the browser demo, MPI sweeps and the peer benchmark need (scripts/test.sh uses this)
set -euo pipefail
case "${1:-}" in
  "") all=false ;;
  --all) all=true ;;
  *) echo "usage: scripts/install-deps.sh [--all]" >&2; exit 2 ;;
esac

# The library needs only a C17 compiler; the tether program reads scenes with cJSON.
packages=(cmake ninja-build gcc pkg-config libcjson-dev)
# tether view and tether render (C++: GLFW, libepoxy, Dear ImGui, libpng, EGL with Mesa for
# headless pictures), ffmpeg for the showcase video, and matplotlib for tether plot.
packages+=(g++ libglfw3-dev libepoxy-dev libimgui-dev libpng-dev libegl-dev libegl-mesa0 libgl1-mesa-dri ffmpeg
           python3 python3-matplotlib)
if $all; then
  # The Python package (python/, docs/python.md): cffi, numpy, and pip, setuptools, wheel and
  # pytest to install and test it.
  packages+=(python3-cffi python3-numpy python3-pip python3-setuptools python3-wheel python3-pytest)
  # The viewer's tests open a window on a virtual display.
  packages+=(xvfb xauth)
  # Oracle of the differential GJK/EPA test (tests/test_gjk_ccd.c); the library does not use it.
  packages+=(libccd-dev)
  # The libFuzzer harnesses (scripts/fuzz.sh, run by CI; docs/hardening.md).
  packages+=(clang libclang-rt-14-dev)
  # The browser demo (web/, scripts/web.sh, docs/web.md): Debian's emscripten compiles tether to
  # WebAssembly, and its test (tests/web_demo_test.py) opens the page in headless chromium.
  packages+=(emscripten chromium)
  # tether-mpi, `tether sweep` across machines (docs/batch.md), and its ctest under mpirun -n 2:
  # Debian's Open MPI (headers and library, mpirun). Without it tether-mpi is simply not built.
  packages+=(libopenmpi-dev openmpi-bin)
  # The peer engines of the benchmark program tether-peers (bench/); the library does not use them.
  packages+=(libbullet-dev libode-dev libmujoco-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
