//! The pair playground: two shapes, the SAT report and everything it says
//! about them, teaching tools, lessons and the Minkowski pane. The state is
//! [`App`] (`state.rs`); this file plugs it into the shell as a [`Mode`].

mod act;

use crate::app::camera::Rect;
use crate::app::canvas::draw_canvas;
use crate::app::draw::{card_size, Painter};
use crate::app::files::{DiskChange, Document, Listing};
use crate::app::i18n::{tr, trf};
use crate::app::input::Input;
use crate::app::mode::{Cx, Frame, Look, Menu, Mode};
use crate::app::num;
use crate::app::overlay::AxisMode;
use crate::app::palette::Palette;
use crate::app::shell::shortcuts::with_key;
use crate::app::state::{default_scene, App, Message};
use crate::app::teach::lesson::{self, Card, Lesson};
use crate::app::tools::{self, Cursor, Hover};
use crate::app::ui::{self, Action};
use crate::app::viewport::clipped;
use egui_macroquad::egui;
use glam::Vec2;
use macroquad::miniquad::window::set_mouse_cursor;
use macroquad::miniquad::CursorIcon;
use satlab::scene::{AnyScene, Scene};
use std::path::{Path, PathBuf};

/// The mode's id (scope of its shortcuts, recovery slot).
pub const ID: &str = "pair";

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
    /// The lesson's notes card and where it goes, this frame.
    card: Option<(Card, Rect)>,
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

    /// The mode on the default scene, untitled (for [`crate::app::mode::MODES`]).
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
    fn lesson_card(&self, canvas: Rect, font: &macroquad::text::Font) -> Option<(Card, Rect)> {
        let l = self.lesson.as_ref()?;
        let p = self.painter(font);
        let card = lesson::card(
            l,
            self.app.path().map(PathBuf::as_path),
            &self.app.scene.name,
            &self.app.scene.notes,
            p.card_text_width(canvas.size().x),
            |t| p.text_width(t, card_size::NOTES),
        );
        let h = p.card_height(&card, canvas.size().y);
        let r = Rect::new(Vec2::new(canvas.min.x, canvas.max.y - h), canvas.max);
        Some((card, r))
    }

    fn painter<'f>(&self, font: &'f macroquad::text::Font) -> Painter<'f> {
        Painter {
            pal: Palette::of(self.app.settings.theme),
            font,
            scale: self.app.settings.scale,
        }
    }

    /// The scene's view, else a fit: of the shapes themselves, large, while
    /// a lesson plays (the canvas clips the axes' far ends); of the shapes
    /// and their axes otherwise.
    pub fn fit_or_view(&mut self) {
        match (&self.lesson, self.app.scene.view) {
            (Some(_), None) => tools::fit_shapes(&mut self.app.cam, &self.app.scene),
            _ => self.app.apply_view(),
        }
    }

    /// The shared settings, copied into the app's (which `satlab render`
    /// sets on its own).
    fn follow(&mut self, look: &Look) {
        let s = &mut self.app.settings;
        s.theme = look.theme;
        s.scale = look.scale;
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
        let head = act::velocity_head(&self.app, input.mouse);
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
            s.push_str("   │ ");
            s.push_str(&h);
        }
        s
    }

    fn poll_disk(&mut self) {
        let was_dirty = self.app.doc.dirty(&self.app.scene);
        match self.app.doc.poll(self.app.now) {
            DiskChange::None => {}
            DiskChange::Reloaded(sc) => {
                if was_dirty {
                    self.app.say(
                        tr("the file changed on disk; your unsaved edits are kept (open it again to reload)"),
                        true,
                    );
                } else {
                    self.app.scene = *sc;
                    self.app
                        .say(tr("reloaded: the file changed on disk"), false);
                }
            }
            DiskChange::Broken(e) => self.app.say(e, true),
            DiskChange::Repaired(e) => {
                // The error was about a state of the file that is gone.
                if self.app.message.as_ref().is_some_and(|m| m.shows(&e)) {
                    self.app.message = None;
                }
            }
        }
    }
}

