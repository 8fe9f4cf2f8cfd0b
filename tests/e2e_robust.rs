//! End-to-end: what a careless or hostile user does to the window must not
//! crash it or lose the work (issue: the attacks that got through). Ignored
//! in plain `cargo test`; `.ci/run` runs them under Xvfb, as root (the
//! full-disk test mounts a tiny tmpfs).

mod kit;
mod xapp;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use xapp::{fixture, need_display, pause, temp_dir, wait_title, window, xdotool, App};

fn satlab(args: &[&Path], cwd: &Path, env: &[(&str, &Path)]) -> App {
    let mut c = xapp::command();
    c.args(args).current_dir(cwd).stdout(Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    App(c.spawn().expect("start satlab"))
}

fn alive(child: &mut Child) -> bool {
    matches!(child.try_wait(), Ok(None))
}

/// Resident memory of `pid`, MB.
fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The highest resident memory seen over `secs` seconds.
fn peak_rss_mb(child: &mut Child, secs: u64) -> f64 {
    let pid = child.id();
    let end = Instant::now() + Duration::from_secs(secs);
    let mut peak: f64 = 0.0;
    while Instant::now() < end {
        assert!(alive(child), "satlab exited");
        peak = peak.max(rss_mb(pid));
        pause(200);
    }
    peak
}

fn wait_for(what: &str, secs: u64, mut ok: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(secs);
    while !ok() {
        assert!(Instant::now() < end, "{what} within {secs} s");
        pause(100);
    }
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn tiny_and_flat_windows_and_the_minkowski_pane_do_not_panic() {
    need_display();
    let dir = temp_dir("narrow");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("overlap.json"), &scene).expect("copy fixture");
    let mut app = satlab(&[&scene], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(600);
    // Panels shown: at 400×300 the canvas is a few pixels wide (it was a
    // `f32::clamp` panic with min > max in the grid's labels).
    for (w, h) in [("400", "300"), ("800", "60"), ("120", "40"), ("1", "1")] {
        xdotool(&["windowsize", &wid, w, h]);
        pause(500);
        assert!(alive(&mut app.0), "satlab died at {w}×{h}");
        // M opens the Minkowski pane on the narrow canvas.
        xdotool(&["key", "m"]);
        pause(400);
        assert!(alive(&mut app.0), "satlab died at {w}×{h} with the pane");
        xdotool(&["key", "m"]);
        pause(200);
    }
    xdotool(&["windowsize", &wid, "1280", "800"]);
    pause(500);
    assert!(alive(&mut app.0), "satlab died when restored");
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn far_from_the_origin_memory_stays_bounded() {
    need_display();
    let dir = temp_dir("far");
    // Two unit discs at x = 1e7 (the window grew to 5.5 GB in 6 s: the grid
    // walk stopped advancing) and a field ray from x = -1e10 (the dashes).
    for (name, panels) in [("far-discs.json", true), ("far-ray-field.json", false)] {
        let mut app = satlab(&[&fixture(name)], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
        let wid = window();
        xdotool(&["windowfocus", "--sync", &wid]);
        pause(300);
        if panels {
            // Zoom in all the way: the smallest grid step, far below f32's
            // spacing at 1e7.
            xdotool(&["mousemove", "--window", &wid, "500", "400"]);
            for _ in 0..40 {
                xdotool(&["click", "4"]);
            }
        }
        let peak = peak_rss_mb(&mut app.0, 6);
        println!("{name}: peak resident memory {peak:.0} MB over 6 s");
        assert!(peak < 600.0, "{name}: {peak:.0} MB");
        drop(app);
        pause(300);
    }
}

/// A 64 KiB tmpfs mounted at a folder; [`FullDisk::fill`] fills it, so
/// every write fails with "No space left on device". Unmounted when
/// dropped.
struct FullDisk(PathBuf);

impl FullDisk {
    fn mount(at: &Path) -> FullDisk {
        let st = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(at)
            .status()
            .expect("run mount");
        assert!(
            st.success(),
            "mount a tmpfs at {} (the test needs root)",
            at.display()
        );
        FullDisk(at.to_path_buf())
    }

    fn fill(&self) {
        let _ = std::fs::write(self.0.join("filler"), vec![7u8; 1 << 20]);
    }
}

impl Drop for FullDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
#[ignore = "needs an X display, xdotool and root (tmpfs); run by .ci/run under Xvfb"]
fn a_full_disk_loses_nothing() {
    need_display();
    let dir = temp_dir("full");
    let rec = dir.join("recovery");
    let full_dir = dir.join("full");
    std::fs::create_dir_all(&full_dir).expect("mount point");
    // The scene lives on a disk that is then filled up.
    let disk = FullDisk::mount(&full_dir);
    let scene = full_dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let before_text = std::fs::read(&scene).expect("read");
    let before = satlab::scene::load(&scene).expect("fixture loads");
    disk.fill();
    let mut app = satlab(&[&scene], &dir, &[("SATLAB_RECOVERY_DIR", &rec)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(500);
    // An edit (B selected and nudged right).
    xdotool(&["key", "Tab"]);
    pause(300);
    xdotool(&["mousemove", "--window", &wid, "790", "411"]);
    xdotool(&["click", "1"]);
    pause(200);
    xdotool(&["key", "Right", "Right", "Right"]);
    pause(300);
    // F12: the export dialog suggests scene.png beside the scene, on the
    // full disk; Enter accepts. The write fails, the window stays.
    xdotool(&["key", "F12"]);
    pause(800);
    xdotool(&["key", "Return"]);
    pause(800);
    assert!(alive(&mut app.0), "satlab died exporting to a full disk");
    // Ctrl+S onto the full disk fails too, and the file is left whole.
    xdotool(&["key", "ctrl+s"]);
    pause(800);
    assert!(alive(&mut app.0), "satlab died saving to a full disk");
    assert_eq!(
        std::fs::read(&scene).expect("the scene file"),
        before_text,
        "a failed save leaves the old file as it was"
    );
    let mut left: Vec<String> = std::fs::read_dir(&full_dir)
        .expect("list the full disk")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["filler", "scene.json"],
        "nothing half-written is left"
    );
    // The edits are not lost: the recovery copy holds them.
    wait_for("the recovery copy of the edit", 10, || {
        std::fs::read_dir(&rec).is_ok_and(|d| {
            d.flatten().any(|e| {
                e.path().extension().is_some_and(|x| x == "json")
                    && satlab::scene::load(&e.path()).is_ok_and(|s| s.b != before.b)
            })
        })
    });
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_panic_or_a_kill_does_not_lose_the_edits() {
    need_display();
    let dir = temp_dir("recover");
    let rec = dir.join("recovery");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let before = satlab::scene::load(&scene).expect("fixture loads");
    let fault = dir.join("panic-now");
    let copies = |rec: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(rec)
            .map(|d| {
                d.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "json"))
                    .collect()
            })
            .unwrap_or_default()
    };

    let mut app = satlab(
        &[&scene],
        &dir,
        &[
            ("SATLAB_RECOVERY_DIR", &rec),
            ("SATLAB_FAULT_PANIC_FILE", &fault),
        ],
    );
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(500);
    // Drag B (at about (790, 411) with the panels hidden) up and left.
    drag_b_with_panels_hidden(&wid, 60);
    // The drag has landed once the title marks unsaved changes (on a
    // loaded machine that can take longer than a fixed pause).
    wait_title(&wid, "the drag marks the scene edited", |t| t.contains('•'));
    pause(300);

    // A panic in a frame: caught, the window goes on, and the recovery
    // copy is written at once (before its usual quiet time).
    std::fs::write(&fault, b"").expect("arm the fault");
    wait_for("the injected panic", 5, || !fault.exists());
    // Written in the panicking frame; on a loaded machine the write (a
    // temporary file, a sync, a rename) took longer than the 300 ms this
    // waited before (CI under load, twice), so wait for it.
    wait_for("the recovery copy after the panic", 3, || {
        copies(&rec).len() == 1
    });
    assert!(alive(&mut app.0), "a panic in a frame closed the window");
    assert_eq!(copies(&rec).len(), 1, "the recovery copy after the panic");
    let edited = satlab::scene::load(&copies(&rec)[0]).expect("the copy loads");
    assert_ne!(edited.b, before.b, "the copy holds the drag");

    // Then kill -9: the copy stays, and the next start offers it.
    let _ = app.0.kill();
    let _ = app.0.wait();
    drop(app);
    assert_eq!(
        satlab::scene::load(&scene).expect("file"),
        before,
        "not saved"
    );
    let mut again = satlab(&[], &dir, &[("SATLAB_RECOVERY_DIR", &rec)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(800);
    // Enter accepts the offer; the scene comes back unsaved, belonging to
    // its file, so Ctrl+S writes it there.
    xdotool(&["key", "Return"]);
    pause(500);
    xdotool(&["key", "ctrl+s"]);
    wait_for("the recovered scene saved to its file", 10, || {
        satlab::scene::load(&scene).is_ok_and(|s| s.b == edited.b)
    });
    // Saved: no copy is left, and a clean quit leaves none either.
    wait_for("the old copy removed", 5, || copies(&rec).is_empty());
    xdotool(&["key", "ctrl+q"]);
    wait_for("a clean exit", 10, || !alive(&mut again.0));
    assert!(copies(&rec).is_empty(), "{:?}", copies(&rec));
}

/// Hides the panels (Tab), then drags B of `separated.json` (its centre
/// (3, 0) at about (790, 411)) up and left in three moves `step_ms` apart.
fn drag_b_with_panels_hidden(wid: &str, step_ms: u64) {
    xdotool(&["key", "Tab"]);
    pause(300);
    xdotool(&["mousemove", "--window", wid, "790", "411"]);
    pause(120);
    xdotool(&["mousedown", "1"]);
    for (x, y) in [(770, 400), (740, 380), (700, 360)] {
        xdotool(&["mousemove", "--window", wid, &x.to_string(), &y.to_string()]);
        pause(step_ms);
    }
    xdotool(&["mouseup", "1"]);
}

/// utime + stime of `pid`, clock ticks (1/100 s).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let n = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    n(11) + n(12)
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn an_idle_window_waits_for_input() {
    need_display();
    let dir = temp_dir("idle");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let before = satlab::scene::load(&scene).expect("fixture loads");
    let mut app = satlab(&[&scene], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(2000);
    let pid = app.0.id();
    let t0 = cpu_ticks(pid);
    // Ten seconds, ten heartbeat frames: on llvmpipe one frame is 20–30 ms
    // of CPU, so five seconds counted in 10 ms ticks read 10–15 for the same
    // 2–3 % (CI run 8 failed at 15 of a limit of 15).
    pause(10_000);
    let idle = cpu_ticks(pid) - t0;
    println!(
        "idle: {idle} ticks of CPU in 10 s ({:.1} % of a core)",
        idle as f64 / 10.0
    );
    // Under 6 % of a core (60 ticks in 10 s). Idle measures 26–33 ticks
    // here (CI run 25 failed at 33 of an old limit of 30, with a build
    // beside it): the limit tells waiting from redrawing, not one frame's
    // cost. A window that redrew continuously, even at 10 fps, would take
    // 25 % or more; a spinning loop 100 %.
    assert!(idle < 60, "{idle} ticks in 10 idle seconds");
    // Input still draws at once: a quick drag of B (panels hidden; B's
    // centre (3, 0) at about (790, 411)) lands, and Ctrl+S saves it.
    drag_b_with_panels_hidden(&wid, 40);
    pause(200);
    xdotool(&["key", "ctrl+s"]);
    wait_for("the dragged scene saved", 5, || {
        satlab::scene::load(&scene).is_ok_and(|s| s.b != before.b)
    });
    assert!(alive(&mut app.0));
}

/// Each file dialog (Save As, export picture, Open) idles like the window:
/// under 3 % of a core over 5 s. The heartbeat frames under a dialog cost
/// twice a plain one, and Save As's focused name field made each knock
/// three frames: 4.6 % to 6 % of a core before the heartbeat went quiet
/// under modal dialogs. Closing the dialog brings the window back.
#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn an_idle_dialog_waits_for_input() {
    need_display();
    let dir = temp_dir("idle-dialog");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let before = satlab::scene::load(&scene).expect("fixture loads");
    let mut app = satlab(&[&scene], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(1500);
    let pid = app.0.id();
    for key in ["ctrl+shift+s", "F12", "ctrl+o"] {
        xdotool(&["key", key]);
        pause(2000);
        let t0 = cpu_ticks(pid);
        pause(5000);
        let idle = cpu_ticks(pid) - t0;
        println!(
            "{key} dialog idle: {idle} ticks of CPU in 5 s ({:.1} % of a core)",
            idle as f64 / 5.0
        );
        assert!(idle < 15, "{key}: {idle} ticks in 5 idle seconds");
        xdotool(&["key", "Escape"]);
        pause(500);
    }
    // The dialogs are closed: a drag lands and Ctrl+S saves it.
    drag_b_with_panels_hidden(&wid, 40);
    pause(200);
    xdotool(&["key", "ctrl+s"]);
    wait_for("the dragged scene saved", 5, || {
        satlab::scene::load(&scene).is_ok_and(|s| s.b != before.b)
    });
    assert!(alive(&mut app.0));
}

/// The peak resident memory of `pid` so far (VmHWM), MB.
fn peak_hwm_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Pixels in the top bar right of the title that are clearly red (an
/// error message).
fn red_in_top_bar(dir: &Path, name: &str) -> usize {
    let img = xapp::pixels(&xapp::screenshot(dir, name));
    let mut n = 0;
    for y in 2..20 {
        for x in 420..1270 {
            let [r, g, b] = xapp::at(&img, x, y);
            n += usize::from(r > 170 && g < 110 && b < 110);
        }
    }
    n
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_field_with_30_mb_of_layer_names_opens() {
    need_display();
    let dir = temp_dir("long-layers");
    let path = dir.join("layers.json");
    // Eight layers of 3.75 M characters each (30 MB), shapes on all of
    // them, a ray through them (its hit table names each hit's layer).
    let names: Vec<String> = (0..8)
        .map(|k| format!("{k}{}", "n".repeat(30_000_000 / 8)))
        .collect();
    let shapes: Vec<String> = (0..8)
        .map(|k| {
            let layer = serde_json::to_string(&names[k]).expect("a string");
            format!(
                r#"{{"kind": "circle", "position": [{}, 0], "radius": 0.5, "layer": {layer}}}"#,
                2 * k
            )
        })
        .collect();
    let text = format!(
        r#"{{"version": 2, "layers": {}, "shapes": [{}], "ray": {{"kind": "ray", "position": [-2, 0]}}}}"#,
        serde_json::to_string(&names).expect("names"),
        shapes.join(", ")
    );
    std::fs::write(&path, text).expect("write the field");
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    assert!(size > 30_000_000, "{size} bytes");
    satlab::scene::load_any(&path).expect("the field is valid");
    let mut app = satlab(&[&path], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    // Frames for a while: hover the panels and the canvas.
    for (x, y) in [(100, 300), (1100, 300), (640, 400), (1200, 600)] {
        xdotool(&[
            "mousemove",
            "--window",
            &wid,
            &x.to_string(),
            &y.to_string(),
        ]);
        pause(500);
    }
    pause(2000);
    assert!(alive(&mut app.0), "the window died");
    let shot = xapp::screenshot(&dir, "long-layers.png");
    assert!(shot.exists());
    let peak = peak_hwm_mb(app.0.id());
    println!("30 MB of layer names: peak resident memory {peak:.0} MB");
    assert!(peak < 700.0, "{peak:.0} MB");
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_reload_error_quoting_32_mb_is_shown_cut() {
    need_display();
    let dir = temp_dir("huge-error");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let mut app = satlab(&[&scene], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(1500);
    assert_eq!(red_in_top_bar(&dir, "before.png"), 0, "no error at first");
    // A misspelt kind of 32 MB: the loader's message quoted all of it.
    let kind = format!("circ{}", "l".repeat(32 << 20));
    let text = format!(
        r#"{{"version": 1, "a": {{"kind": "{kind}", "position": [0, 0], "radius": 1}},
            "b": {{"kind": "circle", "position": [3, 0], "radius": 1}}}}"#
    );
    std::fs::write(&scene, text).expect("break the file");
    pause(3500);
    assert!(alive(&mut app.0), "the window died");
    let red = red_in_top_bar(&dir, "broken.png");
    assert!(
        red > 20,
        "the reload error is shown in the top bar ({red} red pixels)"
    );
    let peak = peak_hwm_mb(app.0.id());
    println!("32 MB error: {red} red pixels, peak resident memory {peak:.0} MB");
    assert!(peak < 600.0, "{peak:.0} MB");
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_resize_storm_beside_the_heartbeat_does_not_panic() {
    need_display();
    let dir = temp_dir("resize-storm");
    let scene = dir.join("scene.json");
    std::fs::copy(fixture("separated.json"), &scene).expect("copy fixture");
    let mut app = satlab(&[&scene], &dir, &[("SATLAB_RECOVERY_DIR", &dir)]);
    let wid = window();
    pause(1000);
    // Resizes back to back for 20 s: each one is events the main thread
    // handles while the 1 s heartbeat keeps knocking.
    let end = Instant::now() + Duration::from_secs(20);
    let mut k = 0u32;
    while Instant::now() < end {
        let (w, h) = (400 + (k * 37) % 880, 300 + (k * 53) % 500);
        let _ = Command::new("xdotool")
            .args(["windowsize", &wid, &w.to_string(), &h.to_string()])
            .status();
        k += 1;
        assert!(alive(&mut app.0), "the window died after {k} resizes");
    }
    println!("{k} resizes in 20 s");
    xdotool(&["windowsize", &wid, "1280", "800"]);
    pause(1500);
    assert!(alive(&mut app.0), "the window died");
    // The heartbeat still draws frames: the hot reload notices a change.
    let mut sc = satlab::scene::load(&scene).expect("fixture loads");
    sc.name = "changed on disk".into();
    satlab::scene::save(&scene, &sc).expect("save");
    pause(2500);
    assert!(alive(&mut app.0), "the window died");
}
