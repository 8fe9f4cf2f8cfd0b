//! satlab as a reference oracle in another engine's tests: a hand-written
//! AABB-vs-circle test (the kind an engine ships, with the classic
//! off-by-touching bug) checked against satlab on many random poses.
//!
//! Run: `cargo run --example reference_oracle`

use satlab::geom::{intersects, Aabb, Circle, Pose, Shape, Vec2};

/// The engine's own test, as an engine might write it: strict `<`, so a
/// circle exactly touching the box does not count.
fn engine_circle_vs_box(center: Vec2, radius: f32, lo: Vec2, hi: Vec2) -> bool {
    let closest = center.clamp(lo, hi);
    (center - closest).length_squared() < radius * radius
}

/// A small deterministic generator (no dependency needed for an example).
struct Lcg(u64);

impl Lcg {
    fn unit(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

fn main() -> Result<(), satlab::geom::ShapeError> {
    let mut rng = Lcg(7);
    let (mut agree, mut disagree) = (0, Vec::new());
    for i in 0..10_000 {
        let half = Vec2::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0));
        let at = Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
        let radius = rng.range(0.0, 1.5);
        // Every 50th case touches exactly: the circle sits on the box's right face.
        let center = if i % 50 == 0 {
            Vec2::new(half.x + radius, 0.0)
        } else {
            at
        };
        let box_shape = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), half)?);
        let circle = Shape::Circle(Circle::new(Pose::at(center), radius)?);
        let reference = intersects(&box_shape, &circle);
        let engine = engine_circle_vs_box(center, radius, -half, half);
        if reference == engine {
            agree += 1;
        } else {
            disagree.push((center, radius, half, reference));
        }
    }
    println!("engine agrees with satlab on {agree} of 10000 poses");
    for (c, r, h, reference) in disagree.iter().take(3) {
        println!(
            "  differs: circle at {c} radius {r} vs box of half-extents {h}: satlab says {}",
            if *reference {
                "touching counts: they intersect"
            } else {
                "separated"
            }
        );
    }
    if !disagree.is_empty() {
        println!(
            "{} disagreements: the engine's strict `<` misses touching shapes (satlab's shapes are closed sets)",
            disagree.len()
        );
    }
    Ok(())
}
