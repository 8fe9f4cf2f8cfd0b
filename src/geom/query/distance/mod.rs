//! Distance and closest points between any two shapes.

mod epa;
mod gjk;
pub mod trace;

pub use epa::{epa, epa_traced, gjk_traced, EpaPenetration};

use crate::common::Side;
use crate::geom::query::outline::{outline_reach, outlines};
use crate::geom::query::parallel;
use crate::geom::query::piece::{pieces, Geom, Piece, Verts};
use crate::geom::query::segment::closest_points_segments;
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};

/// The distance between two shapes and a closest point on each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distance {
    /// Euclidean distance, world units; exactly 0 when the shapes intersect
    /// (touching within [`CONTACT_TOLERANCE`] included).
    pub distance: f32,
    /// Closest point on A, world. When the shapes overlap, a point they share.
    pub point_a: Vec2,
    /// Closest point on B, world. When the shapes overlap, a point they share.
    pub point_b: Vec2,
}

impl Distance {
    fn shifted(self, o: Vec2) -> Distance {
        Distance {
            point_a: self.point_a + o,
            point_b: self.point_b + o,
            ..self
        }
    }
    fn swapped(self) -> Distance {
        Distance {
            point_a: self.point_b,
            point_b: self.point_a,
            ..self
        }
    }
}

/// Distance between `a` and `b` with the closest points. Never allocates.
pub fn distance(a: &Shape, b: &Shape) -> Distance {
    // Two boxes or polygons: GJK in the frame of the one that reaches
    // farther from its position, on their stored vertices: its vertices
    // are then exact (a box 1e6 long, turned into the other's frame,
    // rounds its corners by 0.06), the other's round only by its own,
    // smaller, size and place. The reaches are stored (a polygon's) or
    // closed forms (a box's): no scan per query.
    if let (Some(ra), Some(rb)) = (outline_reach(a), outline_reach(b)) {
        let d = if rb > ra {
            outline_distance(b, a).map(Distance::swapped)
        } else {
            outline_distance(a, b)
        };
        if let Some(d) = d {
            return d;
        }
    }
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let mut best: Option<Distance> = None;
    for p in pa.iter() {
        for q in pb.iter() {
            let d = piece_distance(p, q);
            if best.is_none_or(|b| d.distance < b.distance) {
                best = Some(d);
            }
        }
    }
    let mut d = best.unwrap_or(Distance {
        distance: 0.0,
        point_a: Vec2::ZERO,
        point_b: Vec2::ZERO,
    });
    if d.distance <= CONTACT_TOLERANCE {
        d.distance = 0.0;
    }
    d.shifted(o)
}

/// GJK on two boxes or polygons in A's frame, on their stored vertices;
/// `None` unless both are.
#[inline(always)]
fn outline_distance(a: &Shape, b: &Shape) -> Option<Distance> {
    let mut store = Default::default();
    let (oa, ob, o, rot_a) = outlines(a, b, &mut store)?;
    // A's outline is in its own frame: its support reads its vertices.
    let core = gjk::gjk(&gjk::Local(&oa), &ob);
    let distance = if core.distance <= CONTACT_TOLERANCE {
        0.0
    } else {
        core.distance
    };
    Some(Distance {
        distance,
        point_a: rot_a.rotate(core.point_a) + o,
        point_b: rot_a.rotate(core.point_b) + o,
    })
}

/// Distance between two convex pieces, relative to their frame origin; not
/// snapped to 0 within the contact tolerance.
pub(crate) fn piece_distance(a: &Piece, b: &Piece) -> Distance {
    piece_distance_normal(a, b).0
}

/// [`piece_distance`] and the unit direction from A's closest point to B's
/// (zero when the pieces overlap). Where GJK decides, the direction GJK
/// solved in f64 before the points were rounded to f32: the rounded
/// points' difference tilts by their rounding over the distance, which near
/// touching (a gap of 1e-5 between points 1 from the origin) is 1e-2 rad.
pub(crate) fn piece_distance_normal(a: &Piece, b: &Piece) -> (Distance, Vec2) {
    match (&a.geom, &b.geom) {
        (Geom::Line { point, dir }, _) => joined(line_distance(*point, *dir, b)),
        (_, Geom::Line { point, dir }) => joined(line_distance(*point, *dir, a).swapped()),
        (
            Geom::Ray {
                origin: o1,
                dir: d1,
            },
            Geom::Ray {
                origin: o2,
                dir: d2,
            },
        ) => joined(ray_ray(*o1, *d1, *o2, *d2)),
        (Geom::Ray { origin, dir }, _) => {
            let seg = clip_ray(*origin, *dir, b, a);
            piece_distance_normal(&seg, b)
        }
        (_, Geom::Ray { origin, dir }) => {
            let seg = clip_ray(*origin, *dir, a, b);
            piece_distance_normal(a, &seg)
        }
        (Geom::Hull { .. } | Geom::Sector { .. }, Geom::Hull { .. } | Geom::Sector { .. }) => {
            bounded_distance(a, b)
        }
    }
}

/// A closed-form distance with the direction between its points.
fn joined(d: Distance) -> (Distance, Vec2) {
    let n = if d.distance > 0.0 {
        (d.point_b - d.point_a).normalize_or_zero()
    } else {
        Vec2::ZERO
    };
    (d, n)
}

