//! The segment and line intersection queries, traced.

use crate::geom::query::segment::{line_line_with, segment_segment_with};
use crate::geom::query::segment::{LineIntersection, SegmentIntersection};
pub use crate::geom::query::segment::{LineLineTrace, SegmentSegmentTrace};
use crate::geom::Vec2;

/// [`crate::geom::segment_segment`] worked: the same computation, recorded.
pub fn segment_segment_trace(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentSegmentTrace {
    let mut t = SegmentSegmentTrace {
        denom: 0.0,
        params: None,
        collinear: None,
        tolerance: 0.0,
        result: SegmentIntersection::None,
    };
    segment_segment_with(p1, q1, p2, q2, Some(&mut t));
    t
}

/// [`crate::geom::line_line`] worked: the same computation, recorded.
pub fn line_line_trace(p1: Vec2, d1: Vec2, p2: Vec2, d2: Vec2) -> LineLineTrace {
    let mut t = LineLineTrace {
        denom: 0.0,
        t: None,
        result: LineIntersection::Parallel,
    };
    line_line_with(p1, d1, p2, d2, Some(&mut t));
    t
}
