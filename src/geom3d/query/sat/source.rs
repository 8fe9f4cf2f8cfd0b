//! Where a 3D candidate axis comes from, in data and in words.

use glam::Vec3;
use std::fmt;

pub use crate::common::Side;

/// A named feature of a 3D shape. Numbers are 1-based, as a person counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    /// A box's pair of faces normal to local axis 0 = x, 1 = y, 2 = z
    /// (named by the `+` face).
    BoxFace(u8),
    /// A box's four edges along local axis 0 = x, 1 = y, 2 = z.
    BoxEdge(u8),
    /// A triangle's plane.
    TriangleFace,
    /// Triangle edge `k`, from vertex `k` to vertex `k + 1` (3 to 1).
    TriangleEdge(u8),
    /// Hull face `k` (its index in the hull's face list, 1-based).
    HullFace(u16),
    /// Hull edge `k` (standing for every hull edge parallel to it).
    HullEdge(u16),
    /// The direction of a segment.
    SegmentDirection,
    /// The direction of a capsule's core segment.
    CapsuleAxis,
    /// The direction of a ray.
    RayDirection,
    /// A sphere's centre.
    Centre,
    /// A point shape's position.
    Position,
    /// The point of the shape nearest the other shape.
    NearestPoint,
}

impl Feature {
    /// Words for the feature, without the shape's letter: `"face +x normal"`.
    pub fn words(self) -> String {
        const AXIS: [&str; 3] = ["x", "y", "z"];
        match self {
            Feature::BoxFace(i) => format!("face +{} normal", AXIS[usize::from(i.min(2))]),
            Feature::BoxEdge(i) => format!("edge {}", AXIS[usize::from(i.min(2))]),
            Feature::TriangleFace => "face normal".into(),
            Feature::TriangleEdge(k) => format!("edge {k}"),
            Feature::HullFace(k) => format!("face {k} normal"),
            Feature::HullEdge(k) => format!("edge {k}"),
            Feature::SegmentDirection => "segment".into(),
            Feature::CapsuleAxis => "core segment".into(),
            Feature::RayDirection => "ray".into(),
            Feature::Centre => "centre".into(),
            Feature::Position => "point".into(),
            Feature::NearestPoint => "nearest point".into(),
        }
    }

    /// `"A face +x normal"`, `"B centre"`, `"A's nearest point"`.
    pub fn named(self, side: Side) -> String {
        match self {
            Feature::NearestPoint => format!("{}'s {}", side.letter(), self.words()),
            Feature::BoxFace(_)
            | Feature::BoxEdge(_)
            | Feature::TriangleFace
            | Feature::TriangleEdge(_)
            | Feature::HullFace(_)
            | Feature::HullEdge(_)
            | Feature::SegmentDirection
            | Feature::CapsuleAxis
            | Feature::RayDirection
            | Feature::Centre
            | Feature::Position => format!("{} {}", side.letter(), self.words()),
        }
    }
}

/// Where a candidate axis came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AxisSource3 {
    /// A face normal of one shape.
    Face {
        /// Whose face.
        side: Side,
        /// Which face.
        feature: Feature,
    },
    /// The cross product of an edge of A and an edge of B.
    Cross {
        /// A's edge.
        a: Feature,
        /// B's edge.
        b: Feature,
    },
    /// For shapes that are not solid polytopes (a sphere, capsule, segment,
    /// point, ray, triangle, flat hull or flat box): the direction between
    /// the nearest points of the cores, which GJK finds. Its gap is the
    /// distance, so separated shapes always have a separating axis.
    Closest {
        /// The shape the axis is read from.
        from: Side,
        /// Its feature (a sphere's centre, a point, or its nearest point).
        from_feature: Feature,
    },
    /// A direction perpendicular to an edge, for a thin shape whose only
    /// other candidates vanished (a point on a segment, collinear segments).
    Perpendicular {
        /// Whose edge.
        side: Side,
        /// Which edge.
        feature: Feature,
    },
    /// Neither shape offers a direction (two points, concentric spheres):
    /// any axis will do; the world x axis is used.
    AnyDirection,
}

impl AxisSource3 {
    /// Words a student understands: `"A face +x normal"`, `"A edge y × B edge z"`,
    /// `"B centre towards A's nearest point"`.
    pub fn describe(&self) -> String {
        match *self {
            AxisSource3::Face { side, feature } => feature.named(side),
            AxisSource3::Cross { a, b } => {
                format!("{} × {}", a.named(Side::A), b.named(Side::B))
            }
            AxisSource3::Closest { from, from_feature } => format!(
                "{} towards {}",
                from_feature.named(from),
                Feature::NearestPoint.named(from.other())
            ),
            AxisSource3::Perpendicular { side, feature } => {
                format!("perpendicular to {}", feature.named(side))
            }
            AxisSource3::AnyDirection => "x axis (any direction separates or none does)".into(),
        }
    }
}

impl fmt::Display for AxisSource3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// The Gauss-map image of one edge direction as a piece reports it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Gauss {
    /// Unknown: every pair with it is kept.
    All,
    /// The great circle perpendicular to this unit direction (a box's edge,
    /// a segment).
    Circle(Vec3),
    /// The arcs of a solid hull's edges with its `k`-th edge direction
    /// (resolved through the piece's arc table in `gauss.rs`).
    HullDir(usize),
    /// The half circle from `n` through `out` to `−n` (a triangle's edge:
    /// its plane's normal and the edge's outward normal in that plane).
    Half { n: Vec3, out: Vec3 },
}
