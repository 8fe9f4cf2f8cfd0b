//! Boxes and polygons as outlines in shape A's local frame: stored local
//! vertices and normals plus a rotation and an offset relative to A. The
//! shortcuts of the manifold and of the time of impact for two
//! straight-edged shapes work on these, reading each polygon's vertices as
//! stored and turning a direction into its frame instead (one rotation per
//! face instead of one per vertex).

use crate::geom::pose::unrotate;
use crate::geom::{Shape, Vec2};
use std::cell::Cell;

/// A box or polygon placed in A's frame.
pub(crate) struct Outline<'a> {
    /// Position of the shape's frame origin relative to A's, in A's frame.
    pub at: Vec2,
    /// The shape's rotation relative to A's, as `(cos, sin)`.
    pub rot: Vec2,
    /// Local vertices, counter-clockwise.
    pub verts: &'a [Vec2],
    /// Local outward unit normals; normal `k` is edge `k`'s (vertex `k` to
    /// the next).
    pub normals: &'a [Vec2],
    /// A box's half extents (its outline is then [`box_outline`]).
    pub half: Option<Vec2>,
    /// The vertex GJK's last support call found: the next one climbs from
    /// there.
    pub hint: Cell<usize>,
}

impl Outline<'_> {
    /// Vertex `i` in A's frame.
    #[inline]
    pub fn vertex(&self, i: usize) -> Vec2 {
        self.at + self.rot.rotate(self.verts[i])
    }

    /// The vertex after `k` (without a division).
    #[inline]
    pub fn next(&self, k: usize) -> usize {
        if k + 1 == self.verts.len() {
            0
        } else {
            k + 1
        }
    }

    /// Normal `k` in A's frame.
    #[inline]
    pub fn normal(&self, k: usize) -> Vec2 {
        self.rot.rotate(self.normals[k])
    }

    /// The least of `d · v` over the local vertices (`d` in this outline's
    /// frame).
    #[inline]
    pub fn min_dot(&self, d: Vec2) -> f32 {
        self.verts
            .iter()
            .fold(f32::INFINITY, |m, v| m.min(v.dot(d)))
    }

    /// Calls `f(k, n, s)` for each face `k` in order with its normal `n` (A's
    /// frame) and the separation `s` of `other` from it (the least of
    /// `n · (w − face)` over `other`'s vertices `w`: positive when `other`
    /// lies wholly beyond the face's line), until `f` returns false; false
    /// then.
    #[inline]
    pub fn for_each_face(
        &self,
        other: &Outline,
        mut f: impl FnMut(usize, Vec2, f32) -> bool,
    ) -> bool {
        // A normal `n` of this outline is `self.rot ⋅ n` in A's frame and
        // `rel ⋅ n` in `other`'s.
        let rel = unrotate(other.rot, self.rot);
        let d = other.at - self.at;
        for (k, (n, v)) in self.normals.iter().zip(self.verts).enumerate() {
            let n_a = self.rot.rotate(*n);
            let s = other.min_dot(rel.rotate(*n)) + n_a.dot(d) - n.dot(*v);
            if !f(k, n_a, s) {
                return false;
            }
        }
        true
    }

    /// The face whose separation from `other` is greatest: `(separation,
    /// index)`, the first on a tie; `None` as soon as a face separates by
    /// more than `margin`.
    pub fn best_face(&self, other: &Outline, margin: f32) -> Option<(f32, usize)> {
        if let (Some(h), Some(ho)) = (self.half, other.half) {
            return box_box_face(h, other.at - self.at, self.rot, other.rot, ho, margin);
        }
        let mut best = (f32::NEG_INFINITY, 0);
        let within = self.for_each_face(other, |i, _, s| {
            if s > best.0 {
                best = (s, i);
            }
            s <= margin
        });
        within.then_some(best)
    }

    /// The edge most anti-parallel to `n` (A's frame), the first on a tie.
    #[inline]
    pub fn incident(&self, n: Vec2) -> usize {
        let local = unrotate(self.rot, n);
        let mut best = (f32::INFINITY, 0);
        for (i, m) in self.normals.iter().enumerate() {
            let c = m.dot(local);
            if c < best.0 {
                best = (c, i);
            }
        }
        best.1
    }
}

