#!/usr/bin/env python3
"""Writes the joint-only benchmark scenes of shared/BENCHMARKS.md (heavy_chain, rope).

Capsule links of radius 0.05 m and 0.1 kg with 0.2 m between joint points, on ball joints,
y up, g = 9.81 m/s^2, 1/60 s steps, no collisions. Run from the repository root."""
import json

LINK = 0.2
RADIUS = 0.05


def link_body(name, center, axis):
    # The capsule's segment runs along the link between its two joint points.
    half = [LINK / 2 * a for a in axis]
    return {"name": name, "position": center, "mass": 0.1,
            "shapes": [{"type": "capsule", "radius": RADIUS,
                        "center1": [-h for h in half], "center2": half}]}


def chain(name, count, direction, seconds, heavy_box, description):
    top = [0.0, 10.0, 0.0]
    bodies, joints = [], []
    for i in range(count):
        center = [top[k] + direction[k] * LINK * (i + 0.5) for k in range(3)]
        bodies.append(link_body(f"link{i}", center, direction))
        joint_point = [top[k] + direction[k] * LINK * i for k in range(3)]
        joints.append({"name": f"ball{i}", "type": "spherical",
                       "bodyA": None if i == 0 else f"link{i - 1}", "bodyB": f"link{i}",
                       "anchor": joint_point})
    if heavy_box:
        end = [top[k] + direction[k] * LINK * count for k in range(3)]
        # 0.5 m cube hanging by the centre of its top face.
        bodies.append({"name": "weight", "position": [end[0], end[1] - 0.25, end[2]], "mass": 1000.0,
                       "inertia": [1000.0 * 0.5 / 6.0] * 3,
                       "shapes": [{"type": "box", "halfExtents": [0.25, 0.25, 0.25]}]})
        joints.append({"name": "hook", "type": "spherical", "bodyA": f"link{count - 1}", "bodyB": "weight",
                       "anchor": end})
    return {"name": name, "description": description,
            "world": {"gravity": [0, -9.81, 0], "substeps": 20, "iterations": 1,
                      "seconds": seconds, "contacts": False},
            "bodies": bodies, "joints": joints}


def write(scene):
    # One body or joint per line: readable and diff-friendly.
    lines = ["{"]
    for key in ("name", "description", "world"):
        lines.append(f' "{key}": {json.dumps(scene[key])},')
    for key in ("bodies", "joints"):
        items = ",\n  ".join(json.dumps(item) for item in scene[key])
        lines.append(f' "{key}": [\n  {items}\n ]' + ("," if key == "bodies" else ""))
    lines.append("}")
    with open(f"scenes/{scene['name']}.json", "w") as f:
        f.write("\n".join(lines) + "\n")


write(chain("bench_heavy_chain", 20, [0, -1, 0], 5, True,
            "BENCHMARKS.md heavy_chain: 20 capsule links (0.1 kg, 0.2 m) on ball joints, top fixed to the "
            "world, a 1000 kg 0.5 m cube hanging from the last link (mass ratio 1:10,000). 300 steps."))
write(chain("bench_rope", 100, [1, 0, 0], 5, False,
            "BENCHMARKS.md rope: 100 capsule links (0.1 kg, 0.2 m, 20 m in all) on ball joints, fixed at "
            "one end, released horizontally. 300 steps."))
