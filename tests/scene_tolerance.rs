//! The 3D scene format says what it means (issue 27, item 2): quaternions in
//! an explicit object form, a scene's own contact tolerance (2D and 3D),
//! `expect` asserting no penetration, and per-quantity tolerances.

use glam::Quat;
use satlab::scene::{self, AnyScene, ExpectDepth, Scene, Scene3};
use std::path::Path;

fn p() -> &'static Path {
    Path::new("t.json")
}

fn space(text: &str) -> Scene3 {
    match scene::parse_any(text, p()) {
        Ok(AnyScene::Space(s)) => *s,
        other => panic!("not a 3D scene: {other:?}\n{text}"),
    }
}

fn refused(text: &str) -> String {
    let e = scene::parse_any(text, p()).expect_err("must be refused");
    format!("{}:{}: {}", e.line, e.column, e.message)
}

/// A 3D scene: a unit box at the origin turned by `rot`, and a box at
/// `bx`; `extra` is more top-level fields.
fn boxes3(rot: &str, bx: f32, extra: &str) -> String {
    format!(
        r#"{{
  "version": 3,
  "a": {{ "kind": "obb", "position": [0, 0, 0], {rot}"half_extents": [1, 1, 1] }},
  "b": {{ "kind": "aabb", "position": [{bx}, 0, 0], "half_extents": [1, 1, 1] }}{extra}
}}"#
    )
}

fn rotation(s: &Scene3) -> Quat {
    s.a.shape.pose().rotation()
}

