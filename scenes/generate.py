#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the repetitive validation scenes of scenes/ (python3, standard library only).

    python3 scenes/generate.py            # rewrite every generated scene next to this script
    python3 scenes/generate.py --check    # exit 1 if a committed scene differs from its generator

The outputs are committed; edit this script, not the JSON, for the scenes it lists in SCENES.
Hand-written scenes (fig04_springs.json, ...) are not touched.
"""

import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def num(x):
    """A float rounded to 12 significant digits, written as an int when integral."""
    x = float("%.12g" % x)
    return int(x) if x == int(x) and abs(x) < 1e15 else x


def vec(*values):
    return [num(v) for v in values]


def write_scene(scene):
    """One body, joint or probe per line: diffs stay readable."""
    lines = ["{"]
    keys = [k for k in ("name", "description", "_comment", "world") if k in scene]
    for key in keys:
        lines.append('  "%s": %s,' % (key, json.dumps(scene[key])))
    lists = [k for k in ("bodies", "joints", "probes", "ropes", "cloths", "softBodies", "tires") if k in scene]
    for index, key in enumerate(lists):
        lines.append('  "%s": [' % key)
        lines.append(",\n".join("    " + json.dumps(item) for item in scene[key]))
        lines.append("  ]" + ("," if index + 1 < len(lists) else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# shared/BENCHMARKS.md joint-only scenes: heavy_chain and rope. Capsule links of radius 0.05 m
# and 0.1 kg with 0.2 m between joint points, on ball joints; no collisions.

BENCH_LINK = 0.2


def bench_chain(name, count, direction, heavy_box, description):
    top = (0.0, 10.0, 0.0)
    bodies, joints = [], []
    half = [BENCH_LINK / 2 * a for a in direction]
    for i in range(count):
        center = [top[k] + direction[k] * BENCH_LINK * (i + 0.5) for k in range(3)]
        bodies.append({"name": "link%d" % i, "position": vec(*center), "mass": 0.1,
                       "shapes": [{"type": "capsule", "radius": 0.05, "center1": vec(*[-h for h in half]),
                                   "center2": vec(*half)}]})
        joint = {"name": "ball%d" % i, "type": "spherical"}
        if i > 0:
            joint["bodyA"] = "link%d" % (i - 1)
        joint.update({"bodyB": "link%d" % i,
                      "anchor": vec(*[top[k] + direction[k] * BENCH_LINK * i for k in range(3)])})
        joints.append(joint)
    if heavy_box:
        end = [top[k] + direction[k] * BENCH_LINK * count for k in range(3)]
        # A 0.5 m cube of 1000 kg hanging by the centre of its top face.
        bodies.append({"name": "weight", "position": vec(end[0], end[1] - 0.25, end[2]), "mass": 1000,
                       "inertia": vec(*[1000 * 0.5 * 0.5 / 6] * 3),
                       "shapes": [{"type": "box", "halfExtents": vec(0.25, 0.25, 0.25)}]})
        joints.append({"name": "hook", "type": "spherical", "bodyA": "link%d" % (count - 1), "bodyB": "weight",
                       "anchor": vec(*end)})
    return {"name": name, "description": description,
            "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 5,
                      "contacts": False, "sleep": False},
            "bodies": bodies, "joints": joints}


# ---------------------------------------------------------------------------------------------
# Figs. 8-9: double and triple pendulum


# Link length: XPBD's projection loses energy at a rate that grows like g h / L, and the paper
# gives no sizes. With 2 m links the loss at 40 substeps meets the 10 % in 10 s; with 1 m
# links it is about 15 % (tests/test_fig08_pendula.c measures both).
PENDULUM_LINK = 2.0


def pendulum(links, length=PENDULUM_LINK, suffix=""):
    name = {2: "double", 3: "triple"}[links]
    heights = " + ".join("%g" % ((i + 0.5) * length) for i in range(links))
    bodies, joints = [], []
    for i in range(links):
        bodies.append({"name": "link%d" % (i + 1), "position": vec((i + 0.5) * length, 0, 0),
                       "shapes": [{"type": "box", "halfExtents": vec(length / 2, 0.05, 0.05), "density": 1000}]})
        joint = {"name": "hinge%d" % (i + 1), "type": "hinge"}
        if i > 0:
            joint["bodyA"] = "link%d" % i
        joint.update({"bodyB": "link%d" % (i + 1), "anchor": vec(i * length, 0, 0), "axis": vec(0, 0, 1)})
        joints.append(joint)
    return {
        "name": "fig08_%s_pendulum%s" % (name, suffix),
        "description": "Paper Figs. 8-9: a %s pendulum of %d links (boxes %g m x 0.1 m x 0.1 m, %g kg each) on "
                       "hinge joints about z, released from rest horizontal (90 degrees from hanging). The energy "
                       "above the rest state (all links hanging straight down) is m g (%s) m. No damping: energy "
                       "is lost only to the solver." % (name, links, length, 10 * length, heights),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 40, "iterations": 1, "seconds": 10, "contacts": False},
        "bodies": bodies,
        "joints": joints,
        "probes": [{"name": "angle%d" % (i + 1), "type": "jointAngle", "joint": "hinge%d" % (i + 1)}
                   for i in range(links)],
    }


# ---------------------------------------------------------------------------------------------
# Figs. 10-11: chain of 100 boxes hanging from the ceiling

CHAIN_LINKS = 100
CHAIN_HALF = (0.025, 0.05, 0.025)  # boxes 5 cm x 10 cm x 5 cm, 0.25 kg at 1000 kg/m^3


def chain():
    hx, hy, hz = CHAIN_HALF
    bodies, joints = [], []
    for i in range(CHAIN_LINKS):
        bodies.append({"name": "box%03d" % i, "position": vec(0, -(2 * i + 1) * hy, 0),
                       "shapes": [{"type": "box", "halfExtents": vec(hx, hy, hz), "density": 1000}]})
        joint = {"name": "joint%03d" % i, "type": "spherical"}
        if i == 0:
            joint["anchorA"] = vec(0, 0, 0)
        else:
            joint["bodyA"] = "box%03d" % (i - 1)
            joint["anchorA"] = vec(0, -hy, 0)
        joint["bodyB"] = "box%03d" % i
        joint["anchorB"] = vec(0, hy, 0)
        joints.append(joint)
    length = 2 * hy * CHAIN_LINKS
    return {
        "name": "fig10_chain",
        "description": "Paper Figs. 10-11: a chain of %d boxes (%g m x %g m x %g m, %g kg each) hanging from the "
                       "ceiling point [0, 0, 0], joined by spherical joints at the centres of their top and bottom "
                       "faces (the chain's ends, like the paper's bunny chain). Rest length %g m. It starts straight "
                       "and at rest; the stretch under gravity measures the solver's constraint error."
                       % (CHAIN_LINKS, 2 * hx, 2 * hy, 2 * hz, 8 * hx * hy * hz * 1000, length),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 3, "contacts": False},
        "bodies": bodies,
        "joints": joints,
        "probes": [{"name": "chain_length", "type": "distance", "pointA": vec(0, 0, 0),
                    "bodyB": "box%03d" % (CHAIN_LINKS - 1), "pointB": vec(0, -hy, 0)}],
    }


# ---------------------------------------------------------------------------------------------
# Fig. 12: Newton's cradle

CRADLE_BALLS = 5
CRADLE_RADIUS = 0.05
CRADLE_GAP = 0.001 * CRADLE_RADIUS  # 0.1 % of the radius between neighbouring balls ("touching")
CRADLE_WIDE_GAP = 0.002  # 2 mm: more than a ball at the impact speed travels in one substep
CRADLE_LENGTH = 1.0  # string length, pivot to ball centre
CRADLE_RELEASE_DEGREES = 30.0


def cradle(gap, name, comment):
    pitch = 2 * CRADLE_RADIUS + gap
    a = math.radians(CRADLE_RELEASE_DEGREES)
    bodies, joints = [], []
    for i in range(CRADLE_BALLS):
        px = i * pitch
        if i == 0:
            position = vec(px - CRADLE_LENGTH * math.sin(a), 1 - CRADLE_LENGTH * math.cos(a), 0)
        else:
            position = vec(px, 1 - CRADLE_LENGTH, 0)
        bodies.append({"name": "ball%d" % i, "position": position,
                       "shapes": [{"type": "sphere", "radius": num(CRADLE_RADIUS), "density": 7800,
                                   "friction": 0, "restitution": 1}]})
        joints.append({"name": "string%d" % i, "type": "distance", "anchorA": vec(px, 1, 0),
                       "bodyB": "ball%d" % i, "minLength": num(CRADLE_LENGTH), "maxLength": num(CRADLE_LENGTH)})
    speed = math.sqrt(2 * 9.81 * CRADLE_LENGTH * (1 - math.cos(a)))
    return {
        "name": name,
        "description": "Paper Fig. 12: Newton's cradle of %d steel balls (radius %g m) on rigid strings of %g m "
                       "(distance joints from the ceiling to the ball centres), restitution 1, no friction. Ball 0 "
                       "is released from %g degrees and hits the others at %.4f m/s; the last ball must leave with "
                       "that speed and the others stay at rest." % (CRADLE_BALLS, CRADLE_RADIUS, CRADLE_LENGTH,
                                                                    CRADLE_RELEASE_DEGREES, speed),
        "_comment": comment,
        # The paper's position-level contacts: velocity-level impulses (the soft-step default)
        # spread the impulse over the touching balls instead of passing it on.
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 3, "contactSolver": "xpbd"},
        "bodies": bodies,
        "joints": joints,
        "probes": [{"name": "ball%d_position" % i, "type": "position", "body": "ball%d" % i}
                   for i in range(CRADLE_BALLS)],
    }


# ---------------------------------------------------------------------------------------------
# Fig. 18: rope of 100 capsules with swing and twist limits

ROPE_LINKS = 100
ROPE_HALF_LENGTH = 0.035  # capsule segment half length along its x axis
ROPE_RADIUS = 0.015  # link length 2 * (0.035 + 0.015) = 0.1 m: a 10 m rope
ROPE_MAX_SWING_DEGREES = 20.0
ROPE_TWIST_DEGREES = 3.0
ROPE_SWING_COMPLIANCE = 0.0
ROPE_TWIST_COMPLIANCE = 0.0


def rope_links(prefix, origin, direction, rotation_z_degrees, first_body_a, limit_first=True):
    """Capsules from `origin` along the unit `direction`; the capsule x axis points along it.
    With limit_first False the joint at the rope's start is a free ball joint (a hook)."""
    half = ROPE_HALF_LENGTH + ROPE_RADIUS
    bodies, joints = [], []
    for i in range(ROPE_LINKS):
        c = [origin[k] + direction[k] * (2 * i + 1) * half for k in range(3)]
        bodies.append({"name": "%s%03d" % (prefix, i), "position": vec(*c),
                       "axisAngle": {"axis": vec(0, 0, 1), "degrees": num(rotation_z_degrees)},
                       "shapes": [{"type": "capsule", "radius": num(ROPE_RADIUS),
                                   "halfLength": num(ROPE_HALF_LENGTH), "density": 1000}]})
        anchor = [origin[k] + direction[k] * 2 * i * half for k in range(3)]
        joint = {"name": "%s_joint%03d" % (prefix, i), "type": "spherical"}
        body_a = first_body_a if i == 0 else "%s%03d" % (prefix, i - 1)
        if body_a is not None:
            joint["bodyA"] = body_a
        joint.update({"bodyB": "%s%03d" % (prefix, i), "anchor": vec(*anchor), "axis": vec(*direction)})
        if i == 0 and not limit_first:
            joints.append(joint)
            continue
        joint.update({"maxSwingAngleDegrees": num(ROPE_MAX_SWING_DEGREES),
                      "swingCompliance": num(ROPE_SWING_COMPLIANCE),
                      "lowerTwistAngleDegrees": num(-ROPE_TWIST_DEGREES),
                      "upperTwistAngleDegrees": num(ROPE_TWIST_DEGREES),
                      "twistCompliance": num(ROPE_TWIST_COMPLIANCE)})
        joints.append(joint)
    return bodies, joints


