//! The practice side panel: the answer buttons, the score, streak and
//! per-kind accuracy, the end-of-set summary with replays, the progress
//! reset and the CSV export.

use super::{words, PracticeMode};
use crate::app::i18n::{tr, trf};
use crate::app::shell::message::Message;
use crate::app::shell::widgets;
use egui_macroquad::egui;
use satlab::practice::{reset_progress, summary, Kind, Response, Tally, Task};

impl PracticeMode {
    /// Shows the panel.
    pub(super) fn side_panel(&mut self, ctx: &egui::Context, now: f64) {
        self.form_ui(ctx);
        self.csv_dialog_ui(ctx, now);
        self.folder_dialog_ui(ctx);
        // As the other modes' panels: the width is the user's (drag its
        // edge), at most 40 % of the window; the text wraps to it.
        let max = widgets::panel_max_width(ctx);
        widgets::right_panel(ctx, "practice", PANEL_WIDTH, max).show(ctx, |ui| {
            widgets::panel_scroll(ui, |ui| {
                ui.heading(tr("Practice"));
                if let Some(c) = self.clock {
                    let t = super::parts::mm_ss(c.seconds(now));
                    ui.label(egui::RichText::new(trf("Interview drill · {}", &[&t])).strong());
                }
                if ui.button(tr("New practice set…")).clicked() {
                    self.form.open = true;
                }
                if self.finished {
                    self.summary_ui(ui, now);
                } else {
                    self.answer_ui(ui);
                }
                // A drill says nothing of how it goes until its end.
                if !self.drilling() {
                    ui.separator();
                    tally_ui(ui, &self.tally);
                }
                ui.separator();
                self.files_ui(ui, now);
            });
        });
    }

    /// The current question's buttons.
    fn answer_ui(&mut self, ui: &mut egui::Ui) {
        let Some(q) = self.question().cloned() else {
            return;
        };
        ui.label(trf(
            "Question {} / {} ({})",
            &[
                &(self.at + 1),
                &self.set.questions.len(),
                &words::kind_name(q.kind()),
            ],
        ));
        ui.label(egui::RichText::new(words::prompt(q.kind())).strong());
        if let Some((_, s)) = &self.answered {
            let mark = if s.right { tr("Right.") } else { tr("Wrong.") };
            ui.label(egui::RichText::new(mark).strong());
            ui.label(words::feedback(&s.feedback));
            if ui.button(tr("Next (Enter)")).clicked() {
                self.next();
            }
            return;
        }
        match &q.task {
            Task::Verdict { .. } => {
                ui.horizontal(|ui| {
                    if ui.button(tr("Yes (Y)")).clicked() {
                        self.yes_no(true);
                    }
                    if ui.button(tr("No (N)")).clicked() {
                        self.yes_no(false);
                    }
                });
            }
            Task::SeparatingAxis { .. } => self.none_button(ui),
            Task::BoxAxes { axes } => {
                // Fifteen short names: as many to a row as fit.
                ui.horizontal_wrapped(|ui| {
                    for (i, a) in axes.iter().enumerate() {
                        if ui.button(&a.name).clicked() {
                            self.submit(Response::Axis(Some(i)));
                        }
                    }
                });
                self.none_button(ui);
            }
            Task::AxisCount { .. } => {
                self.count_ui(ui);
                ui.horizontal_wrapped(|ui| {
                    for n in 1..=15u32 {
                        if ui.button(n.to_string()).clicked() {
                            self.submit(Response::Count(n));
                        }
                    }
                });
            }
            Task::Projection { .. } => {
                self.ends_ui(ui);
                self.submit_button(ui);
            }
            Task::Mtv { .. }
            | Task::Touch { .. }
            | Task::ClosestPoint { .. }
            | Task::Contacts { .. } => self.submit_button(ui),
        }
        ui.label(words::how(q.kind()));
    }

    /// Submits the drag, the clicks or the typed ends (enabled once there
    /// is something to submit).
    fn submit_button(&mut self, ui: &mut egui::Ui) {
        let ready = self.drafted();
        if ui
            .add_enabled(ready.is_some(), egui::Button::new(tr("Submit (Enter)")))
            .clicked()
        {
            self.go();
        }
    }

