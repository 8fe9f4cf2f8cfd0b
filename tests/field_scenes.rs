//! Field scenes (format version 2): loading both forms, what the pair loader
//! says about a field scene, saving, comparing hits (order, ties, t, first
//! hit, query hits) and the `check` and `eval` commands.

use crate::kit;

use satlab::geom::{Pose, Ray, Shape, ShapeKind};
use satlab::scene::{self, AnyScene, ExpectedHit, FieldScene};
use std::path::{Path, PathBuf};
use std::process::Command;

fn p() -> &'static Path {
    Path::new("f.json")
}

fn field(text: &str) -> FieldScene {
    match scene::parse_any(text, p()) {
        Ok(AnyScene::Field(f)) => f,
        Ok(AnyScene::Pair(_)) => panic!("a pair scene"),
        Ok(AnyScene::Space(_)) => panic!("a 3D scene"),
        Err(e) => panic!("{e}"),
    }
}

/// Three discs of radius 1 on the x axis at 3, 6 and 9 and one at (6, 5),
/// a ray from the origin along +x, and `expect` as given.
fn row(expect: &str) -> String {
    format!(
        r#"{{
  "version": 2,
  "shapes": [
    {{"kind": "circle", "position": [6, 0], "radius": 1}},
    {{"kind": "circle", "position": [3, 0], "radius": 1}},
    {{"kind": "circle", "position": [9, 0], "radius": 1}},
    {{"kind": "circle", "position": [6, 5], "radius": 1}}
  ],
  "ray": {{"kind": "ray", "position": [0, 0]}},
  "query": {{"kind": "circle", "position": [6, 3], "radius": 2.5}},
  "expect": {expect}
}}"#
    )
}