/// GJK on the cores, then the radii; two cores that are segments (or
/// points) use the closed form instead, which stays exact where GJK in f32
/// loses digits (long segments crossing at a shallow angle). The direction
/// is the cores' (zero when the rounded pieces overlap).
fn bounded_distance(a: &Piece, b: &Piece) -> (Distance, Vec2) {
    let core = if let (Some((p1, q1)), Some((p2, q2))) = (segment_core(a), segment_core(b)) {
        let (x, y) = closest_points_segments(p1, q1, p2, q2);
        let d = (y - x).length();
        gjk::CoreDistance {
            distance: d,
            point_a: x,
            point_b: y,
            normal: if d > 0.0 { (y - x) / d } else { Vec2::ZERO },
        }
    } else {
        gjk::gjk(a, b)
    };
    let (ra, rb) = (a.radius(), b.radius());
    let d = core.distance;
    // The direction GJK solved in f64: the rounded points' difference
    // tilts over a small distance.
    let n = core.normal;
    if d > ra + rb {
        let apart = Distance {
            distance: d - ra - rb,
            point_a: core.point_a + n * ra,
            point_b: core.point_b - n * rb,
        };
        return (apart, n);
    }
    // Overlap: a point within both rounded cores, on the segment between the core points.
    let w = if d > 0.0 {
        let lo = (d - rb).max(0.0);
        let hi = ra.min(d);
        core.point_a + n * (0.5 * (lo + hi))
    } else {
        core.point_a
    };
    let overlap = Distance {
        distance: 0.0,
        point_a: w,
        point_b: w,
    };
    (overlap, Vec2::ZERO)
}

/// The core of a hull piece of one or two vertices (point, segment, capsule,
/// bounded or clipped ray) as a segment.
fn segment_core(p: &Piece) -> Option<(Vec2, Vec2)> {
    match &p.geom {
        Geom::Hull { verts, .. } => match verts.len() {
            1 => Some((verts.get(0), verts.get(0))),
            2 => Some((verts.get(0), verts.get(1))),
            _ => None,
        },
        Geom::Sector { .. } | Geom::Line { .. } | Geom::Ray { .. } => None,
    }
}

/// Distance from the line through `point` along `dir` to a piece.
fn line_distance(point: Vec2, dir: Vec2, other: &Piece) -> Distance {
    if let Geom::Line { point: q, dir: e } = &other.geom {
        let c = dir.perp_dot(*e);
        if !parallel(dir, *e) {
            let t = (*q - point).perp_dot(*e) / c;
            let x = point + dir * t;
            return Distance {
                distance: 0.0,
                point_a: x,
                point_b: x,
            };
        }
    }
    let n = dir.perp();
    let s = point.dot(n);
    let p = other.project(n);
    if s < p.min {
        let dist = p.min - s;
        Distance {
            distance: dist,
            point_a: p.min_point - n * dist,
            point_b: p.min_point,
        }
    } else if s > p.max {
        let dist = s - p.max;
        Distance {
            distance: dist,
            point_a: p.max_point + n * dist,
            point_b: p.max_point,
        }
    } else {
        // The piece straddles the line: a shared point on the chord between
        // the two support points, or where a ray crosses the line.
        let x = match &other.geom {
            Geom::Ray { origin, dir: e } => {
                let k = e.dot(n);
                if k.abs() > 1e-12 {
                    *origin + *e * ((s - origin.dot(n)) / k)
                } else {
                    *origin
                }
            }
            Geom::Hull { .. } | Geom::Sector { .. } | Geom::Line { .. } => {
                let span = p.max - p.min;
                if span > 0.0 && span.is_finite() {
                    p.min_point + (p.max_point - p.min_point) * ((s - p.min) / span)
                } else {
                    p.min_point
                }
            }
        };
        let on_line = x - n * (x.dot(n) - s);
        Distance {
            distance: 0.0,
            point_a: on_line,
            point_b: x,
        }
    }
}

/// Distance between two unbounded rays.
fn ray_ray(o1: Vec2, d1: Vec2, o2: Vec2, d2: Vec2) -> Distance {
    let c = d1.perp_dot(d2);
    if !parallel(d1, d2) {
        let r = o2 - o1;
        let t = r.perp_dot(d2) / c;
        let u = r.perp_dot(d1) / c;
        if t >= 0.0 && u >= 0.0 {
            let x = o1 + d1 * t;
            return Distance {
                distance: 0.0,
                point_a: x,
                point_b: x,
            };
        }
    }
    // Otherwise one origin is part of the closest pair.
    let on1 = o1 + d1 * (o2 - o1).dot(d1).max(0.0);
    let on2 = o2 + d2 * (o1 - o2).dot(d2).max(0.0);
    let da = (o2 - on1).length();
    let db = (o1 - on2).length();
    if da <= db {
        Distance {
            distance: da,
            point_a: on1,
            point_b: o2,
        }
    } else {
        Distance {
            distance: db,
            point_a: o1,
            point_b: on2,
        }
    }
}

/// The part of an unbounded ray that can be closest to a bounded piece: from
/// the origin to the farthest projection of the piece along the ray.
fn clip_ray<'a>(origin: Vec2, dir: Vec2, other: &Piece, ray: &Piece<'a>) -> Piece<'a> {
    let far = other.project(dir).max - origin.dot(dir);
    let end = origin + dir * far.max(0.0);
    Piece {
        geom: Geom::Hull {
            verts: Verts::Inline {
                pts: [origin, end, Vec2::ZERO, Vec2::ZERO],
                n: 2,
            },
            radius: 0.0,
        },
        ..*ray
    }
}
