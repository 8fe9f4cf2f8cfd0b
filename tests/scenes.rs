//! Replays every scene in `scenes/`: each must load and match its `expect`
//! block. A failure names every failing file with what differed.

use satlab::geom::{distance, Vec2};
use satlab::scene;
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
        match scene::load(path) {
            Err(e) => problems.push(format!("{e}")),
            Ok(s) => {
                if s.expect.is_none() {
                    problems.push(format!("{}: no expect block", path.display()));
                }
                if s.name.is_empty() || s.notes.is_empty() {
                    problems.push(format!("{}: needs a name and notes", path.display()));
                }
                for m in scene::evaluate(&s) {
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
    let dir = std::env::temp_dir().join(format!("satlab-replay-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
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
    let (n, problems) = replay(&dir);
    assert_eq!(n, 4);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    for (p, name) in problems
        .iter()
        .zip(["bare.json", "broken.json", "wrong.json"])
    {
        assert!(p.starts_with(&dir.join(name).display().to_string()), "{p}");
    }
    assert!(problems[2].ends_with("distance: expected 1, got 2 (tolerance 0.001)"));
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
        let s = scene::load(&path).expect("loads");
        let text = scene::to_json(&s);
        let back = scene::parse(&text, &path).expect("reloads");
        assert_eq!(back, s, "{}", path.display());
        assert_eq!(scene::to_json(&back), text, "{}", path.display());
    }
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
