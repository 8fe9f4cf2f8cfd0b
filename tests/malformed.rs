//! The malformed scenes in `tests/malformed/`: each must be refused with its
//! exact message and position (pair scenes by both loaders, field scenes,
//! named `field-*`, and 3D scenes, named `3d-*`, by `load_any`), and
//! `satlab check` on the folder must
//! exit 2 and list every file.

use crate::kit;

use std::path::{Path, PathBuf};
use std::process::Command;

/// File name → the exact `line:column: message` the loader must give.
const EXPECTED: &[(&str, &str)] = &[
    (
        "3d-both-rotations.json",
        "4:52: shape a (obb): give `rotation_deg` or `quaternion`, not both",
    ),
    (
        "3d-circle-kind.json",
        "3:18: unknown 3D kind `circle` in shape `a`, expected one of `point`, `segment`, \
         `ray`, `sphere`, `aabb`, `obb`, `capsule`, `triangle`, `hull`",
    ),
    (
        "3d-coplanar-hull.json",
        "4:20: shape a (hull): points must include 4 points not in one plane (or ask for a \
         flat hull), got 4 points in one plane",
    ),
    (
        "3d-position-two-numbers.json",
        "3:40: shape a (sphere): position must be [x, y, z], found an array of 2 numbers",
    ),
    (
        "aabb-rotated.json",
        "3:62: shape a (aabb): rotation_deg must be 0 (use an obb to turn a box), got 30",
    ),
    (
        "concave-polygon.json",
        "6:17: shape a (polygon): vertices must form a convex polygon (it turns inward at \
         vertex 3), got [[0, 0], [2, 0], [1, 0.5], [2, 2], [0, 2]]",
    ),
    (
        "contacts-three-points.json",
        "7:47: expect: contacts: points must hold 1 or 2 points, got 3",
    ),
    (
        "duplicate-field.json",
        "3:61: duplicate field `radius` in shape `a` (circle)",
    ),
    (
        "empty-polygon.json",
        "3:61: shape a (polygon): vertices must hold at least 3 distinct vertices, got 0",
    ),
    (
        "empty.json",
        "1:1: the file is empty; a scene is a JSON object (see docs/scene-format.md)",
    ),
    (
        "expect-wrong-type.json",
        "5:29: expect: intersects must be true or false, found a string",
    ),
    (
        "field-duplicate-hit.json",
        "8:29: expect: hits, entry 3: field shape 0 is listed twice",
    ),
    (
        "field-empty-expect.json",
        "5:13: expect must give at least one of `hits`, `first_hit`, `query_hits`, `pairs`",
    ),
    (
        "field-first-hit-word.json",
        "5:27: expect: first_hit must be a shape index, {\"shape\": index, \"t\": number} \
         or \"none\", found \"nothing\"",
    ),
    (
        "field-hit-out-of-range.json",
        "11:26: expect: hits, entry 2: there is no field shape 7 (the field has 5 shapes, \
         numbered from 0)",
    ),
    (
        "field-hits-without-ray.json",
        "5:46: expect: first_hit needs a `ray`, but the scene has none",
    ),
    (
        "field-layer-colour.json",
        "4:29: layer_colors: `Enemy` must be a colour \"#rrggbb\", found \"#d55e0\"",
    ),
    (
        "field-negative-radius.json",
        "7:54: field shape 3 (circle): radius must be ≥ 0, got -1",
    ),
    (
        "field-negative-t.json",
        "5:41: expect: hits, entry 1: t must be ≥ 0, got -2",
    ),
    (
        "field-pair-field-mixed.json",
        "4:3: unknown field `a` in a field scene, expected one of `version`, `name`, \
         `notes`, `layers`, `matrix`, `layer_colors`, `shapes`, `ray`, `query`, `view`, \
         `expect`",
    ),
    (
        "field-pair-with-itself.json",
        "8:23: expect: pairs, entry 2: field shape 1 cannot pair with itself",
    ),
    (
        "field-ray-wrong-kind.json",
        "4:19: the ray must have kind `ray`, found `segment` (a shape to test against goes \
         in `query` or `shapes`)",
    ),
    (
        "field-shapes-in-version-1.json",
        "3:3: unknown field `shapes` in a version 1 scene: field scenes (`shapes`, `ray`, \
         `query`) need \"version\": 2",
    ),
    (
        "field-shapes-not-array.json",
        "3:13: field `shapes` must be an array of shapes, found an object",
    ),
    (
        "field-unknown-hit-field.json",
        "5:36: unknown field `distance` in expect: hits, entry 1, expected one of `shape`, `t`",
    ),
    (
        "field-unknown-layer.json",
        "6:66: field shape 1: layer: unknown layer `Enemies`, expected one of `Default`, \
         `Enemy`",
    ),
    (
        "huge-number.json",
        "3:58: shape a (circle): radius is 1e39, too large for a 32-bit float \
         (the largest is about 3.4e38)",
    ),
    ("invalid-json.json", "4:3: expected `,` or `}`"),
    ("missing-b.json", "1:1: missing field `b`"),
    (
        "motion-one-number.json",
        "5:20: motion: b must be [x, y], found an array of 1 numbers",
    ),
    (
        "negative-radius.json",
        "4:58: shape b (circle): radius must be ≥ 0, got -1",
    ),
    (
        "non-utf8.json",
        "3:15: the file is not UTF-8 text (byte 0xe9 here); save it as UTF-8",
    ),
    (
        "position-three-numbers.json",
        "3:40: shape a (circle): position must be [x, y], found an array of 3 numbers",
    ),
    (
        "sector-half-angle.json",
        "3:79: shape a (sector): half_angle_deg must be in (0, 180], got 200",
    ),
    (
        "toi-without-motion.json",
        "5:54: expect: time_of_impact needs a `motion` block (how the shapes move)",
    ),
    (
        "top-level-array.json",
        "1:1: the top level of a scene file must be an object {...}, found an array",
    ),
    (
        "trailing-comma.json",
        "5:1: a comma may not come right before `}` in JSON",
    ),
    (
        "truncated.json",
        "4:32: the file ends in the middle of a string (is it truncated?)",
    ),
    (
        "two-vertex-polygon.json",
        "4:61: shape b (polygon): vertices must hold at least 3 distinct vertices, got 2",
    ),
    (
        "unknown-field.json",
        "4:48: unknown field `raduis` in shape `b` (circle), expected one of `kind`, \
         `position`, `rotation_deg`, `radius`",
    ),
    (
        "unknown-kind.json",
        "3:18: unknown kind `cirlce` in shape `a`, expected one of `point`, `segment`, \
         `ray`, `line`, `circle`, `aabb`, `obb`, `capsule`, `sector`, `polygon`",
    ),
    (
        "unknown-top-field.json",
        "3:3: unknown field `title`, expected one of `version`, `name`, `notes`, `a`, \
         `b`, `view`, `motion`, `contact_tolerance`, `expect`, `practice`",
    ),
    (
        "version-4.json",
        "2:14: unsupported version 4: this satlab reads versions 1, 2 and 3; a newer \
         satlab may read it",
    ),
    (
        "wrong-type-position.json",
        "4:39: shape b (point): position must be [x, y], found an object",
    ),
    (
        "wrong-type-radius.json",
        "3:58: shape a (circle): radius must be a number, found a string",
    ),
];

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed")
}

