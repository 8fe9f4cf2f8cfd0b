//! Segment–segment and line–line intersection, and closest points between
//! segments.

use crate::geom::query::parallel;
use crate::geom::Vec2;

/// How two segments meet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SegmentIntersection {
    /// They do not meet.
    None,
    /// They cross or touch at one world point.
    Point(Vec2),
    /// They are collinear and share the piece from `.0` to `.1`.
    Overlap(Vec2, Vec2),
}

/// Where the segments `[p1, q1]` and `[p2, q2]` meet (closed segments).
///
/// Idea (Ericson, *Real-Time Collision Detection*, 5.1.9.1; Goldman, Graphics
/// Gems 1990): with `r = q1 - p1`, `s = q2 - p2`, solve `p1 + t r = p2 + u s`
/// by cross products: `t = (p2 - p1) × s / (r × s)`, `u = (p2 - p1) × r / (r × s)`;
/// they cross when both lie in [0, 1]. When `r × s = 0` they are parallel;
/// if also collinear, the shared piece is the overlap of their parameter
/// ranges on `r`. Tolerances are relative to the segments' size.
pub fn segment_segment(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentIntersection {
    segment_segment_with(p1, q1, p2, q2, None)
}

/// The working of [`segment_segment`]: the numbers it decided on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SegmentSegmentTrace {
    /// `r × s` with `r = q1 − p1`, `s = q2 − p2`; about 0 when parallel.
    pub denom: f32,
    /// Parameters `t` (on the first) and `u` (on the second) of the lines'
    /// crossing, `t = (p2 − p1) × s / (r × s)`, when the test solved for
    /// them (not parallel): they meet when both lie in [0, 1].
    pub params: Option<(f32, f32)>,
    /// Parallel and on one line: where the second segment's ends fall on the
    /// first, as parameters `t` along `r` (0 at `p1`, 1 at `q1`).
    pub collinear: Option<(f32, f32)>,
    /// The tolerance in world units, relative to the segments' size.
    pub tolerance: f32,
    /// The answer: none, a point, or the shared piece.
    pub result: SegmentIntersection,
}

/// [`segment_segment`], filling `trace` when given (with `None` it costs
/// nothing).
pub(crate) fn segment_segment_with(
    p1: Vec2,
    q1: Vec2,
    p2: Vec2,
    q2: Vec2,
    mut trace: Option<&mut SegmentSegmentTrace>,
) -> SegmentIntersection {
    let r = q1 - p1;
    let s = q2 - p2;
    let w = p2 - p1;
    let scale = r
        .length()
        .max(s.length())
        .max(w.length())
        .max(f32::MIN_POSITIVE);
    let eps = 1e-6 * scale;
    let denom = r.perp_dot(s);
    if let Some(t) = trace.as_deref_mut() {
        t.denom = denom;
        t.tolerance = eps;
    }
    let crossing = |trace: Option<&mut SegmentSegmentTrace>| {
        let t = w.perp_dot(s) / denom;
        let u = w.perp_dot(r) / denom;
        if let Some(tr) = trace {
            tr.params = Some((t, u));
        }
        let tol_t = eps / r.length().max(f32::MIN_POSITIVE);
        let tol_u = eps / s.length().max(f32::MIN_POSITIVE);
        if (-tol_t..=1.0 + tol_t).contains(&t) && (-tol_u..=1.0 + tol_u).contains(&u) {
            SegmentIntersection::Point(p1 + r * t.clamp(0.0, 1.0))
        } else {
            SegmentIntersection::None
        }
    };
    let result = if denom.abs() > eps * scale {
        crossing(trace.as_deref_mut())
    } else {
        parallel_segments(p1, q1, p2, q2, eps, crossing, trace.as_deref_mut())
    };
    if let Some(t) = trace {
        t.result = result;
    }
    result
}

