//! Starting a set from the window (File ▸ New practice set…): the seed,
//! the count and the level or "mixed", as `satlab practice --seed 42
//! --count 10 --level 2` takes them, or the interview drill; and the
//! drill's clock.

use super::PracticeMode;
use crate::app::i18n::{tr, trf};
use egui_macroquad::egui;
use satlab::practice::{drill, generate, Choice, Level, PracticeSet, DRILL_COUNT, MAX_COUNT};

/// The form window's egui id.
pub const FORM_ID: &str = "practice-set-form";

/// The form's fields.
#[derive(Debug, Clone, PartialEq)]
pub struct SetForm {
    /// The form is shown.
    pub open: bool,
    /// The generator's seed.
    pub seed: u64,
    /// Questions in the set (1 to [`MAX_COUNT`]).
    pub count: u32,
    /// The level, `None` for mixed.
    pub level: Option<Level>,
    /// The interview drill: [`DRILL_COUNT`] mixed questions, timed, no
    /// feedback until the end (count and level are not used).
    pub drill: bool,
}

impl Default for SetForm {
    fn default() -> SetForm {
        SetForm {
            open: false,
            seed: 42,
            count: 10,
            level: Some(Level::One),
            drill: false,
        }
    }
}

impl SetForm {
    /// The set the form asks for (`None` when the generator finds none).
    pub fn make(&self) -> Option<PracticeSet> {
        if self.drill {
            return drill(self.seed);
        }
        let choice = self.level.map_or(Choice::Mixed, Choice::Level);
        let count = crate::app::num::clamp_index(self.count, 1, MAX_COUNT);
        generate(self.seed, count, choice)
    }
}

/// A drill's clock: seconds since the window started (`Frame::now`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    /// When the first question was shown.
    pub from: f64,
    /// When the last question was answered (`None`: running).
    pub to: Option<f64>,
}

impl Clock {
    /// Seconds on the clock at `now`.
    pub fn seconds(&self, now: f64) -> f64 {
        (self.to.unwrap_or(now) - self.from).max(0.0)
    }
}

/// `s` seconds as minutes and whole seconds, `"3:07"`.
pub fn mm_ss(s: f64) -> String {
    let whole = s.max(0.0).floor() as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_makes_the_set_the_command_line_makes() {
        let f = SetForm {
            open: true,
            seed: 42,
            count: 10,
            level: Some(Level::Two),
            drill: false,
        };
        let want = generate(42, 10, Choice::Level(Level::Two));
        assert_eq!(f.make(), want);
        assert_eq!(f.make().map(|s| s.questions.len()), Some(10));
        let mixed = SetForm {
            level: None,
            ..f.clone()
        };
        assert_eq!(mixed.make(), generate(42, 10, Choice::Mixed));
        let d = SetForm {
            drill: true,
            count: 3,
            ..f
        };
        let set = d.make().expect("a drill");
        assert_eq!(set.questions.len(), DRILL_COUNT as usize);
        assert_eq!(Some(set), drill(42));
    }

    #[test]
    fn the_clock_stops_at_the_end_and_reads_as_minutes() {
        let c = Clock {
            from: 10.0,
            to: None,
        };
        assert_eq!(c.seconds(75.5), 65.5);
        let stopped = Clock {
            to: Some(20.0),
            ..c
        };
        assert_eq!(stopped.seconds(1000.0), 10.0);
        assert_eq!(mm_ss(65.5), "1:05");
        assert_eq!(mm_ss(0.0), "0:00");
        assert_eq!(mm_ss(-3.0), "0:00");
        assert_eq!(mm_ss(600.0), "10:00");
    }
}
