use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::segment::closest_points_segments;
use glam::Vec3;

/// Capsule–capsule: they meet when their core segments come within
/// `r1 + r2`, found by the closest points between segments (Ericson 4.5.1
/// and 5.1.9, `ClosestPtSegmentSegment`).
#[inline]
pub fn capsule_capsule(p1: Vec3, q1: Vec3, r1: f32, p2: Vec3, q2: Vec3, r2: f32) -> bool {
    decide((p1, q1, r1), (p2, q2, r2), None)
}

/// [`capsule_capsule`] worked: the numbers it decided on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CapsuleCapsuleTrace {
    /// The point of the first core segment nearest the second.
    pub x: Vec3,
    /// The point of the second core segment nearest the first.
    pub y: Vec3,
    /// `|y − x|²`, world units squared.
    pub dist_sq: f32,
    /// `(r1 + r2 + 1e-4)²`: they meet when `dist_sq` is at most this.
    pub reach_sq: f32,
    /// The verdict.
    pub result: bool,
}

/// [`capsule_capsule`] worked: the same computation, recorded. Each
/// capsule is `(p, q, r)`: its core's ends and its radius.
pub fn capsule_capsule_trace(a: (Vec3, Vec3, f32), b: (Vec3, Vec3, f32)) -> CapsuleCapsuleTrace {
    let mut t = CapsuleCapsuleTrace {
        x: a.0,
        y: b.0,
        dist_sq: 0.0,
        reach_sq: 0.0,
        result: false,
    };
    decide(a, b, Some(&mut t));
    t
}

#[inline(always)]
fn decide(
    (p1, q1, r1): (Vec3, Vec3, f32),
    (p2, q2, r2): (Vec3, Vec3, f32),
    trace: Option<&mut CapsuleCapsuleTrace>,
) -> bool {
    let (x, y) = closest_points_segments(p1, q1, p2, q2);
    let r = r1 + r2 + CONTACT_TOLERANCE;
    let dist_sq = (y - x).length_squared();
    let result = dist_sq <= r * r;
    if let Some(t) = trace {
        *t = CapsuleCapsuleTrace {
            x,
            y,
            dist_sq,
            reach_sq: r * r,
            result,
        };
    }
    result
}
