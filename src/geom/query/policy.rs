//! Touching policies: does a pair that only touches count as intersecting?
//!
//! satlab treats shapes as closed sets: touching shapes intersect (the
//! default, [`TouchPolicy::Closed`], and what `docs/scene-format.md`
//! specifies). Other tools decide otherwise: open sets count only a real
//! overlap, and a tolerance band treats every pair within a chosen distance
//! of contact as touching. [`rule`] classifies a pair under a policy.
//!
//! Lengths are world units. The "signed distance" of a pair is its distance
//! when apart and minus its penetration depth when overlapping.

use crate::geom::query::distance::piece_distance;
use crate::geom::query::sat::max_gap;
use crate::geom::query::verdict::{classify, worst_of_pieces, Verdict};
use crate::geom::{Shape, CONTACT_TOLERANCE};

/// Whether touching counts as intersecting.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum TouchPolicy {
    /// Closed sets: shapes within [`CONTACT_TOLERANCE`] of contact are
    /// touching, and touching counts as intersecting (satlab's default).
    #[default]
    Closed,
    /// Open sets: touching does not count; only an overlap deeper than
    /// [`CONTACT_TOLERANCE`] intersects.
    Open,
    /// A tolerance band: a pair whose signed distance lies within
    /// `±width` is touching, and touching counts. `width` is in world
    /// units; values below [`CONTACT_TOLERANCE`] (or not finite) act as
    /// [`CONTACT_TOLERANCE`].
    Band {
        /// Half-width of the band, world units.
        width: f32,
    },
}

impl TouchPolicy {
    /// The band half-width this policy uses to call a pair touching, world
    /// units: [`CONTACT_TOLERANCE`] except for a wider [`TouchPolicy::Band`].
    pub fn band(self) -> f32 {
        match self {
            TouchPolicy::Band { width } if width.is_finite() => width.max(CONTACT_TOLERANCE),
            TouchPolicy::Band { .. } | TouchPolicy::Closed | TouchPolicy::Open => CONTACT_TOLERANCE,
        }
    }

    /// True when a touching pair counts as intersecting.
    pub fn touching_counts(self) -> bool {
        !matches!(self, TouchPolicy::Open)
    }
}

/// A pair's relation under a policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ruling {
    /// Separated, touching (within the policy's band) or overlapping.
    pub verdict: Verdict,
    /// Whether the pair counts as intersecting under the policy.
    pub intersects: bool,
}

/// Classifies `a` and `b` under `policy`. With [`TouchPolicy::Closed`] the
/// verdict is exactly [`classify`]'s and `intersects` exactly
/// [`crate::geom::intersects`]'s.
pub fn rule(policy: TouchPolicy, a: &Shape, b: &Shape) -> Ruling {
    let verdict = match policy {
        TouchPolicy::Closed | TouchPolicy::Open => classify(a, b),
        TouchPolicy::Band { .. } => classify_in_band(a, b, policy.band()),
    };
    Ruling {
        verdict,
        intersects: match verdict {
            Verdict::Separated => false,
            Verdict::Touching => policy.touching_counts(),
            Verdict::Overlapping => true,
        },
    }
}