fn files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder())
        .expect("tests/malformed exists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_malformed_file_has_its_exact_message() {
    let names = files();
    let listed: Vec<&str> = EXPECTED.iter().map(|(f, _)| *f).collect();
    assert_eq!(
        names, listed,
        "every file in tests/malformed has one expectation"
    );
    assert!(names.len() >= 15);
    let mut wrong = Vec::new();
    for (name, want) in EXPECTED {
        let path = folder().join(name);
        match satlab::scene::load_any(&path) {
            Ok(_) => wrong.push(format!("{name}: loaded, but must be refused")),
            Err(e) => {
                let got = format!("{}:{}: {}", e.line, e.column, e.message);
                if got != *want {
                    wrong.push(format!("{name}:\n  want {want}\n  got  {got}"));
                }
                assert_eq!(e.path, path);
                assert_eq!(e.to_string(), format!("{}:{got}", path.display()));
                // The pair loader the app uses refuses pair files the same way
                // (3D scenes, `3d-*`, are refused by it as 3D scenes).
                let field = name.starts_with("field-") && !name.contains("version-1");
                if name.starts_with("3d-") {
                    let pair = satlab::scene::load(&path).expect_err("refused");
                    assert!(pair.message.contains("3D scene"), "{name}: {pair}");
                } else if !field {
                    let pair = satlab::scene::load(&path).expect_err("refused");
                    assert_eq!(pair, e, "{name}: load and load_any differ");
                }
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn check_on_the_folder_exits_2_and_lists_every_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_satlab"))
        .arg("check")
        .arg(folder())
        .output()
        .expect("run satlab");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let names = files();
    assert_eq!(lines.len(), names.len() + 1, "{stdout}");
    for (line, name) in lines.iter().zip(&names) {
        let path = folder().join(name);
        assert!(
            line.starts_with(&format!("error  {}:", path.display())),
            "{line} should report {name}"
        );
    }
    assert_eq!(
        lines.last().copied(),
        Some(format!("0 passed, {} failed", names.len()).as_str())
    );
}

#[test]
fn check_json_reports_every_file_as_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(["check", "--json"])
        .arg(folder())
        .output()
        .expect("run satlab");
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let n = files().len() as u64;
    assert_eq!(v["errors"], n);
    assert_eq!(v["failed"], n);
    assert_eq!(v["passed"], 0);
    let files = v["files"].as_array().expect("files array");
    assert_eq!(files.len() as u64, n);
    for f in files {
        assert_eq!(f["status"], "error");
        assert!(f["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(f["line"].as_u64().is_some_and(|l| l >= 1));
    }
}

/// A scene file whose mistake is a huge token: the message quotes only its
/// start, so it stays a few KB while the file holds 32 MB.
fn huge_token_message(name: &str, text: &str) -> String {
    let dir = kit::temp_dir("huge");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write scene");
    let got = satlab::scene::load_any(&path);
    let _ = std::fs::remove_file(&path);
    match got {
        Ok(_) => panic!("{name} loaded"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_32_mb_misspelt_kind_gives_a_short_message() {
    let kind = format!("circ{}", "l".repeat(32 << 20));
    let text = format!(
        r#"{{"version": 1, "a": {{"kind": "{kind}", "position": [0, 0], "radius": 1}},
            "b": {{"kind": "circle", "position": [3, 0], "radius": 1}}}}"#
    );
    let m = huge_token_message("kind.json", &text);
    assert!(m.len() < 4096, "{} bytes", m.len());
    assert!(m.contains("unknown kind `circlll"), "{m}");
    assert!(
        m.contains(&format!("({} more characters)", kind.len() - 200)),
        "{m}"
    );
    assert!(m.contains("expected one of `point`"), "{m}");
}

#[test]
fn a_32_mb_misspelt_field_or_layer_gives_a_short_message() {
    let key = "z".repeat(32 << 20);
    let text = format!(
        r#"{{"version": 1, "a": {{"kind": "circle", "position": [0, 0], "radius": 1, "{key}": 1}},
            "b": {{"kind": "circle", "position": [3, 0], "radius": 1}}}}"#
    );
    let m = huge_token_message("field.json", &text);
    assert!(m.len() < 4096, "{} bytes", m.len());
    assert!(m.contains("unknown field `zzz"), "{m}");
    // Layer names listed in "expected one of" are cut one by one.
    let long = "L".repeat(8 << 20);
    let text = format!(
        r#"{{"version": 2, "layers": ["{long}1", "{long}2", "{long}3"],
            "shapes": [{{"kind": "circle", "position": [0, 0], "radius": 1, "layer": "nope"}}]}}"#
    );
    let m = huge_token_message("layer-field.json", &text);
    assert!(m.len() < 4096, "{} bytes: {}", m.len(), &m[..300]);
    assert!(m.contains("unknown layer `nope`"), "{m}");
}
