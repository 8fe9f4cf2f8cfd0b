//! The result panel: verdict, distance, penetration depth, MTV.

use crate::app::state::App;
use egui_macroquad::egui;
use satlab::geom::Verdict;

/// Shows the result section.
pub fn show(ui: &mut egui::Ui, app: &App) {
    let r = &app.results;
    ui.heading("Result");
    let color = match r.verdict {
        Verdict::Separated => egui::Color32::from_rgb(61, 200, 140),
        Verdict::Touching => egui::Color32::from_rgb(230, 180, 60),
        Verdict::Overlapping => egui::Color32::from_rgb(240, 90, 100),
    };
    ui.label(
        egui::RichText::new(r.verdict.word().to_uppercase())
            .color(color)
            .strong()
            .size(18.0),
    );
    egui::Grid::new("result_grid")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("distance");
            ui.monospace(format!("{:.4}", r.distance.distance));
            ui.end_row();
            ui.label("closest points");
            ui.monospace(format!(
                "A ({:.2}, {:.2})  B ({:.2}, {:.2})",
                r.distance.point_a.x,
                r.distance.point_a.y,
                r.distance.point_b.x,
                r.distance.point_b.y
            ));
            ui.end_row();
            ui.label("penetration");
            match r.penetration {
                Some(p) => ui.monospace(format!("{:.4}", p.depth)),
                None => ui.weak("—"),
            };
            ui.end_row();
            ui.label("MTV (moves B)");
            match r.penetration.map(|p| p.mtv).or_else(|| r.report.mtv()) {
                Some(m) if r.verdict.intersects() => {
                    ui.monospace(format!("({:.4}, {:.4})", m.x, m.y))
                }
                _ => ui.weak("—"),
            };
            ui.end_row();
        });
    if let Some(note) = r.report.split_note() {
        ui.small(note);
    }
}
