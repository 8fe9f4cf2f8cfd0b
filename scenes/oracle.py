#!/usr/bin/env python3
"""An independent brute-force check of every `expect` block in scenes/.

It shares no code or algorithm with satlab. For two convex sets A and B,
support functions give everything:

    g(u) = min over b in B of u.b  -  max over a in A of u.a

    distance    = max(0, max_u g(u))          (separated when max_u g(u) > 0)
    penetration = -max_u g(u)                 (when they intersect)

Each shape's support function is written from its definition in
docs/scene-format.md; the maximum over unit directions u is found by
sampling 7200 angles and refining the best ones by golden-section search.
Sectors wider than 90 degrees are split into two halves (a union: the
verdict and the distance are taken over the halves; no penetration). Lines
and rays are clipped to a segment long enough to cover the other shape.

Field scenes (version 2 with `shapes`) are checked shape by shape with the
same machinery: the query shape intersects a field shape when the pair's
max_u g(u) is at most the contact tolerance; a ray's hit on a shape is found
by sphere tracing (march along the ray by the point's distance to the shape,
a step that can never pass the surface), with point-to-shape distances
written from the definitions: distance to the convex hull of a piece's points
minus its radius, or to a sector's arc and edges.

Usage: python3 scenes/oracle.py [FILES or FOLDERS]   (default: scenes/)
Exit status 1 when some expectation disagrees with the oracle.
"""

import json
import math
import os
import sys

CONTACT = 1e-4


def rot(deg):
    d = deg % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if d in exact:
        return exact[d]
    r = math.radians(d)
    return (math.cos(r), math.sin(r))


def world(pose, p):
    (px, py), (c, s) = pose
    return (px + c * p[0] - s * p[1], py + s * p[0] + c * p[1])


def pieces(shape, other_bounds):
    """Convex pieces: ('pts', points, radius) or ('sector', apex, facing_deg, half_deg, radius)."""
    kind = shape["kind"]
    pos = tuple(shape["position"])
    deg = shape.get("rotation_deg", 0.0)
    pose = (pos, rot(deg))
    if kind == "point":
        return [("pts", [pos], 0.0)]
    if kind == "circle":
        return [("pts", [pos], shape["radius"])]
    if kind in ("segment", "capsule"):
        h = shape["half_length"]
        return [("pts", [world(pose, (-h, 0)), world(pose, (h, 0))], shape.get("radius", 0.0))]
    if kind in ("aabb", "obb"):
        hx, hy = shape["half_extents"]
        return [("pts", [world(pose, (sx * hx, sy * hy)) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], 0.0)]
    if kind == "polygon":
        return [("pts", [world(pose, tuple(v)) for v in shape["vertices"]], 0.0)]
    if kind in ("ray", "line"):
        # Clip to a segment covering the other shape's bounding box generously.
        (x0, y0), (x1, y1) = other_bounds
        reach = math.hypot(x1 - x0, y1 - y0) + math.hypot(x0 - pos[0], y0 - pos[1]) + 10.0
        if kind == "ray":
            length = shape.get("length") or reach
            return [("pts", [pos, world(pose, (length, 0))], 0.0)]
        return [("pts", [world(pose, (-reach, 0)), world(pose, (reach, 0))], 0.0)]
    if kind == "sector":
        h = shape["half_angle_deg"]
        if h <= 90 or h >= 180:
            return [("sector", pos, deg, h, shape["radius"])]
        return [
            ("sector", pos, deg - h / 2, h / 2, shape["radius"]),
            ("sector", pos, deg + h / 2, h / 2, shape["radius"]),
        ]
    raise ValueError("unknown kind " + kind)


def bounds(shape):
    """A rough bounding box (only used to clip lines and rays)."""
    pos = shape["position"]
    size = 1.0
    for k in ("radius", "half_length", "length"):
        if shape.get(k):
            size += abs(shape[k])
    if "half_extents" in shape:
        size += sum(abs(v) for v in shape["half_extents"])
    if "vertices" in shape:
        size += max(math.hypot(*v) for v in shape["vertices"]) if shape["vertices"] else 0
    return ((pos[0] - size, pos[1] - size), (pos[0] + size, pos[1] + size))


