//! A loose quadtree over axis-aligned bounding boxes.
//!
//! Each node owns a square cell; its *loose* bounds are the cell grown about
//! its centre by the looseness factor (default 2, as in Thatcher Ulrich's
//! "Loose octrees", Game Programming Gems, 2000). An item lives in the
//! deepest node whose loose bounds contain its whole box and whose cell
//! contains its centre, so items never straddle nodes and moving one rarely
//! changes its node. A leaf splits when it holds more than the split
//! threshold and is above the maximum depth. Every node counts the items in
//! its subtree, so queries skip empty subtrees, and keeps a *tight* box
//! around the items of its subtree (never larger than its loose bounds,
//! except at the root, which also holds items outside every cell); queries
//! prune nodes with that box. It grows when an item arrives and is cleared
//! when the subtree empties, but does not shrink when an item leaves, so it
//! stays a safe (if sometimes roomy) bound.
//!
//! Every item also carries a layer and a usable flag ([`ShapeTags`]); each
//! node keeps the union of the layers of the usable items in its subtree
//! (exact: recomputed up the tree when an item leaves), so masked queries
//! skip whole subtrees that hold nothing they may see.

use crate::broad::layers::{LayerMask, LayerMatrix, ShapeTags};
use glam::Vec2;

/// An axis-aligned box `[min, max]`, world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Lower-left corner.
    pub min: Vec2,
    /// Upper-right corner.
    pub max: Vec2,
}

impl Bounds {
    /// The empty box (min above max): overlaps nothing, and is the identity
    /// of [`Bounds::union`].
    pub const EMPTY: Bounds = Bounds {
        min: Vec2::splat(f32::INFINITY),
        max: Vec2::splat(f32::NEG_INFINITY),
    };

    /// The box `[min, max]`.
    pub fn new(min: Vec2, max: Vec2) -> Bounds {
        Bounds { min, max }
    }

    /// The smallest box holding both.
    #[inline]
    pub fn union(&self, o: &Bounds) -> Bounds {
        Bounds {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }

    /// True when the boxes share a point (closed boxes).
    #[inline]
    pub fn overlaps(&self, o: &Bounds) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }

    /// True when `o` lies wholly inside `self`.
    #[inline]
    pub fn contains(&self, o: &Bounds) -> bool {
        self.min.x <= o.min.x
            && self.min.y <= o.min.y
            && o.max.x <= self.max.x
            && o.max.y <= self.max.y
    }

    /// Centre point.
    #[inline]
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Slab test (Kay and Kajiya 1986): the parameter interval `[t0, t1]`
    /// within `[0, max_t]` where `origin + t dir` is inside, if any.
    #[inline]
    pub fn ray_interval(&self, origin: Vec2, inv_dir: Vec2, max_t: f32) -> Option<(f32, f32)> {
        let mut t0 = 0.0f32;
        let mut t1 = max_t;
        for (o, inv, lo, hi) in [
            (origin.x, inv_dir.x, self.min.x, self.max.x),
            (origin.y, inv_dir.y, self.min.y, self.max.y),
        ] {
            if inv.is_infinite() {
                // Parallel to this slab: inside it or never.
                if o < lo || o > hi {
                    return None;
                }
                continue;
            }
            let (a, b) = ((lo - o) * inv, (hi - o) * inv);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
            if t0 > t1 {
                return None;
            }
        }
        Some((t0, t1))
    }
}

/// Settings of a [`LooseQuadtree`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TreeConfig {
    /// The root cell, a square (other boxes are placed in the root).
    pub root_center: Vec2,
    /// Half the side of the root cell.
    pub root_half_size: f32,
    /// How much a node's loose bounds exceed its cell (≥ 1; 2 by default).
    pub looseness: f32,
    /// Deepest level (the root is level 0).
    pub max_depth: u8,
    /// A leaf holding more items than this splits.
    pub split_threshold: usize,
}

impl Default for TreeConfig {
    fn default() -> Self {
        TreeConfig {
            root_center: Vec2::ZERO,
            root_half_size: 1024.0,
            looseness: 2.0,
            max_depth: 10,
            split_threshold: 32,
        }
    }
}

/// A handle to an item in the tree, valid until the item is removed.
pub type ItemId = u32;