impl Mode for PairMode {
    fn id(&self) -> &'static str {
        ID
    }

    fn name(&self) -> &'static str {
        "Pair playground"
    }

    fn accepts(&self, sc: &AnyScene) -> bool {
        match sc {
            AnyScene::Pair(_) => true,
            AnyScene::Field(_) | AnyScene::Space(_) => false,
        }
    }

    fn open(&mut self, sc: AnyScene, path: Option<&Path>, recovered: bool) -> Result<(), String> {
        let AnyScene::Pair(sc) = sc else {
            return Err(tr("not a scene of two shapes").into());
        };
        let doc = match path {
            Some(p) if recovered => Document::open(p)
                .map(|(d, _)| d)
                .unwrap_or_else(|_| Document::untitled(&default_scene())),
            Some(p) => Document::open(p)?.0,
            None => Document::untitled(&default_scene()),
        };
        self.app.replace(sc, doc);
        Ok(())
    }

    fn new_document(&mut self) {
        let sc = default_scene();
        let doc = Document::untitled(&sc);
        self.app.replace(sc, doc);
    }

    fn document(&self) -> AnyScene {
        AnyScene::Pair(self.app.scene.clone())
    }

    fn save_to(&mut self, path: &Path) -> Result<PathBuf, String> {
        let scene = self.app.scene.clone();
        self.app.doc.save_as(path, &scene)?;
        Ok(self.app.doc.path.clone().unwrap_or_else(|| path.into()))
    }

    fn discard(&mut self) {
        self.app.doc.saved = self.app.scene.clone();
    }

    fn path(&self) -> Option<&Path> {
        self.app.path().map(PathBuf::as_path)
    }

    fn default_file_name(&self) -> &'static str {
        "scene.json"
    }

    fn dirty(&self) -> bool {
        self.app.doc.dirty(&self.app.scene)
    }

    fn revision(&self) -> u64 {
        self.seen.1
    }

    fn title(&self) -> String {
        self.app.doc.title(&self.app.scene)
    }

    fn undo(&mut self) -> bool {
        self.app.history.undo(&mut self.app.scene)
    }

    fn redo(&mut self) -> bool {
        self.app.history.redo(&mut self.app.scene)
    }

    fn undo_depth(&self) -> (usize, usize) {
        self.app.history.depth()
    }

    fn message(&mut self) -> &mut Option<Message> {
        &mut self.app.message
    }

    fn menu(&mut self, ui: &mut egui::Ui, menu: Menu, out: &mut Vec<Action>) {
        let app = &mut self.app;
        match menu {
            Menu::File => {
                let folder = app
                    .path()
                    .and_then(|p| p.parent().map(Path::to_path_buf))
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or_else(|| "scenes".into());
                ui::top_bar::item(ui, ID, tr("Browse scenes"), Action::Browse(folder), out);
                ui::top_bar::item(ui, ID, tr("Previous scene"), Action::Step(-1), out);
                ui::top_bar::item(ui, ID, tr("Next scene"), Action::Step(1), out);
                ui.separator();
                ui::top_bar::item(
                    ui,
                    ID,
                    tr("Capture regression scene…"),
                    Action::Capture,
                    out,
                );
            }
            Menu::Edit => {
                ui::top_bar::item(ui, ID, tr("Copy scene as JSON"), Action::CopyScene, out);
                ui::top_bar::item(
                    ui,
                    ID,
                    tr("Paste shape or scene from JSON"),
                    Action::Paste,
                    out,
                );
                ui::top_bar::item(ui, ID, tr("Copy results as text"), Action::CopyResults, out);
            }
            Menu::View => {
                for m in [AxisMode::All, AxisMode::Selected, AxisMode::None] {
                    ui.radio_value(&mut app.settings.mode, m, m.label());
                }
                ui.checkbox(&mut app.settings.normals, tr("edge normals"));
            }
            Menu::Panels => {
                let label = |what: &str, a: Action| with_key(what, &a, ID);
                let algorithm = label(tr("Algorithm panel"), Action::AlgorithmPanel);
                ui.checkbox(&mut app.algorithm_panel, algorithm);
                let minkowski = label(tr("Minkowski difference A ⊖ B"), Action::Minkowski);
                ui.checkbox(&mut app.minkowski, minkowski);
                ui.checkbox(&mut app.contacts, label(tr("Contacts"), Action::Contacts));
                ui.checkbox(&mut app.motion_view, label(tr("Motion"), Action::Motion));
                let gjk = label(tr("GJK / EPA steps"), Action::Gjk);
                if ui.checkbox(&mut app.gjk_view, gjk).changed() {
                    app.minkowski |= app.gjk_view;
                    app.gjk_step = 0;
                }
                ui.checkbox(&mut self.browser, tr("scene browser"));
                let mut lesson_on = self.lesson.is_some();
                if ui
                    .checkbox(
                        &mut lesson_on,
                        label(tr("lesson mode: notes large"), Action::Lesson),
                    )
                    .changed()
                {
                    let current = app.path().map(PathBuf::as_path);
                    if let Err(e) = lesson::toggle(&mut self.lesson, current) {
                        app.say(e, false);
                    }
                }
            }
        }
    }

    fn panels(&mut self, ctx: &egui::Context, look: &Look, out: &mut Vec<Action>) {
        self.follow(look);
        ui::pair_panels(ctx, &mut self.app, self.browser, out);
    }

    fn act(&mut self, a: Action, cx: &mut Cx) -> Option<Action> {
        self.follow(cx.look);
        self.app.now = cx.now;
        act::act(self, a, cx)
    }

    fn update(&mut self, f: &Frame) {
        self.follow(&f.look);
        self.app.now = f.now;
        // The Minkowski pane takes the right half of the canvas; the shapes
        // (and the pointer) keep the left half. Exports take both.
        let whole = f.canvas;
        let (left, pane_whole) = crate::app::pane::split_for_pane(whole, self.app.minkowski);
        if self.pane_was != pane_whole.is_some() {
            // The canvas changed width: fit the shapes to it again.
            self.pane_was = pane_whole.is_some();
            self.app.fit_pending = true;
        }
        // A playing lesson's notes card spans the bottom, below the shapes
        // (and below the Minkowski pane, when it is open).
        self.card = self.lesson_card(whole, f.font);
        let bottom = self.card.as_ref().map_or(whole.max.y, |(_, r)| r.min.y);
        self.app.cam.canvas = Rect::new(left.min, Vec2::new(left.max.x, bottom));
        self.app.cam.room = crate::app::canvas::fit_room(&self.app, true);
        self.split = (
            self.app.cam.canvas,
            pane_whole.map(|r| Rect::new(r.min, Vec2::new(r.max.x, bottom))),
        );
        if self.app.fit_pending {
            self.fit_or_view();
            self.app.fit_pending = false;
        }
        let pointer = f.gate.pointer && left.contains(f.input.mouse);
        let gate = tools::Gate {
            pointer: act::drag_velocity(&mut self.app, f.input, pointer),
            keyboard: f.gate.keyboard,
        };
        self.app.tools.scale = self.app.settings.scale;
        self.app
            .tools
            .frame(f.input, gate, &mut self.app.cam, &mut self.app.scene);
        let i = f.input;
        let busy = i.left.down || i.right.down || i.middle.down || f.typing;
        self.app.history.settle(&self.app.scene, busy);
        self.poll_disk();
        self.app.refresh();
        if self.seen.0 != self.app.scene {
            self.seen = (self.app.scene.clone(), self.seen.1.wrapping_add(1));
        }
        if gate.pointer || self.app.tools.dragging() {
            set_mouse_cursor(match self.app.tools.cursor() {
                Cursor::Default => CursorIcon::Default,
                Cursor::Move => CursorIcon::Move,
                Cursor::Rotate => CursorIcon::Pointer,
                Cursor::Resize => CursorIcon::NWSEResize,
                Cursor::Crosshair => CursorIcon::Crosshair,
            });
        }
    }

    fn draw(&mut self, f: &Frame) {
        // The frame that is exported draws the clean canvas, as `satlab
        // render` does: no status line, cursor position or handles.
        let status = self.status_text(f.input);
        let status = Some(status.as_str()).filter(|_| !f.clean);
        // Each part is clipped to its own rectangle: a shape fitted large
        // (a lesson) may reach past the canvas, never onto the panels.
        clipped(self.split.0, || draw_canvas(&self.app, f.font, status));
        if let Some((c, r)) = &self.card {
            self.painter(f.font).notes_card(*r, c);
        }
        if let Some(r) = self.split.1 {
            clipped(r, || crate::app::pane::draw_minkowski(&self.app, f.font, r));
        }
    }

    fn bench_line(&self) -> String {
        format!(
            "{} vs {}, {} axes shown ({})",
            self.app.scene.a.kind().name(),
            self.app.scene.b.kind().name(),
            self.app.results.report.axes.len(),
            self.app.settings.mode.label()
        )
    }
}
