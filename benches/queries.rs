//! satlab against parry2d 0.31, in the same run on the same inputs (issue 2,
//! "How fast").
//!
//! Every benchmark walks the same 1,024 random pairs per sample (fixed seed),
//! so criterion's time per iteration divided by 1,024 is the time per pair
//! (`Throughput::Elements(1024)` prints it as a rate). Pairs are drawn as the
//! issue says: A at a random pose, B along a random direction `u` at a random
//! fraction in [0, 2) of the touching offset along `u` (found by bisection on
//! parry's distance), so about half intersect.
//!
//! parry2d uses glam 0.33 through `glamx`; inputs are converted once, at
//! setup, and the rotation is carried over as the same `(cos, sin)` pair so
//! both libraries see the same numbers.
//!
//! The `heldout_*` groups use the held-out-style inputs of issue 15
//! (`tests/common/heldout.rs`, shared with the tests): irregular hulls of
//! 3–16 vertices, thin boxes, long and short capsules, segments and sectors,
//! scales 0.05–20, positions within ±1000, about half intersecting. Their
//! setup prints how many pairs each pretest of `intersects` decided.
//!
//! Run: `cargo bench --bench queries -- --warm-up-time 1 --measurement-time 3`
//! (one group: add its name, e.g. `heldout_intersects`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use parry2d::math::{Pose as PPose, Rotation as PRot, Vector as PVec};
use parry2d::query::{self as pq, Ray as PRay};
use parry2d::shape::{self as ps, Shape as PShape};
use satlab::geom::{
    self, Capsule, Circle, Obb, Polygon, Pose, Ray2, SatReport, Segment, Shape, Vec2,
};
use std::hint::black_box;

#[path = "../tests/common/heldout.rs"]
mod heldout;
use heldout::{HGeo, HKind, HShape};

/// Pairs per benchmark and per sample.
const N: usize = 1024;
const SEED: u64 = 0x5a71_ab00_2026_0002;

/// splitmix64: small, fixed, good enough for poses.
#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

impl Rng {
    fn dir(&mut self) -> Vec2 {
        let a = self.range_f32(0.0, std::f32::consts::TAU);
        Vec2::new(a.cos(), a.sin())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Box,
    Circle,
    Capsule,
    Gon8,
    Segment,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Box => "box",
            Kind::Circle => "circle",
            Kind::Capsule => "capsule",
            Kind::Gon8 => "8gon",
            Kind::Segment => "segment",
        }
    }
}

/// Local geometry of one shape, shared by both libraries.
#[derive(Clone, Copy)]
enum Geo {
    Box(Vec2),
    Circle(f32),
    /// Half-length, radius.
    Capsule(f32, f32),
    /// Circumradius.
    Gon8(f32),
    /// Half-length.
    Segment(f32),
}

fn random_geo(kind: Kind, rng: &mut Rng) -> Geo {
    match kind {
        Kind::Box => Geo::Box(Vec2::new(rng.range_f32(0.5, 2.0), rng.range_f32(0.5, 2.0))),
        Kind::Circle => Geo::Circle(rng.range_f32(0.5, 2.0)),
        Kind::Capsule => Geo::Capsule(rng.range_f32(0.5, 2.0), rng.range_f32(0.25, 1.0)),
        Kind::Gon8 => Geo::Gon8(rng.range_f32(0.5, 2.0)),
        Kind::Segment => Geo::Segment(rng.range_f32(0.5, 2.0)),
    }
}

/// An upper bound of the distance from the local origin to the shape.
fn reach(g: Geo) -> f32 {
    match g {
        Geo::Box(h) => h.length(),
        Geo::Circle(r) => r,
        Geo::Capsule(l, r) => l + r,
        Geo::Gon8(r) => r,
        Geo::Segment(l) => l,
    }
}

fn satlab_shape(g: Geo, pose: Pose) -> Shape {
    let r = match g {
        Geo::Box(h) => Obb::new(pose, h).map(Shape::Obb),
        Geo::Circle(r) => Circle::new(pose, r).map(Shape::Circle),
        Geo::Capsule(l, r) => Capsule::new(pose, l, r).map(Shape::Capsule),
        Geo::Gon8(r) => Polygon::regular(pose, 8, r).map(Shape::Polygon),
        Geo::Segment(l) => Segment::new(pose, l).map(Shape::Segment),
    };
    r.expect("valid bench shape")
}

fn pv(v: Vec2) -> PVec {
    PVec::new(v.x, v.y)
}

