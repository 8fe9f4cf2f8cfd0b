//! Field mode: many shapes in a loose quadtree, a ray and a query shape
//! cast through them, and what the broad and narrow phases found.
//!
//! `model` (the field and the query results), `picture` (results → what to
//! draw, pure), `paint` (picture → pixels), `panel` (the egui side panel);
//! this file runs one frame: input, panel, edits, queries, drawing.

pub mod model;
pub mod paint;
pub mod panel;
pub mod picture;
pub mod raster;
pub mod undo;

use crate::app::camera::{Camera, Rect};
use crate::app::draw::Painter;
use crate::app::frame::after_panels;
use crate::app::i18n::{tr, trf};
use crate::app::input::{Input, KeyCode, Tracker};
use crate::app::keys::{keep_activation_keys_from_egui, release_focus};
use crate::app::num;
use crate::app::palette::{Palette, Theme};
use egui_file_dialog::{DialogState, FileDialog};
use glam::Vec2;
use model::{FieldModel, FieldResults, NewKind};
use picture::{Picture, PictureOptions};
use satlab::broad::Bounds;
use satlab::geom::{Circle, Pose, Ray, Shape};
use satlab::scene::{save_field, FieldScene, View};
use std::path::{Path, PathBuf};

/// Grab radius around handles and shapes, pixels.
const GRAB_PX: f32 = 9.0;

/// What the frame asks of the runner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Stay in field mode.
    Stay,
    /// Back to the pair playground.
    Leave,
    /// Quit the app.
    Quit,
}

/// What the left button is dragging.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Drag {
    None,
    Origin,
    Direction,
    Shape { index: usize, offset: Vec2 },
    Query { offset: Vec2 },
    Pan,
}

/// Settings of the random field generator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Generator {
    /// Number of shapes.
    pub count: usize,
    /// Weight of each kind of [`NewKind::ALL`].
    pub weights: [u32; 5],
    /// Seed.
    pub seed: u64,
}

/// Field mode's whole state.
pub struct FieldMode {
    /// The field, ray and query shape.
    pub model: FieldModel,
    /// What the queries found.
    pub results: FieldResults,
    /// The file, once opened or saved.
    pub path: Option<PathBuf>,
    /// The view.
    pub cam: Camera,
    /// The selected shape.
    pub selected: Option<usize>,
    /// Draw the tree's cells.
    pub show_cells: bool,
    /// Draw loose bounds instead of cells.
    pub show_loose: bool,
    /// Random field settings.
    pub generator: Generator,
    /// Kind the add button makes.
    pub add_kind: NewKind,
    /// Edits since the last save.
    pub edited: bool,
    /// Bumped by every edit (the recovery copy follows it).
    pub revision: u64,
    /// A message for the panel, and whether it is an error.
    pub message: Option<(String, bool)>,
    drag: Drag,
    stale: bool,
    fit_pending: bool,
    quit_warned: bool,
    /// A text field had egui's keyboard focus last frame.
    text_focus_prev: bool,
    picture: Picture,
    layer: paint::Layer,
    history: undo::FieldHistory,
    /// The current drag has recorded its undo step.
    drag_recorded: bool,
    /// The in-window save dialog.
    dialog: FileDialog,
    /// `SATLAB_BENCH_PAN=N`: pan the view N pixels every frame (back and
    /// forth), to measure frames that repaint everything.
    bench_pan: Option<f32>,
    frames: u64,
    /// Milliseconds of the last frame in: panel, edits and queries,
    /// picture, canvas drawing, egui drawing.
    pub timing: [f64; 5],
}

