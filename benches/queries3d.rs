//! satlab's 3D core against parry3d 0.31, in the same run on the same
//! inputs (issue 16, "How fast").
//!
//! Every benchmark walks the same 1,024 random pose pairs per sample (fixed
//! seed), so criterion's time per iteration divided by 1,024 is the time per
//! pair. Pairs are drawn as in the differential test: A at a random pose, B
//! turned at random along a random direction at a fraction in [0, 2) of the
//! touching offset (bisection on parry's distance), so about half intersect.
//! Rays start about 6 units from the shape and aim within 1.5 of its centre.
//!
//! parry3d uses glam 0.33 through `glamx`; inputs are converted once, at
//! setup. parry gets its natural shapes (Ball, Cuboid, Capsule,
//! ConvexPolyhedron); hulls have 12 vertices.
//!
//! Run: `cargo bench --bench queries3d -- --warm-up-time 1 --measurement-time 3`

#[path = "../tests/common3d/mod.rs"]
mod common3d;
#[path = "../tests/kit/mod.rs"]
mod kit;

use common3d::{build, placed_pair, ppose, pv, random_local, Local, Rng, Sample};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use parry3d::math::{Pose as PPose, Vector as PVec};
use parry3d::query::{self as pq, Ray as PRay};
use parry3d::shape::{Ball, Capsule, ConvexPolyhedron, Cuboid, Shape as PShape, SharedShape};
use satlab::geom3d::query::cast::toi3_decided_by;
use satlab::geom3d::{
    contact_manifold3, contact_manifold3_traced, distance, intersects, raycast, time_of_impact3,
    Ray3, SatReport3, Shape3, ShapeKind3, Vec3,
};
use satlab::geom3d::{Manifold3Method, Manifold3Recorder};
use std::hint::black_box;

const N: usize = 1024;
const SEED: u64 = 0x3D_BE4C_2026_0016;

/// parry's natural shape for a sample (capsules and balls whole).
fn natural(s: &Sample) -> (SharedShape, PPose) {
    let pose = ppose(s.pos, s.rot);
    let shape = match &s.local {
        Local::Sphere(r) => SharedShape::new(Ball::new(*r)),
        Local::Aabb(h) | Local::Obb(h) => SharedShape::new(Cuboid::new(pv(*h))),
        Local::Capsule(h, r) => SharedShape::new(Capsule::new(
            PVec::new(-h, 0.0, 0.0),
            PVec::new(*h, 0.0, 0.0),
            *r,
        )),
        Local::Hull(p) => SharedShape::new(
            ConvexPolyhedron::from_convex_hull(&p.iter().map(|v| pv(*v)).collect::<Vec<_>>())
                .expect("hull"),
        ),
        other => panic!("not benchmarked: {other:?}"),
    };
    (shape, pose)
}

struct Pairs {
    ours: Vec<(Shape3, Shape3)>,
    theirs: Vec<(SharedShape, PPose, SharedShape, PPose)>,
    hits: usize,
}

fn pairs(ka: ShapeKind3, kb: ShapeKind3, seed: u64) -> Pairs {
    let mut rng = Rng(seed);
    let mut p = Pairs {
        ours: Vec::new(),
        theirs: Vec::new(),
        hits: 0,
    };
    for _ in 0..N {
        let la = random_local(ka, &mut rng);
        let lb = random_local(kb, &mut rng);
        let (a, b) = placed_pair(&mut rng, &la, &lb);
        let ((ga, pa), (gb, pb)) = (natural(&a), natural(&b));
        p.hits += usize::from(intersects(&a.shape, &b.shape));
        p.ours.push((a.shape, b.shape));
        p.theirs.push((ga, pa, gb, pb));
    }
    p
}

const INTERSECT_PAIRS: [(ShapeKind3, ShapeKind3, &str); 7] = [
    (ShapeKind3::Sphere, ShapeKind3::Sphere, "sphere-sphere"),
    (ShapeKind3::Sphere, ShapeKind3::Obb, "sphere-box"),
    (ShapeKind3::Obb, ShapeKind3::Obb, "box-box"),
    (ShapeKind3::Sphere, ShapeKind3::Capsule, "sphere-capsule"),
    (ShapeKind3::Capsule, ShapeKind3::Capsule, "capsule-capsule"),
    (ShapeKind3::Obb, ShapeKind3::Capsule, "box-capsule"),
    (ShapeKind3::Hull, ShapeKind3::Hull, "hull12-hull12"),
];

