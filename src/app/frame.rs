//! One frame of the playground: read input, run the panels, carry out their
//! actions, run the tools, settle the history, draw.

use crate::app::camera::Rect;
use crate::app::canvas::{crop_bottom_up, draw_canvas, export};
use crate::app::draw::{card_size, Painter};
use crate::app::field::{FieldMode, Outcome};
use crate::app::files::{self, DiskChange, Document, Listing};
use crate::app::i18n::{tr, trf};
use crate::app::input::{Input, Tracker};
use crate::app::keys::{keep_activation_keys_from_egui, release_focus, shortcuts, text_has_focus};
use crate::app::num;
use crate::app::palette::{Palette, Theme};
use crate::app::recovery::{self, Keeper};
use crate::app::state::{default_scene, App};
use crate::app::teach::lesson::{self, Card, Lesson, Step as LessonStep};
use crate::app::title::WindowTitle;
use crate::app::tools::{self, Cursor, Gate, Hover};
use crate::app::ui::{self, Action, DialogPurpose, Prompt, UiState};
use egui_macroquad::egui;
use glam::Vec2;
use macroquad::miniquad::window::set_mouse_cursor;
use macroquad::miniquad::CursorIcon;
use macroquad::text::Font;
use macroquad::texture::get_screen_data;
use satlab::scene::{AnyScene, Scene};
use std::path::{Path, PathBuf};

/// The running playground.
pub struct Runner {
    /// The app state.
    pub app: App,
    ui: UiState,
    tracker: Tracker,
    font: Font,
    theme_applied: Option<Theme>,
    export_request: Option<PathBuf>,
    text_focus_prev: bool,
    /// Milliseconds of the last frame in: panels, tools and overlay, canvas
    /// drawing, egui drawing.
    pub timing: [f64; 4],
    /// Set when the user asked to quit and nothing is unsaved.
    pub quit: bool,
    window_title: WindowTitle,
    /// Field mode, kept while the pair playground is shown.
    pub field: Option<Box<FieldMode>>,
    /// Field mode is showing.
    pub field_on: bool,
    /// The Minkowski pane was shown last frame.
    pane_was: bool,
    /// Recovery copies of the pair document and the field document.
    recovery: [Keeper; 2],
    /// The pair scene as last seen, and a counter bumped when it changes.
    pair_seen: (Scene, u64),
    /// When a caught panic last wrote the recovery copies.
    pub rescued_at: Option<std::time::Instant>,
}

impl Runner {
    /// A runner on `app`, drawing text with `font`.
    pub fn new(app: App, font: Font) -> Runner {
        let window_title = WindowTitle::new(&app.doc.title(&app.scene));
        let pair_seen = (app.scene.clone(), 0);
        Runner {
            app,
            ui: UiState::default(),
            tracker: Tracker::default(),
            font,
            theme_applied: None,
            export_request: None,
            text_focus_prev: false,
            timing: [0.0; 4],
            quit: false,
            window_title,
            field: None,
            field_on: false,
            pane_was: false,
            recovery: [
                Keeper::new(recovery::dir(), "pair"),
                Keeper::new(recovery::dir(), "field"),
            ],
            pair_seen,
            rescued_at: None,
        }
    }

    /// Opens the browser on `dir` (for `satlab FOLDER/`).
    pub fn browse(&mut self, dir: &Path) {
        self.app.listing = Some(Listing::scan(dir));
        self.ui.browser = true;
    }

    /// Opens a folder from the command line: a lesson (it holds
    /// `lesson.md`) starts at its first scene; any other folder opens the
    /// browser on it and its first scene, so PageUp and PageDown work at
    /// once.
    pub fn open_folder(&mut self, dir: &Path) {
        if lesson::is_lesson(dir) {
            if let Some(l) = Lesson::open(dir) {
                let first = l.first().cloned();
                self.ui.lesson = Some(l);
                if let Some(p) = first {
                    self.act(Action::OpenPath(p));
                }
                return;
            }
        }
        self.browse(dir);
        let first = self
            .app
            .listing
            .as_ref()
            .and_then(|l| l.folders.first())
            .and_then(|f| f.entries.first())
            .map(|e| e.path.clone());
        if let Some(p) = first {
            self.act(Action::OpenPath(p));
        }
    }

