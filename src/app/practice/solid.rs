//! The picture of a 3D question (levels 4 and 5): the two solids drawn by
//! the 3D mode itself ([`SpaceMode::draw_still`], its "predict" state
//! hiding the overlay until the answer); for "which axis separates" the
//! candidate axes drawn from the pair's middle, picked by a click; after
//! the answer the 3D mode's SAT overlay, the learner's axis selected.

use super::parts::to_segment;
use crate::app::camera::Rect;
use crate::app::draw::{Anchor, Painter};
use crate::app::palette::alpha;
use crate::app::space::overlay::extent;
use crate::app::space::SpaceMode;
use glam::{Vec2, Vec3};
use satlab::practice::{AxisChoice3, Pair, Question};

/// A 3D question's view: the 3D mode on the question's pair.
pub struct Solid {
    /// The 3D mode showing the pair (its document is never saved).
    pub mode: SpaceMode,
    /// The canvas the view was last fitted to (`None`: never).
    fitted: Option<Rect>,
}

impl Solid {
    /// The view of `q`, when its pair is 3D; the overlay hidden.
    pub fn of(q: &Question) -> Option<Solid> {
        let Pair::Space { a, b } = &q.pair else {
            return None;
        };
        let scene = super::parts::space_scene(String::new(), a, b);
        let mut mode = SpaceMode::new(scene, None);
        mode.predicting = true;
        mode.quiz = true;
        Some(Solid { mode, fitted: None })
    }

    /// Fits the view to both solids when the canvas changed (a drag's
    /// orbit is kept otherwise).
    pub fn frame(&mut self, canvas: Rect) {
        if self.fitted != Some(canvas) {
            self.mode.set_still(canvas, None, None, false);
            self.fitted = Some(canvas);
        }
    }

    /// Each candidate axis as a world segment from near the pair's middle
    /// outwards (its sign does not matter: one half is drawn).
    pub fn axis_segments(&self, axes: &[AxisChoice3]) -> Vec<(Vec3, Vec3)> {
        let (a, b) = (&self.mode.scene.a.shape, &self.mode.scene.b.shape);
        let (lo, hi) = extent(a, b);
        let r = (hi - lo).length() * 0.5 + 0.5;
        let mid = (a.pose().position() + b.pose().position()) * 0.5;
        axes.iter()
            .map(|x| (mid + x.axis * (0.3 * r), mid + x.axis * r))
            .collect()
    }

    /// The axis whose drawn segment is nearest the canvas pixel `s`, when
    /// one is within `tol` pixels.
    pub fn pick(&self, axes: &[AxisChoice3], s: Vec2, tol: f32) -> Option<usize> {
        let view = &self.mode.view;
        self.axis_segments(axes)
            .iter()
            .enumerate()
            .filter_map(|(i, (p, q))| {
                let (p, q) = view.segment_to_screen(*p, *q)?;
                Some((i, to_segment(s, p, q)))
            })
            .filter(|(_, d)| *d <= tol)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }

    /// Shows the 3D overlay; `chosen` (the learner's axis) is selected in
    /// it when the SAT report has that direction.
    pub fn reveal(&mut self, chosen: Option<&AxisChoice3>) {
        self.mode.predicting = false;
        self.mode.overlay.selected = chosen.and_then(|c| {
            self.mode.report.axes.iter().position(|t| {
                let d = t.axis.normalize_or_zero();
                d.dot(c.axis).abs() > 1.0 - 1e-4
            })
        });
    }

    /// Draws the solids (and the overlay once revealed); `axes` are drawn
    /// with their names, `hot` brighter, when given.
    pub fn paint(&mut self, p: &Painter, axes: Option<&[AxisChoice3]>, hot: Option<usize>) {
        self.mode.draw_still(p);
        let Some(axes) = axes else {
            return;
        };
        let view = self.mode.view;
        for (i, ((from, to), x)) in self.axis_segments(axes).iter().zip(axes).enumerate() {
            let Some((s, e)) = view.segment_to_screen(*from, *to) else {
                continue;
            };
            let (c, w) = if hot == Some(i) {
                (p.pal.axis, 3.0)
            } else {
                (alpha(p.pal.axis, 0.55), 1.5)
            };
            crate::app::aa::line(s.x, s.y, e.x, e.y, w * p.scale, c);
            p.label(
                &x.name,
                e,
                12.0 * p.labels,
                c,
                Anchor::Center,
                hot == Some(i),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::practice::{generate, Choice, Level, Task};

    fn box_axes_question() -> Question {
        (1..200)
            .filter_map(|seed| generate(seed, 6, Choice::Level(Level::Five)))
            .flat_map(|s| s.questions)
            .find(|q| matches!(q.task, Task::BoxAxes { .. }))
            .expect("level 5 asks which axis separates")
    }

    /// The question stands in for the 3D mode's predict marker: a 3D
    /// question's picture does not ask "separated or overlapping?".
    #[test]
    fn a_3d_question_draws_no_predict_marker() {
        use crate::app::export::record;
        use crate::app::palette::{Palette, Theme};
        let mut s = Solid::of(&box_axes_question()).expect("a 3D pair");
        s.frame(Rect::new(Vec2::ZERO, Vec2::new(640.0, 400.0)));
        let p = crate::app::draw::Painter {
            pal: Palette::of(Theme::Dark),
            font: None,
            scale: 1.0,
            labels: 1.0,
        };
        let svg = crate::app::i18n::with_lang(crate::app::i18n::Lang::En, || {
            record::start(640, 400);
            s.mode.draw_still(&p);
            record::finish().unwrap_or_default()
        });
        assert!(svg.contains("<text"), "the picture has its labels");
        assert!(!svg.contains("Predict"), "no predict marker in a question");
    }

    #[test]
    fn a_click_on_a_drawn_axis_picks_it_and_the_reveal_selects_it() {
        let q = box_axes_question();
        let Task::BoxAxes { axes } = &q.task else {
            unreachable!()
        };
        let mut s = Solid::of(&q).expect("a 3D pair");
        assert!(s.mode.predicting, "no overlay before the answer");
        s.frame(Rect::new(Vec2::ZERO, Vec2::new(640.0, 400.0)));
        let segs = s.axis_segments(axes);
        let mut picked = 0;
        for (i, (from, to)) in segs.iter().enumerate() {
            let Some((p, q)) = s.mode.view.segment_to_screen(*from, *to) else {
                continue;
            };
            // The tip of the axis, where its name is drawn.
            if s.pick(axes, q, 2.0) == Some(i) {
                picked += 1;
            }
            let far = p + Vec2::new(5000.0, 5000.0);
            assert_eq!(s.pick(axes, far, 10.0), None);
        }
        assert!(
            picked * 2 >= axes.len(),
            "{picked} of {} tips pick their axis",
            axes.len()
        );
        s.reveal(axes.first());
        assert!(!s.mode.predicting);
        let k = s
            .mode
            .overlay
            .selected
            .expect("the first axis is in the report");
        let d = s.mode.report.axes[k].axis.normalize();
        assert!(d.dot(axes[0].axis).abs() > 0.999);
    }

    #[test]
    fn flat_questions_have_no_solid_view() {
        let set = generate(3, 4, Choice::Level(Level::One)).expect("a set");
        assert!(set.questions.iter().all(|q| Solid::of(q).is_none()));
    }
}
