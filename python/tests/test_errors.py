# SPDX-License-Identifier: MIT
# Every error of the C library reaches Python as an exception carrying the library's message.
import math

import pytest

import tether


def test_bad_step_raises_with_message():
    with tether.World() as world:
        with pytest.raises(tether.InvalidArgumentError) as info:
            world.step(math.nan)
        assert "ttWorld_Step" in str(info.value) and "timeStep" in str(info.value)
        assert info.value.result == "invalidArgument"


def test_bad_shape_raises_with_message():
    with tether.World() as world:
        body = world.create_body()
        with pytest.raises(tether.TetherError) as info:
            body.add_sphere(-1.0)
        assert "ttCreateSphereShape" in str(info.value) and "radius" in str(info.value)
        # A plane on a dynamic body is refused too.
        with pytest.raises(tether.TetherError, match="plane"):
            body.add_plane()


def test_stale_body_raises():
    with tether.World() as world:
        body = world.create_body()
        body.add_sphere(0.5)
        body.destroy()
        with pytest.raises(tether.TetherError, match="stale"):
            body.position
        with pytest.raises(tether.InvalidIdError, match="ttBody_SetLinearVelocity"):
            body.linear_velocity = (1, 0, 0)
        assert world.state.shape == (0, 13)


def test_bad_world_settings_raise():
    with pytest.raises(tether.TetherError, match="substeps"):
        tether.World(substeps=0)
    with tether.World() as world:
        with pytest.raises(tether.InvalidArgumentError, match="gravity"):
            world.gravity = (0, math.inf, 0)
        assert world.gravity == pytest.approx((0, -9.81, 0))


def test_bad_scene_raises_with_loader_message(repo_path):
    with pytest.raises(tether.SceneError) as info:
        tether.load_scene(repo_path("tests", "bad_scenes", "unknown_key_typo.json"))
    assert "bodies[1].positon: unknown key" in str(info.value)
    with pytest.raises(tether.SceneError, match="no-such-file.json"):
        tether.load_scene("no-such-file.json")


def test_python_side_checks():
    with tether.World() as world:
        with pytest.raises(ValueError, match="three numbers"):
            world.create_body(position=(1, 2))
        with pytest.raises(ValueError, match="type"):
            world.create_body("wobbly")
    with pytest.raises(ValueError, match="closed"):
        world.step()


def test_bad_worker_count_raises():
    with pytest.raises(tether.TetherError, match="workerCount"):
        tether.World(workers=0)
    with tether.World(workers=2) as world:
        assert world.workers == 2
        with pytest.raises(tether.InvalidArgumentError, match="workerCount"):
            world.workers = 1000
        assert world.workers == 2
