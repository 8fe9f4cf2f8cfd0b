//! The practice canvas: the two shapes (B where it was dragged), what the
//! question needs to be answered (candidate axes, the projection axis, B's
//! motion, clicked points), and after the answer the pair mode's SAT
//! overlay ([`crate::app::pair::overlay`]) on the question's shapes.

use super::{words, PracticeMode};
use crate::app::aa;
use crate::app::camera::{Camera, Rect};
use crate::app::display::Role;
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf};
use crate::app::outline::look;
use crate::app::pair::overlay::{build, lane_bounds, OverlayInput};
use crate::app::shell::mode::Frame;
use crate::app::wrap::wrap;
use glam::Vec2;
use macroquad::shapes::{draw_circle, draw_line};
use satlab::geom::{Shape, Verdict};
use satlab::practice::{AxisChoice, Kind, Task};

/// Pixels from an axis line a click still picks it.
pub const PICK_PX: f32 = 10.0;

/// The world box the camera fits: both shapes' bounds, grown by their size.
fn frame_box(a: &Shape, b: &Shape, size: f32) -> (Vec2, Vec2) {
    let (la, ha) = a.bounds();
    let (lb, hb) = b.bounds();
    let grow = Vec2::splat(size * 1.5);
    (la.min(lb) - grow, ha.max(hb) + grow)
}

/// The SAT overlay shown once a question is answered (every axis, the
/// verdict `t` gives), its lanes kept on `cam`'s canvas above the status
/// line as the pair playground keeps them ([`lane_bounds`]).
fn answer_overlay(
    (a, b): (&Shape, &Shape),
    t: &super::parts::Truth,
    cam: &Camera,
    scale: f32,
    far: f32,
    out: &mut crate::app::display::DisplayList,
) {
    let found = (t.verdict, t.penetration);
    let mut inp = OverlayInput::answer((a, b), &t.report, &t.distance, found, cam.px(), scale, far);
    inp.bounds = lane_bounds(cam, scale);
    build(&inp, out);
}

/// The candidate axes as world segments through the pair's centre (for
/// drawing and picking), with their names.
pub fn axis_segments(a: &Shape, b: &Shape, axes: &[AxisChoice]) -> Vec<(Vec2, Vec2, String)> {
    let (la, ha) = a.bounds();
    let (lb, hb) = b.bounds();
    let (lo, hi) = (la.min(lb), ha.max(hb));
    let c = (lo + hi) * 0.5;
    let r = (hi - lo).length() * 0.5 + 0.5;
    axes.iter()
        .map(|x| (c - x.axis * r, c + x.axis * r, words::axis_name(x)))
        .collect()
}

/// The status line's key hint: Enter goes on after the answer; before it,
/// Ctrl+Z is offered only where an answer is built up (a drag, clicks)
/// and can be undone; a key, a button or a single click answers at once.
fn key_hint(kind: Kind, answered: bool) -> &'static str {
    if answered {
        return tr("Enter: next");
    }
    match kind {
        Kind::Projection | Kind::Mtv | Kind::Touch | Kind::Contacts => tr("Ctrl+Z: undo"),
        Kind::Verdict
        | Kind::SeparatingAxis
        | Kind::ClosestPoint
        | Kind::BoxAxes
        | Kind::AxisCount => "",
    }
}

