//! The edge axes of two solid hulls for the manifold's SAT pass, in one
//! plain loop: the axes `sat::for_each_candidate` tests for such a pair,
//! in its order and formed by the same operations (each edge direction
//! turned by the same `f32` matrix product, the Gauss-map arc test, the
//! cross product made unit in `f64`, parallel pairs left out), without its
//! visitor closures per pair and with B's directions turned once rather
//! than once per direction of A. A solid box and a solid hull take the
//! same kind of loop, the box's edges tested against the hull's arcs.
//! [`scan`] runs the manifold's SAT pass over them, with fewer vertex
//! scans on the hulls' face axes.

use super::found::{Axes, Found};
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::gauss::{arcs_cross_all, crosses_circle, first_crossing, ArcTable};
use crate::geom3d::query::sat::{rounding, AxisSource3, Feature, PARALLEL_EDGE_EPS};
use glam::Vec3;
use std::ops::Range;

/// True when both pieces are solid hulls (the pairs [`for_each_edge_axis`]
/// serves).
pub(crate) fn solid_hulls(a: &Piece, b: &Piece) -> bool {
    matches!((&a.core, &b.core), (Core::Hull { .. }, Core::Hull { .. }))
        && a.is_solid()
        && b.is_solid()
}

/// True when both pieces are solid, one a hull and the other a box (the
/// pairs [`for_each_box_hull_axis`] serves).
pub(crate) fn box_and_hull(a: &Piece, b: &Piece) -> bool {
    matches!(
        (&a.core, &b.core),
        (Core::Box { .. }, Core::Hull { .. }) | (Core::Hull { .. }, Core::Box { .. })
    ) && a.is_solid()
        && b.is_solid()
}

/// [`for_each_edge_axis`] for a solid box and a solid hull, either order:
/// the box's three axes against the hull's edge directions, a pair kept
/// when an arc of the hull's (A's, or B's antipodal) Gauss map crosses the
/// great circle of the box's edge (unknown arcs: kept), as the general
/// visit's `gauss::crosses` decides it.
pub(crate) fn for_each_box_hull_axis(
    a: &Piece,
    b: &Piece,
    mut f: impl FnMut(Vec3, AxisSource3, Hint) -> bool,
) -> bool {
    let (box_m, hull_m, hull, box_is_a) = match (&a.core, &b.core) {
        (Core::Box { m, .. }, Core::Hull { m: mh, hull, .. }) => (m, mh, hull, true),
        (Core::Hull { m: mh, hull, .. }, Core::Box { m, .. }) => (m, mh, hull, false),
        _ => return true,
    };
    let table = if box_is_a {
        ArcTable::of(b, true)
    } else {
        ArcTable::of(a, false)
    };
    let (hull_piece, hull_side) = if box_is_a { (b, Side::B) } else { (a, Side::A) };
    let axes = [box_m.x_axis, box_m.y_axis, box_m.z_axis];
    let mut pair = |i: usize, k: usize, e: Vec3, first: u16| {
        let d = axes[i];
        let arcs = table.dir(k);
        let at = arcs.iter().position(|r| crosses_circle(r, d));
        if !(arcs.is_empty() || at.is_some()) {
            return true;
        }
        let corner = at.and_then(|j| arc_corner(hull_piece, table.dir_range(k).start + j));
        let hint = match hull_side {
            Side::A => (corner, None),
            Side::B => (None, corner),
        };
        let (ea, eb) = if box_is_a { (d, e) } else { (e, d) };
        let c = ea.as_dvec3().cross(eb.as_dvec3());
        let l = c.length();
        if l < f64::from(PARALLEL_EDGE_EPS) {
            return true;
        }
        let (bf, hf) = (Feature::BoxEdge(i as u8), Feature::HullEdge(first + 1));
        let src = if box_is_a {
            AxisSource3::Cross { a: bf, b: hf }
        } else {
            AxisSource3::Cross { a: hf, b: bf }
        };
        f((c / l).as_vec3(), src, hint)
    };
    if box_is_a {
        let dirs: Vec<(Vec3, u16)> = (hull.edge_dirs.iter())
            .map(|(d, first)| (*hull_m * *d, *first))
            .collect();
        for i in 0..3 {
            for (k, (e, first)) in dirs.iter().enumerate() {
                if !pair(i, k, *e, *first) {
                    return false;
                }
            }
        }
    } else {
        for (k, (d, first)) in hull.edge_dirs.iter().enumerate() {
            let e = *hull_m * *d;
            for i in 0..3 {
                if !pair(i, k, e, *first) {
                    return false;
                }
            }
        }
    }
    true
}