const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
struct Node {
    center: Vec2,
    half: f32,
    loose: Bounds,
    /// A box around every item in this subtree ([`Bounds::EMPTY`] when none).
    tight: Bounds,
    depth: u8,
    /// Index of the first of four children, or `NONE` for a leaf.
    children: u32,
    /// Items with their boxes (kept here so scans stay in one cache line run).
    items: Vec<Entry>,
    /// Items in this node and below.
    count: u32,
    /// Union of the layer bits of the usable items in this node and below.
    usable_layers: u32,
    parent: u32,
}

/// An item as a node stores it.
#[derive(Debug, Clone, Copy)]
struct Entry {
    id: ItemId,
    bounds: Bounds,
    /// The item's layer bit.
    layer_bit: u32,
    /// Active and enabled.
    usable: bool,
}

impl Entry {
    /// The bits this item adds to its node's `usable_layers`.
    #[inline]
    fn usable_bits(&self) -> u32 {
        if self.usable {
            self.layer_bit
        } else {
            0
        }
    }
}

/// What a query lets through: `None` lets every item through; `Some(mask)`
/// only usable items on a layer of `mask`.
type Filter = Option<u32>;

/// Counts and applies the filter to one item whose box passed.
#[inline]
fn admit(e: &Entry, filter: Filter, stats: &mut QueryStats) -> bool {
    let Some(mask) = filter else {
        return true;
    };
    if !e.usable {
        stats.filtered_by_flag += 1;
        false
    } else if e.layer_bit & mask == 0 {
        stats.filtered_by_layer += 1;
        false
    } else {
        true
    }
}

#[derive(Debug, Clone, Copy)]
struct Slot {
    bounds: Bounds,
    tags: ShapeTags,
    node: u32,
    /// Position in the node's item list; `NONE` when the slot is free.
    index: u32,
}

/// What a query visited, for the view's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueryStats {
    /// Nodes whose bounds were tested.
    pub nodes_visited: u32,
    /// Items whose boxes passed the broad phase and that the filter let
    /// through (all of them in an unfiltered query).
    pub candidates: u32,
    /// Items whose boxes passed but whose layer is not in the mask (masked
    /// queries; items in subtrees skipped whole are not counted).
    pub filtered_by_layer: u32,
    /// Items whose boxes passed but that are inactive or disabled (masked
    /// queries; items in subtrees skipped whole are not counted).
    pub filtered_by_flag: u32,
}

/// A loose quadtree of item boxes. See the module docs.
#[derive(Debug, Clone)]
pub struct LooseQuadtree {
    config: TreeConfig,
    nodes: Vec<Node>,
    slots: Vec<Slot>,
    free: Vec<ItemId>,
    /// Scratch stack for traversals.
    stack: Vec<u32>,
    /// Scratch heap for nearest-first traversals.
    heap: std::collections::BinaryHeap<NodeEntry>,
    /// Nodes visited by the last query, in visiting order (for drawing).
    visited: Vec<u32>,
}

impl LooseQuadtree {
    /// An empty tree. `looseness` is clamped to at least 1 and the root half
    /// size to a positive value.
    pub fn new(mut config: TreeConfig) -> LooseQuadtree {
        config.looseness = config.looseness.max(1.0);
        if !(config.root_half_size > 0.0 && config.root_half_size.is_finite()) {
            config.root_half_size = 1.0;
        }
        let mut t = LooseQuadtree {
            config,
            nodes: Vec::new(),
            slots: Vec::new(),
            free: Vec::new(),
            stack: Vec::new(),
            heap: Default::default(),
            visited: Vec::new(),
        };
        t.nodes
            .push(t.make_node(config.root_center, config.root_half_size, 0, NONE));
        t
    }

    /// The settings.
    pub fn config(&self) -> &TreeConfig {
        &self.config
    }

    fn make_node(&self, center: Vec2, half: f32, depth: u8, parent: u32) -> Node {
        let lh = half * self.config.looseness;
        Node {
            center,
            half,
            loose: Bounds::new(center - Vec2::splat(lh), center + Vec2::splat(lh)),
            tight: Bounds::EMPTY,
            depth,
            children: NONE,
            items: Vec::new(),
            count: 0,
            usable_layers: 0,
            parent,
        }
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.nodes[0].count as usize
    }

