use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// AABB–AABB: boxes meet when their extents overlap on both world axes,
/// `|c2 − c1| ≤ h1 + h2` per axis. With the contact tolerance the gaps
/// `g = max(|c2 − c1| − h1 − h2, 0)` must satisfy `|g| ≤ tolerance`, so
/// corner-to-corner contact uses the true (Euclidean) distance.
#[inline]
pub fn aabb_aabb(c1: Vec2, h1: Vec2, c2: Vec2, h2: Vec2) -> bool {
    let g = ((c2 - c1).abs() - h1 - h2).max(Vec2::ZERO);
    g.length_squared() <= CONTACT_TOLERANCE * CONTACT_TOLERANCE
}
