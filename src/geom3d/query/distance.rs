//! Distance and closest points between any two 3D shapes.

use crate::common::Side;
use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::box_box::{box_box_closed, box_box_distance, BoxRoute};
use crate::geom3d::query::classic::table::as_ball_box;
use crate::geom3d::query::gjk::{first_vertex_inside, gjk, CoreDistance};
use crate::geom3d::query::piece::{piece, Core, Piece};
use crate::geom3d::query::tri_box::{triangle_box_closed, triangle_box_distance, TriBoxRoute};
use crate::geom3d::Shape3;
use glam::{DVec3, Mat3, Vec3};

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
    let mut d = match ball_box(a, b, o) {
        Some(d) => d,
        None => piece_distance(&piece(a, Side::A, o), &piece(b, Side::B, o)),
    };
    if d.distance <= CONTACT_TOLERANCE {
        d.distance = 0.0;
    }
    Distance3 {
        point_a: d.point_a + o,
        point_b: d.point_b + o,
        ..d
    }
}

/// Which path of [`distance`] answered for `(a, b)`, in words. For the
/// benches' counts.
#[doc(hidden)]
pub fn distance_decided_by(a: &Shape3, b: &Shape3) -> &'static str {
    let o = a.pose().position();
    if as_ball_box(a, b, o).is_some() {
        return "closed form (ball and box)";
    }
    let (pa, pb) = (piece(a, Side::A, o), piece(b, Side::B, o));
    if let (Some(x), Some(y)) = (pa.as_box(), pb.as_box()) {
        return match box_box_closed(x, y) {
            Some((_, BoxRoute::Apart)) => "closed form (boxes: certified closest pair)",
            Some((_, BoxRoute::Overlap)) => "closed form (boxes: a shared point)",
            None => "GJK (boxes the closed form left)",
        };
    }
    let tri_box = (pa.as_triangle().zip(pb.as_box())).or_else(|| pb.as_triangle().zip(pa.as_box()));
    match tri_box.map(|(t, (c, m, h))| triangle_box_closed(t, c, m, h, true)) {
        Some(Some((_, TriBoxRoute::Apart))) => {
            "closed form (triangle and box: certified closest pair)"
        }
        Some(Some((_, TriBoxRoute::Overlap))) => "closed form (triangle and box: a shared point)",
        Some(None) => "GJK (triangle and box the closed form left)",
        None if a.is_bounded() && b.is_bounded() && first_vertex_inside(&pa, &pb) => {
            "GJK: its first vertex inside the other core"
        }
        None => "GJK",
    }
}

/// A sphere or point against a box, taken from the shapes before building
/// their pieces (the same [`point_box_distance`] the pieces reach; the
/// pieces' dispatch was a quarter of this pair's time, held-out bench).
#[inline(always)]
fn ball_box(a: &Shape3, b: &Shape3, o: Vec3) -> Option<Distance3> {
    // One call per order, so that each folds its constant flag and radii.
    Some(match as_ball_box(a, b, o)? {
        (x, r, (c, m, h), false) => point_box_distance(x, c, m, h, [r, 0.0], false).0,
        (x, r, (c, m, h), true) => point_box_distance(x, c, m, h, [0.0, r], true).0,
    })
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
    piece_distance_dir_from(a, b, None)
}

/// [`piece_distance_dir`], taking the cores' closest points from `cores`
/// (this function's answer for the pieces without their radii, as
/// [`cores_near`](crate::geom3d::query::sat::cores_near) keeps it) where
/// GJK would run: GJK reads the cores only, and that answer holds its
/// points, distance and direction unchanged (no radii to take off), so the
/// same numbers without a second GJK. The closed forms ignore `cores`.
pub(crate) fn piece_distance_dir_from(
    a: &Piece,
    b: &Piece,
    cores: Option<&(Distance3, Option<Vec3>)>,
) -> (Distance3, Option<Vec3>) {
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
        (Core::Point(x), Core::Box { c, m, h }) => {
            point_box_distance(*x, *c, *m, *h, [a.radius, b.radius], false)
        }
        (Core::Box { c, m, h }, Core::Point(x)) => {
            point_box_distance(*x, *c, *m, *h, [a.radius, b.radius], true)
        }
        (Core::Triangle(t), Core::Box { c, m, h }) => with_radii(
            triangle_box_distance(*t, *c, *m, *h, true),
            a.radius,
            b.radius,
        ),
        (Core::Box { c, m, h }, Core::Triangle(t)) => with_radii(
            triangle_box_distance(*t, *c, *m, *h, false),
            a.radius,
            b.radius,
        ),
        (Core::Box { .. }, Core::Box { .. }) => boxes(a, b),
        (
            Core::Point(_),
            Core::Point(_) | Core::Segment(..) | Core::Triangle(_) | Core::Hull { .. },
        )
        | (Core::Box { .. }, Core::Segment(..) | Core::Hull { .. })
        | (
            Core::Segment(..) | Core::Hull { .. },
            Core::Point(_)
            | Core::Segment(..)
            | Core::Box { .. }
            | Core::Triangle(_)
            | Core::Hull { .. },
        )
        | (
            Core::Triangle(_),
            Core::Point(_) | Core::Segment(..) | Core::Triangle(_) | Core::Hull { .. },
        ) => {
            let core = cores.map_or_else(
                || gjk(a, b),
                |(d, dir)| CoreDistance {
                    point_a: d.point_a,
                    point_b: d.point_b,
                    distance: d.distance,
                    normal: dir.unwrap_or(Vec3::ZERO),
                },
            );
            with_radii(core, a.radius, b.radius)
        }
    }
}

