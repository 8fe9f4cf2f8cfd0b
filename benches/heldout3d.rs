//! satlab's 3D core against parry3d 0.31 on inputs like the held-out ones
//! of issue 27 ("Fast on inputs you did not choose"): irregular hulls of 4
//! to 40 points (spread through a box, many points inside), thin boxes,
//! long capsules, triangles, spheres; sizes 0.05 to 20; pairs at positions
//! up to ±1000; half of them near touching (as in the differential test:
//! 50 % at a random fraction in [0, 2) of the touching offset, 30 % within
//! 0.5 % of it, 20 % within 3e-4).
//!
//! For every pair of kinds the bench prints how many pairs intersect,
//! which path of `intersects` decided them (`satlab::geom3d::decided_by`),
//! which path of `distance` (`distance_decided_by`)
//! and which route `penetration` took (`penetration_decided_by`: GJK, EPA,
//! a closed form, or the SAT where EPA is not trusted), and how many edge
//! pairs the SAT pruned (the Gauss-map test) against
//! those it crossed. Each benchmark walks the same 512 pairs (fixed seed):
//! criterion's time per iteration / 512 is the time per pair.
//!
//! Run: `cargo bench --bench heldout3d -- --warm-up-time 1 --measurement-time 3`;
//! `HELDOUT3D_INTERLEAVED=all cargo bench --bench heldout3d` (or a list of
//! pair labels) runs the interleaved harness instead (see `interleaved`);
//! `HELDOUT3D_QUERY=distance` (or a list) runs only those queries
//! (`intersects`, `distance`, `penetration`, `manifold`: contact manifolds
//! with a speculative distance of 0.01 against parry's `contact_manifolds`
//! with the same prediction, a fresh list each, as a first contact;
//! `cast`: the time of impact of each pair set moving (see `moving`)
//! against parry's `cast_shapes`).

#[path = "../tests/common3d/mod.rs"]
mod common3d;
#[path = "../tests/kit/mod.rs"]
mod kit;

use common3d::{placed_pair, pv, Local, Rng, Sample};
use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use parry3d::math::{Pose as PPose, Vector as PVec};
use parry3d::query as pq;
use parry3d::query::PersistentQueryDispatcher;
use parry3d::shape::{Ball, Capsule, ConvexPolyhedron, Cuboid, SharedShape, Triangle};
use satlab::geom3d::query::cast::toi3_decided_by;
use satlab::geom3d::{
    contact_manifold3, decided_by, distance, distance_decided_by, intersects, penetration,
    penetration_decided_by, sat_penetration, sat_report3, time_of_impact3, AxisSource3, Shape3,
    Vec3,
};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

const N: usize = 512;
const SEED: u64 = 0x4E1D_0027;
/// The manifolds' speculative distance (both libraries), world units.
const SPECULATIVE: f32 = 0.01;

/// The kinds drawn, as the held-out set names them.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Hull,
    ThinBox,
    LongCapsule,
    Triangle,
    Sphere,
}

fn scale(rng: &mut Rng) -> f32 {
    10f64.powf(rng.range(-1.3, 1.3)) as f32
}

/// A random local shape of `k` that parry can also build.
fn local(k: Kind, rng: &mut Rng) -> Local {
    let s = scale(rng);
    match k {
        Kind::Hull => loop {
            let n = 4 + (rng.f() * 37.0) as usize;
            let sides = rng.vec(0.05, 1.0) * s;
            let pts: Vec<Vec3> = (0..n).map(|_| rng.vec(-1.0, 1.0) * sides).collect();
            let solid =
                ConvexPolyhedron::from_convex_hull(&pts.iter().map(|v| pv(*v)).collect::<Vec<_>>())
                    .is_some();
            let ours =
                satlab::geom3d::Hull3::new(satlab::geom3d::Pose3::at(Vec3::ZERO), &pts, false);
            if solid && ours.is_ok() {
                return Local::Hull(pts);
            }
        },
        Kind::ThinBox => {
            let mut h = rng.vec(0.2, 1.0) * s;
            h.z *= rng.range(0.01, 0.05) as f32;
            Local::Obb(h)
        }
        Kind::LongCapsule => {
            let r = rng.range(0.02, 0.1) as f32 * s;
            Local::Capsule(r * rng.range(10.0, 50.0) as f32, r)
        }
        Kind::Triangle => loop {
            let v = [
                rng.vec(-1.0, 1.0) * s,
                rng.vec(-1.0, 1.0) * s,
                rng.vec(-1.0, 1.0) * s,
            ];
            if (v[1] - v[0]).cross(v[2] - v[0]).length() > 0.05 * s * s {
                return Local::Triangle(v);
            }
        },
        Kind::Sphere => Local::Sphere(0.5 * s),
    }
}

