#!/usr/bin/env bash
# The interactive viewer starts under Xvfb, draws tests/data/render_scene.json and writes a
# screenshot of its window; the pixels where it says the blue and the green box's centres project
# must be blue and green; and its long range drawing changes a frame of scenes/lr_fig14_weights.json.
# Usage: test_render_viewer.sh TETHER IMAGE_CHECK OUTDIR
set -euo pipefail
tether="$1" check="$2" out="$3"
mkdir -p "$out"
log="$out/view.log"
xvfb-run -a -s '-screen 0 1280x1024x24' "$tether" view tests/data/render_scene.json \
  --screenshot "$out/screenshot.png" --frames 3 --width 1024 --height 640 | tee "$log"
read -r bx by < <(awk '/^body blue_box at pixel/ { print $5, $6 }' "$log")
read -r gx gy < <(awk '/^body green_box at pixel/ { print $5, $6 }' "$log")
"$check" dominant "$out/screenshot.png" "$bx" "$by" b
"$check" dominant "$out/screenshot.png" "$gx" "$gy" g

# The viewer draws the long range constraints of a scene with attachments (--draw-long-range
# starts with the debug toggle on): the same frame differs from the one drawn without them.
for mode in plain long_range; do
  flags=()
  [ "$mode" = long_range ] && flags=(--draw-long-range)
  xvfb-run -a -s '-screen 0 1280x1024x24' "$tether" view scenes/lr_fig14_weights.json \
    --screenshot "$out/fig14_$mode.png" --frames 3 --width 800 --height 600 "${flags[@]}" > "$out/fig14_$mode.log"
done
"$check" differs "$out/fig14_long_range.png" "$out/fig14_plain.png" 1.0
