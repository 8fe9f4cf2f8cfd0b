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

/// Edges handled together: one running minimum per edge, four edges at a
/// time, which the compiler turns into one vector lane each.
const LANES: usize = 4;

/// Largest separation of `b` from `a` along `a`'s edge normals (Box2D's
/// `b2FindMaxSeparation`): for each edge of `a`, the least signed distance
/// of `b`'s vertices in front of it. Stops early above `stop_above`.
///
/// `b`'s vertices are carried into `a`'s frame once; `a`'s edges are taken
/// [`LANES`] at a time, each lane keeping its own minimum of the same
/// expression `n · (w − v)` as a plain loop, and the edges are then visited
/// in order for the maximum and the early stop, so the result is bit for bit
/// that of the plain loop.
fn max_separation(a: &PolygonRef, b: &PolygonRef, stop_above: f32) -> f32 {
    let rot = unrotate(a.rot, b.rot);
    let t = unrotate(a.rot, b.t - a.t);
    let n = b.verts.len();
    if n > STACK {
        return max_separation_unbuffered(a, b, rot, t, stop_above);
    }
    let mut buf = [Vec2::ZERO; STACK];
    for (slot, v) in buf.iter_mut().zip(b.verts) {
        *slot = t + rot.rotate(*v);
    }
    let w = &buf[..n];
    let mut best = f32::NEG_INFINITY;
    for (vs, ns) in a.verts.chunks(LANES).zip(a.normals.chunks(LANES)) {
        // Unused lanes (a last, short chunk) hold zeros and are never read.
        let (mut vx, mut vy, mut nx, mut ny) =
            ([0.0f32; LANES], [0.0; LANES], [0.0; LANES], [0.0; LANES]);
        for (k, (v, nm)) in vs.iter().zip(ns).enumerate() {
            (vx[k], vy[k], nx[k], ny[k]) = (v.x, v.y, nm.x, nm.y);
        }
        let mut m = [f32::INFINITY; LANES];
        for p in w {
            for k in 0..LANES {
                let d = nx[k] * (p.x - vx[k]) + ny[k] * (p.y - vy[k]);
                // Like `min`, a NaN `d` is skipped.
                if d < m[k] {
                    m[k] = d;
                }
            }
        }
        for &s in &m[..vs.len().min(ns.len())] {
            best = best.max(s);
            if best > stop_above {
                return best;
            }
        }
    }
    best
}

/// [`max_separation`] for polygons too large for the stack buffer.
fn max_separation_unbuffered(
    a: &PolygonRef,
    b: &PolygonRef,
    rot: Vec2,
    t: Vec2,
    stop_above: f32,
) -> f32 {
    let mut best = f32::NEG_INFINITY;
    for (va, na) in a.verts.iter().zip(a.normals) {
        let mut s = f32::INFINITY;
        for v in b.verts {
            s = s.min(na.dot(t + rot.rotate(*v) - *va));
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

/// Relative margin of [`circle_pretest`], far above the rounding of its
/// few operations and of SAT's own, so the pretest only answers where SAT
/// answers the same.
const PRETEST_MARGIN: f32 = 1e-5;

/// Exact early answers from two circles about each polygon's position `t`:
/// every vertex lies within `far` of it, and when `t` is inside the polygon
/// (every edge line at a positive distance `n_i · v_i`) the disc of radius
/// `near` lies inside it. Bounding circles farther apart than the contact
/// tolerance mean the polygons are; inscribed discs that overlap mean the
/// polygons do. Costs one pass over the vertices of each, against SAT's
/// one pass per edge; whatever it cannot tell goes to SAT.
fn circle_pretest(a: &PolygonRef, b: &PolygonRef) -> Option<bool> {
    let circles = |p: &PolygonRef| {
        let (mut far2, mut near) = (0.0f32, f32::INFINITY);
        for (v, n) in p.verts.iter().zip(p.normals) {
            far2 = far2.max(v.length_squared());
            near = near.min(n.dot(*v));
        }
        (far2.sqrt(), near)
    };
    let ((far_a, near_a), (far_b, near_b)) = (circles(a), circles(b));
    let d2 = (b.t - a.t).length_squared();
    let far = (far_a + far_b) * (1.0 + PRETEST_MARGIN) + CONTACT_TOLERANCE;
    if d2 > far * far {
        return Some(false);
    }
    if near_a > 0.0 && near_b > 0.0 {
        let near = (near_a + near_b) * (1.0 - PRETEST_MARGIN);
        if d2 < near * near {
            return Some(true);
        }
    }
    None
}

/// Polygon–polygon by SAT on the edge normals of both: separated when some
/// edge has every vertex of the other polygon in front of it. Within the
/// contact tolerance the exact distance decides (the least vertex–edge
/// distance, which for disjoint convex polygons is their distance).
pub fn polygon_polygon(a: &PolygonRef, b: &PolygonRef) -> bool {
    polygon_polygon_path(a, b).0
}

/// [`polygon_polygon`] and which step answered (for the benches' counts).
#[doc(hidden)]
#[inline]
pub fn polygon_polygon_path(a: &PolygonRef, b: &PolygonRef) -> (bool, &'static str) {
    if let Some(r) = circle_pretest(a, b) {
        return (r, "circle pretest");
    }
    let s = polygon_polygon_max_separation(a, b);
    if s <= 0.0 {
        return (true, "closed form");
    }
    if s > CONTACT_TOLERANCE {
        return (false, "closed form");
    }
    let d2 = vertex_edge_sq_distance(a, b).min(vertex_edge_sq_distance(b, a));
    (d2 <= CONTACT_TOLERANCE * CONTACT_TOLERANCE, "closed form")
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
