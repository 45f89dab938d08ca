#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plot the scaling curve: ms per step against bodies for pile and rain, tether before and after a
change and Bullet beside them, with the exponent of a least-squares fit of log(ms) on log(n).

    bench/plot_scaling.py scaling.log docs/images/scaling.png

scaling.log holds one tether-peers row per line, each prefixed by the round and a label:
    1 old | pile (1000 bodies) | tether | 4 substeps x 1 it | 4.238 | ... | ...; broadphase 0.906 ms/step |
(tether-peers --side N --steps S --runs 1 --cpu-time --memory --broadphase, labels old, new and
bullet). The median over rounds is plotted; for tether the broadphase part (ttStepStats.pairMs, a wall-clock figure) is drawn dashed.
Prints the medians and the fitted exponents as a markdown table. Needs python3-matplotlib.
"""

import math
import re
import statistics
import sys

LABELS = {"old": "tether before", "new": "tether after", "bullet": "Bullet 3.24 (10 it)"}


def read_log(path):
    """{(label, scene, bodies): {"ms": [...], "bp": [...], "bytes": [...]}}"""
    data = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            head, _, row = line.partition("|")
            words = head.split()
            if len(words) != 2:
                continue
            cells = [c.strip() for c in row.strip().strip("|").split("|")]
            match = re.match(r"(\w+) \((\d+) bodies\)", cells[0])
            if match is None or len(cells) != 7:
                continue
            key = (words[1], match.group(1), int(match.group(2)))
            entry = data.setdefault(key, {"ms": [], "bp": [], "bytes": []})
            if "cut after" in cells[6]:
                continue  # a run cut at the time limit measured only its first steps
            entry["ms"].append(float(cells[3]))
            bp = re.search(r"broadphase ([\d.]+) ms/step", cells[6])
            if bp:
                entry["bp"].append(float(bp.group(1)))
            mem = re.search(r"(\d+) B per body", cells[6])
            if mem:
                entry["bytes"].append(float(mem.group(1)))
    return data


def fit_exponent(ns, values):
    xs = [math.log(n) for n in ns]
    ys = [math.log(v) for v in values]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    data = read_log(sys.argv[1])
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    print("| scene | engine | bodies | runs | ms/step (median) | broadphase ms/step | bytes per body |")
    print("|---|---|---|---|---|---|---|")
    fits = []
    for ax, scene in zip(axes, ("pile", "rain")):
        for label, style in (("old", "o-"), ("new", "s-"), ("bullet", "^-")):
            points = sorted((n, e) for (l, s, n), e in data.items() if l == label and s == scene and e["ms"])
            if not points:
                continue
            ns = [n for n, _ in points]
            ms = [statistics.median(e["ms"]) for _, e in points]
            for n, e in points:
                bp = f"{statistics.median(e['bp']):.2f}" if e["bp"] else "–"
                mem = f"{statistics.median(e['bytes']):.0f}" if e["bytes"] else "–"
                print(f"| {scene} | {LABELS[label]} | {n} | {len(e['ms'])} | {statistics.median(e['ms']):.2f} | {bp} | {mem} |")
            k = fit_exponent(ns, ms) if len(ns) > 1 else float("nan")
            fits.append((scene, LABELS[label], "step", k))
            line = ax.loglog(ns, ms, style, label=f"{LABELS[label]}: step, n^{k:.2f}")[0]
            bps = [statistics.median(e["bp"]) for _, e in points if e["bp"]]
            if len(bps) == len(ns):
                kb = fit_exponent(ns, bps)
                fits.append((scene, LABELS[label], "broadphase", kb))
                ax.loglog(ns, bps, "--", color=line.get_color(), marker=style[0], fillstyle="none",
                          label=f"{LABELS[label]}: broadphase (wall clock), n^{kb:.2f}")
        ax.set_title(f"{scene}: 1/60 s steps, one thread")
        ax.set_xlabel("bodies")
        ax.set_ylabel("CPU ms per step (median of runs)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)
    print()
    print("| scene | engine | part | fitted exponent |")
    print("|---|---|---|---|")
    for scene, engine, part, k in fits:
        print(f"| {scene} | {engine} | {part} | {k:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
