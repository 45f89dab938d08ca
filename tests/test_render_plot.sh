#!/usr/bin/env bash
# `tether plot` on the stored metrics of a short double pendulum run draws one curve per column
# per file: 2 columns x 2 files = 4 curves, and writes the PNG. Usage: test_render_plot.sh TETHER OUTDIR
set -euo pipefail
tether="$1" out="$2"
mkdir -p "$out"
"$tether" plot tests/data/plot_metrics.csv tests/data/plot_metrics_b.csv --out "$out/plot.png" \
  --columns totalEnergy,angle1 | tee "$out/plot.log"
grep -q "drew 4 curves" "$out/plot.log"
test -s "$out/plot.png"
head -c 8 "$out/plot.png" | od -An -c | grep -q 'P   N   G'
