//! The 3D Motion view (W): each shape's translation over one step drawn as
//! a velocity arrow from its centre whose head the user drags (in the plane
//! facing the camera through the head, as the gizmo moves a shape), B's
//! sweep (its outline at t = 1 faint, rails along the path), the poses at
//! the time of impact with the contact point and normal, and the poses at
//! the time the slider picks. Everything drawn comes from the library's
//! [`Impact3`] and [`SweptSat3`] (`time_of_impact3`, `swept_sat3`); the
//! display list is pure, so tests check it without a window.
//!
//! The scene's `motion` block is the document: dragging a head is an edit
//! (one undo step per drag). A scene without one shows B heading for A's
//! centre ([`default_motion`]) until a head is dragged.

use super::picture::{side_ink, wire, Ink, Picture, Quad3};
use super::view::View;
use super::SpaceMode;
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf, words};
use crate::app::input::Input;
use crate::app::num;
use crate::app::shell::action::Action;
use egui_macroquad::egui;
use glam::{Vec2, Vec3};
use satlab::geom::Verdict;
use satlab::geom3d::{
    intersects, penetration, swept_sat3, time_of_impact3, Impact3, ImpactPath3, Shape3, Side,
    SweptSat3, CONTACT_TOLERANCE,
};
use satlab::scene::{Motion3, Scene3};

/// A velocity arrow's head is picked within this many logical pixels.
pub const HEAD_PICK_PX: f32 = 12.0;
/// Length of the normal arrow at the impact, logical pixels.
const NORMAL_PX: f32 = 56.0;
/// Radius of the contact point's ring, logical pixels.
const POINT_PX: f32 = 7.0;
/// Length of an arrow's head strokes, logical pixels.
const HEAD_PX: f32 = 14.0;
/// Half the side of the square on a velocity arrow's head, logical pixels.
const GRIP_PX: f32 = 5.0;
/// Outline points the rails are chosen from, at most.
const MAX_POINTS: usize = 4096;
/// Rows of the swept-SAT table listed before the rest is summed up.
const TABLE_ROWS: usize = 24;

/// What the library says about the pair moving by `motion`.
#[derive(Debug, Clone, PartialEq)]
pub struct MotionResult3 {
    /// Shape A at the start of the step.
    pub a: Shape3,
    /// Shape B at the start of the step.
    pub b: Shape3,
    /// The motion these answers are for.
    pub motion: Motion3,
    /// `time_of_impact3`: the first touch over the step, if any.
    pub impact: Option<Impact3>,
    /// `swept_sat3`: the swept SAT (two polytopes without radius only).
    pub swept: Option<SweptSat3>,
}

impl MotionResult3 {
    /// Works it out for `a` and `b` moving by `m`.
    pub fn new(a: &Shape3, b: &Shape3, m: Motion3) -> MotionResult3 {
        MotionResult3 {
            a: a.clone(),
            b: b.clone(),
            motion: m,
            impact: time_of_impact3(a, m.a, b, m.b),
            swept: swept_sat3(a, m.a, b, m.b),
        }
    }

    /// True when it answers for `a` and `b` moving by `m`.
    fn is_for(&self, a: &Shape3, b: &Shape3, m: Motion3) -> bool {
        self.motion == m && self.a == *a && self.b == *b
    }
}

/// A text on the canvas at a world point.
#[derive(Debug, Clone, PartialEq)]
pub struct Label3 {
    /// Where, world units.
    pub at: Vec3,
    /// Offset from there on screen, logical pixels (y down).
    pub offset: Vec2,
    /// The text, in the interface's language.
    pub text: String,
    /// Its colour's meaning.
    pub ink: Ink,
}

/// A velocity arrow's head being dragged.
#[derive(Debug, Clone, Copy, PartialEq)]
struct HeadDrag {
    side: Side,
    /// Where the press met the plane facing the camera through the head.
    grab: Vec3,
    /// The motion at the press.
    start: Motion3,
    /// The pixel pressed: the pointer back there gives back `start`.
    press: Vec2,
}

/// The Motion view's state (not the document's: the motion is the scene's).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MotionView {
    /// Shown (on when a scene with a `motion` block opens).
    pub on: bool,
    /// The time slider, in `[0, 1]`.
    pub t: f32,
    /// The head under the pointer.
    hot: Option<Side>,
    drag: Option<HeadDrag>,
    /// The library's answers for the motion shown (recomputed on change).
    pub result: Option<MotionResult3>,
    /// This frame's canvas texts.
    pub labels: Vec<Label3>,
}

impl MotionView {
    /// The view for a newly opened `scene`: on exactly when it moves.
    pub fn opened(scene: &Scene3) -> MotionView {
        MotionView {
            on: scene.motion.is_some(),
            ..MotionView::default()
        }
    }
}

