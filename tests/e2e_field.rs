//! End-to-end: field mode in the real window under X. Ignored in plain
//! `cargo test`; run with
//! `cargo test --test e2e_field -- --ignored --test-threads=1` under Xvfb
//! (1280×800, no window manager), with `xdotool` on the PATH.

mod kit;
mod xapp;

use satlab::scene::{load_any, run_field, AnyScene, FieldScene};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use xapp::{menu_pick, need_display, pause, temp_dir, title, wait_title, window, xdotool, App};

fn load_field(p: &Path) -> Option<FieldScene> {
    match load_any(p) {
        Ok(AnyScene::Field(f)) => Some(f),
        _ => None,
    }
}

/// Presses the left button at window pixel `from`, moves to `to` in steps
/// and lets go.
fn drag(wid: &str, from: (i32, i32), to: (i32, i32)) {
    xapp::drag_with(wid, "1", from, to);
}

/// A copy of `scenes/07-broad-phase/01-ray-through-a-row-of-boxes.json` in a
/// fresh folder, opened in field mode: the copy, the scene as loaded, the
/// running app and its window, once the title names the file.
fn open_row(tag: &str) -> (PathBuf, FieldScene, App, String) {
    open_copy(tag, "01-ray-through-a-row-of-boxes.json", "row.json")
}

/// [`open_row`] for `scenes/07-broad-phase/<scene>`, copied as `name`.
fn open_copy(tag: &str, scene: &str, name: &str) -> (PathBuf, FieldScene, App, String) {
    need_display();
    let file = temp_dir(tag).join(name);
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/07-broad-phase")
        .join(scene);
    std::fs::copy(&src, &file).expect("copy the scene");
    let before = load_field(&file).expect("the field scene loads");
    let app = App(xapp::command()
        .arg(&file)
        .env("SATLAB_MSAA", "0")
        .env("SATLAB_LANG", "en")
        .stdout(Stdio::null())
        .spawn()
        .expect("start satlab"));
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(700);
    wait_title(&wid, "field mode names the file", |t| {
        t.contains("field") && t.contains(name) && !t.ends_with('•')
    });
    (file, before, app, wid)
}

