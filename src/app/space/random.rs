//! A random 3D pair (issue 28, item 27): two shapes of the kinds chosen
//! (or of any kinds) from a seed, so the same pair can be called up again
//! by its seed. Pure.

use glam::Vec3;
use satlab::geom3d::ShapeError;
use satlab::geom3d::{
    Aabb3, Capsule3, Hull3, Obb3, Point3, Pose3, Ray3Shape, Segment3, Shape3, ShapeKind3, Sphere,
    Triangle3,
};
use satlab::practice::Rng;
use satlab::scene::{Placed3, Rotation3};

/// What the next random 3D pair is made of: a kind per shape (`None`:
/// any) and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomPair3 {
    /// A's kind and B's (`None`: any kind).
    pub kinds: [Option<ShapeKind3>; 2],
    /// The seed of the pair made last (or the next to make, as typed).
    pub seed: u64,
}

impl Default for RandomPair3 {
    fn default() -> Self {
        RandomPair3 {
            kinds: [None, None],
            seed: 1,
        }
    }
}

/// The pair of `seed`: A at the origin, B beside it, each 0.8 to 2.4
/// units across, turned by whole multiples of 15° about x, y and z (an
/// AABB not at all), B's centre far enough away that about half the pairs
/// overlap. Same seed and kinds, same pair.
pub fn random_pair3(seed: u64, kinds: [Option<ShapeKind3>; 2]) -> (Placed3, Placed3) {
    let mut rng = Rng::new(seed);
    let a = placed(&mut rng, kinds[0], Vec3::ZERO);
    let dir = Vec3::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    )
    .normalize_or(Vec3::X);
    let at = (dir * rng.stepped(0.2, 1.0, 0.05) * 1.6 * 100.0).round() / 100.0;
    let b = placed(&mut rng, kinds[1], at);
    let point = |p: Vec3| Placed3 {
        shape: Shape3::Point(Point3::new(Pose3::at(p))),
        rotation: Rotation3::None,
        points: Vec::new(),
    };
    (
        a.unwrap_or_else(|_| point(Vec3::ZERO)),
        b.unwrap_or_else(|_| point(at)),
    )
}

/// One shape of `kind` (else a random kind) at `at`.
fn placed(rng: &mut Rng, kind: Option<ShapeKind3>, at: Vec3) -> Result<Placed3, ShapeError> {
    let kind = kind.unwrap_or(ShapeKind3::ALL[rng.below(ShapeKind3::ALL.len())]);
    let s = rng.stepped(0.4, 1.2, 0.1);
    let mut turn = || 15.0 * rng.below(24) as f32;
    let deg = match kind {
        ShapeKind3::Aabb => [0.0; 3],
        ShapeKind3::Point
        | ShapeKind3::Segment
        | ShapeKind3::Ray
        | ShapeKind3::Sphere
        | ShapeKind3::Obb
        | ShapeKind3::Capsule
        | ShapeKind3::Triangle
        | ShapeKind3::Hull => [turn(), turn(), turn()],
    };
    let pose = Pose3::from_euler_deg(kind, at, deg)?;
    let mut points = Vec::new();
    let shape = match kind {
        ShapeKind3::Point => Shape3::Point(Point3::new(pose)),
        ShapeKind3::Segment => Shape3::Segment(Segment3::new(pose, s)?),
        ShapeKind3::Ray => Shape3::Ray(Ray3Shape::new(pose, Some(2.0 * s))?),
        ShapeKind3::Sphere => Shape3::Sphere(Sphere::new(pose, 0.8 * s)?),
        ShapeKind3::Aabb => Shape3::Aabb(Aabb3::new(pose, Vec3::new(1.0, 0.75, 0.5) * s)?),
        ShapeKind3::Obb => Shape3::Obb(Obb3::new(pose, Vec3::new(1.0, 0.75, 0.5) * s)?),
        ShapeKind3::Capsule => Shape3::Capsule(Capsule3::new(pose, 0.7 * s, 0.35 * s)?),
        ShapeKind3::Triangle => Shape3::Triangle(Triangle3::new(
            pose,
            [
                Vec3::new(s, 0.0, 0.0),
                Vec3::new(-0.5 * s, 0.9 * s, 0.0),
                Vec3::new(-0.5 * s, -0.9 * s, 0.0),
            ],
        )?),
        ShapeKind3::Hull => {
            // A tetrahedron with a cut corner: a few faces of each kind.
            points = vec![
                Vec3::new(s, 0.0, -0.5 * s),
                Vec3::new(-0.5 * s, 0.9 * s, -0.5 * s),
                Vec3::new(-0.5 * s, -0.9 * s, -0.5 * s),
                Vec3::new(0.2 * s, 0.2 * s, 0.8 * s),
                Vec3::new(-0.2 * s, -0.1 * s, 0.9 * s),
            ];
            Shape3::Hull(Hull3::new(pose, &points, false)?)
        }
    };
    let rotation = if deg == [0.0; 3] {
        Rotation3::None
    } else {
        Rotation3::EulerDeg(deg)
    };
    Ok(Placed3 {
        shape,
        rotation,
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_calls_up_the_same_3d_pair_and_kinds_are_kept() {
        let any = [None, None];
        assert_eq!(random_pair3(7, any), random_pair3(7, any));
        assert_ne!(random_pair3(7, any), random_pair3(8, any));
        let mut seen = std::collections::BTreeSet::new();
        let mut overlapping = 0;
        for seed in 0..200 {
            let (a, b) = random_pair3(seed, any);
            seen.insert(a.shape.kind().name());
            seen.insert(b.shape.kind().name());
            overlapping += usize::from(satlab::geom3d::intersects(&a.shape, &b.shape));
        }
        assert_eq!(seen.len(), ShapeKind3::ALL.len(), "every kind comes up");
        assert!(
            (20..=180).contains(&overlapping),
            "{overlapping} of 200 overlap"
        );
        for ka in ShapeKind3::ALL {
            for kb in ShapeKind3::ALL {
                let (a, b) = random_pair3(3, [Some(ka), Some(kb)]);
                assert_eq!((a.shape.kind(), b.shape.kind()), (ka, kb));
            }
        }
    }
}
