//! How long the 3D hull builder takes (issue 31): points on a sphere (every
//! point a corner, the worst case) and in a ball, 64 to 1,024 points. A
//! note, not a benchmark: no asserts on time; loaded machines make it noisy.
//!
//! Run: `cargo run --release --example hull_timing` (or `--profile test`).

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

use satlab::geom3d::{ConvexHull, Vec3};
use std::hint::black_box;
use std::time::Instant;

/// A unit vector, uniform on the sphere.
fn unit(rng: &mut Rng) -> Vec3 {
    loop {
        let v = Vec3::new(
            rng.range_f32(-1.0, 1.0),
            rng.range_f32(-1.0, 1.0),
            rng.range_f32(-1.0, 1.0),
        );
        let l = v.length();
        if l > 0.1 && l <= 1.0 {
            return v / l;
        }
    }
}

fn main() {
    let mut rng = Rng(31);
    println!("points  cloud   corners  faces  ms per hull");
    for n in [64, 128, 256, 1024] {
        for ball in [false, true] {
            let pts: Vec<Vec3> = (0..n)
                .map(|_| {
                    let r = if ball { rng.f().cbrt() as f32 } else { 1.0 };
                    unit(&mut rng) * r
                })
                .collect();
            let reps = 20;
            let start = Instant::now();
            let mut last = None;
            for _ in 0..reps {
                last = Some(black_box(ConvexHull::build(black_box(&pts), false)));
            }
            let ms = start.elapsed().as_secs_f64() * 1e3 / f64::from(reps);
            let (v, f) = match last {
                Some(Ok(h)) => (h.vertices.len(), h.faces.len()),
                Some(Err(e)) => {
                    println!("{n}: {e}");
                    continue;
                }
                None => continue,
            };
            let cloud = if ball { "ball" } else { "sphere" };
            println!("{n:>6}  {cloud:<6}  {v:>7}  {f:>5}  {ms:>10.3}");
        }
    }
}
