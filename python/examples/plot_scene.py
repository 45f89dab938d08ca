#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run a scene file and plot it with matplotlib to a PNG (no notebook, no window).

    python3 python/examples/plot_scene.py                        # the triple pendulum of fig. 8
    python3 python/examples/plot_scene.py scenes/fig10_chain.json --seconds 5 --out chain.png

Left: the path of every dynamic body in the x-y plane. Right: kinetic, potential and total
energy. Each step's state lands in one row of a preallocated (steps, bodies, 13) array through
World.read_state, the pattern for recording or batching many runs without per-body calls.
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import tether  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCENE = os.path.join(HERE, "..", "..", "scenes", "fig08_triple_pendulum.json")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scene", nargs="?", default=DEFAULT_SCENE, help="scene file (JSON)")
    parser.add_argument("--seconds", type=float, default=None, help="duration (default: the scene's)")
    parser.add_argument("--out", default="scene.png", help="PNG to write")
    args = parser.parse_args()

    try:
        scene = tether.load_scene(args.scene)
    except tether.SceneError as error:
        print(error, file=sys.stderr)
        return 1
    with scene:
        world = scene.world
        seconds = scene.seconds if args.seconds is None else args.seconds
        steps = max(1, int(round(seconds / scene.time_step)))
        history = np.empty((steps + 1, len(world.bodies), tether.STATE_WIDTH), dtype=tether.REAL)
        energy = np.empty((steps + 1, 2))
        world.read_state(history[0])
        energy[0] = world.kinetic_energy, world.potential_energy
        for i in range(1, steps + 1):
            scene.step()
            world.read_state(history[i])
            energy[i] = world.kinetic_energy, world.potential_energy
        dynamic = [b.row for b in world.bodies if b.type == "dynamic"]
        names = {b.row: (b.name or f"body {b.row}") for b in world.bodies}

    time = np.arange(steps + 1) * scene.time_step
    fig, (paths, energies) = plt.subplots(1, 2, figsize=(11, 4.5))
    for row in dynamic:
        xy = history[:, row, tether.POSITION][:, :2]
        paths.plot(xy[:, 0], xy[:, 1], lw=0.8, label=names[row])
    paths.set_aspect("equal", adjustable="datalim")
    paths.set_xlabel("x (m)")
    paths.set_ylabel("y (m)")
    paths.set_title(f"{scene.name}: paths over {seconds:g} s")
    if len(dynamic) <= 8:
        paths.legend(fontsize="small")
    energies.plot(time, energy[:, 0], label="kinetic")
    energies.plot(time, energy[:, 1], label="potential")
    energies.plot(time, energy.sum(axis=1), label="total", color="k")
    energies.set_xlabel("time (s)")
    energies.set_ylabel("energy (J)")
    energies.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"{args.out}: {len(dynamic)} dynamic bodies, {steps} steps of {scene.time_step:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
