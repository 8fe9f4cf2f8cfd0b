//! The one table of classic tests: which closed form (if any) decides a
//! pair of kinds, in either order, with each shape reduced to the numbers
//! that test reads. `intersects`' fast path, the teaching panel's text and
//! its canvas all match on [`Classic`], so a pair cannot be worked one way
//! and decided another.

use super::PolygonRef;
use crate::geom::pose::unrotate;
use crate::geom::{Aabb, Circle, Line, Obb, Point, Polygon, Ray, Sector, Shape, Vec2};

/// A disc: a circle, or a point (radius 0). `centre` in the table's frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Disc {
    /// Centre.
    pub centre: Vec2,
    /// Radius, world units (0 for a point).
    pub radius: f32,
}

/// A box: an AABB (`rot = (1, 0)`) or an OBB.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxView {
    /// Centre.
    pub centre: Vec2,
    /// `(cos θ, sin θ)` of the box's turn.
    pub rot: Vec2,
    /// Half-extents along the box's own axes, world units.
    pub half_extents: Vec2,
}

impl BoxView {
    /// `p` carried into the box's frame (centre at the origin, box axes along
    /// x and y), as [`super::disc_obb()`] carries the disc's centre.
    pub fn local(&self, p: Vec2) -> Vec2 {
        unrotate(self.rot, p - self.centre)
    }
}

/// A disc swept along the segment `[p, q]`: a point or circle (`p = q`), a
/// segment or bounded ray (radius 0), or a capsule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Swept {
    /// One end of the core segment.
    pub p: Vec2,
    /// The other end.
    pub q: Vec2,
    /// Radius, world units.
    pub radius: f32,
}

/// A circular sector: apex, unit facing, `half = (cos θ, sin θ)` of its
/// half-angle θ, and radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SectorView {
    /// The apex.
    pub apex: Vec2,
    /// Unit direction of the sector's axis.
    pub facing: Vec2,
    /// `(cos θ, sin θ)` of the half-angle.
    pub half: Vec2,
    /// Radius, world units.
    pub radius: f32,
}

