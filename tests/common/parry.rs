//! The parry2d form of a `Sample`, for the suites that compare with parry2d
//! (`parry_diff`, `manifold_diff`, `cast_diff`).

use super::{Local, Sample, V};
use parry2d::math::{Pose as PPose, Vector as PVec};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Segment as PSegment, Shape as PShape, Triangle};

pub fn pv(v: V) -> PVec {
    PVec::new(v.x as f32, v.y as f32)
}

/// How a 3-vertex polygon is given to parry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Triangles {
    /// As parry's `Triangle` (its own distance and contact code).
    AsTriangle,
    /// As a `ConvexPolygon` of three vertices, like every other polygon.
    AsPolygon,
}

/// The parry shape and pose of a sample (local geometry, same pose), when
/// parry has the kind (not point, ray, line or sector), and a radius to take
/// off parry's distances. A capsule is given as its core segment with its
/// radius returned: offsetting a convex set by `r` shifts every signed
/// separation by exactly `r` and keeps normals and times of impact at the
/// target distance `r`. It is needed: parry runs its generic GJK on the
/// capsule's curved support map, and that GJK stops once its bounds agree to
/// `sqrt(10 ε) ≈ 1.1e-3` relative (`_eps_rel` in parry's `query/gjk/gjk.rs`),
/// which is exact for polytopes (their supports repeat) but leaves capsule
/// distances off by up to about 1e-3 at distances near 2 (measured against
/// the f64 oracle while writing `parry_diff`), far outside 1e-4.
pub fn to_parry(s: &Sample, triangles: Triangles) -> Option<(Box<dyn PShape>, PPose, f64)> {
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
        Local::Polygon(vs) if vs.len() == 3 && triangles == Triangles::AsTriangle => (
            Box::new(Triangle::new(pv(vs[0]), pv(vs[1]), pv(vs[2]))),
            0.0,
        ),
        Local::Polygon(vs) => (
            Box::new(ConvexPolygon::from_convex_polyline(
                vs.iter().map(|&v| pv(v)).collect(),
            )?),
            0.0,
        ),
        Local::Point | Local::Ray(_) | Local::Line | Local::Sector(..) => return None,
    };
    Some((shape, pose, r))
}
