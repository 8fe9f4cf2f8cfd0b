//! Direct manipulation: from an input snapshot and the scene to edits of the
//! scene and the camera. Pure: no window, so every gesture is unit-tested.
//!
//! Left drag on a body moves it, on a handle reshapes or turns it; right or
//! middle drag pans; the wheel zooms at the cursor. A drag belongs to
//! whoever got the press: one that starts over an egui panel never reaches
//! the shapes.

pub mod convert;

use crate::app::camera::Camera;
use crate::app::handles::{self, handles, Handle, HandleKind};
use crate::app::input::{Gate, Input};
use crate::app::outline::{look, Look};
use crate::app::shell::action::Action;
use crate::app::shell::shortcuts::canvas_action;
use glam::Vec2;
use satlab::geom::closest_point_on_segment;
use satlab::geom::{distance, sat_report, Point, Shape, Side};
use satlab::scene::Scene;

/// Handles and thin shapes are picked within this many pixels.
pub const PICK_PX: f32 = 7.0;
/// Grid cells used for snapping are at least this wide, pixels.
pub const SNAP_CELL_PX: f32 = 24.0;
/// R / T turn by this much, degrees (Shift: `FINE_DEG`).
const TURN_DEG: f32 = 15.0;
const FINE_DEG: f32 = 1.0;

/// What is under the cursor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Hover {
    /// Empty canvas (or not on the canvas).
    None,
    /// A shape's body.
    Body(Side),
    /// A handle.
    Handle(Handle),
    /// A polygon edge (0-based index of its first vertex).
    Edge(Side, usize),
}

/// The mouse cursor the canvas asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cursor {
    /// The arrow.
    Default,
    /// Moving a body.
    Move,
    /// Turning.
    Rotate,
    /// Resizing.
    Resize,
    /// Placing a vertex or end.
    Crosshair,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Drag {
    None,
    /// Panning with the left (empty canvas), right or middle button.
    Pan(u8),
    Move {
        side: Side,
        offset: Vec2,
    },
    Rotate {
        side: Side,
        start_angle: f32,
        start_deg: f32,
    },
    Handle {
        side: Side,
        kind: HandleKind,
    },
}

/// The canvas tools' state between frames.
#[derive(Debug, Clone)]
pub struct Tools {
    drag: Drag,
    /// What the cursor is over.
    pub hover: Hover,
    /// The shape keys act on.
    pub selected: Side,
    /// The last vertex touched, which Delete removes.
    pub active_vertex: Option<(Side, usize)>,
    /// A refusal for the status line, with the scene it refused to change:
    /// it is shown only while the scene is still that one (an undo, a redo
    /// or any other edit makes it stale).
    pub hint: Option<(String, Scene)>,
    /// UI scale: handles and pick distances grow with it.
    pub scale: f32,
}

impl Default for Tools {
    fn default() -> Self {
        Tools {
            drag: Drag::None,
            hover: Hover::None,
            selected: Side::B,
            active_vertex: None,
            hint: None,
            scale: 1.0,
        }
    }
}

/// The shape on `side`.
pub fn shape(scene: &Scene, side: Side) -> &Shape {
    match side {
        Side::A => &scene.a,
        Side::B => &scene.b,
    }
}

/// The shape on `side`, mutable.
pub fn shape_mut(scene: &mut Scene, side: Side) -> &mut Shape {
    match side {
        Side::A => &mut scene.a,
        Side::B => &mut scene.b,
    }
}

fn snap(v: Vec2, step: f32) -> Vec2 {
    (v / step).round() * step
}

fn angle(v: Vec2) -> f32 {
    v.y.atan2(v.x).to_degrees()
}

impl Tools {
    /// True while a drag of any kind is under way.
    pub fn dragging(&self) -> bool {
        self.drag != Drag::None
    }

    /// True while a shape is being dragged (so the canvas shows it active).
    pub fn editing(&self) -> Option<Side> {
        match self.drag {
            Drag::Move { side, .. } | Drag::Rotate { side, .. } | Drag::Handle { side, .. } => {
                Some(side)
            }
            _ => None,
        }
    }

