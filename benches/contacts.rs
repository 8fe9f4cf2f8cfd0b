//! Contact manifolds and shape casts against parry2d 0.31, in the same run
//! on the same inputs (issue 19, "How fast").
//!
//! Every benchmark walks the same 1,024 random pairs per sample (fixed
//! seed); criterion's time per iteration divided by 1,024 is the time per
//! pair (`Throughput::Elements(1024)`).
//!
//! - `manifold`: A at a random pose, B at a random rotation along a random
//!   direction at a fraction in [0.6, 1.1) of a reach that makes most pairs
//!   overlap or nearly touch; speculative distance 0.05 for both
//!   (`contact_manifold` against `DefaultQueryDispatcher::contact_manifolds`
//!   with prediction 0.05 and a fresh manifold list, as a first contact).
//! - `cast`: B 3 to 6 units from A moving towards it by 0.5 to 2 times the
//!   gap, with a sideways jitter, over t in [0, 1] (`time_of_impact` against
//!   `cast_shapes` with max time 1 and target distance 0).
//!
//! Run: `cargo bench --bench contacts -- --warm-up-time 1 --measurement-time 3`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use parry2d::math::{Pose as PPose, Rotation as PRot, Vector as PVec};
use parry2d::query::{
    self as pq, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
    ShapeCastOptions,
};
use parry2d::shape::{self as ps, Shape as PShape};
use satlab::geom::{self, Obb, Polygon, Pose, Shape, Vec2};
use std::hint::black_box;

const N: usize = 1024;
const SEED: u64 = 0x5a71_ab00_2026_0019;
const SPECULATIVE: f32 = 0.05;

struct Rng(u64);
impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32)
    }
    fn dir(&mut self) -> Vec2 {
        let a = self.range(0.0, std::f32::consts::TAU);
        Vec2::new(a.cos(), a.sin())
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Box,
    Gon8,
}

fn pv(v: Vec2) -> PVec {
    PVec::new(v.x, v.y)
}

fn pose(at: Vec2, deg: f32) -> Pose {
    let mut p = Pose::at(at);
    p.set_rotation_deg(deg);
    p
}

/// The shape in both libraries' terms (the 8-gon from satlab's own local
/// vertices; the rotation carried over as the same `(cos, sin)`).
fn make(kind: Kind, at: Vec2, deg: f32) -> (Shape, PPose, Box<dyn PShape>) {
    let p = pose(at, deg);
    let r = p.rot();
    let pp = PPose::from_parts(pv(at), PRot::from_cos_sin_unchecked(r.x, r.y));
    match kind {
        Kind::Box => {
            let h = Vec2::new(0.8, 0.5);
            let s = Shape::Obb(Obb::new(p, h).expect("valid box"));
            (s, pp, Box::new(ps::Cuboid::new(pv(h))))
        }
        Kind::Gon8 => {
            let poly = Polygon::regular(p, 8, 0.9).expect("valid 8-gon");
            let g = ps::ConvexPolygon::from_convex_polyline(
                poly.local_vertices().iter().map(|v| pv(*v)).collect(),
            )
            .expect("valid 8-gon");
            (Shape::Polygon(poly), pp, Box::new(g))
        }
    }
}

struct Pair {
    a: Shape,
    b: Shape,
    pa: PPose,
    ga: Box<dyn PShape>,
    pb: PPose,
    gb: Box<dyn PShape>,
    va: Vec2,
    vb: Vec2,
}

fn pairs(kind: Kind, cast: bool) -> Vec<Pair> {
    let mut rng = Rng(SEED ^ cast as u64);
    (0..N)
        .map(|_| {
            let at = Vec2::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
            let (a, pa, ga) = make(kind, at, rng.range(-180.0, 180.0));
            let u = rng.dir();
            let (off, va, vb) = if cast {
                let off = rng.range(3.0, 6.0);
                let towards = -u * off * rng.range(0.5, 2.0);
                let vb = towards + towards.perp() * rng.range(-0.4, 0.4);
                (off, rng.dir() * rng.range(0.0, 0.5), vb)
            } else {
                (rng.range(0.6, 1.1) * 1.6, Vec2::ZERO, Vec2::ZERO)
            };
            let (b, pb, gb) = make(kind, at + u * off, rng.range(-180.0, 180.0));
            Pair {
                a,
                b,
                pa,
                ga,
                pb,
                gb,
                va,
                vb,
            }
        })
        .collect()
}

