//! Shared test helpers: a seeded generator, random shapes of every kind with
//! an independent f64 description of the same set (`Spec`), pose placement
//! around the touching offset, and a brute-force oracle (support functions
//! sampled densely over directions, point distances, sphere-traced rays)
//! written here without the library's geometry code.
#![allow(dead_code, unused_imports)]

pub mod heldout;
pub mod parry;
mod rng;

pub use crate::kit::Failures;
pub use rng::Rng;

use satlab::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape, ShapeKind,
    Vec2,
};
use std::f64::consts::{PI, TAU};

/// Every bounded kind, for the tests that run every ordered pair.
pub const BOUNDED_KINDS: [ShapeKind; 8] = [
    ShapeKind::Point,
    ShapeKind::Segment,
    ShapeKind::Circle,
    ShapeKind::Aabb,
    ShapeKind::Obb,
    ShapeKind::Capsule,
    ShapeKind::Polygon,
    ShapeKind::Sector,
];

/// A kind added to the library does not compile until it is placed in
/// `BOUNDED_KINDS` or named unbounded here.
const _: () = {
    #[allow(dead_code)]
    fn every_kind_placed(k: ShapeKind) {
        match k {
            ShapeKind::Point
            | ShapeKind::Segment
            | ShapeKind::Circle
            | ShapeKind::Aabb
            | ShapeKind::Obb
            | ShapeKind::Capsule
            | ShapeKind::Polygon
            | ShapeKind::Sector => {}
            ShapeKind::Ray | ShapeKind::Line => {}
        }
    }
};

/// One test per bounded kind (`<kind>_against_every_shape`, calling
/// `$row(kind)`), in the order of `BOUNDED_KINDS`, and `KINDS`: those kinds
/// (see `kit::every_kind!`). Rays and lines are unbounded: no time of
/// impact or contact manifold to compare.
macro_rules! bounded_rows {
    ($row:expr) => {
        $crate::kit::every_kind! {
            ShapeKind => $row;
            not: [Ray, Line];
            point_against_every_shape: Point,
            segment_against_every_shape: Segment,
            circle_against_every_shape: Circle,
            aabb_against_every_shape: Aabb,
            obb_against_every_shape: Obb,
            capsule_against_every_shape: Capsule,
            polygon_against_every_shape: Polygon,
            sector_against_every_shape: Sector,
        }
        #[test]
        fn rows_are_the_bounded_kinds() {
            assert_eq!(KINDS, &$crate::common::BOUNDED_KINDS[..]);
        }
    };
}
pub(crate) use bounded_rows;

/// The library's contact tolerance, restated (scene-format.md).
pub const TOL: f64 = 1e-4;

impl Rng {
    pub fn unit(&mut self) -> V {
        let a = self.range(0.0, TAU);
        V::new(a.cos(), a.sin())
    }
}

/// A small f64 vector, independent of glam.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct V {
    pub x: f64,
    pub y: f64,
}

impl V {
    pub const ZERO: V = V { x: 0.0, y: 0.0 };
    pub fn new(x: f64, y: f64) -> V {
        V { x, y }
    }
    pub fn dot(self, o: V) -> f64 {
        self.x * o.x + self.y * o.y
    }
    pub fn cross(self, o: V) -> f64 {
        self.x * o.y - self.y * o.x
    }
    pub fn len(self) -> f64 {
        self.dot(self).sqrt()
    }
    pub fn perp(self) -> V {
        V::new(-self.y, self.x)
    }
    pub fn rot(self, c: f64, s: f64) -> V {
        V::new(c * self.x - s * self.y, s * self.x + c * self.y)
    }
    pub fn from(v: Vec2) -> V {
        V::new(v.x as f64, v.y as f64)
    }
    pub fn to32(self) -> Vec2 {
        Vec2::new(self.x as f32, self.y as f32)
    }
    pub fn angle_dir(rad: f64) -> V {
        V::new(rad.cos(), rad.sin())
    }
}