    fn none_button(&mut self, ui: &mut egui::Ui) {
        if ui.button(tr("None separates (N)")).clicked() {
            self.yes_no(false);
        }
    }

    /// The end of the set: how it went, and a replay of each missed question.
    fn summary_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        let s = summary(&self.outcomes);
        ui.label(egui::RichText::new(tr("The set is done.")).strong());
        ui.label(trf(
            "{} of {} right, {} points",
            &[&s.right, &s.asked, &s.points],
        ));
        if let Some(c) = self.clock {
            let t = super::parts::mm_ss(c.seconds(now));
            ui.label(trf("Time: {}", &[&t]));
        }
        // Every answer, with why it was right or wrong.
        for (o, why) in self.outcomes.iter().zip(&self.said) {
            let mark = if o.right { tr("Right.") } else { tr("Wrong.") };
            ui.label(format!(
                "{} {mark} {}",
                trf("Q{} ({}):", &[&o.number, &words::kind_name(o.kind)]),
                words::feedback(why)
            ));
        }
        if s.missed.is_empty() {
            ui.label(tr("No question missed."));
        }
        for n in s.missed {
            if ui.button(trf("Replay question {}", &[&n])).clicked() {
                let k = self.set.questions.iter().position(|q| q.number == n);
                self.go_to(k.unwrap_or(0));
                self.keep_session();
            }
        }
        if ui.button(tr("Start the set again")).clicked() {
            self.start(self.set.clone(), self.clock.is_some());
        }
    }

    /// Reset and CSV export.
    fn files_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        if let Some(note) = &self.progress_note {
            let pal = crate::app::palette::Palette::of_visuals(ui.visuals());
            ui.colored_label(crate::app::palette::to_egui(pal.overlap), note);
        }
        if ui.button(tr("Reset progress")).clicked() {
            let said = match reset_progress(&self.progress) {
                Ok(()) => {
                    self.tally = Tally::default();
                    Message::new(tr("progress reset"), false, now)
                }
                Err(e) => Message::new(format!("{}: {e}", self.progress.display()), true, now),
            };
            self.message = Some(said);
        }
        if ui
            .add_enabled(
                !self.outcomes.is_empty(),
                egui::Button::new(tr("Save results as CSV…")),
            )
            .clicked()
        {
            self.ask_csv_path();
        }
    }

    /// Opens the save dialog for the CSV, in the data folder the first time
    /// (then where the last one went), named after the seed.
    fn ask_csv_path(&mut self) {
        let name = self.csv_name();
        let dir = self.progress.parent().map(std::path::Path::to_path_buf);
        let d = &mut self.csv_dialog;
        *d.labels_mut() = crate::app::shell::dialogs::file_dialog_labels();
        let cfg = d.config_mut();
        cfg.default_file_name = name;
        if let Some(dir) = dir.filter(|d| d.is_dir()) {
            cfg.initial_directory = dir;
        }
        d.save_file();
    }

    /// The CSV dialog, while open; writes the file once a path is picked.
    pub(super) fn csv_dialog_ui(&mut self, ctx: &egui::Context, now: f64) {
        self.csv_dialog.update(ctx);
        let Some(path) = self.csv_dialog.take_picked() else {
            return;
        };
        self.message = Some(match self.export_csv(&path) {
            Ok(p) => Message::new(
                trf("results written to {}", &[&crate::app::wrap::path(&p)]),
                false,
                now,
            ),
            Err(e) => Message::new(format!("{}: {e}", crate::app::wrap::path(&path)), true, now),
        });
    }
}

/// The panel's width at first, logical pixels (the user may drag it).
pub const PANEL_WIDTH: f32 = 300.0;

/// Points, streak and accuracy per kind.
fn tally_ui(ui: &mut egui::Ui, t: &Tally) {
    ui.label(trf("Points: {}", &[&t.points]));
    ui.label(trf("Streak: {} (best {})", &[&t.streak, &t.best_streak]));
    for k in Kind::ALL {
        if let Some(acc) = t.accuracy(k) {
            ui.label(trf(
                "{}: {}% right",
                &[&words::kind_name(k), &format!("{:.0}", acc * 100.0)],
            ));
        }
    }
}

