//! Properties on the held-out-style inputs of issue 15 (`common::heldout`:
//! irregular hulls, thin boxes, long and short capsules, segments, circles
//! and sectors at scales 0.05–20, positions within ±1000):
//!
//! - `intersects`, `distance == 0` and the SAT report's verdict agree, for
//!   every ordered pair of the six kinds;
//! - far from the origin the SAT report's least overlap and its MTV match
//!   the `penetration` depth within 1e-5 relative (the report works relative
//!   to A's position, as `penetration` does).

use crate::common;
use crate::kit;

use common::heldout::{pair, HKind, HRng};
use proptest::prelude::*;
use satlab::geom::{distance, intersects, penetration, SatReport, Shape};

const KINDS: [HKind; 6] = [
    HKind::Polygon,
    HKind::Box,
    HKind::Capsule,
    HKind::Circle,
    HKind::Segment,
    HKind::Sector,
];

fn separated(a: &Shape, b: &Shape) -> bool {
    !intersects(a, b)
}

/// A held-out-style pair of kinds `KINDS[ka]`, `KINDS[kb]` from `seed`,
/// A within ±1000 of the origin.
fn far_pair(ka: usize, kb: usize, seed: u64) -> (Shape, Shape) {
    let mut rng = HRng(seed);
    let (a, b) = pair(KINDS[ka], KINDS[kb], &mut rng, 1000.0, &separated);
    (a.shape, b.shape)
}

proptest! {
    #![proptest_config(kit::soak_config(3000, 0x15_15))]

    #[test]
    fn verdict_distance_and_report_agree(
        ka in 0..KINDS.len(),
        kb in 0..KINDS.len(),
        seed in any::<u64>(),
    ) {
        let (a, b) = far_pair(ka, kb, seed);
        let (a, b) = (&a, &b);
        let hit = intersects(a, b);
        let d = distance(a, b).distance;
        let mut report = SatReport::default();
        report.compute(a, b);
        prop_assert_eq!(hit, d == 0.0, "intersects {} but distance {}", hit, d);
        prop_assert_eq!(hit, report.intersects, "intersects {} but the report says {}",
            hit, report.intersects);
        // Symmetric verdict.
        prop_assert_eq!(hit, intersects(b, a));
    }

    #[test]
    fn report_least_overlap_is_the_depth_far_from_the_origin(
        ka in 0..KINDS.len(),
        kb in 0..KINDS.len(),
        seed in any::<u64>(),
    ) {
        let (a, b) = far_pair(ka, kb, seed);
        let (a, b) = (&a, &b);
        let Some(p) = penetration(a, b) else {
            return Ok(());
        };
        let mut report = SatReport::default();
        report.compute(a, b);
        prop_assert!(report.intersects);
        let least = report.least_overlap().expect("an axis");
        let mtv = report.mtv().expect("an MTV for intersecting shapes");
        // The report and `penetration` reach the depth by different sums,
        // each rounding by f32 steps of the pair's extent (relative to A's
        // position), not of the depth: allow eight of those.
        // (A line's or ray's bounds are infinite: its position counts.)
        let o = a.pose().position();
        let ext = |s: &Shape| {
            let (lo, hi) = s.bounds();
            let e = (lo - o).length().max((hi - o).length());
            if e.is_finite() { e } else { (s.pose().position() - o).length() }
        };
        let slack = 8.0 * f32::EPSILON * ext(a).max(ext(b));
        let close = |x: f32| (x - p.depth).abs() <= 1e-5 * p.depth + slack;
        prop_assert!(close(mtv.length()), "|MTV| {} vs depth {}", mtv.length(), p.depth);
        prop_assert!(close((-least.gap).max(0.0)), "least overlap {} vs depth {}",
            -least.gap, p.depth);
    }
}
