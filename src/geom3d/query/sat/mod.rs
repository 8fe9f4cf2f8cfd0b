//! The 3D separating axis search: one search, used as the boolean test, to
//! fill a [`SatReport3`], and for penetration depth.
//!
//! Two convex sets are disjoint exactly when some axis separates their
//! projections. For two solid polytopes the face normals of both and the
//! cross products of an edge of each suffice (the facet normals of the
//! Minkowski difference; Gottschalk, Lin and Manocha 1996; Ericson,
//! *Real-Time Collision Detection*, 4.4 and 5.2.1): two boxes give exactly
//! 3 + 3 + 9 = 15 axes. For every other pair (a curved shape, a point,
//! segment, ray, triangle or flat hull) the search adds the direction
//! between the cores' nearest points, which GJK finds: separated shapes have
//! their distance as the gap on it, and overlapping rounded shapes whose
//! cores are apart have their exact depth on it. So the largest gap is the
//! verdict and, when they overlap, the least overlap is the penetration
//! depth.
//!
//! **Pruned edge pairs.** An edge pair whose Gauss-map arcs do not cross
//! forms no facet of the Minkowski difference, so its axis can decide
//! neither the verdict nor the depth: it is left out and counted
//! (the `gauss` module; [`SatReport3::pruned`]). Two boxes keep all nine.
//!
//! **Near-parallel edges.** Edge axes are the cross products of the two
//! unit edges taken in `f64`, so their direction is as exact as the edges
//! themselves. A pair with `|eA × eB| < 1e-5` is *skipped* and reported as
//! such: its direction is then dominated by the edges' own `f32` rounding.
//! Exactly parallel edges contribute no facet of their own to the
//! Minkowski difference; nearly parallel ones contribute a facet at most
//! `|eA × eB|` times the edges' length wide, so a skipped axis can hide a
//! gap of at most about `1e-5 ×` the shapes' size: when any axis was
//! skipped and the best gap is within that of 0, GJK's distance decides.
//!
//! **The contact band and rounding** (issue 25). Shapes whose distance is
//! at most [`CONTACT_TOLERANCE`] intersect. The `f32` projections are off by
//! at most `rounding` of the pieces' magnitude `M` (their reach from the
//! frame origin), which is also the bound of GJK's distance on the same
//! pieces. So a best gap above `CONTACT_TOLERANCE + rounding(M)` separates,
//! one below `−rounding(M)` overlaps, and in between GJK's exact distance
//! decides, as `distance` computes it: the verdict, the distance and the
//! report cannot disagree by rounding. (The largest SAT gap of two
//! polytopes can also be smaller than their distance, corner against
//! corner, which the same rule covers.)

pub(crate) mod gauss;
pub(crate) mod source;

pub use source::{AxisSource3, Feature, Side};

use crate::common::CONTACT_TOLERANCE;
use crate::common::{first_largest_gap, max_or_nan};
use crate::geom3d::query::distance::{piece_distance, piece_distance_dir, Distance3};
use crate::geom3d::query::piece::{piece, Core, Piece, Proj};
use crate::geom3d::Shape3;
use gauss::{crosses, image_a, ArcTable};
use glam::Vec3;
use std::cell::OnceCell;

/// Unit edge directions with `|eA × eB|` below this give no SAT axis.
pub const PARALLEL_EDGE_EPS: f32 = 1e-5;

/// How far an `f32` gap or GJK distance may be off, world units, for
/// pieces that reach `magnitude` from the frame origin: one precision
/// policy for 2D and 3D (`PROJECTION_ROUNDING` per unit of magnitude, about
/// eight `f32` roundings).
#[inline]
pub(crate) fn rounding(magnitude: f32) -> f32 {
    crate::common::PROJECTION_ROUNDING * magnitude
}

/// The width of the band around 0 within which a best gap cannot decide
/// the verdict for pieces `a` and `b`: their rounding, widened when an
/// edge pair was skipped to the gap such a pair can hide.
pub(crate) fn uncertain_band(a: &Piece, b: &Piece, skipped: bool) -> f32 {
    let m = a.magnitude() + b.magnitude();
    let skip = if skipped {
        4.0 * PARALLEL_EDGE_EPS * (a.size() + b.size())
    } else {
        0.0
    };
    rounding(m) + skip
}

/// One visited candidate: an axis to test, a skipped edge pair with
/// `|eA × eB|`, or an edge pair pruned because it forms no facet of the
/// Minkowski difference ([`gauss`]).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Visit {
    Test(Vec3),
    Skip(f32),
    Pruned,
}