impl FieldMode {
    /// Field mode on `model`, from `path` if any, looking at `view` (or fitting).
    pub fn new(model: FieldModel, path: Option<PathBuf>, view: Option<View>) -> FieldMode {
        let canvas = Rect::new(Vec2::ZERO, Vec2::new(1280.0, 800.0));
        let cam = match view {
            Some(v) => Camera::new(v.center, v.zoom, canvas),
            None => Camera::new(Vec2::ZERO, 40.0, canvas),
        };
        FieldMode {
            model,
            results: FieldResults::default(),
            path,
            cam,
            selected: None,
            show_cells: true,
            show_loose: false,
            generator: Generator {
                count: 1000,
                weights: [3, 2, 2, 1, 1],
                seed: 1,
            },
            add_kind: NewKind::Circle,
            edited: false,
            revision: 0,
            message: None,
            drag: Drag::None,
            stale: true,
            fit_pending: view.is_none(),
            quit_warned: false,
            text_focus_prev: false,
            picture: Picture::default(),
            layer: paint::Layer::default(),
            history: undo::FieldHistory::default(),
            drag_recorded: false,
            dialog: FileDialog::new()
                .add_file_filter_extensions("Scenes (*.json)", vec!["json"])
                .default_file_filter("Scenes (*.json)")
                .add_save_extension("Scene", "json")
                .default_save_extension("Scene")
                .default_file_name("field.json"),
            bench_pan: std::env::var("SATLAB_BENCH_PAN")
                .ok()
                .and_then(|v| v.parse::<f32>().ok())
                .filter(|v| v.is_finite()),
            frames: 0,
            timing: [0.0; 5],
        }
    }

    /// Field mode on the field scene `sc` read from `path`.
    pub fn open(sc: &FieldScene, path: &Path) -> FieldMode {
        FieldMode::new(
            FieldModel::from_scene(sc),
            Some(path.to_path_buf()),
            sc.view,
        )
    }

