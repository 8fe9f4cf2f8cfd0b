//! The SAT axes table: one row per candidate axis. Hovering a row lights the
//! axis on the canvas; clicking selects it (click again to deselect).

use crate::app::overlay::decisive_axes;
use crate::app::state::App;
use egui_macroquad::egui;

/// Shows the axes section.
pub fn show(ui: &mut egui::Ui, app: &mut App) {
    let report = &app.results.report;
    ui.heading(format!("SAT axes ({})", report.axes.len()));
    let decisive = decisive_axes(report);
    let mut hovered = None;
    let mut clicked = None;
    let sep_color = egui::Color32::from_rgb(61, 200, 140);
    egui::Grid::new("axes_grid")
        .num_columns(6)
        .striped(true)
        .spacing(egui::vec2(8.0, 2.0))
        .show(ui, |ui| {
            ui.strong("#");
            ui.strong("from");
            ui.strong("A");
            ui.strong("B");
            ui.strong("gap");
            ui.strong("sep.");
            ui.end_row();
            for (k, t) in report.axes.iter().enumerate() {
                let selected = app.axis.selected == Some(k) || app.axis.hovered == Some(k);
                let mut text = egui::RichText::new(format!("{}", k + 1)).monospace();
                if decisive.contains(&k) {
                    text = text.strong();
                }
                let first = ui.selectable_label(selected, text);
                let mut src = t.source.describe();
                if report.is_split() {
                    let p = &report.parts[t.part];
                    src.push_str(p.a_part.suffix());
                    src.push_str(p.b_part.suffix());
                }
                let r2 = ui.label(src);
                let r3 = ui.monospace(format!("[{:.2}, {:.2}]", t.a.min, t.a.max));
                let r4 = ui.monospace(format!("[{:.2}, {:.2}]", t.b.min, t.b.max));
                let word = if t.gap > 0.0 { "gap" } else { "ovl" };
                let r5 = ui.monospace(format!("{word} {:.3}", t.gap.abs()));
                let r6 = if t.separates() {
                    ui.colored_label(sep_color, "yes")
                } else {
                    ui.weak("no")
                };
                ui.end_row();
                let row = first
                    .rect
                    .union(r2.rect)
                    .union(r3.rect)
                    .union(r4.rect)
                    .union(r5.rect)
                    .union(r6.rect);
                if ui.rect_contains_pointer(row) {
                    hovered = Some(k);
                }
                if first.clicked() || r2.clicked() {
                    clicked = Some(k);
                }
            }
        });
    app.axis.hovered = hovered;
    if let Some(k) = clicked {
        app.axis.selected = if app.axis.selected == Some(k) {
            None
        } else {
            Some(k)
        };
    }
    ui.small("Hover a row to light its axis; click to select it (the View menu's \"selected axis\" shows only it).");
}
