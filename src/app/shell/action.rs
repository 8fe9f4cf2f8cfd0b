//! What a panel, a menu or a key asks the shell to do ([`Action`]), the
//! modes by id ([`ModeId`]), and the shell's dialog state ([`Prompt`],
//! [`UiState`]). What only one mode does is that mode's own enum, from a
//! leaf file of its folder (`field/action.rs`, …), wrapped in one variant
//! ([`Action::Field`], …): the only names of a mode the shell knows.

pub use crate::app::field::action::FieldAction;
pub use crate::app::pair::action::PairAction;
pub use crate::app::practice::action::Answer;
pub use crate::app::space::action::SpaceAction;
use egui_file_dialog::FileDialog;
use std::path::PathBuf;

/// A mode of the window, by id: the scope of its shortcuts, its recovery
/// slot, the target of [`Action::ShowMode`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModeId {
    /// The pair playground (2D, two shapes).
    Pair,
    /// Field mode (2D, many shapes in a quadtree).
    Field,
    /// The 3D pair.
    Space,
    /// Practice: exercises from `satlab practice` (only when started so).
    Practice,
}

impl ModeId {
    /// Its key in file names (the recovery slot) and messages.
    pub fn key(self) -> &'static str {
        match self {
            ModeId::Pair => "pair",
            ModeId::Field => "field",
            ModeId::Space => "space",
            ModeId::Practice => "practice",
        }
    }
}

impl std::fmt::Display for ModeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// Something a panel or a key asks the app to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A new default scene.
    New,
    /// Show the open dialog.
    Open,
    /// Open this file (asks first when there are unsaved changes).
    OpenPath(PathBuf),
    /// Save to the open file (or ask where).
    Save,
    /// Ask where, then save.
    SaveAs,
    /// Save to this path.
    SaveTo(PathBuf),
    /// Ask for a name, then capture a regression scene.
    Capture,
    /// Capture under this name (`true`: replace a file already there).
    CaptureNamed(String, bool),
    /// Ask where, then export the canvas as PNG.
    ExportPng,
    /// Export the canvas as PNG to this path.
    ExportTo(PathBuf),
    /// Ask which walk to export as an animation (a form).
    ExportAnimation,
    /// Ask where to write the animation the form describes.
    ExportAnimationFile,
    /// Export the animation to this path (on its own thread).
    ExportAnimationTo(PathBuf),
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Fit both shapes.
    Fit,
    /// Previous (-1) or next (+1) scene in the folder.
    Step(isize),
    /// Show the browser on a folder.
    Browse(PathBuf),
    /// A folder from the command line: a lesson starts at its first scene,
    /// any other folder opens the browser and its first scene.
    OpenFolder(PathBuf),
    /// Quit (asks first when there are unsaved changes).
    Quit,
    /// Show the next mode (F2).
    NextMode,
    /// Show the mode with this id.
    ShowMode(ModeId),
    /// Copy the scene as JSON to the clipboard.
    CopyScene,
    /// Copy the result table as text to the clipboard.
    CopyResults,
    /// Paste a shape object or a scene from the clipboard.
    Paste,
    /// Open the recovery copy a satlab that died left behind.
    Recover(crate::app::recovery::Orphan),
    /// Show or hide the help (F1).
    Help,
    /// Close the help, else the mode's Esc (leave step mode).
    Escape,
    /// Hide or show the panels (Tab).
    Panels,
    /// The frame-time overlay on or off.
    FrameTimes,
    /// Presenter mode on or off (F5): a larger canvas, panels hidden, the
    /// pointer highlight on.
    Presenter,
    /// Auto-play the walk shown, or pause it (O).
    AutoPlay,
    /// Delete: the active vertex (pair) or the selected shape (field).
    Delete,
    /// Turn the selected shape (R, T; read by the tools): +1 counter-clockwise,
    /// -1 clockwise (Shift: the fine step).
    Turn(i8),
    /// Nudge the selected shape (arrow keys; read by the tools) along this
    /// unit direction (world, y up; Shift: the fine step).
    Nudge(glam::Vec2),
    /// A step of the SAT walk.
    Walk(Walk),
    /// Predict, then reveal.
    Predict,
    /// Cycle the axes shown.
    CycleAxes,
    /// The Algorithm panel on or off.
    AlgorithmPanel,
    /// The Contacts view on or off.
    Contacts,
    /// The Motion view on or off.
    Motion,
    /// A moves too (a velocity arrow of its own), or stands still again;
    /// turns the Motion view on.
    AMovesToo,
    /// The GJK / EPA view on or off.
    Gjk,
    /// Make a random scene: a field (field mode), the next random pair
    /// (pair playground, 3D).
    Generate,
    /// The pair playground's own (lesson mode, the Minkowski pane).
    Pair(PairAction),
    /// Field mode's own (cells, loose bounds, add a shape).
    Field(FieldAction),
    /// The 3D mode's own (camera presets, look along, edge-on).
    Space(SpaceAction),
    /// Practice mode's own: an answer.
    Practice(Answer),
}