fn mismatches(expect: &str) -> Vec<String> {
    scene::evaluate_field(&field(&row(expect)))
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn a_field_scene_loads_with_its_parts() {
    let f = field(&row(
        r#"{"hits": [1, {"shape": 0, "t": 5}, 2], "first_hit": "none"}"#,
    ));
    assert_eq!(f.shapes.len(), 4);
    assert_eq!(f.shapes[1].kind(), ShapeKind::Circle);
    assert!(f.ray.as_ref().is_some_and(|r| r.length().is_none()));
    assert_eq!(f.query.as_ref().map(|q| q.kind()), Some(ShapeKind::Circle));
    let e = f.expect.expect("expect");
    assert_eq!(
        e.hits,
        Some(vec![
            ExpectedHit { shape: 1, t: None },
            ExpectedHit {
                shape: 0,
                t: Some(5.0)
            },
            ExpectedHit { shape: 2, t: None },
        ])
    );
    assert_eq!(e.first_hit, Some(None));
    assert_eq!(e.query_hits, None);
}

#[test]
fn the_pair_loader_names_a_field_scene_as_such() {
    let e = scene::parse(&row(r#"{"hits": []}"#), p()).expect_err("not a pair scene");
    assert_eq!(
        format!("{}:{}: {}", e.line, e.column, e.message),
        "3:3: this is a field scene (version 2 with `shapes`), not a scene of two shapes"
    );
}

#[test]
fn version_2_pair_scenes_load_like_version_1_and_save_as_version_1() {
    let v1 = r#"{
  "version": 1,
  "name": "two discs",
  "a": { "kind": "circle", "position": [0, 0], "radius": 1 },
  "b": { "kind": "circle", "position": [3, 0], "radius": 1 },
  "expect": { "intersects": false, "distance": 1 }
}"#;
    let v2 = v1.replace("\"version\": 1", "\"version\": 2");
    let one = scene::parse(v1, p()).expect("v1");
    assert_eq!(scene::parse(&v2, p()).expect("v2"), one);
    assert_eq!(
        scene::parse_any(&v2, p()).expect("v2"),
        AnyScene::Pair(one.clone())
    );
    assert!(scene::to_json(&one).contains("\"version\": 1,"));
    // The same file with a typo keeps the version-1 message.
    let typo = v2.replace("\"name\"", "\"title\"");
    let e = scene::parse_any(&typo, p()).expect_err("typo");
    assert!(
        e.message
            .starts_with("unknown field `title`, expected one of `version`"),
        "{e}"
    );
}

#[test]
fn field_scenes_save_atomically_and_reload_bit_for_bit() {
    let text = row(
        r#"{"hits": [1, {"shape": 0, "t": 5}, 2], "first_hit": {"shape": 1, "t": 2},
            "query_hits": [3, 0], "tolerance": 0.01}"#,
    );
    let f = field(&text);
    let saved = scene::field_to_json(&f);
    assert!(saved.starts_with("{\n  \"version\": 2,\n  \"shapes\": [\n    {\"kind\": \"circle\""));
    assert!(saved.contains("\"hits\": [1, {\"shape\": 0, \"t\": 5}, 2]"));
    assert!(saved.contains("\"query_hits\": [3, 0]"));
    let back = field(&saved);
    assert_eq!(back, f);
    assert_eq!(scene::field_to_json(&back), saved);

    let dir = kit::temp_dir("field-save");
    let path = dir.join("field.json");
    std::fs::write(&path, "old").expect("write");
    scene::save_field(&path, &f).expect("saved");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), saved);
    assert_eq!(
        scene::load_any(&path).expect("loads"),
        AnyScene::Field(f.clone())
    );
    let names: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
    scene::save_any(&path, &AnyScene::Field(f)).expect("saved");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), saved);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn hits_are_compared_in_order_with_their_t() {
    // The ray enters the discs at t = 2 (shape 1), 5 (shape 0) and 8 (shape 2).
    assert_eq!(mismatches(r#"{"hits": [1, 0, 2]}"#), Vec::<String>::new());
    assert_eq!(
        mismatches(r#"{"hits": [0, 1, 2]}"#),
        ["hits: expected [0, 1, 2], got [1 at t 2, 0 at t 5, 2 at t 8]"]
    );
    assert_eq!(
        mismatches(r#"{"hits": [1, 0]}"#),
        ["hits: expected [1, 0], got [1 at t 2, 0 at t 5, 2 at t 8]"]
    );
    assert_eq!(
        mismatches(r#"{"hits": [1, 0, 2, 3]}"#),
        ["hits: expected [1, 0, 2, 3], got [1 at t 2, 0 at t 5, 2 at t 8]"]
    );
    assert_eq!(
        mismatches(r#"{"hits": [1, {"shape": 0, "t": 5.5}, 2]}"#),
        ["hits: expected shape 0 at t 5.5, got shape 0 at t 5 (tolerance 0.001)"]
    );
    // A looser tolerance accepts the same t.
    assert_eq!(
        mismatches(r#"{"hits": [1, {"shape": 0, "t": 5.5}, 2], "tolerance": 0.5}"#),
        Vec::<String>::new()
    );
}

#[test]
fn hits_within_the_tolerance_may_come_in_either_order() {
    // Two discs the ray enters at t = 2 and t = 2.0005.
    let text = r#"{
  "version": 2,
  "shapes": [
    {"kind": "circle", "position": [3.0005, 0], "radius": 1},
    {"kind": "circle", "position": [3, 0.5], "radius": 1.118034}
  ],
  "ray": {"kind": "ray", "position": [0, 0]},
  "expect": {"hits": [0, 1]}
}"#;
    let f = field(text);
    assert_eq!(scene::evaluate_field(&f), vec![]);
    let mut swapped = f.clone();
    if let Some(e) = swapped.expect.as_mut() {
        e.hits = Some(vec![
            ExpectedHit { shape: 1, t: None },
            ExpectedHit { shape: 0, t: None },
        ]);
    }
    assert_eq!(scene::evaluate_field(&swapped), vec![]);
    // With no tolerance for ties, only the true order passes.
    let mut strict = f;
    if let Some(e) = strict.expect.as_mut() {
        e.tolerance = Some(0.0);
    }
    let order_ok = scene::evaluate_field(&strict).is_empty();
    let mut strict_swapped = swapped;
    if let Some(e) = strict_swapped.expect.as_mut() {
        e.tolerance = Some(0.0);
    }
    assert_ne!(
        order_ok,
        scene::evaluate_field(&strict_swapped).is_empty(),
        "exactly one order passes without tolerance"
    );
}

#[test]
fn the_first_hit_and_the_query_hits_are_checked() {
    assert_eq!(
        mismatches(r#"{"first_hit": 1, "query_hits": [3, 0]}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        mismatches(r#"{"first_hit": 0}"#),
        ["first_hit: expected 0, got 1 at t 2"]
    );
    assert_eq!(
        mismatches(r#"{"first_hit": "none"}"#),
        ["first_hit: expected none, got 1 at t 2"]
    );
    assert_eq!(
        mismatches(r#"{"first_hit": {"shape": 1, "t": 2.5}}"#),
        ["first_hit: expected shape 1 at t 2.5, got shape 1 at t 2 (tolerance 0.001)"]
    );
    assert_eq!(
        mismatches(r#"{"query_hits": [0]}"#),
        ["query_hits: expected [0], got [0, 3]"]
    );
    // A ray that misses: the first hit must be "none".
    let away = row(r#"{"hits": [], "first_hit": 1}"#).replace(
        r#""position": [0, 0]}"#,
        r#""position": [0, 0], "rotation_deg": 180}"#,
    );
    let m: Vec<String> = scene::evaluate_field(&field(&away))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(m, ["first_hit: expected 1, got none"]);
}

#[test]
fn capture_records_what_the_field_finds() {
    let f = field(&row(r#"{"hits": []}"#));
    let c = scene::capture_field("n", "m", &f.shapes, f.ray.clone(), f.query.clone(), None);
    let e = c.expect.clone().expect("captured");
    let shapes: Vec<usize> = e.hits.iter().flatten().map(|h| h.shape).collect();
    assert_eq!(shapes, [1, 0, 2]);
    assert_eq!(e.first_hit.flatten().map(|h| h.shape), Some(1));
    assert_eq!(e.query_hits, Some(vec![0, 3]));
    assert_eq!(scene::evaluate_field(&c), vec![]);
    // Without a ray or a query shape there is nothing to expect.
    let bare = scene::capture_field("", "", &f.shapes, None, None, None);
    assert!(bare.expect.is_none());
}

#[test]
fn the_report_has_hits_points_normals_and_counters() {
    let pose = Pose::new(satlab::geom::Vec2::ZERO, 0.0).expect("pose");
    let mut f = field(&row(r#"{"hits": [1, 0, 2]}"#));
    f.ray = Some(Ray::new(pose, Some(6.0)).expect("ray"));
    let r = scene::field_report(&f);
    let ray = r.ray.as_ref().expect("ray part");
    let got: Vec<(usize, f32)> = ray.hits.iter().map(|h| (h.shape, h.t)).collect();
    assert_eq!(got, [(1, 2.0), (0, 5.0)]);
    assert_eq!(ray.hits[0].point, satlab::geom::Vec2::new(2.0, 0.0));
    assert_eq!(ray.hits[0].normal, satlab::geom::Vec2::new(-1.0, 0.0));
    assert_eq!(ray.first_hit.map(|h| h.shape), Some(1));
    assert_eq!(ray.counters.hits, 2);
    assert!(ray.counters.candidates >= 2 && ray.counters.nodes_visited >= 1);
    let q = r.query.as_ref().expect("query part");
    assert_eq!(q.hits, [0, 3]);
    assert_eq!(q.counters.hits, 2);
    let e = r.expect.as_ref().expect("expect part");
    assert_eq!(e.mismatches.len(), 1, "{:?}", e.mismatches);
    let table = r.table();
    assert!(table.contains("shape 1 (circle) at t 2, point (2, 0), normal (-1, 0)"));
    assert!(table.contains("MISMATCH hits"));
    assert!(matches!(f.shapes[0], Shape::Circle(_)));
}

fn satlab(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(args)
        .output()
        .expect("run satlab");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn library(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

#[test]
fn check_replays_field_scenes_and_reports_mismatches() {
    let dir = kit::temp_dir("field-check");
    std::fs::write(dir.join("a-good.json"), row(r#"{"hits": [1, 0, 2]}"#)).expect("write");
    std::fs::write(dir.join("b-wrong.json"), row(r#"{"first_hit": 2}"#)).expect("write");
    let (code, out) = satlab(&["check", &dir.display().to_string()]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            format!("ok     {}", dir.join("a-good.json").display()),
            format!(
                "FAIL   {}: first_hit: expected 2, got 1 at t 2",
                dir.join("b-wrong.json").display()
            ),
            "1 passed, 1 failed".to_string(),
        ]
    );
    let (_, json) = satlab(&["check", "--json", &dir.display().to_string()]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["passed"], 1);
    assert_eq!(v["failed"], 1);
    assert_eq!(v["files"][1]["mismatches"][0]["field"], "first_hit");
    assert_eq!(v["files"][1]["mismatches"][0]["expected"], "2");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn check_on_the_broad_phase_folder_passes() {
    let (code, out) = satlab(&[
        "check",
        &library("scenes/07-broad-phase").display().to_string(),
    ]);
    assert_eq!(code, 0, "{out}");
    let last = out.lines().last().unwrap_or("");
    let n: usize = last
        .strip_suffix(" passed, 0 failed")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{last}"));
    assert!(n >= 6);
}

#[test]
fn eval_prints_a_field_scene() {
    let path = library("scenes/07-broad-phase/06-bounded-ray-stops-short.json");
    let (code, out) = satlab(&["eval", &path.display().to_string()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("shape 2 (circle) at t 2, point (2, 0), normal (-1, 0)"),
        "{out}"
    );
    assert!(
        out.contains("first hit      shape 2 (circle) at t 2"),
        "{out}"
    );
    assert!(out.contains("nodes visited"), "{out}");
    assert!(out.contains("check          all match"), "{out}");
    let (code, json) = satlab(&["eval", "--json", &path.display().to_string()]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["kind"], "field");
    let hits = v["ray"]["hits"].as_array().expect("hits");
    let order: Vec<u64> = hits.iter().filter_map(|h| h["shape"].as_u64()).collect();
    assert_eq!(order, [2, 1, 3]);
    assert_eq!(hits[2]["t"], 8.5);
    assert_eq!(hits[0]["point"], serde_json::json!([2.0, 0.0]));
    assert_eq!(v["ray"]["first_hit"]["shape"], 2);
    assert_eq!(v["ray"]["counters"]["hits"], 3);
    assert!(v["ray"]["counters"]["nodes_visited"].as_u64() >= Some(1));
    assert_eq!(v["expect"]["mismatches"], serde_json::json!([]));
}

#[test]
fn eval_of_a_mismatching_field_scene_exits_1() {
    let dir = kit::temp_dir("field-eval");
    let path = dir.join("wrong.json");
    std::fs::write(&path, row(r#"{"query_hits": [3]}"#)).expect("write");
    let (code, out) = satlab(&["eval", &path.display().to_string()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("MISMATCH query_hits: expected [3], got [0, 3]"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// `n` unit discs on the x axis at 3, 6, 9, …, a ray along +x through all of
/// them, and `expect.hits` listing `hits` (shape numbers).
fn long_row(n: usize, hits: &[usize]) -> String {
    let shapes: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"kind": "circle", "position": [{}, 0], "radius": 1}}"#,
                3 * (i + 1)
            )
        })
        .collect();
    let hits: Vec<String> = hits.iter().map(|h| h.to_string()).collect();
    format!(
        r#"{{"version": 2, "shapes": [{}], "ray": {{"kind": "ray", "position": [0, 0]}},
"expect": {{"hits": [{}], "query_hits": []}}}}"#,
        shapes.join(",\n"),
        hits.join(", ")
    )
    .replace(r#", "query_hits": []"#, "")
}

#[test]
fn long_hit_lists_are_checked_in_linear_time() {
    // 100,000 entries: the old duplicate check compared each entry with
    // every earlier one, and the order check every pair (with a search each).
    const N: usize = 100_000;
    let all: Vec<usize> = (0..N).collect();
    let f = field(&long_row(N, &all));
    assert_eq!(scene::evaluate_field(&f), vec![]);
    // Two neighbours swapped (3 apart, more than the tolerance): out of order.
    let mut swapped = all.clone();
    swapped.swap(N / 2, N / 2 + 1);
    let m = scene::evaluate_field(&field(&long_row(N, &swapped)));
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].field, "hits");
    // A shape listed twice, at the end of the list.
    let mut twice = all.clone();
    twice[N - 1] = 7;
    let e = scene::parse_any(&long_row(N, &twice), p()).unwrap_err();
    assert!(
        e.message.ends_with(&format!(
            "expect: hits, entry {N}: field shape 7 is listed twice"
        )),
        "{e}"
    );
}