/// The motion a scene without a `motion` block is shown with: B heading
/// for A's centre (so bounded shapes meet within the step), A standing
/// still; B moving one unit along +x when the centres coincide.
pub fn default_motion(a: &Shape3, b: &Shape3) -> Motion3 {
    let d = a.pose().position() - b.pose().position();
    let v = if d.is_finite() && d.length_squared() > 0.0 {
        d
    } else {
        Vec3::X
    };
    Motion3 {
        a: Vec3::ZERO,
        b: v,
    }
}

/// The motion the view shows: the scene's, else [`default_motion`].
pub fn shown(scene: &Scene3) -> Motion3 {
    scene
        .motion
        .unwrap_or_else(|| default_motion(&scene.a.shape, &scene.b.shape))
}

/// `m` with A moving (`on`) or standing still: a new motion of A is half
/// of B's the other way, so the two close on each other (one unit along x
/// when B stands still); a motion A has is kept.
pub fn with_a_moving(m: Motion3, on: bool) -> Motion3 {
    let a = match (on, m.a != Vec3::ZERO, m.b != Vec3::ZERO) {
        (false, _, _) => Vec3::ZERO,
        (true, true, _) => m.a,
        (true, false, true) => -m.b * 0.5,
        (true, false, false) => Vec3::X,
    };
    Motion3 { a, ..m }
}

/// `s` moved by `t ×` `v` (world units).
pub fn at_time(s: &Shape3, v: Vec3, t: f32) -> Shape3 {
    let mut moved = s.clone();
    moved.set_position(s.pose().position() + v * t);
    moved
}

/// The pair's verdict at time `t` of motion `m`, as the library gives it:
/// `intersects`, and `penetration`'s depth to split touching from
/// overlapping.
pub fn verdict_at(a: &Shape3, b: &Shape3, m: Motion3, t: f32) -> Verdict {
    let (a, b) = (at_time(a, m.a, t), at_time(b, m.b, t));
    if !intersects(&a, &b) {
        Verdict::Separated
    } else if penetration(&a, &b).is_none_or(|p| p.depth <= CONTACT_TOLERANCE) {
        Verdict::Touching
    } else {
        Verdict::Overlapping
    }
}

/// The velocity of `side` in `m`.
fn velocity(m: Motion3, side: Side) -> Vec3 {
    match side {
        Side::A => m.a,
        Side::B => m.b,
    }
}

/// The arrows drawn: B's always, A's when it moves.
fn arrows(m: Motion3) -> impl Iterator<Item = Side> {
    [Side::B, Side::A]
        .into_iter()
        .filter(move |s| *s == Side::B || m.a != Vec3::ZERO)
}

/// World units per logical pixel at `p` seen through `view`; `None` behind
/// the camera.
fn per_px(view: &View, p: Vec3) -> Option<f32> {
    let depth = view.to_camera(p).z;
    (depth > view.near()).then(|| depth / view.focal())
}

/// Which velocity arrow head is within `pick` pixels of canvas pixel `s`
/// (B first: its arrow is always there).
pub fn pick_head(
    view: &View,
    (a, b): (&Shape3, &Shape3),
    m: Motion3,
    s: Vec2,
    pick: f32,
) -> Option<Side> {
    arrows(m).find(|side| {
        let shape = match side {
            Side::A => a,
            Side::B => b,
        };
        let head = shape.pose().position() + velocity(m, *side);
        view.to_screen(head).is_some_and(|p| p.distance(s) <= pick)
    })
}

/// An arrow from `from` to `to` with its head's two strokes across the view.
fn arrow(pic: &mut Picture, view: &View, (from, to): (Vec3, Vec3), ink: Ink, width: f32) {
    pic.line(from, to, ink, width);
    let (Some(k), Some(dir)) = (per_px(view, to), (to - from).try_normalize()) else {
        return;
    };
    let len = (HEAD_PX * k).min((to - from).length() * 0.5);
    let across = dir.cross(view.basis().back).normalize_or_zero() * (0.4 * len);
    let base = to - dir * len;
    pic.line(to, base + across, ink, width);
    pic.line(to, base - across, ink, width);
}

/// The wireframe of `s` (dashed when `dashed`).
fn outline(pic: &mut Picture, s: &Shape3, eye: Vec3, ink: Ink, width: f32, dashed: bool) {
    let from = pic.lines.len();
    wire(pic, s, eye, ink, width);
    for l in &mut pic.lines[from..] {
        l.dashed = dashed;
    }
}

