//! The readout on pairs with known answers, and [`judge`]'s reasons.

use super::*;
use crate::app::i18n::{with_lang, Lang};
use glam::{Quat, Vec2};
use satlab::geom::CONTACT_TOLERANCE as TOL;
use satlab::geom::{Aabb, Circle, Obb, Pose, Ray, Sector, Shape};
use satlab::geom3d::{Aabb3, Capsule3, Pose3, Shape3, Sphere};

fn aabb(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
    Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).unwrap())
}

fn circle(x: f32, y: f32, r: f32) -> Shape {
    Shape::Circle(Circle::new(Pose::at(Vec2::new(x, y)), r).unwrap())
}

fn box3(p: Vec3, h: Vec3) -> Shape3 {
    Shape3::Aabb(Aabb3::new(Pose3::at(p), h).unwrap())
}

fn sphere(p: Vec3, r: f32) -> Shape3 {
    Shape3::Sphere(Sphere::new(Pose3::at(p), r).unwrap())
}

fn compared(r: Readout) -> Comparison {
    match r {
        Readout::Compared(c) => c,
        other => panic!("expected numbers, got {other:?}"),
    }
}

fn close(a: Option<f32>, b: f32) -> bool {
    a.is_some_and(|a| (a - b).abs() <= 1e-5)
}

#[test]
fn boxes_apart_agree_on_verdict_and_distance() {
    let c = compared(two::compare(
        &aabb(0.0, 0.0, 1.0, 1.0),
        &aabb(3.5, 0.25, 1.0, 0.5),
        TOL,
    ));
    assert!(!c.satlab.intersects && !c.parry.intersects);
    assert!(
        close(c.satlab.signed, 1.5) && close(c.parry.signed, 1.5),
        "{c:?}"
    );
    assert_eq!(c.disagreement, None);
    let n = c.parry.normal.unwrap();
    assert!((n - Vec3::X).length() < 1e-5, "{n}");
    assert_eq!(c.dims, 2);
}

#[test]
fn overlapping_boxes_agree_on_the_depth() {
    let b = Shape::Obb(Obb::new(Pose::new(Vec2::new(1.5, 0.0), 0.0).unwrap(), Vec2::ONE).unwrap());
    let c = compared(two::compare(&aabb(0.0, 0.0, 1.0, 1.0), &b, TOL));
    assert!(c.satlab.intersects && c.parry.intersects);
    assert!(
        close(c.satlab.signed, -0.5) && close(c.parry.signed, -0.5),
        "{c:?}"
    );
    assert_eq!(c.disagreement, None);
    // The deepest points, not the one point the shapes share: A's face
    // x = 1 and B's face x = 0.5, as parry gives them.
    for side in [&c.satlab, &c.parry] {
        let on_faces = match (side.point_a, side.point_b) {
            (Some(pa), Some(pb)) => (pa.x - 1.0).abs() < 1e-6 && (pb.x - 0.5).abs() < 1e-6,
            (None, _) | (_, None) => false,
        };
        assert!(on_faces, "{c:?}");
    }
}

#[test]
fn circles_go_in_as_points_with_their_radius_taken_off() {
    let c = compared(two::compare(
        &circle(0.0, 0.0, 1.0),
        &circle(3.0, 4.0, 2.0),
        TOL,
    ));
    assert!(
        close(c.satlab.signed, 2.0) && close(c.parry.signed, 2.0),
        "{c:?}"
    );
    let (pa, pb) = (c.parry.point_a.unwrap(), c.parry.point_b.unwrap());
    assert!((pa - Vec3::new(0.6, 0.8, 0.0)).length() < 1e-5, "{pa}");
    assert!((pb - Vec3::new(1.8, 2.4, 0.0)).length() < 1e-5, "{pb}");
    let c = compared(two::compare(
        &circle(0.0, 0.0, 1.0),
        &circle(1.0, 0.0, 1.0),
        TOL,
    ));
    assert!(c.parry.intersects && close(c.parry.signed, -1.0), "{c:?}");
    assert_eq!(c.disagreement, None);
}

#[test]
fn spheres_and_boxes_in_3d_agree() {
    let c = compared(three::compare(
        &sphere(Vec3::ZERO, 1.0),
        &sphere(Vec3::new(0.0, 0.0, 3.0), 1.5),
        TOL,
    ));
    assert!(
        close(c.parry.signed, 0.5) && close(c.satlab.signed, 0.5),
        "{c:?}"
    );
    assert_eq!((c.dims, c.disagreement), (3, None));
    let a = box3(Vec3::ZERO, Vec3::ONE);
    let c = compared(three::compare(
        &a,
        &box3(Vec3::new(1.0, 1.8, 0.0), Vec3::ONE),
        TOL,
    ));
    assert!(c.satlab.intersects && c.parry.intersects);
    assert!(
        close(c.parry.signed, -0.2) && close(c.satlab.signed, -0.2),
        "{c:?}"
    );
    let q = Quat::from_rotation_z(0.3);
    let cap = Shape3::Capsule(
        Capsule3::new(
            Pose3::new(
                satlab::geom3d::ShapeKind3::Capsule,
                Vec3::new(0.0, 4.0, 0.0),
                q,
            )
            .unwrap(),
            1.0,
            0.5,
        )
        .unwrap(),
    );
    let c = compared(three::compare(&a, &cap, TOL));
    assert!(!c.parry.intersects && c.disagreement.is_none(), "{c:?}");
    assert!((c.parry.signed.unwrap() - c.satlab.signed.unwrap()).abs() <= TOL);
}

