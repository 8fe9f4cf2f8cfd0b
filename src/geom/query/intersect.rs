//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (see [`crate::geom::classic`]) take it; every
//! other pair goes through the SAT search on convex pieces. All paths count
//! touching within [`crate::geom::CONTACT_TOLERANCE`] as intersecting and
//! agree with [`crate::geom::distance`] (`intersects ⇔ distance == 0`).

use crate::geom::classic::{self, PolygonRef};
use crate::geom::pose::unrotate;
use crate::geom::query::piece::pieces;
use crate::geom::query::sat::{pieces_intersect_path, Side};
use crate::geom::query::segment::closest_points_segments;
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};

/// True when the closed shapes `a` and `b` intersect (touching counts).
/// Never allocates.
pub fn intersects(a: &Shape, b: &Shape) -> bool {
    decide(a, b).0
}

/// Which path of [`intersects`] answered for `(a, b)`, in words: a closed
/// form, the circle pretest of polygon pairs, SAT on convex pieces, or the
/// exact distance in SAT's uncertain band. For the benches' counts.
#[doc(hidden)]
pub fn decided_by(a: &Shape, b: &Shape) -> &'static str {
    decide(a, b).1
}

/// The verdict and the path that gave it.
#[inline(always)]
fn decide(a: &Shape, b: &Shape) -> (bool, &'static str) {
    if let (Shape::Circle(x), Shape::Circle(y)) = (a, b) {
        // Circle–circle: the whole test is a few flops, so the dispatch
        // below would cost more than it.
        let d = y.pose.position() - x.pose.position();
        return (
            classic::disc_disc(Vec2::ZERO, x.radius, d, y.radius),
            CLOSED_FORM,
        );
    }
    if let (Shape::Obb(x), Shape::Obb(y)) = (a, b) {
        // Box–box before `fast`'s general set-up: the call `fast` would
        // make (relative to A's position) without its two dispatches.
        let r = classic::obb_obb(
            Vec2::ZERO,
            x.pose.rot(),
            x.half_extents,
            y.pose.position() - x.pose.position(),
            y.pose.rot(),
            y.half_extents,
        );
        return (r, CLOSED_FORM);
    }
    if let Some(r) = fast(a, b) {
        return r;
    }
    if let Some(r) = fast(b, a) {
        return r;
    }
    general_path(a, b)
}

/// [`decided_by`]'s words.
const CLOSED_FORM: &str = "closed form";
const SAT: &str = "SAT on pieces";
const SAT_BAND: &str = "SAT, then the exact distance in the band";

/// The SAT search on convex pieces, for any pair.
fn general_path(a: &Shape, b: &Shape) -> (bool, &'static str) {
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let mut band = false;
    for p in pa.iter() {
        for q in pb.iter() {
            let (hit, in_band) = pieces_intersect_path(p, q);
            band |= in_band;
            if hit {
                return (true, if band { SAT_BAND } else { SAT });
            }
        }
    }
    (false, if band { SAT_BAND } else { SAT })
}

const BOX_NORMALS: [Vec2; 4] = [
    Vec2::new(0.0, -1.0),
    Vec2::new(1.0, 0.0),
    Vec2::new(0.0, 1.0),
    Vec2::new(-1.0, 0.0),
];

fn box_verts(h: Vec2) -> [Vec2; 4] {
    [
        Vec2::new(-h.x, -h.y),
        Vec2::new(h.x, -h.y),
        Vec2::new(h.x, h.y),
        Vec2::new(-h.x, h.y),
    ]
}

/// A shape as a disc swept along a segment `(p, q, radius)`, when it is one;
/// points relative to the frame origin `o`.
fn as_capsule(s: &Shape, o: Vec2) -> Option<(Vec2, Vec2, f32)> {
    let pose = s.pose();
    let t = pose.position() - o;
    let h = |len: f32| pose.rot() * len;
    match s {
        Shape::Point(_) => Some((t, t, 0.0)),
        Shape::Circle(c) => Some((t, t, c.radius)),
        Shape::Segment(g) => Some((t - h(g.half_length), t + h(g.half_length), 0.0)),
        Shape::Capsule(c) => Some((t - h(c.half_length), t + h(c.half_length), c.radius)),
        Shape::Ray(r) => r.length.map(|l| (t, t + h(l), 0.0)),
        _ => None,
    }
}

/// A box as `(centre, rot, half_extents)`, centre relative to `o`.
fn as_box(s: &Shape, o: Vec2) -> Option<(Vec2, Vec2, Vec2)> {
    match s {
        Shape::Aabb(b) => Some((b.center() - o, Vec2::X, b.half_extents)),
        Shape::Obb(b) => Some((b.center() - o, b.pose.rot(), b.half_extents)),
        _ => None,
    }
}

