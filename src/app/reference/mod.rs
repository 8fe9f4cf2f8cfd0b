//! What the reference library says: parry's verdict, signed distance and
//! contact for the open pair beside satlab's, and whether they agree (issue
//! 27 item 5). [`two::compare`] and [`three::compare`] are pure (no drawing);
//! [`section_2d`] and [`section_3d`] show the result in a panel,
//! [`table`] prints it for `satlab eval --compare parry`.
//!
//! parry gets each shape in its own frame with the same pose. Circles,
//! spheres and capsules go in as their core point or segment and their
//! radius is taken off parry's signed distance afterwards: offsetting a
//! convex set by `r` shifts every signed separation by exactly `r`, and it
//! keeps parry on its exact polytope paths (its GJK on a curved support map
//! stops about 1e-3 relative short, see `tests/common/parry.rs`). A bounded
//! ray is a segment; an unbounded one is cut past the other shape's far
//! side, which changes no distance or verdict. Kinds parry lacks (the 2D
//! sector and line, two unbounded rays) get no numbers.

/// The part of a readout that reads alike in 2D and 3D but names other
/// types (parry2d's or parry3d's queries, satlab's `Shape` or `Shape3`):
/// `parry_answer` (parry's answer, radii taken off; `None` when its
/// dispatcher refuses) and `compare` (both answers for `a` and `b`, and
/// whether they agree within `tolerance`, world units, the pair's contact
/// tolerance). Expanded in `two.rs` and `three.rs`, where `pq`,
/// `ClosestPoints`, `Parry`, `sv`, `to_parry`, `reach` and `satlab_answer`
/// are that dimension's.
macro_rules! parry_glue {
    ($shape:ident, $dims:literal) => {
        fn parry_answer(a: &Parry, b: &Parry) -> Option<Answer> {
            let (ga, gb) = (&*a.shape, &*b.shape);
            let (pa, pb) = (&a.pose, &b.pose);
            let hit = pq::intersection_test(pa, ga, pb, gb).ok()?.intersecting;
            let (core, p1, p2, n) = match pq::contact(pa, ga, pb, gb, 0.0).ok()? {
                Some(c) if c.dist <= 0.0 => (c.dist, sv(c.point1), sv(c.point2), sv(c.normal1)),
                _ => {
                    let d = pq::distance(pa, ga, pb, gb).ok()?.distance;
                    match pq::closest_points(pa, ga, pb, gb, f32::MAX).ok()? {
                        ClosestPoints::WithinMargin(p, q) => {
                            let (p, q) = (sv(p), sv(q));
                            (d, p, q, (q - p).normalize_or_zero())
                        }
                        ClosestPoints::Intersecting | ClosestPoints::Disjoint => {
                            (d, Vec3::NAN, Vec3::NAN, Vec3::ZERO)
                        }
                    }
                }
            };
            Some(super::rounded(hit, core, [p1, p2], n, a.radius, b.radius))
        }

        /// satlab's and parry's answers for `a` and `b`, and whether they
        /// agree within `tolerance` (world units, the pair's contact
        /// tolerance).
        pub fn compare(a: &$shape, b: &$shape, tolerance: f32) -> Readout {
            let ray = |s: &$shape, o: &$shape| {
                let $shape::Ray(r) = s else { return None };
                r.length().map_or_else(|| reach(r.origin(), o), |_| None)
            };
            let (pa, pb) = match (to_parry(a, ray(a, b)), to_parry(b, ray(b, a))) {
                (Ok(pa), Ok(pb)) => (pa, pb),
                (Err(e), _) | (_, Err(e)) => return e.map_or(Readout::Refused, Readout::NoShape),
            };
            let Some(parry) = parry_answer(&pa, &pb) else {
                return Readout::Refused;
            };
            let satlab = satlab_answer(a, b, tolerance);
            let corners = [a, b].into_iter().flat_map(|s| {
                let (lo, hi) = s.bounds();
                let o = s.pose().position();
                [lo.to_array(), hi.to_array(), o.to_array()].into_iter().flatten()
            });
            let rounding = ROUNDING * magnitude(corners);
            let unbounded_ray = |s: &$shape| matches!(s, $shape::Ray(r) if r.length().is_none());
            Readout::Compared(Comparison {
                dims: $dims,
                satlab,
                parry,
                tolerance,
                rounding,
                disagreement: judge(&satlab, &parry, tolerance, rounding),
                ray_cut: unbounded_ray(a) || unbounded_ray(b),
            })
        }
    };
}
use parry_glue;