#[test]
fn a_sector_has_no_parry_shape() {
    let s = Shape::Sector(Sector::new(Pose::at(Vec2::ZERO), 1.0, 45.0).unwrap());
    let r = two::compare(&s, &aabb(3.0, 0.0, 1.0, 1.0), TOL);
    assert_eq!(r, Readout::NoShape(Missing::Sector));
    let t = with_lang(Lang::En, || table(&r));
    assert!(t.contains("parry has no such shape: sector"), "{t}");
}

#[test]
fn an_unbounded_ray_is_cut_without_changing_the_answer() {
    let ray = Shape::Ray(Ray::new(Pose::new(Vec2::new(-50.0, 3.0), 0.0).unwrap(), None).unwrap());
    let c = compared(two::compare(&ray, &aabb(40.0, 0.0, 1.0, 1.0), TOL));
    assert!(c.ray_cut && !c.parry.intersects && !c.satlab.intersects);
    assert!(
        close(c.parry.signed, 2.0) && close(c.satlab.signed, 2.0),
        "{c:?}"
    );
    let two_rays = two::compare(&ray, &ray, TOL);
    assert_eq!(two_rays, Readout::NoShape(Missing::TwoRays));
}

#[test]
fn a_pair_touching_within_the_tolerance_is_the_touching_policy() {
    let gap = 0.5 * TOL;
    let c = compared(two::compare(
        &aabb(0.0, 0.0, 1.0, 1.0),
        &aabb(2.0 + gap, 0.0, 1.0, 1.0),
        TOL,
    ));
    assert!(
        c.satlab.intersects,
        "satlab counts a gap within the tolerance: {c:?}"
    );
    match c.disagreement {
        None => assert!(c.parry.intersects),
        Some(d) => assert_eq!(
            d,
            Disagreement::Verdict {
                reason: Reason::TouchingPolicy
            }
        ),
    }
    // A finer scene tolerance than the gap: both say apart.
    let c = compared(two::compare(
        &aabb(0.0, 0.0, 1.0, 1.0),
        &aabb(2.0 + gap, 0.0, 1.0, 1.0),
        0.1 * gap,
    ));
    assert!(
        !c.satlab.intersects && !c.parry.intersects && c.disagreement.is_none(),
        "{c:?}"
    );
}

fn answer(intersects: bool, signed: f32) -> Answer {
    Answer {
        intersects,
        signed: Some(signed),
        point_a: None,
        point_b: None,
        normal: None,
    }
}

#[test]
fn judge_gives_each_reason() {
    let v = |reason| Some(Disagreement::Verdict { reason });
    assert_eq!(
        judge(&answer(true, 5e-5), &answer(false, 5e-5), TOL, 1e-6),
        v(Reason::TouchingPolicy)
    );
    assert_eq!(
        judge(&answer(false, 3e-4), &answer(true, -1e-4), TOL, 1e-3),
        v(Reason::F32Rounding)
    );
    assert_eq!(
        judge(&answer(false, 3e-4), &answer(true, -1e-4), TOL, 1e-6),
        v(Reason::Unexplained)
    );
    assert_eq!(
        judge(&answer(false, 1.0), &answer(false, 1.00005), TOL, 1e-6),
        None
    );
    match judge(&answer(false, 1000.0), &answer(false, 1000.002), TOL, 5e-3) {
        Some(Disagreement::Distance {
            difference,
            reason: Reason::F32Rounding,
        }) => {
            assert!((difference - 0.002).abs() < 1e-3)
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        judge(&answer(true, -0.5), &answer(true, -0.7), TOL, 1e-6),
        Some(Disagreement::Distance {
            reason: Reason::Unexplained,
            ..
        })
    ));
}

#[test]
fn the_table_has_a_row_per_quantity() {
    let r = two::compare(&aabb(0.0, 0.0, 1.0, 1.0), &aabb(3.5, 0.0, 1.0, 1.0), TOL);
    let t = with_lang(Lang::En, || table(&r));
    for w in [
        "Reference (parry)",
        "satlab",
        "parry",
        "verdict",
        "signed distance",
        "point on A",
        "normal A→B",
        "agree within",
    ] {
        assert!(t.contains(w), "{w} missing in\n{t}");
    }
    assert!(t.contains("1.500000"), "{t}");
}
