//! The swept separating-axis test of two polytopes: the SAT over time.
//!
//! Under a translation the facet normals of the Minkowski difference
//! `A − B` stay the same: the face normals of A and of B, and the cross
//! products of an edge of each whose Gauss-map arcs cross (the same
//! candidates and pruning as the static SAT in `sat`; every edge pair when
//! one of them is not solid). On each such axis
//! B's shadow slides at `v · axis` relative to A's, so the shadows overlap
//! over one interval of `t`, and the shapes touch from the latest entry to
//! the earliest exit when the one comes before the other. With the whole
//! facet set this is exact: it clips the ray of the motion against `A − B`
//! (Cyrus–Beck). Edge pairs nearly parallel are kept with their cross
//! product taken in `f64` (any axis is a valid test, and a tilted one can
//! only make the entry earlier, never later); exactly parallel ones form no
//! facet and give none.

use crate::geom3d::query::piece::{piece, Core, Piece};
use crate::geom3d::query::sat::gauss::{minkowski_face, ArcTable};
use crate::geom3d::query::sat::AxisSource3;
use crate::geom3d::{Feature, Shape3, Side};
use glam::Vec3;

/// Below this sine the edges of a pair count as spanning a plane or a line
/// only: the Minkowski difference is (nearly) flat and the face and edge
/// axes no longer bound it, so the advancement answers instead.
const SPAN_SIN: f32 = 1e-3;

/// True when the pair takes the exact sweep: two polytopes without radius
/// (no unbounded ray) whose Minkowski difference has volume (one of them
/// solid, or their edges spanning all three directions).
pub(super) fn sweepable(p: &Piece, q: &Piece) -> bool {
    let polytope = |x: &Piece| x.radius == 0.0 && !matches!(x.core, Core::Ray { .. });
    polytope(p) && polytope(q) && (p.is_solid() || q.is_solid() || spans_volume(p, q))
}

/// True when the edges of `p` and `q` (a box's only where it has extent)
/// hold three directions no plane contains (to [`SPAN_SIN`]).
fn spans_volume(p: &Piece, q: &Piece) -> bool {
    let (mut first, mut plane, mut found) = (None::<Vec3>, None::<Vec3>, false);
    let mut visit = |x: &Piece, e: Vec3, feature: Feature| {
        if let (Core::Box { h, .. }, Feature::BoxEdge(k)) = (&x.core, feature) {
            if h[usize::from(k.min(2))] == 0.0 {
                return true;
            }
        }
        match (first, plane) {
            (None, _) => first = Some(e),
            (Some(f), None) => {
                let c = f.cross(e);
                if c.length() > SPAN_SIN {
                    plane = Some(c.normalize());
                }
            }
            (Some(_), Some(n)) => found = n.dot(e).abs() > SPAN_SIN,
        }
        !found
    };
    p.for_each_edge(|e, f, _| visit(p, e, f));
    q.for_each_edge(|e, f, _| visit(q, e, f));
    found
}

/// Visits the axes of the sweep (unit, query frame) with their source: A's
/// faces, B's faces, then the edge pairs that form a facet of `A − B`.
/// Stops when `f` returns false; returns false then. Allocates only the
/// arc tables of solid hulls (as the static SAT does).
pub(super) fn for_each_axis(
    p: &Piece,
    q: &Piece,
    mut f: impl FnMut(Vec3, AxisSource3) -> bool,
) -> bool {
    let (ta, tb) = (ArcTable::of(p, false), ArcTable::of(q, true));
    // The Gauss-map pruning is the static SAT's for two solids; with a
    // triangle, segment or point the static SAT adds the nearest-points
    // axis, which a sweep cannot (it turns with the motion): keep every pair.
    let prune = p.is_solid() && q.is_solid();
    p.for_each_face(|n, feature| {
        f(
            n,
            AxisSource3::Face {
                side: p.side,
                feature,
            },
        )
    }) && q.for_each_face(|n, feature| {
        f(
            n,
            AxisSource3::Face {
                side: q.side,
                feature,
            },
        )
    }) && p.for_each_edge(|ea, fa, ga| {
        q.for_each_edge(|eb, fb, gb| {
            if prune && !minkowski_face(ga, &ta, gb, &tb) {
                return true;
            }
            let c = ea.as_dvec3().cross(eb.as_dvec3());
            let l = c.length();
            if l == 0.0 {
                return true;
            }
            f((c / l).as_vec3(), AxisSource3::Cross { a: fa, b: fb })
        })
    })
}