/// The practice panels the layout tests lay out (`panel_fit`), named:
/// one question of each kind of each level before and after an answer,
/// the end of a set with every question missed, and the end of a drill.
/// Their progress goes to `dir`.
#[cfg(test)]
pub(crate) fn fit_cases(dir: &std::path::Path) -> Vec<(String, PracticeMode)> {
    use glam::Vec2;
    use satlab::practice::{drill, generate, Choice, Level};
    // A response for every task: wrong as often as not, so both sentences show.
    fn any(t: &Task) -> Response {
        match t {
            Task::Verdict { .. } => Response::Verdict(true),
            Task::SeparatingAxis { .. } | Task::BoxAxes { .. } => Response::Axis(Some(0)),
            Task::Projection { .. } => Response::Interval([-1.0, 1.0]),
            Task::Mtv { .. } => Response::Translation(Vec2::X),
            Task::Touch { .. } => Response::Position(Vec2::ZERO),
            Task::ClosestPoint { .. } => Response::Point(Vec2::ZERO),
            Task::Contacts { .. } => Response::Points(vec![Vec2::ZERO]),
            Task::AxisCount { .. } => Response::Count(3),
        }
    }
    let file = dir.join("progress.json");
    // Each case starts afresh: no session resumed from the case before.
    let new = |set: &satlab::practice::PracticeSet| {
        let _ = std::fs::remove_file(satlab::practice::session_path_for(&file));
        PracticeMode::new(set.clone(), file.clone())
    };
    let mut out = Vec::new();
    for level in Level::ALL {
        let Some(set) = generate(3, 40, Choice::Level(level)) else {
            continue;
        };
        let mut seen = Vec::new();
        for (k, q) in set.questions.iter().enumerate() {
            if seen.contains(&q.kind()) {
                continue;
            }
            seen.push(q.kind());
            let name = format!("level {} {:?}", level.number(), q.kind());
            let mut m = new(&set);
            m.go_to(k);
            let mut done = new(&set);
            done.go_to(k);
            done.submit(any(&q.task));
            out.push((format!("{name} asked"), m));
            out.push((format!("{name} answered"), done));
        }
        let mut end = new(&set);
        for q in &set.questions {
            end.submit(any(&q.task));
            end.next();
        }
        out.push((format!("level {} summary", level.number()), end));
    }
    if let Some(set) = drill(5) {
        let mut m = new(&set);
        m.start(set.clone(), true);
        for q in &set.questions {
            m.submit(any(&q.task));
        }
        out.push(("drill summary".to_string(), m));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::practice::PracticeMode;
    use satlab::practice::{generate, Choice, Level};

    /// The canvas left by the panel and the form's window after a few
    /// frames of a `w`×`h` window (the form open).
    fn layout(w: f32, h: f32) -> (egui::Rect, egui::Rect, egui::Rect) {
        let set = generate(42, 10, Choice::Level(Level::Two)).expect("a set");
        let file = std::env::temp_dir().join(format!(
            "satlab-practice-layout-{}-{w}.json",
            std::process::id()
        ));
        let mut m = PracticeMode::new(set, file);
        m.form.open = true;
        let ctx = egui::Context::default();
        let raw = || crate::app::shell::widgets::screen(w, h);
        let mut canvas = egui::Rect::NOTHING;
        for _ in 0..4 {
            let _ = ctx.run(raw(), |ctx| {
                m.side_panel(ctx, 0.0);
                canvas = ctx.available_rect();
            });
        }
        let form = ctx
            .memory(|mem| mem.area_rect(egui::Id::new(super::super::parts::FORM_ID)))
            .unwrap_or(egui::Rect::NOTHING);
        (canvas, form, ctx.screen_rect())
    }

    #[test]
    fn the_panel_follows_the_window_and_the_form_fits() {
        for (w, h) in [(1280.0, 800.0), (640.0, 480.0), (400.0, 300.0)] {
            let (canvas, form, screen) = layout(w, h);
            // 300 wide at first, but never over 40 % of the window.
            let panel = w - canvas.width();
            assert!(
                (panel - PANEL_WIDTH.min(0.4 * w)).abs() < 2.0,
                "{w}x{h}: canvas {canvas:?}"
            );
            assert!(form.is_positive(), "{w}x{h}: no form");
            assert!(
                screen.contains_rect(form),
                "{w}x{h}: form {form:?} leaves {screen:?}"
            );
        }
    }
}
