//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (see [`crate::geom3d::classic`]) take it; every
//! other pair asks GJK for the distance of the pieces, which for the hulls
//! and rounded shapes left over is faster than a SAT search over all face
//! and edge axes and gives the same verdict (`intersects ⇔ distance ≤
//! CONTACT_TOLERANCE`; the tests prove SAT, GJK and the closed forms agree).
//! Positions are taken relative to A's, so large coordinates keep their
//! precision. Never allocates.
//!
//! **One answer** (issue 25). A closed form decides only where its
//! number clears the contact tolerance by the rounding of the pair's
//! magnitude ([`crate::geom3d::query::sat`]'s precision policy); within
//! that hair it returns `Fast::Band` and the exact distance decides,
//! computed exactly as `distance` computes it (same pieces, same frame
//! origin, A before B), so `intersects`, `distance`, `penetration` and the
//! SAT report agree on every pair.

use crate::common::Side;
use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::classic;
use crate::geom3d::query::classic::obb_obb_decided;
use crate::geom3d::query::distance::piece_distance;
use crate::geom3d::query::gjk::gjk_within;
use crate::geom3d::query::piece::piece;
use crate::geom3d::query::sat::{pieces_intersect, rounding};
use crate::geom3d::shape::ConvexHull;
use crate::geom3d::Shape3;
use glam::{Mat3, Vec3};

/// True when the closed shapes `a` and `b` intersect (touching within
/// [`CONTACT_TOLERANCE`] counts).
pub fn intersects(a: &Shape3, b: &Shape3) -> bool {
    match closed_form(a, b) {
        Fast::Decided(hit) => hit,
        Fast::Band => exact(a, b),
        Fast::NoForm => by_distance(a, b),
    }
}

/// What a closed-form test said.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Fast {
    /// The pair has no closed form.
    NoForm,
    /// Decided, clear of the tolerance by more than the rounding.
    Decided(bool),
    /// Within the rounding of the tolerance: the exact distance decides.
    Band,
}

/// The closed forms in order: balls swept along segments, then the table
/// for `(a, b)`, then for `(b, a)`.
fn closed_form(a: &Shape3, b: &Shape3) -> Fast {
    // Balls swept along segments (points, spheres, segments, capsules,
    // bounded rays) first: the commonest pairs of a game, and the cheapest.
    if let (Shape3::Sphere(x), Shape3::Sphere(y)) = (a, b) {
        let d = (y.center() - x.center()).length() - (x.radius + y.radius);
        let m = (y.center() - x.center()).length() + x.radius + y.radius;
        return by_distance_to(d, m);
    }
    let o = a.pose().position();
    if let (Some(x), Some(y)) = (as_capsule(a, o), as_capsule(b, o)) {
        return capsules(x, y);
    }
    match fast(a, b) {
        Fast::NoForm => fast(b, a),
        f @ (Fast::Decided(_) | Fast::Band) => f,
    }
}

/// Two balls swept along segments: their cores' distance minus the radii.
fn capsules((p1, q1, r1): (Vec3, Vec3, f32), (p2, q2, r2): (Vec3, Vec3, f32)) -> Fast {
    let (x, y) = crate::geom3d::query::segment::closest_points_segments(p1, q1, p2, q2);
    let m = p1.length().max(q1.length()) + p2.length().max(q2.length()) + r1 + r2;
    by_distance_to((y - x).length() - (r1 + r2), m)
}

/// The verdict from a distance `d` (negative: a depth) computed for pieces
/// of magnitude `m`: decided unless `d` is within the rounding of the
/// contact tolerance.
#[inline]
fn by_distance_to(d: f32, m: f32) -> Fast {
    let r = rounding(m);
    if d > CONTACT_TOLERANCE + r {
        Fast::Decided(false)
    } else if d < CONTACT_TOLERANCE - r {
        Fast::Decided(true)
    } else {
        Fast::Band
    }
}

/// The verdict from a lower bound `g` of the distance (a SAT gap, a face
/// plane's distance), positive = apart: it separates above the tolerance
/// plus the rounding, overlaps below minus the rounding.
#[inline]
fn by_lower_bound(g: f32, m: f32) -> Fast {
    let r = rounding(m);
    if g > CONTACT_TOLERANCE + r {
        Fast::Decided(false)
    } else if g < -r {
        Fast::Decided(true)
    } else {
        Fast::Band
    }
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
fn fast(a: &Shape3, b: &Shape3) -> Fast {
    let o = a.pose().position();
    match (a, b) {
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Aabb(_) | Shape3::Obb(_)) => {
            ball_box(a, b, o)
        }
        (Shape3::Aabb(_) | Shape3::Obb(_), Shape3::Aabb(_) | Shape3::Obb(_)) => box_box(a, b, o),
        (Shape3::Point(_) | Shape3::Sphere(_), Shape3::Triangle(t)) => ball_triangle(a, t, o),
        (Shape3::Triangle(t), Shape3::Aabb(_) | Shape3::Obb(_)) => triangle_box(t, b, o),
        (Shape3::Hull(x), Shape3::Hull(y)) => hulls(a, b, x, y, o),
        (Shape3::Point(p), Shape3::Hull(h)) => point_in_hull(p.position() - o, h, o),
        _ => Fast::NoForm,
    }
}

