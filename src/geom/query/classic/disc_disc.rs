use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Disc–disc: two discs meet when the distance between their centres is at
/// most the sum of their radii; compared squared, so no square root:
/// `|c2 − c1|² ≤ (r1 + r2)²`.
#[inline]
pub fn disc_disc(c1: Vec2, r1: f32, c2: Vec2, r2: f32) -> bool {
    let r = r1 + r2 + CONTACT_TOLERANCE;
    (c2 - c1).length_squared() <= r * r
}
