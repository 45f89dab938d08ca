# SPDX-License-Identifier: MIT
# Scene queries against analytic geometry, and scene files.
import math

import numpy as np
import pytest

import tether

# Rounding of the real type: the float build's answers are exact to about 1e-7 relative.
EPS = 1e-9 if tether.REAL == np.float64 else 2e-5


@pytest.fixture
def world():
    w = tether.World()
    ground = w.create_body("static", name="ground")
    ground.add_plane()
    ball = w.create_body("static", position=(0.0, 3.0, 0.0), name="ball")
    ball.add_sphere(1.0)
    yield w
    w.close()


def test_ray_cast(world):
    hit = world.cast_ray((0.0, 10.0, 0.0), (0.0, -20.0, 0.0))
    # The sphere's top is at y = 4: 6 m of the 20 m segment.
    assert hit.body.name == "ball" and hit.shape_type == "sphere"
    assert hit.point == pytest.approx((0.0, 4.0, 0.0), abs=EPS)
    assert hit.normal == pytest.approx((0.0, 1.0, 0.0), abs=EPS)
    assert hit.fraction == pytest.approx(6.0 / 20.0, abs=EPS)
    hits = world.cast_ray_all((0.0, 10.0, 0.0), (0.0, -20.0, 0.0))
    assert [h.body.name for h in hits] == ["ball", "ground"]
    assert hits[1].fraction == pytest.approx(0.5, abs=EPS)
    assert world.cast_ray((5.0, 10.0, 0.0), (0.0, 5.0, 0.0)) is None


def test_overlaps_and_casts(world):
    assert [b.name for b in world.overlap_sphere((0.0, 5.0, 0.0), 1.01)] == ["ball"]
    assert world.overlap_sphere((0.0, 5.5, 0.0), 0.4) == []
    assert {b.name for b in world.overlap_box((0.0, 1.0, 0.0), (0.5, 1.5, 0.5))} == {"ball", "ground"}
    # A 0.5 m sphere swept down from y = 10 touches the ball (top at 4) when its centre is at 4.5.
    hit = world.cast_sphere((0.0, 10.0, 0.0), 0.5, (0.0, -10.0, 0.0))
    assert hit.body.name == "ball"
    # Shape casts stop within TT_CAST_TOLERANCE (1e-4 m) of contact, i.e. 1e-5 of this translation.
    assert hit.fraction == pytest.approx(5.5 / 10.0, abs=1e-4 / 10.0 + EPS)
    closest = world.closest_point((3.0, 3.0, 0.0), 10.0)
    assert closest.body.name == "ball" and closest.distance == pytest.approx(2.0, abs=1e-6 + EPS)
    assert world.closest_point((30.0, 30.0, 0.0), 1.0) is None


def test_scene_file(repo_path):
    with tether.load_scene(repo_path("scenes", "analytic_pendulum.json")) as scene:
        assert scene.name == "analytic_pendulum"
        assert len(scene.world.bodies) == len(scene.body_names)
        bob = scene.body(scene.body_names[-1])
        start = bob.position
        scene.step(30)
        assert bob.position != start
        assert set(scene.probes()) == set(scene.probe_names)
        with pytest.raises(KeyError):
            scene.body("nobody")


def test_showcase_string():
    with tether.load_scene_string(tether.showcase_json(), "showcase") as scene:
        count = len(scene.world.bodies)
        assert count > 10 and scene.world.state.shape == (count, 13)
        scene.step(10)
        assert math.isfinite(scene.world.kinetic_energy)
