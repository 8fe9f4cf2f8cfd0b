//! The malformed scenes in `tests/malformed/`: each must be refused with its
//! exact message and position, and `satlab check` on the folder must exit 2
//! and list every file.

use std::path::{Path, PathBuf};
use std::process::Command;

/// File name → the exact `line:column: message` the loader must give.
const EXPECTED: &[(&str, &str)] = &[
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
        "huge-number.json",
        "3:58: shape a (circle): radius is 1e39, too large for a 32-bit float \
         (the largest is about 3.4e38)",
    ),
    ("invalid-json.json", "4:3: expected `,` or `}`"),
    ("missing-b.json", "1:1: missing field `b`"),
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
         `b`, `view`, `expect`",
    ),
    (
        "version-2.json",
        "2:14: unsupported version 2: this satlab reads version 1 scenes; a newer satlab \
         may read it",
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
        match satlab::scene::load(&path) {
            Ok(_) => wrong.push(format!("{name}: loaded, but must be refused")),
            Err(e) => {
                let got = format!("{}:{}: {}", e.line, e.column, e.message);
                if got != *want {
                    wrong.push(format!("{name}:\n  want {want}\n  got  {got}"));
                }
                assert_eq!(e.path, path);
                assert_eq!(e.to_string(), format!("{}:{got}", path.display()));
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
