//! The 3D mode: two 3D shapes (scene format v3) in a perspective view with
//! the ground grid and world axes, the SAT report's candidate axes, the
//! separating plane, an axes table and exact shape editors. Files, undo,
//! help and language come from the shell ([`crate::app::mode::Mode`]).
//!
//! Parts: `view.rs` the orbit camera and projection; `picture.rs` and
//! `overlay.rs` the display list (pure, tested); `paint.rs` draws it;
//! `panel.rs` the egui panel; `edit.rs` exact edits; `mode.rs` the mode;
//! `gizmo.rs` the translate arrows and rotate rings; `handles.rs` the size handles; `algorithm.rs` the closed forms' working; `disk.rs` hot reload and regression capture; `still.rs` the camera and step of a still picture (`satlab render`).

pub mod algorithm;
mod axes;
pub mod disk;
pub mod edit;
mod editor;
pub mod gizmo;
pub mod handles;
mod mode;
pub mod overlay;
mod paint;
mod panel;
pub mod picture;
pub mod still;
pub mod view;
mod words;

use crate::app::camera::Rect;
use crate::app::history::Settled;
use crate::app::i18n::{tr, trf};
use crate::app::input::Input;
use crate::app::state::Message;
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
pub const ID: &str = "space";

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
    },
    /// Moving a shape along world axis `k` (0 = x) with the gizmo: the
    /// line parameter where the pointer grabbed the arrow and where the
    /// shape was then.
    Along {
        side: Side,
        k: usize,
        grab: f32,
        from: Vec3,
    },
    /// Turning a shape about world axis `k` with the gizmo's ring: the
    /// angle on the ring's plane where the pointer grabbed it (the shape
    /// as it was then is kept in `SpaceMode::turn_from`).
    Ring {
        side: Side,
        k: usize,
        grab: f32,
    },
    /// Sizing a shape with its handle `h` (the shape as it was when the
    /// drag began is kept in `SpaceMode::turn_from`).
    Size {
        side: Side,
        h: handles::Handle,
    },
}

/// The 3D mode's state.
pub struct SpaceMode {
    /// The document.
    pub scene: Scene3,
    /// The document as last opened or saved (`None` for a recovered copy).
    saved: Option<Scene3>,
    /// Its file.
    path: Option<PathBuf>,
    /// What the hot reload knows of the file.
    watch: disk::Watch,
    /// Undo and redo: one step per settled edit (a whole drag is one).
    history: Settled<Scene3>,
    /// The scene as last seen, and a counter bumped when it changes.
    seen: (Scene3, u64),
    /// The SAT report for the current scene.
    pub report: SatReport3,
    /// The camera.
    pub view: View,
    /// Fit the view on the next frame (after opening).
    fit_pending: bool,
    /// The overlay's focus: selected and hovered axes, bars everywhere.
    pub overlay: OverlayOptions,
    /// The shape picked by the last click.
    pub selected: Option<Side>,
    /// The step walk: shows a caption for the selected axis.
    pub walking: bool,
    /// Predict, then reveal: the verdict, the overlay, the caption and
    /// the axes table are hidden until P reveals them.
    pub predicting: bool,
    drag: Drag,
    /// The shape being turned by a ring, as it was when the drag began.
    turn_from: Option<Placed3>,
    /// This frame's display list.
    picture: Picture,
    message: Option<Message>,
    now: f64,
    /// Milliseconds of the last update: SAT report, display list.
    timing: [f64; 2],
}

/// The scene a new document starts with: a box and a turned box whose
/// edges face each other.
pub fn starter() -> Scene3 {
    // Valid constants; a point stands in should a constructor ever refuse them.
    let point = || Shape3::Point(Point3::new(Pose3::at(Vec3::ZERO)));
    let a = Aabb3::new(Pose3::at(Vec3::ZERO), Vec3::ONE).map_or_else(|_| point(), Shape3::Aabb);
    let rot = [0.0, 35.0, 45.0];
    let b = Pose3::from_euler_deg("obb", Vec3::new(2.8, 0.6, 0.9), rot)
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
        expect: None,
    }
}

