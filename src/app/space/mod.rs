//! The 3D mode: two 3D shapes (scene format v3) in a perspective view with
//! the ground grid and world axes, the SAT report's candidate axes, the
//! separating plane, an axes table and exact shape editors. Files, undo,
//! help and language come from the shell ([`crate::app::shell::mode::Mode`]).
//!
//! Parts: `view.rs` the orbit camera and projection; `picture.rs` and
//! `overlay.rs` the display list (pure, tested); `paint.rs` draws it;
//! `panel.rs` the egui panel; `edit.rs` exact edits; `mode.rs` the mode;
//! `gizmo.rs` the arrows, rings and size squares; `algorithm.rs` the closed
//! forms' working; `disk.rs` regression capture and the page keys (hot
//! reload is the shell's, as for every mode); `still.rs` the camera and step of a still picture (`satlab render`);
//! `still_views.rs` the GJK, Contacts and Motion views in a still (their
//! animations).

pub mod action;
mod algorithm;
mod axes;
pub mod contacts;
mod contacts_ui;
pub mod disk;
#[cfg(test)]
mod disk_tests;
pub mod edit;
mod editor;
pub mod gizmo;
pub mod gjk;
mod gjk_panel;
#[cfg(test)]
mod gjk_tests;
mod mode;
pub mod motion;
mod motion_mode;
pub mod overlay;
mod paint;
mod panel;
pub mod picture;
pub mod random;
pub mod still;
pub mod still_views;
pub mod view;
mod words;

use crate::app::camera::Rect;
use crate::app::draw::Painter;
use crate::app::files::FileError;
use crate::app::history::Settled;
use crate::app::i18n::{tr, trf};
use crate::app::input::Input;
use crate::app::lesson::{self, Card, Lesson};
use crate::app::shell::message::Message;
use crate::app::shell::walk::SatWalk;
use glam::{Vec2, Vec3};
use overlay::OverlayOptions;
use picture::Picture;
use satlab::geom::Verdict;
use satlab::geom3d::{
    raycast, Aabb3, Obb3, Point3, Pose3, Ray3, SatReport3, Shape3, Side, CONTACT_TOLERANCE,
};
use satlab::scene::{save_any, AnyScene, Placed3, Rotation3, Scene3};
use std::path::{Path, PathBuf};
use view::View;

/// The mode's id (scope of its shortcuts, recovery slot).
pub const ID: crate::app::shell::action::ModeId = crate::app::shell::action::ModeId::Space;

/// Grid step Ctrl snaps positions to, world units.
pub const SNAP: f32 = 0.25;

/// What the pointer is doing.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Drag {
    None,
    /// Turning the camera about its target.
    Orbit,
    /// Sliding the camera.
    Pan,
    /// Moving a shape in the plane facing the camera: where the pointer
    /// grabbed it on that plane and where the shape was then.
    Move {
        side: Side,
        grab: Vec3,
        from: Vec3,
        /// The pixel pressed.
        px: Vec2,
    },
}

/// The views that take over the 3D canvas and its walk keys, one at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// The contact manifold and its clipping walk (K).
    Contacts,
    /// The motion, the sweep and the time of impact (W).
    Motion,
    /// GJK and EPA on a pane of the Minkowski difference (J).
    Gjk,
}

