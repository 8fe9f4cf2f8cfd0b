//! Stepping through SAT one axis at a time, predict-then-reveal, and the
//! touching policy: the classroom state of part A of teaching mode. Pure:
//! no window, no egui.
//!
//! The walk follows the report's visiting order part by part (a wide sector
//! is tested as two halves). Within a part, SAT stops at the part's first
//! separating axis unless "keep testing every axis" is on.

use crate::app::pair::overlay::Reveal;
use satlab::geom::{rule, Ruling, SatReport, Shape, TouchPolicy, Verdict};

use crate::app::shell::action::Walk;
use crate::app::shell::walk::SatWalk;
pub use crate::app::shell::walk::Stage;

/// The axes SAT tests, in order (indices into [`SatReport::axes`]): each
/// part's axes in visiting order, up to and including the part's first
/// separating axis unless `keep_testing`.
pub fn plan(report: &SatReport, keep_testing: bool) -> Vec<usize> {
    let mut out = Vec::with_capacity(report.axes.len());
    for part in &report.parts {
        for k in part.axes.clone() {
            out.push(k);
            if !keep_testing && part.first_separating == Some(k) {
                break;
            }
        }
    }
    out
}

/// Step mode: on or off, and the position in the walk (stepped by the
/// shell's one rule, [`SatWalk::step`], as the 3D walk is).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stepper {
    /// Continue past the first separating axis to test every axis.
    pub keep_testing: bool,
    /// Open or closed, and the step.
    walk: SatWalk,
    /// The walk for the current report (see [`Stepper::sync`]).
    plan: Vec<usize>,
}

impl Stepper {
    /// Recomputes the walk for `report` (call whenever it may have
    /// changed); keeps the position, clamped to the new walk.
    pub fn sync(&mut self, report: &SatReport) {
        self.plan = plan(report, self.keep_testing);
        self.walk.clamp(self.plan.len());
    }

    /// The walk.
    #[cfg(test)]
    pub fn plan(&self) -> &[usize] {
        &self.plan
    }

    /// Step mode is on (the walk is open).
    pub fn on(&self) -> bool {
        self.walk.on
    }

    /// The step as the shell counts it (the kind of caption shown).
    #[cfg(test)]
    pub fn walk(&self) -> SatWalk {
        self.walk
    }

    /// Where the walk is.
    pub fn stage(&self) -> Stage {
        self.walk.stage(&self.plan)
    }

    /// Where the walk stands as steps: `(step, steps)`, step 0 the start
    /// and `steps - 1` the end (the axes between); `None` for the step
    /// while step mode is off.
    pub fn position(&self) -> (Option<usize>, usize) {
        let at = self.walk.at(self.plan.len());
        (at.at, at.len)
    }

    /// `(axes tested so far, axes in the walk)`.
    pub fn progress(&self) -> (usize, usize) {
        (self.walk.cursor().min(self.plan.len()), self.plan.len())
    }

    /// One step `w` by the shell's rule.
    pub fn step(&mut self, w: Walk) {
        self.walk.step(w, self.plan.len());
    }

    /// Next step; turns step mode on (at the start) when it is off.
    pub fn forward(&mut self) {
        self.step(Walk::Forward);
    }

    /// Previous step (stays at the start).
    pub fn back(&mut self) {
        self.step(Walk::Back);
    }

    /// Back to the start (turns step mode on).
    pub fn home(&mut self) {
        self.step(Walk::Home);
    }

    /// Run to the end (turns step mode on).
    pub fn run_to_end(&mut self) {
        self.step(Walk::End);
    }

    /// Leaves step mode (the next [`Stepper::forward`] starts over).
    pub fn leave(&mut self) {
        self.walk.leave();
    }

    /// Sets "keep testing every axis" and recomputes the walk; at the end
    /// of the walk, stays at the end.
    pub fn set_keep_testing(&mut self, keep: bool, report: &SatReport) {
        let at_end = self.stage() == Stage::End;
        self.keep_testing = keep;
        self.sync(report);
        if at_end {
            self.walk.step(Walk::End, self.plan.len());
        }
    }
}

/// The classroom controls of teaching mode (part A): stepping, predict then
/// reveal, and the touching policy. One field of the app.
#[derive(Debug, Clone, PartialEq)]
pub struct Classroom {
    /// Step mode.
    pub step: Stepper,
    /// Predict: the verdict and every overlay are hidden until revealed.
    pub predicting: bool,
    /// While stepping through SAT, the verdict (badge, outline colours,
    /// result, MTV) waits for the end of the walk: the class works it out.
    pub verdict_waits: bool,
    /// Whether touching counts as intersecting.
    pub policy: TouchPolicy,
    /// The pair's relation under [`Classroom::policy`] (see
    /// [`Classroom::rule`]).
    pub ruling: Ruling,
}

