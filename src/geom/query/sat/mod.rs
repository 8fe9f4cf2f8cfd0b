//! The separating axis theorem: one search, used both as a fast boolean test
//! and to fill a [`SatReport`] that says what the search saw.
//!
//! Two convex sets are disjoint exactly when some axis separates their
//! projections. For polygons the edge normals of both suffice. For curved
//! shapes (circle, capsule, sector arc) the candidates also include, from each
//! curve centre, the direction to the other shape's vertices: for a rounded
//! hull the nearest vertex, for a sector's arc every vertex inside its wedge.
//! Shapes without area (point, segment, ray) add the same nearest-vertex
//! axes, since two of them can have a degenerate Minkowski difference (two
//! collinear segments are separated along their common direction).
//! With those, the candidate set contains the direction between the closest
//! points of separated shapes and the normal of the Minkowski difference at
//! the point nearest the origin of overlapping ones, so the least overlap
//! found is the true penetration depth.

pub(crate) mod source;

pub use source::{AxisSource, Feature, Part, Side};

use crate::geom::query::distance::piece_distance;
use crate::geom::query::piece::{pieces, Geom, HullCache, Piece, Proj, PROJ_LANES};
use crate::geom::query::{max_or_nan, parallel};
use crate::geom::shape::sector::in_wedge;
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};
use std::ops::Range;

/// A piece with its hull vertices turned into place once (when it is a
/// hull of at most 32 vertices): the SAT search reads every vertex of the
/// other piece for each curve axis and projects both pieces on every
/// candidate axis, and a polygon's vertices would otherwise be turned for
/// each. The cached numbers are the ones [`Piece::vertex`] computes.
pub(crate) struct Cached<'p, 'a> {
    pub piece: &'p Piece<'a>,
    pub cache: HullCache,
}

impl<'p, 'a> Cached<'p, 'a> {
    #[inline(always)]
    pub fn new(piece: &'p Piece<'a>) -> Self {
        Cached {
            piece,
            cache: HullCache::new(piece),
        }
    }

    /// Vertex `j`, relative to the frame origin.
    #[inline]
    fn vertex(&self, j: usize) -> Vec2 {
        if self.cache.is_filled() {
            self.cache.vertex(j)
        } else {
            self.piece.vertex(j)
        }
    }

    /// [`Piece::magnitude`], from the cache when there is one.
    fn magnitude(&self) -> f32 {
        if self.cache.is_filled() {
            self.cache.magnitude()
        } else {
            self.piece.magnitude()
        }
    }

    /// Projections on the first `count` of the axes `d` (the rest of the
    /// array is unspecified): [`Piece::project`] on each.
    #[inline]
    fn project4(&self, d: [Vec2; PROJ_LANES], count: usize) -> [Proj; PROJ_LANES] {
        if self.cache.is_filled() {
            return self.cache.project4(d);
        }
        let p = self.piece;
        let mut out = [p.project(d[0]); PROJ_LANES];
        for (slot, axis) in out.iter_mut().zip(d).take(count).skip(1) {
            *slot = p.project(axis);
        }
        out
    }
}

/// Visits the candidate axes in SAT order with the ends of both projections
/// on each, `f(axis, [a.min, a.max], [b.min, b.max])` (the numbers
/// [`Piece::project`] gives), projected four at a time and without the
/// points.
/// Stops when `f` returns false.
pub(crate) fn for_each_bounds(
    a: &Cached,
    b: &Cached,
    mut f: impl FnMut(Vec2, [f32; 2], [f32; 2]) -> bool,
) {
    let ends = |c: &Cached, d: [Vec2; PROJ_LANES], n: usize| {
        if c.cache.is_filled() {
            c.cache.bounds4(d)
        } else {
            let p = c.project4(d, n);
            (p.map(|q| q.min), p.map(|q| q.max))
        }
    };
    let mut axes = [Vec2::ZERO; PROJ_LANES];
    let mut n = 0;
    let mut flush = |axes: &[Vec2; PROJ_LANES], n: usize| {
        let ((amin, amax), (bmin, bmax)) = (ends(a, *axes, n), ends(b, *axes, n));
        (0..n).all(|k| f(axes[k], [amin[k], amax[k]], [bmin[k], bmax[k]]))
    };
    let go = for_each_candidate(a, b, |axis, _| {
        axes[n] = axis;
        n += 1;
        if n < PROJ_LANES {
            return true;
        }
        n = 0;
        flush(&axes, PROJ_LANES)
    });
    if go && n > 0 {
        flush(&axes, n);
    }
}

