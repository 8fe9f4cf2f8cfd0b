//! Starting a set from the window (File ▸ New practice set…): the seed,
//! the count and the level or "mixed", as `satlab practice --seed 42
//! --count 10 --level 2` takes them, or the interview drill, started
//! with its clock; or an authored set (File ▸ Open set folder…), as
//! `satlab practice FOLDER` opens it.

use super::parts::{Clock, FORM_ID};
use super::PracticeMode;
use crate::app::i18n::{tr, trf};
use egui_macroquad::egui;
use satlab::practice::{authored_set, Level, PracticeSet, DRILL_COUNT, MAX_COUNT};
use std::path::Path;

impl PracticeMode {
    /// Plays `set` from its first question; `timed` makes it a drill.
    pub fn start(&mut self, set: PracticeSet, timed: bool) {
        self.key = satlab::practice::set_key(&set);
        self.set = set;
        self.outcomes.clear();
        self.said.clear();
        self.given.clear();
        self.clock = timed.then_some(Clock {
            from: self.now,
            to: None,
        });
        self.go_to(0);
        self.keep_session();
    }

    /// Plays the authored set in `folder`; when it cannot be loaded the
    /// current set stays and the message names the file and the reason.
    pub fn open_set_folder(&mut self, folder: &Path) {
        match authored_set(folder) {
            Ok(set) => self.start(set, false),
            Err((path, why)) => {
                let said = format!("{}: {why}", crate::app::wrap::path(&path));
                self.message = Some(crate::app::shell::message::Message::new(
                    said, true, self.now,
                ));
            }
        }
    }

    /// Opens the folder dialog (File ▸ Open set folder…), at the folder
    /// of the authored set playing, if any.
    pub(super) fn ask_set_folder(&mut self) {
        let at = self.set.folder.clone().filter(|f| f.is_dir());
        let d = &mut self.folder_dialog;
        *d.labels_mut() = crate::app::shell::dialogs::file_dialog_labels();
        if let Some(dir) = at {
            d.config_mut().initial_directory = dir;
        }
        d.pick_directory();
    }

    /// The folder dialog, while open; plays the folder once picked.
    pub(super) fn folder_dialog_ui(&mut self, ctx: &egui::Context) {
        self.folder_dialog.update(ctx);
        if let Some(folder) = self.folder_dialog.take_picked() {
            self.open_set_folder(&folder);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::practice::{generate, Choice};

    fn mode(tag: &str) -> PracticeMode {
        let set = generate(42, 3, Choice::Level(Level::One)).expect("a level-1 set");
        let file = std::env::temp_dir().join(format!(
            "satlab-practice-folder-{tag}-{}.json",
            std::process::id()
        ));
        PracticeMode::new(set, file)
    }

    #[test]
    fn an_authored_folder_replaces_the_set_and_a_broken_one_leaves_it() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
        let mut m = mode("open");
        let before = m.set.clone();
        let missing = root.join("no-such-folder");
        m.open_set_folder(&missing);
        assert_eq!(m.set, before);
        let said = m.message.as_ref().expect("an error message");
        assert!(
            said.error && said.text.contains("no-such-folder"),
            "{}",
            said.text
        );
        m.open_set_folder(&root.join("practice"));
        assert_eq!(m.set.questions.len(), 15);
        assert_eq!(
            m.set.folder.as_deref(),
            Some(root.join("practice").as_path())
        );
        assert_eq!((m.at, m.answered.is_none()), (0, true));
        assert_eq!(m.csv_name(), "practice-practice.csv");
        assert!(m.origin().ends_with("practice"), "{}", m.origin());
    }
}