impl Default for Classroom {
    fn default() -> Self {
        Classroom {
            step: Stepper::default(),
            predicting: false,
            verdict_waits: false,
            policy: TouchPolicy::Closed,
            ruling: Ruling {
                verdict: Verdict::Separated,
                intersects: false,
            },
        }
    }
}

impl Classroom {
    /// True while the answer must stay hidden (predict mode): panels and
    /// views that show the verdict, gaps, distance or MTV check this.
    pub fn hides_answers(&self) -> bool {
        self.predicting
    }

    /// True while the verdict must stay hidden: predicting, or a walk that
    /// has not reached its end while [`Classroom::verdict_waits`]. The
    /// badge, the outline colours, the result (verdict, distance,
    /// penetration, MTV) and the views that give the answer away check this.
    pub fn hides_verdict(&self) -> bool {
        self.predicting || self.verdict_waiting()
    }

    /// True while a walk is on, not at its end, and the verdict waits for it.
    pub fn verdict_waiting(&self) -> bool {
        self.verdict_waits && self.step.on() && self.step.stage() != Stage::End
    }

    /// Why the verdict is hidden, and what shows it.
    pub fn hidden_note(&self) -> &'static str {
        if self.predicting {
            crate::app::i18n::tr("The verdict is hidden until you reveal it (P).")
        } else {
            crate::app::i18n::tr("The verdict waits for the end of the walk (End).")
        }
    }

    /// What the overlay may show.
    pub fn reveal(&self) -> Reveal<'_> {
        if self.predicting {
            return Reveal::Nothing;
        }
        if !self.step.on() {
            return Reveal::All;
        }
        let (done, _) = self.step.progress();
        match self.step.stage() {
            Stage::Start => Reveal::Steps {
                shown: &[],
                current: None,
                finished: false,
            },
            Stage::Axis(k) => Reveal::Steps {
                shown: &self.step.plan[..done],
                current: Some(k),
                finished: false,
            },
            Stage::End => Reveal::Steps {
                shown: &self.step.plan,
                current: None,
                finished: true,
            },
        }
    }

    /// Toggles predict mode: hide everything, or reveal it.
    pub fn toggle_predict(&mut self) {
        self.predicting = !self.predicting;
    }

    /// Rules on the pair under the policy; `closed` is the core's verdict
    /// (the closed-set one), reused unless a band needs its own test.
    pub fn rule(&mut self, a: &Shape, b: &Shape, closed: Verdict) {
        self.ruling = match self.policy {
            TouchPolicy::Band { .. } => rule(self.policy, a, b),
            p @ (TouchPolicy::Closed | TouchPolicy::Open) => Ruling {
                verdict: closed,
                intersects: match closed {
                    Verdict::Separated => false,
                    Verdict::Touching => p.touching_counts(),
                    Verdict::Overlapping => true,
                },
            },
        };
    }

    /// The verdict the canvas may show: the policy's, or (while it is
    /// hidden, see [`Classroom::hides_verdict`]) `Separated`, which colours
    /// the shapes by their own hue only.
    pub fn shown_verdict(&self) -> Verdict {
        if self.hides_verdict() {
            Verdict::Separated
        } else {
            self.ruling.verdict
        }
    }

    /// A new scene was opened: the walk starts over.
    pub fn new_scene(&mut self) {
        if self.step.on() {
            self.step.home();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::pair::overlay::tests::obb;
    use glam::Vec2;
    use satlab::geom::{sat_report, Aabb, Pose, Sector, Shape};

    fn aabb(x: f32, y: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::new(Vec2::new(x, y), 0.0).unwrap(), Vec2::splat(1.0)).unwrap())
    }

    #[test]
    fn the_walk_stops_at_the_first_separating_axis() {
        // Two turned boxes apart along x: some axis separates them.
        let r = sat_report(&obb(0.0, 0.0, 0.0), &obb(3.0, 0.2, 30.0));
        let first = r.parts[0].first_separating.expect("apart");
        let short = plan(&r, false);
        assert_eq!(short, (0..=first).collect::<Vec<_>>());
        assert_eq!(plan(&r, true), (0..r.axes.len()).collect::<Vec<_>>());
    }

    #[test]
    fn overlapping_pairs_test_every_axis_either_way() {
        let r = sat_report(&aabb(0.0, 0.0), &aabb(1.5, 0.5));
        assert!(r.intersects);
        assert_eq!(plan(&r, false), plan(&r, true));
        assert_eq!(plan(&r, false).len(), r.axes.len());
    }

    #[test]
    fn split_sectors_walk_each_pair_of_halves() {
        // A 270° sector facing +x and a box far to its right: each half
        // is separated from the box; the walk visits both parts.
        let s =
            Shape::Sector(Sector::new(Pose::new(Vec2::ZERO, 0.0).unwrap(), 1.0, 135.0).unwrap());
        let r = sat_report(&s, &aabb(4.0, 0.0));
        assert_eq!(r.parts.len(), 2);
        let p = plan(&r, false);
        for part in &r.parts {
            let stop = part.first_separating.expect("each half is apart");
            assert!(p.contains(&stop));
            assert!(p.iter().all(|&k| !part.axes.contains(&k) || k <= stop));
        }
    }

    #[test]
    fn stepping_forward_back_home_and_end() {
        let r = sat_report(&obb(0.0, 0.0, 0.0), &obb(3.0, 0.2, 30.0));
        let mut s = Stepper::default();
        s.sync(&r);
        assert!(!s.on());
        s.forward();
        assert!(s.on());
        assert_eq!(s.stage(), Stage::Start);
        s.forward();
        assert_eq!(s.stage(), Stage::Axis(s.plan()[0]));
        s.back();
        s.back();
        assert_eq!(s.stage(), Stage::Start);
        s.run_to_end();
        assert_eq!(s.stage(), Stage::End);
        s.forward();
        assert_eq!(s.stage(), Stage::End, "the end is the end");
        s.set_keep_testing(true, &r);
        assert_eq!(s.stage(), Stage::End);
        assert_eq!(s.plan().len(), r.axes.len());
        s.home();
        assert_eq!(s.progress(), (0, r.axes.len()));
        s.leave();
        assert!(!s.on());
    }

    #[test]
    fn a_shorter_walk_clamps_the_position() {
        let apart = sat_report(&aabb(0.0, 0.0), &aabb(5.0, 0.0));
        let overlap = sat_report(&aabb(0.0, 0.0), &aabb(1.0, 0.5));
        let mut s = Stepper::default();
        s.sync(&overlap);
        s.run_to_end();
        s.sync(&apart);
        assert_eq!(s.stage(), Stage::End);
        assert!(s.progress().0 <= s.plan().len());
    }

    #[test]
    fn reveal_follows_the_walk_and_predict_hides_all() {
        // Overlapping: the walk visits every axis.
        let r = sat_report(&obb(0.0, 0.0, 0.0), &obb(1.2, 0.3, 30.0));
        assert!(r.axes.len() >= 3);
        let mut c = Classroom::default();
        c.step.sync(&r);
        assert_eq!(c.reveal(), Reveal::All);
        c.step.forward();
        c.step.forward();
        c.step.forward();
        let p = c.step.plan().to_vec();
        assert_eq!(
            c.reveal(),
            Reveal::Steps {
                shown: &p[..2],
                current: Some(p[1]),
                finished: false
            }
        );
        c.toggle_predict();
        assert!(c.hides_answers());
        assert_eq!(c.reveal(), Reveal::Nothing);
        c.toggle_predict();
        c.step.run_to_end();
        assert_eq!(
            c.reveal(),
            Reveal::Steps {
                shown: &p,
                current: None,
                finished: true
            }
        );
    }

    #[test]
    fn the_ruling_follows_the_policy() {
        // Unit squares sharing the edge x = 1: touching.
        let (a, b) = (aabb(0.0, 0.0), aabb(2.0, 0.0));
        let mut c = Classroom::default();
        let closed = satlab::geom::classify(&a, &b);
        assert_eq!(closed, Verdict::Touching);
        c.rule(&a, &b, closed);
        assert!(c.ruling.intersects);
        c.policy = TouchPolicy::Open;
        c.rule(&a, &b, closed);
        assert_eq!(c.ruling.verdict, Verdict::Touching);
        assert!(!c.ruling.intersects);
        // 0.05 apart: separated, unless the band is wider.
        let b = aabb(2.05, 0.0);
        let closed = satlab::geom::classify(&a, &b);
        c.policy = TouchPolicy::Band { width: 0.1 };
        c.rule(&a, &b, closed);
        assert_eq!(closed, Verdict::Separated);
        assert_eq!(c.ruling.verdict, Verdict::Touching);
        assert_eq!(c.shown_verdict(), Verdict::Touching);
        c.toggle_predict();
        assert_eq!(c.shown_verdict(), Verdict::Separated);
    }
}