impl std::ops::Add for V {
    type Output = V;
    fn add(self, o: V) -> V {
        V::new(self.x + o.x, self.y + o.y)
    }
}
impl std::ops::Sub for V {
    type Output = V;
    fn sub(self, o: V) -> V {
        V::new(self.x - o.x, self.y - o.y)
    }
}
impl std::ops::Mul<f64> for V {
    type Output = V;
    fn mul(self, k: f64) -> V {
        V::new(self.x * k, self.y * k)
    }
}
impl std::ops::Neg for V {
    type Output = V;
    fn neg(self) -> V {
        V::new(-self.x, -self.y)
    }
}

/// The same set as a `Shape`, in world f64 numbers.
#[derive(Debug, Clone, PartialEq)]
pub enum Spec {
    Point(V),
    Segment(V, V),
    /// origin, unit direction, length (None = unbounded)
    Ray(V, V, Option<f64>),
    /// point, unit direction
    Line(V, V),
    Circle(V, f64),
    /// centre, unit x axis, half-extents
    Box(V, V, V),
    /// core segment ends, radius
    Capsule(V, V, f64),
    /// apex, facing angle (rad), half-angle (rad), radius
    Sector(V, f64, f64, f64),
    /// world vertices, counter-clockwise
    Polygon(Vec<V>),
}

/// The local geometry of one random shape; `build` places it.
#[derive(Debug, Clone, PartialEq)]
pub enum Local {
    Point,
    Segment(f64),
    Ray(Option<f64>),
    Line,
    Circle(f64),
    Aabb(V),
    Obb(V),
    Capsule(f64, f64),
    Sector(f64, f64),
    Polygon(Vec<V>),
}

impl Local {
    pub fn kind(&self) -> ShapeKind {
        match self {
            Local::Point => ShapeKind::Point,
            Local::Segment(_) => ShapeKind::Segment,
            Local::Ray(_) => ShapeKind::Ray,
            Local::Line => ShapeKind::Line,
            Local::Circle(_) => ShapeKind::Circle,
            Local::Aabb(_) => ShapeKind::Aabb,
            Local::Obb(_) => ShapeKind::Obb,
            Local::Capsule(..) => ShapeKind::Capsule,
            Local::Sector(..) => ShapeKind::Sector,
            Local::Polygon(_) => ShapeKind::Polygon,
        }
    }
}

/// A shape, its local geometry and pose, and its f64 description.
#[derive(Debug, Clone)]
pub struct Sample {
    pub local: Local,
    pub pos: V,
    pub deg: f64,
    pub shape: Shape,
    pub spec: Spec,
}

/// Exact (cos, sin) for quarter turns, as the scene format promises.
fn cos_sin_deg(deg: f64) -> (f64, f64) {
    let d = deg.rem_euclid(360.0);
    if d == 0.0 {
        (1.0, 0.0)
    } else if d == 90.0 {
        (0.0, 1.0)
    } else if d == 180.0 {
        (-1.0, 0.0)
    } else if d == 270.0 {
        (0.0, -1.0)
    } else {
        (d.to_radians().cos(), d.to_radians().sin())
    }
}

