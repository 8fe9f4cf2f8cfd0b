use crate::geom::CONTACT_TOLERANCE;
use crate::geom3d::query::segment::closest_points_segments;
use glam::Vec3;

/// Capsule–capsule: they meet when their core segments come within
/// `r1 + r2`, found by the closest points between segments (Ericson 4.5.1
/// and 5.1.9, `ClosestPtSegmentSegment`).
#[inline]
pub fn capsule_capsule(p1: Vec3, q1: Vec3, r1: f32, p2: Vec3, q2: Vec3, r2: f32) -> bool {
    let (x, y) = closest_points_segments(p1, q1, p2, q2);
    let r = r1 + r2 + CONTACT_TOLERANCE;
    (y - x).length_squared() <= r * r
}
