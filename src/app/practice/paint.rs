//! The practice canvas: the two shapes (B where it was dragged), what the
//! question needs to be answered (candidate axes, the projection axis, B's
//! motion, clicked points), and after the answer the pair mode's SAT
//! overlay ([`crate::app::pair::overlay`]) on the question's shapes.

use super::{words, PracticeMode};
use crate::app::camera::{Camera, Rect};
use crate::app::display::Role;
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf};
use crate::app::outline::look;
use crate::app::pair::overlay::{build, OverlayInput};
use crate::app::shell::mode::Frame;
use crate::app::wrap::wrap;
use glam::Vec2;
use macroquad::shapes::{draw_circle, draw_line};
use satlab::geom::{Shape, Verdict};
use satlab::practice::{AxisChoice, Task};

/// Pixels from an axis line a click still picks it.
pub const PICK_PX: f32 = 10.0;

/// The world box the camera fits: both shapes' bounds, grown by their size.
fn frame_box(a: &Shape, b: &Shape, size: f32) -> (Vec2, Vec2) {
    let (la, ha) = a.bounds();
    let (lb, hb) = b.bounds();
    let grow = Vec2::splat(size * 1.5);
    (la.min(lb) - grow, ha.max(hb) + grow)
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
        let mut head = trf(
            "Question {} / {} · seed {} · level {}",
            &[
                &(self.at + 1),
                &self.set.questions.len(),
                &self.set.seed,
                &q.level.number(),
            ],
        );
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
        let keys = if self.answered.is_some() {
            tr("Enter: next")
        } else {
            tr("Ctrl+Z: undo")
        };
        p.status(&cam, &status, keys);
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
        if let Some(t) = self.truth.as_ref().filter(|_| answered) {
            let found = (t.verdict, t.penetration);
            let (px, scale) = (cam.px(), p.scale);
            let inp = OverlayInput::answer((a, b), &t.report, &t.distance, found, px, scale, far);
            build(&inp, &mut self.overlay);
            p.list(cam, &self.overlay);
            p.labels(cam, &[&self.overlay], &[p.status_plate(cam)], &[]);
        }
        p.tag(cam, a.pose().position(), "A", Role::A);
        p.tag(cam, b_drawn.pose().position(), "B", Role::B);
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
                    cam.to_screen(*axis * 2.0),
                    14.0 * p.labels,
                    p.pal.role(Role::Axis),
                    Anchor::Center,
                    false,
                );
            }
            Task::Touch { motion, .. } => {
                let from = b.pose().position();
                line(from, from + *motion, Role::B);
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
