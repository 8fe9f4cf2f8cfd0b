use crate::geom::pose::unrotate;
use crate::geom::query::classic::disc_capsule_sq_distance;
use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Capsule–convex polygon (a segment is a capsule of radius 0), in the
/// polygon's frame as [`super::disc_polygon()`]: the core segment `[p, q]`
/// (world, relative to the same origin as `t`) swept by `r` meets the
/// polygon when their distance is at most `r` (plus the contact tolerance).
///
/// 1. SAT between the core and the polygon: the polygon's edge normals,
///    one-sided (the nearer end's `n · (x − v)`, as Box2D's
///    `b2FindMaxSeparation`), and the core's normal, both sides. A gap above
///    `r + tolerance` on any of them means apart; none above 0 means the
///    core crosses the polygon.
/// 2. Otherwise the core and the polygon are disjoint, and their distance is
///    that of the nearest vertex–edge pair: an end of the core to an edge,
///    or a vertex to the core.
///
/// `verts`/`normals` are the polygon's local counter-clockwise vertices and
/// outward unit normals; `t`, `rot` its pose (position, `(cos, sin)`).
pub fn capsule_polygon(
    p: Vec2,
    q: Vec2,
    r: f32,
    t: Vec2,
    rot: Vec2,
    verts: &[Vec2],
    normals: &[Vec2],
) -> bool {
    let (p, q) = (unrotate(rot, p - t), unrotate(rot, q - t));
    let rr = r + CONTACT_TOLERANCE;
    let mut best = f32::NEG_INFINITY;
    for (v, n) in verts.iter().zip(normals) {
        let s = n.dot(p - *v).min(n.dot(q - *v));
        if s > rr {
            return false;
        }
        best = best.max(s);
    }
    let d = q - p;
    let len = d.length();
    if len > 0.0 {
        // The polygon's extent along the core's normal, from the core's line.
        let m = d.perp() / len;
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        for v in verts {
            let s = m.dot(*v - p);
            lo = lo.min(s);
            hi = hi.max(s);
        }
        let s = lo.max(-hi);
        if s > rr {
            return false;
        }
        best = best.max(s);
    }
    if best <= 0.0 {
        return true;
    }
    let n = verts.len();
    let mut d2 = f32::INFINITY;
    for i in 0..n {
        let (a, b) = (verts[i], verts[(i + 1) % n]);
        d2 = d2
            .min(disc_capsule_sq_distance(p, a, b))
            .min(disc_capsule_sq_distance(q, a, b))
            .min(disc_capsule_sq_distance(a, p, q));
    }
    d2 <= rr * rr
}
