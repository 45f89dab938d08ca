# SPDX-License-Identifier: MIT
"""World, Body and Joint: the Python face of ttWorldId, ttBodyId and ttJointId.

State arrays. A world keeps one C-contiguous array of shape (bodies, 13) of the library's real
type (``World.state``: position 0:3, rotation x y z w 3:7, linear velocity 7:10, angular velocity
10:13, the layout of ttBodyState) and one of shape (joints, 6) (``World.joint_forces``: force
0:3, torque 3:6, ttJointForces). ``positions``, ``rotations``, ``linear_velocities``,
``angular_velocities``, ``joint_force`` and ``joint_torque`` are numpy views of them, never
copies. Each step refills them in place with one C call each (ttWorld_GetBodyStates,
ttWorld_GetJointForces), so a view taken once keeps showing the current state. The arrays are
reallocated only when bodies or joints are created, destroyed or break. ``read_state(out)`` fills
any caller array of the same shape, for example one world's slice of a (worlds, bodies, 13)
batch array.
"""

import math

import numpy as np

from . import _math
from ._ffi import REAL_SIZE, call, call_result, ffi, lib

#: numpy dtype of tether's real type (float64, or float32 in float builds).
REAL = np.float32 if REAL_SIZE == 4 else np.float64
#: Columns of a body state row and of a joint force row.
STATE_WIDTH = 13
POSITION = slice(0, 3)
ROTATION = slice(3, 7)
LINEAR_VELOCITY = slice(7, 10)
ANGULAR_VELOCITY = slice(10, 13)
JOINT_FORCES_WIDTH = 6

_BODY_TYPES = {"static": lib.ttBody_static, "kinematic": lib.ttBody_kinematic, "dynamic": lib.ttBody_dynamic}
_BODY_TYPE_NAMES = {v: k for k, v in _BODY_TYPES.items()}
_CONTACT_SOLVERS = {"xpbd": lib.ttContactSolver_xpbd, "soft": lib.ttContactSolver_softStep}
_JOINT_SOLVERS = {
    "xpbd": lib.ttJointSolver_xpbd,
    "si": lib.ttJointSolver_si,
    "pointmass": lib.ttJointSolver_pointmass,
}
_JOINT_TYPE_NAMES = {
    lib.ttJoint_fixed: "fixed",
    lib.ttJoint_hinge: "hinge",
    lib.ttJoint_spherical: "spherical",
    lib.ttJoint_prismatic: "prismatic",
    lib.ttJoint_distance: "distance",
    lib.ttJoint_generic: "generic",
}
_SHAPE_TYPE_NAMES = {
    lib.ttShape_sphere: "sphere",
    lib.ttShape_capsule: "capsule",
    lib.ttShape_box: "box",
    lib.ttShape_plane: "plane",
    lib.ttShape_cylinder: "cylinder",
    lib.ttShape_hull: "hull",
    lib.ttShape_mesh: "mesh",
    lib.ttShape_heightfield: "heightfield",
    lib.ttShape_curve: "curve",
}


def _key(id_):
    return (id_.index1, id_.generation)


def _state_array(rows, width):
    return np.zeros((rows, width), dtype=REAL)


class RayHit:
    """A hit of a ray or shape cast: the body and shape type hit, world point, normal, fraction."""

    __slots__ = ("body", "shape_type", "point", "normal", "fraction")

    def __init__(self, body, shape_type, point, normal, fraction):
        self.body, self.shape_type, self.point, self.normal, self.fraction = body, shape_type, point, normal, fraction

    def __repr__(self):
        return f"RayHit(body={self.body!r}, point={self.point}, normal={self.normal}, fraction={self.fraction:.6g})"


class ClosestPoint:
    """Result of World.closest_point: the body, the nearest point on it and the distance."""

    __slots__ = ("body", "point", "distance")

    def __init__(self, body, point, distance):
        self.body, self.point, self.distance = body, point, distance

    def __repr__(self):
        return f"ClosestPoint(body={self.body!r}, point={self.point}, distance={self.distance:.6g})"


# Query callbacks, created once: the context is a handle to a Python list that collects results.
@ffi.callback("ttReal(ttShapeId, ttVec3, ttVec3, ttReal, void*)")
def _collect_ray_hit(shape, point, normal, fraction, context):
    ffi.from_handle(context).append((ffi.new("ttShapeId*", shape)[0], _math.tuple3(point), _math.tuple3(normal),
                                     float(fraction)))
    return 1.0  # go on: every hit