/// Places local geometry at `pos` turned by `deg` (an aabb ignores `deg`).
/// The position and angle are first rounded to f32 so that the shape and the
/// spec describe the same set.
pub fn build(local: &Local, pos: V, deg: f64) -> Sample {
    let local = &round_local(local);
    let pos = V::from(pos.to32());
    let deg = if matches!(local, Local::Aabb(_)) {
        0.0
    } else {
        deg as f32 as f64
    };
    let pose = Pose::new(pos.to32(), deg as f32).expect("finite pose");
    let (c, s) = cos_sin_deg(deg);
    let ax = V::new(c, s);
    let w = |p: V| pos + p.rot(c, s);
    let (shape, spec) = match local {
        Local::Point => (Shape::Point(Point::with_pose(pose)), Spec::Point(pos)),
        Local::Segment(h) => (
            Shape::Segment(Segment::new(pose, *h as f32).expect("segment")),
            Spec::Segment(pos - ax * *h, pos + ax * *h),
        ),
        Local::Ray(len) => (
            Shape::Ray(Ray::new(pose, len.map(|l| l as f32)).expect("ray")),
            Spec::Ray(pos, ax, *len),
        ),
        Local::Line => (Shape::Line(Line::new(pose)), Spec::Line(pos, ax)),
        Local::Circle(r) => (
            Shape::Circle(Circle::new(pose, *r as f32).expect("circle")),
            Spec::Circle(pos, *r),
        ),
        Local::Aabb(h) => (
            Shape::Aabb(Aabb::new(pose, h.to32()).expect("aabb")),
            Spec::Box(pos, V::new(1.0, 0.0), *h),
        ),
        Local::Obb(h) => (
            Shape::Obb(Obb::new(pose, h.to32()).expect("obb")),
            Spec::Box(pos, ax, *h),
        ),
        Local::Capsule(h, r) => (
            Shape::Capsule(Capsule::new(pose, *h as f32, *r as f32).expect("capsule")),
            Spec::Capsule(pos - ax * *h, pos + ax * *h, *r),
        ),
        Local::Sector(r, half_deg) => (
            Shape::Sector(Sector::new(pose, *r as f32, *half_deg as f32).expect("sector")),
            Spec::Sector(pos, deg.to_radians(), half_deg.to_radians(), *r),
        ),
        Local::Polygon(vs) => {
            let v32: Vec<Vec2> = vs.iter().map(|v| v.to32()).collect();
            (
                Shape::Polygon(Polygon::new(pose, &v32).expect("polygon")),
                Spec::Polygon(vs.iter().map(|&v| w(v)).collect()),
            )
        }
    };
    Sample {
        local: local.clone(),
        pos,
        deg,
        shape,
        spec,
    }
}

/// f32 rounding, so that the library and the spec see the same numbers.
pub fn q(x: f64) -> f64 {
    x as f32 as f64
}

fn round_local(l: &Local) -> Local {
    let qv = |v: &V| V::new(q(v.x), q(v.y));
    match l {
        Local::Point => Local::Point,
        Local::Segment(h) => Local::Segment(q(*h)),
        Local::Ray(len) => Local::Ray(len.map(q)),
        Local::Line => Local::Line,
        Local::Circle(r) => Local::Circle(q(*r)),
        Local::Aabb(h) => Local::Aabb(qv(h)),
        Local::Obb(h) => Local::Obb(qv(h)),
        Local::Capsule(h, r) => Local::Capsule(q(*h), q(*r)),
        Local::Sector(r, h) => Local::Sector(q(*r), q(*h)),
        Local::Polygon(vs) => Local::Polygon(vs.iter().map(qv).collect()),
    }
}

impl Sample {
    /// The same shape moved to `pos`.
    pub fn at(&self, pos: V) -> Sample {
        build(&self.local, pos, self.deg)
    }
}

/// Random local geometry of a kind. Sizes are kept away from 0 (the
/// degenerate tests cover 0); polygons have 3 to 8 vertices on an ellipse
/// around the origin with angular gaps of at least 0.25 rad, so none is
/// collinear and the stored polygon is exactly the generated one.
pub fn random_local(kind: ShapeKind, rng: &mut Rng) -> Local {
    match kind {
        ShapeKind::Point => Local::Point,
        ShapeKind::Segment => Local::Segment(rng.range(0.1, 2.0)),
        ShapeKind::Ray => Local::Ray(if rng.chance(0.5) {
            Some(rng.range(0.5, 4.0))
        } else {
            None
        }),
        ShapeKind::Line => Local::Line,
        ShapeKind::Circle => Local::Circle(rng.range(0.1, 1.5)),
        ShapeKind::Aabb => Local::Aabb(V::new(rng.range(0.1, 1.5), rng.range(0.1, 1.5))),
        ShapeKind::Obb => Local::Obb(V::new(rng.range(0.1, 1.5), rng.range(0.1, 1.5))),
        ShapeKind::Capsule => Local::Capsule(rng.range(0.05, 1.5), rng.range(0.1, 1.0)),
        ShapeKind::Sector => {
            let special = [
                90.0, 180.0, 45.0, 135.0, 120.0, 179.5, 91.0, 20.0, 0.05, 179.95,
            ];
            let half = if rng.chance(0.3) {
                special[rng.below(special.len())]
            } else {
                rng.range(1.0, 180.0)
            };
            Local::Sector(rng.range(0.3, 2.5), half)
        }
        ShapeKind::Polygon => {
            let n = 3 + rng.below(6);
            random_polygon(rng, n)
        }
    }
}

