//! The pair playground's egui panels, one file each. Panels edit the
//! scene and settings directly; anything touching files or the window
//! comes back as an [`Action`] that the shell carries out.

use egui_macroquad::egui;
pub mod algorithm;
pub mod axes_table;
pub mod browser;
pub mod motion;
pub mod random;
pub mod result;
pub mod scene_info;
pub mod shape_editor;
pub mod step_panel;

use crate::app::pair::state::App;
use crate::app::shell::action::Action;
use crate::app::shell::widgets::{next_panel_max_width, panel_scroll, right_panel};
use satlab::geom::Side;

/// The pair playground's panels: the scene browser (when `browser`) and
/// the inspector.
pub fn pair_panels(ctx: &egui::Context, app: &mut App, browser: bool, actions: &mut Vec<Action>) {
    if browser {
        browser::show(ctx, app, actions);
    }
    // The panel's width is the user's (drag its edge): text wraps to it,
    // a table wider than it scrolls sideways under a bar, and with the
    // browser it never takes more than 40 % of the window, so the
    // canvas keeps 60 %.
    let max = next_panel_max_width(ctx.screen_rect().width(), ctx.available_rect().width());
    right_panel(ctx, "inspector", 340.0, max).show(ctx, |ui| {
        panel_scroll(ui, |ui| {
            step_panel::show(ui, app, actions);
            ui.separator();
            algorithm::show(ui, app);
            result::show(ui, app);
            ui.separator();
            shape_editor::show(ui, app, Side::A);
            shape_editor::show(ui, app, Side::B);
            ui.separator();
            random::show(ui, app, actions);
            // The table and the notes give the answer away.
            if !app.class.hides_answers() {
                ui.separator();
                axes_table::show(ui, app);
                ui.separator();
                scene_info::show(ui, app, actions);
            }
        });
    });
}
