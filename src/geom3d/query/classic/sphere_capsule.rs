use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::segment::closest_point_on_segment;
use glam::Vec3;

/// Sphere–capsule: the capsule is the set of points within `rc` of its core
/// segment `[p, q]`, so they meet when the centre is within `r + rc` of the
/// segment's nearest point (Ericson 4.5.1 and 5.1.2).
#[inline]
pub fn sphere_capsule(center: Vec3, r: f32, p: Vec3, q: Vec3, rc: f32) -> bool {
    let x = closest_point_on_segment(center, p, q);
    let rr = r + rc + CONTACT_TOLERANCE;
    (center - x).length_squared() <= rr * rr
}
