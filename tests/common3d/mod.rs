//! Shared helpers for the 3D tests: a seeded generator, random shapes of
//! every 3D kind with the same set described for parry3d (converted at the
//! boundary: parry uses another glam), and pair placement around the
//! touching offset.
#![allow(dead_code, unused_imports)]

use parry3d::math::{Pose as PPose, Vector as PVec};
use parry3d::shape::{Ball, ConvexPolyhedron, Cuboid, Segment as PSegment, SharedShape, Triangle};
use satlab::geom3d::{
    Aabb3, Capsule3, Hull3, Obb3, Point3, Pose3, Quat, Ray3Shape, Segment3, Shape3, ShapeKind3,
    Sphere, Triangle3, Vec3,
};

/// The library's contact tolerance, restated (scene-format.md).
pub const TOL: f64 = 1e-4;

#[path = "../common/rng.rs"]
mod rng;

pub use crate::kit::Failures;
pub use rng::Rng;

impl Rng {
    /// Uniform on the unit sphere.
    pub fn unit(&mut self) -> Vec3 {
        loop {
            let v = Vec3::new(
                self.range(-1.0, 1.0) as f32,
                self.range(-1.0, 1.0) as f32,
                self.range(-1.0, 1.0) as f32,
            );
            let l = v.length();
            if l > 0.1 && l <= 1.0 {
                return v / l;
            }
        }
    }
    /// A uniformly random rotation.
    pub fn rotation(&mut self) -> Quat {
        let (u1, u2, u3) = (self.f(), self.f(), self.f());
        let tau = std::f64::consts::TAU;
        let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
        Quat::from_xyzw(
            (a * (tau * u2).sin()) as f32,
            (a * (tau * u2).cos()) as f32,
            (b * (tau * u3).sin()) as f32,
            (b * (tau * u3).cos()) as f32,
        )
        .normalize()
    }
    pub fn vec(&mut self, lo: f64, hi: f64) -> Vec3 {
        Vec3::new(
            self.range(lo, hi) as f32,
            self.range(lo, hi) as f32,
            self.range(lo, hi) as f32,
        )
    }
}

/// Local geometry of a random shape (what both libraries are built from).
#[derive(Debug, Clone)]
pub enum Local {
    Point,
    Segment(f32),
    Ray(Option<f32>),
    Sphere(f32),
    Aabb(Vec3),
    Obb(Vec3),
    Capsule(f32, f32),
    Triangle([Vec3; 3]),
    Hull(Vec<Vec3>),
}

impl Local {
    /// The same geometry with every length multiplied by `s`.
    pub fn scaled(&self, s: f32) -> Local {
        match self {
            Local::Point => Local::Point,
            Local::Segment(h) => Local::Segment(h * s),
            Local::Ray(len) => Local::Ray(len.map(|x| x * s)),
            Local::Sphere(r) => Local::Sphere(r * s),
            Local::Aabb(h) => Local::Aabb(*h * s),
            Local::Obb(h) => Local::Obb(*h * s),
            Local::Capsule(h, r) => Local::Capsule(h * s, r * s),
            Local::Triangle(v) => Local::Triangle(v.map(|p| p * s)),
            Local::Hull(p) => Local::Hull(p.iter().map(|q| *q * s).collect()),
        }
    }
}

/// The bounded kinds (an unbounded ray has no manifold and no time of
/// impact; a bounded one is a segment).
pub const BOUNDED: [ShapeKind3; 8] = [
    ShapeKind3::Point,
    ShapeKind3::Segment,
    ShapeKind3::Sphere,
    ShapeKind3::Aabb,
    ShapeKind3::Obb,
    ShapeKind3::Capsule,
    ShapeKind3::Triangle,
    ShapeKind3::Hull,
];

/// The kinds parry3d has a shape for (a point is a radius-0 ball there, so
/// it is left to the closed-form oracles).
pub const PARRY_KINDS: [ShapeKind3; 7] = [
    ShapeKind3::Sphere,
    ShapeKind3::Aabb,
    ShapeKind3::Obb,
    ShapeKind3::Capsule,
    ShapeKind3::Segment,
    ShapeKind3::Triangle,
    ShapeKind3::Hull,
];

