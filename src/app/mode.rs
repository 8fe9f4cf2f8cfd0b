//! What a mode of the window is: its document, its panels, its canvas. The
//! shell ([`crate::app::shell`]) runs the frame around it: one menu bar,
//! one file dialog and prompts, one shortcut table, one help, language,
//! theme, undo keys and recovery copies for every mode (in the spirit of
//! the Box2D samples' `Sample` base and egui's `Demo` trait).
//!
//! Adding a mode is a folder under `src/app/` with a type implementing
//! [`Mode`], and a line in [`MODES`] (its keys are rows of
//! [`crate::app::shell::shortcuts::TABLE`] scoped to its id).

use crate::app::camera::Rect;
use crate::app::input::Input;
use crate::app::palette::Theme;
use crate::app::state::Message;
use crate::app::tools::Gate;
use crate::app::ui::{Action, Prompt};
use egui_macroquad::egui;
use macroquad::text::Font;
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};

/// Every mode of the window, in the order F2 walks through them; the first
/// is the one the window starts in.
pub const MODES: &[fn() -> Box<dyn Mode>] = &[
    crate::app::pair::PairMode::boxed,
    crate::app::field::FieldMode::boxed,
];

/// Settings every mode shares (the View menu's).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Light or dark.
    pub theme: Theme,
    /// UI scale: text, line widths and handles.
    pub scale: f32,
    /// Panels shown (Tab hides them).
    pub panels: bool,
    /// A soft highlight follows the mouse, for a class watching a projector.
    pub pointer_highlight: bool,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            theme: Theme::Dark,
            scale: 1.0,
            panels: true,
            pointer_highlight: false,
        }
    }
}

/// Which menu a mode is adding entries to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    /// File, between Save as and Export.
    File,
    /// Edit, after Undo and Redo.
    Edit,
    /// View, first: what the canvas shows.
    View,
    /// View, last: the mode's panels.
    Panels,
}

/// What a mode sees of one frame.
pub struct Frame<'a> {
    /// This frame's input.
    pub input: &'a Input,
    /// Whether the canvas has the pointer and the keyboard.
    pub gate: Gate,
    /// The space the panels left, logical pixels.
    pub canvas: Rect,
    /// A text field has the keyboard.
    pub typing: bool,
    /// Draw the clean canvas (an export): no status line, no handles.
    pub clean: bool,
    /// The canvas font.
    pub font: &'a Font,
    /// The shared settings.
    pub look: Look,
    /// Seconds since start.
    pub now: f64,
}

/// What a mode may ask of the shell while it carries out an action.
pub struct Cx<'a> {
    /// Actions to carry out next (the shell's or the mode's).
    pub then: Vec<Action>,
    /// The dialog to show.
    pub prompt: &'a mut Prompt,
    /// The shared settings.
    pub look: &'a mut Look,
    /// Seconds since start.
    pub now: f64,
}

/// One mode of the window.
pub trait Mode {
    /// Its id: the scope of its shortcuts, its recovery slot.
    fn id(&self) -> &'static str;
    /// Its name in menus (English; translated when shown).
    fn name(&self) -> &'static str;

    /// True when this mode shows scenes like `sc`.
    fn accepts(&self, sc: &AnyScene) -> bool;
    /// Shows `sc`, read from `path` (or recovered from a copy of `path`'s
    /// unsaved state when `recovered`: then it is marked unsaved). Errors
    /// leave the document as it was.
    fn open(&mut self, sc: AnyScene, path: Option<&Path>, recovered: bool) -> Result<(), String>;
    /// Starts a new document.
    fn new_document(&mut self);
    /// The document as a scene (saving, recovery copies).
    fn document(&self) -> AnyScene;
    /// Saves to `path`, which becomes the document's file; the path saved.
    fn save_to(&mut self, path: &Path) -> Result<PathBuf, String>;
    /// Forgets the unsaved edits' claim (the user chose to discard them).
    fn discard(&mut self);
    /// The document's file.
    fn path(&self) -> Option<&Path>;
    /// The name Save as suggests for an untitled document.
    fn default_file_name(&self) -> &'static str;
    /// Edited since opened or saved.
    fn dirty(&self) -> bool;
    /// Bumped by every edit (the recovery copy follows it).
    fn revision(&self) -> u64;
    /// The window title: the file, and • when edited.
    fn title(&self) -> String;