/// The same shape for parry, built from satlab's local geometry (the 8-gon
/// from satlab's own local vertices).
fn parry_shape(g: Geo, s: &Shape) -> Box<dyn PShape> {
    match (g, s) {
        (Geo::Box(h), _) => Box::new(ps::Cuboid::new(pv(h))),
        (Geo::Circle(r), _) => Box::new(ps::Ball::new(r)),
        (Geo::Capsule(l, r), _) => Box::new(ps::Capsule::new_x(l, r)),
        (Geo::Gon8(_), Shape::Polygon(p)) => Box::new(
            ps::ConvexPolygon::from_convex_polyline(
                p.local_vertices().iter().map(|v| pv(*v)).collect(),
            )
            .expect("valid 8-gon"),
        ),
        (Geo::Segment(l), _) => Box::new(ps::Segment::new(PVec::new(-l, 0.0), PVec::new(l, 0.0))),
        _ => unreachable!("8-gon geometry without a polygon"),
    }
}

/// The parry pose with exactly satlab's position and `(cos, sin)`.
fn parry_pose(p: &Pose) -> PPose {
    let r = p.rot();
    PPose::from_parts(pv(p.position()), PRot::from_cos_sin_unchecked(r.x, r.y))
}

/// One pair in both libraries' terms.
struct Pair {
    a: Shape,
    b: Shape,
    pa: PPose,
    ga: Box<dyn PShape>,
    pb: PPose,
    gb: Box<dyn PShape>,
}

fn parry_dist(pa: &PPose, ga: &dyn PShape, pb: &PPose, gb: &dyn PShape) -> f32 {
    pq::distance(pa, ga, pb, gb)
        .expect("parry supports the pair")
        .distance
}

