//! Issue 31 ("How it is checked"): 3D pairs of every kind at scales 1e-12
//! to 1e7 and elongations to 1e6 give one answer (`intersects` ⇔ distance
//! 0 ⇔ the SAT report ⇔ the SAT boolean ⇔ a penetration), finite numbers,
//! and never panic. Each case is a pair placed near touching at size ~1
//! (`placed_pair`), then scaled as a whole, or stretched along one axis of
//! the world (every coordinate and size along it), with fixed seeds.

use crate::common3d;

use common3d::*;
use proptest::prelude::*;
use satlab::geom3d::{
    distance, intersects, penetration, sat_intersects, sat_report3, ShapeKind3, Vec3,
};

fn kind() -> impl Strategy<Value = ShapeKind3> {
    (0..ShapeKind3::ALL.len()).prop_map(|i| ShapeKind3::ALL[i])
}

/// The shape's local geometry stretched by `s` along its local x (a box
/// or hull becomes a long slab or rod, a segment or capsule a long one).
fn stretched(l: &Local, s: f32) -> Local {
    let x = Vec3::new(s, 1.0, 1.0);
    match l {
        Local::Point => Local::Point,
        Local::Segment(h) => Local::Segment(h * s),
        Local::Ray(len) => Local::Ray(len.map(|v| v * s)),
        Local::Sphere(r) => Local::Sphere(*r),
        Local::Aabb(h) => Local::Aabb(*h * x),
        Local::Obb(h) => Local::Obb(*h * x),
        Local::Capsule(h, r) => Local::Capsule(h * s, *r),
        Local::Triangle(v) => Local::Triangle(v.map(|p| p * x)),
        Local::Hull(p) => Local::Hull(p.iter().map(|q| *q * x).collect()),
    }
}