    /// Steps back one edit; false when there is none.
    fn undo(&mut self) -> bool;
    /// Steps forward one undone edit; false when there is none.
    fn redo(&mut self) -> bool;
    /// Steps available: (undo, redo).
    fn undo_depth(&self) -> (usize, usize);

    /// The message shown in the top bar.
    fn message(&mut self) -> &mut Option<Message>;

    /// Adds the mode's entries to `menu`.
    fn menu(&mut self, ui: &mut egui::Ui, menu: Menu, out: &mut Vec<Action>);
    /// Shows the mode's panels (only while panels are shown).
    fn panels(&mut self, ctx: &egui::Context, look: &Look, out: &mut Vec<Action>);
    /// Carries out an action the shell does not; returns it when the mode
    /// has nothing to do with it.
    fn act(&mut self, a: Action, cx: &mut Cx) -> Option<Action>;
    /// Edits from the pointer and the tools, and the answers they change.
    fn update(&mut self, f: &Frame);
    /// Draws the canvas.
    fn draw(&mut self, f: &Frame);
    /// Milliseconds of the last frame spent in [`Mode::update`]'s parts
    /// worth telling apart (for `--bench-frames`), and one line about what
    /// was measured.
    fn bench_line(&self) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::shell::shortcuts::{Scope, TABLE};

    #[test]
    fn each_mode_has_its_own_id_and_takes_only_its_own_documents() {
        let modes: Vec<Box<dyn Mode>> = MODES.iter().map(|m| m()).collect();
        for (i, a) in modes.iter().enumerate() {
            for (j, b) in modes.iter().enumerate() {
                assert_eq!(i == j, a.id() == b.id(), "ids must differ");
                assert_eq!(
                    i == j,
                    b.accepts(&a.document()),
                    "{} and {}'s documents",
                    b.id(),
                    a.id()
                );
            }
        }
    }

    #[test]
    fn documents_open_recover_discard_and_save_the_same_way_in_every_mode() {
        let dir = std::env::temp_dir().join(format!("satlab-modes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for make in MODES {
            let mut m = make();
            assert!(!m.dirty(), "{}: a new document is clean", m.id());
            assert_eq!(m.undo_depth(), (0, 0));
            assert!(!m.undo() && !m.redo());
            // A copy of an edited, untitled document, as recovery keeps it.
            let doc = match m.document() {
                AnyScene::Pair(mut sc) => {
                    sc.name.push_str(" (edited)");
                    AnyScene::Pair(sc)
                }
                AnyScene::Field(mut fs) => {
                    fs.name.push_str(" (edited)");
                    AnyScene::Field(fs)
                }
                AnyScene::Space(mut sp) => {
                    sp.name.push_str(" (edited)");
                    AnyScene::Space(sp)
                }
            };
            m.open(doc, None, true).unwrap();
            assert!(m.dirty(), "{}: a recovered copy is unsaved", m.id());
            m.discard();
            assert!(!m.dirty(), "{}: discarding forgets the claim", m.id());
            let file = dir.join(m.default_file_name());
            let saved = m.save_to(&file).unwrap();
            assert_eq!(m.path(), Some(saved.as_path()));
            assert!(m.title().contains(m.default_file_name()), "{}", m.title());
            let back = satlab::scene::load_any(&file).unwrap();
            assert!(m.accepts(&back));
            m.open(back, Some(&file), false).unwrap();
            assert!(!m.dirty() && m.path() == Some(file.as_path()));
            m.new_document();
            assert!(m.path().is_none() && !m.dirty());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_shortcut_scope_names_a_mode() {
        let ids: Vec<&str> = MODES.iter().map(|m| m().id()).collect();
        for s in TABLE {
            match s.scope {
                Scope::Every => {}
                Scope::Only(m) | Scope::Canvas(m) => {
                    assert!(
                        ids.contains(&m),
                        "{:?} is scoped to {m}, no such mode",
                        s.what
                    )
                }
            }
        }
    }
}