/// Two box pieces: [`box_box_distance`] (GJK if either were not a box).
#[inline]
fn boxes(a: &Piece, b: &Piece) -> (Distance3, Option<Vec3>) {
    let core = match (a.as_box(), b.as_box()) {
        (Some(x), Some(y)) => box_box_distance(x, y),
        (None, _) | (_, None) => gjk(a, b),
    };
    with_radii(core, a.radius, b.radius)
}

/// A point core `x` against the box core `c ± Σ h_k m_k` (A's radius and
/// B's in `radii`; `box_first`: the box is A) in closed form: clamp the
/// point's coordinates in the box's frame (Ericson 5.1.4), in `f64` from the
/// `f32` data, so the squared core distance is the data's to about 1e-15
/// relative; the roundings left are its root, taken in `f32` (at most one
/// unit in the last place of the result), and the radii's subtraction,
/// well inside the SAT's band of
/// [`PROJECTION_ROUNDING`](crate::common::PROJECTION_ROUNDING) × magnitude;
/// the verdict itself is [`ball_box_touches`]'s, in `f64`.
/// The distance and both points as [`with_radii`] gives them from the cores'
/// closest points, with the direction taken from the `f64` offset (not from
/// the `f32` points): the general path for a sphere or point against a box,
/// without building the [`BoxPoint`] the penetration needs.
#[inline(always)]
fn point_box_distance(
    x: Vec3,
    c: Vec3,
    m: Mat3,
    h: Vec3,
    radii: [f32; 2],
    box_first: bool,
) -> (Distance3, Option<Vec3>) {
    let (_, local, k, d2) = point_box_offset(x, c, m, h);
    point_box_closest(x, m, local - k, d2, radii, box_first)
}

/// The tail of [`point_box_distance`]: from the point's offset from the
/// box's nearest point `off` (box frame, `f64`) and its square length `d2`,
/// as [`point_box_offset`] forms them; the manifold's closed form reads the
/// cores' nearest points from the offset it already has.
#[inline(always)]
pub(crate) fn point_box_closest(
    x: Vec3,
    m: Mat3,
    off: DVec3,
    d2: f64,
    radii: [f32; 2],
    box_first: bool,
) -> (Distance3, Option<Vec3>) {
    if d2 == 0.0 {
        // The point is in the closed box: they overlap at the point.
        let found = Distance3 {
            distance: 0.0,
            point_a: x,
            point_b: x,
        };
        return (found, None);
    }
    // The offset from the box to the point, solved in `f64` in the box's
    // frame and turned to world in `f32` (the points are `f32` anyway),
    // alongside the root: the two do not wait for each other.
    let w = m * off.as_vec3();
    let d = (d2 as f32).sqrt();
    let near = x - w;
    let out = if d > 0.0 {
        w / d
    } else {
        // Below `f32`'s least number (a point within 1e-22 of a tiny box):
        // the unit offset from `f64`.
        m * (off / d2.sqrt()).as_vec3()
    };
    let (core_a, core_b, n) = if box_first {
        (near, x, out)
    } else {
        (x, near, -out)
    };
    let [ra, rb] = radii;
    let touches = ball_box_touches(d2, ra + rb);
    // Apart, or touching without overlap: the distance `f32` gives, kept on
    // the verdict's side of the tolerance (it can cross it only by its own
    // rounding), and the points on the two surfaces. Overlap: the distance
    // 0 and one point within both rounded cores, between the core points.
    // Selected without branches: near touching, the verdict is a coin toss.
    let g = d - ra - rb;
    let distance = if touches {
        g.clamp(0.0, CONTACT_TOLERANCE)
    } else {
        g.max(CONTACT_TOLERANCE.next_up())
    };
    let overlap = touches & (d <= ra + rb);
    let mid = 0.5 * ((d - rb).max(0.0) + ra.min(d));
    let point_a = core_a + n * if overlap { mid } else { ra };
    let point_b = Vec3::select(glam::BVec3::splat(overlap), point_a, core_b - n * rb);
    let found = Distance3 {
        distance,
        point_a,
        point_b,
    };
    (found, (d > 0.0).then_some(n))
}

