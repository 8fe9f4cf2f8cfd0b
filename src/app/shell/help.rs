//! F1: every mouse and keyboard action of the mode shown, from the one
//! shortcut table.

use crate::app::i18n::tr;
use crate::app::shell::action::ModeId;
use crate::app::shell::shortcuts::help_rows;
use egui_macroquad::egui;

/// Shows the help window for mode `mode`.
pub fn show(ctx: &egui::Context, open: &mut bool, mode: ModeId) {
    egui::Window::new(tr("Help: mouse and keys"))
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("help_grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (keys, what) in help_rows(mode) {
                        ui.strong(keys);
                        ui.label(tr(what));
                        ui.end_row();
                    }
                });
        });
}
