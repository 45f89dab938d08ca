# SPDX-License-Identifier: MIT
# Free fall and a pendulum against their analytic motion.
import math

import pytest

import numpy as np

import tether

G = 9.81
FLOAT = tether.REAL == np.float32


def test_falling_body_matches_analytic():
    with tether.World(substeps=20) as world:
        ball = world.create_body(position=(1.0, 10.0, -2.0))
        ball.add_sphere(0.5)
        steps, dt = 90, 1.0 / 60.0
        world.step(dt, steps)
        t = steps * dt
        y, v = world.positions[ball.row, 1], world.linear_velocities[ball.row, 1]
        # Symplectic Euler over substeps h = dt / 20: v = -g t exactly and the drop overshoots
        # g t^2 / 2 by g h t / 2 (6.1 mm here).
        h = dt / 20
        assert abs((10.0 - y) - 0.5 * G * t * t) <= 0.5 * G * h * t + 1e-4
        # Rounding: at most one unit in the last place of v per substep.
        substeps = steps * 20
        assert abs(v - (-G * t)) <= 1e-9 + substeps * float(np.spacing(tether.REAL(G * t)))
        assert np.allclose(world.positions[ball.row, [0, 2]], [1.0, -2.0])
        assert np.allclose(world.rotations[ball.row], [0, 0, 0, 1])


@pytest.mark.parametrize("joint_solver", ["xpbd", "si", "pointmass"])
def test_pendulum_period_and_tension(joint_solver):
    # A 1 m pendulum (small bob) released at 10 degrees on a hinge to the static world, under each
    # joint solver family.
    length, radius, theta0 = 1.0, 0.05, math.radians(10.0)
    pivot = (0.0, 2.0, 0.0)
    with tether.World(substeps=40, joint_solver=joint_solver) as world:
        bob = world.create_body(position=(length * math.sin(theta0), 2.0 - length * math.cos(theta0), 0.0))
        bob.add_sphere(radius)
        hinge = world.create_hinge_joint(None, bob, anchor=pivot, axis=(0, 0, 1))
        dt = 1.0 / 240.0
        xs, times = [], []
        for i in range(int(4.0 / dt)):
            world.step(dt)
            times.append((i + 1) * dt)
            xs.append(world.positions[bob.row, 0])
        # Period from the downward zero crossings of x, linearly interpolated.
        crossings = []
        for i in range(1, len(xs)):
            if xs[i - 1] > 0.0 >= xs[i]:
                crossings.append(times[i - 1] + dt * xs[i - 1] / (xs[i - 1] - xs[i]))
        period = (crossings[-1] - crossings[0]) / (len(crossings) - 1)
        # Physical pendulum (solid sphere about the pivot) with the finite-amplitude series.
        inertia_ratio = (length**2 + 0.4 * radius**2) / length
        expected = 2 * math.pi * math.sqrt(inertia_ratio / G) * (1 + theta0**2 / 16 + 11 * theta0**4 / 3072)
        print(f"period {period:.6f} s, expected {expected:.6f} s")
        # 0.05 %: the crossings are interpolated within 1/240 s steps; measured 3 ppm.
        assert abs(period - expected) <= 5e-4 * expected, (period, expected)
        # The joint holds the bob at the pivot's distance.
        assert abs(math.dist(bob.position, pivot) - length) <= 1e-4
        # The swing's tension stays within the point-mass bounds m g cos(theta0) .. m g (3 - 2
        # cos(theta0)). Not in float builds: a readout is m dx / h^2, and float resolves dx to one
        # unit in the last place of y = 1 m (1.2e-7 m), i.e. 5.6 N at h = 1/9600 s, more than m g.
        if FLOAT:
            return
        mass = bob.mass
        tension = np.linalg.norm(world.joint_force[hinge.row])
        assert mass * G * math.cos(theta0) * 0.99 <= tension <= mass * G * (3 - 2 * math.cos(theta0)) * 1.01


def test_threads_give_the_same_motion():
    # The step's worker threads never change the bits (docs/determinism.md): a pile of boxes
    # stepped on 1 and on 3 workers ends in identical states.
    states = []
    for workers in (1, 3):
        with tether.World(workers=workers) as world:
            ground = world.create_body(type="static")
            ground.add_plane()
            for i in range(60):
                box = world.create_body(position=(0.3 * (i % 5), 0.6 + 1.1 * (i // 5), 0.2 * (i % 3)))
                box.add_box((0.5, 0.5, 0.5))
            world.step(1.0 / 60.0, 60)
            states.append(world.state.copy())
    assert np.array_equal(states[0], states[1])
