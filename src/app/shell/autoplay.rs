//! Auto-play (O, or View → auto-play): the walk the mode shows takes one
//! step forward every period, so a teacher can talk while it runs. One
//! mechanism for every walk of every mode (SAT's axes, the algorithm's
//! steps, GJK / EPA, contact clipping, the 3D axes): the mode says where
//! its walk stands ([`Mode::walk_at`](crate::app::shell::mode::Mode::walk_at))
//! and steps it on [`Action::Walk`](crate::app::shell::action::Action::Walk);
//! the shell asks this clock when. Pure: the time comes in as seconds, so
//! tests drive it with a fake clock.

use crate::app::i18n::tr;
use crate::app::shell::action::Walk;
use crate::app::shell::mode::WalkAt;

/// The shortest and the longest period, seconds a step.
pub const PERIODS_S: (f64, f64) = (0.5, 8.0);

/// The period auto-play starts with, seconds a step.
pub const DEFAULT_PERIOD_S: f64 = 2.0;

/// Why auto-play did not start: the mode shows no walk now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoWalk;

impl std::fmt::Display for NoWalk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(tr("nothing to auto-play here: this view has no walk"))
    }
}

/// Playing or paused, and when the next step is due.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AutoPlay {
    /// Stepping on its own.
    playing: bool,
    /// Seconds between two steps, within [`PERIODS_S`].
    period_s: f64,
    /// When the next step is due, seconds on the shell's clock.
    next_at: f64,
}

impl Default for AutoPlay {
    fn default() -> Self {
        AutoPlay {
            playing: false,
            period_s: DEFAULT_PERIOD_S,
            next_at: 0.0,
        }
    }
}

impl AutoPlay {
    /// True while it plays.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// Seconds between two steps.
    pub fn period_s(&self) -> f64 {
        self.period_s
    }

    /// Sets the seconds between two steps (kept within [`PERIODS_S`]; a
    /// value that is not finite is ignored). A step already due soon stays
    /// due; one due later comes one new period from `now` at most.
    pub fn set_period(&mut self, seconds: f64, now: f64) {
        if !seconds.is_finite() {
            return;
        }
        self.period_s = seconds.max(PERIODS_S.0).min(PERIODS_S.1);
        self.next_at = self.next_at.min(now + self.period_s);
    }

    /// Starts playing `walk` at `now`, or says why not (the mode shows no
    /// walk). The step to take at once: back to the start when the walk
    /// has not begun or stands at its end; the first step forward comes
    /// one period later.
    pub fn start(&mut self, now: f64, walk: Option<WalkAt>) -> Result<Option<Walk>, NoWalk> {
        let Some(w) = walk.filter(|w| w.len > 0) else {
            self.playing = false;
            return Err(NoWalk);
        };
        self.playing = true;
        self.next_at = now + self.period_s;
        Ok((w.at.is_none() || w.at_end()).then_some(Walk::Home))
    }

    /// Stops playing.
    pub fn stop(&mut self) {
        self.playing = false;
    }

    /// The step due at `now` for `walk`, if any (one at most, however late
    /// the frame: a frame that comes late does not make the walk jump).
    /// Stops, and asks for nothing, when the walk is gone, left, or at its
    /// end.
    pub fn tick(&mut self, now: f64, walk: Option<WalkAt>) -> Option<Walk> {
        if !self.playing {
            return None;
        }
        self.settle(walk);
        if !self.playing || now < self.next_at {
            return None;
        }
        self.next_at = if now - self.next_at >= self.period_s {
            now + self.period_s
        } else {
            self.next_at + self.period_s
        };
        Some(Walk::Forward)
    }

    /// Stops when `walk` (as it stands after this frame's steps) is gone,
    /// was left, or has reached its end: nothing is left to play, and the
    /// window goes back to sleep.
    pub fn settle(&mut self, walk: Option<WalkAt>) {
        let over = match walk {
            None => true,
            Some(w) => w.at.is_none() || w.at_end(),
        };
        if over {
            self.playing = false;
        }
    }

