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
use crate::geom3d::query::gjk::gjk_within;
use crate::geom3d::query::piece::piece;
use crate::geom3d::query::sat::{pieces_intersect, Side};
use crate::geom3d::shape::ConvexHull;
use crate::geom3d::Shape3;
use glam::{Mat3, Vec3};

/// True when the closed shapes `a` and `b` intersect (touching within
/// [`CONTACT_TOLERANCE`] counts).
pub fn intersects(a: &Shape3, b: &Shape3) -> bool {
    // Balls swept along segments (points, spheres, segments, capsules,
    // bounded rays) first: the commonest pairs of a game, and the cheapest.
    if let (Shape3::Sphere(x), Shape3::Sphere(y)) = (a, b) {
        return classic::sphere_sphere(Vec3::ZERO, x.radius, y.center() - x.center(), y.radius);
    }
    let o = a.pose().position();
    if let (Some((p1, q1, r1)), Some((p2, q2, r2))) = (as_capsule(a, o), as_capsule(b, o)) {
        let hit = match (p1 == q1, p2 == q2) {
            (true, true) => classic::sphere_sphere(p1, r1, p2, r2),
            (true, false) => classic::sphere_capsule(p1, r1, p2, q2, r2),
            (false, true) => classic::sphere_capsule(p2, r2, p1, q1, r1),
            (false, false) => classic::capsule_capsule(p1, q1, r1, p2, q2, r2),
        };
        // The closed forms compare squared lengths, which round apart from
        // the exact distance: within a hair of the tolerance the exact
        // distance decides, as on the SAT path, so `intersects`, `distance`
        // and the report agree there too.
        return if near_tolerance((p1, q1, r1), (p2, q2, r2)) {
            exact(a, b)
        } else {
            hit
        };
    }
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

/// GJK's distance within the tolerance (with early exits for bounded
/// pieces; an unbounded ray is clipped first). Kept out of line, as are the
/// other heavy tests, so that `fast` stays small: inlined, they made every
/// closed-form test an order of magnitude slower (measured: sphere–capsule
/// 83 ns against 6 ns).
#[inline(never)]
pub(crate) fn by_distance(a: &Shape3, b: &Shape3) -> bool {
    let o = a.pose().position();
    let (pa, pb) = (piece(a, Side::A, o), piece(b, Side::B, o));
    if a.is_bounded() && b.is_bounded() {
        if let Some(hit) = gjk_within(&pa, &pb, CONTACT_TOLERANCE + pa.radius + pb.radius) {
            return hit;
        }
    }
    piece_distance(&pa, &pb).distance <= CONTACT_TOLERANCE
}

/// True when the cores' distance minus both radii is within 1% of the
/// contact tolerance from it (1e-6 world units): where rounding decides.
fn near_tolerance((p1, q1, r1): (Vec3, Vec3, f32), (p2, q2, r2): (Vec3, Vec3, f32)) -> bool {
    let (x, y) = crate::geom3d::query::segment::closest_points_segments(p1, q1, p2, q2);
    let gap = (y - x).length() - (r1 + r2);
    (gap - CONTACT_TOLERANCE).abs() <= CONTACT_TOLERANCE * 1e-2
}

/// The verdict of the exact distance, as `distance` and the SAT report
/// decide it.
#[cold]
#[inline(never)]
fn exact(a: &Shape3, b: &Shape3) -> bool {
    let o = a.pose().position();
    piece_distance(&piece(a, Side::A, o), &piece(b, Side::B, o)).distance <= CONTACT_TOLERANCE
}

/// A shape as a ball swept along a segment `(p, q, radius)`, when it is
/// one; points relative to `o`.
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

/// A box as `(centre, axes, half_extents)`, centre relative to `o`.
pub(crate) fn as_box(s: &Shape3, o: Vec3) -> Option<(Vec3, Mat3, Vec3)> {
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

/// The closed-form test for `(a, b)`, if the pair has one. Only a
/// dispatch: each test is its own out-of-line function, which keeps this
/// one small (one large function holding every test made the cheapest
/// ones several times slower; measured, sphere–capsule 60–80 ns against
/// 6 ns for the closed form alone).
fn fast(a: &Shape3, b: &Shape3) -> Option<bool> {
    let o = a.pose().position();
    match (a, b) {
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Aabb(_) | Shape3::Obb(_)) => {
            ball_box(a, b, o)
        }
        (Shape3::Aabb(x), Shape3::Aabb(y)) => Some(classic::aabb_aabb(
            Vec3::ZERO,
            x.half_extents,
            y.center() - o,
            y.half_extents,
        )),
        (Shape3::Aabb(_) | Shape3::Obb(_), Shape3::Aabb(_) | Shape3::Obb(_)) => box_box(a, b, o),
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Triangle(t)) => ball_triangle(a, t, o),
        (Shape3::Triangle(t), Shape3::Aabb(_) | Shape3::Obb(_)) => triangle_box(t, b, o),
        (Shape3::Hull(x), Shape3::Hull(y)) => hulls(a, b, x, y, o),
        (Shape3::Point(p), Shape3::Hull(h)) => Some(point_in_hull(p.position() - o, h, o)),
        _ => None,
    }
}

