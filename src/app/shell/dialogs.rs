//! The file dialog (egui-file-dialog: it renders inside the window, so it
//! works under Xvfb too), the unsaved-changes prompt and the capture prompt.

use crate::app::i18n::{tr, trf};
use crate::app::shell::action::{Action, DialogPurpose, Prompt, UiState};
use crate::app::shell::mode::Mode;
use egui_file_dialog::FileDialogLabels;
use egui_macroquad::egui;

/// The file dialog's texts in the interface language (its icons kept).
pub fn file_dialog_labels() -> FileDialogLabels {
    FileDialogLabels {
        title_select_directory: tr("📁 Select Folder").into(),
        title_select_file: tr("📂 Open File").into(),
        title_select_multiple: tr("🗐 Select Multiple").into(),
        title_save_file: tr("📥 Save File").into(),
        cancel: tr("Cancel").into(),
        overwrite: tr("Overwrite").into(),
        reload: tr("⟲  Reload").into(),
        working_directory: tr("↗  Go to working directory").into(),
        show_hidden: tr(" Show hidden").into(),
        show_system_files: tr(" Show system files").into(),
        heading_pinned: tr("Pinned").into(),
        heading_places: tr("Places").into(),
        heading_devices: tr("Devices").into(),
        heading_removable_devices: tr("Removable Devices").into(),
        home_dir: tr("🏠  Home").into(),
        desktop_dir: tr("🖵  Desktop").into(),
        documents_dir: tr("🗐  Documents").into(),
        downloads_dir: tr("📥  Downloads").into(),
        audio_dir: tr("🎵  Audio").into(),
        pictures_dir: tr("🖼  Pictures").into(),
        videos_dir: tr("🎞  Videos").into(),
        pin_folder: tr("📌 Pin").into(),
        unpin_folder: tr("✖ Unpin").into(),
        rename_pinned_folder: tr("✏ Rename").into(),
        selected_directory: tr("Selected directory:").into(),
        selected_file: tr("Selected file:").into(),
        selected_items: tr("Selected items:").into(),
        file_name: tr("File name:").into(),
        file_filter_all_files: tr("All Files").into(),
        save_extension_any: tr("Any").into(),
        open_button: tr("🗀  Open").into(),
        save_button: tr("📥  Save").into(),
        cancel_button: tr("🚫 Cancel").into(),
        overwrite_file_modal_text: tr("already exists. Do you want to overwrite it?").into(),
        err_empty_folder_name: tr("Name of the folder cannot be empty").into(),
        err_empty_file_name: tr("The file name cannot be empty").into(),
        err_directory_exists: tr("A directory with the name already exists").into(),
        err_file_exists: tr("A file with the name already exists").into(),
    }
}

/// Shows whichever dialogs are open.
pub fn show(ctx: &egui::Context, mode: &mut dyn Mode, st: &mut UiState, actions: &mut Vec<Action>) {
    // The file dialog follows the interface language (checked on one label).
    if st.dialog.labels_mut().title_select_file != tr("📂 Open File") {
        *st.dialog.labels_mut() = file_dialog_labels();
    }
    st.dialog.update(ctx);
    if let Some(path) = st.dialog.take_picked() {
        match st.purpose.take() {
            Some(DialogPurpose::Open) => actions.push(Action::OpenPath(path)),
            Some(DialogPurpose::SaveAs) => actions.push(Action::SaveTo(path)),
            Some(DialogPurpose::Export) => actions.push(Action::ExportTo(path)),
            Some(DialogPurpose::ExportAnimation) => actions.push(Action::ExportAnimationTo(path)),
            None => {}
        }
    }
    match st.prompt.clone() {
        Prompt::None => {}
        Prompt::Unsaved(then) => unsaved(ctx, mode, st, *then, actions),
        Prompt::CaptureName(name) => capture_name(ctx, mode, st, name, actions),
        Prompt::Recover(o) => recover(ctx, st, o, actions),
        Prompt::CaptureReplace(name, path) => capture_replace(ctx, st, name, path, actions),
    }
}

/// Unsaved changes: save, discard or cancel before `then`.
fn unsaved(
    ctx: &egui::Context,
    mode: &mut dyn Mode,
    st: &mut UiState,
    then: Action,
    actions: &mut Vec<Action>,
) {
    let mut choice = None;
    egui::Modal::new(egui::Id::new("unsaved")).show(ctx, |ui| {
        ui.heading(tr("Unsaved changes"));
        ui.label(match mode.path() {
            Some(p) => trf(
                "{} has changes that are not saved.",
                &[&crate::app::wrap::path(p)],
            ),
            None => tr("This scene has changes that are not saved.").into(),
        });
        ui.horizontal(|ui| {
            if ui.button(tr("Save")).clicked() {
                choice = Some(0);
            }
            if ui.button(tr("Discard changes")).clicked() {
                choice = Some(1);
            }
            if ui.button(tr("Cancel")).clicked() {
                choice = Some(2);
            }
        });
    });
    match choice {
        Some(0) => {
            st.prompt = Prompt::None;
            actions.push(Action::Save);
            actions.push(then);
        }
        Some(1) => {
            st.prompt = Prompt::None;
            // Forget the edits so the action does not ask again.
            mode.discard();
            actions.push(then);
        }
        Some(2) => st.prompt = Prompt::None,
        _ => {}
    }
}

