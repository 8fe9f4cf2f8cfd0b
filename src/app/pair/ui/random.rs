//! The random pair section: A's and B's kinds (or any), the seed, and the
//! buttons that make the pair (the key and the Edit menu make the next).

use crate::app::i18n::{tr, words};
use crate::app::pair::state::App;
use crate::app::shell::action::{Action, ModeId};
use crate::app::shell::shortcuts::with_key;
use egui_macroquad::egui;
use satlab::geom::ShapeKind;

/// Shows the section.
pub fn show(ui: &mut egui::Ui, app: &mut App, actions: &mut Vec<Action>) {
    ui.strong(tr("Random pair"));
    crate::app::shell::widgets::wide_table(ui, "random_pair", |ui| {
        egui::Grid::new("random_pair")
            .num_columns(2)
            .show(ui, |ui| {
                for (k, letter) in ["A", "B"].into_iter().enumerate() {
                    ui.label(letter);
                    let kind = &mut app.random.kinds[k];
                    let text = kind.map_or(tr("any kind"), words::kind);
                    egui::ComboBox::from_id_salt(("random_kind", k))
                        .selected_text(text)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(kind, None, tr("any kind"));
                            for c in ShapeKind::ALL {
                                ui.selectable_value(kind, Some(c), words::kind(c));
                            }
                        });
                    ui.end_row();
                }
                ui.label(tr("seed"));
                ui.add(egui::DragValue::new(&mut app.random.seed));
                ui.end_row();
            })
    });
    ui.horizontal_wrapped(|ui| {
        let next = with_key(tr("Next random pair"), &Action::Generate, ModeId::Pair);
        if ui.add(egui::Button::new(next).wrap()).clicked() {
            actions.push(Action::Generate);
        }
        if ui
            .add(egui::Button::new(tr("This seed's pair")).wrap())
            .on_hover_text(tr(
                "the pair of the seed as typed: the same seed, the same pair",
            ))
            .clicked()
        {
            app.random_pair(false);
        }
    });
}