/// After the answer, where the right one is, in the hit colour (the SAT
/// overlay does not show it): the true shadow on the projection axis, B's
/// outline where it first touches A, rings around the true contact points
/// and the nearest point (the learner's dots stay visible inside them).
/// The MTV, verdict and axis kinds are shown by the overlay itself.
fn paint_truth(p: &Painter, cam: &Camera, task: &Task, b: &Shape) {
    let (hue, w) = (p.pal.hit, 2.0 * p.scale);
    let ring = |at: Vec2| {
        let s = cam.to_screen(at);
        aa::ring(s.x, s.y, 9.0 * p.scale, w, hue);
    };
    match task {
        Task::Projection { axis, interval, .. } => {
            let ends = interval.map(|t| *axis * t);
            let (s, e) = (cam.to_screen(ends[0]), cam.to_screen(ends[1]));
            aa::polyline(&[s, e], false, 5.0 * p.scale, hue);
            ends.into_iter().for_each(ring);
        }
        Task::Touch { position, .. } => {
            let mut at = b.clone();
            at.set_position(*position);
            let (pts, closed) = match look(&at, cam.far()) {
                crate::app::outline::Look::Area { boundary, .. } => (boundary, true),
                crate::app::outline::Look::Stroke { points, .. } => (points, false),
                crate::app::outline::Look::Dot(d) => (vec![d], false),
            };
            let pts: Vec<Vec2> = pts.iter().map(|q| cam.to_screen(*q)).collect();
            aa::polyline(&pts, closed, w, hue);
            ring(*position);
        }
        Task::ClosestPoint { point } => ring(*point),
        Task::Contacts { points, .. } => {
            for [pa, pb] in points {
                ring((*pa + *pb) * 0.5);
            }
        }
        Task::Verdict { .. }
        | Task::SeparatingAxis { .. }
        | Task::Mtv { .. }
        | Task::BoxAxes { .. }
        | Task::AxisCount { .. } => {}
    }
}

