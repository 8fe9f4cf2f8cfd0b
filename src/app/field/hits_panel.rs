//! Hit tables: every ray hit (shape, layer, t, point, normal), every shape
//! the query shape hits (with its depth), every overlapping pair (with its
//! depth), and how many candidates each query left out by layer and by
//! flag. Clicking a row selects its shape.

use crate::app::field::FieldMode;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use egui_macroquad::egui;
use satlab::broad::FieldStats;

/// Most rows a table shows at once before it scrolls.
const VISIBLE_ROWS: usize = 8;

/// Shows the section.
pub fn show(ui: &mut egui::Ui, f: &mut FieldMode) {
    egui::CollapsingHeader::new(tr("Hit tables"))
        .default_open(true)
        .show(ui, |ui| {
            // Cut once here: a row per hit each copies its layer's name.
            let names: Vec<String> = f
                .model
                .layer_names()
                .iter()
                .map(|n| crate::app::wrap::name(n).into_owned())
                .collect();
            let layer = |f: &FieldMode, i: usize| {
                let l = f.model.field.tags().get(i).map_or(0, |t| t.layer.index());
                names.get(l).cloned().unwrap_or_default()
            };
            if f.model.ray.is_some() {
                let rows: Vec<[String; 5]> = f
                    .results
                    .hits
                    .iter()
                    .map(|h| {
                        [
                            h.index.to_string(),
                            layer(f, h.index),
                            num::fixed(h.hit.t, 3),
                            point(h.hit.point),
                            point(h.hit.normal),
                        ]
                    })
                    .collect();
                ui.strong(trf("Ray: {} hits", &[&rows.len()]));
                filtered(ui, &f.results.ray_stats);
                let head = [tr("shape"), tr("layer"), "t", tr("point"), tr("normal")];
                table(ui, "ray_hits", &head, &rows, &mut f.selected);
            }
            if f.model.query.is_some() {
                let r = &f.results;
                let rows: Vec<[String; 3]> = r
                    .query_hits
                    .iter()
                    .zip(&r.query_depths)
                    .map(|(&i, d)| [i.to_string(), layer(f, i), depth(*d)])
                    .collect();
                ui.strong(trf("Query shape: {} hits", &[&rows.len()]));
                filtered(ui, &r.query_stats);
                let head = [tr("shape"), tr("layer"), tr("depth")];
                table(ui, "query_hits", &head, &rows, &mut f.selected);
            }
            ui.checkbox(&mut f.show_pairs, tr("overlapping pairs"))
                .changed()
                .then(|| f.refresh());
            if f.show_pairs {
                let list = &f.results.pairs;
                let pairs = &list.pairs;
                let row = |k: usize| {
                    pairs.get(k).map(|p| {
                        let d = p.penetration.map(|q| q.depth);
                        [p.a.to_string(), p.b.to_string(), depth(d)]
                    })
                };
                ui.label(trf(
                    "{} pairs ({} candidates, {} left out by the matrix, {} by flags)",
                    &[
                        &list.total,
                        &f.results.pair_stats.candidates,
                        &f.results.pair_stats.filtered_by_layer,
                        &f.results.pair_stats.filtered_by_flag,
                    ],
                ));
                let head = [tr("shape"), tr("shape"), tr("depth")];
                let n = pairs.len();
                // The matrix's checkboxes above change these rows: the
                // table keeps its height, so the panel does not move.
                table_with(ui, "pairs", &head, n, row, &mut f.selected, true);
                if !list.is_complete() {
                    ui.weak(trf(
                        "the first {} are listed and drawn; {} more are only counted",
                        &[&n, &list.more()],
                    ));
                }
            }
        });
}

/// How many candidates a query left out by layer and by flag.
fn filtered(ui: &mut egui::Ui, st: &FieldStats) {
    if st.filtered_by_layer + st.filtered_by_flag > 0 {
        ui.weak(trf(
            "left out: {} by layer, {} inactive or disabled",
            &[&st.filtered_by_layer, &st.filtered_by_flag],
        ));
    }
}

/// A table of `rows` under `head`, scrolling past [`VISIBLE_ROWS`] rows and
/// building only the rows in view; a click on a row selects the shape in
/// its first column.
fn table<const N: usize>(
    ui: &mut egui::Ui,
    id: &str,
    head: &[&str; N],
    rows: &[[String; N]],
    selected: &mut Option<usize>,
) {
    table_with(
        ui,
        id,
        head,
        rows.len(),
        |k| rows.get(k).cloned(),
        selected,
        false,
    );
}

