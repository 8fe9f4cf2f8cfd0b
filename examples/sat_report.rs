//! Print the separating axis test of two shapes, axis by axis: where each
//! candidate axis came from, both projection intervals, and the gap
//! (positive) or overlap (negative); then the verdict and the MTV.
//!
//! Run: `cargo run --example sat_report`

use satlab::geom::{classify, penetration, sat_report, Obb, Polygon, Pose, Shape, Vec2};

fn main() -> Result<(), satlab::geom::ShapeError> {
    let a = Shape::Obb(Obb::new(
        Pose::new(Vec2::new(-0.6, 0.0), 20.0)?,
        Vec2::new(2.0, 1.2),
    )?);
    let b = Shape::Polygon(Polygon::regular(
        Pose::new(Vec2::new(1.9, 0.9), 12.0)?,
        5,
        1.5,
    )?);
    let report = sat_report(&a, &b);
    println!(
        "{:>3}  {:<44} {:>18} {:>18} {:>9}",
        "#", "axis from", "A", "B", "gap"
    );
    for (k, t) in report.axes.iter().enumerate() {
        println!(
            "{:>3}  {:<44} [{:>7.3}, {:>7.3}] [{:>7.3}, {:>7.3}] {:>9.4}",
            k + 1,
            t.source.to_string(),
            t.a.min,
            t.a.max,
            t.b.min,
            t.b.max,
            t.gap
        );
    }
    println!("verdict: {:?}", classify(&a, &b));
    match penetration(&a, &b) {
        Some(p) => println!("penetration depth {:.4}, MTV (moves B) {}", p.depth, p.mtv),
        None => println!("no penetration: the shapes are apart"),
    }
    Ok(())
}