#[test]
fn a_quaternion_object_is_read_by_its_names() {
    let obj = space(&boxes3(
        r#""quaternion": {"w": 1, "x": 0, "y": 0, "z": 0}, "#,
        3.0,
        "",
    ));
    assert!(rotation(&obj).abs_diff_eq(Quat::IDENTITY, 1e-7));
    // Keys in any order; the same turn as the documented array [x, y, z, w].
    let h = std::f32::consts::FRAC_1_SQRT_2;
    let obj = space(&boxes3(
        &format!(r#""quaternion": {{"z": {h}, "w": {h}, "y": 0, "x": 0}}, "#),
        3.0,
        "",
    ));
    let arr = space(&boxes3(
        &format!(r#""quaternion": [0, 0, {h}, {h}], "#),
        3.0,
        "",
    ));
    assert!(rotation(&obj).abs_diff_eq(rotation(&arr), 1e-7));
    assert!(rotation(&obj).abs_diff_eq(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2), 1e-6));
    // The array is [x, y, z, w]: [1, 0, 0, 0] is a half turn about x, as documented.
    let half = space(&boxes3(r#""quaternion": [1, 0, 0, 0], "#, 3.0, ""));
    assert!(rotation(&half).abs_diff_eq(Quat::from_rotation_x(std::f32::consts::PI), 1e-6));
}

#[test]
fn a_broken_quaternion_object_names_its_field() {
    let e = refused(&boxes3(
        r#""quaternion": {"w": 1, "x": 0, "y": 0}, "#,
        3.0,
        "",
    ));
    assert!(
        e.starts_with("3:") && e.contains("z") && e.contains("quaternion"),
        "{e}"
    );
    let e = refused(&boxes3(
        r#""quaternion": {"w": 1, "x": 0, "y": 0, "z": 0, "s": 1}, "#,
        3.0,
        "",
    ));
    assert!(e.starts_with("3:") && e.contains("`s`"), "{e}");
    let e = refused(&boxes3(
        r#""quaternion": {"w": "one", "x": 0, "y": 0, "z": 0}, "#,
        3.0,
        "",
    ));
    assert!(e.contains("quaternion: w") && e.contains("number"), "{e}");
    let e = refused(&boxes3(
        r#""quaternion": {"w": 0, "x": 0, "y": 0, "z": 0}, "#,
        3.0,
        "",
    ));
    assert!(e.starts_with("3:"), "a zero quaternion is refused: {e}");
}

/// Two boxes `size` across, `gap` apart along x (2D).
fn boxes2(size: f32, gap: f32, extra: &str) -> Scene {
    let h = size / 2.0;
    let text = format!(
        r#"{{
  "version": 1,
  "a": {{ "kind": "aabb", "position": [0, 0], "half_extents": [{h}, {h}] }},
  "b": {{ "kind": "aabb", "position": [{}, 0], "half_extents": [{h}, {h}] }}{extra}
}}"#,
        size + gap
    );
    scene::parse(&text, p()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn a_scene_sets_what_counts_as_touching_in_2d() {
    // Boxes 0.001 across, 5e-5 apart: the default tolerance (1e-4) calls
    // them touching; the scene's 1e-6 calls them apart.
    let default = boxes2(1e-3, 5e-5, "");
    assert!(default.intersects());
    let fine = boxes2(1e-3, 5e-5, ",\n  \"contact_tolerance\": 1e-6");
    assert_eq!(fine.contact_tolerance, Some(1e-6));
    assert!(!fine.intersects());
    let r = scene::eval_report(&fine);
    assert!(
        !r.outcome.intersects && r.outcome.verdict == "separated",
        "{}",
        r.table()
    );
    assert!(r.table().contains("contact tolerance"), "{}", r.table());
    // Overlapping stays overlapping under any tolerance, boxes or discs.
    let deep = boxes2(1e-3, -1e-4, ",\n  \"contact_tolerance\": 1e-7");
    assert!(deep.intersects());
    let discs = scene::parse(
        r#"{"version": 1, "contact_tolerance": 1e-7,
  "a": {"kind": "circle", "position": [0, 0], "radius": 0.001},
  "b": {"kind": "circle", "position": [0.0015, 0], "radius": 0.001}}"#,
        p(),
    )
    .unwrap();
    assert!(discs.intersects());
    // A coarser tolerance: 0.05 apart, 0.1 allowed: touching.
    let coarse = boxes2(1.0, 0.05, ",\n  \"contact_tolerance\": 0.1");
    assert!(coarse.intersects() && !boxes2(1.0, 0.05, "").intersects());
    let r = scene::eval_report(&coarse);
    assert!(
        r.outcome.intersects && r.outcome.verdict == "touching",
        "{}",
        r.table()
    );
    // check compares the expected verdict with the scene's.
    let expect = ",\n  \"contact_tolerance\": 1e-6,\n  \"expect\": { \"intersects\": false }";
    assert!(scene::evaluate(&boxes2(1e-3, 5e-5, expect)).is_empty());
    // It survives a save and a load.
    assert_eq!(scene::parse(&scene::to_json(&fine), p()).unwrap(), fine);
}

#[test]
fn a_scene_sets_what_counts_as_touching_in_3d() {
    let tol = ",\n  \"contact_tolerance\": 1e-6";
    // Unit boxes 5e-5 apart.
    let default = space(&boxes3("", 2.00005, ""));
    assert!(default.intersects());
    let fine = space(&boxes3("", 2.00005, tol));
    assert!(!fine.intersects());
    let r = scene::eval_space(&fine);
    assert!(
        !r.outcome.intersects && r.outcome.verdict == "separated",
        "{}",
        r.table()
    );
    let expect =
        format!("{tol},\n  \"expect\": {{ \"intersects\": false, \"penetration\": \"none\" }}");
    assert!(scene::evaluate_space(&space(&boxes3("", 2.00005, &expect))).is_empty());
    let back = scene::parse_any(&scene::space_to_json(&fine), p());
    assert!(matches!(back, Ok(AnyScene::Space(s)) if *s == fine));
}

#[test]
fn a_bad_contact_tolerance_is_refused_with_its_place() {
    for bad in ["0", "-1e-4", "1e4", "\"small\"", "1e39"] {
        let text = boxes3("", 3.0, &format!(",\n  \"contact_tolerance\": {bad}"));
        let e = refused(&text);
        assert!(
            e.starts_with("5:") && e.contains("contact_tolerance"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn expect_can_say_there_is_no_penetration() {
    // Apart: no penetration passes.
    let apart = boxes2(
        1.0,
        0.5,
        ",\n  \"expect\": { \"intersects\": false, \"penetration\": \"none\" }",
    );
    assert_eq!(
        apart.expect.as_ref().map(|e| e.penetration),
        Some(Some(ExpectDepth::None))
    );
    assert!(scene::evaluate(&apart).is_empty());
    // Overlapping by 0.25: a mismatch that says what was found.
    let deep = boxes2(
        1.0,
        -0.25,
        ",\n  \"expect\": { \"intersects\": true, \"penetration\": \"none\" }",
    );
    let m = scene::evaluate(&deep);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(
        m[0].to_string(),
        "penetration: expected none, got 0.25 (tolerance 0.001)"
    );
    // Resting within the penetration tolerance counts as none.
    let rest = boxes2(
        1.0,
        -0.0005,
        ",\n  \"expect\": { \"intersects\": true, \"penetration\": \"none\" }",
    );
    assert!(
        scene::evaluate(&rest).is_empty(),
        "{:?}",
        scene::evaluate(&rest)
    );
    let e = scene::parse(
        r#"{"version": 1, "a": {"kind": "point", "position": [0, 0]},
  "b": {"kind": "point", "position": [1, 0]},
  "expect": {"intersects": false, "penetration": "zero"}}"#,
        p(),
    )
    .expect_err("only \"none\"");
    assert!(e.message.contains("\"none\""), "{e}");
}

#[test]
fn distance_and_penetration_have_tolerances_of_their_own() {
    // 0.5 apart; expected 0.51: within a distance tolerance of 0.02 only.
    let loose = boxes2(
        1.0,
        0.5,
        ",\n  \"expect\": { \"intersects\": false, \"distance\": 0.51, \"distance_tolerance\": 0.02 }",
    );
    assert!(scene::evaluate(&loose).is_empty());
    let tight = boxes2(
        1.0,
        0.5,
        ",\n  \"expect\": { \"intersects\": false, \"distance\": 0.51 }",
    );
    assert_eq!(scene::evaluate(&tight).len(), 1);
    // 0.25 deep; expected 0.26: the penetration tolerance decides, not the
    // general one.
    let deep = |t: &str| {
        boxes2(
            1.0,
            -0.25,
            &format!(",\n  \"expect\": {{ \"intersects\": true, \"penetration\": 0.26, \"tolerance\": 0.5{t} }}"),
        )
    };
    assert!(scene::evaluate(&deep("")).is_empty());
    let m = scene::evaluate(&deep(", \"penetration_tolerance\": 0.001"));
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].tolerance, Some(0.001));
    let r = scene::eval_report(&deep(", \"penetration_tolerance\": 0.001"));
    assert!(
        r.table().contains("penetration 0.26 (tolerance 0.001)"),
        "{}",
        r.table()
    );
    // They round-trip.
    let s = deep(", \"penetration_tolerance\": 0.001");
    assert_eq!(scene::parse(&scene::to_json(&s), p()).unwrap(), s);
}
