//! The nine 3D shape kinds, one file each, and the closed [`Shape3`] enum.
//!
//! Every shape is a [`Pose3`] plus geometry in its local frame. Constructors
//! validate and return [`crate::common::ShapeError`] naming the kind, field and
//! value.

pub(crate) mod aabb;
mod capsule;
pub(crate) mod hull;
mod obb;
mod point;
mod quickhull;
mod ray;
mod segment;
mod sphere;
mod triangle;

pub use aabb::Aabb3;
pub use capsule::Capsule3;
pub use hull::{ConvexHull, Hull3, HullFace, MAX_HULL_POINTS, MIN_HULL_SPAN};
pub use obb::Obb3;
pub use point::Point3;
pub use ray::Ray3Shape;
pub use segment::Segment3;
pub use sphere::Sphere;
pub use triangle::Triangle3;

pub use crate::common::ShapeKind3;
use crate::geom3d::Pose3;
use glam::{Mat3, Vec3};

/// `pose()` for shapes that keep their `pose: Pose3`.
macro_rules! posed {
    ($($t:ty),+) => {$(
        impl $t {
            /// Position and rotation (the centre, for a solid).
            #[inline]
            pub fn pose(&self) -> &Pose3 {
                &self.pose
            }
        }
    )+};
}

/// `center()` for solids centred on their pose.
macro_rules! centred {
    ($($t:ty),+) => {$(
        impl $t {
            /// World centre.
            #[inline]
            pub fn center(&self) -> Vec3 {
                self.pose.position()
            }
        }
    )+};
}

/// `half_extents()` for boxes.
macro_rules! boxed {
    ($($t:ty),+) => {$(
        impl $t {
            /// Half-extents along the box's own axes (the world's, for an
            /// AABB), world units.
            #[inline]
            pub fn half_extents(&self) -> Vec3 {
                self.half_extents
            }
        }
    )+};
}

/// `half_length()` and `endpoints()` for shapes around a segment on their
/// local x axis.
macro_rules! along_x {
    ($($t:ty),+) => {$(
        impl $t {
            /// Half the length of the (core) segment, world units.
            #[inline]
            pub fn half_length(&self) -> f32 {
                self.half_length
            }

            /// World endpoints of the (core) segment, local `-x` end first.
            #[inline]
            pub fn endpoints(&self) -> (Vec3, Vec3) {
                let h = self.pose.matrix().x_axis * self.half_length;
                (self.pose.position() - h, self.pose.position() + h)
            }
        }
    )+};
}

posed!(Point3, Segment3, Ray3Shape, Sphere, Aabb3, Obb3, Capsule3, Triangle3, Hull3);
centred!(Sphere, Aabb3, Obb3);
boxed!(Aabb3, Obb3);
along_x!(Segment3, Capsule3);

/// One of the nine kinds. Matches on it are exhaustive, so a new kind breaks
/// the build wherever it is not handled yet.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape3 {
    /// A single point.
    Point(Point3),
    /// A closed segment.
    Segment(Segment3),
    /// A ray, bounded or unbounded.
    Ray(Ray3Shape),
    /// A closed ball.
    Sphere(Sphere),
    /// An axis-aligned box.
    Aabb(Aabb3),
    /// A turned box.
    Obb(Obb3),
    /// A segment swept by a ball.
    Capsule(Capsule3),
    /// A flat triangle.
    Triangle(Triangle3),
    /// A convex polyhedron (or a flat convex polygon).
    Hull(Hull3),
}

impl Shape3 {
    /// The kind of this shape.
    #[inline]
    pub fn kind(&self) -> ShapeKind3 {
        match self {
            Shape3::Point(_) => ShapeKind3::Point,
            Shape3::Segment(_) => ShapeKind3::Segment,
            Shape3::Ray(_) => ShapeKind3::Ray,
            Shape3::Sphere(_) => ShapeKind3::Sphere,
            Shape3::Aabb(_) => ShapeKind3::Aabb,
            Shape3::Obb(_) => ShapeKind3::Obb,
            Shape3::Capsule(_) => ShapeKind3::Capsule,
            Shape3::Triangle(_) => ShapeKind3::Triangle,
            Shape3::Hull(_) => ShapeKind3::Hull,
        }
    }

    /// The shape's pose.
    #[inline]
    pub fn pose(&self) -> &Pose3 {
        match self {
            Shape3::Point(s) => &s.pose,
            Shape3::Segment(s) => &s.pose,
            Shape3::Ray(s) => &s.pose,
            Shape3::Sphere(s) => &s.pose,
            Shape3::Aabb(s) => &s.pose,
            Shape3::Obb(s) => &s.pose,
            Shape3::Capsule(s) => &s.pose,
            Shape3::Triangle(s) => &s.pose,
            Shape3::Hull(s) => &s.pose,
        }
    }