/// A random local shape of kind `k`, sizes about 0.2 to 2.
pub fn random_local(k: ShapeKind3, rng: &mut Rng) -> Local {
    match k {
        ShapeKind3::Point => Local::Point,
        ShapeKind3::Segment => Local::Segment(rng.range(0.1, 2.0) as f32),
        ShapeKind3::Ray => Local::Ray(if rng.chance(0.5) {
            Some(rng.range(0.2, 4.0) as f32)
        } else {
            None
        }),
        ShapeKind3::Sphere => Local::Sphere(rng.range(0.1, 2.0) as f32),
        ShapeKind3::Aabb => Local::Aabb(rng.vec(0.1, 2.0)),
        ShapeKind3::Obb => Local::Obb(rng.vec(0.1, 2.0)),
        ShapeKind3::Capsule => {
            Local::Capsule(rng.range(0.1, 2.0) as f32, rng.range(0.1, 1.0) as f32)
        }
        ShapeKind3::Triangle => loop {
            let v = [rng.vec(-1.5, 1.5), rng.vec(-1.5, 1.5), rng.vec(-1.5, 1.5)];
            if (v[1] - v[0]).cross(v[2] - v[0]).length() > 0.05 {
                return Local::Triangle(v);
            }
        },
        ShapeKind3::Hull => Local::Hull(random_hull_points(rng, 12)),
    }
}

/// `n` points on a squashed sphere (all of them corners of their hull).
pub fn random_hull_points(rng: &mut Rng, n: usize) -> Vec<Vec3> {
    let s = rng.vec(0.3, 1.5);
    (0..n).map(|_| rng.unit() * s).collect()
}

/// A shape at a pose with both descriptions.
#[derive(Debug, Clone)]
pub struct Sample {
    pub local: Local,
    pub pos: Vec3,
    pub rot: Quat,
    pub shape: Shape3,
}

pub fn build(local: &Local, pos: Vec3, rot: Quat) -> Sample {
    let pose = |kind: satlab::geom3d::ShapeKind3| Pose3::new(kind, pos, rot).expect("valid pose");
    let shape = match local {
        Local::Point => Shape3::Point(Point3::new(pose(satlab::geom3d::ShapeKind3::Point))),
        Local::Segment(h) => {
            Shape3::Segment(Segment3::new(pose(satlab::geom3d::ShapeKind3::Segment), *h).unwrap())
        }
        Local::Ray(l) => {
            Shape3::Ray(Ray3Shape::new(pose(satlab::geom3d::ShapeKind3::Ray), *l).unwrap())
        }
        Local::Sphere(r) => {
            Shape3::Sphere(Sphere::new(pose(satlab::geom3d::ShapeKind3::Sphere), *r).unwrap())
        }
        Local::Aabb(h) => Shape3::Aabb(Aabb3::new(Pose3::at(pos), *h).unwrap()),
        Local::Obb(h) => Shape3::Obb(Obb3::new(pose(satlab::geom3d::ShapeKind3::Obb), *h).unwrap()),
        Local::Capsule(h, r) => Shape3::Capsule(
            Capsule3::new(pose(satlab::geom3d::ShapeKind3::Capsule), *h, *r).unwrap(),
        ),
        Local::Triangle(v) => Shape3::Triangle(
            Triangle3::new(pose(satlab::geom3d::ShapeKind3::Triangle), *v).unwrap(),
        ),
        Local::Hull(p) => {
            Shape3::Hull(Hull3::new(pose(satlab::geom3d::ShapeKind3::Hull), p, false).unwrap())
        }
    };
    let rot = match local {
        Local::Aabb(_) => Quat::IDENTITY,
        _ => rot,
    };
    Sample {
        local: local.clone(),
        pos,
        rot,
        shape,
    }
}

impl Sample {
    /// The same shape moved to `pos`.
    pub fn at(&self, pos: Vec3) -> Sample {
        build(&self.local, pos, self.rot)
    }
}

pub fn pv(v: Vec3) -> PVec {
    PVec::new(v.x, v.y, v.z)
}

pub fn from_pv(v: PVec) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

pub fn ppose(pos: Vec3, rot: Quat) -> PPose {
    PPose::from_parts(
        pv(pos),
        parry3d::math::Rotation::from_xyzw(rot.x, rot.y, rot.z, rot.w),
    )
}

