//! The pair playground as a [`Mode`] of the shell: its document, menus,
//! panels, actions, update and drawing.

use super::action::PairAction;
use super::{act, velocity, PairMode, ID};
use crate::app::camera::Rect;
use crate::app::files::default_scene;
use crate::app::files::{CaptureError, Document};
use crate::app::i18n::{tr, trf};
use crate::app::lesson::{self};
use crate::app::pair::canvas::draw_canvas;
use crate::app::pair::overlay::AxisMode;
use crate::app::pair::tools::Cursor;
use crate::app::pair::ui;
use crate::app::pair::viewport::clipped;
use crate::app::shell::action::Action;

use crate::app::shell::message::Message;
use crate::app::shell::mode::{ClipError, Cx, DocError, Frame, Look, Menu, Mode, Take, WalkAt};
use crate::app::shell::shortcuts::with_key;
use crate::app::shell::top_bar;
use egui_macroquad::egui;
use glam::Vec2;
use macroquad::miniquad::window::set_mouse_cursor;
use macroquad::miniquad::CursorIcon;
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};

impl Mode for PairMode {
    fn id(&self) -> crate::app::shell::action::ModeId {
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

    fn open(&mut self, sc: AnyScene, path: Option<&Path>, recovered: bool) -> Result<(), DocError> {
        let AnyScene::Pair(sc) = sc else {
            return Err(DocError::WrongKind(ID));
        };
        let doc = match path {
            Some(p) if recovered => Document::open(p)
                .map(|(d, _)| d)
                .unwrap_or_else(|_| Document::untitled(&default_scene())),
            Some(p) => Document::open(p).map_err(DocError::File)?.0,
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

    fn save_to(&mut self, path: &Path) -> Result<PathBuf, DocError> {
        let scene = self.app.scene.clone();
        self.app.doc.save_as(path, &scene).map_err(DocError::File)?;
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

    fn take(&mut self, sc: AnyScene, how: Take) -> Result<(), DocError> {
        let AnyScene::Pair(sc) = sc else {
            return Err(DocError::WrongKind(ID));
        };
        match how {
            // A pasted scene keeps this one's expect block (what the
            // scene file promises is not the clipboard's to change).
            Take::Paste => {
                self.app.scene = satlab::scene::Scene {
                    expect: self.app.scene.expect.clone(),
                    ..sc
                };
            }
            Take::Reload => {
                self.app.doc.saved = sc.clone();
                self.app.scene = sc;
            }
        }
        Ok(())
    }

    fn paste_shape(&mut self, text: &str) -> Result<String, ClipError> {
        let side = self.app.tools.selected;
        let (sc, what) = crate::app::pair::clipboard::paste(text, &self.app.scene, side)?;
        self.app.scene = sc;
        Ok(match what {
            crate::app::pair::clipboard::Pasted::Shape(s) => trf("pasted shape {}", &[&s.letter()]),
            crate::app::pair::clipboard::Pasted::Scene => tr("pasted the scene").to_string(),
        })
    }

    fn results_text(&self) -> Option<String> {
        Some(crate::app::pair::clipboard::results_text(&self.app.scene))
    }

    fn capture_name(&self) -> Option<String> {
        Some(crate::app::files::capture_name(&self.app.scene))
    }

    fn capture(&self, dir: &Path, name: &str, replace: bool) -> Result<PathBuf, CaptureError> {
        // The capture opens as the view shows it now.
        let mut sc = self.app.scene.clone();
        sc.view = Some(satlab::scene::View {
            center: self.app.cam.center,
            zoom: self.app.cam.zoom,
        });
        crate::app::files::capture_regression(dir, name, &sc, replace)
    }

    fn walk_at(&self) -> Option<WalkAt> {
        act::walk_at(&self.app)
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
                top_bar::item(ui, ID, tr("Browse scenes"), Action::Browse(folder), out);
                top_bar::item(ui, ID, tr("Previous scene"), Action::Step(-1), out);
                top_bar::item(ui, ID, tr("Next scene"), Action::Step(1), out);
                ui.separator();
            }
            Menu::Edit => {
                ui.separator();
                top_bar::item(ui, ID, tr("Next random pair"), Action::Generate, out);
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
                let minkowski = label(
                    tr("Minkowski difference A ⊖ B"),
                    Action::Pair(PairAction::Minkowski),
                );
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
                        label(
                            tr("lesson mode: notes large"),
                            Action::Pair(PairAction::Lesson),
                        ),
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
        let (left, pane_whole) = crate::app::pair::pane::split_for_pane(whole, self.app.minkowski);
        if self.pane_was != pane_whole.is_some() {
            // The canvas changed width: fit the shapes to it again.
            self.pane_was = pane_whole.is_some();
            self.app.fit_pending = true;
        }
        // A playing lesson's notes card spans the bottom, below the shapes
        // (and below the Minkowski pane, when it is open).
        self.card = self.lesson_card(whole, f.font);
        let bottom = self.card.as_ref().map_or(whole.max.y, |(_, r, _)| r.min.y);
        self.app.cam.canvas = Rect::new(left.min, Vec2::new(left.max.x, bottom));
        self.app.cam.room = crate::app::pair::canvas::fit_room(&self.app, true);
        self.split = (
            self.app.cam.canvas,
            pane_whole.map(|r| Rect::new(r.min, Vec2::new(r.max.x, bottom))),
        );
        if self.app.fit_pending {
            self.fit_or_view();
            self.app.fit_pending = false;
        }
        let pointer = f.gate.pointer && left.contains(f.input.mouse);
        let gate = crate::app::input::Gate {
            pointer: velocity::drag_velocity(&mut self.app, f.input, pointer),
            keyboard: f.gate.keyboard,
        };
        self.app.tools.scale = self.app.settings.scale;
        self.app
            .tools
            .frame(f.input, gate, &mut self.app.cam, &mut self.app.scene);
        let i = f.input;
        let busy = i.left.down || i.right.down || i.middle.down || f.typing;
        self.app.history.settle(&self.app.scene, busy);
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
        clipped(self.split.0, || {
            draw_canvas(&self.app, Some(f.font), status)
        });
        if let Some((c, r, notes)) = &self.card {
            self.painter(f.font).notes_card(*r, c, *notes);
        }
        if let Some(r) = self.split.1 {
            clipped(r, || {
                crate::app::pair::pane::draw_minkowski(&self.app, Some(f.font), r, status.is_some())
            });
            // With the pane open the status line runs under both, so its
            // hint is not cut at the pane's edge.
            if let Some(s) = status {
                let both = Rect::new(self.split.0.min, r.max);
                crate::app::pair::canvas::status_line(&self.painter(f.font), both, s);
            }
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
