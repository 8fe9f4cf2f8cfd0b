//! The scene's name and notes, editable, and the capture button.

use crate::app::i18n::tr;
use crate::app::state::App;
use crate::app::ui::Action;
use egui_macroquad::egui;

/// Shows the scene section.
pub fn show(ui: &mut egui::Ui, app: &mut App, actions: &mut Vec<Action>) {
    ui.heading(tr("Scene"));
    ui.horizontal(|ui| {
        ui.label(tr("name"));
        ui.add(egui::TextEdit::singleline(&mut app.scene.name).desired_width(f32::INFINITY));
    });
    ui.label(tr("notes"));
    ui.add(
        egui::TextEdit::multiline(&mut app.scene.notes)
            .desired_rows(3)
            .desired_width(f32::INFINITY),
    );
    ui.horizontal(|ui| {
        if ui.button(tr("Capture regression scene…")).clicked() {
            actions.push(Action::Capture);
        }
        if ui.button(tr("Export PNG")).clicked() {
            actions.push(Action::ExportPng);
        }
    });
}
