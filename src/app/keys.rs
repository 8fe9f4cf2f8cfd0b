//! Keyboard shortcuts that act on the whole app (the canvas tools read
//! their own keys), and taking the keyboard back from egui.

use crate::app::input::{Input, KeyCode};
use crate::app::overlay::AxisMode;
use crate::app::state::App;
use crate::app::teach::lesson;
use crate::app::ui::{Action, UiState};
use egui_macroquad::egui;
use std::path::PathBuf;

/// Takes the keyboard focus away from whichever egui widget has it.
pub fn release_focus() {
    egui_macroquad::cfg(|ctx| {
        ctx.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
        })
    });
}

/// True when the widget holding egui's keyboard focus is a text field (a
/// button focused by Tab navigation does not count).
pub fn text_has_focus(ctx: &egui::Context) -> bool {
    ctx.memory(|m| m.focused())
        .is_some_and(|id| egui::TextEdit::load_state(ctx, id).is_some())
}

/// Drops this frame's Space and Enter key events before egui sees them, so
/// they cannot click the button Tab navigation focused: they belong to the
/// canvas unless a text field or a dialog has the keyboard.
pub fn keep_activation_keys_from_egui(ctx: &egui::Context) {
    ctx.input_mut(|i| {
        i.events.retain(|e| {
            !matches!(
                e,
                egui::Event::Key {
                    key: egui::Key::Space | egui::Key::Enter,
                    ..
                }
            )
        })
    });
}

/// Keyboard shortcuts that act on the app (canvas keys live in the tools).
/// While `typing`, only Ctrl shortcuts other than undo/redo apply (the text
/// field has its own undo).
pub fn shortcuts(
    input: &Input,
    typing: bool,
    actions: &mut Vec<Action>,
    app: &mut App,
    st: &mut UiState,
) {
    for &kp in &input.keys {
        let k = kp.code;
        let plain = !kp.ctrl && !matches!(k, KeyCode::F1 | KeyCode::F12);
        if typing && (plain || matches!(k, KeyCode::Z | KeyCode::Y)) {
            continue;
        }
        let a = match (kp.ctrl, kp.shift, k) {
            (true, false, KeyCode::N) => Action::New,
            (true, false, KeyCode::O) => Action::Open,
            (true, false, KeyCode::S) => Action::Save,
            (true, true, KeyCode::S) => Action::SaveAs,
            (true, false, KeyCode::Z) => Action::Undo,
            (true, true, KeyCode::Z) | (true, _, KeyCode::Y) => Action::Redo,
            (true, _, KeyCode::Q) => Action::Quit,
            (true, true, KeyCode::C) => Action::CopyScene,
            (true, true, KeyCode::V) => Action::Paste,
            (_, _, KeyCode::F12) => Action::ExportPng,
            (_, _, KeyCode::F2) => Action::FieldMode,
            (false, _, KeyCode::PageUp) => Action::Step(-1),
            (false, _, KeyCode::PageDown) => Action::Step(1),
            (false, _, KeyCode::F1) | (false, true, KeyCode::Slash) => {
                st.help = !st.help;
                continue;
            }
            (false, _, KeyCode::Escape) => {
                // Esc closes the help first, then leaves step mode.
                if st.help {
                    st.help = false;
                } else {
                    app.class.step.leave();
                }
                continue;
            }
            // Teaching: step through SAT, predict then reveal.
            (false, false, KeyCode::Space) => {
                app.class.step.forward();
                continue;
            }
            (false, true, KeyCode::Space) => {
                app.class.step.back();
                continue;
            }
            (false, _, KeyCode::Home) => {
                app.class.step.home();
                continue;
            }
            (false, _, KeyCode::End) => {
                app.class.step.run_to_end();
                continue;
            }
            (false, false, KeyCode::P) => {
                app.class.toggle_predict();
                continue;
            }
            (false, false, KeyCode::L) => {
                if let Err(e) = lesson::toggle(&mut st.lesson, app.path().map(PathBuf::as_path)) {
                    app.say(e, false);
                }
                continue;
            }
            (false, false, KeyCode::Tab) => {
                app.settings.panels = !app.settings.panels;
                continue;
            }
            (false, false, KeyCode::G) => {
                app.algorithm_panel = !app.algorithm_panel;
                continue;
            }
            (false, false, KeyCode::M) => {
                app.minkowski = !app.minkowski;
                continue;
            }
            (false, false, KeyCode::A) => {
                app.settings.mode = match app.settings.mode {
                    AxisMode::All => AxisMode::Selected,
                    AxisMode::Selected => AxisMode::None,
                    AxisMode::None => AxisMode::All,
                };
                continue;
            }
            _ => continue,
        };
        actions.push(a);
    }
}