    /// The cursor for the current hover or drag.
    pub fn cursor(&self) -> Cursor {
        let of_handle = |k: HandleKind| match k {
            HandleKind::Rotate | HandleKind::SectorAngle => Cursor::Rotate,
            HandleKind::Vertex(_) | HandleKind::End(_) | HandleKind::Tip => Cursor::Crosshair,
            _ => Cursor::Resize,
        };
        match (self.drag, self.hover) {
            (Drag::Move { .. }, _) | (Drag::Pan(_), _) => Cursor::Move,
            (Drag::Rotate { .. }, _) => Cursor::Rotate,
            (Drag::Handle { kind, .. }, _) => of_handle(kind),
            (Drag::None, Hover::Handle(h)) => of_handle(h.kind),
            (Drag::None, Hover::Body(_)) => Cursor::Move,
            (Drag::None, Hover::Edge(..)) => Cursor::Crosshair,
            (Drag::None, Hover::None) => Cursor::Default,
        }
    }

    /// What the cursor is over at screen point `s`: handles of the selected
    /// shape first, then the other's, then polygon edges, then bodies (B,
    /// drawn on top, before A). A handle that floats off its own shape (a
    /// ring handle) gives way to the other shape when the pointer is inside
    /// that shape: the shape the user grabs wins.
    pub fn pick(&self, scene: &Scene, cam: &Camera, s: Vec2) -> Hover {
        let px = cam.px() * self.scale;
        let pick = PICK_PX * self.scale;
        let w = cam.to_world(s);
        let point = |at: Vec2| Point::new(at).ok().map(Shape::Point);
        let inside =
            |side: Side| point(w).is_some_and(|p| distance(&p, shape(scene, side)).distance <= 0.0);
        let floats = |h: &Handle| {
            point(h.at)
                .is_none_or(|p| distance(&p, shape(scene, h.side)).distance > pick * cam.px())
        };
        for side in [self.selected, self.selected.other()] {
            let mut best: Option<(f32, Handle)> = None;
            for h in handles(shape(scene, side), side, px) {
                if floats(&h) && inside(side.other()) {
                    continue;
                }
                let d = cam.to_screen(h.at).distance(s);
                if d <= pick + 2.0 && best.is_none_or(|b| d < b.0) {
                    best = Some((d, h));
                }
            }
            if let Some((_, h)) = best {
                return Hover::Handle(h);
            }
        }
        for side in [Side::B, Side::A] {
            if let Shape::Polygon(_) = shape(scene, side) {
                if let Look::Area { boundary, .. } = look(shape(scene, side), 1.0) {
                    let n = boundary.len();
                    for i in 0..n {
                        let (q, _) =
                            closest_point_on_segment(w, boundary[i], boundary[(i + 1) % n]);
                        if q.distance(w) <= pick * 0.6 * cam.px() {
                            return Hover::Edge(side, i);
                        }
                    }
                }
            }
        }
        let Ok(p) = Point::new(w) else {
            return Hover::None;
        };
        let p = Shape::Point(p);
        for side in [Side::B, Side::A] {
            if distance(&p, shape(scene, side)).distance <= pick * cam.px() {
                return Hover::Body(side);
            }
        }
        Hover::None
    }

    /// Applies one frame of input to the camera and the scene.
    pub fn frame(&mut self, input: &Input, gate: Gate, cam: &mut Camera, scene: &mut Scene) {
        let step = cam.grid_step(SNAP_CELL_PX);
        // Hover (only when the pointer is ours and nothing is dragged).
        if self.drag == Drag::None {
            self.hover = if gate.pointer {
                self.pick(scene, cam, input.mouse)
            } else {
                Hover::None
            };
            if let Hover::Handle(Handle {
                side,
                kind: HandleKind::Vertex(i),
                ..
            }) = self.hover
            {
                self.active_vertex = Some((side, i));
            }
        }
        if gate.pointer && input.wheel != 0.0 {
            cam.zoom_at(input.mouse, 1.15f32.powf(input.wheel));
        }
        // Presses start drags, where the press happened.
        let pressed = input.left.pressed || input.right.pressed || input.middle.pressed;
        if self.drag == Drag::None && gate.pointer && pressed && input.press_at != input.mouse {
            self.hover = self.pick(scene, cam, input.press_at);
        }
        if self.drag == Drag::None && gate.pointer {
            self.press(input, scene, cam);
        }
        self.continue_drag(input, cam, scene, step);
        if gate.keyboard {
            self.keys(input, scene, step);
        }
    }

    /// A press on the canvas starts a drag: of the handle or shape under it
    /// (left), a vertex removed or the view panned (right), the view (middle).
    fn press(&mut self, input: &Input, scene: &mut Scene, cam: &Camera) {
        if input.left.pressed {
            self.press_left(input, cam.to_world(input.press_at), scene, cam.px());
        } else if input.right.pressed {
            if let Hover::Handle(Handle {
                side,
                kind: HandleKind::Vertex(i),
                ..
            }) = self.hover
            {
                self.remove_vertex(scene, side, i);
            } else {
                self.drag = Drag::Pan(1);
            }
        } else if input.middle.pressed {
            self.drag = Drag::Pan(2);
        }
    }

