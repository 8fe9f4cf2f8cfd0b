//! Swept SAT for polygon pairs: the separating axis test over time.

use crate::geom::query::piece::{pieces, Geom};
use crate::geom::query::sat::{for_each_candidate, Cached};
use crate::geom::{AxisSource, Shape, Side, Vec2};

/// One SAT axis over the motion, in the plane.
pub type SweptAxis = crate::common::swept::SweptAxis<Vec2, AxisSource>;

/// The swept SAT of two moving polygons.
pub type SweptSat = crate::common::swept::SweptSat<Vec2, AxisSource>;

/// The swept SAT of two polygon-like shapes (aabb, obb, polygon) moving by
/// `motion_a` and `motion_b` (world units over `t` in `[0, 1]`); `None` for
/// other kinds, whose curve axes turn with the motion so that one interval
/// per axis would not be exact. For polygons the face normals are the whole
/// candidate set at every `t`, so `toi` is the exact time of impact.
pub fn swept_sat(a: &Shape, motion_a: Vec2, b: &Shape, motion_b: Vec2) -> Option<SweptSat> {
    let o = a.pose().position();
    let (pa, pb) = (pieces(a, Side::A, o), pieces(b, Side::B, o));
    let (p, q) = (pa.items[0]?, pb.items[0]?);
    let polygon_like =
        |g: &Geom| matches!(g, Geom::Hull { verts, radius } if verts.len() >= 3 && *radius == 0.0);
    if !(polygon_like(&p.geom) && polygon_like(&q.geom)) {
        return None;
    }
    let v = motion_b - motion_a;
    let mut axes = Vec::new();
    for_each_candidate(&Cached::new(&p), &Cached::new(&q), |axis, source| {
        let (ja, jb) = (p.project(axis), q.project(axis));
        // B's shadow moves at `s` along the axis relative to A's.
        let s = v.dot(axis);
        let (enter, leave) = if s == 0.0 {
            if jb.min <= ja.max && jb.max >= ja.min {
                (f32::NEG_INFINITY, f32::INFINITY)
            } else {
                (f32::INFINITY, f32::NEG_INFINITY)
            }
        } else {
            let t1 = (ja.min - jb.max) / s;
            let t2 = (ja.max - jb.min) / s;
            (t1.min(t2), t1.max(t2))
        };
        axes.push(SweptAxis {
            axis,
            source,
            enter,
            leave,
        });
        true
    });
    Some(SweptSat::conclude(axes))
}