/// The two rails of the sweep of `s` along `v` as seen from `view`: from
/// the outline points furthest either side of the path on screen to the
/// same points moved by `v`.
fn rails(pic: &mut Picture, view: &View, s: &Shape3, v: Vec3, ink: Ink) {
    let side = v.cross(view.basis().back);
    let Some(side) = side.try_normalize() else {
        return;
    };
    let mut w = Picture::default();
    wire(&mut w, s, view.eye(), ink, 1.0);
    let pts = w.lines.iter().take(MAX_POINTS).flat_map(|l| [l.a, l.b]);
    let by = |p: &Vec3, q: &Vec3| p.dot(side).total_cmp(&q.dot(side));
    let (Some(lo), Some(hi)) = (pts.clone().min_by(by), pts.max_by(by)) else {
        return;
    };
    for p in [lo, hi] {
        pic.dashed(p, p + v, ink, 1.0);
    }
}

/// Appends the Motion view of shapes `a`, `b` (at rest) and the library's
/// answers `r` seen through `view` to `pic` and its texts to `labels`: B's
/// sweep (and A's when it moves), the poses at the slider's time `t`, the
/// impact, and the velocity arrows (`hot`: the head under the pointer,
/// drawn wider).
pub fn build(
    pic: &mut Picture,
    labels: &mut Vec<Label3>,
    view: &View,
    r: &MotionResult3,
    t: f32,
    hot: Option<Side>,
) {
    let (eye, m) = (view.eye(), r.motion);
    let moving = [(&r.a, m.a, Side::A), (&r.b, m.b, Side::B)];
    for (shape, v, side) in moving.iter().filter(|x| x.1 != Vec3::ZERO) {
        let ghost = Ink::Ghost(*side);
        rails(pic, view, shape, *v, ghost);
        outline(pic, &at_time(shape, *v, 1.0), eye, ghost, 1.5, true);
        if t > 0.0 {
            outline(pic, &at_time(shape, *v, t), eye, side_ink(*side), 2.0, true);
        }
    }
    impact(pic, labels, view, r);
    for side in arrows(m) {
        let shape = if side == Side::A { &r.a } else { &r.b };
        let tail = shape.pose().position();
        let head = tail + velocity(m, side);
        let w = if hot == Some(side) { 4.0 } else { 2.5 };
        arrow(pic, view, (tail, head), side_ink(side), w);
        if let Some(k) = per_px(view, head) {
            let b = view.basis();
            let g = GRIP_PX * k * if hot == Some(side) { 1.6 } else { 1.0 };
            let (x, y) = (b.right * g, b.up * g);
            let c = [head - x - y, head + x - y, head + x + y, head - x + y];
            pic.quads.push(Quad3 {
                corners: c,
                ink: side_ink(side),
            });
            for i in 0..4 {
                pic.line(c[i], c[(i + 1) % 4], side_ink(side), 1.5);
            }
        }
    }
}

/// The poses at the time of impact, the contact point (a ring facing the
/// camera) and the normal from A to B, with "impact t = …"; or "no hit
/// over the step" at the head of B's arrow.
fn impact(pic: &mut Picture, labels: &mut Vec<Label3>, view: &View, r: &MotionResult3) {
    let m = r.motion;
    let Some(hit) = r.impact else {
        labels.push(Label3 {
            at: r.b.pose().position() + m.b,
            offset: Vec2::new(0.0, 24.0),
            text: tr("no hit over the step").to_string(),
            ink: Ink::B,
        });
        return;
    };
    if hit.t > 0.0 {
        for (shape, v, side) in [(&r.a, m.a, Side::A), (&r.b, m.b, Side::B)] {
            if v != Vec3::ZERO {
                outline(
                    pic,
                    &at_time(shape, v, hit.t),
                    view.eye(),
                    side_ink(side),
                    3.5,
                    false,
                );
            }
        }
    }
    let Some(k) = per_px(view, hit.point) else {
        return;
    };
    let b = view.basis();
    pic.circle(hit.point, b.right, b.up, POINT_PX * k, Ink::Decisive, 2.5);
    let tip = hit.point + hit.normal * (NORMAL_PX * k);
    arrow(pic, view, (hit.point, tip), Ink::Decisive, 3.0);
    labels.push(Label3 {
        at: tip,
        offset: Vec2::new(0.0, -16.0),
        text: trf("impact t = {}", &[&num::fixed(hit.t, 3)]),
        ink: Ink::Decisive,
    });
}

/// The world box `(lo, hi)` grown by what the view draws of motion `m`:
/// both shapes at the end of the step (bounded ones) and the arrows' heads.
pub fn reach(a: &Shape3, b: &Shape3, m: Motion3, (lo, hi): (Vec3, Vec3)) -> (Vec3, Vec3) {
    let (mut lo, mut hi) = (lo, hi);
    for (shape, v) in [(a, m.a), (b, m.b)] {
        let head = shape.pose().position() + v;
        lo = lo.min(head);
        hi = hi.max(head);
        let end = at_time(shape, v, 1.0);
        if end.is_bounded() {
            let (l, h) = end.bounds();
            if l.is_finite() && h.is_finite() {
                lo = lo.min(l);
                hi = hi.max(h);
            }
        }
    }
    (lo, hi)
}

