//! The file dialog (egui-file-dialog: it renders inside the window, so it
//! works under Xvfb too), the unsaved-changes prompt and the capture prompt.

use crate::app::state::App;
use crate::app::ui::{Action, DialogPurpose, Prompt, UiState};
use egui_macroquad::egui;

/// Shows whichever dialogs are open.
pub fn show(ctx: &egui::Context, app: &mut App, st: &mut UiState, actions: &mut Vec<Action>) {
    st.dialog.update(ctx);
    if let Some(path) = st.dialog.take_picked() {
        match st.purpose.take() {
            Some(DialogPurpose::Open) => actions.push(Action::OpenPath(path)),
            Some(DialogPurpose::SaveAs) => actions.push(Action::SaveTo(path)),
            None => {}
        }
    }
    match st.prompt.clone() {
        Prompt::None => {}
        Prompt::Unsaved(then) => {
            let mut choice = None;
            egui::Modal::new(egui::Id::new("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has changes that are not saved.",
                    app.path()
                        .map(|p| p.display().to_string())
                        .unwrap_or_else(|| "This scene".into())
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        choice = Some(0);
                    }
                    if ui.button("Discard changes").clicked() {
                        choice = Some(1);
                    }
                    if ui.button("Cancel").clicked() {
                        choice = Some(2);
                    }
                });
            });
            match choice {
                Some(0) => {
                    st.prompt = Prompt::None;
                    actions.push(Action::Save);
                    actions.push(*then);
                }
                Some(1) => {
                    st.prompt = Prompt::None;
                    // Forget the edits so the action does not ask again.
                    app.doc.saved = app.scene.clone();
                    actions.push(*then);
                }
                Some(2) => st.prompt = Prompt::None,
                _ => {}
            }
        }
        Prompt::CaptureName(mut name) => {
            let mut done = None;
            egui::Modal::new(egui::Id::new("capture")).show(ctx, |ui| {
                ui.heading("Capture regression scene");
                ui.label("Saves both shapes with `expect` filled from the current results into scenes/regressions/.");
                let r = ui.add(egui::TextEdit::singleline(&mut name).desired_width(320.0));
                if !r.has_focus() && !r.lost_focus() {
                    r.request_focus();
                }
                // The modal holds only this field, so Enter means "capture".
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if ui.button("Capture").clicked() || enter {
                        done = Some(true);
                    }
                    if ui.button("Cancel").clicked() {
                        done = Some(false);
                    }
                });
            });
            match done {
                Some(true) => {
                    st.prompt = Prompt::None;
                    actions.push(Action::CaptureNamed(name));
                }
                Some(false) => st.prompt = Prompt::None,
                None => st.prompt = Prompt::CaptureName(name),
            }
        }
    }
}
