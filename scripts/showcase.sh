#!/usr/bin/env bash
# Builds tether and runs the built-in showcase scene headless; prints where the output is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release --target tether
./build/release/tools/tether run --out out/showcase "$@"