impl SpaceMode {
    /// W: the Motion view on or off.
    pub(super) fn toggle_motion(&mut self) {
        self.motion.on = !self.motion.on;
        self.motion.drag = None;
        // The view shows the sweep: F (fit) now takes it in.
        if self.motion.on {
            self.fit_pending = true;
        }
    }

    /// Shift+W: A moves too (an arrow of its own) or stands still; an edit
    /// of the scene's motion, and the view goes on.
    pub(super) fn a_moves_too(&mut self) {
        let m = shown(&self.scene);
        self.scene.motion = Some(with_a_moving(m, m.a == Vec3::ZERO));
        self.motion.on = true;
    }

    /// The box F fits: both shapes, and the sweep while the view is on.
    pub(super) fn motion_reach(&self, box_: (Vec3, Vec3)) -> (Vec3, Vec3) {
        if !self.motion.on || self.predicting {
            return box_;
        }
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        reach(a, b, shown(&self.scene), box_)
    }

    /// The pointer on the velocity arrows' heads: the head under it, a left
    /// press that takes one, and its drag in the plane facing the camera
    /// through the head (Ctrl snaps the motion to the grid). True while a
    /// head is held (the pointer does nothing else then).
    pub(super) fn motion_pointer(&mut self, i: &Input, on_canvas: bool) -> bool {
        if !self.motion.on || self.predicting {
            self.motion.drag = None;
            self.motion.hot = None;
            return false;
        }
        let shapes = (&self.scene.a.shape, &self.scene.b.shape);
        let m = shown(&self.scene);
        let d = match self.motion.drag {
            Some(d) => d,
            None => {
                self.motion.hot = pick_head(&self.view, shapes, m, i.mouse, HEAD_PICK_PX);
                if !(on_canvas && i.left.pressed && !i.alt) {
                    return false;
                }
                let Some(side) = pick_head(&self.view, shapes, m, i.press_at, HEAD_PICK_PX) else {
                    return false;
                };
                let tail = self.placed(side).shape.pose().position();
                let head = tail + velocity(m, side);
                let Some(grab) = self.view.on_facing_plane(i.press_at, head) else {
                    return false;
                };
                HeadDrag {
                    side,
                    grab,
                    start: m,
                    press: i.press_at,
                }
            }
        };
        let mut v = velocity(d.start, d.side);
        if i.mouse != d.press {
            if let Some(at) = self.view.on_facing_plane(i.mouse, d.grab) {
                v += at - d.grab;
                if i.ctrl {
                    v = super::edit::snap(v, super::SNAP);
                }
            }
        }
        let mut to = d.start;
        match d.side {
            Side::A => to.a = v,
            Side::B => to.b = v,
        }
        // Only a change is an edit: a click on a head writes nothing.
        if to != shown(&self.scene) && to.a.is_finite() && to.b.is_finite() {
            self.scene.motion = Some(to);
        }
        self.motion.hot = Some(d.side);
        self.motion.drag = i.left.down.then_some(d);
        true
    }

    /// Adds the Motion view to `pic` (when it is on and nothing is being
    /// predicted), recomputing the library's answers when the pair or the
    /// motion changed.
    pub(super) fn motion_picture(&mut self, pic: &mut Picture) {
        self.motion.labels.clear();
        if !self.motion.on || self.predicting {
            return;
        }
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let m = shown(&self.scene);
        if !self
            .motion
            .result
            .as_ref()
            .is_some_and(|r| r.is_for(a, b, m))
        {
            self.motion.result = Some(MotionResult3::new(a, b, m));
        }
        let Some(r) = &self.motion.result else {
            return;
        };
        self.motion.t = num::clamp(self.motion.t, 0.0, 1.0);
        let (t, hot) = (self.motion.t, self.motion.hot);
        build(pic, &mut self.motion.labels, &self.view, r, t, hot);
    }
}

/// Draws the view's texts with `p`.
pub fn paint_labels(p: &Painter, view: &View, labels: &[Label3]) {
    for l in labels {
        let Some(s) = view.to_screen(l.at) else {
            continue;
        };
        let s = s + l.offset * p.scale;
        if view.canvas.contains(s) {
            let c = super::paint::colour(&p.pal, l.ink);
            p.label(&l.text, s, 13.0 * p.labels, c, Anchor::Center, true);
        }
    }
}

/// The route `time_of_impact3` took, in words.
fn route(p: ImpactPath3) -> &'static str {
    match p {
        ImpactPath3::AtRest => tr("touching at t = 0"),
        ImpactPath3::SweptSat => tr("swept SAT (exact)"),
        ImpactPath3::Advancement => tr("conservative advancement"),
    }
}

