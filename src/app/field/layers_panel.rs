//! The Layers panel: layer names and colours, the collision matrix as a
//! triangle of checkboxes, the ray's and the query shape's masks, and the
//! selected shape's layer and flags. Every change is one undo step.

use crate::app::field::FieldMode;
use crate::app::i18n::tr;
use crate::app::palette::{layer_colour_or, Palette};
use crate::app::shell::widgets::long_text_edit;
use crate::app::wrap::{self, NAME_CHARS};
use egui_macroquad::egui;
use satlab::broad::{Layer, LayerMask, LayerMatrix, ShapeTags, MAX_LAYERS};

/// What the panel edits, copied out so a change can be recorded first.
#[derive(Debug, Clone, PartialEq)]
struct Edit {
    names: Vec<String>,
    colours: Vec<Option<[u8; 3]>>,
    matrix: LayerMatrix,
    ray_mask: LayerMask,
    query_mask: LayerMask,
    tags: Option<ShapeTags>,
}

/// Shows the panel's section for `f` with colours from `pal`.
pub fn show(ui: &mut egui::Ui, f: &mut FieldMode, pal: &Palette) {
    let before = edit_of(f);
    let m = &f.model;
    let mut e = before.clone();
    let open = !m.layers.is_empty() || m.field.tags().iter().any(|t| *t != ShapeTags::default());
    egui::CollapsingHeader::new(tr("Layers"))
        .default_open(open)
        .show(ui, |ui| {
            names(ui, &mut e, pal);
            if e.names.len() < MAX_LAYERS && ui.button(tr("Add layer")).clicked() {
                e.names.push(format!("Layer {}", e.names.len()));
                e.colours.push(None);
            }
            ui.strong(tr("Collision matrix"));
            matrix(ui, &e.names, &mut e.matrix);
            if m.ray.is_some() {
                ui.strong(tr("The ray sees"));
                mask(ui, "ray_mask", &e.names, &mut e.ray_mask);
            }
            if m.query.is_some() {
                ui.strong(tr("The query shape sees"));
                mask(ui, "query_mask", &e.names, &mut e.query_mask);
            }
            if let Some(t) = e.tags.as_mut() {
                ui.strong(tr("Selected shape"));
                tags(ui, &e.names, t);
            }
        });
    if e != before {
        apply(f, before, e);
    }
}

/// What the panel shows of `f`.
fn edit_of(f: &FieldMode) -> Edit {
    let m = &f.model;
    let names = m.layer_names();
    let mut colours = m.layers.colours.clone();
    colours.resize(names.len(), None);
    Edit {
        names,
        colours,
        matrix: m.layers.matrix(),
        ray_mask: m.ray_mask(),
        query_mask: m.query_mask(),
        tags: f.selected.and_then(|i| m.field.tags().get(i).copied()),
    }
}

/// Records the state before the change, then makes it.
fn apply(f: &mut FieldMode, before: Edit, e: Edit) {
    f.before_edit();
    let l = &mut f.model.layers;
    if e.names != before.names {
        l.names = e.names;
    }
    if e.colours != before.colours {
        l.colours = e.colours;
    }
    if e.matrix != before.matrix {
        l.matrix = Some(Box::new(e.matrix));
    }
    if e.ray_mask != before.ray_mask {
        l.ray_mask = Some(e.ray_mask);
    }
    if e.query_mask != before.query_mask {
        l.query_mask = Some(e.query_mask);
    }
    if let (Some(i), Some(t)) = (f.selected, e.tags) {
        if Some(t) != before.tags {
            f.model.field.set_tags(i, t);
        }
    }
    f.touched();
}

/// A colour button and an editable name per layer.
fn names(ui: &mut egui::Ui, e: &mut Edit, pal: &Palette) {
    let names = &mut e.names;
    for k in 0..names.len() {
        ui.horizontal_wrapped(|ui| {
            let chosen = e.colours.get(k).copied().flatten();
            let mut c = rgb(layer_colour_or(pal, k, chosen));
            if ui.color_edit_button_srgb(&mut c).changed() {
                if let Some(slot) = e.colours.get_mut(k) {
                    *slot = Some(c);
                }
            }
            ui.label(format!("{k}"));
            let mut text = names.get(k).cloned().unwrap_or_default();
            let changed = long_text_edit(ui, &mut text, NAME_CHARS, |t| {
                egui::TextEdit::singleline(t).desired_width(140.0)
            });
            // A name stays non-empty and distinct, as the file format asks:
            // a change that breaks that is not taken.
            let taken = names.iter().enumerate().any(|(j, n)| j != k && *n == text);
            if changed && !text.trim().is_empty() && !taken {
                if let Some(n) = names.get_mut(k) {
                    *n = text;
                }
            }
        });
    }
}

