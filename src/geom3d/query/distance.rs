//! Distance and closest points between any two 3D shapes.

use crate::common::Side;
use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::gjk::gjk;
use crate::geom3d::query::piece::{piece, Core, Piece};
use crate::geom3d::Shape3;
use glam::{DVec3, Vec3};

/// The distance between two shapes and a closest point on each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distance3 {
    /// Euclidean distance, world units; exactly 0 when the shapes intersect
    /// (touching within [`CONTACT_TOLERANCE`] included).
    pub distance: f32,
    /// Closest point on A, world. When the shapes overlap, a point they share.
    pub point_a: Vec3,
    /// Closest point on B, world. When the shapes overlap, a point they share.
    pub point_b: Vec3,
}

/// Distance between `a` and `b` with the closest points. Never allocates.
pub fn distance(a: &Shape3, b: &Shape3) -> Distance3 {
    let o = a.pose().position();
    let (pa, pb) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let mut d = piece_distance(&pa, &pb);
    if d.distance <= CONTACT_TOLERANCE {
        d.distance = 0.0;
    }
    Distance3 {
        point_a: d.point_a + o,
        point_b: d.point_b + o,
        ..d
    }
}

/// Distance between two pieces relative to their frame origin, not snapped
/// to 0 within the contact tolerance.
pub(crate) fn piece_distance(a: &Piece, b: &Piece) -> Distance3 {
    piece_distance_dir(a, b).0
}

/// [`piece_distance`] with the unit direction from A's core to B's core at
/// their nearest points, solved in f64 where GJK runs (`None` when the cores
/// touch or overlap, and for two unbounded rays, whose points are exact).
pub(crate) fn piece_distance_dir(a: &Piece, b: &Piece) -> (Distance3, Option<Vec3>) {
    match (&a.core, &b.core) {
        (
            Core::Ray {
                origin: o1,
                dir: d1,
            },
            Core::Ray {
                origin: o2,
                dir: d2,
            },
        ) => (ray_ray(*o1, *d1, *o2, *d2), None),
        (Core::Ray { origin, dir }, _) => {
            let seg = clip_ray(*origin, *dir, b, a);
            piece_distance_dir(&seg, b)
        }
        (_, Core::Ray { origin, dir }) => {
            let seg = clip_ray(*origin, *dir, a, b);
            piece_distance_dir(a, &seg)
        }
        (
            Core::Point(_)
            | Core::Segment(..)
            | Core::Box { .. }
            | Core::Triangle(_)
            | Core::Hull { .. },
            Core::Point(_)
            | Core::Segment(..)
            | Core::Box { .. }
            | Core::Triangle(_)
            | Core::Hull { .. },
        ) => bounded_distance(a, b),
    }
}

/// GJK on the cores, then the radii.
fn bounded_distance(a: &Piece, b: &Piece) -> (Distance3, Option<Vec3>) {
    let core = gjk(a, b);
    let dir = (core.distance > 0.0 && core.normal != Vec3::ZERO).then_some(core.normal);
    let (ra, rb) = (a.radius, b.radius);
    let d = core.distance;
    if d > ra + rb {
        let n = (core.point_b - core.point_a) / d;
        let found = Distance3 {
            distance: d - ra - rb,
            point_a: core.point_a + n * ra,
            point_b: core.point_b - n * rb,
        };
        return (found, dir);
    }
    // Overlap: a point within both rounded cores, between the core points.
    let w = if d > 0.0 {
        let n = (core.point_b - core.point_a) / d;
        let lo = (d - rb).max(0.0);
        let hi = ra.min(d);
        core.point_a + n * (0.5 * (lo + hi))
    } else {
        core.point_a
    };
    let found = Distance3 {
        distance: 0.0,
        point_a: w,
        point_b: w,
    };
    (found, dir)
}

/// The part of an unbounded ray that can be closest to a bounded piece: from
/// the origin to the farthest projection of the piece along the ray.
fn clip_ray<'a>(origin: Vec3, dir: Vec3, other: &Piece, ray: &Piece<'a>) -> Piece<'a> {
    let far = other.project(dir).max - origin.dot(dir);
    Piece {
        core: Core::Segment(origin, origin + dir * far.max(0.0)),
        ..*ray
    }
}

/// Distance between two unbounded rays: the lines' closest points when both
/// lie ahead of the origins, else an origin against the other ray.
fn ray_ray(o1: Vec3, d1: Vec3, o2: Vec3, d2: Vec3) -> Distance3 {
    let (p, u, q, v) = (o1.as_dvec3(), d1.as_dvec3(), o2.as_dvec3(), d2.as_dvec3());
    let r = p - q;
    let (a, b, e) = (u.dot(u), u.dot(v), v.dot(v));
    // a e − b² as |u × v|²: no cancellation for nearly parallel rays.
    let den = u.cross(v).length_squared();
    if den > 1e-18 {
        let (c, f) = (u.dot(r), v.dot(r));
        let s = (b * f - c * e) / den;
        let t = (a * f - b * c) / den;
        if s >= 0.0 && t >= 0.0 {
            let (x, y) = (p + u * s, q + v * t);
            return Distance3 {
                distance: (y - x).length() as f32,
                point_a: x.as_vec3(),
                point_b: y.as_vec3(),
            };
        }
    }
    let on = |o: DVec3, d: DVec3, x: DVec3| o + d * (x - o).dot(d).max(0.0);
    let (x1, x2) = (on(p, u, q), on(q, v, p));
    let (da, db) = ((q - x1).length(), (p - x2).length());
    if da <= db {
        Distance3 {
            distance: da as f32,
            point_a: x1.as_vec3(),
            point_b: o2,
        }
    } else {
        Distance3 {
            distance: db as f32,
            point_a: o1,
            point_b: x2.as_vec3(),
        }
    }
}
