//! The 2D readout: satlab's [`Shape`] pair against parry2d.

use super::{judge, magnitude, Answer, Comparison, Missing, Readout, ROUNDING};
use glam::{Vec2, Vec3};
use parry2d::math::{Pose as PPose, Vector as PVec};
use parry2d::query::{self as pq, ClosestPoints};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Segment as PSegment, Shape as PShape};
use satlab::geom::{self, Shape};

/// A shape as parry2d takes it: geometry in its own frame, the pose, and a
/// radius to take off parry's signed distance (circles and capsules go in
/// as their core point and segment).
struct Parry {
    shape: Box<dyn PShape>,
    pose: PPose,
    radius: f32,
}

fn pv(v: Vec2) -> PVec {
    PVec::new(v.x, v.y)
}

fn sv(v: PVec) -> Vec3 {
    Vec3::new(v.x, v.y, 0.0)
}

/// The segment `[-h, h]` on the local x axis.
fn core_segment(h: f32) -> Box<dyn PShape> {
    Box::new(PSegment::new(PVec::new(-h, 0.0), PVec::new(h, 0.0)))
}

/// `s` for parry, or why not (what parry lacks; `None`: it refused the shape). `reach`: how far along an unbounded ray the
/// other shape can matter (the ray is cut there; `None`: the other shape is
/// unbounded too).
fn to_parry(s: &Shape, reach: Option<f32>) -> Result<Parry, Option<Missing>> {
    let pose = s.pose();
    let at = PPose::new(pv(pose.position()), pose.rotation_deg().to_radians());
    let (shape, radius): (Box<dyn PShape>, f32) = match s {
        Shape::Point(_) => (Box::new(Ball::new(0.0)), 0.0),
        Shape::Circle(c) => (Box::new(Ball::new(0.0)), c.radius()),
        Shape::Segment(g) => (core_segment(g.half_length()), 0.0),
        Shape::Capsule(c) => (core_segment(c.half_length()), c.radius()),
        Shape::Aabb(b) => (Box::new(Cuboid::new(pv(b.half_extents()))), 0.0),
        Shape::Obb(b) => (Box::new(Cuboid::new(pv(b.half_extents()))), 0.0),
        Shape::Polygon(p) => {
            let vs = p.local_vertices().iter().map(|&v| pv(v)).collect();
            match ConvexPolygon::from_convex_polyline(vs) {
                Some(poly) => (Box::new(poly), 0.0),
                None => return Err(None),
            }
        }
        Shape::Ray(r) => {
            let len = match (r.length(), reach) {
                (Some(l), _) | (None, Some(l)) => l,
                (None, None) => return Err(Some(Missing::TwoRays)),
            };
            let end = PVec::new(len, 0.0);
            (Box::new(PSegment::new(PVec::ZERO, end)), 0.0)
        }
        Shape::Sector(_) => return Err(Some(Missing::Sector)),
        Shape::Line(_) => return Err(Some(Missing::Line)),
    };
    Ok(Parry {
        shape,
        pose: at,
        radius,
    })
}

/// How far along a ray from `origin` a bounded shape with bounds `(lo, hi)`
/// can matter: every point of it projects within this of the origin, so a
/// ray cut there gives the same distance and verdict. `None` when unbounded.
fn reach(origin: Vec2, other: &Shape) -> Option<f32> {
    if !other.is_bounded() {
        return None;
    }
    let (lo, hi) = other.bounds();
    let c = 0.5 * (lo + hi);
    Some(origin.distance(c) + 0.5 * lo.distance(hi) + 1.0)
}

/// satlab's answer under `tolerance` (as a scene's `contact_tolerance`
/// rules): the core's verdict, the distance, and the penetration.
fn satlab_answer(a: &Shape, b: &Shape, tolerance: f32) -> Answer {
    let d = geom::distance(a, b);
    let (pa, pb) = (d.point_a.extend(0.0), d.point_b.extend(0.0));
    let core = geom::intersects(a, b);
    let pen = if core { geom::penetration(a, b) } else { None };
    let deepest = pen.and_then(|_| {
        let m = geom::contact_manifold(a, b, 0.0)?;
        let p = (m.points().iter()).min_by(|p, q| p.separation.total_cmp(&q.separation))?;
        Some([p.point_a.extend(0.0), p.point_b.extend(0.0)])
    });
    super::satlab(
        core,
        d.distance,
        [pa, pb],
        pen.map(|p| (p.depth, p.axis.extend(0.0))),
        deepest,
        tolerance,
    )
}

super::parry_glue!(Shape, 2);