pub mod three;
pub mod two;
mod view;

pub use view::{section_2d, section_3d};

use crate::app::i18n::{tr, trf, words};
use crate::app::num;
use glam::Vec3;
use satlab::geom::ShapeKind;
use serde::Serialize;

/// The f32 rounding of a pair, relative: two libraries computing in f32 on
/// coordinates of magnitude `size` may differ by about `ROUNDING × size`
/// (8 units in the last place) without either being wrong.
pub const ROUNDING: f32 = 1e-6;

/// One library's answer for a pair. World frame, world units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Answer {
    /// True when the library calls the pair intersecting (touching included
    /// as the library defines it).
    pub intersects: bool,
    /// The gap when apart, minus the penetration depth when overlapping;
    /// `None` when the library defines no depth for the pair (satlab: an
    /// unbounded ray that crosses the other shape).
    pub signed: Option<f32>,
    /// Closest (apart) or deepest (overlapping) point on A; z is 0 in 2D.
    pub point_a: Option<Vec3>,
    /// The same on B.
    pub point_b: Option<Vec3>,
    /// Unit contact normal, from A towards B; `None` when the points coincide.
    pub normal: Option<Vec3>,
}

/// What parry lacks for a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Missing {
    /// The 2D sector.
    Sector,
    /// The 2D infinite line.
    Line,
    /// Two unbounded rays: neither can be cut without changing the answer.
    TwoRays,
}

/// Why two answers differ by more than the tolerance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Reason {
    /// Both put the pair within the tolerance of contact: satlab counts a
    /// gap up to the tolerance as touching, and touching as intersecting;
    /// parry's `intersection_test` counts only its own zero.
    TouchingPolicy,
    /// The difference is within the f32 rounding of the pair's coordinates
    /// ([`ROUNDING`] × their magnitude).
    F32Rounding,
    /// Neither of the above.
    Unexplained,
}

/// A difference between satlab's and parry's answers beyond the tolerance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Disagreement {
    /// One says intersecting, the other apart.
    Verdict {
        /// Why, where known.
        reason: Reason,
    },
    /// Both verdicts agree but the signed distances differ.
    Distance {
        /// parry's signed distance minus satlab's, world units.
        difference: f32,
        /// Why, where known.
        reason: Reason,
    },
}

/// Both answers for one pair and whether they agree.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Comparison {
    /// 2 or 3: how many coordinates the points have.
    pub dims: usize,
    /// satlab's answer.
    pub satlab: Answer,
    /// parry's answer.
    pub parry: Answer,
    /// The contact tolerance the answers are compared to, world units.
    pub tolerance: f32,
    /// The pair's f32 rounding ([`ROUNDING`] × its coordinates' magnitude), world units.
    pub rounding: f32,
    /// `None` when they agree within the tolerance.
    pub disagreement: Option<Disagreement>,
    /// True when an unbounded ray was cut to a segment for parry.
    pub ray_cut: bool,
}

/// What the readout shows for a pair.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Readout {
    /// Both libraries answered.
    Compared(Comparison),
    /// parry has no shape for this pair.
    NoShape(Missing),
    /// parry could not build the shape (a polygon or hull it rejects), or
    /// its dispatcher answered `Unsupported` for the pair.
    Refused,
}

