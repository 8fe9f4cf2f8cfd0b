//! Convex pieces: the one form every 3D pair algorithm works on.
//!
//! A piece is a convex polytope core (point, segment, box, triangle, hull,
//! or an unbounded ray) swept by a ball of `radius`: a sphere is a point
//! core, a capsule a segment core. Points are relative to a frame origin `o`
//! chosen per query (shape A's position): a point `p` of the piece stands
//! for the world point `o + p`, so large coordinates lose no precision in
//! the differences the algorithms take.

use crate::common::Side;
use crate::geom3d::query::para::Para;
use crate::geom3d::query::sat::source::{Feature, Gauss};
use crate::geom3d::shape::ConvexHull;
use crate::geom3d::{Shape3, ShapeKind3};
use glam::{DVec3, Mat3, Vec3};

/// The polytope core of a piece, relative to the frame origin.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Core<'a> {
    /// One point (point, sphere).
    Point(Vec3),
    /// A segment `[p, q]` (segment, capsule, bounded ray).
    Segment(Vec3, Vec3),
    /// The box `c ± Σ h_i m_i` (`m`'s columns are its unit axes).
    Box { c: Vec3, m: Mat3, h: Vec3 },
    /// A triangle (possibly degenerate).
    Triangle([Vec3; 3]),
    /// A hull's local vertices turned by `m` and moved by `t`.
    Hull {
        t: Vec3,
        m: Mat3,
        hull: &'a ConvexHull,
    },
    /// An unbounded ray from `origin` along the unit `dir`.
    Ray { origin: Vec3, dir: Vec3 },
}

/// One convex piece: a core, a radius, and what names its features.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Piece<'a> {
    pub side: Side,
    pub kind: ShapeKind3,
    pub core: Core<'a>,
    pub radius: f32,
}

/// The piece of `shape` relative to the frame origin `o`.
#[inline]
pub(crate) fn piece<'a>(shape: &'a Shape3, side: Side, o: Vec3) -> Piece<'a> {
    let pose = shape.pose();
    let t = pose.position() - o;
    let m = pose.matrix();
    let (core, radius) = match shape {
        Shape3::Point(_) => (Core::Point(t), 0.0),
        Shape3::Sphere(s) => (Core::Point(t), s.radius),
        Shape3::Segment(s) => {
            let h = m.x_axis * s.half_length;
            (Core::Segment(t - h, t + h), 0.0)
        }
        Shape3::Capsule(c) => {
            let h = m.x_axis * c.half_length;
            (Core::Segment(t - h, t + h), c.radius)
        }
        Shape3::Ray(r) => match r.length {
            Some(l) => (Core::Segment(t, t + m.x_axis * l), 0.0),
            None => (
                Core::Ray {
                    origin: t,
                    dir: m.x_axis,
                },
                0.0,
            ),
        },
        Shape3::Aabb(b) => (
            Core::Box {
                c: t,
                m: Mat3::IDENTITY,
                h: b.half_extents,
            },
            0.0,
        ),
        Shape3::Obb(b) => (
            Core::Box {
                c: t,
                m,
                h: b.half_extents,
            },
            0.0,
        ),
        Shape3::Triangle(tr) => {
            let [a, b, c] = tr.vertices;
            (Core::Triangle([t + m * a, t + m * b, t + m * c]), 0.0)
        }
        Shape3::Hull(h) => (
            Core::Hull {
                t,
                m,
                hull: &h.hull,
            },
            0.0,
        ),
    };
    Piece {
        side,
        kind: shape.kind(),
        core,
        radius,
    }
}

/// Projection of a piece on a unit axis: `[min, max]` and the points of the
/// piece (relative to the frame origin) that realise each end. An infinite
/// end keeps the ray's origin as its point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Proj {
    pub min: f32,
    pub max: f32,
    pub min_point: Vec3,
    pub max_point: Vec3,
}

/// Below this `|dir · axis|` an unbounded ray counts as perpendicular to the axis.
const PERP_EPS: f32 = 1e-6;

/// The index of the first of three values that is greatest (NaN never
/// taken; 0 when none beats `−∞`), as a plain first-maximum scan.
#[inline(always)]
fn first_max3(x: [f64; 3]) -> usize {
    let mut bi = 0;
    let mut bd = f64::NEG_INFINITY;
    for (i, &v) in x.iter().enumerate() {
        if v > bd {
            bd = v;
            bi = i;
        }
    }
    bi
}