/// On the unit `axis`, the times `(enter, leave)` during which the shadows
/// of `p` and of `q` moving by `v t` overlap, and the normal from A to B
/// the axis gives when it is the last to close: `(−∞, +∞)` when the motion
/// is parallel to the axis and they overlap on it, `(+∞, −∞)` when parallel
/// and apart.
pub(super) fn axis_times(p: &Piece, q: &Piece, v: Vec3, axis: Vec3) -> (f32, f32, Vec3) {
    let (ja, jb) = (p.project(axis), q.project(axis));
    // B's shadow moves at `r` along the axis relative to A's.
    let r = v.dot(axis);
    if r == 0.0 {
        return if jb.min <= ja.max && jb.max >= ja.min {
            (f32::NEG_INFINITY, f32::INFINITY, axis)
        } else {
            (f32::INFINITY, f32::NEG_INFINITY, axis)
        };
    }
    let t1 = (ja.min - jb.max) / r;
    let t2 = (ja.max - jb.min) / r;
    // Moving along +axis, B meets A's low side: B lies on A's −axis side.
    let normal = if r > 0.0 { -axis } else { axis };
    (t1.min(t2), t1.max(t2), normal)
}

/// The latest entry over the axes with its normal, when it comes no later
/// than the earliest exit and than `t = 1`; `None` for a miss. Stops at the
/// first axis that rules a touch out. Never allocates for boxes, triangles,
/// segments and points.
pub(super) fn sweep(p: &Piece, q: &Piece, v: Vec3) -> Option<(f32, Vec3)> {
    let mut enter = (f32::NEG_INFINITY, Vec3::ZERO);
    let mut exit = f32::INFINITY;
    let open = for_each_axis(p, q, |axis, _| {
        let (lo, hi, n) = axis_times(p, q, v, axis);
        if lo > enter.0 {
            enter = (lo, n);
        }
        exit = exit.min(hi);
        enter.0 <= exit.min(1.0)
    });
    (open && enter.0 <= exit.min(1.0)).then_some(enter)
}

/// One axis of the swept SAT, in space.
pub type SweptAxis3 = crate::common::swept::SweptAxis<Vec3, AxisSource3>;

/// The swept SAT of two moving shapes in space.
pub type SweptSat3 = crate::common::swept::SweptSat<Vec3, AxisSource3>;

/// The swept SAT of `a` moving by `motion_a` and `b` by `motion_b` (world
/// units over `t` in `[0, 1]`, translations): every axis with its enter and
/// leave times. `None` for the pairs [`time_of_impact3`](super::time_of_impact3)
/// does not sweep (a sphere, a capsule, an unbounded ray, a flat Minkowski
/// difference), whose separating directions turn with the motion, so one
/// interval per fixed axis would not be exact. Its `toi` is the exact time
/// of impact, as the exact path of `time_of_impact3` finds it.
pub fn swept_sat3(a: &Shape3, motion_a: Vec3, b: &Shape3, motion_b: Vec3) -> Option<SweptSat3> {
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    if !sweepable(&p, &q) {
        return None;
    }
    let v = motion_b - motion_a;
    let mut axes = Vec::new();
    for_each_axis(&p, &q, |axis, source| {
        let (enter, leave, _) = axis_times(&p, &q, v, axis);
        axes.push(SweptAxis3 {
            axis,
            source,
            enter,
            leave,
        });
        true
    });
    Some(SweptSat3::conclude(axes))
}
