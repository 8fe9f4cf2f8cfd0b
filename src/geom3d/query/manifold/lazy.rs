//! The state of the manifold's SAT pass for solid hulls and boxes
//! (`hulls::scan`): what was found, the bounds that leave axes out, and
//! the face axes (the edge pairs are `edges`').

use super::found::Found;
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{AxisSource3, Feature};
use glam::Vec3;

/// The hull pass's state (`hulls::scan`): the pieces, what was found, the inner balls
/// (`inner_ball`) and the slack of the bounds.
pub(super) struct Lazy<'p, 'a> {
    pub a: &'p Piece<'a>,
    pub b: &'p Piece<'a>,
    pub found: Found,
    pub margin: f32,
    pub balls: ((Vec3, f32), (Vec3, f32)),
    pub slack: f32,
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

    /// The least bound a gap needs to count (the best gap so far less
    /// twice the slack, which also covers the rounding of `edges`' arc
    /// bounds); `−∞` before any axis.
    #[inline]
    pub fn floor(&self) -> f32 {
        self.found
            .best_gap()
            .map_or(f32::NEG_INFINITY, |g| g - 2.0 * self.slack)
    }

    /// Both pieces projected on `axis`, as the general pass.
    #[inline(always)]
    fn full(&mut self, axis: Vec3, src: AxisSource3) -> bool {
        let (a, b) = (self.a, self.b);
        let r = (a.range(axis), b.range(axis));
        self.found.test((a, b), axis, r, src, self.margin)
    }

    /// An edge pair's axis with both pieces projected, both ways, as the
    /// general pass: false when it separates by more than the margin.
    #[inline(never)]
    pub fn full_edge(&mut self, axis: Vec3) -> bool {
        let (a, b) = (self.a, self.b);
        let ((a_min, a_max), (b_min, b_max)) = (a.range(axis), b.range(axis));
        let g = (b_min - a_max, a_min - b_max);
        self.found.test_edge(axis, g, self.margin)
    }

    /// An edge pair's facet gap `g` along `axis` (A to B), read from the
    /// edges: above the margin, both pieces are projected before the pass
    /// stops (`full_edge`).
    #[inline(always)]
    pub fn edge_gap(&mut self, axis: Vec3, g: f32) -> bool {
        if g > self.margin {
            return self.full_edge(axis);
        }
        self.found
            .test_edge(axis, (g, f32::NEG_INFINITY), self.margin)
    }

    /// A face axis of the piece on `side`: a hull's face in its outward
    /// orientation only.
    #[inline(always)]
    pub fn face(&mut self, n: Vec3, feature: Feature, side: Side) -> bool {
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
        let bound = match side {
            Side::A => up_bound,
            Side::B => down_bound,
        };
        // Beaten by the best gap and by the best face of this piece so far:
        // the axis could change neither.
        let face_beaten = (self.found.face_gap(side)).is_some_and(|g| bound + self.slack < g);
        if face_beaten && self.beaten(bound) {
            return true;
        }
        // The other piece's near end and the face's corners give the gap.
        let lo = other.least(n);
        let top = hull_top(own, &face.loop_, n);
        let g = (lo - top, f32::NEG_INFINITY);
        let (a, b) = (self.a, self.b);
        let g = match side {
            Side::A => g,
            Side::B => (g.1, g.0),
        };
        self.found.test_gaps((a, b), n, g, src, self.margin)
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
