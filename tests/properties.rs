//! Properties of the pair queries, checked with proptest on random pairs of
//! every ordered pair of kinds (fixed RNG seed, so failures reproduce):
//!
//! - swapping A and B mirrors the answer: same verdict and distance, closest
//!   points swapped, penetration depth equal and MTV negated;
//! - moving and turning both shapes together changes nothing;
//! - the distance is 0 exactly when the shapes intersect;
//! - the SAT report's verdict equals `intersects`;
//! - moving B by the MTV × (1 + 1e-3) separates the shapes, × (1 − 1e-3)
//!   does not (when the depth is at least 0.2, so that 1e-3 of it clears
//!   the 1e-4 contact tolerance);
//! - for separated convex pairs the SAT report names a separating axis
//!   (its candidate set is complete for curved shapes too).
//!
//! The poses come from `common::placed_pair`: about half intersect and many
//! are near touching. Cases whose f64 oracle distance is within 1e-5 of the
//! contact tolerance are skipped where a verdict is compared.

use crate::common;
use crate::kit;

use common::*;
use proptest::prelude::*;
use satlab::geom::{distance, intersects, penetration, sat_report, Shape};

const FLOOR: f64 = 1e-5;
const REL: f64 = 1e-4;

fn close(x: f64, r: f64) -> bool {
    (x - r).abs() <= (REL * r.abs()).max(FLOOR)
}

/// A random pair of kinds `(ka, kb)` placed by `placed_pair` from `seed`.
fn pair(ka: usize, kb: usize, seed: u64) -> (Sample, Sample) {
    let mut rng = Rng(seed);
    let sep = |a: &Shape, b: &Shape| !intersects(a, b);
    placed_pair(KINDS[ka], KINDS[kb], &mut rng, &sep)
}

fn in_band(a: &Sample, b: &Sample) -> bool {
    (truth(&a.spec, &b.spec).distance - TOL).abs() <= FLOOR
}

fn bounded_convex(s: &Sample) -> bool {
    match &s.local {
        Local::Line | Local::Ray(None) => false,
        Local::Sector(_, h) => *h <= 90.0 || *h >= 180.0,
        _ => true,
    }
}

/// Turns a sample by `phi` degrees about the origin, then moves it by `t`.
/// An aabb only turns by quarter turns, which swap its half-extents.
fn moved(s: &Sample, phi: f64, t: V) -> Sample {
    let (c, si) = (phi.to_radians().cos(), phi.to_radians().sin());
    let quarter = ((phi / 90.0).round() as i64).rem_euclid(4);
    let (c, si) = if (phi / 90.0).fract() == 0.0 {
        [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][quarter as usize]
    } else {
        (c, si)
    };
    let local = match &s.local {
        Local::Aabb(h) if quarter % 2 == 1 => Local::Aabb(V::new(h.y, h.x)),
        l => l.clone(),
    };
    build(&local, s.pos.rot(c, si) + t, s.deg + phi)
}

fn kinds() -> impl Strategy<Value = (usize, usize, u64)> {
    (0..10usize, 0..10usize, any::<u64>())
}

