use crate::common::CONTACT_TOLERANCE;
use glam::Vec3;

/// Sphere–sphere: they meet when the centres are at most `ra + rb` apart
/// (compared squared, so no square root; Ericson, *Real-Time Collision
/// Detection*, 4.3.1).
#[inline]
pub fn sphere_sphere(ca: Vec3, ra: f32, cb: Vec3, rb: f32) -> bool {
    let r = ra + rb + CONTACT_TOLERANCE;
    (cb - ca).length_squared() <= r * r
}