@ffi.callback("bool(ttShapeId, void*)")
def _collect_overlap(shape, context):
    ffi.from_handle(context).append(ffi.new("ttShapeId*", shape)[0])
    return True


class World:
    """A tether world. Create one with keyword settings (defaults of ttDefaultWorldDef:
    gravity (0, -9.81, 0), 20 substeps, 1 iteration, soft-step contacts, sleeping on, 1 worker
    thread), or get one from ``tether.load_scene``. ``close()`` (or ``with World() as world:``) destroys it."""

    def __init__(self, gravity=None, substeps=None, iterations=None, contact_solver=None, enable_sleep=None,
                 enable_contacts=None, joint_solver=None, workers=None):
        d = lib.ttDefaultWorldDef()
        if gravity is not None:
            d.gravity = _math.vec3(gravity, "gravity")
        if substeps is not None:
            d.substeps = int(substeps)
        if iterations is not None:
            d.iterations = int(iterations)
        if contact_solver is not None:
            if contact_solver not in _CONTACT_SOLVERS:
                raise ValueError(f"contact_solver must be one of {sorted(_CONTACT_SOLVERS)}, got {contact_solver!r}")
            d.contactSolver = _CONTACT_SOLVERS[contact_solver]
        if joint_solver is not None:
            if joint_solver not in _JOINT_SOLVERS:
                raise ValueError(f"joint_solver must be one of {sorted(_JOINT_SOLVERS)}, got {joint_solver!r}")
            d.jointSolver = _JOINT_SOLVERS[joint_solver]
        if workers is not None:
            d.workerCount = int(workers)
        if enable_sleep is not None:
            d.enableSleep = bool(enable_sleep)
        if enable_contacts is not None:
            d.enableContacts = bool(enable_contacts)
        world_id = call(lib.ttCreateWorld, ffi.new("ttWorldDef*", d))
        self._attach(world_id, None)

    @classmethod
    def _wrap(cls, world_id, owner):
        world = cls.__new__(cls)
        world._attach(world_id, owner)
        return world

    def _attach(self, world_id, owner):
        self._id = ffi.new("ttWorldId*", world_id)[0]
        self._owner = owner  # a Scene destroys the world it loaded
        self._bodies = []
        self._body_by_key = {}
        self._joints = []
        self._joint_by_key = {}
        self._state = _state_array(0, STATE_WIDTH)
        self._joint_forces = _state_array(0, JOINT_FORCES_WIDTH)
        self._body_ids = ffi.new("ttBodyId[]", 1)
        self._joint_ids = ffi.new("ttJointId[]", 1)
        self._state_dirty = True
        self._refresh_bodies()
        self._refresh_joints()

    # -- lifetime ------------------------------------------------------------------------------

    @property
    def id(self):
        """The ttWorldId (cffi struct)."""
        self._check_open()
        return self._id

    def _check_open(self):
        if self._id.index1 == 0:
            raise ValueError("the world is closed")

    def close(self):
        """Destroy the world (and, for a scene's world, the scene). Safe to call twice."""
        if self._id.index1 == 0:
            return
        if self._owner is not None:
            self._owner._destroy()
        else:
            call(lib.ttDestroyWorld, self._id)
        self._id = ffi.new("ttWorldId*")[0]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            if getattr(self, "_owner", None) is None and getattr(self, "_id", None) is not None:
                self.close()
        except Exception:
            pass

    # -- bodies and joints ---------------------------------------------------------------------

    def _refresh_bodies(self):
        """Rebuild the body list and state array from the world (after bodies came or went)."""
        count = call(lib.ttWorld_GetBodyCount, self._id)
        ids = ffi.new("ttBodyId[]", max(count, 1))
        count = call(lib.ttWorld_GetBodies, self._id, ids, count)
        bodies = []
        by_key = {}
        for i in range(count):
            key = _key(ids[i])
            body = self._body_by_key.get(key) or Body(self, ids[i])
            body._row = i
            bodies.append(body)
            by_key[key] = body
        for key, body in self._body_by_key.items():
            if key not in by_key:
                body._row = None
        self._bodies, self._body_by_key, self._body_ids = bodies, by_key, ids
        self._state = _state_array(count, STATE_WIDTH)
        self._state_dirty = True

    def _refresh_joints(self):
        count = call(lib.ttWorld_GetJointCount, self._id)
        ids = ffi.new("ttJointId[]", max(count, 1))
        count = call(lib.ttWorld_GetJoints, self._id, ids, count)
        joints = []
        by_key = {}
        for i in range(count):
            key = _key(ids[i])
            joint = self._joint_by_key.get(key) or Joint(self, ids[i])
            joint._row = i
            joints.append(joint)
            by_key[key] = joint
        for key, joint in self._joint_by_key.items():
            if key not in by_key:
                joint._row = None
        self._joints, self._joint_by_key, self._joint_ids = joints, by_key, ids
        self._joint_forces = _state_array(count, JOINT_FORCES_WIDTH)
        self._state_dirty = True

    def _body_for(self, body_id):
        return self._body_by_key.get(_key(body_id))

    @property
    def bodies(self):
        """The bodies in state-array row order (a copy of the list)."""
        return list(self._bodies)

    @property
    def joints(self):
        """The joints in joint-force row order (a copy of the list)."""
        return list(self._joints)

    def body(self, name):
        """The body with this name; KeyError when there is none."""
        for body in self._bodies:
            if body.name == name:
                return body
        raise KeyError(f"no body named {name!r}")

    def create_body(self, type="dynamic", position=(0.0, 0.0, 0.0), rotation=(0.0, 0.0, 0.0, 1.0),
                    linear_velocity=None, angular_velocity=None, name=None, gravity_scale=None,
                    linear_damping=None, angular_damping=None, fixed_rotation=None, enable_sleep=None):
        """Create a body ("static", "kinematic" or "dynamic"); add shapes with Body.add_*."""
        self._check_open()
        if type not in _BODY_TYPES:
            raise ValueError(f"type must be one of {sorted(_BODY_TYPES)}, got {type!r}")
        d = ffi.new("ttBodyDef*", lib.ttDefaultBodyDef())
        d.type = _BODY_TYPES[type]
        d.position = _math.vec3(position, "position")
        d.rotation = _math.quat(rotation)
        if linear_velocity is not None:
            d.linearVelocity = _math.vec3(linear_velocity, "linear_velocity")
        if angular_velocity is not None:
            d.angularVelocity = _math.vec3(angular_velocity, "angular_velocity")
        name_buffer = None
        if name is not None:
            name_buffer = ffi.new("char[]", str(name).encode())
            d.name = name_buffer
        if gravity_scale is not None:
            d.gravityScale = gravity_scale
        if linear_damping is not None:
            d.linearDamping = linear_damping
        if angular_damping is not None:
            d.angularDamping = angular_damping
        if fixed_rotation is not None:
            d.fixedRotation = bool(fixed_rotation)
        if enable_sleep is not None:
            d.enableSleep = bool(enable_sleep)
        body_id = call(lib.ttCreateBody, self._id, d)
        self._refresh_bodies()
        return self._body_for(body_id)

    def _joint_def(self, kind, body_a, body_b, anchor_a, anchor_b, axis, collide_connected, break_force,
                   break_torque):
        """A joint def of `kind` whose frames put both anchors at the given world points, with the
        joint's first (x) axis along the world `axis`, at the bodies' current poses."""
        d = ffi.new(f"tt{kind}JointDef*", getattr(lib, f"ttDefault{kind}JointDef")())
        rotation = _math.quat_from_x_to(axis)
        anchor_b = anchor_a if anchor_b is None else anchor_b
        for side, body, anchor in (("A", body_a, anchor_a), ("B", body_b, anchor_b)):
            frame = ffi.new("ttTransform*")
            if body is None:
                point, q = tuple(float(c) for c in anchor), rotation
                setattr(d.base, f"body{side}", ffi.new("ttBodyId*")[0])
            else:
                point, q = _math.to_local_frame(body.position, body.rotation, anchor, rotation)
                setattr(d.base, f"body{side}", body.id)
            frame.p = _math.vec3(point, f"anchor_{side.lower()}")
            frame.q = _math.quat(q)
            setattr(d.base, f"localFrame{side}", frame[0])
        d.base.collideConnected = bool(collide_connected)
        if break_force is not None:
            d.base.breakForce = break_force
        if break_torque is not None:
            d.base.breakTorque = break_torque
        return d

    def _create_joint(self, kind, d):
        self._check_open()
        joint_id = call(getattr(lib, f"ttCreate{kind}Joint"), self._id, d)
        self._refresh_joints()
        return self._joint_by_key[_key(joint_id)]

    def create_hinge_joint(self, body_a, body_b, anchor, axis, lower_angle=None, upper_angle=None,
                           motor_speed=None, max_motor_torque=None, collide_connected=False, break_force=None,
                           break_torque=None):
        """A hinge about the world `axis` through the world point `anchor`; body_a None is the
        static world. Limits (radians) when both angles are given; a motor when motor_speed is."""
        d = self._joint_def("Hinge", body_a, body_b, anchor, None, axis, collide_connected, break_force,
                            break_torque)
        if lower_angle is not None or upper_angle is not None:
            d.enableLimit = True
            d.lowerAngle, d.upperAngle = lower_angle, upper_angle
        if motor_speed is not None:
            d.enableMotor = True
            d.motorSpeed = motor_speed
            d.maxMotorTorque = math.inf if max_motor_torque is None else max_motor_torque
        return self._create_joint("Hinge", d)

    def create_spherical_joint(self, body_a, body_b, anchor, axis=(1.0, 0.0, 0.0), collide_connected=False,
                               break_force=None, break_torque=None):
        """A ball joint at the world point `anchor` (axis: the swing/twist axis, no limits here)."""
        d = self._joint_def("Spherical", body_a, body_b, anchor, None, axis, collide_connected, break_force,
                            break_torque)
        return self._create_joint("Spherical", d)

    def create_fixed_joint(self, body_a, body_b, anchor, collide_connected=False, break_force=None,
                           break_torque=None):
        """Glue body_b to body_a (or the world) as they are now, at the world point `anchor`."""
        d = self._joint_def("Fixed", body_a, body_b, anchor, None, (1.0, 0.0, 0.0), collide_connected, break_force,
                            break_torque)
        return self._create_joint("Fixed", d)

    def create_prismatic_joint(self, body_a, body_b, anchor, axis, lower=None, upper=None, collide_connected=False):
        """A slider along the world `axis` through `anchor`; limits (m) when both are given."""
        d = self._joint_def("Prismatic", body_a, body_b, anchor, None, axis, collide_connected, None, None)
        if lower is not None or upper is not None:
            d.enableLimit = True
            d.lowerTranslation, d.upperTranslation = lower, upper
        return self._create_joint("Prismatic", d)

    def create_distance_joint(self, body_a, body_b, anchor_a, anchor_b, min_length=None, max_length=None,
                              compliance=0.0, collide_connected=False):
        """Keep the world points anchor_a (on body_a or the world) and anchor_b (on body_b) between
        min_length and max_length apart (both default to their distance now); compliance in m/N."""
        d = self._joint_def("Distance", body_a, body_b, anchor_a, anchor_b, (1.0, 0.0, 0.0), collide_connected,
                            None, None)
        length = math.dist([float(c) for c in anchor_a], [float(c) for c in anchor_b])
        d.minLength = length if min_length is None else min_length
        d.maxLength = length if max_length is None else max_length
        d.compliance = compliance
        return self._create_joint("Distance", d)

    # -- settings ------------------------------------------------------------------------------

    @property
    def gravity(self):
        return _math.tuple3(call(lib.ttWorld_GetGravity, self.id))

    @gravity.setter
    def gravity(self, value):
        call_result(lib.ttWorld_SetGravity, self.id, _math.vec3(value, "gravity"))

    @property
    def substeps(self):
        return call(lib.ttWorld_GetSubsteps, self.id)

    @substeps.setter
    def substeps(self, value):
        call_result(lib.ttWorld_SetSubsteps, self.id, int(value))

    @property
    def workers(self):
        """Threads that run the step (ttWorld_SetWorkerCount); the motion is the same for every count."""
        return call(lib.ttWorld_GetWorkerCount, self.id)

    @workers.setter
    def workers(self, value):
        call_result(lib.ttWorld_SetWorkerCount, self.id, int(value))

    @property
    def iterations(self):
        return call(lib.ttWorld_GetIterations, self.id)

    @iterations.setter
    def iterations(self, value):
        call_result(lib.ttWorld_SetIterations, self.id, int(value))

    # -- stepping and state --------------------------------------------------------------------

    def step(self, dt=1.0 / 60.0, steps=1):
        """Advance `steps` steps of dt seconds, then refill the state arrays in place."""
        self._check_open()
        joints_changed = False
        for _ in range(int(steps)):
            call_result(lib.ttWorld_Step, self._id, dt)
            if lib.ttWorld_GetJointBreakEvents(self._id).count > 0:
                joints_changed = True
        if joints_changed:
            self._refresh_joints()
        self._sync()

    def _sync(self):
        if self._state.shape[0] > 0:
            call_result(lib.ttWorld_GetBodyStates, self._id, self._body_ids, self._state.shape[0],
                        ffi.from_buffer("ttBodyState[]", self._state))
        if self._joint_forces.shape[0] > 0:
            call_result(lib.ttWorld_GetJointForces, self._id, self._joint_ids, self._joint_forces.shape[0],
                        ffi.from_buffer("ttJointForces[]", self._joint_forces))
        self._state_dirty = False

    def _current(self):
        self._check_open()
        if self._state_dirty:
            self._sync()

    def read_state(self, out=None):
        """Fill `out` (C-contiguous, shape (bodies, 13), dtype tether.REAL; default: a new array)
        with the bodies' states in one C call and return it."""
        self._check_open()
        if out is None:
            out = _state_array(len(self._bodies), STATE_WIDTH)
        if not isinstance(out, np.ndarray) or out.dtype != REAL or not out.flags.c_contiguous \
                or not out.flags.writeable or out.shape != (len(self._bodies), STATE_WIDTH):
            raise ValueError(f"out must be a writeable C-contiguous {np.dtype(REAL).name} array of shape "
                             f"({len(self._bodies)}, {STATE_WIDTH})")
        if out.shape[0] > 0:
            call_result(lib.ttWorld_GetBodyStates, self._id, self._body_ids, out.shape[0],
                        ffi.from_buffer("ttBodyState[]", out))
        return out

    @property
    def state(self):
        """(bodies, 13) array: position, rotation (x, y, z, w), linear and angular velocity."""
        self._current()
        return self._state

    @property
    def positions(self):
        """View of state[:, 0:3]: body origins, m."""
        return self.state[:, POSITION]

    @property
    def rotations(self):
        """View of state[:, 3:7]: body rotations as quaternions (x, y, z, w)."""
        return self.state[:, ROTATION]

    @property
    def linear_velocities(self):
        """View of state[:, 7:10]: centre-of-mass velocities, m/s."""
        return self.state[:, LINEAR_VELOCITY]

    @property
    def angular_velocities(self):
        """View of state[:, 10:13]: angular velocities in world axes, rad/s."""
        return self.state[:, ANGULAR_VELOCITY]

    @property
    def joint_forces(self):
        """(joints, 6) array: force on body B (N) then torque (N m) of the last substep."""
        self._current()
        return self._joint_forces

    @property
    def joint_force(self):
        return self.joint_forces[:, 0:3]

    @property
    def joint_torque(self):
        return self.joint_forces[:, 3:6]

    @property
    def kinetic_energy(self):
        return float(call(lib.ttWorld_GetKineticEnergy, self.id))

    @property
    def potential_energy(self):
        return float(call(lib.ttWorld_GetPotentialEnergy, self.id))

    @property
    def contact_count(self):
        return call(lib.ttWorld_GetContactCount, self.id)

    # -- queries -------------------------------------------------------------------------------

    @staticmethod
    def _filter(category_bits, mask_bits):
        f = lib.ttDefaultQueryFilter()
        if category_bits is not None:
            f.categoryBits = category_bits
        if mask_bits is not None:
            f.maskBits = mask_bits
        return f

    def _hit(self, shape_id, body_id, point, normal, fraction):
        shape_type = _SHAPE_TYPE_NAMES.get(call(lib.ttShape_GetType, shape_id))
        body = self._body_for(body_id if body_id is not None else call(lib.ttShape_GetBody, shape_id))
        return RayHit(body, shape_type, point, normal, fraction)

    def cast_ray(self, origin, translation, category_bits=None, mask_bits=None):
        """The first hit of the segment origin -> origin + translation, or None."""
        r = call(lib.ttWorld_CastRayClosest, self.id, _math.vec3(origin, "origin"),
                 _math.vec3(translation, "translation"), self._filter(category_bits, mask_bits))
        if not r.hit:
            return None
        return self._hit(r.shapeId, r.bodyId, _math.tuple3(r.point), _math.tuple3(r.normal), float(r.fraction))

    def cast_ray_all(self, origin, translation, category_bits=None, mask_bits=None):
        """Every hit of the segment, nearest first."""
        found = []
        handle = ffi.new_handle(found)
        call_result(lib.ttWorld_CastRay, self.id, _math.vec3(origin, "origin"), _math.vec3(translation, "translation"),
                    self._filter(category_bits, mask_bits), _collect_ray_hit, handle)
        hits = [self._hit(s, None, p, n, f) for s, p, n, f in found]
        return sorted(hits, key=lambda h: h.fraction)

    def _bodies_of_shapes(self, shapes):
        seen, bodies = set(), []
        for shape in shapes:
            body = self._body_for(call(lib.ttShape_GetBody, shape))
            if body is not None and id(body) not in seen:
                seen.add(id(body))
                bodies.append(body)
        return bodies

    def overlap_aabb(self, lower, upper, category_bits=None, mask_bits=None):
        """Bodies with a shape whose bounding box overlaps the box [lower, upper]."""
        box = ffi.new("ttAABB*")
        box.lower, box.upper = _math.vec3(lower, "lower"), _math.vec3(upper, "upper")
        found = []
        call_result(lib.ttWorld_OverlapAABB, self.id, box[0], self._filter(category_bits, mask_bits),
                    _collect_overlap, ffi.new_handle(found))
        return self._bodies_of_shapes(found)

    @staticmethod
    def _query_shape(sphere_radius=None, box_half_extents=None):
        shape = ffi.new("ttQueryShape*")
        if sphere_radius is not None:
            shape.type = lib.ttShape_sphere
            shape.sphere.radius = sphere_radius
        else:
            shape.type = lib.ttShape_box
            shape.box.halfExtents = _math.vec3(box_half_extents, "half_extents")
        return shape

    @staticmethod
    def _transform(position, rotation):
        t = ffi.new("ttTransform*")
        t.p, t.q = _math.vec3(position, "position"), _math.quat(rotation)
        return t[0]

    def overlap_sphere(self, center, radius, category_bits=None, mask_bits=None):
        """Bodies with a shape touching the sphere (exact test)."""
        found = []
        call_result(lib.ttWorld_OverlapShape, self.id, self._query_shape(sphere_radius=radius),
                    self._transform(center, (0, 0, 0, 1)), self._filter(category_bits, mask_bits), _collect_overlap,
                    ffi.new_handle(found))
        return self._bodies_of_shapes(found)

    def overlap_box(self, center, half_extents, rotation=(0.0, 0.0, 0.0, 1.0), category_bits=None, mask_bits=None):
        """Bodies with a shape touching the box (exact test)."""
        found = []
        call_result(lib.ttWorld_OverlapShape, self.id, self._query_shape(box_half_extents=half_extents),
                    self._transform(center, rotation), self._filter(category_bits, mask_bits), _collect_overlap,
                    ffi.new_handle(found))
        return self._bodies_of_shapes(found)

    def cast_sphere(self, center, radius, translation, category_bits=None, mask_bits=None):
        """Sweep a sphere from center along translation: the first hit or None."""
        r = call(lib.ttWorld_CastShapeClosest, self.id, self._query_shape(sphere_radius=radius),
                 self._transform(center, (0, 0, 0, 1)), _math.vec3(translation, "translation"),
                 self._filter(category_bits, mask_bits))
        if not r.hit:
            return None
        return self._hit(r.shapeId, r.bodyId, _math.tuple3(r.point), _math.tuple3(r.normal), float(r.fraction))

    def closest_point(self, point, max_distance=math.inf, category_bits=None, mask_bits=None):
        """The nearest point of the world's shapes within max_distance, or None."""
        r = call(lib.ttWorld_ClosestPoint, self.id, _math.vec3(point, "point"), max_distance,
                 self._filter(category_bits, mask_bits))
        if not r.hit:
            return None
        return ClosestPoint(self._body_for(r.bodyId), _math.tuple3(r.point), float(r.distance))


