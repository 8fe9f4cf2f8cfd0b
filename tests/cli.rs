//! `satlab check` and `satlab eval` as a user runs them: output, last line,
//! exit status, `--json`, `--help`.

use crate::kit;

use kit::temp_dir;
use std::path::Path;
use std::process::{Command, Output};

fn satlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(args)
        .output()
        .expect("run satlab")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn disc_pair(b_x: f32, expect: &str) -> String {
    format!(
        r#"{{
  "version": 1,
  "a": {{ "kind": "circle", "position": [0, 0], "radius": 1 }},
  "b": {{ "kind": "circle", "position": [{b_x}, 0], "radius": 1 }}{expect}
}}"#
    )
}

const PASS: &str = r#",
  "expect": { "intersects": false, "distance": 1 }"#;

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn check_passes_the_whole_library() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let o = satlab(&["check", s(&root)]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let n = out.lines().filter(|l| l.starts_with("ok ")).count();
    assert!(n >= 40);
    assert_eq!(
        out.lines().last(),
        Some(format!("{n} passed, 0 failed").as_str())
    );
}

#[test]
fn check_reports_mismatches_skips_and_sorts() {
    let d = temp_dir("mixed");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(d.join("b-pass.json"), disc_pair(3.0, PASS)).unwrap();
    std::fs::write(d.join("a-fail.json"), disc_pair(3.5, PASS)).unwrap();
    std::fs::write(d.join("sub/c-skip.json"), disc_pair(3.0, "")).unwrap();
    std::fs::write(d.join("notes.txt"), "not a scene").unwrap();
    let o = satlab(&["check", s(&d)]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let a = d.join("a-fail.json");
    assert_eq!(
        lines,
        [
            format!(
                "FAIL   {}: distance: expected 1, got 1.5 (tolerance 0.001)",
                a.display()
            ),
            format!("ok     {}", d.join("b-pass.json").display()),
            format!(
                "skip   {} (no expect block)",
                d.join("sub/c-skip.json").display()
            ),
            "1 passed, 1 failed, 1 skipped".to_string(),
        ]
    );
    // Files given one by one keep the order given.
    let o = satlab(&["check", s(&d.join("b-pass.json"))]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o).lines().last(), Some("1 passed, 0 failed"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn check_keeps_going_after_a_broken_file_and_exits_2() {
    let d = temp_dir("broken");
    std::fs::write(d.join("1-broken.json"), "{ \"version\": 1,").unwrap();
    std::fs::write(d.join("2-fail.json"), disc_pair(5.0, PASS)).unwrap();
    std::fs::write(d.join("3-pass.json"), disc_pair(3.0, PASS)).unwrap();
    let o = satlab(&["check", s(&d)]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with(&format!("error  {}:1:", d.join("1-broken.json").display())));
    assert!(lines[1].starts_with("FAIL   "));
    assert!(lines[2].starts_with("ok     "));
    assert_eq!(lines[3], "1 passed, 2 failed");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A 3D scene: a hull of `points` against a point at `b`, with `expect`.
fn hull_vs_point(points: &str, b: &str, expect: &str) -> String {
    format!(
        r#"{{
  "version": 3,
  "a": {{ "kind": "hull", "position": [0, 0, 0], "points": {points} }},
  "b": {{ "kind": "point", "position": {b} }},
  "expect": {expect}
}}"#
    )
}

#[test]
fn check_reports_every_file_around_poisoned_ones() {
    // Each poison once crashed, misled or was refused: a 1e-12 tetrahedron
    // (every query panicked), a hull too small for f32 (refused), broken
    // JSON, a 10 x 0.01 x 0.01 rod a point 1 past its end (said to touch
    // it), a quaternion of 1e20.
    let d = temp_dir("poison");
    let tet = |s: &str| format!("[[0, 0, 0], [{s}, 0, 0], [0, {s}, 0], [0, 0, {s}]]");
    let rod = "[[-5, -0.005, -0.005], [-5, -0.005, 0.005], [-5, 0.005, -0.005], \
               [-5, 0.005, 0.005], [5, -0.005, -0.005], [5, -0.005, 0.005], \
               [5, 0.005, -0.005], [5, 0.005, 0.005]]";
    let far = r#"{ "intersects": false }"#;
    let files = [
        ("1-pass.json", disc_pair(3.0, PASS)),
        (
            "2-tiny.json",
            hull_vs_point(&tet("1e-12"), "[1, 0, 0]", far),
        ),
        ("3-pass.json", disc_pair(3.0, PASS)),
        (
            "4-smaller.json",
            hull_vs_point(&tet("1e-20"), "[1, 0, 0]", far),
        ),
        ("5-broken.json", "{ \"version\": 3,".to_owned()),
        (
            "6-rod.json",
            hull_vs_point(
                rod,
                "[6, 0, 0]",
                r#"{ "intersects": false, "distance": 1 }"#,
            ),
        ),
        ("7-pass.json", disc_pair(3.0, PASS)),
        (
            // A quarter turn about z written with components of 1e20 (was
            // "must be finite and non-zero").
            "8-quaternion.json",
            r#"{ "version": 3,
  "a": { "kind": "obb", "position": [0, 0, 0], "half_extents": [2, 1, 1],
         "quaternion": [0, 0, 1e20, 1e20] },
  "b": { "kind": "point", "position": [0, 3, 0] },
  "expect": { "intersects": false, "distance": 1 } }"#
                .to_owned(),
        ),
    ];
    for (name, body) in &files {
        std::fs::write(d.join(name), body).unwrap();
    }
    let o = satlab(&["check", s(&d)]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), files.len() + 1, "{out}");
    for (line, (name, _)) in lines.iter().zip(&files) {
        assert!(line.contains(name), "{name} missing:\n{out}");
        let want = match *name {
            "4-smaller.json" | "5-broken.json" => "error  ",
            _ => "ok     ",
        };
        assert!(line.starts_with(want), "{name}:\n{out}");
    }
    assert!(
        lines[3].contains("points must not all coincide (the hull is too small"),
        "{out}"
    );
    assert_eq!(lines[files.len()], "6 passed, 2 failed");
    // eval answers for the tiny hull too.
    let o = satlab(&["eval", s(&d.join("2-tiny.json"))]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn check_json_is_one_report() {
    let d = temp_dir("json");
    std::fs::write(d.join("fail.json"), disc_pair(3.5, PASS)).unwrap();
    std::fs::write(d.join("pass.json"), disc_pair(3.0, PASS)).unwrap();
    let o = satlab(&["check", "--json", s(&d)]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON document");
    assert_eq!(v["passed"], 1);
    assert_eq!(v["failed"], 1);
    assert_eq!(v["skipped"], 0);
    assert_eq!(v["errors"], 0);
    assert_eq!(v["files"][0]["status"], "failed");
    assert_eq!(v["files"][0]["mismatches"][0]["field"], "distance");
    assert_eq!(v["files"][0]["mismatches"][0]["expected"], "1");
    assert_eq!(v["files"][0]["mismatches"][0]["got"], "1.5");
    assert_eq!(v["files"][1]["status"], "passed");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn check_on_missing_paths_and_empty_folders_exits_2() {
    let o = satlab(&["check", "/nonexistent/satlab/x.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).starts_with("error  /nonexistent/satlab/x.json: cannot read the file"));
    let d = temp_dir("empty");
    let o = satlab(&["check", s(&d)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("no .json scene files in this folder"));
    std::fs::remove_dir_all(&d).unwrap();
    // No path at all is a usage error from clap.
    let o = satlab(&["check"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn eval_prints_the_full_answer() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/02-sat-polygons/04-obb-obb-fourth-axis.json");
    let o = satlab(&["eval", s(&scene)]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    for word in [
        "verdict",
        "separated",
        "distance",
        "closest on A",
        "closest on B",
        "penetration",
        "SAT axes",
        "A's x axis",
        "B's y axis",
        "first separating",
        "all match",
    ] {
        assert!(out.contains(word), "`{word}` missing:\n{out}");
    }
    // The fourth axis tested is the first that separates.
    let first = out
        .lines()
        .find(|l| l.contains("first separating"))
        .expect("a first separating axis");
    assert!(first.trim_start().starts_with("4 "), "{first}");
    let o = satlab(&["eval", "--json", s(&scene)]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["verdict"], "separated");
    assert_eq!(v["sat"]["axes"][3]["first_separating"], true);
    assert!((v["distance"].as_f64().unwrap() - 0.131371).abs() < 1e-3);
}

#[test]
fn eval_of_a_penetrating_scene_shows_the_mtv() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/02-sat-polygons/08-mtv-along-b-axis.json");
    let o = satlab(&["eval", "--json", s(&scene)]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let mtv = &v["penetration"]["mtv"];
    // Hand value: along (1, 1)/sqrt2, length sqrt2 + 3 - 2.75 sqrt2.
    let depth = 2f64.sqrt() + 3.0 - 2.75 * 2f64.sqrt();
    let each = depth / 2f64.sqrt();
    assert!((mtv[0].as_f64().unwrap() - each).abs() < 1e-3, "{mtv}");
    assert!((mtv[1].as_f64().unwrap() - each).abs() < 1e-3, "{mtv}");
}

/// Every 3D contacts scene: `eval` prints the manifold (the table's
/// `contacts` and `point k` rows, the JSON's `contacts`), and it is the one
/// the scene's hand-worked `expect.contacts` holds, each point's
/// separation along the normal from its point on A to its point on B.
#[test]
fn eval_prints_the_manifold_of_every_3d_contacts_scene() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/11-3d-contacts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    let f = |v: &serde_json::Value| v.as_f64().expect("a number");
    let v3 = |v: &serde_json::Value| [f(&v[0]), f(&v[1]), f(&v[2])];
    for file in &files {
        let scene: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("JSON");
        let want = &scene["expect"]["contacts"];
        let o = satlab(&["eval", "--json", s(file)]);
        assert_eq!(o.status.code(), Some(0), "{}", file.display());
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        let c = &v["contacts"];
        let n = v3(&c["normal"]);
        let close = |x: [f64; 3], y: [f64; 3]| (0..3).all(|i| (x[i] - y[i]).abs() < 1e-3);
        assert!(close(n, v3(&want["normal"])), "{}: {c}", file.display());
        let got = c["points"].as_array().expect("points");
        let wanted = want["points"].as_array().expect("expected points");
        assert_eq!(got.len(), wanted.len(), "{}: {c}", file.display());
        for w in wanted {
            let hit = got.iter().find(|p| close(v3(&p["point"]), v3(&w["point"])));
            let p = hit.unwrap_or_else(|| panic!("{}: {w} not in {c}", file.display()));
            assert!(
                (f(&p["separation"]) - f(&w["separation"])).abs() < 1e-3,
                "{p}"
            );
            let (a, b) = (v3(&p["point_a"]), v3(&p["point_b"]));
            let along: f64 = (0..3).map(|i| (b[i] - a[i]) * n[i]).sum();
            assert!((along - f(&p["separation"])).abs() < 1e-5, "{p}");
        }
        let table = text(&satlab(&["eval", s(file)]));
        let head = format!("{} point(s), normal A→B (", got.len());
        assert!(
            table
                .lines()
                .any(|l| l.starts_with("contacts") && l.contains(&head)),
            "{table}"
        );
        for k in 1..=got.len() {
            let row = format!("  point {k}");
            assert!(
                table
                    .lines()
                    .any(|l| l.starts_with(&row) && l.contains(" separation ")),
                "{}: no {row:?} in {table}",
                file.display()
            );
        }
    }
}

#[test]
fn eval_reports_the_contacts_and_the_time_of_impact() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/09-contacts-and-motion");
    // A box sunk 0.1 into a floor: two points, normal up.
    let o = satlab(&["eval", "--json", s(&dir.join("01-box-resting-on-box.json"))]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let c = &v["contacts"];
    assert_eq!(c["points"].as_array().map(Vec::len), Some(2), "{c}");
    for p in c["points"].as_array().into_iter().flatten() {
        assert!(p["separation"].as_f64().unwrap() < 0.0, "{p}");
    }
    assert!(v["motion"].is_null(), "the scene does not move");
    // The fast box and the thin wall: t = 0.47, normal from the wall (A) to
    // the box (B), which comes from the left.
    let wall = dir.join("06-fast-box-tunnels-through-a-thin-wall.json");
    let o = satlab(&["eval", "--json", s(&wall)]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let toi = &v["motion"]["time_of_impact"];
    assert!((toi["t"].as_f64().unwrap() - 0.47).abs() < 1e-4, "{toi}");
    assert_eq!(toi["normal"][0].as_f64(), Some(-1.0), "{toi}");
    assert!(v["contacts"].is_null(), "4.7 apart: no speculative points");
    let table = text(&satlab(&["eval", s(&wall)]));
    assert!(
        table.contains(
            "impact         t = 0.4700 at (4.9500, 0.0000), normal A→B (-1.0000, 0.0000)"
        ),
        "{table}"
    );
    // The grazing cast misses: `null`, and the table says so.
    let graze = dir.join("07-grazing-cast-misses-by-0.01.json");
    let v: serde_json::Value =
        serde_json::from_slice(&satlab(&["eval", "--json", s(&graze)]).stdout).expect("JSON");
    assert!(
        v["motion"].is_object() && v["motion"]["time_of_impact"].is_null(),
        "{v}"
    );
    assert!(text(&satlab(&["eval", s(&graze)])).contains("impact         none over the step"));
}

#[test]
fn eval_of_a_broken_file_exits_2_with_the_position() {
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed/negative-radius.json");
    let o = satlab(&["eval", s(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "error: {}:4:58: shape b (circle): radius must be ≥ 0, got -1",
            bad.display()
        )
    );
}

#[test]
fn eval_of_a_mismatching_scene_exits_1() {
    let d = temp_dir("eval");
    let f = d.join("x.json");
    std::fs::write(&f, disc_pair(4.0, PASS)).unwrap();
    let o = satlab(&["eval", s(&f)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("MISMATCH distance: expected 1, got 2"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn every_command_has_help() {
    for args in [
        &["--help"][..],
        &["check", "--help"][..],
        &["eval", "--help"][..],
    ] {
        let o = satlab(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(text(&o).contains("Usage:"), "{args:?}");
    }
    let check = text(&satlab(&["check", "--help"]));
    assert!(check.contains("--json") && check.contains("Exit status"));
    let eval = text(&satlab(&["eval", "--help"]));
    assert!(eval.contains("--json") && eval.contains("MTV"));
}

/// `satlab render` with its display variables removed, so a window could
/// never open: whatever it refuses, it refuses before one would.
fn render_headless(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_satlab"))
        .arg("render")
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run satlab")
}

#[test]
fn render_refuses_a_bad_output_before_touching_anything() {
    let d = temp_dir("render-out");
    let scene = d.join("scene.json");
    let text = disc_pair(3.0, PASS);
    std::fs::write(&scene, &text).unwrap();
    std::fs::create_dir_all(d.join("folder.png")).unwrap();
    let cases = [
        (scene.clone(), "the output must end in .png, .svg or .gif"),
        (
            d.join("picture.jpg"),
            "the output must end in .png, .svg or .gif",
        ),
        (d.join("noext"), "the output must end in .png, .svg or .gif"),
        (d.join("folder.png"), "is a folder"),
        (d.join("missing/x.png"), "cannot use the folder"),
        (scene.join("x.png"), "is not a folder"),
    ];
    for (out, why) in cases {
        let o = render_headless(&[s(&scene), "-o", s(&out)]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{}: {err}", out.display());
        assert!(err.contains(why), "{}: {err}", out.display());
        assert!(err.starts_with("satlab render: "), "{err}");
    }
    // The scene named as the output is untouched, and nothing was created.
    assert_eq!(std::fs::read_to_string(&scene).unwrap(), text);
    assert!(!d.join("picture.jpg").exists() && !d.join("noext").exists());
    assert!(!d.join("missing").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn every_command_exits_2_on_a_missing_file_and_says_so_in_help() {
    let missing = "/nonexistent/satlab/x.json";
    let out = std::env::temp_dir().join("satlab-cli-missing.png");
    for args in [
        vec!["check", missing],
        vec!["eval", missing],
        vec!["render", missing, "-o", s(&out)],
        vec![missing],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_satlab"))
            .args(&args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("run satlab");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    assert!(!out.exists());
    let top = text(&satlab(&["--help"]));
    assert!(
        top.contains("Exit status, the same for every command"),
        "{top}"
    );
    let render = text(&satlab(&["render", "--help"]));
    assert!(
        render.contains("Exit status") && render.contains(".png"),
        "{render}"
    );
}

/// Runs satlab, killing it when it has not finished after 20 s (a FIFO
/// used to block it forever); `None` then.
fn satlab_within(args: &[&str]) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run satlab");
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(20) {
        if child.try_wait().expect("wait").is_some() {
            return Some(child.wait_with_output().expect("output"));
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_named_json_are_skipped_not_read() {
    let d = temp_dir("fifo");
    let fifo = d.join("a-fifo.json");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", d.join("b-zero.json")).unwrap();
    std::fs::write(d.join("c-pass.json"), disc_pair(3.0, PASS)).unwrap();
    let o = satlab_within(&["check", s(&d)]).expect("check DIR blocked on the FIFO");
    let out = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (line, name) in lines.iter().zip(["a-fifo.json", "b-zero.json"]) {
        assert_eq!(
            *line,
            format!(
                "error  {}: not a regular file (a FIFO, socket or device); skipped, not read",
                d.join(name).display()
            )
        );
    }
    assert!(lines[2].starts_with("ok     "));
    assert_eq!(lines[3], "1 passed, 2 failed");
    let o = satlab_within(&["eval", s(&fifo)]).expect("eval FIFO blocked");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a regular file"));
    // The window's loader refuses it before a window would open.
    let o = satlab_within(&[s(&fifo)]).expect("satlab FIFO blocked");
    assert_ne!(o.status.code(), Some(0));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn eval_json_gives_shapes_in_the_scene_format() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/02-sat-polygons/08-mtv-along-b-axis.json");
    let sc = satlab::scene::load(&scene).expect("scene");
    let o = satlab(&["eval", "--json", s(&scene)]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    for (key, shape) in [("a", &sc.a), ("b", &sc.b)] {
        assert!(v[key].is_object(), "{key}: {}", v[key]);
        let text = v[key].to_string();
        let back = satlab::scene::parse_shape(&text, Path::new("eval")).expect("parses back");
        assert_eq!(&back, shape, "{key}: {text}");
    }
    // Numbers as the file writes them: 1.8 stays 1.8.
    let tweaked = std::env::temp_dir().join(format!("satlab-eval-{}.json", std::process::id()));
    let mut sc2 = sc.clone();
    sc2.a = satlab::scene::parse_shape(
        r#"{"kind": "circle", "position": [1.8, 0.1], "radius": 1.8}"#,
        Path::new("test"),
    )
    .expect("shape");
    satlab::scene::save(&tweaked, &sc2).expect("save");
    let o = satlab(&["eval", "--json", s(&tweaked)]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains("1.8") && !text.contains("1.8000001"),
        "{text}"
    );
    let _ = std::fs::remove_file(&tweaked);
}

#[test]
fn a_pasted_shape_that_is_broken_says_where() {
    let e = satlab::scene::parse_shape(
        "{\n  \"kind\": \"circle\",\n  \"position\": [0, 0],\n  \"radius\": -1\n}",
        Path::new("clipboard"),
    )
    .expect_err("a negative radius is refused");
    let m = e.to_string();
    assert!(m.starts_with("clipboard:4:"), "{m}");
    assert!(m.contains("radius"), "{m}");
}

/// The rows of an `eval` table before its SAT grid, as (name, value).
fn eval_rows(out: &str) -> Vec<(String, String)> {
    out.lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| !l.starts_with(' '))
        .map(|l| {
            let (name, value) = l.split_at(l.char_indices().nth(15).map_or(l.len(), |(i, _)| i));
            (name.trim().to_string(), value.to_string())
        })
        .collect()
}

/// Issue 26: 2D and 3D `eval` speak one vocabulary. The same two boxes, in
/// a 2D and a 3D scene, print the same row names, the same signed `gap`
/// (negative = overlap) with both intervals on each shared axis, the same
/// marks and the same `expect` and `check` lines.
#[test]
fn eval_says_the_same_in_2d_and_3d() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vocabulary");
    let (o2, o3) = (
        satlab(&["eval", s(&dir.join("boxes-2d.json"))]),
        satlab(&["eval", s(&dir.join("boxes-3d.json"))]),
    );
    let (t2, t3) = (text(&o2), text(&o3));
    assert_eq!((o2.status.code(), o3.status.code()), (Some(0), Some(0)));
    // The contact rows are 2D only (3D scenes have no manifold).
    let rows = |t: &str| {
        let mut r = eval_rows(t);
        r.retain(|(name, _)| name != "contacts" && name != "A" && name != "B");
        r
    };
    let (r2, r3) = (rows(&t2), rows(&t3));
    let names = |r: &[(String, String)]| r.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&r2), names(&r3), "row names\n{t2}\n{t3}");
    for name in ["scene", "verdict", "distance", "penetration"] {
        let value = |r: &[(String, String)]| r.iter().find(|(n, _)| n == name).cloned();
        assert_eq!(value(&r2), value(&r3), "`{name}`\n{t2}\n{t3}");
    }
    let line = |t: &str, start: &str| {
        t.lines()
            .find(|l| l.trim_start().starts_with(start))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    for start in ["SAT axes", "#", "expect", "check"] {
        assert_eq!(line(&t2, start), line(&t3, start), "`{start}`\n{t2}\n{t3}");
        assert!(line(&t2, start).is_some(), "`{start}` missing\n{t2}");
    }
    // Each shared axis: both intervals and the signed gap, in the same words.
    for axis in ["[-2, 2] [1.5, 3.5] -0.5", "[-1, 1] [0.5, 2.5] -0.5"] {
        for t in [&t2, &t3] {
            let found = t.lines().any(|l| {
                l.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .contains(axis)
            });
            assert!(found, "`{axis}` missing\n{t}");
        }
    }
    for t in [&t2, &t3] {
        assert_eq!(t.matches("least overlap").count(), 1, "{t}");
        for old in ["ovl", "they overlap on this axis", "<-", "MISMATCH"] {
            assert!(!t.contains(old), "`{old}` in\n{t}");
        }
    }
}

/// Issue 27 item 5: `eval --compare parry` prints parry's rows after
/// satlab's, in 2D and 3D, with the summary line and the JSON field.
#[test]
fn eval_compare_parry_prints_the_reference_rows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let obb = root.join("02-sat-polygons/04-obb-obb-fourth-axis.json");
    let sphere = root.join("08-3d/02-sphere-aabb-face.json");
    for scene in [&obb, &sphere] {
        let plain = text(&satlab(&["eval", s(scene)]));
        let o = satlab(&["eval", "--compare", "parry", s(scene)]);
        let out = text(&o);
        assert_eq!(o.status.code(), Some(0), "{out}");
        assert!(out.starts_with(&plain), "satlab's rows first:\n{out}");
        let reference = &out[plain.len()..];
        for word in [
            "Reference (parry)",
            "verdict",
            "signed distance",
            "point on A",
            "point on B",
            "normal A→B",
        ] {
            assert!(reference.contains(word), "`{word}` missing:\n{reference}");
        }
        assert!(reference.contains("agree within 0.0001"), "{reference}");
    }
    // The 2D boxes are 0.131371 apart: both columns say so.
    let out = text(&satlab(&["eval", "--compare", "parry", s(&obb)]));
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("signed distance"))
        .expect("row");
    assert_eq!(row.matches("0.1313").count(), 2, "{row}");
    let o = satlab(&["eval", "--json", "--compare", "parry", s(&obb)]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let c = &v["reference"]["Compared"];
    assert_eq!(c["parry"]["intersects"], false, "{v}");
    assert!(
        (c["parry"]["signed"].as_f64().unwrap() - 0.131371).abs() < 1e-3,
        "{c}"
    );
    assert_eq!(c["disagreement"], serde_json::Value::Null);
    // A sector: parry has none.
    let sector = std::fs::read_dir(root.join("04-sectors"))
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let out = text(&satlab(&["eval", "--compare", "parry", s(&sector)]));
    assert!(out.contains("parry has no such shape: sector"), "{out}");
    // Without --compare, nothing of it.
    assert!(!text(&satlab(&["eval", s(&obb)])).contains("Reference (parry)"));
}

/// Issue 28, item 24: `satlab --help`, the README's first paragraph and the
/// crate description say 2D and 3D (they said 2D after the 3D mode came),
/// and the README states no scene count that the tree would have to keep
/// up with ("99 scenes" went stale).
#[test]
fn help_readme_and_description_say_2d_and_3d() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let help = text(&satlab(&["--help"]));
    assert!(help.contains("2D and 3D"), "{help}");
    assert!(env!("CARGO_PKG_DESCRIPTION").contains("2D and 3D"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let head: String = readme.lines().take(4).collect::<Vec<_>>().join(" ");
    assert!(head.contains("2D and 3D"), "{head}");
    let counted = readme.split_whitespace().collect::<Vec<_>>();
    for w in counted.windows(2) {
        let stale = w[0].chars().all(|c| c.is_ascii_digit()) && w[1].starts_with("scenes");
        assert!(!stale, "the README counts scenes: {} {}", w[0], w[1]);
    }
}

/// The `practice` block's kind of every scene file in `dir`, sorted by name.
fn practice_kinds(dir: &Path) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            v["practice"]["kind"]
                .as_str()
                .expect("a practice kind")
                .to_string()
        })
        .collect()
}

#[test]
fn practice_lists_an_authored_folder_named_by_the_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    for set in ["practice", "practice-zh"] {
        let dir = root.join(set);
        let o = satlab(&["practice", s(&dir), "--list"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        assert_eq!(v["folder"], s(&dir));
        assert!(
            v.get("seed").is_none() && v.get("generator").is_none(),
            "{v}"
        );
        let qs = v["questions"].as_array().unwrap();
        assert_eq!((v["count"].as_u64(), qs.len()), (Some(15), 15));
        let kinds: Vec<String> = qs
            .iter()
            .map(|q| q["kind"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(kinds, practice_kinds(&dir), "{set}");
        let numbers: Vec<u64> = qs.iter().map(|q| q["number"].as_u64().unwrap()).collect();
        assert_eq!(numbers, (1..=15).collect::<Vec<u64>>());
    }
}

#[test]
fn practice_on_a_broken_folder_names_the_file_and_exits_2() {
    let d = temp_dir("practice-broken");
    let good =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/practice/01-verdict-discs-apart.json");
    std::fs::copy(&good, d.join("01-good.json")).unwrap();
    // Line 3 misses a comma after "circle".
    std::fs::write(
        d.join("02-broken.json"),
        "{\n  \"version\": 1,\n  \"a\": {\"kind\": \"circle\" \"radius\": 1}\n}\n",
    )
    .unwrap();
    for args in [&["--list"][..], &[]] {
        let mut all = vec!["practice", s(&d)];
        all.extend_from_slice(args);
        let o = satlab(&all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(o.stdout.is_empty(), "{}", text(&o));
        // The file, then the line and column of the parse error.
        assert!(err.contains("02-broken.json: 3:26: "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // No practice block anywhere, a missing folder, a folder with a seed.
    let plain = temp_dir("practice-plain");
    std::fs::write(plain.join("a.json"), disc_pair(3.0, PASS)).unwrap();
    let missing = d.join("missing");
    for args in [
        vec!["practice", s(&plain), "--list"],
        vec!["practice", s(&missing), "--list"],
        vec!["practice", s(&d), "--seed", "3", "--list"],
    ] {
        let o = satlab(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let o = satlab(&["practice", s(&plain), "--list"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("practice` block"));
}
