//! Held-out-style random inputs (issue 15), shared by the tests and
//! `benches/queries.rs` (which includes this file by path): irregular convex
//! hulls of 3–16 vertices of aspect 1–8, thin boxes of aspect 10–30, long
//! and short capsules, segments, circles and sectors, at log-uniform scales
//! 0.05–20, positions within ±1000, any rotation; B placed along a random
//! direction at a random fraction in [0, 2) of the touching offset, so
//! about half the pairs intersect.
//!
//! Self-contained on purpose (only `satlab` types): the bench cannot see the
//! rest of `tests/common`.
#![allow(dead_code)]

use satlab::geom::{Capsule, Circle, Obb, Polygon, Pose, Sector, Segment, Shape, Vec2};

/// The shared seeded source (`tests/common/rng.rs`, which the including
/// crate brings in as `Rng`).
pub(crate) use super::Rng as HRng;

/// The kinds of the held-out families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HKind {
    Polygon,
    Box,
    Capsule,
    Circle,
    Segment,
    Sector,
}

impl HKind {
    pub fn name(self) -> &'static str {
        match self {
            HKind::Polygon => "polygon",
            HKind::Box => "box",
            HKind::Capsule => "capsule",
            HKind::Circle => "circle",
            HKind::Segment => "segment",
            HKind::Sector => "sector",
        }
    }
}

/// The five kinds parry2d also has.
pub const HKINDS: [HKind; 5] = [
    HKind::Polygon,
    HKind::Box,
    HKind::Capsule,
    HKind::Circle,
    HKind::Segment,
];

/// The 15 unordered pairs among [`HKINDS`].
pub fn unordered_pairs() -> Vec<(HKind, HKind)> {
    let mut v = Vec::new();
    for (i, &a) in HKINDS.iter().enumerate() {
        for &b in &HKINDS[i..] {
            v.push((a, b));
        }
    }
    v
}

/// Local geometry (f32, as the library stores it).
#[derive(Clone, Debug, PartialEq)]
pub enum HGeo {
    /// Counter-clockwise hull vertices around the local origin.
    Polygon(Vec<Vec2>),
    /// Half-extents.
    Box(Vec2),
    /// Half-length, radius.
    Capsule(f32, f32),
    Circle(f32),
    /// Half-length.
    Segment(f32),
    /// Radius, half-angle in degrees.
    Sector(f32, f32),
}

/// One placed shape: its local geometry, pose and the library's shape.
#[derive(Clone, Debug)]
pub struct HShape {
    pub geo: HGeo,
    pub pos: Vec2,
    pub deg: f32,
    pub shape: Shape,
}

/// Convex hull (Andrew's monotone chain, f64), counter-clockwise, without
/// collinear points.
fn hull(mut pts: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    pts.sort_by(|a, b| a.partial_cmp(b).expect("finite points"));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut h: Vec<(f64, f64)> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = h.len();
        let it: Box<dyn Iterator<Item = &(f64, f64)>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in it {
            while h.len() >= start + 2 && cross(h[h.len() - 2], h[h.len() - 1], p) <= 0.0 {
                h.pop();
            }
            h.push(p);
        }
        h.pop();
    }
    h
}

/// Hull of 6–40 random points in an ellipse of aspect 1–8 and semi-major
/// axis `s`, kept when it has 3–16 vertices and the library accepts it as
/// it is (no vertex dropped).
fn random_hull(rng: &mut HRng, s: f64) -> Vec<Vec2> {
    loop {
        let aspect = rng.range(1.0, 8.0);
        let tilt = rng.range(0.0, std::f64::consts::PI);
        let (c, si) = (tilt.cos(), tilt.sin());
        let k = 6 + rng.below(35);
        let pts: Vec<(f64, f64)> = (0..k)
            .map(|_| {
                let a = rng.range(0.0, std::f64::consts::TAU);
                let r = rng.f().sqrt();
                let (x, y) = (s * r * a.cos(), s / aspect * r * a.sin());
                (c * x - si * y, si * x + c * y)
            })
            .collect();
        let h = hull(pts);
        if !(3..=16).contains(&h.len()) {
            continue;
        }
        let v: Vec<Vec2> = h
            .iter()
            .map(|&(x, y)| Vec2::new(x as f32, y as f32))
            .collect();
        let ok = Polygon::new(Pose::default(), &v)
            .map(|p| p.local_vertices().len() == v.len())
            .unwrap_or(false);
        if ok {
            return v;
        }
    }
}