/// A ball against a box, in the box's frame: the signed distance from the
/// ball's centre to the box (negative inside: minus the depth of the
/// nearest face), less the radius.
#[inline(never)]
fn ball_box(a: &Shape3, b: &Shape3, o: Vec3) -> Fast {
    let (Some((c, r)), Some((bc, m, h))) = (as_ball(a, o), as_box(b, o)) else {
        return Fast::NoForm;
    };
    let local = m.transpose() * (c - bc);
    let outside = local.abs() - h;
    let d = if outside.max_element() > 0.0 {
        outside.max(Vec3::ZERO).length()
    } else {
        outside.max_element()
    };
    by_distance_to(d - r, c.length() + r + bc.length() + h.element_sum())
}

#[inline(never)]
fn box_box(a: &Shape3, b: &Shape3, o: Vec3) -> Fast {
    let (Some((c1, m1, h1)), Some((c2, m2, h2))) = (as_box(a, o), as_box(b, o)) else {
        return Fast::NoForm;
    };
    match (a, b) {
        (Shape3::Aabb(_), Shape3::Aabb(_)) => {
            // Per axis, the gap of the two intervals; the distance is the
            // length of the positive ones, the depth the least negative one.
            let gaps = (c2 - c1).abs() - (h1 + h2);
            let d = if gaps.max_element() > 0.0 {
                gaps.max(Vec3::ZERO).length()
            } else {
                gaps.max_element()
            };
            by_distance_to(
                d,
                c1.length() + c2.length() + h1.element_sum() + h2.element_sum(),
            )
        }
        _ => match obb_obb_decided(c1, m1, h1, c2, m2, h2) {
            Some(hit) => Fast::Decided(hit),
            None => Fast::Band,
        },
    }
}

#[inline(never)]
fn ball_triangle(a: &Shape3, t: &crate::geom3d::Triangle3, o: Vec3) -> Fast {
    let Some((c, r)) = as_ball(a, o) else {
        return Fast::NoForm;
    };
    let v = t.vertices().map(|p| p - o);
    // In f64 about the centre: the nearest point itself would round by the
    // triangle's reach.
    let rel = v.map(|p| p.as_dvec3() - c.as_dvec3());
    let d = crate::geom3d::query::segment::nearest_on_triangle(rel)
        .1
        .length() as f32;
    let m = c.length() + r + v.iter().map(|p| p.length()).fold(0.0, f32::max);
    by_distance_to(d - r, m)
}

/// Triangle–box in the box's frame: the 13 SAT axes' largest gap.
#[inline(never)]
fn triangle_box(t: &crate::geom3d::Triangle3, b: &Shape3, o: Vec3) -> Fast {
    let Some((c, m, h)) = as_box(b, o) else {
        return Fast::NoForm;
    };
    let v = t.vertices().map(|p| m.transpose() * (p - o - c));
    let g = classic::triangle_aabb_max_gap(v, Vec3::ZERO, h);
    let reach = v.iter().map(|p| p.length()).fold(0.0, f32::max);
    by_lower_bound(g, c.length() + reach + h.element_sum())
}

#[inline(never)]
fn hulls(
    a: &Shape3,
    b: &Shape3,
    x: &crate::geom3d::Hull3,
    y: &crate::geom3d::Hull3,
    o: Vec3,
) -> Fast {
    if x.hull.flat || y.hull.flat {
        return Fast::NoForm;
    }
    let (ta, tb) = (x.pose.position() - o, y.pose.position() - o);
    match hull_hull(&x.hull, ta, x.pose.matrix(), &y.hull, tb, y.pose.matrix()) {
        Some(hit) => Fast::Decided(hit),
        None => Fast::Decided(by_distance(a, b)),
    }
}

/// A point against a solid hull: the largest face-plane distance, a lower
/// bound of the distance (exact across a face). A flat hull has no inside.
#[inline(never)]
fn point_in_hull(p: Vec3, h: &crate::geom3d::Hull3, o: Vec3) -> Fast {
    if h.hull.flat || h.hull.faces.is_empty() {
        return Fast::NoForm;
    }
    let t = h.pose.position() - o;
    let local = h.pose.matrix().transpose() * (p - t);
    let g = h
        .hull
        .faces
        .iter()
        .map(|f| f.normal.dot(local) - f.offset)
        .fold(f32::NEG_INFINITY, f32::max);
    let m = p.length() + t.length() + h.hull.centroid.length() + h.hull.radius;
    match by_lower_bound(g, m) {
        // Outside a face by less than the tolerance, the corner regions
        // can still put the point farther: the exact distance decides.
        Fast::Decided(true) => Fast::Decided(true),
        Fast::Decided(false) => Fast::Decided(false),
        Fast::NoForm | Fast::Band => Fast::Band,
    }
}

/// Two solid hulls decided without GJK when it is easy: bounding spheres
/// (about the centroids) apart by more than the tolerance and the
/// rounding, or either centroid (inside its hull) inside the other hull by
/// more than the rounding (on the inner side of every face plane). `None`
/// when neither decides.
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
    let r = rounding(ca.length() + cb.length() + a.radius + b.radius);
    let reach = a.radius + b.radius + CONTACT_TOLERANCE + r;
    if (cb - ca).length_squared() > reach * reach {
        return Some(false);
    }
    let inside = |h: &ConvexHull, t: Vec3, m: Mat3, p: Vec3| {
        let local = m.transpose() * (p - t);
        h.faces.iter().all(|f| f.normal.dot(local) <= f.offset - r)
    };
    (inside(a, ta, ma, cb) || inside(b, tb, mb, ca)).then_some(true)
}
