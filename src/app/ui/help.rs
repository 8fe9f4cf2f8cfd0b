//! F1: every mouse and keyboard action.

use egui_macroquad::egui;
/// Every action, as (keys, what it does).
pub const ACTIONS: &[(&str, &str)] = &[
    ("Left drag on a shape", "move it"),
    (
        "Left drag on a ring handle",
        "turn the shape (Ctrl: 15° steps, Shift: fine)",
    ),
    (
        "Left drag on a square handle",
        "reshape: radius, box corner, end, half-angle, vertex",
    ),
    ("Double-click a polygon edge", "add a vertex"),
    ("Right-click a vertex / Delete", "remove the vertex"),
    (
        "Ctrl while dragging",
        "snap to the grid (positions) or 15° (angles)",
    ),
    ("Right or middle drag, or left drag on empty canvas", "pan"),
    ("Wheel", "zoom at the cursor"),
    ("F", "fit both shapes"),
    (
        "R / T (Shift: fine)",
        "turn the selected shape left / right",
    ),
    ("Arrow keys (Shift: fine)", "nudge the selected shape"),
    ("Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y", "undo / redo"),
    ("Ctrl+N / Ctrl+O", "new scene / open"),
    ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("PageUp / PageDown", "previous / next scene in the folder"),
    ("A (axes)", "cycle axes: all, selected, none"),
    ("Tab", "hide or show the panels"),
    ("F12", "export the canvas as PNG"),
    ("F1 or ?", "this help"),
    ("Ctrl+Q", "quit"),
];

/// Shows the help window.
pub fn show(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Help: mouse and keys")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("help_grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (keys, what) in ACTIONS {
                        ui.strong(*keys);
                        ui.label(*what);
                        ui.end_row();
                    }
                });
        });
}
