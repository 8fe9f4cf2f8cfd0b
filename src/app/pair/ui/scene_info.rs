//! The scene's name and notes, editable, and the capture button.

use crate::app::i18n::tr;
use crate::app::pair::state::App;
use crate::app::shell::action::Action;
use crate::app::shell::widgets::long_text_edit;
use crate::app::wrap;
use egui_macroquad::egui;

/// Shows the scene section.
pub fn show(ui: &mut egui::Ui, app: &mut App, actions: &mut Vec<Action>) {
    ui.heading(tr("Scene"));
    ui.label(tr("name"));
    // A long name wraps to the panel (a one-line field would hide its
    // end); Enter inserts no line break.
    long_text_edit(ui, &mut app.scene.name, wrap::NAME_CHARS, |t| {
        egui::TextEdit::multiline(t)
            .desired_rows(1)
            .return_key(None)
            .desired_width(f32::INFINITY)
    });
    ui.label(tr("notes"));
    long_text_edit(ui, &mut app.scene.notes, wrap::NOTES_CHARS, |t| {
        egui::TextEdit::multiline(t)
            .desired_rows(3)
            .desired_width(f32::INFINITY)
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr("Capture regression scene…")).clicked() {
            actions.push(Action::Capture);
        }
        if ui.button(tr("Export PNG")).clicked() {
            actions.push(Action::ExportPng);
        }
    });
}
