use crate::geom::CONTACT_TOLERANCE;
use crate::geom3d::query::gjk::gjk;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{Side, PARALLEL_EDGE_EPS};
use crate::geom3d::ShapeKind3;
use glam::{Mat3, Vec3};

/// Largest gap between the triangle `v` and the box `c ± h` over 13 axes
/// (Akenine-Möller, "Fast 3D triangle-box overlap testing", JGT 2001;
/// Ericson 5.2.9): the box's three face normals, the triangle's normal, and
/// the nine cross products of a box axis with a triangle edge. With the box
/// at the origin, the gap on `L` is `max(min_k v_k·L, −max_k v_k·L) − h·|L|`,
/// divided by `|L|` (world units); crosses shorter than `1e-5` (an edge
/// parallel to a box axis) are skipped, as in the 15-axis box test.
/// Positive = separated.
pub fn triangle_aabb_max_gap(v: [Vec3; 3], c: Vec3, h: Vec3) -> f32 {
    let v = v.map(|p| p - c);
    let axis_gap = |l: Vec3| {
        let (p0, p1, p2) = (v[0].dot(l), v[1].dot(l), v[2].dot(l));
        let lo = p0.min(p1).min(p2);
        let hi = p0.max(p1).max(p2);
        let r = h.dot(l.abs());
        lo.max(-hi) - r
    };
    let mut best = f32::NEG_INFINITY;
    for i in 0..3 {
        let mut e = Vec3::ZERO;
        e[i] = 1.0;
        best = best.max(axis_gap(e));
    }
    let f = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    if let Some(n) = f[0].cross(f[1]).try_normalize() {
        best = best.max(axis_gap(n));
    }
    for i in 0..3 {
        let mut e = Vec3::ZERO;
        e[i] = 1.0;
        for fj in f {
            let Some(u) = fj.try_normalize() else {
                continue;
            };
            let l = e.cross(u);
            let len = l.length();
            if len >= PARALLEL_EDGE_EPS {
                best = best.max(axis_gap(l / len));
            }
        }
    }
    best
}

/// Triangle–AABB on 13 axes (see [`triangle_aabb_max_gap`]); in the contact
/// band the exact distance (GJK) decides.
pub fn triangle_aabb(v: [Vec3; 3], c: Vec3, h: Vec3) -> bool {
    let g = triangle_aabb_max_gap(v, c, h);
    if g > CONTACT_TOLERANCE {
        return false;
    }
    if g <= 0.0 {
        return true;
    }
    let tri = Piece {
        side: Side::A,
        kind: ShapeKind3::Triangle,
        core: Core::Triangle(v),
        radius: 0.0,
    };
    let bx = Piece {
        side: Side::B,
        kind: ShapeKind3::Aabb,
        core: Core::Box {
            c,
            m: Mat3::IDENTITY,
            h,
        },
        radius: 0.0,
    };
    gjk(&tri, &bx).distance <= CONTACT_TOLERANCE
}
