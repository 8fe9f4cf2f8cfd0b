//! What the manifold query can say about how it got its points: the
//! reference face, the incident face, each clip plane and the points it
//! removed. Recorded only when asked for: the query is generic over a
//! [`ManifoldRecorder`], and `()` records nothing (its calls compile away).

use crate::geom::{Side, Vec2};

/// A straight face of one shape as the clipping saw it, world coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TraceFace {
    /// Which shape the face belongs to.
    pub side: Side,
    /// Edge index on that shape's core (0-based; edge `k` runs from core
    /// vertex `k` to the next; a segment or capsule core has edge 0).
    pub edge: u16,
    /// The face's first end, world units.
    pub start: Vec2,
    /// The face's second end, world units.
    pub end: Vec2,
    /// The face's outward unit normal.
    pub normal: Vec2,
}

/// One clip plane: points `p` with `(p - point) · normal > 0` are cut away
/// (the part of the incident face beyond that end of the reference face).
#[derive(Debug, Clone, PartialEq)]
pub struct ClipStep {
    /// A point of the plane (an end of the reference face), world units.
    pub point: Vec2,
    /// Unit normal pointing to the side that is removed.
    pub normal: Vec2,
    /// Incident face points removed by this plane (replaced by the point
    /// where the face crosses the plane), world units.
    pub removed: Vec<Vec2>,
}

/// How the manifold was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ManifoldMethod {
    /// No manifold (separated beyond the speculative distance, or no pair).
    #[default]
    None,
    /// A reference face and an incident face, clipped (up to two points).
    Clipping,
    /// One point: closest points of separated shapes, or the deepest point
    /// along the normal when they overlap and no face lies flat on it.
    SinglePoint,
}

/// Receives the steps of a manifold query. Every method does nothing by
/// default; `()` is the recorder that records nothing.
pub trait ManifoldRecorder {
    /// Whether anything is recorded (`false` lets the query take paths that
    /// do not report their steps).
    const RECORDS: bool = true;
    /// The normal (A to B, unit) and the least separation along it.
    fn normal(&mut self, _normal: Vec2, _separation: f32) {}
    /// The reference face (on the shape whose face lies flat on the normal).
    fn reference(&mut self, _face: TraceFace) {}
    /// The incident face of the other shape (most anti-parallel to it).
    fn incident(&mut self, _face: TraceFace) {}
    /// A side plane of the reference face and the points it removed.
    fn clip(&mut self, _point: Vec2, _normal: Vec2, _removed: &[Vec2]) {}
    /// Points dropped because they lie above the reference face by more than
    /// the speculative distance.
    fn above(&mut self, _removed: &[Vec2]) {}
    /// How the manifold was found.
    fn method(&mut self, _method: ManifoldMethod) {}
}

impl ManifoldRecorder for () {
    const RECORDS: bool = false;
}

/// A recorded manifold query (see [`crate::geom::contact_manifold_traced`]).
/// For a shape with two pieces (a wide sector) it holds the steps of the
/// piece pair whose manifold was kept.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ManifoldTrace {
    /// The normal (A to B) and the least separation along it.
    pub normal: Option<(Vec2, f32)>,
    /// The reference face, when the points came from clipping.
    pub reference: Option<TraceFace>,
    /// The incident face, when the points came from clipping.
    pub incident: Option<TraceFace>,
    /// The two side planes in order (low end, high end of the reference face).
    pub clips: Vec<ClipStep>,
    /// Points dropped for lying above the reference face beyond the
    /// speculative distance, world units.
    pub above: Vec<Vec2>,
    /// How the manifold was found.
    pub method: ManifoldMethod,
}

impl ManifoldRecorder for ManifoldTrace {
    fn normal(&mut self, normal: Vec2, separation: f32) {
        self.normal = Some((normal, separation));
    }
    fn reference(&mut self, face: TraceFace) {
        self.reference = Some(face);
    }
    fn incident(&mut self, face: TraceFace) {
        self.incident = Some(face);
    }
    fn clip(&mut self, point: Vec2, normal: Vec2, removed: &[Vec2]) {
        self.clips.push(ClipStep {
            point,
            normal,
            removed: removed.to_vec(),
        });
    }
    fn above(&mut self, removed: &[Vec2]) {
        self.above.extend_from_slice(removed);
    }
    fn method(&mut self, method: ManifoldMethod) {
        self.method = method;
    }
}