    /// Moves continue the drag (snapping with Ctrl, fine turns with Shift);
    /// letting go of its button ends it.
    fn continue_drag(&mut self, input: &Input, cam: &mut Camera, scene: &mut Scene, step: f32) {
        let w = cam.to_world(input.mouse);
        match self.drag {
            Drag::None => {}
            Drag::Pan(_) => cam.pan_pixels(input.drag_delta()),
            Drag::Move { side, offset } => {
                let mut p = w + offset;
                if input.ctrl {
                    p = snap(p, step);
                }
                shape_mut(scene, side).set_position(p);
            }
            Drag::Rotate {
                side,
                start_angle,
                start_deg,
            } => {
                let centre = shape(scene, side).pose().position();
                let mut delta = angle(w - centre) - start_angle;
                delta = (delta + 540.0).rem_euclid(360.0) - 180.0;
                if input.shift {
                    delta *= 0.1;
                }
                let mut deg = start_deg + delta;
                if input.ctrl {
                    deg = (deg / 15.0).round() * 15.0;
                }
                shape_mut(scene, side).set_rotation_deg(normalise_deg(deg));
            }
            Drag::Handle { side, kind } => {
                let target = if input.ctrl { snap(w, step) } else { w };
                match handles::apply(shape(scene, side), kind, target) {
                    Ok(s) => {
                        *shape_mut(scene, side) = s;
                        self.hint = None;
                    }
                    Err(e) => self.hint = Some((e.to_string(), scene.clone())),
                }
            }
        }
        let released = match self.drag {
            Drag::Pan(1) => !input.right.down,
            Drag::Pan(2) => !input.middle.down,
            Drag::None => false,
            _ => !input.left.down,
        };
        if released {
            self.drag = Drag::None;
        }
    }

    fn press_left(&mut self, input: &Input, w: Vec2, scene: &mut Scene, px: f32) {
        self.hint = None;
        match self.hover {
            Hover::Handle(h) => {
                self.selected = h.side;
                let s = shape(scene, h.side);
                self.drag = if h.kind == HandleKind::Rotate {
                    Drag::Rotate {
                        side: h.side,
                        start_angle: angle(w - s.pose().position()),
                        start_deg: s.pose().rotation_deg(),
                    }
                } else {
                    Drag::Handle {
                        side: h.side,
                        kind: h.kind,
                    }
                };
            }
            Hover::Edge(side, i) if input.double_click => {
                self.selected = side;
                match handles::add_vertex(shape(scene, side), i, w, px) {
                    Ok(s) => {
                        *shape_mut(scene, side) = s;
                        self.active_vertex = Some((side, i + 1));
                    }
                    Err(e) => self.hint = Some((e.to_string(), scene.clone())),
                }
            }
            Hover::Edge(side, _) | Hover::Body(side) => {
                self.selected = side;
                let pos = shape(scene, side).pose().position();
                self.drag = Drag::Move {
                    side,
                    offset: pos - w,
                };
            }
            Hover::None => self.drag = Drag::Pan(0),
        }
    }

    fn remove_vertex(&mut self, scene: &mut Scene, side: Side, i: usize) {
        match handles::remove_vertex(shape(scene, side), i) {
            Ok(s) => {
                *shape_mut(scene, side) = s;
                self.active_vertex = None;
                self.hint = None;
            }
            Err(e) => self.hint = Some((e.to_string(), scene.clone())),
        }
    }

    fn keys(&mut self, input: &Input, scene: &mut Scene, step: f32) {
        let side = self.selected;
        for &kp in &input.keys {
            if kp.ctrl {
                continue;
            }
            let turn = if kp.shift { FINE_DEG } else { TURN_DEG };
            let nudge = if kp.shift { step * 0.1 } else { step };
            let s = shape_mut(scene, side);
            let pos = s.pose().position();
            let deg = s.pose().rotation_deg();
            // Which key does what, and which way, is the shortcut table's.
            match canvas_action(&kp, crate::app::shell::action::ModeId::Pair) {
                Some(Action::Turn(sign)) => {
                    s.set_rotation_deg(normalise_deg(deg + f32::from(sign) * turn));
                }
                Some(Action::Nudge(dir)) => {
                    s.set_position(pos + dir * nudge);
                }
                Some(Action::Delete) => {
                    if let Some((vs, i)) = self.active_vertex {
                        self.remove_vertex(scene, vs, i);
                    }
                }
                _ => {}
            }
        }
    }
}