def support(piece, ux, uy):
    """max over the piece of u.x"""
    if piece[0] == "pts":
        _, pts, r = piece
        return max(ux * x + uy * y for x, y in pts) + r
    _, apex, facing, half, radius = piece
    best = ux * apex[0] + uy * apex[1]
    for a in (facing - half, facing + half):
        c, s = rot(a)
        best = max(best, ux * (apex[0] + radius * c) + uy * (apex[1] + radius * s))
    # The arc point in direction u, when u lies within the wedge.
    ang = math.degrees(math.atan2(uy, ux))
    off = (ang - facing + 180.0) % 360.0 - 180.0
    if abs(off) <= half + 1e-12:
        best = max(best, ux * apex[0] + uy * apex[1] + radius)
    return best


def g(pa, pb, t):
    ux, uy = math.cos(t), math.sin(t)
    return -support(pb, -ux, -uy) - support(pa, ux, uy)


def max_gap(pa, pb, n=7200):
    step = 2 * math.pi / n
    vals = [(g(pa, pb, i * step), i * step) for i in range(n)]
    vals.sort(reverse=True)
    best = vals[0][0]
    for _, t0 in vals[:8]:
        lo, hi = t0 - step, t0 + step
        phi = (math.sqrt(5) - 1) / 2
        for _ in range(80):
            m1, m2 = hi - phi * (hi - lo), lo + phi * (hi - lo)
            if g(pa, pb, m1) < g(pa, pb, m2):
                lo = m1
            else:
                hi = m2
        best = max(best, g(pa, pb, (lo + hi) / 2))
    return best


def judge(scene):
    a, b = scene["a"], scene["b"]
    pas, pbs = pieces(a, bounds(b)), pieces(b, bounds(a))
    gaps = [max_gap(p, q) for p in pas for q in pbs]
    f = min(gaps)  # union: the closest pair of pieces decides
    intersects = f <= CONTACT
    out = {"intersects": intersects, "distance": 0.0 if intersects else f}
    convex_bounded = len(pas) == 1 and len(pbs) == 1 and all(
        s["kind"] not in ("line", "ray") or s.get("length") for s in (a, b)
    )
    if intersects and convex_bounded:
        out["penetration"] = max(0.0, -f)
    return out


def seg_dist(p, a, b):
    ex, ey = b[0] - a[0], b[1] - a[1]
    ll = ex * ex + ey * ey
    u = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / ll))
    return math.hypot(p[0] - a[0] - u * ex, p[1] - a[1] - u * ey)


def hull_dist(pts, p):
    """Distance from p to the convex polygon (or segment, or point) through pts."""
    if len(pts) == 1:
        return math.hypot(p[0] - pts[0][0], p[1] - pts[0][1])
    edges = list(zip(pts, pts[1:] + pts[:1])) if len(pts) > 2 else [(pts[0], pts[1])]
    if len(pts) > 2:
        sides = [(b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) for a, b in edges]
        if all(c >= 0 for c in sides) or all(c <= 0 for c in sides):
            return 0.0
    return min(seg_dist(p, a, b) for a, b in edges)


def piece_dist(piece, p):
    if piece[0] == "pts":
        _, pts, r = piece
        return max(0.0, hull_dist(pts, p) - r)
    _, apex, facing, half, radius = piece
    vx, vy = p[0] - apex[0], p[1] - apex[1]
    off = (math.degrees(math.atan2(vy, vx)) - facing + 180.0) % 360.0 - 180.0
    within = abs(off) <= half + 1e-12
    if within and math.hypot(vx, vy) <= radius:
        return 0.0
    best = min(seg_dist(p, apex, world((apex, rot(facing + s * half)), (radius, 0))) for s in (-1, 1))
    if within:
        best = min(best, math.hypot(vx, vy) - radius)
    return best


FAR = ((-1e6, -1e6), (1e6, 1e6))


def shape_dist(shape, p):
    return min(piece_dist(q, p) for q in pieces(shape, FAR))


def ray_hit(ray, shape):
    """The smallest t >= 0 at which the ray meets the shape, or None (sphere tracing)."""
    o = tuple(ray["position"])
    c, s = rot(ray.get("rotation_deg", 0.0))
    max_t = ray.get("length") or math.inf
    (bx0, by0), (bx1, by1) = bounds(shape)
    # Beyond this t the ray is past the shape's bounding box for good.
    far = math.hypot(bx1 - bx0, by1 - by0) + math.hypot((bx0 + bx1) / 2 - o[0], (by0 + by1) / 2 - o[1])
    t = 0.0
    for _ in range(100000):
        d = shape_dist(shape, (o[0] + c * t, o[1] + s * t))
        if d <= 1e-9:
            return t if t <= max_t + 1e-9 else None
        t += d
        if t > min(max_t, far):
            return None
    return None