class Body:
    """A body of a World. Its row in the world's state arrays is ``row``."""

    def __init__(self, world, body_id):
        self._world = world
        self._id = ffi.new("ttBodyId*", body_id)[0]
        self._row = None
        self._name = ffi.string(call(lib.ttBody_GetName, self._id)).decode("utf-8", "replace")

    def __repr__(self):
        label = f" {self._name!r}" if self._name else ""
        return f"<tether.Body{label} row={self._row}>"

    @property
    def id(self):
        """The ttBodyId (cffi struct)."""
        return self._id

    @property
    def world(self):
        return self._world

    @property
    def row(self):
        """Index of this body in World.state (None once destroyed)."""
        return self._row

    @property
    def name(self):
        return self._name

    @property
    def type(self):
        return _BODY_TYPE_NAMES[call(lib.ttBody_GetType, self._id)]

    def destroy(self):
        """Destroy the body, its shapes and its joints."""
        call(lib.ttDestroyBody, self._id)
        self._world._refresh_bodies()
        self._world._refresh_joints()

    # Reads through the one-body getters (exact, whatever the state arrays hold).
    @property
    def position(self):
        return _math.tuple3(call(lib.ttBody_GetPosition, self._id))

    @property
    def rotation(self):
        return _math.tuple4(call(lib.ttBody_GetRotation, self._id))

    @property
    def linear_velocity(self):
        return _math.tuple3(call(lib.ttBody_GetLinearVelocity, self._id))

    @linear_velocity.setter
    def linear_velocity(self, value):
        call_result(lib.ttBody_SetLinearVelocity, self._id, _math.vec3(value, "linear_velocity"))
        self._world._state_dirty = True

    @property
    def angular_velocity(self):
        return _math.tuple3(call(lib.ttBody_GetAngularVelocity, self._id))

    @angular_velocity.setter
    def angular_velocity(self, value):
        call_result(lib.ttBody_SetAngularVelocity, self._id, _math.vec3(value, "angular_velocity"))
        self._world._state_dirty = True

    @property
    def center_of_mass(self):
        return _math.tuple3(call(lib.ttBody_GetWorldCenterOfMass, self._id))

    @property
    def mass(self):
        return float(call(lib.ttBody_GetMass, self._id))

    @property
    def awake(self):
        return bool(call(lib.ttBody_IsAwake, self._id))

    def set_transform(self, position, rotation=(0.0, 0.0, 0.0, 1.0)):
        """Teleport the body; velocities are kept."""
        call_result(lib.ttBody_SetTransform, self._id, _math.vec3(position, "position"), _math.quat(rotation))
        self._world._state_dirty = True

    def set_kinematic_target(self, position, rotation=(0.0, 0.0, 0.0, 1.0)):
        call_result(lib.ttBody_SetKinematicTarget, self._id, _math.vec3(position, "position"), _math.quat(rotation))

    def apply_force(self, force, point=None):
        """A force (N) for the next step, at a world point or the centre of mass."""
        if point is None:
            call_result(lib.ttBody_ApplyForceToCenter, self._id, _math.vec3(force, "force"))
        else:
            call_result(lib.ttBody_ApplyForce, self._id, _math.vec3(force, "force"), _math.vec3(point, "point"))

    def apply_torque(self, torque):
        call_result(lib.ttBody_ApplyTorque, self._id, _math.vec3(torque, "torque"))

    def apply_impulse(self, impulse, point=None):
        """An immediate change of momentum (N s) at a world point (default: the centre of mass)."""
        point = self.center_of_mass if point is None else point
        call_result(lib.ttBody_ApplyLinearImpulse, self._id, _math.vec3(impulse, "impulse"), _math.vec3(point, "point"))
        self._world._state_dirty = True

    # Shapes: position and rotation place the shape in body coordinates.
    def _shape_def(self, position, rotation, density, friction, restitution):
        d = ffi.new("ttShapeDef*", lib.ttDefaultShapeDef())
        d.localPosition = _math.vec3(position, "position")
        d.localRotation = _math.quat(rotation)
        if density is not None:
            d.density = density
        if friction is not None:
            d.staticFriction = friction
            d.dynamicFriction = friction
        if restitution is not None:
            d.restitution = restitution
        return d

    def _added(self, shape_id):
        self._world._state_dirty = True  # the body's mass and frame may have changed
        return shape_id

    def add_sphere(self, radius, position=(0, 0, 0), density=None, friction=None, restitution=None):
        geometry = ffi.new("ttSphere*", (radius,))
        d = self._shape_def(position, (0, 0, 0, 1), density, friction, restitution)
        return self._added(call(lib.ttCreateSphereShape, self._id, d, geometry))

    def add_box(self, half_extents, position=(0, 0, 0), rotation=(0, 0, 0, 1), density=None, friction=None,
                restitution=None):
        geometry = ffi.new("ttBox*")
        geometry.halfExtents = _math.vec3(half_extents, "half_extents")
        d = self._shape_def(position, rotation, density, friction, restitution)
        return self._added(call(lib.ttCreateBoxShape, self._id, d, geometry))

    def add_capsule(self, center1, center2, radius, density=None, friction=None, restitution=None):
        geometry = ffi.new("ttCapsule*")
        geometry.center1, geometry.center2 = _math.vec3(center1, "center1"), _math.vec3(center2, "center2")
        geometry.radius = radius
        d = self._shape_def((0, 0, 0), (0, 0, 0, 1), density, friction, restitution)
        return self._added(call(lib.ttCreateCapsuleShape, self._id, d, geometry))

    def add_cylinder(self, half_height, radius, position=(0, 0, 0), rotation=(0, 0, 0, 1), density=None,
                     friction=None, restitution=None):
        geometry = ffi.new("ttCylinder*", (half_height, radius))
        d = self._shape_def(position, rotation, density, friction, restitution)
        return self._added(call(lib.ttCreateCylinderShape, self._id, d, geometry))

    def add_plane(self, normal=(0, 1, 0), offset=0.0, friction=None, restitution=None):
        """The half space below normal . p = offset (static bodies only)."""
        geometry = ffi.new("ttPlane*")
        geometry.normal, geometry.offset = _math.vec3(normal, "normal"), offset
        d = self._shape_def((0, 0, 0), (0, 0, 0, 1), None, friction, restitution)
        return self._added(call(lib.ttCreatePlaneShape, self._id, d, geometry))

    def add_hull(self, points, position=(0, 0, 0), rotation=(0, 0, 0, 1), density=None, friction=None,
                 restitution=None):
        """The convex hull of points (an (n, 3) array-like, body coordinates)."""
        pts = np.asarray(points, dtype=float)
        if pts.ndim != 2 or pts.shape[1] != 3:
            raise ValueError(f"points must be an (n, 3) array, got shape {pts.shape}")
        buffer = ffi.new("ttVec3[]", [tuple(p) for p in pts]) if len(pts) else ffi.new("ttVec3[]", 1)
        d = self._shape_def(position, rotation, density, friction, restitution)
        return self._added(call(lib.ttCreateHullShape, self._id, d, buffer, len(pts)))


