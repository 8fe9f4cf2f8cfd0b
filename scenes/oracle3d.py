#!/usr/bin/env python3
"""An independent check of every `expect` block of the 3D scenes (version 3).

It shares no code or algorithm with satlab (no GJK, no SAT candidate
search): each shape is the convex hull of a small set of points swept by a
ball (point, segment, ray cut at 1e4, sphere, box corners, capsule,
triangle, hull points), built from the definitions in docs/scene-format.md
in double precision.

- Distance between two hulls of point sets: the smallest distance between a
  point of one and a triangle or a segment or a point of the other, or a
  segment of each (every face of a hull is covered by triangles of its
  points, and two disjoint convex sets are nearest on their boundaries).
  Point-to-triangle: the foot of the perpendicular if it falls inside
  (barycentric test), else the nearest edge. Segment-to-segment: the lines'
  nearest points if both fall inside, else an endpoint against a segment.
  Radii are subtracted.
- Overlap first: the cores overlap when no axis separates their projections,
  over every normal of a plane through three points of one set, every cross
  product of a direction between two points of one set with one of the
  other (the facet normals of the Minkowski difference are among them), and
  for flat or thin sets those normals crossed with every direction (their
  in-plane normals). The least overlap over them is the cores' penetration;
  overlapping cores add both radii, cores apart give rA + rB - core distance.

- Time of impact (a scene with a `motion` block): the signed distance of
  two convex shapes under translations is convex in t, so its smallest value
  over [0, 1] is found by golden-section search; none when it stays above 0,
  else the first time it reaches 0 by bisection before that minimum (0 when
  the shapes already touch within the contact tolerance at t = 0).

The contact tolerance is 1e-4: shapes at most that far apart intersect.
Usage: python3 scenes/oracle3d.py [FILES or FOLDERS]   (default: scenes/08-3d and scenes/10-3d-motion)
Exit status 1 when some expectation disagrees with the oracle.
"""

import itertools
import json
import math
import os
import sys

CONTACT = 1e-4
RAY_CUT = 1e4


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def mul(a, k):
    return (a[0] * k, a[1] * k, a[2] * k)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a):
    return math.sqrt(dot(a, a))