/// Visits the candidate axes of two pieces in SAT order: A's faces, B's
/// faces, A's edges × B's edges (those that form no facet of the Minkowski
/// difference visited as [`Visit::Pruned`]), then (unless both are solid polytopes) the
/// nearest-points direction, and if nothing was tested a fallback axis.
/// Stops early when `f` returns false; returns false then.
pub(crate) fn for_each_candidate(
    a: &Piece,
    b: &Piece,
    f: impl FnMut(Visit, AxisSource3) -> bool,
) -> bool {
    for_each_candidate_near(a, b, &OnceCell::new(), f)
}

/// The cores' nearest points as [`piece_distance_dir`] gives them for the
/// two pieces with their radii taken off, computed at most once per query
/// and shared by whoever asks ([`cores_near`]).
pub(crate) type CoresNear = OnceCell<(Distance3, Option<Vec3>)>;

/// The cores' nearest points of `a` and `b`, from `near` when already
/// computed (the same call, so the same result).
pub(crate) fn cores_near(a: &Piece, b: &Piece, near: &CoresNear) -> (Distance3, Option<Vec3>) {
    *near.get_or_init(|| {
        piece_distance_dir(&Piece { radius: 0.0, ..*a }, &Piece { radius: 0.0, ..*b })
    })
}

/// [`for_each_candidate`], reading the cores' nearest points (for the
/// nearest-points axis) from `near`, so the caller can reuse them.
pub(crate) fn for_each_candidate_near(
    a: &Piece,
    b: &Piece,
    near: &CoresNear,
    mut f: impl FnMut(Visit, AxisSource3) -> bool,
) -> bool {
    let mut tested = false;
    let (ta, tb) = (ArcTable::of(a, false), ArcTable::of(b, true));
    let mut g = |v: Visit, src: AxisSource3| {
        tested |= matches!(v, Visit::Test(_));
        f(v, src)
    };
    let go = a.for_each_face(|n, feature| {
        g(
            Visit::Test(n),
            AxisSource3::Face {
                side: a.side,
                feature,
            },
        )
    }) && b.for_each_face(|n, feature| {
        g(
            Visit::Test(n),
            AxisSource3::Face {
                side: b.side,
                feature,
            },
        )
    }) && a.for_each_edge(|ea, fa, ga| {
        let ia = image_a(ga, &ta);
        b.for_each_edge(|eb, fb, gb| {
            let src = AxisSource3::Cross { a: fa, b: fb };
            if !crosses(&ia, gb, &tb) {
                return g(Visit::Pruned, src);
            }
            // In f64: an f32 cross product of nearly parallel edges would
            // tilt by its rounding over its length.
            let c = ea.as_dvec3().cross(eb.as_dvec3());
            let l = c.length();
            if l < f64::from(PARALLEL_EDGE_EPS) {
                g(Visit::Skip(l as f32), src)
            } else {
                g(Visit::Test((c / l).as_vec3()), src)
            }
        })
    }) && (a.is_solid() && b.is_solid() || closest_axis(a, b, near, &mut g));
    if !go {
        return false;
    }
    if !tested {
        let (v, src) = fallback_axis(a, b);
        return f(v, src);
    }
    true
}

/// The direction between the cores' nearest points, when they are apart.
pub(crate) fn closest_axis(
    a: &Piece,
    b: &Piece,
    near: &CoresNear,
    g: &mut impl FnMut(Visit, AxisSource3) -> bool,
) -> bool {
    // The direction as GJK solved it (in f64): from the points rounded to
    // f32 it would tilt by their rounding over the distance, and a long
    // feature's shadow on the tilted axis would eat into the gap.
    let (d, dir) = cores_near(a, b, near);
    let Some(mut n) = dir.or_else(|| (d.point_b - d.point_a).try_normalize()) else {
        return true;
    };
    if d.distance <= 0.0 {
        return true;
    }
    // Nearest at an inner point of an unbounded ray, the axis is exactly
    // perpendicular to it; nearest at its origin, the ray runs away from the
    // other shape along the axis. Rounding must not tilt the axis the other
    // way, or the ray's projection would reach across the gap to infinity.
    for (p, at, away) in [(a, d.point_a, -1.0), (b, d.point_b, 1.0)] {
        if let Core::Ray { origin, dir } = p.core {
            if at != origin || n.dot(dir) * away < 0.0 {
                n = (n - dir * n.dot(dir)).normalize_or(n);
            }
        }
    }
    // Named from a point-like core when there is one.
    let from = if matches!(b.core, Core::Point(_)) || !matches!(a.core, Core::Point(_)) {
        b
    } else {
        a
    };
    g(
        Visit::Test(n),
        AxisSource3::Closest {
            from: from.side,
            from_feature: from.nearest_feature(),
        },
    )
}

