//! The worked 3D closed forms (the Algorithm panel's data) are the tests
//! `intersects` takes: on random pairs, near touching included, the worked
//! verdict is `intersects`' own, and every number fits the verdict.

use crate::common3d;

use common3d::*;
use satlab::geom3d::classic::{obb_obb_max_gap, ObbAxis};
use satlab::geom3d::{intersects, worked, ShapeKind3, Worked3, CONTACT_TOLERANCE};

fn pairs(ka: ShapeKind3, kb: ShapeKind3, n: usize, seed: u64) -> Vec<(Sample, Sample)> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let la = random_local(ka, &mut rng);
            let lb = random_local(kb, &mut rng);
            placed_pair(&mut rng, &la, &lb)
        })
        .collect()
}

#[test]
fn the_worked_verdict_is_the_verdict_of_intersects_in_either_order() {
    use ShapeKind3::*;
    for (ka, kb) in [
        (Sphere, Aabb),
        (Sphere, Obb),
        (Point, Obb),
        (Obb, Obb),
        (Aabb, Obb),
        (Capsule, Capsule),
        (Segment, Capsule),
    ] {
        let mut seen = 0;
        for (a, b) in pairs(ka, kb, 400, 17) {
            for (x, y) in [(&a.shape, &b.shape), (&b.shape, &a.shape)] {
                let Some(w) = worked(x, y) else {
                    panic!("{ka:?}–{kb:?} has a worked test");
                };
                let verdict = match &w {
                    Worked3::SphereBox { trace, .. } => {
                        assert_eq!(trace.result, trace.dist_sq <= trace.reach_sq);
                        assert!((trace.nearest.abs() - trace.half_extents).max_element() <= 0.0);
                        trace.result
                    }
                    Worked3::BoxBox { trace, .. } => {
                        assert_eq!(trace.axes.len(), 15);
                        if let Some(k) = trace.first_separating {
                            assert!(!trace.result && trace.axes[k].gap > 0.0);
                        }
                        trace.result
                    }
                    Worked3::CapsuleCapsule(t) => {
                        assert_eq!(t.result, t.dist_sq <= t.reach_sq);
                        t.result
                    }
                    Worked3::RayBox { .. } => panic!("no ray in these pairs"),
                };
                assert_eq!(verdict, intersects(x, y), "{ka:?}–{kb:?} {x:?} {y:?}");
                seen += 1;
            }
        }
        assert_eq!(seen, 800);
    }
}

#[test]
fn the_box_box_axes_come_in_the_textbook_order_and_their_largest_gap_is_the_max_gap() {
    let mut near_band = 0;
    for (a, b) in pairs(ShapeKind3::Obb, ShapeKind3::Obb, 300, 23) {
        let Some(Worked3::BoxBox { trace, swapped }) = worked(&a.shape, &b.shape) else {
            panic!("two OBBs take the 15-axis test");
        };
        assert!(!swapped);
        let order: Vec<ObbAxis> = trace.axes.iter().map(|t| t.axis).collect();
        let mut want = vec![];
        want.extend((0..3).map(ObbAxis::A));
        want.extend((0..3).map(ObbAxis::B));
        want.extend((0..3).flat_map(|i| (0..3).map(move |j| ObbAxis::Cross(i, j))));
        assert_eq!(order, want);
        let best = trace
            .axes
            .iter()
            .filter(|t| !t.skipped)
            .map(|t| t.gap)
            .fold(f32::NEG_INFINITY, f32::max);
        let (ma, mb) = (a.shape.pose().matrix(), b.shape.pose().matrix());
        let h = |s: &satlab::geom3d::Shape3| match s {
            satlab::geom3d::Shape3::Obb(o) => o.half_extents(),
            _ => unreachable!("boxes"),
        };
        let max_gap = obb_obb_max_gap(
            satlab::geom3d::Vec3::ZERO,
            ma,
            h(&a.shape),
            b.pos - a.pos,
            mb,
            h(&b.shape),
        );
        assert!(
            (best - max_gap).abs() <= 1e-4 * (1.0 + max_gap.abs()),
            "{best} {max_gap}"
        );
        // An axis whose gap clears the band by its rounding bound decides;
        // within it the exact distance does (and agrees with `intersects`).
        let clear = trace
            .axes
            .iter()
            .any(|t| !t.skipped && t.gap > CONTACT_TOLERANCE + trace.rounding + t.error);
        if clear {
            assert!(trace.first_separating.is_some() && !trace.result);
        }
        assert_eq!(trace.result, intersects(&a.shape, &b.shape));
        if best > CONTACT_TOLERANCE && !clear {
            near_band += 1;
        }
    }
    // The band is a hair (rounding of the magnitude), not a wide margin.
    assert!(near_band <= 15, "{near_band} of 300 pairs fell in the band");
}

#[test]
fn the_worked_slabs_are_the_ray_casts_own() {
    use satlab::geom3d::{raycast, Ray3};
    for kb in [ShapeKind3::Aabb, ShapeKind3::Obb] {
        for (a, b) in pairs(ShapeKind3::Ray, kb, 300, 29) {
            let satlab::geom3d::Shape3::Ray(r) = &a.shape else {
                unreachable!("a ray");
            };
            let Some(Worked3::RayBox { trace, hit }) = worked(&a.shape, &b.shape) else {
                panic!("ray–box is worked by slabs");
            };
            assert_eq!(hit, raycast(&Ray3::from_shape(r), &b.shape));
            if let Some(((enter, _), exit)) = trace.result {
                assert!(enter <= exit);
                if let Some(h) = hit.filter(|h| h.t > 0.0) {
                    assert_eq!(h.t, enter);
                }
            } else {
                assert!(hit.is_none());
            }
        }
    }
}