/// Random local geometry of `kind` at a log-uniform scale in 0.05–20.
pub fn random_geo(kind: HKind, rng: &mut HRng) -> HGeo {
    let s = rng.log_range(0.05, 20.0);
    match kind {
        HKind::Polygon => HGeo::Polygon(random_hull(rng, s)),
        HKind::Box => {
            let aspect = rng.range(10.0, 30.0);
            HGeo::Box(Vec2::new(s as f32, (s / aspect) as f32))
        }
        HKind::Capsule => {
            if rng.f() < 0.5 {
                // Long: radius 1/5–1/20 of the half-length.
                HGeo::Capsule(s as f32, (s / rng.range(5.0, 20.0)) as f32)
            } else {
                // Short: half-length 0.1–0.5 of the radius.
                HGeo::Capsule((s * rng.range(0.1, 0.5)) as f32, s as f32)
            }
        }
        HKind::Circle => HGeo::Circle(s as f32),
        HKind::Segment => HGeo::Segment(s as f32),
        HKind::Sector => HGeo::Sector(s as f32, rng.range(10.0, 170.0) as f32),
    }
}

/// The library's shape for `geo` at `pos` turned by `deg`.
pub fn place(geo: &HGeo, pos: Vec2, deg: f32) -> HShape {
    let pose = Pose::new(pos, deg).expect("finite pose");
    let shape = match geo {
        HGeo::Polygon(v) => Polygon::new(pose, v).map(Shape::Polygon),
        HGeo::Box(h) => Obb::new(pose, *h).map(Shape::Obb),
        HGeo::Capsule(l, r) => Capsule::new(pose, *l, *r).map(Shape::Capsule),
        HGeo::Circle(r) => Circle::new(pose, *r).map(Shape::Circle),
        HGeo::Segment(l) => Segment::new(pose, *l).map(Shape::Segment),
        HGeo::Sector(r, h) => Sector::new(pose, *r, *h).map(Shape::Sector),
    }
    .expect("valid held-out shape");
    HShape {
        geo: geo.clone(),
        pos,
        deg,
        shape,
    }
}

/// The farthest any point of `geo` is from its local origin.
pub fn reach(geo: &HGeo) -> f32 {
    match geo {
        HGeo::Polygon(v) => v.iter().map(|p| p.length()).fold(0.0, f32::max),
        HGeo::Box(h) => h.length(),
        HGeo::Capsule(l, r) => l + r,
        HGeo::Circle(r) | HGeo::Sector(r, _) => *r,
        HGeo::Segment(l) => *l,
    }
}

/// A pair of `ka` and `kb`: A within ±`spread` of the origin (1000 for the
/// held-out inputs), B along a random direction at a random fraction in
/// [0, 2) of the touching offset, found by bisection on `separated`.
pub fn pair(
    ka: HKind,
    kb: HKind,
    rng: &mut HRng,
    spread: f32,
    separated: &dyn Fn(&Shape, &Shape) -> bool,
) -> (HShape, HShape) {
    let (ga, gb) = (random_geo(ka, rng), random_geo(kb, rng));
    let pos = Vec2::new(
        rng.range(-1.0, 1.0) as f32 * spread,
        rng.range(-1.0, 1.0) as f32 * spread,
    );
    let a = place(&ga, pos, rng.range(-180.0, 180.0) as f32);
    let deg_b = rng.range(-180.0, 180.0) as f32;
    let t = rng.range(0.0, std::f64::consts::TAU);
    let u = Vec2::new(t.cos() as f32, t.sin() as f32);
    let at = |s: f32| place(&gb, pos + u * s, deg_b);
    let (mut lo, mut hi) = (0.0f32, reach(&ga) + reach(&gb) + 1e-2);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if separated(&a.shape, &at(mid).shape) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let off = hi * rng.range(0.0, 2.0) as f32;
    (a, at(off))
}

/// `n` pairs of `ka` and `kb` from `seed` (see [`pair`]).
pub fn pairs(
    ka: HKind,
    kb: HKind,
    seed: u64,
    n: usize,
    spread: f32,
    separated: &dyn Fn(&Shape, &Shape) -> bool,
) -> Vec<(HShape, HShape)> {
    let mut rng = HRng(seed);
    (0..n)
        .map(|_| pair(ka, kb, &mut rng, spread, separated))
        .collect()
}

/// The same-size convex polygon of a sector (apex and nine points of its
/// arc, hulled), at the sector's pose: what a sector's times are set beside.
pub fn sector_as_polygon(s: &HShape) -> Option<HShape> {
    let HGeo::Sector(r, half) = s.geo else {
        return None;
    };
    let (r, h) = (r as f64, (half as f64).to_radians());
    let mut pts = vec![(0.0, 0.0)];
    for i in 0..9 {
        let a = -h + 2.0 * h * i as f64 / 8.0;
        pts.push((r * a.cos(), r * a.sin()));
    }
    let v: Vec<Vec2> = hull(pts)
        .iter()
        .map(|&(x, y)| Vec2::new(x as f32, y as f32))
        .collect();
    Polygon::new(Pose::new(s.pos, s.deg).ok()?, &v)
        .ok()
        .map(|p| HShape {
            geo: HGeo::Polygon(p.local_vertices().to_vec()),
            pos: s.pos,
            deg: s.deg,
            shape: Shape::Polygon(p),
        })
}
