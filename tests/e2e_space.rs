//! End-to-end: the 3D mode in the real window under X. Ignored in plain
//! `cargo test`; run with
//! `cargo test --test e2e_space -- --ignored --test-threads=1` under Xvfb
//! (1280×800, no window manager), with `xdotool` and ImageMagick.

mod kit;
mod xapp;

use satlab::geom3d::intersects;
use satlab::scene::{load_any, AnyScene, Scene3};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use xapp::{
    at, drag_with, near, need_display, pause, pixels, screenshot, temp_dir, title, wait_title,
    window, xdotool, App,
};

fn load3(p: &Path) -> Option<Scene3> {
    match load_any(p) {
        Ok(AnyScene::Space(s)) => Some(*s),
        _ => None,
    }
}

/// satlab on `what` (a file or folder) in `dir`, English, no multisampling.
fn launch(what: &Path, dir: &Path) -> App {
    App(xapp::command()
        .arg(what)
        .current_dir(dir)
        .env("SATLAB_MSAA", "0")
        .env("SATLAB_LANG", "en")
        .stdout(Stdio::null())
        .spawn()
        .expect("start satlab"))
}

/// The canvas (left of the panel) of a screenshot, as raw bytes.
fn canvas_bytes(img: &(Vec<u8>, usize)) -> Vec<u8> {
    let w = img.1;
    img.0
        .chunks(w * 3)
        .skip(30)
        .take(700)
        .flat_map(|row| row[..800 * 3].to_vec())
        .collect()
}

/// Whether the badge (its coloured bar at the canvas' top left) is reddish
/// (overlapping) rather than greenish (separated).
fn badge_is_red(img: &(Vec<u8>, usize)) -> bool {
    let c = at(img, 16, 47);
    c[0] > c[1] + 40
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn open_a_3d_scene_orbit_drag_b_onto_a_and_save() {
    need_display();
    let dir = temp_dir("space");
    let file: PathBuf = dir.join("edge.json");
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/08-3d/01-boxes-edge-cross-edge-only.json");
    std::fs::copy(&src, &file).expect("copy the scene");
    let before = load3(&file).expect("the 3D scene loads");
    assert!(!intersects(&before.a.shape, &before.b.shape));
    let _app = launch(&file, &dir);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(700);
    wait_title(&wid, "the 3D mode names the file", |t| {
        t.contains("3D") && t.contains("edge.json") && !t.ends_with('•')
    });
    pause(500);
    let start = pixels(&screenshot(&dir, "start.png"));
    assert!(!badge_is_red(&start), "the scene starts separated");

    // Orbit with the right button: the picture changes, the document does not.
    drag_with(&wid, "3", (300, 650), (380, 600));
    let orbited = pixels(&screenshot(&dir, "orbited.png"));
    assert!(
        canvas_bytes(&start) != canvas_bytes(&orbited),
        "orbit must turn the view"
    );
    assert!(!title(&wid).ends_with('•'), "orbiting is not an edit");
    // Back to the isometric view the scene opened in (target and distance
    // were not changed by the orbit).
    xdotool(&["key", "0"]);
    pause(400);

    // B (right of A on screen) is dragged left onto A, in the plane facing
    // the camera.
    drag_with(&wid, "1", (600, 360), (450, 360));
    wait_title(&wid, "the drag marks the scene edited", |t| {
        t.ends_with('•')
    });
    let dragged = pixels(&screenshot(&dir, "dragged.png"));
    assert!(badge_is_red(&dragged), "the badge must say overlapping");

    let stamp = std::fs::metadata(&file).and_then(|m| m.modified()).ok();
    pause(1100);
    xdotool(&["key", "ctrl+s"]);
    wait_title(&wid, "Ctrl+S clears the edited mark", |t| !t.ends_with('•'));
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::fs::metadata(&file).and_then(|m| m.modified()).ok() == stamp {
        assert!(Instant::now() < deadline, "Ctrl+S did not save");
        pause(100);
    }
    let after = load3(&file).expect("the saved 3D scene loads");
    assert_eq!(after.a, before.a, "A must not move");
    assert_eq!(
        after.b.rotation, before.b.rotation,
        "B keeps its rotation as written"
    );
    let moved = after.b.shape.pose().position() - before.b.shape.pose().position();
    // Seen from the isometric direction (1, -1, 1), screen left is -(1, 1, 0)/√2.
    assert!(moved.z.abs() < 1e-3, "moved off the facing plane: {moved}");
    assert!(
        (moved.x - moved.y).abs() < 1e-3 && moved.x < -0.5,
        "moved {moved}"
    );
    assert!(
        intersects(&after.a.shape, &after.b.shape),
        "B now overlaps A"
    );
}

/// `satlab render` of the 3D scene `scene` (under scenes/08-3d/) at 640×400
/// with `extra` arguments, as raw pixels.
fn render3(scene: &str, out: &Path, extra: &[&str]) -> (Vec<u8>, usize) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/08-3d")
        .join(scene);
    let status = xapp::command()
        .arg("render")
        .arg(&src)
        .arg("-o")
        .arg(out)
        .args(["--size", "640x400"])
        .args(extra)
        .env("SATLAB_LANG", "en")
        .stdout(Stdio::null())
        .status()
        .expect("run satlab render");
    assert!(status.success(), "satlab render {scene} {extra:?} failed");
    let img = pixels(out);
    assert_eq!(img.0.len(), 640 * 400 * 3, "a 640x400 image");
    img
}