    /// Moves the shape's local origin to `p` (world); non-finite input is ignored.
    pub fn set_position(&mut self, p: Vec3) {
        match self {
            Shape3::Point(s) => s.pose.set_position(p),
            Shape3::Segment(s) => s.pose.set_position(p),
            Shape3::Ray(s) => s.pose.set_position(p),
            Shape3::Sphere(s) => s.pose.set_position(p),
            Shape3::Aabb(s) => s.pose.set_position(p),
            Shape3::Obb(s) => s.pose.set_position(p),
            Shape3::Capsule(s) => s.pose.set_position(p),
            Shape3::Triangle(s) => s.pose.set_position(p),
            Shape3::Hull(s) => s.pose.set_position(p),
        }
    }

    /// A box as `(centre, axes, half_extents)`: centre in world units, the
    /// axes as the columns of a rotation (the identity for an AABB), half
    /// extents along them. `None` for every kind but AABB and OBB.
    #[inline]
    pub fn box_frame(&self) -> Option<(Vec3, Mat3, Vec3)> {
        match self {
            Shape3::Aabb(b) => Some((b.center(), Mat3::IDENTITY, b.half_extents)),
            Shape3::Obb(b) => Some((b.center(), b.pose.matrix(), b.half_extents)),
            Shape3::Point(_)
            | Shape3::Segment(_)
            | Shape3::Ray(_)
            | Shape3::Sphere(_)
            | Shape3::Capsule(_)
            | Shape3::Triangle(_)
            | Shape3::Hull(_) => None,
        }
    }

    /// True for shapes of finite extent (all but unbounded rays).
    #[inline]
    pub fn is_bounded(&self) -> bool {
        match self {
            Shape3::Ray(r) => r.length.is_some(),
            Shape3::Point(_)
            | Shape3::Segment(_)
            | Shape3::Sphere(_)
            | Shape3::Aabb(_)
            | Shape3::Obb(_)
            | Shape3::Capsule(_)
            | Shape3::Triangle(_)
            | Shape3::Hull(_) => true,
        }
    }

    /// World bounding box `(min, max)`; infinite along an unbounded ray.
    #[inline]
    pub fn bounds(&self) -> (Vec3, Vec3) {
        let pose = self.pose();
        let c = pose.position();
        let m = pose.matrix();
        // Box `c ± m·h` bounds: the absolute matrix times h.
        let box_bounds = |h: Vec3| {
            let e = Vec3::new(
                m.row(0).abs().dot(h),
                m.row(1).abs().dot(h),
                m.row(2).abs().dot(h),
            );
            (c - e, c + e)
        };
        let of = |pts: &mut dyn Iterator<Item = Vec3>| {
            let mut lo = Vec3::splat(f32::INFINITY);
            let mut hi = Vec3::splat(f32::NEG_INFINITY);
            for p in pts {
                lo = lo.min(p);
                hi = hi.max(p);
            }
            (lo, hi)
        };
        match self {
            Shape3::Point(_) => (c, c),
            Shape3::Segment(s) => {
                let (p, q) = s.endpoints();
                (p.min(q), p.max(q))
            }
            Shape3::Ray(r) => match r.length {
                Some(l) => {
                    let q = c + r.direction() * l;
                    (c.min(q), c.max(q))
                }
                None => {
                    let d = r.direction();
                    let inf = |x: f32, s: f32| if s < 0.0 { f32::NEG_INFINITY } else { x };
                    let sup = |x: f32, s: f32| if s > 0.0 { f32::INFINITY } else { x };
                    (
                        Vec3::new(inf(c.x, d.x), inf(c.y, d.y), inf(c.z, d.z)),
                        Vec3::new(sup(c.x, d.x), sup(c.y, d.y), sup(c.z, d.z)),
                    )
                }
            },
            Shape3::Sphere(s) => (c - Vec3::splat(s.radius), c + Vec3::splat(s.radius)),
            Shape3::Aabb(b) => (c - b.half_extents, c + b.half_extents),
            Shape3::Obb(b) => box_bounds(b.half_extents),
            Shape3::Capsule(k) => {
                let (p, q) = k.endpoints();
                let r = Vec3::splat(k.radius);
                (p.min(q) - r, p.max(q) + r)
            }
            Shape3::Triangle(t) => of(&mut t.vertices().into_iter()),
            Shape3::Hull(h) => of(&mut h.vertices()),
        }
    }
}