/// [`Outline::best_face`] of a box of half extents `h` and rotation `rot`
/// (relative to A's frame) against a box of half extents `ho`, rotation
/// `rot_o`, at `d` from it: the other box's shadow on each axis is its
/// centre ± `|R| ho`, so each face's separation is a closed form.
fn box_box_face(
    h: Vec2,
    d: Vec2,
    rot: Vec2,
    rot_o: Vec2,
    ho: Vec2,
    margin: f32,
) -> Option<(f32, usize)> {
    let c = unrotate(rot, d);
    let r = unrotate(rot, rot_o);
    let (ac, as_) = (r.x.abs(), r.y.abs());
    let ext = Vec2::new(ac * ho.x + as_ * ho.y, as_ * ho.x + ac * ho.y);
    // Edges 0 to 3: normals −y, +x, +y, −x.
    let seps = [
        -c.y - ext.y - h.y,
        c.x - ext.x - h.x,
        c.y - ext.y - h.y,
        -c.x - ext.x - h.x,
    ];
    let mut best = (seps[0], 0);
    for (i, &s) in seps[1..].iter().enumerate() {
        if s > best.0 {
            best = (s, i + 1);
        }
    }
    (best.0 <= margin).then_some(best)
}

/// A box's corners counter-clockwise from `(−hx, −hy)` and its edge normals
/// (edge `k` from corner `k` to the next), as the general path names them.
#[inline]
pub(crate) fn box_outline(h: Vec2) -> ([Vec2; 4], [Vec2; 4]) {
    (
        [
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ],
        [-Vec2::Y, Vec2::X, Vec2::Y, -Vec2::X],
    )
}

/// A box (with positive extents) or polygon as an outline at the origin
/// with its world rotation (the caller puts it in A's frame); `None` for
/// every other kind. A box's outline is written into `store`.
#[inline(always)]
pub(crate) fn outline<'a>(
    shape: &'a Shape,
    store: &'a mut ([Vec2; 4], [Vec2; 4]),
) -> Option<Outline<'a>> {
    if let Shape::Polygon(p) = shape {
        return Some(Outline {
            at: Vec2::ZERO,
            rot: p.pose().rot(),
            verts: p.local_vertices(),
            normals: p.local_normals(),
            half: None,
            hint: Cell::new(0),
        });
    }
    let (_, rot, h) = shape.box_frame()?;
    if !(h.x > 0.0 && h.y > 0.0) {
        return None;
    }
    *store = box_outline(h);
    Some(Outline {
        at: Vec2::ZERO,
        rot,
        verts: &store.0,
        normals: &store.1,
        half: Some(h),
        hint: Cell::new(0),
    })
}

/// The largest squared length of the local vertices of a box (with positive
/// extents) or polygon, as [`outline`] would list them; `None` for every
/// other kind.
#[inline(always)]
pub(crate) fn outline_reach(shape: &Shape) -> Option<f32> {
    if let Shape::Polygon(p) = shape {
        return Some(p.reach2);
    }
    let (_, _, h) = shape.box_frame()?;
    // Every corner (±hx, ±hy) has this squared length.
    (h.x > 0.0 && h.y > 0.0).then(|| Vec2::new(-h.x, -h.y).length_squared())
}

/// Both shapes as outlines in A's frame (A at the origin, unrotated), and
/// A's world position and rotation to map answers back; `None` unless both
/// are boxes or polygons.
#[inline(always)]
pub(crate) fn outlines<'a>(
    a: &'a Shape,
    b: &'a Shape,
    store: &'a mut [([Vec2; 4], [Vec2; 4]); 2],
) -> Option<(Outline<'a>, Outline<'a>, Vec2, Vec2)> {
    let [sa, sb] = store;
    let mut oa = outline(a, sa)?;
    let mut ob = outline(b, sb)?;
    let (o, rot_a) = (a.pose().position(), oa.rot);
    oa.rot = Vec2::X;
    ob.at = unrotate(rot_a, b.pose().position() - o);
    ob.rot = unrotate(rot_a, ob.rot);
    Some((oa, ob, o, rot_a))
}
