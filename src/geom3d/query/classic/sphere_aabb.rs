use crate::common::CONTACT_TOLERANCE;
use glam::{Mat3, Vec3};

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
    clamp_test(center - box_center, radius, h, None)
}

/// Sphere–box by clamping, worked: the numbers [`sphere_aabb`] and
/// [`crate::geom3d::classic::sphere_obb()`] decide on. Box frame: origin at
/// the box's centre, axes along its edges.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SphereBoxTrace {
    /// The sphere's centre in the box's frame.
    pub local: Vec3,
    /// The half-extents.
    pub half_extents: Vec3,
    /// The box point nearest the centre: `local` clamped to `±h`, box frame.
    pub nearest: Vec3,
    /// `|local − nearest|²`, world units squared.
    pub dist_sq: f32,
    /// `(r + 1e-4)²`: they meet when `dist_sq` is at most this.
    pub reach_sq: f32,
    /// The verdict.
    pub result: bool,
}

/// The clamping test of a centre `local` (box frame) against `±h`.
#[inline(always)]
pub(crate) fn clamp_test(
    local: Vec3,
    radius: f32,
    h: Vec3,
    trace: Option<&mut SphereBoxTrace>,
) -> bool {
    let nearest = local.clamp(-h, h);
    let dist_sq = (local - nearest).length_squared();
    let r = radius + CONTACT_TOLERANCE;
    let result = dist_sq <= r * r;
    if let Some(t) = trace {
        *t = SphereBoxTrace {
            local,
            half_extents: h,
            nearest,
            dist_sq,
            reach_sq: r * r,
            result,
        };
    }
    result
}

/// [`sphere_aabb`] (`m` = `None`) or [`crate::geom3d::classic::sphere_obb()`]
/// (`m` = the box's axes as columns) worked: the same computation, recorded.
pub fn sphere_box_trace(
    center: Vec3,
    radius: f32,
    box_center: Vec3,
    m: Option<Mat3>,
    h: Vec3,
) -> SphereBoxTrace {
    let local = match m {
        None => center - box_center,
        Some(m) => m.transpose() * (center - box_center),
    };
    let mut t = SphereBoxTrace {
        local,
        half_extents: h,
        nearest: local,
        dist_sq: 0.0,
        reach_sq: 0.0,
        result: false,
    };
    clamp_test(local, radius, h, Some(&mut t));
    t
}