impl SpaceMode {
    /// The mode on `scene`, from `path`.
    pub fn new(scene: Scene3, path: Option<PathBuf>) -> SpaceMode {
        let report = satlab::geom3d::sat_report3(&scene.a.shape, &scene.b.shape);
        SpaceMode {
            saved: Some(scene.clone()),
            watch: disk::Watch::of(path.as_deref()),
            history: Settled::new(&scene, 500),
            seen: (scene.clone(), 0),
            scene,
            path,
            report,
            view: View::new(Rect::new(Vec2::ZERO, Vec2::new(800.0, 600.0))),
            fit_pending: true,
            overlay: OverlayOptions::default(),
            selected: None,
            walking: false,
            predicting: false,
            drag: Drag::None,
            turn_from: None,
            picture: Picture::default(),
            message: None,
            now: 0.0,
            timing: [0.0; 2],
        }
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

    /// Separated, touching or overlapping.
    pub fn verdict(&self) -> Verdict {
        let r = &self.report;
        let depth = r.least_overlap().map_or(0.0, |t| -t.gap);
        if !r.intersects {
            Verdict::Separated
        } else if depth <= CONTACT_TOLERANCE {
            Verdict::Touching
        } else {
            Verdict::Overlapping
        }
    }

    /// The window title: the file, and • when edited.
    pub fn title(&self) -> String {
        let file = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| tr("untitled 3D scene").into());
        let dot = if self.saved.as_ref() != Some(&self.scene) {
            " •"
        } else {
            ""
        };
        trf("satlab — 3D — {}{}", &[&file, &dot])
    }

    /// Saves to `path`, which becomes the document's file.
    pub fn save_to(&mut self, path: &Path) -> Result<PathBuf, String> {
        let doc = AnyScene::Space(Box::new(self.scene.clone()));
        save_any(path, &doc).map_err(|e| format!("{}: {e}", path.display()))?;
        self.path = Some(path.to_path_buf());
        self.saved = Some(self.scene.clone());
        self.watch_file();
        Ok(path.to_path_buf())
    }

    /// Fits the view around both shapes.
    pub fn fit(&mut self) {
        let (lo, hi) = overlay::extent(&self.scene.a.shape, &self.scene.b.shape);
        self.view.fit(lo, hi);
    }