/// An axis perpendicular to an edge of A (else of B), else the x axis.
fn fallback_axis(a: &Piece, b: &Piece) -> (Visit, AxisSource3) {
    for p in [a, b] {
        let mut found = None;
        p.for_each_edge(|e, feature, _| {
            found = Some((e.any_orthonormal_vector(), feature));
            false
        });
        if let Some((n, feature)) = found {
            return (
                Visit::Test(n),
                AxisSource3::Perpendicular {
                    side: p.side,
                    feature,
                },
            );
        }
    }
    (Visit::Test(Vec3::X), AxisSource3::AnyDirection)
}

/// Signed gap between two projections: positive = gap, negative = overlap.
#[inline]
pub(crate) fn gap(a: &Proj, b: &Proj) -> f32 {
    max_or_nan(b.min - a.max, a.min - b.max)
}

/// The largest gap over the candidate axes (stopping at the first above
/// `stop_above`), and whether an edge pair was skipped.
pub(crate) fn max_gap(a: &Piece, b: &Piece, stop_above: f32) -> (f32, bool) {
    let mut best = f32::NEG_INFINITY;
    let mut skipped = false;
    for_each_candidate(a, b, |v, _| match v {
        Visit::Test(axis) => {
            let g = gap(&a.project(axis), &b.project(axis));
            // A NaN gap stops the search and leaves the verdict to GJK.
            best = max_or_nan(best, g);
            best <= stop_above
        }
        Visit::Skip(_) => {
            skipped = true;
            true
        }
        Visit::Pruned => true,
    });
    (best, skipped)
}

/// The verdict from the best gap (see the module doc): true when they
/// intersect, touching within the contact tolerance included.
pub(crate) fn verdict(a: &Piece, b: &Piece, best_gap: f32, skipped: bool) -> bool {
    match decided(a, b, best_gap, skipped) {
        Some(v) => v,
        None => piece_distance(a, b).distance <= CONTACT_TOLERANCE,
    }
}

/// The verdict when the best gap alone decides it (see the module doc);
/// `None` when GJK's distance must. A NaN gap never decides.
pub(crate) fn decided(a: &Piece, b: &Piece, best_gap: f32, skipped: bool) -> Option<bool> {
    let band = uncertain_band(a, b, skipped);
    if best_gap > CONTACT_TOLERANCE + band {
        Some(false)
    } else if best_gap < -band {
        Some(true)
    } else {
        None
    }
}

/// True when two pieces intersect, by the SAT search.
pub(crate) fn pieces_intersect(a: &Piece, b: &Piece) -> bool {
    let (g, skipped) = max_gap(a, b, CONTACT_TOLERANCE);
    verdict(a, b, g, skipped)
}

/// A projection interval in world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval3 {
    /// Smallest projection, `axis · p` over world points `p`.
    pub min: f32,
    /// Largest projection.
    pub max: f32,
    /// World point where `min` is reached.
    pub min_point: Vec3,
    /// World point where `max` is reached.
    pub max_point: Vec3,
}

const UNSET: Interval3 = Interval3 {
    min: f32::NAN,
    max: f32::NAN,
    min_point: Vec3::ZERO,
    max_point: Vec3::ZERO,
};

/// Why a candidate was not tested.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SkipReason {
    /// The two edges are parallel within [`PARALLEL_EDGE_EPS`]; `sin` is
    /// `|eA × eB|` for the unit edges.
    ParallelEdges {
        /// Sine of the angle between the edges.
        sin: f32,
    },
}

impl SkipReason {
    /// The reason in words.
    pub fn describe(&self) -> String {
        match self {
            SkipReason::ParallelEdges { sin } => format!(
                "edges parallel (|sin| = {sin:.1e} < 1e-5): their cross product has no \
                 reliable direction; it could hide a gap of at most 1e-5 of the shapes' \
                 size, so near contact the exact distance decides"
            ),
        }
    }
}

/// One candidate axis and what SAT saw on it.
#[derive(Debug, Clone, PartialEq)]
pub struct AxisTest3 {
    /// World unit direction (zero when skipped).
    pub axis: Vec3,
    /// Where it came from.
    pub source: AxisSource3,
    /// A's projection (NaN when skipped).
    pub a: Interval3,
    /// B's projection (NaN when skipped).
    pub b: Interval3,
    /// Signed gap, world units: positive = gap, negative = overlap; NaN when skipped.
    pub gap: f32,
    /// Set when the axis was not tested.
    pub skipped: Option<SkipReason>,
}

impl AxisTest3 {
    /// True when this axis separates the shapes by more than the contact tolerance.
    pub fn separates(&self) -> bool {
        self.gap > CONTACT_TOLERANCE
    }
}

