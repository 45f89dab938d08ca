#!/usr/bin/env bash
# ttViewer_Run under Xvfb: a program's own world in the viewer window, with a per-step callback
# (viewer/live_world_check.c checks the callback counts); the pixels where the viewer says the
# blue and the green box's centres project must be blue and green.
# Usage: test_viewer_live.sh LIVE_WORLD_CHECK IMAGE_CHECK OUTDIR
set -euo pipefail
program="$1" check="$2" out="$3"
mkdir -p "$out"
log="$out/live.log"
xvfb-run -a -s '-screen 0 1280x1024x24' "$program" "$out/live.png" | tee "$log"
# The callback closes the window by returning false.
xvfb-run -a -s '-screen 0 1280x1024x24' "$program" --stop
read -r bx by < <(awk '/^body blue_box at pixel/ { print $5, $6 }' "$log")
read -r gx gy < <(awk '/^body green_box at pixel/ { print $5, $6 }' "$log")
"$check" dominant "$out/live.png" "$bx" "$by" b
"$check" dominant "$out/live.png" "$gx" "$gy" g
