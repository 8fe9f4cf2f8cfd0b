//! The field panel: counters of the last queries, view toggles, editing and
//! the random field generator.

use crate::app::field::model::NewKind;
use crate::app::field::FieldMode;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use egui_macroquad::egui;
use satlab::broad::FieldStats;
use std::path::PathBuf;

/// What the panel asks the frame to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// Back to the pair playground.
    Leave,
    /// Save the field scene (an untitled one asks where).
    Save,
    /// Ask where to save, then save.
    SaveAs,
    /// Save to this file (the dialog's answer).
    SaveTo(PathBuf),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Delete the selected shape.
    Delete,
    /// Fit the view.
    Fit,
    /// Add a shape of the chosen kind.
    Add,
    /// Make a random field.
    Generate,
    /// Quit.
    Quit,
}

fn counters(ui: &mut egui::Ui, id: &str, st: &FieldStats) {
    egui::Grid::new(id).num_columns(2).show(ui, |ui| {
        for (name, v) in [
            (tr("nodes visited"), st.nodes_visited),
            (tr("candidates"), st.candidates),
            (tr("hits"), st.hits),
        ] {
            ui.label(name);
            ui.monospace(format!("{v:>6}"));
            ui.end_row();
        }
    });
}

/// The name of a kind the generator and the add button make.
pub fn kind_label(k: NewKind) -> &'static str {
    match k {
        NewKind::Circle => tr("circle"),
        NewKind::Aabb => tr("box"),
        NewKind::Obb => tr("turned box"),
        NewKind::Capsule => tr("capsule"),
        NewKind::Triangle => tr("triangle"),
    }
}

/// Shows the panel; edits `f` directly, returns the rest as acts.
pub fn show(ctx: &egui::Context, f: &mut FieldMode, acts: &mut Vec<Act>) {
    egui::SidePanel::right("field")
        .resizable(false)
        .default_width(230.0)
        .max_width(crate::app::ui::panel_max_width(ctx))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading(tr("Field"));
                if ui.button(tr("Pair playground (F2)")).clicked() {
                    acts.push(Act::Leave);
                }
            });
            if !f.model.name.is_empty() {
                ui.label(egui::RichText::new(&f.model.name).strong());
            }
            ui.label(trf(
                "{} shapes, {} tree nodes",
                &[&f.model.field.len(), &f.model.field.tree().nodes().count()],
            ));
            if let Some((m, err)) = &f.message {
                let c = if *err {
                    egui::Color32::LIGHT_RED
                } else {
                    ui.visuals().weak_text_color()
                };
                ui.colored_label(c, m);
            }
            ui.separator();
            let r = &f.results;
            if f.model.ray.is_some() {
                ui.strong(tr("Ray: all hits"));
                counters(ui, "ray_all", &r.ray_stats);
                ui.strong(tr("Ray: first hit"));
                counters(ui, "ray_first", &r.first_stats);
                match r.first {
                    Some(h) => ui.label(trf(
                        "first: shape {} at t {}",
                        &[&h.index, &num::fixed(h.hit.t, 3)],
                    )),
                    None => ui.label(tr("first: none")),
                };
            } else {
                ui.label(tr("no ray in this field"));
            }
            if f.model.query.is_some() {
                ui.strong(tr("Query shape"));
                counters(ui, "query", &r.query_stats);
            }
            ui.separator();
            ui.checkbox(&mut f.show_cells, tr("tree cells (C)"));
            ui.add_enabled(
                f.show_cells,
                egui::Checkbox::new(&mut f.show_loose, tr("loose bounds (L)")),
            );
            if ui.button(tr("Fit (F)")).clicked() {
                acts.push(Act::Fit);
            }
            ui.separator();
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt("add_kind")
                    .selected_text(kind_label(f.add_kind))
                    .show_ui(ui, |ui| {
                        for k in NewKind::ALL {
                            ui.selectable_value(&mut f.add_kind, k, kind_label(k));
                        }
                    });
                if ui.button(tr("Add")).clicked() {
                    acts.push(Act::Add);
                }
            });
            let sel = f.selected.map_or(tr("none").to_string(), |i| i.to_string());
            ui.horizontal(|ui| {
                ui.label(trf("selected: {}", &[&sel]));
                if ui
                    .add_enabled(f.selected.is_some(), egui::Button::new(tr("Delete (Del)")))
                    .clicked()
                {
                    acts.push(Act::Delete);
                }
            });
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(f.can_undo(), egui::Button::new(tr("Undo")))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    acts.push(Act::Undo);
                }
                if ui
                    .add_enabled(f.can_redo(), egui::Button::new(tr("Redo")))
                    .on_hover_text("Ctrl+Y, Ctrl+Shift+Z")
                    .clicked()
                {
                    acts.push(Act::Redo);
                }
            });
            ui.separator();
            ui.strong(tr("Random field"));
            let g = &mut f.generator;
            ui.horizontal(|ui| {
                ui.label(tr("shapes"));
                ui.add(egui::DragValue::new(&mut g.count).range(0..=100_000).speed(10.0));
                ui.label(tr("seed"));
                ui.add(egui::DragValue::new(&mut g.seed));
            });
            egui::Grid::new("mix").num_columns(2).show(ui, |ui| {
                for (k, w) in NewKind::ALL.iter().zip(g.weights.iter_mut()) {
                    ui.label(kind_label(*k));
                    ui.add(egui::DragValue::new(w).range(0..=10));
                    ui.end_row();
                }
            });
            if ui.button(tr("Generate")).clicked() {
                acts.push(Act::Generate);
            }
            ui.separator();
            let save = match &f.path {
                Some(p) => trf(
                    "Save {} (Ctrl+S)",
                    &[&p.file_name().unwrap_or_default().to_string_lossy()],
                ),
                None => tr("Save… (Ctrl+S)").to_string(),
            };
            ui.horizontal_wrapped(|ui| {
                if ui.button(save).clicked() {
                    acts.push(Act::Save);
                }
                if ui.button(tr("Save as… (Ctrl+Shift+S)")).clicked() {
                    acts.push(Act::SaveAs);
                }
            });
            ui.weak(tr(
                "drag: shapes, the ray's square (origin) and ring (direction); right drag pans; wheel zooms",
            ));
        });
}