/// Where the projection axis's name goes: on the axis (through the world
/// origin along `axis`), `inset` pixels inside the canvas at its far end
/// in the axis's direction, away from the shapes near the origin; at two
/// world units out when the axis misses the canvas.
fn axis_label_at(cam: &Camera, axis: Vec2, inset: f32) -> Vec2 {
    let c = cam.canvas;
    let inside = |t: f32| {
        let s = cam.to_screen(axis * t);
        s.x >= c.min.x + inset
            && s.x <= c.max.x - inset
            && s.y >= c.min.y + inset
            && s.y <= c.max.y - inset
    };
    if !inside(0.0) {
        return cam.to_screen(axis * 2.0);
    }
    // The last inside point, by halving between 0 and beyond the canvas.
    let (mut lo, mut hi) = (0.0_f32, cam.far().max(1.0));
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if inside(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    cam.to_screen(axis * lo)
}

impl PracticeMode {
    /// The part of `f`'s canvas under the question's text (the head and
    /// the wrapped prompt, as tall as last drawn): the shapes go there.
    pub(super) fn picture_rect(&self, f: &Frame) -> Rect {
        let mut r = f.canvas;
        r.min.y = (r.min.y + self.text_px).min(r.max.y - 40.0 * f.look.scale);
        r
    }

    /// Fits the camera to the current question in `f`'s canvas.
    pub(super) fn fit(&mut self, f: &Frame) {
        self.cam.canvas = self.picture_rect(f);
        let boxed = self
            .question()
            .and_then(|q| q.pair.flat().map(|(a, b)| frame_box(a, b, q.size)));
        if let Some((lo, hi)) = boxed {
            self.cam.fit(lo, hi, 60.0 * f.look.scale);
        }
    }

    /// Draws the canvas.
    pub(super) fn paint(&mut self, f: &Frame) {
        self.fit(f);
        let p = f.look.painter(Some(f.font));
        let cam = self.cam;
        // A 3D question: the 3D mode's picture (it clears the canvas) under
        // the text, its verdict badge or "predict" flag at its top left.
        let solid = self.paint_solid(&p, f);
        if !solid {
            p.clear();
            p.grid(&cam);
        }
        let top = f.canvas.min + Vec2::new(12.0, 28.0) * p.scale;
        let Some(q) = self.question().cloned() else {
            p.label(
                tr("This set has no questions."),
                top,
                16.0,
                p.pal.text,
                Anchor::BottomLeft,
                false,
            );
            return;
        };
        // Where the set came from: its seed, or the authored set's folder.
        let mut head = match &self.set.folder {
            Some(folder) => trf(
                "Question {} / {} · set {} · level {}",
                &[
                    &(self.at + 1),
                    &self.set.questions.len(),
                    &folder.display(),
                    &q.level.number(),
                ],
            ),
            None => trf(
                "Question {} / {} · seed {} · level {}",
                &[
                    &(self.at + 1),
                    &self.set.questions.len(),
                    &self.set.seed,
                    &q.level.number(),
                ],
            ),
        };
        if let Some(c) = self.clock {
            let t = super::parts::mm_ss(c.seconds(f.now));
            head = format!("{head} · {}", trf("drill {}", &[&t]));
        }
        // The head and the prompt wrap to the canvas (a narrow window
        // keeps them whole).
        let room = (f.canvas.max.x - top.x - 24.0 * p.scale).max(60.0);
        let small = (14.0 * p.scale).round() as u16;
        let mut at = top;
        for line in wrap(&head, room, |t| p.measure(t, small)) {
            p.label(&line, at, 14.0, p.pal.text, Anchor::BottomLeft, false);
            at.y += 22.0 * p.scale;
        }
        let fs = (18.0 * p.scale).round() as u16;
        at.y += 6.0 * p.scale;
        for line in wrap(words::prompt(q.kind()), room, |t| p.measure(t, fs)) {
            p.label(&line, at, 18.0, p.pal.text, Anchor::BottomLeft, true);
            at.y += 26.0 * p.scale;
        }
        self.text_px = at.y - f.canvas.min.y;
        if let Some((a, b)) = q.pair.flat() {
            self.paint_pair(&p, &cam, &q.task, a, b);
        }
        let status = match &self.answered {
            Some((_, s)) => {
                let mark = if s.right { tr("Right.") } else { tr("Wrong.") };
                format!("{mark} {}", words::feedback(&s.feedback))
            }
            None => words::how(q.kind()).to_string(),
        };
        p.status(&cam, &status, key_hint(q.kind(), self.answered.is_some()));
    }

    /// Draws the 3D question's picture, when the question is 3D: the
    /// candidate axes too while "which axis separates" waits for its answer.
    fn paint_solid(&mut self, p: &Painter, f: &Frame) -> bool {
        let asked = self.question().map(|q| &q.task);
        let axes = if let Some(Task::BoxAxes { axes }) = asked.filter(|_| self.answered.is_none()) {
            Some(axes.clone())
        } else {
            None
        };
        let hot = self.hot;
        let rect = self.picture_rect(f);
        let Some(s) = &mut self.solid else {
            return false;
        };
        s.frame(rect);
        s.paint(p, axes.as_deref(), hot);
        true
    }

    /// The two shapes and the question's marks; the overlay once answered.
    fn paint_pair(&mut self, p: &Painter, cam: &Camera, task: &Task, a: &Shape, b: &Shape) {
        let far = cam.far();
        let mut moved = b.clone();
        moved.set_position(b.pose().position() + self.draft.moved);
        let answered = self.answered.is_some();
        // Before the answer the outlines do not tell the verdict.
        let shown = self
            .truth
            .as_ref()
            .filter(|_| answered)
            .map_or(Verdict::Separated, |t| t.verdict);
        p.shape(cam, &look(a, far), Role::A, shown, false);
        if answered && self.draft.moved != Vec2::ZERO {
            p.shape(cam, &look(&moved, far), Role::B, Verdict::Separated, false);
        }
        let b_drawn = if answered { b } else { &moved };
        p.shape(cam, &look(b_drawn, far), Role::B, shown, self.dragging);
        self.paint_task(p, cam, task, a, b);
        for c in &self.draft.clicks {
            draw_circle(
                cam.to_screen(*c).x,
                cam.to_screen(*c).y,
                5.0 * p.scale,
                p.pal.text,
            );
        }
        if answered {
            paint_truth(p, cam, task, b);
        }
        if let Some(t) = self.truth.as_ref().filter(|_| answered) {
            answer_overlay((a, b), t, cam, p.scale, far, &mut self.overlay);
            p.list(cam, &self.overlay);
            p.labels(cam, &[&self.overlay], &[p.status_plate(cam)], &[]);
        }
        p.tag(cam, crate::app::outline::tag_at(a), "A", Role::A);
        p.tag(cam, crate::app::outline::tag_at(b_drawn), "B", Role::B);
    }

    /// What the question needs drawn to be answered.
    fn paint_task(&self, p: &Painter, cam: &Camera, task: &Task, a: &Shape, b: &Shape) {
        let w = 2.0 * p.scale;
        let line = |from: Vec2, to: Vec2, role: Role| {
            let (s, e) = (cam.to_screen(from), cam.to_screen(to));
            draw_line(s.x, s.y, e.x, e.y, w, p.pal.role(role));
        };
        match task {
            Task::SeparatingAxis { axes } if self.answered.is_none() => {
                for (from, to, name) in axis_segments(a, b, axes) {
                    line(from, to, Role::Axis);
                    p.label(
                        &name,
                        cam.to_screen(to),
                        14.0 * p.labels,
                        p.pal.role(Role::Axis),
                        Anchor::Center,
                        false,
                    );
                }
            }
            Task::Projection { axis, side, .. } => {
                let r = cam.far().min(40.0);
                line(-*axis * r, *axis * r, Role::Axis);
                let whose = match side {
                    satlab::geom::Side::A => tr("shadow of A"),
                    satlab::geom::Side::B => tr("shadow of B"),
                };
                p.label(
                    whose,
                    axis_label_at(cam, *axis, 70.0 * p.scale),
                    14.0 * p.labels,
                    p.pal.role(Role::Axis),
                    Anchor::Center,
                    false,
                );
            }
            Task::Touch { motion, .. } => {
                let from = b.pose().position();
                line(from, from + *motion, Role::B);
                // The arrow's head at the motion's end.
                let (s, e) = (cam.to_screen(from), cam.to_screen(from + *motion));
                if let Some(d) = (e - s).try_normalize() {
                    let (size, n) = (12.0 * p.scale, d.perp());
                    let base = e - d * size;
                    let hue = p.pal.role(Role::B);
                    aa::triangle(e, base + n * size * 0.45, base - n * size * 0.45, hue);
                }
            }
            Task::SeparatingAxis { .. }
            | Task::Verdict { .. }
            | Task::Mtv { .. }
            | Task::ClosestPoint { .. }
            | Task::Contacts { .. }
            | Task::BoxAxes { .. }
            | Task::AxisCount { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::practice::{generate, Choice, Level};

    /// The truth marks `paint_truth` records for `task` (B is `b`), as SVG.
    fn truth_svg(task: &Task, b: &Shape) -> String {
        use crate::app::export::record;
        use crate::app::palette::{Palette, Theme};
        let p = Painter {
            pal: Palette::of(Theme::Dark),
            font: None,
            scale: 1.0,
            labels: 1.0,
        };
        let cam = Camera::new(
            Vec2::ZERO,
            40.0,
            Rect::new(Vec2::ZERO, Vec2::new(640.0, 400.0)),
        );
        record::start(640, 400);
        paint_truth(&p, &cam, task, b);
        record::finish().unwrap_or_default()
    }

    /// Once answered, every interval bar of the SAT overlay lies on the
    /// canvas above the status line, for every 2D question of three seeded
    /// sets, on the canvases a 640×480 and a 1280×800 window leave
    /// (UI scale 1 and 1.5): the lanes are limited as the pair playground
    /// limits them (before, they ran under the panel and the menu bar).
    #[test]
    fn answered_lanes_stay_on_the_canvas() {
        use crate::app::practice::parts::Truth;
        let canvases = [
            (
                Rect::new(Vec2::new(0.0, 24.0), Vec2::new(940.0, 800.0)),
                1.0,
            ),
            (
                Rect::new(Vec2::new(0.0, 24.0), Vec2::new(300.0, 480.0)),
                1.0,
            ),
            (
                Rect::new(Vec2::new(0.0, 36.0), Vec2::new(260.0, 480.0)),
                1.5,
            ),
        ];
        let (mut problems, mut checked) = (Vec::new(), 0);
        for level in [Level::One, Level::Two, Level::Three] {
            let set = generate(7, 40, Choice::Level(level)).expect("a set");
            for q in &set.questions {
                let Some((a, b)) = q.pair.flat() else {
                    continue;
                };
                let t = Truth::of(a, b);
                for &(canvas, scale) in &canvases {
                    let mut cam = Camera::new(Vec2::ZERO, 1.0, canvas);
                    let (lo, hi) = frame_box(a, b, q.size);
                    cam.fit(lo, hi, 60.0 * scale);
                    let mut list = crate::app::display::DisplayList::default();
                    answer_overlay((a, b), &t, &cam, scale, 1e4, &mut list);
                    let usable = crate::app::display::checks::usable(canvas, scale);
                    let at = format!("{:?} on {canvas:?} at {scale}", q.kind());
                    checked += crate::app::display::checks::bars_off(
                        &list,
                        &cam,
                        usable,
                        &at,
                        &mut problems,
                    );
                }
            }
        }
        assert!(checked > 500, "only {checked} bars");
        assert!(
            problems.is_empty(),
            "{} bar ends off the canvas, first: {:?}",
            problems.len(),
            problems.first()
        );
    }

    #[test]
    fn the_reveal_marks_where_the_right_answer_is() {
        let mut seen = Vec::new();
        for level in [Level::One, Level::Two, Level::Three] {
            let set = generate(11, 40, Choice::Level(level)).expect("a set");
            for q in &set.questions {
                let Some((_, b)) = q.pair.flat() else {
                    continue;
                };
                let svg = truth_svg(&q.task, b);
                let rings = svg.matches("<circle").count();
                let lines = svg.matches("<polyline").count() + svg.matches("<polygon").count();
                let want = match &q.task {
                    Task::Projection { .. } => (2, 1),
                    Task::Touch { .. } => (1, 1),
                    Task::ClosestPoint { .. } => (1, 0),
                    Task::Contacts { points, .. } => (points.len(), 0),
                    Task::Verdict { .. }
                    | Task::SeparatingAxis { .. }
                    | Task::Mtv { .. }
                    | Task::BoxAxes { .. }
                    | Task::AxisCount { .. } => (0, 0),
                };
                assert_eq!((rings, lines), want, "{:?}: {svg}", q.kind());
                seen.push(q.kind());
            }
        }
        for k in [
            Kind::Projection,
            Kind::Touch,
            Kind::ClosestPoint,
            Kind::Contacts,
        ] {
            assert!(seen.contains(&k), "no {k:?} question drawn");
        }
    }

    #[test]
    fn the_projection_axis_is_named_near_the_canvas_edge() {
        let cam = Camera::new(
            Vec2::ZERO,
            40.0,
            Rect::new(Vec2::ZERO, Vec2::new(640.0, 400.0)),
        );
        let axis = Vec2::new(0.96, 0.28);
        let at = axis_label_at(&cam, axis, 70.0);
        let c = cam.canvas;
        assert!(
            at.x <= c.max.x - 70.0 + 0.5 && at.y >= c.min.y + 70.0 - 0.5,
            "{at:?}"
        );
        assert!(
            at.x > c.max.x - 72.0 || at.y < c.min.y + 72.0,
            "at the edge, not near the origin: {at:?}"
        );
        // On the axis.
        let w = cam.to_world(at);
        assert!(w.perp_dot(axis).abs() < 1e-3, "{w:?}");
    }

    #[test]
    fn undo_is_offered_only_where_an_answer_is_built_up() {
        let undo: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| !key_hint(*k, false).is_empty())
            .collect();
        assert_eq!(
            undo,
            [Kind::Projection, Kind::Mtv, Kind::Touch, Kind::Contacts]
        );
        for k in Kind::ALL {
            assert_eq!(key_hint(k, true), tr("Enter: next"), "{k:?}");
        }
    }
}