    /// True when the tree holds no item.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The box of an item.
    pub fn bounds(&self, id: ItemId) -> Option<Bounds> {
        let s = self.slots.get(id as usize)?;
        (s.index != NONE).then_some(s.bounds)
    }

    /// The layer and flags of an item.
    pub fn tags(&self, id: ItemId) -> Option<ShapeTags> {
        let s = self.slots.get(id as usize)?;
        (s.index != NONE).then_some(s.tags)
    }

    /// Adds an item with box `b` on the default layer, active and enabled,
    /// and returns its id.
    pub fn insert(&mut self, b: Bounds) -> ItemId {
        self.insert_tagged(b, ShapeTags::default())
    }

    /// Adds an item with box `b`, layer and flags `tags`; returns its id.
    pub fn insert_tagged(&mut self, b: Bounds, tags: ShapeTags) -> ItemId {
        let id = match self.free.pop() {
            Some(id) => id,
            None => {
                self.slots.push(Slot {
                    bounds: b,
                    tags,
                    node: NONE,
                    index: NONE,
                });
                (self.slots.len() - 1) as ItemId
            }
        };
        self.slots[id as usize].bounds = b;
        self.slots[id as usize].tags = tags;
        self.place(id, 0);
        id
    }

    /// Changes an item's layer and flags; false when the id is not in the tree.
    pub fn set_tags(&mut self, id: ItemId, tags: ShapeTags) -> bool {
        let Some(slot) = self.slots.get(id as usize).copied() else {
            return false;
        };
        if slot.index == NONE {
            return false;
        }
        self.slots[id as usize].tags = tags;
        let e = &mut self.nodes[slot.node as usize].items[slot.index as usize];
        e.layer_bit = tags.layer.bit();
        e.usable = tags.usable();
        self.refresh_layers(slot.node);
        true
    }

    /// Recomputes `usable_layers` of `n` and its ancestors, stopping where
    /// nothing changes.
    fn refresh_layers(&mut self, n: u32) {
        let mut k = n;
        while k != NONE {
            let node = &self.nodes[k as usize];
            let mut bits = node.items.iter().fold(0, |m, e| m | e.usable_bits());
            if node.children != NONE {
                for c in 0..4 {
                    bits |= self.nodes[(node.children + c) as usize].usable_layers;
                }
            }
            let node = &mut self.nodes[k as usize];
            if node.usable_layers == bits {
                break;
            }
            node.usable_layers = bits;
            k = node.parent;
        }
    }

    /// Removes an item; false when the id is not in the tree.
    pub fn remove(&mut self, id: ItemId) -> bool {
        if self.bounds(id).is_none() {
            return false;
        }
        self.unlink(id);
        self.free.push(id);
        true
    }

    /// Moves an item to box `b`: stays in its node when it still belongs
    /// there, otherwise goes up to the nearest node that can hold it and down
    /// again. False when the id is not in the tree.
    pub fn update(&mut self, id: ItemId, b: Bounds) -> bool {
        let Some(slot) = self.slots.get(id as usize).copied() else {
            return false;
        };
        if slot.index == NONE {
            return false;
        }
        self.slots[id as usize].bounds = b;
        let node = &self.nodes[slot.node as usize];
        let fits_here = slot.node == 0 || self.fits(node, &b);
        if fits_here && (node.children == NONE || self.child_for(slot.node, &b).is_none()) {
            self.nodes[slot.node as usize].items[slot.index as usize].bounds = b;
            self.grow(slot.node, &b);
            return true;
        }
        // Climb to the nearest ancestor that can hold it, then place from there.
        self.unlink(id);
        let mut n = slot.node;
        while n != 0 && !self.fits(&self.nodes[n as usize], &b) {
            n = self.nodes[n as usize].parent;
        }
        self.place(id, n);
        true
    }

    /// True when box `b` belongs in `node`: centre in its cell, box in its loose bounds.
    fn fits(&self, node: &Node, b: &Bounds) -> bool {
        let c = b.center();
        (c - node.center).abs().max_element() <= node.half && node.loose.contains(b)
    }

    /// The child of `n` that can hold `b`, if any.
    fn child_for(&self, n: u32, b: &Bounds) -> Option<u32> {
        let node = &self.nodes[n as usize];
        if node.children == NONE {
            return None;
        }
        let c = b.center();
        let q = (c.x >= node.center.x) as u32 + 2 * (c.y >= node.center.y) as u32;
        let child = node.children + q;
        self.fits(&self.nodes[child as usize], b).then_some(child)
    }