/// parry's natural shape for a sample.
fn natural(s: &Sample) -> (SharedShape, PPose) {
    let pose = common3d::ppose(s.pos, s.rot);
    let shape = match &s.local {
        Local::Sphere(r) => SharedShape::new(Ball::new(*r)),
        Local::Aabb(h) | Local::Obb(h) => SharedShape::new(Cuboid::new(pv(*h))),
        Local::Capsule(h, r) => SharedShape::new(Capsule::new(
            PVec::new(-h, 0.0, 0.0),
            PVec::new(*h, 0.0, 0.0),
            *r,
        )),
        Local::Triangle(v) => SharedShape::new(Triangle::new(pv(v[0]), pv(v[1]), pv(v[2]))),
        Local::Hull(p) => {
            match ConvexPolyhedron::from_convex_hull(&p.iter().map(|v| pv(*v)).collect::<Vec<_>>())
            {
                Some(h) => SharedShape::new(h),
                None => unreachable!("drawn only where parry builds it"),
            }
        }
        other => unreachable!("not drawn: {other:?}"),
    };
    (shape, pose)
}

type Theirs = (SharedShape, PPose, SharedShape, PPose);

/// A moving pair: A and its motion, B and its motion (over unit time).
type Cast3 = (Shape3, Vec3, Shape3, Vec3);
type ParryCast = (SharedShape, PPose, PVec, SharedShape, PPose, PVec);

struct Pairs {
    ours: Vec<(Shape3, Shape3)>,
    theirs: Vec<Theirs>,
    casts: Vec<Cast3>,
    their_casts: Vec<ParryCast>,
}

/// The moving version of a placed pair, from its own stream `rng`: B
/// backed off its near-touching pose by 1 to 3 times the centres'
/// distance, in a direction within about 30° of A-to-B, and moving back
/// by 0.6 to 1.6 of that plus a sideways jitter of up to 0.3 of it; A
/// moving too half the time (B's motion then carries A's, so the
/// relative motion is the same). Hits, misses and grazes.
fn moving(rng: &mut Rng, a: &Sample, b: &Sample) -> (Cast3, ParryCast) {
    let d0 = b.pos - a.pos;
    let reach = d0.length().max(1e-3);
    let dir = (d0 / reach + rng.unit() * 0.5).normalize_or(Vec3::X);
    let start = b.at(b.pos + dir * reach * rng.range(1.0, 3.0) as f32);
    let back = (b.pos - start.pos) * rng.range(0.6, 1.6) as f32;
    let vb = back + rng.unit() * reach * rng.range(0.0, 0.3) as f32;
    let va = if rng.chance(0.5) {
        rng.unit() * reach * 0.5
    } else {
        Vec3::ZERO
    };
    let ((ga, pa), (gb, pb)) = (natural(a), natural(&start));
    let theirs = (ga, pa, pv(va), gb, pb, pv(vb + va));
    ((a.shape.clone(), va, start.shape, vb + va), theirs)
}

