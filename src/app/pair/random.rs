//! A random pair (issue 28, item 27): two shapes of the kinds chosen (or
//! of any kinds) from a seed, so the same pair can be called up again by
//! its seed, as field mode's generator makes fields. Pure.

use glam::Vec2;
use satlab::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape, ShapeKind,
};
use satlab::practice::Rng;

/// What the next random pair is made of: a kind per shape (`None`: any)
/// and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomPair {
    /// A's kind and B's (`None`: any kind).
    pub kinds: [Option<ShapeKind>; 2],
    /// The seed of the pair made last (or the next to make, as typed).
    pub seed: u64,
}

impl Default for RandomPair {
    fn default() -> Self {
        RandomPair {
            kinds: [None, None],
            seed: 1,
        }
    }
}

/// The pair of `seed`: A about the origin, B beside it, each about 0.8 to
/// 2.4 units across, turned a whole multiple of 15°, B's centre far enough
/// from A's that about half the pairs overlap. Same seed and kinds, same
/// pair, on every machine.
pub fn random_pair(seed: u64, kinds: [Option<ShapeKind>; 2]) -> (Shape, Shape) {
    let mut rng = Rng::new(seed);
    let (a, size_a) = one(&mut rng, kinds[0], Vec2::ZERO);
    let turn = 15.0 * rng.below(24) as f32;
    let dir = Vec2::from_angle(turn.to_radians());
    let reach = rng.stepped(0.3, 1.2, 0.05) * (0.5 * size_a + 0.8);
    let at = dir * reach;
    let at = Vec2::new(snap(at.x), snap(at.y));
    let (b, _) = one(&mut rng, kinds[1], at);
    let fallback = |p: Vec2| Shape::Point(Point::with_pose(Pose::at(p)));
    (
        a.unwrap_or_else(|| fallback(Vec2::ZERO)),
        b.unwrap_or_else(|| fallback(at)),
    )
}

/// One shape of `kind` (else a random kind) at `at`, and its size: the
/// numbers written with two decimals at most, so the panel and the scene
/// file read cleanly.
fn one(rng: &mut Rng, kind: Option<ShapeKind>, at: Vec2) -> (Option<Shape>, f32) {
    let kind = kind.unwrap_or(ShapeKind::ALL[rng.below(ShapeKind::ALL.len())]);
    let s = rng.stepped(0.8, 2.4, 0.1);
    let deg = 15.0 * rng.below(24) as f32;
    let half = |k: f32| snap(k * s);
    let made = Pose::new(at, deg).and_then(|pose| match kind {
        ShapeKind::Point => Ok(Shape::Point(Point::with_pose(pose))),
        ShapeKind::Segment => Segment::new(pose, half(0.5)).map(Shape::Segment),
        ShapeKind::Ray => Ray::new(pose, Some(s)).map(Shape::Ray),
        ShapeKind::Line => Ok(Shape::Line(Line::new(pose))),
        ShapeKind::Circle => Circle::new(pose, half(0.4)).map(Shape::Circle),
        ShapeKind::Aabb => {
            Aabb::new(Pose::at(at), Vec2::new(half(0.5), half(0.35))).map(Shape::Aabb)
        }
        ShapeKind::Obb => Obb::new(pose, Vec2::new(half(0.5), half(0.35))).map(Shape::Obb),
        ShapeKind::Capsule => Capsule::new(pose, half(0.3), half(0.2)).map(Shape::Capsule),
        ShapeKind::Sector => Sector::new(pose, half(0.6), 35.0).map(Shape::Sector),
        ShapeKind::Polygon => Polygon::regular(pose, 5, half(0.45)).map(Shape::Polygon),
    });
    (made.ok(), s)
}

/// `x` to two decimals, so the scene file reads cleanly.
fn snap(x: f32) -> f32 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_calls_up_the_same_pair_and_kinds_are_kept() {
        let any = [None, None];
        assert_eq!(random_pair(7, any), random_pair(7, any));
        assert_ne!(random_pair(7, any), random_pair(8, any));
        let mut seen = std::collections::BTreeSet::new();
        let mut overlapping = 0;
        for seed in 0..200 {
            let (a, b) = random_pair(seed, any);
            seen.insert(a.kind().index());
            seen.insert(b.kind().index());
            overlapping += usize::from(satlab::geom::intersects(&a, &b));
        }
        assert_eq!(seen.len(), ShapeKind::ALL.len(), "every kind comes up");
        assert!(
            (40..=160).contains(&overlapping),
            "{overlapping} of 200 overlap"
        );
        for ka in ShapeKind::ALL {
            for kb in ShapeKind::ALL {
                let (a, b) = random_pair(3, [Some(ka), Some(kb)]);
                assert_eq!((a.kind(), b.kind()), (ka, kb));
                let (lo, hi) = a.bounds();
                assert!(lo.x <= 1.3 && hi.x >= -1.3, "A about the origin: {lo} {hi}");
            }
        }
    }
}
