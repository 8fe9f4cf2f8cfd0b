//! Many shapes in a loose quadtree, queried broad phase first.

use crate::broad::quadtree::{Bounds, ItemId, LooseQuadtree, QueryStats, TreeConfig};
use crate::geom::{intersects, raycast, Ray2, RayHit, Shape};

/// A ray hit on one shape of a field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldHit {
    /// Index of the shape in the field.
    pub index: usize,
    /// Where the ray hit it.
    pub hit: RayHit,
}

/// What a field query did: broad-phase work and narrow-phase results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FieldStats {
    /// Tree nodes whose bounds were tested (see `LooseQuadtree::query_ray`).
    pub nodes_visited: u32,
    /// Shapes whose bounds passed the broad phase.
    pub candidates: u32,
    /// Shapes the exact test confirmed.
    pub hits: u32,
}

impl FieldStats {
    fn from_tree(st: QueryStats, hits: u32) -> FieldStats {
        FieldStats {
            nodes_visited: st.nodes_visited,
            candidates: st.candidates,
            hits,
        }
    }
}

/// A list of shapes indexed by a [`LooseQuadtree`] of their bounds.
#[derive(Debug, Clone)]
pub struct Field {
    shapes: Vec<Shape>,
    /// Tree item of shape `i`.
    items: Vec<ItemId>,
    /// Shape index of tree item `id`.
    owner: Vec<u32>,
    tree: LooseQuadtree,
}

fn bounds_of(s: &Shape) -> Bounds {
    let (min, max) = s.bounds();
    Bounds::new(min, max)
}

impl Field {
    /// An empty field.
    pub fn new(config: TreeConfig) -> Field {
        Field {
            shapes: Vec::new(),
            items: Vec::new(),
            owner: Vec::new(),
            tree: LooseQuadtree::new(config),
        }
    }

    /// A field holding `shapes`, in order.
    pub fn with_shapes(config: TreeConfig, shapes: impl IntoIterator<Item = Shape>) -> Field {
        let mut f = Field::new(config);
        for s in shapes {
            f.push(s);
        }
        f
    }

    /// The shapes, by index.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The tree, for drawing its cells.
    pub fn tree(&self) -> &LooseQuadtree {
        &self.tree
    }

    /// Number of shapes.
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// True when there is no shape.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// Adds a shape; returns its index.
    pub fn push(&mut self, s: Shape) -> usize {
        let id = self.tree.insert(bounds_of(&s));
        if self.owner.len() <= id as usize {
            self.owner.resize(id as usize + 1, u32::MAX);
        }
        self.owner[id as usize] = self.shapes.len() as u32;
        self.shapes.push(s);
        self.items.push(id);
        self.shapes.len() - 1
    }

    /// Removes shape `index`; the last shape takes its index. Returns it.
    pub fn swap_remove(&mut self, index: usize) -> Option<Shape> {
        if index >= self.shapes.len() {
            return None;
        }
        self.tree.remove(self.items[index]);
        let s = self.shapes.swap_remove(index);
        self.items.swap_remove(index);
        if let Some(&moved) = self.items.get(index) {
            self.owner[moved as usize] = index as u32;
        }
        Some(s)
    }

    /// Replaces shape `index` (moved, turned or reshaped); the tree follows.
    pub fn set(&mut self, index: usize, s: Shape) -> bool {
        if index >= self.shapes.len() {
            return false;
        }
        self.tree.update(self.items[index], bounds_of(&s));
        self.shapes[index] = s;
        true
    }

    /// Indices of the shapes whose bounds meet `query`, in increasing order.
    pub fn query_bounds(&mut self, query: &Bounds) -> (Vec<usize>, FieldStats) {
        let mut out = Vec::new();
        let owner = &self.owner;
        let st = self
            .tree
            .query_bounds(query, |id, _| out.push(owner[id as usize] as usize));
        out.sort_unstable();
        let hits = out.len() as u32;
        (out, FieldStats::from_tree(st, hits))
    }

    /// Indices of the shapes that intersect `query` (for instance a sector
    /// attack area), in increasing order: bounds first, then the exact test.
    pub fn query_shape(&mut self, query: &Shape) -> (Vec<usize>, FieldStats) {
        let (cands, mut st) = self.query_bounds(&bounds_of(query));
        let out: Vec<usize> = cands
            .into_iter()
            .filter(|&i| intersects(query, &self.shapes[i]))
            .collect();
        st.hits = out.len() as u32;
        (out, st)
    }

    /// Every shape the ray hits, sorted by `t` (then by index).
    pub fn raycast_all(&mut self, ray: &Ray2) -> (Vec<FieldHit>, FieldStats) {
        let mut out = Vec::new();
        let (shapes, owner) = (&self.shapes, &self.owner);
        let st = self
            .tree
            .query_ray(ray.origin, ray.dir, ray.max_t, |id, _| {
                let index = owner[id as usize] as usize;
                if let Some(hit) = raycast(ray, &shapes[index]) {
                    out.push(FieldHit { index, hit });
                }
            });
        out.sort_by(|a, b| a.hit.t.total_cmp(&b.hit.t).then(a.index.cmp(&b.index)));
        let hits = out.len() as u32;
        (out, FieldStats::from_tree(st, hits))
    }

    /// The first shape the ray hits (smallest `t`, then smallest index).
    /// Nodes are visited nearest first and pruned beyond the best hit so far.
    pub fn raycast_first(&mut self, ray: &Ray2) -> (Option<FieldHit>, FieldStats) {
        let mut best: Option<FieldHit> = None;
        let (shapes, owner) = (&self.shapes, &self.owner);
        let st = self
            .tree
            .query_ray_nearest(ray.origin, ray.dir, ray.max_t, |id, _| {
                let index = owner[id as usize] as usize;
                if let Some(hit) = raycast(ray, &shapes[index]) {
                    let better = match &best {
                        None => true,
                        Some(b) => hit.t < b.hit.t || (hit.t == b.hit.t && index < b.index),
                    };
                    if better {
                        best = Some(FieldHit { index, hit });
                    }
                }
                best.map_or(ray.max_t, |b| b.hit.t)
            });
        let hits = best.is_some() as u32;
        (best, FieldStats::from_tree(st, hits))
    }
}
