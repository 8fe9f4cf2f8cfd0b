use crate::geom::pose::unrotate;
use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// A convex polygon in world space: local counter-clockwise `verts` and
/// outward unit `normals`, placed at `t` turned by `rot = (cos, sin)`.
#[derive(Debug, Clone, Copy)]
pub struct PolygonRef<'a> {
    /// World position of the local origin.
    pub t: Vec2,
    /// `(cos θ, sin θ)`.
    pub rot: Vec2,
    /// Local vertices, counter-clockwise.
    pub verts: &'a [Vec2],
    /// Local outward unit normals, normal `i` for edge `i → i+1`.
    pub normals: &'a [Vec2],
}

const STACK: usize = 32;

/// Largest separation of `b` from `a` along `a`'s edge normals (Box2D's
/// `b2FindMaxSeparation`): for each edge of `a`, the least signed distance
/// of `b`'s vertices in front of it. Stops early above `stop_above`.
fn max_separation(a: &PolygonRef, b: &PolygonRef, stop_above: f32) -> f32 {
    let rot = unrotate(a.rot, b.rot);
    let t = unrotate(a.rot, b.t - a.t);
    let mut buf = [Vec2::ZERO; STACK];
    let n = b.verts.len();
    let on_stack = n <= STACK;
    if on_stack {
        for (slot, v) in buf.iter_mut().zip(b.verts) {
            *slot = t + rot.rotate(*v);
        }
    }
    let mut best = f32::NEG_INFINITY;
    for (va, na) in a.verts.iter().zip(a.normals) {
        let mut s = f32::INFINITY;
        if on_stack {
            for w in &buf[..n] {
                s = s.min(na.dot(*w - *va));
            }
        } else {
            for v in b.verts {
                s = s.min(na.dot(t + rot.rotate(*v) - *va));
            }
        }
        best = best.max(s);
        if best > stop_above {
            break;
        }
    }
    best
}

/// The larger of the two polygons' max separations: positive = separated
/// by at least that much.
pub fn polygon_polygon_max_separation(a: &PolygonRef, b: &PolygonRef) -> f32 {
    let s = max_separation(a, b, CONTACT_TOLERANCE);
    if s > CONTACT_TOLERANCE {
        return s;
    }
    s.max(max_separation(b, a, CONTACT_TOLERANCE))
}

/// Polygon–polygon by SAT on the edge normals of both: separated when some
/// edge has every vertex of the other polygon in front of it. Within the
/// contact tolerance the exact distance decides (the least vertex–edge
/// distance, which for disjoint convex polygons is their distance).
pub fn polygon_polygon(a: &PolygonRef, b: &PolygonRef) -> bool {
    let s = polygon_polygon_max_separation(a, b);
    if s <= 0.0 {
        return true;
    }
    if s > CONTACT_TOLERANCE {
        return false;
    }
    vertex_edge_sq_distance(a, b).min(vertex_edge_sq_distance(b, a))
        <= CONTACT_TOLERANCE * CONTACT_TOLERANCE
}

fn vertex_edge_sq_distance(a: &PolygonRef, b: &PolygonRef) -> f32 {
    let world = |p: &PolygonRef, i: usize| p.t + p.rot.rotate(p.verts[i % p.verts.len()]);
    let mut best = f32::INFINITY;
    for i in 0..a.verts.len() {
        let v = world(a, i);
        for j in 0..b.verts.len() {
            best = best.min(super::disc_capsule_sq_distance(
                v,
                world(b, j),
                world(b, j + 1),
            ));
        }
    }
    best
}