/// Visits the candidate axes of a pair of convex pieces in SAT order: A's
/// faces, B's faces, then A's curve axes, then B's. Stops early when `f`
/// returns false; returns false then.
pub(crate) fn for_each_candidate(
    a: &Cached,
    b: &Cached,
    mut f: impl FnMut(Vec2, AxisSource) -> bool,
) -> bool {
    let mut any = false;
    let mut g = |axis: Vec2, src: AxisSource| {
        any = true;
        f(axis, src)
    };
    let (pa, pb) = (a.piece, b.piece);
    let go = pa.for_each_face(|n, feature| {
        g(
            n,
            AxisSource::Face {
                side: pa.side,
                feature,
            },
        )
    }) && pb.for_each_face(|n, feature| {
        g(
            n,
            AxisSource::Face {
                side: pb.side,
                feature,
            },
        )
    }) && curve_axes(pa, b, &mut g)
        && curve_axes(pb, a, &mut g);
    if !go {
        return false;
    }
    if !any {
        return f(Vec2::X, AxisSource::AnyDirection);
    }
    true
}

/// Axes from `owner`'s curve centres to `other`'s vertices.
fn curve_axes(owner: &Piece, other: &Cached, g: &mut impl FnMut(Vec2, AxisSource) -> bool) -> bool {
    let n_other = other.piece.vertex_count();
    if n_other == 0 {
        return true;
    }
    match owner.geom {
        // Rounded hulls, and thin ones (points, segments) whose Minkowski
        // difference with another thin shape can be degenerate: each vertex
        // to the other's nearest vertex.
        Geom::Hull { verts, radius } if radius > 0.0 || verts.len() <= 2 => {
            (0..verts.len()).all(|i| nearest_vertex_axis(owner, i, verts.get(i), other, g))
        }
        Geom::Ray { origin, .. } => nearest_vertex_axis(owner, 0, origin, other, g),
        Geom::Sector {
            apex, facing, half, ..
        } => {
            for j in 0..n_other {
                let d = other.vertex(j) - apex;
                let l = d.length();
                if l > 0.0 && in_wedge(facing, half, d) {
                    let src = AxisSource::Towards {
                        centre_side: owner.side,
                        centre: owner.vertex_feature(0),
                        vertex: other.piece.vertex_feature(j),
                    };
                    if !g(d / l, src) {
                        return false;
                    }
                }
            }
            true
        }
        // Sharp hulls of three or more vertices, and lines: no curve.
        Geom::Hull { .. } | Geom::Line { .. } => true,
    }
}

/// The axis from `owner`'s vertex `i` (at `c`) to the nearest vertex of `other`.
fn nearest_vertex_axis(
    owner: &Piece,
    i: usize,
    c: Vec2,
    other: &Cached,
    g: &mut impl FnMut(Vec2, AxisSource) -> bool,
) -> bool {
    let mut best = (f32::INFINITY, 0usize, Vec2::ZERO);
    for j in 0..other.piece.vertex_count() {
        let d = other.vertex(j) - c;
        let l = d.length_squared();
        if l < best.0 {
            best = (l, j, d);
        }
    }
    if best.0 > 0.0 && best.0.is_finite() {
        let src = AxisSource::Towards {
            centre_side: owner.side,
            centre: owner.vertex_feature(i),
            vertex: other.piece.vertex_feature(best.1),
        };
        return g(best.2 / best.0.sqrt(), src);
    }
    true
}

/// Signed gap between two projections: positive = gap, negative = overlap.
#[inline]
pub(crate) fn gap(a: &Proj, b: &Proj) -> f32 {
    max_or_nan(b.min - a.max, a.min - b.max)
}

/// The largest gap over the candidate axes, stopping at the first one above
/// `stop_above`.
pub(crate) fn max_gap(a: &Piece, b: &Piece, stop_above: f32) -> f32 {
    max_gap_cached(&Cached::new(a), &Cached::new(b), stop_above)
}

fn max_gap_cached(a: &Cached, b: &Cached, stop_above: f32) -> f32 {
    let mut best = f32::NEG_INFINITY;
    for_each_bounds(a, b, |_, [amin, amax], [bmin, bmax]| {
        // As `gap`.
        let g = max_or_nan(bmin - amax, amin - bmax);
        best = max_or_nan(best, g);
        // A NaN gap stops the search: the exact distance decides.
        g <= stop_above
    });
    best
}

