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
use crate::geom3d::query::sat::gauss::{
    arcs_cross_rest, arcs_meet, crosses_circle, ends_apart, ArcTable,
};
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
    mut f: impl FnMut(Vec3, AxisSource3) -> bool,
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
    let axes = [box_m.x_axis, box_m.y_axis, box_m.z_axis];
    let mut pair = |i: usize, k: usize, e: Vec3, first: u16| {
        let d = axes[i];
        let arcs = table.dir(k);
        if !(arcs.is_empty() || arcs.iter().any(|r| crosses_circle(r, d))) {
            return true;
        }
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
        f((c / l).as_vec3(), src)
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

/// Calls `f(axis, source)` for each edge pair axis of two solid hulls that
/// the SAT pass tests, in its order; stops when `f` returns false and
/// returns false then. Other pieces: no axis, true.
pub(crate) fn for_each_edge_axis(
    a: &Piece,
    b: &Piece,
    mut f: impl FnMut(Vec3, AxisSource3) -> bool,
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
    let mut apart = vec![false; arcs_b.len()];
    for (ka, (da, fa)) in ha.edge_dirs.iter().enumerate() {
        let ea = *ma * *da;
        let x = ta.dir(ka);
        // One arc of A (the common case): the first condition of the arc
        // test against all of B's arcs in one pass.
        let single = match x {
            [r] => {
                ends_apart(r, &ends_b, &mut apart);
                Some(r)
            }
            _ => None,
        };
        for (e, fb, y) in &eb {
            let meet = match single {
                Some(r) if !y.is_empty() => {
                    (y.clone()).any(|i| apart[i] && arcs_cross_rest(r, &arcs_b[i]))
                }
                Some(_) | None => arcs_meet(x, &arcs_b[y.clone()]),
            };
            if !meet {
                continue;
            }
            let (e, fb) = (*e, *fb);
            let c = ea.as_dvec3().cross(e.as_dvec3());
            let l = c.length();
            if l < f64::from(PARALLEL_EDGE_EPS) {
                continue;
            }
            let src = AxisSource3::Cross {
                a: Feature::HullEdge(*fa + 1),
                b: Feature::HullEdge(fb + 1),
            };
            if !f((c / l).as_vec3(), src) {
                return false;
            }
        }
    }
    true
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
/// change nothing; otherwise both pieces are projected as before. The same
/// gaps as [`Piece::range`]'s, bit for bit, when a corner of the face
/// realises the hull's bound (the other corners lie below its plane by
/// more than the hull's tolerance; the 46,400-pair dump of
/// `PERFORMANCE.md` gave the same manifolds bit for bit).
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
            for_each_edge_axis(a, b, |axis, _| s.edge(axis))
        } else {
            for_each_box_hull_axis(a, b, |axis, _| s.edge(axis))
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

    /// An edge pair's axis: both pieces projected, as the general pass.
    #[inline(always)]
    fn edge(&mut self, axis: Vec3) -> bool {
        let (a, b) = (self.a, self.b);
        let ((a_min, a_max), (b_min, b_max)) = (a.range(axis), b.range(axis));
        let g = (b_min - a_max, a_min - b_max);
        self.found.test_edge(axis, g, self.margin)
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
        let other_bound = match side {
            Side::A => down_bound,
            Side::B => up_bound,
        };
        if !self.beaten(other_bound) {
            return self.full(n, src);
        }
        // The face's corners bound their own piece; the other's least end.
        let top = hull_top(own, &face.loop_, n);
        let lo = other.range(n).0;
        match side {
            Side::A => self.gaps(n, src, (lo - top, f32::NEG_INFINITY)),
            Side::B => self.gaps(n, src, (f32::NEG_INFINITY, lo - top)),
        }
    }
}
