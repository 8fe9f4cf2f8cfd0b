//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (see [`crate::geom::classic`]) take it; every
//! other pair goes through the SAT search on convex pieces. All paths count
//! touching within [`crate::geom::CONTACT_TOLERANCE`] as intersecting and
//! agree with [`crate::geom::distance`] (`intersects ⇔ distance == 0`).

use crate::geom::classic::{self, PolygonRef};
use crate::geom::pose::unrotate;
use crate::geom::query::piece::pieces;
use crate::geom::query::sat::{pieces_intersect, Side};
use crate::geom::query::segment::closest_points_segments;
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};

/// True when the closed shapes `a` and `b` intersect (touching counts).
/// Never allocates.
pub fn intersects(a: &Shape, b: &Shape) -> bool {
    if let Some(r) = fast(a, b) {
        return r;
    }
    if let Some(r) = fast(b, a) {
        return r;
    }
    general(a, b)
}

/// The SAT search on convex pieces, for any pair.
pub(crate) fn general(a: &Shape, b: &Shape) -> bool {
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let r = pa.iter().any(|p| pb.iter().any(|q| pieces_intersect(p, q)));
    r
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

/// A shape as a disc swept along a segment `(p, q, radius)`, when it is one.
fn as_capsule(s: &Shape) -> Option<(Vec2, Vec2, f32)> {
    match s {
        Shape::Point(p) => Some((p.position(), p.position(), 0.0)),
        Shape::Circle(c) => Some((c.center(), c.center(), c.radius)),
        Shape::Segment(g) => {
            let (p, q) = g.endpoints();
            Some((p, q, 0.0))
        }
        Shape::Capsule(c) => {
            let (p, q) = c.endpoints();
            Some((p, q, c.radius))
        }
        Shape::Ray(r) => r
            .length
            .map(|l| (r.origin(), r.origin() + r.direction() * l, 0.0)),
        _ => None,
    }
}

/// A box as `(centre, rot, half_extents)`.
fn as_box(s: &Shape) -> Option<(Vec2, Vec2, Vec2)> {
    match s {
        Shape::Aabb(b) => Some((b.center(), Vec2::X, b.half_extents)),
        Shape::Obb(b) => Some((b.center(), b.pose.rot(), b.half_extents)),
        _ => None,
    }
}

fn fast(a: &Shape, b: &Shape) -> Option<bool> {
    let tol = CONTACT_TOLERANCE;
    Some(match (a, b) {
        (Shape::Circle(c1), Shape::Circle(c2)) => {
            classic::disc_disc(c1.center(), c1.radius, c2.center(), c2.radius)
        }
        (Shape::Aabb(b1), Shape::Aabb(b2)) => {
            classic::aabb_aabb(b1.center(), b1.half_extents, b2.center(), b2.half_extents)
        }
        (Shape::Circle(c), Shape::Aabb(b)) => {
            classic::disc_aabb(c.center(), c.radius, b.center(), b.half_extents)
        }
        (Shape::Circle(c), Shape::Obb(b)) => classic::disc_obb(
            c.center(),
            c.radius,
            b.center(),
            b.pose.rot(),
            b.half_extents,
        ),
        (Shape::Point(p), Shape::Aabb(b)) => {
            classic::disc_aabb(p.position(), 0.0, b.center(), b.half_extents)
        }
        (Shape::Point(p), Shape::Obb(b)) => {
            classic::disc_obb(p.position(), 0.0, b.center(), b.pose.rot(), b.half_extents)
        }
        (Shape::Circle(c), Shape::Polygon(p)) => classic::disc_polygon(
            c.center(),
            c.radius,
            p.pose.position(),
            p.pose.rot(),
            &p.vertices,
            &p.normals,
        ),
        (Shape::Point(q), Shape::Polygon(p)) => classic::disc_polygon(
            q.position(),
            0.0,
            p.pose.position(),
            p.pose.rot(),
            &p.vertices,
            &p.normals,
        ),
        (Shape::Sector(s), Shape::Circle(c)) => {
            classic::sector_disc(s.apex(), s.facing(), s.half, s.radius, c.center(), c.radius)
        }
        (Shape::Sector(s), Shape::Point(p)) => {
            classic::sector_disc(s.apex(), s.facing(), s.half, s.radius, p.position(), 0.0)
        }
        (Shape::Aabb(_) | Shape::Obb(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            let ((c1, r1, h1), (c2, r2, h2)) = (as_box(a)?, as_box(b)?);
            classic::obb_obb(c1, r1, h1, c2, r2, h2)
        }
        (Shape::Aabb(_) | Shape::Obb(_) | Shape::Polygon(_), Shape::Polygon(p)) => {
            let (v, pr);
            let pa = if let Shape::Polygon(q) = a {
                PolygonRef {
                    t: q.pose.position(),
                    rot: q.pose.rot(),
                    verts: &q.vertices,
                    normals: &q.normals,
                }
            } else {
                let (c, rot, h) = as_box(a)?;
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
                t: p.pose.position(),
                rot: p.pose.rot(),
                verts: &p.vertices,
                normals: &p.normals,
            };
            classic::polygon_polygon(&pa, &pb)
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
            let ((p1, q1, r1), (p2, q2, r2)) = (as_capsule(a)?, as_capsule(b)?);
            if p1 == q1 {
                classic::disc_capsule(p1, r1, p2, q2, r2)
            } else {
                let (x, y) = closest_points_segments(p1, q1, p2, q2);
                let r = r1 + r2 + tol;
                (y - x).length_squared() <= r * r
            }
        }
        (Shape::Segment(_) | Shape::Capsule(_), Shape::Aabb(_) | Shape::Obb(_)) => {
            let (p, q, r) = as_capsule(a)?;
            let (c, rot, h) = as_box(b)?;
            let rr = r + tol;
            classic::segment_box_sq_distance(unrotate(rot, p - c), unrotate(rot, q - c), h)
                <= rr * rr
        }
        _ => return None,
    })
}
