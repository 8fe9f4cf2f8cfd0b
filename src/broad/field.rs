//! Many shapes in a loose quadtree, queried broad phase first.
//!
//! Every shape has a layer and two flags ([`ShapeTags`]); every query has a
//! masked form that sees only active, enabled shapes on the mask's layers
//! (the unmasked form is the mask of every layer), and
//! [`Field::overlapping_pairs`] lists every pair of shapes that intersect and
//! whose layers collide.

use crate::broad::layers::{LayerMask, LayerMatrix, ShapeTags};
use crate::broad::quadtree::{Bounds, ItemId, LooseQuadtree, QueryStats, TreeConfig};

use crate::geom::{intersects, penetration, raycast, Penetration, Ray2, RayHit, Shape};

/// A ray hit on one shape of a field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldHit {
    /// Index of the shape in the field.
    pub index: usize,
    /// Where the ray hit it.
    pub hit: RayHit,
}

/// Two intersecting field shapes whose layers collide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldPair {
    /// The lower shape index.
    pub a: usize,
    /// The higher shape index.
    pub b: usize,
    /// Depth and MTV (applied to `b`), when asked for and defined (both
    /// shapes bounded and convex; see [`crate::geom::penetration`]).
    pub penetration: Option<Penetration>,
}

/// What a field query did: broad-phase work and narrow-phase results.
///
/// The shapes (or, for [`Field::overlapping_pairs`], the pairs) whose boxes
/// meet the query split into `filtered_by_flag`, `filtered_by_layer` and
/// `candidates`; the exact test turns candidates into `hits`. Shapes in
/// subtrees the broad phase skips whole (no usable shape on the mask's
/// layers there) are in none of the counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FieldStats {
    /// Tree nodes whose bounds were tested (see `LooseQuadtree::query_ray`).
    pub nodes_visited: u32,
    /// Shapes whose bounds passed the broad phase, layer and flags included:
    /// the exact test ran on each.
    pub candidates: u32,
    /// Shapes the exact test confirmed.
    pub hits: u32,
    /// Shapes whose bounds passed but whose layer the mask leaves out.
    pub filtered_by_layer: u32,
    /// Shapes whose bounds passed but that are inactive or disabled.
    pub filtered_by_flag: u32,
}

impl FieldStats {
    fn from_tree(st: QueryStats, hits: u32) -> FieldStats {
        FieldStats {
            nodes_visited: st.nodes_visited,
            candidates: st.candidates,
            hits,
            filtered_by_layer: st.filtered_by_layer,
            filtered_by_flag: st.filtered_by_flag,
        }
    }
}

