//! What the 3D manifold query can say about how it got its points: the
//! normal, the reference and incident faces, each side plane of the
//! reference face with the points it cut away, the points dropped above
//! the reference face or by the reduction to four. Recorded only when asked
//! for: `()` records nothing (its calls compile away).

use crate::common::Side;
use glam::Vec3;

/// A face of one shape as the clipping saw it, world coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceFace3 {
    /// Which shape the face belongs to.
    pub side: Side,
    /// The face's index on that shape's core (a segment or a point as the
    /// incident "face": 0).
    pub face: u16,
    /// The face's corners in order (counter-clockwise seen from outside),
    /// world units.
    pub corners: Vec<Vec3>,
    /// Outward unit normal (for a segment or point: minus the reference
    /// face's normal).
    pub normal: Vec3,
}

/// One side plane of the reference face: points `p` with
/// `(p − point) · normal > 0` are cut away.
#[derive(Debug, Clone, PartialEq)]
pub struct ClipStep3 {
    /// A point of the plane (a corner of the reference face), world units.
    pub point: Vec3,
    /// Unit normal pointing to the side that is removed.
    pub normal: Vec3,
    /// Polygon points removed by this plane, world units.
    pub removed: Vec<Vec3>,
    /// The polygon after this plane, world units.
    pub kept: Vec<Vec3>,
}

/// How the 3D manifold was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Manifold3Method {
    /// No manifold (apart beyond the speculative distance, or unbounded).
    #[default]
    None,
    /// A reference face and an incident face, clipped (up to four points).
    Clipping,
    /// An edge of each shape: the midpoint of their closest points.
    EdgeEdge,
    /// One point: the closest points of the cores (spheres, capsules, apart
    /// shapes), or the deepest point along the normal.
    SinglePoint,
}

/// Receives the steps of a 3D manifold query; every method does nothing by
/// default.
pub trait Manifold3Recorder {
    /// Whether anything is recorded.
    const RECORDS: bool = true;
    /// The normal (A to B, unit) and the least separation along it.
    fn normal(&mut self, _normal: Vec3, _separation: f32) {}
    /// The reference face.
    fn reference(&mut self, _face: TraceFace3) {}
    /// The incident face (most anti-parallel to the reference face).
    fn incident(&mut self, _face: TraceFace3) {}
    /// A side plane of the reference face, what it removed and kept.
    fn clip(&mut self, _point: Vec3, _normal: Vec3, _removed: &[Vec3], _kept: &[Vec3]) {}
    /// Points dropped for lying above the reference face by more than the
    /// speculative distance.
    fn above(&mut self, _removed: &[Vec3]) {}
    /// Points dropped by the reduction to four.
    fn reduced(&mut self, _removed: &[Vec3]) {}
    /// How the manifold was found.
    fn method(&mut self, _method: Manifold3Method) {}
}

impl Manifold3Recorder for () {
    const RECORDS: bool = false;
}

/// A recorded 3D manifold query (see
/// [`crate::geom3d::contact_manifold3_traced`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Manifold3Trace {
    /// The normal (A to B) and the least separation along it.
    pub normal: Option<(Vec3, f32)>,
    /// The reference face, when the points came from clipping.
    pub reference: Option<TraceFace3>,
    /// The incident face, when the points came from clipping.
    pub incident: Option<TraceFace3>,
    /// The side planes in order (one per edge of the reference face).
    pub clips: Vec<ClipStep3>,
    /// Points dropped above the reference face, world units.
    pub above: Vec<Vec3>,
    /// Points dropped by the reduction to four, world units.
    pub reduced: Vec<Vec3>,
    /// How the manifold was found.
    pub method: Manifold3Method,
}

impl Manifold3Recorder for Manifold3Trace {
    fn normal(&mut self, normal: Vec3, separation: f32) {
        self.normal = Some((normal, separation));
    }
    fn reference(&mut self, face: TraceFace3) {
        self.reference = Some(face);
    }
    fn incident(&mut self, face: TraceFace3) {
        self.incident = Some(face);
    }
    fn clip(&mut self, point: Vec3, normal: Vec3, removed: &[Vec3], kept: &[Vec3]) {
        self.clips.push(ClipStep3 {
            point,
            normal,
            removed: removed.to_vec(),
            kept: kept.to_vec(),
        });
    }
    fn above(&mut self, removed: &[Vec3]) {
        self.above.extend_from_slice(removed);
    }
    fn reduced(&mut self, removed: &[Vec3]) {
        self.reduced.extend_from_slice(removed);
    }
    fn method(&mut self, method: Manifold3Method) {
        self.method = method;
    }
}
