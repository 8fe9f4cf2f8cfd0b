//! Hit tables: every ray hit (shape, layer, t, point, normal), every shape
//! the query shape hits (with its depth), every overlapping pair (with its
//! depth), and how many candidates each query left out by layer and by
//! flag. Clicking a row selects its shape.

use crate::app::field::FieldMode;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use egui_macroquad::egui;
use satlab::broad::FieldStats;

/// Height of a table row, points.
const ROW: f32 = 18.0;
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
                table_with(ui, "pairs", &head, n, row, &mut f.selected);
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
    table_with(ui, id, head, rows.len(), |k| rows.get(k).cloned(), selected);
}

/// [`table`] of `n` rows, row `k` made by `row(k)` only while in view.
fn table_with<const N: usize>(
    ui: &mut egui::Ui,
    id: &str,
    head: &[&str; N],
    n: usize,
    row: impl Fn(usize) -> Option<[String; N]>,
    selected: &mut Option<usize>,
) {
    if n == 0 {
        ui.weak(tr("none"));
        return;
    }
    ui.push_id(id, |ui| {
        let h = ROW * (n.min(VISIBLE_ROWS) as f32 + 1.0);
        egui::ScrollArea::vertical()
            .max_height(h)
            .show_rows(ui, ROW, n, |ui, range| {
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
    });
}

fn point(p: glam::Vec2) -> String {
    format!("({}, {})", num::fixed(p.x, 2), num::fixed(p.y, 2))
}

fn depth(d: Option<f32>) -> String {
    d.map_or_else(|| "—".into(), |d| num::fixed(d, 3))
}