/// 1,024 pairs of `ka` and `kb`, about half intersecting.
fn make_pairs(ka: Kind, kb: Kind, rng: &mut Rng) -> Vec<Pair> {
    (0..N)
        .map(|_| {
            let (g1, g2) = (random_geo(ka, rng), random_geo(kb, rng));
            let pos = Vec2::new(rng.range_f32(-50.0, 50.0), rng.range_f32(-50.0, 50.0));
            let pose_a = Pose::new(pos, rng.range_f32(-180.0, 180.0)).expect("finite");
            let deg_b = rng.range_f32(-180.0, 180.0);
            let u = rng.dir();
            let a = satlab_shape(g1, pose_a);
            let (pa, ga) = (parry_pose(&pose_a), parry_shape(g1, &a));
            // Touching offset along u: B centred on A's position intersects,
            // B farther than both reaches does not; the set of intersecting
            // offsets is an interval (A ⊕ −B is convex), so bisect.
            let place = |s: f32| Pose::new(pos + u * s, deg_b).expect("finite");
            let gb_probe = parry_shape(g2, &satlab_shape(g2, place(0.0)));
            let (mut lo, mut hi) = (0.0f32, reach(g1) + reach(g2) + 1.0);
            for _ in 0..40 {
                let mid = 0.5 * (lo + hi);
                if parry_dist(&pa, &*ga, &parry_pose(&place(mid)), &*gb_probe) > 0.0 {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let touch = 0.5 * (lo + hi);
            let pose_b = place(touch * rng.range_f32(0.0, 2.0));
            let b = satlab_shape(g2, pose_b);
            let (pb, gb) = (parry_pose(&pose_b), parry_shape(g2, &b));
            Pair {
                a,
                b,
                pa,
                ga,
                pb,
                gb,
            }
        })
        .collect()
}

/// Prints how many pairs intersect and whether the two libraries agree.
fn summary(label: &str, pairs: &[Pair]) {
    let ours = pairs
        .iter()
        .filter(|p| geom::intersects(&p.a, &p.b))
        .count();
    let differ = pairs
        .iter()
        .filter(|p| {
            let theirs = pq::intersection_test(&p.pa, &*p.ga, &p.pb, &*p.gb)
                .expect("parry supports the pair")
                .intersecting;
            theirs != geom::intersects(&p.a, &p.b)
        })
        .count();
    eprintln!(
        "{label}: {ours}/{N} pairs intersect; verdicts differ from parry on {differ} \
         (contact tolerance 1e-4 vs parry's exact test)"
    );
}

const INTERSECT_PAIRS: [(Kind, Kind); 9] = [
    (Kind::Box, Kind::Box),
    (Kind::Circle, Kind::Box),
    (Kind::Circle, Kind::Capsule),
    (Kind::Capsule, Kind::Capsule),
    (Kind::Box, Kind::Capsule),
    (Kind::Circle, Kind::Gon8),
    (Kind::Gon8, Kind::Gon8),
    (Kind::Circle, Kind::Circle),
    (Kind::Segment, Kind::Circle),
];

fn bench_intersects(c: &mut Criterion) {
    let mut rng = Rng(SEED);
    let mut group = c.benchmark_group("intersects");
    group.throughput(Throughput::Elements(N as u64));
    for (ka, kb) in INTERSECT_PAIRS {
        let pairs = make_pairs(ka, kb, &mut rng);
        let label = format!("{}-{}", ka.name(), kb.name());
        summary(&label, &pairs);
        pretest_counts(&label, &shape_pairs(&pairs));
        group.bench_function(BenchmarkId::new("satlab", &label), |bch| {
            bch.iter(|| {
                let mut hits = 0u32;
                for p in &pairs {
                    hits += geom::intersects(black_box(&p.a), black_box(&p.b)) as u32;
                }
                hits
            })
        });
        bench_parry_intersects(&mut group, &label, &pairs);
    }
    group.finish();
}

fn bench_polygon_queries(c: &mut Criterion) {
    let mut rng = Rng(SEED ^ 0x8);
    let pairs = make_pairs(Kind::Gon8, Kind::Gon8, &mut rng);
    summary("8gon-8gon (sat/distance)", &pairs);
    report_and_distance(c, "", "8gon-8gon", &pairs);
}

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// parry's `intersection_test` on every pair.
fn bench_parry_intersects(group: &mut Group<'_>, label: &str, pairs: &[Pair]) {
    group.bench_function(BenchmarkId::new("parry", label), |bch| {
        bch.iter(|| {
            let mut hits = 0u32;
            for p in pairs {
                let r = pq::intersection_test(
                    black_box(&p.pa),
                    black_box(&*p.ga),
                    black_box(&p.pb),
                    black_box(&*p.gb),
                );
                hits += matches!(r, Ok(i) if i.intersecting) as u32;
            }
            hits
        })
    });
}

/// parry's `contact` (prediction 0) on every pair: what the SAT report and
/// `penetration` are set beside.
fn bench_parry_contact(group: &mut Group<'_>, label: &str, pairs: &[Pair]) {
    group.bench_function(BenchmarkId::new("parry", label), |bch| {
        bch.iter(|| {
            let mut sum = 0.0f32;
            for p in pairs {
                let r = pq::contact(
                    black_box(&p.pa),
                    black_box(&*p.ga),
                    black_box(&p.pb),
                    black_box(&*p.gb),
                    0.0,
                );
                if let Ok(Some(c)) = black_box(r) {
                    sum += c.dist;
                }
            }
            sum
        })
    });
}

/// The groups `{prefix}sat_report` (the full report against parry's
/// `contact`) and `{prefix}distance` on `pairs`.
fn report_and_distance(c: &mut Criterion, prefix: &str, label: &str, pairs: &[Pair]) {
    let mut group = c.benchmark_group(format!("{prefix}sat_report"));
    group.throughput(Throughput::Elements(N as u64));
    let mut report = SatReport::default();
    group.bench_function(BenchmarkId::new("satlab", label), |bch| {
        bch.iter(|| {
            let mut hits = 0u32;
            for p in pairs {
                report.compute(black_box(&p.a), black_box(&p.b));
                hits += black_box(&report).intersects as u32;
            }
            hits
        })
    });
    bench_parry_contact(&mut group, label, pairs);
    group.finish();

    let mut group = c.benchmark_group(format!("{prefix}distance"));
    group.throughput(Throughput::Elements(N as u64));
    group.bench_function(BenchmarkId::new("satlab", label), |bch| {
        bch.iter(|| {
            let mut sum = 0.0f32;
            for p in pairs {
                sum += black_box(geom::distance(black_box(&p.a), black_box(&p.b))).distance;
            }
            sum
        })
    });
    group.bench_function(BenchmarkId::new("parry", label), |bch| {
        bch.iter(|| {
            let mut sum = 0.0f32;
            for p in pairs {
                let r = pq::distance(
                    black_box(&p.pa),
                    black_box(&*p.ga),
                    black_box(&p.pb),
                    black_box(&*p.gb),
                );
                sum += black_box(r).map_or(0.0, |d| d.distance);
            }
            sum
        })
    });
    group.finish();
}

/// One shape and one ray in both libraries' terms.
struct RayCase {
    shape: Shape,
    ray: Ray2,
    pose: PPose,
    g: Box<dyn PShape>,
    pray: PRay,
}

/// Max ray length for both libraries.
const MAX_T: f32 = 100.0;

/// 1,024 rays at shapes of `kind`: the origin 3.5 to 6 units from the
/// shape's centre (outside it), aimed at a random point within 3 units of
/// the centre, so about half hit.
fn make_rays(kind: Kind, rng: &mut Rng) -> Vec<RayCase> {
    (0..N)
        .map(|_| {
            let g = random_geo(kind, rng);
            let pos = Vec2::new(rng.range_f32(-50.0, 50.0), rng.range_f32(-50.0, 50.0));
            let pose = Pose::new(pos, rng.range_f32(-180.0, 180.0)).expect("finite");
            let shape = satlab_shape(g, pose);
            let origin = pos + rng.dir() * rng.range_f32(3.5, 6.0);
            let aim = pos + rng.dir() * rng.range_f32(0.0, 3.0);
            let ray = Ray2::new(origin, aim - origin, MAX_T).expect("valid ray");
            RayCase {
                g: parry_shape(g, &shape),
                pose: parry_pose(&pose),
                pray: PRay::new(pv(ray.origin), pv(ray.dir)),
                shape,
                ray,
            }
        })
        .collect()
}

fn bench_raycast(c: &mut Criterion) {
    let mut rng = Rng(SEED ^ 0x4a);
    let mut group = c.benchmark_group("raycast");
    group.throughput(Throughput::Elements(N as u64));
    for kind in [Kind::Box, Kind::Circle, Kind::Gon8] {
        let cases = make_rays(kind, &mut rng);
        let ours = cases
            .iter()
            .filter(|r| geom::raycast(&r.ray, &r.shape).is_some())
            .count();
        let differ = cases
            .iter()
            .filter(|r| {
                let theirs = r.g.cast_ray(&r.pose, &r.pray, MAX_T, true).is_some();
                theirs != geom::raycast(&r.ray, &r.shape).is_some()
            })
            .count();
        eprintln!(
            "ray-{}: {ours}/{N} rays hit; verdicts differ from parry on {differ}",
            kind.name()
        );
        let label = format!("ray-{}", kind.name());
        group.bench_function(BenchmarkId::new("satlab", &label), |bch| {
            bch.iter(|| {
                let mut sum = 0.0f32;
                for r in &cases {
                    if let Some(h) = geom::raycast(black_box(&r.ray), black_box(&r.shape)) {
                        sum += h.t + h.normal.x;
                    }
                }
                sum
            })
        });
        group.bench_function(BenchmarkId::new("parry", &label), |bch| {
            bch.iter(|| {
                let mut sum = 0.0f32;
                for r in &cases {
                    if let Some(h) = black_box(&*r.g).cast_ray_and_get_normal(
                        black_box(&r.pose),
                        black_box(&r.pray),
                        MAX_T,
                        true,
                    ) {
                        sum += h.time_of_impact + h.normal.x;
                    }
                }
                sum
            })
        });
    }
    group.finish();
}

// ---------------------------------------------------------------------------
// Held-out-style inputs (issue 15).

const HELDOUT_SEED: u64 = 0x15_2026_1123;

/// parry's shape for held-out geometry; `None` for a sector (parry has none).
fn parry_heldout(g: &HGeo) -> Option<Box<dyn PShape>> {
    Some(match g {
        HGeo::Polygon(v) => Box::new(
            ps::ConvexPolygon::from_convex_polyline(v.iter().map(|p| pv(*p)).collect())
                .expect("valid hull"),
        ),
        HGeo::Box(h) => Box::new(ps::Cuboid::new(pv(*h))),
        HGeo::Capsule(l, r) => Box::new(ps::Capsule::new_x(*l, *r)),
        HGeo::Circle(r) => Box::new(ps::Ball::new(*r)),
        HGeo::Segment(l) => Box::new(ps::Segment::new(PVec::new(-l, 0.0), PVec::new(*l, 0.0))),
        HGeo::Sector(..) => return None,
    })
}

fn to_pair(a: &HShape, b: &HShape) -> Option<Pair> {
    Some(Pair {
        pa: parry_pose(a.shape.pose()),
        ga: parry_heldout(&a.geo)?,
        pb: parry_pose(b.shape.pose()),
        gb: parry_heldout(&b.geo)?,
        a: a.shape.clone(),
        b: b.shape.clone(),
    })
}

fn heldout_separated(a: &Shape, b: &Shape) -> bool {
    !geom::intersects(a, b)
}

/// 1,024 held-out-style pairs of `ka` and `kb` (both kinds parry has).
fn heldout_pairs(ka: HKind, kb: HKind, seed: u64) -> Vec<Pair> {
    heldout::pairs(ka, kb, seed, N, 1000.0, &heldout_separated)
        .iter()
        .map(|(a, b)| to_pair(a, b).expect("kinds parry has"))
        .collect()
}

/// Prints how many of `pairs` each pretest of `intersects` decided.
fn pretest_counts(label: &str, pairs: &[(Shape, Shape)]) {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for (a, b) in pairs {
        let name = geom::decided_by(a, b);
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some(c) => c.1 += 1,
            None => counts.push((name, 1)),
        }
    }
    let list: Vec<String> = counts.iter().map(|(n, c)| format!("{n} {c}")).collect();
    eprintln!("{label}: decided by: {}", list.join(", "));
}

fn shape_pairs(pairs: &[Pair]) -> Vec<(Shape, Shape)> {
    pairs.iter().map(|p| (p.a.clone(), p.b.clone())).collect()
}

fn bench_sat_pair(group: &mut Group<'_>, name: &str, label: &str, pairs: &[(Shape, Shape)]) {
    group.bench_function(BenchmarkId::new(name, label), |bch| {
        bch.iter(|| {
            let mut hits = 0u32;
            for (a, b) in pairs {
                hits += geom::intersects(black_box(a), black_box(b)) as u32;
            }
            hits
        })
    });
}

fn bench_heldout_intersects(c: &mut Criterion) {
    let mut group = c.benchmark_group("heldout_intersects");
    group.throughput(Throughput::Elements(N as u64));
    for (i, (ka, kb)) in heldout::unordered_pairs().into_iter().enumerate() {
        let pairs = heldout_pairs(ka, kb, HELDOUT_SEED + i as u64);
        let label = format!("{}-{}", ka.name(), kb.name());
        summary(&label, &pairs);
        pretest_counts(&label, &shape_pairs(&pairs));
        bench_sat_pair(&mut group, "satlab", &label, &shape_pairs(&pairs));
        bench_parry_intersects(&mut group, &label, &pairs);
    }
    // Sectors have no parry counterpart: each against the five kinds, beside
    // the same pairs with the sector replaced by its same-size polygon.
    for (i, kb) in heldout::HKINDS.into_iter().enumerate() {
        let raw = heldout::pairs(
            HKind::Sector,
            kb,
            HELDOUT_SEED ^ (0x5ec << 8) ^ i as u64,
            N,
            1000.0,
            &heldout_separated,
        );
        let sectors: Vec<(Shape, Shape)> = raw
            .iter()
            .map(|(a, b)| (a.shape.clone(), b.shape.clone()))
            .collect();
        let polys: Vec<(Shape, Shape)> = raw
            .iter()
            .map(|(a, b)| {
                let p = heldout::sector_as_polygon(a).expect("a sector");
                (p.shape, b.shape.clone())
            })
            .collect();
        let label = format!("sector-{}", kb.name());
        let hits = sectors
            .iter()
            .filter(|(a, b)| geom::intersects(a, b))
            .count();
        eprintln!("{label}: {hits}/{N} pairs intersect");
        pretest_counts(&label, &sectors);
        bench_sat_pair(&mut group, "satlab", &label, &sectors);
        bench_sat_pair(&mut group, "satlab-same-size-polygon", &label, &polys);
    }
    group.finish();
}

fn bench_heldout_polygon_queries(c: &mut Criterion) {
    let mut group = c.benchmark_group("heldout_penetration");
    group.throughput(Throughput::Elements(N as u64));
    let mut poly_poly = Vec::new();
    for (i, kb) in heldout::HKINDS.into_iter().enumerate() {
        let pairs = heldout_pairs(HKind::Polygon, kb, HELDOUT_SEED ^ 0x9e0 ^ i as u64);
        let label = format!("polygon-{}", kb.name());
        summary(&label, &pairs);
        group.bench_function(BenchmarkId::new("satlab", &label), |bch| {
            bch.iter(|| {
                let mut sum = 0.0f32;
                for p in &pairs {
                    if let Some(q) = geom::penetration(black_box(&p.a), black_box(&p.b)) {
                        sum += q.depth;
                    }
                }
                sum
            })
        });
        bench_parry_contact(&mut group, &label, &pairs);
        if kb == HKind::Polygon {
            poly_poly = pairs;
        }
    }
    group.finish();
    report_and_distance(c, "heldout_", "polygon-polygon", &poly_poly);
}

criterion_group!(
    benches,
    bench_intersects,
    bench_polygon_queries,
    bench_raycast,
    bench_heldout_intersects,
    bench_heldout_polygon_queries
);
criterion_main!(benches);
