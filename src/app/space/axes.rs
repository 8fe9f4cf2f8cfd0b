//! The axes table panel: every candidate axis in SAT's order with where it
//! comes from, both projection intervals and the gap; skipped edge pairs
//! with their reason, and how many edge pairs were pruned (not listed). Hovering a row lights its axis on the canvas,
//! clicking selects it (again: unselects).

use super::overlay::decisive;
use super::SpaceMode;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use egui_macroquad::egui;

/// Shows the table.
pub fn show(ui: &mut egui::Ui, m: &mut SpaceMode) {
    let r = &m.report;
    ui.strong(trf(
        "Axes: {} candidates, {} skipped",
        &[&r.axes.len(), &r.skipped_count()],
    ));
    if r.pruned > 0 {
        ui.weak(trf(
            "{} edge pairs left out: their Gauss-map arcs do not cross, so they form no face of the Minkowski difference and cannot separate",
            &[&r.pruned],
        ));
    }
    let key = decisive(r);
    let mut hovered = None;
    let mut clicked = None;
    egui::Grid::new("space-axes")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in ["#", tr("axis from"), "A", "B", tr("gap")] {
                ui.strong(h);
            }
            ui.end_row();
            for (k, t) in r.axes.iter().enumerate() {
                let on = m.overlay.selected == Some(k);
                let mark = if Some(k) == key { "★" } else { "" };
                let iv = |a: f32, b: f32| format!("[{}, {}]", num::fixed(a, 2), num::fixed(b, 2));
                let cells = match t.skipped {
                    Some(why) => [
                        format!("{}{mark}", k + 1),
                        super::words::axis_source(&t.source),
                        tr("skipped").to_string(),
                        String::new(),
                        super::words::skip_reason(why),
                    ],
                    None => [
                        format!("{}{mark}", k + 1),
                        super::words::axis_source(&t.source),
                        iv(t.a.min, t.a.max),
                        iv(t.b.min, t.b.max),
                        num::fixed(t.gap, 3),
                    ],
                };
                for c in cells {
                    let resp = ui.selectable_label(on, c);
                    if resp.hovered() {
                        hovered = Some(k);
                    }
                    if resp.clicked() {
                        clicked = Some(k);
                    }
                }
                ui.end_row();
            }
        });
    m.overlay.hovered = hovered;
    if let Some(k) = clicked {
        m.overlay.selected = if m.overlay.selected == Some(k) {
            None
        } else {
            Some(k)
        };
    }
}