    /// Puts `id` into the deepest node at or below `start` that holds it.
    fn place(&mut self, id: ItemId, start: u32) {
        let b = self.slots[id as usize].bounds;
        let mut n = start;
        while let Some(c) = self.child_for(n, &b) {
            n = c;
        }
        self.link(id, n);
        let node = &self.nodes[n as usize];
        if node.children == NONE
            && node.items.len() > self.config.split_threshold
            && node.depth < self.config.max_depth
        {
            self.split(n);
        }
    }

    fn link(&mut self, id: ItemId, n: u32) {
        let node = &mut self.nodes[n as usize];
        let slot = &mut self.slots[id as usize];
        slot.node = n;
        slot.index = node.items.len() as u32;
        let b = slot.bounds;
        let e = Entry {
            id,
            bounds: b,
            layer_bit: slot.tags.layer.bit(),
            usable: slot.tags.usable(),
        };
        node.items.push(e);
        let bits = e.usable_bits();
        let mut k = n;
        while k != NONE {
            let node = &mut self.nodes[k as usize];
            node.count += 1;
            node.tight = node.tight.union(&b);
            node.usable_layers |= bits;
            k = node.parent;
        }
    }

    /// Grows the tight boxes of `n` and its ancestors to take in `b`.
    fn grow(&mut self, n: u32, b: &Bounds) {
        let mut k = n;
        while k != NONE {
            let node = &mut self.nodes[k as usize];
            node.tight = node.tight.union(b);
            k = node.parent;
        }
    }

    fn unlink(&mut self, id: ItemId) {
        let slot = self.slots[id as usize];
        let node = &mut self.nodes[slot.node as usize];
        let gone = node.items.swap_remove(slot.index as usize);
        if let Some(moved) = node.items.get(slot.index as usize) {
            self.slots[moved.id as usize].index = slot.index;
        }
        self.slots[id as usize].index = NONE;
        let mut k = slot.node;
        while k != NONE {
            let node = &mut self.nodes[k as usize];
            node.count -= 1;
            if node.count == 0 {
                node.tight = Bounds::EMPTY;
            }
            k = node.parent;
        }
        if gone.usable_bits() != 0 {
            self.refresh_layers(slot.node);
        }
    }

    fn split(&mut self, n: u32) {
        let (center, half, depth) = {
            let node = &self.nodes[n as usize];
            (node.center, node.half, node.depth)
        };
        let first = self.nodes.len() as u32;
        let h = half * 0.5;
        for q in 0..4 {
            let off = Vec2::new(
                if q & 1 == 1 { h } else { -h },
                if q & 2 == 2 { h } else { -h },
            );
            let child = self.make_node(center + off, h, depth + 1, n);
            self.nodes.push(child);
        }
        self.nodes[n as usize].children = first;
        let items = std::mem::take(&mut self.nodes[n as usize].items);
        // Re-place the items: those that fit a child go down.
        self.nodes[n as usize].count -= items.len() as u32;
        let mut k = self.nodes[n as usize].parent;
        while k != NONE {
            self.nodes[k as usize].count -= items.len() as u32;
            k = self.nodes[k as usize].parent;
        }
        for e in items {
            self.place(e.id, n);
        }
    }

    /// Calls `f(id, box)` for every item whose box meets `query`, whatever
    /// its layer and flags.
    pub fn query_bounds(&mut self, query: &Bounds, f: impl FnMut(ItemId, &Bounds)) -> QueryStats {
        self.walk_bounds(query, None, f)
    }

    /// Like [`LooseQuadtree::query_bounds`], but only for usable (active and
    /// enabled) items on a layer of `mask`; subtrees with no such item are
    /// skipped, and the stats count the items filtered out by layer and by
    /// flag.
    pub fn query_bounds_masked(
        &mut self,
        query: &Bounds,
        mask: LayerMask,
        f: impl FnMut(ItemId, &Bounds),
    ) -> QueryStats {
        self.walk_bounds(query, Some(mask.0), f)
    }

