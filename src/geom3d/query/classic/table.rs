//! The one table of 3D closed forms: which test (if any) takes a pair of
//! kinds, in either order, with each shape as the test's operand.
//! `intersects`' fast path and the worked Algorithm panel ([`worked`])
//! both match on [`Pair3`], so a pair cannot be worked one way and decided
//! another, and a new variant does not build until both handle it.
//!
//! [`worked`]: crate::geom3d::worked

use crate::geom3d::{Hull3, Point3, Ray3Shape, Shape3, Sphere, Triangle3};
use glam::{Mat3, Vec3};

/// A ball swept along a segment, `(p, q, radius)`: points relative to the
/// pair's first shape's position, radius in world units.
pub(crate) type Swept3 = (Vec3, Vec3, f32);

/// The closed-form test of a pair, first operand first.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Pair3<'s> {
    /// Two spheres: their centres' distance less the radii.
    SphereSphere(&'s Sphere, &'s Sphere),
    /// Two balls swept along segments (points, spheres, segments, capsules,
    /// bounded rays): the closest points of their cores (Ericson 5.1.9).
    SweptSwept(Swept3, Swept3),
    /// A ball (a point or sphere) against a box, by clamping its centre into
    /// the box (Arvo 1990); `turned` for an OBB.
    BallBox {
        /// The point or sphere.
        ball: &'s Shape3,
        /// The AABB or OBB.
        boxed: &'s Shape3,
        /// The box is an OBB.
        turned: bool,
    },
    /// Two AABBs: per-axis interval gaps.
    AabbAabb(&'s Shape3, &'s Shape3),
    /// Two boxes, not both axis-aligned: the 15 axes (Gottschalk et al. 1996).
    BoxBox(&'s Shape3, &'s Shape3),
    /// A point or sphere against a triangle: the nearest point.
    BallTriangle(&'s Shape3, &'s Triangle3),
    /// A triangle against an AABB or OBB: the 13 SAT axes, in the box's frame.
    TriangleBox(&'s Triangle3, &'s Shape3),
    /// Two hulls: bounding spheres and inscribed balls, else GJK.
    HullHull(&'s Hull3, &'s Hull3),
    /// An AABB or OBB against a hull: the hull's bounding and inscribed
    /// balls against the box, else GJK.
    BoxHull(&'s Shape3, &'s Hull3),
    /// A triangle against a hull: the hull's bounding and inscribed balls
    /// against the triangle, else GJK.
    TriangleHull(&'s Triangle3, &'s Hull3),
    /// A point against a hull: the face planes.
    PointHull(&'s Point3, &'s Hull3),
    /// A ray (bounded or not) against an AABB or OBB: the slab test, for
    /// teaching only; `intersects` decides this pair by the distance.
    RayBox(&'s Ray3Shape, &'s Shape3),
}

/// `f` applied to the test of `a` and `b` (either order), the position of
/// its first operand (world; the test's inputs are relative to it) and
/// whether its first operand is `b`; `None` when the pair has none (GJK
/// decides it).
///
/// `f` is called inside the arm that built the test, so once inlined each
/// arm meets `f`'s match on a known variant and keeps only its own branch.
#[inline(always)]
pub(crate) fn with_pair3<'s, R>(
    a: &'s Shape3,
    b: &'s Shape3,
    mut f: impl FnMut(Pair3<'s>, Vec3, bool) -> R,
) -> Option<R> {
    if let Some(r) = ordered(a, b, false, &mut f) {
        return Some(r);
    }
    ordered(b, a, true, &mut f)
}

