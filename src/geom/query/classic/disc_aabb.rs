use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Disc–AABB by reflection (Arvo, "A simple method for box-sphere
/// intersection testing", Graphics Gems, 1990): by symmetry reflect the
/// disc's centre into the box's first quadrant, `v = |c − centre|`; the
/// vector from the box corner region to it is `u = max(v − h, 0)`; they
/// meet when `|u|² ≤ r²`. Inside the box `u = 0`.
#[inline]
pub fn disc_aabb(c: Vec2, r: f32, center: Vec2, half_extents: Vec2) -> bool {
    let v = (c - center).abs();
    let u = (v - half_extents).max(Vec2::ZERO);
    let rr = r + CONTACT_TOLERANCE;
    u.length_squared() <= rr * rr
}