pub fn random_polygon(rng: &mut Rng, n: usize) -> Local {
    let (rx, ry) = (rng.range(0.3, 1.6), rng.range(0.3, 1.6));
    let tilt = rng.range(0.0, PI);
    let (c, s) = (tilt.cos(), tilt.sin());
    // n angles with gaps ≥ 0.25 rad: spread the slack randomly.
    let min_gap = 0.25;
    let slack = TAU - min_gap * n as f64;
    let mut w: Vec<f64> = (0..n).map(|_| rng.range(0.05, 1.0)).collect();
    let sum: f64 = w.iter().sum();
    for x in &mut w {
        *x = min_gap + slack * *x / sum;
    }
    let mut a = rng.range(0.0, TAU);
    let mut vs = Vec::with_capacity(n);
    for gap in w {
        vs.push(V::new(rx * a.cos(), ry * a.sin()).rot(c, s));
        a += gap;
    }
    Local::Polygon(vs)
}

pub fn random_sample(kind: ShapeKind, rng: &mut Rng, pos: V) -> Sample {
    let l = random_local(kind, rng);
    build(&l, pos, rng.range(-180.0, 180.0))
}

/// A pair: A at a random pose near the origin, B placed along a random
/// direction `u` at a multiple of the touching offset `t*` (found by
/// bisection with `sep`): half the time a uniform fraction of `2 t*`, the
/// rest within ±0.5% of `t*` or within ±3e-4 world units of it, so many are
/// near touching and some fall in the contact band.
pub fn placed_pair(
    ka: ShapeKind,
    kb: ShapeKind,
    rng: &mut Rng,
    sep: &dyn Fn(&Shape, &Shape) -> bool,
) -> (Sample, Sample) {
    let pa = V::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
    let a = random_sample(ka, rng, pa);
    let lb = random_local(kb, rng);
    let deg_b = rng.range(-180.0, 180.0);
    let far = 40.0;
    for _ in 0..16 {
        let u = rng.unit();
        let b_far = build(&lb, a.pos + u * far, deg_b);
        if !sep(&a.shape, &b_far.shape) {
            continue;
        }
        let (mut lo, mut hi) = (0.0, far);
        for _ in 0..40 {
            let mid = 0.5 * (lo + hi);
            if sep(&a.shape, &build(&lb, a.pos + u * mid, deg_b).shape) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let t = hi;
        let r = rng.f();
        let off = if t < 1e-3 {
            // Shapes without area meeting at a point: the touching offset is
            // about the contact tolerance itself; spread the poses around it
            // and further out instead of piling them into the band.
            if r < 0.3 {
                rng.range(0.0, 2.0) * t
            } else {
                rng.range(0.0, 0.5)
            }
        } else if r < 0.5 {
            rng.range(0.0, 2.0) * t
        } else if r < 0.8 {
            t * (1.0 + rng.range(-5e-3, 5e-3))
        } else {
            t + rng.range(-3e-4, 3e-4)
        };
        return (a.clone(), build(&lb, a.pos + u * off.max(0.0), deg_b));
    }
    // Unbounded shapes that never separate along the tried directions.
    let b = build(&lb, a.pos + rng.unit() * rng.range(0.0, 3.0), deg_b);
    (a, b)
}

// ---------------------------------------------------------------------------
// The oracle: support functions, point distances, sampled separation.

/// A convex piece of a spec, for support functions.
#[derive(Debug, Clone)]
pub enum Convex {
    /// hull of points swept by a disc
    Hull(Vec<V>, f64),
    /// apex, facing angle, half-angle ≤ 90°, radius
    Sector(V, f64, f64, f64),
    Ray(V, V),
    Line(V, V),
}

/// Splits a spec into convex pieces; a sector wider than 90° (and below
/// 180°) becomes its two halves, at 180° a disc.
pub fn convex_pieces(s: &Spec) -> Vec<Convex> {
    match s {
        Spec::Point(p) => vec![Convex::Hull(vec![*p], 0.0)],
        Spec::Segment(a, b) => vec![Convex::Hull(vec![*a, *b], 0.0)],
        Spec::Ray(o, d, Some(l)) => vec![Convex::Hull(vec![*o, *o + *d * *l], 0.0)],
        Spec::Ray(o, d, None) => vec![Convex::Ray(*o, *d)],
        Spec::Line(p, d) => vec![Convex::Line(*p, *d)],
        Spec::Circle(c, r) => vec![Convex::Hull(vec![*c], *r)],
        Spec::Box(c, ax, h) => {
            let ay = ax.perp();
            vec![Convex::Hull(
                vec![
                    *c - *ax * h.x - ay * h.y,
                    *c + *ax * h.x - ay * h.y,
                    *c + *ax * h.x + ay * h.y,
                    *c - *ax * h.x + ay * h.y,
                ],
                0.0,
            )]
        }
        Spec::Capsule(a, b, r) => vec![Convex::Hull(vec![*a, *b], *r)],
        Spec::Sector(apex, f, h, r) => {
            if *h >= PI - 1e-12 {
                vec![Convex::Hull(vec![*apex], *r)]
            } else if *h <= PI / 2.0 + 1e-12 {
                vec![Convex::Sector(*apex, *f, *h, *r)]
            } else {
                vec![
                    Convex::Sector(*apex, f - h / 2.0, h / 2.0, *r),
                    Convex::Sector(*apex, f + h / 2.0, h / 2.0, *r),
                ]
            }
        }
        Spec::Polygon(vs) => vec![Convex::Hull(vs.clone(), 0.0)],
    }
}

/// Angle of `d` relative to `facing`, in (-π, π].
fn rel_angle(d: V, facing: f64) -> f64 {
    let a = d.y.atan2(d.x) - facing;
    let mut a = a.rem_euclid(TAU);
    if a > PI {
        a -= TAU;
    }
    a
}

impl Convex {
    /// Support value max over the piece of p·d (d unit); +∞ if unbounded.
    pub fn support(&self, d: V) -> f64 {
        match self {
            Convex::Hull(vs, r) => vs.iter().map(|v| v.dot(d)).fold(f64::MIN, f64::max) + r,
            Convex::Sector(apex, f, h, r) => {
                let e1 = *apex + V::angle_dir(f - h) * *r;
                let e2 = *apex + V::angle_dir(f + h) * *r;
                let mut m = apex.dot(d).max(e1.dot(d)).max(e2.dot(d));
                if rel_angle(d, *f).abs() <= *h {
                    m = m.max(apex.dot(d) + r);
                }
                m
            }
            Convex::Ray(o, e) => {
                if e.dot(d) > 1e-12 {
                    f64::INFINITY
                } else {
                    o.dot(d)
                }
            }
            Convex::Line(p, e) => {
                if e.dot(d).abs() > 1e-12 {
                    f64::INFINITY
                } else {
                    p.dot(d)
                }
            }
        }
    }

    /// Directions where the support function switches between finite and
    /// infinite (they must be sampled exactly).
    fn critical(&self, out: &mut Vec<f64>) {
        if let Convex::Ray(_, e) | Convex::Line(_, e) = self {
            let a = e.y.atan2(e.x);
            out.push(a + PI / 2.0);
            out.push(a - PI / 2.0);
        }
    }
}

/// Separation along the unit direction at angle `th`, from A towards B:
/// min over B of b·d − max over A of a·d (−∞ when unbounded).
fn sep_at(a: &Convex, b: &Convex, th: f64) -> f64 {
    sep_along_dir(a, b, V::angle_dir(th))
}

/// [`sep_at`] along the unit direction `d`.
fn sep_along_dir(a: &Convex, b: &Convex, d: V) -> f64 {
    let s = -b.support(-d) - a.support(d);
    if s.is_nan() {
        f64::NEG_INFINITY
    } else {
        s
    }
}

/// max over unit d of the separation: the distance when positive, minus the
/// penetration depth when negative. Dense sampling (720 directions and the
/// critical ones), then every local maximum is refined by a finer sampling
/// (32 steps across its two neighbouring intervals) and a golden-section
/// search.
pub fn max_separation(a: &Convex, b: &Convex) -> f64 {
    const N: usize = 720;
    let step = TAU / N as f64;
    let mut crit = Vec::new();
    a.critical(&mut crit);
    b.critical(&mut crit);
    // The critical directions of unbounded pieces for B are mirrored.
    let mut best = f64::NEG_INFINITY;
    let mut exact = Vec::new();
    for &c in &crit {
        for th in [c, c + PI] {
            let s = sep_at(a, b, th);
            exact.push((th, s));
            best = best.max(s);
        }
    }
    // The N sample directions, computed once for every call (the sines
    // and cosines were most of the oracle's time).
    static DIRS: std::sync::OnceLock<Vec<V>> = std::sync::OnceLock::new();
    let dirs = DIRS.get_or_init(|| (0..N).map(|k| V::angle_dir(k as f64 * step)).collect());
    let vals: Vec<f64> = dirs.iter().map(|&d| sep_along_dir(a, b, d)).collect();
    for k in 0..N {
        let (p, c, n) = (vals[(k + N - 1) % N], vals[k], vals[(k + 1) % N]);
        if c.is_finite() && c >= p && c >= n {
            best = best.max(refine(a, b, k as f64 * step, step));
        }
        best = best.max(c);
    }
    for (th, s) in exact {
        if s.is_finite() {
            best = best.max(refine(a, b, th, step));
        }
    }
    best
}

fn refine(a: &Convex, b: &Convex, th: f64, step: f64) -> f64 {
    // Finer sampling first, then golden section around the best sub-sample.
    const M: usize = 32;
    let (mut bt, mut bv) = (th, sep_at(a, b, th));
    let sub = 2.0 * step / M as f64;
    for i in 0..=M {
        let t = th - step + i as f64 * sub;
        let v = sep_at(a, b, t);
        if v > bv {
            bv = v;
            bt = t;
        }
    }
    let (mut lo, mut hi) = (bt - sub, bt + sub);
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let mut x1 = hi - g * (hi - lo);
    let mut x2 = lo + g * (hi - lo);
    let (mut f1, mut f2) = (sep_at(a, b, x1), sep_at(a, b, x2));
    for _ in 0..60 {
        if f1 < f2 {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = sep_at(a, b, x2);
        } else {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = sep_at(a, b, x1);
        }
    }
    bv.max(f1).max(f2)
}

/// The oracle's answer for two specs.
#[derive(Debug, Clone, Copy)]
pub struct Truth {
    /// Euclidean distance (0 when they intersect).
    pub distance: f64,
    /// Penetration depth when both are convex and overlap, else 0.
    pub depth: f64,
}

/// Distance (min over convex pieces) and, for convex specs, depth.
pub fn truth(a: &Spec, b: &Spec) -> Truth {
    let (pa, pb) = (convex_pieces(a), convex_pieces(b));
    let mut best = f64::NEG_INFINITY;
    let mut dist = f64::INFINITY;
    for p in &pa {
        for q in &pb {
            let s = max_separation(p, q);
            dist = dist.min(s.max(0.0));
            best = best.max(s);
        }
    }
    let depth = if pa.len() == 1 && pb.len() == 1 && best < 0.0 {
        -best
    } else {
        0.0
    };
    Truth {
        distance: dist,
        depth,
    }
}

/// Distance from a world point to a closed segment.
pub fn point_segment(p: V, a: V, b: V) -> f64 {
    let ab = b - a;
    let l2 = ab.dot(ab);
    let t = if l2 > 0.0 {
        ((p - a).dot(ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + ab * t)).len()
}

/// Distance from a world point to the spec (0 inside).
pub fn point_distance(p: V, s: &Spec) -> f64 {
    match s {
        Spec::Point(q) => (p - *q).len(),
        Spec::Segment(a, b) => point_segment(p, *a, *b),
        Spec::Ray(o, d, len) => {
            let t = (p - *o).dot(*d).max(0.0);
            let t = len.map_or(t, |l| t.min(l));
            (p - (*o + *d * t)).len()
        }
        Spec::Line(q, d) => (p - *q).cross(*d).abs(),
        Spec::Circle(c, r) => ((p - *c).len() - r).max(0.0),
        Spec::Box(c, ax, h) => {
            let l = p - *c;
            let (x, y) = (l.dot(*ax), l.dot(ax.perp()));
            let dx = (x.abs() - h.x).max(0.0);
            let dy = (y.abs() - h.y).max(0.0);
            (dx * dx + dy * dy).sqrt()
        }
        Spec::Capsule(a, b, r) => (point_segment(p, *a, *b) - r).max(0.0),
        Spec::Sector(apex, f, h, r) => {
            let l = p - *apex;
            let ang = rel_angle(l, *f);
            if l.len() <= *r && (ang.abs() <= *h || l.len() == 0.0) {
                return 0.0;
            }
            let e1 = *apex + V::angle_dir(f - h) * *r;
            let e2 = *apex + V::angle_dir(f + h) * *r;
            let mut m = point_segment(p, *apex, e1).min(point_segment(p, *apex, e2));
            if ang.abs() <= *h {
                m = m.min((l.len() - r).abs());
            }
            m
        }
        Spec::Polygon(vs) => {
            let n = vs.len();
            let inside = (0..n).all(|i| (vs[(i + 1) % n] - vs[i]).cross(p - vs[i]) >= 0.0);
            if inside {
                return 0.0;
            }
            (0..n)
                .map(|i| point_segment(p, vs[i], vs[(i + 1) % n]))
                .fold(f64::INFINITY, f64::min)
        }
    }
}

/// True when the spec has area (its interior is not empty in general).
pub fn has_area(s: &Spec) -> bool {
    matches!(
        s,
        Spec::Circle(..) | Spec::Box(..) | Spec::Capsule(..) | Spec::Sector(..) | Spec::Polygon(_)
    )
}

/// Sphere tracing: the first `t` in `[0, max_t]` where the ray from `o`
/// along unit `d` comes within `eps` of the spec (the point distance is
/// 1-Lipschitz along the ray, so no step skips a hit), and the least
/// distance seen along the way when it misses.
pub fn trace(o: V, d: V, max_t: f64, s: &Spec, eps: f64) -> (Option<f64>, f64) {
    let mut t = 0.0;
    let mut least = f64::INFINITY;
    for _ in 0..200_000 {
        let dist = point_distance(o + d * t, s);
        least = least.min(dist);
        if dist <= eps {
            return (Some(t), least);
        }
        t += dist.max(eps * 0.5);
        if t > max_t {
            let end = point_distance(o + d * max_t, s);
            least = least.min(end);
            return (if end <= eps { Some(max_t) } else { None }, least);
        }
    }
    (None, least)
}

/// Every kind.
pub const KINDS: [ShapeKind; 10] = ShapeKind::ALL;
