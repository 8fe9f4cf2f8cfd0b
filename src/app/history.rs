//! Undo and redo of scene edits.
//!
//! Edits are not recorded one by one: each frame the app calls
//! [`History::settle`] with the current scene and whether the user is in the
//! middle of something (a button held, a text field focused). When the
//! scene differs from the last settled one and the user is not busy, the
//! settled scene becomes one undo step. So a whole drag, a whole slider
//! gesture or a whole text edit is one step.

use satlab::scene::Scene;

/// How many steps are kept.
const LIMIT: usize = 500;

/// The undo and redo stacks.
#[derive(Debug, Clone)]
pub struct History {
    settled: Scene,
    undo: Vec<Scene>,
    redo: Vec<Scene>,
}

impl History {
    /// A history starting at `scene`, with nothing to undo.
    pub fn new(scene: &Scene) -> History {
        History {
            settled: scene.clone(),
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Forgets everything and starts again at `scene` (after opening a file).
    pub fn reset(&mut self, scene: &Scene) {
        *self = History::new(scene);
    }

    /// Records `current` as a step when it changed and the user is not busy.
    pub fn settle(&mut self, current: &Scene, busy: bool) {
        if busy || *current == self.settled {
            return;
        }
        let before = std::mem::replace(&mut self.settled, current.clone());
        self.undo.push(before);
        if self.undo.len() > LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Steps back; `current` is first settled so an unfinished edit is not lost.
    pub fn undo(&mut self, current: &mut Scene) -> bool {
        self.settle(current, false);
        match self.undo.pop() {
            Some(prev) => {
                self.redo.push(std::mem::replace(&mut self.settled, prev));
                *current = self.settled.clone();
                true
            }
            None => false,
        }
    }

    /// Steps forward again.
    pub fn redo(&mut self, current: &mut Scene) -> bool {
        self.settle(current, false);
        match self.redo.pop() {
            Some(next) => {
                self.undo.push(std::mem::replace(&mut self.settled, next));
                *current = self.settled.clone();
                true
            }
            None => false,
        }
    }

    /// Steps available: (undo, redo).
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;
    use satlab::geom::{Circle, Pose, Shape};

    fn scene(x: f32) -> Scene {
        let c = |x| Shape::Circle(Circle::new(Pose::at(Vec2::new(x, 0.0)), 1.0).unwrap());
        Scene {
            name: String::new(),
            notes: String::new(),
            a: c(0.0),
            b: c(x),
            view: None,
            expect: None,
        }
    }

    #[test]
    fn a_whole_drag_is_one_step() {
        let mut s = scene(5.0);
        let mut h = History::new(&s);
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
        let mut h = History::new(&s);
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
}
