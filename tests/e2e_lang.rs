//! End-to-end: switching the interface to Chinese at run time, and playing
//! a lesson folder. Ignored in plain `cargo test`; run under Xvfb with
//! `cargo test --test e2e_lang -- --ignored --test-threads=1`.
//!
//! Needs `DISPLAY` pointing at a 1280×800 X server without a window manager
//! (Xvfb), and `xdotool` and ImageMagick's `import` and `convert` on the
//! PATH. The window title (set through x11rb, UTF-8) says which file is
//! open and, for a new scene, the language ("untitled" / "未命名").

mod kit;
mod xapp;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};
use xapp::{menu_pick, need_display, pause, pixels, screenshot, temp_dir, window, xdotool, App};

/// The dark theme's decisive-axis violet (src/app/palette.rs): the top rule
/// of the lesson notes card.
const VIOLET: u32 = 0xc77dff;

fn start(args: &[&str], lang: Option<&str>) -> App {
    let mut cmd = xapp::command();
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SATLAB_MSAA", "0")
        .env_remove("SATLAB_LANG")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(l) = lang {
        cmd.env("SATLAB_LANG", l);
    }
    App(cmd.spawn().expect("start satlab"))
}

/// Waits until the window's title satisfies `ok`; returns the last title.
fn title_until(wid: &str, ok: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let t = xdotool(&["getwindowname", wid]);
        if ok(&t) || Instant::now() > deadline {
            return t;
        }
        pause(100);
    }
}

/// The longest run of `want`-coloured pixels (±10 per channel) in any row.
fn longest_row_run(png: &Path, want: u32) -> usize {
    let img = pixels(png);
    let (w, h) = (img.1, img.0.len() / 3 / img.1);
    let mut best = 0;
    for y in 0..h {
        let mut run = 0;
        for x in 0..w {
            if xapp::near(xapp::at(&img, x, y), want, 10) {
                run += 1;
                best = best.max(run);
            } else {
                run = 0;
            }
        }
    }
    best
}

#[test]
#[ignore = "needs an X display, xdotool and ImageMagick; run by .ci/run under Xvfb"]
fn the_language_menu_switches_to_chinese_at_run_time() {
    need_display();
    let _app = start(&[], None);
    let wid = window();
    let t = title_until(&wid, |t| t.contains("untitled"));
    assert_eq!(t, "satlab — untitled");
    xdotool(&["windowfocus", "--sync", &wid]);
    // Language / 语言 in the menu bar, then 简体中文 (the second choice).
    menu_pick(&wid, "the language menu", (158, 11), (140, 77), |t| {
        t.contains("未命名")
    });
    let t = title_until(&wid, |t| t.contains("未命名"));
    assert_eq!(t, "satlab — 未命名", "the next frame is in Chinese");
    // And back: the choice holds until changed.
    pause(300);
    menu_pick(&wid, "back to English", (158, 11), (140, 56), |t| {
        t.contains("untitled")
    });
    let t = title_until(&wid, |t| t.contains("untitled"));
    assert_eq!(t, "satlab — untitled");
}

#[test]
#[ignore = "needs an X display, xdotool and ImageMagick; run by .ci/run under Xvfb"]
fn a_lesson_folder_starts_at_its_first_scene_with_the_notes_card() {
    need_display();
    let dir = temp_dir("lesson");
    let _app = start(&["scenes/lessons/sat-intro-zh/"], Some("zh"));
    let wid = window();
    let t = title_until(&wid, |t| t.contains("01-projection.json"));
    assert!(t.contains("sat-intro-zh/01-projection.json"), "{t}");
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(400);
    let shot = screenshot(&dir, "lesson.png");
    // The card's violet rule spans the canvas (more than half the window).
    let run = longest_row_run(&shot, VIOLET);
    assert!(run > 600, "no notes card rule: longest violet run {run} px");
    xdotool(&["key", "Next"]);
    let t = title_until(&wid, |t| t.contains("02-"));
    assert!(t.contains("02-separated-on-one-axis.json"), "{t}");
    // A lesson stops at its first scene instead of wrapping to the last.
    xdotool(&["key", "Prior"]);
    title_until(&wid, |t| t.contains("01-"));
    xdotool(&["key", "Prior"]);
    pause(600);
    let t = xdotool(&["getwindowname", &wid]);
    assert!(t.contains("01-projection.json"), "{t}");
    // L leaves lesson mode: the card is gone.
    xdotool(&["key", "l"]);
    pause(500);
    let shot = screenshot(&dir, "no-lesson.png");
    let run = longest_row_run(&shot, VIOLET);
    assert!(run < 600, "the card should be gone, violet run {run} px");
    let _ = std::fs::remove_dir_all(&dir);
}
