//! The state of the manifold's SAT pass for hulls, boxes and triangles
//! (`hulls::scan`): what was found, the floor below which `edges` leaves
//! arcs out, and the face axes (the edge pairs are `edges`').

use super::buf::Buf;
use super::faces::box_vertex;
use super::found::Found;
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{closest_axis, AxisSource3, CoresNear, Feature, Visit};
use glam::{Mat3, Vec3};

/// The hull pass's state (`hulls::scan`): the pieces, what was found, the
/// inner balls (`inner_ball`) and the slack of the bounds.
pub(super) struct Lazy<'p, 'a> {
    pub a: &'p Piece<'a>,
    pub b: &'p Piece<'a>,
    pub found: Found,
    pub margin: f32,
    pub balls: ((Vec3, f32), (Vec3, f32)),
    pub slack: f32,
}

impl Lazy<'_, '_> {
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

    /// For rounded pieces (a capsule) whose cores are apart, the cores'
    /// closest-points axis, both pieces projected: where the cores do not
    /// meet, the rounded shapes' largest gap lies along it rather than
    /// along a facet normal of the cores' difference (the facets' largest
    /// gap, plus the radii, is positive exactly then). False when it
    /// separates by more than the margin.
    pub fn closest(&mut self, near: &CoresNear) -> bool {
        let (a, b) = (self.a, self.b);
        let radii = a.radius + b.radius;
        let apart = self.found.best_gap().is_some_and(|g| g + radii > 0.0);
        if radii == 0.0 || !apart {
            return true;
        }
        closest_axis(a, b, near, &mut |v, src| {
            let Visit::Test(axis) = v else {
                return true;
            };
            self.full(axis, src)
        })
    }

    /// The face axes of the piece on `side`: a box's three axes both ways
    /// (each is two faces) from the other's corners in the box's frame
    /// (`box_faces`); a triangle's normal, both pieces projected; a
    /// hull's faces all at once, in their outward orientation: the other
    /// piece's corners in the hull's frame against every face plane
    /// (`ConvexHull::deepest_face`), less the other's radius, and the
    /// deepest face's gap kept as the faces one by one would leave the
    /// bookkeeping (the first largest). False when a face separates by more
    /// than the margin.
    pub fn faces(&mut self, side: Side) -> bool {
        let (own, other) = match side {
            Side::A => (self.a, self.b),
            Side::B => (self.b, self.a),
        };
        if let Core::Box { c, m, h } = &own.core {
            return self.box_faces(side, (*c, m, *h));
        }
        let Core::Hull { t, m, hull } = &own.core else {
            return own
                .for_each_face(|n, feature| self.full(n, AxisSource3::Face { side, feature }));
        };
        let mut w = Buf::new(Vec3::ZERO);
        corners_in(other, *t, m, &mut w);
        let Some((k, gap)) = hull.deepest_face(&w) else {
            return true;
        };
        let Some(face) = hull.faces.get(k) else {
            return true;
        };
        let src = AxisSource3::Face {
            side,
            feature: Feature::HullFace(k as u16 + 1),
        };
        // The other piece's radius (a capsule's) off the cores' gap.
        let gap = gap - other.radius;
        let g = match side {
            Side::A => (gap, f32::NEG_INFINITY),
            Side::B => (f32::NEG_INFINITY, gap),
        };
        let (a, b) = (self.a, self.b);
        self.found
            .test_gaps((a, b), *m * face.normal, g, src, self.margin)
    }

    /// The three face axes of the box `(c, m, h)` on `side`, both ways,
    /// from the other piece's corners in the box's frame (`corners_in`):
    /// along axis `k` the box spans `±h_k`, the other its least to its
    /// greatest `k`-th coordinate, each widened by its radius; no
    /// projection but where a gap is above the margin (before the pass
    /// stops there). A piece without corners is projected instead.
    fn box_faces(&mut self, side: Side, (c, m, h): (Vec3, &Mat3, Vec3)) -> bool {
        let (own, other) = match side {
            Side::A => (self.a, self.b),
            Side::B => (self.b, self.a),
        };
        let mut w = Buf::new(Vec3::ZERO);
        corners_in(other, c, m, &mut w);
        if w.is_empty() {
            return own
                .for_each_face(|n, feature| self.full(n, AxisSource3::Face { side, feature }));
        }
        let lo = w.iter().fold(Vec3::INFINITY, |l, x| l.min(*x)) - other.radius;
        let hi = w.iter().fold(Vec3::NEG_INFINITY, |l, x| l.max(*x)) + other.radius;
        let r = h + own.radius;
        for k in 0..3 {
            // (B beyond A along +axis, along −axis).
            let g = match side {
                Side::A => (lo[k] - r[k], -r[k] - hi[k]),
                Side::B => (-r[k] - hi[k], lo[k] - r[k]),
            };
            let src = AxisSource3::Face {
                side,
                feature: Feature::BoxFace(k as u8),
            };
            let (a, b) = (self.a, self.b);
            // Above the margin, projected before the pass stops.
            let go = if g.0.max(g.1) > self.margin {
                self.full(m.col(k), src)
            } else {
                (self.found).test_gaps((a, b), m.col(k), g, src, self.margin)
            };
            if !go {
                return false;
            }
        }
        true
    }
}

/// The corners of a hull, box, triangle or segment core in the frame
/// `(t, m)` (query-frame position and turn of another piece), into `out`:
/// `mᵀ (x − t)`, a hull's by one product with the relative turn. Other
/// cores: none.
fn corners_in(p: &Piece, t: Vec3, m: &Mat3, out: &mut Buf<Vec3, 32>) {
    let mt = m.transpose();
    let mut put = |x: Vec3| out.push(mt * (x - t));
    match &p.core {
        Core::Hull { t: tp, m: mp, hull } => {
            let (r, o) = (mt * *mp, mt * (*tp - t));
            for v in &hull.vertices {
                out.push(r * *v + o);
            }
        }
        Core::Box { c, m: mb, h } => (0..8).for_each(|k| put(box_vertex(*c, mb, *h, k))),
        Core::Triangle(v) => v.iter().for_each(|x| put(*x)),
        Core::Segment(p, q) => [p, q].iter().for_each(|x| put(**x)),
        Core::Point(_) | Core::Ray { .. } => {}
    }
}
