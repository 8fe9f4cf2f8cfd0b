//! The SAT axes table: one row per candidate axis. Hovering a row lights the
//! axis on the canvas; clicking selects it (click again to deselect).

use crate::app::i18n::{lang, tr, trf, words};
use crate::app::num;
use crate::app::pair::overlay::decisive_axes;
use crate::app::pair::overlay::Reveal;
use crate::app::pair::state::App;
use crate::app::palette::Palette;
use crate::app::shell::sat_words::column_words;
use egui_macroquad::egui;
use satlab::geom::{AxisTest, Verdict};

/// Shows the axes section.
pub fn show(ui: &mut egui::Ui, app: &mut App) {
    let report = &app.results.report;
    let size = app.results.size;
    ui.heading(trf("SAT axes ({})", &[&report.axes.len()]));
    // While the verdict waits for the end of the walk, an axis not yet
    // walked keeps its numbers to itself (they would give the answer away).
    let walked: Option<Vec<usize>> =
        app.class
            .verdict_waiting()
            .then(|| match app.class.reveal() {
                Reveal::Steps { shown, .. } => shown.to_vec(),
                Reveal::All | Reveal::Nothing => Vec::new(),
            });
    let decisive = if walked.is_some() {
        Vec::new()
    } else {
        decisive_axes(report)
    };
    let mut hovered = None;
    let mut clicked = None;
    let sep_color = Palette::of_visuals(ui.visuals()).egui_verdict(Verdict::Separated);
    crate::app::shell::widgets::wide_table(ui, "axes_grid", |ui| {
        egui::Grid::new("axes_grid")
            .num_columns(5)
            .striped(true)
            .spacing(egui::vec2(8.0, 2.0))
            .show(ui, |ui| {
                header(ui);
                for (k, t) in report.axes.iter().enumerate() {
                    let selected = app.axis.selected == Some(k) || app.axis.hovered == Some(k);
                    let mut text = egui::RichText::new(format!("{}", k + 1)).monospace();
                    if decisive.contains(&k) {
                        text = text.strong();
                    }
                    let first = ui.selectable_label(selected, text);
                    let mut src = words::axis_source(&t.source);
                    if report.is_split() {
                        let p = &report.parts[t.part];
                        src.push_str(words::part_suffix(p.a_part));
                        src.push_str(words::part_suffix(p.b_part));
                    }
                    let r2 = ui.label(src);
                    if walked.as_ref().is_some_and(|w| !w.contains(&k)) {
                        for _ in 0..3 {
                            ui.weak("…");
                        }
                        ui.end_row();
                        if first.clicked() || r2.clicked() {
                            clicked = Some(k);
                        }
                        continue;
                    }
                    let (r3, r5) = numbers(ui, t, size);
                    let r6 = if t.separates() {
                        ui.colored_label(sep_color, tr("yes"))
                    } else {
                        ui.weak(tr("no"))
                    };
                    ui.end_row();
                    let row = first
                        .rect
                        .union(r2.rect)
                        .union(r3.rect)
                        .union(r5.rect)
                        .union(r6.rect);
                    if ui.rect_contains_pointer(row) {
                        hovered = Some(k);
                    }
                    if first.clicked() || r2.clicked() {
                        clicked = Some(k);
                    }
                }
            })
    });
    app.axis.hovered = hovered;
    if let Some(k) = clicked {
        app.axis.selected = if app.axis.selected == Some(k) {
            None
        } else {
            Some(k)
        };
    }
    ui.small(tr("Hover a row to light its axis; click to select it (the View menu's \"selected axis\" shows only it)."));
}

/// A row's numbers: A's interval above B's in one cell (the table fits the
/// default panel), then the gap or overlap, with the decimals of the
/// shapes' `size`.
fn numbers(ui: &mut egui::Ui, t: &AxisTest, size: f32) -> (egui::Response, egui::Response) {
    let span = |lo: f32, hi: f32| {
        format!(
            "[{}, {}]",
            num::at_size(lo, 2, size),
            num::at_size(hi, 2, size)
        )
    };
    let intervals = ui
        .vertical(|ui| {
            // Numbers are never broken across lines.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.monospace(span(t.a.min, t.a.max));
            ui.monospace(span(t.b.min, t.b.max));
        })
        .response;
    let amount = num::at_size(t.gap.abs(), 3, size);
    let gap = ui.monospace(if t.gap > 0.0 {
        trf("gap {}", &[&amount])
    } else {
        trf("ovl {}", &[&amount])
    });
    (intervals, gap)
}

/// The table's head row; the intervals' column says what it holds on hover.
fn header(ui: &mut egui::Ui) {
    let [number, from, gap] = column_words(lang());
    ui.strong(number);
    ui.strong(from);
    ui.strong("A / B").on_hover_text(tr(
        "the intervals of A (top) and B (bottom) on the axis: [min, max]",
    ));
    ui.strong(gap);
    ui.strong(tr("sep."));
    ui.end_row();
}
