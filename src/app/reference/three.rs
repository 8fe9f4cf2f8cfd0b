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
    let deepest = pen.and_then(|_| {
        let m = geom3d::contact_manifold3(a, b, 0.0)?;
        let p = (m.points().iter()).min_by(|p, q| p.separation.total_cmp(&q.separation))?;
        Some([p.point_a, p.point_b])
    });
    super::satlab(
        core,
        d.distance,
        [d.point_a, d.point_b],
        pen.map(|p| (p.depth, p.axis)),
        deepest,
        tolerance,
    )
}

super::parry_glue!(Shape3, 3);