/// The parallel (or degenerate) case of [`segment_segment_with`]: collinear
/// only if the shorter segment lies on the longer one's line (a short
/// segment's direction, rounded, would be a poor reference far from it).
fn parallel_segments(
    p1: Vec2,
    q1: Vec2,
    p2: Vec2,
    q2: Vec2,
    eps: f32,
    crossing: impl FnOnce(Option<&mut SegmentSegmentTrace>) -> SegmentIntersection,
    trace: Option<&mut SegmentSegmentTrace>,
) -> SegmentIntersection {
    let (r, s, w) = (q1 - p1, q2 - p2, p2 - p1);
    let rl = r.length();
    if rl <= eps {
        // First segment is a point.
        let (a, b) = closest_points_segments(p1, q1, p2, q2);
        return if (a - b).length() <= eps {
            SegmentIntersection::Point(a)
        } else {
            SegmentIntersection::None
        };
    }
    let sl = s.length();
    let off = if rl >= sl {
        (w.perp_dot(r).abs()).max((q2 - p1).perp_dot(r).abs()) / rl
    } else {
        (w.perp_dot(s).abs()).max((q1 - p2).perp_dot(s).abs()) / sl
    };
    if off > eps {
        // Not on one line within the tolerance: nearly parallel is not
        // parallel unless the cross product is within its own rounding (a
        // relative test), so long segments crossing at 1e-5° still cross.
        return if parallel(r, s) {
            SegmentIntersection::None
        } else {
            crossing(trace)
        };
    }
    let rr = r.dot(r);
    let t0 = w.dot(r) / rr;
    let t1 = (q2 - p1).dot(r) / rr;
    if let Some(t) = trace {
        t.collinear = Some((t0, t1));
    }
    let (lo, hi) = (t0.min(t1).max(0.0), t0.max(t1).min(1.0));
    let tol = eps / rl;
    if lo > hi + tol {
        SegmentIntersection::None
    } else if hi - lo <= tol {
        SegmentIntersection::Point(p1 + r * lo.min(1.0))
    } else {
        SegmentIntersection::Overlap(p1 + r * lo, p1 + r * hi)
    }
}

/// How two infinite lines meet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LineIntersection {
    /// One crossing point.
    Point(Vec2),
    /// Parallel and distinct: they never meet.
    Parallel,
    /// The same line.
    Coincident,
}

/// Intersection of the line through `p1` along `d1` with the line through
/// `p2` along `d2` (directions need not be unit). Cramer's rule on
/// `p1 + t d1 = p2 + u d2`: `t = (p2 - p1) × d2 / (d1 × d2)`; parallel when
/// `d1 × d2 = 0` within the rounding of its terms (see `query::parallel`).
pub fn line_line(p1: Vec2, d1: Vec2, p2: Vec2, d2: Vec2) -> LineIntersection {
    line_line_with(p1, d1, p2, d2, None)
}

/// The working of [`line_line`]: the numbers it decided on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineLineTrace {
    /// `d1 × d2`; about 0 when parallel.
    pub denom: f32,
    /// Parameter `t` of the crossing on the first line, when they cross.
    pub t: Option<f32>,
    /// The answer.
    pub result: LineIntersection,
}

/// [`line_line`], filling `trace` when given.
pub(crate) fn line_line_with(
    p1: Vec2,
    d1: Vec2,
    p2: Vec2,
    d2: Vec2,
    trace: Option<&mut LineLineTrace>,
) -> LineIntersection {
    let denom = d1.perp_dot(d2);
    let w = p2 - p1;
    let l1 = d1.length().max(f32::MIN_POSITIVE);
    let l2 = d2.length().max(f32::MIN_POSITIVE);
    let t = w.perp_dot(d2) / denom;
    let point = LineIntersection::Point(p1 + d1 * t);
    let result = if denom.abs() > 1e-7 * l1 * l2 {
        point
    } else if (w.perp_dot(d1) / l1).abs() <= 1e-6 * w.length().max(1.0) {
        LineIntersection::Coincident
    } else if parallel(d1, d2) {
        LineIntersection::Parallel
    } else {
        // 1e-5° apart is not parallel: non-parallel lines always cross.
        point
    };
    if let Some(tr) = trace {
        *tr = LineLineTrace {
            denom,
            t: matches!(result, LineIntersection::Point(_)).then_some(t),
            result,
        };
    }
    result
}

