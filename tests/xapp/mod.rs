//! Helpers for the end-to-end tests: the real app under X (Xvfb), driven
//! with xdotool and read back with ImageMagick.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/e2e")
        .join(name)
}

pub use crate::kit::temp_dir;

pub fn need_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "the end-to-end tests need an X display: run them through .ci/run (Xvfb)"
    );
}

pub fn xdotool(args: &[&str]) -> String {
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

/// The satlab binary with view settings of its own: `SATLAB_CONFIG_DIR`
/// is a fresh, empty folder, so no test sees the user's settings (a light
/// theme, Chinese, presenter mode) or what another test chose. A test of
/// the settings file sets the variable again after this.
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_satlab"));
    c.env("SATLAB_CONFIG_DIR", temp_dir("config"));
    c
}

/// The app, killed when dropped.
pub struct App(pub Child);

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        // Wait (a little) until its window is gone, so the next test's
        // `window()` cannot pick it up.
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            let gone = Command::new("xdotool")
                .args(["search", "--onlyvisible", "--name", "^satlab"])
                .output()
                .map(|o| o.stdout.is_empty())
                .unwrap_or(true);
            if gone {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // A killed satlab leaves its recovery copy behind, and the next
        // test's window would open on the offer to recover it: remove the
        // copies of this process from the default folder (tests that check
        // recovery give the app a folder of their own).
        let dir = std::env::var_os("SATLAB_RECOVERY_DIR")
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state/satlab"))
            });
        if let Some(Ok(rd)) = dir.map(std::fs::read_dir) {
            let prefix = format!("recovery-{}-", self.0.id());
            for e in rd.flatten() {
                if e.file_name().to_string_lossy().starts_with(&prefix) {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }
}

/// Starts satlab with `args` in `dir` (its working and recovery folder),
/// waits for its window, focuses it and lets it settle.
pub fn open(args: &[&Path], dir: &Path) -> (App, String) {
    let app = App(command()
        .args(args)
        .current_dir(dir)
        .env("SATLAB_RECOVERY_DIR", dir)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start satlab"));
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(800);
    (app, wid)
}

/// Waits for the satlab window and returns its id.
pub fn window() -> String {
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

pub fn pause(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

/// Presses Enter, and again every 4 s, until `done` holds (up to `secs`
/// seconds): on a loaded machine a dialog a key just asked for may open
/// after the Enter meant for it came. Only for windows where a stray Enter
/// does nothing (the pair and 3D canvases bind no Enter).
pub fn enter_until(what: &str, secs: u64, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut next_enter = Instant::now();
    while !done() {
        assert!(Instant::now() < deadline, "{what} within {secs} s");
        if Instant::now() >= next_enter {
            xdotool(&["key", "Return"]);
            next_enter = Instant::now() + Duration::from_secs(4);
        }
        pause(100);
    }
}

/// Raw RGB bytes and width of a PNG, through ImageMagick.
pub fn pixels(png: &Path) -> (Vec<u8>, usize) {
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

pub fn at(img: &(Vec<u8>, usize), x: usize, y: usize) -> [i32; 3] {
    let i = (y * img.1 + x) * 3;
    [img.0[i] as i32, img.0[i + 1] as i32, img.0[i + 2] as i32]
}

pub fn near(c: [i32; 3], want: u32, tol: i32) -> bool {
    let w = [
        (want >> 16) as i32 & 0xff,
        (want >> 8) as i32 & 0xff,
        want as i32 & 0xff,
    ];
    (0..3).all(|i| (c[i] - w[i]).abs() <= tol)
}

/// The whole screen (window, menus and all) as a PNG in `dir`.
pub fn screenshot(dir: &Path, name: &str) -> PathBuf {
    let p = dir.join(name);
    let st = Command::new("import")
        .args(["-window", "root"])
        .arg(&p)
        .status()
        .expect("run import (apt-get install imagemagick)");
    assert!(st.success(), "import failed");
    p
}

/// The window's title.
pub fn title(wid: &str) -> String {
    xdotool(&["getwindowname", wid])
}

/// Waits (up to 8 s) until `cond` holds on the window title.
pub fn wait_title(wid: &str, what: &str, cond: impl Fn(&str) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(8);
    loop {
        let t = title(wid);
        if cond(t.trim_end()) {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: title {t:?}");
        pause(100);
    }
}

/// Opens the menu at window pixel `menu` and clicks its item at `item`,
/// until `done` holds on the window title (see [`menu_pick_until`]).
pub fn menu_pick(
    wid: &str,
    what: &str,
    menu: (i32, i32),
    item: (i32, i32),
    done: impl Fn(&str) -> bool,
) {
    let held = menu_pick_until(wid, menu, item, || done(title(wid).trim_end()));
    assert!(held, "{what}: title {:?}", title(wid));
}

/// Opens the menu at window pixel `menu` and clicks its item at `item`,
/// until `done` holds: again every 4 s (up to 16 s), after a click on the
/// bar's empty middle closes a menu left open; false when it never held.
/// On a loaded machine the menu can open after the click meant for its
/// item (CI run 20: View → Pair playground missed). Only for items whose
/// choice is idempotent (a language, a mode, a copy).
pub fn menu_pick_until(
    wid: &str,
    menu: (i32, i32),
    item: (i32, i32),
    done: impl Fn() -> bool,
) -> bool {
    let click = |(x, y): (i32, i32)| {
        let (x, y) = (x.to_string(), y.to_string());
        xdotool(&["mousemove", "--window", wid, &x, &y, "click", "1"]);
    };
    let deadline = Instant::now() + Duration::from_secs(16);
    loop {
        click(menu);
        // The menu opens in the next frame; a loaded machine needs a while.
        pause(900);
        click(item);
        let retry = Instant::now() + Duration::from_secs(4);
        while Instant::now() < retry {
            if done() {
                return true;
            }
            pause(100);
        }
        if Instant::now() >= deadline {
            return false;
        }
        click((900, 11));
        pause(300);
    }
}

/// Presses mouse `button` at window pixel `from`, moves to `to` in six
/// steps and lets go.
pub fn drag_with(wid: &str, button: &str, from: (i32, i32), to: (i32, i32)) {
    let mv =
        |x: i32, y: i32| xdotool(&["mousemove", "--window", wid, &x.to_string(), &y.to_string()]);
    mv(from.0, from.1);
    pause(150);
    xdotool(&["mousedown", button]);
    pause(100);
    for k in 1..=6 {
        mv(
            from.0 + (to.0 - from.0) * k / 6,
            from.1 + (to.1 - from.1) * k / 6,
        );
        pause(60);
    }
    xdotool(&["mouseup", button]);
    pause(300);
}

/// Puts `text` on the X clipboard (xclip keeps serving it in the background).
pub fn set_clipboard(text: &str) {
    use std::io::Write;
    let mut c = Command::new("xclip")
        .args(["-selection", "clipboard"])
        .stdin(Stdio::piped())
        // xclip stays behind to serve the selection: it must not hold the
        // test's output open.
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run xclip (apt-get install xclip)");
    c.stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write to xclip");
    let _ = c.wait();
}

/// The X clipboard's text (empty when it holds none).
pub fn clipboard() -> String {
    let o = Command::new("xclip")
        .args(["-selection", "clipboard", "-o"])
        .output()
        .expect("run xclip");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Presses Ctrl+Shift+C (Edit ▸ Copy scene as JSON) and waits (up to 15 s,
/// pressing again every 3 s) until the clipboard holds a scene `ok`
/// accepts; returns it and its text.
pub fn copy_scene(
    ok: impl Fn(&satlab::scene::AnyScene) -> bool,
) -> (satlab::scene::AnyScene, String) {
    xdotool(&["key", "ctrl+shift+c"]);
    let deadline = Instant::now() + Duration::from_secs(15);
    // A key press sent while a loaded machine has not yet handed the
    // window its focus can be lost (CI run 17 once found the clipboard
    // still empty after 10 s): copying again is harmless, so press again
    // every 3 s while the clipboard holds no scene.
    let mut again = Instant::now() + Duration::from_secs(3);
    loop {
        if Instant::now() > again {
            xdotool(&["key", "ctrl+shift+c"]);
            again = Instant::now() + Duration::from_secs(3);
        }
        let text = clipboard();
        match satlab::scene::parse_any(&text, Path::new("clipboard")) {
            Ok(sc) if ok(&sc) => return (sc, text),
            Ok(_) => assert!(
                Instant::now() < deadline,
                "the copied scene is not the one shown"
            ),
            Err(e) => assert!(
                Instant::now() < deadline,
                "the window did not copy the scene: {e}"
            ),
        }
        pause(200);
    }
}

/// `text` (a scene's JSON) with its `name` set to `name`.
pub fn renamed(text: &str, name: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("JSON");
    v["name"] = serde_json::Value::String(name.into());
    serde_json::to_string_pretty(&v).expect("JSON")
}

/// Copies the scene shown, pastes it back renamed `name` (Ctrl+Shift+V),
/// saves (Ctrl+S) and waits until `file` holds it: the saved scene, with
/// the copy (both as `load` reads them), which must be the same but for
/// the name.
pub fn copy_paste_save<T: std::fmt::Debug>(
    wid: &str,
    file: &Path,
    name: &str,
    ok: impl Fn(&satlab::scene::AnyScene) -> bool,
    load: impl Fn(satlab::scene::AnyScene) -> Option<T>,
) -> (T, T) {
    let (copied, text) = copy_scene(ok);
    set_clipboard(&renamed(&text, name));
    pause(200);
    xdotool(&["key", "ctrl+shift+v"]);
    wait_title(wid, "the paste marks the document unsaved", |t| {
        t.ends_with('•')
    });
    xdotool(&["key", "ctrl+s"]);
    wait_title(wid, "Ctrl+S saves the paste", |t| !t.ends_with('•'));
    let saved = satlab::scene::load_any(file).expect("the saved file loads");
    assert_eq!(saved.name(), name, "the pasted scene was saved");
    (
        load(saved).expect("the same kind of scene"),
        load(copied).expect("the same kind of scene"),
    )
}

/// Clicks Edit ▸ Copy results as text (the third entry after Undo and
/// Redo, the same in every mode).
pub fn click_copy_results(wid: &str) {
    xdotool(&["mousemove", "--window", wid, "51", "11", "click", "1"]);
    pause(600);
    xdotool(&["mousemove", "--window", wid, "95", "130", "click", "1"]);
    pause(600);
}

/// Edit ▸ Copy results, and the text it put on the clipboard: the menu is
/// clicked again (up to five times, 4 s apart) while the clipboard still
/// holds the marker set before, since on a loaded machine the menu may
/// open after the click meant for its entry (three tries were not enough
/// once, with benches running beside CI: run 43). Only where a stray click
/// on the canvas does nothing (an answered practice question, the 3D
/// canvas away from the shapes).
pub fn copy_results(wid: &str) -> String {
    const MARK: &str = "(no results copied yet)";
    set_clipboard(MARK);
    for _ in 0..5 {
        click_copy_results(wid);
        let deadline = Instant::now() + Duration::from_secs(4);
        while Instant::now() < deadline {
            let text = clipboard();
            if text != MARK && !text.is_empty() {
                return text;
            }
            pause(200);
        }
    }
    panic!("Edit ▸ Copy results put nothing on the clipboard in 5 tries");
}
