# SPDX-License-Identifier: MIT
# The state arrays are numpy views that the C library refills in place: no copies.
import numpy as np
import pytest

import tether


def _world_with_balls(count):
    world = tether.World()
    for i in range(count):
        ball = world.create_body(position=(2.0 * i, 5.0, 0.0))
        ball.add_sphere(0.5)
    return world


def test_views_alias_the_state_without_copying():
    with _world_with_balls(3) as world:
        state = world.state
        positions, rotations = world.positions, world.rotations
        linear, angular = world.linear_velocities, world.angular_velocities
        address = state.__array_interface__["data"][0]
        for view in (positions, rotations, linear, angular):
            assert view.base is state
            assert np.shares_memory(view, state)
        assert state.flags.c_contiguous and state.dtype == tether.REAL and state.shape == (3, tether.STATE_WIDTH)
        before = positions.copy()
        world.step(1 / 60, steps=30)
        # The same array objects now hold the new state: the step wrote into them.
        assert world.state is state and state.__array_interface__["data"][0] == address
        assert np.all(positions[:, 1] < before[:, 1])
        assert np.array_equal(linear[:, 1], state[:, 8])
        # And they are the library's numbers, one body at a time.
        for body in world.bodies:
            assert tuple(positions[body.row]) == pytest.approx(body.position, abs=0)
            assert tuple(linear[body.row]) == pytest.approx(body.linear_velocity, abs=0)


def test_read_state_fills_a_slice_of_a_batch_array():
    worlds = [_world_with_balls(2) for _ in range(3)]
    batch = np.zeros((3, 2, tether.STATE_WIDTH), dtype=tether.REAL)
    for i, world in enumerate(worlds):
        world.step(1 / 60, steps=i + 1)
        out = world.read_state(batch[i])
        assert np.shares_memory(out, batch)
        assert np.array_equal(batch[i], world.state)
    # Later worlds stepped longer and fell further.
    assert batch[0, 0, 1] > batch[1, 0, 1] > batch[2, 0, 1]
    with pytest.raises(ValueError, match="C-contiguous"):
        worlds[0].read_state(batch[:, 0])
    for world in worlds:
        world.close()


def test_joint_force_view():
    with tether.World() as world:
        bob = world.create_body(position=(0.0, 1.0, 0.0))
        bob.add_sphere(0.1)
        joint = world.create_spherical_joint(None, bob, anchor=(0.0, 2.0, 0.0))
        forces = world.joint_force
        assert forces.base is world.joint_forces
        world.step(1 / 60, steps=10)
        # A bob hanging at rest: the joint carries its weight, upward. Float builds resolve a
        # readout m dx / h^2 to dx = one unit in the last place of y = 1 m: 0.7 N at h = 1/1200 s.
        tolerance = bob.mass * float(np.spacing(np.float32(1.0))) * 1200**2 if tether.REAL == np.float32 else 1e-3
        assert forces[joint.row] == pytest.approx((0.0, bob.mass * 9.81, 0.0), abs=tolerance)
        assert tuple(forces[joint.row]) == pytest.approx(joint.force, abs=0)


def test_arrays_follow_new_bodies():
    with _world_with_balls(1) as world:
        assert world.positions.shape == (1, 3)
        extra = world.create_body(position=(0.0, 9.0, 0.0))
        assert world.positions.shape == (2, 3)
        assert tuple(world.positions[extra.row]) == (0.0, 9.0, 0.0)