fn bench_intersects(c: &mut Criterion) {
    let mut group = c.benchmark_group("intersects3d");
    group.throughput(Throughput::Elements(N as u64));
    for (i, (ka, kb, label)) in INTERSECT_PAIRS.into_iter().enumerate() {
        let p = pairs(ka, kb, SEED + i as u64);
        eprintln!("{label}: {} of {N} pairs intersect", p.hits);
        group.bench_function(BenchmarkId::new("satlab", label), |bch| {
            bch.iter(|| {
                let mut n = 0usize;
                for (a, b) in &p.ours {
                    n += usize::from(intersects(black_box(a), black_box(b)));
                }
                n
            })
        });
        group.bench_function(BenchmarkId::new("parry", label), |bch| {
            bch.iter(|| {
                let mut n = 0usize;
                for (ga, pa, gb, pb) in &p.theirs {
                    let r = pq::intersection_test(black_box(pa), &**ga, black_box(pb), &**gb);
                    n += usize::from(matches!(r, Ok(i) if i.intersecting));
                }
                n
            })
        });
    }
    group.finish();
}

fn bench_distance_and_report(c: &mut Criterion) {
    let mut group = c.benchmark_group("distance3d");
    group.throughput(Throughput::Elements(N as u64));
    let p = pairs(ShapeKind3::Hull, ShapeKind3::Hull, SEED + 100);
    group.bench_function(BenchmarkId::new("satlab", "hull12-hull12"), |bch| {
        bch.iter(|| {
            let mut s = 0.0f32;
            for (a, b) in &p.ours {
                s += distance(black_box(a), black_box(b)).distance;
            }
            s
        })
    });
    group.bench_function(BenchmarkId::new("parry", "hull12-hull12"), |bch| {
        bch.iter(|| {
            let mut s = 0.0f32;
            for (ga, pa, gb, pb) in &p.theirs {
                s += pq::distance(black_box(pa), &**ga, black_box(pb), &**gb)
                    .map_or(0.0, |d| d.distance);
            }
            s
        })
    });
    group.finish();

    let mut group = c.benchmark_group("report3d");
    group.throughput(Throughput::Elements(N as u64));
    let p = pairs(ShapeKind3::Obb, ShapeKind3::Obb, SEED + 200);
    let mut report = SatReport3::default();
    group.bench_function(
        BenchmarkId::new("satlab-15-axis-report", "box-box"),
        |bch| {
            bch.iter(|| {
                let mut n = 0usize;
                for (a, b) in &p.ours {
                    report.compute(black_box(a), black_box(b));
                    n += report.axes.len();
                }
                n
            })
        },
    );
    group.bench_function(BenchmarkId::new("parry-contact", "box-box"), |bch| {
        bch.iter(|| {
            let mut n = 0usize;
            for (ga, pa, gb, pb) in &p.theirs {
                let c = pq::contact(black_box(pa), &**ga, black_box(pb), &**gb, 0.0);
                n += usize::from(matches!(c, Ok(Some(_))));
            }
            n
        })
    });
    group.finish();
}

