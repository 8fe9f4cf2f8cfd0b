//! The "Algorithm" section of the inspector (toggle: G or the View menu):
//! the current pair's classic special-case test, step by step, from
//! [`crate::app::pair::teach::algorithm::explain`].

use crate::app::i18n::{lang, tr};
use crate::app::pair::state::App;
use crate::app::pair::teach::algorithm::explain;
use egui_macroquad::egui;

/// Shows the section when it is switched on.
pub fn show(ui: &mut egui::Ui, app: &App) {
    // The worked test gives the answer away while the class predicts.
    if !app.algorithm_panel || app.class.hides_verdict() {
        return;
    }
    let text = explain(&app.scene.a, &app.scene.b, lang());
    ui.heading(tr("Algorithm"));
    ui.label(egui::RichText::new(&text.title).strong());
    for line in &text.lines {
        ui.label(line);
    }
    ui.separator();
}
