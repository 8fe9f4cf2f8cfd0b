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
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf};
use crate::app::num;
use glam::{Vec2, Vec3};
use satlab::geom::Verdict;
use satlab::geom3d::{
    intersects, penetration, swept_sat3, time_of_impact3, Impact3, Shape3, Side, SweptSat3,
    CONTACT_TOLERANCE,
};
use satlab::scene::{Motion3, Scene3};

/// A velocity arrow's head is picked within this many logical pixels.
pub const HEAD_PICK_PX: f32 = 12.0;
/// Length of the normal arrow at the impact, logical pixels.
const NORMAL_PX: f32 = 56.0;
/// Radius of the contact point's ring, logical pixels.
pub(super) const POINT_PX: f32 = 7.0;
/// Length of an arrow's head strokes, logical pixels.
const HEAD_PX: f32 = 14.0;
/// Half the side of the square on a velocity arrow's head, logical pixels.
const GRIP_PX: f32 = 5.0;
/// Outline points the rails are chosen from, at most.
const MAX_POINTS: usize = 4096;

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
    pub(super) fn is_for(&self, a: &Shape3, b: &Shape3, m: Motion3) -> bool {
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
pub(super) struct HeadDrag {
    pub(super) side: Side,
    /// Where the press met the plane facing the camera through the head.
    pub(super) grab: Vec3,
    /// The motion at the press.
    pub(super) start: Motion3,
    /// The pixel pressed: the pointer back there gives back `start`.
    pub(super) press: Vec2,
}

/// The Motion view's state (not the document's: the motion is the scene's).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MotionView {
    /// Shown (on when a scene with a `motion` block opens).
    pub on: bool,
    /// The time slider, in `[0, 1]`.
    pub t: f32,
    /// The head under the pointer.
    pub(super) hot: Option<Side>,
    pub(super) drag: Option<HeadDrag>,
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
pub(super) fn velocity(m: Motion3, side: Side) -> Vec3 {
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
pub(super) fn per_px(view: &View, p: Vec3) -> Option<f32> {
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
