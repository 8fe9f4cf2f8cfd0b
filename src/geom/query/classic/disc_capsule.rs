use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Squared distance from `c` to the segment `[p, q]`: project `c` on the
/// segment's line, clamp the parameter to [0, 1] (Ericson 5.1.2).
#[inline]
pub fn disc_capsule_sq_distance(c: Vec2, p: Vec2, q: Vec2) -> f32 {
    let pq = q - p;
    let pc = c - p;
    let l2 = pq.length_squared();
    let t = if l2 > 0.0 {
        (pc.dot(pq) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (pc - pq * t).length_squared()
}

/// Disc–capsule: the disc (centre `c`, radius `r`) meets the capsule (core
/// segment `[p, q]`, radius `rc`) when the closest point of the core to `c`
/// is within `r + rc`; squared distances are compared, so no square root.
/// A segment is a capsule of radius 0.
#[inline]
pub fn disc_capsule(c: Vec2, r: f32, p: Vec2, q: Vec2, rc: f32) -> bool {
    let rr = r + rc + CONTACT_TOLERANCE;
    disc_capsule_sq_distance(c, p, q) <= rr * rr
}
