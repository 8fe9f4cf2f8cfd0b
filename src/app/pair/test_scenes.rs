//! Test kit: the pair scenes of `scenes/`, a playground on a given canvas,
//! and the overlays of a whole SAT walk, for the layout tests that run
//! over every scene.

use crate::app::camera::Rect;
use crate::app::display::DisplayList;
use crate::app::files::Document;
use crate::app::pair::state::App;
use satlab::scene::{find_scenes, load_any, AnyScene, Scene};
use std::path::PathBuf;

/// Every pair scene under `scenes/` with its view dropped (so it opens
/// fitted), and whether both shapes are bounded.
pub fn pair_scenes() -> Vec<(PathBuf, Scene, bool)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut out = Vec::new();
    for path in find_scenes(&root).into_iter().flatten() {
        let Ok(AnyScene::Pair(mut scene)) = load_any(&path) else {
            continue;
        };
        scene.view = None;
        let bounded = [&scene.a, &scene.b].iter().all(|s| {
            let (lo, hi) = s.bounds();
            lo.is_finite() && hi.is_finite()
        });
        out.push((path, scene, bounded));
    }
    out
}

/// `scene` in a playground on `canvas` at UI `scale`, refreshed.
pub fn playground(scene: &Scene, canvas: Rect, scale: f32) -> App {
    let mut app = App::new(scene.clone(), Document::untitled(scene));
    app.cam.canvas = canvas;
    app.settings.scale = scale;
    app.refresh();
    app
}

/// The overlay now, then at every step of the SAT walk from its start
/// to two steps past its end (the walk is left on, at its end).
pub fn walk_overlays(app: &mut App) -> Vec<DisplayList> {
    let mut walk = vec![app.overlay.clone()];
    app.class.step.home();
    app.refresh();
    let (_, steps) = app.class.step.progress();
    for _ in 0..steps + 2 {
        walk.push(app.overlay.clone());
        app.class.step.forward();
        app.refresh();
    }
    walk
}

/// Cramped canvases (issue 28, items 10 and 12) with their UI scale:
/// 640×480 with the panels hidden, beside the panel, above a lesson card
/// or both; 1280×800 at UI scale 1.5 above a lesson card, with the panels
/// shown and hidden; presenter-sized text on 1280×800.
pub fn cramped_canvases() -> [(Rect, f32); 7] {
    let r = |x0: f32, y0: f32, x1: f32, y1: f32| {
        Rect::new(glam::Vec2::new(x0, y0), glam::Vec2::new(x1, y1))
    };
    [
        (r(0.0, 24.0, 640.0, 480.0), 1.0),
        (r(0.0, 24.0, 385.0, 480.0), 1.0),
        (r(0.0, 24.0, 385.0, 252.0), 1.0),
        (r(0.0, 24.0, 640.0, 252.0), 1.0),
        (r(0.0, 33.0, 770.0, 465.0), 1.5),
        (r(0.0, 33.0, 1280.0, 465.0), 1.5),
        (r(0.0, 24.0, 1280.0, 560.0), 2.25),
    ]
}

/// Fails listing every problem, when there are any.
pub fn assert_no_problems(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