fn one_answer(a: &Sample, b: &Sample) -> Result<(), TestCaseError> {
    let hit = intersects(&a.shape, &b.shape);
    let d = distance(&a.shape, &b.shape);
    prop_assert!(d.distance.is_finite() && d.distance >= 0.0, "{d:?}");
    prop_assert_eq!(d.distance == 0.0, hit, "{:?}", d);
    prop_assert_eq!(sat_report3(&a.shape, &b.shape).intersects, hit);
    prop_assert_eq!(sat_intersects(&a.shape, &b.shape), hit);
    if a.shape.is_bounded() && b.shape.is_bounded() {
        let p = penetration(&a.shape, &b.shape);
        prop_assert_eq!(p.is_some(), hit, "{:?}", p);
        if let Some(p) = p {
            prop_assert!(p.depth.is_finite() && p.mtv.is_finite(), "{p:?}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn every_kind_at_every_scale_gives_one_answer(
        ka in kind(), kb in kind(), seed in any::<u64>(), exp in -12i32..=7,
    ) {
        let mut rng = Rng(seed);
        let la = random_local(ka, &mut rng);
        let lb = random_local(kb, &mut rng);
        let (a, b) = placed_pair(&mut rng, &la, &lb);
        let s = 10f32.powi(exp);
        // Scaled about A's position; pairs placed farther than the 1e8
        // coordinate limit at 1e7 are skipped.
        let (pa, pb) = (a.pos * s.min(1.0), a.pos * s.min(1.0) + (b.pos - a.pos) * s);
        prop_assume!(pb.abs().max_element() < 1e8);
        let a2 = build(&a.local.scaled(s), pa, a.rot);
        let b2 = build(&b.local.scaled(s), pb, b.rot);
        one_answer(&a2, &b2)?;
    }

    #[test]
    fn every_kind_stretched_to_1e6_gives_one_answer(
        ka in kind(), kb in kind(), seed in any::<u64>(), exp in 0i32..=6,
    ) {
        stretched_case(ka, kb, seed, exp)?;
    }
}

/// One case of `every_kind_stretched_to_1e6_gives_one_answer`.
fn stretched_case(
    ka: ShapeKind3,
    kb: ShapeKind3,
    seed: u64,
    exp: i32,
) -> Result<(), TestCaseError> {
    let (_, a, b) = stretched_pair(ka, kb, seed, exp);
    one_answer(&a, &b)
}

/// The pair of a stretched case: A's local shape stretched by `10^exp`
/// along its x, A, and B.
fn stretched_pair(ka: ShapeKind3, kb: ShapeKind3, seed: u64, exp: i32) -> (Local, Sample, Sample) {
    let mut rng = Rng(seed);
    // Hulls stop at 1e5: the builder's flatness tolerance is 4 f32
    // roundings of the largest coordinate (0.7 at 1.5e6), so at 1e6 a
    // hull 0.6 thick is refused as flat, with that message.
    let exp = if ka == ShapeKind3::Hull {
        exp.min(5)
    } else {
        exp
    };
    let la = stretched(&random_local(ka, &mut rng), 10f32.powi(exp));
    let lb = random_local(kb, &mut rng);
    // Placed without parry (its hull builder fails on long hulls): B at
    // a random offset of up to 2.5 from A, across or along it.
    let a = build(&la, rng.vec(-4.0, 4.0), rng.rotation());
    let off = rng.unit() * rng.range(0.0, 2.5) as f32;
    let b = build(&lb, a.pos + off, rng.rotation());
    (la, a, b)
}

/// Stretched cases that fresh seeds met in soaks (one run in ten failed),
/// kept: a segment or bounded ray about 1.6e6 long against a box or hull
/// about 1 across. GJK's loop on that needle of a Minkowski difference
/// either took the origin, 0.10 outside, as inside a tetrahedron whose
/// orientation it could not sign (the segment–box case: `distance` 0,
/// `intersects` false), or, with the ray's origin inside the box, stopped
/// short of enclosing it, so that `penetration` said apart where
/// `distance` and `intersects` took the overlap from GJK's first vertex.
/// Later (one run in 600): a box 1e6 long under a triangle, where
/// `distance`'s certified closed form said touching and `penetration`'s
/// loop stopped apart.
#[test]
fn stretched_cases_once_failed_give_one_answer() {
    let cases = [
        (ShapeKind3::Ray, ShapeKind3::Obb, 17266330988452829926, 6),
        (
            ShapeKind3::Segment,
            ShapeKind3::Obb,
            15020893701557491209,
            6,
        ),
        (ShapeKind3::Ray, ShapeKind3::Aabb, 17944688875033226436, 6),
        (ShapeKind3::Ray, ShapeKind3::Hull, 16645823383237944630, 6),
        (
            ShapeKind3::Aabb,
            ShapeKind3::Triangle,
            12305257033297952841,
            6,
        ),
    ];
    for (ka, kb, seed, exp) in cases {
        let r = stretched_case(ka, kb, seed, exp);
        assert!(r.is_ok(), "{ka:?}–{kb:?} seed {seed} exp {exp}: {r:?}");
    }
}

/// The first stretched case's ray (1.64e6 long, its origin inside a box
/// about 2 across) moved back along itself by 3 and 10, so that it passes
/// through the box with both ends far outside: it meets the box (the
/// point that was its origin is still on it). GJK on the whole needle of
/// a Minkowski difference crawled (each support a far end, each step
/// about 1e-15 closer) and stopped at 0.156, and every query agreed on
/// that; with the segment cut to the box's reach along it they meet.
/// The segment–box case, 0.1036873 apart in rationals, keeps its
/// distance.
#[test]
fn a_segment_a_million_long_through_a_box_meets_it() {
    let (la, a, b) = stretched_pair(ShapeKind3::Ray, ShapeKind3::Obb, 17266330988452829926, 6);
    let along = a.shape.pose().matrix().x_axis;
    for back in [3.0f32, 10.0] {
        let moved = build(&la, a.pos - along * back, a.rot);
        assert!(intersects(&moved.shape, &b.shape), "back {back}");
        assert_eq!(
            distance(&moved.shape, &b.shape).distance,
            0.0,
            "back {back}"
        );
        assert!(penetration(&moved.shape, &b.shape).is_some(), "back {back}");
        assert!(one_answer(&moved, &b).is_ok(), "back {back}");
    }
    let (_, a, b) = stretched_pair(
        ShapeKind3::Segment,
        ShapeKind3::Obb,
        15020893701557491209,
        6,
    );
    let d = distance(&a.shape, &b.shape).distance;
    assert!((d - 0.1036873).abs() < 1e-4, "{d}");
}