/// The verdict for two convex pieces: SAT, and in the narrow band where the
/// best gap is positive but within the contact tolerance (or NaN), the exact
/// distance; and true when the exact distance decided.
#[inline]
pub(crate) fn pieces_intersect_path(a: &Piece, b: &Piece) -> (bool, bool) {
    let (ca, cb) = (Cached::new(a), Cached::new(b));
    let band = uncertain_band(&ca, &cb);
    let g = max_gap_cached(&ca, &cb, band);
    if g <= -band {
        return (true, false);
    }
    if g > band {
        return (false, false);
    }
    (piece_distance(a, b).distance <= CONTACT_TOLERANCE, true)
}

use crate::geom::PROJECTION_ROUNDING;

/// How far from 0 a best SAT gap must be for its sign to decide the verdict:
/// the contact tolerance plus the rounding of the projections (the one
/// precision policy). Within it the exact distance decides, so the
/// verdict, the distance and the report agree (issue 12, item 7): a gap a
/// hair above the tolerance can round from a distance a hair below it
/// (issue 25's soak).
pub(crate) fn uncertain_band(a: &Cached, b: &Cached) -> f32 {
    CONTACT_TOLERANCE + PROJECTION_ROUNDING * (a.magnitude() + b.magnitude())
}

/// A projection interval on an axis, in world units along the axis, with the
/// world points of the shape that realise each end. An infinite end (lines,
/// unbounded rays) carries the shape's reference point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Smallest projection, `axis · p` for world points `p`.
    pub min: f32,
    /// Largest projection.
    pub max: f32,
    /// World point where `min` is reached.
    pub min_point: Vec2,
    /// World point where `max` is reached.
    pub max_point: Vec2,
}

/// One candidate axis and what SAT saw on it.
#[derive(Debug, Clone, PartialEq)]
pub struct AxisTest {
    /// World unit direction.
    pub axis: Vec2,
    /// Where it came from.
    pub source: AxisSource,
    /// A's projection.
    pub a: Interval,
    /// B's projection.
    pub b: Interval,
    /// Signed gap, world units: positive = gap, negative = overlap.
    pub gap: f32,
    /// Index of the [`SatPart`] this axis belongs to.
    pub part: usize,
}

impl AxisTest {
    /// True when this axis separates the shapes by more than the contact
    /// tolerance.
    pub fn separates(&self) -> bool {
        self.gap > CONTACT_TOLERANCE
    }
}

/// An axis parallel to an earlier one of the same part, not tested again.
#[derive(Debug, Clone, PartialEq)]
pub struct MergedAxis {
    /// Index in [`SatReport::axes`] of the axis it merged into.
    pub into: usize,
    /// Where the merged axis came from.
    pub source: AxisSource,
}

/// SAT on one pair of convex parts (a whole shape, or half of a wide sector).
#[derive(Debug, Clone, PartialEq)]
pub struct SatPart {
    /// Which part of A.
    pub a_part: Part,
    /// Which part of B.
    pub b_part: Part,
    /// This part's axes, as indices into [`SatReport::axes`], in visiting order.
    pub axes: Range<usize>,
    /// The first axis that separates (SAT stops there), if any.
    pub first_separating: Option<usize>,
    /// The axis with the largest gap (the least overlap when they intersect).
    pub least_overlap: Option<usize>,
    /// When the parts intersect: the shortest translation of B that
    /// separates them (along the least-overlap axis, pointing away from A).
    pub mtv: Option<Vec2>,
    /// False when the parts intersect (touching counts).
    pub separated: bool,
}

/// Everything the separating axis test saw for one pair of shapes.
///
/// Reusable: [`SatReport::compute`] clears and refills it without freeing
/// its buffers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SatReport {
    /// Every distinct candidate axis, part by part, in visiting order.
    pub axes: Vec<AxisTest>,
    /// Axes dropped as parallel to an earlier one.
    pub merged: Vec<MergedAxis>,
    /// One entry per pair of convex parts (one unless a shape is a sector
    /// with half-angle in (90°, 180°), which is split into its two halves).
    pub parts: Vec<SatPart>,
    /// The verdict: true when some pair of parts intersects.
    pub intersects: bool,
}

/// A part's verdict from its axes (`best`: the largest non-NaN gap): as
/// `pieces_intersect_path`, the sign of the best gap decides outside the
/// band where rounding could flip it, the exact distance inside. A NaN gap
/// (an overflowed projection) also leaves it to the exact distance, whose
/// NaN reads as separated: never as overlap.
fn part_separated(
    a: &Piece,
    b: &Piece,
    tests: &[AxisTest],
    best: Option<f32>,
    band: f32,
    apart: &dyn Fn(&Piece, &Piece) -> bool,
) -> bool {
    let best_gap = if tests.iter().any(|t| t.gap.is_nan()) {
        f32::NAN
    } else {
        best.unwrap_or(f32::NEG_INFINITY)
    };
    if best_gap > band {
        true
    } else if best_gap <= -band {
        false
    } else {
        apart(a, b)
    }
}

