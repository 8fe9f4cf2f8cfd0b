//! The "Step through SAT" and "Predict, then reveal" section of the
//! inspector: buttons for the keys, the keep-testing toggle, the caption.

use crate::app::i18n::{lang, tr, trf};
use crate::app::pair::state::App;
use crate::app::pair::teach::caption;
use crate::app::pair::teach::step::{Classroom, Stage};
use crate::app::pair::ID;
use crate::app::shell::action::Action;
use crate::app::shell::shortcuts::key_text;
use egui_macroquad::egui;

/// A button that gives the keyboard back at once (so Space steps once, not
/// twice through the focused button).
fn button(ui: &mut egui::Ui, text: &str, key: &str) -> bool {
    let r = ui.button(text).on_hover_text(key);
    let clicked = r.clicked();
    if clicked {
        r.surrender_focus();
    }
    clicked
}

/// Shows the section; its auto-play button asks the shell (every walk of
/// every mode plays through the one [`Action::AutoPlay`]).
pub fn show(ui: &mut egui::Ui, app: &mut App, actions: &mut Vec<Action>) {
    ui.heading(tr("Step through SAT"));
    let on = app.class.step.on();
    ui.horizontal_wrapped(|ui| {
        if button(ui, tr("Step ▶"), tr("Space")) {
            app.class.step.forward();
        }
        if on && button(ui, tr("◀ Back"), tr("Shift+Space")) {
            app.class.step.back();
        }
        if on && button(ui, tr("⏮ Start"), tr("Home")) {
            app.class.step.home();
        }
        if button(ui, tr("Run to the end"), tr("End")) {
            app.class.step.run_to_end();
        }
        if on && button(ui, tr("Leave"), tr("Esc")) {
            app.class.step.leave();
        }
        let key = key_text(&Action::AutoPlay, ID);
        if button(ui, tr("Auto-play / pause"), &key) {
            actions.push(Action::AutoPlay);
        }
    });
    let mut keep = app.class.step.keep_testing;
    if ui
        .checkbox(&mut keep, tr("Keep testing every axis"))
        .on_hover_text(tr(
            "SAT may stop at the first separating axis; the least overlap (the MTV) and the largest gap need every axis.",
        ))
        .changed()
    {
        app.class.step.set_keep_testing(keep, &app.results.report);
    }
    ui.checkbox(
        &mut app.class.verdict_waits,
        tr("Hide the verdict until the end of the walk"),
    );
    if on {
        // Axes are named by their number in the table, as the caption
        // names them ("Axis 6 of 10"); the walk may skip some (a split
        // sector's half that is already apart), so its steps are counted
        // apart.
        let (done, walk) = app.class.step.progress();
        let total = app.results.report.axes.len();
        ui.label(match app.class.step.stage() {
            Stage::Start => trf(
                "Not started: {} of the {} candidate axes to test",
                &[&walk, &total],
            ),
            Stage::Axis(k) => trf(
                "Step {} of {}: axis {} of {}",
                &[&done, &walk, &(k + 1), &total],
            ),
            Stage::End => trf(
                "Finished: {} of the {} candidate axes tested",
                &[&walk, &total],
            ),
        });
        match caption::current(lang(), app) {
            Some(text) => {
                ui.label(egui::RichText::new(text).size(15.0));
            }
            None => {
                ui.weak(tr("The caption is hidden while predicting."));
            }
        }
    }
    ui.separator();
    ui.heading(tr("Predict, then reveal"));
    ui.horizontal_wrapped(|ui| {
        let text = if app.class.predicting {
            tr("Reveal")
        } else {
            tr("Predict")
        };
        if button(ui, text, "P") {
            app.class.toggle_predict();
        }
        if app.class.predicting {
            ui.strong(tr("Predict: separated or overlapping?"));
        } else {
            ui.weak(tr("hides the verdict and every overlay until you reveal"));
        }
    });
}

/// The result section while the verdict is hidden (predicting, or a walk
/// the verdict waits for): only the question.
pub fn hidden_result(ui: &mut egui::Ui, class: &Classroom) {
    ui.heading(tr("Result"));
    ui.label(
        egui::RichText::new(tr("Predict: separated or overlapping?"))
            .strong()
            .size(18.0),
    );
    ui.weak(class.hidden_note());
}

/// The touching policy: whether touching counts, and the band width.
pub fn policy(ui: &mut egui::Ui, app: &mut App) {
    use satlab::geom::TouchPolicy;
    ui.add_space(4.0);
    let r = app.class.ruling;
    ui.label(
        egui::RichText::new(match (r.intersects, r.verdict) {
            (true, _) => tr("intersects: yes"),
            (false, satlab::geom::Verdict::Touching) => {
                tr("intersects: no (touching does not count)")
            }
            (false, _) => tr("intersects: no"),
        })
        .strong(),
    );
    let band = match app.class.policy {
        TouchPolicy::Band { width } => width,
        _ => 0.05,
    };
    let mut choice = app.class.policy;
    egui::CollapsingHeader::new(tr("Touching policy"))
        .default_open(false)
        .show(ui, |ui| {
            ui.radio_value(
                &mut choice,
                TouchPolicy::Closed,
                tr("closed sets: touching counts (default)"),
            );
            ui.radio_value(
                &mut choice,
                TouchPolicy::Open,
                tr("open sets: only a real overlap counts"),
            );
            let in_band = matches!(choice, TouchPolicy::Band { .. });
            if ui
                .radio(in_band, tr("tolerance band: near contact counts as touching"))
                .clicked()
            {
                choice = TouchPolicy::Band { width: band };
            }
            if let TouchPolicy::Band { width } = &mut choice {
                ui.add(
                    egui::Slider::new(width, 0.001..=1.0)
                        .logarithmic(true)
                        .text(tr("band ± (world units)")),
                );
            }
            ui.weak(tr(
                "Libraries disagree on whether touching counts. Shapely (GEOS) uses closed sets: shapes that only touch still intersect. raylib's CheckCollisionRecs compares with < and >, so rectangles sharing an edge do not collide, while its CheckCollisionCircles uses <=, so tangent circles do. satlab's scene files use closed sets; this switch changes only the verdict shown here.",
            ));
        });
    app.class.policy = choice;
}
