//! End-to-end: the real app under X. Ignored in plain `cargo test` (no
//! display needed there); `.ci/run` runs them under Xvfb with
//! `cargo test --test e2e -- --ignored --test-threads=1`.
//!
//! Needs `DISPLAY` pointing at a 1280×800 X server without a window manager
//! (Xvfb), and `xdotool` and ImageMagick's `convert` on the PATH.

use satlab::geom::{classify, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/e2e")
        .join(name)
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("satlab-e2e-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn need_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "the end-to-end tests need an X display: run them through .ci/run (Xvfb)"
    );
}

fn xdotool(args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .output()
        .expect("run xdotool (apt-get install xdotool)");
    assert!(
        out.status.success(),
        "xdotool {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The app, killed when dropped.
struct App(Child);

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for the satlab window and returns its id.
fn window() -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let out = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "^satlab"])
            .output()
            .expect("run xdotool");
        let ids = String::from_utf8_lossy(&out.stdout);
        if let Some(id) = ids.lines().next() {
            return id.trim().to_string();
        }
        assert!(
            Instant::now() < deadline,
            "the satlab window did not appear"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn pause(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn drag_b_onto_a_then_save() {
    need_display();
    let dir = temp_dir("drag");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let before = satlab::scene::load(&scene).expect("fixture loads");
    assert_eq!(classify(&before.a, &before.b), Verdict::Separated);

    let _app = App(Command::new(env!("CARGO_BIN_EXE_satlab"))
        .arg(&scene)
        .stdout(Stdio::null())
        .spawn()
        .expect("start satlab"));
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(500);
    // Tab hides the panels: the canvas is then the whole window below the
    // top bar, so with the scene's view (centre (0, 0), 50 px per unit) B's
    // centre (3, 0) is at about x = 640 + 150, y = (22 + 800) / 2.
    xdotool(&["key", "Tab"]);
    pause(500);
    xdotool(&["mousemove", "--window", &wid, "790", "411"]);
    pause(200);
    xdotool(&["mousedown", "1"]);
    pause(100);
    for x in [760, 720, 680, 640, 600, 560] {
        xdotool(&["mousemove", "--window", &wid, &x.to_string(), "420"]);
        pause(60);
    }
    xdotool(&["mouseup", "1"]);
    pause(400);
    // The window title names the file and marks the unsaved change.
    let title = xdotool(&["getwindowname", &wid]);
    assert!(
        title.contains("scene.json") && title.trim_end().ends_with('•'),
        "title {title:?}"
    );
    xdotool(&["key", "ctrl+s"]);

    let deadline = Instant::now() + Duration::from_secs(10);
    let after = loop {
        if let Ok(s) = satlab::scene::load(&scene) {
            if s != before {
                break s;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the scene file was not saved with a change within 10 s"
        );
        pause(100);
    };
    let moved = after.b.pose().position() - before.b.pose().position();
    assert!(
        moved.x < -3.0 && moved.y.abs() < 1.0,
        "B should have moved about 4.6 units left, moved by {moved}"
    );
    assert_eq!(after.a, before.a, "A must not move");
    let deadline = Instant::now() + Duration::from_secs(5);
    while xdotool(&["getwindowname", &wid]).trim_end().ends_with('•') {
        assert!(
            Instant::now() < deadline,
            "the title still marks unsaved changes after Ctrl+S"
        );
        pause(100);
    }
    assert_ne!(
        classify(&after.a, &after.b),
        Verdict::Separated,
        "after the drag B lies on A"
    );
}

/// Raw RGB bytes and width of a PNG, through ImageMagick.
fn pixels(png: &Path) -> (Vec<u8>, usize) {
    let out = Command::new("convert")
        .arg(png)
        .args(["-depth", "8", "rgb:-"])
        .output()
        .expect("run convert (apt-get install imagemagick)");
    assert!(out.status.success(), "convert failed on {}", png.display());
    let size = Command::new("identify")
        .args(["-format", "%w"])
        .arg(png)
        .output()
        .expect("run identify");
    let w: usize = String::from_utf8_lossy(&size.stdout)
        .trim()
        .parse()
        .expect("a width");
    (out.stdout, w)
}

fn at(img: &(Vec<u8>, usize), x: usize, y: usize) -> [i32; 3] {
    let i = (y * img.1 + x) * 3;
    [img.0[i] as i32, img.0[i + 1] as i32, img.0[i + 2] as i32]
}

fn near(c: [i32; 3], want: u32, tol: i32) -> bool {
    let w = [
        (want >> 16) as i32 & 0xff,
        (want >> 8) as i32 & 0xff,
        want as i32 & 0xff,
    ];
    (0..3).all(|i| (c[i] - w[i]).abs() <= tol)
}

fn render(scene: &str, out: &Path, extra: &[&str]) -> (Vec<u8>, usize) {
    let status = Command::new(env!("CARGO_BIN_EXE_satlab"))
        .arg("render")
        .arg(fixture(scene))
        .arg("-o")
        .arg(out)
        .args(["--size", "640x400"])
        .args(extra)
        .status()
        .expect("run satlab render");
    assert!(status.success(), "satlab render {scene} failed");
    let img = pixels(out);
    assert_eq!(img.0.len(), 640 * 400 * 3, "a 640x400 image");
    img
}

#[test]
#[ignore = "needs an X display and ImageMagick; run by .ci/run under Xvfb"]
fn render_three_scenes() {
    need_display();
    let dir = temp_dir("render");
    // Overlapping box and pentagon, dark theme. View: centre (0.6, 0.5),
    // 60 px per unit, canvas centre (320, 200).
    let img = render("overlap.json", &dir.join("overlap.png"), &[]);
    assert!(near(at(&img, 3, 397), 0x181b21, 24), "dark background");
    let a = at(&img, 248, 245); // inside A only, below its letter
    assert!(a[2] > a[0] + 25, "A is blue: {a:?}");
    let b = at(&img, 398, 191); // inside B only
    assert!(b[0] > b[2] + 25, "B is orange: {b:?}");
    let both = at(&img, 344, 206); // inside both: the overlap region
    assert!(
        both[0] > both[1] + 25 && both[0] > both[2],
        "overlap is red: {both:?}"
    );
    assert!(
        near(at(&img, 14, 27), 0xff5c6c, 40),
        "badge says overlapping"
    );

    // Separated box and circle, dark theme: the badge turns green.
    let img = render("separated.json", &dir.join("separated.png"), &[]);
    let a = at(&img, 220, 215);
    assert!(a[2] > a[0] + 25, "A is blue: {a:?}");
    let b = at(&img, 470, 215);
    assert!(b[0] > b[2] + 25, "B is orange: {b:?}");
    assert!(near(at(&img, 14, 27), 0x3ddc97, 40), "badge says separated");

    // Capsule and sector, light theme.
    let img = render("capsule-sector.json", &dir.join("light.png"), &["--light"]);
    assert!(near(at(&img, 3, 397), 0xf7f8fa, 24), "light background");
    let a = at(&img, 194, 259);
    assert!(a[2] > a[0] + 25, "A is blue: {a:?}");
    let b = at(&img, 384, 182);
    assert!(b[0] > b[2] + 25, "B is orange: {b:?}");
    assert!(near(at(&img, 14, 27), 0x138a5a, 40), "badge says separated");
}
