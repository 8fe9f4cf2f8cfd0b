//! The result panel's Motion section (the time of impact, the time slider
//! with the verdict at that time, the swept-SAT table with the library's
//! words) and the GJK / EPA walk (step buttons and the step's caption).

use crate::app::i18n::{tr, trf, words};
use crate::app::num;
use crate::app::pair::motion::verdict_at;
use crate::app::pair::state::App;
use egui_macroquad::egui;

/// The Motion section.
pub fn show(ui: &mut egui::Ui, app: &mut App) {
    let f = |v: f32| num::fixed(v, 3);
    ui.separator();
    ui.strong(tr("Motion"));
    let m = app.scene.motion.unwrap_or_default();
    let Some(r) = app.results.motion.clone() else {
        return;
    };
    let pair = |v: glam::Vec2| format!("({}, {})", f(v.x), f(v.y));
    let rows = crate::app::shell::widgets::ImpactRows {
        b: pair(m.b),
        a: (m.a != glam::Vec2::ZERO).then(|| pair(m.a)),
        impact: r.toi.map(|h| (h.t, None, pair(h.point), pair(h.normal))),
    };
    crate::app::shell::widgets::impact_table(ui, "motion_grid", &rows);
    a_moves_too(ui, app, m);
    ui.horizontal_wrapped(|ui| {
        ui.label(tr("time t"));
        ui.add(egui::Slider::new(&mut app.motion_t, 0.0..=1.0).fixed_decimals(3));
    });
    let v = verdict_at(&app.scene.a, &app.scene.b, m, app.motion_t);
    ui.label(trf(
        "at t = {}: {}",
        &[&num::fixed(app.motion_t, 3), &words::verdict_caps(v)],
    ));
    if let Some(sw) = &r.swept {
        crate::app::shell::widgets::swept_table(ui, "swept_grid", sw, words::axis_source);
    }
}

/// "A moves too": on, A gets a velocity arrow of its own
/// ([`crate::app::pair::motion::with_a_moving`]) whose head the user then drags;
/// off, A stands still.
fn a_moves_too(ui: &mut egui::Ui, app: &mut App, m: satlab::scene::Motion) {
    let mut on = m.a != glam::Vec2::ZERO;
    let text = crate::app::shell::shortcuts::with_key(
        tr("A moves too"),
        &crate::app::shell::action::Action::AMovesToo,
        crate::app::shell::action::ModeId::Pair,
    );
    if ui
        .checkbox(&mut on, text)
        .on_hover_text(tr("drag the head of A's arrow to set how far A moves"))
        .changed()
    {
        app.scene.motion = Some(crate::app::pair::motion::with_a_moving(m, on));
    }
}

/// The GJK / EPA walk: step buttons and the step's caption.
pub fn gjk_walk(ui: &mut egui::Ui, app: &mut App) {
    ui.separator();
    ui.strong(tr("GJK / EPA"));
    let n = app.results.gjk.as_ref().map_or(0, |v| v.steps());
    if n == 0 {
        ui.weak(tr("GJK and EPA are shown for two bounded convex shapes."));
        return;
    }
    let k = app.gjk_step.min(n - 1);
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
            app.gjk_step = k - 1;
        }
        ui.monospace(format!("{} / {n}", k + 1));
        if ui.add_enabled(k + 1 < n, egui::Button::new("▶")).clicked() {
            app.gjk_step = k + 1;
        }
    });
    if let Some(v) = &app.results.gjk {
        ui.label(crate::app::pair::gjk::caption(v, k));
    }
}