/// Whether `satlab` and `parry` disagree beyond `tolerance`, and why.
///
/// The verdicts first: when they differ, it is the touching policy if both
/// signed distances lie within `±tolerance`, f32 rounding if they differ
/// by at most `rounding`, else unexplained. With equal verdicts, signed
/// distances more than `tolerance` apart disagree (f32 rounding when the
/// difference is within `rounding`).
pub fn judge(
    satlab: &Answer,
    parry: &Answer,
    tolerance: f32,
    rounding: f32,
) -> Option<Disagreement> {
    let diff = match (satlab.signed, parry.signed) {
        (Some(s), Some(p)) => Some((s, p, p - s)),
        _ => None,
    };
    let rounding_explains = |d: f32| d.abs() <= rounding;
    if satlab.intersects != parry.intersects {
        let reason = match diff {
            Some((s, p, _)) if s.abs() <= tolerance && p.abs() <= tolerance => {
                Reason::TouchingPolicy
            }
            Some((_, _, d)) if rounding_explains(d) => Reason::F32Rounding,
            _ => Reason::Unexplained,
        };
        return Some(Disagreement::Verdict { reason });
    }
    let (_, _, d) = diff?;
    if d.abs() <= tolerance || d.is_nan() {
        return None;
    }
    let reason = if rounding_explains(d) {
        Reason::F32Rounding
    } else {
        Reason::Unexplained
    };
    Some(Disagreement::Distance {
        difference: d,
        reason,
    })
}

/// A reason in words, in the interface language.
pub fn reason_text(r: Reason) -> &'static str {
    match r {
        Reason::TouchingPolicy => tr(
            "touching policy: within the tolerance of contact, satlab counts touching as intersecting and parry only its own zero",
        ),
        Reason::F32Rounding => tr("f32 rounding: within the rounding of the coordinates' size"),
        Reason::Unexplained => tr("no known reason"),
    }
}

/// The one-line summary: agreement, or what differs and why.
pub fn summary(r: &Readout) -> String {
    match r {
        Readout::NoShape(m) => {
            let what = match m {
                Missing::Sector => words::kind(ShapeKind::Sector),
                Missing::Line => words::kind(ShapeKind::Line),
                Missing::TwoRays => tr("two unbounded rays"),
            };
            trf("parry has no such shape: {}", &[&what])
        }
        Readout::Refused => tr("parry cannot build this pair").to_string(),
        Readout::Compared(c) => match c.disagreement {
            None => trf("agree within {}", &[&c.tolerance]),
            Some(Disagreement::Verdict { reason }) => {
                trf("verdicts differ ({})", &[&reason_text(reason)])
            }
            Some(Disagreement::Distance { difference, reason }) => trf(
                "distances differ by {} ({})",
                &[&num::fixed(difference, 6), &reason_text(reason)],
            ),
        },
    }
}

/// The readout's rows: a label, satlab's value, parry's value.
pub fn rows(c: &Comparison) -> Vec<[String; 3]> {
    let verdict = |a: &Answer| {
        if a.intersects {
            tr("intersecting").to_string()
        } else {
            tr("apart").to_string()
        }
    };
    let signed = |a: &Answer| {
        a.signed
            .map_or_else(|| "—".to_string(), |s| num::fixed(s, 6))
    };
    let point = |p: Option<Vec3>| match p {
        None => "—".to_string(),
        Some(p) if c.dims == 2 => format!("({}, {})", num::fixed(p.x, 4), num::fixed(p.y, 4)),
        Some(p) => format!(
            "({}, {}, {})",
            num::fixed(p.x, 4),
            num::fixed(p.y, 4),
            num::fixed(p.z, 4)
        ),
    };
    let (s, p) = (&c.satlab, &c.parry);
    vec![
        [String::new(), "satlab".to_string(), "parry".to_string()],
        [tr("verdict").to_string(), verdict(s), verdict(p)],
        [tr("signed distance").to_string(), signed(s), signed(p)],
        [
            tr("point on A").to_string(),
            point(s.point_a),
            point(p.point_a),
        ],
        [
            tr("point on B").to_string(),
            point(s.point_b),
            point(p.point_b),
        ],
        [
            tr("normal A→B").to_string(),
            point(s.normal),
            point(p.normal),
        ],
    ]
}