    /// The lesson card for this frame and the canvas left for the shapes
    /// above it, when a lesson is playing.
    fn lesson_card(&self, canvas: Rect) -> Option<(Card, Rect)> {
        let l = self.ui.lesson.as_ref()?;
        let p = Painter {
            pal: Palette::of(self.app.settings.theme),
            font: &self.font,
            scale: self.app.settings.scale,
        };
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

    /// Shows field mode on `mode`.
    pub fn open_field(&mut self, mode: FieldMode) {
        self.field = Some(Box::new(mode));
        self.field_on = true;
    }

    /// Runs one frame up to (not including) `next_frame()`, then keeps the
    /// recovery copies current.
    pub fn frame(&mut self) {
        self.frame_inner();
        self.keep_recovery();
    }

    /// Writes or removes the recovery copies ([`recovery::Keeper::tick`]).
    pub fn keep_recovery(&mut self) {
        let now = macroquad::time::get_time();
        if self.pair_seen.0 != self.app.scene {
            self.pair_seen = (self.app.scene.clone(), self.pair_seen.1.wrapping_add(1));
        }
        let pair = recovery::Snapshot {
            dirty: self.app.doc.dirty(&self.app.scene),
            revision: self.pair_seen.1,
            path: self.app.path().map(PathBuf::as_path),
        };
        let scene = &self.app.scene;
        let mut errors = Vec::new();
        if let Err(e) = self.recovery[0].tick(now, pair, || AnyScene::Pair(scene.clone())) {
            errors.push(e);
        }
        let field = self.field.as_deref();
        let snap = recovery::Snapshot {
            dirty: field.is_some_and(|f| f.edited),
            revision: field.map_or(0, |f| f.revision),
            path: field.and_then(|f| f.path.as_deref()),
        };
        if let Err(e) = self.recovery[1].tick(now, snap, || match field {
            Some(f) => AnyScene::Field(f.to_scene()),
            None => AnyScene::Pair(scene.clone()),
        }) {
            errors.push(e);
        }
        for e in errors {
            let m = trf("could not write the recovery copy: {}", &[&e]);
            if self.field_on {
                if let Some(f) = self.field.as_mut() {
                    f.say(m.clone(), true);
                }
            }
            self.app.say(m, true);
        }
    }

    /// Writes both recovery copies now, whatever their timers say (after a
    /// caught panic); the error says what could not be written.
    pub fn write_recovery_now(&mut self) -> Result<(), String> {
        if self.app.doc.dirty(&self.app.scene) {
            let path = self.app.path().cloned();
            self.recovery[0].write(&AnyScene::Pair(self.app.scene.clone()), path.as_deref())?;
        }
        if let Some(f) = self.field.as_deref().filter(|f| f.edited) {
            let sc = AnyScene::Field(f.to_scene());
            self.recovery[1].write(&sc, f.path.as_deref())?;
        }
        Ok(())
    }

    /// Removes the recovery copies (a clean exit: nothing is unsaved, or
    /// the user chose to discard it).
    pub fn drop_recovery(&mut self) {
        for k in &mut self.recovery {
            let _ = k.remove();
        }
    }

    /// Points the file dialog at the open scene's folder (else the last
    /// folder it picked from), and for saving suggests the open file's name.
    fn aim_dialog(&mut self, saving: bool) {
        let cfg = self.ui.dialog.config_mut();
        cfg.default_save_extension = Some("Scene".into());
        cfg.default_file_filter = Some("Scenes (*.json)".into());
        match self.app.path().and_then(|p| p.parent()) {
            Some(dir) if !dir.as_os_str().is_empty() => {
                cfg.initial_directory = dir.to_path_buf();
                cfg.opening_mode = egui_file_dialog::OpeningMode::AlwaysInitialDir;
            }
            _ => cfg.opening_mode = egui_file_dialog::OpeningMode::LastPickedDir,
        }
        if saving {
            cfg.default_file_name = self
                .app
                .path()
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "scene.json".into());
        }
    }

