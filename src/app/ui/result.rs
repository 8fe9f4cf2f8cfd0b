//! The result panel: verdict, distance, penetration depth, MTV.

use crate::app::i18n::{tr, words};
use crate::app::state::App;
use egui_macroquad::egui;
use satlab::geom::Verdict;

/// Shows the result section.
pub fn show(ui: &mut egui::Ui, app: &mut App) {
    if app.class.hides_answers() {
        crate::app::ui::step_panel::hidden_result(ui);
        return;
    }
    let r = &app.results;
    ui.heading(tr("Result"));
    // The verdict under the touching policy (closed sets: the core's).
    let verdict = app.class.ruling.verdict;
    let color = match verdict {
        Verdict::Separated => egui::Color32::from_rgb(61, 200, 140),
        Verdict::Touching => egui::Color32::from_rgb(230, 180, 60),
        Verdict::Overlapping => egui::Color32::from_rgb(240, 90, 100),
    };
    ui.label(
        egui::RichText::new(words::verdict_caps(verdict))
            .color(color)
            .strong()
            .size(18.0),
    );
    egui::Grid::new("result_grid")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(tr("distance"));
            ui.monospace(format!("{:.4}", r.distance.distance));
            ui.end_row();
            ui.label(tr("closest points"));
            ui.monospace(format!(
                "A ({:.2}, {:.2})  B ({:.2}, {:.2})",
                r.distance.point_a.x,
                r.distance.point_a.y,
                r.distance.point_b.x,
                r.distance.point_b.y
            ));
            ui.end_row();
            ui.label(tr("penetration"));
            match r.penetration {
                Some(p) => ui.monospace(format!("{:.4}", p.depth)),
                None => ui.weak("—"),
            };
            ui.end_row();
            ui.label(tr("MTV (moves B)"));
            match r.penetration.map(|p| p.mtv).or_else(|| r.report.mtv()) {
                Some(m) if r.verdict.intersects() => {
                    ui.monospace(format!("({:.4}, {:.4})", m.x, m.y))
                }
                _ => ui.weak("—"),
            };
            ui.end_row();
        });
    if let Some(note) = words::split_note(&r.report) {
        ui.small(note);
    }
    crate::app::ui::step_panel::policy(ui, app);
}
