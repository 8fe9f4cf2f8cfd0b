//! The parry2d form of a `Sample` (for the manifold and cast tests).

use super::{Local, Sample, V};
use parry2d::math::{Pose as PPose, Vector as PVec};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Segment as PSegment, Shape as PShape};

pub fn pv(v: V) -> PVec {
    PVec::new(v.x as f32, v.y as f32)
}

/// The parry shape and pose of a sample, when parry has the kind, and a
/// radius to take off parry's distances: a capsule is given as its core
/// segment, as in `parry_diff.rs` (parry's GJK on the curved capsule stops
/// at a relative 1e-3; offsetting a convex set by `r` shifts every signed
/// separation by exactly `r` and keeps normals and times of impact at the
/// target distance `r`).
pub fn to_parry(s: &Sample) -> Option<(Box<dyn PShape>, PPose, f64)> {
    let pose = PPose::new(pv(s.pos), (s.deg as f32).to_radians());
    let seg = |h: f64| {
        Box::new(PSegment::new(
            PVec::new(-h as f32, 0.0),
            PVec::new(h as f32, 0.0),
        ))
    };
    let (shape, r): (Box<dyn PShape>, f64) = match &s.local {
        Local::Circle(r) => (Box::new(Ball::new(*r as f32)), 0.0),
        Local::Aabb(h) | Local::Obb(h) => (Box::new(Cuboid::new(pv(*h))), 0.0),
        Local::Capsule(h, r) => (seg(*h), *r),
        Local::Segment(h) => (seg(*h), 0.0),
        Local::Polygon(vs) => (
            Box::new(ConvexPolygon::from_convex_polyline(
                vs.iter().map(|&v| pv(v)).collect(),
            )?),
            0.0,
        ),
        _ => return None,
    };
    Some((shape, pose, r))
}