def judge_field(scene):
    """Ray hits sorted by t (then index), the first hit, and the query hits."""
    shapes = scene["shapes"]
    out = {}
    if scene.get("ray"):
        hits = [(t, i) for i, sh in enumerate(shapes) for t in [ray_hit(scene["ray"], sh)] if t is not None]
        hits.sort()
        out["hits"] = hits
    if scene.get("query"):
        q = scene["query"]
        out["query_hits"] = [i for i, sh in enumerate(shapes) if judge({"a": q, "b": sh})["intersects"]]
    return out


def entry(h):
    return (h, None) if isinstance(h, int) else (h["shape"], h.get("t"))


def check_field(scene, exp):
    got = judge_field(scene)
    tol = exp.get("tolerance", 0.001)
    problems = []
    if "hits" in exp or "first_hit" in exp:
        t_of = {i: t for t, i in got["hits"]}
    if "hits" in exp:
        want = [entry(h) for h in exp["hits"]]
        ordered = sorted(i for i, _ in want) == sorted(t_of) and all(
            t_of[a] <= t_of[b] + tol for k, (a, _) in enumerate(want) for b, _ in want[k + 1:]
        )
        if not ordered:
            problems.append("hits: expected %s, oracle %s" % ([i for i, _ in want], [(i, round(t, 6)) for t, i in got["hits"]]))
        for i, t in want:
            if t is not None and i in t_of and abs(t_of[i] - t) > tol:
                problems.append("hits: shape %d at t %s, oracle %.7f" % (i, t, t_of[i]))
    if "first_hit" in exp:
        first = got["hits"][0] if got["hits"] else None
        if exp["first_hit"] == "none":
            if first is not None:
                problems.append("first_hit: expected none, oracle shape %d at t %.7f" % (first[1], first[0]))
        else:
            i, t = entry(exp["first_hit"])
            if first is None or i not in t_of or t_of[i] > first[0] + tol:
                problems.append("first_hit: expected shape %d, oracle %s" % (i, first))
            elif t is not None and abs(t_of[i] - t) > tol:
                problems.append("first_hit: shape %d at t %s, oracle %.7f" % (i, t, t_of[i]))
    if "query_hits" in exp and sorted(exp["query_hits"]) != got["query_hits"]:
        problems.append("query_hits: expected %s, oracle %s" % (sorted(exp["query_hits"]), got["query_hits"]))
    return problems


def files(args):
    for p in args:
        if os.path.isdir(p):
            for root, _, names in sorted(os.walk(p)):
                for n in sorted(names):
                    if n.endswith(".json"):
                        yield os.path.join(root, n)
        else:
            yield p


def main():
    args = sys.argv[1:] or [os.path.dirname(os.path.abspath(__file__))]
    bad = checked = 0
    for path in files(args):
        with open(path, encoding="utf-8") as fh:
            scene = json.load(fh)
        exp = scene.get("expect")
        if not exp:
            continue
        checked += 1
        if "shapes" in scene:
            problems = check_field(scene, exp)
            if problems:
                bad += 1
                for p in problems:
                    print("DISAGREE %s: %s" % (path, p))
            continue
        got = judge(scene)
        tol = exp.get("tolerance", 0.001)
        problems = []
        if exp["intersects"] != got["intersects"]:
            problems.append("intersects: expected %s, oracle %s" % (exp["intersects"], got["intersects"]))
        for k in ("distance", "penetration"):
            if k in exp:
                if k not in got:
                    problems.append("%s: expected %s, oracle: not defined" % (k, exp[k]))
                elif abs(exp[k] - got[k]) > tol:
                    problems.append("%s: expected %s, oracle %.7f" % (k, exp[k], got[k]))
        if problems:
            bad += 1
            for p in problems:
                print("DISAGREE %s: %s" % (path, p))
    print("%d scenes checked, %d disagree with the oracle" % (checked, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
