//! The ten shape kinds, one file each, and the closed [`Shape`] enum.
//!
//! Every shape is a [`Pose`] plus geometry in its local frame. Constructors
//! validate and return [`ShapeError`](crate::geom::ShapeError) naming the kind, field and value.

mod aabb;
mod capsule;
mod circle;
mod line;
mod point;
mod polygon;
mod ray;
pub(crate) mod sector;
mod segment;

pub use aabb::Aabb;
pub use capsule::Capsule;
pub use circle::Circle;
pub use line::Line;
pub use obb::Obb;
pub use point::Point;
pub use polygon::Polygon;
pub use ray::Ray;
pub use sector::Sector;
pub use segment::Segment;

mod obb;

pub use crate::common::ShapeKind;
use crate::geom::pose::Pose;
use glam::Vec2;

/// One of the ten kinds. Matches on it are exhaustive, so a new kind breaks
/// the build wherever it is not handled yet.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A single point.
    Point(Point),
    /// A closed segment.
    Segment(Segment),
    /// A ray, bounded or unbounded.
    Ray(Ray),
    /// An infinite line.
    Line(Line),
    /// A closed disc.
    Circle(Circle),
    /// An axis-aligned box.
    Aabb(Aabb),
    /// A turned box.
    Obb(Obb),
    /// A segment swept by a disc.
    Capsule(Capsule),
    /// A circular sector, convex up to a half-angle of 90°.
    Sector(Sector),
    /// A convex polygon.
    Polygon(Polygon),
}

impl Shape {
    /// The kind of this shape.
    pub fn kind(&self) -> ShapeKind {
        match self {
            Shape::Point(_) => ShapeKind::Point,
            Shape::Segment(_) => ShapeKind::Segment,
            Shape::Ray(_) => ShapeKind::Ray,
            Shape::Line(_) => ShapeKind::Line,
            Shape::Circle(_) => ShapeKind::Circle,
            Shape::Aabb(_) => ShapeKind::Aabb,
            Shape::Obb(_) => ShapeKind::Obb,
            Shape::Capsule(_) => ShapeKind::Capsule,
            Shape::Sector(_) => ShapeKind::Sector,
            Shape::Polygon(_) => ShapeKind::Polygon,
        }
    }

    /// The shape's pose.
    pub fn pose(&self) -> &Pose {
        match self {
            Shape::Point(s) => &s.pose,
            Shape::Segment(s) => &s.pose,
            Shape::Ray(s) => &s.pose,
            Shape::Line(s) => &s.pose,
            Shape::Circle(s) => &s.pose,
            Shape::Aabb(s) => &s.pose,
            Shape::Obb(s) => &s.pose,
            Shape::Capsule(s) => &s.pose,
            Shape::Sector(s) => &s.pose,
            Shape::Polygon(s) => &s.pose,
        }
    }

    /// Moves the shape's local origin to `p` (world units); non-finite input is ignored.
    pub fn set_position(&mut self, p: Vec2) {
        self.pose_mut().set_position(p);
    }

    /// Turns the shape to `deg` degrees. An [`Aabb`] cannot turn: it ignores this.
    pub fn set_rotation_deg(&mut self, deg: f32) {
        if !matches!(self, Shape::Aabb(_)) {
            self.pose_mut().set_rotation_deg(deg);
        }
    }

    fn pose_mut(&mut self) -> &mut Pose {
        match self {
            Shape::Point(s) => &mut s.pose,
            Shape::Segment(s) => &mut s.pose,
            Shape::Ray(s) => &mut s.pose,
            Shape::Line(s) => &mut s.pose,
            Shape::Circle(s) => &mut s.pose,
            Shape::Aabb(s) => &mut s.pose,
            Shape::Obb(s) => &mut s.pose,
            Shape::Capsule(s) => &mut s.pose,
            Shape::Sector(s) => &mut s.pose,
            Shape::Polygon(s) => &mut s.pose,
        }
    }

    /// True for shapes of finite extent (all but lines and unbounded rays).
    pub fn is_bounded(&self) -> bool {
        match self {
            Shape::Line(_) => false,
            Shape::Ray(r) => r.length().is_some(),
            Shape::Point(_)
            | Shape::Segment(_)
            | Shape::Circle(_)
            | Shape::Aabb(_)
            | Shape::Obb(_)
            | Shape::Capsule(_)
            | Shape::Polygon(_)
            | Shape::Sector(_) => true,
        }
    }

    /// A box as `(centre, rot, half_extents)`: centre in world units, `rot`
    /// the `(cos θ, sin θ)` of its turn (`Vec2::X` for an AABB), half
    /// extents along its own axes. `None` for every kind but AABB and OBB.
    #[inline]
    pub fn box_frame(&self) -> Option<(Vec2, Vec2, Vec2)> {
        match self {
            Shape::Aabb(b) => Some((b.center(), Vec2::X, b.half_extents)),
            Shape::Obb(b) => Some((b.center(), b.pose.rot(), b.half_extents)),
            Shape::Point(_)
            | Shape::Segment(_)
            | Shape::Ray(_)
            | Shape::Line(_)
            | Shape::Circle(_)
            | Shape::Capsule(_)
            | Shape::Polygon(_)
            | Shape::Sector(_) => None,
        }
    }

    /// True for convex shapes: all but sectors with a half-angle in (90°, 180°).
    pub fn is_convex(&self) -> bool {
        match self {
            Shape::Sector(s) => s.is_convex(),
            Shape::Point(_)
            | Shape::Segment(_)
            | Shape::Ray(_)
            | Shape::Line(_)
            | Shape::Circle(_)
            | Shape::Aabb(_)
            | Shape::Obb(_)
            | Shape::Capsule(_)
            | Shape::Polygon(_) => true,
        }
    }

    /// True for shapes with area (circles of radius 0 and boxes of zero extent included).
    pub fn has_area(&self) -> bool {
        matches!(
            self,
            Shape::Circle(_)
                | Shape::Aabb(_)
                | Shape::Obb(_)
                | Shape::Capsule(_)
                | Shape::Sector(_)
                | Shape::Polygon(_)
        )
    }

    /// World bounding box `(min, max)`; infinite for lines and unbounded rays.
    pub fn bounds(&self) -> (Vec2, Vec2) {
        match self {
            Shape::Point(s) => (s.pose.position(), s.pose.position()),
            Shape::Segment(s) => s.bounds(),
            Shape::Ray(s) => s.bounds(),
            Shape::Line(s) => s.bounds(),
            Shape::Circle(s) => s.bounds(),
            Shape::Aabb(s) => s.bounds(),
            Shape::Obb(s) => s.bounds(),
            Shape::Capsule(s) => s.bounds(),
            Shape::Sector(s) => s.bounds(),
            Shape::Polygon(s) => s.bounds(),
        }
    }
}

/// Bounds of a set of world points.
pub(crate) fn bounds_of(points: impl IntoIterator<Item = Vec2>) -> (Vec2, Vec2) {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for p in points {
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo, hi)
}