/// The classic test of a pair, with both shapes as its inputs (first
/// operand first). Every variant but the last two decides `intersects`.
#[derive(Debug, Clone, Copy)]
pub enum Classic<'s> {
    /// Circle–circle: [`super::disc_disc()`].
    DiscDisc(Disc, Disc),
    /// AABB–AABB: [`super::aabb_aabb()`].
    AabbAabb(BoxView, BoxView),
    /// Circle or point against an AABB: [`super::disc_aabb()`] (Arvo).
    DiscAabb(Disc, BoxView),
    /// Circle or point against an OBB: [`super::disc_obb()`] (Arvo in the box's frame).
    DiscObb(Disc, BoxView),
    /// Box–box with an OBB among them: [`super::obb_obb()`].
    BoxBox(BoxView, BoxView),
    /// Circle or point against a polygon: [`super::disc_polygon()`].
    DiscPolygon(Disc, PolygonRef<'s>),
    /// A box against a polygon: [`super::polygon_polygon_path`] on the box's corners.
    BoxPolygon(BoxView, PolygonRef<'s>),
    /// Polygon–polygon: [`super::polygon_polygon_path`].
    PolygonPolygon(PolygonRef<'s>, PolygonRef<'s>),
    /// Segment, capsule or bounded ray against a polygon: [`super::capsule_polygon()`].
    SweptPolygon(Swept, PolygonRef<'s>),
    /// Sector against a circle or point: [`super::sector_disc()`] (Milo Yip).
    SectorDisc(SectorView, Disc),
    /// Circle or point against a point, circle, segment, capsule or bounded
    /// ray: [`super::disc_capsule()`].
    DiscSwept(Disc, Swept),
    /// Two segments, capsules or bounded rays: the closest points of their
    /// cores against the sum of the radii.
    SweptSwept(Swept, Swept),
    /// Segment or capsule against a box: [`super::segment_box_sq_distance`]
    /// in the box's frame.
    SweptBox(Swept, BoxView),
    /// Ray against a box: the slab test, for teaching only; `intersects`
    /// decides this pair by SAT.
    RayBox(&'s Ray, &'s Shape),
    /// Line–line: the cross product of the directions, for teaching only;
    /// `intersects` decides this pair by SAT.
    LineLine(&'s Line, &'s Line),
}

/// A pair's classic test and whether its first operand is the pair's
/// second shape.
#[derive(Debug, Clone, Copy)]
pub struct ClassicPair<'s> {
    /// The test with its inputs.
    pub test: Classic<'s>,
    /// True when the test's first operand is `b`.
    pub swapped: bool,
}

/// The classic test for `a` and `b` (either order), positions in world
/// coordinates; `None` when the pair has none (the SAT search decides it).
pub fn classic_test<'s>(a: &'s Shape, b: &'s Shape) -> Option<ClassicPair<'s>> {
    with_classic(a, b, false, |test, swapped| ClassicPair { test, swapped })
}

/// `f` applied to the classic test of `a` and `b` (either order) and its
/// swap flag; `None` when the pair has none. Positions are taken relative to
/// the test's first operand's position when `relative` (so large
/// coordinates keep their precision), else world coordinates.
///
/// `f` is called inside the arm that built the test, so once inlined each
/// arm meets `f`'s match on a known variant and keeps only its own branch:
/// `intersects` pays one dispatch on the pair, as a hand-written match would.
#[inline(always)]
pub(crate) fn with_classic<'s, R>(
    a: &'s Shape,
    b: &'s Shape,
    relative: bool,
    mut f: impl FnMut(Classic<'s>, bool) -> R,
) -> Option<R> {
    if let Some(r) = ordered(a, b, relative, false, &mut f) {
        return Some(r);
    }
    ordered(b, a, relative, true, &mut f)
}

/// A circle's disc.
#[inline(always)]
fn circle(c: &Circle, o: Vec2) -> Disc {
    Disc {
        centre: c.pose.position() - o,
        radius: c.radius,
    }
}

/// A point as a disc of radius 0.
#[inline(always)]
fn point(p: &Point, o: Vec2) -> Disc {
    Disc {
        centre: p.pose.position() - o,
        radius: 0.0,
    }
}

#[inline(always)]
fn aabb(b: &Aabb, o: Vec2) -> BoxView {
    BoxView {
        centre: b.center() - o,
        rot: Vec2::X,
        half_extents: b.half_extents,
    }
}

#[inline(always)]
fn obb(b: &Obb, o: Vec2) -> BoxView {
    BoxView {
        centre: b.center() - o,
        rot: b.pose.rot(),
        half_extents: b.half_extents,
    }
}

/// A swept disc: points, circles, segments, capsules, bounded rays.
#[inline(always)]
fn swept(s: &Shape, o: Vec2) -> Option<Swept> {
    let pose = s.pose();
    let t = pose.position() - o;
    let h = |len: f32| pose.rot() * len;
    let (p, q, radius) = match s {
        Shape::Point(_) => (t, t, 0.0),
        Shape::Circle(c) => (t, t, c.radius),
        Shape::Segment(g) => (t - h(g.half_length), t + h(g.half_length), 0.0),
        Shape::Capsule(c) => (t - h(c.half_length), t + h(c.half_length), c.radius),
        Shape::Ray(r) => (t, t + h(r.length?), 0.0),
        Shape::Line(_) | Shape::Aabb(_) | Shape::Obb(_) | Shape::Polygon(_) | Shape::Sector(_) => {
            return None
        }
    };
    Some(Swept { p, q, radius })
}

/// A box: AABBs and OBBs.
#[inline(always)]
fn boxv(s: &Shape, o: Vec2) -> Option<BoxView> {
    s.box_frame().map(|(c, rot, h)| BoxView {
        centre: c - o,
        rot,
        half_extents: h,
    })
}

#[inline(always)]
fn sector(s: &Sector, o: Vec2) -> SectorView {
    SectorView {
        apex: s.pose.position() - o,
        facing: s.facing(),
        half: s.half,
        radius: s.radius,
    }
}

#[inline(always)]
fn polygon(p: &Polygon, o: Vec2) -> PolygonRef<'_> {
    PolygonRef {
        t: p.pose.position() - o,
        rot: p.pose.rot(),
        verts: &p.vertices,
        normals: &p.normals,
    }
}