/// Everything the 3D separating axis test saw for one pair of shapes.
///
/// Reusable: [`SatReport3::compute`] clears and refills it without freeing
/// its buffer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SatReport3 {
    /// Every candidate axis in visiting order, skipped ones included.
    pub axes: Vec<AxisTest3>,
    /// Index of the first axis that separates (SAT's early exit), if any.
    /// When only GJK's exact distance separated shapes in the contact band,
    /// the axis with the largest gap.
    pub first_separating: Option<usize>,
    /// Index of the axis with the largest gap (the least overlap when they
    /// intersect).
    pub least_overlap: Option<usize>,
    /// When they intersect and both are bounded: the shortest translation of
    /// B that separates them, along the least-overlap axis, pointing away from A.
    pub mtv: Option<Vec3>,
    /// The verdict: true when they intersect (touching counts).
    pub intersects: bool,
    /// True when the best gap fell within the contact band and rounding
    /// (widened when an axis was skipped) and GJK's exact distance decided.
    pub decided_by_distance: bool,
    /// Edge pairs left out of [`axes`](Self::axes) because they form no
    /// facet of the Minkowski difference (their Gauss-map arcs do not
    /// cross: see the module doc), so no axis of theirs can decide.
    pub pruned: usize,
}

/// The SAT report for `a` and `b` (allocates; see [`SatReport3::compute`]).
pub fn sat_report3(a: &Shape3, b: &Shape3) -> SatReport3 {
    let mut r = SatReport3::default();
    r.compute(a, b);
    r
}

impl SatReport3 {
    /// Fills the report for `a` and `b`, reusing the buffer.
    pub fn compute(&mut self, a: &Shape3, b: &Shape3) {
        self.axes.clear();
        let o = a.pose().position();
        let (pa, pb) = (piece(a, Side::A, o), piece(b, Side::B, o));
        let axes = &mut self.axes;
        let mut skipped = false;
        let mut pruned = 0;
        for_each_candidate(&pa, &pb, |v, source| {
            match v {
                Visit::Test(axis) => {
                    let (ia, ib) = (pa.project(axis), pb.project(axis));
                    let shift = axis.dot(o);
                    let world = |p: Proj| Interval3 {
                        min: p.min + shift,
                        max: p.max + shift,
                        min_point: p.min_point + o,
                        max_point: p.max_point + o,
                    };
                    axes.push(AxisTest3 {
                        axis,
                        source,
                        a: world(ia),
                        b: world(ib),
                        gap: gap(&ia, &ib),
                        skipped: None,
                    });
                }
                Visit::Skip(sin) => {
                    skipped = true;
                    axes.push(AxisTest3 {
                        axis: Vec3::ZERO,
                        source,
                        a: UNSET,
                        b: UNSET,
                        gap: f32::NAN,
                        skipped: Some(SkipReason::ParallelEdges { sin }),
                    });
                }
                Visit::Pruned => pruned += 1,
            }
            true
        });
        self.pruned = pruned;
        // Ties go to the first axis in SAT order, as in `penetration`:
        // one least-overlap axis for the report, its MTV and the depth.
        let least = first_largest_gap(
            (self.axes.iter().enumerate())
                .filter(|(_, t)| t.skipped.is_none())
                .map(|(k, t)| (k, t.gap)),
        );
        // A NaN gap (an overflowed projection) leaves the verdict to GJK.
        let nan = (self.axes.iter()).any(|t| t.skipped.is_none() && t.gap.is_nan());
        let best = if nan {
            f32::NAN
        } else {
            least.map_or(f32::NEG_INFINITY, |k| self.axes[k].gap)
        };
        self.decided_by_distance = decided(&pa, &pb, best, skipped).is_none();
        self.intersects = verdict(&pa, &pb, best, skipped);
        self.least_overlap = least;
        self.first_separating = if self.intersects {
            None
        } else {
            self.axes.iter().position(|t| t.separates()).or(least)
        };
        self.mtv = match (self.intersects, least) {
            (true, Some(k)) => {
                let t = &self.axes[k];
                let v = mtv_on(t.axis, t.a.max - t.b.min, t.b.max - t.a.min);
                v.is_finite().then_some(v)
            }
            (true, None) | (false, Some(_) | None) => None,
        };
    }

    /// The first separating axis, if any.
    pub fn first_separating(&self) -> Option<&AxisTest3> {
        self.first_separating.map(|k| &self.axes[k])
    }

    /// The least-overlap axis.
    pub fn least_overlap(&self) -> Option<&AxisTest3> {
        self.least_overlap.map(|k| &self.axes[k])
    }

    /// How many candidates were skipped.
    pub fn skipped_count(&self) -> usize {
        self.axes.iter().filter(|t| t.skipped.is_some()).count()
    }
}

/// The translation of B along `axis` that ends the overlap: `up` pushes B
/// along `+axis`, `down` along `-axis`; the shorter one wins.
pub(crate) fn mtv_on(axis: Vec3, up: f32, down: f32) -> Vec3 {
    if up <= down {
        axis * up.max(0.0)
    } else {
        -axis * down.max(0.0)
    }
}
