#!/usr/bin/env bash
# What the pictures show (tether render, headless EGL): every shape type draws pixels, and scenes
# fill the frame. Frames are drawn at 160x90 with --no-ground (the bodies alone on the sky), and
# tether_image_check coverage counts the pixels that differ from the sky colour.
# - tests/data/shapes/TYPE.json, one body with one shape of each type: at least 5 % of the frame
#   each (the plane, drawn only with the ground on, alone with it: the only thing in the picture);
# - the built-in showcase, a frame every second of its run under the following camera: at least
#   5 % of every frame (measured 12 to 14 %);
# - Newton's cradle, the robot arm and the double pendulum, slender things (strings, sticks) that
#   cannot fill 5 % of a frame that holds them (measured 2 to 4.7 %), a frame every second: at
#   least 1.5 %, so that the camera still has them in view (the robot arm used to leave it).
# Usage: test_render_coverage.sh TETHER IMAGE_CHECK OUTDIR
set -euo pipefail
tether="$1" check="$2" out="$3"
rm -rf "$out"
mkdir -p "$out"
frames=()
for type in sphere capsule box cylinder hull mesh heightfield plane; do
  ground=(--no-ground)
  [ "$type" = plane ] && ground=()
  "$tether" render "tests/data/shapes/$type.json" --out "$out/$type" --seconds 0 --width 160 --height 90 \
    "${ground[@]}" > /dev/null
  frames+=("$out/$type/frame_00000.png")
done
"$tether" render --out "$out/showcase" --seconds 5 --fps 1 --width 160 --height 90 --no-ground > /dev/null
frames+=("$out/showcase"/frame_*.png)
"$check" coverage 5 "${frames[@]}"
slender=()
for scene in fig12_cradle fig17_robot_arm fig08_double_pendulum; do
  "$tether" render "scenes/$scene.json" --out "$out/$scene" --seconds 5 --fps 1 --width 160 --height 90 \
    --no-ground > /dev/null
  slender+=("$out/$scene"/frame_*.png)
done
"$check" coverage 1.5 "${slender[@]}"
