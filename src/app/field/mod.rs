//! Field mode: many shapes in a loose quadtree, a ray and a query shape
//! cast through them, and what the broad and narrow phases found.
//!
//! `model` (the field and the query results), `picture` (results → what to
//! draw, pure), `paint` (picture → pixels), `panel` (the egui side panel);
//! this file runs one frame: input, panel, edits, queries, drawing.

pub mod action;
pub mod hits_panel;
pub mod layers_panel;
mod mode;
pub mod model;
pub mod paint;
pub mod panel;
pub mod picture;
pub mod raster;
pub mod undo;

use crate::app::camera::{Camera, Rect};
use crate::app::files::FileError;
use crate::app::i18n::{tr, trf};
use crate::app::input::Input;
use crate::app::shell::message::Message;
use glam::Vec2;
use model::{FieldModel, FieldResults, NewKind};
use picture::Picture;
use satlab::broad::Bounds;
use satlab::geom::{Circle, Pose, Ray, Shape};
use satlab::scene::{save_field, FieldScene, View};
use std::path::{Path, PathBuf};

/// The mode's id (scope of its shortcuts, recovery slot).
pub const ID: crate::app::shell::action::ModeId = crate::app::shell::action::ModeId::Field;

/// Grab radius around handles and shapes, pixels.
const GRAB_PX: f32 = 9.0;

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
    /// Find, list and draw every overlapping pair the matrix allows.
    pub show_pairs: bool,
    /// Random field settings.
    pub generator: Generator,
    /// Kind the add button makes.
    pub add_kind: NewKind,
    /// Edits since the last save.
    pub edited: bool,
    /// Bumped by every edit (the recovery copy follows it).
    pub revision: u64,
    /// The message shown in the top bar.
    pub message: Option<Message>,
    drag: Drag,
    stale: bool,
    fit_pending: bool,
    picture: Picture,
    layer: paint::Layer,
    history: undo::FieldHistory,
    /// The current drag has recorded its undo step.
    drag_recorded: bool,
    /// `SATLAB_BENCH_PAN=N`: pan the view N pixels every frame (back and
    /// forth), to measure frames that repaint everything.
    bench_pan: Option<f32>,
    /// `SATLAB_BENCH_DRAG=N`: move shape 0 N pixels every frame (back and
    /// forth), as a drag does, to measure frames that run every query and
    /// the pair search again.
    bench_drag: Option<f32>,
    frames: u64,
    /// Seconds since start, as of the last frame (messages fade by it).
    now: f64,
    /// Milliseconds of the last frame in: edits and queries, picture.
    pub timing: [f64; 2],
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
            show_pairs: true,
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
            picture: Picture::default(),
            layer: paint::Layer::default(),
            history: undo::FieldHistory::default(),
            drag_recorded: false,
            bench_pan: bench_env("SATLAB_BENCH_PAN"),
            bench_drag: bench_env("SATLAB_BENCH_DRAG"),
            frames: 0,
            now: 0.0,
            timing: [0.0; 2],
        }
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

    /// Undoes the last edit; false when there is none.
    pub fn undo_edit(&mut self) -> bool {
        let done = self.history.undo(&mut self.model);
        if done {
            self.after_history();
        }
        done
    }

    /// Redoes the last undone edit; false when there is none.
    pub fn redo_edit(&mut self) -> bool {
        let done = self.history.redo(&mut self.model);
        if done {
            self.after_history();
        }
        done
    }

    /// After the document was replaced in place (a paste, a reload): no
    /// drag or selection survives, the results are recomputed.
    fn after_take(&mut self) {
        self.drag = Drag::None;
        self.selected = None;
        self.stale = true;
        self.revision = self.revision.wrapping_add(1);
    }

    fn after_history(&mut self) {
        self.drag = Drag::None;
        if self.selected.is_some_and(|i| i >= self.model.field.len()) {
            self.selected = None;
        }
        self.touched();
    }

    /// The benchmarks' motions ([`FieldMode::bench_pan`], `bench_drag`):
    /// one frame's worth, back and forth every 120 frames.
    fn bench_motion(&mut self) {
        if self.bench_pan.is_none() && self.bench_drag.is_none() {
            return;
        }
        self.frames += 1;
        let dir = if (self.frames / 120).is_multiple_of(2) {
            1.0
        } else {
            -1.0
        };
        if let Some(px) = self.bench_pan {
            // Measuring a moving view: every frame repaints the layer.
            self.cam.pan_pixels(Vec2::new(px * dir, 0.0));
        }
        if let Some(px) = self.bench_drag {
            if let Some(s) = self.model.field.shapes().first() {
                let mut s = s.clone();
                s.set_position(s.pose().position() + Vec2::X * px * dir / self.cam.zoom);
                self.model.field.set(0, s);
                self.touched();
            }
        }
    }

    /// Runs the queries again in the next frame (the document is unchanged).
    pub fn refresh(&mut self) {
        self.stale = true;
    }

    /// Records the state before an edit made outside a drag (a panel's).
    pub fn before_edit(&mut self) {
        self.history.record(&self.model);
    }

    /// Records the undo step of the current drag, once per drag.
    fn drag_edit(&mut self) {
        if !self.drag_recorded {
            self.history.record(&self.model);
            self.drag_recorded = true;
        }
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
    pub fn save_to(&mut self, path: &Path) -> Result<PathBuf, FileError> {
        let sc = self.to_scene();
        save_field(path, &sc).map_err(|e| FileError::io(path, &e))?;
        self.path = Some(path.to_path_buf());
        self.edited = false;
        Ok(path.to_path_buf())
    }

    /// Number of shapes drawn in the last frame.
    pub fn picture_len(&self) -> usize {
        self.picture.shapes.len()
    }

    /// Posts a message in the top bar.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some(Message::new(text, error, self.now));
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
        // The frame that releases the button still takes the last movement
        // (under load the last motion and the release arrive together).
        let held = input.left.down || input.right.down || input.middle.down;
        match self.drag {
            Drag::None => {}
            Drag::Pan => self.cam.pan_pixels(input.drag_delta()),
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
        if !held {
            self.drag = Drag::None;
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
            // Any shape can be picked, inactive and disabled ones included.
            let (lo, hi) = probe.bounds();
            let near = self.model.field.shapes_in_bounds(&Bounds::new(lo, hi));
            let shapes = self.model.field.shapes();
            let under = near.iter().filter(|&&i| {
                shapes
                    .get(i)
                    .is_some_and(|s| satlab::geom::intersects(&probe, s))
            });
            if let Some(&i) = under.max() {
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

/// A finite number of pixels from the environment variable `name`.
fn bench_env(name: &str) -> Option<f32> {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse::<f32>().ok())
        .filter(|v| v.is_finite())
}

/// A ray from `origin` turned `deg` degrees, keeping `length`.
fn make_ray(origin: Vec2, deg: f32, length: Option<f32>) -> Option<Ray> {
    let deg = deg.rem_euclid(360.0);
    Pose::new(origin, deg)
        .ok()
        .and_then(|p| Ray::new(p, length).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::Button;

    #[test]
    fn a_click_after_a_jump_of_the_pointer_selects_and_pans_nothing() {
        let mut f = FieldMode::new(model::FieldModel::starter(), None, None);
        let canvas = Rect::new(Vec2::ZERO, Vec2::new(1280.0, 800.0));
        // Far from every shape: the click lands on the empty canvas.
        f.cam = Camera::new(Vec2::splat(10_000.0), 40.0, canvas);
        f.selected = Some(0);
        let before = f.cam;
        let at = Vec2::new(640.0, 400.0);
        // The pointer jumped 300 px to the right and 200 px down (a touch
        // screen, a pen, a remote desktop), and pressed there.
        let press = Input {
            mouse: at,
            press_at: at,
            mouse_delta: Vec2::new(300.0, 200.0),
            left: Button {
                down: true,
                pressed: true,
                released: false,
            },
            ..Input::default()
        };
        f.pointer(&press, true);
        let release = Input {
            mouse: at,
            press_at: at,
            left: Button {
                down: false,
                pressed: false,
                released: true,
            },
            ..Input::default()
        };
        f.pointer(&release, true);
        assert_eq!(f.cam, before, "the view did not move");
        assert_eq!(f.selected, None, "the click on nothing deselects");
        // A drag after the press still pans by what the pointer moved.
        f.pointer(&press, true);
        let moved = Input {
            mouse: at + Vec2::new(10.0, 0.0),
            mouse_delta: Vec2::new(10.0, 0.0),
            left: Button {
                down: true,
                ..Button::default()
            },
            ..Input::default()
        };
        f.pointer(&moved, true);
        assert!(
            (f.cam.to_screen(before.to_world(at)) - (at + Vec2::new(10.0, 0.0))).length() < 1e-3
        );
    }
}