/// Calls `f(axis, source, hint)` for each edge pair axis of two solid
/// hulls that the SAT pass tests, in its order; stops when `f` returns
/// false and returns false then. Other pieces: no axis, true.
///
/// A direction of A with one arc (the common case) is tested against all
/// of B's arcs in one pass ([`arcs_cross_all`]); when every direction of
/// B has known arcs, only the arcs that cross are then visited, in order,
/// each direction of B once (its first crossing arc), which is the order
/// and the verdict of the walk over B's directions it replaces.
pub(crate) fn for_each_edge_axis(
    a: &Piece,
    b: &Piece,
    mut f: impl FnMut(Vec3, AxisSource3, Hint) -> bool,
) -> bool {
    let (
        Core::Hull {
            m: ma, hull: ha, ..
        },
        Core::Hull {
            m: mb, hull: hb, ..
        },
    ) = (&a.core, &b.core)
    else {
        return true;
    };
    let (ta, tb) = (ArcTable::of(a, false), ArcTable::of(b, true));
    let eb: Vec<(Vec3, u16, Range<usize>)> = (hb.edge_dirs.iter().enumerate())
        .map(|(k, (d, first))| (*mb * *d, *first, tb.dir_range(k)))
        .collect();
    let (arcs_b, ends_b) = (tb.all(), tb.ends());
    // The direction of each of B's arcs; whether every direction has arcs.
    let mut dir_of = vec![0usize; arcs_b.len()];
    for (k, (_, _, y)) in eb.iter().enumerate() {
        for i in y.clone() {
            if let Some(d) = dir_of.get_mut(i) {
                *d = k;
            }
        }
    }
    let known = eb.iter().all(|(_, _, y)| !y.is_empty());
    let mut meet = vec![false; arcs_b.len()];
    for (ka, (da, fa)) in ha.edge_dirs.iter().enumerate() {
        let ea = *ma * *da;
        let x = ta.dir(ka);
        let xs = ta.dir_range(ka).start;
        // One axis: the edge directions' cross product made unit in `f64`,
        // parallel pairs left out (`at`: the crossing arcs, when known).
        let mut axis = |kb: usize, at: Option<(usize, usize)>| {
            let Some(&(e, fb, _)) = eb.get(kb) else {
                return true;
            };
            let c = ea.as_dvec3().cross(e.as_dvec3());
            let l = c.length();
            if l < f64::from(PARALLEL_EDGE_EPS) {
                return true;
            }
            let hint = at.map_or((None, None), |(i, j)| (arc_corner(a, i), arc_corner(b, j)));
            let src = AxisSource3::Cross {
                a: Feature::HullEdge(*fa + 1),
                b: Feature::HullEdge(fb + 1),
            };
            f((c / l).as_vec3(), src, hint)
        };
        let go = match x {
            [r] => {
                arcs_cross_all(r, &ends_b, &mut meet);
                if known {
                    crossing_dirs(&meet, &dir_of, |kb, i| axis(kb, Some((xs, i))))
                } else {
                    eb.iter().enumerate().all(|(kb, (_, _, y))| {
                        let at = match y.clone().find(|&i| meet.get(i) == Some(&true)) {
                            Some(i) => Some(Some((xs, i))),
                            None if y.is_empty() => Some(None),
                            None => None,
                        };
                        at.is_none_or(|at| axis(kb, at))
                    })
                }
            }
            _ => eb.iter().enumerate().all(|(kb, (_, _, y))| {
                let at = first_crossing(x, &arcs_b[y.clone()])
                    .map(|at| at.map(|(i, j)| (xs + i, y.start + j)));
                at.is_none_or(|at| axis(kb, at))
            }),
        };
        if !go {
            return false;
        }
    }
    true
}

/// Calls `g(direction, arc)` for the first crossing arc (`meet`) of each
/// direction (`dir_of`, non-decreasing), in order; false when `g` is.
#[inline(always)]
fn crossing_dirs(meet: &[bool], dir_of: &[usize], mut g: impl FnMut(usize, usize) -> bool) -> bool {
    let mut last = usize::MAX;
    for (i, (&m, &kb)) in meet.iter().zip(dir_of).enumerate() {
        if m && kb != last {
            last = kb;
            if !g(kb, i) {
                return false;
            }
        }
    }
    true
}

/// Points of the two edges an edge-pair axis comes from (query frame), on
/// A and on B, where the Gauss-map test named them ([`Lazy::edge`] bounds
/// the axis's gaps with them).
pub(crate) type Hint = (Option<Vec3>, Option<Vec3>);

