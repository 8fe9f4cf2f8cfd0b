//! Starting a set from the window (File ▸ New practice set…): the seed,
//! the count and the level or "mixed", as `satlab practice --seed 42
//! --count 10 --level 2` takes them, or the interview drill, started
//! with its clock.

use super::parts::{Clock, FORM_ID};
use super::PracticeMode;
use crate::app::i18n::{tr, trf};
use egui_macroquad::egui;
use satlab::practice::{Level, PracticeSet, DRILL_COUNT, MAX_COUNT};

impl PracticeMode {
    /// Plays `set` from its first question; `timed` makes it a drill.
    pub fn start(&mut self, set: PracticeSet, timed: bool) {
        self.set = set;
        self.outcomes.clear();
        self.said.clear();
        self.clock = timed.then_some(Clock {
            from: self.now,
            to: None,
        });
        self.go_to(0);
    }

    /// A drill is running: no feedback, no score until its end.
    pub fn drilling(&self) -> bool {
        self.clock.is_some_and(|c| c.to.is_none())
    }

    /// The form, when open: Start makes the set and plays it.
    pub(super) fn form_ui(&mut self, ctx: &egui::Context) {
        if !self.form.open {
            return;
        }
        let mut open = true;
        let mut start = false;
        egui::Window::new(tr("New practice set"))
            .id(egui::Id::new(FORM_ID))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                let f = &mut self.form;
                egui::Grid::new("practice-set")
                    .num_columns(2)
                    .show(ui, |ui| {
                        ui.label(tr("Seed"));
                        ui.add(egui::DragValue::new(&mut f.seed).range(0..=u64::from(u32::MAX)));
                        ui.end_row();
                        ui.label(tr("Questions"));
                        ui.add_enabled(
                            !f.drill,
                            egui::DragValue::new(&mut f.count).range(1..=MAX_COUNT),
                        );
                        ui.end_row();
                        ui.label(tr("Level"));
                        ui.add_enabled_ui(!f.drill, |ui| level_ui(ui, &mut f.level));
                        ui.end_row();
                    });
                ui.checkbox(
                    &mut f.drill,
                    trf(
                        "Interview drill: {} mixed questions, timed, no feedback until the end",
                        &[&DRILL_COUNT],
                    ),
                );
                start = ui.button(tr("Start")).clicked();
            });
        self.form.open = open && !start;
        if !start {
            return;
        }
        let timed = self.form.drill;
        match self.form.make() {
            Some(set) => self.start(set, timed),
            None => {
                let said = tr("no set could be made from that seed");
                self.message = Some(crate::app::shell::message::Message::new(
                    said, true, self.now,
                ));
            }
        }
    }
}

/// The level picker: 1 to 5 or mixed.
fn level_ui(ui: &mut egui::Ui, level: &mut Option<Level>) {
    let name = |l: Option<Level>| match l {
        Some(l) => l.number().to_string(),
        None => tr("mixed").to_string(),
    };
    egui::ComboBox::from_id_salt("practice-level")
        .selected_text(name(*level))
        .show_ui(ui, |ui| {
            for l in Level::ALL.into_iter().map(Some).chain([None]) {
                ui.selectable_value(level, l, name(l));
            }
        });
}
