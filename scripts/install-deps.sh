#!/usr/bin/env bash
# Installs what tether needs to build and test on Debian 12 (only what is missing).
set -euo pipefail
packages=(cmake ninja-build gcc pkg-config libcjson-dev python3)
# The Python package (python/, docs/python.md): cffi, numpy, and pip, setuptools, wheel and
# pytest to install and test it.
packages+=(python3-cffi python3-numpy python3-pip python3-setuptools python3-wheel python3-pytest)
# The viewer and headless renderer (tether view/render), their tests (xvfb) and tether plot.
packages+=(g++ libglfw3-dev libepoxy-dev libimgui-dev libpng-dev libegl-dev libegl-mesa0 libgl1-mesa-dri
           ffmpeg xvfb xauth python3-matplotlib)
# The browser demo (web/, scripts/web.sh, docs/web.md): Debian's emscripten compiles tether to
# WebAssembly, and its test (tests/web_demo_test.py) opens the page in headless chromium.
packages+=(emscripten chromium)
# Oracle of the differential GJK/EPA test (tests/test_gjk_ccd.c); the library does not use it.
packages+=(libccd-dev)
# tether-mpi, `tether sweep` across machines (docs/batch.md), and its ctest under mpirun -n 2:
# Debian's Open MPI (headers and library, mpirun). Without it tether-mpi is simply not built.
packages+=(libopenmpi-dev openmpi-bin)
# The libFuzzer harnesses (scripts/fuzz.sh, run by CI for 20 s each; docs/hardening.md).
packages+=(clang libclang-rt-14-dev)
# The peer engines of the benchmark program tether-peers (bench/); the library does not use them.
packages+=(libbullet-dev libode-dev libmujoco-dev)
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