/// [`classify`] with a touching band of half-width `band` (≥ the contact
/// tolerance) instead of the contact tolerance. Per pair of convex pieces:
/// SAT's largest gap `g`; overlapping when `g < -band` (the least overlap is
/// the penetration depth), touching when `-band ≤ g ≤ 0`, and for a gap in
/// `(0, band]` the exact distance decides (the largest gap may fall short of
/// it). The pair is overlapping when any pieces are, else touching when any
/// are.
fn classify_in_band(a: &Shape, b: &Shape, band: f32) -> Verdict {
    worst_of_pieces(a, b, |p, q| {
        let g = max_gap(p, q, f32::INFINITY);
        if g.is_nan() || g > band {
            Verdict::Separated
        } else if g < -band {
            Verdict::Overlapping
        } else if g <= 0.0 || piece_distance(p, q).distance <= band {
            Verdict::Touching
        } else {
            Verdict::Separated
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{intersects, Aabb, Circle, Pose, Vec2};

    fn disc(x: f32, r: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::new(Vec2::new(x, 0.0), 0.0).unwrap(), r).unwrap())
    }

    fn square(x: f32) -> Shape {
        Shape::Aabb(
            Aabb::new(Pose::new(Vec2::new(x, 0.0), 0.0).unwrap(), Vec2::splat(1.0)).unwrap(),
        )
    }

    const BAND: TouchPolicy = TouchPolicy::Band { width: 0.05 };

    /// A named pair and its expected (verdict, intersects) under Closed,
    /// Open and Band 0.05.
    type Case = (&'static str, Shape, Shape, [(Verdict, bool); 3]);

    fn table() -> Vec<Case> {
        use Verdict::*;
        vec![
            // Radii 1 + 1, centres 2 apart: tangent.
            (
                "discs touching",
                disc(0.0, 1.0),
                disc(2.0, 1.0),
                [(Touching, true), (Touching, false), (Touching, true)],
            ),
            // Unit squares sharing the edge x = 1.
            (
                "squares sharing an edge",
                square(0.0),
                square(2.0),
                [(Touching, true), (Touching, false), (Touching, true)],
            ),
            // Gap 0.02: apart for closed and open sets, inside the 0.05 band.
            (
                "discs 0.02 apart",
                disc(0.0, 1.0),
                disc(2.02, 1.0),
                [(Separated, false), (Separated, false), (Touching, true)],
            ),
            // Gap 0.1: apart under every policy.
            (
                "squares 0.1 apart",
                square(0.0),
                square(2.1),
                [(Separated, false), (Separated, false), (Separated, false)],
            ),
            // Overlap 0.02: overlapping for sets, touching in the band.
            (
                "squares overlapping by 0.02",
                square(0.0),
                square(1.98),
                [(Overlapping, true), (Overlapping, true), (Touching, true)],
            ),
            // Overlap 0.3: overlapping under every policy.
            (
                "discs overlapping by 0.3",
                disc(0.0, 1.0),
                disc(1.7, 1.0),
                [
                    (Overlapping, true),
                    (Overlapping, true),
                    (Overlapping, true),
                ],
            ),
        ]
    }

    #[test]
    fn each_policy_on_fixed_pairs() {
        for (name, a, b, want) in table() {
            for (policy, (verdict, hit)) in [TouchPolicy::Closed, TouchPolicy::Open, BAND]
                .into_iter()
                .zip(want)
            {
                let r = rule(policy, &a, &b);
                assert_eq!(r.verdict, verdict, "{name} under {policy:?}");
                assert_eq!(r.intersects, hit, "{name} under {policy:?}");
            }
        }
    }

    #[test]
    fn closed_is_the_default_and_agrees_with_intersects() {
        assert_eq!(TouchPolicy::default(), TouchPolicy::Closed);
        for (name, a, b, _) in table() {
            let r = rule(TouchPolicy::Closed, &a, &b);
            assert_eq!(r.intersects, intersects(&a, &b), "{name}");
            assert_eq!(r.verdict, classify(&a, &b), "{name}");
        }
    }

    #[test]
    fn band_at_the_contact_tolerance_is_closed() {
        let tight = TouchPolicy::Band {
            width: CONTACT_TOLERANCE,
        };
        for (name, a, b, _) in table() {
            assert_eq!(
                rule(tight, &a, &b),
                rule(TouchPolicy::Closed, &a, &b),
                "{name}"
            );
        }
    }

    #[test]
    fn bad_band_widths_fall_back_to_the_tolerance() {
        for w in [f32::NAN, f32::INFINITY, -1.0, 0.0] {
            assert_eq!(TouchPolicy::Band { width: w }.band(), CONTACT_TOLERANCE);
        }
        assert_eq!(BAND.band(), 0.05);
        let (a, b) = (disc(0.0, 1.0), disc(2.02, 1.0));
        let r = rule(TouchPolicy::Band { width: f32::NAN }, &a, &b);
        assert_eq!(r.verdict, Verdict::Separated);
    }

    #[test]
    fn wide_sector_halves_are_banded_too() {
        // A 270° sector (half-angle 135°) facing +x, radius 1, at the origin;
        // a unit disc 0.03 beyond its arc on the +x side: 0.03 apart.
        let s = Shape::Sector(
            crate::geom::Sector::new(Pose::new(Vec2::ZERO, 0.0).unwrap(), 1.0, 135.0).unwrap(),
        );
        let d = disc(2.03, 1.0);
        assert_eq!(
            rule(TouchPolicy::Closed, &s, &d).verdict,
            Verdict::Separated
        );
        assert_eq!(rule(BAND, &s, &d).verdict, Verdict::Touching);
    }
}
