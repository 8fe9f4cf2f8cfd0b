use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// The working of the disc–capsule (and disc–segment) test: every number
/// [`disc_capsule`] decides with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiscCapsuleTrace {
    /// Projection parameter of the centre on the core line, `(c − p)·(q − p) / |q − p|²`
    /// (0 for a core of length 0).
    pub t_raw: f32,
    /// `t_raw` clamped to [0, 1].
    pub t: f32,
    /// The closest point of the core segment, in the caller's frame.
    pub closest: Vec2,
    /// `|c − closest|²`.
    pub dist_sq: f32,
    /// `(r + r_capsule)²`.
    pub radius_sum_sq: f32,
    /// `(r + r_capsule + CONTACT_TOLERANCE)²`: what `dist_sq` is compared with.
    pub limit_sq: f32,
    /// The answer (touching within the contact tolerance counts).
    pub result: bool,
}

/// Closest point of the segment `[p, q]` to `c` (Ericson 5.1.2): project
/// `c` on the segment's line, clamp the parameter to [0, 1]. Returns the
/// unclamped and clamped parameters and `c − closest`.
#[inline(always)]
fn project(c: Vec2, p: Vec2, q: Vec2) -> (f32, f32, Vec2) {
    let pq = q - p;
    let pc = c - p;
    let l2 = pq.length_squared();
    let t_raw = if l2 > 0.0 { pc.dot(pq) / l2 } else { 0.0 };
    let t = t_raw.clamp(0.0, 1.0);
    (t_raw, t, pc - pq * t)
}

/// Squared distance from `c` to the segment `[p, q]`: project `c` on the
/// segment's line, clamp the parameter to [0, 1] (Ericson 5.1.2).
#[inline]
pub fn disc_capsule_sq_distance(c: Vec2, p: Vec2, q: Vec2) -> f32 {
    project(c, p, q).2.length_squared()
}

/// The test itself; fills `trace` when given (with `None` it costs nothing).
#[inline(always)]
fn decide(
    c: Vec2,
    r: f32,
    p: Vec2,
    q: Vec2,
    rc: f32,
    trace: Option<&mut DiscCapsuleTrace>,
) -> bool {
    let (t_raw, t, gap) = project(c, p, q);
    let rr = r + rc + CONTACT_TOLERANCE;
    let dist_sq = gap.length_squared();
    let result = dist_sq <= rr * rr;
    if let Some(tr) = trace {
        *tr = DiscCapsuleTrace {
            t_raw,
            t,
            closest: c - gap,
            dist_sq,
            radius_sum_sq: (r + rc) * (r + rc),
            limit_sq: rr * rr,
            result,
        };
    }
    result
}

/// Disc–capsule: the disc (centre `c`, radius `r`) meets the capsule (core
/// segment `[p, q]`, radius `rc`) when the closest point of the core to `c`
/// is within `r + rc`; squared distances are compared, so no square root.
/// A segment is a capsule of radius 0.
#[inline]
pub fn disc_capsule(c: Vec2, r: f32, p: Vec2, q: Vec2, rc: f32) -> bool {
    decide(c, r, p, q, rc, None)
}

/// [`disc_capsule`] worked: the same computation, recorded.
pub fn disc_capsule_trace(c: Vec2, r: f32, p: Vec2, q: Vec2, rc: f32) -> DiscCapsuleTrace {
    let mut t = DiscCapsuleTrace {
        t_raw: 0.0,
        t: 0.0,
        closest: c,
        dist_sq: 0.0,
        radius_sum_sq: 0.0,
        limit_sq: 0.0,
        result: false,
    };
    decide(c, r, p, q, rc, Some(&mut t));
    t
}
