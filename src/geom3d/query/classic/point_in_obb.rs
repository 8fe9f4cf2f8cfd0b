use crate::geom3d::classic::point_in_aabb;
use glam::{Mat3, Vec3};

/// Point in OBB: the point in the box's frame (`mᵀ (p − c)`), then as for
/// an AABB (Ericson 5.1.4).
#[inline]
pub fn point_in_obb(p: Vec3, c: Vec3, m: Mat3, h: Vec3) -> bool {
    point_in_aabb(m.transpose() * (p - c), Vec3::ZERO, h)
}
