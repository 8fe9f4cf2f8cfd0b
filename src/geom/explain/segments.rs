use crate::geom::query::segment::{
    line_line, segment_segment, LineIntersection, SegmentIntersection,
};
use crate::geom::Vec2;

/// The working of the segment–segment test by straddling and cross products.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SegmentSegmentTrace {
    /// Orientation of `p2` and `q2` relative to the first segment:
    /// `(q1 − p1) × (p2 − p1)` and `(q1 − p1) × (q2 − p1)`. Opposite signs
    /// (or a zero) mean the second segment straddles the first one's line.
    pub side_of_first: (f32, f32),
    /// Orientation of `p1` and `q1` relative to the second segment.
    pub side_of_second: (f32, f32),
    /// `r × s` with `r = q1 − p1`, `s = q2 − p2`; 0 when parallel.
    pub denom: f32,
    /// Parameters `t` (on the first) and `u` (on the second) of the lines'
    /// crossing, when not parallel: `t = (p2 − p1) × s / (r × s)`.
    pub params: Option<(f32, f32)>,
    /// The answer: none, a point, or the shared piece.
    pub result: SegmentIntersection,
}

/// Traces [`crate::geom::query::segment::segment_segment`].
pub fn segment_segment_trace(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentSegmentTrace {
    let r = q1 - p1;
    let s = q2 - p2;
    let w = p2 - p1;
    let denom = r.perp_dot(s);
    SegmentSegmentTrace {
        side_of_first: (r.perp_dot(p2 - p1), r.perp_dot(q2 - p1)),
        side_of_second: (s.perp_dot(p1 - p2), s.perp_dot(q1 - p2)),
        denom,
        params: (denom != 0.0).then(|| (w.perp_dot(s) / denom, w.perp_dot(r) / denom)),
        result: segment_segment(p1, q1, p2, q2),
    }
}

/// The working of the line–line intersection of two segments' extensions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineLineTrace {
    /// `d1 × d2`; 0 when parallel.
    pub denom: f32,
    /// Parameter `t` of the crossing on the first line, when not parallel.
    pub t: Option<f32>,
    /// The answer.
    pub result: LineIntersection,
}

/// Traces [`crate::geom::query::segment::line_line`].
pub fn line_line_trace(p1: Vec2, d1: Vec2, p2: Vec2, d2: Vec2) -> LineLineTrace {
    let denom = d1.perp_dot(d2);
    let result = line_line(p1, d1, p2, d2);
    let t = match result {
        LineIntersection::Point(_) => Some((p2 - p1).perp_dot(d2) / denom),
        LineIntersection::Parallel | LineIntersection::Coincident => None,
    };
    LineLineTrace { denom, t, result }
}