/// The 3D mode's state.
pub struct SpaceMode {
    /// The document.
    pub scene: Scene3,
    /// The document as last opened or saved (`None` for a recovered copy).
    saved: Option<Scene3>,
    /// Its file.
    path: Option<PathBuf>,
    /// Undo and redo: one step per settled edit (a whole drag is one).
    history: Settled<Scene3>,
    /// The scene as last seen, and a counter bumped when it changes.
    seen: (Scene3, u64),
    /// The SAT report for the current scene.
    pub report: SatReport3,
    /// The pair's size, world units ([`overlay::pair_size`]), from which
    /// the panel and the status line take their numbers' decimals: kept
    /// with the report, not measured again every frame.
    pub size: f32,
    /// The library's verdict, `geom3d::intersects` (the call `check`
    /// replays): the badge and the panel show it, never a second opinion.
    pub hit: bool,
    /// The camera.
    pub view: View,
    /// Fit the view on the next frame (after opening).
    fit_pending: bool,
    /// The overlay's focus: selected and hovered axes, bars everywhere.
    pub overlay: OverlayOptions,
    /// The shape picked by the last click.
    pub selected: Option<Side>,
    /// The SAT walk (Space, Shift+Space, Home, End), stepped by the
    /// shell's rule as the pair playground's: start, axes, conclusion.
    pub walk: SatWalk,
    /// The walk goes on past the first separating axis.
    pub keep_testing: bool,
    /// Predict, then reveal: the verdict, the overlay and the axes table
    /// stay hidden until revealed.
    pub predicting: bool,
    /// Asked by the practice mode, whose question stands in for the
    /// predict marker: while predicting, no marker is drawn.
    pub quiz: bool,
    /// The Algorithm section (G): the pair's closed form worked through.
    pub algorithm: bool,
    /// The random pair's kinds and seed.
    pub random: random::RandomPair3,
    /// The Motion view (W): velocity arrows, the sweep, the impact.
    pub motion: motion::MotionView,
    drag: Drag,
    /// The gizmo part being dragged, of the selected shape.
    hold: Option<(Side, gizmo::Hold)>,
    /// The gizmo part under the pointer.
    gizmo_hot: Option<gizmo::Part>,
    /// This frame's display list.
    picture: Picture,
    message: Option<Message>,
    now: f64,
    /// Milliseconds of the last update: SAT report, display list.
    timing: [f64; 2],
    /// The lesson whose folder holds the open file (PageUp and PageDown
    /// go through it, [`crate::app::shell::page`]): its notes card and
    /// "n / N" show under the canvas, as on the lesson's 2D slides.
    lesson: Option<Lesson>,
    /// This frame's notes card, where it goes and its notes size.
    card: Option<(Card, Rect, f32)>,
    /// The GJK / EPA view (J), when it is on.
    pub gjk: Option<gjk::GjkView3>,
    /// The Contacts view (K): the manifold and its clipping walk.
    pub contacts: contacts::Contacts3,
}

/// The scene a new document starts with: a box and a turned box whose
/// edges face each other.
pub fn starter() -> Scene3 {
    // Valid constants; a point stands in should a constructor ever refuse them.
    let point = || Shape3::Point(Point3::new(Pose3::at(Vec3::ZERO)));
    let a = Aabb3::new(Pose3::at(Vec3::ZERO), Vec3::ONE).map_or_else(|_| point(), Shape3::Aabb);
    let rot = [0.0, 35.0, 45.0];
    let b = Pose3::from_euler_deg(
        satlab::geom3d::ShapeKind3::Obb,
        Vec3::new(2.8, 0.6, 0.9),
        rot,
    )
    .and_then(|p| Obb3::new(p, Vec3::new(1.0, 0.75, 0.5)))
    .map_or_else(|_| point(), Shape3::Obb);
    Scene3 {
        name: tr("Two boxes in 3D").into(),
        notes: String::new(),
        a: Placed3 {
            shape: a,
            rotation: Rotation3::None,
            points: Vec::new(),
        },
        b: Placed3 {
            shape: b,
            rotation: Rotation3::EulerDeg(rot),
            points: Vec::new(),
        },
        motion: None,
        expect: None,
        contact_tolerance: None,
    }
}

impl SpaceMode {
    /// The mode on `scene`, from `path`.
    pub fn new(scene: Scene3, path: Option<PathBuf>) -> SpaceMode {
        let report = satlab::geom3d::sat_report3(&scene.a.shape, &scene.b.shape);
        let size = overlay::pair_size(&scene.a.shape, &scene.b.shape);
        let hit = scene.intersects();
        SpaceMode {
            saved: Some(scene.clone()),
            history: Settled::new(&scene, 500),
            seen: (scene.clone(), 0),
            motion: motion::MotionView::opened(&scene),
            scene,
            report,
            size,
            hit,
            view: View::new(Rect::new(Vec2::ZERO, Vec2::new(800.0, 600.0))),
            fit_pending: true,
            overlay: OverlayOptions::default(),
            selected: None,
            walk: SatWalk::default(),
            keep_testing: false,
            predicting: false,
            quiz: false,
            algorithm: false,
            random: random::RandomPair3::default(),
            drag: Drag::None,
            hold: None,
            gizmo_hot: None,
            picture: Picture::default(),
            message: None,
            now: 0.0,
            timing: [0.0; 2],
            lesson: path
                .as_deref()
                .filter(|p| p.parent().is_some_and(lesson::is_lesson))
                .and_then(Lesson::around),
            card: None,
            gjk: None,
            contacts: contacts::Contacts3::default(),
            path,
        }
    }

