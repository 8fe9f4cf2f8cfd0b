//! The 3D readout: satlab's [`Shape3`] pair against parry3d.

use super::{judge, magnitude, Answer, Comparison, Missing, Readout, ROUNDING};
use glam::Vec3;
use parry3d::math::{Pose as PPose, Rotation, Vector as PVec};
use parry3d::query::{self as pq, ClosestPoints};
use parry3d::shape::{
    Ball, ConvexPolyhedron, Cuboid, Segment as PSegment, Shape as PShape, Triangle,
};
use satlab::geom3d::{self, Shape3};

/// A shape as parry3d takes it: geometry in its own frame, the pose, and a
/// radius to take off parry's signed distance (spheres and capsules go in
/// as their core point and segment).
struct Parry {
    shape: Box<dyn PShape>,
    pose: PPose,
    radius: f32,
}

fn pv(v: Vec3) -> PVec {
    PVec::new(v.x, v.y, v.z)
}

fn sv(v: PVec) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

/// The segment from `a` to `b` on the local x axis.
fn along_x(a: f32, b: f32) -> Box<dyn PShape> {
    Box::new(PSegment::new(
        PVec::new(a, 0.0, 0.0),
        PVec::new(b, 0.0, 0.0),
    ))
}

/// `s` for parry, or why not (what parry lacks; `None`: it refused the shape). `reach`: how far along an unbounded ray the
/// other shape can matter (`None`: the other shape is unbounded too).
fn to_parry(s: &Shape3, reach: Option<f32>) -> Result<Parry, Option<Missing>> {
    let pose = s.pose();
    let (p, q) = (pose.position(), pose.rotation());
    let at = PPose::from_parts(pv(p), Rotation::from_xyzw(q.x, q.y, q.z, q.w));
    let (shape, radius): (Box<dyn PShape>, f32) = match s {
        Shape3::Point(_) => (Box::new(Ball::new(0.0)), 0.0),
        Shape3::Sphere(b) => (Box::new(Ball::new(0.0)), b.radius()),
        Shape3::Segment(g) => (along_x(-g.half_length(), g.half_length()), 0.0),
        Shape3::Capsule(c) => (along_x(-c.half_length(), c.half_length()), c.radius()),
        Shape3::Aabb(b) => (Box::new(Cuboid::new(pv(b.half_extents()))), 0.0),
        Shape3::Obb(b) => (Box::new(Cuboid::new(pv(b.half_extents()))), 0.0),
        Shape3::Triangle(t) => {
            let [u, v, w] = t.local_vertices();
            (Box::new(Triangle::new(pv(u), pv(v), pv(w))), 0.0)
        }
        Shape3::Hull(h) => {
            let pts: Vec<PVec> = h.hull().vertices.iter().map(|&v| pv(v)).collect();
            match ConvexPolyhedron::from_convex_hull(&pts) {
                Some(poly) => (Box::new(poly), 0.0),
                None => return Err(None),
            }
        }
        Shape3::Ray(r) => match (r.length(), reach) {
            (Some(l), _) | (None, Some(l)) => (along_x(0.0, l), 0.0),
            (None, None) => return Err(Some(Missing::TwoRays)),
        },
    };
    Ok(Parry {
        shape,
        pose: at,
        radius,
    })
}

/// How far along a ray from `origin` a bounded shape can matter: every
/// point of it projects within this of the origin, so a ray cut there
/// gives the same distance and verdict. `None` when it is unbounded.
fn reach(origin: Vec3, other: &Shape3) -> Option<f32> {
    if !other.is_bounded() {
        return None;
    }
    let (lo, hi) = other.bounds();
    Some(origin.distance(0.5 * (lo + hi)) + 0.5 * lo.distance(hi) + 1.0)
}

/// parry3d's answer, radii taken off; `None` when its dispatcher refuses.
fn parry_answer(a: &Parry, b: &Parry) -> Option<Answer> {
    let (ga, gb) = (&*a.shape, &*b.shape);
    let (pa, pb) = (&a.pose, &b.pose);
    let hit = pq::intersection_test(pa, ga, pb, gb).ok()?.intersecting;
    let (core, p1, p2, n) = match pq::contact(pa, ga, pb, gb, 0.0).ok()? {
        Some(c) if c.dist <= 0.0 => (c.dist, sv(c.point1), sv(c.point2), sv(c.normal1)),
        _ => {
            let d = pq::distance(pa, ga, pb, gb).ok()?.distance;
            match pq::closest_points(pa, ga, pb, gb, f32::MAX).ok()? {
                ClosestPoints::WithinMargin(p, q) => {
                    let (p, q) = (sv(p), sv(q));
                    (d, p, q, (q - p).normalize_or_zero())
                }
                ClosestPoints::Intersecting | ClosestPoints::Disjoint => {
                    (d, Vec3::NAN, Vec3::NAN, Vec3::ZERO)
                }
            }
        }
    };
    Some(super::rounded(hit, core, [p1, p2], n, a.radius, b.radius))
}

/// satlab's answer under `tolerance`: the core's verdict, the distance,
/// and the penetration.
fn satlab_answer(a: &Shape3, b: &Shape3, tolerance: f32) -> Answer {
    let d = geom3d::distance(a, b);
    let core = geom3d::intersects(a, b);
    let pen = if core {
        geom3d::penetration(a, b)
    } else {
        None
    };
    super::satlab(
        core,
        d.distance,
        [d.point_a, d.point_b],
        pen.map(|p| (p.depth, p.axis)),
        tolerance,
    )
}

/// satlab's and parry3d's answers for `a` and `b`, and whether they agree
/// within `tolerance` (world units, the pair's contact tolerance).
pub fn compare(a: &Shape3, b: &Shape3, tolerance: f32) -> Readout {
    let ray = |s: &Shape3, o: &Shape3| {
        let Shape3::Ray(r) = s else { return None };
        r.length().map_or_else(|| reach(r.origin(), o), |_| None)
    };
    let (pa, pb) = match (to_parry(a, ray(a, b)), to_parry(b, ray(b, a))) {
        (Ok(pa), Ok(pb)) => (pa, pb),
        (Err(e), _) | (_, Err(e)) => return e.map_or(Readout::Refused, Readout::NoShape),
    };
    let Some(parry) = parry_answer(&pa, &pb) else {
        return Readout::Refused;
    };
    let satlab = satlab_answer(a, b, tolerance);
    let corners = [a, b].into_iter().flat_map(|s| {
        let (lo, hi) = s.bounds();
        let o = s.pose().position();
        [lo.x, lo.y, lo.z, hi.x, hi.y, hi.z, o.x, o.y, o.z]
    });
    let rounding = ROUNDING * magnitude(corners);
    let unbounded_ray = |s: &Shape3| matches!(s, Shape3::Ray(r) if r.length().is_none());
    Readout::Compared(Comparison {
        dims: 3,
        satlab,
        parry,
        tolerance,
        rounding,
        disagreement: judge(&satlab, &parry, tolerance, rounding),
        ray_cut: unbounded_ray(a) || unbounded_ray(b),
    })
}