/// The query-frame corner of a hull piece's arc `i` (its edge's first
/// corner); `None` for other pieces or an index out of range.
#[inline(always)]
fn arc_corner(p: &Piece, i: usize) -> Option<Vec3> {
    let Core::Hull { t, m, hull } = &p.core else {
        return None;
    };
    let v = hull.vertices.get(usize::from(*hull.arc_corners.get(i)?))?;
    Some(*t + *m * *v)
}

/// A solid piece's inner ball in the query frame (a ball inside it): the
/// hull's centroid and inradius (which allows for the rounding of its
/// planes), a box's centre and least half-extent; other cores a NaN
/// radius (no bound then).
#[inline]
fn inner_ball(p: &Piece) -> (Vec3, f32) {
    match &p.core {
        Core::Hull { t, m, hull } => (*t + *m * hull.centroid, hull.inradius + p.radius),
        Core::Box { c, h, .. } => (*c, h.min_element() + p.radius),
        Core::Point(_) | Core::Segment(..) | Core::Triangle(_) | Core::Ray { .. } => {
            (Vec3::ZERO, f32::NAN)
        }
    }
}

/// The largest of [`Piece::range`] of a hull piece on `d` over the
/// vertices `idx` only, by the same `f32` operations: the range's upper
/// bound itself, bit for bit, when one of them realises it.
#[inline(always)]
fn hull_top(p: &Piece, idx: &[u16], d: Vec3) -> f32 {
    let Core::Hull { t, m, hull } = &p.core else {
        return p.range(d).1;
    };
    let l = m.transpose() * d;
    let v = &hull.vertices;
    let mut s = f32::NEG_INFINITY;
    for i in idx {
        let x = v.get(usize::from(*i)).map_or(f32::NAN, |x| x.dot(l));
        s = if x > s { x } else { s };
    }
    s + t.dot(d) + p.radius
}

/// The manifold's SAT pass for two solid hulls or a solid box and hull:
/// the axes and order of the general pass, a hull's face axes read with
/// one vertex scan instead of two. On a face axis `n` of a hull, the gap
/// with the other piece beyond the face needs only the face's own bound
/// (the largest over the face's corners) and the other piece's least
/// projection; the gap the other way (`n` reversed: no face of a solid
/// hull, so it keeps no face gap) is left out when its upper bound from
/// the inner balls, `∓(cB − cA)·n − rA − rB` plus two roundings of the
/// pieces' magnitude, is below the best gap so far, so that it could
/// change nothing; otherwise both pieces are projected as before. A face
/// axis whose both gaps are so bounded below the best gap and below the
/// best face of its piece is left out whole, and an edge pair's axis
/// whose gaps are bounded below the best by a corner of each edge
/// ([`Lazy::edge_bound`]). The same gaps as [`Piece::range`]'s, bit for
/// bit, when a corner of the face realises the hull's bound (the other
/// corners lie below its plane by more than the hull's tolerance; the
/// 46,400-pair dump of `PERFORMANCE.md` gave the same manifolds bit for
/// bit; `tests::the_hull_pass_finds_what_the_general_pass_finds` holds
/// the pass to the general one on 3,000 pairs).
pub(super) fn scan(a: &Piece, b: &Piece, margin: f32) -> Option<Axes> {
    let m = a.magnitude() + b.magnitude();
    let balls = (inner_ball(a), inner_ball(b));
    let slack = 2.0 * rounding(m);
    let mut s = Lazy {
        a,
        b,
        found: Found::default(),
        margin,
        balls,
        slack,
    };
    let go = a.for_each_face(|n, f| s.face(n, f, Side::A))
        && b.for_each_face(|n, f| s.face(n, f, Side::B))
        && if solid_hulls(a, b) {
            for_each_edge_axis(a, b, |axis, _, hint| s.edge(axis, hint))
        } else {
            for_each_box_hull_axis(a, b, |axis, _, hint| s.edge(axis, hint))
        };
    if !go {
        return None;
    }
    s.found.axes()
}

/// [`scan`]'s state: the pieces, what was found, the inner balls
/// (`inner_ball`) and the slack of their bounds.
struct Lazy<'p, 'a> {
    a: &'p Piece<'a>,
    b: &'p Piece<'a>,
    found: Found,
    margin: f32,
    balls: ((Vec3, f32), (Vec3, f32)),
    slack: f32,
}

impl Lazy<'_, '_> {
    /// Upper bounds of the gaps `(up, down)` along `n` from the inner
    /// balls (exact for the balls; `slack` covers their rounding).
    #[inline(always)]
    fn bounds(&self, n: Vec3) -> (f32, f32) {
        let ((ca, ra), (cb, rb)) = self.balls;
        let w = (cb - ca).dot(n);
        (w - ra - rb, -w - ra - rb)
    }

