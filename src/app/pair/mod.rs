//! The pair playground: two shapes, the SAT report and everything it says
//! about them, teaching tools, lessons and the Minkowski pane. The state is
//! [`App`] (`state.rs`); this file plugs it into the shell as a [`Mode`].

mod act;
pub mod action;
pub mod canvas;
pub mod clipboard;
pub mod contacts;
pub mod gjk;
#[cfg(test)]
mod label_layout;
#[cfg(test)]
mod layout_fuzz;
#[cfg(test)]
mod library_text;
mod mode;
pub mod motion;
pub mod overlay;
pub mod pane;
pub mod random;
pub mod state;
pub mod teach;
#[cfg(test)]
pub(crate) mod test_scenes;
pub mod tools;
pub mod ui;
pub mod velocity;
pub mod viewport;

use crate::app::camera::Rect;
use crate::app::draw::Painter;
use crate::app::files::default_scene;
use crate::app::files::{Document, Listing};
use crate::app::i18n::{tr, trf};
use crate::app::input::Input;
use crate::app::lesson::{self, Card, Lesson};
use crate::app::num;
use crate::app::pair::state::App;
use crate::app::pair::tools::Hover;
use crate::app::palette::Palette;
use crate::app::shell::mode::{Look, Mode};
use glam::Vec2;
use satlab::scene::Scene;
use std::path::{Path, PathBuf};

/// The mode's id (scope of its shortcuts, recovery slot).
pub const ID: crate::app::shell::action::ModeId = crate::app::shell::action::ModeId::Pair;

/// The pair playground as a mode of the window.
pub struct PairMode {
    /// The app state.
    pub app: App,
    /// The scene browser is shown.
    pub browser: bool,
    /// The lesson being played (its notes shown large), if any.
    pub lesson: Option<Lesson>,
    /// The Minkowski pane was shown last frame.
    pane_was: bool,
    /// The scene as last seen, and a counter bumped when it changes.
    seen: (Scene, u64),
    /// The canvas left of the pane and the pane, this frame.
    split: (Rect, Option<Rect>),
    /// The lesson's notes card, where it goes and its notes' size, this frame.
    card: Option<(Card, Rect, f32)>,
}

impl PairMode {
    /// The pair playground on `scene` from `doc`.
    pub fn new(scene: Scene, doc: Document) -> PairMode {
        let seen = (scene.clone(), 0);
        PairMode {
            app: App::new(scene, doc),
            browser: false,
            lesson: None,
            pane_was: false,
            seen,
            split: (Rect::new(Vec2::ZERO, Vec2::ZERO), None),
            card: None,
        }
    }

    /// The mode on the default scene, untitled (for [`crate::app::modes::MODES`]).
    pub fn boxed() -> Box<dyn Mode> {
        let sc = default_scene();
        let doc = Document::untitled(&sc);
        Box::new(PairMode::new(sc, doc))
    }

    /// Opens the browser on `dir`.
    pub fn browse(&mut self, dir: &Path) {
        self.app.listing = Some(Listing::scan(dir));
        self.browser = true;
    }

    /// A folder from the command line: a lesson (it holds `lesson.md`)
    /// starts at its first scene; any other folder opens the browser on it
    /// and its first scene, so PageUp and PageDown work at once. The scene
    /// to open, if any.
    pub fn open_folder(&mut self, dir: &Path) -> Option<PathBuf> {
        if lesson::is_lesson(dir) {
            if let Some(l) = Lesson::open(dir) {
                let first = l.first().cloned();
                self.lesson = Some(l);
                return first;
            }
        }
        self.browse(dir);
        self.app
            .listing
            .as_ref()
            .and_then(|l| l.folders.first())
            .and_then(|f| f.entries.first())
            .map(|e| e.path.clone())
    }

    /// The lesson card for this frame and the canvas left for the shapes
    /// above it, when a lesson is playing.
    fn lesson_card(&self, canvas: Rect, font: &macroquad::text::Font) -> Option<(Card, Rect, f32)> {
        let l = self.lesson.as_ref()?;
        // The notes are set smaller before any line is cut.
        Some(self.painter(font).bottom_card(canvas, |width, measure| {
            lesson::card(
                l,
                self.app.path().map(PathBuf::as_path),
                &self.app.scene.name,
                &self.app.scene.notes,
                width,
                measure,
            )
        }))
    }

    fn painter<'f>(&self, font: &'f macroquad::text::Font) -> Painter<'f> {
        Painter {
            pal: Palette::of(self.app.settings.theme),
            font: Some(font),
            scale: self.app.settings.scale,
            labels: self.app.settings.labels,
        }
    }

    /// The scene's view, else a fit: of the shapes themselves, large, while
    /// a lesson plays (the canvas clips the axes' far ends); of the shapes
    /// and their axes otherwise.
    pub fn fit_or_view(&mut self) {
        match (&self.lesson, self.app.scene.view) {
            (Some(_), None) => self.app.fit(true),
            _ => self.app.apply_view(),
        }
    }

    /// The shared settings, copied into the app's (which `satlab render`
    /// sets on its own).
    fn follow(&mut self, look: &Look) {
        let s = &mut self.app.settings;
        s.theme = look.theme;
        s.scale = look.canvas_scale();
        s.labels = look.label_factor();
        s.panels = look.panels;
        s.pointer_highlight = look.pointer_highlight;
    }

    fn status_text(&self, input: &Input) -> String {
        let w = self.app.cam.to_world(input.mouse);
        let mut s = trf(
            "x {}  y {}   zoom {} px/unit   grid {}",
            &[
                &format!("{:>8}", num::fixed(w.x, 3)),
                &format!("{:>8}", num::fixed(w.y, 3)),
                &num::fixed(self.app.cam.zoom, 0),
                &self.app.cam.grid_step(tools::SNAP_CELL_PX),
            ],
        );
        // A refusal belongs to the scene it refused to change.
        let refusal = self
            .app
            .tools
            .hint
            .as_ref()
            .filter(|(_, at)| *at == self.app.scene)
            .map(|(h, _)| h);
        let head = velocity::velocity_head(&self.app, input.mouse);
        let hint = match (refusal, self.app.tools.hover) {
            (Some(h), _) => Some(h.clone()),
            _ if head.is_some() => head.map(|side| {
                trf(
                    "drag to set how far {} moves over the step",
                    &[&side.letter()],
                )
            }),
            (None, Hover::Handle(h)) => Some(tr(h.kind.hint()).to_string()),
            (None, Hover::Body(side)) => Some(trf("drag to move {}", &[&side.letter()])),
            (None, Hover::Edge(..)) => Some(tr("double-click to add a vertex").to_string()),
            (None, Hover::None) => None,
        };
        if let Some(h) = hint {
            s.push_str(crate::app::draw::HINT_SEP);
            s.push_str(&h);
        }
        s
    }
}
