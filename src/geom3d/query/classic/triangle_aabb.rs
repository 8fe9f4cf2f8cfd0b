use crate::common::Side;
use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::gjk::gjk;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::ShapeKind3;
use glam::{DVec3, Mat3, Vec3};

/// Largest gap between the triangle `v` and the box `c ± h` over 13 axes
/// (Akenine-Möller, "Fast 3D triangle-box overlap testing", JGT 2001;
/// Ericson 5.2.9): the box's three face normals, the triangle's normal, and
/// the nine cross products of a box axis with a triangle edge. With the box
/// at the origin, the gap on `L` is `max(min_k v_k·L, −max_k v_k·L) − h·|L|`,
/// divided by `|L|` (world units). Positive = separated.
///
/// In `f64` from the `f32` data: the normal and the crosses of a long thin
/// triangle computed in `f32` tilt by their rounding over the triangle's
/// length (a triangle 1e4 long 0.06 from a box read as overlapping by
/// 0.08). Only exactly parallel crosses (`|L| = 0`) are skipped: the
/// face normals cover those.
pub fn triangle_aabb_max_gap(v: [Vec3; 3], c: Vec3, h: Vec3) -> f32 {
    let v = v.map(|p| p.as_dvec3() - c.as_dvec3());
    let h = h.as_dvec3();
    let axis_gap = |l: DVec3| {
        let (p0, p1, p2) = (v[0].dot(l), v[1].dot(l), v[2].dot(l));
        let lo = p0.min(p1).min(p2);
        let hi = p0.max(p1).max(p2);
        (lo.max(-hi) - h.dot(l.abs())) / l.length()
    };
    let mut best = f64::NEG_INFINITY;
    for e in [DVec3::X, DVec3::Y, DVec3::Z] {
        best = best.max(axis_gap(e));
    }
    let f = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    let n = f[0].cross(f[1]);
    if n != DVec3::ZERO {
        best = best.max(axis_gap(n));
    }
    for e in [DVec3::X, DVec3::Y, DVec3::Z] {
        for fj in f {
            let l = e.cross(fj);
            if l != DVec3::ZERO {
                best = best.max(axis_gap(l));
            }
        }
    }
    best as f32
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