/// How many pixels of `img` inside `x0..x1` × `y0..y1` are within `tol` of `rgb`.
fn count_near(
    img: &(Vec<u8>, usize),
    (x0, x1): (usize, usize),
    (y0, y1): (usize, usize),
    rgb: u32,
    tol: i32,
) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| near(at(img, x, y), rgb, tol))
        .count()
}

#[test]
#[ignore = "needs an X display and ImageMagick; run by .ci/run under Xvfb"]
fn render_three_3d_scenes() {
    need_display();
    let dir = temp_dir("render3d");
    // Two boxes separated only by an edge × edge axis, dark theme, the
    // isometric view: A (blue wires) left of B (orange wires), the badge
    // green, most of the picture background.
    let iso = render3(
        "01-boxes-edge-cross-edge-only.json",
        &dir.join("boxes.png"),
        &["--camera", "iso"],
    );
    let (blue, orange) = (0x4ea1ff, 0xffa24c);
    let left_a = count_near(&iso, (0, 320), (0, 400), blue, 40);
    let right_a = count_near(&iso, (320, 640), (0, 400), blue, 40);
    let left_b = count_near(&iso, (0, 320), (0, 400), orange, 40);
    let right_b = count_near(&iso, (320, 640), (0, 400), orange, 40);
    assert!(
        left_a > 300 && left_a > 4 * right_a,
        "A: {left_a} / {right_a}"
    );
    assert!(
        right_b > 300 && right_b > 4 * left_b,
        "B: {left_b} / {right_b}"
    );
    assert!(near(at(&iso, 14, 27), 0x3ddc97, 40), "badge says separated");
    let bg = count_near(&iso, (0, 640), (0, 400), 0x181b21, 12);
    assert!(bg > 640 * 400 / 3, "dark background: {bg} pixels");
    // Another camera preset turns the picture.
    let side = render3(
        "01-boxes-edge-cross-edge-only.json",
        &dir.join("boxes-x.png"),
        &["--camera", "+x"],
    );
    assert!(iso.0 != side.0, "--camera +x must turn the view");

    // Sphere in an AABB's corner region, overlapping, light theme, at the
    // third axis of the walk: the badge is red, the caption's plate has
    // the violet bar at its left edge along the bottom.
    let sph = render3(
        "04-sphere-aabb-corner-overlap.json",
        &dir.join("sphere.png"),
        &["--light", "--step", "3"],
    );
    assert!(
        near(at(&sph, 14, 27), 0xd12a3c, 40),
        "badge says overlapping"
    );
    let bg = count_near(&sph, (0, 640), (0, 400), 0xf7f8fa, 12);
    assert!(bg > 640 * 400 / 3, "light background: {bg} pixels");
    assert!(
        count_near(&sph, (0, 640), (0, 400), 0x1f6fd6, 50) > 200,
        "A in light blue"
    );
    assert!(
        count_near(&sph, (0, 640), (0, 400), 0xd9620b, 50) > 200,
        "B in light orange"
    );
    let bar = |img| count_near(img, (0, 60), (300, 400), 0x8a2be2, 60);
    assert!(bar(&sph) > 40, "--step 3: caption bar {} px", bar(&sph));
    let plain = render3(
        "04-sphere-aabb-corner-overlap.json",
        &dir.join("sphere-plain.png"),
        &["--light"],
    );
    assert!(bar(&plain) < 10, "no step, no caption: {} px", bar(&plain));

    // Crossing capsules seen from above (looking along -z), overlapping.
    let caps = render3(
        "13-capsules-crossing-overlap.json",
        &dir.join("capsules.png"),
        &["--camera", "-z"],
    );
    assert!(
        near(at(&caps, 14, 27), 0xff5c6c, 40),
        "badge says overlapping"
    );
    assert!(
        count_near(&caps, (0, 640), (0, 400), blue, 40) > 200,
        "A drawn"
    );
    assert!(
        count_near(&caps, (0, 640), (0, 400), orange, 40) > 200,
        "B drawn"
    );
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_mixed_lesson_goes_into_the_3d_mode_and_back() {
    need_display();
    let dir = temp_dir("mixed-lesson");
    let lesson = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/lessons/sat-2d-to-3d");
    let _app = launch(&lesson, &dir);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    wait_title(&wid, "the lesson starts at its 2D scene", |t| {
        t.contains("01-boxes-in-the-plane") && !t.contains("3D")
    });
    // (key, what it shows, the file, in the 3D mode)
    let steps = [
        ("Next", "02 opens in the 3D mode", "02-boxes-in-space", true),
        (
            "Next",
            "PageDown in the 3D mode goes on",
            "03-edge-cross-edge",
            true,
        ),
        (
            "Next",
            "the 2D scene after it, in the pair mode",
            "04-back-to-the-plane",
            false,
        ),
        (
            "Prior",
            "PageUp returns to the 3D mode",
            "03-edge-cross-edge",
            true,
        ),
        (
            "Prior",
            "and back through the lesson",
            "02-boxes-in-space",
            true,
        ),
    ];
    pause(500);
    let first = pixels(&screenshot(&dir, "lesson-0.png"));
    assert!(
        card_strip(&first),
        "the lesson card on the first, 2D, slide"
    );
    for (n, (key, what, file, space)) in steps.into_iter().enumerate() {
        xdotool(&["key", "--window", &wid, key]);
        wait_title(&wid, what, |t| {
            t.contains(file) && t.contains("3D") == space
        });
        pause(500);
        // Issue 28, item 20: a 3D slide keeps the lesson card too.
        let shot = pixels(&screenshot(&dir, &format!("lesson-{}.png", n + 1)));
        assert!(card_strip(&shot), "the lesson card after {key}: {what}");
    }
}

/// Whether the lesson card is on the canvas: its top edge is a strip in
/// the decisive colour (#c77dff, dark theme) across the whole canvas,
/// which no axis line draws.
fn card_strip(img: &(Vec<u8>, usize)) -> bool {
    let rows = img.0.len() / (img.1 * 3);
    (0..rows).any(|y| {
        let on = (10..700)
            .filter(|&x| near(at(img, x, y), 0xc77dff, 30))
            .count();
        on > 600
    })
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn the_x_arrow_moves_b_along_x_only_and_v_looks_along_the_axis() {
    need_display();
    let dir = temp_dir("gizmo");
    let file: PathBuf = dir.join("edge.json");
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/08-3d/01-boxes-edge-cross-edge-only.json");
    std::fs::copy(&src, &file).expect("copy the scene");
    let before = load3(&file).expect("the 3D scene loads");
    let _app = launch(&file, &dir);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    wait_title(&wid, "the 3D mode names the file", |t| {
        t.contains("edge.json")
    });
    pause(500);
    // A click on B selects it: its gizmo appears, the x arrow in lime
    // (#c6e03a, the dark palette's gizmo x: not the MTV's red), which
    // nothing else shows (its ring is fainter).
    let b_at = (600, 360);
    xdotool(&["mousemove", "--window", &wid, "600", "360"]);
    xdotool(&["click", "1"]);
    // On a loaded machine the frame that draws the gizmo may come late:
    // look again for up to 10 s.
    let lime = |shot: &(Vec<u8>, usize)| -> Vec<(usize, usize)> {
        (60..780)
            .flat_map(|y| (0..760).map(move |x| (x, y)))
            .filter(|&(x, y)| near(at(shot, x, y), 0xc6e03a, 40))
            .collect()
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    let red = loop {
        pause(300);
        let red = lime(&pixels(&screenshot(&dir, "selected.png")));
        if red.len() > 30 || Instant::now() > deadline {
            break red;
        }
    };
    assert!(
        red.len() > 30,
        "the x arrow shows: {} lime pixels",
        red.len()
    );
    pause(300);
    // In the isometric view world +x points to the lower right: the lime
    // pixel farthest that way is the x arrow's tip (the x ring, also lime,
    // stays closer to B's centre). Press there and drag further out.
    let grab = *red.iter().max_by_key(|p| p.0 + p.1).unwrap();
    let (gx, gy) = (grab.0 as i32, grab.1 as i32);
    let to = (gx + (gx - b_at.0) * 2, gy + (gy - b_at.1) * 2);
    drag_with(&wid, "1", (gx, gy), to);
    wait_title(&wid, "the arrow drag marks the scene edited", |t| {
        t.ends_with('•')
    });
    // V turns the camera to look along the decisive axis: the picture changes.
    let dragged = pixels(&screenshot(&dir, "dragged.png"));
    xdotool(&["key", "--window", &wid, "v"]);
    pause(500);
    let along = pixels(&screenshot(&dir, "along.png"));
    assert!(
        canvas_bytes(&dragged) != canvas_bytes(&along),
        "V must turn the view"
    );
    assert!(
        title(&wid).ends_with('•'),
        "looking is not an edit, the drag stays"
    );
    let stamp = std::fs::metadata(&file).and_then(|m| m.modified()).ok();
    pause(1100);
    xdotool(&["key", "ctrl+s"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::fs::metadata(&file).and_then(|m| m.modified()).ok() == stamp {
        assert!(Instant::now() < deadline, "Ctrl+S did not save");
        pause(100);
    }
    let after = load3(&file).expect("the saved 3D scene loads");
    let moved = after.b.shape.pose().position() - before.b.shape.pose().position();
    assert!(moved.x > 0.2, "B moved out along +x: {moved}");
    assert!(
        moved.y.abs() < 1e-4 && moved.z.abs() < 1e-4,
        "B moved along x only: {moved}"
    );
    assert_eq!(after.a, before.a, "A did not move");
}

/// A copy of `scenes/08-3d/<scene>` as `dir/name`, open in the 3D mode.
fn open3(dir: &Path, scene: &str, name: &str) -> (PathBuf, App, String) {
    let file: PathBuf = dir.join(name);
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/08-3d")
        .join(scene);
    std::fs::copy(&src, &file).expect("copy the scene");
    let app = launch(&file, dir);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(700);
    wait_title(&wid, "the 3D mode names the file", |t| {
        t.contains("3D") && t.contains(name) && !t.ends_with('•')
    });
    pause(500);
    (file, app, wid)
}

#[test]
#[ignore = "needs an X display, xdotool and xclip; run by .ci/run under Xvfb"]
fn a_copied_3d_scene_pastes_back_the_same() {
    need_display();
    let dir = temp_dir("roundtrip-space");
    let (file, _app, wid) = open3(&dir, "02-sphere-aabb-face.json", "face.json");
    let space = |s: AnyScene| match s {
        AnyScene::Space(s) => Some((s.a, s.b, s.notes)),
        _ => None,
    };
    let is_space = |s: &AnyScene| matches!(s, AnyScene::Space(_));
    let (saved, copied) = xapp::copy_paste_save(&wid, &file, "pasted back", is_space, space);
    assert_eq!(saved, copied, "the pasted copy is the scene copied");
    xdotool(&["key", "ctrl+shift+c"]);
    pause(300);
}

#[test]
#[ignore = "needs an X display, xdotool and xclip; run by .ci/run under Xvfb"]
fn a_refused_copy_leaves_the_clipboard_as_it_was() {
    need_display();
    let dir = temp_dir("refused-copy");
    let (_file, _app, wid) = open3(&dir, "02-sphere-aabb-face.json", "face.json");
    // Predicting: the verdict is hidden, so there are no results to copy.
    xdotool(&["key", "p"]);
    pause(400);
    let kept = "held by another program";
    xapp::set_clipboard(kept);
    pause(300);
    xapp::click_copy_results(&wid);
    pause(800);
    assert_eq!(xapp::clipboard(), kept, "a refused copy changes nothing");
    // Revealed, the same entry copies the results in `satlab eval`'s words.
    xdotool(&["key", "p"]);
    pause(400);
    xapp::click_copy_results(&wid);
    let deadline = Instant::now() + Duration::from_secs(8);
    while xapp::clipboard() == kept {
        assert!(Instant::now() < deadline, "the results were not copied");
        pause(200);
    }
    assert!(
        xapp::clipboard().contains("distance"),
        "{}",
        xapp::clipboard()
    );
}

/// Issue 26, item 3: Space starts the 3D walk as the 2D one. Two boxes
/// only an edge × edge axis (#13) separates: before the walk its decisive
/// axis is drawn violet (the dark palette's decisive hue, #c77dff); the
/// first Space opens the start (the caption plate, no axis drawn), the
/// next tests axis 1 (still no violet: the walk has not reached #13), End
/// the conclusion with #13 and the separating plane; Escape leaves it.
#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn space_opens_the_3d_walk_at_its_start_and_the_decisive_axis_waits() {
    need_display();
    let dir = temp_dir("walk3");
    let (_file, _app, wid) = open3(&dir, "01-boxes-edge-cross-edge-only.json", "walk.json");
    // Above the caption plate, left of the panel.
    let violet = |i: &(Vec<u8>, usize)| count_near(i, (0, 850), (30, 640), 0xc77dff, 40);
    // The plate's bar at the canvas' foot, left.
    let plate = |i: &(Vec<u8>, usize)| count_near(i, (0, 60), (650, 780), 0xc77dff, 40);
    let off = shot_until(&dir, "off.png", |i| violet(i) > 200);
    assert!(
        violet(&off) > 200,
        "outside the walk #13 is drawn: {}",
        violet(&off)
    );
    assert!(plate(&off) < 20, "no caption before the walk");
    xdotool(&["key", "--window", &wid, "space"]);
    let start = shot_until(&dir, "start.png", |i| plate(i) > 100);
    assert!(plate(&start) > 100, "the start's caption plate");
    assert!(
        violet(&start) < 20,
        "the start draws no axis: {}",
        violet(&start)
    );
    xdotool(&["key", "--window", &wid, "space"]);
    pause(500);
    let first = pixels(&screenshot(&dir, "axis-1.png"));
    assert!(plate(&first) > 100, "axis 1's caption");
    assert!(
        violet(&first) < 20,
        "#13 not reached yet: {}",
        violet(&first)
    );
    xdotool(&["key", "--window", &wid, "End"]);
    let end = shot_until(&dir, "end.png", |i| violet(i) > 200);
    assert!(
        violet(&end) > 200,
        "the conclusion draws #13: {}",
        violet(&end)
    );
    assert!(plate(&end) > 100, "the conclusion's caption");
    xdotool(&["key", "--window", &wid, "Escape"]);
    let left = shot_until(&dir, "left.png", |i| plate(i) < 20);
    assert!(plate(&left) < 20, "Escape leaves the walk");
    assert!(!title(&wid).ends_with('•'), "the walk is not an edit");
}

/// Pixels near the GJK simplex's yellow (the dark palette's hit hue,
/// #ffd166) in columns `xs` of rows 60..700 of `img`.
fn yellow(img: &(Vec<u8>, usize), xs: std::ops::Range<usize>) -> usize {
    (60..700)
        .flat_map(|y| xs.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| near(at(img, x, y), 0xffd166, 40))
        .count()
}

/// Screenshots of `dir` until `ok` holds of one (a loaded machine draws
/// late), at most 10 s; the last one.
fn shot_until(dir: &Path, name: &str, ok: impl Fn(&(Vec<u8>, usize)) -> bool) -> (Vec<u8>, usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let img = pixels(&screenshot(dir, name));
        if ok(&img) || Instant::now() > deadline {
            return img;
        }
        pause(300);
    }
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn j_shows_gjk_on_a_pane_of_the_minkowski_difference_and_steps_it() {
    need_display();
    let dir = temp_dir("gjk3");
    let (_file, _app, wid) = open3(&dir, "29-gjk-two-boxes-apart.json", "gjk.json");
    let off = pixels(&screenshot(&dir, "off.png"));
    assert!(yellow(&off, 0..900) < 20, "no simplex before J");
    xdotool(&["key", "--window", &wid, "j"]);
    let first = shot_until(&dir, "gjk-1.png", |i| yellow(i, 500..900) > 30);
    // The pane takes the right half of the canvas: the first simplex
    // point (yellow) is drawn there, not over the shapes.
    let pane = yellow(&first, 500..900);
    assert!(pane > 30, "the simplex on the pane: {pane} yellow pixels");
    assert!(yellow(&first, 0..430) < 20, "nothing yellow on the shapes");
    // End: the third step, a triangle, is more yellow than one point.
    xdotool(&["key", "--window", &wid, "End"]);
    let last = shot_until(&dir, "gjk-3.png", |i| yellow(i, 500..900) > pane + 30);
    let tri = yellow(&last, 500..900);
    assert!(tri > pane + 30, "a triangle: {tri} vs a point: {pane}");
    // J again: the pane goes, the SAT walk has the keys back.
    xdotool(&["key", "--window", &wid, "j"]);
    let back = shot_until(&dir, "back.png", |i| yellow(i, 0..900) < 20);
    assert!(yellow(&back, 0..900) < 20, "the view is off");
    assert!(!title(&wid).ends_with('•'), "viewing is not an edit");
}

/// The Contacts view (K) in the 3D mode: the box standing on its edge
/// gets its two contact points and the normal drawn in the contact colour;
/// Space walks the clipping with a caption plate across the canvas' foot,
/// End reaches the points kept; K again takes it all away; the results
/// copied hold the manifold in `satlab eval`'s words.
#[test]
#[ignore = "needs an X display, xdotool and xclip; run by .ci/run under Xvfb"]
fn k_shows_the_3d_contacts_and_space_walks_their_clipping() {
    need_display();
    let dir = temp_dir("contacts-space");
    let file: PathBuf = dir.join("edge.json");
    let src =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/11-3d-contacts/02-box-on-its-edge.json");
    std::fs::copy(&src, &file).expect("copy the scene");
    let _app = launch(&file, &dir);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(700);
    wait_title(&wid, "the 3D mode names the file", |t| {
        t.contains("3D") && t.contains("edge.json")
    });
    pause(500);
    // The dark theme's contact colour (palette `hit`) on the canvas.
    let contact = |img: &(Vec<u8>, usize)| count_near(img, (0, 800), (30, 730), 0xffd166, 40);
    // The caption plate's bar (palette `decisive`) along the canvas' foot.
    let bar = |img: &(Vec<u8>, usize)| count_near(img, (0, 800), (560, 770), 0xc77dff, 30);
    let off = pixels(&screenshot(&dir, "contacts-off.png"));
    xdotool(&["key", "k"]);
    let on = shot_until(&dir, "contacts-on.png", |i| {
        contact(i) > contact(&off) + 150
    });
    assert!(
        contact(&on) > contact(&off) + 150,
        "K draws the points and the normal: {} then {}",
        contact(&off),
        contact(&on)
    );
    xdotool(&["key", "space"]);
    let first = shot_until(&dir, "contacts-step1.png", |i| bar(i) > bar(&on) + 40);
    assert!(
        bar(&first) > bar(&on) + 40,
        "the walk's caption plate: {} then {}",
        bar(&on),
        bar(&first)
    );
    assert!(
        contact(&first) < contact(&on),
        "the first step shows the reference face, not the points yet"
    );
    xdotool(&["key", "End"]);
    let last = shot_until(&dir, "contacts-end.png", |i| {
        contact(i) > contact(&first) + 100
    });
    assert!(
        contact(&last) > contact(&first) + 100,
        "the last step marks the points kept"
    );
    assert!(!title(&wid).ends_with('•'), "the walk is not an edit");
    let results = xapp::copy_results(&wid);
    assert!(
        results.contains("2 point(s), normal A→B (0, 0, 1)")
            && results.contains("separation -0.05"),
        "{results}"
    );
    xdotool(&["key", "Escape"]);
    xdotool(&["key", "k"]);
    let again = shot_until(&dir, "contacts-off-again.png", |i| {
        contact(i) + 50 < contact(&on)
    });
    assert!(
        contact(&again) + 50 < contact(&on),
        "K again turns the view off: {}",
        contact(&again)
    );
}

#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn w_shows_the_motion_and_shift_w_makes_a_move_too_as_an_edit() {
    need_display();
    let dir = temp_dir("motion3");
    let file: PathBuf = dir.join("fall.json");
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/10-3d-motion/01-box-falls-onto-box.json");
    std::fs::copy(&src, &file).expect("copy the scene");
    let _app = launch(&file, &dir);
    let wid = window();
    xdotool(&["windowfocus", "--sync", &wid]);
    pause(700);
    wait_title(&wid, "the 3D mode names the file", |t| {
        t.contains("fall.json") && !t.ends_with('•')
    });
    pause(500);
    // B's colour (the dark palette's #ffa24c): the impact pose, the
    // sweep and the arrow add to B's own wireframe while the view is on,
    // as it is when a scene that moves opens.
    let orange = |img: &(Vec<u8>, usize)| {
        (40..760)
            .flat_map(|y| (0..780).map(move |x| (x, y)))
            .filter(|&(x, y)| near(at(img, x, y), 0xffa24c, 40))
            .count()
    };
    let on = pixels(&screenshot(&dir, "on.png"));
    xdotool(&["key", "w"]);
    let off = shot_until(&dir, "off.png", |i| orange(&on) > orange(i) + 300);
    assert!(
        orange(&on) > orange(&off) + 300,
        "W hides the motion: {} then {} orange pixels",
        orange(&on),
        orange(&off)
    );
    assert!(!title(&wid).ends_with('•'), "showing is not an edit");
    // Shift+W: A moves too, an edit of the scene's motion (and W's view on).
    xdotool(&["key", "shift+w"]);
    wait_title(&wid, "Shift+W edits the motion", |t| t.ends_with('•'));
    let both = shot_until(&dir, "both.png", |i| orange(i) > orange(&off) + 300);
    assert!(orange(&both) > orange(&off) + 300, "the view is on again");
    let stamp = std::fs::metadata(&file).and_then(|m| m.modified()).ok();
    pause(1100);
    xdotool(&["key", "ctrl+s"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::fs::metadata(&file).and_then(|m| m.modified()).ok() == stamp {
        assert!(Instant::now() < deadline, "Ctrl+S did not save");
        pause(100);
    }
    let after = load3(&file).expect("the saved 3D scene loads");
    let m = after.motion.expect("the motion is saved");
    assert_eq!(m.b, glam::Vec3::new(0.0, -5.0, 0.0));
    assert_eq!(
        m.a,
        glam::Vec3::new(0.0, 2.5, 0.0),
        "half of B's, the other way"
    );
}

/// Pixels of egui's error red (the dark theme's `error_fg_color`, #ff0000)
/// in the rectangle `xs` × `ys` of `img`.
fn error_red(
    img: &(Vec<u8>, usize),
    xs: std::ops::Range<usize>,
    ys: std::ops::Range<usize>,
) -> usize {
    ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let c = at(img, x, y);
            c[0] > 180 && c[1] < 80 && c[2] < 80
        })
        .count()
}

/// Issue 28 item 17 in 3D: a size the library refuses is said in red under
/// the editor (the field shows the old value again) and goes a few seconds
/// later; it stayed on the top bar until dismissed.
#[test]
#[ignore = "needs an X display and xdotool; run by .ci/run under Xvfb"]
fn a_refused_size_is_said_under_the_editor_and_goes() {
    need_display();
    let dir = temp_dir("refused-size");
    let (_file, _app, _wid) = open3(&dir, "02-sphere-aabb-face.json", "face.json");
    // Shape A's half width (the default panel at 1280×800).
    xdotool(&["mousemove", "1060", "525", "click", "1"]);
    pause(400);
    xdotool(&["key", "ctrl+a"]);
    xdotool(&["type", "--", "-3"]);
    xdotool(&["key", "Return"]);
    pause(800);
    let said = pixels(&screenshot(&dir, "refused.png"));
    let panel = error_red(&said, 950..1270, 60..790);
    let bar = error_red(&said, 0..1280, 0..22);
    assert!(
        panel > 40,
        "the refusal in red under the editor: {panel} px"
    );
    assert_eq!(bar, 0, "nothing on the top bar");
    pause(5000);
    xdotool(&["mousemove", "600", "700"]);
    pause(600);
    let later = pixels(&screenshot(&dir, "later.png"));
    assert_eq!(
        error_red(&later, 0..1280, 0..790),
        0,
        "gone once the field showed the old value a while"
    );
}