    fn walk_bounds(
        &mut self,
        query: &Bounds,
        filter: Filter,
        mut f: impl FnMut(ItemId, &Bounds),
    ) -> QueryStats {
        let mut stats = QueryStats::default();
        self.visited.clear();
        self.stack.clear();
        self.stack.push(0);
        while let Some(n) = self.stack.pop() {
            let node = &self.nodes[n as usize];
            stats.nodes_visited += 1;
            if skip(node, filter) || !node.tight.overlaps(query) {
                continue;
            }
            self.visited.push(n);
            for e in &node.items {
                if e.bounds.overlaps(query) && admit(e, filter, &mut stats) {
                    stats.candidates += 1;
                    f(e.id, &e.bounds);
                }
            }
            if node.children != NONE {
                for c in 0..4 {
                    if !skip(&self.nodes[(node.children + c) as usize], filter) {
                        self.stack.push(node.children + c);
                    }
                }
            }
        }
        stats
    }

    /// Calls `f(id, t_enter)` for every item whose box the ray
    /// `origin + t dir`, `t ∈ [0, max_t]`, meets; nodes are pruned by a slab
    /// test on the tight box of their subtree and empty subtrees are skipped. Depth
    /// first, in no particular order. Every item counts, whatever its layer
    /// and flags.
    pub fn query_ray(
        &mut self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        f: impl FnMut(ItemId, f32),
    ) -> QueryStats {
        self.walk_ray(origin, dir, max_t, None, f)
    }

    /// Like [`LooseQuadtree::query_ray`], but only for usable items on a
    /// layer of `mask` (see [`LooseQuadtree::query_bounds_masked`]).
    pub fn query_ray_masked(
        &mut self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        mask: LayerMask,
        f: impl FnMut(ItemId, f32),
    ) -> QueryStats {
        self.walk_ray(origin, dir, max_t, Some(mask.0), f)
    }

    fn walk_ray(
        &mut self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        filter: Filter,
        mut f: impl FnMut(ItemId, f32),
    ) -> QueryStats {
        let mut stats = QueryStats::default();
        self.visited.clear();
        self.stack.clear();
        let inv = Vec2::ONE / dir;
        self.stack.push(0);
        while let Some(n) = self.stack.pop() {
            let node = &self.nodes[n as usize];
            stats.nodes_visited += 1;
            if skip(node, filter) || node.tight.ray_interval(origin, inv, max_t).is_none() {
                continue;
            }
            self.visited.push(n);
            for e in &node.items {
                if let Some((t0, _)) = e.bounds.ray_interval(origin, inv, max_t) {
                    if admit(e, filter, &mut stats) {
                        stats.candidates += 1;
                        f(e.id, t0);
                    }
                }
            }
            if node.children != NONE {
                for c in 0..4 {
                    self.stack.push(node.children + c);
                }
            }
        }
        stats
    }

    /// Like [`LooseQuadtree::query_ray`], but nodes are visited nearest
    /// first and `f` returns the largest `t` still of interest (the best hit
    /// so far): nodes and items entered beyond it are skipped. For first-hit
    /// queries.
    pub fn query_ray_nearest(
        &mut self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        f: impl FnMut(ItemId, f32) -> f32,
    ) -> QueryStats {
        self.walk_ray_nearest(origin, dir, max_t, None, f)
    }

    /// Like [`LooseQuadtree::query_ray_nearest`], but only for usable items
    /// on a layer of `mask` (see [`LooseQuadtree::query_bounds_masked`]).
    pub fn query_ray_nearest_masked(
        &mut self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        mask: LayerMask,
        f: impl FnMut(ItemId, f32) -> f32,
    ) -> QueryStats {
        self.walk_ray_nearest(origin, dir, max_t, Some(mask.0), f)
    }