/// [`table`] of `n` rows, row `k` made by `row(k)` only while in view;
/// `keep_height`: as tall as a full page whatever `n`.
fn table_with<const N: usize>(
    ui: &mut egui::Ui,
    id: &str,
    head: &[&str; N],
    n: usize,
    row: impl Fn(usize) -> Option<[String; N]>,
    selected: &mut Option<usize>,
    keep_height: bool,
) {
    // A row as the grid lays it out (a selectable label and the spacing
    // under it): a page of VISIBLE_ROWS rows and the head fits exactly.
    let row_h = ui
        .spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body));
    let gap = ui.spacing().item_spacing.y;
    let page = (row_h + gap) * (VISIBLE_ROWS as f32 + 1.0);
    ui.push_id(id, |ui| {
        if keep_height {
            ui.set_min_height(page);
        }
        if n == 0 {
            ui.weak(tr("none"));
            return;
        }
        // Wider than the panel, it scrolls sideways too, under a bar
        // that is always drawn.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        let out = crate::app::shell::widgets::scroll_area(crate::app::shell::widgets::Scroll::Both)
            .max_height(page)
            .show_rows(ui, row_h, n, |ui, range| {
                egui::Grid::new("t").striped(true).show(ui, |ui| {
                    for h in head {
                        ui.strong(*h);
                    }
                    ui.end_row();
                    for row in range.filter_map(&row) {
                        for (cell, h) in row.iter().zip(head) {
                            // A shape number selects its shape.
                            let shape = (*h == tr("shape"))
                                .then(|| cell.parse::<usize>().ok())
                                .flatten();
                            let on = shape.is_some() && shape == *selected;
                            if ui.selectable_label(on, cell).clicked() && shape.is_some() {
                                *selected = shape;
                            }
                        }
                        ui.end_row();
                    }
                });
            });
        crate::app::shell::widgets::note_scrolled(ui.ctx(), out.inner_rect, out.content_size);
    });
}

fn point(p: glam::Vec2) -> String {
    format!("({}, {})", num::fixed(p.x, 2), num::fixed(p.y, 2))
}

fn depth(d: Option<f32>) -> String {
    d.map_or_else(|| "—".into(), |d| num::fixed(d, 3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of a 40-row table wholly in view: the numbers of its
    /// first column drawn inside the table's clip rectangle.
    fn rows_in_view(w: f32) -> usize {
        let ctx = egui::Context::default();
        let raw = || crate::app::shell::widgets::screen(w, 800.0);
        let head = [tr("shape"), tr("shape"), tr("depth")];
        let row = |k: usize| (k < 40).then(|| [format!("{}", 100 + k), "7".into(), "0.125".into()]);
        let mut out = None;
        for _ in 0..3 {
            out = Some(ctx.run(raw(), |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    let mut selected = None;
                    table_with(ui, "pairs", &head, 40, row, &mut selected, true);
                });
            }));
        }
        let Some(out) = out else { return 0 };
        out.shapes
            .iter()
            .filter(|c| match &c.shape {
                egui::epaint::Shape::Text(t) => {
                    let r = t.visual_bounding_rect();
                    t.galley.text().parse::<usize>().is_ok_and(|n| n >= 100)
                        && c.clip_rect.contains_rect(r)
                }
                _ => false,
            })
            .count()
    }

    /// The height a table of `n` rows takes.
    fn table_height(n: usize) -> f32 {
        let ctx = egui::Context::default();
        let head = [tr("shape"), tr("shape"), tr("depth")];
        let row = |k: usize| (k < n).then(|| [k.to_string(), "7".into(), "0.125".into()]);
        let mut h = 0.0;
        for _ in 0..2 {
            let _ = ctx.run(egui::RawInput::default(), |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    let top = ui.cursor().top();
                    table_with(ui, "pairs", &head, n, row, &mut None, true);
                    h = ui.cursor().top() - top;
                });
            });
        }
        h
    }

    #[test]
    fn a_table_keeps_its_height_when_its_rows_change() {
        // A matrix checkbox that takes pairs away must not move the panel.
        let full = table_height(40);
        for n in [0, 1, 3, 8] {
            assert!(
                (table_height(n) - full).abs() < 0.5,
                "{n} rows: {} vs {full}",
                table_height(n)
            );
        }
    }

    #[test]
    fn a_long_table_shows_its_full_page_of_rows() {
        for w in [230.0, 400.0] {
            let n = rows_in_view(w);
            assert!(n >= VISIBLE_ROWS, "{n} rows in view at width {w}");
        }
    }
}
