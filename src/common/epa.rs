//! One EPA loop for both dimensions: the penetration depth of two
//! overlapping convex sets as the distance from the origin to the boundary
//! of their Minkowski difference `B − A`.
//!
//! The expanding polytope algorithm (van den Bergen, "Proximity queries and
//! penetration depth computation on 3D game objects", GDC 2001), decomposed
//! as [`crate::common::gjk`] is: this loop is generic over a [`Support`]
//! (the pair of shapes, the same one GJK reads) and a [`Polytope`] (a
//! polygon of edges in the plane, a mesh of triangles in space), each kept
//! beside its dimension's geometry.
//!
//! ```text
//! P ← a polytope of points of B − A holding the origin (from GJK's simplex)
//! loop: f ← the facet of P nearest the origin (outward unit normal n, distance δ)
//!       w ← support(n)
//!       w·n − δ ≤ tol → δ is the depth, n the direction (done)
//!       add w to P (the facets w sees are replaced by facets through w)
//! ```
//!
//! # Precision policy (both dimensions)
//!
//! As GJK's: supports in `f64` from the `f32` data, every decision (the
//! nearest facet, the gain, which facets a new point sees) in `f64`. The
//! loop ends when the support along the nearest facet's normal gains at
//! most `rel · (floor + |w|)` over the facet: size-proportional, with
//! `floor` 0 for polytopes (whose supports are vertices of the data, so
//! the gain drops to rounding once the facet is on the boundary) and 1 for
//! a curved core in the plane (where EPA converges only in the limit). At
//! most [`MAX_ITERS`] iterations; a polytope that cannot take a point (its
//! facets would fold over by rounding) ends the loop untrusted, and the
//! caller falls back to another method.

use super::gjk::{Space, Support, Vertex};

/// Iterations before the loop gives up (its answer then is not trusted).
pub(crate) const MAX_ITERS: usize = 96;

/// A facet of a polytope as the loop sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Facet<V> {
    /// Which facet, in the polytope's own numbering.
    pub id: usize,
    /// Outward unit normal.
    pub normal: V,
    /// Signed distance of its plane from the origin (≥ 0 up to rounding).
    pub distance: f64,
}

/// What adding a point did to a polytope.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Grown {
    /// The point is a vertex now.
    Added,
    /// The point was a vertex already: the facet cannot move further.
    Repeated,
    /// The polytope cannot take the point (rounding would fold it).
    Failed,
}

/// A convex polytope of points of `B − A` around the origin.
pub(crate) trait Polytope<V> {
    /// The facet nearest the origin; `None` when there is none.
    fn nearest(&self) -> Option<Facet<V>>;
    /// Adds `w`, found along the normal of `from` and beyond its plane.
    fn grow(&mut self, from: &Facet<V>, w: &Vertex<V>) -> Grown;
}

/// When the loop stops (see the precision policy).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Stop {
    /// Gain per unit of `floor + |w|` below which the facet is on the boundary.
    pub rel: f64,
    /// Added to `|w|`: 0 for polytopes (purely relative).
    pub floor: f64,
}

/// Is told each iteration, before the stop test.
pub(crate) trait EpaObserver<V, P> {
    /// The polytope, its nearest facet, the support found along the
    /// facet's normal, and how far it reaches beyond the facet.
    fn step(&mut self, _poly: &P, _facet: &Facet<V>, _w: &Vertex<V>, _gain: f64) {}
}

impl<V, P> EpaObserver<V, P> for () {}

/// How the loop ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Ended<V> {
    /// The last nearest facet: its distance is the depth, `−normal` the
    /// direction that moves B out of A.
    pub facet: Facet<V>,
    /// Iterations run.
    pub iterations: u32,
    /// False when the loop gave up (iterations spent, or the polytope
    /// failed to take a point): the facet is then not on the boundary.
    pub converged: bool,
}

/// EPA on `shapes` from the polytope `poly` (see the module doc); `None`
/// when the polytope has no facet.
pub(crate) fn epa<V: Space, S: Support<V>, P: Polytope<V>, O: EpaObserver<V, P>>(
    shapes: &S,
    poly: &mut P,
    stop: Stop,
    obs: &mut O,
) -> Option<Ended<V>> {
    let mut last = None;
    for it in 0..MAX_ITERS {
        let facet = poly.nearest()?;
        let w = shapes.support(facet.normal);
        let gain = w.w.dot(facet.normal) - facet.distance;
        obs.step(poly, &facet, &w, gain);
        let ended = |converged| Ended {
            facet,
            iterations: it as u32 + 1,
            converged,
        };
        if gain <= stop.rel * (stop.floor + w.w.dot(w.w).sqrt()) {
            return Some(ended(true));
        }
        match poly.grow(&facet, &w) {
            Grown::Added => last = Some(ended(false)),
            Grown::Repeated => return Some(ended(true)),
            Grown::Failed => return Some(ended(false)),
        }
    }
    last
}
