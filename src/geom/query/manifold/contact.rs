//! The contact types every manifold routine builds: features, ids, points,
//! the manifold itself and the point collector (a leaf: it imports none of
//! its siblings, so the routines and `mod.rs` share it without a circle).

use crate::geom::query::piece::Piece;
use crate::geom::{Part, Vec2};

/// Largest `1 − cos` between a face normal and the contact normal for the
/// face to count as lying flat on it (about 0.08°).
pub(crate) const FLAT: f32 = 1e-6;

/// A feature of one shape's core that a contact point comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContactFeature {
    /// Core vertex `k` (0-based): box corner `k + 1`, polygon vertex
    /// `k + 1`, segment or capsule end `k + 1`, a circle's centre (0), a
    /// sector's apex (0) or arc end (1, 2).
    Vertex(u16),
    /// Core edge `k` (0-based, from core vertex `k` to the next; a segment
    /// or capsule core has edge 0; a sector has its straight edges 0 and 1).
    Edge(u16),
    /// A point of a sector's arc.
    Arc,
}

/// Names a contact point by the features it comes from, so that a point can
/// be matched from one frame to the next while the shapes slide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ContactId {
    /// The feature of shape A.
    pub a: ContactFeature,
    /// The feature of shape B.
    pub b: ContactFeature,
}

/// One contact point, world coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactPoint {
    /// On A's boundary, world units.
    pub point_a: Vec2,
    /// On B's boundary, world units.
    pub point_b: Vec2,
    /// `(point_b − point_a) · normal`, world units: negative when the shapes
    /// overlap there, positive when apart (speculative).
    pub separation: f32,
    /// The features the point comes from.
    pub id: ContactId,
}

impl ContactPoint {
    /// The midpoint of `point_a` and `point_b`.
    pub fn midpoint(&self) -> Vec2 {
        (self.point_a + self.point_b) * 0.5
    }
}

/// A contact manifold: one normal and up to two points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Manifold {
    /// Unit normal from A to B (moving B along it separates them).
    pub normal: Vec2,
    pub(super) points: [ContactPoint; 2],
    pub(super) len: u8,
    /// The piece of A the points are on (a half for a wide sector).
    pub part_a: Part,
    /// The piece of B the points are on.
    pub part_b: Part,
}

impl Manifold {
    /// The points, one or two.
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.len as usize]
    }

    /// The least separation of the points (minus the penetration depth when
    /// the shapes overlap).
    pub fn separation(&self) -> f32 {
        self.points()
            .iter()
            .fold(f32::INFINITY, |m, p| m.min(p.separation))
    }

    pub(super) fn shifted(mut self, o: Vec2) -> Manifold {
        for p in &mut self.points {
            p.point_a += o;
            p.point_b += o;
        }
        self
    }
}

/// Collects up to two points.
#[derive(Default)]
pub(crate) struct Points {
    pub(super) items: [Option<ContactPoint>; 2],
}

impl Points {
    pub fn push(&mut self, p: ContactPoint) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(p);
        }
    }
    pub(super) fn into_manifold(self, normal: Vec2, a: &Piece, b: &Piece) -> Option<Manifold> {
        let first = self.items[0]?;
        let (points, len) = match self.items[1] {
            Some(second) => ([first, second], 2),
            None => ([first, first], 1),
        };
        Some(Manifold {
            normal,
            points,
            len,
            part_a: a.part,
            part_b: b.part,
        })
    }
}

/// The closest points of separated pieces (relative to the frame origin).
pub(crate) type Closest = Option<(Vec2, Vec2)>;
