//! What a mode of the window is: its document, its panels, its canvas. The
//! shell ([`crate::app::shell`]) runs the frame around it: one menu bar,
//! one file dialog and prompts, one shortcut table, one help, language,
//! theme, undo keys and recovery copies for every mode (in the spirit of
//! the Box2D samples' `Sample` base and egui's `Demo` trait).
//!
//! Adding a mode is a folder under `src/app/` with a type implementing
//! [`Mode`], a [`ModeId`] and a line in [`crate::app::modes::MODES`] (its
//! keys are rows of [`crate::app::shell::shortcuts::TABLE`] scoped to its
//! id). This trait imports no mode.

use crate::app::camera::Rect;
use crate::app::draw::Painter;
use crate::app::files::{CaptureError, FileError};
use crate::app::i18n::{tr, Lang};
use crate::app::input::Gate;
use crate::app::input::Input;
use crate::app::palette::{Palette, Theme};
use crate::app::settings::Settings;
use crate::app::shell::action::{Action, ModeId};
use crate::app::shell::message::Message;
use egui_macroquad::egui;
use macroquad::text::Font;
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};

/// Settings every mode shares (the View menu's).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Light or dark.
    pub theme: Theme,
    /// UI scale: the panels' text (egui's zoom) and, times
    /// [`Look::canvas_scale`]'s presenter factor, the canvas.
    pub scale: f32,
    /// Canvas labels' size: a factor on their text (axis labels, shape
    /// letters, grid numbers), 1 = 12 px at UI scale 1; within
    /// [`LABEL_SIZES`].
    pub labels: f32,
    /// Presenter mode (F5): the canvas drawn [`PRESENTER_CANVAS`] times
    /// larger (labels, handles, arrows, captions, the notes card), the
    /// panels hidden and the pointer highlight on; the panels and the
    /// highlight come back as they were when it ends.
    pub presenter: bool,
    /// Panels shown (Tab hides them).
    pub panels: bool,
    /// A soft highlight follows the mouse, for a class watching a projector.
    pub pointer_highlight: bool,
    /// The frame-time overlay: fps and where the frame went (off by default).
    pub frame_times: bool,
    /// The panels and the pointer highlight before presenter mode began.
    before_presenter: Option<(bool, bool)>,
}

/// How much larger presenter mode draws the canvas than the UI scale does.
pub const PRESENTER_CANVAS: f32 = 1.5;

/// The least and the most [`Look::labels`] factor (the View menu's slider).
pub const LABEL_SIZES: (f32, f32) = (0.75, 2.5);

/// The least and the most [`Look::scale`] (the View menu's slider).
pub const UI_SCALES: (f32, f32) = (0.75, 2.5);

impl Default for Look {
    fn default() -> Self {
        Look {
            theme: Theme::Dark,
            scale: 1.0,
            labels: 1.0,
            presenter: false,
            panels: true,
            pointer_highlight: false,
            frame_times: false,
            before_presenter: None,
        }
    }
}

impl Look {
    /// The canvas's scale: line widths, handles, arrows, captions and text
    /// are this many times their size at UI scale 1 (the UI scale, larger
    /// in presenter mode).
    pub fn canvas_scale(&self) -> f32 {
        let k = if self.presenter {
            PRESENTER_CANVAS
        } else {
            1.0
        };
        self.scale * k
    }

    /// The canvas labels' factor on top of [`Look::canvas_scale`]
    /// ([`Look::labels`], kept within [`LABEL_SIZES`]; 1 when not finite).
    pub fn label_factor(&self) -> f32 {
        if self.labels.is_finite() {
            crate::app::num::clamp(self.labels, LABEL_SIZES.0, LABEL_SIZES.1)
        } else {
            1.0
        }
    }

    /// A painter for the canvas with these settings' colours, canvas scale
    /// and label size, drawing text with `font` (`None`: headless).
    pub fn painter<'f>(&self, font: Option<&'f Font>) -> Painter<'f> {
        Painter {
            pal: Palette::of(self.theme),
            font,
            scale: self.canvas_scale(),
            labels: self.label_factor(),
        }
    }

    /// What of these settings is kept between runs, with `lang`, the
    /// interface language.
    pub fn settings(&self, lang: Lang) -> Settings {
        Settings {
            theme: self.theme,
            ui_scale: self.scale,
            label_size: self.labels,
            presenter: self.presenter,
            language: lang,
        }
    }

    /// Takes the kept settings `s` (all but the language): the UI scale
    /// and label size within [`UI_SCALES`] and [`LABEL_SIZES`] (their
    /// defaults when not finite), presenter mode through
    /// [`Look::set_presenter`].
    pub fn apply(&mut self, s: &Settings) {
        let within = |v: f32, (lo, hi): (f32, f32)| {
            if v.is_finite() {
                crate::app::num::clamp(v, lo, hi)
            } else {
                1.0
            }
        };
        self.theme = s.theme;
        self.scale = within(s.ui_scale, UI_SCALES);
        self.labels = within(s.label_size, LABEL_SIZES);
        self.set_presenter(s.presenter);
    }

    /// Presenter mode on or off: on hides the panels and turns the pointer
    /// highlight on; off gives both back as they were.
    pub fn set_presenter(&mut self, on: bool) {
        if on == self.presenter {
            return;
        }
        self.presenter = on;
        if on {
            self.before_presenter = Some((self.panels, self.pointer_highlight));
            self.panels = false;
            self.pointer_highlight = true;
        } else if let Some((panels, highlight)) = self.before_presenter.take() {
            self.panels = panels;
            self.pointer_highlight = highlight;
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
    /// The shared settings.
    pub look: &'a mut Look,
    /// Seconds since start.
    pub now: f64,
}

/// Where a walk stands: the step shown and how many there are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkAt {
    /// The step shown, 0-based; `None` before the walk has begun (or
    /// after it was left).
    pub at: Option<usize>,
    /// Steps in the walk, its first and last included.
    pub len: usize,
}

