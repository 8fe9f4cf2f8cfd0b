//! The result panel's Motion section (the time of impact, the time slider
//! with the verdict at that time, the swept-SAT table with the library's
//! words) and the GJK / EPA walk (step buttons and the step's caption).

use crate::app::i18n::{tr, trf, words};
use crate::app::num;
use crate::app::pair::motion::{interval_text, verdict_at};
use crate::app::pair::state::App;
use egui_macroquad::egui;
use satlab::geom::SweptSat;

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
    crate::app::shell::widgets::wide_table(ui, "motion_grid", |ui| {
        egui::Grid::new("motion_grid")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(tr("B moves by"));
                ui.monospace(pair(m.b));
                ui.end_row();
                if m.a != glam::Vec2::ZERO {
                    ui.label(tr("A moves by"));
                    ui.monospace(pair(m.a));
                    ui.end_row();
                }
                ui.label(tr("time of impact"));
                match r.toi {
                    Some(toi) => {
                        ui.monospace(format!("t = {}", num::fixed(toi.t, 4)));
                        ui.end_row();
                        ui.label(tr("point"));
                        ui.monospace(pair(toi.point));
                        ui.end_row();
                        ui.label(tr("normal A→B"));
                        ui.monospace(pair(toi.normal));
                    }
                    None => {
                        ui.monospace(tr("no hit over the step"));
                    }
                }
                ui.end_row();
            })
    });
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
        swept_table(ui, sw);
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

/// Every axis with its enter and leave times; the latest entry and the
/// earliest exit in strong type; the library's words below.
fn swept_table(ui: &mut egui::Ui, sw: &SweptSat) {
    ui.strong(tr("Swept SAT"));
    crate::app::shell::widgets::wide_table(ui, "swept_grid", |ui| {
        egui::Grid::new("swept_grid").striped(true).show(ui, |ui| {
            for h in [tr("axis"), tr("enter"), tr("leave")] {
                ui.strong(h);
            }
            ui.end_row();
            for (k, ax) in sw.axes.iter().enumerate() {
                let cell = |ui: &mut egui::Ui, t: f32, strong: bool| {
                    let text = egui::RichText::new(interval_text(t)).monospace();
                    ui.label(if strong {
                        text.strong().underline()
                    } else {
                        text
                    });
                };
                ui.monospace(words::axis_source(&ax.source));
                cell(ui, ax.enter, k == sw.latest_entry.1);
                cell(ui, ax.leave, k == sw.earliest_exit.1);
                ui.end_row();
            }
        })
    });
    ui.small(tr("underlined: the latest entry and the earliest exit"));
    ui.label(crate::app::pair::motion::swept_words(sw));
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
