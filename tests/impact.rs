//! Time of impact against the verdict (issue 31, item 8): shapes that
//! already intersect touch at t = 0, whatever they are and however they
//! move; lines and unbounded rays otherwise have none; motions whose
//! difference overflows f32 still find a head-on hit.

use crate::common;

use common::*;
use satlab::geom::{
    intersects, time_of_impact, Circle, Obb, Polygon, Pose, Shape, ShapeKind, Vec2,
};

fn motion(rng: &mut Rng, scale: f64) -> Vec2 {
    let v = rng.unit() * rng.range(0.0, scale);
    Vec2::new(v.x as f32, v.y as f32)
}

#[test]
fn intersecting_pairs_touch_at_t_0_and_only_they() {
    let mut rng = Rng(0x7013);
    let sep = |a: &Shape, b: &Shape| !intersects(a, b);
    let (mut at_rest, mut apart) = (0, 0);
    for case in 0..6_000 {
        let ka = KINDS[rng.below(KINDS.len())];
        let kb = KINDS[rng.below(KINDS.len())];
        let (a, b) = placed_pair(ka, kb, &mut rng, &sep);
        let (ma, mb) = (motion(&mut rng, 8.0), motion(&mut rng, 8.0));
        let hit = intersects(&a.shape, &b.shape);
        let toi = time_of_impact(&a.shape, ma, &b.shape, mb);
        let what = format!(
            "case {case}: {:?}\nvs {:?}\nmotion {ma} {mb}: {toi:?}",
            a.shape, b.shape
        );
        if hit {
            at_rest += 1;
            let t = toi.unwrap_or_else(|| panic!("touching, yet no impact: {what}"));
            assert_eq!(t.t, 0.0, "{what}");
            assert!(t.point.is_finite() && t.normal.is_finite(), "{what}");
            assert!(t.distance <= 1e-4, "{what}");
        } else {
            apart += 1;
            if let Some(t) = toi {
                assert!(t.t > 0.0 && t.t <= 1.0, "{what}");
            }
            let bounded = a.shape.is_bounded() && b.shape.is_bounded();
            assert!(bounded || toi.is_none(), "{what}");
        }
    }
    assert!(at_rest > 1_000 && apart > 1_000, "{at_rest} {apart}");
}

#[test]
fn touching_within_the_tolerance_and_moving_apart_is_t_0() {
    let at = |x: f32| Pose::new(Vec2::new(x, 0.0), 0.0).unwrap();
    let disc = |x| Shape::Circle(Circle::new(at(x), 1.0).unwrap());
    let square = |x| Shape::Obb(Obb::new(at(x), Vec2::ONE).unwrap());
    for (a, b) in [(disc(0.0), disc(2.00005)), (square(0.0), square(2.00005))] {
        assert!(intersects(&a, &b));
        let t = time_of_impact(&a, Vec2::ZERO, &b, Vec2::new(1.0, 0.0)).expect("touching");
        assert_eq!(t.t, 0.0);
        assert!((t.normal - Vec2::X).length() < 1e-6, "{t:?}");
    }
}

#[test]
fn lines_and_rays_have_none_unless_they_already_touch() {
    let line =
        satlab::scene::parse_shape(r#"{"kind":"line","position":[0,0]}"#, "t".as_ref()).unwrap();
    let ray = satlab::scene::parse_shape(
        r#"{"kind":"ray","position":[0,0],"rotation_deg":0}"#,
        "t".as_ref(),
    )
    .unwrap();
    let disc = |y: f32| {
        Shape::Circle(Circle::new(Pose::new(Vec2::new(0.5, y), 0.0).unwrap(), 1.0).unwrap())
    };
    for s in [&line, &ray] {
        // Would cross it at t = 0.4, yet it is not computed.
        assert_eq!(
            time_of_impact(s, Vec2::ZERO, &disc(5.0), Vec2::new(0.0, -10.0)),
            None
        );
        let t = time_of_impact(s, Vec2::ZERO, &disc(0.5), Vec2::new(0.0, -10.0)).expect("touching");
        assert_eq!(t.t, 0.0);
    }
}

#[test]
fn head_on_hits_whose_relative_motion_overflows_f32_are_found() {
    // A million apart, where f32 still resolves the shapes (at the limit,
    // 1e8, neighbouring values are 8 apart: a unit box rounds away).
    let l = 1e6;
    let at = |x: f32| Pose::new(Vec2::new(x, 0.0), 0.0).unwrap();
    let tri = [
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(0.0, 1.0),
    ];
    let kinds: [&dyn Fn(f32) -> Shape; 3] = [
        &|x| Shape::Circle(Circle::new(at(x), 1.0).unwrap()),
        &|x| Shape::Obb(Obb::new(at(x), Vec2::ONE).unwrap()),
        &|x| Shape::Polygon(Polygon::new(at(x), &tri).unwrap()),
    ];
    for speed in [1e6, 1e20, 1e38, 3e38, f32::MAX] {
        for ka in &kinds {
            for kb in &kinds {
                let (a, b) = (ka(-l), kb(l));
                let m = Vec2::new(speed, 0.0);
                let t = time_of_impact(&a, m, &b, -m)
                    .unwrap_or_else(|| panic!("speed {speed}: no hit\n{a:?}\n{b:?}"));
                // They meet near the middle: each has covered about 1e6.
                assert!(t.t > 0.0 && t.t.is_finite(), "speed {speed}: {t:?}");
                let covered = speed * t.t;
                assert!(
                    (covered - l).abs() <= 1e-5 * l + 2.0,
                    "speed {speed}: {t:?} covered {covered}"
                );
                assert!(
                    t.point.is_finite() && t.point.x.abs() <= 2.0,
                    "speed {speed}: {t:?}"
                );
                // From A towards B (a triangle's slanted edge may set it).
                assert!(t.normal.x > 0.4, "speed {speed}: {t:?}");
                // Moving away at that speed: no hit.
                assert_eq!(time_of_impact(&a, -m, &b, m), None, "speed {speed}");
            }
        }
    }
    // Non-finite motions are not cast.
    let (a, b) = (kinds[0](0.0), kinds[0](5.0));
    assert_eq!(
        time_of_impact(&a, Vec2::new(f32::INFINITY, 0.0), &b, Vec2::ZERO),
        None
    );
    assert_eq!(
        time_of_impact(&a, Vec2::ZERO, &b, Vec2::new(f32::NAN, 0.0)),
        None
    );
}

#[test]
fn every_kind_touches_at_rest_at_t_0() {
    // Each bounded kind against each, overlapping at the origin.
    let mut rng = Rng(0xA7E5);
    for ka in BOUNDED_KINDS {
        for kb in BOUNDED_KINDS
            .iter()
            .copied()
            .chain([ShapeKind::Line, ShapeKind::Ray])
        {
            let a = random_sample(ka, &mut rng, V::new(0.0, 0.0));
            let b = random_sample(kb, &mut rng, V::new(0.0, 0.0));
            if !intersects(&a.shape, &b.shape) {
                continue;
            }
            let t = time_of_impact(&a.shape, Vec2::X, &b.shape, -Vec2::X).expect("at rest");
            assert_eq!(t.t, 0.0, "{:?}\n{:?}", a.shape, b.shape);
        }
    }
}