/// The collision matrix as the usual triangle: row `i`, columns `j ≤ i`.
fn matrix(ui: &mut egui::Ui, names: &[String], m: &mut LayerMatrix) {
    crate::app::shell::widgets::wide_table(ui, "layer_matrix", |ui| {
        egui::Grid::new("layer_matrix").show(ui, |ui| {
            ui.label("");
            for k in 0..names.len() {
                ui.label(format!("{k}"));
            }
            ui.end_row();
            for (i, name) in names.iter().enumerate() {
                ui.label(format!("{i} {}", wrap::name(name)));
                for j in 0..=i {
                    let (Some(a), Some(b)) = (Layer::new(i), Layer::new(j)) else {
                        continue;
                    };
                    let mut on = m.collides(a, b);
                    if ui.checkbox(&mut on, "").changed() {
                        m.set(a, b, on);
                    }
                }
                ui.end_row();
            }
        })
    });
}

/// A mask as one checkbox per layer.
fn mask(ui: &mut egui::Ui, id: &str, names: &[String], mask: &mut LayerMask) {
    ui.push_id(id, |ui| {
        ui.horizontal_wrapped(|ui| {
            for (k, name) in names.iter().enumerate() {
                let Some(l) = Layer::new(k) else { continue };
                let mut on = mask.contains(l);
                if ui.checkbox(&mut on, wrap::name(name)).changed() {
                    *mask = if on {
                        mask.with(l)
                    } else {
                        LayerMask(mask.0 & !l.bit())
                    };
                }
            }
        });
    });
}

/// The selected shape's layer and its two flags.
fn tags(ui: &mut egui::Ui, names: &[String], t: &mut ShapeTags) {
    let current = names
        .get(t.layer.index())
        .map(|n| wrap::name(n).into_owned())
        .unwrap_or_default();
    egui::ComboBox::from_id_salt("shape_layer")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (k, name) in names.iter().enumerate() {
                if let Some(l) = Layer::new(k) {
                    ui.selectable_value(&mut t.layer, l, wrap::name(name));
                }
            }
        });
    ui.checkbox(&mut t.active, tr("active"));
    ui.checkbox(&mut t.enabled, tr("enabled"));
}

fn rgb(c: macroquad::color::Color) -> [u8; 3] {
    let b = |v: f32| (crate::app::num::clamp(v, 0.0, 1.0) * 255.0).round() as u8;
    [b(c.r), b(c.g), b(c.b)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::field::model::FieldModel;
    use crate::app::field::FieldResults;
    use crate::app::shell::mode::Mode;

    fn field() -> FieldMode {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/07-broad-phase/12-layer-matrix-pairs.json");
        let Ok(satlab::scene::AnyScene::Field(sc)) = satlab::scene::load_any(&p) else {
            panic!("scene 12 loads as a field")
        };
        FieldMode::new(FieldModel::from_scene(&sc), Some(p), sc.view)
    }

    #[test]
    fn a_panel_edit_changes_the_queries_is_saved_and_undoes_in_one_step() {
        let mut f = field();
        let pairs = |f: &mut FieldMode| FieldResults::compute(&mut f.model, true).pairs.total;
        let before_pairs = pairs(&mut f);
        assert!(before_pairs > 0);
        f.selected = Some(0);
        let before = edit_of(&f);
        let mut e = before.clone();
        // Nothing collides any more, shape 0 goes inactive, a layer is renamed.
        e.matrix = LayerMatrix::NONE;
        if let Some(t) = e.tags.as_mut() {
            t.active = false;
        }
        e.names[0] = "Ground".into();
        e.colours[1] = Some([1, 2, 3]);
        apply(&mut f, before.clone(), e.clone());
        assert!(f.dirty());
        assert_eq!(edit_of(&f), e);
        assert_eq!(pairs(&mut f), 0);
        let saved = f.to_scene();
        assert_eq!(
            saved.layers.names.first().map(String::as_str),
            Some("Ground")
        );
        assert!(!saved.layers.tags_of(0).active);
        let layer1 = satlab::broad::Layer::new(1).unwrap();
        assert_eq!(saved.layers.colour_of(layer1), Some([1, 2, 3]));
        assert!(f.undo());
        assert_eq!(
            edit_of(&f),
            before,
            "one undo step takes the whole edit back"
        );
        assert_eq!(pairs(&mut f), before_pairs);
    }
}
