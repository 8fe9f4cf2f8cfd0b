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

/// parry2d's answer, radii taken off; `None` when its dispatcher refuses.
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

/// satlab's answer under `tolerance` (as a scene's `contact_tolerance`
/// rules): the core's verdict, the distance, and the penetration.
fn satlab_answer(a: &Shape, b: &Shape, tolerance: f32) -> Answer {
    let d = geom::distance(a, b);
    let (pa, pb) = (d.point_a.extend(0.0), d.point_b.extend(0.0));
    let core = geom::intersects(a, b);
    let pen = if core { geom::penetration(a, b) } else { None };
    super::satlab(
        core,
        d.distance,
        [pa, pb],
        pen.map(|p| (p.depth, p.axis.extend(0.0))),
        tolerance,
    )
}

/// satlab's and parry2d's answers for `a` and `b`, and whether they agree
/// within `tolerance` (world units, the pair's contact tolerance).
pub fn compare(a: &Shape, b: &Shape, tolerance: f32) -> Readout {
    let ray = |s: &Shape, o: &Shape| {
        let Shape::Ray(r) = s else { return None };
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
        [lo.x, lo.y, hi.x, hi.y, o.x, o.y]
    });
    let rounding = ROUNDING * magnitude(corners);
    let unbounded_ray = |s: &Shape| matches!(s, Shape::Ray(r) if r.length().is_none());
    Readout::Compared(Comparison {
        dims: 2,
        satlab,
        parry,
        tolerance,
        rounding,
        disagreement: judge(&satlab, &parry, tolerance, rounding),
        ray_cut: unbounded_ray(a) || unbounded_ray(b),
    })
}