/// `f` of the test with `a` as its first operand, if the table lists
/// `(a, b)` in this order; `swapped` says `a` is the pair's second shape
/// (flipped when only the second of two swept discs is a disc).
#[inline(always)]
fn ordered<'s, R>(
    a: &'s Shape,
    b: &'s Shape,
    relative: bool,
    swapped: bool,
    f: &mut impl FnMut(Classic<'s>, bool) -> R,
) -> Option<R> {
    let o = if relative {
        a.pose().position()
    } else {
        Vec2::ZERO
    };
    let r = match (a, b) {
        (Shape::Circle(x), Shape::Circle(y)) => {
            f(Classic::DiscDisc(circle(x, o), circle(y, o)), swapped)
        }
        (Shape::Aabb(x), Shape::Aabb(y)) => f(Classic::AabbAabb(aabb(x, o), aabb(y, o)), swapped),
        (Shape::Circle(c), Shape::Aabb(x)) => {
            f(Classic::DiscAabb(circle(c, o), aabb(x, o)), swapped)
        }
        (Shape::Point(p), Shape::Aabb(x)) => f(Classic::DiscAabb(point(p, o), aabb(x, o)), swapped),
        (Shape::Circle(c), Shape::Obb(x)) => f(Classic::DiscObb(circle(c, o), obb(x, o)), swapped),
        (Shape::Point(p), Shape::Obb(x)) => f(Classic::DiscObb(point(p, o), obb(x, o)), swapped),
        (Shape::Circle(c), Shape::Polygon(p)) => {
            f(Classic::DiscPolygon(circle(c, o), polygon(p, o)), swapped)
        }
        (Shape::Point(q), Shape::Polygon(p)) => {
            f(Classic::DiscPolygon(point(q, o), polygon(p, o)), swapped)
        }
        (Shape::Sector(s), Shape::Circle(c)) => {
            f(Classic::SectorDisc(sector(s, o), circle(c, o)), swapped)
        }
        (Shape::Sector(s), Shape::Point(p)) => {
            f(Classic::SectorDisc(sector(s, o), point(p, o)), swapped)
        }
        (Shape::Obb(x), Shape::Obb(y)) => f(Classic::BoxBox(obb(x, o), obb(y, o)), swapped),
        (Shape::Aabb(x), Shape::Obb(y)) => f(Classic::BoxBox(aabb(x, o), obb(y, o)), swapped),
        (Shape::Obb(x), Shape::Aabb(y)) => f(Classic::BoxBox(obb(x, o), aabb(y, o)), swapped),
        (Shape::Polygon(q), Shape::Polygon(p)) => f(
            Classic::PolygonPolygon(polygon(q, o), polygon(p, o)),
            swapped,
        ),
        (Shape::Aabb(x), Shape::Polygon(p)) => {
            f(Classic::BoxPolygon(aabb(x, o), polygon(p, o)), swapped)
        }
        (Shape::Obb(x), Shape::Polygon(p)) => {
            f(Classic::BoxPolygon(obb(x, o), polygon(p, o)), swapped)
        }
        // `None` (to the SAT search) for an unbounded ray.
        (Shape::Segment(_) | Shape::Capsule(_) | Shape::Ray(_), Shape::Polygon(p)) => {
            f(Classic::SweptPolygon(swept(a, o)?, polygon(p, o)), swapped)
        }
        (
            Shape::Point(_)
            | Shape::Circle(_)
            | Shape::Segment(_)
            | Shape::Capsule(_)
            | Shape::Ray(_),
            Shape::Point(_)
            | Shape::Circle(_)
            | Shape::Segment(_)
            | Shape::Capsule(_)
            | Shape::Ray(_),
        ) => {
            let (s1, s2) = (swept(a, o)?, swept(b, o)?);
            if s1.p == s1.q {
                f(Classic::DiscSwept(as_disc(s1), s2), swapped)
            } else if s2.p == s2.q {
                f(Classic::DiscSwept(as_disc(s2), s1), !swapped)
            } else {
                f(Classic::SweptSwept(s1, s2), swapped)
            }
        }
        (Shape::Segment(_) | Shape::Capsule(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            f(Classic::SweptBox(swept(a, o)?, boxv(b, o)?), swapped)
        }
        (Shape::Ray(r), Shape::Aabb(_) | Shape::Obb(_)) => f(Classic::RayBox(r, b), swapped),
        (Shape::Line(m), Shape::Line(n)) => f(Classic::LineLine(m, n), swapped),
        (
            Shape::Point(_)
            | Shape::Circle(_)
            | Shape::Segment(_)
            | Shape::Capsule(_)
            | Shape::Ray(_)
            | Shape::Line(_)
            | Shape::Aabb(_)
            | Shape::Obb(_)
            | Shape::Polygon(_)
            | Shape::Sector(_),
            _,
        ) => return None,
    };
    Some(r)
}

/// A swept disc of length 0 as the disc it is.
#[inline(always)]
fn as_disc(s: Swept) -> Disc {
    Disc {
        centre: s.p,
        radius: s.radius,
    }
}
