//! The "Algorithm" section of the inspector (toggle: G or the View menu):
//! the current pair's classic special-case test, step by step, from
//! [`crate::app::pair::teach::algorithm::explain`].

use crate::app::i18n::{lang, tr};
use crate::app::pair::state::App;
use crate::app::pair::teach::algorithm::explain;
use egui_macroquad::egui;

/// Shows the section when it is switched on: every step, or while its walk
/// is on (Step through), the steps up to the one reached.
pub fn show(ui: &mut egui::Ui, app: &mut App) {
    // The worked test gives the answer away while the class predicts.
    if !app.algorithm_panel || app.class.hides_verdict() {
        return;
    }
    let text = explain(&app.scene.a, &app.scene.b, lang());
    ui.heading(tr("Algorithm"));
    ui.label(egui::RichText::new(&text.title).strong());
    let n = text.lines.len();
    ui.horizontal(|ui| {
        let walking = app.algorithm_step.is_some();
        let toggle = if walking {
            tr("Show every step")
        } else {
            tr("Step through")
        };
        if ui.button(toggle).clicked() {
            app.algorithm_step = if walking { None } else { Some(0) };
        }
        if let Some(k) = app.algorithm_step.map(|k| k.min(n.saturating_sub(1))) {
            if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
                app.algorithm_step = Some(k - 1);
            }
            ui.monospace(format!("{} / {n}", k + 1));
            if ui.add_enabled(k + 1 < n, egui::Button::new("▶")).clicked() {
                app.algorithm_step = Some(k + 1);
            }
        }
    });
    let shown = app.algorithm_step.map_or(n, |k| k + 1);
    for line in text.lines.iter().take(shown) {
        ui.label(line);
    }
    ui.separator();
}