impl WalkAt {
    /// True on the walk's last step (or past it).
    pub fn at_end(&self) -> bool {
        self.at.is_some_and(|k| k + 1 >= self.len)
    }
}

/// How [`Mode::take`] takes a scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// Pasted from the clipboard: an edit.
    Paste,
    /// The open file changed on disk and the document had no unsaved edits.
    Reload,
}

/// A mode's words for its documents, translated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocWords {
    /// Put between `satlab` and the file in the title (`field`, `3D`).
    pub tag: Option<&'static str>,
    /// The name of a document never saved.
    pub untitled: &'static str,
}

/// Why a mode could not open or save a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocError {
    /// The scene is not of this mode's kind.
    WrongKind(ModeId),
    /// Reading or writing the file failed.
    File(FileError),
}

impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DocError::WrongKind(ModeId::Pair) => f.write_str(tr("not a scene of two shapes")),
            DocError::WrongKind(ModeId::Field) => f.write_str(tr("not a field scene")),
            DocError::WrongKind(ModeId::Space) => f.write_str(tr("not a 3D scene")),
            DocError::WrongKind(ModeId::Practice) => f.write_str(tr(
                "practice mode opens no files: open a scene in another mode",
            )),
            DocError::File(e) => write!(f, "{e}"),
        }
    }
}

/// Why a clipboard action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClipError {
    /// The clipboard holds no text.
    NoText,
    /// The text is not a scene or a shape: `clipboard:line:column: …`.
    Parse(satlab::scene::SceneError),
    /// A scene another mode shows.
    OtherKind,
    /// A shape object, and this mode has no shape to paste it as.
    NoShape,
    /// The mode has no results to give now.
    NoResults,
    /// The mode could not take the scene.
    Doc(DocError),
}

impl std::fmt::Display for ClipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClipError::NoText => f.write_str(tr("the clipboard holds no text")),
            ClipError::Parse(e) => write!(f, "{e}"),
            ClipError::OtherKind => f.write_str(tr(
                "the clipboard holds a scene of another mode: open it as a file",
            )),
            ClipError::NoShape => f.write_str(tr(
                "this mode pastes whole scenes, not shapes (the clipboard holds a shape)",
            )),
            ClipError::NoResults => f.write_str(tr(
                "nothing to copy as results here (the clipboard is unchanged)",
            )),
            ClipError::Doc(e) => write!(f, "{e}"),
        }
    }
}