/// The closed-form test for `(a, b)`, if the pair has one, and the path's
/// name. Positions are taken relative to A's, so large coordinates keep
/// their precision.
#[inline(always)]
fn fast(a: &Shape, b: &Shape) -> Option<(bool, &'static str)> {
    let tol = CONTACT_TOLERANCE;
    let o = a.pose().position();
    // A sits at the frame origin; B relative to it.
    let (pa, pb) = (Vec2::ZERO, b.pose().position() - o);
    let r = match (a, b) {
        (Shape::Circle(c1), Shape::Circle(c2)) => classic::disc_disc(pa, c1.radius, pb, c2.radius),
        (Shape::Aabb(b1), Shape::Aabb(b2)) => {
            classic::aabb_aabb(pa, b1.half_extents, pb, b2.half_extents)
        }
        (Shape::Circle(c), Shape::Aabb(b)) => classic::disc_aabb(pa, c.radius, pb, b.half_extents),
        (Shape::Circle(c), Shape::Obb(b)) => {
            classic::disc_obb(pa, c.radius, pb, b.pose.rot(), b.half_extents)
        }
        (Shape::Point(_), Shape::Aabb(b)) => classic::disc_aabb(pa, 0.0, pb, b.half_extents),
        (Shape::Point(_), Shape::Obb(b)) => {
            classic::disc_obb(pa, 0.0, pb, b.pose.rot(), b.half_extents)
        }
        (Shape::Circle(c), Shape::Polygon(p)) => {
            classic::disc_polygon(pa, c.radius, pb, p.pose.rot(), &p.vertices, &p.normals)
        }
        (Shape::Point(_), Shape::Polygon(p)) => {
            classic::disc_polygon(pa, 0.0, pb, p.pose.rot(), &p.vertices, &p.normals)
        }
        (Shape::Sector(s), Shape::Circle(c)) => {
            classic::sector_disc(pa, s.facing(), s.half, s.radius, pb, c.radius)
        }
        (Shape::Sector(s), Shape::Point(_)) => {
            classic::sector_disc(pa, s.facing(), s.half, s.radius, pb, 0.0)
        }
        (Shape::Aabb(_) | Shape::Obb(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            let ((c1, r1, h1), (c2, r2, h2)) = (as_box(a, o)?, as_box(b, o)?);
            classic::obb_obb(c1, r1, h1, c2, r2, h2)
        }
        (Shape::Aabb(_) | Shape::Obb(_) | Shape::Polygon(_), Shape::Polygon(p)) => {
            let (v, pr);
            let pa = if let Shape::Polygon(q) = a {
                PolygonRef {
                    t: pa,
                    rot: q.pose.rot(),
                    verts: &q.vertices,
                    normals: &q.normals,
                }
            } else {
                let (c, rot, h) = as_box(a, o)?;
                v = box_verts(h);
                pr = PolygonRef {
                    t: c,
                    rot,
                    verts: &v,
                    normals: &BOX_NORMALS,
                };
                pr
            };
            let pb = PolygonRef {
                t: pb,
                rot: p.pose.rot(),
                verts: &p.vertices,
                normals: &p.normals,
            };
            return Some(classic::polygon_polygon_path(&pa, &pb));
        }
        (Shape::Segment(_) | Shape::Capsule(_) | Shape::Ray(_), Shape::Polygon(p)) => {
            // `None` (to the general path) for an unbounded ray.
            let (p1, q1, r1) = as_capsule(a, o)?;
            classic::capsule_polygon(p1, q1, r1, pb, p.pose.rot(), &p.vertices, &p.normals)
        }
        // Discs swept along segments: points, circles, segments, capsules, bounded rays.
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
            let ((p1, q1, r1), (p2, q2, r2)) = (as_capsule(a, o)?, as_capsule(b, o)?);
            if p1 == q1 {
                classic::disc_capsule(p1, r1, p2, q2, r2)
            } else if p2 == q2 {
                classic::disc_capsule(p2, r2, p1, q1, r1)
            } else {
                let (x, y) = closest_points_segments(p1, q1, p2, q2);
                let r = r1 + r2 + tol;
                (y - x).length_squared() <= r * r
            }
        }
        (Shape::Segment(_) | Shape::Capsule(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            let (p, q, r) = as_capsule(a, o)?;
            let (c, rot, h) = as_box(b, o)?;
            let rr = r + tol;
            classic::segment_box_sq_distance(unrotate(rot, p - c), unrotate(rot, q - c), h)
                <= rr * rr
        }
        _ => return None,
    };
    Some((r, CLOSED_FORM))
}