    /// The window title.
    pub fn title(&self) -> String {
        let file = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| tr("untitled field").into());
        let dot = if self.edited { " •" } else { "" };
        trf("satlab — field — {}{}", &[&file, &dot])
    }

    /// Marks the results out of date and the document edited.
    pub fn touched(&mut self) {
        self.stale = true;
        self.edited = true;
        self.revision = self.revision.wrapping_add(1);
    }

    /// The field scene as Save writes it, with the current view.
    pub fn to_scene(&self) -> FieldScene {
        self.model.to_scene(Some(View {
            center: self.cam.center,
            zoom: self.cam.zoom,
        }))
    }

    /// Fits the view around the field.
    pub fn fit(&mut self) {
        if let Some((lo, hi)) = self.model.extent() {
            self.cam.fit(lo, hi, 40.0);
        }
    }

    /// Replaces the shapes with a random field from the generator settings.
    pub fn generate(&mut self) {
        let g = self.generator;
        let shapes = model::random_shapes(g.count, &g.weights, g.seed);
        if shapes.is_empty() && g.count > 0 {
            self.say(tr("give at least one kind a weight above 0"), true);
            return;
        }
        self.history.record(&self.model);
        self.model.replace_shapes(shapes, &[]);
        self.selected = None;
        self.touched();
        self.fit_pending = true;
        self.say(
            trf("generated {} shapes (seed {})", &[&g.count, &g.seed]),
            false,
        );
    }

    /// Adds a shape of the chosen kind at the view centre and selects it.
    pub fn add(&mut self) {
        let size = 60.0 / self.cam.zoom;
        if let Some(s) = self.add_kind.make(self.cam.center, size, 30.0) {
            self.history.record(&self.model);
            self.selected = Some(self.model.field.push(s));
            self.touched();
        }
    }

    /// Deletes the selected shape.
    pub fn delete_selected(&mut self) {
        if let Some(i) = self.selected.take() {
            if i < self.model.field.len() {
                self.history.record(&self.model);
            }
            if self.model.field.swap_remove(i).is_some() {
                self.touched();
                self.say(
                    trf("deleted shape {} (the last shape took its number)", &[&i]),
                    false,
                );
            }
        }
    }

    /// Undoes the last edit.
    pub fn undo(&mut self) {
        if self.history.undo(&mut self.model) {
            self.after_history();
        } else {
            self.say(tr("nothing to undo"), false);
        }
    }

    /// Redoes the last undone edit.
    pub fn redo(&mut self) {
        if self.history.redo(&mut self.model) {
            self.after_history();
        } else {
            self.say(tr("nothing to redo"), false);
        }
    }

    fn after_history(&mut self) {
        self.drag = Drag::None;
        if self.selected.is_some_and(|i| i >= self.model.field.len()) {
            self.selected = None;
        }
        self.touched();
    }

    /// Records the undo step of the current drag, once per drag.
    fn drag_edit(&mut self) {
        if !self.drag_recorded {
            self.history.record(&self.model);
            self.drag_recorded = true;
        }
    }

    /// Saves to the open file; an untitled field asks where first.
    pub fn save(&mut self) {
        match self.path.clone() {
            Some(p) => self.save_to(p),
            None => self.save_as(),
        }
    }

    /// Asks where to save (the in-window file dialog).
    pub fn save_as(&mut self) {
        self.dialog.save_file();
    }

    /// Undo steps available (for tests and the panel).
    pub fn can_undo(&self) -> bool {
        self.history.undo_len() > 0
    }

    /// Redo steps available.
    pub fn can_redo(&self) -> bool {
        self.history.redo_len() > 0
    }

    /// Saves the field scene to `path`, which becomes the open file.
    pub fn save_to(&mut self, path: PathBuf) {
        let sc = self.to_scene();
        match save_field(&path, &sc) {
            Ok(()) => {
                self.say(trf("saved {}", &[&path.display()]), false);
                self.path = Some(path);
                self.edited = false;
                self.quit_warned = false;
            }
            Err(e) => self.say(format!("{}: {e}", path.display()), true),
        }
    }

    /// Number of shapes drawn in the last frame.
    pub fn picture_len(&self) -> usize {
        self.picture.shapes.len()
    }

    /// Posts a message in the panel.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some((text.into(), error));
    }

    /// Runs one frame up to (not including) `next_frame()`.
    pub fn frame(
        &mut self,
        tracker: &mut Tracker,
        font: &macroquad::text::Font,
        theme: Theme,
        scale: f32,
    ) -> Outcome {
        let t0 = std::time::Instant::now();
        let input = tracker.capture();
        let (sw, sh) = (
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        );
        let mut canvas = Rect::new(Vec2::ZERO, Vec2::new(sw, sh));
        let mut egui_pointer = false;
        let mut text_focus = false;
        let mut acts = Vec::new();
        // As in the pair playground: Space and Enter must not click a button
        // that Tab navigation focused, unless a text field has the keyboard.
        let keys_to_egui = self.text_focus_prev || self.dialog.state() == DialogState::Open;
        egui_macroquad::ui(|ctx| {
            if !keys_to_egui {
                keep_activation_keys_from_egui(ctx);
            }
            panel::show(ctx, self, &mut acts);
            self.dialog.update(ctx);
            if let Some(p) = self.dialog.take_picked() {
                acts.push(panel::Act::SaveTo(p));
            }
            (canvas, egui_pointer, text_focus) = after_panels(ctx);
        });
        let t1 = std::time::Instant::now();
        self.cam.canvas = canvas;
        if self.fit_pending {
            self.fit();
            self.fit_pending = false;
        }
        let mut outcome = Outcome::Stay;
        // While the file dialog is open, the canvas and its keys rest.
        let modal = self.dialog.state() == DialogState::Open;
        if !text_focus && !modal {
            // Only text fields keep the keyboard; a button focused by Tab
            // would otherwise hold back the canvas keys below.
            release_focus();
        }
        // A text field this frame or the last (egui may have just moved the
        // focus with this very key) keeps plain keys away from the canvas.
        let typing = text_focus || self.text_focus_prev || modal;
        self.text_focus_prev = text_focus;
        for kp in &input.keys {
            match (kp.ctrl, kp.shift, kp.code) {
                (_, _, KeyCode::F2) if !modal => acts.push(panel::Act::Leave),
                (true, false, KeyCode::S) if !modal => acts.push(panel::Act::Save),
                (true, true, KeyCode::S) if !modal => acts.push(panel::Act::SaveAs),
                (true, false, KeyCode::Z) if !typing => acts.push(panel::Act::Undo),
                (true, true, KeyCode::Z) | (true, _, KeyCode::Y) if !typing => {
                    acts.push(panel::Act::Redo)
                }
                (true, _, KeyCode::Q) => acts.push(panel::Act::Quit),
                (false, _, KeyCode::Delete | KeyCode::Backspace) if !typing => {
                    acts.push(panel::Act::Delete)
                }
                (false, false, KeyCode::F) if !typing => acts.push(panel::Act::Fit),
                (false, false, KeyCode::C) if !typing => self.show_cells = !self.show_cells,
                (false, false, KeyCode::L) if !typing => self.show_loose = !self.show_loose,
                _ => {}
            }
        }
        if macroquad::input::is_quit_requested() {
            acts.push(panel::Act::Quit);
        }
        for a in acts {
            match a {
                panel::Act::Leave => outcome = Outcome::Leave,
                panel::Act::Save => self.save(),
                panel::Act::SaveAs => self.save_as(),
                panel::Act::SaveTo(p) => self.save_to(p),
                panel::Act::Undo => self.undo(),
                panel::Act::Redo => self.redo(),
                panel::Act::Delete => self.delete_selected(),
                panel::Act::Fit => self.fit(),
                panel::Act::Add => self.add(),
                panel::Act::Generate => self.generate(),
                panel::Act::Quit => {
                    if self.edited && !self.quit_warned {
                        self.quit_warned = true;
                        self.say(
                            tr("the field has unsaved changes: Ctrl+S saves, quit again to discard them"),
                            true,
                        );
                    } else {
                        outcome = Outcome::Quit;
                    }
                }
            }
        }
        let pointer = !egui_pointer && !modal && canvas.contains(input.mouse);
        self.pointer(&input, pointer);
        if let Some(px) = self.bench_pan {
            // Measuring a moving view: every frame repaints the layer.
            self.frames += 1;
            let dir = if (self.frames / 120).is_multiple_of(2) {
                1.0
            } else {
                -1.0
            };
            self.cam.pan_pixels(Vec2::new(px * dir, 0.0));
        }
        if self.stale {
            self.results = FieldResults::compute(&mut self.model);
            self.stale = false;
        }
        let t2 = std::time::Instant::now();
        let (lo, hi) = self.cam.visible();
        let opts = PictureOptions {
            cells: self.show_cells,
            loose: self.show_loose,
            min_cell: 6.0 / self.cam.zoom,
            far: self.cam.far(),
        };
        self.picture = picture::build(&mut self.model, &self.results, Bounds::new(lo, hi), opts);

        let t3 = std::time::Instant::now();
        let p = Painter {
            pal: Palette::of(theme),
            font,
            scale,
        };
        p.clear();
        p.field(
            &self.cam,
            self.model.field.shapes(),
            self.model.query.as_ref(),
            &self.picture,
            self.selected,
            &mut self.layer,
        );
        let w = self.cam.to_world(input.mouse);
        let status = trf(
            "x {}  y {}   zoom {} px/unit   {} shapes, {} drawn",
            &[
                &format!("{:>8}", num::fixed(w.x, 3)),
                &format!("{:>8}", num::fixed(w.y, 3)),
                &num::fixed(self.cam.zoom, 0),
                &self.model.field.len(),
                &self.picture.shapes.len(),
            ],
        );
        p.status(
            &self.cam,
            &status,
            tr("F2 pair mode · F fit · C cells · L loose · Ctrl+Z undo"),
        );
        let t4 = std::time::Instant::now();
        egui_macroquad::draw();
        let t5 = std::time::Instant::now();
        let ms = |a: std::time::Instant, b: std::time::Instant| (b - a).as_secs_f64() * 1000.0;
        self.timing = [ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4), ms(t4, t5)];
        outcome
    }

    /// Mouse on the canvas: wheel zoom, drags of handles, shapes and the view.
    fn pointer(&mut self, input: &Input, on_canvas: bool) {
        let cam = self.cam;
        let world = cam.to_world(input.mouse);
        if on_canvas && input.wheel != 0.0 {
            self.cam.zoom_at(input.mouse, 1.15f32.powf(input.wheel));
        }
        if on_canvas && (input.right.pressed || input.middle.pressed) {
            self.drag = Drag::Pan;
        }
        if on_canvas && input.left.pressed {
            self.drag_recorded = false;
            let at = input.press_at;
            self.drag = self.grab(at, cam.to_world(at));
            self.selected = match self.drag {
                Drag::Shape { index, .. } => Some(index),
                Drag::Pan => None,
                _ => self.selected,
            };
        }
        let held = input.left.down || input.right.down || input.middle.down;
        match self.drag {
            Drag::None => {}
            _ if !held => self.drag = Drag::None,
            Drag::Pan => self.cam.pan_pixels(input.mouse_delta),
            _ if input.mouse_delta == Vec2::ZERO => {}
            Drag::Origin => {
                if let Some(r) = &self.model.ray {
                    let deg = r.pose().rotation_deg();
                    let moved = make_ray(world, deg, r.length());
                    if moved.is_some() {
                        self.drag_edit();
                        self.model.ray = moved;
                        self.touched();
                    }
                }
            }
            Drag::Direction => {
                if let Some(r) = &self.model.ray {
                    let d = world - r.origin();
                    if d.length() > 1e-6 {
                        let deg = (d.y.atan2(d.x).to_degrees() * 10.0).round() / 10.0;
                        let turned = make_ray(r.origin(), deg, r.length());
                        if turned.is_some() {
                            self.drag_edit();
                            self.model.ray = turned;
                            self.touched();
                        }
                    }
                }
            }
            Drag::Shape { index, offset } => {
                if let Some(s) = self.model.field.shapes().get(index) {
                    let mut s = s.clone();
                    s.set_position(world + offset);
                    self.drag_edit();
                    self.model.field.set(index, s);
                    self.touched();
                }
            }
            Drag::Query { offset } => {
                if self.model.query.is_some() {
                    self.drag_edit();
                }
                if let Some(q) = &mut self.model.query {
                    q.set_position(world + offset);
                    self.touched();
                }
            }
        }
    }

    /// What a left press at screen `at` (world `w`) takes hold of: the ray's
    /// handles, then the topmost shape under it, the query shape, or the view.
    fn grab(&mut self, at: Vec2, w: Vec2) -> Drag {
        let near = |p: Vec2| p.distance(at) <= GRAB_PX;
        if let Some((from, to)) = self.picture.ray {
            if near(self.cam.to_screen(from)) {
                return Drag::Origin;
            }
            if near(paint::ray_handle(&self.cam, from, to, 1.0)) {
                return Drag::Direction;
            }
        }
        let probe = Circle::new(Pose::at(w), GRAB_PX / self.cam.zoom).ok();
        if let Some(probe) = probe.map(Shape::Circle) {
            let (under, _) = self.model.field.query_shape(&probe);
            if let Some(&i) = under.iter().max() {
                let pos = self.model.field.shapes()[i].pose().position();
                return Drag::Shape {
                    index: i,
                    offset: pos - w,
                };
            }
            if let Some(q) = &self.model.query {
                if satlab::geom::intersects(&probe, q) {
                    return Drag::Query {
                        offset: q.pose().position() - w,
                    };
                }
            }
        }
        Drag::Pan
    }
}

/// A ray from `origin` turned `deg` degrees, keeping `length`.
fn make_ray(origin: Vec2, deg: f32, length: Option<f32>) -> Option<Ray> {
    let deg = deg.rem_euclid(360.0);
    Pose::new(origin, deg)
        .ok()
        .and_then(|p| Ray::new(p, length).ok())
}