    fn walk_ray_nearest(
        &mut self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        filter: Filter,
        mut f: impl FnMut(ItemId, f32) -> f32,
    ) -> QueryStats {
        let mut stats = QueryStats::default();
        self.visited.clear();
        let inv = Vec2::ONE / dir;
        let mut limit = max_t;
        let mut heap = std::mem::take(&mut self.heap);
        heap.clear();
        stats.nodes_visited += 1;
        if let Some((t0, _)) = self.nodes[0].tight.ray_interval(origin, inv, limit) {
            if !skip(&self.nodes[0], filter) {
                heap.push(NodeEntry { t: t0, node: 0 });
            }
        }
        while let Some(NodeEntry { t, node: n }) = heap.pop() {
            if t > limit {
                break;
            }
            self.visited.push(n);
            let node = &self.nodes[n as usize];
            for e in &node.items {
                if let Some((t0, _)) = e.bounds.ray_interval(origin, inv, limit) {
                    if admit(e, filter, &mut stats) {
                        stats.candidates += 1;
                        limit = f(e.id, t0).min(limit);
                    }
                }
            }
            if node.children != NONE {
                for c in 0..4 {
                    let k = node.children + c;
                    let child = &self.nodes[k as usize];
                    if skip(child, filter) {
                        continue;
                    }
                    stats.nodes_visited += 1;
                    if let Some((t0, _)) = child.tight.ray_interval(origin, inv, limit) {
                        heap.push(NodeEntry { t: t0, node: k });
                    }
                }
            }
        }
        self.heap = heap;
        stats
    }

    /// Calls `f(a, b)` once for every pair of distinct items whose boxes
    /// meet, both usable, on layers that collide in `matrix` (in no
    /// particular order, either item first). A self-join of the tree: the
    /// items of each node against each other and against the subtrees below
    /// it, then each two sibling subtrees against each other, skipping pairs
    /// of subtrees whose tight boxes do not meet. An item searches only the
    /// subtrees holding a usable item on a layer of its matrix row.
    ///
    /// The stats count pairs: `candidates` were passed to `f`,
    /// `filtered_by_layer` and `filtered_by_flag` had meeting boxes but a
    /// matrix that keeps them apart or an item that is not usable (pairs in
    /// subtrees skipped whole are in neither).
    pub fn self_join(
        &mut self,
        matrix: &LayerMatrix,
        mut f: impl FnMut(ItemId, ItemId),
    ) -> QueryStats {
        let mut stats = QueryStats::default();
        self.visited.clear();
        let mut down = std::mem::take(&mut self.stack);
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut join = Join {
            nodes: &self.nodes,
            matrix,
            down: &mut down,
            stats: &mut stats,
        };
        for n in 0..self.nodes.len() as u32 {
            let node = &self.nodes[n as usize];
            if node.count == 0 {
                continue;
            }
            for (k, a) in node.items.iter().enumerate() {
                let filter = join.filter_of(a);
                for b in &node.items[k + 1..] {
                    if a.bounds.overlaps(&b.bounds) {
                        join.pair(a, b, filter, &mut f);
                    }
                }
                if node.children != NONE {
                    for c in 0..4 {
                        join.item_against_subtree(a, filter, node.children + c, &mut f);
                    }
                }
            }
            if node.children != NONE {
                for c1 in 0..4 {
                    for c2 in c1 + 1..4 {
                        pairs.push((node.children + c1, node.children + c2));
                    }
                }
            }
            // Each two sibling subtrees, and recursively their children.
            while let Some((x, y)) = pairs.pop() {
                let (nx, ny) = (&self.nodes[x as usize], &self.nodes[y as usize]);
                join.stats.nodes_visited += 1;
                if nx.count == 0 || ny.count == 0 || !nx.tight.overlaps(&ny.tight) {
                    continue;
                }
                for a in &nx.items {
                    let filter = join.filter_of(a);
                    join.item_against_subtree(a, filter, y, &mut f);
                }
                if nx.children != NONE {
                    for b in &ny.items {
                        let filter = join.filter_of(b);
                        for c in 0..4 {
                            join.item_against_subtree(b, filter, nx.children + c, &mut f);
                        }
                    }
                    if ny.children != NONE {
                        for cx in 0..4 {
                            for cy in 0..4 {
                                pairs.push((nx.children + cx, ny.children + cy));
                            }
                        }
                    }
                }
                // When only `y` has children, the items of `x` have met them
                // above, and `x` has no subtree below.
            }
        }
        self.stack = down;
        stats
    }

    /// Nodes that the last query entered (not pruned), in visiting order.
    pub fn last_visited(&self) -> &[u32] {
        &self.visited
    }