/// Length an unbounded ray is cut to for parry (far beyond every scene here).
pub const RAY_CUT: f32 = 100.0;

/// The parry shape and pose of a sample, and a radius to subtract from
/// parry's signed distance. Capsules and spheres are given as their core
/// (segment, radius-0 ball) and the radius is taken off afterwards: exact
/// (offsetting a convex set by `r` shifts its signed distance by `r`), and
/// it keeps parry's GJK on polytopes, where it converges exactly (on curved
/// support maps it stops at about 1e-3 relative). An unbounded ray is a
/// segment `RAY_CUT` long.
pub fn to_parry(s: &Sample) -> (SharedShape, PPose, f64) {
    let pose = ppose(s.pos, s.rot);
    let seg = |a: f32, b: f32| {
        SharedShape::new(PSegment::new(
            PVec::new(a, 0.0, 0.0),
            PVec::new(b, 0.0, 0.0),
        ))
    };
    match &s.local {
        Local::Point => (SharedShape::new(Ball::new(0.0)), pose, 0.0),
        Local::Segment(h) => (seg(-h, *h), pose, 0.0),
        Local::Ray(l) => (seg(0.0, l.unwrap_or(RAY_CUT)), pose, 0.0),
        Local::Sphere(r) => (SharedShape::new(Ball::new(0.0)), pose, *r as f64),
        Local::Aabb(h) | Local::Obb(h) => (SharedShape::new(Cuboid::new(pv(*h))), pose, 0.0),
        Local::Capsule(h, r) => (seg(-h, *h), pose, *r as f64),
        Local::Triangle(v) => (
            SharedShape::new(Triangle::new(pv(v[0]), pv(v[1]), pv(v[2]))),
            pose,
            0.0,
        ),
        Local::Hull(p) => (
            SharedShape::new(
                ConvexPolyhedron::from_convex_hull(&p.iter().map(|v| pv(*v)).collect::<Vec<_>>())
                    .expect("hull"),
            ),
            pose,
            0.0,
        ),
    }
}

/// parry's signed distance (negative = penetration depth) between samples.
pub fn parry_signed(a: &Sample, b: &Sample) -> f64 {
    let (ga, pa, ra) = to_parry(a);
    let (gb, pb, rb) = to_parry(b);
    parry_signed_parts((&ga, &pa, ra), (&gb, &pb, rb))
}

/// parry's signed distance between two shapes given as [`to_parry`] gives
/// them (shape, pose, radius taken off afterwards).
pub fn parry_signed_parts(
    (ga, pa, ra): (&SharedShape, &PPose, f64),
    (gb, pb, rb): (&SharedShape, &PPose, f64),
) -> f64 {
    let core = match parry3d::query::contact(pa, &*ga.0, pb, &*gb.0, 0.0).expect("supported") {
        Some(c) if c.dist < 0.0 => c.dist as f64,
        _ => {
            parry3d::query::distance(pa, &*ga.0, pb, &*gb.0)
                .expect("supported")
                .distance as f64
        }
    };
    core - ra - rb
}

/// A at a random pose, B with a random turn along a random direction at a
/// multiple of the touching offset (found by bisection on parry's signed
/// distance): about half intersect, many within 0.5% or 3e-4 of touching.
pub fn placed_pair(rng: &mut Rng, la: &Local, lb: &Local) -> (Sample, Sample) {
    let a = build(la, rng.vec(-4.0, 4.0), rng.rotation());
    let b0 = build(lb, a.pos, rng.rotation());
    let u = rng.unit();
    // The bisection moves B's parry shape only: building the shapes (a hull
    // of 12 points) for each of its 30 steps was most of the suites' time.
    let (ga, pa, ra) = to_parry(&a);
    let (gb, _, rb) = to_parry(&b0);
    let signed_at = |pos: Vec3| parry_signed_parts((&ga, &pa, ra), (&gb, &ppose(pos, b0.rot), rb));
    let (mut lo, mut hi) = (0.0f64, 12.0f64);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if signed_at(a.pos + u * mid as f32) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let r = rng.f();
    let off = if r < 0.5 {
        rng.range(0.0, 2.0) * hi
    } else if r < 0.8 {
        hi * (1.0 + rng.range(-5e-3, 5e-3))
    } else {
        hi + rng.range(-3e-4, 3e-4)
    };
    let b = b0.at(a.pos + u * off as f32);
    (a, b)
}