def sin_cos(deg):
    d = deg % 360.0
    exact = {0.0: (0.0, 1.0), 90.0: (1.0, 0.0), 180.0: (0.0, -1.0), 270.0: (-1.0, 0.0)}
    if d in exact:
        return exact[d]
    r = math.radians(deg)
    return (math.sin(r), math.cos(r))


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def rotation(shape):
    """Rows of the matrix R with world = position + R local."""
    if "quaternion" in shape:
        x, y, z, w = shape["quaternion"]
        n = math.sqrt(x * x + y * y + z * z + w * w)
        x, y, z, w = x / n, y / n, z / n, w / n
        return [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    ax, ay, az = shape.get("rotation_deg", [0, 0, 0])
    sx, cx = sin_cos(ax)
    sy, cy = sin_cos(ay)
    sz, cz = sin_cos(az)
    rx = [[1, 0, 0], [0, cx, -sx], [0, sx, cx]]
    ry = [[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]]
    rz = [[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]]
    return matmul(rz, matmul(ry, rx))


def points(shape):
    """(points, radius) whose hull swept by the radius is the shape."""
    kind = shape["kind"]
    p = tuple(float(v) for v in shape["position"])
    r = rotation(shape)

    def w(v):
        return add(p, tuple(sum(r[i][k] * v[k] for k in range(3)) for i in range(3)))

    if kind == "point":
        return [p], 0.0
    if kind == "sphere":
        return [p], shape["radius"]
    if kind in ("segment", "capsule"):
        h = shape["half_length"]
        return [w((-h, 0, 0)), w((h, 0, 0))], shape.get("radius", 0.0)
    if kind == "ray":
        return [p, w((shape.get("length", RAY_CUT), 0, 0))], 0.0
    if kind in ("aabb", "obb"):
        hx, hy, hz = shape["half_extents"]
        return [w((sx * hx, sy * hy, sz * hz)) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], 0.0
    if kind == "triangle":
        return [w(tuple(v)) for v in shape["vertices"]], 0.0
    if kind == "hull":
        return [w(tuple(v)) for v in shape["points"]], 0.0
    raise ValueError("unknown kind " + kind)


def seg_point(a, b, x):
    d = sub(b, a)
    l = dot(d, d)
    t = 0.0 if l == 0 else max(0.0, min(1.0, dot(sub(x, a), d) / l))
    return norm(sub(x, add(a, mul(d, t))))


def tri_point(a, b, c, x):
    n = cross(sub(b, a), sub(c, a))
    nn = dot(n, n)
    if nn > 1e-24:
        h = dot(sub(x, a), n) / nn
        f = sub(x, mul(n, h))
        # Inside when f is on the inner side of every edge.
        s = [dot(cross(sub(q, p), sub(f, p)), n) for p, q in ((a, b), (b, c), (c, a))]
        if all(v >= 0 for v in s):
            return abs(h) * math.sqrt(nn)
    return min(seg_point(a, b, x), seg_point(b, c, x), seg_point(c, a, x))


def seg_seg(a, b, c, d):
    u, v, r = sub(b, a), sub(d, c), sub(a, c)
    uu, vv, uv = dot(u, u), dot(v, v), dot(u, v)
    den = uu * vv - uv * uv
    best = min(seg_point(c, d, a), seg_point(c, d, b), seg_point(a, b, c), seg_point(a, b, d))
    if den > 1e-18 * max(uu * vv, 1e-300):
        s = (uv * dot(v, r) - vv * dot(u, r)) / den
        t = (uu * dot(v, r) - uv * dot(u, r)) / den
        if 0 <= s <= 1 and 0 <= t <= 1:
            best = min(best, norm(sub(add(a, mul(u, s)), add(c, mul(v, t)))))
    return best


def core_distance(pa, pb):
    best = math.inf
    for p, q in ((pa, pb), (pb, pa)):
        for x in q:
            for y in p:
                best = min(best, norm(sub(x, y)))
            for a, b in itertools.combinations(p, 2):
                best = min(best, seg_point(a, b, x))
            for a, b, c in itertools.combinations(p, 3):
                best = min(best, tri_point(a, b, c, x))
    for a, b in itertools.combinations(pa, 2):
        for c, d in itertools.combinations(pb, 2):
            best = min(best, seg_seg(a, b, c, d))
    return best


def unit(v):
    n = norm(v)
    return None if n < 1e-12 else mul(v, 1.0 / n)


def max_gap(pa, pb):
    """Largest gap (negative: least overlap) over the exhaustive axes."""
    axes = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
    dirs = []
    for p in (pa, pb):
        for a, b, c in itertools.combinations(p, 3):
            n = unit(cross(sub(b, a), sub(c, a)))
            if n:
                axes.append(n)
    da = [u for u in (unit(sub(b, a)) for a, b in itertools.combinations(pa, 2)) if u]
    db = [u for u in (unit(sub(b, a)) for a, b in itertools.combinations(pb, 2)) if u]
    for x in da:
        for y in db:
            n = unit(cross(x, y))
            if n:
                axes.append(n)
    # Flat or thin sets: directions in their plane or across their line
    # (a plane normal, or a world axis, crossed with a direction).
    normals = list(axes)
    for x in da + db:
        for t in normals:
            n = unit(cross(x, t))
            if n:
                axes.append(n)
    best = -math.inf
    for u in axes:
        a = [dot(u, p) for p in pa]
        b = [dot(u, p) for p in pb]
        best = max(best, min(b) - max(a), min(a) - max(b))
    return best


def judge(scene):
    """(intersects, distance, penetration or None) for a 3D scene."""
    pa, ra = points(scene["a"])
    pb, rb = points(scene["b"])
    g = max_gap(pa, pb)
    core = 0.0 if g <= 0 else core_distance(pa, pb)
    d = core - ra - rb
    hit = d <= CONTACT
    depth = None
    bounded = all(not (s["kind"] == "ray" and "length" not in s) for s in (scene["a"], scene["b"]))
    if hit and bounded:
        depth = max(ra + rb + (-g if g <= 0 else -core), 0.0)
    return hit, max(d, 0.0) if not hit else 0.0, depth


def signed_at(scene, t):
    """Signed distance (negative: the cores' least overlap plus the radii)
    with each shape moved by t times its motion."""
    motion = scene.get("motion", {})

    def moved(side):
        shape = dict(scene[side])
        v = motion.get(side, [0, 0, 0])
        shape["position"] = [shape["position"][i] + t * v[i] for i in range(3)]
        return points(shape)

    (pa, ra), (pb, rb) = moved("a"), moved("b")
    g = max_gap(pa, pb)
    core = g if g <= 0 else core_distance(pa, pb)
    return core - ra - rb


def time_of_impact(scene):
    """The first t in [0, 1] at which the shapes touch, or None."""
    if signed_at(scene, 0.0) <= CONTACT:
        return 0.0
    k = (math.sqrt(5) - 1) / 2
    lo, hi = 0.0, 1.0
    for _ in range(60):
        x1, x2 = hi - k * (hi - lo), lo + k * (hi - lo)
        if signed_at(scene, x1) <= signed_at(scene, x2):
            hi = x2
        else:
            lo = x1
    end = 1.0 if signed_at(scene, 1.0) <= signed_at(scene, lo) else lo
    if signed_at(scene, end) > 0:
        return None
    lo, hi = 0.0, end
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if signed_at(scene, mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


def files(args):
    out = []
    for a in args:
        if os.path.isdir(a):
            for root, _, names in os.walk(a):
                out += [os.path.join(root, n) for n in sorted(names) if n.endswith(".json")]
        else:
            out.append(a)
    return sorted(out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = sys.argv[1:] or [os.path.join(here, "08-3d"), os.path.join(here, "10-3d-motion")]
    bad = 0
    for path in files(args):
        with open(path, encoding="utf-8") as f:
            scene = json.load(f)
        if scene.get("version") != 3 or "expect" not in scene:
            continue
        e = scene["expect"]
        tol = e.get("tolerance", 1e-3)
        hit, dist, depth = judge(scene)
        problems = []
        if hit != e["intersects"]:
            problems.append(f"intersects: expected {e['intersects']}, oracle {hit}")
        if "distance" in e and abs(e["distance"] - dist) > tol:
            problems.append(f"distance: expected {e['distance']}, oracle {dist:.6f}")
        if "penetration" in e and (depth is None or abs(e["penetration"] - depth) > tol):
            problems.append(f"penetration: expected {e['penetration']}, oracle {depth}")
        if "time_of_impact" in e:
            t = time_of_impact(scene)
            want = e["time_of_impact"]
            if (want == "none") != (t is None) or (t is not None and abs(want - t) > tol):
                problems.append(f"time_of_impact: expected {want}, oracle {t}")
        name = os.path.relpath(path)
        if problems:
            bad += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            print(f"ok   {name}  (d={dist:.6f}, depth={'-' if depth is None else f'{depth:.6f}'})")
    print(f"{bad} disagreement(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
