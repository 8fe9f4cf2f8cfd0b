//! F1: every mouse and keyboard action.

use crate::app::i18n::tr;
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
    (
        "L",
        "lesson mode: the folder's scenes in order, their notes large",
    ),
    ("A (axes)", "cycle axes: all, selected, none"),
    ("Tab", "hide or show the panels"),
    (
        "G",
        "the Algorithm panel: the pair's classic test step by step",
    ),
    (
        "M",
        "the Minkowski difference A ⊖ B = { a − b } beside the canvas, origin marked; dragging A moves it the same way, dragging B the opposite way",
    ),
    ("F12", "export the clean canvas as PNG (asks where)"),
    (
        "Ctrl+Shift+C / Ctrl+Shift+V",
        "copy the scene as JSON / paste a shape or a scene from JSON",
    ),
    (
        "F2",
        "field mode: many shapes, a ray and a query shape (F2 again comes back)",
    ),
    (
        "Space / Shift+Space",
        "step through SAT: next / previous axis",
    ),
    ("Home / End", "step: back to the start / run to the end"),
    ("Esc", "leave step mode (or close this help)"),
    ("P", "predict: hide the verdict and every overlay / reveal"),
    ("F1 or ?", "this help"),
    ("Ctrl+Q", "quit"),
];

/// Shows the help window.
pub fn show(ctx: &egui::Context, open: &mut bool) {
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
                    for (keys, what) in ACTIONS {
                        ui.strong(tr(keys));
                        ui.label(tr(what));
                        ui.end_row();
                    }
                });
        });
}