/// Angles kept in (-180, 180] so files stay readable.
fn normalise_deg(d: f32) -> f32 {
    let r = (d + 180.0).rem_euclid(360.0) - 180.0;
    if r == -180.0 {
        180.0
    } else {
        (r * 1000.0).round() / 1000.0
    }
}

/// Fits the camera to both shapes (bounded parts; the positions of
/// unbounded ones) and the axis lines the overlay draws around them: each
/// axis `n` is tangent to a circle around both shapes (centre `c`, radius
/// `r`: half their box's diagonal) at `c + perp(n) r`, reaching `r` along
/// `n` either way (1.6 `r` when a shape is unbounded), so the box of the
/// shapes and those ends is fitted, not the circle's worst case. The
/// camera's room (pixels) keeps the lanes, bars, labels and the caption
/// clear.
///
/// The shapes' box is grown to hold `also` (world `(lo, hi)`): what a view
/// draws besides the shapes, such as the Motion view's sweep.
pub fn fit_around(cam: &mut Camera, scene: &Scene, also: Option<(Vec2, Vec2)>) {
    let (lo, hi) = shapes_box(scene, also);
    let c = (lo + hi) * 0.5;
    let r = crate::app::outline::frame_radius(c, ((hi - lo) * 0.5).length());
    let bounded = [&scene.a, &scene.b].iter().all(|s| {
        let (l, h) = s.bounds();
        l.is_finite() && h.is_finite()
    });
    let along = if bounded { r } else { 1.6 * r };
    let (mut flo, mut fhi) = (lo, hi);
    for n in axes(scene) {
        for e in [-along, along] {
            let p = c + n.perp() * r + n * e;
            flo = flo.min(p);
            fhi = fhi.max(p);
        }
    }
    cam.fit_inside(flo, fhi, cam.room);
}

/// The pair's SAT axes (unit, finite), each laid by the overlay on the side
/// `perp(n)` of the shapes.
pub fn axes(scene: &Scene) -> impl Iterator<Item = Vec2> {
    sat_report(&scene.a, &scene.b)
        .axes
        .into_iter()
        .map(|t| t.axis)
        .filter(|n| n.is_finite())
}

/// Fits both shapes large (a lesson on a projector): the shapes' box and
/// the intervals on the lines where the axis lanes touch the circle around
/// them (the overlay places the lanes, bars and labels just outside, in the
/// room of the camera's [`room`](Camera::room) on that side), but not the
/// axis lines' far ends, which may run past the canvas (the canvas clips them).
pub fn fit_shapes(cam: &mut Camera, scene: &Scene, also: Option<(Vec2, Vec2)>) {
    let (lo, hi) = shapes_box(scene, also);
    let c = (lo + hi) * 0.5;
    let r = crate::app::outline::frame_radius(c, ((hi - lo) * 0.5).length());
    let (mut flo, mut fhi) = (lo, hi);
    for t in sat_report(&scene.a, &scene.b).axes {
        let n = t.axis;
        if !n.is_finite() {
            continue;
        }
        // The lane's interval bars: the shapes' intervals on the line.
        let base = c + n.perp() * r - n * n.dot(c);
        for v in [t.a.min, t.a.max, t.b.min, t.b.max] {
            let p = base + n * v;
            if p.is_finite() {
                flo = flo.min(p);
                fhi = fhi.max(p);
            }
        }
    }
    cam.fit_inside(flo, fhi, cam.room);
}