/// The readout as text for `satlab eval --compare parry`: a heading, the
/// rows in aligned columns, the summary line.
pub fn table(r: &Readout) -> String {
    let mut out = format!("{}\n", tr("Reference (parry)"));
    if let Readout::Compared(c) = r {
        let rows = rows(c);
        let width = |k: usize| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0);
        let (w0, w1) = (width(0), width(1));
        for [l, s, p] in &rows {
            let line = format!("  {l:<w0$}  {s:<w1$}  {p}");
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if c.ray_cut {
            out.push_str(&format!(
                "  {}\n",
                tr("(the unbounded ray is cut to a segment for parry)")
            ));
        }
    }
    out.push_str(&format!("  {}\n", summary(r)));
    out
}

/// The magnitude of a pair's coordinates for [`ROUNDING`]: the largest
/// `|coordinate|` of the finite corners of both bounds, at least 1e-30.
fn magnitude(corners: impl IntoIterator<Item = f32>) -> f32 {
    corners
        .into_iter()
        .filter(|v| v.is_finite())
        .fold(1e-30, |m, v| m.max(v.abs()))
}

/// parry's answer from its core shapes' answer: `hit` its
/// `intersection_test`, `core` its signed distance, `points` its points on
/// A and B (NaN when it gave none), `n` its unit normal A→B (zero when
/// none); `ra` and `rb` the radii taken off (then the verdict is the
/// signed distance ≤ 0: what `intersection_test` on the rounded shapes
/// computes).
fn rounded(hit: bool, core: f32, points: [Vec3; 2], n: Vec3, ra: f32, rb: f32) -> Answer {
    let signed = core - ra - rb;
    let normal = (n != Vec3::ZERO).then_some(n);
    let off = normal.unwrap_or(Vec3::ZERO);
    let finite = |p: Vec3| p.is_finite().then_some(p);
    Answer {
        intersects: if ra + rb > 0.0 { signed <= 0.0 } else { hit },
        signed: signed.is_finite().then_some(signed),
        point_a: finite(points[0] + off * ra),
        point_b: finite(points[1] - off * rb),
        normal,
    }
}

/// satlab's answer: `core` the core's verdict, `distance` its distance
/// (snapped to 0 within the contact tolerance) and closest `points`,
/// `pen` its penetration depth and axis A→B when defined; the verdict as
/// a scene's `contact_tolerance` of `tolerance` rules it (a coarser one
/// counts more gaps, a finer one fewer).
/// satlab's [`Answer`] from its verdict `core`, its `distance` with the
/// closest `points` (one shared point when they overlap), its penetration
/// `(depth, axis)` and, for an overlap, the `deepest` pair of points (the
/// contact manifold's point of least separation: on A and on B, as
/// parry's contact gives them), shown instead of the shared point.
fn satlab(
    core: bool,
    distance: f32,
    points: [Vec3; 2],
    pen: Option<(f32, Vec3)>,
    deepest: Option<[Vec3; 2]>,
    tolerance: f32,
) -> Answer {
    let gap = if distance > 0.0 {
        distance
    } else {
        points[0].distance(points[1])
    };
    let intersects = if tolerance >= satlab::geom::CONTACT_TOLERANCE {
        core || gap <= tolerance
    } else {
        core && gap <= tolerance
    };
    let apart = (points[1] - points[0]).normalize_or_zero();
    let (signed, normal, shown) = match pen {
        Some((depth, axis)) if core && depth > 0.0 => {
            (Some(-depth), Some(axis), deepest.unwrap_or(points))
        }
        Some((_, axis)) if gap == 0.0 => (Some(0.0), Some(axis), points),
        None if core && gap == 0.0 => (None, None, points),
        Some(_) | None => (Some(gap), (apart != Vec3::ZERO).then_some(apart), points),
    };
    Answer {
        intersects,
        signed,
        point_a: Some(shown[0]),
        point_b: Some(shown[1]),
        normal,
    }
}

#[cfg(test)]
mod tests;
