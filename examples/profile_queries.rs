//! A loop over one query on 1,024 held-out-style pairs (issue 15; the
//! generator of `tests/common/heldout.rs`, seeded as the bench's first
//! pair kind), for profilers: the loop is the function `run`, so callgrind
//! can count it alone. Prints the wall time per pair (loaded machines make
//! it noisy; the instruction counts are not).
//!
//! Run: `cargo run --release --no-default-features --example profile_queries -- QUERY A B REPS`
//! with QUERY one of `i` (intersects), `p` (penetration), `r` (SAT report),
//! `d` (distance), `D` (parry2d's distance on the same pairs, for the
//! ratio) and A, B among polygon, box, capsule, circle, segment, sector
//! (parry has no sector). Instructions per pair:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='profile_queries::run' \
//!     target/release/examples/profile_queries i capsule polygon 4
//! ```
//! then the total of `callgrind_annotate` divided by 4 × 1,024.

#[path = "../tests/common/heldout.rs"]
mod heldout;
#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

use heldout::{HGeo, HKind, HShape};
use parry2d::math::{Pose as PPose, Rotation as PRot, Vector as PVec};
use parry2d::query as pq;
use parry2d::shape::{self as ps, Shape as PShape};
use satlab::geom::{self, SatReport, Shape};
use std::hint::black_box;
use std::process::ExitCode;

fn kind(s: &str) -> Option<HKind> {
    Some(match s {
        "polygon" => HKind::Polygon,
        "box" => HKind::Box,
        "capsule" => HKind::Capsule,
        "circle" => HKind::Circle,
        "segment" => HKind::Segment,
        "sector" => HKind::Sector,
        _ => return None,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [q, a, b, reps] if ["i", "p", "r", "d", "D"].contains(&q.as_str()) => {
            match (kind(a), kind(b), reps.parse::<usize>()) {
                (Some(a), Some(b), Ok(n)) if n > 0 => Some((q.clone(), a, b, n)),
                _ => None,
            }
        }
        _ => None,
    };
    let Some((q, ka, kb, reps)) = parsed else {
        eprintln!("usage: profile_queries i|p|r|d|D KIND KIND REPS (kinds: polygon box capsule circle segment sector)");
        return ExitCode::from(2);
    };
    let sep = |a: &Shape, b: &Shape| !geom::intersects(a, b);
    let pairs = heldout::pairs(ka, kb, 0x15_2026_1123, 1024, 1000.0, &sep);
    let t = std::time::Instant::now();
    let acc = if q == "D" {
        let Some(pp) = pairs.iter().map(parry_pair).collect::<Option<Vec<_>>>() else {
            eprintln!("parry has no sector");
            return ExitCode::from(2);
        };
        run_parry(&pp, reps)
    } else {
        run(&q, &pairs, reps)
    };
    let ns = t.elapsed().as_nanos() as f64 / (reps * pairs.len()) as f64;
    println!(
        "{q} {}-{}: {ns:.1} ns a pair (checksum {acc})",
        ka.name(),
        kb.name()
    );
    ExitCode::SUCCESS
}

/// `reps` passes of query `q` over `pairs`; returns a checksum.
#[inline(never)]
fn run(q: &str, pairs: &[(HShape, HShape)], reps: usize) -> f32 {
    let mut acc = 0.0f32;
    let mut report = SatReport::default();
    for _ in 0..reps {
        for (a, b) in pairs {
            let (a, b) = (black_box(&a.shape), black_box(&b.shape));
            acc += match q {
                "i" => geom::intersects(a, b) as u32 as f32,
                "p" => geom::penetration(a, b).map_or(0.0, |p| p.depth),
                "r" => {
                    report.compute(a, b);
                    black_box(&report).intersects as u32 as f32
                }
                _ => geom::distance(a, b).distance,
            };
        }
    }
    acc
}

/// One placed shape in parry's terms: its pose (satlab's position and
/// `(cos, sin)`) and its shape; `None` for a sector.
type PShaped = (PPose, Box<dyn PShape>);

fn parry_shape(s: &HShape) -> Option<PShaped> {
    let pv = |v: satlab::geom::Vec2| PVec::new(v.x, v.y);
    let g: Box<dyn PShape> = match &s.geo {
        HGeo::Polygon(v) => Box::new(ps::ConvexPolygon::from_convex_polyline(
            v.iter().map(|p| pv(*p)).collect(),
        )?),
        HGeo::Box(h) => Box::new(ps::Cuboid::new(pv(*h))),
        HGeo::Capsule(l, r) => Box::new(ps::Capsule::new_x(*l, *r)),
        HGeo::Circle(r) => Box::new(ps::Ball::new(*r)),
        HGeo::Segment(l) => Box::new(ps::Segment::new(PVec::new(-l, 0.0), PVec::new(*l, 0.0))),
        HGeo::Sector(..) => return None,
    };
    let p = s.shape.pose();
    let r = p.rot();
    let pose = PPose::from_parts(pv(p.position()), PRot::from_cos_sin_unchecked(r.x, r.y));
    Some((pose, g))
}

fn parry_pair((a, b): &(HShape, HShape)) -> Option<(PShaped, PShaped)> {
    Some((parry_shape(a)?, parry_shape(b)?))
}

/// `reps` passes of parry2d's distance over `pairs`; returns a checksum.
#[inline(never)]
fn run_parry(pairs: &[(PShaped, PShaped)], reps: usize) -> f32 {
    let mut acc = 0.0f32;
    for _ in 0..reps {
        for ((pa, ga), (pb, gb)) in pairs {
            let d = pq::distance(black_box(pa), &**ga, black_box(pb), &**gb);
            acc += d.map_or(0.0, |x| x.distance);
        }
    }
    acc
}
