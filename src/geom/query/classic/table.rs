//! The one table of classic tests: which closed form (if any) decides a
//! pair of kinds, in either order, with each shape reduced to the numbers
//! that test reads. `intersects`' fast path, the teaching panel's text and
//! its canvas all match on [`Classic`], so a pair cannot be worked one way
//! and decided another.

use super::PolygonRef;
use crate::geom::pose::unrotate;
use crate::geom::{Line, Polygon, Ray, Shape, Vec2};

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
    /// x and y), as [`super::disc_obb`] carries the disc's centre.
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
    /// Circle–circle: [`super::disc_disc`].
    DiscDisc(Disc, Disc),
    /// AABB–AABB: [`super::aabb_aabb`].
    AabbAabb(BoxView, BoxView),
    /// Circle or point against an AABB: [`super::disc_aabb`] (Arvo).
    DiscAabb(Disc, BoxView),
    /// Circle or point against an OBB: [`super::disc_obb`] (Arvo in the box's frame).
    DiscObb(Disc, BoxView),
    /// Box–box with an OBB among them: [`super::obb_obb`].
    BoxBox(BoxView, BoxView),
    /// Circle or point against a polygon: [`super::disc_polygon`].
    DiscPolygon(Disc, PolygonRef<'s>),
    /// A box against a polygon: [`super::polygon_polygon_path`] on the box's corners.
    BoxPolygon(BoxView, PolygonRef<'s>),
    /// Polygon–polygon: [`super::polygon_polygon_path`].
    PolygonPolygon(PolygonRef<'s>, PolygonRef<'s>),
    /// Segment, capsule or bounded ray against a polygon: [`super::capsule_polygon`].
    SweptPolygon(Swept, PolygonRef<'s>),
    /// Sector against a circle or point: [`super::sector_disc`] (Milo Yip).
    SectorDisc(SectorView, Disc),
    /// Circle or point against a point, circle, segment, capsule or bounded
    /// ray: [`super::disc_capsule`].
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
    lookup(a, b, false)
}

/// As [`classic_test`], positions taken relative to the test's first
/// operand's position (so large coordinates keep their precision).
#[inline(always)]
pub(crate) fn classic_test_relative<'s>(a: &'s Shape, b: &'s Shape) -> Option<ClassicPair<'s>> {
    lookup(a, b, true)
}

#[inline(always)]
fn lookup<'s>(a: &'s Shape, b: &'s Shape, relative: bool) -> Option<ClassicPair<'s>> {
    if let Some((test, swapped)) = ordered(a, b, relative) {
        return Some(ClassicPair { test, swapped });
    }
    let (test, swapped) = ordered(b, a, relative)?;
    Some(ClassicPair {
        test,
        swapped: !swapped,
    })
}

/// The disc of a circle or point.
#[inline(always)]
fn disc(s: &Shape, o: Vec2) -> Disc {
    let radius = if let Shape::Circle(c) = s {
        c.radius
    } else {
        0.0
    };
    Disc {
        centre: s.pose().position() - o,
        radius,
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
    let (centre, rot, half_extents) = match s {
        Shape::Aabb(b) => (b.center() - o, Vec2::X, b.half_extents),
        Shape::Obb(b) => (b.center() - o, b.pose.rot(), b.half_extents),
        Shape::Point(_)
        | Shape::Circle(_)
        | Shape::Segment(_)
        | Shape::Capsule(_)
        | Shape::Ray(_)
        | Shape::Line(_)
        | Shape::Polygon(_)
        | Shape::Sector(_) => return None,
    };
    Some(BoxView {
        centre,
        rot,
        half_extents,
    })
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

/// The test with `a` as its first operand, if the table lists `(a, b)` in
/// this order, and whether the operands had to be swapped after all (two
/// swept discs of which only the second is a disc).
#[inline(always)]
fn ordered<'s>(a: &'s Shape, b: &'s Shape, relative: bool) -> Option<(Classic<'s>, bool)> {
    let o = if relative {
        a.pose().position()
    } else {
        Vec2::ZERO
    };
    let test = match (a, b) {
        (Shape::Circle(_), Shape::Circle(_)) => Classic::DiscDisc(disc(a, o), disc(b, o)),
        (Shape::Aabb(_), Shape::Aabb(_)) => Classic::AabbAabb(boxv(a, o)?, boxv(b, o)?),
        (Shape::Circle(_) | Shape::Point(_), Shape::Aabb(_)) => {
            Classic::DiscAabb(disc(a, o), boxv(b, o)?)
        }
        (Shape::Circle(_) | Shape::Point(_), Shape::Obb(_)) => {
            Classic::DiscObb(disc(a, o), boxv(b, o)?)
        }
        (Shape::Circle(_) | Shape::Point(_), Shape::Polygon(p)) => {
            Classic::DiscPolygon(disc(a, o), polygon(p, o))
        }
        (Shape::Sector(s), Shape::Circle(_) | Shape::Point(_)) => Classic::SectorDisc(
            SectorView {
                apex: s.pose.position() - o,
                facing: s.facing(),
                half: s.half,
                radius: s.radius,
            },
            disc(b, o),
        ),
        (Shape::Aabb(_) | Shape::Obb(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            Classic::BoxBox(boxv(a, o)?, boxv(b, o)?)
        }
        (Shape::Polygon(q), Shape::Polygon(p)) => {
            Classic::PolygonPolygon(polygon(q, o), polygon(p, o))
        }
        (Shape::Aabb(_) | Shape::Obb(_), Shape::Polygon(p)) => {
            Classic::BoxPolygon(boxv(a, o)?, polygon(p, o))
        }
        // `None` (to the SAT search) for an unbounded ray.
        (Shape::Segment(_) | Shape::Capsule(_) | Shape::Ray(_), Shape::Polygon(p)) => {
            Classic::SweptPolygon(swept(a, o)?, polygon(p, o))
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
                Classic::DiscSwept(as_disc(s1), s2)
            } else if s2.p == s2.q {
                return Some((Classic::DiscSwept(as_disc(s2), s1), true));
            } else {
                Classic::SweptSwept(s1, s2)
            }
        }
        (Shape::Segment(_) | Shape::Capsule(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            Classic::SweptBox(swept(a, o)?, boxv(b, o)?)
        }
        (Shape::Ray(r), Shape::Aabb(_) | Shape::Obb(_)) => Classic::RayBox(r, b),
        (Shape::Line(m), Shape::Line(n)) => Classic::LineLine(m, n),
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
    Some((test, false))
}

/// A swept disc of length 0 as the disc it is.
#[inline(always)]
fn as_disc(s: Swept) -> Disc {
    Disc {
        centre: s.p,
        radius: s.radius,
    }
}