    /// The lesson card for a canvas `canvas` drawn with `p`, and the
    /// canvas left above it, when the open file is in a lesson.
    fn lesson_card(&self, canvas: Rect, p: &Painter) -> Option<(Card, Rect, f32)> {
        let l = self.lesson.as_ref()?;
        Some(p.bottom_card(canvas, |width, measure| {
            lesson::card(
                l,
                self.path.as_deref(),
                &self.scene.name,
                &self.scene.notes,
                width,
                measure,
            )
        }))
    }

    /// Replaces the pair by the random pair of [`SpaceMode::random`]'s
    /// kinds and seed (`next`: of the seed after it), one undo step; its
    /// name and the top bar give the seed, so typing it calls it up again.
    pub fn random_pair(&mut self, next: bool) {
        if next {
            self.random.seed = self.random.seed.wrapping_add(1);
        }
        let r = self.random;
        let (a, b) = random::random_pair3(r.seed, r.kinds);
        let kinds = format!("{} – {}", a.shape.kind().name(), b.shape.kind().name());
        let name = trf("Random pair {}, seed {}", &[&kinds, &r.seed]);
        self.scene = Scene3 {
            name: name.clone(),
            notes: String::new(),
            a,
            b,
            motion: None,
            expect: None,
            contact_tolerance: self.scene.contact_tolerance,
        };
        self.selected = None;
        self.leave_walk();
        self.fit_pending = true;
        self.say(name, false);
    }

    /// The placed shape on `side`.
    pub fn placed(&self, side: Side) -> &Placed3 {
        match side {
            Side::A => &self.scene.a,
            Side::B => &self.scene.b,
        }
    }

    /// The placed shape on `side`, to edit.
    pub fn placed_mut(&mut self, side: Side) -> &mut Placed3 {
        match side {
            Side::A => &mut self.scene.a,
            Side::B => &mut self.scene.b,
        }
    }

    /// Separated, touching or overlapping: separated exactly when
    /// [`SpaceMode::hit`] is false; the depth of the SAT report's least
    /// overlap splits touching from overlapping.
    pub fn verdict(&self) -> Verdict {
        let r = &self.report;
        let depth = r.least_overlap().map_or(0.0, |t| -t.gap);
        if !self.hit {
            Verdict::Separated
        } else if depth <= CONTACT_TOLERANCE {
            Verdict::Touching
        } else {
            Verdict::Overlapping
        }
    }

    /// Saves to `path`, which becomes the document's file.
    pub fn save_to(&mut self, path: &Path) -> Result<PathBuf, FileError> {
        let doc = AnyScene::Space(Box::new(self.scene.clone()));
        save_any(path, &doc).map_err(|e| FileError::io(path, &e))?;
        self.path = Some(path.to_path_buf());
        self.saved = Some(self.scene.clone());
        Ok(path.to_path_buf())
    }

    /// Fits the view around both shapes.
    pub fn fit(&mut self) {
        let (lo, hi) = overlay::extent(&self.scene.a.shape, &self.scene.b.shape);
        let (lo, hi) = self.motion_reach((lo, hi));
        self.view.fit(lo, hi);
    }

