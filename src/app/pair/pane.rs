//! The panes beside the canvas. The Minkowski difference pane (M): `A ⊖ B`
//! with its own camera fitted to the difference and the origin, redrawn
//! every frame from the current shapes, so dragging either shape updates
//! it at once. The algorithm pane (`satlab render --algorithm`): the
//! classic test's numbered working, as the window's Algorithm panel shows
//! it beside the canvas.

use crate::app::camera::{Camera, Rect};
use crate::app::draw::Painter;
use crate::app::i18n::{lang, tr};
use crate::app::pair::state::App;
use crate::app::pair::teach::algorithm::AlgorithmText;
use crate::app::pair::teach::minkowski;
use crate::app::palette::Palette;
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

/// Share of the width the algorithm pane takes.
pub const ALGORITHM_SHARE: f32 = 0.36;

/// The canvas and, when `on`, the algorithm pane: the right
/// [`ALGORITHM_SHARE`] of `whole` (split on a whole pixel).
pub fn split_for_algorithm(whole: Rect, on: bool) -> (Rect, Option<Rect>) {
    if !on {
        return (whole, None);
    }
    let x = (whole.max.x - whole.size().x * ALGORITHM_SHARE).round();
    (
        Rect::new(whole.min, Vec2::new(x, whole.max.y)),
        Some(Rect::new(Vec2::new(x, whole.min.y), whole.max)),
    )
}

/// The algorithm pane's lines: the title, then each step wrapped to
/// `cells` character cells (a Chinese character counts two), continuation
/// lines indented.
pub fn algorithm_lines(text: &AlgorithmText, cells: usize) -> Vec<(String, bool)> {
    let mut out = vec![(text.title.clone(), true)];
    for step in &text.lines {
        for (i, l) in crate::app::wrap::wrap_cells(step, cells.saturating_sub(2))
            .into_iter()
            .enumerate()
        {
            out.push((if i == 0 { l } else { format!("  {l}") }, false));
        }
    }
    out
}

/// The number of numbered steps the algorithm pane shows for `app`'s pair.
pub fn algorithm_steps(app: &App) -> usize {
    crate::app::pair::teach::algorithm::explain(&app.scene.a, &app.scene.b, lang())
        .lines
        .len()
}

/// Draws the algorithm pane into `r`: a heading, the title and the first
/// `shown` numbered steps (all of them for `None`; hidden while the class
/// predicts, as in the window).
pub fn draw_algorithm_steps(app: &App, font: Option<&Font>, r: Rect, shown: Option<usize>) {
    let p = painter(app, font);
    p.pane(r);
    p.heading(r, tr("Algorithm"));
    if app.class.hides_verdict() {
        return;
    }
    let s = app.settings.scale;
    let size = 14.0;
    let pad = 16.0 * s;
    let cells = ((r.size().x - 2.0 * pad) / (size * s * 0.6))
        .floor()
        .max(8.0) as usize;
    let mut text = crate::app::pair::teach::algorithm::explain(&app.scene.a, &app.scene.b, lang());
    if let Some(k) = shown {
        text.lines.truncate(k);
    }
    let mut y = r.min.y + 70.0 * s;
    for (line, title) in algorithm_lines(&text, cells) {
        if y > r.max.y - size * s * 1.5 {
            break;
        }
        let color = if title { p.pal.decisive } else { p.pal.text };
        p.text_plain(&line, Vec2::new(r.min.x + pad, y), size, color);
        y += size * s * if title { 1.9 } else { 1.45 };
    }
}

/// Draws the pane into screen rectangle `r`; its caption keeps above the
/// status line when the window draws one across the pane (`status`).
pub fn draw_minkowski(app: &App, font: Option<&Font>, r: Rect, status: bool) {
    let p = painter(app, font);
    p.pane(r);
    let mut cam = Camera::new(Vec2::ZERO, 40.0, r);
    let heading = tr("A ⊖ B = { a − b }");
    if app.class.hides_verdict() {
        // Where the origin lies gives the answer away.
        p.grid(&cam);
        p.heading(r, heading);
        p.caption(&cam, app.class.hidden_note(), status);
        return;
    }
    match minkowski::build(&app.scene.a, &app.scene.b, lang()) {
        Ok(view) => {
            cam = fitted(r, view.lo, view.hi, app.settings.scale);
            p.grid(&cam);
            p.list(&cam, &view.list);
            // The GJK / EPA view: the step's simplex or polytope on top.
            let walk = app.results.gjk.as_ref().filter(|_| app.gjk_view);
            let mut steps = crate::app::display::DisplayList::default();
            let caption = match walk {
                Some(v) => {
                    let scale = app.settings.scale;
                    crate::app::pair::gjk::build_pane(v, app.gjk_step, cam.px(), scale, &mut steps);
                    p.list(&cam, &steps);
                    crate::app::pair::gjk::caption(v, app.gjk_step)
                }
                None => view.caption.clone(),
            };
            // The labels (the origin's among them) keep off the grid's
            // axis numbers and the status line.
            let mut fixed = p.grid_label_plates(&cam);
            if status {
                fixed.push(p.status_strip(r));
            }
            p.labels(&cam, &[&view.list, &steps], &fixed, &[]);
            p.heading(r, heading);
            p.caption(&cam, &caption, status);
        }
        Err(why) => {
            p.grid(&cam);
            p.heading(r, heading);
            p.caption(&cam, why.caption(lang()), status);
        }
    }
}

/// The pane's painter: the pair's theme, scale and label size.
fn painter<'f>(app: &App, font: Option<&'f Font>) -> Painter<'f> {
    Painter {
        pal: Palette::of(app.settings.theme),
        font,
        scale: app.settings.scale,
        labels: app.settings.labels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::Lang;
    use satlab::geom::{Aabb, Circle, Pose, Shape};

    #[test]
    fn the_algorithm_pane_takes_the_right_share_and_keeps_every_step() {
        let whole = Rect::new(Vec2::ZERO, Vec2::new(1280.0, 800.0));
        let (canvas, pane) = split_for_algorithm(whole, true);
        let pane = pane.expect("a pane");
        assert_eq!(canvas.max.x, pane.min.x);
        assert!((pane.size().x - 1280.0 * ALGORITHM_SHARE).abs() <= 1.0);
        assert_eq!(split_for_algorithm(whole, false), (whole, None));
        let a = Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), 1.0).unwrap());
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::new(1.5, 0.2)), Vec2::ONE).unwrap());
        let text = crate::app::pair::teach::algorithm::explain(&a, &b, Lang::En);
        assert!(text.lines.len() >= 2, "{text:?}");
        let lines = algorithm_lines(&text, 30);
        assert_eq!(lines[0], (text.title.clone(), true));
        // Nothing is lost in the wrapping, and no line is wider than asked.
        let joined: String = lines[1..]
            .iter()
            .map(|(l, _)| l.trim().replace(' ', ""))
            .collect();
        let want: String = text.lines.iter().map(|l| l.replace(' ', "")).collect();
        assert_eq!(joined, want);
        assert!(lines.iter().skip(1).all(|(l, _)| l.chars().count() <= 30));
    }
}
