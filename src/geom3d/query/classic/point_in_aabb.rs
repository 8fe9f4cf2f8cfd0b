use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::classic::sphere_aabb_sq_distance;
use glam::Vec3;

/// Point in AABB: inside or within the tolerance of the box `c ± h`
/// (clamping, Ericson 5.1.3).
#[inline]
pub fn point_in_aabb(p: Vec3, c: Vec3, h: Vec3) -> bool {
    sphere_aabb_sq_distance(p, c, h) <= CONTACT_TOLERANCE * CONTACT_TOLERANCE
}