def rope():
    bodies = [{"name": "twister", "type": "kinematic", "position": vec(0, 10, 0),
               "shapes": [{"type": "box", "halfExtents": vec(0.05, 0.02, 0.05)}]}]
    # rope 1 hangs straight down from the kinematic twister (capsule x axis = -y)
    b1, j1 = rope_links("twisted", [0, 10, 0], [0, -1, 0], -90, "twister")
    # rope 2 starts horizontal from the static hook (capsule x axis = +x) and falls
    # its first joint is a free ball joint: a swing cone about the start direction (horizontal)
    # would have to hold the whole rope up
    b2, j2 = rope_links("swinging", [3, 10, 0], [1, 0, 0], 0, None, limit_first=False)
    return {
        "name": "fig18_rope",
        "description": "Paper Fig. 18: ropes of %d capsules (radius %g m, link length %g m) on spherical joints "
                       "with separate swing (%g degrees, compliance %g) and twist (+-%g degrees, compliance %g) "
                       "limits about the rope axis (the joints' x axis). Rope 'twisted' hangs from the kinematic "
                       "body 'twister', which the test turns about the vertical; rope 'swinging' starts "
                       "horizontal from a free ball joint at the world point [3, 10, 0] and falls, so that the swing "
                       "limits of its other joints are loaded."
                       % (ROPE_LINKS, ROPE_RADIUS, 2 * (ROPE_HALF_LENGTH + ROPE_RADIUS), ROPE_MAX_SWING_DEGREES,
                          ROPE_SWING_COMPLIANCE, ROPE_TWIST_DEGREES, ROPE_TWIST_COMPLIANCE),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 6, "contacts": False},
        "bodies": bodies + b1 + b2,
        "joints": j1 + j2,
        "probes": [{"name": "twisted_end", "type": "position", "body": "twisted%03d" % (ROPE_LINKS - 1)},
                   {"name": "swinging_end", "type": "position", "body": "swinging%03d" % (ROPE_LINKS - 1)}],
    }


# ---------------------------------------------------------------------------------------------
# Solver comparison scenes (issue 10, item 5: `tether bench --solvers`).

RAGDOLL_LINKS = 10
RAGDOLL_RADIUS = 0.05
RAGDOLL_HALF_LENGTH = 0.1  # link length 2 * (0.1 + 0.05) = 0.3 m
RAGDOLL_SWING_DEGREES = 45.0
RAGDOLL_TWIST_DEGREES = 20.0


def ragdoll_chain():
    """Ten capsules on spherical joints with swing and twist limits, as the limbs of a ragdoll."""
    half = RAGDOLL_HALF_LENGTH + RAGDOLL_RADIUS
    top = (0.0, 4.0, 0.0)
    bodies, joints = [], []
    for i in range(RAGDOLL_LINKS):
        bodies.append({"name": "bone%d" % i, "position": vec(top[0] + (2 * i + 1) * half, top[1], top[2]),
                       "shapes": [{"type": "capsule", "radius": num(RAGDOLL_RADIUS),
                                   "halfLength": num(RAGDOLL_HALF_LENGTH), "density": 1000}]})
        joint = {"name": "socket%d" % i, "type": "spherical"}
        if i > 0:
            joint["bodyA"] = "bone%d" % (i - 1)
        joint.update({"bodyB": "bone%d" % i, "anchor": vec(top[0] + 2 * i * half, top[1], top[2]),
                      "axis": vec(1, 0, 0)})
        if i > 0:
            # The first joint is a free hook: a cone about the horizontal start direction would
            # have to hold the whole chain up.
            joint.update({"maxSwingAngleDegrees": num(RAGDOLL_SWING_DEGREES),
                          "lowerTwistAngleDegrees": num(-RAGDOLL_TWIST_DEGREES),
                          "upperTwistAngleDegrees": num(RAGDOLL_TWIST_DEGREES)})
        joints.append(joint)
    return {
        "name": "solver_ragdoll_chain",
        "description": "A ragdoll-like chain: %d capsules (radius %g m, link length %g m, 1000 kg/m^3) on spherical "
                       "joints with a %g degree swing cone and +-%g degree twist about the chain axis, hanging from a "
                       "free ball joint at [0, 4, 0] and released horizontally, so that the swing limits are loaded. "
                       "The capsules collide with each other (not with their neighbours). No damping."
                       % (RAGDOLL_LINKS, RAGDOLL_RADIUS, 2 * half, RAGDOLL_SWING_DEGREES, RAGDOLL_TWIST_DEGREES),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 5, "sleep": False},
        "bodies": bodies,
        "joints": joints,
        "probes": [{"name": "end", "type": "position", "body": "bone%d" % (RAGDOLL_LINKS - 1)}],
    }


DISC_CHAIN_LINKS = 7
DISC_SMALL = 0.1  # radius of the chained discs
DISC_LARGE = 0.25  # radius of the loose discs
DISC_BOX = (4.0, 3.0)  # inner width and height of the walled area


def disc_chain_2d():
    """The 2D demo of the velocity-space article: seven small discs chained at touching distance and
    a few larger loose discs in a walled box, here as spheres held in the plane z = 0."""
    width, height = DISC_BOX
    wall = 0.1
    bodies = [
        {"name": "floor", "type": "static", "position": vec(0, -wall, 0),
         "shapes": [{"type": "box", "halfExtents": vec(width / 2 + 2 * wall, wall, 1)}]},
        {"name": "ceiling", "type": "static", "position": vec(0, height + wall, 0),
         "shapes": [{"type": "box", "halfExtents": vec(width / 2 + 2 * wall, wall, 1)}]},
        {"name": "left_wall", "type": "static", "position": vec(-width / 2 - wall, height / 2, 0),
         "shapes": [{"type": "box", "halfExtents": vec(wall, height / 2, 1)}]},
        {"name": "right_wall", "type": "static", "position": vec(width / 2 + wall, height / 2, 0),
         "shapes": [{"type": "box", "halfExtents": vec(wall, height / 2, 1)}]},
    ]
    joints = []
    discs = []
    for i in range(DISC_CHAIN_LINKS):
        discs.append(("disc%d" % i, (-1.2 + 2 * DISC_SMALL * i, 2.4), DISC_SMALL, (1.5, 0)))
    for i, x in enumerate((-1.2, -0.4, 0.6)):
        discs.append(("ball%d" % i, (x, 0.8 + 0.3 * i), DISC_LARGE, (0, 0)))
    for name, (x, y), radius, velocity in discs:
        bodies.append({"name": name, "position": vec(x, y, 0), "linearVelocity": vec(velocity[0], velocity[1], 0),
                       "shapes": [{"type": "sphere", "radius": num(radius), "density": 1000, "friction": 0.2,
                                   "restitution": 0.5}]})
        # In the plane: frame A at the start position, x and y free (lower > upper), z locked.
        joints.append({"name": "plane_%s" % name, "type": "generic", "bodyB": name, "anchor": vec(x, y, 0),
                       "lowerTranslation": vec(1, 1, 0), "upperTranslation": vec(-1, -1, 0),
                       "lockRotation": False})
    for i in range(DISC_CHAIN_LINKS - 1):
        # Neighbours held at touching distance, r0 + r1 between centres (the article's linkTwoDiscs).
        joints.append({"name": "link%d" % i, "type": "distance", "bodyA": "disc%d" % i, "bodyB": "disc%d" % (i + 1),
                       "length": num(2 * DISC_SMALL)})
    return {
        "name": "solver_disc_chain_2d",
        "description": "The chain of discs of the velocity-space constraints article: %d discs of radius %g m held "
                       "at touching distance by distance joints, thrown at 1.5 m/s into a %g m x %g m walled box "
                       "with three loose discs of radius %g m; restitution 0.5, friction 0.2. Discs are spheres "
                       "kept in the plane z = 0 by generic joints (x and y free, rotation free)."
                       % (DISC_CHAIN_LINKS, DISC_SMALL, width, height, DISC_LARGE),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 5, "sleep": False},
        "bodies": bodies,
        "joints": joints,
        "probes": [{"name": "chain_end", "type": "position", "body": "disc%d" % (DISC_CHAIN_LINKS - 1)}],
    }


# ---------------------------------------------------------------------------------------------
# Stacking scenes of the collision issue (item 9) with the boxes of shared/BENCHMARKS.md: half
# extent 0.5 m, 1 kg, friction 0.6, on a static 100 x 100 x 1 m box whose top is at height 0.

STACK_HALF = 0.5
STACK_FRICTION = 0.6


def stack_box(name, x, y, z):
    return {"name": name, "position": vec(x, y, z), "mass": 1,
            "shapes": [{"type": "box", "halfExtents": vec(STACK_HALF, STACK_HALF, STACK_HALF),
                        "friction": STACK_FRICTION}]}


def stack_ground():
    return {"name": "ground", "type": "static", "position": vec(0, -0.5, 0),
            "shapes": [{"type": "box", "halfExtents": vec(50, 0.5, 50), "friction": STACK_FRICTION}]}


def stack_scene(name, description, bodies, seconds):
    return {"name": name, "description": description,
            "world": {"gravity": vec(0, -9.81, 0), "seconds": seconds},
            "bodies": [stack_ground()] + bodies}


def pyramid(base):
    size = 2 * STACK_HALF
    bodies = []
    for row in range(base):
        for i in range(base - row):
            x = (i - (base - row - 1) / 2.0) * size
            bodies.append(stack_box("box_r%02d_%02d" % (row, i), x, STACK_HALF + row * size, 0))
    return stack_scene(
        "stack_pyramid", "BENCHMARKS.md pyramid: %d boxes with a base of %d in a vertical plane; boxes in a row "
        "touch and each row rests on the one below, offset by half a box. Default settings; it must stand."
        % (len(bodies), base), bodies, 10)


def tower(count):
    bodies = [stack_box("box%02d" % i, 0, STACK_HALF + i * 2 * STACK_HALF, 0) for i in range(count)]
    return stack_scene("stack_tower", "A tower of %d boxes standing on the ground, default settings." % count,
                       bodies, 10)


def pile(columns, layers, gap):
    size = 2 * STACK_HALF
    pitch = size + gap
    bodies = []
    for layer in range(layers):
        for i in range(columns):
            for k in range(columns):
                x = (i - (columns - 1) / 2.0) * pitch
                z = (k - (columns - 1) / 2.0) * pitch
                y = gap + STACK_HALF + layer * pitch
                bodies.append(stack_box("box_%d_%d_%d" % (layer, i, k), x, y, z))
    return stack_scene(
        "stack_pile", "BENCHMARKS.md pile: %d boxes in %d x %d columns of %d layers, %g m gaps sideways and "
        "between layers, the lowest layer %g m above the ground, dropped; they must settle."
        % (len(bodies), columns, columns, layers, gap, gap), bodies, 15)


# ---------------------------------------------------------------------------------------------
# Long range constraints (Mueller et al. 2017), figs. 17 and 13.


def quat_axis_angle(axis, angle):
    n = math.sqrt(sum(a * a for a in axis))
    s = math.sin(angle / 2) / n
    return (axis[0] * s, axis[1] * s, axis[2] * s, math.cos(angle / 2))


def quat_mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz)


def quat_rotate(q, v):
    x, y, z, w = q
    p = quat_mul(quat_mul(q, (v[0], v[1], v[2], 0.0)), (-x, -y, -z, w))
    return (p[0], p[1], p[2])


