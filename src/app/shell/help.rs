//! F1: every mouse and keyboard action of the mode shown, from the one
//! shortcut table. The window fits the screen at any size: its table
//! scrolls, and a Close button sits under it (as well as the title bar's ×).

use crate::app::i18n::tr;
use crate::app::shell::action::ModeId;
use crate::app::shell::shortcuts::help_rows;
use egui_macroquad::egui;

/// Logical pixels kept free around the help window.
const MARGIN: f32 = 24.0;

/// Shows the help window for mode `mode`; `open` goes false when it is closed.
pub fn show(ctx: &egui::Context, open: &mut bool, mode: ModeId) {
    let screen = ctx.screen_rect();
    let max_w = (screen.width() - 2.0 * MARGIN).max(160.0);
    let max_h = (screen.height() - 2.0 * MARGIN).max(120.0);
    let mut close = false;
    egui::Window::new(tr("Help: mouse and keys"))
        .id(egui::Id::new("help_window"))
        .open(open)
        .collapsible(false)
        .resizable(false)
        .max_width(max_w)
        .max_height(max_h)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            // Room for the title bar and the Close button under the table.
            let table_h = (max_h - 4.0 * ui.spacing().interact_size.y).max(60.0);
            egui::ScrollArea::vertical()
                .max_height(table_h)
                .auto_shrink([true, true])
                .show(ui, |ui| {
                    egui::Grid::new("help_grid")
                        .num_columns(2)
                        .striped(true)
                        .show(ui, |ui| {
                            for (keys, what) in help_rows(mode) {
                                ui.add(egui::Label::new(egui::RichText::new(keys).strong()).wrap());
                                ui.add(egui::Label::new(tr(what)).wrap());
                                ui.end_row();
                            }
                        });
                });
            ui.separator();
            if ui.button(tr("Close")).clicked() {
                close = true;
            }
        });
    if close {
        *open = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's rectangle after a few frames on a screen `w` × `h`.
    fn help_rect(w: f32, h: f32, mode: ModeId) -> (egui::Rect, egui::Rect) {
        let ctx = egui::Context::default();
        let raw = || crate::app::shell::widgets::screen(w, h);
        let mut open = true;
        for _ in 0..4 {
            let _ = ctx.run(raw(), |ctx| show(ctx, &mut open, mode));
        }
        let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::new("help_window"));
        let rect = ctx
            .memory(|m| m.area_rect(layer.id))
            .unwrap_or(egui::Rect::NOTHING);
        (rect, ctx.screen_rect())
    }

    #[test]
    fn help_fits_the_window_at_every_size_in_every_mode() {
        for (w, h) in [(1280.0, 800.0), (640.0, 480.0), (400.0, 300.0)] {
            for mode in [ModeId::Pair, ModeId::Field, ModeId::Space] {
                let (rect, screen) = help_rect(w, h, mode);
                assert!(rect.is_positive(), "{mode:?} {w}x{h}: no window");
                assert!(
                    screen.contains_rect(rect),
                    "{mode:?} at {w}x{h}: help {rect:?} leaves the screen {screen:?}"
                );
            }
        }
    }
}