/// The point `x` against the box `(c, m, h)` in the box's frame, `f64`:
/// the box's axes, the point and the clamped point `k` (box frame), and
/// their squared distance. One computation for [`point_box_distance`],
/// [`point_box_touches`] and [`box_point`], so that their numbers are the
/// same bit for bit.
#[inline(always)]
pub(crate) fn point_box_offset(
    x: Vec3,
    c: Vec3,
    m: Mat3,
    h: Vec3,
) -> (glam::DMat3, DVec3, DVec3, f64) {
    let dm = m.as_dmat3();
    let local = dm.transpose() * (x.as_dvec3() - c.as_dvec3());
    let half = h.as_dvec3();
    let k = local.clamp(-half, half);
    (dm, local, k, (local - k).length_squared())
}

/// Whether a ball of radius `r` about `x` touches the box `(c, m, h)`
/// (overlap, or a gap within [`CONTACT_TOLERANCE`]): the verdict
/// `distance`, `intersects` and `penetration` give for a point or sphere
/// against a box, bit for bit ([`ball_box_touches`]).
#[inline]
pub(crate) fn point_box_touches(x: Vec3, c: Vec3, m: Mat3, h: Vec3, r: f32) -> bool {
    ball_box_touches(point_box_offset(x, c, m, h).3, r)
}

/// The verdict of a ball of radius `r` whose centre is `√d2` from a box
/// (`d2` as [`point_box_offset`] forms it): `√d2 ≤ r + tol`, decided in
/// `f64` and squared, with no root (exact to about `1e-16` of `r + tol`;
/// the root cost `intersects` a quarter of its time, issue 26 item 7).
#[inline(always)]
pub(crate) fn ball_box_touches(d2: f64, r: f32) -> bool {
    let reach = f64::from(r) + f64::from(CONTACT_TOLERANCE);
    d2 <= reach * reach
}

/// A point against a box `c ± Σ h_k m_k`, in closed form and `f64`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BoxPoint {
    /// The point in the box's frame (its axes' coordinates from its centre).
    pub local: DVec3,
    /// Their distance (0 inside the closed box).
    pub distance: f64,
    /// Its square, as [`ball_box_touches`] takes it.
    pub dist_sq: f64,
    /// Unit direction from the box to the point; zero inside.
    pub out: DVec3,
    /// The box's axes.
    pub axes: [DVec3; 3],
    /// Its half-extents.
    pub half: DVec3,
}

/// The point `x` against the box `(c, m, h)`: clamping its coordinates in
/// the box's frame (Ericson 5.1.4), in `f64` from the `f32` data.
#[inline(always)]
pub(crate) fn box_point(x: Vec3, c: Vec3, m: Mat3, h: Vec3) -> BoxPoint {
    let (dm, local, k, dist_sq) = point_box_offset(x, c, m, h);
    let axes = [dm.x_axis, dm.y_axis, dm.z_axis];
    let half = h.as_dvec3();
    let off = local - k;
    let distance = dist_sq.sqrt();
    let out = if distance > 0.0 {
        (axes[0] * off.x + axes[1] * off.y + axes[2] * off.z) / distance
    } else {
        DVec3::ZERO
    };
    BoxPoint {
        local,
        distance,
        dist_sq,
        out,
        axes,
        half,
    }
}

/// The distance of two pieces from their cores' closest points and their
/// radii, with the cores' direction when they are apart.
pub(crate) fn with_radii(core: CoreDistance, ra: f32, rb: f32) -> (Distance3, Option<Vec3>) {
    let dir = (core.distance > 0.0 && core.normal != Vec3::ZERO).then_some(core.normal);
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
