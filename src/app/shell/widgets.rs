//! Small egui helpers every mode's panels share: side panel widths and
//! an editor for long texts.

use egui_macroquad::egui;

/// An editor for a text a file provides, up to `max_chars` characters:
/// a longer one is shown cut ([`display_cut`](crate::app::wrap::display_cut)),
/// read-only, since egui lays out every character of what it edits. True
/// when the text changed. `edit` makes the editor for the text.
pub fn long_text_edit(
    ui: &mut egui::Ui,
    text: &mut String,
    max_chars: usize,
    edit: impl FnOnce(&mut String) -> egui::TextEdit<'_>,
) -> bool {
    if text.chars().nth(max_chars).is_some() {
        let shown = crate::app::wrap::display_cut(text, max_chars);
        ui.label(shown.as_ref()).on_hover_text(crate::app::i18n::tr(
            "too long to edit here: edit it in the file",
        ));
        return false;
    }
    ui.add(edit(text)).changed()
}

/// The widest a side panel may be: 40 % of the window (at least 160
/// points, so a tiny window still shows some of it).
pub fn panel_max_width(ctx: &egui::Context) -> f32 {
    (ctx.screen_rect().width() * 0.4).max(160.0)
}

/// The widest the next side panel may be, `screen` and `available` wide
/// (points; `available` what the panels already shown left): what is left
/// of 40 % of the window, so all side panels together never take more and
/// the canvas keeps 60 % at any UI scale; at least 48 points (its edge
/// stays grabbable), less when the window is that narrow.
pub fn next_panel_max_width(screen: f32, available: f32) -> f32 {
    let used = (screen - available).max(0.0);
    (screen * 0.4 - used).max(48.0_f32.min(screen * 0.1))
}
#[cfg(test)]
mod tests {
    use super::next_panel_max_width;

    /// Issue 14, item 4: at UI scale 2 on 1280×800 (640 points wide), the
    /// browser at its widest and the inspector at its widest leave the
    /// canvas at least 60 % of the width; so at scale 1, with one panel or
    /// two.
    #[test]
    fn the_side_panels_together_leave_the_canvas_sixty_percent() {
        for scale in [1.0f32, 1.5, 2.0, 3.0] {
            let screen = 1280.0 / scale;
            // The browser may take up to 0.6 of 40 % (browser.rs).
            let browser = 0.6 * (screen * 0.4).max(160.0);
            for left in [0.0, browser * 0.5, browser] {
                let inspector = next_panel_max_width(screen, screen - left);
                let canvas = screen - left - inspector;
                assert!(
                    canvas >= 0.6 * screen - 1e-3,
                    "scale {scale}: browser {left}, inspector {inspector}, canvas {canvas} of {screen}"
                );
            }
        }
        assert_eq!(next_panel_max_width(1000.0, 1000.0), 400.0);
    }
}