    /// Every node as `(cell, loose bounds, depth, items in subtree)`, for drawing.
    pub fn nodes(&self) -> impl Iterator<Item = (Bounds, Bounds, u8, u32)> + '_ {
        self.nodes.iter().map(|n| {
            let h = Vec2::splat(n.half);
            (
                Bounds::new(n.center - h, n.center + h),
                n.loose,
                n.depth,
                n.count,
            )
        })
    }

    /// Cell and loose bounds of node `n`.
    pub fn node_bounds(&self, n: u32) -> Option<(Bounds, Bounds)> {
        let node = self.nodes.get(n as usize)?;
        let h = Vec2::splat(node.half);
        Some((Bounds::new(node.center - h, node.center + h), node.loose))
    }
}

/// The state of [`LooseQuadtree::self_join`].
struct Join<'a> {
    nodes: &'a [Node],
    matrix: &'a LayerMatrix,
    /// Scratch stack for descents.
    down: &'a mut Vec<u32>,
    stats: &'a mut QueryStats,
}

impl Join<'_> {
    /// What item `a` may pair with: its matrix row, or `None` (every item,
    /// each counted as filtered by flag) when `a` is not usable.
    #[inline]
    fn filter_of(&self, a: &Entry) -> Filter {
        a.usable.then(|| self.matrix.row_bits(a.layer_bit))
    }

    /// One pair whose boxes meet.
    #[inline]
    fn pair(&mut self, a: &Entry, b: &Entry, filter: Filter, f: &mut impl FnMut(ItemId, ItemId)) {
        if filter.is_none() {
            self.stats.filtered_by_flag += 1;
        } else if admit(b, filter, self.stats) {
            self.stats.candidates += 1;
            f(a.id, b.id);
        }
    }

    /// Item `a` against every item in the subtree of `n`.
    fn item_against_subtree(
        &mut self,
        a: &Entry,
        filter: Filter,
        n: u32,
        f: &mut impl FnMut(ItemId, ItemId),
    ) {
        self.down.clear();
        self.down.push(n);
        while let Some(k) = self.down.pop() {
            let node = &self.nodes[k as usize];
            self.stats.nodes_visited += 1;
            if skip(node, filter) || !node.tight.overlaps(&a.bounds) {
                continue;
            }
            for b in &node.items {
                if b.bounds.overlaps(&a.bounds) {
                    self.pair(a, b, filter, f);
                }
            }
            if node.children != NONE {
                for c in 0..4 {
                    self.down.push(node.children + c);
                }
            }
        }
    }
}

/// True when a query with `filter` can skip the subtree of `node`: it is
/// empty, or (filtered) holds no usable item on a layer of the mask.
#[inline]
fn skip(node: &Node, filter: Filter) -> bool {
    match filter {
        None => node.count == 0,
        Some(mask) => node.usable_layers & mask == 0,
    }
}

/// Min-heap entry by `t`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct NodeEntry {
    t: f32,
    node: u32,
}
impl Eq for NodeEntry {}
impl PartialOrd for NodeEntry {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for NodeEntry {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.t.total_cmp(&self.t).then(other.node.cmp(&self.node))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(x: f32, y: f32, h: f32) -> Bounds {
        Bounds::new(Vec2::new(x - h, y - h), Vec2::new(x + h, y + h))
    }

    #[test]
    fn insert_query_remove_update() {
        let mut t = LooseQuadtree::new(TreeConfig {
            root_half_size: 64.0,
            split_threshold: 2,
            ..Default::default()
        });
        let ids: Vec<_> = (0..50)
            .map(|i| t.insert(b(i as f32 * 2.0 - 50.0, (i % 7) as f32, 0.5)))
            .collect();
        assert_eq!(t.len(), 50);
        let mut hits = Vec::new();
        // Item 25 sits at (0, 4).
        t.query_bounds(&b(0.0, 4.0, 1.0), |id, _| hits.push(id));
        hits.sort();
        assert_eq!(hits, vec![ids[25]]);
        assert!(t.remove(ids[25]));
        assert!(!t.remove(ids[25]));
        hits.clear();
        t.query_bounds(&b(0.0, 4.0, 1.0), |id, _| hits.push(id));
        assert!(hits.is_empty());
        assert!(t.update(ids[3], b(0.0, 0.0, 0.5)));
        t.query_bounds(&b(0.0, 0.0, 1.0), |id, _| hits.push(id));
        assert_eq!(hits, vec![ids[3]]);
        assert_eq!(t.len(), 49);
    }

