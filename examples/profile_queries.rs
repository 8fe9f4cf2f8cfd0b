//! A loop over one query on 1,024 held-out-style pairs (issue 15; the
//! generator of `tests/common/heldout.rs`, seeded as the bench's first
//! pair kind), for profilers: the loop is the function `run`, so callgrind
//! can count it alone. Prints the wall time per pair (loaded machines make
//! it noisy; the instruction counts are not).
//!
//! Run: `cargo run --release --no-default-features --example profile_queries -- QUERY A B REPS`
//! with QUERY one of `i` (intersects), `p` (penetration), `r` (SAT report),
//! `d` (distance) and A, B among polygon, box, capsule, circle, segment,
//! sector. Instructions per pair:
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

use heldout::{HKind, HShape};
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
        [q, a, b, reps] if ["i", "p", "r", "d"].contains(&q.as_str()) => {
            match (kind(a), kind(b), reps.parse::<usize>()) {
                (Some(a), Some(b), Ok(n)) if n > 0 => Some((q.clone(), a, b, n)),
                _ => None,
            }
        }
        _ => None,
    };
    let Some((q, ka, kb, reps)) = parsed else {
        eprintln!("usage: profile_queries i|p|r|d KIND KIND REPS (kinds: polygon box capsule circle segment sector)");
        return ExitCode::from(2);
    };
    let sep = |a: &Shape, b: &Shape| !geom::intersects(a, b);
    let pairs = heldout::pairs(ka, kb, 0x15_2026_1123, 1024, 1000.0, &sep);
    let t = std::time::Instant::now();
    let acc = run(&q, &pairs, reps);
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
