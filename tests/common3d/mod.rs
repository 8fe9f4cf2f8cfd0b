//! Shared helpers for the 3D tests: a seeded generator, random shapes of
//! every 3D kind with the same set described for parry3d (converted at the
//! boundary: parry uses another glam), and pair placement around the
//! touching offset.
#![allow(dead_code)]

use parry3d::math::{Pose as PPose, Vector as PVec};
use parry3d::shape::{Ball, ConvexPolyhedron, Cuboid, Segment as PSegment, SharedShape, Triangle};
use satlab::geom3d::{
    Aabb3, Capsule3, Hull3, Obb3, Point3, Pose3, Quat, Ray3Shape, Segment3, Shape3, ShapeKind3,
    Sphere, Triangle3, Vec3,
};

/// The library's contact tolerance, restated (scene-format.md).
pub const TOL: f64 = 1e-4;

/// SplitMix64: small, seeded, reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn f(&mut self) -> f64 {
        (self.u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.f()
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.u64() % n as u64) as usize
    }
    pub fn chance(&mut self, p: f64) -> bool {
        self.f() < p
    }
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
    let pose = |kind| Pose3::new(kind, pos, rot).expect("valid pose");
    let shape = match local {
        Local::Point => Shape3::Point(Point3::new(pose("point"))),
        Local::Segment(h) => Shape3::Segment(Segment3::new(pose("segment"), *h).unwrap()),
        Local::Ray(l) => Shape3::Ray(Ray3Shape::new(pose("ray"), *l).unwrap()),
        Local::Sphere(r) => Shape3::Sphere(Sphere::new(pose("sphere"), *r).unwrap()),
        Local::Aabb(h) => Shape3::Aabb(Aabb3::new(Pose3::at(pos), *h).unwrap()),
        Local::Obb(h) => Shape3::Obb(Obb3::new(pose("obb"), *h).unwrap()),
        Local::Capsule(h, r) => Shape3::Capsule(Capsule3::new(pose("capsule"), *h, *r).unwrap()),
        Local::Triangle(v) => Shape3::Triangle(Triangle3::new(pose("triangle"), *v).unwrap()),
        Local::Hull(p) => Shape3::Hull(Hull3::new(pose("hull"), p, false).unwrap()),
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
pub const RAY_CUT: f32 = 1000.0;

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
    let core = match parry3d::query::contact(&pa, &*ga.0, &pb, &*gb.0, 0.0).expect("supported") {
        Some(c) if c.dist < 0.0 => c.dist as f64,
        _ => {
            parry3d::query::distance(&pa, &*ga.0, &pb, &*gb.0)
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
    let (mut lo, mut hi) = (0.0f64, 12.0f64);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if parry_signed(&a, &b0.at(a.pos + u * mid as f32)) > 0.0 {
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

/// Collects failures with a cap on how many are printed.
pub struct Failures {
    name: String,
    count: usize,
    total: usize,
    shown: Vec<String>,
}

impl Failures {
    pub fn new(name: &str) -> Failures {
        Failures {
            name: name.into(),
            count: 0,
            total: 0,
            shown: Vec::new(),
        }
    }
    pub fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        self.total += 1;
        if !ok {
            self.count += 1;
            if self.shown.len() < 8 {
                self.shown.push(msg());
            }
        }
    }
    pub fn finish(self) {
        assert!(
            self.count == 0,
            "{}: {} of {} checks failed:\n{}",
            self.name,
            self.count,
            self.total,
            self.shown.join("\n")
        );
    }
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

fn norm(u: [f64; 3]) -> [f64; 3] {
    let l = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
    [u[0] / l, u[1] / l, u[2] / l]
}

/// Independent signed distance by support-function duality, in f64: for
/// convex `A`, `B` the signed distance is `max over unit u` of the gap
/// `−h_A(u) − h_B(−u)`... evaluated as `min_B(u) − max_A(u) − rA − rB`
/// when separated, and the depth is `min over u` of the overlap
/// `max(max_A(u) − min_B(u), max_B(u) − min_A(u)) + rA + rB` when not.
/// Sampled over 4,000 directions, then refined by a shrinking local search.
pub fn oracle_signed(a: &Sample, b: &Sample) -> f64 {
    let (pa, ra) = points_f64(a);
    let (pb, rb) = points_f64(b);
    let gap = |u: [f64; 3]| {
        let m = [-u[0], -u[1], -u[2]];
        // min_B(u) = -h_B(-u), max_A(u) = h_A(u); and the other way round.
        let g1 = -support(&pb, m) - support(&pa, u);
        let g2 = -support(&pa, m) - support(&pb, u);
        g1.max(g2) - ra - rb
    };
    let mut rng = Rng(0x0_4AC1E);
    let mut best = [1.0, 0.0, 0.0];
    let mut bg = f64::NEG_INFINITY;
    for _ in 0..4000 {
        let v = rng.unit();
        let u = [v.x as f64, v.y as f64, v.z as f64];
        let g = gap(u);
        if g > bg {
            bg = g;
            best = u;
        }
    }
    let mut step = 0.05;
    while step > 1e-10 {
        let mut improved = false;
        for _ in 0..24 {
            let v = rng.unit();
            let u = norm([
                best[0] + step * v.x as f64,
                best[1] + step * v.y as f64,
                best[2] + step * v.z as f64,
            ]);
            let g = gap(u);
            if g > bg {
                bg = g;
                best = u;
                improved = true;
            }
        }
        if !improved {
            step *= 0.5;
        }
    }
    bg
}