    #[test]
    fn an_item_outside_the_root_is_still_found_by_rays_and_boxes() {
        let mut t = LooseQuadtree::new(TreeConfig {
            root_half_size: 4.0,
            split_threshold: 1,
            ..Default::default()
        });
        t.insert(b(1.0, 1.0, 0.5));
        t.insert(b(-1.0, -1.0, 0.5));
        // Far outside the root's loose bounds (±8): it stays in the root.
        let far = t.insert(b(50.0, 0.0, 0.5));
        let mut got = Vec::new();
        t.query_ray(Vec2::new(40.0, 0.0), Vec2::X, 100.0, |id, _| got.push(id));
        assert_eq!(got, vec![far]);
        got.clear();
        t.query_bounds(&b(50.0, 0.0, 1.0), |id, _| got.push(id));
        assert_eq!(got, vec![far]);
    }

    #[test]
    fn tight_boxes_prune_what_loose_bounds_let_through_and_clear_when_empty() {
        let mut t = LooseQuadtree::new(TreeConfig {
            root_half_size: 16.0,
            split_threshold: 64,
            ..Default::default()
        });
        let id = t.insert(b(0.0, 0.0, 0.5));
        // The root's loose bounds reach ±32; a ray along y = 10 meets them
        // but not the only item, so the root is pruned.
        let st = t.query_ray(Vec2::new(-40.0, 10.0), Vec2::X, 100.0, |_, _| {});
        assert_eq!((st.nodes_visited, st.candidates), (1, 0));
        assert!(t.last_visited().is_empty());
        // Moving the item up grows the box; the ray now enters the root.
        t.update(id, b(0.0, 10.0, 0.5));
        let st = t.query_ray(Vec2::new(-40.0, 10.0), Vec2::X, 100.0, |_, _| {});
        assert_eq!(st.candidates, 1);
        assert_eq!(t.last_visited(), &[0]);
        t.remove(id);
        assert_eq!(t.nodes[0].tight, Bounds::EMPTY);
        assert!(!Bounds::EMPTY.overlaps(&b(0.0, 0.0, 1e30)));
    }

    #[test]
    fn each_node_knows_the_layers_of_its_usable_items_exactly() {
        use crate::broad::layers::Layer;
        let mut t = LooseQuadtree::new(TreeConfig {
            root_half_size: 16.0,
            split_threshold: 1,
            ..Default::default()
        });
        let (l1, l2) = (Layer::new(1).unwrap(), Layer::new(2).unwrap());
        let a = t.insert_tagged(b(-8.0, -8.0, 0.5), ShapeTags::on(l1));
        let c = t.insert_tagged(b(8.0, 8.0, 0.5), ShapeTags::on(l2));
        t.insert_tagged(b(8.5, 8.5, 0.5), ShapeTags::on(l2));
        assert!(t.nodes.len() > 1);
        assert_eq!(t.nodes[0].usable_layers, l1.bit() | l2.bit());
        let only_l1 = LayerMask::of([l1]);
        let mut got = Vec::new();
        let st = t.query_bounds_masked(&b(0.0, 0.0, 20.0), only_l1, |id, _| got.push(id));
        assert_eq!((got, st.candidates, st.filtered_by_layer), (vec![a], 1, 0));
        // Disabling the only layer-1 item clears bit 1 up to the root.
        let mut off = ShapeTags::on(l1);
        off.enabled = false;
        t.set_tags(a, off);
        assert_eq!(t.nodes[0].usable_layers, l2.bit());
        let st = t.query_bounds_masked(&b(0.0, 0.0, 20.0), only_l1, |_, _| panic!());
        assert_eq!((st.nodes_visited, st.candidates), (1, 0));
        // Moving and removing keep the unions exact.
        t.update(c, b(-7.0, 7.0, 0.5));
        t.set_tags(a, ShapeTags::on(l1));
        t.remove(a);
        assert_eq!(t.nodes[0].usable_layers, l2.bit());
        for n in &t.nodes {
            let own = n.items.iter().fold(0, |m, e| m | e.usable_bits());
            let kids = if n.children == NONE {
                0
            } else {
                (0..4).fold(0, |m, k| {
                    m | t.nodes[(n.children + k) as usize].usable_layers
                })
            };
            assert_eq!(n.usable_layers, own | kids);
        }
        assert_eq!(t.tags(c), Some(ShapeTags::on(l2)));
    }
}
