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
use std::collections::BinaryHeap;

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

/// A shape's bounds grown by the contact tolerance: shapes that touch
/// within it (and so intersect) can have bounds up to that far apart, and
/// the broad phase must not prune them (issue 25's soak found such a
/// circle resting on a box, 1e-5 apart).
fn bounds_of(s: &Shape) -> Bounds {
    let (min, max) = s.bounds();
    let t = crate::geom::Vec2::splat(crate::geom::CONTACT_TOLERANCE);
    Bounds::new(min - t, max + t)
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
    /// [`Field::overlapping_pairs_first`] without a limit: memory grows with
    /// the number of pairs (n coincident shapes make n(n-1)/2), so code that
    /// reads user files should list a bounded number instead.
    pub fn overlapping_pairs(
        &mut self,
        matrix: &LayerMatrix,
        with_penetration: bool,
    ) -> (Vec<FieldPair>, FieldStats) {
        let (list, stats) = self.overlapping_pairs_first(matrix, with_penetration, usize::MAX);
        (list.pairs, stats)
    }

    /// The first `limit` pairs of [`Field::overlapping_pairs`] (in its
    /// order) and how many pairs there are in all, in memory that grows
    /// with `limit`, not with the number of pairs.
    ///
    /// The tree's self-join ([`LooseQuadtree::self_join`]: pairs of meeting
    /// boxes, subtrees without a layer a shape's matrix row names skipped)
    /// streams candidates into the exact test; each hit is counted and kept
    /// in a max-heap of the `limit` smallest; penetration is computed for
    /// the kept pairs only. The counters count pairs: `candidates` had the
    /// exact test, `filtered_by_layer` and `filtered_by_flag` were dropped
    /// before it (their boxes meet), `hits` intersect (saturating at
    /// `u32::MAX`; [`PairList::total`] is exact).
    pub fn overlapping_pairs_first(
        &mut self,
        matrix: &LayerMatrix,
        with_penetration: bool,
        limit: usize,
    ) -> (PairList, FieldStats) {
        let mut kept: BinaryHeap<(u32, u32)> = BinaryHeap::new();
        let mut total = 0u64;
        let (owner, shapes) = (&self.owner, &self.shapes);
        let st = self.tree.self_join(matrix, |x, y| {
            let (i, j) = (owner[x as usize], owner[y as usize]);
            let (a, b) = (i.min(j), i.max(j));
            if !intersects(&shapes[a as usize], &shapes[b as usize]) {
                return;
            }
            total += 1;
            if kept.len() < limit {
                kept.push((a, b));
            } else if kept.peek().is_some_and(|&top| (a, b) < top) {
                kept.pop();
                kept.push((a, b));
            }
        });
        let stats = FieldStats::from_tree(st, u32::try_from(total).unwrap_or(u32::MAX));
        let pairs = kept
            .into_sorted_vec()
            .into_iter()
            .map(|(a, b)| {
                let (sa, sb) = (&shapes[a as usize], &shapes[b as usize]);
                FieldPair {
                    a: a as usize,
                    b: b as usize,
                    penetration: with_penetration.then(|| penetration(sa, sb)).flatten(),
                }
            })
            .collect();
        (PairList { pairs, total }, stats)
    }

    /// Shapes `a` and `b` as a pair of [`Field::overlapping_pairs`] (`a < b`),
    /// or `None` when that list does not hold them: the same tests one by
    /// one, so a listed prefix can be checked against any expected pair.
    pub fn pair(
        &self,
        a: usize,
        b: usize,
        matrix: &LayerMatrix,
        with_penetration: bool,
    ) -> Option<FieldPair> {
        if a >= b {
            return None;
        }
        let (sa, sb) = (self.shapes.get(a)?, self.shapes.get(b)?);
        let (ta, tb) = (self.tags.get(a)?, self.tags.get(b)?);
        let boxes = self.tree.bounds(self.items[a])?;
        let meet = boxes.overlaps(&self.tree.bounds(self.items[b])?);
        let usable = ta.usable() && tb.usable() && matrix.collides(ta.layer, tb.layer);
        (usable && meet && intersects(sa, sb)).then(|| FieldPair {
            a,
            b,
            penetration: with_penetration.then(|| penetration(sa, sb)).flatten(),
        })
    }
}