/// A core prepared for many support queries ([`Piece::supports`]): the
/// points and axes the supports are formed from, converted to `f64` once
/// (exactly) instead of at every call, and a hull's turn back to its own
/// frame. [`Supports::support`] gives [`Piece::support`]'s points, bit for
/// bit.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Supports<'a> {
    /// A point (an unbounded ray's origin too).
    Point(DVec3),
    /// A segment's ends.
    Segment(DVec3, DVec3),
    /// The box `c ± Σ h_k cols_k`.
    Box {
        c: DVec3,
        cols: [DVec3; 3],
        h: DVec3,
    },
    /// A triangle's corners, compared in `f64`: they lie anywhere relative
    /// to the frame origin (a hull's scan reads its own small local
    /// coordinates), and an `f32` comparison of nearly tied corners 1e3
    /// out picked one 6e-5 below the support, which GJK's early exits then
    /// took for a bound of the distance (a triangle face-on over a box
    /// 8.6e-5 away was "apart" for `penetration`, touching for `distance`).
    Triangle([DVec3; 3]),
    /// A hull's local corners, turned by `cols` and moved by `t`; `turn`
    /// (the `f32` matrix's transpose) takes a direction into its frame.
    Hull {
        t: DVec3,
        cols: [DVec3; 3],
        turn: Mat3,
        hull: &'a ConvexHull,
    },
}

impl Supports<'_> {
    /// The core's point furthest along `d` (the first on a tie), `f64`.
    #[inline]
    pub fn support(&self, d: DVec3) -> DVec3 {
        match self {
            Supports::Point(p) => *p,
            Supports::Segment(p, q) => *if q.dot(d) > p.dot(d) { q } else { p },
            Supports::Box { c, cols, h } => {
                let mut p = *c;
                for (k, a) in cols.iter().enumerate() {
                    let hk = h[k];
                    p += *a * if a.dot(d) >= 0.0 { hk } else { -hk };
                }
                p
            }
            Supports::Triangle(v) => v[first_max3([v[0].dot(d), v[1].dot(d), v[2].dot(d)])],
            Supports::Hull {
                t,
                cols,
                turn,
                hull,
            } => {
                let l = *turn * d.as_vec3();
                let v = hull.vertices[hull.first_max(l)].as_dvec3();
                *t + cols[0] * v.x + cols[1] * v.y + cols[2] * v.z
            }
        }
    }

    /// At least the core's width in any direction: a box's or hull's
    /// diameter (a hull's bounding ball, with room for its rounding), a
    /// triangle's two edges from its first corner, a segment's length, 0
    /// for a point.
    #[inline]
    pub fn size(&self) -> f64 {
        match self {
            Supports::Point(_) => 0.0,
            Supports::Segment(p, q) => (*q - *p).length(),
            Supports::Box { cols, h, .. } => {
                2.0 * ((cols[0] * h.x).length()
                    + (cols[1] * h.y).length()
                    + (cols[2] * h.z).length())
            }
            Supports::Triangle([a, b, c]) => (*b - *a).length() + (*c - *a).length(),
            Supports::Hull { hull, .. } => 2.002 * f64::from(hull.radius),
        }
    }
}

