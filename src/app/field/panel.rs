//! The field panel: counters of the last queries, view toggles, editing and
//! the random field generator.

use crate::app::field::action::FieldAction;
use crate::app::field::model::NewKind;
use crate::app::field::{hits_panel, layers_panel, FieldMode, ID};
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::palette::Palette;
use crate::app::shell::action::Action;
use crate::app::shell::shortcuts::{self, key_text};
use egui_macroquad::egui;
use satlab::broad::FieldStats;

/// `what (key)`, the key from the shortcut table.
fn with_key(what: &str, a: &Action) -> String {
    shortcuts::with_key(what, a, ID)
}

/// The canvas toggles (also in the View menu): tree cells, loose bounds.
pub fn view_toggles(ui: &mut egui::Ui, f: &mut FieldMode) {
    ui.checkbox(
        &mut f.show_cells,
        with_key(tr("tree cells"), &Action::Field(FieldAction::Cells)),
    );
    ui.add_enabled(
        f.show_cells,
        egui::Checkbox::new(
            &mut f.show_loose,
            with_key(tr("loose bounds"), &Action::Field(FieldAction::Loose)),
        ),
    );
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
pub fn show(ctx: &egui::Context, f: &mut FieldMode, pal: &Palette, acts: &mut Vec<Action>) {
    // As the pair playground's inspector: the width is the user's (drag
    // its edge); text wraps to it, wider tables scroll sideways under a bar.
    let max = crate::app::shell::widgets::panel_max_width(ctx);
    crate::app::shell::widgets::right_panel(ctx, "field", 230.0, max).show(ctx, |ui| {
        crate::app::shell::widgets::panel_scroll(ui, |ui| sections(ui, f, pal, acts));
    });
}

/// The panel's sections, top to bottom.
fn sections(ui: &mut egui::Ui, f: &mut FieldMode, pal: &Palette, acts: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        ui.heading(tr("Field"));
        let back = with_key(tr("Pair playground"), &Action::NextMode);
        if ui.button(back).clicked() {
            acts.push(Action::ShowMode(crate::app::shell::action::ModeId::Pair));
        }
    });
    if !f.model.name.is_empty() {
        ui.label(egui::RichText::new(crate::app::wrap::name(&f.model.name)).strong());
    }
    ui.label(trf(
        "{} shapes, {} tree nodes",
        &[&f.model.field.len(), &f.model.field.tree().nodes().count()],
    ));
    ui.separator();
    results(ui, f);
    ui.separator();
    editing(ui, f, acts);
    ui.separator();
    layers_panel::show(ui, f, pal);
    hits_panel::show(ui, f);
    ui.separator();
    generator(ui, f, acts);
    ui.separator();
    ui.weak(tr(
                "drag: shapes, the ray's square (origin) and ring (direction); right drag pans; wheel zooms",
            ));
}

/// What the last queries found: counters and the first hit.
fn results(ui: &mut egui::Ui, f: &FieldMode) {
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
}

/// View toggles, fit, adding, deleting, undo and redo.
fn editing(ui: &mut egui::Ui, f: &mut FieldMode, acts: &mut Vec<Action>) {
    view_toggles(ui, f);
    if ui.button(with_key(tr("Fit"), &Action::Fit)).clicked() {
        acts.push(Action::Fit);
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("add_kind")
            .selected_text(kind_label(f.add_kind))
            .show_ui(ui, |ui| {
                for k in NewKind::ALL {
                    ui.selectable_value(&mut f.add_kind, k, kind_label(k));
                }
            });
        if ui.button(tr("Add")).clicked() {
            acts.push(Action::Field(FieldAction::Add));
        }
    });
    let sel = f.selected.map_or(tr("none").to_string(), |i| i.to_string());
    ui.horizontal_wrapped(|ui| {
        ui.label(trf("selected: {}", &[&sel]));
        if ui
            .add_enabled(
                f.selected.is_some(),
                egui::Button::new(with_key(tr("Delete"), &Action::Delete)),
            )
            .clicked()
        {
            acts.push(Action::Delete);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(f.can_undo(), egui::Button::new(tr("Undo")))
            .on_hover_text(key_text(&Action::Undo, ID))
            .clicked()
        {
            acts.push(Action::Undo);
        }
        if ui
            .add_enabled(f.can_redo(), egui::Button::new(tr("Redo")))
            .on_hover_text(key_text(&Action::Redo, ID))
            .clicked()
        {
            acts.push(Action::Redo);
        }
    });
}

/// The random field generator.
fn generator(ui: &mut egui::Ui, f: &mut FieldMode, acts: &mut Vec<Action>) {
    ui.strong(tr("Random field"));
    let g = &mut f.generator;
    ui.horizontal_wrapped(|ui| {
        ui.label(tr("shapes"));
        ui.add(
            egui::DragValue::new(&mut g.count)
                .range(0..=100_000)
                .speed(10.0),
        );
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
        acts.push(Action::Generate);
    }
}