    /// Seconds from `now` until the next step while playing (0 when it is
    /// due): how long the window may sleep.
    pub fn wait(&self, now: f64) -> Option<f64> {
        self.playing.then(|| (self.next_at - now).max(0.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk of `len` steps driven as a mode drives its own: Home to 0,
    /// Forward one step up to the last.
    struct FakeWalk {
        at: Option<usize>,
        len: usize,
    }

    impl FakeWalk {
        fn at(&self) -> Option<WalkAt> {
            Some(WalkAt {
                at: self.at,
                len: self.len,
            })
        }
        fn step(&mut self, w: Walk) {
            let last = self.len - 1;
            self.at = Some(match (w, self.at) {
                (Walk::Home, _) | (Walk::Forward, None) => 0,
                (Walk::End, _) => last,
                (Walk::Forward, Some(k)) => (k + 1).min(last),
                (Walk::Back, k) => k.unwrap_or(0).saturating_sub(1),
            });
        }
    }

    #[test]
    fn one_step_per_period_then_it_stops_at_the_end() {
        let mut walk = FakeWalk { at: None, len: 5 };
        let mut play = AutoPlay::default();
        play.set_period(1.5, 0.0);
        let first = play.start(10.0, walk.at()).expect("a walk to play");
        assert_eq!(first, Some(Walk::Home), "a walk not begun starts over");
        walk.step(Walk::Home);
        // A frame every 0.1 s on the fake clock.
        let mut steps_at = Vec::new();
        for i in 0..200 {
            let now = 10.0 + f64::from(i) * 0.1;
            if let Some(w) = play.tick(now, walk.at()) {
                assert_eq!(w, Walk::Forward);
                walk.step(w);
                steps_at.push(now);
            }
            play.settle(walk.at());
        }
        // Four steps forward from step 0 to step 4, 1.5 s apart, then none.
        assert_eq!(steps_at.len(), 4, "{steps_at:?}");
        for (k, t) in steps_at.iter().enumerate() {
            let want = 10.0 + 1.5 * (k + 1) as f64;
            assert!(
                (t - want).abs() < 0.1 + 1e-9,
                "step {k} at {t}, want {want}"
            );
        }
        assert_eq!(walk.at, Some(4));
        assert!(!play.playing(), "stopped at the end");
        assert_eq!(play.wait(100.0), None, "no wake-ups once stopped");
    }

    #[test]
    fn a_late_frame_takes_one_step_not_many() {
        let mut walk = FakeWalk {
            at: Some(0),
            len: 10,
        };
        let mut play = AutoPlay::default();
        assert_eq!(play.start(0.0, walk.at()), Ok(None), "mid-walk: go on");
        assert_eq!(play.tick(1.0, walk.at()), None, "not due yet");
        assert_eq!(play.wait(1.0), Some(DEFAULT_PERIOD_S - 1.0));
        // The window slept for 9 s (a dialog): one step, then a period.
        assert_eq!(play.tick(9.0, walk.at()), Some(Walk::Forward));
        walk.step(Walk::Forward);
        assert_eq!(play.tick(9.5, walk.at()), None);
        assert_eq!(play.wait(9.0), Some(DEFAULT_PERIOD_S));
    }

    #[test]
    fn it_stops_when_the_walk_is_left_or_gone_and_restarts_from_the_end() {
        let mut play = AutoPlay::default();
        assert_eq!(play.start(0.0, None), Err(NoWalk), "no walk, no play");
        assert!(!play.playing());
        let end = Some(WalkAt {
            at: Some(3),
            len: 4,
        });
        assert_eq!(play.start(0.0, end), Ok(Some(Walk::Home)));
        assert!(play.playing());
        // Esc left the walk.
        let left = Some(WalkAt { at: None, len: 4 });
        assert_eq!(play.tick(5.0, left), None);
        assert!(!play.playing());
        play.start(0.0, end).expect("a walk");
        assert_eq!(play.tick(5.0, None), None, "the view closed");
        assert!(!play.playing());
    }

    #[test]
    fn the_period_stays_within_its_limits() {
        let mut play = AutoPlay::default();
        play.set_period(0.01, 0.0);
        assert_eq!(play.period_s(), PERIODS_S.0);
        play.set_period(1e9, 0.0);
        assert_eq!(play.period_s(), PERIODS_S.1);
        play.set_period(f64::NAN, 0.0);
        assert_eq!(play.period_s(), PERIODS_S.1);
        // Shortening the period while a long one runs: due soon.
        let w = Some(WalkAt {
            at: Some(0),
            len: 3,
        });
        play.start(0.0, w).expect("a walk");
        play.set_period(1.0, 0.5);
        assert_eq!(play.wait(0.5), Some(1.0));
    }
}