    /// True when a gap of at most `bound` is below the best so far by more
    /// than the slack, so that it cannot be taken (`found.test_gaps` keeps
    /// a gap only above the best; NaN: false).
    #[inline(always)]
    fn beaten(&self, bound: f32) -> bool {
        self.found
            .best_gap()
            .is_some_and(|g| bound + self.slack < g)
    }

    /// Both pieces projected, as the general pass.
    #[inline(always)]
    fn full(&mut self, axis: Vec3, src: AxisSource3) -> bool {
        let (a, b) = (self.a, self.b);
        let r = (a.range(axis), b.range(axis));
        self.found.test((a, b), axis, r, src, self.margin)
    }

    /// An edge pair's axis: both pieces projected, as the general pass,
    /// unless an upper bound of its larger gap ([`Lazy::edge_bound`]) is
    /// beaten by the best so far, so that it could change nothing (the
    /// gaps are not needed then).
    #[inline(always)]
    fn edge(&mut self, axis: Vec3, hint: Hint) -> bool {
        if self.edge_bound(axis, hint).is_some_and(|g| self.beaten(g)) {
            return true;
        }
        let (a, b) = (self.a, self.b);
        let ((a_min, a_max), (b_min, b_max)) = (a.range(axis), b.range(axis));
        let g = (b_min - a_max, a_min - b_max);
        self.found.test_edge(axis, g, self.margin)
    }

    /// An upper bound of the larger gap `max(up, down)` on an edge pair's
    /// axis `n`, without scanning a hull: in the gaps `up = b_lo − a_hi`
    /// and `down = a_lo − b_hi`, a box's exact range, and for a hull the
    /// least projection bounded from above and the greatest from below by
    /// that of a point of it: the hint's corner of its edge (where the
    /// edges support the axis, the bound is the gap itself) and its inner
    /// ball's ends (`inner_ball`). `None` when a hull has no corner.
    #[inline(always)]
    fn edge_bound(&self, n: Vec3, (pa, pb): Hint) -> Option<f32> {
        let side = |p: &Piece, x: Option<Vec3>, (c, r): (Vec3, f32)| match (&p.core, x) {
            (Core::Box { .. }, _) => Some(p.range(n)),
            (_, Some(x)) => {
                let (s, m) = (n.dot(x), n.dot(c));
                Some((s.min(m - r), s.max(m + r)))
            }
            (_, None) => None,
        };
        let (ball_a, ball_b) = self.balls;
        let (a_lo, a_hi) = side(self.a, pa, ball_a)?;
        let (b_lo, b_hi) = side(self.b, pb, ball_b)?;
        Some((b_lo - a_hi).max(a_lo - b_hi))
    }

    /// The gaps `(up, down)` handed on (one `−∞`: left out).
    #[inline(always)]
    fn gaps(&mut self, axis: Vec3, src: AxisSource3, g: (f32, f32)) -> bool {
        let (a, b) = (self.a, self.b);
        self.found.test_gaps((a, b), axis, g, src, self.margin)
    }

