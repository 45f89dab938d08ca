#!/usr/bin/env bash
# Builds tether and runs a scene (default: the built-in showcase) headless: metrics, pictures, a
# video and a plot; prints where they are. Installs only what that needs (scripts/install-deps.sh
# without --all).
#   scripts/showcase.sh [SCENE] [OPTIONS]
# The scene and the options both commands know (--seconds, --joint-solver, --contact-solver,
# --long-range) go to `tether run` and to `tether render`; --substeps and --iterations to run only;
# --fps, --width, --height, --camera and the drawing switches (--contacts, --limits, --tree,
# --draw-long-range, --labels) to render only. Output always goes to out/showcase.
set -euo pipefail
cd "$(dirname "$0")/.."
run_args=()
render_args=()
while [ $# -gt 0 ]; do
  arg="$1"
  name="${arg%%=*}"
  with_value=false
  [ "$name" = "$arg" ] && [ $# -gt 1 ] && with_value=true
  case "$name" in
    --out)
      echo "showcase.sh: output goes to out/showcase; run 'tether run'/'tether render' for another place" >&2
      exit 2 ;;
    --substeps|--iterations)
      run_args+=("$arg"); $with_value && { run_args+=("$2"); shift; } ;;
    --fps|--width|--height|--camera)
      render_args+=("$arg"); $with_value && { render_args+=("$2"); shift; } ;;
    --contacts|--limits|--tree|--draw-long-range|--labels|--video)
      render_args+=("$arg") ;;
    --seconds|--joint-solver|--contact-solver|--long-range)
      run_args+=("$arg"); render_args+=("$arg")
      $with_value && { run_args+=("$2"); render_args+=("$2"); shift; } ;;
    *)
      run_args+=("$arg"); render_args+=("$arg") ;;
  esac
  shift
done
bash scripts/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release --target tether
./build/release/tools/tether run --out out/showcase ${run_args[@]+"${run_args[@]}"}
# Pictures and a video of the same scene (headless: EGL + Mesa, no display needed), and a plot.
./build/release/tools/tether render --out out/showcase/frames --fps 30 --video ${render_args[@]+"${render_args[@]}"}
./build/release/tools/tether plot out/showcase/metrics.csv --out out/showcase/plot.png
echo "showcase: metrics out/showcase/metrics.csv, frames out/showcase/frames/frame_*.png," \
     "video out/showcase/frames/<scene>.mp4, plot out/showcase/plot.png"
