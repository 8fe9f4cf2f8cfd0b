use super::sphere_aabb::clamp_test;
use glam::{Mat3, Vec3};

/// Sphere–OBB in the box's frame: turn the centre offset by the inverse of
/// the box's rotation (`mᵀ`, `m`'s columns being the box axes) and clamp as
/// for an AABB (Ericson 5.1.4, `ClosestPtPointOBB`; Arvo 1990).
#[inline]
pub fn sphere_obb(center: Vec3, radius: f32, box_center: Vec3, m: Mat3, h: Vec3) -> bool {
    let local = m.transpose() * (center - box_center);
    clamp_test(local, radius, h, None)
}