impl Action {
    /// The mode an action of one mode's own belongs to (the shell hands it
    /// to that mode only); `None` for the shell's and the shared ones.
    pub fn owner(&self) -> Option<ModeId> {
        match self {
            Action::Pair(_) => Some(ModeId::Pair),
            Action::Field(_) => Some(ModeId::Field),
            Action::Space(_) => Some(ModeId::Space),
            Action::Practice(_) => Some(ModeId::Practice),
            // The shell's and the shared ones (a new mode's own enum
            // gets an arm above).
            _ => None,
        }
    }
}

/// What the dialogs are doing.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// Nothing.
    None,
    /// Unsaved changes: save, discard or cancel before `then`.
    Unsaved(Box<Action>),
    /// Asking for the name of a regression scene.
    CaptureName(String),
    /// The regression scene's file (name, path) exists: replace it?
    CaptureReplace(String, std::path::PathBuf),
    /// A satlab that died left unsaved work: recover it?
    Recover(crate::app::recovery::Orphan),
}

/// What the file dialog was opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DialogPurpose {
    /// Opening a scene.
    Open,
    /// Saving a scene.
    SaveAs,
    /// Exporting the canvas as PNG.
    Export,
    /// Exporting an animation.
    ExportAnimation,
}

/// The shell's dialogs and windows.
pub struct UiState {
    /// The in-window file dialog.
    pub dialog: FileDialog,
    /// What it is open for.
    pub purpose: Option<DialogPurpose>,
    /// The current prompt.
    pub prompt: Prompt,
    /// The help window.
    pub help: bool,
    /// The folder the last PNG export went to.
    pub export_dir: Option<PathBuf>,
    /// A menu or a drop-down list was open when this frame began: it takes
    /// Esc (egui closes it), so the canvas must not also leave its walk.
    pub popup_was_open: bool,
}

impl Default for UiState {
    fn default() -> Self {
        UiState {
            dialog: FileDialog::new()
                .add_file_filter_extensions("Scenes (*.json)", vec!["json"])
                .default_file_filter("Scenes (*.json)")
                .add_file_filter_extensions("Images (*.png)", vec!["png"])
                .add_save_extension("Scene", "json")
                .add_save_extension("PNG image", "png")
                .add_save_extension("SVG picture", "svg")
                .add_save_extension("GIF animation", "gif")
                .default_save_extension("Scene")
                .default_size([760.0, 480.0]),
            purpose: None,
            prompt: Prompt::None,
            help: false,
            export_dir: None,
            popup_was_open: false,
        }
    }
}

/// Steps of the SAT walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// Next axis.
    Forward,
    /// Previous axis.
    Back,
    /// Back to the start.
    Home,
    /// Run to the end.
    End,
}
