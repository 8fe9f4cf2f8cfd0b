//! Replays every scene in `scenes/`, pair and field scenes alike: each must
//! load and match its `expect` block. A failure names every failing file
//! with what differed.

use crate::kit;

use satlab::geom::{distance, Vec2};
use satlab::scene::{self, AnyScene};
use std::path::{Path, PathBuf};

fn scene_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            scene_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
}

fn library() -> Vec<PathBuf> {
    let mut files = Vec::new();
    scene_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes"),
        &mut files,
    );
    files
}

/// Every problem with the scenes under `root`, one line each, naming the file.
fn replay(root: &Path) -> (usize, Vec<String>) {
    let mut files = Vec::new();
    scene_files(root, &mut files);
    let mut problems = Vec::new();
    for path in &files {
        match scene::load_any(path) {
            Err(e) => problems.push(format!("{e}")),
            Ok(s) => {
                if !s.has_expect() {
                    problems.push(format!("{}: no expect block", path.display()));
                }
                if s.name().is_empty() || s.notes().is_empty() {
                    problems.push(format!("{}: needs a name and notes", path.display()));
                }
                for m in s.evaluate() {
                    problems.push(format!("{}: {m}", path.display()));
                }
            }
        }
    }
    (files.len(), problems)
}

#[test]
fn every_scene_in_the_library_passes() {
    let (n, problems) = replay(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes"));
    assert!(n >= 40, "only {n} scenes");
    assert!(
        problems.is_empty(),
        "{} problem(s) in scenes/:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_replay_names_each_failing_file() {
    let dir = kit::temp_dir("replay");
    let disc_pair = |x: f32, expect: &str| {
        format!(
            r#"{{"version": 1, "name": "n", "notes": "m",
  "a": {{"kind": "circle", "position": [0, 0], "radius": 1}},
  "b": {{"kind": "circle", "position": [{x}, 0], "radius": 1}}{expect}}}"#
        )
    };
    let expect = r#", "expect": {"intersects": false, "distance": 1}"#;
    std::fs::write(dir.join("good.json"), disc_pair(3.0, expect)).expect("write");
    std::fs::write(dir.join("wrong.json"), disc_pair(4.0, expect)).expect("write");
    std::fs::write(dir.join("bare.json"), disc_pair(3.0, "")).expect("write");
    std::fs::write(dir.join("broken.json"), "{").expect("write");
    let field = |last_t: f32| {
        format!(
            r#"{{"version": 2, "name": "n", "notes": "m",
  "shapes": [{{"kind": "circle", "position": [3, 0], "radius": 1}},
             {{"kind": "circle", "position": [6, 0], "radius": 1}}],
  "ray": {{"kind": "ray", "position": [0, 0]}},
  "expect": {{"hits": [0, {{"shape": 1, "t": {last_t}}}]}}}}"#
        )
    };
    std::fs::write(dir.join("field-good.json"), field(5.0)).expect("write");
    std::fs::write(dir.join("field-wrong.json"), field(4.0)).expect("write");
    let (n, problems) = replay(&dir);
    assert_eq!(n, 6);
    assert_eq!(problems.len(), 4, "{problems:#?}");
    for (p, name) in
        problems
            .iter()
            .zip(["bare.json", "broken.json", "field-wrong.json", "wrong.json"])
    {
        assert!(p.starts_with(&dir.join(name).display().to_string()), "{p}");
    }
    assert!(problems[2]
        .ends_with("hits: expected shape 1 at t 4, got shape 1 at t 5 (tolerance 0.001)"));
    assert!(problems[3].ends_with("distance: expected 1, got 2 (tolerance 0.001)"));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn the_library_reads_like_a_course() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    for folder in [
        "01-basics",
        "02-sat-polygons",
        "03-curved",
        "04-sectors",
        "05-rays-and-lines",
        "06-edge-cases",
        "07-broad-phase",
        "08-3d",
        "09-contacts-and-motion",
        "10-3d-motion",
        "11-3d-contacts",
        "regressions",
    ] {
        let mut files = Vec::new();
        scene_files(&root.join(folder), &mut files);
        assert!(files.len() >= 3, "{folder} has {} scenes", files.len());
    }
}

#[test]
fn every_library_scene_survives_save_and_load_bit_for_bit() {
    for path in library() {
        let s = scene::load_any(&path).expect("loads");
        let text = s.to_json();
        let back = scene::parse_any(&text, &path).expect("reloads");
        assert_eq!(back, s, "{}", path.display());
        assert_eq!(back.to_json(), text, "{}", path.display());
    }
}

/// Version 2 must not change how any version-1 file loads: the pair loader
/// the app uses and `load_any` give the same scene, which saves as version 1.
#[test]
fn every_version_1_scene_loads_as_before_through_both_loaders() {
    let mut pairs = 0;
    for path in library() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let any = scene::load_any(&path).expect("loads");
        match scene::load(&path) {
            Ok(pair) => {
                pairs += 1;
                assert_eq!(any, AnyScene::Pair(pair.clone()), "{}", path.display());
                assert!(scene::to_json(&pair).starts_with("{\n  \"version\": 1,\n"));
            }
            Err(e) => match any {
                AnyScene::Field(_) => {
                    assert!(text.contains("\"version\": 2"), "{}", path.display());
                    assert!(e.message.contains("field scene"), "{e}");
                }
                AnyScene::Space(_) => {
                    assert!(text.contains("\"version\": 3"), "{}", path.display());
                    assert!(e.message.contains("3D scene"), "{e}");
                }
                AnyScene::Pair(_) => panic!("{e}"),
            },
        }
    }
    assert!(pairs >= 78, "{pairs} pair scenes");
}