    /// Posts a message in the top bar.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some(Message::new(text, error, self.now));
    }

    /// The shape under canvas pixel `s` (the nearer one when both are).
    fn pick(&self, s: Vec2) -> Option<Side> {
        let ray = Ray3::new(self.view.eye(), self.view.ray_dir(s), f32::INFINITY)?;
        [Side::A, Side::B]
            .into_iter()
            .filter_map(|side| raycast(&ray, &self.placed(side).shape).map(|h| (side, h.t)))
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(side, _)| side)
    }

    /// Mouse on the canvas: pick and move shapes, orbit, pan, zoom.
    fn pointer(&mut self, i: &Input, on_canvas: bool) {
        if on_canvas && i.wheel != 0.0 {
            self.view.zoom_at(i.wheel, i.mouse);
        }
        if self.motion_pointer(i, on_canvas) || self.gizmo(i, on_canvas) {
            return;
        }
        if self.drag == Drag::None && on_canvas {
            self.drag = if i.right.pressed && i.shift || i.middle.pressed {
                Drag::Pan
            } else if i.right.pressed || i.left.pressed && i.alt {
                Drag::Orbit
            } else if i.left.pressed {
                self.selected = self.pick(i.press_at);
                self.grab(i.press_at)
            } else {
                Drag::None
            };
        }
        match self.drag {
            Drag::None => {}
            Drag::Orbit => self.view.orbit(i.drag_delta()),
            Drag::Pan => self.view.pan(i.drag_delta()),
            // Back on the pixel pressed (a click that does not move), the
            // shape is where it was, exactly: recomputing the grab point
            // would round the position.
            Drag::Move { side, from, px, .. } if i.mouse == px => {
                self.placed_mut(side).shape.set_position(from);
            }
            Drag::Move {
                side, grab, from, ..
            } => {
                if let Some(at) = self.view.on_facing_plane(i.mouse, grab) {
                    let mut to = from + (at - grab);
                    if i.ctrl {
                        to = edit::snap(to, SNAP);
                    }
                    self.placed_mut(side).shape.set_position(to);
                }
            }
        }
        if !(i.left.down || i.right.down || i.middle.down) {
            self.drag = Drag::None;
        }
    }

    /// The selected shape's gizmo: what is under the pointer, a press that
    /// takes a part, and the drag of the part held. True while a part is
    /// held (the pointer does nothing else then).
    fn gizmo(&mut self, i: &Input, on_canvas: bool) -> bool {
        let Some((side, held)) = self.hold.take() else {
            let g = self
                .selected
                .filter(|_| self.drag == Drag::None)
                .and_then(|side| Some((side, gizmo::Gizmo::of(self.placed(side), &self.view)?)));
            self.gizmo_hot = g
                .as_ref()
                .and_then(|(_, g)| g.pick(&self.view, i.mouse, 1.0));
            let pressed = on_canvas && i.left.pressed && !i.alt;
            if let Some((side, g)) = g.filter(|_| pressed) {
                if let Some(part) = g.pick(&self.view, i.press_at, 1.0) {
                    self.hold = g
                        .hold(part, self.placed(side), &self.view, i.press_at)
                        .map(|h| (side, h));
                }
            }
            return self.hold.is_some();
        };
        if i.mouse == held.press {
            // Back where it was pressed: the shape as it was, exactly.
            *self.placed_mut(side) = held.start.clone();
        } else {
            match held.drag(&self.view, i.mouse, i.ctrl, SNAP) {
                Ok(p) => *self.placed_mut(side) = p,
                Err(e) => self.say(crate::app::i18n::words::shape_error(&e), true),
            }
        }
        if i.left.down {
            self.hold = Some((side, held));
        }
        true
    }

    /// The gizmo part to draw strong: the one held, else the one under the
    /// pointer.
    fn gizmo_focus(&self) -> Option<gizmo::Part> {
        self.hold.as_ref().map(|(_, h)| h.part).or(self.gizmo_hot)
    }

    /// Starts moving the selected shape from pixel `s`.
    fn grab(&self, s: Vec2) -> Drag {
        let Some(side) = self.selected else {
            return Drag::None;
        };
        let from = self.placed(side).shape.pose().position();
        match self.view.on_facing_plane(s, from) {
            Some(grab) => Drag::Move {
                side,
                grab,
                from,
                px: s,
            },
            None => Drag::None,
        }
    }

    /// Called every frame after the edits: settles undo, recomputes.
    fn after_edits(&mut self, busy: bool) {
        self.history.settle(&self.scene, busy);
        if self.seen.0 != self.scene {
            self.seen = (self.scene.clone(), self.seen.1.wrapping_add(1));
            self.report
                .compute(&self.scene.a.shape, &self.scene.b.shape);
            self.size = overlay::pair_size(&self.scene.a.shape, &self.scene.b.shape);
            self.hit = self.scene.intersects();
            let n = self.report.axes.len();
            for k in [&mut self.overlay.selected, &mut self.overlay.hovered] {
                if k.is_some_and(|k| k >= n) {
                    *k = None;
                }
            }
            self.show_walk();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::Button;
    use crate::app::shell::action::Walk;

    fn held(mouse: Vec2, pressed: bool) -> Input {
        Input {
            mouse,
            press_at: mouse,
            left: Button {
                down: true,
                pressed,
                released: false,
            },
            ..Input::default()
        }
    }

    #[test]
    fn a_drag_moves_the_picked_shape_in_the_facing_plane_and_is_one_undo_step() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        let from = m.scene.b.shape.pose().position();
        let start = m.view.to_screen(from).unwrap();
        m.pointer(&held(start, true), true);
        assert_eq!(m.selected, Some(Side::B));
        for k in 1..=5 {
            m.pointer(&held(start - Vec2::new(20.0 * k as f32, 0.0), false), true);
            m.after_edits(true);
        }
        let end = start - Vec2::new(100.0, 0.0);
        m.pointer(
            &Input {
                mouse: end,
                ..Input::default()
            },
            true,
        );
        m.after_edits(false);
        let to = m.scene.b.shape.pose().position();
        assert!((m.view.to_screen(to).unwrap() - end).length() < 0.01);
        assert!((to - from).dot(m.view.basis().back).abs() < 1e-4);
        assert_eq!(m.history.depth(), (1, 0));
        assert!(m.history.undo(&mut m.scene));
        assert_eq!(m.scene.b.shape.pose().position(), from);
    }

    #[test]
    fn the_gizmo_arrow_moves_the_selected_shape_along_x_in_one_undo_step() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        let from = m.scene.b.shape.pose().position();
        let centre = m.view.to_screen(from).unwrap();
        // A click on B selects it (and shows its gizmo).
        m.pointer(&held(centre, true), true);
        m.pointer(
            &Input {
                mouse: centre,
                ..Input::default()
            },
            true,
        );
        m.after_edits(false);
        assert_eq!(m.selected, Some(Side::B));
        let g = gizmo::Gizmo::of(&m.scene.b, &m.view).unwrap();
        let press = m.view.to_screen(from + Vec3::X * (0.7 * g.reach)).unwrap();
        let to = m
            .view
            .to_screen(from + Vec3::X * (0.7 * g.reach + 1.0))
            .unwrap();
        m.pointer(&held(press, true), true);
        assert_eq!(m.gizmo_focus(), Some(gizmo::Part::Move(0)));
        for k in 1..=4 {
            m.pointer(&held(press + (to - press) * (k as f32 / 4.0), false), true);
            m.after_edits(true);
        }
        m.pointer(
            &Input {
                mouse: to,
                ..Input::default()
            },
            true,
        );
        m.after_edits(false);
        let d = m.scene.b.shape.pose().position() - from;
        assert!((d - Vec3::X).length() < 1e-3, "moved by {d}");
        assert_eq!(m.selected, Some(Side::B));
        assert_eq!(m.history.depth(), (1, 0));
        assert!(m.history.undo(&mut m.scene));
        assert_eq!(m.scene.b.shape.pose().position(), from);
    }

    #[test]
    fn the_random_pair_key_makes_the_next_seeds_pair_and_undo_takes_it_back() {
        let mut m = SpaceMode::new(starter(), None);
        let before = m.scene.clone();
        m.random.kinds = [Some(satlab::geom3d::ShapeKind3::Sphere), None];
        m.random_pair(true);
        m.after_edits(false);
        assert_eq!(m.random.seed, 2);
        assert_eq!(m.scene.a.shape.kind(), satlab::geom3d::ShapeKind3::Sphere);
        assert!(m.scene.name.contains("seed 2"), "{}", m.scene.name);
        assert_eq!(m.hit, m.scene.intersects(), "the report follows");
        let made = m.scene.clone();
        m.random_pair(false);
        assert_eq!(m.scene, made, "the same seed, the same pair");
        m.history.undo(&mut m.scene);
        assert_eq!(m.scene, before);
    }

    #[test]
    fn predicting_hides_every_axis_bar_and_plane_until_revealed() {
        use picture::Ink;
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        let overlay = |m: &SpaceMode| {
            m.picture
                .lines
                .iter()
                .filter(|l| matches!(l.ink, Ink::Axis | Ink::Focus | Ink::Decisive | Ink::Mtv))
                .count()
                + m.picture
                    .quads
                    .iter()
                    .filter(|q| q.ink == Ink::Plane)
                    .count()
        };
        m.build_picture();
        assert!(overlay(&m) >= 15, "the 15 axes are drawn");
        m.predicting = true;
        m.build_picture();
        assert_eq!(overlay(&m), 0);
        assert!(m.picture.lines.iter().any(|l| l.ink == Ink::A));
        m.predicting = false;
        m.build_picture();
        assert!(overlay(&m) >= 15);
    }

    #[test]
    fn the_walk_stops_at_the_first_separating_axis_unless_it_keeps_testing() {
        // Two boxes apart along x: A's face x normal (axis 1) separates.
        let mut m = SpaceMode::new(starter(), None);
        let first = m
            .report
            .axes
            .iter()
            .position(|t| t.skipped.is_none() && t.separates())
            .expect("the starter boxes are apart");
        m.walk(Walk::End);
        assert_eq!(m.walk_len(), first + 1, "the walk stops where SAT stops");
        m.walk(Walk::Back);
        assert_eq!(m.overlay.selected, Some(first), "its last axis");
        m.walk(Walk::Forward);
        m.walk(Walk::Forward);
        assert_eq!(
            m.overlay.selected, None,
            "the conclusion, and no step past it"
        );
        m.set_keep_testing(true);
        assert_eq!(m.walk_len(), m.report.axes.len());
        m.walk(Walk::Back);
        assert_eq!(
            m.overlay.selected,
            Some(m.report.axes.len() - 1),
            "the end stayed the end"
        );
    }

    #[test]
    fn a_click_on_a_shape_selects_it_and_changes_nothing() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        let before = m.scene.clone();
        let at = m.view.to_screen(before.b.shape.pose().position()).unwrap();
        m.pointer(&held(at, true), true);
        m.pointer(
            &Input {
                mouse: at,
                ..Input::default()
            },
            true,
        );
        m.after_edits(false);
        assert_eq!(m.selected, Some(Side::B));
        assert_eq!(m.scene, before, "not even by rounding");
        assert_eq!(m.history.depth(), (0, 0));
    }

    #[test]
    fn a_3d_slide_of_a_lesson_shows_the_lesson_card_and_its_place() {
        use crate::app::shell::mode::Mode;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("scenes/lessons/sat-2d-to-3d/02-boxes-in-space.json");
        let sc = satlab::scene::load_any(&file).expect("the lesson's 3D slide");
        let p = Painter {
            pal: crate::app::palette::Palette::of(crate::app::palette::Theme::Dark),
            font: None,
            scale: 1.0,
            labels: 1.0,
        };
        let canvas = Rect::new(Vec2::new(0.0, 30.0), Vec2::new(900.0, 730.0));
        let mut m = SpaceMode::new(starter(), None);
        assert!(m.lesson_card(canvas, &p).is_none(), "no lesson: no card");
        m.open(sc.clone(), Some(&file), false).expect("opens");
        let (card, r, _) = m
            .lesson_card(canvas, &p)
            .expect("a card on a lesson's slide");
        assert_eq!(card.progress, "2 / 4");
        assert!(card.heading.contains(&m.scene.name), "{}", card.heading);
        assert!(!card.lines.is_empty(), "the notes, large");
        assert_eq!(r.max, canvas.max);
        assert!(r.min.y > canvas.min.y + 0.5 * canvas.size().y, "{r:?}");
        // The same scene outside a lesson folder shows none.
        let elsewhere = root.join("scenes/08-3d/01-boxes-edge-cross-edge-only.json");
        m.open(sc, Some(&elsewhere), false).expect("opens");
        assert!(m.lesson_card(canvas, &p).is_none());
    }

    #[test]
    fn a_press_on_empty_canvas_selects_nothing_and_moves_nothing() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        let before = m.scene.clone();
        m.pointer(&held(Vec2::new(5.0, 5.0), true), true);
        m.pointer(&held(Vec2::new(60.0, 40.0), false), true);
        assert_eq!(m.selected, None);
        assert_eq!(m.scene, before);
    }
}