#[inline(never)]
fn ball_box(a: &Shape3, b: &Shape3, o: Vec3) -> Option<bool> {
    let (c, r) = as_ball(a, o)?;
    Some(match b {
        Shape3::Aabb(bx) => classic::sphere_aabb(c, r, bx.center() - o, bx.half_extents),
        Shape3::Point(_)
        | Shape3::Segment(_)
        | Shape3::Ray(_)
        | Shape3::Sphere(_)
        | Shape3::Obb(_)
        | Shape3::Capsule(_)
        | Shape3::Triangle(_)
        | Shape3::Hull(_) => {
            let (bc, m, h) = as_box(b, o)?;
            classic::sphere_obb(c, r, bc, m, h)
        }
    })
}

#[inline(never)]
fn box_box(a: &Shape3, b: &Shape3, o: Vec3) -> Option<bool> {
    let ((c1, m1, h1), (c2, m2, h2)) = (as_box(a, o)?, as_box(b, o)?);
    Some(classic::obb_obb(c1, m1, h1, c2, m2, h2))
}

#[inline(never)]
fn ball_triangle(a: &Shape3, t: &crate::geom3d::Triangle3, o: Vec3) -> Option<bool> {
    let (c, r) = as_ball(a, o)?;
    let v = t.vertices().map(|p| p - o);
    Some(classic::sphere_triangle(c, r, v[0], v[1], v[2]))
}

/// Triangle–box in the box's frame.
#[inline(never)]
fn triangle_box(t: &crate::geom3d::Triangle3, b: &Shape3, o: Vec3) -> Option<bool> {
    let (c, m, h) = as_box(b, o)?;
    let v = t.vertices().map(|p| m.transpose() * (p - o - c));
    Some(classic::triangle_aabb(v, Vec3::ZERO, h))
}

#[inline(never)]
fn hulls(
    a: &Shape3,
    b: &Shape3,
    x: &crate::geom3d::Hull3,
    y: &crate::geom3d::Hull3,
    o: Vec3,
) -> Option<bool> {
    if x.hull.flat || y.hull.flat {
        return None;
    }
    let (ta, tb) = (x.pose.position() - o, y.pose.position() - o);
    Some(
        hull_hull(&x.hull, ta, x.pose.matrix(), &y.hull, tb, y.pose.matrix())
            .unwrap_or_else(|| by_distance(a, b)),
    )
}

#[inline(never)]
fn point_in_hull(p: Vec3, h: &crate::geom3d::Hull3, o: Vec3) -> bool {
    classic::point_in_hull(p, &h.hull, h.pose.position() - o, h.pose.matrix())
}

/// Two solid hulls decided without GJK when it is easy: bounding spheres
/// (about the centroids) apart by more than the tolerance, or either
/// centroid (inside its hull) inside the other hull (on the inner side of
/// every face plane). `None` when neither decides.
#[inline(never)]
fn hull_hull(
    a: &ConvexHull,
    ta: Vec3,
    ma: Mat3,
    b: &ConvexHull,
    tb: Vec3,
    mb: Mat3,
) -> Option<bool> {
    let ca = ta + ma * a.centroid;
    let cb = tb + mb * b.centroid;
    let reach = a.radius + b.radius + CONTACT_TOLERANCE;
    if (cb - ca).length_squared() > reach * reach {
        return Some(false);
    }
    let inside = |h: &ConvexHull, t: Vec3, m: Mat3, p: Vec3| {
        let local = m.transpose() * (p - t);
        h.faces.iter().all(|f| f.normal.dot(local) <= f.offset)
    };
    (inside(a, ta, ma, cb) || inside(b, tb, mb, ca)).then_some(true)
}
