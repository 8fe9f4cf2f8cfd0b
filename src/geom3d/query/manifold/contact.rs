//! The 3D contact types every manifold routine builds: features, ids,
//! points and the manifold itself (a leaf: it imports none of its siblings).

use glam::Vec3;

/// Most points a 3D manifold keeps (face contact reduced to four).
pub const MAX_POINTS3: usize = 4;

/// A feature of one shape's core that a contact point comes from. Indices
/// are 0-based and fixed by the shape, so they stay the same while the
/// shapes slide (see [`crate::geom3d::contact_manifold3`] for the numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContactFeature3 {
    /// Core vertex `k`.
    Vertex(u16),
    /// Core edge `k`.
    Edge(u16),
    /// Core face `k`.
    Face(u16),
}

/// Names a contact point by the features of A and B it comes from, so a
/// point can be matched from one frame to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ContactId3 {
    /// The feature of shape A.
    pub a: ContactFeature3,
    /// The feature of shape B.
    pub b: ContactFeature3,
}

impl ContactId3 {
    /// Both features packed in one number (8 bits kind and index each side
    /// would overflow; 2 bits kind + 14 bits index per side, so indices
    /// above 16,383 share a key).
    pub fn key(&self) -> u32 {
        let one = |f: ContactFeature3| -> u32 {
            let (kind, i) = match f {
                ContactFeature3::Vertex(i) => (0, i),
                ContactFeature3::Edge(i) => (1, i),
                ContactFeature3::Face(i) => (2, i),
            };
            (kind << 14) | (u32::from(i) & 0x3fff)
        };
        (one(self.a) << 16) | one(self.b)
    }
}

/// One contact point, world coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactPoint3 {
    /// On A's boundary, world units.
    pub point_a: Vec3,
    /// On B's boundary, world units.
    pub point_b: Vec3,
    /// `(point_b − point_a) · normal`, world units: negative when the shapes
    /// overlap there, positive when apart (speculative).
    pub separation: f32,
    /// The features the point comes from.
    pub id: ContactId3,
}

impl ContactPoint3 {
    /// The midpoint of `point_a` and `point_b`.
    pub fn midpoint(&self) -> Vec3 {
        (self.point_a + self.point_b) * 0.5
    }
}

/// A 3D contact manifold: one normal and one to four points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Manifold3 {
    /// Unit normal from A to B (moving B along it separates them).
    pub normal: Vec3,
    pub(super) points: [ContactPoint3; MAX_POINTS3],
    pub(super) len: u8,
}

impl Manifold3 {
    /// The manifold of `points` (at least one, at most four; more are
    /// dropped), `None` when empty.
    pub(super) fn of(normal: Vec3, points: &[ContactPoint3]) -> Option<Manifold3> {
        let first = *points.first()?;
        let mut all = [first; MAX_POINTS3];
        let len = points.len().min(MAX_POINTS3);
        all[..len].copy_from_slice(&points[..len]);
        Some(Manifold3 {
            normal,
            points: all,
            len: len as u8,
        })
    }

    /// The points, one to four.
    pub fn points(&self) -> &[ContactPoint3] {
        &self.points[..usize::from(self.len)]
    }

    /// The least separation of the points (minus the penetration depth when
    /// the shapes overlap).
    pub fn separation(&self) -> f32 {
        self.points()
            .iter()
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min)
    }

    pub(super) fn shifted(mut self, o: Vec3) -> Manifold3 {
        for p in &mut self.points {
            p.point_a += o;
            p.point_b += o;
        }
        self
    }
}
