#!/usr/bin/env python3
"""Writes the 10,000-shape field scenes PERFORMANCE.md measures field mode on.

    python3 scripts/field10k.py /tmp/f    # field10k.json and field10k-z6.json

Circles, boxes, turned boxes, capsules and triangles (one kind in five
each, sizes 0.3 to 1.2) in a 300 x 300 square around the origin, a ray
crossing it and a sector query shape; seeded, so every run writes the same
files. field10k-z6.json adds a view at 6 px per unit.
"""
import json
import math
import random
import sys
from pathlib import Path

out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
out.mkdir(parents=True, exist_ok=True)
random.seed(1)
n = 10000
half = math.sqrt(n) * 1.5
shapes = []
for _ in range(n):
    k = random.randrange(5)
    p = [round(random.uniform(-half, half), 3), round(random.uniform(-half, half), 3)]
    s = random.uniform(0.3, 1.2)
    d = round(random.uniform(0, 360))
    if k == 0:
        shapes.append({"kind": "circle", "position": p, "radius": round(s, 3)})
    elif k == 1:
        shapes.append({"kind": "aabb", "position": p, "half_extents": [round(s, 3), round(s * 0.7, 3)]})
    elif k == 2:
        shapes.append({"kind": "obb", "position": p, "rotation_deg": d,
                       "half_extents": [round(s, 3), round(s * 0.6, 3)]})
    elif k == 3:
        shapes.append({"kind": "capsule", "position": p, "rotation_deg": d,
                       "half_length": round(s, 3), "radius": round(s * 0.4, 3)})
    else:
        shapes.append({"kind": "polygon", "position": p, "rotation_deg": d,
                       "vertices": [[round(s, 3), 0], [round(-s * 0.5, 3), round(s * 0.866, 3)],
                                    [round(-s * 0.5, 3), round(-s * 0.866, 3)]]})
scene = {
    "version": 2,
    "name": "10k field",
    "shapes": shapes,
    "ray": {"kind": "ray", "position": [-140, -20], "rotation_deg": 10},
    "query": {"kind": "sector", "position": [30, 30], "radius": 25, "half_angle_deg": 40},
}
(out / "field10k.json").write_text(json.dumps(scene))
scene["view"] = {"center": [0, 0], "zoom": 6}
(out / "field10k-z6.json").write_text(json.dumps(scene))
print(f"wrote {out / 'field10k.json'} and {out / 'field10k-z6.json'}")