/// One mode of the window: ten required methods (its id, its document,
/// its message and its canvas); the rest have defaults, as egui's `Demo`.
pub trait Mode {
    /// Its id: the scope of its shortcuts, its recovery slot.
    fn id(&self) -> ModeId;
    /// Its name in menus (English; translated when shown).
    fn name(&self) -> &'static str {
        self.id().key()
    }

    /// True when this mode shows scenes like `sc`.
    fn accepts(&self, sc: &AnyScene) -> bool;
    /// Shows `sc`, read from `path` (or recovered from a copy of `path`'s
    /// unsaved state when `recovered`: then it is marked unsaved). Errors
    /// leave the document as it was.
    fn open(&mut self, sc: AnyScene, path: Option<&Path>, recovered: bool) -> Result<(), DocError>;
    /// Starts a new document.
    fn new_document(&mut self);
    /// The document as a scene (saving, recovery copies).
    fn document(&self) -> AnyScene;
    /// Saves to `path`, which becomes the document's file; the path saved.
    fn save_to(&mut self, path: &Path) -> Result<PathBuf, DocError>;
    /// Forgets the unsaved edits' claim (the user chose to discard them).
    fn discard(&mut self) {}
    /// The document's file.
    fn path(&self) -> Option<&Path>;
    /// The name Save as suggests for an untitled document.
    fn default_file_name(&self) -> &'static str {
        "untitled.json"
    }
    /// Edited since opened or saved.
    fn dirty(&self) -> bool;
    /// Bumped by every edit (the recovery copy follows it).
    fn revision(&self) -> u64 {
        0
    }
    /// The words the shell's title and messages use for this mode's
    /// documents (translated).
    fn words(&self) -> DocWords {
        DocWords {
            tag: None,
            untitled: tr("untitled"),
        }
    }
    /// Takes `sc` (of this mode's kind) as its document, keeping its file
    /// and the view: a paste is an edit (undoable where the mode has undo,
    /// unsaved); a reload is the file's new content (saved).
    fn take(&mut self, sc: AnyScene, how: Take) -> Result<(), DocError> {
        let path = self.path().map(Path::to_path_buf);
        self.open(sc, path.as_deref(), how == Take::Paste)
    }
    /// Pastes one shape object (`{"kind": …}`, the scene format's shape)
    /// into the document; the message to show. Modes without a shape to
    /// replace or add refuse.
    fn paste_shape(&mut self, _text: &str) -> Result<String, ClipError> {
        Err(ClipError::NoShape)
    }
    /// The name a regression capture suggests; `None` when the mode has
    /// no capture (the shell says so).
    fn capture_name(&self) -> Option<String> {
        None
    }
    /// Writes the document as a regression scene, its `expect` block filled
    /// from what the core finds now, named `name` in `dir` (an existing
    /// file only replaced when `replace`); the path written. The shell asks
    /// for the name and the replacing, and says what happened.
    fn capture(&self, _dir: &Path, _name: &str, _replace: bool) -> Result<PathBuf, CaptureError> {
        Err(CaptureError::Failed(
            tr("this mode has no regression capture").into(),
        ))
    }
    /// What the mode found, as text (the words of `satlab eval`); `None`
    /// when there is nothing to give now (the clipboard is left alone).
    fn results_text(&self) -> Option<String> {
        None
    }

    /// Where the walk the mode shows now stands (the one
    /// [`Action::Walk`] steps: SAT's axes, the algorithm's steps, GJK /
    /// EPA, contact clipping, the 3D axes); `None` when it shows none.
    /// Auto-play ([`crate::app::shell::autoplay`]) reads it.
    fn walk_at(&self) -> Option<WalkAt> {
        None
    }

    /// Steps back one edit; false when there is none.
    fn undo(&mut self) -> bool {
        false
    }
    /// Steps forward one undone edit; false when there is none.
    fn redo(&mut self) -> bool {
        false
    }
    /// Steps available: (undo, redo).
    fn undo_depth(&self) -> (usize, usize) {
        (0, 0)
    }

    /// The message shown in the top bar.
    fn message(&mut self) -> &mut Option<Message>;

    /// Adds the mode's entries to `menu`.
    fn menu(&mut self, _ui: &mut egui::Ui, _menu: Menu, _out: &mut Vec<Action>) {}
    /// Shows the mode's panels (only while panels are shown).
    fn panels(&mut self, _ctx: &egui::Context, _look: &Look, _out: &mut Vec<Action>) {}
    /// Carries out an action the shell does not; returns it when the mode
    /// has nothing to do with it.
    fn act(&mut self, a: Action, _cx: &mut Cx) -> Option<Action> {
        Some(a)
    }
    /// Edits from the pointer and the tools, and the answers they change.
    fn update(&mut self, _f: &Frame) {}
    /// Draws the canvas.
    fn draw(&mut self, f: &Frame);
    /// Milliseconds of the last frame spent in [`Mode::update`]'s parts
    /// worth telling apart (for `--bench-frames`), and one line about what
    /// was measured.
    fn bench_line(&self) -> String {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 28, item 25: the kept settings come back as they were, and
    /// numbers a hand-edited file puts out of range are brought back in
    /// (never a UI scale of 100 or a label size of 0).
    #[test]
    fn kept_settings_are_applied_within_their_ranges() {
        let mut shown = Look {
            theme: Theme::Light,
            scale: 1.5,
            labels: 1.25,
            ..Look::default()
        };
        shown.set_presenter(true);
        let kept = shown.settings(Lang::ZhHans);
        assert_eq!(kept.language, Lang::ZhHans);
        let mut next = Look::default();
        next.apply(&kept);
        assert_eq!(next.settings(Lang::ZhHans), kept);
        assert!(!next.panels && next.pointer_highlight, "presenter mode");
        next.set_presenter(false);
        assert!(
            next.panels && !next.pointer_highlight,
            "the defaults come back"
        );
        let wild = Settings {
            ui_scale: 100.0,
            label_size: 0.0,
            ..Settings::default()
        };
        next.apply(&wild);
        assert_eq!((next.scale, next.labels), (UI_SCALES.1, LABEL_SIZES.0));
        let wild = Settings {
            ui_scale: f32::INFINITY,
            label_size: f32::NAN,
            ..Settings::default()
        };
        next.apply(&wild);
        assert_eq!((next.scale, next.labels), (1.0, 1.0));
    }
}
