# SPDX-License-Identifier: MIT
"""Conversions between Python values and tether's structs, and the little quaternion math the
joint helpers need (frames from a world anchor and axis). Quaternions are (x, y, z, w)."""

import math

from ._ffi import ffi


def vec3(value, name="vector"):
    """A ttVec3 from three numbers; ValueError for anything else (NaN is left for the C checks)."""
    try:
        x, y, z = (float(c) for c in value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be three numbers, got {value!r}") from None
    return ffi.new("ttVec3*", (x, y, z))[0]


def quat(value, name="rotation"):
    try:
        x, y, z, w = (float(c) for c in value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be four numbers (x, y, z, w), got {value!r}") from None
    return ffi.new("ttQuat*", (x, y, z, w))[0]


def tuple3(v):
    return (v.x, v.y, v.z)


def tuple4(q):
    return (q.x, q.y, q.z, q.w)


def quat_mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
        aw * bw - ax * bx - ay * by - az * bz,
    )


def quat_conj(q):
    return (-q[0], -q[1], -q[2], q[3])


def rotate(q, v):
    p = quat_mul(quat_mul(q, (v[0], v[1], v[2], 0.0)), quat_conj(q))
    return p[:3]


def quat_from_x_to(axis):
    """The shortest rotation taking the x axis onto `axis` (a joint frame's first axis)."""
    ax, ay, az = (float(c) for c in axis)
    length = math.sqrt(ax * ax + ay * ay + az * az)
    if not length > 0.0 or not math.isfinite(length):
        raise ValueError(f"axis must be a finite non-zero vector, got {axis!r}")
    ax, ay, az = ax / length, ay / length, az / length
    if ax < -1.0 + 1e-12:
        return (0.0, 1.0, 0.0, 0.0)  # half a turn about y
    # q = (x × a, 1 + x · a), normalised.
    x, y, z, w = 0.0, -az, ay, 1.0 + ax
    n = math.sqrt(x * x + y * y + z * z + w * w)
    return (x / n, y / n, z / n, w / n)


def to_local_frame(position, rotation, world_point, world_rotation):
    """A world frame expressed in the frame (position, rotation): (local point, local rotation)."""
    inverse = quat_conj(rotation)
    d = (world_point[0] - position[0], world_point[1] - position[1], world_point[2] - position[2])
    return rotate(inverse, d), quat_mul(inverse, world_rotation)