/// The broad-phase scenes: at least six field scenes, and together they
/// exercise every part of a field `expect` block.
#[test]
fn the_broad_phase_folder_holds_field_scenes() {
    let mut files = Vec::new();
    scene_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/07-broad-phase"),
        &mut files,
    );
    let fields: Vec<_> = files
        .iter()
        .filter_map(|p| match scene::load_any(p) {
            Ok(AnyScene::Field(f)) => Some(f),
            _ => None,
        })
        .collect();
    assert!(fields.len() >= 6 && fields.len() == files.len());
    let expects: Vec<_> = fields.iter().filter_map(|f| f.expect.as_ref()).collect();
    assert!(expects
        .iter()
        .any(|e| e.hits.as_ref().is_some_and(|h| h.is_empty())));
    assert!(expects.iter().any(|e| e.first_hit == Some(None)));
    assert!(expects
        .iter()
        .any(|e| e.query_hits.as_ref().is_some_and(|q| q.len() > 10)));
    assert!(fields
        .iter()
        .any(|f| f.ray.as_ref().is_some_and(|r| r.length().is_some())));
    assert!(fields.iter().any(|f| f.shapes.len() > 32));
}

fn closest(rel: &str) -> (Vec2, Vec2) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes")
        .join(rel);
    let s = scene::load(&path).expect("loads");
    let d = distance(&s.a, &s.b);
    (d.point_a, d.point_b)
}

#[test]
fn crossing_segments_meet_at_the_hand_computed_point() {
    // A from (0, 1) to (4, 1), B from (3, -1) to (3, 3): they cross at (3, 1).
    let (pa, pb) = closest("05-rays-and-lines/01-segments-cross.json");
    for p in [pa, pb] {
        assert!((p - Vec2::new(3.0, 1.0)).length() < 1e-5, "{p}");
    }
}

#[test]
fn crossing_lines_meet_at_the_hand_computed_point() {
    // The x axis and the vertical line through (2, 3) meet at (2, 0).
    let (pa, pb) = closest("05-rays-and-lines/05-lines-cross.json");
    for p in [pa, pb] {
        assert!((p - Vec2::new(2.0, 0.0)).length() < 1e-5, "{p}");
    }
}

#[test]
fn the_example_in_the_format_document_loads_and_passes() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scene-format.md"))
            .expect("docs/scene-format.md");
    let start = doc.find("```json\n").expect("a json example") + "```json\n".len();
    let len = doc[start..].find("```").expect("end of the example");
    let s = scene::parse(&doc[start..start + len], Path::new("docs/scene-format.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(s.expect.is_some());
    assert_eq!(scene::evaluate(&s), vec![]);
}

#[test]
fn the_field_example_in_the_format_document_loads_and_passes() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scene-format.md"))
            .expect("docs/scene-format.md");
    let section = doc.find("## Version 2: field scenes").expect("the section");
    let start = section + doc[section..].find("```json\n").expect("an example") + 8;
    let len = doc[start..].find("```").expect("end of the example");
    let s = scene::parse_any(&doc[start..start + len], Path::new("docs/scene-format.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    let AnyScene::Field(f) = &s else {
        panic!("the example is a field scene")
    };
    assert!(f.expect.is_some());
    assert_eq!(scene::evaluate_field(f), vec![]);
}

#[test]
fn the_hand_written_example_in_the_readme_loads_and_passes() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let section = readme
        .find("## Writing a scene by hand")
        .expect("the README section");
    let start = section + readme[section..].find("```json\n").expect("an example") + 8;
    let len = readme[start..].find("```").expect("end of the example");
    let s = scene::parse(&readme[start..start + len], Path::new("README.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(s.expect.is_some());
    assert_eq!(scene::evaluate(&s), vec![]);
}

/// The 3D folder: at least 25 version-3 scenes, each with an `expect` block
/// (checked against `scenes/oracle3d.py`, which shares nothing with satlab).
#[test]
fn the_3d_folder_holds_version_3_scenes() {
    let mut files = Vec::new();
    scene_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/08-3d"),
        &mut files,
    );
    let spaces = files
        .iter()
        .filter(|p| matches!(scene::load_any(p), Ok(AnyScene::Space(s)) if s.expect.is_some()))
        .count();
    assert!(spaces >= 25, "{spaces} 3D scenes");
    assert_eq!(spaces, files.len());
}

/// Damaged 3D scenes never panic: every prefix of every 3D library scene,
/// and every copy with one byte removed, loads or is refused with a message.
#[test]
fn damaged_3d_scenes_never_panic() {
    let mut files = Vec::new();
    scene_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/08-3d"),
        &mut files,
    );
    let mut refused = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let bytes = text.as_bytes();
        for cut in 0..bytes.len() {
            for damaged in [
                bytes[..cut].to_vec(),
                [&bytes[..cut], &bytes[cut + 1..]].concat(),
            ] {
                if let Err(e) = scene::parse_any_bytes(&damaged, path) {
                    refused += 1;
                    assert!(e.line >= 1 && !e.message.is_empty());
                }
            }
        }
    }
    assert!(refused > 1000, "{refused}");
}