    /// A face axis of the piece on `side`.
    #[inline(always)]
    fn face(&mut self, n: Vec3, feature: Feature, side: Side) -> bool {
        let src = AxisSource3::Face { side, feature };
        let (own, other) = match side {
            Side::A => (self.a, self.b),
            Side::B => (self.b, self.a),
        };
        let (Core::Hull { hull, .. }, Feature::HullFace(k)) = (&own.core, feature) else {
            return self.full(n, src);
        };
        let face = hull.faces.get(usize::from(k).wrapping_sub(1));
        let Some(face) = face.filter(|_| !hull.flat) else {
            return self.full(n, src);
        };
        let (up_bound, down_bound) = self.bounds(n);
        let (own_bound, other_bound) = match side {
            Side::A => (up_bound, down_bound),
            Side::B => (down_bound, up_bound),
        };
        // Both ways beaten, by the best gap and by the best face of this
        // piece so far: the axis could change neither (its face's gap is
        // kept only above the piece's best face).
        let face_beaten = (self.found.face_gap(side)).is_some_and(|g| own_bound + self.slack < g);
        if face_beaten && self.beaten(own_bound.max(other_bound)) {
            return true;
        }
        // The other piece's range: its near end gives the face's gap; its
        // far end bounds the gap the other way, with this piece's least
        // end at most its inner ball's (`n·c − r`).
        let (lo, hi) = other.range(n);
        let (c, r) = match side {
            Side::A => self.balls.0,
            Side::B => self.balls.1,
        };
        if !self.beaten(((n.dot(c) - r) - hi).min(other_bound)) {
            // Both pieces projected, as the general pass.
            let r = match side {
                Side::A => (own.range(n), (lo, hi)),
                Side::B => ((lo, hi), own.range(n)),
            };
            return self.found.test((self.a, self.b), n, r, src, self.margin);
        }
        // The face's corners bound their own piece.
        let top = hull_top(own, &face.loop_, n);
        match side {
            Side::A => self.gaps(n, src, (lo - top, f32::NEG_INFINITY)),
            Side::B => self.gaps(n, src, (f32::NEG_INFINITY, lo - top)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::test_rng::Rng;
    use crate::geom3d::query::piece::piece;
    use crate::geom3d::query::sat::{for_each_candidate, Visit};
    use crate::geom3d::{Hull3, Obb3, Pose3, Shape3, ShapeKind3};

    fn shape(r: &mut Rng, solid_box: bool, size: f32, at: Vec3) -> Option<Shape3> {
        let deg = [r.f() * 360.0, r.f() * 360.0, r.f() * 360.0];
        let kind = [ShapeKind3::Hull, ShapeKind3::Obb][usize::from(solid_box)];
        let pose = Pose3::from_euler_deg(kind, at, deg).ok()?;
        if solid_box {
            let h = r.v(size).abs() + Vec3::splat(0.05 * size);
            return Obb3::new(pose, h).ok().map(Shape3::Obb);
        }
        let n = 4 + (r.f() * 37.0) as usize;
        let pts: Vec<Vec3> = (0..n).map(|_| r.v(size)).collect();
        Hull3::new(pose, &pts, false).ok().map(Shape3::Hull)
    }

    /// The general SAT pass over every candidate axis, both ways, as the
    /// manifold's fallback runs it.
    fn general(a: &Piece, b: &Piece, margin: f32) -> Option<Axes> {
        let mut found = Found::default();
        let whole = for_each_candidate(a, b, |v, src| {
            let Visit::Test(axis) = v else {
                return true;
            };
            found.test((a, b), axis, (a.range(axis), b.range(axis)), src, margin)
        });
        if !whole {
            return None;
        }
        found.axes()
    }

    /// The hull pass (its face axes read from the face's own corners, axes
    /// left out where a bound shows they cannot win) finds what the
    /// general pass finds: no manifold for the same pairs, the same best
    /// gap and the same best faces to the slack of their bounds. Hull–hull
    /// and box–hull pairs (both orders), sizes 1e-3 to 1e3, 5e3 from the
    /// origin, deep to apart.
    #[test]
    fn the_hull_pass_finds_what_the_general_pass_finds() {
        let mut r = Rng(0x27_ed6e);
        let (mut compared, mut some) = (0, 0);
        for i in 0..3000 {
            let size = 10f32.powf(r.f() * 6.0 - 3.0);
            let at = r.v(5e3);
            let off = r.v(1.6 * size);
            let (Some(a), Some(b)) = (
                shape(&mut r, i % 3 == 1, size, at),
                shape(&mut r, i % 3 == 2, size, at + off),
            ) else {
                continue;
            };
            let o = a.pose().position();
            let (pa, pb) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
            if !(solid_hulls(&pa, &pb) || box_and_hull(&pa, &pb)) {
                continue;
            }
            let margin = [0.0, 0.1 * size][i % 2].max(crate::common::CONTACT_TOLERANCE);
            let slack = 2.0 * rounding(pa.magnitude() + pb.magnitude());
            let case = format!("pair {i}: {a:?} {b:?}");
            compared += 1;
            let (got, want) = (scan(&pa, &pb, margin), general(&pa, &pb, margin));
            assert_eq!(got.is_some(), want.is_some(), "{case}");
            let (Some(got), Some(want)) = (got, want) else {
                continue;
            };
            some += 1;
            // The same best gap to the slack (so another normal only where
            // two axes tie to it).
            let near = |x: f32, y: f32| (x - y).abs() <= slack;
            assert!(
                near(got.best.0, want.best.0),
                "{case}: {:?} {:?}",
                got.best,
                want.best
            );
            for (g, w) in [(got.face_a, want.face_a), (got.face_b, want.face_b)] {
                assert_eq!(g.is_some(), w.is_some(), "{case}");
                if let (Some(g), Some(w)) = (g, w) {
                    assert!(near(g.0, w.0), "{case}: {g:?} {w:?}");
                }
            }
        }
        assert!(
            compared > 2500 && some > 1000,
            "{compared} compared, {some} found"
        );
    }
}