class Joint:
    """A joint of a World. Its row in World.joint_forces is ``row``."""

    def __init__(self, world, joint_id):
        self._world = world
        self._id = ffi.new("ttJointId*", joint_id)[0]
        self._row = None
        self._type = _JOINT_TYPE_NAMES.get(call(lib.ttJoint_GetType, self._id))

    def __repr__(self):
        return f"<tether.Joint {self._type} row={self._row}>"

    @property
    def id(self):
        return self._id

    @property
    def type(self):
        return self._type

    @property
    def row(self):
        """Index of this joint in World.joint_forces (None once destroyed or broken)."""
        return self._row

    @property
    def valid(self):
        return bool(lib.ttJoint_IsValid(self._id))

    @property
    def body_a(self):
        """Body A, or None for the static world."""
        return self._world._body_for(call(lib.ttJoint_GetBodyA, self._id))

    @property
    def body_b(self):
        return self._world._body_for(call(lib.ttJoint_GetBodyB, self._id))

    @property
    def force(self):
        """Force on body B during the last substep, N."""
        return _math.tuple3(call(lib.ttJoint_GetConstraintForce, self._id))

    @property
    def torque(self):
        return _math.tuple3(call(lib.ttJoint_GetConstraintTorque, self._id))

    @property
    def angle(self):
        """Hinge angle, radians (hinge joints only)."""
        return float(call(lib.ttHingeJoint_GetAngle, self._id))

    @property
    def length(self):
        """Distance between the anchors, m (distance joints only)."""
        return float(call(lib.ttDistanceJoint_GetLength, self._id))

    def destroy(self):
        call(lib.ttDestroyJoint, self._id)
        self._world._refresh_joints()
