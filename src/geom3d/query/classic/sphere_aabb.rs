use crate::geom::CONTACT_TOLERANCE;
use glam::Vec3;

/// Squared distance from `p` to the box `c ± h`: clamp `p` into the box on
/// each axis; the clamped point is the nearest (Arvo, "A simple method for
/// box-sphere intersection testing", Graphics Gems 1990; Ericson 5.1.3.1).
#[inline]
pub fn sphere_aabb_sq_distance(p: Vec3, c: Vec3, h: Vec3) -> f32 {
    let d = p - c;
    (d - d.clamp(-h, h)).length_squared()
}

/// Sphere–AABB by clamping (Arvo 1990, the 3D form): the sphere meets the
/// box when the box point nearest its centre is within its radius.
#[inline]
pub fn sphere_aabb(center: Vec3, radius: f32, box_center: Vec3, h: Vec3) -> bool {
    let r = radius + CONTACT_TOLERANCE;
    sphere_aabb_sq_distance(center, box_center, h) <= r * r
}
