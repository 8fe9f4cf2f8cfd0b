//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (see [`crate::geom3d::classic`]) take it; every
//! other pair asks GJK for the distance of the pieces, which for the hulls
//! and rounded shapes left over is faster than a SAT search over all face
//! and edge axes and gives the same verdict (`intersects ⇔ distance ≤
//! CONTACT_TOLERANCE`; the tests prove SAT, GJK and the closed forms agree).
//! Positions are taken relative to A's, so large coordinates keep their
//! precision. Never allocates.

use crate::geom::CONTACT_TOLERANCE;
use crate::geom3d::classic;
use crate::geom3d::query::distance::piece_distance;
use crate::geom3d::query::piece::piece;
use crate::geom3d::query::sat::{pieces_intersect, Side};
use crate::geom3d::Shape3;
use glam::{Mat3, Vec3};

/// True when the closed shapes `a` and `b` intersect (touching within
/// [`CONTACT_TOLERANCE`] counts).
pub fn intersects(a: &Shape3, b: &Shape3) -> bool {
    if let Some(r) = fast(a, b) {
        return r;
    }
    if let Some(r) = fast(b, a) {
        return r;
    }
    by_distance(a, b)
}

/// The SAT search alone (early exit at the first separating axis; GJK in
/// the contact band), for any pair: the same verdict as [`intersects`],
/// which takes faster routes where it can.
pub fn sat_intersects(a: &Shape3, b: &Shape3) -> bool {
    let o = a.pose().position();
    pieces_intersect(&piece(a, Side::A, o), &piece(b, Side::B, o))
}

/// GJK's distance within the tolerance.
pub(crate) fn by_distance(a: &Shape3, b: &Shape3) -> bool {
    let o = a.pose().position();
    piece_distance(&piece(a, Side::A, o), &piece(b, Side::B, o)).distance <= CONTACT_TOLERANCE
}

/// A shape as a ball swept along a segment `(p, q, radius)`, when it is
/// one; points relative to `o`.
fn as_capsule(s: &Shape3, o: Vec3) -> Option<(Vec3, Vec3, f32)> {
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

/// A box as `(centre, axes, half_extents)`, centre relative to `o`.
fn as_box(s: &Shape3, o: Vec3) -> Option<(Vec3, Mat3, Vec3)> {
    match s {
        Shape3::Aabb(b) => Some((b.center() - o, Mat3::IDENTITY, b.half_extents)),
        Shape3::Obb(b) => Some((b.center() - o, b.pose.matrix(), b.half_extents)),
        Shape3::Point(_)
        | Shape3::Segment(_)
        | Shape3::Ray(_)
        | Shape3::Sphere(_)
        | Shape3::Capsule(_)
        | Shape3::Triangle(_)
        | Shape3::Hull(_) => None,
    }
}

/// A ball `(centre, radius)`: a sphere or a point.
fn as_ball(s: &Shape3, o: Vec3) -> Option<(Vec3, f32)> {
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

/// The closed-form test for `(a, b)`, if the pair has one.
fn fast(a: &Shape3, b: &Shape3) -> Option<bool> {
    let o = a.pose().position();
    Some(match (a, b) {
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Point(_) | Shape3::Sphere(_)) => {
            let ((c1, r1), (c2, r2)) = (as_ball(a, o)?, as_ball(b, o)?);
            classic::sphere_sphere(c1, r1, c2, r2)
        }
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Aabb(bx)) => {
            let (c, r) = as_ball(a, o)?;
            classic::sphere_aabb(c, r, bx.center() - o, bx.half_extents)
        }
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Obb(bx)) => {
            let (c, r) = as_ball(a, o)?;
            classic::sphere_obb(c, r, bx.center() - o, bx.pose.matrix(), bx.half_extents)
        }
        (Shape3::Aabb(x), Shape3::Aabb(y)) => {
            classic::aabb_aabb(Vec3::ZERO, x.half_extents, y.center() - o, y.half_extents)
        }
        (Shape3::Aabb(_) | Shape3::Obb(_), Shape3::Aabb(_) | Shape3::Obb(_)) => {
            let ((c1, m1, h1), (c2, m2, h2)) = (as_box(a, o)?, as_box(b, o)?);
            classic::obb_obb(c1, m1, h1, c2, m2, h2)
        }
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Triangle(t)) => {
            let (c, r) = as_ball(a, o)?;
            let v = t.vertices().map(|p| p - o);
            classic::sphere_triangle(c, r, v[0], v[1], v[2])
        }
        (Shape3::Triangle(t), Shape3::Aabb(_) | Shape3::Obb(_)) => {
            // In the box's frame.
            let (c, m, h) = as_box(b, o)?;
            let v = t.vertices().map(|p| m.transpose() * (p - o - c));
            classic::triangle_aabb(v, Vec3::ZERO, h)
        }
        (Shape3::Point(p), Shape3::Hull(h)) => classic::point_in_hull(
            p.position() - o,
            &h.hull,
            h.pose.position() - o,
            h.pose.matrix(),
        ),
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
            let ((p1, q1, r1), (p2, q2, r2)) = (as_capsule(a, o)?, as_capsule(b, o)?);
            if p1 == q1 {
                classic::sphere_capsule(p1, r1, p2, q2, r2)
            } else {
                classic::capsule_capsule(p1, q1, r1, p2, q2, r2)
            }
        }
        _ => return None,
    })
}