VASE_SEGMENTS = 12  # pieces per row
VASE_ROWS = 3
VASE_RADIUS = 0.15  # m, middle of the wall
VASE_PIECE = (0.037, 0.048, 0.01)  # half extents: along the ring, up, through the wall
VASE_ROW_PITCH = 0.1  # m between row centres (4 mm gaps between rows)
VASE_BASE = (0.13, 0.01)  # base disc radius and half height
VASE_TILT_DEGREES = 20.0
VASE_DROP = 0.05  # m from the floor to the lowest point
VASE_DENSITY = 2500.0  # glass


def vase():
    """A pre-split vase: rows of boxes around a ring on a base disc, neighbours welded by fixed
    joints; tilted so that it lands on an edge of the base."""
    tilt = quat_axis_angle((0, 0, 1), math.radians(VASE_TILT_DEGREES))
    items = []  # (name, centre, rotation, shape) before the tilt and the drop
    base_y = -VASE_ROW_PITCH / 2 - 0.004 - VASE_BASE[1]
    items.append(("base", (0.0, base_y, 0.0), (0.0, 0.0, 0.0, 1.0),
                  {"type": "cylinder", "radius": VASE_BASE[0], "halfHeight": VASE_BASE[1]}))
    for row in range(VASE_ROWS):
        for k in range(VASE_SEGMENTS):
            phi = 2 * math.pi * k / VASE_SEGMENTS
            centre = (VASE_RADIUS * math.cos(phi), row * VASE_ROW_PITCH, VASE_RADIUS * math.sin(phi))
            rotation = quat_axis_angle((0, 1, 0), math.pi / 2 - phi)
            items.append(("piece_%d_%02d" % (row, k), centre, rotation,
                          {"type": "box", "halfExtents": vec(*VASE_PIECE)}))

    def place(p):
        return quat_rotate(tilt, p)

    # lowest point after the tilt: base rim and piece corners
    lowest = 1e9
    for name, centre, rotation, shape in items:
        if name == "base":
            for i in range(64):
                a = 2 * math.pi * i / 64
                for dy in (-VASE_BASE[1], VASE_BASE[1]):
                    lowest = min(lowest, place((VASE_BASE[0] * math.cos(a), base_y + dy, VASE_BASE[0] * math.sin(a)))[1])
        else:
            for sx in (-1, 1):
                for sy in (-1, 1):
                    for sz in (-1, 1):
                        corner = quat_rotate(rotation, (sx * VASE_PIECE[0], sy * VASE_PIECE[1], sz * VASE_PIECE[2]))
                        lowest = min(lowest, place([centre[i] + corner[i] for i in range(3)])[1])
    lift = VASE_DROP - lowest

    def world(p):
        q = place(p)
        return (q[0], q[1] + lift, q[2])

    bodies = [{"name": "ground", "type": "static",
               "shapes": [{"type": "plane", "normal": vec(0, 1, 0), "offset": 0, "friction": 0.5}]}]
    for name, centre, rotation, shape in items:
        shape = dict(shape)
        shape["density"] = VASE_DENSITY
        shape["friction"] = 0.5
        bodies.append({"name": name, "position": vec(*world(centre)), "rotation": vec(*quat_mul(tilt, rotation)),
                       "shapes": [shape]})

    joints = []

    def weld(a, b, anchor):
        joints.append({"name": "weld_%s_%s" % (a, b), "type": "fixed", "bodyA": a, "bodyB": b,
                       "anchor": vec(*world(anchor)), "axis": vec(1, 0, 0)})

    for row in range(VASE_ROWS):
        for k in range(VASE_SEGMENTS):
            phi = 2 * math.pi * (k + 0.5) / VASE_SEGMENTS
            weld("piece_%d_%02d" % (row, k), "piece_%d_%02d" % (row, (k + 1) % VASE_SEGMENTS),
                 (VASE_RADIUS * math.cos(phi), row * VASE_ROW_PITCH, VASE_RADIUS * math.sin(phi)))
            phi = 2 * math.pi * k / VASE_SEGMENTS
            if row + 1 < VASE_ROWS:
                weld("piece_%d_%02d" % (row, k), "piece_%d_%02d" % (row + 1, k),
                     (VASE_RADIUS * math.cos(phi), (row + 0.5) * VASE_ROW_PITCH, VASE_RADIUS * math.sin(phi)))
            if row == 0:
                weld("base", "piece_0_%02d" % k,
                     (VASE_RADIUS * math.cos(phi), -VASE_ROW_PITCH / 2, VASE_RADIUS * math.sin(phi)))
    pieces = VASE_ROWS * VASE_SEGMENTS + 1
    return {
        "name": "long_range_fig17_vase",
        "description": "Long range constraints paper (Mueller et al. 2017) Fig. 17: a pre-split vase of %d pieces (%d rows of %d glass boxes around a ring of "
                       "radius %g m on a base disc, %g kg/m^3) held together by %d fixed joints between neighbours, "
                       "tilted by %g degrees and dropped from %g m onto the floor. 10 iterations, one substep as in "
                       "the paper; the long range shape matching switch makes each union of welded pieces rigid."
                       % (pieces, VASE_ROWS, VASE_SEGMENTS, VASE_RADIUS, VASE_DENSITY, len(joints),
                          VASE_TILT_DEGREES, VASE_DROP),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 1, "iterations": 10, "seconds": 2,
                  "longRange": {"shapeMatching": True}},
        "bodies": bodies,
        "joints": joints,
    }


HINGE_SEGMENTS = 132
HINGE_PITCH = 0.05  # m between the joints of a segment
HINGE_HALF = (0.03, 0.008, 0.008)  # box half extents: along the chain, across, along the axis
HINGE_STEP = 0.02  # m: the taller segments shift the joints along the axis
HINGE_UP = (20, 21)  # segments that step the chain up along the axis
HINGE_DOWN = (86, 87)  # and back down
HINGE_DRUM_RADIUS = 0.25  # a drum inside the top of the loop, like a sprocket


def hinge_ring():
    """A closed hinge chain in the x-y plane with z axes, hung over a static drum inside its top."""
    radius = HINGE_SEGMENTS * HINGE_PITCH / (2 * math.pi)
    centre_y = 0.5 + 2 * radius
    # joint k sits between segment k-1 and segment k, at the top for k = 0
    heights = [0.0]
    for k in range(HINGE_SEGMENTS):
        step = HINGE_STEP if k in HINGE_UP else (-HINGE_STEP if k in HINGE_DOWN else 0.0)
        heights.append(heights[-1] + step)
    angles = [math.pi / 2 - 2 * math.pi * k / HINGE_SEGMENTS for k in range(HINGE_SEGMENTS + 1)]
    points = [(radius * math.cos(a), centre_y + radius * math.sin(a), heights[k]) for k, a in enumerate(angles)]
    drum_y = centre_y + radius - HINGE_HALF[1] - HINGE_DRUM_RADIUS - 0.002
    bodies = [{"name": "drum", "type": "static", "position": vec(0, drum_y, 0.01),
               "axisAngle": {"axis": [1, 0, 0], "degrees": 90},
               "shapes": [{"type": "cylinder", "radius": HINGE_DRUM_RADIUS, "halfHeight": 0.2, "friction": 0.3}]}]
    for k in range(HINGE_SEGMENTS):
        p, q = points[k], points[k + 1]
        centre = [(p[i] + q[i]) / 2 for i in range(3)]
        direction = math.atan2(q[1] - p[1], q[0] - p[0])
        tall = abs(q[2] - p[2]) / 2
        bodies.append({"name": "link%03d" % k, "position": vec(*centre),
                       "axisAngle": {"axis": [0, 0, 1], "angle": num(direction)},
                       "shapes": [{"type": "box", "halfExtents": vec(HINGE_HALF[0], HINGE_HALF[1], HINGE_HALF[2] + tall),
                                   "density": 7800, "friction": 0.3}]})
    joints = []
    for k in range(HINGE_SEGMENTS):
        joints.append({"name": "hinge%03d" % k, "type": "hinge", "bodyA": "link%03d" % ((k - 1) % HINGE_SEGMENTS),
                       "bodyB": "link%03d" % k, "anchor": vec(*points[k]), "axis": vec(0, 0, 1)})
    return {
        "name": "long_range_fig13_hinge_ring",
        "description": "Long range constraints paper (Mueller et al. 2017) Fig. 13: a closed chain of %d steel segments (%g m between joints) on hinge joints with "
                       "parallel z axes, hung over a static drum of radius %g m. Segments %s are taller and shift the joints by %g m "
                       "along the axis, segments %s shift them back, so that the joints are not in one plane at rest "
                       "(paper fig. 9). 5 iterations as in the paper, 4 substeps (at 1 or 2 substeps the contacts "
                       "cannot hold the %.0f kg chain and it slips through the drum); the hingeChains switch keeps the "
                       "joints in a plane and the axes parallel."
                       % (HINGE_SEGMENTS, HINGE_PITCH, HINGE_DRUM_RADIUS, "/".join(str(k) for k in HINGE_UP),
                          HINGE_STEP, "/".join(str(k) for k in HINGE_DOWN), HINGE_SEGMENTS * 7800 * 8 * HINGE_HALF[0] * HINGE_HALF[1] * HINGE_HALF[2]),
        # The paper's position-level contacts: with the soft-step contacts one joint ends 4 cm
        # (one offset step) off the plane; not yet explained (issue 4 note).
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 4, "iterations": 5, "seconds": 3,
                  "contactSolver": "xpbd", "longRange": {"hingeChains": True}},
        "bodies": bodies,
        "joints": joints,
    }


# ---------------------------------------------------------------------------------------------
# Long range constraints (Mueller et al. 2017, docs/long-range.md)


def lr_weights():
    """Fig. 14: weights of 10, 100 and 1000 kg hanging from the ceiling on chains of 20 capsule
    links of 0.1 kg (segment to heaviest weight 1:10,000), at a budget of 10 (1 substep x 10
    iterations here; tests/test_long_range.c also runs 10 x 1)."""
    bodies, joints, probes = [], [], []
    for c, mass in enumerate((10, 100, 1000)):
        x = 1.5 * (c - 1)
        top = (x, 10.0, 0.0)
        for i in range(20):
            name = "chain%d_link%d" % (c, i)
            bodies.append({"name": name, "position": vec(x, top[1] - BENCH_LINK * (i + 0.5), 0), "mass": 0.1,
                           "shapes": [{"type": "capsule", "radius": 0.05, "center1": vec(0, 0.1, 0),
                                       "center2": vec(0, -0.1, 0)}]})
            joint = {"name": "chain%d_joint%d" % (c, i), "type": "spherical"}
            if i > 0:
                joint["bodyA"] = "chain%d_link%d" % (c, i - 1)
            joint.update({"bodyB": name, "anchor": vec(x, top[1] - BENCH_LINK * i, 0)})
            joints.append(joint)
        end = top[1] - BENCH_LINK * 20
        weight = "weight%d" % c
        bodies.append({"name": weight, "position": vec(x, end - 0.25, 0), "mass": mass,
                       "inertia": vec(*[mass * 0.5 * 0.5 / 6] * 3),
                       "shapes": [{"type": "box", "halfExtents": vec(0.25, 0.25, 0.25)}]})
        joints.append({"name": "hook%d" % c, "type": "spherical", "bodyA": "chain%d_link19" % c, "bodyB": weight,
                       "anchor": vec(x, end, 0)})
        probes.append({"name": "weight%d_top" % c, "type": "position", "body": weight, "point": vec(0, 0.25, 0)})
    return {"name": "lr_fig14_weights",
            "description": "Long range attachments, paper fig. 14: three chains of 20 links (0.1 kg, 0.2 m, 4 m) on "
                           "ball joints carry 10, 100 and 1000 kg from the ceiling (1:10,000); one substep of 10 "
                           "iterations. Switch world.longRange.attachments off to see the chains stretch.",
            "world": {"gravity": vec(0, -9.81, 0), "substeps": 1, "iterations": 10, "seconds": 5, "contacts": False,
                      "longRange": {"attachments": True}},
            "bodies": bodies, "joints": joints, "probes": probes}