/// `N` pairs of kinds `ka`, `kb`, placed near touching, then both moved by
/// one offset of up to ±1000; prints their verdicts, paths and pruning.
fn pairs(ka: Kind, kb: Kind, seed: u64, label: &str) -> Pairs {
    let mut rng = Rng(seed);
    let mut p = Pairs {
        ours: Vec::new(),
        theirs: Vec::new(),
        casts: Vec::new(),
        their_casts: Vec::new(),
    };
    // The motions from their own stream, so the pairs stay as they were.
    let mut motion = Rng(seed ^ 0xCA57);
    let mut cast_paths: BTreeMap<&str, usize> = BTreeMap::new();
    let mut paths: BTreeMap<&str, usize> = BTreeMap::new();
    let mut routes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut dist_paths: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut hits, mut crossed, mut pruned) = (0, 0, 0);
    while p.ours.len() < N {
        let (la, lb) = (local(ka, &mut rng), local(kb, &mut rng));
        let (a, b) = placed_pair(&mut rng, &la, &lb);
        let far = rng.vec(-1000.0, 1000.0);
        let (a, b) = (a.at(a.pos + far), b.at(b.pos + far));
        hits += usize::from(intersects(&a.shape, &b.shape));
        *paths.entry(decided_by(&a.shape, &b.shape)).or_default() += 1;
        *dist_paths
            .entry(distance_decided_by(&a.shape, &b.shape))
            .or_default() += 1;
        *routes
            .entry(penetration_decided_by(&a.shape, &b.shape))
            .or_default() += 1;
        let r = sat_report3(&a.shape, &b.shape);
        pruned += r.pruned;
        crossed += (r.axes.iter())
            .filter(|t| matches!(t.source, AxisSource3::Cross { .. }))
            .count();
        let (ours, theirs) = moving(&mut motion, &a, &b);
        *cast_paths
            .entry(toi3_decided_by(&ours.0, ours.1, &ours.2, ours.3))
            .or_default() += 1;
        p.casts.push(ours);
        p.their_casts.push(theirs);
        let ((ga, pa), (gb, pb)) = (natural(&a), natural(&b));
        p.theirs.push((ga, pa, gb, pb));
        p.ours.push((a.shape, b.shape));
    }
    eprintln!(
        "{label}: {hits} of {N} intersect; intersects decided by {paths:?}; \
         distance by {dist_paths:?}; penetration by {routes:?}; SAT crossed {crossed} edge pairs, pruned {pruned}; \
         time of impact by {cast_paths:?}"
    );
    p
}

const PAIRS: [(Kind, Kind, &str); 9] = [
    (Kind::Hull, Kind::Hull, "hull-hull"),
    (Kind::ThinBox, Kind::Hull, "thinbox-hull"),
    (Kind::Triangle, Kind::ThinBox, "triangle-thinbox"),
    (Kind::Triangle, Kind::Hull, "triangle-hull"),
    (Kind::ThinBox, Kind::ThinBox, "thinbox-thinbox"),
    (Kind::LongCapsule, Kind::Hull, "longcapsule-hull"),
    (Kind::Sphere, Kind::ThinBox, "sphere-thinbox"),
    (
        Kind::LongCapsule,
        Kind::LongCapsule,
        "longcapsule-longcapsule",
    ),
    (Kind::ThinBox, Kind::LongCapsule, "thinbox-longcapsule"),
];

/// The queries both harnesses time (see [`ours`] and [`theirs`]).
const QUERIES: [&str; 5] = ["intersects", "distance", "penetration", "manifold", "cast"];

fn bench_all(c: &mut Criterion) {
    for (i, (ka, kb, label)) in PAIRS.into_iter().enumerate() {
        let p = pairs(ka, kb, SEED + i as u64, label);
        let mut group = c.benchmark_group(format!("heldout3d/{label}"));
        group.throughput(Throughput::Elements(N as u64));
        for q in QUERIES {
            group.bench_function(BenchmarkId::new(q, "satlab"), |bch| {
                bch.iter(|| ours(q, &p))
            });
            group.bench_function(BenchmarkId::new(q, "parry"), |bch| {
                bch.iter(|| theirs(q, &p))
            });
        }
        // The SAT's least overlap (the report's depth; `penetration`'s
        // route before EPA), in the same run.
        group.bench_function(BenchmarkId::new("penetration", "satlab-sat"), |bch| {
            bch.iter(|| {
                (p.ours.iter())
                    .filter_map(|(a, b)| sat_penetration(black_box(a), black_box(b)))
                    .map(|x| x.depth)
                    .sum::<f32>()
            })
        });
        group.finish();
    }
}