/// `(x, y, z)` with three decimals.
fn triple(v: Vec3) -> String {
    let f = |x: f32| num::fixed(x, 3);
    format!("({}, {}, {})", f(v.x), f(v.y), f(v.z))
}

/// The panel's Motion section (when the view is on): the motions, the
/// time of impact with its route, point and normal, "A moves too", the
/// time slider with the verdict then, and the swept-SAT table.
pub fn panel(ui: &mut egui::Ui, m: &mut SpaceMode) {
    if !m.motion.on || m.predicting {
        return;
    }
    let Some(r) = m.motion.result.clone() else {
        return;
    };
    ui.separator();
    ui.strong(tr("Motion"));
    let mv = r.motion;
    crate::app::shell::widgets::wide_table(ui, "motion3_grid", |ui| {
        egui::Grid::new("motion3_grid")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(tr("B moves by"));
                ui.monospace(triple(mv.b));
                ui.end_row();
                if mv.a != Vec3::ZERO {
                    ui.label(tr("A moves by"));
                    ui.monospace(triple(mv.a));
                    ui.end_row();
                }
                ui.label(tr("time of impact"));
                match r.impact {
                    Some(h) => {
                        ui.monospace(format!("t = {}", num::fixed(h.t, 4)));
                        ui.end_row();
                        ui.label(tr("route"));
                        ui.label(route(h.path));
                        ui.end_row();
                        ui.label(tr("point"));
                        ui.monospace(triple(h.point));
                        ui.end_row();
                        ui.label(tr("normal A→B"));
                        ui.monospace(triple(h.normal));
                    }
                    None => {
                        ui.monospace(tr("no hit over the step"));
                    }
                }
                ui.end_row();
            })
    });
    if m.scene.motion.is_none() {
        ui.weak(tr(
            "The scene has no motion yet: B heads for A's centre until you drag its arrow's head.",
        ));
    }
    let mut on = mv.a != Vec3::ZERO;
    let text =
        crate::app::shell::shortcuts::with_key(tr("A moves too"), &Action::AMovesToo, super::ID);
    if ui
        .checkbox(&mut on, text)
        .on_hover_text(tr("drag the head of A's arrow to set how far A moves"))
        .changed()
    {
        m.scene.motion = Some(with_a_moving(mv, on));
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(tr("time t"));
        ui.add(egui::Slider::new(&mut m.motion.t, 0.0..=1.0).fixed_decimals(3));
    });
    let v = verdict_at(&r.a, &r.b, mv, m.motion.t);
    ui.label(trf(
        "at t = {}: {}",
        &[&num::fixed(m.motion.t, 3), &words::verdict_caps(v)],
    ));
    match &r.swept {
        Some(sw) => swept_table(ui, sw),
        None => {
            ui.weak(tr(
                "No swept SAT for this pair (a sphere, a capsule, a ray or a flat Minkowski difference): its separating directions turn with the motion.",
            ));
        }
    }
}

/// The rows the swept-SAT table lists: every axis when there are few, else
/// the first [`TABLE_ROWS`] and the two that decide.
pub fn listed_rows(sw: &SweptSat3) -> Vec<usize> {
    let n = sw.axes.len();
    if n <= TABLE_ROWS + 2 {
        return (0..n).collect();
    }
    let mut rows: Vec<usize> = (0..TABLE_ROWS).collect();
    for k in [sw.latest_entry.1, sw.earliest_exit.1] {
        if k < n && !rows.contains(&k) {
            rows.push(k);
        }
    }
    rows.sort_unstable();
    rows
}

/// Every axis (or [`listed_rows`]) with its enter and leave times, the
/// latest entry and the earliest exit underlined, the library's words below.
fn swept_table(ui: &mut egui::Ui, sw: &SweptSat3) {
    ui.strong(tr("Swept SAT"));
    let rows = listed_rows(sw);
    crate::app::shell::widgets::wide_table(ui, "swept3_grid", |ui| {
        egui::Grid::new("swept3_grid").striped(true).show(ui, |ui| {
            for h in [tr("axis"), tr("enter"), tr("leave")] {
                ui.strong(h);
            }
            ui.end_row();
            for &k in &rows {
                let Some(ax) = sw.axes.get(k) else { continue };
                let cell = |ui: &mut egui::Ui, t: f32, strong: bool| {
                    let text = egui::RichText::new(interval_text(t)).monospace();
                    ui.label(if strong {
                        text.strong().underline()
                    } else {
                        text
                    });
                };
                ui.monospace(super::words::axis_source(&ax.source));
                cell(ui, ax.enter, k == sw.latest_entry.1);
                cell(ui, ax.leave, k == sw.earliest_exit.1);
                ui.end_row();
            }
        })
    });
    if rows.len() < sw.axes.len() {
        ui.weak(trf(
            "{} more axes not listed",
            &[&(sw.axes.len() - rows.len())],
        ));
    }
    ui.small(tr("underlined: the latest entry and the earliest exit"));
    ui.label(swept_words(sw));
}