/// The world box around both shapes (a unit box around an unbounded
/// shape's point) and `also`.
fn shapes_box(scene: &Scene, also: Option<(Vec2, Vec2)>) -> (Vec2, Vec2) {
    let (mut lo, mut hi) = also
        .filter(|(l, h)| l.is_finite() && h.is_finite())
        .unwrap_or((Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)));
    for s in [&scene.a, &scene.b] {
        let (l, h) = s.bounds();
        if l.is_finite() && h.is_finite() {
            lo = lo.min(l);
            hi = hi.max(h);
        } else {
            lo = lo.min(s.pose().position() - Vec2::ONE);
            hi = hi.max(s.pose().position() + Vec2::ONE);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;
    use crate::app::input::{Button, KeyCode, KeyPress};
    use satlab::geom::{Obb, Polygon, Pose};

    fn scene() -> Scene {
        Scene {
            name: String::new(),
            notes: String::new(),
            a: Shape::Obb(Obb::new(Pose::IDENTITY, Vec2::new(1.0, 1.0)).unwrap()),
            b: Shape::Polygon(Polygon::regular(Pose::at(Vec2::new(5.0, 0.0)), 6, 1.0).unwrap()),
            view: None,
            motion: None,
            expect: None,
            contact_tolerance: None,
        }
    }

    fn cam() -> Camera {
        Camera::new(
            Vec2::new(2.5, 0.0),
            50.0,
            Rect::new(Vec2::ZERO, Vec2::new(1000.0, 600.0)),
        )
    }

    const OPEN: Gate = Gate {
        pointer: true,
        keyboard: true,
    };

    fn at(mouse: Vec2) -> Input {
        Input {
            mouse,
            press_at: mouse,
            ..Input::default()
        }
    }

    #[test]
    fn a_whole_drag_within_one_slow_frame_still_moves_b() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let input = Input {
            mouse: c.to_screen(Vec2::new(1.0, 1.0)),
            press_at: c.to_screen(Vec2::new(5.0, 0.0)),
            left: Button {
                down: false,
                pressed: true,
                released: true,
            },
            ..Input::default()
        };
        t.frame(&input, OPEN, &mut c, &mut s);
        assert!((s.b.pose().position() - Vec2::new(1.0, 1.0)).length() < 1e-4);
        assert!(!t.dragging());
    }

    /// Press at `from`, move in `steps`, release at `to` (screen pixels).
    fn drag(
        tools: &mut Tools,
        gate: Gate,
        cam: &mut Camera,
        sc: &mut Scene,
        from: Vec2,
        to: Vec2,
        ctrl: bool,
    ) {
        let mut last = from;
        let mut i = at(from);
        tools.frame(&i, gate, cam, sc);
        i.left = Button {
            down: true,
            pressed: true,
            released: false,
        };
        i.ctrl = ctrl;
        tools.frame(&i, gate, cam, sc);
        for k in 1..=4 {
            let m = from + (to - from) * (k as f32 / 4.0);
            i = Input {
                mouse: m,
                mouse_delta: m - last,
                left: Button {
                    down: true,
                    ..Button::default()
                },
                ctrl,
                ..Input::default()
            };
            last = m;
            tools.frame(&i, gate, cam, sc);
        }
        i = Input {
            mouse: to,
            left: Button {
                down: false,
                pressed: false,
                released: true,
            },
            ctrl,
            ..Input::default()
        };
        tools.frame(&i, gate, cam, sc);
    }

    #[test]
    fn dragging_b_by_two_units_moves_it_two_units() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let from = c.to_screen(Vec2::new(5.2, 0.1));
        let to = c.to_screen(Vec2::new(3.2, 0.1));
        drag(&mut t, OPEN, &mut c, &mut s, from, to, false);
        let p = s.b.pose().position();
        assert!((p - Vec2::new(3.0, 0.0)).length() < 1e-4, "{p}");
        assert_eq!(s.a, scene().a);
        assert!(!t.dragging());
    }

    #[test]
    fn a_ring_handle_on_the_other_shape_gives_way_to_the_shape_grabbed() {
        // scenes/04-sectors/h020-1-arc-hit.json: a sector of radius 4 at the
        // origin facing +x, a disc at (4.5, 0). At 64 px a unit, A's ring
        // handle (32 px beyond the rim) sits on B's centre.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/04-sectors/h020-1-arc-hit.json");
        let Ok(satlab::scene::AnyScene::Pair(mut s)) = satlab::scene::load_any(&path) else {
            panic!("the scene loads");
        };
        let mut c = Camera::new(
            Vec2::new(2.0, 0.0),
            64.0,
            Rect::new(Vec2::ZERO, Vec2::new(1000.0, 600.0)),
        );
        let ring = handles(&s.a, Side::A, c.px())
            .into_iter()
            .find(|h| h.kind == HandleKind::Rotate)
            .map(|h| h.at);
        assert_eq!(
            ring,
            Some(Vec2::new(4.5, 0.0)),
            "the ring handle on B's centre"
        );
        let mut t = Tools {
            selected: Side::A,
            ..Tools::default()
        };
        let a = s.a.clone();
        let from = c.to_screen(Vec2::new(4.5, 0.0));
        let to = c.to_screen(Vec2::new(4.5, 2.0));
        drag(&mut t, OPEN, &mut c, &mut s, from, to, false);
        assert_eq!(s.a, a, "A does not turn");
        let p = s.b.pose().position();
        assert!((p - Vec2::new(4.5, 2.0)).length() < 1e-4, "B moves: {p}");
    }

    #[test]
    fn a_drag_that_starts_on_the_panel_moves_nothing() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let from = c.to_screen(Vec2::new(5.0, 0.0));
        let to = c.to_screen(Vec2::new(0.0, 0.0));
        let blocked = Gate {
            pointer: false,
            keyboard: true,
        };
        drag(&mut t, blocked, &mut c, &mut s, from, to, false);
        assert_eq!(s, scene());
        assert_eq!(c, cam());
    }

    #[test]
    fn ctrl_snaps_to_the_grid() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let from = c.to_screen(Vec2::new(5.0, 0.0));
        let to = c.to_screen(Vec2::new(3.13, 0.27));
        drag(&mut t, OPEN, &mut c, &mut s, from, to, true);
        let step = c.grid_step(SNAP_CELL_PX);
        let p = s.b.pose().position();
        assert!(
            ((p.x / step).round() * step - p.x).abs() < 1e-4,
            "{p} step {step}"
        );
        assert!(((p.y / step).round() * step - p.y).abs() < 1e-4, "{p}");
    }

    #[test]
    fn rotate_handle_turns_with_15_degree_snap() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        t.selected = Side::A;
        let h = handles(&s.a, Side::A, c.px())
            .into_iter()
            .find(|h| h.kind == HandleKind::Rotate)
            .unwrap();
        let from = c.to_screen(h.at);
        let r = h.at.length();
        let target = Vec2::new(r * 0.8f32.cos(), r * 0.8f32.sin());
        let to = c.to_screen(target);
        drag(&mut t, OPEN, &mut c, &mut s, from, to, true);
        assert_eq!(s.a.pose().rotation_deg(), 45.0);
    }

    #[test]
    fn empty_canvas_drag_pans() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let from = c.to_screen(Vec2::new(2.5, 3.0));
        let w = c.to_world(from);
        drag(
            &mut t,
            OPEN,
            &mut c,
            &mut s,
            from,
            from + Vec2::new(100.0, 0.0),
            false,
        );
        assert_eq!(s, scene());
        assert!((c.to_world(from + Vec2::new(100.0, 0.0)) - w).length() < 1e-3);
    }

    #[test]
    fn keys_turn_and_nudge_the_selection() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let mut i = at(Vec2::new(-10.0, -10.0));
        i.keys = vec![KeyPress::plain(KeyCode::R), KeyPress::plain(KeyCode::Right)];
        t.frame(&i, OPEN, &mut c, &mut s);
        assert_eq!(s.b.pose().rotation_deg(), 15.0);
        assert!(s.b.pose().position().x > 5.0);
        let typing = Gate {
            pointer: true,
            keyboard: false,
        };
        let before = s.clone();
        t.frame(&i, typing, &mut c, &mut s);
        assert_eq!(s, before);
    }

    #[test]
    fn right_click_removes_a_vertex() {
        let (mut t, mut c, mut s) = (Tools::default(), cam(), scene());
        let Shape::Polygon(p) = &s.b else { panic!() };
        let v = c.to_screen(p.vertex(0));
        t.frame(&at(v), OPEN, &mut c, &mut s);
        let mut i = at(v);
        i.right = Button {
            down: true,
            pressed: true,
            released: false,
        };
        t.frame(&i, OPEN, &mut c, &mut s);
        let Shape::Polygon(q) = &s.b else { panic!() };
        assert_eq!(q.local_vertices().len(), 5);
    }

    #[test]
    fn a_lesson_fits_the_shapes_larger_with_room_for_the_bars() {
        let sc = scene();
        let (mut all, mut large) = (cam(), cam());
        fit_around(&mut all, &sc, None);
        fit_shapes(&mut large, &sc, None);
        // The large fit leaves the axis lines' far ends out.
        assert!(large.zoom >= all.zoom, "{} vs {}", large.zoom, all.zoom);
        // Both shapes and the first axis lane (48 px outside their circle)
        // stay on the canvas.
        let (lo, hi) = shapes_box(&sc, None);
        let r = ((hi - lo) * 0.5).length();
        let c = (lo + hi) * 0.5;
        for d in [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y] {
            let p = large.to_screen(c + d * (r + 48.0 / large.zoom));
            assert!(large.canvas.contains(p), "{p} outside the canvas");
        }
    }
}
