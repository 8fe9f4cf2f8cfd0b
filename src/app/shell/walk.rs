//! THE step rule of the SAT walks of both dimensions (issue 26, item 3:
//! "Space starts both walks the same way"). The pair playground's stepper
//! and the 3D mode's walk keep a [`SatWalk`] and step it here; each mode
//! only says how many axes its walk has.
//!
//! A walk of `n` axes has `n + 2` steps: step 0 the start (the intro
//! caption, no axis drawn yet), steps `1..=n` the axes in the walk's order,
//! step `n + 1` the conclusion. Closed, the first Space (or Home, or End)
//! opens it; Space stops at the conclusion, Shift+Space at the start;
//! Escape closes it.

use crate::app::shell::action::Walk;
use crate::app::shell::mode::WalkAt;

/// Where a SAT walk is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Nothing tested yet: the intro.
    Start,
    /// Testing axis `k` (an index into the report's axes, not into the walk).
    Axis(usize),
    /// Every axis of the walk tested: the conclusion.
    End,
}

/// What a caption says at a [`Stage`], without the numbers: the same in 2D
/// and 3D for the same logical step (what the tests compare).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageKind {
    /// The intro.
    Start,
    /// The `k`-th axis of the walk, 1-based (as the caption's "Axis k of n").
    Axis(usize),
    /// The conclusion.
    End,
}

/// A SAT walk: closed, or open at one of its steps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SatWalk {
    /// The walk is open (its caption shown).
    pub on: bool,
    /// 0 the start; `i` in `1..=n` the `i`-th axis of the walk; `n + 1`
    /// the end.
    cursor: usize,
}

impl SatWalk {
    /// Steps `w` in a walk of `axes` axes: Forward from closed opens it at
    /// the start, else one step on (staying at the end); Back one step
    /// back (staying at the start; nothing while closed); Home the start
    /// and End the conclusion, opening it.
    pub fn step(&mut self, w: Walk, axes: usize) {
        let end = axes + 1;
        match (w, self.on) {
            (Walk::Forward, false) | (Walk::Home, _) => self.cursor = 0,
            (Walk::Forward, true) => self.cursor = (self.cursor + 1).min(end),
            (Walk::Back, false) => return,
            (Walk::Back, true) => self.cursor = self.cursor.saturating_sub(1),
            (Walk::End, _) => self.cursor = end,
        }
        self.on = true;
    }

    /// Closes the walk (the next Forward opens it at the start).
    pub fn leave(&mut self) {
        *self = SatWalk::default();
    }

    /// Keeps the position within a walk now `axes` long (the report changed).
    pub fn clamp(&mut self, axes: usize) {
        self.cursor = self.cursor.min(axes + 1);
    }

    /// The raw step: 0 the start, `axes + 1` the end.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Where the walk through `plan` (report axis indices, in walk order)
    /// stands; `Start` while closed.
    pub fn stage(&self, plan: &[usize]) -> Stage {
        match self.cursor {
            0 => Stage::Start,
            i => plan.get(i - 1).map_or(Stage::End, |&k| Stage::Axis(k)),
        }
    }

    /// The stage as its kind: what the caption talks about.
    pub fn kind(&self, axes: usize) -> StageKind {
        match self.cursor {
            0 => StageKind::Start,
            i if i <= axes => StageKind::Axis(i),
            _ => StageKind::End,
        }
    }

    /// Where the walk stands for auto-play: `at` `None` while closed;
    /// `len` the start, the axes and the end.
    pub fn at(&self, axes: usize) -> WalkAt {
        WalkAt {
            at: self.on.then_some(self.cursor.min(axes + 1)),
            len: axes + 2,
        }
    }
}

/// The step `w` leads to from `at` in a walk without a start state (GJK /
/// EPA, contact clipping, the Algorithm panel's steps, in both
/// dimensions): Home the first, End the last, Forward and Back one step
/// within the walk (Forward from no step: the first, Back: the last).
pub fn step_to(at: WalkAt, w: Walk) -> usize {
    let last = at.len.saturating_sub(1);
    match (w, at.at) {
        (Walk::Home, _) | (Walk::Forward, None) => 0,
        (Walk::End, _) | (Walk::Back, None) => last,
        (Walk::Forward, Some(k)) => (k + 1).min(last),
        (Walk::Back, Some(k)) => k.saturating_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_space_opens_the_start_and_the_walk_stops_at_both_ends() {
        let mut w = SatWalk::default();
        assert_eq!(w.at(3), WalkAt { at: None, len: 5 });
        w.step(Walk::Back, 3);
        assert!(!w.on, "Shift+Space opens nothing");
        w.step(Walk::Forward, 3);
        assert_eq!((w.on, w.kind(3)), (true, StageKind::Start));
        w.step(Walk::Forward, 3);
        assert_eq!(w.kind(3), StageKind::Axis(1));
        assert_eq!(w.stage(&[4, 0, 2]), Stage::Axis(4));
        w.step(Walk::End, 3);
        assert_eq!(w.kind(3), StageKind::End);
        assert_eq!(w.stage(&[4, 0, 2]), Stage::End);
        w.step(Walk::Forward, 3);
        assert_eq!(w.at(3).at, Some(4), "Space stays at the end");
        w.step(Walk::Back, 3);
        assert_eq!(w.kind(3), StageKind::Axis(3));
        w.step(Walk::Home, 3);
        w.step(Walk::Back, 3);
        assert_eq!(
            w.kind(3),
            StageKind::Start,
            "Shift+Space stays at the start"
        );
        w.step(Walk::End, 3);
        w.clamp(1);
        assert_eq!(w.kind(1), StageKind::End);
        w.leave();
        assert_eq!(w, SatWalk::default());
        w.step(Walk::End, 0);
        let at = |at, len| WalkAt { at, len };
        assert_eq!(step_to(at(None, 4), Walk::Forward), 0);
        assert_eq!(step_to(at(None, 4), Walk::Back), 3);
        assert_eq!(step_to(at(Some(3), 4), Walk::Forward), 3);
        assert_eq!(step_to(at(Some(0), 4), Walk::Back), 0);
        assert_eq!(step_to(at(Some(2), 0), Walk::End), 0);
        assert_eq!(
            (w.kind(0), w.at(0)),
            (
                StageKind::End,
                WalkAt {
                    at: Some(1),
                    len: 2
                }
            )
        );
    }
}
