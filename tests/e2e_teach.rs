//! End-to-end: stepping through SAT and predict mode in the real window.
//! Ignored in plain `cargo test`; run under Xvfb with
//! `cargo test --test e2e_teach -- --ignored --test-threads=1`.
//!
//! Needs `DISPLAY` pointing at a 1280×800 X server without a window manager
//! (Xvfb), and `xdotool` and ImageMagick's `convert` on the PATH. The
//! canvas is exported with F12 (into the app's working directory) and read
//! back pixel by pixel.

mod xapp;

use satlab::geom::{sat_report, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use xapp::{fixture, near, need_display, pause, pixels, temp_dir, window, xdotool, App};

/// The dark theme's decisive-axis violet, gap green and predict-marker
/// yellow (src/app/palette.rs).
const VIOLET: u32 = 0xc77dff;
const GREEN: u32 = 0x3ddc97;
const YELLOW: u32 = 0xffd166;

/// Presses F12 and waits for the exported PNG in `dir`; moves it to
/// `dir/name` (so the next export, within the same second, gets its own
/// file) and returns that path.
fn export(dir: &Path, name: &str) -> PathBuf {
    xdotool(&["key", "F12"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let found = std::fs::read_dir(dir)
            .expect("read the temp dir")
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("teach-boxes-") && n.ends_with(".png"))
            });
        if let Some(p) = found {
            // The app writes an empty file first, then the PNG.
            let size = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
            if size > 0 {
                pause(150);
                let to = dir.join(name);
                std::fs::rename(&p, &to).expect("move the export");
                return to;
            }
        }
        assert!(Instant::now() < deadline, "F12 wrote no PNG within 10 s");
        pause(50);
    }
}

/// Pixels of colour `want` (±8 per channel) in rows `top..bottom` of the
/// exported canvas (bottom counted from the image's lower edge).
fn count(png: &Path, want: u32, top: usize, bottom_margin: usize) -> usize {
    let img = pixels(png);
    let (w, h) = (img.1, img.0.len() / 3 / img.1);
    let mut n = 0;
    for y in top..h.saturating_sub(bottom_margin) {
        for x in 0..w {
            if near(xapp::at(&img, x, y), want, 8) {
                n += 1;
            }
        }
    }
    n
}

#[test]
#[ignore = "needs an X display, xdotool and ImageMagick; run by .ci/run under Xvfb"]
fn step_through_sat_then_predict() {
    need_display();
    let scene = fixture("teach-boxes.json");
    let sc = satlab::scene::load(&scene).expect("fixture loads");
    let report = sat_report(&sc.a, &sc.b);
    // What the user must see follows from the fixture: the first axis
    // separates, so SAT stops there.
    assert!(
        report.axes[0].separates(),
        "the fixture's first axis separates"
    );
    assert_eq!(satlab::geom::classify(&sc.a, &sc.b), Verdict::Separated);
    let dir = temp_dir("teach");
    let _app = App(Command::new(env!("CARGO_BIN_EXE_satlab"))
        .arg(&scene)
        .current_dir(&dir)
        .env("SATLAB_MSAA", "0")
        .stdout(Stdio::null())
        .spawn()
        .expect("start satlab"));
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(600);
    // Panels off: the canvas is the whole window below the top bar.
    xdotool(&["key", "Tab"]);
    pause(300);
    // Rows 60.. skip the verdict badge; the bottom 190 rows hold the
    // caption and the status line.
    let (top, bottom) = (60, 190);

    // Space: step mode at the start. No axis is drawn yet.
    xdotool(&["key", "space"]);
    pause(400);
    let start = export(&dir, "1-start.png");
    assert_eq!(
        count(&start, VIOLET, top, bottom),
        0,
        "no axis before the first step"
    );
    assert_eq!(
        count(&start, GREEN, top, bottom),
        0,
        "no gap before the first step"
    );
    // The caption's violet edge is at the bottom.
    assert!(
        count(&start, VIOLET, 0, 0) > 100,
        "the caption plate is drawn"
    );

    // Space: the first axis is tested; it separates, so it is drawn as
    // the separating axis with its gap.
    xdotool(&["key", "space"]);
    pause(400);
    let first = export(&dir, "2-first-axis.png");
    let violet = count(&first, VIOLET, top, bottom);
    let green = count(&first, GREEN, top, bottom);
    assert!(
        violet > 150,
        "the separating axis is drawn: {violet} violet pixels"
    );
    assert!(green > 60, "its gap is marked: {green} green pixels");

    // Shift+Space goes back to the start: the axis disappears again.
    xdotool(&["key", "shift+space"]);
    pause(400);
    let back = export(&dir, "3-back.png");
    assert_eq!(count(&back, VIOLET, top, bottom), 0, "back at the start");

    // P: predict. No verdict colour anywhere, no caption, the marker shows.
    xdotool(&["key", "End"]);
    xdotool(&["key", "p"]);
    pause(400);
    let predict = export(&dir, "4-predict.png");
    assert_eq!(count(&predict, GREEN, 0, 0), 0, "no badge, gap or distance");
    assert_eq!(count(&predict, VIOLET, 0, 0), 0, "no axis and no caption");
    assert!(count(&predict, YELLOW, 0, 0) > 150, "the predict marker");

    // P again reveals: the run-to-the-end picture with the distance.
    xdotool(&["key", "p"]);
    pause(400);
    let reveal = export(&dir, "5-reveal.png");
    assert!(
        count(&reveal, GREEN, top, bottom) > 60,
        "gap and distance shown"
    );
    assert!(
        count(&reveal, VIOLET, top, bottom) > 150,
        "the separating axis"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