/// `f` of the test with `a` as its first operand, if the table lists
/// `(a, b)` in this order.
#[inline(always)]
fn ordered<'s, R>(
    a: &'s Shape3,
    b: &'s Shape3,
    swapped: bool,
    f: &mut impl FnMut(Pair3<'s>, Vec3, bool) -> R,
) -> Option<R> {
    let o = a.pose().position();
    let test = match (a, b) {
        (Shape3::Sphere(x), Shape3::Sphere(y)) => Pair3::SphereSphere(x, y),
        (
            Shape3::Point(_)
            | Shape3::Sphere(_)
            | Shape3::Segment(_)
            | Shape3::Capsule(_)
            | Shape3::Ray(_),
            Shape3::Point(_)
            | Shape3::Sphere(_)
            | Shape3::Segment(_)
            | Shape3::Capsule(_)
            | Shape3::Ray(_),
        ) => {
            // `None` (to GJK) for an unbounded ray.
            Pair3::SweptSwept(as_capsule(a, o)?, as_capsule(b, o)?)
        }
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Aabb(_)) => Pair3::BallBox {
            ball: a,
            boxed: b,
            turned: false,
        },
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Obb(_)) => Pair3::BallBox {
            ball: a,
            boxed: b,
            turned: true,
        },
        (Shape3::Aabb(_), Shape3::Aabb(_)) => Pair3::AabbAabb(a, b),
        (Shape3::Aabb(_) | Shape3::Obb(_), Shape3::Aabb(_) | Shape3::Obb(_)) => Pair3::BoxBox(a, b),
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Triangle(t)) => Pair3::BallTriangle(a, t),
        (Shape3::Triangle(t), Shape3::Aabb(_) | Shape3::Obb(_)) => Pair3::TriangleBox(t, b),
        (Shape3::Hull(x), Shape3::Hull(y)) => Pair3::HullHull(x, y),
        (Shape3::Aabb(_) | Shape3::Obb(_), Shape3::Hull(y)) => Pair3::BoxHull(a, y),
        (Shape3::Triangle(t), Shape3::Hull(y)) => Pair3::TriangleHull(t, y),
        (Shape3::Point(p), Shape3::Hull(h)) => Pair3::PointHull(p, h),
        (Shape3::Ray(r), Shape3::Aabb(_) | Shape3::Obb(_)) => Pair3::RayBox(r, b),
        // Every point pair has a test above.
        (
            Shape3::Segment(_)
            | Shape3::Ray(_)
            | Shape3::Sphere(_)
            | Shape3::Aabb(_)
            | Shape3::Obb(_)
            | Shape3::Capsule(_)
            | Shape3::Triangle(_)
            | Shape3::Hull(_),
            _,
        ) => return None,
    };
    Some(f(test, o, swapped))
}

/// A shape as a ball swept along a segment `(p, q, radius)`, when it is
/// one; points relative to `o`. Always inlined: out of line, its answer
/// went through the stack and was read back wider than it was written (a
/// store-forwarding stall), 4 ns of a capsule pair's `intersects`.
#[inline(always)]
pub(crate) fn as_capsule(s: &Shape3, o: Vec3) -> Option<(Vec3, Vec3, f32)> {
    let t = s.pose().position() - o;
    let x = s.pose().matrix().x_axis;
    match s {
        Shape3::Point(_) => Some((t, t, 0.0)),
        Shape3::Sphere(c) => Some((t, t, c.radius)),
        Shape3::Segment(g) => Some((t - x * g.half_length, t + x * g.half_length, 0.0)),
        Shape3::Capsule(c) => Some((t - x * c.half_length, t + x * c.half_length, c.radius)),
        Shape3::Ray(r) => r.length.map(|l| (t, t + x * l, 0.0)),
        Shape3::Aabb(_) | Shape3::Obb(_) | Shape3::Triangle(_) | Shape3::Hull(_) => None,
    }
}

/// A box's centre, axes (the columns) and half-extents.
pub(crate) type BoxFrame = (Vec3, Mat3, Vec3);

/// A sphere or point against a box, in either order: the ball's centre
/// and radius, the box as [`as_box`] gives it, and whether the box is A.
/// Points relative to `o`; `None` for any other pair.
#[inline(always)]
pub(crate) fn as_ball_box(a: &Shape3, b: &Shape3, o: Vec3) -> Option<(Vec3, f32, BoxFrame, bool)> {
    if let (Some((x, r)), Some(bx)) = (as_ball(a, o), as_box(b, o)) {
        return Some((x, r, bx, false));
    }
    let (bx, (x, r)) = (as_box(a, o)?, as_ball(b, o)?);
    Some((x, r, bx, true))
}

/// A box as `(centre, axes, half_extents)`, centre relative to `o`.
pub(crate) fn as_box(s: &Shape3, o: Vec3) -> Option<BoxFrame> {
    s.box_frame().map(|(c, m, h)| (c - o, m, h))
}

/// A ball `(centre, radius)`: a sphere or a point.
pub(crate) fn as_ball(s: &Shape3, o: Vec3) -> Option<(Vec3, f32)> {
    match s {
        Shape3::Point(p) => Some((p.position() - o, 0.0)),
        Shape3::Sphere(b) => Some((b.center() - o, b.radius)),
        Shape3::Segment(_)
        | Shape3::Ray(_)
        | Shape3::Aabb(_)
        | Shape3::Obb(_)
        | Shape3::Capsule(_)
        | Shape3::Triangle(_)
        | Shape3::Hull(_) => None,
    }
}