/// Closest points between segments `[p1, q1]` and `[p2, q2]`
/// (Ericson 5.1.9, `ClosestPtSegmentSegment`), degenerate segments included.
///
/// Each segment is taken as its midpoint `c` plus `h τ` (`h` half of it, `τ`
/// in [-1, 1]) rather than an end plus a fraction of it: a point found near
/// the middle of a long segment is then not off by `f32::EPSILON × length`
/// (two long segments through one centre meet there exactly). Segments that
/// cross (each one's ends strictly on both sides of the other, by the signs
/// of cross products) return their crossing point twice, so the distance is
/// exactly 0 however shallow the angle.
pub fn closest_points_segments(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> (Vec2, Vec2) {
    let (c1, h1) = ((p1 + q1) * 0.5, (q1 - p1) * 0.5);
    let (c2, h2) = ((p2 + q2) * 0.5, (q2 - p2) * 0.5);
    let r = c1 - c2;
    let side = |d: Vec2, from: Vec2, x: Vec2, y: Vec2| {
        let (sx, sy) = (d.perp_dot(x - from), d.perp_dot(y - from));
        (sx > 0.0 && sy < 0.0) || (sx < 0.0 && sy > 0.0)
    };
    let cross = h1.perp_dot(h2);
    if side(h1, c1, p2, q2) && side(h2, c2, p1, q1) {
        let s = (-r.perp_dot(h2) / cross).clamp(-1.0, 1.0);
        let x = c1 + h1 * s;
        return (x, x);
    }
    let a = h1.dot(h1);
    let e = h2.dot(h2);
    let f = h2.dot(r);
    let tiny = f32::MIN_POSITIVE;
    let (s, t);
    if a <= tiny && e <= tiny {
        return (c1, c2);
    }
    if a <= tiny {
        s = 0.0;
        t = (f / e).clamp(-1.0, 1.0);
    } else {
        let c = h1.dot(r);
        if e <= tiny {
            t = 0.0;
            s = (-c / a).clamp(-1.0, 1.0);
        } else {
            let b = h1.dot(h2);
            // In 2D `a e - b²` is `(h1 × h2)²` and `b f - c e` is
            // `-(h1 × h2)(r × h2)`: the cross products keep their precision
            // for nearly parallel segments, where the squared form cancels.
            let mut s0 = if cross != 0.0 {
                (-r.perp_dot(h2) / cross).clamp(-1.0, 1.0)
            } else {
                0.0
            };
            let mut t0 = (b * s0 + f) / e;
            if t0 < -1.0 {
                t0 = -1.0;
                s0 = ((-b - c) / a).clamp(-1.0, 1.0);
            } else if t0 > 1.0 {
                t0 = 1.0;
                s0 = ((b - c) / a).clamp(-1.0, 1.0);
            }
            s = s0;
            t = t0;
        }
    }
    (c1 + h1 * s, c2 + h2 * t)
}

/// Closest point to `p` on segment `[a, b]` and its parameter in [0, 1].
#[inline]
pub fn closest_point_on_segment(p: Vec2, a: Vec2, b: Vec2) -> (Vec2, f32) {
    let ab = b - a;
    let l2 = ab.length_squared();
    if l2 <= f32::MIN_POSITIVE {
        return (a, 0.0);
    }
    let t = ((p - a).dot(ab) / l2).clamp(0.0, 1.0);
    (a + ab * t, t)
}

#[cfg(test)]
mod tests {
    use super::*;
    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn crossing() {
        use SegmentIntersection::{None as Miss, Overlap, Point};
        // (p1, q1, p2, q2, expected); touching counts (the T-junction).
        let cases = [
            ((0., 0.), (2., 2.), (0., 2.), (2., 0.), Point(v(1., 1.))),
            ((0., 0.), (1., 0.), (0., 1.), (1., 1.), Miss),
            (
                (0., 0.),
                (2., 0.),
                (1., 0.),
                (3., 0.),
                Overlap(v(1., 0.), v(2., 0.)),
            ),
            ((0., 0.), (1., 0.), (1., 0.), (3., 0.), Point(v(1., 0.))),
            ((0., 0.), (1., 0.), (2., 0.), (3., 0.), Miss),
            ((0., 0.), (2., 0.), (1., 0.), (1., 3.), Point(v(1., 0.))),
        ];
        for (p1, q1, p2, q2, want) in cases {
            let [p1, q1, p2, q2] = [p1, q1, p2, q2].map(|(x, y)| v(x, y));
            assert_eq!(segment_segment(p1, q1, p2, q2), want, "{p1} {q1} {p2} {q2}");
        }
    }

    #[test]
    fn lines() {
        assert_eq!(
            line_line(v(0., 0.), v(1., 0.), v(3., -1.), v(0., 2.)),
            LineIntersection::Point(v(3., 0.))
        );
        assert_eq!(
            line_line(v(0., 0.), v(1., 1.), v(0., 1.), v(2., 2.)),
            LineIntersection::Parallel
        );
        assert_eq!(
            line_line(v(0., 0.), v(1., 1.), v(2., 2.), v(-1., -1.)),
            LineIntersection::Coincident
        );
    }

    #[test]
    fn closest() {
        let (a, b) = closest_points_segments(v(0., 0.), v(2., 0.), v(1., 1.), v(1., 3.));
        assert_eq!((a, b), (v(1., 0.), v(1., 1.)));
        let (a, b) = closest_points_segments(v(0., 0.), v(0., 0.), v(3., 4.), v(3., 4.));
        assert_eq!((a, b), (v(0., 0.), v(3., 4.)));
    }
}