/// The name of a regression scene to capture.
fn capture_name(
    ctx: &egui::Context,
    mode: &mut dyn Mode,
    st: &mut UiState,
    mut name: String,
    actions: &mut Vec<Action>,
) {
    let mut done = None;
    egui::Modal::new(egui::Id::new("capture")).show(ctx, |ui| {
        ui.heading(tr("Capture regression scene"));
        ui.label(tr(
            "Saves both shapes with `expect` filled from the current results into:",
        ));
        ui.monospace(crate::app::wrap::path(&crate::app::files::regressions_dir(
            mode.path(),
            &cwd(),
        )));
        let r = ui.add(egui::TextEdit::singleline(&mut name).desired_width(320.0));
        if !r.has_focus() && !r.lost_focus() {
            r.request_focus();
        }
        // The modal holds only this field, so Enter means "capture".
        done = answer(ui, tr("Capture"), tr("Cancel"), true);
    });
    match done {
        Some(true) => {
            st.prompt = Prompt::None;
            actions.push(Action::CaptureNamed(name, false));
        }
        Some(false) => st.prompt = Prompt::None,
        None => st.prompt = Prompt::CaptureName(name),
    }
}

/// A recovery copy a satlab that died left: recover it?
fn recover(
    ctx: &egui::Context,
    st: &mut UiState,
    o: crate::app::recovery::Orphan,
    actions: &mut Vec<Action>,
) {
    let mut done = None;
    egui::Modal::new(egui::Id::new("recover")).show(ctx, |ui| {
            ui.heading(tr("Recover unsaved work?"));
            let file = o
                .origin
                .as_ref()
                .map(|p| crate::app::wrap::path(p))
                .unwrap_or_else(|| tr("untitled").into());
            let ago = o
                .written
                .and_then(|t| t.elapsed().ok())
                .map_or(0, |d| d.as_secs() / 60);
            ui.label(if ago == 0 {
                trf(
                    "satlab stopped before {} was saved; a copy from less than a minute earlier was kept.",
                    &[&file],
                )
            } else {
                trf(
                    "satlab stopped before {} was saved; a copy from {} minutes earlier was kept.",
                    &[&file, &ago],
                )
            });
            // Enter means "recover", as in the capture modal.
            done = answer(ui, tr("Recover"), tr("Discard it"), true);
        });
    match done {
        Some(true) => {
            st.prompt = Prompt::None;
            actions.push(Action::Recover(o));
        }
        Some(false) => {
            o.discard();
            st.prompt = Prompt::None;
        }
        None => {}
    }
}

/// The regression scene's file exists: replace it?
fn capture_replace(
    ctx: &egui::Context,
    st: &mut UiState,
    name: String,
    path: std::path::PathBuf,
    actions: &mut Vec<Action>,
) {
    let mut done = None;
    egui::Modal::new(egui::Id::new("capture-replace")).show(ctx, |ui| {
        ui.heading(tr("Replace the regression scene?"));
        ui.label(trf("{} already exists.", &[&crate::app::wrap::path(&path)]));
        done = answer(ui, tr("Replace"), tr("Cancel"), false);
    });
    match done {
        Some(true) => {
            st.prompt = Prompt::None;
            actions.push(Action::CaptureNamed(name, true));
        }
        Some(false) => st.prompt = Prompt::CaptureName(name),
        None => {}
    }
}

/// A modal's two buttons side by side: `Some(true)` for `yes` (or Enter,
/// when `enter_means_yes`), `Some(false)` for `no`, `None` while unanswered.
fn answer(ui: &mut egui::Ui, yes: &str, no: &str, enter_means_yes: bool) -> Option<bool> {
    let enter = enter_means_yes && ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.horizontal(|ui| {
        if ui.button(yes).clicked() || enter {
            Some(true)
        } else if ui.button(no).clicked() {
            Some(false)
        } else {
            None
        }
    })
    .inner
}

/// The working directory, or `.` when it cannot be read.
pub fn cwd() -> std::path::PathBuf {
    std::env::current_dir().unwrap_or_else(|_| std::path::PathBuf::from("."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{with_lang, Lang};

    #[test]
    fn english_file_dialog_labels_are_the_crate_defaults() {
        with_lang(Lang::En, || {
            assert_eq!(file_dialog_labels(), FileDialogLabels::default());
        });
        with_lang(Lang::ZhHans, || {
            assert_eq!(file_dialog_labels().title_select_file, "📂 打开文件");
        });
    }
}
