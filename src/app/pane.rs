//! The Minkowski difference pane beside the canvas (M): `A ⊖ B` with its
//! own camera fitted to the difference and the origin, redrawn every frame
//! from the current shapes, so dragging either shape updates it at once.

use crate::app::camera::{Camera, Rect};
use crate::app::draw::Painter;
use crate::app::i18n::{lang, tr};
use crate::app::palette::Palette;
use crate::app::state::App;
use crate::app::teach::minkowski;
use glam::Vec2;
use macroquad::text::Font;

/// Room kept free for the heading above the difference and the caption
/// below it, screen pixels (times the UI scale).
const TOP_PX: f32 = 70.0;
const BOTTOM_PX: f32 = 190.0;
/// Margin on the sides, screen pixels.
const MARGIN_PX: f32 = 30.0;

/// A camera on `r` showing world box `lo..hi` inside `r` less the heading
/// and caption strips.
fn fitted(r: Rect, lo: Vec2, hi: Vec2, scale: f32) -> Camera {
    let inner = Rect::new(
        r.min + Vec2::new(0.0, TOP_PX * scale),
        r.max - Vec2::new(0.0, BOTTOM_PX * scale),
    );
    let inner = if inner.size().y > 80.0 { inner } else { r };
    let mut fit = Camera::new(Vec2::ZERO, 40.0, inner);
    fit.fit(lo, hi, MARGIN_PX * scale);
    // The same mapping, on the whole pane (so the grid fills it).
    Camera::new(fit.to_world(r.center()), fit.zoom, r)
}

/// The shapes' canvas and, when the pane is `on`, the pane: the left and
/// right halves of `whole` (split on a whole pixel).
pub fn split_for_pane(whole: Rect, on: bool) -> (Rect, Option<Rect>) {
    if !on {
        return (whole, None);
    }
    let mid = ((whole.min.x + whole.max.x) * 0.5).round();
    (
        Rect::new(whole.min, Vec2::new(mid, whole.max.y)),
        Some(Rect::new(Vec2::new(mid, whole.min.y), whole.max)),
    )
}

/// Draws the pane into screen rectangle `r`.
pub fn draw_minkowski(app: &App, font: &Font, r: Rect) {
    let p = Painter {
        pal: Palette::of(app.settings.theme),
        font,
        scale: app.settings.scale,
    };
    p.pane(r);
    let mut cam = Camera::new(Vec2::ZERO, 40.0, r);
    let heading = tr("A ⊖ B = { a − b }");
    if app.class.hides_answers() {
        // Where the origin lies gives the answer away.
        p.grid(&cam);
        p.heading(r, heading);
        p.caption(
            &cam,
            tr("The verdict is hidden until you reveal it (P)."),
            false,
        );
        return;
    }
    match minkowski::build(&app.scene.a, &app.scene.b, lang()) {
        Ok(view) => {
            cam = fitted(r, view.lo, view.hi, app.settings.scale);
            p.grid(&cam);
            p.list(&cam, &view.list);
            p.labels(&cam, &[&view.list], &[], &[]);
            p.heading(r, heading);
            p.caption(&cam, &view.caption, false);
        }
        Err(why) => {
            p.grid(&cam);
            p.heading(r, heading);
            p.caption(&cam, &why, false);
        }
    }
}