    /// Posts a message in the top bar.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some(Message {
            text: text.into(),
            error,
            at: self.now,
        });
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
        if self.drag == Drag::None && on_canvas {
            self.drag = if i.right.pressed && i.shift || i.middle.pressed {
                Drag::Pan
            } else if i.right.pressed || i.left.pressed && i.alt {
                Drag::Orbit
            } else if i.left.pressed {
                let grabbed = self
                    .grab_handle(i.press_at)
                    .or_else(|| self.grab_arrow(i.press_at))
                    .or_else(|| self.grab_ring(i.press_at));
                match grabbed {
                    Some(d) => d,
                    None => {
                        self.selected = self.pick(i.press_at);
                        self.grab(i.press_at)
                    }
                }
            } else {
                Drag::None
            };
        }
        match self.drag {
            Drag::None => {}
            Drag::Orbit => self.view.orbit(i.mouse_delta),
            Drag::Pan => self.view.pan(i.mouse_delta),
            Drag::Move { side, grab, from } => {
                if let Some(at) = self.view.on_facing_plane(i.mouse, grab) {
                    let mut to = from + (at - grab);
                    if i.ctrl {
                        to = edit::snap(to, SNAP);
                    }
                    self.placed_mut(side).shape.set_position(to);
                }
            }
            Drag::Along {
                side,
                k,
                grab,
                from,
            } => {
                let dir = gizmo::AXES[k];
                if let Some(t) = gizmo::along(&self.view, from, dir, i.mouse) {
                    let mut to = from + dir * (t - grab);
                    if i.ctrl {
                        to[k] = (to[k] / SNAP).round() * SNAP;
                    }
                    self.placed_mut(side).shape.set_position(to);
                }
            }
            Drag::Size { side, h } => {
                let from = self.turn_from.clone();
                let c = from.as_ref().map(|p| p.shape.pose().position());
                let t = c.and_then(|c| gizmo::along(&self.view, c, h.dir, i.mouse));
                if let (Some(p), Some(mut t)) = (from, t) {
                    if i.ctrl {
                        t = (t / SNAP).round() * SNAP;
                    }
                    let mut sizes: Vec<f32> = edit::dims(&p.shape).iter().map(|d| d.1).collect();
                    if let Some(v) = sizes.get_mut(h.size) {
                        // Never through the centre: a size stays positive.
                        *v = t.max(0.01);
                    }
                    let at = p.shape.pose().position();
                    match edit::rebuilt(&p, at, p.rotation, &sizes) {
                        Ok(q) => *self.placed_mut(side) = q,
                        Err(e) => self.say(e.detail(), true),
                    }
                }
            }
            Drag::Ring { side, k, grab } => {
                let from = self.turn_from.clone();
                let at = from.as_ref().map(|p| p.shape.pose().position());
                let now = at.and_then(|c| gizmo::ring_angle(&self.view, c, k, i.mouse));
                if let (Some(p), Some(now)) = (from, now) {
                    let deg = gizmo::sweep_deg(grab, now, i.ctrl);
                    match edit::turned(&p, gizmo::AXES[k], deg) {
                        Ok(t) => *self.placed_mut(side) = t,
                        Err(e) => self.say(e.detail(), true),
                    }
                }
            }
        }
        if !(i.left.down || i.right.down || i.middle.down) {
            self.drag = Drag::None;
        }
    }

    /// Starts a drag along one world axis when pixel `s` is on an arrow of
    /// the selected shape's gizmo.
    fn grab_arrow(&self, s: Vec2) -> Option<Drag> {
        let side = self.selected?;
        let from = self.placed(side).shape.pose().position();
        let k = gizmo::pick(&self.view, from, s)?;
        let grab = gizmo::along(&self.view, from, gizmo::AXES[k], s)?;
        Some(Drag::Along {
            side,
            k,
            grab,
            from,
        })
    }

    /// Starts sizing the selected shape when pixel `s` is on one of its
    /// square handles.
    fn grab_handle(&mut self, s: Vec2) -> Option<Drag> {
        let side = self.selected?;
        let hs = handles::handles(&self.placed(side).shape, &self.view);
        let h = *hs.get(handles::pick(&self.view, &hs, s)?)?;
        self.turn_from = Some(self.placed(side).clone());
        Some(Drag::Size { side, h })
    }

    /// Starts turning the selected shape when pixel `s` is on one of its
    /// gizmo's rings.
    fn grab_ring(&mut self, s: Vec2) -> Option<Drag> {
        let side = self.selected?;
        let c = self.placed(side).shape.pose().position();
        let k = gizmo::pick_ring(&self.view, c, s)?;
        let grab = gizmo::ring_angle(&self.view, c, k, s)?;
        self.turn_from = Some(self.placed(side).clone());
        Some(Drag::Ring { side, k, grab })
    }

    /// Starts moving the selected shape from pixel `s`.
    fn grab(&self, s: Vec2) -> Drag {
        let Some(side) = self.selected else {
            return Drag::None;
        };
        let from = self.placed(side).shape.pose().position();
        match self.view.on_facing_plane(s, from) {
            Some(grab) => Drag::Move { side, grab, from },
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
            let n = self.report.axes.len();
            for k in [&mut self.overlay.selected, &mut self.overlay.hovered] {
                if k.is_some_and(|k| k >= n) {
                    *k = None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::Button;

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
    fn the_gizmo_moves_the_selected_shape_along_one_world_axis_in_one_undo_step() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        m.selected = Some(Side::B);
        let from = m.scene.b.shape.pose().position();
        for (k, ctrl) in [(0, false), (1, false), (2, true)] {
            let before = m.scene.b.shape.pose().position();
            let d = gizmo::AXES[k];
            let len = gizmo::length(&m.view);
            let start = m.view.to_screen(before + d * len * 0.7).unwrap();
            let tip = m.view.to_screen(before + d * len).unwrap();
            let step = (tip - start).normalize() * 15.0;
            m.pointer(&held(start, true), true);
            for j in 1..=4 {
                let mut i = held(start + step * j as f32, false);
                i.ctrl = ctrl;
                m.pointer(&i, true);
                m.after_edits(true);
            }
            m.pointer(
                &Input {
                    mouse: start + step * 4.0,
                    ctrl,
                    ..Input::default()
                },
                true,
            );
            m.after_edits(false);
            let moved = m.scene.b.shape.pose().position() - before;
            assert_eq!(m.selected, Some(Side::B), "the press kept the selection");
            assert!(moved[k] > 0.05, "axis {k}: moved {moved}");
            for o in 0..3 {
                if o != k {
                    assert!(moved[o].abs() < 1e-5, "axis {k}: moved {moved}");
                }
            }
            if ctrl {
                let c = m.scene.b.shape.pose().position()[k] / SNAP;
                assert!((c - c.round()).abs() < 1e-4, "snapped: {c}");
            }
        }
        assert_eq!(m.history.depth(), (3, 0), "one undo step per drag");
        for _ in 0..3 {
            assert!(m.history.undo(&mut m.scene));
        }
        assert_eq!(m.scene.b.shape.pose().position(), from);
    }

    #[test]
    fn a_ring_turns_the_selected_shape_about_its_world_axis_by_the_swept_angle() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        m.selected = Some(Side::B);
        let before = m.scene.b.shape.pose().rotation();
        let c = m.scene.b.shape.pose().position();
        let r = gizmo::ring_radius(&m.view);
        // The ring about z, from 200° on its rim to 233° (Ctrl: 30°).
        let rim = |deg: f32| {
            let t = deg.to_radians();
            m.view
                .to_screen(c + (Vec3::X * t.cos() + Vec3::Y * t.sin()) * r)
                .unwrap()
        };
        let (a, b) = (rim(200.0), rim(233.0));
        m.pointer(&held(a, true), true);
        for j in 1..=4 {
            let mut i = held(a + (b - a) * j as f32 / 4.0, false);
            i.ctrl = true;
            m.pointer(&i, true);
            m.after_edits(true);
        }
        m.pointer(
            &Input {
                mouse: b,
                ctrl: true,
                ..Input::default()
            },
            true,
        );
        m.after_edits(false);
        let after = m.scene.b.shape.pose().rotation();
        let (axis, angle) = (after * before.inverse()).to_axis_angle();
        assert!(
            (angle.to_degrees() - 30.0).abs() < 0.05,
            "{}",
            angle.to_degrees()
        );
        assert!(axis.dot(Vec3::Z) > 0.9999, "about +z: {axis}");
        assert_eq!(m.scene.b.shape.pose().position(), c, "turned in place");
        assert_eq!(m.history.depth(), (1, 0), "one undo step");
    }

    #[test]
    fn a_face_handle_sets_that_half_extent_and_keeps_the_rest() {
        let mut m = SpaceMode::new(starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        m.selected = Some(Side::A);
        let c = m.scene.a.shape.pose().position();
        // A is the unit cube: its +x face handle at (1, 0, 0), pulled to 1.5.
        let (from, to) = (
            m.view.to_screen(c + Vec3::X).unwrap(),
            m.view.to_screen(c + Vec3::X * 1.5).unwrap(),
        );
        m.pointer(&held(from, true), true);
        for j in 1..=4 {
            m.pointer(&held(from + (to - from) * j as f32 / 4.0, false), true);
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
        let Shape3::Aabb(b) = &m.scene.a.shape else {
            panic!("still an AABB");
        };
        let h = b.half_extents();
        assert!((h.x - 1.5).abs() < 1e-3, "half x {h}");
        assert_eq!((h.y, h.z), (1.0, 1.0));
        assert_eq!(b.center(), c, "stays centred");
        assert_eq!(m.history.depth(), (1, 0), "one undo step");
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