proptest! {
    #![proptest_config(kit::soak_config(10_000, 0x5A71AB))]

    #[test]
    fn swapping_mirrors_the_answer((ka, kb, seed) in kinds()) {
        let (a, b) = pair(ka, kb, seed);
        let (ab, ba) = (distance(&a.shape, &b.shape), distance(&b.shape, &a.shape));
        // The swapped call works relative to the other shape's position, so
        // within the floor of the contact tolerance it may round the other way.
        if !in_band(&a, &b) {
            prop_assert_eq!(intersects(&a.shape, &b.shape), intersects(&b.shape, &a.shape));
            prop_assert!(close(ab.distance as f64, ba.distance as f64), "{ab:?} vs {ba:?}");
        }
        if ab.distance > 0.0 {
            // Closest points may not be unique (parallel edges): the swapped
            // call's points must lie on the swapped shapes at the distance.
            let d = ab.distance as f64;
            let (pa, pb) = (V::from(ba.point_b), V::from(ba.point_a));
            prop_assert!(point_distance(pa, &a.spec) <= (REL * d).max(FLOOR), "{ba:?}");
            prop_assert!(point_distance(pb, &b.spec) <= (REL * d).max(FLOOR), "{ba:?}");
            prop_assert!(close((pb - pa).len(), d));
        }
        let (pab, pba) = (penetration(&a.shape, &b.shape), penetration(&b.shape, &a.shape));
        if !in_band(&a, &b) {
            prop_assert_eq!(pab.is_some(), pba.is_some());
        }
        if let (Some(p), Some(q)) = (pab, pba) {
            prop_assert!(close(p.depth as f64, q.depth as f64), "{p:?} vs {q:?}");
            let negated = (V::from(p.mtv) + V::from(q.mtv)).len() <= (REL * p.depth as f64).max(FLOOR);
            if !negated {
                // Two axes of equal least overlap: then -q.mtv must also be a
                // shortest way out for (a, b).
                let out = b.at(b.pos - V::from(q.mtv) * 1.01);
                prop_assert!(
                    p.depth < 0.02 || !intersects(&a.shape, &out.shape),
                    "MTV not mirrored: {p:?} vs {q:?}"
                );
            }
        }
    }

    #[test]
    fn moving_and_turning_both_changes_nothing((ka, kb, seed) in kinds(), phi in -360.0f64..360.0, tx in -50.0f64..50.0, ty in -50.0f64..50.0) {
        let (a, b) = pair(ka, kb, seed);
        let has_aabb = matches!(a.local, Local::Aabb(_)) || matches!(b.local, Local::Aabb(_));
        let phi = if has_aabb { (phi / 90.0).round() * 90.0 } else { phi };
        let t = V::new(tx, ty);
        let (a2, b2) = (moved(&a, phi, t), moved(&b, phi, t));
        // Within the floor of the contact tolerance the verdict may flip and
        // the distance jump between ~1e-4 and its snapped value 0.
        if !in_band(&a, &b) && !in_band(&a2, &b2) {
            prop_assert_eq!(intersects(&a.shape, &b.shape), intersects(&a2.shape, &b2.shape));
            let (d1, d2) = (distance(&a.shape, &b.shape).distance as f64, distance(&a2.shape, &b2.shape).distance as f64);
            // Coordinates up to ~60 here: the floor scales with them (f32 ulp at 64 is 8e-6).
            prop_assert!((d1 - d2).abs() <= (REL * d1).max(4.0 * FLOOR), "{d1} vs {d2}");
        }
        let (p1, p2) = (penetration(&a.shape, &b.shape), penetration(&a2.shape, &b2.shape));
        if let (Some(p), Some(q)) = (p1, p2) {
            prop_assert!((p.depth - q.depth).abs() as f64 <= (REL * p.depth as f64).max(4.0 * FLOOR), "{p:?} vs {q:?}");
        }
    }

    #[test]
    fn distance_is_zero_exactly_when_intersecting((ka, kb, seed) in kinds()) {
        let (a, b) = pair(ka, kb, seed);
        let d = distance(&a.shape, &b.shape).distance;
        prop_assert_eq!(d == 0.0, intersects(&a.shape, &b.shape), "distance {}", d);
    }

    #[test]
    fn sat_verdict_equals_intersects((ka, kb, seed) in kinds()) {
        let (a, b) = pair(ka, kb, seed);
        prop_assert_eq!(sat_report(&a.shape, &b.shape).intersects, intersects(&a.shape, &b.shape));
    }

    #[test]
    fn mtv_separates_and_no_less((ka, kb, seed) in kinds()) {
        let (a, b) = pair(ka, kb, seed);
        if let Some(p) = penetration(&a.shape, &b.shape) {
            prop_assert!(bounded_convex(&a) && bounded_convex(&b));
            if p.depth >= 0.2 {
                let m = V::from(p.mtv);
                let out = b.at(b.pos + m * (1.0 + 1e-3));
                let short = b.at(b.pos + m * (1.0 - 1e-3));
                prop_assert!(!intersects(&a.shape, &out.shape), "{p:?}");
                prop_assert!(intersects(&a.shape, &short.shape), "{p:?}");
                // The oracle agrees: B moved by the MTV just touches A.
                let t = truth(&a.spec, &b.at(b.pos + m).spec);
                prop_assert!(t.distance <= 2.0 * FLOOR && t.depth <= 2.0 * FLOOR, "{p:?}: {t:?}");
            }
        }
    }

    #[test]
    fn separated_convex_pairs_have_a_separating_axis((ka, kb, seed) in kinds()) {
        let (a, b) = pair(ka, kb, seed);
        let convex = |s: &Sample| !matches!(s.local, Local::Sector(_, h) if h > 90.0 && h < 180.0);
        if convex(&a) && convex(&b) && !intersects(&a.shape, &b.shape) {
            let r = sat_report(&a.shape, &b.shape);
            let axis = r.first_separating();
            prop_assert!(axis.is_some(), "no separating axis: {:?} {:?}", a.shape, b.shape);
            if let Some(t) = axis {
                prop_assert!(t.gap > 0.0);
                prop_assert!((t.axis.length() - 1.0).abs() < 1e-5);
                    }
        }
    }
}
