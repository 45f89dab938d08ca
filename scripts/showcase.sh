#!/usr/bin/env bash
# Builds tether and runs the built-in showcase scene headless; prints where the output is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release --target tether
./build/release/tools/tether run --out out/showcase "$@"
# Pictures and a video of the same scene (headless: EGL + Mesa, no display needed), and a plot.
./build/release/tools/tether render --out out/showcase/frames --fps 30 --video
./build/release/tools/tether plot out/showcase/metrics.csv --out out/showcase/plot.png
echo "showcase: metrics out/showcase/metrics.csv, frames out/showcase/frames/frame_*.png," \
     "video out/showcase/frames/showcase.mp4, plot out/showcase/plot.png"