/// True for the normal of a line or ray (see [`SatReport::compute`]'s merging).
fn unbounded_normal(source: &AxisSource) -> bool {
    matches!(
        source,
        AxisSource::Face {
            feature: Feature::LineNormal | Feature::RayNormal,
            ..
        }
    )
}

/// Axes a new candidate may merge into, in visiting order, as plain
/// vectors: scanned for every new candidate, so kept apart from the large
/// `AxisTest` records. Past [`SEEN_INLINE`] axes it overflows, and the
/// report's own axes are scanned instead (no allocation).
struct SeenAxes {
    axes: [Vec2; SEEN_INLINE],
    at: [usize; SEEN_INLINE],
    n: usize,
    overflow: bool,
}

/// Axes [`SeenAxes`] holds.
const SEEN_INLINE: usize = 64;

impl SeenAxes {
    fn new() -> Self {
        SeenAxes {
            axes: [Vec2::ZERO; SEEN_INLINE],
            at: [0; SEEN_INLINE],
            n: 0,
            overflow: false,
        }
    }

    fn push(&mut self, axis: Vec2, index: usize) {
        if self.n < SEEN_INLINE {
            self.axes[self.n] = axis;
            self.at[self.n] = index;
            self.n += 1;
        } else {
            self.overflow = true;
        }
    }

    /// Index in the report of the first mergeable axis of the part
    /// (`tests`, starting at report index `start`) parallel to `axis`.
    fn parallel_to(&self, axis: Vec2, tests: &[AxisTest], start: usize) -> Option<usize> {
        if self.overflow {
            return tests
                .iter()
                .position(|t| !unbounded_normal(&t.source) && parallel(t.axis, axis))
                .map(|k| start + k);
        }
        self.axes[..self.n]
            .iter()
            .position(|t| parallel(*t, axis))
            .map(|k| self.at[k])
    }
}

/// The shadow of a shape on the unit `axis` through the world origin: the
/// least and greatest `axis · p` over its points, world units, with the
/// points that reach them. `None` when the shape is not one convex piece
/// (a sector wider than 90°), is unbounded, or `axis` is not a unit vector
/// within 1e-3. The same projection SAT takes on its candidate axes.
pub fn project(shape: &Shape, axis: Vec2) -> Option<Interval> {
    if !shape.is_bounded() || !axis.is_finite() || (axis.length() - 1.0).abs() > 1e-3 {
        return None;
    }
    let o = shape.pose().position();
    let pieces = pieces(shape, Side::A, o);
    let mut all = pieces.iter();
    let (piece, None) = (all.next()?, all.next()) else {
        return None;
    };
    let p = piece.project(axis);
    let shift = axis.dot(o);
    Some(Interval {
        min: p.min + shift,
        max: p.max + shift,
        min_point: p.min_point + o,
        max_point: p.max_point + o,
    })
}

/// The SAT report for `a` and `b` (allocates; see [`SatReport::compute`]).
pub fn sat_report(a: &Shape, b: &Shape) -> SatReport {
    let mut r = SatReport::default();
    r.compute(a, b);
    r
}

/// Placeholder interval of an axis not projected yet.
const UNSET: Interval = Interval {
    min: f32::NAN,
    max: f32::NAN,
    min_point: Vec2::ZERO,
    max_point: Vec2::ZERO,
};

impl SatReport {
    /// Fills the report for `a` and `b`, reusing the buffers.
    pub fn compute(&mut self, a: &Shape, b: &Shape) {
        self.axes.clear();
        self.merged.clear();
        self.parts.clear();
        let o = a.pose().position();
        let pa = pieces(a, Side::A, o);
        let pb = pieces(b, Side::B, o);
        // Two boxes or polygons: in the band the exact distance is the one
        // `distance` measures (GJK on their outlines, in the frame of the
        // one that reaches farther), so the report cannot round apart.
        let mut store = Default::default();
        let outlines = crate::geom::query::outline::outlines(a, b, &mut store).is_some();
        for p in pa.iter() {
            for q in pb.iter() {
                let exact = |x: &Piece, y: &Piece| {
                    if outlines {
                        crate::geom::distance(a, b).distance > 0.0
                    } else {
                        let d = piece_distance(x, y).distance;
                        d.is_nan() || d > CONTACT_TOLERANCE
                    }
                };
                self.add_part(p, q, o, &exact);
            }
        }
        self.intersects = self.parts.iter().any(|p| !p.separated);
    }

