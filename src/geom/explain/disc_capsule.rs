use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// The working of the disc–capsule (and disc–segment) test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiscCapsuleTrace {
    /// Projection parameter of the centre on the core line, `(c − p)·(q − p) / |q − p|²`.
    pub t_raw: f32,
    /// `t_raw` clamped to [0, 1].
    pub t: f32,
    /// The closest point of the core segment, world.
    pub closest: Vec2,
    /// `|c − closest|²`.
    pub dist_sq: f32,
    /// `(r + r_capsule)²`.
    pub radius_sum_sq: f32,
    /// The answer (touching within the contact tolerance counts).
    pub result: bool,
}

/// Traces the disc `(c, r)` against the capsule with core `[p, q]` and
/// radius `rc` (a segment when `rc = 0`).
pub fn disc_capsule_trace(c: Vec2, r: f32, p: Vec2, q: Vec2, rc: f32) -> DiscCapsuleTrace {
    let pq = q - p;
    let l2 = pq.length_squared();
    let t_raw = if l2 > 0.0 { (c - p).dot(pq) / l2 } else { 0.0 };
    let t = t_raw.clamp(0.0, 1.0);
    let closest = p + pq * t;
    let dist_sq = (c - closest).length_squared();
    let rr = r + rc + CONTACT_TOLERANCE;
    DiscCapsuleTrace {
        t_raw,
        t,
        closest,
        dist_sq,
        radius_sum_sq: (r + rc) * (r + rc),
        result: dist_sq <= rr * rr,
    }
}