fn label(kind: Kind) -> &'static str {
    match kind {
        Kind::Box => "box-box",
        Kind::Gon8 => "8gon-8gon",
    }
}

fn manifold(c: &mut Criterion) {
    let mut group = c.benchmark_group("manifold");
    group.throughput(Throughput::Elements(N as u64));
    for kind in [Kind::Box, Kind::Gon8] {
        let ps = pairs(kind, false);
        let found = ps
            .iter()
            .filter(|p| geom::contact_manifold(&p.a, &p.b, SPECULATIVE).is_some())
            .count();
        eprintln!("manifold {}: {found} of {N} pairs have points", label(kind));
        let mut paths: Vec<(&str, usize)> = Vec::new();
        for p in &ps {
            let by = geom::manifold_decided_by(&p.a, &p.b, SPECULATIVE);
            match paths.iter_mut().find(|e| e.0 == by) {
                Some(e) => e.1 += 1,
                None => paths.push((by, 1)),
            }
        }
        eprintln!("manifold {}: decided by {paths:?}", label(kind));
        group.bench_function(BenchmarkId::new("satlab", label(kind)), |bch| {
            bch.iter(|| {
                let mut n = 0usize;
                for p in &ps {
                    if let Some(m) =
                        geom::contact_manifold(black_box(&p.a), black_box(&p.b), SPECULATIVE)
                    {
                        n += m.points().len();
                    }
                }
                n
            })
        });
        group.bench_function(BenchmarkId::new("parry", label(kind)), |bch| {
            let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
            bch.iter(|| {
                let mut n = 0usize;
                for p in &ps {
                    manifolds.clear();
                    let pos12 = p.pa.inv_mul(&p.pb);
                    let r = DefaultQueryDispatcher.contact_manifolds(
                        black_box(&pos12),
                        black_box(&*p.ga),
                        black_box(&*p.gb),
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

fn cast(c: &mut Criterion) {
    let mut group = c.benchmark_group("cast");
    group.throughput(Throughput::Elements(N as u64));
    for kind in [Kind::Box, Kind::Gon8] {
        let ps = pairs(kind, true);
        let hits = ps
            .iter()
            .filter(|p| geom::time_of_impact(&p.a, p.va, &p.b, p.vb).is_some())
            .count();
        eprintln!("cast {}: {hits} of {N} pairs hit", label(kind));
        let mut paths: Vec<(&str, usize)> = Vec::new();
        for p in &ps {
            let by = geom::toi_decided_by(&p.a, p.va, &p.b, p.vb);
            match paths.iter_mut().find(|e| e.0 == by) {
                Some(e) => e.1 += 1,
                None => paths.push((by, 1)),
            }
        }
        eprintln!("cast {}: decided by {paths:?}", label(kind));
        group.bench_function(BenchmarkId::new("satlab", label(kind)), |bch| {
            bch.iter(|| {
                let mut s = 0.0f32;
                for p in &ps {
                    if let Some(h) =
                        geom::time_of_impact(black_box(&p.a), p.va, black_box(&p.b), p.vb)
                    {
                        s += h.t;
                    }
                }
                s
            })
        });
        group.bench_function(BenchmarkId::new("parry", label(kind)), |bch| {
            let options = ShapeCastOptions::with_max_time_of_impact(1.0);
            bch.iter(|| {
                let mut s = 0.0f32;
                for p in &ps {
                    let r = pq::cast_shapes(
                        black_box(&p.pa),
                        pv(p.va),
                        black_box(&*p.ga),
                        black_box(&p.pb),
                        pv(p.vb),
                        black_box(&*p.gb),
                        options,
                    );
                    if let Ok(Some(h)) = r {
                        s += h.time_of_impact;
                    }
                }
                s
            })
        });
    }
    group.finish();
}

criterion_group!(benches, manifold, cast);
criterion_main!(benches);
