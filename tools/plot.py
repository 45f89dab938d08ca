#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots metrics.csv files written by `tether run` (the body of `tether plot`).

usage: plot.py METRICS.csv [MORE.csv ...] --out FILE.png [--columns a,b,...] [--title TEXT]

Without --columns the figure has a panel each for energy, momentum, constraint error and the
scene's probes (when it has any); with --columns, one panel per named column. Every file is one
curve per panel, labelled with the scene and its substeps x iterations from the summary.json
beside the CSV (else the file's directory name), so several runs overlay for comparison.
Prints how many curves it drew (the tests check this number)."""
import argparse
import csv
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display needed
import matplotlib.pyplot as plt  # noqa: E402

FIXED = {"time", "kineticEnergy", "potentialEnergy", "totalEnergy", "contactCount",
         "maxJointPositionError", "meanJointPositionError", "maxJointAngleError", "meanJointAngleError"}


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError(f"{path}: empty file")
    header, data = rows[0], rows[1:]
    columns = {name: [] for name in header}
    for row in data:
        for name, value in zip(header, row):
            try:
                columns[name].append(float(value))
            except ValueError:
                columns[name].append(math.nan)
    return header, columns


def run_label(path):
    summary = os.path.join(os.path.dirname(os.path.abspath(path)), "summary.json")
    try:
        with open(summary) as f:
            s = json.load(f)
        settings = s.get("settings", {})
        return f"{s.get('scene', '?')} ({settings.get('substeps', '?')}x{settings.get('iterations', '?')})"
    except (OSError, ValueError):
        parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
        return f"{parent}/{os.path.basename(path)}"


def magnitude(columns, prefix):
    parts = [columns.get(f"{prefix}.{axis}") for axis in "xyz"]
    if any(p is None for p in parts):
        return None
    return [math.sqrt(x * x + y * y + z * z) for x, y, z in zip(*parts)]


def default_panels(header, columns):
    """(title, unit, [(curve name, values)]) for the standard panels this file can fill."""
    panels = [("energy", "J", [(n, columns[n]) for n in ("totalEnergy", "kineticEnergy", "potentialEnergy")
                                if n in columns])]
    momentum = [(f"|{p}|", magnitude(columns, p)) for p in ("linearMomentum", "angularMomentum")]
    panels.append(("momentum", "kg m/s, kg m^2/s", [(n, v) for n, v in momentum if v is not None]))
    errors = [(n, columns[n]) for n in ("maxJointPositionError", "maxJointAngleError") if n in columns]
    panels.append(("constraint error", "m, rad", errors))
    probes = [(n, columns[n]) for n in header
              if n not in FIXED and not n.startswith(("linearMomentum.", "angularMomentum."))
              and not n.endswith((".force", ".torque"))]
    panels.append(("probes", "m, rad", probes))
    return panels


def main(argv):
    parser = argparse.ArgumentParser(prog="tether plot", description="Plot tether metrics.csv files.")
    parser.add_argument("csv", nargs="+", help="metrics.csv files written by tether run")
    parser.add_argument("--out", required=True, help="PNG file to write")
    parser.add_argument("--columns", help="comma separated column names, one panel each")
    parser.add_argument("--title", help="figure title")
    args = parser.parse_args(argv)

    runs = []
    for path in args.csv:
        try:
            header, columns = read_csv(path)
        except (OSError, ValueError) as error:
            print(f"tether: plot: {error}", file=sys.stderr)
            return 1
        if "time" not in columns:
            print(f"tether: plot: {path}: no 'time' column (not a tether metrics file?)", file=sys.stderr)
            return 1
        runs.append((run_label(path), header, columns))

    if args.columns:
        names = [c.strip() for c in args.columns.split(",") if c.strip()]
        for label, _, columns in runs:
            missing = [n for n in names if n not in columns]
            if missing:
                print(f"tether: plot: {label}: no column {', '.join(missing)}", file=sys.stderr)
                return 1
        layout = [(n, "", None) for n in names]
    else:
        layout = [(title, unit, None) for title, unit, _ in default_panels(runs[0][1], runs[0][2])]

    # Panels that no run has anything for are left out.
    filled = []
    for index, (title, unit, _) in enumerate(layout):
        curves = []
        for label, header, columns in runs:
            if args.columns:
                curves.append((label, title, columns[title]))
            else:
                for name, values in default_panels(header, columns)[index][2]:
                    curves.append((label, name, values))
        if curves:
            filled.append((title, unit, curves))
    if not filled:
        print("tether: plot: nothing to plot", file=sys.stderr)
        return 1

    fig, axes = plt.subplots(len(filled), 1, figsize=(9, 2.6 * len(filled) + 0.6), sharex=True, squeeze=False)
    drawn = 0
    for ax, (title, unit, curves) in zip(axes[:, 0], filled):
        several_names = len({name for _, name, _ in curves}) > 1
        for label, name, values in curves:
            time = next(c for l, _, c in runs if l == label)["time"]
            text = f"{label}: {name}" if len(runs) > 1 and several_names else (label if len(runs) > 1 else name)
            ax.plot(time, values, label=text, linewidth=1.2)
            drawn += 1
        ax.set_title(title, fontsize=10, loc="left")
        if unit:
            ax.set_ylabel(unit)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8, loc="best")
    axes[-1, 0].set_xlabel("time (s)")
    fig.suptitle(args.title or " vs ".join(dict.fromkeys(l for l, _, _ in runs)), fontsize=11)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    fig.savefig(args.out, dpi=110)
    print(f"tether plot: drew {drawn} curves in {len(filled)} panels to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
