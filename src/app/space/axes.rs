//! The axes table panel: every candidate axis in SAT's order with where it
//! comes from, both projection intervals and the gap; skipped edge pairs
//! with their reason (wrapped under the table), and how many edge pairs
//! were pruned (not listed). Hovering a row lights its axis on the canvas,
//! clicking selects it (again: unselects).
//!
//! Two irregular 40-point hulls still give hundreds of axes, so the table
//! is virtualised: rows of one height in a scroll area of at most
//! [`TABLE_ROWS`] rows, and only the rows in view are laid out
//! (`ScrollArea::show_rows`). Columns share the panel's width
//! ([`column_widths`]); a cell too narrow for its text ends in "…" and the
//! row's tooltip gives it whole.

use super::overlay::shown_decisive;
use super::SpaceMode;
use crate::app::i18n::{lang, tr, trf};
use crate::app::num;
use crate::app::shell::sat_words::column_words;
use egui_macroquad::egui;
use satlab::geom3d::{AxisTest3, SatReport3};

/// The most rows the table shows before it scrolls.
pub const TABLE_ROWS: usize = 14;

/// At most this many distinct skip reasons are written out under the table.
const REASONS: usize = 3;

/// Widths of the columns #, axis from, A, B and gap, points, sharing
/// `total` points: the number and the gap keep a fixed share, the rest
/// goes to the source and the two intervals (a third each). They never
/// add up to more than `total`.
pub fn column_widths(total: f32) -> [f32; 5] {
    let total = total.max(0.0);
    let number = (0.08 * total).min(40.0);
    let gap = (0.14 * total).min(64.0);
    let rest = (total - number - gap) / 3.0;
    [number, rest, rest, rest, gap]
}

/// The cells of row `k` (axis `t`), in column order.
fn cells(k: usize, t: &AxisTest3, star: bool, size: f32) -> [String; 5] {
    let mark = if star { "★" } else { "" };
    let iv = |a: f32, b: f32| {
        format!(
            "[{}, {}]",
            num::at_size(a, 2, size),
            num::at_size(b, 2, size)
        )
    };
    match t.skipped {
        Some(_) => [
            format!("{}{mark}", k + 1),
            super::words::axis_source(&t.source),
            tr("skipped").to_string(),
            String::new(),
            "—".to_string(),
        ],
        None => [
            format!("{}{mark}", k + 1),
            super::words::axis_source(&t.source),
            iv(t.a.min, t.a.max),
            iv(t.b.min, t.b.max),
            num::at_size(t.gap, 3, size),
        ],
    }
}

/// The skip reasons of `r`, each with the 1-based numbers of its axes,
/// in the order first met.
pub fn skip_groups(r: &SatReport3) -> Vec<(Vec<usize>, String)> {
    let mut out: Vec<(Vec<usize>, String)> = Vec::new();
    for (k, t) in r.axes.iter().enumerate() {
        let Some(why) = t.skipped else { continue };
        let why = super::words::skip_reason(why);
        match out.iter_mut().find(|(_, w)| *w == why) {
            Some((ks, _)) => ks.push(k + 1),
            None => out.push((vec![k + 1], why)),
        }
    }
    out
}

