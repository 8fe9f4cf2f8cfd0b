use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// The working of the AABB–AABB test: every number [`aabb_aabb`] decides
/// with, world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AabbAabbTrace {
    /// `|c2 − c1|` per world axis: how far apart the centres are on x and y.
    pub centre_delta: Vec2,
    /// `h1 + h2` per axis: how far apart they may be and still overlap there.
    pub reach: Vec2,
    /// `|c2 − c1| − (h1 + h2)` per axis: positive is a gap on that axis,
    /// negative an overlap.
    pub gap: Vec2,
    /// The length of the positive gaps, `|max(gap, 0)|`: 0 when the
    /// intervals overlap on both axes, the corner-to-corner distance when
    /// both show a gap.
    pub apart: f32,
    /// The answer: `apart ≤ CONTACT_TOLERANCE`.
    pub result: bool,
}

/// The test with its trace filled when given; with `None` the trace costs
/// nothing (inlined away).
#[inline(always)]
fn aabb_aabb_with(
    c1: Vec2,
    h1: Vec2,
    c2: Vec2,
    h2: Vec2,
    trace: Option<&mut AabbAabbTrace>,
) -> bool {
    let delta = (c2 - c1).abs();
    let reach = h1 + h2;
    let gap = delta - reach;
    let g = gap.max(Vec2::ZERO);
    let result = g.length_squared() <= CONTACT_TOLERANCE * CONTACT_TOLERANCE;
    if let Some(t) = trace {
        *t = AabbAabbTrace {
            centre_delta: delta,
            reach,
            gap,
            apart: g.length(),
            result,
        };
    }
    result
}

/// AABB–AABB: boxes meet when their extents overlap on both world axes,
/// `|c2 − c1| ≤ h1 + h2` per axis. With the contact tolerance the gaps
/// `g = max(|c2 − c1| − h1 − h2, 0)` must satisfy `|g| ≤ tolerance`, so
/// corner-to-corner contact uses the true (Euclidean) distance.
#[inline]
pub fn aabb_aabb(c1: Vec2, h1: Vec2, c2: Vec2, h2: Vec2) -> bool {
    aabb_aabb_with(c1, h1, c2, h2, None)
}

/// [`aabb_aabb`], worked: the same computation, recorded.
pub fn aabb_aabb_trace(c1: Vec2, h1: Vec2, c2: Vec2, h2: Vec2) -> AabbAabbTrace {
    let mut t = AabbAabbTrace {
        centre_delta: Vec2::ZERO,
        reach: Vec2::ZERO,
        gap: Vec2::ZERO,
        apart: 0.0,
        result: false,
    };
    aabb_aabb_with(c1, h1, c2, h2, Some(&mut t));
    t
}
