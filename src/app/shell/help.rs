//! F1: every mouse and keyboard action of the mode shown, from the one
//! shortcut table. The window fits the screen at any size: its table
//! scrolls, and a Close button sits under it (as well as the title bar's ×).

use crate::app::i18n::tr;
use crate::app::num;
use crate::app::shell::action::ModeId;
use crate::app::shell::shortcuts::help_rows;
use egui_macroquad::egui;

/// Logical pixels kept free around the help window.
const MARGIN: f32 = 24.0;

/// The widest the help window gets (logical pixels): a table of two
/// readable columns, not a screen-wide band.
const MAX_WIDTH: f32 = 760.0;

/// The key column's share of the window's width, and its bounds
/// (logical pixels): keys wrap at word breaks, not letter by letter.
const KEYS_SHARE: f32 = 0.36;
const KEYS_MIN: f32 = 90.0;
const KEYS_MAX: f32 = 250.0;

/// The window's width on a screen `screen_w` wide and its key column's
/// width (logical pixels), both fixed before the first frame lays the
/// table out, so the window opens at its final size.
fn widths(screen_w: f32) -> (f32, f32) {
    let w = num::clamp(screen_w - 2.0 * MARGIN, 160.0, MAX_WIDTH);
    let keys = num::clamp(w * KEYS_SHARE, KEYS_MIN.min(w * 0.5), KEYS_MAX);
    (w, keys)
}

/// Shows the help window for mode `mode`; `open` goes false when it is closed.
pub fn show(ctx: &egui::Context, open: &mut bool, mode: ModeId) {
    let screen = ctx.screen_rect();
    let (w, keys_w) = widths(screen.width());
    let max_h = (screen.height() - 2.0 * MARGIN).max(120.0);
    let mut close = false;
    egui::Window::new(tr("Help: mouse and keys"))
        .id(egui::Id::new("help_window"))
        .open(open)
        .collapsible(false)
        .resizable(false)
        .min_width(w)
        .max_width(w)
        .max_height(max_h)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            // Room for the title bar and the Close button under the table.
            let table_h = (max_h - 4.0 * ui.spacing().interact_size.y).max(60.0);
            super::widgets::scroll_area(super::widgets::Scroll::Vertical)
                .max_height(table_h)
                // Once it scrolls, at its full height from the first frame
                // (egui grows an auto-sized window a little each frame).
                .min_scrolled_height(table_h)
                .auto_shrink([false, true])
                .show(ui, |ui| rows(ui, mode, keys_w));
            ui.separator();
            if ui.button(tr("Close")).clicked() {
                close = true;
            }
        });
    if close {
        *open = false;
    }
}

/// The table: one row per action, the keys in a column `keys_w` wide and
/// the words in the rest, every other row shaded.
fn rows(ui: &mut egui::Ui, mode: ModeId, keys_w: f32) {
    let gap = ui.spacing().item_spacing.x;
    for (i, (keys, what)) in help_rows(mode).into_iter().enumerate() {
        let row_w = ui.available_width();
        let what_w = (row_w - keys_w - gap).max(40.0);
        let shade = ui.painter().add(egui::Shape::Noop);
        let r = ui.horizontal_top(|ui| {
            ui.allocate_ui(egui::vec2(keys_w, 0.0), |ui| {
                ui.set_width(keys_w);
                ui.add(egui::Label::new(egui::RichText::new(keys).strong()).wrap());
            });
            ui.allocate_ui(egui::vec2(what_w, 0.0), |ui| {
                ui.set_width(what_w);
                ui.add(egui::Label::new(tr(what)).wrap());
            });
        });
        if i % 2 == 1 {
            let fill = ui.visuals().faint_bg_color;
            ui.painter()
                .set(shade, egui::Shape::rect_filled(r.response.rect, 0.0, fill));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's rectangle after `frames` frames on a screen `w` × `h`.
    fn help_rect(w: f32, h: f32, mode: ModeId, frames: usize) -> (egui::Rect, egui::Rect) {
        let ctx = egui::Context::default();
        let raw = || crate::app::shell::widgets::screen(w, h);
        let mut open = true;
        for _ in 0..frames {
            let _ = ctx.run(raw(), |ctx| show(ctx, &mut open, mode));
        }
        let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::new("help_window"));
        let rect = ctx
            .memory(|m| m.area_rect(layer.id))
            .unwrap_or(egui::Rect::NOTHING);
        (rect, ctx.screen_rect())
    }

    /// Issue 28, item 7: the help window fits the screen at every size in
    /// every mode, opens at its final size (the first frames' rectangle is
    /// the settled one: it used to open narrow and grow under the reader's
    /// eyes), and on 1280×800 is wide enough that keys wrap at words (its
    /// key column was 50 px: "polygo / n edge").
    #[test]
    fn help_fits_the_window_at_every_size_in_every_mode() {
        for (w, h) in [(1280.0, 800.0), (640.0, 480.0), (400.0, 300.0)] {
            for mode in [ModeId::Pair, ModeId::Field, ModeId::Space] {
                let (rect, screen) = help_rect(w, h, mode, 4);
                assert!(rect.is_positive(), "{mode:?} {w}x{h}: no window");
                assert!(
                    screen.contains_rect(rect),
                    "{mode:?} at {w}x{h}: help {rect:?} leaves the screen {screen:?}"
                );
                let (first, _) = help_rect(w, h, mode, 2);
                assert!(
                    (first.min - rect.min).length() < 1.0 && (first.max - rect.max).length() < 1.0,
                    "{mode:?} at {w}x{h}: opens at {first:?}, settles at {rect:?}"
                );
                if w >= 1280.0 {
                    assert!(rect.width() >= 600.0, "{mode:?}: {} wide", rect.width());
                }
            }
        }
        let (w, keys) = widths(1280.0);
        assert!(keys >= 200.0 && w <= MAX_WIDTH, "{w} {keys}");
        let (w, keys) = widths(f32::NAN);
        assert!(w >= 160.0 && keys > 0.0, "{w} {keys}");
    }
}