/// The sample's pose for parry3d-f64, in f64 (the f32 rotation renormalised).
pub fn ppose64(s: &Sample) -> parry3d_f64::math::Pose {
    use parry3d_f64::math::{Pose, Rotation, Vector};
    let (p, q) = (s.pos, s.rot);
    Pose::from_parts(
        Vector::new(p.x as f64, p.y as f64, p.z as f64),
        Rotation::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize(),
    )
}

/// The signed distance from parry3d-f64 (the same library built on f64),
/// with the sample's pose given to it in f64: the referee where f32 parry3d
/// and satlab disagree (f32 parry's GJK stops at a relative tolerance near
/// 1e-3 on some pairs; in f64 it is about 5e-8).
pub fn parry64_signed(a: &Sample, b: &Sample) -> f64 {
    use parry3d_f64::math::{Pose as P, Vector as V};
    use parry3d_f64::shape::{
        Ball as B, ConvexPolyhedron as C, Cuboid as Q, Segment as S, SharedShape as H,
        Triangle as T,
    };
    let v = |p: Vec3| V::new(p.x as f64, p.y as f64, p.z as f64);
    let conv = |s: &Sample| -> (H, P, f64) {
        let pose = ppose64(s);
        let seg = |a: f32, b: f32| {
            H::new(S::new(
                V::new(a as f64, 0.0, 0.0),
                V::new(b as f64, 0.0, 0.0),
            ))
        };
        match &s.local {
            Local::Point => (H::new(B::new(0.0)), pose, 0.0),
            Local::Segment(h) => (seg(-h, *h), pose, 0.0),
            Local::Ray(l) => (seg(0.0, l.unwrap_or(RAY_CUT)), pose, 0.0),
            Local::Sphere(r) => (H::new(B::new(0.0)), pose, *r as f64),
            Local::Aabb(h) | Local::Obb(h) => (H::new(Q::new(v(*h))), pose, 0.0),
            Local::Capsule(h, r) => (seg(-h, *h), pose, *r as f64),
            Local::Triangle(t) => (H::new(T::new(v(t[0]), v(t[1]), v(t[2]))), pose, 0.0),
            Local::Hull(p) => (
                H::new(
                    C::from_convex_hull(&p.iter().map(|x| v(*x)).collect::<Vec<_>>())
                        .expect("hull"),
                ),
                pose,
                0.0,
            ),
        }
    };
    let (ga, pa, ra) = conv(a);
    let (gb, pb, rb) = conv(b);
    let core = match parry3d_f64::query::contact(&pa, &*ga.0, &pb, &*gb.0, 0.0).expect("supported")
    {
        Some(c) if c.dist < 0.0 => c.dist,
        _ => {
            parry3d_f64::query::distance(&pa, &*ga.0, &pb, &*gb.0)
                .expect("supported")
                .distance
        }
    };
    core - ra - rb
}

/// A sample as f64 points whose convex hull, swept by the radius, is the
/// shape (an unbounded ray cut at `RAY_CUT`).
pub fn points_f64(s: &Sample) -> (Vec<[f64; 3]>, f64) {
    let q = s.rot.as_dquat();
    let t = s.pos.as_dvec3();
    let w = |v: glam::DVec3| {
        let p = t + q * v;
        [p.x, p.y, p.z]
    };
    let x = |a: f64| glam::DVec3::new(a, 0.0, 0.0);
    let f = |v: Vec3| v.as_dvec3();
    match &s.local {
        Local::Point => (vec![w(x(0.0))], 0.0),
        Local::Segment(h) => (vec![w(x(-*h as f64)), w(x(*h as f64))], 0.0),
        Local::Ray(l) => (vec![w(x(0.0)), w(x(l.unwrap_or(RAY_CUT) as f64))], 0.0),
        Local::Sphere(r) => (vec![w(x(0.0))], *r as f64),
        Local::Aabb(h) | Local::Obb(h) => {
            let h = f(*h);
            let mut v = Vec::new();
            for k in 0..8 {
                let s = |b: usize| if k >> b & 1 == 1 { 1.0 } else { -1.0 };
                v.push(w(glam::DVec3::new(h.x * s(0), h.y * s(1), h.z * s(2))));
            }
            (v, 0.0)
        }
        Local::Capsule(h, r) => (vec![w(x(-*h as f64)), w(x(*h as f64))], *r as f64),
        Local::Triangle(v) => (v.iter().map(|p| w(f(*p))).collect(), 0.0),
        Local::Hull(p) => (p.iter().map(|v| w(f(*v))).collect(), 0.0),
    }
}

