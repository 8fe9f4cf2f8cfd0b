//! Undo and redo for field edits ([`History`]): whole snapshots of the
//! shapes, the ray, the query shape, the layers, the name and notes. A snapshot is taken before an edit (a drag takes one
//! when it first moves something, so a whole drag is one step); undo puts
//! the last one back and rebuilds the tree. Pure: no drawing, no egui.

use crate::app::field::model::FieldModel;
use crate::app::history::History;
use satlab::broad::ShapeTags;
use satlab::geom::{Ray, Shape};
use satlab::scene::SceneLayers;

/// Most steps kept.
const MAX_STEPS: usize = 100;
/// Most shapes kept over all steps (about 100 bytes each): older steps go
/// first, but the newest step is always kept.
const MAX_SHAPES: usize = 2_000_000;

/// What an edit can change.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The shapes, in index order.
    pub shapes: Vec<Shape>,
    /// Their layers and flags.
    pub tags: Vec<ShapeTags>,
    /// The ray.
    pub ray: Option<Ray>,
    /// The query shape.
    pub query: Option<Shape>,
    /// Layer names, matrix and masks (the shapes' own layers are `tags`).
    pub layers: SceneLayers,
    /// The scene's name and notes (a pasted scene brings its own).
    pub words: (String, String),
}

impl Snapshot {
    /// The editable state of `m`.
    pub fn of(m: &FieldModel) -> Snapshot {
        Snapshot {
            shapes: m.field.shapes().to_vec(),
            tags: m.field.tags().to_vec(),
            ray: m.ray.clone(),
            query: m.query.clone(),
            layers: m.layers.clone(),
            words: (m.name.clone(), m.notes.clone()),
        }
    }

    /// Puts this state into `m` (the tree is rebuilt around the shapes).
    fn restore(self, m: &mut FieldModel) {
        m.replace_shapes(self.shapes, &self.tags);
        m.ray = self.ray;
        m.query = self.query;
        m.layers = self.layers;
        (m.name, m.notes) = self.words;
    }
}

/// Field mode's undo history: the one [`History`] over snapshots, weighed
/// by their number of shapes.
#[derive(Debug, Clone)]
pub struct FieldHistory(History<Snapshot>);

impl Default for FieldHistory {
    fn default() -> Self {
        FieldHistory(History::new(MAX_STEPS, MAX_SHAPES, |s| s.shapes.len()))
    }
}

impl FieldHistory {
    /// Records `m` as it is before an edit; clears the redo stack.
    pub fn record(&mut self, m: &FieldModel) {
        self.0.record(Snapshot::of(m));
    }

    /// Steps back one edit; false when there is none.
    pub fn undo(&mut self, m: &mut FieldModel) -> bool {
        self.0.undo(Snapshot::of(m)).map(|s| s.restore(m)).is_some()
    }

    /// Steps forward one undone edit; false when there is none.
    pub fn redo(&mut self, m: &mut FieldModel) -> bool {
        self.0.redo(Snapshot::of(m)).map(|s| s.restore(m)).is_some()
    }

    /// Steps that can be undone.
    pub fn undo_len(&self) -> usize {
        self.0.depth().0
    }

    /// Steps that can be redone.
    pub fn redo_len(&self) -> usize {
        self.0.depth().1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn positions(m: &FieldModel) -> Vec<Vec2> {
        m.field
            .shapes()
            .iter()
            .map(|s| s.pose().position())
            .collect()
    }

    #[test]
    fn undo_and_redo_walk_the_edits_back_and_forth() {
        let mut m = FieldModel::starter();
        let mut h = FieldHistory::default();
        let start = positions(&m);
        let n = m.field.len();
        h.record(&m);
        let mut s = m.field.shapes()[0].clone();
        s.set_position(Vec2::new(40.0, 40.0));
        m.field.set(0, s);
        h.record(&m);
        m.field.swap_remove(1);
        assert_eq!(m.field.len(), n - 1);

        assert!(h.undo(&mut m));
        assert_eq!(m.field.len(), n);
        assert_eq!(positions(&m)[0], Vec2::new(40.0, 40.0));
        assert!(h.undo(&mut m));
        assert_eq!(positions(&m), start);
        assert!(!h.undo(&mut m));

        assert!(h.redo(&mut m));
        assert_eq!(positions(&m)[0], Vec2::new(40.0, 40.0));
        assert!(h.redo(&mut m));
        assert_eq!(m.field.len(), n - 1);
        assert!(!h.redo(&mut m));
        // The tree answers for the restored shapes.
        let (ids, _) = m.field.query_bounds(&satlab::broad::Bounds::new(
            Vec2::splat(39.0),
            Vec2::splat(41.0),
        ));
        assert_eq!(ids, vec![0]);
    }

    #[test]
    fn a_new_edit_clears_redo_and_the_ray_comes_back_too() {
        let mut m = FieldModel::starter();
        let mut h = FieldHistory::default();
        let ray = m.ray.clone();
        h.record(&m);
        m.ray = None;
        assert!(h.undo(&mut m));
        assert_eq!(m.ray, ray);
        assert_eq!(h.redo_len(), 1);
        h.record(&m);
        assert_eq!(h.redo_len(), 0);
        assert!(!h.redo(&mut m));
    }

    #[test]
    fn old_steps_are_dropped_beyond_the_limit() {
        let m = FieldModel::starter();
        let mut h = FieldHistory::default();
        for _ in 0..MAX_STEPS + 5 {
            h.record(&m);
        }
        assert_eq!(h.undo_len(), MAX_STEPS);
    }
}