/// Presses `keys`, then Ctrl+S, waits until `file` is written and loads it.
fn press_then_save(file: &Path, keys: &[&str]) -> FieldScene {
    let saved_at = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let stamp = saved_at(file);
    pause(1100); // whole-second file times on some file systems
    for k in keys {
        xdotool(&["key", k]);
        pause(300);
    }
    xdotool(&["key", "ctrl+s"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while saved_at(file) == stamp {
        assert!(
            Instant::now() < deadline,
            "Ctrl+S after {keys:?} did not save within 10 s"
        );
        pause(100);
    }
    pause(200);
    load_field(file).expect("the saved field loads")
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn drag_a_box_onto_the_ray_undo_redo_then_save() {
    let (file, before, _app, wid) = open_row("field");
    let hits_before: Vec<usize> = before
        .expect
        .as_ref()
        .and_then(|e| e.hits.as_ref())
        .map(|h| h.iter().map(|h| h.shape).collect())
        .unwrap_or_default();
    assert_eq!(hits_before, vec![1, 4, 0, 3]);

    // The scene's view: centre (6, 0), 50 px per unit, on a canvas left of
    // the field panel (about 1050 px wide), so world (x, y) is at pixel
    // (525 + 50 (x - 6), 400 - 50 y). Shape 2, the box at (4.5, 2), is
    // dragged 2 units down onto the ray.
    drag(&wid, (450, 300), (450, 400));
    wait_title(&wid, "the drag marks the field edited", |t| {
        t.ends_with('•')
    });

    // Undo puts the box back (saved and checked), redo moves it again:
    // the whole drag is one step.
    let undone = press_then_save(&file, &["ctrl+z"]);
    assert_eq!(undone.shapes, before.shapes, "undo must restore the box");
    xdotool(&["key", "ctrl+y"]);
    pause(300);
    wait_title(&wid, "redo marks the field edited", |t| t.ends_with('•'));
    let after = press_then_save(&file, &[]);
    wait_title(&wid, "Ctrl+S clears the edited mark", |t| !t.ends_with('•'));

    // Only shape 2 moved, by (0, -2) give or take a pixel.
    assert_eq!(after.shapes.len(), before.shapes.len());
    for (i, (a, b)) in before.shapes.iter().zip(&after.shapes).enumerate() {
        if i != 2 {
            assert_eq!(a, b, "shape {i} must not move");
        }
    }
    let moved = after.shapes[2].pose().position() - before.shapes[2].pose().position();
    assert!(
        moved.x.abs() < 0.05 && (moved.y + 2.0).abs() < 0.05,
        "shape 2 should have moved 2 units down, moved by {moved}"
    );
    assert_eq!(after.ray, before.ray, "the ray must not move");

    // The saved expectations: the box now sits on the ray between shapes 1
    // and 4; the ray enters it at its left side, x = 4.5 - 0.5 = 4.
    let exp = after.expect.as_ref().expect("the save fills `expect`");
    let hits: Vec<(usize, f32)> = exp
        .hits
        .as_ref()
        .expect("expected hits")
        .iter()
        .map(|h| (h.shape, h.t.unwrap_or(f32::NAN)))
        .collect();
    let order: Vec<usize> = hits.iter().map(|h| h.0).collect();
    assert_eq!(order, vec![1, 2, 4, 0, 3]);
    let t2 = hits[1].1;
    assert!((t2 - (4.0 + moved.x)).abs() < 1e-3, "t of shape 2: {t2}");
    let first = exp
        .first_hit
        .expect("first hit saved")
        .expect("a first hit");
    assert_eq!(first.shape, 1);
    // The library agrees with what the window saved, counters included.
    let run = run_field(&after);
    let (lib_hits, stats) = run.hits.expect("the scene has a ray");
    let lib_order: Vec<usize> = lib_hits.iter().map(|h| h.index).collect();
    assert_eq!(lib_order, order);
    assert_eq!(stats.hits, 5);
    assert!(stats.candidates >= stats.hits && stats.nodes_visited >= 1);
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn an_untitled_field_asks_where_to_save_and_the_title_follows() {
    need_display();
    let dir = temp_dir("field-save-as");
    // Started without a file in `dir`: the pair playground, then F2 opens
    // the starter field, untitled.
    let _app = App(xapp::command()
        .current_dir(&dir)
        .env("SATLAB_MSAA", "0")
        .env("SATLAB_LANG", "en")
        .stdout(Stdio::null())
        .spawn()
        .expect("start satlab"));
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(700);
    xdotool(&["key", "F2"]);
    wait_title(&wid, "F2 shows the untitled field", |t| {
        t.contains("untitled field")
    });
    // Ctrl+S on an untitled field opens the in-window dialog in the working
    // folder with the name `field.json` filled in; Enter saves there.
    xdotool(&["key", "ctrl+s"]);
    pause(800);
    assert!(
        std::fs::read_dir(&dir).expect("temp dir").next().is_none(),
        "nothing may be written before the dialog is answered"
    );
    xdotool(&["key", "Return"]);
    let file = dir.join("field.json");
    let deadline = Instant::now() + Duration::from_secs(10);
    let saved = loop {
        if let Some(s) = load_field(&file) {
            break s;
        }
        assert!(
            Instant::now() < deadline,
            "field.json was not saved within 10 s"
        );
        pause(100);
    };
    assert!(!saved.shapes.is_empty() && saved.ray.is_some());
    wait_title(&wid, "the title names the new file", |t| {
        t.contains("field.json") && !t.ends_with('•')
    });
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn tab_then_space_neither_leaves_field_mode_nor_blocks_its_keys() {
    let (file, before, _app, wid) = open_row("field-tab");
    // Move shape 2 (as in the test above), so there is a step to undo.
    drag(&wid, (450, 300), (450, 400));
    wait_title(&wid, "the drag marks the field edited", |t| {
        t.ends_with('•')
    });
    // Tab moves egui's focus to the panel's first button ("Pair playground
    // (F2)"); Space must not click it, and the focus must not hold back
    // the field's own keys: Ctrl+Z still undoes the drag.
    xdotool(&["key", "Tab"]);
    pause(300);
    xdotool(&["key", "space"]);
    pause(500);
    let t = title(&wid);
    assert!(
        t.contains("field") && t.contains("row.json"),
        "Tab then Space left field mode: title {t:?}"
    );
    let saved = press_then_save(&file, &["ctrl+z"]);
    assert_eq!(
        saved.shapes, before.shapes,
        "Ctrl+Z after Tab must undo the drag"
    );
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn the_layers_panel_edits_the_matrix_and_the_saved_pairs_follow() {
    let (file, before, _app, wid) =
        open_copy("field-layers", "12-layer-matrix-pairs.json", "matrix.json");
    let pairs_before = run_field(&before).pairs.expect("pairs").0.pairs;
    // The Layers panel's collision matrix: row "1 Character", column 0
    // (Default) is the checkbox at (1156, 568) in the 230-point panel.
    xdotool(&["mousemove", "--window", &wid, "1156", "568", "click", "1"]);
    wait_title(&wid, "the matrix edit marks the field edited", |t| {
        t.ends_with('•')
    });
    let after = press_then_save(&file, &[]);
    let m = |s: &FieldScene| s.layers.matrix();
    let (d, c) = (
        satlab::broad::Layer::new(0).expect("layer 0"),
        satlab::broad::Layer::new(1).expect("layer 1"),
    );
    assert!(
        m(&before).collides(d, c),
        "the scene starts with Default–Character"
    );
    assert!(
        !m(&after).collides(d, c),
        "the click turned Default–Character off"
    );
    let pairs_after = run_field(&after).pairs.expect("pairs").0.pairs;
    assert!(pairs_after.len() < pairs_before.len(), "{pairs_after:?}");
    // The saved expectations are what the window found.
    let saved: Vec<(usize, usize)> = after
        .expect
        .as_ref()
        .and_then(|e| e.pairs.as_ref())
        .expect("the save fills expect.pairs")
        .iter()
        .map(|p| (p.a, p.b))
        .collect();
    let found: Vec<(usize, usize)> = pairs_after.iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(saved, found);
    assert_eq!(after.shapes, before.shapes);
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn field_mode_has_the_menu_bar_language_and_mode_switch() {
    let (_file, _before, _app, wid) = open_row("field-menus");
    // Language / 语言 in the menu bar, then 简体中文: field mode's title
    // follows at once.
    let language = (158, 11);
    menu_pick(
        &wid,
        "the language menu works in field mode",
        language,
        (140, 77),
        |t| t.contains("场") && t.contains("row.json"),
    );
    menu_pick(&wid, "and back to English", language, (140, 56), |t| {
        t.contains("field")
    });
    // View → Pair playground shows the pair playground; F2 comes back.
    menu_pick(
        &wid,
        "View → Pair playground",
        (88, 11),
        (105, 244),
        |t| t == "satlab — untitled",
    );
    xdotool(&["key", "F2"]);
    wait_title(&wid, "F2 back to the field", |t| t.contains("row.json"));
}

/// The largest resident size (kB) process `pid` has had.
fn peak_rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status")
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_pile_of_coincident_discs_opens_in_bounded_memory() {
    need_display();
    // 1,500 discs on one spot, on two layers: 1,124,250 pairs. The window
    // once kept every pair and drew every disc smooth (1,000 took 780 MB).
    let dir = temp_dir("field-pile");
    let file = dir.join("pile.json");
    let shapes: Vec<String> = (0..1500)
        .map(|i| {
            let layer = if i % 2 == 0 { "Default" } else { "Other" };
            format!(r#"{{"kind": "circle", "position": [0, 0], "radius": 1, "layer": "{layer}"}}"#)
        })
        .collect();
    let text = format!(
        r#"{{"version": 2, "name": "pile", "layers": ["Default", "Other"], "shapes": [{}]}}"#,
        shapes.join(",")
    );
    std::fs::write(&file, text).expect("write the pile");
    let app = App(xapp::command()
        .arg(&file)
        .env("SATLAB_MSAA", "0")
        .env("SATLAB_LANG", "en")
        .env("SATLAB_RECOVERY_DIR", &dir)
        .stdout(Stdio::null())
        .spawn()
        .expect("start satlab"));
    let wid = window();
    wait_title(&wid, "field mode names the pile", |t| {
        t.contains("pile.json")
    });
    pause(3000);
    let kb = peak_rss_kb(app.0.id());
    assert!(title(&wid).contains("pile.json"), "the window is still up");
    assert!(kb < 400 * 1024, "peak resident size {kb} kB");
}

#[test]
#[ignore = "needs an X display, xdotool and xclip; run by .ci/run under Xvfb"]
fn a_copied_field_scene_pastes_back_the_same() {
    let (file, before, _app, wid) = open_row("roundtrip-field");
    // What field mode's Ctrl+Shift+C copies is the field shown.
    let field = |s: AnyScene| match s {
        AnyScene::Field(f) => Some((f.shapes, f.ray, f.query, f.layers.names)),
        _ => None,
    };
    let is_field = |s: &AnyScene| matches!(s, AnyScene::Field(_));
    let (saved, copied) = xapp::copy_paste_save(&wid, &file, "pasted back", is_field, field);
    assert_eq!(saved, copied, "the pasted copy is the field copied");
    assert_eq!(copied.0, before.shapes, "the copy is the field shown");
    xdotool(&["key", "ctrl+shift+c"]);
    pause(300);
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn field_mode_reloads_its_file_when_it_changes_on_disk() {
    let (file, before, _app, wid) = open_row("reload-field");
    let dir = file.parent().expect("a folder").to_path_buf();
    let shot = |name: &str| xapp::pixels(&xapp::screenshot(&dir, name));
    pause(500);
    let start = shot("start.png");
    // Another program moves every box 2 units up.
    let mut moved = before.clone();
    for s in &mut moved.shapes {
        s.set_position(s.pose().position() + glam::Vec2::new(0.0, 2.0));
    }
    satlab::scene::save_field(&file, &moved).expect("write the file");
    let deadline = Instant::now() + Duration::from_secs(8);
    loop {
        pause(400);
        if shot("reloaded.png").0 != start.0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the window did not show the change"
        );
    }
    assert!(!title(&wid).ends_with('•'), "a reload is not an edit");
    // What the window holds now is the file's new field: saving writes it.
    xdotool(&["key", "ctrl+s"]);
    pause(1000);
    let saved = load_field(&file).expect("the saved field loads");
    assert_eq!(
        saved.shapes, moved.shapes,
        "the document is the reloaded file"
    );
}