/// The interleaved harness: for each pair of kinds named in `which`
/// (comma-separated labels, or `all`), each query timed over the same 512
/// pairs, satlab and parry alternately for `HELDOUT3D_ROUNDS` rounds (30
/// unless set), printing the least time of each side (µs for all 512
/// pairs) and their ratio. On a shared machine the least of many
/// alternating rounds is steadier than criterion's median of one side's
/// samples taken before the other's.
fn interleaved(which: &str) {
    let rounds: usize = (std::env::var("HELDOUT3D_ROUNDS").ok())
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let least = |f: &dyn Fn() -> f32| {
        (0..rounds)
            .map(|_| {
                let t = Instant::now();
                black_box(f());
                t.elapsed().as_secs_f64() * 1e6
            })
            .fold(f64::INFINITY, f64::min)
    };
    let queries = std::env::var("HELDOUT3D_QUERY").unwrap_or_default();
    for (i, (ka, kb, label)) in PAIRS.into_iter().enumerate() {
        if !which.split(',').any(|w| w == label || w == "all") {
            continue;
        }
        let p = pairs(ka, kb, SEED + i as u64, label);
        for q in QUERIES {
            if !queries.is_empty() && !queries.split(',').any(|w| w == q) {
                continue;
            }
            let (mut o, mut t) = (f64::INFINITY, f64::INFINITY);
            for _ in 0..3 {
                // Alternate in blocks so that a burst of load hits both.
                o = o.min(least(&|| ours(q, &p)));
                t = t.min(least(&|| theirs(q, &p)));
            }
            println!(
                "{label:24} {q:12} satlab {o:9.1} µs  parry {t:9.1} µs  ratio {:.2}",
                o / t
            );
        }
    }
}

/// satlab's answers to query `q` over the pairs, summed (so none is
/// optimised away).
fn ours(q: &str, p: &Pairs) -> f32 {
    let it = p.ours.iter().map(|(a, b)| (black_box(a), black_box(b)));
    match q {
        "intersects" => it.filter(|(a, b)| intersects(a, b)).count() as f32,
        "distance" => it.map(|(a, b)| distance(a, b).distance).sum(),
        "manifold" => it
            .filter_map(|(a, b)| contact_manifold3(a, b, SPECULATIVE))
            .map(|m| m.points().len() as f32)
            .sum(),
        "cast" => (p.casts.iter())
            .filter_map(|(a, va, b, vb)| time_of_impact3(black_box(a), *va, black_box(b), *vb))
            .map(|h| h.t)
            .sum(),
        _ => it
            .filter_map(|(a, b)| penetration(a, b))
            .map(|x| x.depth)
            .sum(),
    }
}

/// parry's answers to query `q` over the same pairs (natural shapes):
/// `intersection_test`, `distance`, `contact_manifolds` (a fresh list, the
/// same prediction), `cast_shapes` (target distance 0, to unit time),
/// `contact`.
fn theirs(q: &str, p: &Pairs) -> f32 {
    let it = (p.theirs.iter()).map(|(ga, pa, gb, pb)| (&**ga, black_box(pa), &**gb, black_box(pb)));
    match q {
        "intersects" => it
            .filter(|(ga, pa, gb, pb)| {
                pq::intersection_test(pa, *ga, pb, *gb).is_ok_and(|h| h.intersecting)
            })
            .count() as f32,
        "distance" => it
            .map(|(ga, pa, gb, pb)| pq::distance(pa, ga, pb, gb).map_or(0.0, |d| d.distance))
            .sum(),
        "manifold" => {
            let mut ms: Vec<pq::ContactManifold<(), ()>> = Vec::new();
            it.map(|(ga, pa, gb, pb)| {
                ms.clear();
                let r = pq::DefaultQueryDispatcher.contact_manifolds(
                    &pa.inv_mul(pb),
                    ga,
                    gb,
                    SPECULATIVE,
                    &mut ms,
                    &mut None,
                );
                let n = ms.iter().map(|m| m.points.len()).sum::<usize>();
                r.map_or(0.0, |_| n as f32)
            })
            .sum()
        }
        "cast" => {
            let options = pq::ShapeCastOptions {
                max_time_of_impact: 1.0,
                target_distance: 0.0,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };
            (p.their_casts.iter())
                .filter_map(|(ga, pa, va, gb, pb, vb)| {
                    let (pa, pb) = (black_box(pa), black_box(pb));
                    pq::cast_shapes(pa, *va, &**ga, pb, *vb, &**gb, options)
                        .ok()
                        .flatten()
                })
                .map(|h| h.time_of_impact)
                .sum()
        }
        _ => it
            .filter_map(|(ga, pa, gb, pb)| pq::contact(pa, ga, pb, gb, 0.0).ok().flatten())
            .map(|x| -x.dist)
            .sum(),
    }
}

criterion_group!(benches, bench_all);

/// `criterion_main!`, unless `HELDOUT3D_INTERLEAVED` names pairs for the
/// interleaved harness.
fn main() {
    if let Ok(which) = std::env::var("HELDOUT3D_INTERLEAVED") {
        interleaved(&which);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