BRIDGE_LINKS = 250
BRIDGE_LINK = 0.1
BRIDGE_STEP = 0.002  # radians between links along the arc the ropes start on
BRIDGE_HALF_WIDTH = 0.6


def lr_rope_bridge():
    """Fig. 15: two ropes of 250 capsule links (0.1 kg, 0.1 m) hang on an arc between four anchors
    (span 24.7 m, sag 1.55 m); a 2 kg plank hangs from the middle of every pair of links: 750
    bodies and 1002 ball joints in a general graph. One substep of 20 iterations."""
    radius = BRIDGE_LINK / (2 * math.sin(BRIDGE_STEP / 2))
    total = BRIDGE_LINKS * BRIDGE_STEP
    points = []
    for i in range(BRIDGE_LINKS + 1):
        angle = -total / 2 + BRIDGE_STEP * i
        points.append((radius * math.sin(angle), 10 + radius * (1 - math.cos(angle)) - radius * (1 - math.cos(total / 2))))
    bodies, joints = [], []
    for side, z in (("left", -BRIDGE_HALF_WIDTH), ("right", BRIDGE_HALF_WIDTH)):
        for i in range(BRIDGE_LINKS):
            (x0, y0), (x1, y1) = points[i], points[i + 1]
            half = ((x1 - x0) / 2, (y1 - y0) / 2)
            bodies.append({"name": "%s%03d" % (side, i), "position": vec((x0 + x1) / 2, (y0 + y1) / 2, z),
                           "mass": 0.1,
                           "shapes": [{"type": "capsule", "radius": 0.02, "center1": vec(-half[0], -half[1], 0),
                                       "center2": vec(half[0], half[1], 0)}]})
        for i in range(BRIDGE_LINKS + 1):
            joint = {"name": "%s_joint%03d" % (side, i), "type": "spherical"}
            if i > 0:
                joint["bodyA"] = "%s%03d" % (side, i - 1)
            if i < BRIDGE_LINKS:
                joint["bodyB"] = "%s%03d" % (side, i)
            else:
                joint["bodyB"] = joint.pop("bodyA")  # the last anchor: the world holds the last link
            joint["anchor"] = vec(points[i][0], points[i][1], z)
            joints.append(joint)
    for i in range(BRIDGE_LINKS):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        center = ((x0 + x1) / 2, (y0 + y1) / 2)
        bodies.append({"name": "plank%03d" % i, "position": vec(center[0], center[1] - 0.03, 0), "mass": 2,
                       "shapes": [{"type": "box", "halfExtents": vec(0.04, 0.01, BRIDGE_HALF_WIDTH)}]})
        for side, z in (("left", -BRIDGE_HALF_WIDTH), ("right", BRIDGE_HALF_WIDTH)):
            joints.append({"name": "plank%03d_%s" % (i, side), "type": "spherical", "bodyA": "%s%03d" % (side, i),
                           "bodyB": "plank%03d" % i, "anchor": vec(center[0], center[1], z)})
    return {"name": "lr_fig15_rope_bridge",
            "description": "Long range hierarchy, paper fig. 15: two ropes of 250 links (0.1 kg, 0.1 m) on ball joints "
                           "hang between four anchors on an arc (span 24.7 m, sag 1.55 m) and carry 250 planks of "
                           "2 kg: 750 bodies, 1002 joints. One substep of 20 iterations with a 3-level hierarchy; "
                           "switch world.longRange.hierarchy off for the plain solve.",
            "world": {"gravity": vec(0, -9.81, 0), "substeps": 1, "iterations": 20, "seconds": 5, "contacts": False,
                      "longRange": {"hierarchy": True}, "longRangeLevels": 3},
            "bodies": bodies, "joints": joints,
            "probes": [{"name": "middle_plank", "type": "position", "body": "plank%03d" % (BRIDGE_LINKS // 2)}]}


BOW_LINK = 0.15
BOW_BEND = 15.0  # degrees of bend at each of the three joints of an arm, as modelled


def lr_crossbow():
    """Fig. 16: a crossbow modelled taut. Each arm is four links (0.15 m, 0.2 kg) welded to the
    stock and hinged about z with hard limits of +-15 degrees around the modelled bend of 15
    degrees per joint, so straight is their limit. The attachments' upper bound of each joint (the
    straight arm) held as a soft lower bound straightens the bow; the string (two distance joints
    to the nock) pulls the nock, and the nock pushes the arrow."""
    bodies = [{"name": "stock", "type": "static", "position": vec(0, 0, 0)}]
    joints = []
    bow = {"categoryBits": [1], "maskBits": []}
    tips = {}
    for arm, sign in (("upper", 1), ("lower", -1)):
        point = (0.0, 0.0)
        for k in range(4):
            angle = math.radians(BOW_BEND * k)
            d = (-math.sin(angle) * BOW_LINK, sign * math.cos(angle) * BOW_LINK)
            name = "%s%d" % (arm, k)
            center = (point[0] + d[0] / 2, point[1] + d[1] / 2)
            shape = {"type": "capsule", "radius": 0.015, "center1": vec(-d[0] / 2, -d[1] / 2, 0),
                     "center2": vec(d[0] / 2, d[1] / 2, 0)}
            shape.update(bow)
            bodies.append({"name": name, "position": vec(center[0], center[1], 0), "mass": 0.2, "shapes": [shape]})
            if k == 0:
                joints.append({"name": "%s_root" % arm, "type": "fixed", "bodyB": name, "anchor": vec(0, 0, 0)})
            else:
                joints.append({"name": "%s_bend%d" % (arm, k), "type": "hinge", "bodyA": "%s%d" % (arm, k - 1),
                               "bodyB": name, "anchor": vec(point[0], point[1], 0), "axis": vec(0, 0, 1),
                               "enableLimit": True, "lowerAngle": num(-math.radians(BOW_BEND)),
                               "upperAngle": num(math.radians(BOW_BEND))})
            point = (point[0] + d[0], point[1] + d[1])
        tips[arm] = ("%s3" % arm, (d[0] / 2, d[1] / 2))
    nock = (-0.35, 0.0)
    bodies.append({"name": "nock", "position": vec(nock[0], nock[1], 0), "mass": 0.05,
                   "shapes": [{"type": "sphere", "radius": 0.03, "categoryBits": [2], "maskBits": [3]}]})
    bodies.append({"name": "arrow", "position": vec(nock[0] + 0.03 + 0.31, 0, 0), "mass": 0.05,
                   "shapes": [{"type": "capsule", "radius": 0.01, "center1": vec(-0.3, 0, 0), "center2": vec(0.3, 0, 0),
                               "categoryBits": [3], "maskBits": [2]}]})
    for arm in ("upper", "lower"):
        body, local = tips[arm]
        joints.append({"name": "string_%s" % arm, "type": "distance", "bodyA": body, "anchorA": vec(local[0], local[1], 0),
                       "bodyB": "nock", "anchorB": vec(0, 0, 0), "minLength": 0})
    return {"name": "lr_fig16_crossbow",
            "description": "Long range soft bounds, paper fig. 16: a crossbow modelled taut (15 degrees of bend at each of "
                           "three hinges per arm, straight at the hinge limits). The attachments' upper bounds held as "
                           "soft lower bounds (upperAsLower, 1e-5 m/N) straighten the bow, the string pulls the nock and "
                           "the nock fires the arrow along +x. No gravity.",
            "world": {"gravity": vec(0, 0, 0), "substeps": 20, "iterations": 1, "seconds": 1,
                      "longRange": {"attachments": True},
                      "longRangeBounds": {"attachments": {"upperCompliance": 1e-5, "upperAsLower": True}}},
            "bodies": bodies, "joints": joints,
            "probes": [{"name": "arrow", "type": "position", "body": "arrow"},
                       {"name": "nock", "type": "position", "body": "nock"}]}


CABLE_LINK = 0.1

CAR_LINKS = 32  # links per side: level 5 of the hierarchy spans a whole side
CAR_WHEEL = 2.0  # radius of the wheel the cable hangs from, m


def lr_cable_car():
    """Fig. 1 (right), as a wheel: a cable of 2 x 32 capsule links (0.1 kg, 0.1 m) hangs from the rim
    of a 100 kg wheel of radius 2 m that turns freely on a hinge; one 1000 kg car on the left end,
    two on the right (the second hangs from the first): 1:10,000. Nothing holds the cable in
    place: the wheel turns as the two cars pull the one up. The attachments through the hinge are
    slack (the cable hangs beside the wheel's centre, not away from it); the hierarchy of 5 levels
    joins the wheel's rim to each car directly."""
    top = 10.0
    bodies = [{"name": "wheel", "position": vec(0, top, 0), "mass": 100,
               "inertia": vec(50 * CAR_WHEEL ** 2, 50 * CAR_WHEEL ** 2, 100 * CAR_WHEEL ** 2),
               "shapes": [{"type": "cylinder", "radius": CAR_WHEEL, "halfHeight": 0.1,
                           "axisAngle": {"axis": [1, 0, 0], "degrees": 90}}]}]
    joints = [{"name": "axle", "type": "hinge", "bodyB": "wheel", "anchor": vec(0, top, 0), "axis": vec(0, 0, 1)}]
    box = {"type": "box", "halfExtents": vec(0.25, 0.25, 0.25)}
    inertia = vec(*[1000 * 0.5 * 0.5 / 6] * 3)
    for side, x in (("left", -CAR_WHEEL), ("right", CAR_WHEEL)):
        for i in range(CAR_LINKS):
            name = "%s%02d" % (side, i)
            bodies.append({"name": name, "position": vec(x, top - CABLE_LINK * (i + 0.5), 0), "mass": 0.1,
                           "shapes": [{"type": "capsule", "radius": 0.02, "center1": vec(0, CABLE_LINK / 2, 0),
                                       "center2": vec(0, -CABLE_LINK / 2, 0)}]})
            joints.append({"name": "%s_joint%02d" % (side, i), "type": "spherical",
                           "bodyA": "wheel" if i == 0 else "%s%02d" % (side, i - 1), "bodyB": name,
                           "anchor": vec(x, top - CABLE_LINK * i, 0)})
        end = top - CABLE_LINK * CAR_LINKS
        car = "carA" if side == "left" else "carB"
        bodies.append({"name": car, "position": vec(x, end - 0.25, 0), "mass": 1000, "inertia": inertia,
                       "shapes": [box]})
        joints.append({"name": "hook_%s" % side, "type": "spherical", "bodyA": "%s%02d" % (side, CAR_LINKS - 1),
                       "bodyB": car, "anchor": vec(x, end, 0)})
    end = top - CABLE_LINK * CAR_LINKS
    bodies.append({"name": "carC", "position": vec(CAR_WHEEL, end - 0.75, 0), "mass": 1000, "inertia": inertia,
                   "shapes": [box]})
    joints.append({"name": "coupling", "type": "spherical", "bodyA": "carB", "bodyB": "carC",
                   "anchor": vec(CAR_WHEEL, end - 0.5, 0)})
    return {"name": "lr_cable_car",
            "description": "Long range hierarchy, paper fig. 1 (right), as a wheel: a cable of 2 x 32 links (0.1 kg, "
                           "0.1 m) hangs from the rim of a free 100 kg wheel (radius 2 m); one 1000 kg car on the left "
                           "end, two on the right (1:10,000). The two pull the one up. Hierarchy of 5 levels; switch "
                           "world.longRange.hierarchy off to see the cable stretch.",
            "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 2, "contacts": False,
                      "longRange": {"hierarchy": True}, "longRangeLevels": 5},
            "bodies": bodies, "joints": joints,
            "probes": [{"name": "carA", "type": "position", "body": "carA"},
                       {"name": "carC", "type": "position", "body": "carC"}]}


TOWER_BRICKS = 20  # per ring
TOWER_LAYERS = 50
TOWER_RADIUS = 2.0  # m, to the bricks' centres
TOWER_BRICK = (0.15, 0.1, 0.27)  # half extents: through the wall, up, along the ring
TOWER_BALL = (0.6, 7800.0, 20.0, 42.75, 1.6)  # radius, density, speed, start distance, height


def tower_brick_poses(bricks=TOWER_BRICKS, layers=TOWER_LAYERS):
    """The bricks of the fig. 18 tower: rings of bricks laid in a bond, each layer turned by half a
    brick. Yields (name, position, axis-angle rotation about y)."""
    for layer in range(layers):
        for i in range(bricks):
            angle = 2 * math.pi * (i + 0.5 * (layer % 2)) / bricks
            position = (TOWER_RADIUS * math.cos(angle), TOWER_BRICK[1] * (1 + 2 * layer),
                        TOWER_RADIUS * math.sin(angle))
            yield "brick_%02d_%02d" % (layer, i), position, -angle


def lr_tower():
    """Fig. 18: a round tower of 1000 bricks on the ground, held by supporting contacts, and a
    heavy ball shot through it."""
    bodies = [{"name": "ground", "type": "static",
               "shapes": [{"type": "plane", "normal": vec(0, 1, 0)}]}]
    for name, position, angle in tower_brick_poses():
        bodies.append({"name": name, "position": vec(*position), "axisAngle": {"axis": vec(0, 1, 0), "angle": num(angle)},
                       "shapes": [{"type": "box", "halfExtents": vec(*TOWER_BRICK)}]})
    radius, density, speed, distance, height = TOWER_BALL
    bodies.append({"name": "ball", "position": vec(-distance, height, 0), "linearVelocity": vec(speed, 0, 0),
                   "gravityScale": 0, "shapes": [{"type": "sphere", "radius": radius, "density": density}]})
    return {"name": "lr_fig18_tower",
            "description": "Supporting contacts, long range paper fig. 18: a round tower of %d bricks (%d rings of %d, "
                           "laid in a bond) stands on the ground at 10 substeps of 1 iteration; supporting contacts "
                           "hold it still. A %g kg ball flying at %g m/s without gravity hits it at %.1f s and "
                           "knocks a hole through it; what it no longer supports falls. Switch "
                           "world.longRange.supportingContacts off to see the tower sag and creep."
                           % (TOWER_BRICKS * TOWER_LAYERS, TOWER_LAYERS, TOWER_BRICKS,
                              round(4.0 / 3.0 * math.pi * radius ** 3 * density), speed,
                              (distance - TOWER_RADIUS - TOWER_BRICK[0] - radius) / speed),
            "world": {"gravity": vec(0, -9.81, 0), "substeps": 10, "iterations": 1, "seconds": 4, "sleep": False,
                      "longRange": {"supportingContacts": True}},
            "bodies": bodies}


# ---------------------------------------------------------------------------------------------
# Collision issue, acceptance item 9: marbles roll along curved static geometry (a tilted half-pipe
# mesh) without leaving it. The pipe is a triangle mesh written to meshes/halfpipe.obj: in its own
# frame the axis runs along x from 0 to HALFPIPE_LENGTH at y = z = 0 and the surface is the lower
# half of the cylinder of radius HALFPIPE_RADIUS, HALFPIPE_SEGMENTS facets around and
# HALFPIPE_SECTIONS along. The pipe body is tilted by HALFPIPE_TILT degrees so that its +x axis runs
# downhill (along world +z). tests/test_mesh_halfpipe.c repeats these numbers (and checks the pipe's
# pose) and checks that each marble stays in the pipe and arrives with v = sqrt(10/7 g dh).

HALFPIPE_RADIUS = 0.5
HALFPIPE_LENGTH = 6.0
HALFPIPE_SEGMENTS = 64
HALFPIPE_SECTIONS = 12
HALFPIPE_TILT = 8.0
HALFPIPE_HEIGHT = 1.5  # of the pipe's upper end (its axis), m
MARBLE_RADIUS = 0.05
# Where each marble starts: along the pipe axis (m) and around the pipe (degrees from the bottom).
# They start 0.4 m apart along the axis: released side by side at one x they all roll down at the
# same pace, and the rocking ones ran into each other (marble3 lost 15 % of its energy hitting
# marble1), which is not what the test measures.
MARBLE_STARTS = ((0.3, 0.0), (0.7, 15.0), (1.1, -25.0), (1.5, 40.0))


def halfpipe_obj():
    lines = ["# Half-pipe for scenes/mesh_halfpipe.json, written by scenes/generate.py",
             "# radius %g m, length %g m, %d facets around, %d sections along; axis on x" %
             (HALFPIPE_RADIUS, HALFPIPE_LENGTH, HALFPIPE_SEGMENTS, HALFPIPE_SECTIONS)]
    for i in range(HALFPIPE_SECTIONS + 1):
        x = HALFPIPE_LENGTH * i / HALFPIPE_SECTIONS
        for j in range(HALFPIPE_SEGMENTS + 1):
            phi = math.pi * (j / HALFPIPE_SEGMENTS - 0.5)
            lines.append("v %s %s %s" % (num(x), num(-HALFPIPE_RADIUS * math.cos(phi)), num(HALFPIPE_RADIUS * math.sin(phi))))
    ring = HALFPIPE_SEGMENTS + 1
    for i in range(HALFPIPE_SECTIONS):
        for j in range(HALFPIPE_SEGMENTS):
            a = i * ring + j + 1  # OBJ indices start at 1
            b, c, d = a + 1, a + ring, a + ring + 1
            # Counter-clockwise seen from the axis (the inside is the front).
            lines.append("f %d %d %d" % (a, c, d))
            lines.append("f %d %d %d" % (a, d, b))
    return "\n".join(lines) + "\n"


def halfpipe_scene():
    # The pipe's frame: tilted by -HALFPIPE_TILT about z (its +x axis tips down), then turned
    # -90 degrees about y so that it runs downhill along +z, toward the viewer's default camera.
    tilt = math.radians(HALFPIPE_TILT) / 2
    turn = math.radians(-90.0) / 2
    q = quat_mul((0.0, math.sin(turn), 0.0, math.cos(turn)), (0.0, 0.0, -math.sin(tilt), math.cos(tilt)))
    origin = (0.0, HALFPIPE_HEIGHT, -HALFPIPE_LENGTH / 2)

    def to_world(x, y, z):
        r = quat_rotate(q, (x, y, z))
        return vec(origin[0] + r[0], origin[1] + r[1], origin[2] + r[2])

    bodies = [{"name": "pipe", "type": "static", "position": vec(*origin), "rotation": vec(*q),
               "shapes": [{"type": "mesh", "file": "meshes/halfpipe.obj", "friction": 0.8, "dynamicFriction": 0.8}]},
              {"name": "ground", "type": "static", "shapes": [{"type": "plane", "normal": [0, 1, 0], "offset": 0}]}]
    reach = HALFPIPE_RADIUS - MARBLE_RADIUS
    for k, (start, angle) in enumerate(MARBLE_STARTS):
        phi = math.radians(angle)
        bodies.append({"name": "marble%d" % k,
                       "position": to_world(start, -reach * math.cos(phi), reach * math.sin(phi)),
                       "shapes": [{"type": "sphere", "radius": MARBLE_RADIUS, "density": 2500,
                                   "friction": 0.8, "dynamicFriction": 0.8}]})
    return {
        "name": "mesh_halfpipe",
        "description": "Four glass marbles (r = %g m) released at rest inside a half-pipe mesh (radius %g m, %g m long, "
                       "%d x %d facets = %d triangles) tilted %g degrees, 0.4 m apart along it: they roll down it "
                       "without meeting, the off-centre ones rocking from side to side, and leave its lower end onto "
                       "the ground." %
                       (MARBLE_RADIUS, HALFPIPE_RADIUS, HALFPIPE_LENGTH, HALFPIPE_SEGMENTS, HALFPIPE_SECTIONS,
                        2 * HALFPIPE_SEGMENTS * HALFPIPE_SECTIONS, HALFPIPE_TILT),
        "_comment": "Generated by scenes/generate.py (halfpipe_scene); the mesh is meshes/halfpipe.obj, axis along its x.",
        "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "seconds": 4},
        "bodies": bodies,
    }


# ---------------------------------------------------------------------------------------------
# Curves: the XPBD paper's rolling-ball sculpture (figs. 1 and 14) and van Overveld's roller
# coaster (a car on a closed rail by two path joints). tests/test_curve_scenes.c runs both.

SCULPTURE_MARBLE = 0.025  # glass marbles, radius m
SCULPTURE_WIRE = 0.003  # wire radius m
SCULPTURE_GAP = 0.02  # rails at +-this from the track's midline, m
SCULPTURE_RAMP = (1.5, 1.0, 4.0, 5.0)  # base height, drop H, length L of y = base + H (1 - x / L)^2, end x
SCULPTURE_HELIX = (-1.0, 2.2, 1.5, 0.06, 0.2, 3, 64)  # axis x, top y, axis z, radius, pitch, turns, points a turn


def ramp_height(x):
    base, drop, length, _ = SCULPTURE_RAMP
    return base + (drop * (1 - x / length) ** 2 if x < length else 0.0)


def helix_point(a, offset, phi):
    ax, top, az, radius, pitch, _, _ = SCULPTURE_HELIX
    rise = -pitch / (2 * math.pi)
    c, s = math.cos(a), math.sin(a)
    tl = math.hypot(radius, rise)
    tx, ty, tz = -radius * s / tl, rise / tl, radius * c / tl
    bx, by, bz = ty * s, tz * c - tx * s, -ty * c  # tangent x radial
    u, v = offset * math.cos(phi), offset * math.sin(phi)
    return vec(ax + radius * c + u * c + v * bx, top + rise * a + v * by, az + radius * s + u * s + v * bz)


def rolling_ball_sculpture():
    friction = {"friction": 0.8, "dynamicFriction": 0.8}
    rails = []
    for side in (-1, 1):
        points = [vec(x, ramp_height(x), side * SCULPTURE_GAP) for x in [0.25 * i for i in range(21)]]
        rails.append(dict({"type": "curve", "radius": SCULPTURE_WIRE, "smooth": True, "points": points}, **friction))
    _, _, _, _, _, turns, per_turn = SCULPTURE_HELIX
    cage = SCULPTURE_MARBLE + SCULPTURE_WIRE + 0.001
    wires = []
    for k in range(4):
        phi = math.pi / 4 + k * math.pi / 2
        points = [helix_point(2 * math.pi * i / per_turn, cage, phi) for i in range(turns * per_turn + 1)]
        wires.append({"type": "curve", "radius": SCULPTURE_WIRE, "smooth": True, "points": points,
                      "friction": 0, "dynamicFriction": 0})
    bodies = [{"name": "ramp", "type": "static", "shapes": rails},
              {"name": "spring", "type": "static", "shapes": wires},
              {"name": "ground", "type": "static", "shapes": [{"type": "plane", "normal": [0, 1, 0], "offset": 0}]}]
    lift = math.sqrt((SCULPTURE_MARBLE + SCULPTURE_WIRE) ** 2 - SCULPTURE_GAP ** 2)
    marble = {"type": "sphere", "radius": SCULPTURE_MARBLE, "density": 2500}
    for k in range(5):
        # In a row at the top of the ramp, 2 mm apart, each on the rails at its own slope.
        x = 0.3 + k * (2 * SCULPTURE_MARBLE + 0.002)
        base, drop, length, _ = SCULPTURE_RAMP
        slope = -2 * drop / length * (1 - x / length)
        norm = math.sqrt(1 + slope * slope)
        bodies.append({"name": "ramp%d" % k, "position": vec(x - slope / norm * lift, ramp_height(x) + lift / norm, 0),
                       "shapes": [dict(marble, **friction)]})
    for k in range(3):
        # Inside the spring's cage, on its centre line, a third of a turn apart.
        bodies.append({"name": "spring%d" % k, "position": helix_point(math.pi / 2 + k * 2 * math.pi / 3, 0, 0),
                       "shapes": [dict(marble, friction=0, dynamicFriction=0)]})
    return {
        "name": "rolling_ball_sculpture",
        "description": "Elements of the XPBD paper's rolling ball sculpture (figs. 1 and 14): five glass marbles "
                       "(r = %g m) in a row roll down a two-rail wire track (Catmull-Rom rails of %g m wire, %g m "
                       "apart, falling %g m over %g m) and knock into each other; three more fall through a "
                       "'spring', a helical cage of four frictionless wires (radius %g m, pitch %g m, %d turns), "
                       "turning some 50 degrees a frame at its bottom." %
                       (SCULPTURE_MARBLE, SCULPTURE_WIRE, 2 * SCULPTURE_GAP, SCULPTURE_RAMP[1], SCULPTURE_RAMP[2],
                        SCULPTURE_HELIX[3], SCULPTURE_HELIX[4], SCULPTURE_HELIX[5]),
        "_comment": "Generated by scenes/generate.py (rolling_ball_sculpture); tests/test_curve_scenes.c runs it.",
        "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "contactSolver": "xpbd", "seconds": 3},
        "bodies": bodies,
    }


COASTER_POINTS = 48
COASTER_WHEEL = 0.5  # wheels at +-this along the car, m
COASTER_HANG = 0.3  # the wheels above the car's centre: a suspended coaster, m


def coaster_point(t):
    return (12 * math.cos(t), 6 + 2 * math.cos(3 * t), 8 * math.sin(t))


def roller_coaster():
    points = [vec(*coaster_point(2 * math.pi * i / COASTER_POINTS)) for i in range(COASTER_POINTS)]
    # The car starts on the first hill (t = 0), its x axis along the track (+z there), hanging
    # from its two wheels where the rail passes z = +-0.5 m.
    t = math.asin(COASTER_WHEEL / 8)
    wheel = coaster_point(t)
    center = (wheel[0], wheel[1] - COASTER_HANG, 0.0)
    half = -math.pi / 4  # -90 degrees about y: body x -> world +z
    rotation = vec(0, math.sin(half), 0, math.cos(half))
    # The rail drawn as a curve shape along the joints' curve; maskBits 0: it touches nothing.
    bodies = [{"name": "rail", "type": "static",
               "shapes": [{"type": "curve", "radius": 0.05, "closed": True, "smooth": True, "points": points,
                           "maskBits": 0}]},
              {"name": "car", "position": vec(*center), "rotation": rotation, "linearVelocity": [0, 0, 4],
               "mass": 300, "shapes": [{"type": "box", "halfExtents": [0.6, 0.2, 0.3]}]}]
    joints = []
    for name, sign in (("front", 1), ("back", -1)):
        joints.append({"name": name, "type": "path", "bodyB": "car",
                       "anchor": vec(wheel[0], wheel[1], sign * COASTER_WHEEL),
                       "closed": True, "smooth": True, "points": points})
    return {
        "name": "roller_coaster",
        "description": "Van Overveld's roller coaster: a 300 kg car hangs from a closed rail by two wheels, each a "
                       "path joint (point-to-curve constraint) on the same Catmull-Rom loop through %d points "
                       "(24 m x 16 m, three hills between 4 and 8 m). It starts on a hill top at 4 m/s and runs round "
                       "without friction, swinging sideways in the bends: its energy stays what it was. The rail is "
                       "drawn by a curve shape that touches nothing (maskBits 0)." %
                       COASTER_POINTS,
        "_comment": "Generated by scenes/generate.py (roller_coaster); tests/test_curve_scenes.c runs it.",
        "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "seconds": 20},
        "bodies": bodies,
        "joints": joints,
    }


# ---------------------------------------------------------------------------------------------
# Jakab's comparisons (issue 12, item 5; ../shared/papers/realtime-rigid-constraints-jakab.md,
# section 7): the same cloth and hair strand once as rigid bodies on ball joints and once as
# particles, and a 15-body ragdoll with human-like limits falling down stairs. The test programs
# tests/test_jakab_cloth.c, test_jakab_hair.c and test_jakab_ragdoll.c load these files.

JAKAB_CLOTH_COUNT = 32  # nodes along each edge, as the paper's 32 x 32 cloth
JAKAB_CLOTH_SPACING = 0.05  # m between neighbouring nodes: 1.55 m square
JAKAB_CLOTH_MASS = 0.5  # kg in all
JAKAB_CLOTH_NODE_RADIUS = 0.02  # m: sphere bodies and particles alike, 1 cm apart at rest
JAKAB_CLOTH_HEIGHT = 1.0  # m, the cloth's starting plane
JAKAB_BALL_CENTER = (0.0, 0.5, 0.0)
JAKAB_BALL_RADIUS = 0.3  # top at 0.8 m: the cloth falls 0.18 m onto it
JAKAB_FRICTION = 0.5


def jakab_drape_world():
    # Position-level contacts for both cloths, so that the comparison is of the cloth models (the
    # particles' contacts are position-level too). With the default soft-step contacts the rigid
    # cloth's 0.5 g nodes sink into the ball (test_jakab_cloth reports by how much).
    return {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 3, "sleep": False,
            "contactSolver": "xpbd"}


def jakab_drape_statics():
    return [{"name": "ground", "type": "static",
             "shapes": [{"type": "plane", "normal": vec(0, 1, 0), "friction": JAKAB_FRICTION}]},
            {"name": "ball", "type": "static", "position": vec(*JAKAB_BALL_CENTER),
             "shapes": [{"type": "sphere", "radius": num(JAKAB_BALL_RADIUS), "friction": JAKAB_FRICTION}]}]


def jakab_cloth_corner():
    half = (JAKAB_CLOTH_COUNT - 1) * JAKAB_CLOTH_SPACING / 2
    return (-half, JAKAB_CLOTH_HEIGHT, -half)


def jakab_cloth_rigid():
    """32 x 32 small spheres, neighbours joined by ball joints at the midpoint (Jakab's fig. 2)."""
    n, d = JAKAB_CLOTH_COUNT, JAKAB_CLOTH_SPACING
    x0, y0, z0 = jakab_cloth_corner()
    bodies = jakab_drape_statics()
    joints = []
    for v in range(n):
        for u in range(n):
            bodies.append({"name": "n%d_%d" % (u, v), "position": vec(x0 + u * d, y0, z0 + v * d),
                           "mass": num(JAKAB_CLOTH_MASS / (n * n)),
                           "shapes": [{"type": "sphere", "radius": num(JAKAB_CLOTH_NODE_RADIUS),
                                       "friction": JAKAB_FRICTION, "groupIndex": -1}]})
    for v in range(n):
        for u in range(n):
            if u + 1 < n:
                joints.append({"name": "u%d_%d" % (u, v), "type": "spherical", "bodyA": "n%d_%d" % (u, v),
                               "bodyB": "n%d_%d" % (u + 1, v), "anchor": vec(x0 + (u + 0.5) * d, y0, z0 + v * d)})
            if v + 1 < n:
                joints.append({"name": "v%d_%d" % (u, v), "type": "spherical", "bodyA": "n%d_%d" % (u, v),
                               "bodyB": "n%d_%d" % (u, v + 1), "anchor": vec(x0 + u * d, y0, z0 + (v + 0.5) * d)})
    return {
        "name": "jakab_cloth_rigid",
        "description": "Jakab's cloth of rigid bodies: %d x %d spheres (radius %g m, %g m apart, %g kg in all) joined to "
                       "their four neighbours by ball joints at the midpoints, no bending or shear stiffness, the "
                       "spheres of the cloth do not collide with each other; dropped flat from %g m onto a fixed "
                       "ball of radius %g m (top at %g m) over the ground. Compare jakab_cloth_particles.json."
                       % (n, n, JAKAB_CLOTH_NODE_RADIUS, d, JAKAB_CLOTH_MASS, JAKAB_CLOTH_HEIGHT, JAKAB_BALL_RADIUS,
                          JAKAB_BALL_CENTER[1] + JAKAB_BALL_RADIUS),
        "world": jakab_drape_world(),
        "bodies": bodies,
        "joints": joints,
    }


def jakab_cloth_particles():
    """The same cloth as particles (Jakab's fig. 3, his PBD baseline)."""
    n, d = JAKAB_CLOTH_COUNT, JAKAB_CLOTH_SPACING
    side = (n - 1) * d
    return {
        "name": "jakab_cloth_particles",
        "description": "Jakab's PBD baseline: the cloth of jakab_cloth_rigid.json as %d x %d particles (radius %g m, "
                       "%g kg in all, shared by triangle area) with rigid distance constraints on the grid edges and "
                       "the alternating diagonals, no bending constraints; dropped flat from %g m onto the same ball."
                       % (n, n, JAKAB_CLOTH_NODE_RADIUS, JAKAB_CLOTH_MASS, JAKAB_CLOTH_HEIGHT),
        "world": jakab_drape_world(),
        "bodies": jakab_drape_statics(),
        "cloths": [{"name": "cloth", "origin": vec(*jakab_cloth_corner()), "axisU": vec(side, 0, 0),
                    "axisV": vec(0, 0, side), "countU": n, "countV": n, "mass": num(JAKAB_CLOTH_MASS),
                    "radius": num(JAKAB_CLOTH_NODE_RADIUS), "stretchCompliance": 0, "bendingCompliance": -1,
                    "staticFriction": JAKAB_FRICTION, "dynamicFriction": JAKAB_FRICTION}],
    }


JAKAB_HAIR_SEGMENTS = 25
JAKAB_HAIR_LENGTH = 0.5  # m: 2 cm segments
JAKAB_HAIR_MASS = 0.005  # kg in all
JAKAB_HAIR_RADIUS = 0.004  # m
JAKAB_HAIR_ROOT = (0.0, 1.5, 0.0)
JAKAB_HAIR_DAMPING = 1.0  # 1/s, linear: air drag on a thin strand


def jakab_hair_world():
    return {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 3, "sleep": False}


def jakab_hair_ground():
    """The floor, 1 m below the hanging tip: out of reach, there so the scene is not empty of bodies."""
    return {"name": "ground", "type": "static", "shapes": [{"type": "plane", "normal": vec(0, 1, 0)}]}


def jakab_hair_rigid():
    """A strand of capsules on ball joints, fixed at its root, released horizontally (Jakab's fig. 6)."""
    n, seg = JAKAB_HAIR_SEGMENTS, JAKAB_HAIR_LENGTH / JAKAB_HAIR_SEGMENTS
    rx, ry, rz = JAKAB_HAIR_ROOT
    bodies, joints = [jakab_hair_ground()], []
    for i in range(n):
        bodies.append({"name": "s%d" % i, "position": vec(rx + (i + 0.5) * seg, ry, rz),
                       "mass": num(JAKAB_HAIR_MASS / n), "linearDamping": num(JAKAB_HAIR_DAMPING),
                       "shapes": [{"type": "capsule", "radius": num(JAKAB_HAIR_RADIUS),
                                   "halfLength": num(seg / 2 - JAKAB_HAIR_RADIUS), "groupIndex": -1}]})
        joint = {"name": "j%d" % i, "type": "spherical"}
        if i > 0:
            joint["bodyA"] = "s%d" % (i - 1)
        joint.update({"bodyB": "s%d" % i, "anchor": vec(rx + i * seg, ry, rz), "axis": vec(1, 0, 0)})
        joints.append(joint)
    return {
        "name": "jakab_hair_rigid",
        "description": "Jakab's hair of rigid bodies: a %g m strand of %d capsules (radius %g m, %g kg in all) on ball "
                       "joints, the first held at %s by a ball joint to the world, released horizontally; linear "
                       "damping %g /s. Compare jakab_hair_particles.json."
                       % (JAKAB_HAIR_LENGTH, n, JAKAB_HAIR_RADIUS, JAKAB_HAIR_MASS, list(vec(*JAKAB_HAIR_ROOT)),
                          JAKAB_HAIR_DAMPING),
        "world": jakab_hair_world(),
        "bodies": bodies,
        "joints": joints,
    }


def jakab_hair_particles():
    """The same strand as a particle rope (Jakab's fig. 7, after Mueller et al.'s inextensible hair)."""
    rx, ry, rz = JAKAB_HAIR_ROOT
    return {
        "name": "jakab_hair_particles",
        "description": "Jakab's PBD hair: the strand of jakab_hair_rigid.json as a rope of %d particles (radius %g m) "
                       "with rigid distance constraints between neighbours, no bending, the root particle fixed; the "
                       "same total mass %g kg (the fixed root's share excepted) and damping %g /s."
                       % (JAKAB_HAIR_SEGMENTS + 1, JAKAB_HAIR_RADIUS, JAKAB_HAIR_MASS, JAKAB_HAIR_DAMPING),
        "world": jakab_hair_world(),
        "bodies": [jakab_hair_ground()],
        "ropes": [{"name": "strand", "start": vec(rx, ry, rz), "end": vec(rx + JAKAB_HAIR_LENGTH, ry, rz),
                   "segments": JAKAB_HAIR_SEGMENTS,
                   "mass": num(JAKAB_HAIR_MASS * (JAKAB_HAIR_SEGMENTS + 1) / JAKAB_HAIR_SEGMENTS),
                   "radius": num(JAKAB_HAIR_RADIUS), "compliance": 0, "bendingCompliance": -1, "fixStart": True,
                   "damping": num(JAKAB_HAIR_DAMPING)}],
    }


# The ragdoll: 15 bodies in a standing pose (metres, feet on y = 0, facing +z), then lifted onto
# the landing of a staircase, tilted forward and pushed down the stairs.
JAKAB_RAGDOLL_PARTS = [
    # name, shape, size, centre
    ("pelvis", "box", (0.13, 0.08, 0.09), (0.0, 0.96, 0.0)),
    ("chest", "box", (0.15, 0.13, 0.09), (0.0, 1.25, 0.0)),
    ("head", "sphere", 0.1, (0.0, 1.55, 0.0)),
    ("upperArmL", "capsule", (0.04, 0.09), (-0.21, 1.25, 0.0)),
    ("forearmL", "capsule", (0.035, 0.08), (-0.21, 0.99, 0.0)),
    ("handL", "box", (0.02, 0.05, 0.04), (-0.21, 0.80, 0.0)),
    ("upperArmR", "capsule", (0.04, 0.09), (0.21, 1.25, 0.0)),
    ("forearmR", "capsule", (0.035, 0.08), (0.21, 0.99, 0.0)),
    ("handR", "box", (0.02, 0.05, 0.04), (0.21, 0.80, 0.0)),
    ("thighL", "capsule", (0.06, 0.13), (-0.09, 0.68, 0.0)),
    ("shinL", "capsule", (0.05, 0.13), (-0.09, 0.28, 0.0)),
    ("footL", "box", (0.05, 0.03, 0.11), (-0.09, 0.03, 0.04)),
    ("thighR", "capsule", (0.06, 0.13), (0.09, 0.68, 0.0)),
    ("shinR", "capsule", (0.05, 0.13), (0.09, 0.28, 0.0)),
    ("footR", "box", (0.05, 0.03, 0.11), (0.09, 0.03, 0.04)),
]
# name, parent, child, anchor, axis (spherical: the twist axis along the bone; hinge: the hinge
# axis), limits in degrees (spherical: swing cone, twist range; hinge: range). Hinges turn about
# +x (to the ragdoll's left): a negative angle brings the forearm forward, a positive one the shin
# back; the ankle's positive angle points the toes down.
JAKAB_RAGDOLL_JOINTS = [
    ("neck", "chest", "head", (0.0, 1.415, 0.0), (0, 1, 0), "spherical", (45, -60, 60)),
    ("spine", "pelvis", "chest", (0.0, 1.08, 0.0), (0, 1, 0), "spherical", (30, -30, 30)),
    ("shoulderL", "chest", "upperArmL", (-0.21, 1.38, 0.0), (0, -1, 0), "spherical", (80, -70, 70)),
    ("elbowL", "upperArmL", "forearmL", (-0.21, 1.12, 0.0), (1, 0, 0), "hinge", (-145, 0)),
    ("wristL", "forearmL", "handL", (-0.21, 0.86, 0.0), (0, -1, 0), "spherical", (60, -30, 30)),
    ("shoulderR", "chest", "upperArmR", (0.21, 1.38, 0.0), (0, -1, 0), "spherical", (80, -70, 70)),
    ("elbowR", "upperArmR", "forearmR", (0.21, 1.12, 0.0), (1, 0, 0), "hinge", (-145, 0)),
    ("wristR", "forearmR", "handR", (0.21, 0.86, 0.0), (0, -1, 0), "spherical", (60, -30, 30)),
    ("hipL", "pelvis", "thighL", (-0.09, 0.88, 0.0), (0, -1, 0), "spherical", (70, -35, 35)),
    ("kneeL", "thighL", "shinL", (-0.09, 0.48, 0.0), (1, 0, 0), "hinge", (0, 140)),
    ("ankleL", "shinL", "footL", (-0.09, 0.08, 0.0), (1, 0, 0), "hinge", (-20, 45)),
    ("hipR", "pelvis", "thighR", (0.09, 0.88, 0.0), (0, -1, 0), "spherical", (70, -35, 35)),
    ("kneeR", "thighR", "shinR", (0.09, 0.48, 0.0), (1, 0, 0), "hinge", (0, 140)),
    ("ankleR", "shinR", "footR", (0.09, 0.08, 0.0), (1, 0, 0), "hinge", (-20, 45)),
]
JAKAB_STAIR_STEPS = 6  # from the landing at 1.2 m down to the ground
JAKAB_STAIR_RISE = 0.2
JAKAB_STAIR_RUN = 0.3
JAKAB_RAGDOLL_TILT_DEGREES = 25.0  # forward, about the feet
JAKAB_RAGDOLL_YAW_DEGREES = 10.0  # a little turned, so that it does not fall symmetrically
JAKAB_RAGDOLL_PUSH = 1.5  # m/s forward


def jakab_ragdoll_stairs():
    landing = JAKAB_STAIR_STEPS * JAKAB_STAIR_RISE
    bodies = [{"name": "ground", "type": "static", "shapes": [{"type": "plane", "normal": vec(0, 1, 0)}]},
              {"name": "landing", "type": "static", "position": vec(0, landing / 2, -0.5),
               "shapes": [{"type": "box", "halfExtents": vec(1.0, landing / 2, 0.5)}]}]
    for k in range(1, JAKAB_STAIR_STEPS):
        top = landing - k * JAKAB_STAIR_RISE
        bodies.append({"name": "step%d" % k, "type": "static",
                       "position": vec(0, top / 2, (k - 0.5) * JAKAB_STAIR_RUN),
                       "shapes": [{"type": "box", "halfExtents": vec(1.0, top / 2, JAKAB_STAIR_RUN / 2)}]})
    pivot = (0.0, landing, -0.25)  # the feet, 0.25 m before the first edge
    turn = quat_mul(quat_axis_angle((0, 1, 0), math.radians(JAKAB_RAGDOLL_YAW_DEGREES)),
                    quat_axis_angle((1, 0, 0), math.radians(JAKAB_RAGDOLL_TILT_DEGREES)))

    def place(p):
        r = quat_rotate(turn, p)
        return (pivot[0] + r[0], pivot[1] + r[1], pivot[2] + r[2])

    push = quat_rotate(turn, (0, 0, JAKAB_RAGDOLL_PUSH))
    for name, kind, size, centre in JAKAB_RAGDOLL_PARTS:
        if kind == "box":
            shape = {"type": "box", "halfExtents": vec(*size)}
        elif kind == "sphere":
            shape = {"type": "sphere", "radius": num(size)}
        else:
            shape = {"type": "capsule", "radius": num(size[0]), "center1": vec(0, -size[1], 0),
                     "center2": vec(0, size[1], 0)}
        shape["groupIndex"] = -1  # the parts of the ragdoll do not collide with each other
        bodies.append({"name": name, "position": vec(*place(centre)), "rotation": vec(*turn),
                       "linearVelocity": vec(push[0], 0, push[2]), "shapes": [shape]})
    joints = []
    for name, parent, child, anchor, axis, kind, limits in JAKAB_RAGDOLL_JOINTS:
        joint = {"name": name, "type": kind, "bodyA": parent, "bodyB": child, "anchor": vec(*place(anchor)),
                 "axis": vec(*quat_rotate(turn, axis))}
        if kind == "hinge":
            joint.update({"enableLimit": True, "lowerAngleDegrees": limits[0], "upperAngleDegrees": limits[1]})
        else:
            joint.update({"enableSwingLimit": True, "maxSwingAngleDegrees": limits[0], "enableTwistLimit": True,
                          "lowerTwistAngleDegrees": limits[1], "upperTwistAngleDegrees": limits[2]})
        joints.append(joint)
    return {
        "name": "jakab_ragdoll_stairs",
        "description": "Jakab's ragdoll: 15 bodies (boxes, capsules, a sphere; 1000 kg/m^3) on 8 ball joints with swing "
                       "cones and twist ranges (neck, spine, shoulders, wrists, hips) and 6 limited hinges (elbows, "
                       "knees, ankles), human-like ranges; standing on a landing 1.2 m up, tilted %g degrees forward, "
                       "turned %g degrees and pushed at %g m/s down %d steps (%g m rise, %g m run)."
                       % (JAKAB_RAGDOLL_TILT_DEGREES, JAKAB_RAGDOLL_YAW_DEGREES, JAKAB_RAGDOLL_PUSH,
                          JAKAB_STAIR_STEPS, JAKAB_STAIR_RISE, JAKAB_STAIR_RUN),
        "world": {"gravity": vec(0, -9.81, 0), "substeps": 20, "iterations": 1, "seconds": 4, "sleep": False},
        "bodies": bodies,
        "joints": joints,
    }


# Other generated files (not scenes): path relative to scenes/ -> text.
FILES = {
    "meshes/halfpipe.obj": halfpipe_obj,
}


# ---------------------------------------------------------------------------------------------
# The XPBD paper's remote controlled car (section 4, fig. 1 and 16, Table 1): wheels of 15 cm
# diameter (here 17 cm at the tread's surface). A rigid chassis on four hinge-joint rims with
# motors; each tire is a ring of shape-matched particles attached to its rim (ttBuildTire,
# "tires"). The paper's steering linkage from the servo is not modelled: the wheels are driven.

CAR_CHASSIS = (0.2, 0.03, 0.1)  # half extents, m
CAR_CHASSIS_MASS = 1.2  # kg
CAR_RIM = (0.05, 0.02)  # radius, half width, m
CAR_RIM_MASS = 0.15  # kg
CAR_TIRE_OUTER = 0.075  # tread particle centres, m (+ their radius 0.01)
CAR_TIRE_WIDTH = 0.04
CAR_TIRE_SEGMENTS = 24
CAR_TIRE_MASS = 0.2  # kg
CAR_WHEELBASE = 0.15  # half, m
CAR_TRACK = 0.14  # half, m
CAR_SPEED = 2.0  # m/s at the tread surface
CAR_TORQUE = 0.3  # N m per wheel (climbing 15 deg needs 0.12)


def car_bodies_joints(origin, tilt):
    """The car with its wheel centres' midpoint at `origin`, pitched by `tilt` radians about z."""
    q = quat_axis_angle((0, 0, 1), tilt)
    rim_q = quat_mul(q, quat_axis_angle((1, 0, 0), math.pi / 2))  # the cylinder's y along world z

    def at(local):
        r = quat_rotate(q, local)
        return vec(origin[0] + r[0], origin[1] + r[1], origin[2] + r[2])

    hx, hy, hz = CAR_CHASSIS
    bodies = [{"name": "chassis", "type": "dynamic", "position": at((0, 0.03, 0)), "rotation": vec(*q),
               "shapes": [{"type": "box", "halfExtents": vec(hx, hy, hz),
                           "density": num(CAR_CHASSIS_MASS / (8 * hx * hy * hz))}]}]
    joints = []
    tires = []
    radius, half = CAR_RIM
    rim_density = CAR_RIM_MASS / (math.pi * radius * radius * 2 * half)
    wheel_speed = CAR_SPEED / (CAR_TIRE_OUTER + 0.01)
    for name, x, z in (("front_left", 1, -1), ("front_right", 1, 1), ("rear_left", -1, -1), ("rear_right", -1, 1)):
        centre = at((x * CAR_WHEELBASE, 0, z * CAR_TRACK))
        rim = "rim_" + name
        bodies.append({"name": rim, "type": "dynamic", "position": centre, "rotation": vec(*rim_q),
                       "shapes": [{"type": "cylinder", "radius": radius, "halfHeight": half,
                                   "density": num(rim_density)}]})
        # Rolling toward +x turns a wheel clockwise seen from +z: a negative speed about +z.
        joints.append({"name": "axle_" + name, "type": "hinge", "bodyA": "chassis", "bodyB": rim,
                       "anchor": centre, "axis": vec(*quat_rotate(q, (0, 0, 1))),
                       "motorSpeed": num(-wheel_speed), "maxMotorTorque": CAR_TORQUE})
        tires.append({"name": "tire_" + name, "rim": rim, "axis": [0, 1, 0], "innerRadius": radius,
                      "outerRadius": CAR_TIRE_OUTER, "width": CAR_TIRE_WIDTH, "segments": CAR_TIRE_SEGMENTS,
                      "mass": CAR_TIRE_MASS, "radius": 0.01, "shapeMatchCompliance": 0, "ringCompliance": 1e-4,
                      "attachCompliance": 0.05, "staticFriction": 1.0, "dynamicFriction": 0.8,
                      # One group for the car's four tires: they never touch each other, and
                      # particles of one group skip the particle pair search.
                      "group": 1})
    return bodies, joints, tires


def car_terrain_height(x, z):
    """Waves of 2 cm, flat at the start and around the bump at x = 5 m."""
    if x < 1.5 or 4.0 <= x < 6.0:
        return 0.0
    return 0.02 * math.sin(2 * math.pi * x / 0.9) * math.cos(2 * math.pi * z / 1.3)


def car():
    step = 0.25
    columns = [-1.0 + step * c for c in range(49)]  # x from -1 to 11 m
    rows = [-1.0 + step * r for r in range(9)]  # z from -1 to 1 m
    heights = [[num(car_terrain_height(x, z)) for x in columns] for z in rows]
    ground = {"name": "terrain", "type": "static", "position": vec(-1, 0, -1),
              "shapes": [{"type": "heightfield", "heights": heights, "scale": vec(step, 1, step), "friction": 1.0}]}
    bump = {"name": "bump", "type": "static", "position": vec(5, -0.02, 0), "axisAngle": {"axis": [1, 0, 0], "degrees": 90},
            "shapes": [{"type": "cylinder", "radius": 0.06, "halfHeight": 1.0, "friction": 1.0}]}
    bodies, joints, tires = car_bodies_joints((0, CAR_TIRE_OUTER + 0.01 + 0.01, 0), 0.0)
    return {"name": "car",
            "description": "The XPBD paper's remote controlled car (section 4, fig. 1, Table 1: 20 substeps, 1 "
                           "iteration, 18 ms per frame): a 1.2 kg chassis on four 0.15 kg rims on motorized hinges, "
                           "each with a tire of 96 shape-matched particles (0.2 kg) attached to the rim, driving at "
                           "2 m/s over a heightfield with 2 cm waves and a 4 cm bump at x = 5 m.",
            "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "seconds": 5},
            "bodies": [ground, bump] + bodies, "joints": joints, "tires": tires}


CAR_SLOPE_DEGREES = 15.0


def car_slope():
    tilt = math.radians(CAR_SLOPE_DEGREES)
    ground = {"name": "slope", "type": "static",
              "shapes": [{"type": "plane", "normal": vec(-math.sin(tilt), math.cos(tilt), 0), "offset": 0,
                          "friction": 1.0}]}
    lift = CAR_TIRE_OUTER + 0.01 + 0.005
    origin = (-math.sin(tilt) * lift, math.cos(tilt) * lift, 0)
    bodies, joints, tires = car_bodies_joints(origin, tilt)
    return {"name": "car_slope",
            "description": "The car of car.json on a 15 degree slope rising toward +x (friction 1 against the "
                           "tires' 1: tan 15 deg = 0.27 needed), its motors driving it uphill.",
            "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "seconds": 4},
            "bodies": [ground] + bodies, "joints": joints, "tires": tires}


# ---------------------------------------------------------------------------------------------
# Particle scenes of `tether bench` (issue 12, item 7).


def bench_cloth():
    """A 32 x 32 particle cloth (1.6 m, 0.3 kg) dropped over a sphere 0.1 m above the ground (a sphere
    standing on the ground pinches the cloth in the wedge under it, which tears edges by half their length)."""
    return {"name": "bench_cloth",
            "description": "tether bench: a 32 x 32 particle cloth (1.6 m square, 0.3 kg, stiff stretch, bending "
                           "compliance 100) falls 0.2 m onto a static sphere (radius 0.5 m, 0.1 m above the ground) and drapes over it. "
                           "The rigid-body cloth of Jakab's comparison (issue 12, item 5) has no scene yet.",
            "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "seconds": 5},
            "bodies": [{"name": "ground", "type": "static",
                        "shapes": [{"type": "plane", "normal": [0, 1, 0], "offset": 0}]},
                       {"name": "ball", "type": "static", "position": [0, 0.6, 0],
                        "shapes": [{"type": "sphere", "radius": 0.5}]}],
            "cloths": [{"name": "cloth", "origin": [-0.8, 1.3, -0.8], "axisU": [1.6, 0, 0], "axisV": [0, 0, 1.6],
                        "countU": 32, "countV": 32, "mass": 0.3, "radius": 0.02, "stretchCompliance": 0,
                        "bendingCompliance": 100, "damping": 0.2}]}


SOFT_PILE_COUNT = 20


def bench_soft_pile():
    """20 tetrahedral soft boxes falling in layers onto 9 dynamic rigid crates."""
    bodies = [{"name": "ground", "type": "static", "shapes": [{"type": "plane", "normal": [0, 1, 0], "offset": 0}]}]
    for i in range(3):
        for k in range(3):
            bodies.append({"name": "crate%d" % (3 * i + k), "type": "dynamic", "position": vec(0.9 * (i - 1), 0.2, 0.9 * (k - 1)),
                           "shapes": [{"type": "box", "halfExtents": [0.4, 0.2, 0.4], "density": 300}]})
    soft = []
    for n in range(SOFT_PILE_COUNT):
        layer, slot = divmod(n, 5)
        x = 0.55 * (slot - 2) + 0.1 * (layer % 2)
        z = 0.35 * (layer % 2) - 0.2 + 0.1 * slot
        soft.append({"name": "soft%d" % n, "box": {"center": vec(x, 0.9 + 0.45 * layer, z),
                                                   "halfExtents": [0.15, 0.15, 0.15], "cells": [3, 3, 3]},
                     "density": 400, "radius": 0.025, "edgeCompliance": 1e-4, "volumeCompliance": 0, "damping": 0.2})
    return {"name": "bench_soft_pile",
            "description": "tether bench: 20 tetrahedral soft boxes (0.3 m, 3 x 3 x 3 cells: 64 particles and 162 "
                           "tetrahedra each, edge compliance 1e-4, incompressible) fall in four layers onto nine "
                           "dynamic rigid crates and pile up.",
            "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1, "seconds": 5},
            "bodies": bodies, "softBodies": soft}


SCENES = {
    "stack_pyramid.json": lambda: pyramid(20),
    "stack_tower.json": lambda: tower(20),
    "stack_pile.json": lambda: pile(10, 10, 0.1),
    "fig08_double_pendulum.json": lambda: pendulum(2),
    "fig08_triple_pendulum.json": lambda: pendulum(3),
    "fig08_double_pendulum_1m.json": lambda: pendulum(2, 1.0, "_1m"),
    "bench_heavy_chain.json": lambda: bench_chain(
        "bench_heavy_chain", 20, (0, -1, 0), True,
        "BENCHMARKS.md heavy_chain: 20 capsule links (0.1 kg, 0.2 m) on ball joints, the top fixed to the world, a "
        "1000 kg 0.5 m cube hanging from the last link (mass ratio 1:10,000). Starts straight and at rest; 300 steps."),
    "bench_rope.json": lambda: bench_chain(
        "bench_rope", 100, (1, 0, 0), False,
        "BENCHMARKS.md rope: 100 capsule links (0.1 kg, 0.2 m, 20 m in all) on ball joints, fixed at one end, "
        "released horizontally; 300 steps."),
    "fig08_triple_pendulum_1m.json": lambda: pendulum(3, 1.0, "_1m"),
    "fig10_chain.json": chain,
    "solver_ragdoll_chain.json": ragdoll_chain,
    "solver_disc_chain_2d.json": disc_chain_2d,
    "fig12_cradle.json": lambda: cradle(
        CRADLE_GAP, "fig12_cradle",
        "Neighbouring balls hang with a gap of 0.1 %% of the radius (%g m) so that they do not start in contact; "
        "at the impact speed a ball crosses it in a small fraction of a substep." % CRADLE_GAP),
    "fig12_cradle_gap.json": lambda: cradle(
        CRADLE_WIDE_GAP, "fig12_cradle_gap",
        "Neighbouring balls hang %g m apart (%g %% of the radius): more than a ball at the impact speed travels in "
        "one substep (1.62 m/s / 1200 Hz = 1.35 mm at 20 substeps), so that the collisions along the row happen "
        "one at a time." % (CRADLE_WIDE_GAP, 100 * CRADLE_WIDE_GAP / CRADLE_RADIUS)),
    "fig18_rope.json": rope,
    "long_range_fig17_vase.json": vase,
    "long_range_fig13_hinge_ring.json": hinge_ring,
    "lr_fig14_weights.json": lr_weights,
    "lr_fig15_rope_bridge.json": lr_rope_bridge,
    "lr_fig16_crossbow.json": lr_crossbow,
    "lr_cable_car.json": lr_cable_car,
    "lr_fig18_tower.json": lr_tower,
    "mesh_halfpipe.json": halfpipe_scene,
    "rolling_ball_sculpture.json": rolling_ball_sculpture,
    "roller_coaster.json": roller_coaster,
    "car.json": car,
    "car_slope.json": car_slope,
    "bench_cloth.json": bench_cloth,
    "bench_soft_pile.json": bench_soft_pile,
    "jakab_cloth_rigid.json": jakab_cloth_rigid,
    "jakab_cloth_particles.json": jakab_cloth_particles,
    "jakab_hair_rigid.json": jakab_hair_rigid,
    "jakab_hair_particles.json": jakab_hair_particles,
    "jakab_ragdoll_stairs.json": jakab_ragdoll_stairs,
}


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    outputs = [(name, lambda make=make: write_scene(make())) for name, make in SCENES.items()]
    outputs += list(FILES.items())
    for file_name, make in outputs:
        text = make()
        if file_name.endswith(".json"):
            json.loads(text)  # never write invalid JSON
        path = os.path.join(HERE, file_name)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(file_name)
            except FileNotFoundError:
                stale.append(file_name)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote", os.path.relpath(path))
    if stale:
        print("out of date (run python3 scenes/generate.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
