//! The practice mode's plain parts, which know nothing of the mode: what
//! a reveal draws, the distance used to pick a drawn line, the new-set
//! form's fields and the drill's clock. (The mode holds them; they import
//! nothing of it.)

use crate::app::num::clamp;
use glam::Vec2;
use satlab::geom::{
    classify, distance, penetration, sat_report, Distance, Penetration, SatReport, Shape, Verdict,
};
use satlab::practice::{drill, generate, Choice, Level, PracticeSet, MAX_COUNT};

/// What the reveal of a 2D question draws: the library's answers for
/// the question's shapes (as placed, before any drag), computed once.
pub struct Truth {
    pub report: SatReport,
    pub distance: Distance,
    pub penetration: Option<Penetration>,
    pub verdict: Verdict,
}

impl Truth {
    /// The SAT report, distance, penetration and verdict of `a` and `b`.
    pub fn of(a: &Shape, b: &Shape) -> Truth {
        Truth {
            report: sat_report(a, b),
            distance: distance(a, b),
            penetration: penetration(a, b),
            verdict: classify(a, b),
        }
    }
}

/// Distance from `p` to the segment `[a, b]`.
pub fn to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let d = b - a;
    let t = clamp((p - a).dot(d) / d.length_squared().max(1e-9), 0.0, 1.0);
    (a + d * t).distance(p)
}

/// The form window's egui id.
pub const FORM_ID: &str = "practice-set-form";

/// The form's fields.
#[derive(Debug, Clone, PartialEq)]
pub struct SetForm {
    /// The form is shown.
    pub open: bool,
    /// The generator's seed.
    pub seed: u64,
    /// Questions in the set (1 to [`MAX_COUNT`]).
    pub count: u32,
    /// The level, `None` for mixed.
    pub level: Option<Level>,
    /// The interview drill: [`satlab::practice::DRILL_COUNT`] mixed questions, timed, no
    /// feedback until the end (count and level are not used).
    pub drill: bool,
}

impl Default for SetForm {
    fn default() -> SetForm {
        SetForm {
            open: false,
            seed: 42,
            count: 10,
            level: Some(Level::One),
            drill: false,
        }
    }
}

impl SetForm {
    /// The set the form asks for (`None` when the generator finds none).
    pub fn make(&self) -> Option<PracticeSet> {
        if self.drill {
            return drill(self.seed);
        }
        let choice = self.level.map_or(Choice::Mixed, Choice::Level);
        let count = crate::app::num::clamp_index(self.count, 1, MAX_COUNT);
        generate(self.seed, count, choice)
    }
}

/// A drill's clock: seconds since the window started (`Frame::now`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    /// When the first question was shown.
    pub from: f64,
    /// When the last question was answered (`None`: running).
    pub to: Option<f64>,
}

impl Clock {
    /// Seconds on the clock at `now`.
    pub fn seconds(&self, now: f64) -> f64 {
        (self.to.unwrap_or(now) - self.from).max(0.0)
    }
}

/// `s` seconds as minutes and whole seconds, `"3:07"`.
pub fn mm_ss(s: f64) -> String {
    let whole = s.max(0.0).floor() as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

/// A 3D question's pair as a plain 3D scene named `name` (no motion, no
/// expectations).
pub fn space_scene(
    name: String,
    a: &satlab::scene::Placed3,
    b: &satlab::scene::Placed3,
) -> satlab::scene::Scene3 {
    let mut scene = satlab::scene::Scene3::of(a.clone(), b.clone());
    scene.name = name;
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::practice::DRILL_COUNT;

    #[test]
    fn the_form_makes_the_set_the_command_line_makes() {
        let f = SetForm {
            open: true,
            seed: 42,
            count: 10,
            level: Some(Level::Two),
            drill: false,
        };
        let want = generate(42, 10, Choice::Level(Level::Two));
        assert_eq!(f.make(), want);
        assert_eq!(f.make().map(|s| s.questions.len()), Some(10));
        let mixed = SetForm {
            level: None,
            ..f.clone()
        };
        assert_eq!(mixed.make(), generate(42, 10, Choice::Mixed));
        let d = SetForm {
            drill: true,
            count: 3,
            ..f
        };
        let set = d.make().expect("a drill");
        assert_eq!(set.questions.len(), DRILL_COUNT as usize);
        assert_eq!(Some(set), drill(42));
    }

    #[test]
    fn the_clock_stops_at_the_end_and_reads_as_minutes() {
        let c = Clock {
            from: 10.0,
            to: None,
        };
        assert_eq!(c.seconds(75.5), 65.5);
        let stopped = Clock {
            to: Some(20.0),
            ..c
        };
        assert_eq!(stopped.seconds(1000.0), 10.0);
        assert_eq!(mm_ss(65.5), "1:05");
        assert_eq!(mm_ss(0.0), "0:00");
        assert_eq!(mm_ss(-3.0), "0:00");
        assert_eq!(mm_ss(600.0), "10:00");
    }
}
