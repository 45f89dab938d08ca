# SPDX-License-Identifier: MIT
"""tether: 3D rigid-body dynamics (Extended Position Based Dynamics) from Python.

    import tether
    world = tether.World()
    ground = world.create_body("static")
    ground.add_plane()
    ball = world.create_body(position=(0, 2, 0))
    ball.add_sphere(0.5)
    world.step(1 / 60, steps=60)
    world.positions      # (bodies, 3) numpy view of the state, refilled by each step

Errors of the C library are raised as TetherError subclasses carrying its message. See
docs/python.md.
"""

from ._ffi import (
    LIBRARY_PATH,
    InvalidArgumentError,
    InvalidIdError,
    InvalidStateError,
    OutOfMemoryError,
    SceneError,
    TetherError,
    ffi,
    lib,
)
from ._scene import Scene, load_scene, load_scene_string, showcase_json
from ._world import (
    ANGULAR_VELOCITY,
    JOINT_FORCES_WIDTH,
    LINEAR_VELOCITY,
    POSITION,
    REAL,
    ROTATION,
    STATE_WIDTH,
    Body,
    ClosestPoint,
    Joint,
    RayHit,
    World,
)


def version():
    """The C library's version as (major, minor, revision)."""
    v = lib.ttGetVersion()
    return (v.major, v.minor, v.revision)


__version__ = "0.1.0"

__all__ = [
    "ANGULAR_VELOCITY", "Body", "ClosestPoint", "InvalidArgumentError", "InvalidIdError", "InvalidStateError",
    "JOINT_FORCES_WIDTH", "Joint", "LIBRARY_PATH", "LINEAR_VELOCITY", "OutOfMemoryError", "POSITION", "REAL",
    "ROTATION", "RayHit", "STATE_WIDTH", "Scene", "SceneError", "TetherError", "World", "ffi", "lib", "load_scene",
    "load_scene_string", "showcase_json", "version",
]
