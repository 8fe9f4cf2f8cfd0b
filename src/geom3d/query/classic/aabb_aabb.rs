use crate::common::CONTACT_TOLERANCE;
use glam::Vec3;

/// AABB–AABB: on each axis the gap is `|Δc| − (ha + hb)` (Ericson 4.2.1,
/// centre–radius form). They overlap when no gap is positive; their
/// distance is the length of the positive gaps, so touching within the
/// tolerance is decided exactly from it.
#[inline]
pub fn aabb_aabb(ca: Vec3, ha: Vec3, cb: Vec3, hb: Vec3) -> bool {
    let gap = ((cb - ca).abs() - (ha + hb)).max(Vec3::ZERO);
    gap.length_squared() <= CONTACT_TOLERANCE * CONTACT_TOLERANCE
}