fn bench_raycast(c: &mut Criterion) {
    let mut group = c.benchmark_group("raycast3d");
    group.throughput(Throughput::Elements(N as u64));
    for (i, (k, label)) in [
        (ShapeKind3::Obb, "box"),
        (ShapeKind3::Sphere, "sphere"),
        (ShapeKind3::Hull, "hull12"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut rng = Rng(SEED + 300 + i as u64);
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        let mut hits = 0;
        for _ in 0..N {
            let l = random_local(k, &mut rng);
            let s = build(&l, rng.vec(-3.0, 3.0), rng.rotation());
            let origin = s.pos + rng.unit() * rng.range(2.0, 6.0) as f32;
            let aim = s.pos + rng.vec(-1.5, 1.5);
            let ray = Ray3::new(origin, aim - origin, f32::INFINITY).expect("ray");
            hits += usize::from(raycast(&ray, &s.shape).is_some());
            let (g, p) = natural(&s);
            theirs.push((g, p, PRay::new(pv(ray.origin), pv(ray.dir))));
            ours.push((ray, s.shape));
        }
        eprintln!("raycast {label}: {hits} of {N} rays hit");
        group.bench_function(BenchmarkId::new("satlab", label), |bch| {
            bch.iter(|| {
                let mut t = 0.0f32;
                for (r, s) in &ours {
                    t += raycast(black_box(r), black_box(s)).map_or(0.0, |h| h.t);
                }
                t
            })
        });
        group.bench_function(BenchmarkId::new("parry", label), |bch| {
            bch.iter(|| {
                let mut t = 0.0f32;
                for (g, p, r) in &theirs {
                    let shape: &dyn PShape = &**g;
                    t += shape
                        .cast_ray_and_get_normal(black_box(p), black_box(r), f32::MAX, true)
                        .map_or(0.0, |h| h.time_of_impact);
                }
                t
            })
        });
    }
    group.finish();
}

/// Moving pairs for the casts: A at a random pose, B 2 to 7 units away
/// moving towards A's position by 0.3 to 1.6 times the gap plus a sideways
/// jitter, A moving too half the time (as `tests/geom3d_cast.rs` draws them:
/// hits, misses, grazes and some pairs touching at the start).
type Cast3 = (Shape3, Vec3, Shape3, Vec3);
type ParryCast = (SharedShape, PPose, PVec, SharedShape, PPose, PVec);

fn moving_pairs(ka: ShapeKind3, kb: ShapeKind3, seed: u64) -> (Vec<Cast3>, Vec<ParryCast>) {
    let mut rng = Rng(seed);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..N {
        let (la, lb) = (random_local(ka, &mut rng), random_local(kb, &mut rng));
        let a = build(&la, rng.vec(-4.0, 4.0), rng.rotation());
        let to = a.pos + rng.unit() * rng.range(2.0, 7.0) as f32;
        let b = build(&lb, to, rng.rotation());
        let jitter = rng.unit() * rng.range(0.0, 1.5) as f32;
        let vb = (a.pos - b.pos) * rng.range(0.3, 1.6) as f32 + jitter;
        let va = if rng.chance(0.5) {
            rng.vec(-1.0, 1.0)
        } else {
            Vec3::ZERO
        };
        let ((ga, pa), (gb, pb)) = (natural(&a), natural(&b));
        theirs.push((ga, pa, pv(va), gb, pb, pv(vb + va)));
        ours.push((a.shape, va, b.shape, vb + va));
    }
    (ours, theirs)
}

/// Time of impact (issue 27 item 3): satlab's `time_of_impact3` against
/// parry's `cast_shapes` (natural shapes, target distance 0), with the
/// count of which path decided each case printed before the timings.
fn bench_cast(c: &mut Criterion) {
    let mut group = c.benchmark_group("cast3d");
    group.throughput(Throughput::Elements(N as u64));
    let kinds = [
        (ShapeKind3::Obb, ShapeKind3::Obb, "box-box"),
        (ShapeKind3::Obb, ShapeKind3::Hull, "box-hull12"),
        (ShapeKind3::Hull, ShapeKind3::Hull, "hull12-hull12"),
        (ShapeKind3::Sphere, ShapeKind3::Obb, "sphere-box"),
        (ShapeKind3::Capsule, ShapeKind3::Capsule, "capsule-capsule"),
        (ShapeKind3::Obb, ShapeKind3::Capsule, "box-capsule"),
    ];
    let options = pq::ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    for (i, (ka, kb, label)) in kinds.into_iter().enumerate() {
        let (ours, theirs) = moving_pairs(ka, kb, SEED + 400 + i as u64);
        let mut paths = std::collections::BTreeMap::<&str, usize>::new();
        for (a, va, b, vb) in &ours {
            *paths.entry(toi3_decided_by(a, *va, b, *vb)).or_default() += 1;
        }
        eprintln!("cast {label}: decided by {paths:?}");
        group.bench_function(BenchmarkId::new("satlab", label), |bch| {
            bch.iter(|| {
                let mut t = 0.0f32;
                for (a, va, b, vb) in &ours {
                    let hit = time_of_impact3(black_box(a), *va, black_box(b), *vb);
                    t += hit.map_or(0.0, |h| h.t);
                }
                t
            })
        });
        group.bench_function(BenchmarkId::new("parry", label), |bch| {
            bch.iter(|| {
                let mut t = 0.0f32;
                for (ga, pa, va, gb, pb, vb) in &theirs {
                    let hit = pq::cast_shapes(black_box(pa), *va, &**ga, pb, *vb, &**gb, options);
                    t += hit.ok().flatten().map_or(0.0, |h| h.time_of_impact);
                }
                t
            })
        });
    }
    group.finish();
}

/// Only the method of a manifold query (the path that decided it).
#[derive(Default)]
struct MethodOnly(Option<Manifold3Method>);

impl Manifold3Recorder for MethodOnly {
    fn method(&mut self, m: Manifold3Method) {
        self.0 = Some(m);
    }
}

/// The speculative distance of the manifold comparison (both libraries).
const SPECULATIVE: f32 = 0.05;

/// Contact manifolds (issue 27 §3/§4, target ≤ 1.0 of parry's):
/// `contact_manifold3` against parry's `contact_manifolds` with prediction
/// `SPECULATIVE` and a fresh manifold list, as a first contact. Pairs as
/// for `intersects3d` (about half overlap, the rest up to one touching
/// offset apart); the count of which method decided each pair is printed.
fn bench_manifold(c: &mut Criterion) {
    use parry3d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
    let mut group = c.benchmark_group("manifold3d");
    group.throughput(Throughput::Elements(N as u64));
    let kinds = [
        (ShapeKind3::Obb, ShapeKind3::Obb, "box-box"),
        (ShapeKind3::Obb, ShapeKind3::Hull, "box-hull12"),
        (ShapeKind3::Hull, ShapeKind3::Hull, "hull12-hull12"),
        (ShapeKind3::Sphere, ShapeKind3::Obb, "sphere-box"),
        (ShapeKind3::Obb, ShapeKind3::Capsule, "box-capsule"),
        (ShapeKind3::Capsule, ShapeKind3::Capsule, "capsule-capsule"),
    ];
    for (i, (ka, kb, label)) in kinds.into_iter().enumerate() {
        let p = pairs(ka, kb, SEED + 500 + i as u64);
        let mut paths = std::collections::BTreeMap::<String, usize>::new();
        for (a, b) in &p.ours {
            let mut m = MethodOnly::default();
            contact_manifold3_traced(a, b, SPECULATIVE, &mut m);
            *paths.entry(format!("{:?}", m.0)).or_default() += 1;
        }
        eprintln!(
            "manifold {label}: {} of {N} overlap; decided by {paths:?}",
            p.hits
        );
        group.bench_function(BenchmarkId::new("satlab", label), |bch| {
            bch.iter(|| {
                let mut n = 0usize;
                for (a, b) in &p.ours {
                    let m = contact_manifold3(black_box(a), black_box(b), SPECULATIVE);
                    n += m.map_or(0, |m| m.points().len());
                }
                n
            })
        });
        group.bench_function(BenchmarkId::new("parry", label), |bch| {
            let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
            bch.iter(|| {
                let mut n = 0usize;
                for (ga, pa, gb, pb) in &p.theirs {
                    manifolds.clear();
                    let pos12 = pa.inv_mul(pb);
                    let r = DefaultQueryDispatcher.contact_manifolds(
                        black_box(&pos12),
                        black_box(&**ga),
                        black_box(&**gb),
                        SPECULATIVE,
                        &mut manifolds,
                        &mut None,
                    );
                    if r.is_ok() {
                        n += manifolds.iter().map(|m| m.points.len()).sum::<usize>();
                    }
                }
                n
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_intersects,
    bench_distance_and_report,
    bench_raycast,
    bench_cast,
    bench_manifold
);
criterion_main!(benches);
