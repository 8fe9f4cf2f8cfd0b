//! Undo and redo, one history for every mode (after egui's `Undoer`).
//!
//! [`History`] keeps the stacks of whole states; a mode records the state
//! before an edit ([`History::record`]). [`Settled`] wraps it for modes whose
//! edits are not seen one by one: each frame the mode calls
//! [`Settled::settle`] with the current state and whether the user is in the
//! middle of something (a button held, a text field focused); when the state
//! differs from the last settled one and the user is not busy, the settled
//! state becomes one undo step. So a whole drag, a whole slider gesture or a
//! whole text edit is one step.

/// Undo and redo stacks of states `T`, bounded by a number of steps and by
/// a total weight (older steps go first; the newest step is always kept).
#[derive(Debug, Clone)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
    max_steps: usize,
    max_weight: usize,
    weigh: fn(&T) -> usize,
}

impl<T> History<T> {
    /// An empty history keeping at most `max_steps` steps whose weights
    /// (`weigh`, for example a number of shapes) add up to at most `max_weight`.
    pub fn new(max_steps: usize, max_weight: usize, weigh: fn(&T) -> usize) -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            max_steps,
            max_weight,
            weigh,
        }
    }

    /// Records `before`, the state before an edit; clears the redo stack.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        self.redo.clear();
        let weigh = self.weigh;
        let mut total: usize = self.undo.iter().map(weigh).sum();
        while self.undo.len() > 1 && (self.undo.len() > self.max_steps || total > self.max_weight) {
            total -= weigh(&self.undo.remove(0));
        }
    }

    /// The state one step back, given the `current` one (which redo brings
    /// back); `None` when there is nothing to undo.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let prev = self.undo.pop()?;
        self.redo.push(current);
        Some(prev)
    }

    /// The state one undone step forward, given the `current` one.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let next = self.redo.pop()?;
        self.undo.push(current);
        Some(next)
    }

    /// Steps available: (undo, redo).
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

/// A [`History`] that finds its steps by comparing states once the user
/// settles (see the module doc).
#[derive(Debug, Clone)]
pub struct Settled<T> {
    settled: T,
    history: History<T>,
}

impl<T: Clone + PartialEq> Settled<T> {
    /// A history starting at `state`, keeping at most `max_steps` steps.
    pub fn new(state: &T, max_steps: usize) -> Settled<T> {
        Settled {
            settled: state.clone(),
            history: History::new(max_steps, usize::MAX, |_| 0),
        }
    }

    /// Forgets everything and starts again at `state` (after opening a file).
    pub fn reset(&mut self, state: &T) {
        let steps = self.history.max_steps;
        *self = Settled::new(state, steps);
    }

    /// Records `current` as a step when it changed and the user is not busy.
    pub fn settle(&mut self, current: &T, busy: bool) {
        if busy || *current == self.settled {
            return;
        }
        let before = std::mem::replace(&mut self.settled, current.clone());
        self.history.record(before);
    }

    /// Steps back; `current` is first settled so an unfinished edit is not lost.
    pub fn undo(&mut self, current: &mut T) -> bool {
        self.settle(current, false);
        self.walk(current, History::undo)
    }

    /// Steps forward again.
    pub fn redo(&mut self, current: &mut T) -> bool {
        self.settle(current, false);
        self.walk(current, History::redo)
    }

    fn walk(&mut self, current: &mut T, step: fn(&mut History<T>, T) -> Option<T>) -> bool {
        match step(&mut self.history, self.settled.clone()) {
            Some(s) => {
                self.settled = s;
                *current = self.settled.clone();
                true
            }
            None => false,
        }
    }

    /// Steps available: (undo, redo).
    pub fn depth(&self) -> (usize, usize) {
        self.history.depth()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;
    use satlab::geom::{Circle, Pose, Shape};
    use satlab::scene::Scene;

    fn scene(x: f32) -> Scene {
        let c = |x| Shape::Circle(Circle::new(Pose::at(Vec2::new(x, 0.0)), 1.0).unwrap());
        Scene {
            name: String::new(),
            notes: String::new(),
            a: c(0.0),
            b: c(x),
            view: None,
            motion: None,
            expect: None,
            contact_tolerance: None,
        }
    }

    #[test]
    fn a_whole_drag_is_one_step() {
        let mut s = scene(5.0);
        let mut h = Settled::new(&s, 500);
        for k in 0..10 {
            s = scene(5.0 - k as f32 * 0.3);
            h.settle(&s, true);
        }
        h.settle(&s, false);
        assert_eq!(h.depth(), (1, 0));
        assert!(h.undo(&mut s));
        assert_eq!(s, scene(5.0));
        assert!(h.redo(&mut s));
        assert_eq!(s, scene(5.0 - 9.0 * 0.3));
        assert!(!h.redo(&mut s));
    }

    #[test]
    fn new_edit_clears_redo_and_unsettled_edits_are_undone() {
        let mut s = scene(5.0);
        let mut h = Settled::new(&s, 500);
        s = scene(4.0);
        h.settle(&s, false);
        h.undo(&mut s);
        s = scene(3.0);
        h.settle(&s, false);
        assert_eq!(h.depth(), (1, 0));
        s = scene(2.0); // not yet settled (e.g. a key nudge this frame)
        assert!(h.undo(&mut s));
        assert_eq!(s, scene(3.0));
    }

    #[test]
    fn steps_and_weight_are_bounded_but_the_newest_step_stays() {
        let mut h: History<Vec<u8>> = History::new(3, 10, Vec::len);
        for n in 1..=5 {
            h.record(vec![0; n]);
        }
        assert_eq!(h.depth(), (2, 0), "4 + 5 is under 10, 3 + 4 + 5 is not");
        h.record(vec![0; 50]);
        assert_eq!(h.depth(), (1, 0), "the newest step is kept even when heavy");
        let mut h: History<u8> = History::new(3, usize::MAX, |_| 1);
        for n in 0..6 {
            h.record(n);
        }
        assert_eq!(h.depth(), (3, 0));
        assert_eq!(h.undo(9), Some(5));
        assert_eq!(h.redo(5), Some(9));
    }
}