fn support(pts: &[[f64; 3]], u: [f64; 3]) -> f64 {
    pts.iter()
        .map(|p| p[0] * u[0] + p[1] * u[1] + p[2] * u[2])
        .fold(f64::NEG_INFINITY, f64::max)
}

fn sub(p: [f64; 3], q: [f64; 3]) -> [f64; 3] {
    [p[0] - q[0], p[1] - q[1], p[2] - q[2]]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(u: [f64; 3]) -> Option<[f64; 3]> {
    let l = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
    (l > 1e-12).then(|| [u[0] / l, u[1] / l, u[2] / l])
}

/// The largest gap `max(min_B − max_A, min_A − max_B)` of two point sets
/// over the unit axes `axes` (negative: the least overlap).
pub fn max_gap_f64(pa: &[[f64; 3]], pb: &[[f64; 3]], axes: &[[f64; 3]]) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for u in axes {
        let m = [-u[0], -u[1], -u[2]];
        let g1 = -support(pb, m) - support(pa, *u);
        let g2 = -support(pa, m) - support(pb, *u);
        best = best.max(g1.max(g2));
    }
    best
}

/// Every axis an exhaustive SAT of two point sets needs: the normals of
/// planes through three points of one set, the cross products of a
/// direction between two points of one set with one of the other, and for
/// thin sets directions perpendicular to those.
pub fn exhaustive_axes(pa: &[[f64; 3]], pb: &[[f64; 3]]) -> Vec<[f64; 3]> {
    let mut axes: Vec<[f64; 3]> = Vec::new();
    let dirs = |p: &[[f64; 3]]| {
        let mut d = Vec::new();
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                if let Some(u) = unit(sub(p[j], p[i])) {
                    d.push(u);
                }
            }
        }
        d
    };
    for p in [pa, pb] {
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                for k in j + 1..p.len() {
                    if let Some(n) = unit(cross(sub(p[j], p[i]), sub(p[k], p[i]))) {
                        axes.push(n);
                    }
                }
            }
        }
    }
    let (da, db) = (dirs(pa), dirs(pb));
    for x in &da {
        for y in &db {
            if let Some(n) = unit(cross(*x, *y)) {
                axes.push(n);
            }
        }
    }
    for x in da.iter().chain(&db) {
        for t in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] {
            if let Some(n) = unit(cross(*x, t)) {
                axes.push(n);
            }
        }
    }
    axes.extend([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
    axes
}

/// An exact, independent penetration depth in f64, by exhaustive SAT on the
/// point sets: the facet normals of the Minkowski difference of two
/// polytopes are among [`exhaustive_axes`], and the depth is the least
/// overlap over them. Rounded shapes: cores overlapping add both radii;
/// cores apart give `rA + rB − core distance`, the core distance from
/// parry3d-f64. `None` when the shapes do not overlap.
pub fn exact_depth(a: &Sample, b: &Sample) -> Option<f64> {
    let (pa, ra) = points_f64(a);
    let (pb, rb) = points_f64(b);
    let g = max_gap_f64(&pa, &pb, &exhaustive_axes(&pa, &pb));
    let depth = if g > 0.0 {
        ra + rb - parry64_signed(&core_of(a), &core_of(b))
    } else {
        ra + rb - g
    };
    (depth > 0.0).then_some(depth)
}

/// A sample without its radius.
fn core_of(s: &Sample) -> Sample {
    let local = match &s.local {
        Local::Sphere(_) => Local::Point,
        Local::Capsule(h, _) => Local::Segment(*h),
        other => other.clone(),
    };
    build(&local, s.pos, s.rot)
}
