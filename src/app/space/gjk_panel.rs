//! The 3D mode's side of the GJK / EPA view (J): turning it on and off,
//! the canvas split, following the scene, painting the pane and the
//! panel's section. What is drawn is built in [`super::gjk`] (pure).

use super::gjk::{caption, pane_picture, pane_view, split, support_marks, vec_text, GjkView3};
use super::picture::Picture;
use super::SpaceMode;
use crate::app::camera::{Camera, Rect};
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::shell::action::Action;
use egui_macroquad::egui;
use glam::{Vec2, Vec3};

impl SpaceMode {
    /// J: the GJK / EPA view on or off (on: the SAT walk stops, the
    /// shapes refit into their half of the canvas).
    pub(super) fn toggle_gjk(&mut self) {
        self.gjk = match self.gjk {
            Some(_) => None,
            None => Some(GjkView3::new(&self.scene.a.shape, &self.scene.b.shape)),
        };
        if self.gjk.is_some() {
            self.other_views_off(super::Tool::Gjk);
        }
        self.leave_walk();
        self.fit_pending = true;
    }

    /// The canvas left for the shapes out of `whole`; the pane, when the
    /// view is on, is kept for `gjk_pictures` (`scale`: the UI scale).
    pub(super) fn gjk_split(&mut self, whole: Rect, scale: f32) -> Rect {
        let (canvas, pane) = split(whole, self.gjk.is_some());
        if let Some(g) = &mut self.gjk {
            g.area = pane.map(|r| (r, scale));
        }
        canvas
    }

    /// Follows the scene, then adds the support points to `main` (not
    /// while the class predicts) and builds the pane's picture.
    pub(super) fn gjk_pictures(&mut self, main: &mut Picture) {
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let Some(g) = &mut self.gjk else {
            return;
        };
        g.follow(a, b);
        g.pane = g.area.map(|(pane, scale)| {
            let (view, size) = pane_view(g, &self.view, pane, scale);
            (view, pane, size)
        });
        let (lo, hi) = super::overlay::extent(a, b);
        let r = 0.02 * super::view::extent_size(lo, hi);
        if !self.predicting {
            support_marks(g, g.step, &self.view.basis(), r, main);
        }
        let size = g.pane.map_or(1.0, |(_, _, size)| size);
        g.picture = pane_picture(g, g.step, &self.view.basis(), size);
    }

    /// Draws the pane (and the support points' labels on the shapes):
    /// heading, picture, the origin's label, the step's caption; while
    /// the class predicts only the heading (where the origin lies gives
    /// the answer away).
    pub(super) fn paint_gjk(&self, p: &Painter) {
        let Some(g) = &self.gjk else {
            return;
        };
        let Some((view, pane, _)) = g.pane else {
            return;
        };
        p.pane(pane);
        p.heading(pane, tr("A ⊖ B = { a − b }"));
        if self.predicting {
            return;
        }
        super::paint::picture(p, &view, &g.picture);
        let size = 13.0 * p.labels;
        if let Some(o) = view.to_screen(Vec3::ZERO) {
            let at = o + Vec2::new(-14.0, 14.0) * p.scale;
            p.label(
                tr("the origin"),
                at,
                size,
                p.pal.world_axes,
                Anchor::Center,
                false,
            );
        }
        if let Some(s) = g.gjk.steps.get(g.step) {
            let w = s.support_a - s.support_b;
            if let Some(at) = view.to_screen(w).filter(|s| pane.contains(*s)) {
                let at = at + Vec2::new(0.0, -18.0) * p.scale;
                p.label(tr("new vertex"), at, size, p.pal.mtv, Anchor::Center, false);
            }
            for (at, name, c) in [
                (s.support_a, tr("support of A"), p.pal.a),
                (s.support_b, tr("support of B"), p.pal.b),
            ] {
                let on = self.view.to_screen(at);
                if let Some(at) = on.filter(|s| self.view.canvas.contains(*s)) {
                    let at = at + Vec2::new(0.0, -20.0) * p.scale;
                    p.label(name, at, size, c, Anchor::Center, false);
                }
            }
        }
        let cam = Camera::new(Vec2::ZERO, 1.0, pane);
        p.caption(&cam, &caption(g, g.step), false);
    }
}

/// The panel's GJK / EPA section: the view's switch and, while it is on,
/// the step buttons (n / N), the step's simplex points (`A ⊖ B`), search
/// direction and distance, or EPA's nearest triangle and depth, and the
/// caption; at the end EPA's depth beside SAT's least overlap.
pub(super) fn section(ui: &mut egui::Ui, m: &mut SpaceMode) {
    let key = crate::app::shell::shortcuts::key_text(&Action::Gjk, super::ID);
    let mut on = m.gjk.is_some();
    if ui
        .checkbox(&mut on, format!("{} ({key})", tr("GJK / EPA steps")))
        .changed()
    {
        m.toggle_gjk();
    }
    let predicting = m.predicting;
    let Some(g) = &mut m.gjk else {
        return;
    };
    let n = g.steps();
    if n == 0 {
        ui.weak(tr("GJK and EPA are shown for two bounded convex shapes."));
        return;
    }
    if predicting {
        return;
    }
    let k = g.step.min(n - 1);
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
            g.step = k - 1;
        }
        ui.monospace(format!("{} / {n}", k + 1));
        if ui.add_enabled(k + 1 < n, egui::Button::new("▶")).clicked() {
            g.step = k + 1;
        }
    });
    numbers(ui, g, k);
    ui.label(caption(g, k));
}

/// Step `k`'s numbers as a two-column grid.
fn numbers(ui: &mut egui::Ui, g: &GjkView3, k: usize) {
    let f = |x: f32| num::fixed(x, 3);
    let mut rows: Vec<(String, String)> = Vec::new();
    if let Some(s) = g.gjk.steps.get(k) {
        for (i, w) in s.simplex[..s.count.min(4)].iter().enumerate() {
            rows.push((trf("simplex point {}", &[&(i + 1)]), vec_text(-*w)));
        }
        let d = -s.direction.normalize_or_zero();
        rows.push((tr("search direction").to_string(), vec_text(d)));
        rows.push((
            tr("distance to the origin").to_string(),
            f(s.closest.length()),
        ));
    } else if let Some(e) = g.epa.steps.get(k.saturating_sub(g.gjk.steps.len())) {
        rows.push((
            tr("nearest triangle's normal").to_string(),
            vec_text(-e.normal),
        ));
        rows.push((tr("its distance (depth so far)").to_string(), f(e.distance)));
    }
    if k + 1 == g.steps() {
        let or_dash = |x: Option<f32>| x.map_or_else(|| "—".to_string(), f);
        match (g.epa_depth, g.distance) {
            (Some(depth), _) => {
                rows.push((tr("EPA's depth").to_string(), f(depth)));
                rows.push((tr("SAT's least overlap").to_string(), or_dash(g.sat_depth)));
            }
            (None, Some(d)) => rows.push((tr("distance").to_string(), f(d.distance))),
            (None, None) => {}
        }
    }
    egui::Grid::new("gjk3_numbers")
        .num_columns(2)
        .show(ui, |ui| {
            for (name, value) in rows {
                ui.label(name);
                ui.monospace(value);
                ui.end_row();
            }
        });
}
