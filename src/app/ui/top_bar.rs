//! The top bar: menus, the title (file and • when dirty) and messages.

use crate::app::i18n::{self, tr, trf, Lang};
use crate::app::overlay::AxisMode;
use crate::app::palette::Theme;
use crate::app::state::App;
use crate::app::teach::lesson;
use crate::app::ui::{Action, UiState};
use egui_macroquad::egui;

/// Messages that are not errors fade after this many seconds.
const MESSAGE_S: f64 = 6.0;

/// A menu entry with its shortcut written beside it; a click asks for `a`
/// and closes the menu.
fn menu_item(ui: &mut egui::Ui, text: &str, key: &str, a: Action, actions: &mut Vec<Action>) {
    if ui.add(egui::Button::new(text).shortcut_text(key)).clicked() {
        actions.push(a);
        ui.close_menu();
    }
}

/// Shows the top bar.
pub fn show(ctx: &egui::Context, app: &mut App, st: &mut UiState, actions: &mut Vec<Action>) {
    egui::TopBottomPanel::top("top_bar").show(ctx, |ui| {
        egui::menu::bar(ui, |ui| {
            ui.menu_button(tr("File"), |ui| {
                let mut item = |ui: &mut egui::Ui, text: &str, key: &str, a: Action| {
                    menu_item(ui, text, key, a, actions)
                };
                item(ui, tr("New"), "Ctrl+N", Action::New);
                item(ui, tr("Open…"), "Ctrl+O", Action::Open);
                item(ui, tr("Save"), "Ctrl+S", Action::Save);
                item(ui, tr("Save as…"), "Ctrl+Shift+S", Action::SaveAs);
                ui.separator();
                let folder = app
                    .path()
                    .and_then(|p| p.parent().map(|d| d.to_path_buf()))
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or_else(|| "scenes".into());
                item(ui, tr("Browse scenes"), "", Action::Browse(folder));
                item(ui, tr("Previous scene"), "PageUp", Action::Step(-1));
                item(ui, tr("Next scene"), "PageDown", Action::Step(1));
                ui.separator();
                item(ui, tr("Capture regression scene…"), "", Action::Capture);
                item(ui, tr("Export PNG"), "F12", Action::ExportPng);
                ui.separator();
                item(ui, tr("Quit"), "Ctrl+Q", Action::Quit);
            });
            ui.menu_button(tr("Edit"), |ui| {
                let (u, r) = app.history.depth();
                if ui
                    .add_enabled(u > 0, egui::Button::new(tr("Undo")).shortcut_text("Ctrl+Z"))
                    .clicked()
                {
                    actions.push(Action::Undo);
                    ui.close_menu();
                }
                if ui
                    .add_enabled(r > 0, egui::Button::new(tr("Redo")).shortcut_text("Ctrl+Y"))
                    .clicked()
                {
                    actions.push(Action::Redo);
                    ui.close_menu();
                }
                ui.separator();
                let mut item = |ui: &mut egui::Ui, text: &str, key: &str, a: Action| {
                    menu_item(ui, text, key, a, actions)
                };
                item(
                    ui,
                    tr("Copy scene as JSON"),
                    "Ctrl+Shift+C",
                    Action::CopyScene,
                );
                item(
                    ui,
                    tr("Paste shape or scene from JSON"),
                    "Ctrl+Shift+V",
                    Action::Paste,
                );
                item(ui, tr("Copy results as text"), "", Action::CopyResults);
            });
            ui.menu_button(tr("View"), |ui| {
                for m in [AxisMode::All, AxisMode::Selected, AxisMode::None] {
                    ui.radio_value(&mut app.settings.mode, m, m.label());
                }
                ui.checkbox(&mut app.settings.normals, tr("edge normals"));
                ui.checkbox(
                    &mut app.settings.pointer_highlight,
                    tr("pointer highlight (for a class)"),
                );
                ui.separator();
                ui.radio_value(&mut app.settings.theme, Theme::Dark, tr("dark theme"));
                ui.radio_value(&mut app.settings.theme, Theme::Light, tr("light theme"));
                ui.add(
                    egui::Slider::new(&mut app.settings.scale, 0.75..=2.5)
                        .step_by(0.05)
                        .text(tr("UI scale")),
                );
                ui.separator();
                if ui
                    .add(egui::Button::new(tr("Fit shapes")).shortcut_text("F"))
                    .clicked()
                {
                    actions.push(Action::Fit);
                    ui.close_menu();
                }
                if ui
                    .add(egui::Button::new(tr("Field mode")).shortcut_text("F2"))
                    .clicked()
                {
                    actions.push(Action::FieldMode);
                    ui.close_menu();
                }
                ui.checkbox(&mut app.settings.panels, tr("panels (Tab)"));
                ui.checkbox(&mut app.algorithm_panel, tr("Algorithm panel (G)"));
                ui.checkbox(&mut app.minkowski, tr("Minkowski difference A ⊖ B (M)"));
                ui.checkbox(&mut st.browser, tr("scene browser"));
                let mut lesson_on = st.lesson.is_some();
                if ui
                    .checkbox(&mut lesson_on, tr("lesson mode: notes large (L)"))
                    .changed()
                {
                    let current = app.path().map(std::path::PathBuf::as_path);
                    if let Err(e) = lesson::toggle(&mut st.lesson, current) {
                        app.say(e, false);
                    }
                }
            });
            ui.menu_button("Language / 语言", |ui| {
                let mut current = i18n::lang();
                ui.label(trf("Interface language: {}", &[&current.native_name()]));
                for l in Lang::ALL {
                    if ui.radio_value(&mut current, l, l.native_name()).clicked() {
                        i18n::set_lang(l);
                        ui.close_menu();
                    }
                }
            });
            if ui.button(tr("Help (F1)")).clicked() {
                st.help = !st.help;
            }
            ui.separator();
            let title = app.doc.title(&app.scene);
            ui.label(egui::RichText::new(title).strong());
            if let Some(m) = app.message.clone() {
                if m.error || app.now - m.at < MESSAGE_S {
                    ui.separator();
                    let color = if m.error {
                        ui.visuals().error_fg_color
                    } else {
                        ui.visuals().weak_text_color()
                    };
                    ui.colored_label(color, &m.text);
                    if m.error && ui.small_button("✖").on_hover_text(tr("dismiss")).clicked() {
                        app.message = None;
                    }
                }
            }
        });
    });
}