/// The first pairs of a bounded pair search and how many there are.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PairList {
    /// The first pairs, sorted by `a` then `b`.
    pub pairs: Vec<FieldPair>,
    /// How many pairs there are in all (listed or not).
    pub total: u64,
}

impl PairList {
    /// How many pairs are not listed.
    pub fn more(&self) -> u64 {
        self.total.saturating_sub(self.pairs.len() as u64)
    }

    /// True when there is no pair at all.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// True when every pair is listed.
    pub fn is_complete(&self) -> bool {
        self.more() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broad::Layer;
    use crate::geom::{Circle, Pose, Vec2};

    fn disc(x: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::at(Vec2::new(x, 0.0)), 1.0).unwrap())
    }

    /// `n` discs along x, `gap` apart, every other one on layer 1.
    fn row(n: usize, gap: f32) -> Field {
        let tagged = (0..n).map(|i| {
            let tags = ShapeTags::on(Layer::new(i % 2).unwrap());
            (disc(i as f32 * gap), tags)
        });
        Field::with_tagged_shapes(TreeConfig::default(), tagged)
    }

    #[test]
    fn a_limited_listing_is_the_first_pairs_and_counts_the_rest() {
        let mut matrix = LayerMatrix::ALL;
        matrix.set(Layer::new(1).unwrap(), Layer::new(1).unwrap(), false);
        for (n, gap) in [(40, 0.0), (60, 0.7), (9, 5.0)] {
            let mut field = row(n, gap);
            let (all, all_stats) = field.overlapping_pairs(&matrix, true);
            for limit in [0, 1, 7, all.len(), all.len() + 3] {
                let (list, stats) = field.overlapping_pairs_first(&matrix, true, limit);
                assert_eq!(list.total, all.len() as u64, "n {n} limit {limit}");
                assert_eq!(list.pairs[..], all[..limit.min(all.len())]);
                assert_eq!(list.more(), all.len().saturating_sub(limit) as u64);
                assert_eq!(list.is_complete(), limit >= all.len());
                assert_eq!(stats, all_stats);
            }
        }
    }

    #[test]
    fn coincident_discs_make_every_pair_the_matrix_allows() {
        let mut field = row(100, 0.0);
        let (list, stats) = field.overlapping_pairs_first(&LayerMatrix::ALL, false, 10);
        assert_eq!(list.total, 100 * 99 / 2);
        assert_eq!(stats.hits, 100 * 99 / 2);
        let firsts: Vec<(usize, usize)> = list.pairs.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(firsts, (1..=10).map(|b| (0, b)).collect::<Vec<_>>());
        let mut only_across = LayerMatrix::NONE;
        only_across.set(Layer::new(0).unwrap(), Layer::new(1).unwrap(), true);
        let (list, _) = field.overlapping_pairs_first(&only_across, false, 3);
        assert_eq!(list.total, 50 * 50);
        let firsts: Vec<(usize, usize)> = list.pairs.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(firsts, [(0, 1), (0, 3), (0, 5)]);
    }

    #[test]
    fn one_pair_is_tested_as_the_listing_tests_it() {
        let mut field = row(30, 1.5);
        let mut matrix = LayerMatrix::ALL;
        matrix.set(Layer::new(0).unwrap(), Layer::new(0).unwrap(), false);
        field.set_tags(
            3,
            ShapeTags {
                active: false,
                ..ShapeTags::default()
            },
        );
        let (all, _) = field.overlapping_pairs(&matrix, true);
        let mut one_by_one = Vec::new();
        for a in 0..31 {
            for b in 0..31 {
                one_by_one.extend(field.pair(a, b, &matrix, true));
            }
        }
        assert!(!all.is_empty());
        assert_eq!(one_by_one, all);
    }
}