impl Piece<'_> {
    /// True for a polytope with volume and no radius: a box with all
    /// half-extents positive, or a hull that is not flat. For two solids
    /// the face normals and edge cross products are a complete SAT set.
    #[inline]
    pub fn is_solid(&self) -> bool {
        self.radius == 0.0
            && match &self.core {
                Core::Box { h, .. } => h.min_element() > 0.0,
                Core::Hull { hull, .. } => !hull.flat,
                Core::Point(_) | Core::Segment(..) | Core::Triangle(_) | Core::Ray { .. } => false,
            }
    }

    /// Support point of the core (radius excluded) in direction `d`, in
    /// `f64`: the corner of a box or turned hull is formed without
    /// rounding it to `f32`, so GJK measures the shape the `f32` data
    /// describe, not a copy jittered by a unit of rounding of its
    /// magnitude (the precision policy: `f32` data, `f64` arithmetic).
    /// A loop asking many supports of one piece prepares it once
    /// ([`Piece::supports`]): the same points, without converting the
    /// data each call.
    #[inline]
    pub fn support(&self, d: DVec3) -> DVec3 {
        self.supports().support(d)
    }

    /// The core as [`Supports`] reads it: its `f32` data with their `f64`
    /// copies (exact), made once.
    #[inline]
    pub fn supports(&self) -> Supports<'_> {
        // Written out, not with an array's `map` of a closure (which can be
        // left a call: PERFORMANCE.md, "array maps").
        let cols = |m: &Mat3| {
            [
                m.x_axis.as_dvec3(),
                m.y_axis.as_dvec3(),
                m.z_axis.as_dvec3(),
            ]
        };
        match &self.core {
            Core::Point(p) | Core::Ray { origin: p, .. } => Supports::Point(p.as_dvec3()),
            Core::Segment(p, q) => Supports::Segment(p.as_dvec3(), q.as_dvec3()),
            Core::Box { c, m, h } => Supports::Box {
                c: c.as_dvec3(),
                cols: cols(m),
                h: h.as_dvec3(),
            },
            Core::Triangle([a, b, c]) => {
                Supports::Triangle([a.as_dvec3(), b.as_dvec3(), c.as_dvec3()])
            }
            Core::Hull { t, m, hull } => Supports::Hull {
                t: t.as_dvec3(),
                cols: cols(m),
                turn: m.transpose(),
                hull,
            },
        }
    }

    /// How far the piece reaches from the frame origin, world units (an
    /// upper bound; an unbounded ray counts its origin): the scale of its
    /// coordinates' rounding.
    #[inline]
    pub fn magnitude(&self) -> f32 {
        let reach = match &self.core {
            Core::Point(p) => p.length(),
            Core::Segment(p, q) => p.length().max(q.length()),
            Core::Box { c, h, .. } => c.length() + h.element_sum(),
            Core::Triangle(v) => v[0].length().max(v[1].length()).max(v[2].length()),
            Core::Hull { t, m, hull } => (*t + *m * hull.centroid).length() + hull.radius,
            Core::Ray { origin, .. } => origin.length(),
        };
        reach + self.radius
    }

    /// The piece's own size, world units: an upper bound of its diameter
    /// (an unbounded ray counts 0).
    #[inline]
    pub fn size(&self) -> f32 {
        let core = match &self.core {
            Core::Point(_) | Core::Ray { .. } => 0.0,
            Core::Segment(p, q) => (*q - *p).length(),
            Core::Box { h, .. } => 2.0 * h.element_sum(),
            Core::Triangle(v) => (v[1] - v[0]).length() + (v[2] - v[0]).length(),
            Core::Hull { hull, .. } => 2.0 * hull.radius,
        };
        core + 2.0 * self.radius
    }

    /// How far below the true support a support this core returns may lie
    /// along a unit direction, world units: a hull's scan compares its
    /// local corners in `f32` (each dot off by a few `ε₃₂` of the hull's
    /// reach from its own origin; `16 ε₃₂` of it bounds the pick of the
    /// largest), every other core's supports are exact in `f64`. GJK's
    /// lower bounds of the distance take it off ([`crate::geom3d::query::gjk`]).
    #[inline]
    pub fn scan_slack(&self) -> f64 {
        match &self.core {
            Core::Hull { hull, .. } => {
                16.0 * f64::from(f32::EPSILON) * f64::from(hull.centroid.length() + hull.radius)
            }
            Core::Point(_)
            | Core::Segment(..)
            | Core::Box { .. }
            | Core::Triangle(_)
            | Core::Ray { .. } => 0.0,
        }
    }

    /// Whether `x` (frame coordinates) lies inside the core by more than
    /// the rounding of its data, so inside it whatever that rounding: a
    /// box's coordinates (exact to a few `ε₆₄`, [`Para`]) inside its faces
    /// by `1e-12` of its reach, a solid hull's local coordinates (the
    /// same dual basis) below every `f32` face plane by `1e-6` of its
    /// reach (the planes' rounding, as [`ConvexHull::inradius`] allows).
    /// Cores without an interior hold nothing.
    #[inline]
    pub fn deep_inside(&self, x: DVec3) -> bool {
        match &self.core {
            Core::Box { c, m, h } => {
                let p = Para::new(c.as_dvec3(), *m, *h);
                let s = p.coords(x).abs();
                let e = 1e-12 * (s.length() + p.h.element_sum());
                s.x < p.h.x - e && s.y < p.h.y - e && s.z < p.h.z - e
            }
            Core::Hull { t, m, hull } => {
                if hull.flat {
                    return false;
                }
                let local = Para::new(t.as_dvec3(), *m, Vec3::ZERO).coords(x);
                let reach = local.length() + f64::from(hull.centroid.length() + hull.radius);
                let deep = -1e-6 * reach;
                // Beyond the ball about the centroid that holds the hull:
                // outside (most points that are not inside), without the
                // planes. The inner ball (`inradius`, its planes' rounding
                // already taken off) holds the hull's deep middle.
                let off = (local - hull.centroid.as_dvec3()).length();
                if off >= f64::from(hull.radius) {
                    return false;
                }
                if off < f64::from(hull.inradius) + deep {
                    return true;
                }
                hull.faces
                    .iter()
                    .all(|f| f.normal.as_dvec3().dot(local) - f64::from(f.offset) < deep)
            }
            Core::Point(_) | Core::Segment(..) | Core::Triangle(_) | Core::Ray { .. } => false,
        }
    }

    /// A box core's centre, axes (columns) and half extents.
    #[inline]
    pub fn as_box(&self) -> Option<(Vec3, Mat3, Vec3)> {
        match &self.core {
            Core::Box { c, m, h } => Some((*c, *m, *h)),
            Core::Point(_)
            | Core::Segment(..)
            | Core::Triangle(_)
            | Core::Hull { .. }
            | Core::Ray { .. } => None,
        }
    }

    /// A triangle core's corners.
    #[inline]
    pub fn as_triangle(&self) -> Option<[Vec3; 3]> {
        match &self.core {
            Core::Triangle(v) => Some(*v),
            Core::Point(_)
            | Core::Segment(..)
            | Core::Box { .. }
            | Core::Hull { .. }
            | Core::Ray { .. } => None,
        }
    }

    /// A point inside the core, to aim the first search.
    #[inline]
    pub fn centre(&self) -> Vec3 {
        match &self.core {
            Core::Point(p) => *p,
            Core::Segment(p, q) => (*p + *q) * 0.5,
            Core::Box { c, .. } => *c,
            Core::Triangle(v) => (v[0] + v[1] + v[2]) / 3.0,
            // The stored mean of the corners, not summed again.
            Core::Hull { t, m, hull } => *t + *m * hull.centroid,
            Core::Ray { origin, .. } => *origin,
        }
    }

    /// Projection on the unit axis `d`, radius included.
    #[inline]
    pub fn project(&self, d: Vec3) -> Proj {
        let r = self.radius;
        let core = |lo: f32, hi: f32, lp: Vec3, hp: Vec3| Proj {
            min: lo - r,
            max: hi + r,
            min_point: lp - d * r,
            max_point: hp + d * r,
        };
        match &self.core {
            Core::Point(p) => {
                let s = p.dot(d);
                core(s, s, *p, *p)
            }
            Core::Segment(p, q) => {
                let (sp, sq) = (p.dot(d), q.dot(d));
                if sp <= sq {
                    core(sp, sq, *p, *q)
                } else {
                    core(sq, sp, *q, *p)
                }
            }
            Core::Box { c, m, h } => {
                let l = m.transpose() * d;
                let s = |x: f32, hx: f32| if x >= 0.0 { hx } else { -hx };
                let e = *m * Vec3::new(s(l.x, h.x), s(l.y, h.y), s(l.z, h.z));
                let ext = l.abs().dot(*h);
                let cs = c.dot(d);
                core(cs - ext, cs + ext, *c - e, *c + e)
            }
            Core::Triangle(v) => {
                let (mut lo, mut hi, mut li, mut hi_i) = (f32::INFINITY, f32::NEG_INFINITY, 0, 0);
                for (i, p) in v.iter().enumerate() {
                    let s = p.dot(d);
                    if s < lo {
                        lo = s;
                        li = i;
                    }
                    if s > hi {
                        hi = s;
                        hi_i = i;
                    }
                }
                core(lo, hi, v[li], v[hi_i])
            }
            Core::Hull { t, m, hull } => {
                let l = m.transpose() * d;
                let (mut lo, mut hi, mut li, mut hi_i) = (f32::INFINITY, f32::NEG_INFINITY, 0, 0);
                for (i, p) in hull.vertices.iter().enumerate() {
                    let s = p.dot(l);
                    let below = s < lo;
                    let above = s > hi;
                    li = if below { i } else { li };
                    lo = if below { s } else { lo };
                    hi_i = if above { i } else { hi_i };
                    hi = if above { s } else { hi };
                }
                let ts = t.dot(d);
                core(
                    lo + ts,
                    hi + ts,
                    *t + *m * hull.vertices[li],
                    *t + *m * hull.vertices[hi_i],
                )
            }
            Core::Ray { origin, dir } => {
                let s = origin.dot(d);
                let k = dir.dot(d);
                if k > PERP_EPS {
                    core(s, f32::INFINITY, *origin, *origin)
                } else if k < -PERP_EPS {
                    core(f32::NEG_INFINITY, s, *origin, *origin)
                } else {
                    core(s, s, *origin, *origin)
                }
            }
        }
    }

    /// `(min, max)` of [`Piece::project`] on the unit axis `d`, bit for bit,
    /// without the points that realise them (a box's corners are not
    /// formed), and a hull's vertices are scanned
    /// for the two bounds alone, in four independent lanes (the least and
    /// the greatest of the same `f32` dot products, NaN never taken, as the
    /// plain scan), which the manifold's SAT pass measured faster.
    #[inline]
    pub fn range(&self, d: Vec3) -> (f32, f32) {
        match &self.core {
            Core::Hull { t, m, hull } => {
                let l = m.transpose() * d;
                let (lo, hi) = hull.range(l);
                let ts = t.dot(d);
                (lo + ts - self.radius, hi + ts + self.radius)
            }
            Core::Box { c, m, h } => {
                // `project`'s bounds, the same operations.
                let ext = (m.transpose() * d).abs().dot(*h);
                let cs = c.dot(d);
                (cs - ext - self.radius, cs + ext + self.radius)
            }
            // `project`'s bounds without its points, the same comparisons.
            Core::Triangle(v) => {
                let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
                for p in v {
                    let s = p.dot(d);
                    lo = if s < lo { s } else { lo };
                    hi = if s > hi { s } else { hi };
                }
                (lo - self.radius, hi + self.radius)
            }
            Core::Segment(p, q) => {
                let (sp, sq) = (p.dot(d), q.dot(d));
                let (lo, hi) = if sp <= sq { (sp, sq) } else { (sq, sp) };
                (lo - self.radius, hi + self.radius)
            }
            Core::Point(_) | Core::Ray { .. } => {
                let p = self.project(d);
                (p.min, p.max)
            }
        }
    }

    /// Face normals SAT must try, as `(unit axis, label)`: a box's three
    /// axes, a triangle's or flat hull's plane normal (once), a hull's face
    /// normals. Stops when `f` returns false; returns false then.
    pub fn for_each_face(&self, mut f: impl FnMut(Vec3, Feature) -> bool) -> bool {
        match &self.core {
            Core::Box { m, .. } => {
                f(m.x_axis, Feature::BoxFace(0))
                    && f(m.y_axis, Feature::BoxFace(1))
                    && f(m.z_axis, Feature::BoxFace(2))
            }
            Core::Triangle(v) => match (v[1] - v[0]).cross(v[2] - v[0]).try_normalize() {
                Some(n) => f(n, Feature::TriangleFace),
                None => true,
            },
            Core::Hull { m, hull, .. } => {
                let faces = if hull.flat {
                    &hull.faces[..1]
                } else {
                    &hull.faces[..]
                };
                for (k, face) in faces.iter().enumerate() {
                    if !f(*m * face.normal, Feature::HullFace(k as u16 + 1)) {
                        return false;
                    }
                }
                true
            }
            Core::Point(_) | Core::Segment(..) | Core::Ray { .. } => true,
        }
    }

    /// Edge directions (unit, query frame) whose cross products with the
    /// other piece's edges SAT must try, each with its Gauss-map image (a
    /// hull's through its [`ArcTable`](super::sat::gauss::ArcTable)).
    /// Stops when `f` returns false; returns false then.
    pub fn for_each_edge(&self, mut f: impl FnMut(Vec3, Feature, Gauss) -> bool) -> bool {
        match &self.core {
            Core::Box { m, .. } => {
                f(m.x_axis, Feature::BoxEdge(0), Gauss::Circle(m.x_axis))
                    && f(m.y_axis, Feature::BoxEdge(1), Gauss::Circle(m.y_axis))
                    && f(m.z_axis, Feature::BoxEdge(2), Gauss::Circle(m.z_axis))
            }
            Core::Triangle(v) => {
                let n = (v[1] - v[0]).cross(v[2] - v[0]).try_normalize();
                for k in 0..3 {
                    if let Some(e) = (v[(k + 1) % 3] - v[k]).try_normalize() {
                        let gauss = n
                            .and_then(|n| e.cross(n).try_normalize().map(|out| (n, out)))
                            .map_or(Gauss::All, |(n, out)| Gauss::Half { n, out });
                        if !f(e, Feature::TriangleEdge(k as u8 + 1), gauss) {
                            return false;
                        }
                    }
                }
                true
            }
            Core::Hull { m, hull, .. } => {
                for (k, (d, first)) in hull.edge_dirs.iter().enumerate() {
                    let gauss = if hull.flat {
                        Gauss::All
                    } else {
                        Gauss::HullDir(k)
                    };
                    if !f(*m * *d, Feature::HullEdge(*first + 1), gauss) {
                        return false;
                    }
                }
                true
            }
            Core::Segment(p, q) => match (*q - *p).try_normalize() {
                Some(e) => f(e, self.segment_feature(), Gauss::Circle(e)),
                None => true,
            },
            Core::Ray { dir, .. } => f(*dir, Feature::RayDirection, Gauss::All),
            Core::Point(_) => true,
        }
    }

    fn segment_feature(&self) -> Feature {
        match self.kind {
            ShapeKind3::Ray => Feature::RayDirection,
            ShapeKind3::Capsule => Feature::CapsuleAxis,
            ShapeKind3::Point
            | ShapeKind3::Segment
            | ShapeKind3::Sphere
            | ShapeKind3::Aabb
            | ShapeKind3::Obb
            | ShapeKind3::Triangle
            | ShapeKind3::Hull => Feature::SegmentDirection,
        }
    }

    /// What the nearest point of this piece is called: a sphere's or a
    /// point's centre, else its nearest point.
    pub fn nearest_feature(&self) -> Feature {
        match (&self.core, self.kind) {
            (Core::Point(_), ShapeKind3::Sphere) => Feature::Centre,
            (
                Core::Point(_),
                ShapeKind3::Point
                | ShapeKind3::Segment
                | ShapeKind3::Ray
                | ShapeKind3::Aabb
                | ShapeKind3::Obb
                | ShapeKind3::Capsule
                | ShapeKind3::Triangle
                | ShapeKind3::Hull,
            ) => Feature::Position,
            (
                Core::Segment(..)
                | Core::Box { .. }
                | Core::Triangle(_)
                | Core::Hull { .. }
                | Core::Ray { .. },
                _,
            ) => Feature::NearestPoint,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom3d::{Capsule3, Hull3, Obb3, Pose3, Triangle3};

    use crate::common::test_rng::Rng;
    use crate::geom3d::shape::hull::{lanes_first_max, lanes_of, lanes_range};

    /// Index of the first of `pts` furthest along `d` (at least one point).
    fn first_max(pts: &[Vec3], d: Vec3) -> usize {
        let mut bi = 0;
        let mut bd = f32::NEG_INFINITY;
        for (i, p) in pts.iter().enumerate() {
            let pd = p.dot(d);
            let up = pd > bd;
            bd = if up { pd } else { bd };
            bi = if up { i } else { bi };
        }
        bi
    }

    /// `Piece::support` as it was before the cores were prepared once: the
    /// `f32` data converted at every call, the plain scan.
    fn support_per_call(p: &Piece, d: DVec3) -> DVec3 {
        let cols = |m: &Mat3| [m.x_axis, m.y_axis, m.z_axis].map(|a| a.as_dvec3());
        match &p.core {
            Core::Point(x) | Core::Ray { origin: x, .. } => x.as_dvec3(),
            Core::Segment(p, q) => {
                let (p, q) = (p.as_dvec3(), q.as_dvec3());
                if q.dot(d) > p.dot(d) {
                    q
                } else {
                    p
                }
            }
            Core::Box { c, m, h } => {
                let mut x = c.as_dvec3();
                for (k, a) in cols(m).iter().enumerate() {
                    let hk = f64::from(h[k]);
                    x += *a * if a.dot(d) >= 0.0 { hk } else { -hk };
                }
                x
            }
            Core::Triangle(v) => {
                let v = v.map(|p| p.as_dvec3());
                v[first_max3(v.map(|p| p.dot(d)))]
            }
            Core::Hull { t, m, hull } => {
                let l = m.transpose() * d.as_vec3();
                let v = hull.vertices[first_max(&hull.vertices, l)].as_dvec3();
                let c = cols(m);
                t.as_dvec3() + c[0] * v.x + c[1] * v.y + c[2] * v.z
            }
        }
    }

    #[test]
    fn prepared_supports_are_the_per_call_points_bit_for_bit() {
        // Boxes, hulls of 4–60 points, triangles and capsules, sizes 1e-3 to
        // 1e3, turned any way, 1e4 from the frame origin; directions of any
        // length, the box axes (ties between corners), zero and NaN.
        let mut rng = Rng(0x26_0007);
        let mut checked = 0;
        for i in 0..1500 {
            let size = 10f32.powf(rng.f() * 6.0 - 3.0);
            let deg = [rng.f() * 360.0, rng.f() * 360.0, rng.f() * 360.0];
            let kind = [ShapeKind3::Obb, ShapeKind3::Hull, ShapeKind3::Triangle][i % 4 % 3];
            let Ok(pose) = Pose3::from_euler_deg(kind, rng.v(1e4), deg) else {
                continue;
            };
            let shape = match i % 4 {
                0 => Obb3::new(pose, rng.v(size).abs()).map(Shape3::Obb),
                1 => {
                    let n = 4 + (rng.f() * 57.0) as usize;
                    let pts: Vec<Vec3> = (0..n).map(|_| rng.v(size)).collect();
                    Hull3::new(pose, &pts, false).map(Shape3::Hull)
                }
                2 => {
                    let v = [rng.v(size), rng.v(size), rng.v(size)];
                    Triangle3::new(pose, v).map(Shape3::Triangle)
                }
                _ => Capsule3::new(pose, size, 0.1 * size).map(Shape3::Capsule),
            };
            let Ok(shape) = shape else { continue };
            let p = piece(&shape, Side::B, rng.v(1e4));
            let m = pose.matrix();
            for k in 0..10 {
                let d = match k {
                    0..3 => [m.x_axis, m.y_axis, m.z_axis][k].as_dvec3(),
                    3 => DVec3::ZERO,
                    4 => DVec3::new(f64::NAN, 1.0, 0.0),
                    _ => rng.v(1.0).as_dvec3() * 10f64.powf(f64::from(rng.f()) * 8.0 - 4.0),
                };
                let (got, want) = (p.support(d), support_per_call(&p, d));
                assert_eq!(
                    got.to_array().map(f64::to_bits),
                    want.to_array().map(f64::to_bits),
                    "{kind:?} {i}, d {d}: {got} against {want}"
                );
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked} checked");
    }

    /// A hull's support lies at most `scan_slack` below the true support
    /// along any unit direction (the largest of its corners' exact `f64`
    /// dots): hulls of 4–40 corners, some in near-ties (corners nudged a
    /// few `ε₃₂` of the size along the direction), sizes 1e-3 to 1e3,
    /// turned any way, 1e4 from the frame origin. The same shortfall every
    /// other core's supports never have (exact in `f64`: checked too).
    #[test]
    fn supports_fall_short_of_the_true_support_by_at_most_the_scan_slack() {
        let mut rng = Rng(0x26_0207);
        let (mut checked, mut short) = (0, 0);
        for i in 0..3000 {
            let size = 10f32.powf(rng.f() * 6.0 - 3.0);
            let deg = [rng.f() * 360.0, rng.f() * 360.0, rng.f() * 360.0];
            let kind = [ShapeKind3::Hull, ShapeKind3::Triangle, ShapeKind3::Obb][i % 3];
            let Ok(pose) = Pose3::from_euler_deg(kind, rng.v(1e4), deg) else {
                continue;
            };
            let dir = rng.v(1.0).normalize_or(Vec3::X);
            let local = pose.matrix().transpose() * dir;
            let n = 4 + (rng.f() * 37.0) as usize;
            // Corners level along `dir` but for a few ε₃₂ of the size.
            let pts: Vec<Vec3> = (0..n)
                .map(|_| {
                    let v = rng.v(size);
                    let level = v - local * v.dot(local);
                    level + local * (size * (1.0 + 4e-7 * (rng.f() - 0.5)))
                })
                .collect();
            let shape = match i % 3 {
                0 => Hull3::new(pose, &pts, false).map(Shape3::Hull),
                1 => Triangle3::new(pose, [pts[0], pts[1], pts[2]]).map(Shape3::Triangle),
                _ => Obb3::new(pose, rng.v(size).abs()).map(Shape3::Obb),
            };
            let Ok(shape) = shape else { continue };
            let p = piece(&shape, Side::B, rng.v(1e4));
            let d = dir.as_dvec3();
            let best = match &p.core {
                Core::Hull { t, m, hull } => {
                    let cols = [m.x_axis, m.y_axis, m.z_axis].map(|a| a.as_dvec3());
                    hull.vertices
                        .iter()
                        .map(|v| {
                            (t.as_dvec3()
                                + cols[0] * f64::from(v.x)
                                + cols[1] * f64::from(v.y)
                                + cols[2] * f64::from(v.z))
                            .dot(d)
                        })
                        .fold(f64::NEG_INFINITY, f64::max)
                }
                Core::Triangle(v) => v
                    .iter()
                    .map(|p| p.as_dvec3().dot(d))
                    .fold(f64::NEG_INFINITY, f64::max),
                // A box's support is the corner of the signs: exact.
                Core::Box { .. } | Core::Point(_) | Core::Segment(..) | Core::Ray { .. } => {
                    p.support(d).dot(d)
                }
            };
            let gap = best - p.support(d).dot(d);
            let room = 1e-12 * (p.magnitude() as f64 + 1.0);
            assert!(
                gap <= p.scan_slack() + room,
                "{kind:?} {i}: {gap:e} short, slack {:e}",
                p.scan_slack()
            );
            checked += 1;
            short += usize::from(gap > room);
        }
        assert!(checked > 1500, "{checked} checked");
        // The near-ties do make the f32 scan fall short sometimes: the
        // slack is needed, not only allowed for.
        assert!(short > 0, "the scan never fell short");
    }

    #[test]
    fn range_is_the_projections_bounds_bit_for_bit() {
        // Hulls of 4–60 points (lists not a multiple of the lanes included),
        // boxes and capsules, sizes 1e-3 to 1e3, 1e4 from the frame origin, on
        // unit axes, the hull's own axes (ties) and a NaN axis.
        let mut rng = Rng(0x27_0004);
        let mut checked = 0;
        for i in 0..600 {
            let size = 10f32.powf(rng.f() * 6.0 - 3.0);
            let deg = [rng.f() * 360.0, rng.f() * 360.0, rng.f() * 360.0];
            let Ok(pose) = Pose3::from_euler_deg(ShapeKind3::Hull, rng.v(1e4), deg) else {
                continue;
            };
            let shape = if i % 5 == 0 {
                Capsule3::new(pose, size, 0.1 * size).map(Shape3::Capsule)
            } else if i % 5 == 1 {
                Obb3::new(pose, rng.v(size).abs()).map(Shape3::Obb)
            } else {
                let n = 4 + (rng.f() * 57.0) as usize;
                let pts: Vec<Vec3> = (0..n).map(|_| rng.v(size)).collect();
                Hull3::new(pose, &pts, false).map(Shape3::Hull)
            };
            let Ok(shape) = shape else { continue };
            let p = piece(&shape, Side::A, rng.v(1e4));
            let m = pose.matrix();
            for k in 0..8 {
                let d = match k {
                    0..3 => [m.x_axis, m.y_axis, m.z_axis][k],
                    3 => Vec3::new(f32::NAN, 0.0, 1.0),
                    _ => rng.v(1.0).normalize_or(Vec3::X),
                };
                let (lo, hi) = p.range(d);
                let want = p.project(d);
                assert_eq!(
                    (lo.to_bits(), hi.to_bits()),
                    (want.min.to_bits(), want.max.to_bits()),
                    "{i}, d {d}: {lo} {hi} against {want:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 3000, "{checked} checked");
    }

    #[test]
    fn lanes_find_the_first_maximum_and_the_range_the_scan_finds() {
        // Lists of 1–70 points with repeated points (ties), NaN and infinite
        // coordinates mixed in; directions of any length, zero and NaN.
        let mut rng = Rng(0x26_0107);
        for i in 0..20_000 {
            let n = 1 + (rng.f() * 70.0) as usize;
            let mut pts: Vec<Vec3> = (0..n).map(|_| rng.v(10.0)).collect();
            for _ in 0..(i % 5) {
                let (a, b) = ((rng.f() * n as f32) as usize, (rng.f() * n as f32) as usize);
                pts[a.min(n - 1)] = pts[b.min(n - 1)];
            }
            if i % 7 == 0 {
                let k = (rng.f() * n as f32) as usize;
                pts[k.min(n - 1)].y = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY][i % 3];
            }
            let d = match i % 11 {
                0 => Vec3::ZERO,
                1 => Vec3::new(f32::NAN, 0.0, 1.0),
                2 => Vec3::Y,
                _ => rng.v(1.0) * 10f32.powf(rng.f() * 6.0 - 3.0),
            };
            let lanes = lanes_of(&pts);
            assert_eq!(
                lanes_first_max(&lanes, n, d),
                first_max(&pts, d),
                "{n} points, d {d}"
            );
            let dots = pts.iter().map(|p| p.dot(d));
            let lo = dots
                .clone()
                .fold(f32::INFINITY, |a, s| if s < a { s } else { a });
            let hi = dots.fold(f32::NEG_INFINITY, |a, s| if s > a { s } else { a });
            let (l, h) = lanes_range(&lanes, d);
            // (Equal as numbers: a scan in another order can keep the
            // other zero of `0 = −0`.)
            assert!(l == lo && h == hi, "{n} points, d {d}");
        }
    }
}
