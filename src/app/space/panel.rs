//! The 3D mode's side panel: the verdict, the camera buttons, the shape
//! editors ([`super::editor`]) and the axes table ([`super::axes`]); and
//! the mode's View menu entries.

use super::view::Preset;
use super::SpaceMode;
use super::ID;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::shell::shortcuts::key_text;
use crate::app::ui::Action;
use egui_macroquad::egui;
use satlab::geom3d::Side;

/// `what (key)`, the key from the shortcut table.
fn with_key(what: &str, a: &Action) -> String {
    match key_text(a, ID) {
        k if k.is_empty() => what.to_string(),
        k => format!("{what} ({k})"),
    }
}

/// Shows the panel; edits the mode directly, returns the rest as actions.
pub fn show(ctx: &egui::Context, m: &mut SpaceMode, out: &mut Vec<Action>) {
    egui::SidePanel::right("space")
        .resizable(true)
        .default_width(330.0)
        .max_width(crate::app::ui::panel_max_width(ctx))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading(tr("3D scene"));
                if !m.scene.name.is_empty() {
                    ui.label(egui::RichText::new(&m.scene.name).strong());
                }
                // The scene's notes (a lesson's words for this step).
                if !m.scene.notes.is_empty() {
                    ui.label(&m.scene.notes);
                }
                if m.predicting {
                    ui.strong(tr("Predict: separated or overlapping?"));
                    ui.weak(tr("The verdict is hidden until you reveal it (P)."));
                } else {
                    verdict(ui, m);
                }
                predict(ui, m);
                ui.separator();
                camera(ui, m, out);
                ui.separator();
                for side in [Side::A, Side::B] {
                    super::editor::show(ui, m, side);
                }
                ui.separator();
                if !m.predicting {
                    super::axes::show(ui, m);
                    algorithm(ui, m);
                }
                ui.separator();
                ui.weak(tr(
                    "left drag: move a shape (Ctrl snaps); right or Alt+left drag: orbit; middle or Shift+right drag: pan; wheel: zoom",
                ));
            });
        });
}

/// The classic closed form's working for the pair, when it has one.
fn algorithm(ui: &mut egui::Ui, m: &SpaceMode) {
    let Some((title, lines)) = super::algorithm::working(&m.scene.a.shape, &m.scene.b.shape) else {
        return;
    };
    ui.separator();
    egui::CollapsingHeader::new(tr("Algorithm"))
        .id_salt("space-algorithm")
        .default_open(true)
        .show(ui, |ui| {
            ui.strong(title);
            for (k, l) in lines.iter().enumerate() {
                ui.label(format!("{}. {l}", k + 1));
            }
        });
}

/// The Predict / Reveal button.
fn predict(ui: &mut egui::Ui, m: &mut SpaceMode) {
    ui.horizontal(|ui| {
        let text = if m.predicting {
            tr("Reveal")
        } else {
            tr("Predict")
        };
        if ui.button(with_key(text, &Action::Predict)).clicked() {
            m.predicting = !m.predicting;
        }
        if !m.predicting {
            ui.weak(tr("hides the verdict and every overlay until you reveal"));
        }
    });
}

/// The verdict and what decided it.
fn verdict(ui: &mut egui::Ui, m: &SpaceMode) {
    let r = &m.report;
    let words = crate::app::i18n::words::verdict_caps(m.verdict());
    ui.strong(words);
    match (r.first_separating(), r.least_overlap()) {
        (Some(t), _) if !r.intersects => {
            ui.label(trf(
                "separated on {} by {}",
                &[&super::words::axis_source(&t.source), &num::fixed(t.gap, 4)],
            ));
        }
        (_, Some(t)) => {
            ui.label(trf(
                "least overlap {} on {}",
                &[
                    &num::fixed(-t.gap, 4),
                    &super::words::axis_source(&t.source),
                ],
            ));
        }
        _ => {}
    }
    if r.decided_by_distance {
        ui.weak(tr("in the contact band: the exact distance decided"));
    }
}

/// The camera buttons.
fn camera(ui: &mut egui::Ui, m: &mut SpaceMode, out: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        for p in Preset::ALL {
            if ui
                .button(with_key(tr(p.label()), &Action::Look(p)))
                .clicked()
            {
                out.push(Action::Look(p));
            }
        }
        if ui.button(with_key(tr("fit"), &Action::Fit)).clicked() {
            out.push(Action::Fit);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let along = with_key(tr("look along the selected axis"), &Action::LookAlongAxis);
        if ui.button(along).clicked() {
            out.push(Action::LookAlongAxis);
        }
        let edge = with_key(tr("edge-on to the separating plane"), &Action::EdgeOn);
        if ui.button(edge).clicked() {
            out.push(Action::EdgeOn);
        }
    });
    let bars = with_key(tr("interval bars on every axis"), &Action::CycleAxes);
    ui.checkbox(&mut m.overlay.all_bars, bars);
}

/// The mode's entries in the View menu.
pub fn view_menu(ui: &mut egui::Ui, m: &mut SpaceMode, out: &mut Vec<Action>) {
    for p in Preset::ALL {
        crate::app::ui::top_bar::item(ui, ID, tr(p.label()), Action::Look(p), out);
    }
    let bars = with_key(tr("interval bars on every axis"), &Action::CycleAxes);
    ui.checkbox(&mut m.overlay.all_bars, bars);
}
