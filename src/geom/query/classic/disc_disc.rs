use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// The working of the disc–disc test: every number [`disc_disc`] decides
/// with, world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiscDiscTrace {
    /// `|c2 − c1|²`, the centres' distance squared.
    pub centre_dist_sq: f32,
    /// `r1 + r2`, the sum of the radii.
    pub reach: f32,
    /// `(r1 + r2 + CONTACT_TOLERANCE)²`: what `centre_dist_sq` is compared with.
    pub limit_sq: f32,
    /// The answer: `centre_dist_sq ≤ limit_sq`.
    pub result: bool,
}

/// The test with its trace filled when given; with `None` the trace costs
/// nothing (inlined away).
#[inline(always)]
fn disc_disc_with(c1: Vec2, r1: f32, c2: Vec2, r2: f32, trace: Option<&mut DiscDiscTrace>) -> bool {
    let r = r1 + r2 + CONTACT_TOLERANCE;
    let d2 = (c2 - c1).length_squared();
    let result = d2 <= r * r;
    if let Some(t) = trace {
        *t = DiscDiscTrace {
            centre_dist_sq: d2,
            reach: r1 + r2,
            limit_sq: r * r,
            result,
        };
    }
    result
}

/// Disc–disc: two discs meet when the distance between their centres is at
/// most the sum of their radii; compared squared, so no square root:
/// `|c2 − c1|² ≤ (r1 + r2)²`.
#[inline]
pub fn disc_disc(c1: Vec2, r1: f32, c2: Vec2, r2: f32) -> bool {
    disc_disc_with(c1, r1, c2, r2, None)
}

/// [`disc_disc`], worked: the same computation, recorded.
pub fn disc_disc_trace(c1: Vec2, r1: f32, c2: Vec2, r2: f32) -> DiscDiscTrace {
    let mut t = DiscDiscTrace {
        centre_dist_sq: 0.0,
        reach: 0.0,
        limit_sq: 0.0,
        result: false,
    };
    disc_disc_with(c1, r1, c2, r2, Some(&mut t));
    t
}
