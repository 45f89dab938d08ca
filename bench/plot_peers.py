#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plot a tether-peers table: time per step of every engine and setting, one panel per scene.

    build/bench/tether-peers > peers.md
    python3 bench/plot_peers.py peers.md docs/images/peers.png

Reads the markdown rows that tether-peers prints (| scene | engine | setting | ms/step median |
...| quality |) and draws, for each scene, a horizontal bar per engine and setting on a log time
axis, labelled with the row's quality figure, so that speed and quality are read together.
Rows that were not run are left out. Needs python3-matplotlib (scripts/install-deps.sh).
"""

import sys


def read_rows(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) != 7 or cells[0] in ("scene", "---") or cells[0].startswith("-"):
                continue
            try:
                ms = float(cells[3])
            except ValueError:
                continue  # "not run" rows
            quality = cells[6].split(";")[0]
            # A run whose engine dropped contacts (a full buffer) did not simulate the scene: its
            # bar stays, hatched and labelled with the reason instead of a quality figure.
            if "contacts dropped" in cells[6]:
                quality = "left out: contacts dropped, buffer full"
            rows.append((cells[0], cells[1], cells[2], ms, quality))
    return rows


def main():
    if len(sys.argv) != 3:
        print("usage: plot_peers.py TABLE.md OUT.png", file=sys.stderr)
        return 2
    rows = read_rows(sys.argv[1])
    if not rows:
        print("plot_peers.py: no benchmark rows in %s" % sys.argv[1], file=sys.stderr)
        return 1
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scenes = []
    for row in rows:
        if row[0] not in scenes:
            scenes.append(row[0])
    heights = [sum(1 for r in rows if r[0] == s) for s in scenes]
    fig, axes = plt.subplots(len(scenes), 1, figsize=(11, 0.42 * sum(heights) + 1.2 * len(scenes)),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    colours = {"tether": "#2a7ab9"}
    for ax, scene in zip(axes[:, 0], scenes):
        mine = [r for r in rows if r[0] == scene]
        labels = ["%s, %s" % (r[1], r[2]) for r in mine]
        times = [r[3] for r in mine]
        bar_colours = [colours.get(r[1], "#9a9a9a") for r in mine]
        positions = list(range(len(mine)))[::-1]
        hatches = ["//" if r[4].startswith("left out") else "" for r in mine]
        for y, t, c, hatch in zip(positions, times, bar_colours, hatches):
            ax.barh(y, t, color="white" if hatch else c, edgecolor=c, hatch=hatch)
        ax.set_xscale("log")
        ax.set_yticks(positions)
        ax.set_yticklabels(labels, fontsize=8)
        ax.set_title(scene, fontsize=10, loc="left")
        for y, t, r in zip(positions, times, mine):
            ax.text(t * 1.08, y, r[4], va="center", fontsize=7)
        ax.set_xlim(min(times) / 2, max(times) * 60)
        ax.set_xlabel("ms per step (log scale); label: quality figure", fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)
    print("wrote %s (%d rows, %d scenes)" % (sys.argv[2], len(rows), len(scenes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
