//! Issue 31, item 5 (3D): long boxes. A box up to 1e6 long and a small box
//! 0.3 from its long side: `distance` must be the gap, and the SAT report's
//! gap on the long box's face must agree with it. The truth is the gap
//! along the long box's face normal (the cross product of its two other
//! axes, in f64 from the f32 data), exact because the small box's nearest
//! corner lies over that face.

use crate::common3d;

use common3d::{build, Local, Rng};
use glam::DVec3;
use satlab::geom3d::{distance, intersects, sat_report3, Shape3, Vec3};

fn radius(s: &Shape3, n: DVec3) -> f64 {
    let m = s.pose().matrix();
    let h = match s {
        Shape3::Obb(b) => b.half_extents().as_dvec3(),
        _ => unreachable!("boxes"),
    };
    h.x * m.x_axis.as_dvec3().dot(n).abs()
        + h.y * m.y_axis.as_dvec3().dot(n).abs()
        + h.z * m.z_axis.as_dvec3().dot(n).abs()
}

#[test]
fn long_boxes_keep_their_distance_from_1_to_1e6() {
    let mut rng = Rng(31);
    let mut worst = 0.0f64;
    for k in 0..=12 {
        let long = 10f32.powf(k as f32 / 2.0);
        for _ in 0..40 {
            let rot = rng.rotation();
            let ha = Vec3::new(long, 0.5, 2.0);
            let a = build(&Local::Obb(ha), rng.vec(-50.0, 50.0), rot);
            let m = a.shape.pose().matrix();
            let n = m.z_axis.as_dvec3().cross(m.x_axis.as_dvec3()).normalize();
            let hb = Vec3::splat(0.25);
            let rb = rng.rotation();
            let along = rng.range(-0.5, 0.5) as f32 * long;
            let lift = 0.5 + 0.3 + 0.25 * 3f32.sqrt();
            let b = build(
                &Local::Obb(hb),
                a.pos + rot * Vec3::new(along, lift, 0.0),
                rb,
            );
            let d = b.shape.pose().position().as_dvec3() - a.shape.pose().position().as_dvec3();
            let truth = d.dot(n) - radius(&a.shape, n) - radius(&b.shape, n);
            let got = distance(&a.shape, &b.shape).distance as f64;
            // f32 distance of a pair whose coordinates reach `long`.
            let allowed = 1e-6 + 4.0 * f32::EPSILON as f64 * (d.length() + 1.0);
            worst = worst.max((got - truth).abs() / allowed);
            assert!(
                (got - truth).abs() <= allowed,
                "long {long}: distance {got}, truth {truth}"
            );
            assert!(!intersects(&a.shape, &b.shape));
            let report = sat_report3(&a.shape, &b.shape);
            let best = report
                .axes
                .iter()
                .filter(|t| t.skipped.is_none())
                .map(|t| t.gap as f64)
                .fold(f64::MIN, f64::max);
            let slack = 1e-6 * (d.length() + long as f64 * 2.0) + 1e-6;
            assert!(
                best <= got + slack && best >= truth - slack,
                "long {long}: report's best gap {best}, distance {got}"
            );
        }
    }
    println!("worst error / allowed: {worst:.3}");
}
