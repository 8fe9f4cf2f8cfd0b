//! The field panel: counters of the last queries, view toggles, editing and
//! the random field generator.

use crate::app::field::model::NewKind;
use crate::app::field::FieldMode;
use egui_macroquad::egui;
use satlab::broad::FieldStats;

/// What the panel asks the frame to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// Back to the pair playground.
    Leave,
    /// Save the field scene.
    Save,
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
            ("nodes visited", st.nodes_visited),
            ("candidates", st.candidates),
            ("hits", st.hits),
        ] {
            ui.label(name);
            ui.monospace(format!("{v:>6}"));
            ui.end_row();
        }
    });
}

/// Shows the panel; edits `f` directly, returns the rest as acts.
pub fn show(ctx: &egui::Context, f: &mut FieldMode, acts: &mut Vec<Act>) {
    egui::SidePanel::right("field")
        .resizable(false)
        .default_width(230.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Field");
                if ui.button("Pair playground (F2)").clicked() {
                    acts.push(Act::Leave);
                }
            });
            if !f.model.name.is_empty() {
                ui.label(egui::RichText::new(&f.model.name).strong());
            }
            ui.label(format!(
                "{} shapes, {} tree nodes",
                f.model.field.len(),
                f.model.field.tree().nodes().count()
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
                ui.strong("Ray: all hits");
                counters(ui, "ray_all", &r.ray_stats);
                ui.strong("Ray: first hit");
                counters(ui, "ray_first", &r.first_stats);
                match r.first {
                    Some(h) => ui.label(format!("first: shape {} at t {:.3}", h.index, h.hit.t)),
                    None => ui.label("first: none"),
                };
            } else {
                ui.label("no ray in this field");
            }
            if f.model.query.is_some() {
                ui.strong("Query shape");
                counters(ui, "query", &r.query_stats);
            }
            ui.separator();
            ui.checkbox(&mut f.show_cells, "tree cells (C)");
            ui.add_enabled(
                f.show_cells,
                egui::Checkbox::new(&mut f.show_loose, "loose bounds (L)"),
            );
            if ui.button("Fit (F)").clicked() {
                acts.push(Act::Fit);
            }
            ui.separator();
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt("add_kind")
                    .selected_text(f.add_kind.label())
                    .show_ui(ui, |ui| {
                        for k in NewKind::ALL {
                            ui.selectable_value(&mut f.add_kind, k, k.label());
                        }
                    });
                if ui.button("Add").clicked() {
                    acts.push(Act::Add);
                }
            });
            let sel = f.selected.map_or("none".to_string(), |i| i.to_string());
            ui.horizontal(|ui| {
                ui.label(format!("selected: {sel}"));
                if ui
                    .add_enabled(f.selected.is_some(), egui::Button::new("Delete (Del)"))
                    .clicked()
                {
                    acts.push(Act::Delete);
                }
            });
            ui.separator();
            ui.strong("Random field");
            let g = &mut f.generator;
            ui.horizontal(|ui| {
                ui.label("shapes");
                ui.add(egui::DragValue::new(&mut g.count).range(0..=100_000).speed(10.0));
                ui.label("seed");
                ui.add(egui::DragValue::new(&mut g.seed));
            });
            egui::Grid::new("mix").num_columns(2).show(ui, |ui| {
                for (k, w) in NewKind::ALL.iter().zip(g.weights.iter_mut()) {
                    ui.label(k.label());
                    ui.add(egui::DragValue::new(w).range(0..=10));
                    ui.end_row();
                }
            });
            if ui.button("Generate").clicked() {
                acts.push(Act::Generate);
            }
            ui.separator();
            let save = match &f.path {
                Some(p) => format!(
                    "Save {} (Ctrl+S)",
                    p.file_name().unwrap_or_default().to_string_lossy()
                ),
                None => "Save (Ctrl+S)".to_string(),
            };
            if ui.button(save).clicked() {
                acts.push(Act::Save);
            }
            ui.weak("drag: shapes, the ray's square (origin) and ring (direction); right drag pans; wheel zooms");
        });
}
