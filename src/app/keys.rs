//! Keeping the keyboard from egui: taking its focus back, telling a text
//! field from a button, and keeping Space and Enter for the canvas. (The
//! shortcuts themselves are one table: `shell/shortcuts.rs`.)

use egui_macroquad::egui;

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