/// An enter or leave time as the table prints it.
pub fn interval_text(t: f32) -> String {
    if t == f32::NEG_INFINITY {
        "−∞".into()
    } else if t == f32::INFINITY {
        "+∞".into()
    } else {
        num::fixed(t, 4)
    }
}

/// What the swept-SAT table says, in the interface's language: in English
/// exactly the library's [`SweptSat3::describe`] (a test holds them equal).
pub fn swept_words(sw: &SweptSat3) -> String {
    let (enter, ie) = sw.latest_entry;
    let (exit, ix) = sw.earliest_exit;
    let name = |i: usize| {
        sw.axes.get(i).map_or_else(
            || tr("no axis").to_string(),
            |a| super::words::axis_source(&a.source),
        )
    };
    let (se, sx) = (name(ie), name(ix));
    let f4 = |t: f32| format!("{t:.4}");
    match sw.toi {
        Some(t) if enter <= 0.0 => trf(
            "On every axis the shadows already overlap at t = 0 (latest entry {} on {}): the shapes intersect from the start (t = {}).",
            &[&f4(enter), &se, &t],
        ),
        Some(t) => trf(
            "The shadows overlap on every axis from the latest entry (t = {}, on {}) until the earliest exit (t = {}, on {}): the shapes first touch at t = {}.",
            &[&f4(t), &se, &f4(exit), &sx, &f4(t)],
        ),
        None if enter > exit => trf(
            "The latest entry (t = {}, on {}) comes after the earliest exit (t = {}, on {}): at every time some axis separates them, so they never touch.",
            &[&f4(enter), &se, &f4(exit), &sx],
        ),
        None if enter > 1.0 => trf(
            "They would touch at t = {} (on {}), after the end of the motion (t = 1).",
            &[&f4(enter), &se],
        ),
        None => trf(
            "They were overlapping only before t = 0 (earliest exit t = {}, on {}).",
            &[&f4(exit), &sx],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;
    use crate::app::input::Button;
    use crate::app::shell::mode::Mode;
    use satlab::scene::{load_any, AnyScene};
    use std::path::{Path, PathBuf};

    fn file(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
    }

    fn scene(name: &str) -> Scene3 {
        match load_any(&file(name)) {
            Ok(AnyScene::Space(s)) => *s,
            other => panic!("{name}: {other:?}"),
        }
    }

    fn mode(name: &str) -> SpaceMode {
        let mut m = SpaceMode::new(scene(name), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        m.build_picture();
        m
    }

    fn press(mouse: Vec2, pressed: bool, down: bool) -> Input {
        Input {
            mouse,
            press_at: mouse,
            left: Button {
                down,
                pressed,
                released: !down,
            },
            ..Input::default()
        }
    }

    /// The endpoints of the lines of `ink` and `width`.
    fn ends(m: &SpaceMode, ink: Ink, width: f32) -> Vec<Vec3> {
        m.picture
            .lines
            .iter()
            .filter(|l| l.ink == ink && l.width == width)
            .flat_map(|l| [l.a, l.b])
            .collect()
    }

    #[test]
    fn the_box_falling_onto_the_slab_is_drawn_where_the_library_puts_its_impact() {
        let m = mode("scenes/10-3d-motion/01-box-falls-onto-box.json");
        assert!(m.motion.on, "a scene that moves opens with the view on");
        let r = m.motion.result.as_ref().expect("computed");
        let hit = r.impact.expect("B lands on A");
        assert_eq!(
            hit,
            time_of_impact3(&r.a, r.motion.a, &r.b, r.motion.b).unwrap()
        );
        assert!((hit.t - 0.6).abs() < 1e-5, "{}", hit.t);
        assert_eq!(hit.path, ImpactPath3::SweptSat);
        // B at the impact: its twelve edges, bottom face on the slab's top
        // (y = 4 − 5 × 0.6 − 0.5 = 0.5).
        let pose = ends(&m, Ink::B, 3.5);
        assert_eq!(pose.len(), 24, "12 edges");
        let low = pose.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
        assert!((low - 0.5).abs() < 1e-4, "{low}");
        // The contact point: a ring about the library's point, and the
        // normal from it along the library's normal.
        let ring = ends(&m, Ink::Decisive, 2.5);
        assert!(ring.len() >= 40);
        let k = per_px(&m.view, hit.point).unwrap();
        for p in &ring {
            assert!(((*p - hit.point).length() - POINT_PX * k).abs() < 1e-3 * k.max(1.0));
        }
        let normal = m
            .picture
            .lines
            .iter()
            .find(|l| l.ink == Ink::Decisive && l.width == 3.0)
            .expect("the normal");
        assert_eq!(normal.a, hit.point);
        assert!(((normal.b - normal.a).normalize() - hit.normal).length() < 1e-5);
        // B's velocity arrow from its centre to the end of the step; A's
        // absent (A stands still).
        let tail = r.b.pose().position();
        let arrow = m
            .picture
            .lines
            .iter()
            .find(|l| l.ink == Ink::B && l.width == 2.5)
            .expect("B's arrow");
        assert_eq!((arrow.a, arrow.b), (tail, tail + Vec3::new(0.0, -5.0, 0.0)));
        assert!(!m
            .picture
            .lines
            .iter()
            .any(|l| l.ink == Ink::A && l.width == 2.5));
        // B's outline at t = 1, faint and dashed, and the two rails.
        assert_eq!(
            m.picture
                .lines
                .iter()
                .filter(|l| l.ink == Ink::Ghost(Side::B) && l.dashed)
                .count(),
            12 + 2
        );
        let texts: Vec<&str> = m.motion.labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["impact t = 0.600"]);
    }

    #[test]
    fn the_slider_draws_both_moving_shapes_at_its_time() {
        let mut m = mode("scenes/10-3d-motion/05-both-move-a-turned-edge-meets-a-face.json");
        m.motion.t = 0.5;
        m.build_picture();
        // A (half-extent 1) moved by 0.5 along x: its dashed solid-ink
        // pose spans x from −0.5 to 1.5.
        let a: Vec<Vec3> = m
            .picture
            .lines
            .iter()
            .filter(|l| l.ink == Ink::A && l.width == 2.0 && l.dashed)
            .flat_map(|l| [l.a, l.b])
            .collect();
        assert_eq!(a.len(), 24);
        let hi = a.iter().map(|p| p.x).fold(f32::MIN, f32::max);
        assert!((hi - 1.5).abs() < 1e-5, "{hi}");
        // B moved by −1: its centre at x = 3.
        let b: Vec<Vec3> = m
            .picture
            .lines
            .iter()
            .filter(|l| l.ink == Ink::B && l.width == 2.0 && l.dashed)
            .flat_map(|l| [l.a, l.b])
            .collect();
        let mid = b.iter().map(|p| p.x).sum::<f32>() / b.len() as f32;
        assert!((mid - 3.0).abs() < 1e-4, "{mid}");
        let r = m.motion.result.as_ref().unwrap();
        assert_eq!(verdict_at(&r.a, &r.b, r.motion, 0.5), Verdict::Separated);
        assert_ne!(verdict_at(&r.a, &r.b, r.motion, 0.8), Verdict::Separated);
        // Both arrows: A moves too.
        assert!(m
            .picture
            .lines
            .iter()
            .any(|l| l.ink == Ink::A && l.width == 2.5));
    }

    #[test]
    fn dragging_b_s_head_edits_the_motion_in_one_undo_step_and_a_click_edits_nothing() {
        let mut m = SpaceMode::new(super::super::starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        assert!(!m.motion.on && m.scene.motion.is_none());
        m.toggle_motion();
        m.fit();
        m.build_picture();
        let before = m.scene.clone();
        let d = default_motion(&before.a.shape, &before.b.shape);
        let head = before.b.shape.pose().position() + d.b;
        let at = m.view.to_screen(head).unwrap();
        // A click on the head: no edit.
        m.pointer(&press(at, true, true), true);
        m.pointer(&press(at, false, false), true);
        m.after_edits(false);
        assert_eq!(m.scene, before);
        assert!(!m.dirty());
        // A drag 60 pixels to the right: the head follows in the plane
        // facing the camera through it.
        for k in 0..=6 {
            let s = at + Vec2::new(10.0 * k as f32, 0.0);
            m.pointer(&press(s, k == 0, true), true);
            m.after_edits(true);
        }
        let end = at + Vec2::new(60.0, 0.0);
        m.pointer(&press(end, false, false), true);
        m.after_edits(false);
        assert_eq!(m.selected, None, "the press took the head, not a shape");
        let mv = m.scene.motion.expect("the drag wrote the motion");
        let new_head = before.b.shape.pose().position() + mv.b;
        assert!((m.view.to_screen(new_head).unwrap() - end).length() < 0.01);
        assert!((new_head - head).dot(m.view.basis().back).abs() < 1e-4);
        assert_eq!(mv.a, Vec3::ZERO);
        assert!(m.dirty());
        assert_eq!(m.history.depth(), (1, 0));
        assert!(m.history.undo(&mut m.scene));
        assert_eq!(m.scene, before);
    }

    #[test]
    fn paging_to_a_scene_without_motion_turns_the_view_off() {
        let mut m = SpaceMode::new(super::super::starter(), None);
        let moving = "scenes/10-3d-motion/02-fast-box-tunnels-through-a-thin-wall.json";
        m.open(
            AnyScene::Space(Box::new(scene(moving))),
            Some(&file(moving)),
            false,
        )
        .unwrap();
        assert!(m.motion.on);
        m.motion.t = 0.7;
        let still = "scenes/08-3d/02-sphere-aabb-face.json";
        m.open(
            AnyScene::Space(Box::new(scene(still))),
            Some(&file(still)),
            false,
        )
        .unwrap();
        assert!(
            !m.motion.on,
            "no impact at t = 0 nor ±∞ table for no motion"
        );
        assert_eq!(m.motion.t, 0.0);
        m.build_picture();
        assert!(m.motion.labels.is_empty());
        assert!(!m
            .picture
            .lines
            .iter()
            .any(|l| matches!(l.ink, Ink::Ghost(_))));
    }

    #[test]
    fn f_fits_the_sweep_of_the_tunnelling_box() {
        let mut m = mode("scenes/10-3d-motion/02-fast-box-tunnels-through-a-thin-wall.json");
        let r = m.motion.result.clone().unwrap();
        let end = r.b.pose().position() + r.motion.b;
        for size in [Vec2::new(640.0, 480.0), Vec2::new(900.0, 700.0)] {
            m.view.canvas = Rect::new(Vec2::ZERO, size);
            m.fit();
            let s = m.view.to_screen(end).unwrap();
            assert!(m.view.canvas.contains(s), "the head at {s} in {size}");
        }
        // Without the view, F fits the shapes only: the head leaves it.
        m.toggle_motion();
        m.fit();
        let s = m.view.to_screen(end);
        assert!(s.is_none_or(|s| !m.view.canvas.contains(s)), "{s:?}");
    }

    #[test]
    fn shift_w_gives_a_an_arrow_and_takes_it_away() {
        let mut m = mode("scenes/10-3d-motion/01-box-falls-onto-box.json");
        m.a_moves_too();
        let mv = m.scene.motion.unwrap();
        assert_eq!(mv.a, Vec3::new(0.0, 2.5, 0.0));
        m.build_picture();
        let r = m.motion.result.as_ref().unwrap();
        assert_eq!(r.motion, mv);
        // A's head is picked where it is drawn.
        let head = r.a.pose().position() + mv.a;
        let s = m.view.to_screen(head).unwrap();
        let shapes = (&m.scene.a.shape, &m.scene.b.shape);
        assert_eq!(
            pick_head(&m.view, shapes, mv, s, HEAD_PICK_PX),
            Some(Side::A)
        );
        m.a_moves_too();
        assert_eq!(m.scene.motion.unwrap().a, Vec3::ZERO);
        assert_eq!(with_a_moving(Motion3::default(), true).a, Vec3::X);
    }

    #[test]
    fn the_swept_sat_words_are_the_librarys_in_english() {
        let aabb = |c: Vec3, h: f32| {
            Shape3::Aabb(
                satlab::geom3d::Aabb3::new(satlab::geom3d::Pose3::at(c), Vec3::splat(h)).unwrap(),
            )
        };
        let a = aabb(Vec3::ZERO, 1.0);
        let cases = [
            (
                aabb(Vec3::new(-4.0, 0.0, 0.0), 0.5),
                Vec3::new(10.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(0.5, 0.0, 0.0), 0.5),
                Vec3::new(3.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(-3.0, 1.6, 0.0), 0.5),
                Vec3::new(6.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(-9.0, 0.0, 0.0), 0.5),
                Vec3::new(4.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(3.0, 0.0, 0.0), 0.5),
                Vec3::new(4.0, 0.0, 0.0),
            ),
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for (b, v) in &cases {
            let sw = swept_sat3(&a, Vec3::ZERO, b, *v).expect("boxes");
            assert_eq!(swept_words(&sw), sw.describe());
            kinds.insert(sw.describe().split_whitespace().take(3).collect::<String>());
        }
        assert_eq!(kinds.len(), 5, "every sentence of the library: {kinds:?}");
        assert_eq!(interval_text(f32::NEG_INFINITY), "−∞");
    }

    #[test]
    fn a_long_swept_table_lists_a_page_and_both_deciding_rows() {
        let m = SpaceMode::new(scene("tests/e2e/two-40-point-hulls.json"), None);
        let (a, b) = (&m.scene.a.shape, &m.scene.b.shape);
        let sw = swept_sat3(a, Vec3::ZERO, b, Vec3::new(-3.0, 0.5, 0.0)).expect("hulls");
        assert!(sw.axes.len() > TABLE_ROWS + 2, "{}", sw.axes.len());
        let rows = listed_rows(&sw);
        assert!(rows.len() <= TABLE_ROWS + 2);
        assert!(rows.contains(&sw.latest_entry.1) && rows.contains(&sw.earliest_exit.1));
    }
}