/// Shows the table.
pub fn show(ui: &mut egui::Ui, m: &mut SpaceMode) {
    let size = m.size;
    let r = &m.report;
    ui.strong(trf(
        "Axes: {} candidates, {} skipped",
        &[&r.axes.len(), &r.skipped_count()],
    ));
    if r.pruned > 0 {
        ui.add(egui::Label::new(egui::RichText::new(trf(
            "{} edge pairs left out: their Gauss-map arcs do not cross, so they form no face of the Minkowski difference and cannot separate",
            &[&r.pruned],
        )).weak()).wrap());
    }
    let widths = column_widths(ui.available_width());
    let font = egui::TextStyle::Body.resolve(ui.style());
    let row_h = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let strong = ui.visuals().strong_text_color();
    let [number, from, gap] = column_words(lang());
    let head = [number, from, "A", "B", gap].map(String::from);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(widths.iter().sum(), row_h), egui::Sense::hover());
    paint_cells(ui, rect, &widths, &head, &font, strong);
    let key = shown_decisive(r, &m.overlay);
    let (selected, mut hovered, mut clicked) = (m.overlay.selected, None, None);
    // A page of rows, or all of them when fewer: the outer panel scrolls
    // too, and would otherwise squeeze the table to what is left in view.
    let page = TABLE_ROWS.min(r.axes.len()) as f32 * (row_h + ui.spacing().item_spacing.y);
    crate::app::shell::widgets::scroll_area(crate::app::shell::widgets::Scroll::Vertical)
        .id_salt("space-axes")
        .max_height(page)
        .min_scrolled_height(page)
        .auto_shrink([false, true])
        .show_rows(ui, row_h, r.axes.len(), |ui, range| {
            for k in range {
                let Some(t) = r.axes.get(k) else { continue };
                let (rect, resp) = ui.allocate_exact_size(
                    egui::vec2(widths.iter().sum(), row_h),
                    egui::Sense::click(),
                );
                let v = ui.visuals();
                let fill = if selected == Some(k) {
                    Some(v.selection.bg_fill)
                } else if resp.hovered() {
                    Some(v.widgets.hovered.weak_bg_fill)
                } else {
                    (k % 2 == 1).then_some(v.faint_bg_color)
                };
                if let Some(c) = fill {
                    ui.painter().rect_filled(rect, 2.0, c);
                }
                let colour = if selected == Some(k) {
                    v.selection.stroke.color
                } else {
                    v.text_color()
                };
                let row = cells(k, t, Some(k) == key, size);
                paint_cells(ui, rect, &widths, &row, &font, colour);
                let resp = resp.on_hover_text(row_tooltip(&row, t));
                if resp.hovered() {
                    hovered = Some(k);
                }
                if resp.clicked() {
                    clicked = Some(k);
                }
            }
        });
    skip_reasons(ui, r);
    m.overlay.hovered = hovered;
    if let Some(k) = clicked {
        m.overlay.selected = if m.overlay.selected == Some(k) {
            None
        } else {
            Some(k)
        };
    }
}

/// The whole row in words, for its tooltip: what a narrow cell cut.
fn row_tooltip(row: &[String; 5], t: &AxisTest3) -> String {
    match t.skipped {
        Some(why) => format!("#{} {}: {}", row[0], row[1], super::words::skip_reason(why)),
        None => format!(
            "#{} {}\nA {}  B {}\n{} {}",
            row[0],
            row[1],
            row[2],
            row[3],
            tr("gap"),
            row[4]
        ),
    }
}

/// Paints `texts` in columns of `widths` across `rect`, each cut to its
/// column with "…".
fn paint_cells(
    ui: &egui::Ui,
    rect: egui::Rect,
    widths: &[f32; 5],
    texts: &[String; 5],
    font: &egui::FontId,
    colour: egui::Color32,
) {
    let mut x = rect.min.x;
    for (w, text) in widths.iter().zip(texts) {
        let inner = (w - 6.0).max(0.0);
        let mut job = egui::text::LayoutJob::simple_singleline(text.clone(), font.clone(), colour);
        job.wrap = egui::text::TextWrapping::truncate_at_width(inner);
        let galley = ui.fonts(|f| f.layout_job(job));
        let y = rect.center().y - 0.5 * galley.size().y;
        ui.painter().galley(egui::pos2(x + 2.0, y), galley, colour);
        x += w;
    }
}

/// The skip reasons, wrapped to the panel under the table, with the
/// numbers of the axes each applies to (at most [`REASONS`] reasons).
fn skip_reasons(ui: &mut egui::Ui, r: &SatReport3) {
    let groups = skip_groups(r);
    for (ks, why) in groups.iter().take(REASONS) {
        let numbers: Vec<String> = ks.iter().map(|k| format!("#{k}")).collect();
        let text = trf("{} skipped: {}", &[&numbers.join(", "), why]);
        ui.add(egui::Label::new(egui::RichText::new(text).weak()).wrap());
    }
    if groups.len() > REASONS {
        ui.weak(trf("and {} more reasons", &[&(groups.len() - REASONS)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_columns_share_the_panel_and_never_exceed_it() {
        for total in [0.0, 120.0, 250.0, 330.0, 600.0] {
            let w = column_widths(total);
            let sum: f32 = w.iter().sum();
            assert!(sum <= total + 1e-3, "{total}: {w:?}");
            assert!(w.iter().all(|x| *x >= 0.0));
        }
        let w = column_widths(330.0);
        assert!(w[1] > w[0] && w[2] > w[4], "{w:?}");
    }
}