    /// Points the file dialog at the last export folder (else the open
    /// scene's) with the scene's name as a PNG.
    fn aim_dialog_for_export(&mut self) {
        let stem = self
            .app
            .path()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "satlab".into());
        let dir = self
            .ui
            .export_dir
            .clone()
            .or_else(|| {
                self.app
                    .path()
                    .and_then(|p| p.parent())
                    .map(Path::to_path_buf)
            })
            .filter(|d| !d.as_os_str().is_empty());
        let cfg = self.ui.dialog.config_mut();
        if let Some(d) = dir {
            cfg.initial_directory = d;
            cfg.opening_mode = egui_file_dialog::OpeningMode::AlwaysInitialDir;
        }
        cfg.default_file_name = format!("{stem}.png");
        cfg.default_save_extension = Some("PNG image".into());
        cfg.default_file_filter = Some("Images (*.png)".into());
    }

    /// Asks whether to open `o`, a recovery copy left by a satlab that died.
    pub fn offer_recovery(&mut self, o: recovery::Orphan) {
        self.ui.prompt = Prompt::Recover(o);
    }

    /// Opens a recovery copy left by a satlab that died: its scene becomes
    /// the open document, unsaved, belonging to the file it was edited from.
    pub fn recover(&mut self, o: &recovery::Orphan) {
        match o.load() {
            Ok(AnyScene::Pair(sc)) => {
                let doc = o
                    .origin
                    .as_deref()
                    .and_then(|p| Document::open(p).ok().map(|(d, _)| d))
                    .unwrap_or_else(|| Document::untitled(&default_scene()));
                self.app.replace(sc, doc);
                self.field_on = false;
                o.discard();
                self.app
                    .say(tr("recovered the unsaved scene: save it to keep it"), false);
            }
            Ok(AnyScene::Field(fs)) => {
                let mut f = FieldMode::new(
                    crate::app::field::model::FieldModel::from_scene(&fs),
                    o.origin.clone(),
                    fs.view,
                );
                f.touched();
                self.open_field(f);
                o.discard();
            }
            Ok(AnyScene::Space(_)) => self.app.say(
                tr("the recovery copy is a 3D scene, which the window cannot show yet"),
                true,
            ),
            Err(e) => self.app.say(e, true),
        }
    }

    fn frame_inner(&mut self) {
        if self.field_on {
            if let Some(f) = self.field.as_mut() {
                let theme = self.app.settings.theme;
                let scale = self.app.settings.scale;
                match f.frame(&mut self.tracker, &self.font, theme, scale) {
                    Outcome::Stay => {}
                    Outcome::Leave => self.field_on = false,
                    Outcome::Quit => self.quit = true,
                }
                self.timing = [
                    f.timing[0],
                    f.timing[1] + f.timing[2],
                    f.timing[3],
                    f.timing[4],
                ];
                self.window_title.set(&f.title());
                return;
            }
        }
        let t0 = std::time::Instant::now();
        self.app.now = macroquad::time::get_time();
        let input = self.tracker.capture();
        let mut actions = Vec::new();
        let (sw, sh) = (
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        );
        let mut canvas = Rect::new(Vec2::ZERO, Vec2::new(sw, sh));
        let mut egui_pointer = false;
        let mut text_focus = false;
        let theme = self.app.settings.theme;
        let apply_theme = self.theme_applied != Some(theme);
        self.theme_applied = Some(theme);
        // Space and Enter belong to the canvas (Space steps through SAT)
        // unless a text field or a dialog has the keyboard: egui must not
        // use them to click the button its Tab navigation just focused
        // (Tab also hides the panels, so Tab then Space opened the File menu).
        let keys_to_canvas = !self.text_focus_prev
            && self.ui.prompt == Prompt::None
            && self.ui.dialog.state() != egui_file_dialog::DialogState::Open;
        {
            let app = &mut self.app;
            let st = &mut self.ui;
            egui_macroquad::ui(|ctx| {
                if keys_to_canvas {
                    keep_activation_keys_from_egui(ctx);
                }
                if apply_theme {
                    ctx.set_visuals(match theme {
                        Theme::Dark => egui::Visuals::dark(),
                        Theme::Light => egui::Visuals::light(),
                    });
                }
                if (ctx.zoom_factor() - app.settings.scale).abs() > 1e-3 {
                    ctx.set_zoom_factor(app.settings.scale);
                }
                ui::show(ctx, app, st, &mut actions);
                (canvas, egui_pointer, text_focus) = after_panels(ctx);
            });
        }
        let t1 = std::time::Instant::now();
        // The Minkowski pane takes the right half of the canvas; the shapes
        // (and the pointer) keep the left half. Exports take both.
        let whole = canvas;
        let (left, pane_whole) = crate::app::pane::split_for_pane(whole, self.app.minkowski);
        canvas = left;
        if self.pane_was != pane_whole.is_some() {
            // The canvas changed width: fit the shapes to it again.
            self.pane_was = pane_whole.is_some();
            self.app.fit_pending = true;
        }
        let modal = self.ui.prompt != Prompt::None
            || self.ui.dialog.state() == egui_file_dialog::DialogState::Open;
        if !text_focus && !modal {
            // Only text fields keep the keyboard: a button that egui focused
            // (Tab moves its focus, and Tab also hides the panels) would
            // otherwise be clicked by the next Space, the step key.
            release_focus();
        }
        // Typing in a text field (this frame or the last: egui may have just
        // moved the focus with this very key) keeps plain keys away from the canvas.
        let typing = text_focus || self.text_focus_prev;
        self.text_focus_prev = text_focus;
        let gate = Gate {
            pointer: !egui_pointer && !modal && canvas.contains(input.mouse),
            keyboard: !typing && !modal,
        };
        if !modal {
            let before = self.app.settings.panels;
            shortcuts(&input, typing, &mut actions, &mut self.app, &mut self.ui);
            if before != self.app.settings.panels {
                release_focus();
            }
        }
        if gate.pointer && (input.left.pressed || input.right.pressed) {
            // A click on the canvas takes the keyboard back from any widget.
            release_focus();
        }
        if macroquad::input::is_quit_requested() {
            actions.push(Action::Quit);
        }
        for a in actions {
            self.act(a);
        }
        // A playing lesson's notes card spans the bottom, below the shapes
        // (and below the Minkowski pane, when it is open).
        let card = self.lesson_card(whole);
        let bottom = card.as_ref().map_or(whole.max.y, |(_, r)| r.min.y);
        self.app.cam.canvas = Rect::new(canvas.min, Vec2::new(canvas.max.x, bottom));
        self.app.cam.room = crate::app::canvas::fit_room(&self.app, true);
        let pane = pane_whole.map(|r| Rect::new(r.min, Vec2::new(r.max.x, bottom)));
        if self.app.fit_pending {
            self.app.apply_view();
            self.app.fit_pending = false;
        }
        self.app.tools.scale = self.app.settings.scale;
        self.app
            .tools
            .frame(&input, gate, &mut self.app.cam, &mut self.app.scene);
        let busy = input.left.down || input.right.down || input.middle.down || text_focus;
        self.app.history.settle(&self.app.scene, busy);
        self.poll_disk();
        self.app.refresh();
        if gate.pointer || self.app.tools.dragging() {
            set_mouse_cursor(match self.app.tools.cursor() {
                Cursor::Default => CursorIcon::Default,
                Cursor::Move => CursorIcon::Move,
                Cursor::Rotate => CursorIcon::Pointer,
                Cursor::Resize => CursorIcon::NWSEResize,
                Cursor::Crosshair => CursorIcon::Crosshair,
            });
        }
        let t2 = std::time::Instant::now();
        // The frame that is exported draws the clean canvas, as `satlab
        // render` does: no status line, cursor position or handles.
        let status = self.status_text(&input);
        let status = Some(status.as_str()).filter(|_| self.export_request.is_none());
        draw_canvas(&self.app, &self.font, status);
        if self.app.settings.pointer_highlight
            && status.is_some()
            && self.app.cam.canvas.contains(input.mouse)
        {
            let p = Painter {
                pal: Palette::of(self.app.settings.theme),
                font: &self.font,
                scale: self.app.settings.scale,
            };
            p.pointer_highlight(input.mouse);
        }
        if let Some((c, r)) = &card {
            let p = Painter {
                pal: Palette::of(self.app.settings.theme),
                font: &self.font,
                scale: self.app.settings.scale,
            };
            p.notes_card(*r, c);
        }
        if let Some(r) = pane {
            crate::app::pane::draw_minkowski(&self.app, &self.font, r);
        }
        if let Some(path) = self.export_request.take() {
            let dpi = macroquad::window::screen_dpi_scale();
            let physical = Rect::new(whole.min * dpi, whole.max * dpi);
            let img = crop_bottom_up(&get_screen_data(), physical);
            match export(&img, &path) {
                Ok(()) => self.app.say(trf("exported {}", &[&path.display()]), false),
                Err(e) => self.app.say(e, true),
            }
        }
        let t3 = std::time::Instant::now();
        egui_macroquad::draw();
        let ms = |a: std::time::Instant, b: std::time::Instant| (b - a).as_secs_f64() * 1000.0;
        let t4 = std::time::Instant::now();
        self.timing = [ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4)];
        self.window_title.set(&self.app.doc.title(&self.app.scene));
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
        let hint = match (refusal, self.app.tools.hover) {
            (Some(h), _) => Some(h.clone()),
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
                if self.app.message.as_ref().is_some_and(|m| m.text == e) {
                    self.app.message = None;
                }
            }
        }
    }

    /// Carries out one action.
    pub fn act(&mut self, a: Action) {
        let dirty = self.app.doc.dirty(&self.app.scene);
        match a {
            Action::New | Action::OpenPath(_) | Action::Quit if dirty => {
                self.ui.prompt = Prompt::Unsaved(Box::new(a));
            }
            Action::New => {
                let sc = default_scene();
                let doc = Document::untitled(&sc);
                self.app.replace(sc, doc);
            }
            Action::Open => {
                self.ui.purpose = Some(DialogPurpose::Open);
                self.aim_dialog(false);
                self.ui.dialog.pick_file();
            }
            Action::OpenPath(p) => {
                if p.is_dir() {
                    self.act(Action::Browse(p));
                    return;
                }
                if let Ok(AnyScene::Field(fs)) = satlab::scene::load_any(&p) {
                    self.open_field(FieldMode::open(&fs, &p));
                    return;
                }
                match Document::open(&p) {
                    Ok((doc, sc)) => {
                        self.app.replace(sc, doc);
                        self.app.say(trf("opened {}", &[&p.display()]), false);
                    }
                    Err(e) => self.app.say(e, true),
                }
            }
            Action::Save => match self.app.doc.path.clone() {
                Some(p) => self.act(Action::SaveTo(p)),
                None => self.act(Action::SaveAs),
            },
            Action::SaveAs => {
                self.ui.purpose = Some(DialogPurpose::SaveAs);
                self.aim_dialog(true);
                self.ui.dialog.save_file();
            }
            Action::SaveTo(p) => {
                let scene = self.app.scene.clone();
                match self.app.doc.save_as(&p, &scene) {
                    Ok(()) => {
                        let shown = self.app.doc.path.clone().unwrap_or(p);
                        self.app.say(trf("saved {}", &[&shown.display()]), false)
                    }
                    Err(e) => self.app.say(e, true),
                }
            }
            Action::Capture => {
                self.ui.prompt = Prompt::CaptureName(files::capture_name(&self.app.scene));
            }
            Action::CaptureNamed(name, replace) => {
                let mut sc = self.app.scene.clone();
                sc.view = Some(satlab::scene::View {
                    center: self.app.cam.center,
                    zoom: self.app.cam.zoom,
                });
                let dir = files::regressions_dir(
                    self.app.path().map(PathBuf::as_path),
                    &crate::app::ui::dialogs::cwd(),
                );
                match files::capture_regression(&dir, &name, &sc, replace) {
                    Ok(p) => self.app.say(trf("captured {}", &[&p.display()]), false),
                    Err(files::CaptureError::Exists(p)) => {
                        self.ui.prompt = Prompt::CaptureReplace(name, p);
                    }
                    Err(files::CaptureError::Failed(e)) => self.app.say(e, true),
                }
            }
            Action::ExportPng => {
                self.ui.purpose = Some(DialogPurpose::Export);
                self.aim_dialog_for_export();
                self.ui.dialog.save_file();
            }
            Action::ExportTo(p) => {
                let p = if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("png")) {
                    p
                } else {
                    p.with_extension("png")
                };
                self.ui.export_dir = p.parent().map(Path::to_path_buf);
                self.export_request = Some(p);
            }
            Action::CopyScene => {
                macroquad::miniquad::window::clipboard_set(&satlab::scene::to_json(
                    &self.app.scene,
                ));
                self.app.say(tr("copied the scene as JSON"), false);
            }
            Action::CopyResults => {
                let text = crate::app::clipboard::results_text(&self.app.scene);
                macroquad::miniquad::window::clipboard_set(&text);
                self.app.say(tr("copied the results as text"), false);
            }
            Action::Paste => match macroquad::miniquad::window::clipboard_get() {
                None => self.app.say(tr("the clipboard holds no text"), true),
                Some(text) => {
                    let side = self.app.tools.selected;
                    match crate::app::clipboard::paste(&text, &self.app.scene, side) {
                        Ok((sc, what)) => {
                            self.app.scene = sc;
                            self.app.say(
                                match what {
                                    crate::app::clipboard::Pasted::Shape(s) => {
                                        trf("pasted shape {}", &[&s.letter()])
                                    }
                                    crate::app::clipboard::Pasted::Scene => {
                                        tr("pasted both shapes").to_string()
                                    }
                                },
                                false,
                            );
                        }
                        Err(e) => self.app.say(e, true),
                    }
                }
            },
            Action::Undo => {
                if !self.app.history.undo(&mut self.app.scene) {
                    self.app.say(tr("nothing to undo"), false);
                }
            }
            Action::Redo => {
                if !self.app.history.redo(&mut self.app.scene) {
                    self.app.say(tr("nothing to redo"), false);
                }
            }
            Action::Fit => tools::fit(&mut self.app.cam, &self.app.scene),
            Action::Step(d) => self.step(d),
            Action::Browse(dir) => {
                self.browse(&dir);
                self.app.settings.panels = true;
            }
            Action::Quit => self.quit = true,
            Action::Recover(o) => self.recover(&o),
            Action::FieldMode => {
                let mode = self.field.take().map(|b| *b).unwrap_or_else(|| {
                    FieldMode::new(crate::app::field::model::FieldModel::starter(), None, None)
                });
                self.open_field(mode);
            }
        }
    }

    fn step(&mut self, d: isize) {
        if let Some(l) = &self.ui.lesson {
            match l.step(self.app.path().map(PathBuf::as_path), d) {
                LessonStep::To(p) | LessonStep::Restart(p) => self.act(Action::OpenPath(p)),
                LessonStep::AtStart => self
                    .app
                    .say(tr("this is the first scene of the lesson"), false),
                LessonStep::AtEnd => self
                    .app
                    .say(tr("this is the last scene of the lesson"), false),
            }
            return;
        }
        let Some(path) = self.app.path().cloned() else {
            self.app.say(
                tr("open a scene file first: PageUp/PageDown step through its folder"),
                false,
            );
            return;
        };
        let in_listing = self.app.listing.as_ref().and_then(|l| l.step(&path, d));
        let next = in_listing.or_else(|| {
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            let dir = if dir.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                dir
            };
            Listing::scan(&dir).step(&path, d)
        });
        if let Some(p) = next {
            self.act(Action::OpenPath(p));
        }
    }
}

/// What the canvas needs from egui once the panels are laid out: the space
/// left for it (macroquad's logical pixels), whether egui has the pointer,
/// and whether a text field has the keyboard.
pub fn after_panels(ctx: &egui::Context) -> (Rect, bool, bool) {
    let r = ctx.available_rect();
    // egui points to macroquad's logical pixels (both already divide out
    // the screen's DPI scale; egui adds the UI zoom).
    let ppp = ctx.pixels_per_point() / macroquad::window::screen_dpi_scale();
    let canvas = Rect::new(
        Vec2::new(r.min.x, r.min.y) * ppp,
        Vec2::new(r.max.x, r.max.y) * ppp,
    );
    let pointer = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
    (canvas, pointer, text_has_focus(ctx))
}
