//! Issue 30: `satlab render` and `satlab export-lesson` without a window.
//! Every run has its display variables removed; what they write is read
//! back with independent decoders (the `png` and `gif` crates, roxmltree).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scene(rel: &str) -> PathBuf {
    root().join("scenes").join(rel)
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("satlab-export-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// satlab with no display: nothing it does may need one.
fn headless(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_satlab"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SATLAB_LANG")
        .output()
        .expect("run satlab")
}

fn render(scene: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args: Vec<&std::ffi::OsStr> = vec![
        "render".as_ref(),
        scene.as_ref(),
        "-o".as_ref(),
        out.as_ref(),
    ];
    args.extend(extra.iter().map(|a| std::ffi::OsStr::new(*a)));
    headless(&args)
}

fn ok(o: &Output) {
    assert!(
        o.status.success(),
        "status {:?}: {}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The SAT walk's length from `satlab eval --json` (a one-part pair): the
/// start, the axes up to the first separating one (all of them with
/// `keep_testing`), the end.
fn walk_len(scene: &Path, keep_testing: bool) -> usize {
    let o = headless(&["eval".as_ref(), scene.as_ref(), "--json".as_ref()]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("eval --json");
    let axes = v["sat"]["axes"].as_array().expect("axes");
    let tested = match axes.iter().position(|a| a["separates"] == true) {
        Some(k) if !keep_testing => k + 1,
        _ => axes.len(),
    };
    tested + 2
}

/// Every text of an SVG document, joined.
fn svg_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ")
}

fn svg_size(svg: &str) -> (String, String) {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    let r = doc.root_element();
    (
        r.attribute("width").unwrap_or_default().to_owned(),
        r.attribute("height").unwrap_or_default().to_owned(),
    )
}

/// A PNG's size and RGBA pixels (the first frame of an APNG).
fn read_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let mut d = png::Decoder::new(std::fs::File::open(path).unwrap());
    d.set_transformations(png::Transformations::ALPHA | png::Transformations::EXPAND);
    let mut r = d.read_info().expect("a PNG");
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

const SEPARATED: &str = "02-sat-polygons/05-triangle-hexagon-separated.json";

#[test]
fn a_png_and_an_svg_are_drawn_without_a_display() {
    let d = temp_dir("still");
    let sc = scene(SEPARATED);
    let png_out = d.join("step.png");
    ok(&render(
        &sc,
        &png_out,
        &["--size", "640x400", "--step", "2"],
    ));
    let (w, h, px) = read_png(&png_out);
    assert_eq!((w, h), (640, 400));
    // The dark theme's background fills the far corner.
    let corner = &px[((399 * 640 + 639) * 4) as usize..][..3];
    assert!(
        corner
            .iter()
            .zip([0x18, 0x1b, 0x21])
            .all(|(a, b)| (*a as i32 - b).abs() < 12),
        "{corner:?}"
    );

    let svg_out = d.join("step.svg");
    ok(&render(
        &sc,
        &svg_out,
        &["--size", "640x400", "--step", "2", "--light"],
    ));
    let svg = std::fs::read_to_string(&svg_out).unwrap();
    assert_eq!(svg_size(&svg), ("640".into(), "400".into()));
    let text = svg_text(&svg);
    assert!(text.contains("SEPARATED"), "the badge is text: {text}");
    assert!(text.contains("Axis 2 of"), "the caption is text: {text}");
    assert!(
        svg.contains("font-family=\"Hack\""),
        "the bundled Latin font"
    );
    assert!(svg.contains("#f7f8fa"), "the light theme's background");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_step_walk_animates_to_gif_and_apng_with_its_delays() {
    let d = temp_dir("walk");
    let sc = scene(SEPARATED);
    for keep in [false, true] {
        let n = walk_len(&sc, keep);
        let gif_out = d.join(format!("walk-{keep}.gif"));
        let mut args = vec![
            "--animate",
            "steps",
            "--size",
            "320x200",
            "--seconds",
            "0.5",
            "--hold",
            "1.5",
        ];
        if keep {
            args.push("--keep-testing");
        }
        ok(&render(&sc, &gif_out, &args));
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut dec = opts
            .read_info(std::fs::File::open(&gif_out).unwrap())
            .expect("a GIF");
        assert_eq!((dec.width(), dec.height()), (320, 200));
        let mut delays = Vec::new();
        while let Some(f) = dec.read_next_frame().expect("a frame") {
            delays.push(f.delay);
        }
        assert_eq!(delays.len(), n, "one frame per step (keep testing: {keep})");
        let mut want = vec![50; n];
        want[n - 1] = 200;
        assert_eq!(delays, want);

        let apng_out = d.join(format!("walk-{keep}.png"));
        ok(&render(&sc, &apng_out, &args));
        let r = png::Decoder::new(std::fs::File::open(&apng_out).unwrap())
            .read_info()
            .expect("an APNG");
        let info = r.info();
        assert_eq!((info.width, info.height), (320, 200));
        assert_eq!(
            info.animation_control.map(|a| a.num_frames as usize),
            Some(n)
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn field_and_3d_scenes_render_too() {
    let d = temp_dir("kinds");
    let field = scene("07-broad-phase/01-ray-through-a-row-of-boxes.json");
    ok(&render(
        &field,
        &d.join("field.png"),
        &["--size", "400x300"],
    ));
    assert_eq!(read_png(&d.join("field.png")).0, 400);
    ok(&render(
        &field,
        &d.join("field.svg"),
        &["--size", "400x300"],
    ));
    let svg = std::fs::read_to_string(d.join("field.svg")).unwrap();
    assert!(
        svg.matches("<rect").count() + svg.matches("<polygon").count() > 5,
        "the boxes are drawn"
    );

    let space = scene("08-3d/02-sphere-aabb-face.json");
    ok(&render(
        &space,
        &d.join("space.svg"),
        &["--size", "400x300", "--step", "1"],
    ));
    let text = svg_text(&std::fs::read_to_string(d.join("space.svg")).unwrap());
    assert!(
        text.contains("Axis 1 of"),
        "the 3D walk's caption, in the 2D words: {text}"
    );
    ok(&render(
        &space,
        &d.join("orbit.gif"),
        &[
            "--size",
            "200x150",
            "--animate",
            "orbit",
            "--seconds",
            "0.1",
        ],
    ));
    let mut dec = gif::DecodeOptions::new()
        .read_info(std::fs::File::open(d.join("orbit.gif")).unwrap())
        .expect("a GIF");
    let mut n = 0;
    while dec.read_next_frame().expect("a frame").is_some() {
        n += 1;
    }
    assert_eq!(n, 36, "one turn in 36 frames");
    // A walk a scene kind has not is refused.
    let o = render(&field, &d.join("no.gif"), &["--animate", "steps"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!d.join("no.gif").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_sizes_and_the_scene_itself_are_refused_and_nothing_is_written() {
    let d = temp_dir("refuse");
    let sc = d.join("scene.json");
    std::fs::copy(scene(SEPARATED), &sc).unwrap();
    let before = std::fs::read(&sc).unwrap();
    let o = render(&sc, &d.join("big.png"), &["--size", "9000x400"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("from 64 to 8192"));
    let o = render(&sc, &sc, &["--format", "svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("is the scene file itself"));
    assert_eq!(std::fs::read(&sc).unwrap(), before);
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 1, "only the scene: {left:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A 20-axis walk (an 11-gon and a 9-gon, every axis tested) at 800×500 as GIF:
/// bounded in size (issue 30: under 2 MB). Its time (under 5 s) is
/// measured by `benches/export.rs`, not asserted here.
#[test]
fn a_long_walk_is_small() {
    let d = temp_dir("long");
    // Odd polygons turned apart: no two edges parallel, 11 + 9 axes.
    let ring = |n: usize, cx: f32, r: f32, phase: f32| {
        (0..n)
            .map(|k| {
                let t = k as f32 * std::f32::consts::TAU / n as f32 + phase;
                format!("[{}, {}]", cx + r * t.cos(), r * t.sin())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let sc = d.join("tens.json");
    std::fs::write(
        &sc,
        format!(
            "{{\"version\": 1, \"name\": \"an 11-gon and a 9-gon\", \
             \"a\": {{\"kind\": \"polygon\", \"position\": [0, 0], \"vertices\": [{}]}}, \
             \"b\": {{\"kind\": \"polygon\", \"position\": [0, 0], \"vertices\": [{}]}}}}",
            ring(11, 0.0, 2.0, 0.1),
            ring(9, 3.0, 2.0, 0.37)
        ),
    )
    .unwrap();
    let n = walk_len(&sc, true);
    assert_eq!(n, 22, "20 axes and the start and end");
    let out = d.join("long.gif");
    ok(&render(
        &sc,
        &out,
        &["--size", "800x500", "--animate", "steps", "--keep-testing"],
    ));
    let bytes = std::fs::metadata(&out).unwrap().len();
    assert!(bytes < 2_000_000, "{bytes} bytes");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_lesson_is_one_page_in_its_language() {
    let d = temp_dir("lesson");
    for (folder, lang) in [("sat-intro", "en"), ("sat-intro-zh", "zh-Hans")] {
        let dir = root().join("scenes/lessons").join(folder);
        let out = d.join(format!("{folder}.html"));
        let o = headless(&[
            "export-lesson".as_ref(),
            dir.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
            "--size".as_ref(),
            "480x300".as_ref(),
        ]);
        ok(&o);
        let html = std::fs::read_to_string(&out).unwrap();
        assert!(
            html.contains(&format!("<html lang=\"{lang}\">")),
            "{folder}"
        );
        assert!(
            !html.contains("<script") && !html.contains("src=\"") && !html.contains("href=\""),
            "self-contained"
        );
        let mut scenes: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        scenes.sort();
        let mut at = 0;
        for p in &scenes {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            let notes = v["notes"].as_str().unwrap_or_default();
            let shown = notes
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
                .replace('\'', "&apos;");
            let found = html[at..].find(&shown);
            assert!(
                found.is_some(),
                "{folder}: the notes of {} in order",
                p.display()
            );
            at += found.unwrap_or(0);
        }
        // A picture and the walk's steps for every scene.
        assert!(html.matches("<svg").count() >= scenes.len() * 3, "{folder}");
        if lang == "zh-Hans" {
            assert!(
                html.contains("分离") || html.contains("重叠"),
                "the pictures speak Chinese"
            );
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// A GIF's size and its frames' delays (hundredths of a second).
fn gif_delays(path: &Path) -> ((u16, u16), Vec<u16>) {
    let mut dec = gif::DecodeOptions::new()
        .read_info(std::fs::File::open(path).unwrap())
        .expect("a GIF");
    let size = (dec.width(), dec.height());
    let mut delays = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        delays.push(f.delay);
    }
    (size, delays)
}

/// The two shapes of a 3D scene, and its motion.
fn shapes3(
    rel: &str,
) -> (
    satlab::geom3d::Shape3,
    satlab::geom3d::Shape3,
    Option<satlab::scene::Motion3>,
) {
    match satlab::scene::load_any(&scene(rel)).expect("loads") {
        satlab::scene::AnyScene::Space(s) => (s.a.shape, s.b.shape, s.motion),
        _ => panic!("{rel}: a 3D scene"),
    }
}

/// Renders walk `walk` of the 3D scene `rel` to a 320×200 GIF at 0.2 s a
/// frame and 1 s more held; its delays.
fn walk3(d: &Path, rel: &str, walk: &str) -> Vec<u16> {
    let out = d.join(format!("{walk}.gif"));
    let args = [
        "--animate",
        walk,
        "--size",
        "320x200",
        "--seconds",
        "0.2",
        "--hold",
        "1",
    ];
    ok(&render(&scene(rel), &out, &args));
    let (size, delays) = gif_delays(&out);
    assert_eq!(size, (320, 200));
    std::fs::remove_file(&out).unwrap();
    delays
}

/// 20 hundredths a frame; 120 for the last and for `held`.
fn timed(n: usize, held: Option<usize>) -> Vec<u16> {
    let mut want = vec![20; n];
    want[n - 1] = 120;
    if let Some(k) = held {
        want[k] = 120;
    }
    want
}

#[test]
fn the_3d_gjk_walk_is_one_frame_per_gjk_then_epa_step() {
    let d = temp_dir("gjk3");
    // Apart: GJK alone; overlapping: GJK, then EPA.
    for (rel, epa) in [
        ("08-3d/29-gjk-two-boxes-apart.json", false),
        ("11-3d-contacts/01-box-resting-on-box.json", true),
    ] {
        let (a, b, _) = shapes3(rel);
        let mut g = satlab::geom3d::GjkTrace3::default();
        satlab::geom3d::gjk_traced(&a, &b, &mut g);
        let mut e = satlab::geom3d::EpaTrace3::default();
        satlab::geom3d::epa_traced(&a, &b, &mut e);
        assert_eq!(!e.steps.is_empty(), epa, "{rel}");
        let n = g.steps.len() + e.steps.len();
        assert!(n >= 2, "{rel}: {n} steps");
        assert_eq!(walk3(&d, rel, "gjk"), timed(n, None), "{rel}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_3d_clipping_walk_is_its_steps_then_the_manifold_and_apart_is_refused() {
    let d = temp_dir("clip3");
    let rel = "11-3d-contacts/01-box-resting-on-box.json";
    let (a, b, _) = shapes3(rel);
    let mut t = satlab::geom3d::Manifold3Trace::default();
    let m = satlab::geom3d::contact_manifold3_traced(&a, &b, satlab::scene::SPECULATIVE, &mut t);
    assert_eq!(m.map(|m| m.points().len()), Some(4));
    assert_eq!(t.method, satlab::geom3d::Manifold3Method::Clipping);
    // The reference face, the incident face, each side plane, the points
    // kept; then the finished manifold.
    let n = 3 + t.clips.len() + 1;
    assert_eq!(walk3(&d, rel, "clipping"), timed(n, None));
    let apart = scene("08-3d/29-gjk-two-boxes-apart.json");
    let o = render(&apart, &d.join("no.gif"), &["--animate", "clipping"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no contact manifold"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!d.join("no.gif").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_3d_motion_walk_runs_time_0_to_1_and_holds_the_impact() {
    let d = temp_dir("motion3");
    let rel = "10-3d-motion/01-box-falls-onto-box.json";
    let (a, b, m) = shapes3(rel);
    let m = m.expect("the scene moves");
    let t = satlab::geom3d::time_of_impact3(&a, m.a, &b, m.b)
        .expect("the box lands")
        .t;
    // 21 times from 0 to 1 by 0.05, the impact's one in its place.
    let mut times: Vec<f32> = (0..21).map(|k| k as f32 / 20.0).collect();
    times.retain(|x| (x - t).abs() > 1e-4);
    let held = times.iter().filter(|x| **x < t).count();
    let n = times.len() + 1;
    assert!(
        held > 0 && held + 1 < n,
        "the impact at {t} is inside the step"
    );
    assert_eq!(walk3(&d, rel, "motion"), timed(n, Some(held)));

    // A 3D scene without motion is refused as a 2D pair without one is.
    let still3 = scene("11-3d-contacts/01-box-resting-on-box.json");
    let o3 = render(&still3, &d.join("no3.gif"), &["--animate", "motion"]);
    let o2 = render(
        &scene(SEPARATED),
        &d.join("no2.gif"),
        &["--animate", "motion"],
    );
    for o in [&o3, &o2] {
        assert_eq!(o.status.code(), Some(2));
    }
    let e3 = String::from_utf8_lossy(&o3.stderr);
    assert!(e3.contains("has no motion"), "{e3}");
    assert_eq!(e3, String::from_utf8_lossy(&o2.stderr));
    // The 3D mode has no stepped classic test: algorithm is refused.
    let o = render(&still3, &d.join("alg.gif"), &["--animate", "algorithm"]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("--animate algorithm is not for a 3D scene"),
        "{e}"
    );
    let left = std::fs::read_dir(&d).unwrap().count();
    assert_eq!(left, 0, "nothing written");
    std::fs::remove_dir_all(&d).unwrap();
}