/// A list of shapes indexed by a [`LooseQuadtree`] of their bounds.
#[derive(Debug, Clone)]
pub struct Field {
    shapes: Vec<Shape>,
    /// Layer and flags of shape `i`.
    tags: Vec<ShapeTags>,
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
            tags: Vec::new(),
            items: Vec::new(),
            owner: Vec::new(),
            tree: LooseQuadtree::new(config),
        }
    }

    /// A field holding `shapes`, in order, on the default layer, active and enabled.
    pub fn with_shapes(config: TreeConfig, shapes: impl IntoIterator<Item = Shape>) -> Field {
        let mut f = Field::new(config);
        for s in shapes {
            f.push(s);
        }
        f
    }

    /// A field holding `shapes` with their layers and flags, in order.
    pub fn with_tagged_shapes(
        config: TreeConfig,
        shapes: impl IntoIterator<Item = (Shape, ShapeTags)>,
    ) -> Field {
        let mut f = Field::new(config);
        for (s, t) in shapes {
            f.push_tagged(s, t);
        }
        f
    }

    /// The shapes, by index.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The layer and flags of each shape, by index.
    pub fn tags(&self) -> &[ShapeTags] {
        &self.tags
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

    /// Adds a shape on the default layer, active and enabled; returns its index.
    pub fn push(&mut self, s: Shape) -> usize {
        self.push_tagged(s, ShapeTags::default())
    }

    /// Adds a shape with its layer and flags; returns its index.
    pub fn push_tagged(&mut self, s: Shape, tags: ShapeTags) -> usize {
        let id = self.tree.insert_tagged(bounds_of(&s), tags);
        if self.owner.len() <= id as usize {
            self.owner.resize(id as usize + 1, u32::MAX);
        }
        self.owner[id as usize] = self.shapes.len() as u32;
        self.shapes.push(s);
        self.tags.push(tags);
        self.items.push(id);
        self.shapes.len() - 1
    }

    /// Changes the layer and flags of shape `index`; false when there is none.
    pub fn set_tags(&mut self, index: usize, tags: ShapeTags) -> bool {
        if index >= self.shapes.len() {
            return false;
        }
        self.tree.set_tags(self.items[index], tags);
        self.tags[index] = tags;
        true
    }

    /// Removes shape `index`; the last shape takes its index (with its layer
    /// and flags). Returns it.
    pub fn swap_remove(&mut self, index: usize) -> Option<Shape> {
        if index >= self.shapes.len() {
            return None;
        }
        self.tree.remove(self.items[index]);
        self.tags.swap_remove(index);
        let s = self.shapes.swap_remove(index);
        self.items.swap_remove(index);
        if let Some(&moved) = self.items.get(index) {
            self.owner[moved as usize] = index as u32;
        }
        Some(s)
    }

    /// Replaces shape `index` (moved, turned or reshaped); the tree follows,
    /// and the shape keeps its layer and flags.
    pub fn set(&mut self, index: usize, s: Shape) -> bool {
        if index >= self.shapes.len() {
            return false;
        }
        self.tree.update(self.items[index], bounds_of(&s));
        self.shapes[index] = s;
        true
    }

    /// Indices of every shape whose bounds meet `query`, in increasing
    /// order, whatever its layer and flags (for drawing and picking).
    pub fn shapes_in_bounds(&mut self, query: &Bounds) -> Vec<usize> {
        let mut out = Vec::new();
        let owner = &self.owner;
        self.tree
            .query_bounds(query, |id, _| out.push(owner[id as usize] as usize));
        out.sort_unstable();
        out
    }

    /// Indices of the usable shapes whose bounds meet `query`, in increasing
    /// order; [`Field::query_bounds_masked`] with every layer.
    pub fn query_bounds(&mut self, query: &Bounds) -> (Vec<usize>, FieldStats) {
        self.query_bounds_masked(query, LayerMask::ALL)
    }

    /// Indices of the active, enabled shapes on a layer of `mask` whose
    /// bounds meet `query`, in increasing order.
    pub fn query_bounds_masked(
        &mut self,
        query: &Bounds,
        mask: LayerMask,
    ) -> (Vec<usize>, FieldStats) {
        let mut out = Vec::new();
        let owner = &self.owner;
        let st = self
            .tree
            .query_bounds_masked(query, mask, |id, _| out.push(owner[id as usize] as usize));
        out.sort_unstable();
        let hits = out.len() as u32;
        (out, FieldStats::from_tree(st, hits))
    }

    /// [`Field::query_shape_masked`] with every layer.
    pub fn query_shape(&mut self, query: &Shape) -> (Vec<usize>, FieldStats) {
        self.query_shape_masked(query, LayerMask::ALL)
    }

    /// Indices of the active, enabled shapes on a layer of `mask` that
    /// intersect `query` (for instance a sector attack area that hits only
    /// enemies), in increasing order: bounds, layer and flags first, then the
    /// exact test.
    pub fn query_shape_masked(
        &mut self,
        query: &Shape,
        mask: LayerMask,
    ) -> (Vec<usize>, FieldStats) {
        let (cands, mut st) = self.query_bounds_masked(&bounds_of(query), mask);
        let out: Vec<usize> = cands
            .into_iter()
            .filter(|&i| intersects(query, &self.shapes[i]))
            .collect();
        st.hits = out.len() as u32;
        (out, st)
    }

    /// [`Field::raycast_all_masked`] with every layer.
    pub fn raycast_all(&mut self, ray: &Ray2) -> (Vec<FieldHit>, FieldStats) {
        self.raycast_all_masked(ray, LayerMask::ALL)
    }

    /// Every active, enabled shape on a layer of `mask` that the ray hits,
    /// sorted by `t` (then by index).
    pub fn raycast_all_masked(
        &mut self,
        ray: &Ray2,
        mask: LayerMask,
    ) -> (Vec<FieldHit>, FieldStats) {
        let mut out = Vec::new();
        let (shapes, owner) = (&self.shapes, &self.owner);
        let st = self
            .tree
            .query_ray_masked(ray.origin, ray.dir, ray.max_t, mask, |id, _| {
                let index = owner[id as usize] as usize;
                if let Some(hit) = raycast(ray, &shapes[index]) {
                    out.push(FieldHit { index, hit });
                }
            });
        out.sort_by(|a, b| a.hit.t.total_cmp(&b.hit.t).then(a.index.cmp(&b.index)));
        let hits = out.len() as u32;
        (out, FieldStats::from_tree(st, hits))
    }

    /// [`Field::raycast_first_masked`] with every layer.
    pub fn raycast_first(&mut self, ray: &Ray2) -> (Option<FieldHit>, FieldStats) {
        self.raycast_first_masked(ray, LayerMask::ALL)
    }

    /// The first active, enabled shape on a layer of `mask` that the ray hits
    /// (smallest `t`, then smallest index): shapes on other layers do not
    /// stop it. Nodes are visited nearest first and pruned beyond the best
    /// hit so far.
    pub fn raycast_first_masked(
        &mut self,
        ray: &Ray2,
        mask: LayerMask,
    ) -> (Option<FieldHit>, FieldStats) {
        let mut best: Option<FieldHit> = None;
        let (shapes, owner) = (&self.shapes, &self.owner);
        let st =
            self.tree
                .query_ray_nearest_masked(ray.origin, ray.dir, ray.max_t, mask, |id, _| {
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

    /// Every pair of active, enabled shapes that intersect and whose layers
    /// collide in `matrix`, as `(a, b)` with `a < b`, sorted by `a` then `b`;
    /// with their penetration when `with_penetration` is true.
    ///
    /// The tree's self-join ([`LooseQuadtree::self_join`]: pairs of meeting
    /// boxes, subtrees without a layer a shape's matrix row names skipped),
    /// then the exact test. The counters count pairs: `candidates` had the
    /// exact test, `filtered_by_layer` and `filtered_by_flag` were dropped
    /// before it (their boxes meet), `hits` intersect.
    pub fn overlapping_pairs(
        &mut self,
        matrix: &LayerMatrix,
        with_penetration: bool,
    ) -> (Vec<FieldPair>, FieldStats) {
        let mut cands: Vec<(u32, u32)> = Vec::new();
        let owner = &self.owner;
        let st = self.tree.self_join(matrix, |x, y| {
            let (i, j) = (owner[x as usize], owner[y as usize]);
            cands.push((i.min(j), i.max(j)));
        });
        let mut stats = FieldStats::from_tree(st, 0);
        stats.candidates = cands.len() as u32;
        cands.sort_unstable();
        let shapes = &self.shapes;
        let out: Vec<FieldPair> = cands
            .into_iter()
            .filter_map(|(a, b)| {
                let (sa, sb) = (&shapes[a as usize], &shapes[b as usize]);
                intersects(sa, sb).then(|| FieldPair {
                    a: a as usize,
                    b: b as usize,
                    penetration: if with_penetration {
                        penetration(sa, sb)
                    } else {
                        None
                    },
                })
            })
            .collect();
        stats.hits = out.len() as u32;
        (out, stats)
    }
}