    fn add_part(&mut self, a: &Piece, b: &Piece, o: Vec2, apart: &dyn Fn(&Piece, &Piece) -> bool) {
        let part_index = self.parts.len();
        let start = self.axes.len();
        let axes = &mut self.axes;
        let merged = &mut self.merged;
        // A polygon's vertices are turned into place once, not per axis.
        let (ca, cb) = (Cached::new(a), Cached::new(b));
        // First the candidate axes in visiting order, merging parallel ones;
        // then every new axis projected, four at a time.
        // The part's mergeable axes so far.
        let mut seen = SeenAxes::new();
        for_each_candidate(&ca, &cb, |axis, source| {
            // A line's or ray's normal is never merged away: on it alone the
            // unbounded shape projects to a point, so it may be the only axis
            // that separates (another axis a hair off it sees the whole line).
            let keep = unbounded_normal(&source);
            if !keep {
                if let Some(k) = seen.parallel_to(axis, &axes[start..], start) {
                    merged.push(MergedAxis { into: k, source });
                    return true;
                }
                seen.push(axis, axes.len());
            }
            axes.push(AxisTest {
                axis,
                source,
                a: UNSET,
                b: UNSET,
                gap: f32::NAN,
                part: part_index,
            });
            true
        });
        for chunk in self.axes[start..].chunks_mut(PROJ_LANES) {
            let mut d = [chunk[0].axis; PROJ_LANES];
            for (slot, t) in d.iter_mut().zip(chunk.iter()) {
                *slot = t.axis;
            }
            let (pa, pb) = (ca.project4(d, chunk.len()), cb.project4(d, chunk.len()));
            for ((t, ia), ib) in chunk.iter_mut().zip(pa).zip(pb) {
                let shift = t.axis.dot(o);
                let world = |p: Proj| Interval {
                    min: p.min + shift,
                    max: p.max + shift,
                    min_point: p.min_point + o,
                    max_point: p.max_point + o,
                };
                t.a = world(ia);
                t.b = world(ib);
                t.gap = gap(&ia, &ib);
            }
        }
        let range = start..self.axes.len();
        let tests = &self.axes[range.clone()];
        let first_separating = tests.iter().position(|t| t.separates()).map(|k| start + k);
        // Ties go to the first axis in SAT order, as in `penetration`:
        // one least-overlap axis for the report, its MTV and the depth.
        let least = crate::common::first_largest_gap(
            tests.iter().enumerate().map(|(k, t)| (start + k, t.gap)),
        );
        let band = uncertain_band(&ca, &cb);
        let best = least.map(|k| self.axes[k].gap);
        let separated = part_separated(a, b, tests, best, band, apart);
        let first_separating = if separated {
            first_separating.or(least)
        } else {
            None
        };
        let mtv = match (separated, least) {
            (false, Some(k)) => {
                // From the projections relative to A's position, as the gap
                // and `penetration` are: the world interval ends carry the
                // rounding of `axis · o`, which far from the origin is larger
                // than a shallow depth.
                let axis = self.axes[k].axis;
                let (ia, ib) = (a.project(axis), b.project(axis));
                let up = ia.max - ib.min; // push B along +axis
                let down = ib.max - ia.min; // push B along -axis
                let v = if up <= down {
                    axis * up.max(0.0)
                } else {
                    -axis * down.max(0.0)
                };
                v.is_finite().then_some(v)
            }
            (false, None) | (true, Some(_) | None) => None,
        };
        self.parts.push(SatPart {
            a_part: a.part,
            b_part: b.part,
            axes: range,
            first_separating,
            least_overlap: least,
            mtv,
            separated,
        });
    }

    /// The first separating axis of the first part (the whole pair unless a
    /// wide sector was split).
    pub fn first_separating(&self) -> Option<&AxisTest> {
        self.parts.first()?.first_separating.map(|k| &self.axes[k])
    }

    /// The least-overlap axis of the first part.
    pub fn least_overlap(&self) -> Option<&AxisTest> {
        self.parts.first()?.least_overlap.map(|k| &self.axes[k])
    }

    /// The MTV of the first part (moves B out of A).
    pub fn mtv(&self) -> Option<Vec2> {
        self.parts.first()?.mtv
    }

    /// True when a wide sector was split into halves.
    pub fn is_split(&self) -> bool {
        self.parts.len() > 1
    }

    /// A sentence explaining the split, when there is one.
    pub fn split_note(&self) -> Option<&'static str> {
        self.is_split().then_some(
            "A sector with a half-angle over 90° is not convex, so SAT cannot test it whole: \
             it is split into its two convex halves, each tested on its own; \
             the shapes intersect when any pair of halves does.",
        )
    }
}
