//! Where a candidate axis comes from, in data and in words.

use std::fmt;

pub use crate::common::Side;

/// Which convex part of a shape a report part is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// The whole (convex) shape.
    Whole,
    /// The clockwise half of a wide sector (half-angle in (90°, 180°)).
    RightHalf,
    /// The counter-clockwise half of a wide sector.
    LeftHalf,
}

impl Part {
    /// `""`, `" (right half)"` or `" (left half)"`.
    pub fn suffix(self) -> &'static str {
        match self {
            Part::Whole => "",
            Part::RightHalf => " (right half)",
            Part::LeftHalf => " (left half)",
        }
    }
}

/// A named feature of a shape. Numbers are 1-based, as a person counts;
/// polygon vertex `k` is `local_vertices()[k - 1]` and edge `k` runs from
/// vertex `k` to vertex `k + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    /// Polygon vertex `k`.
    Vertex(u16),
    /// Polygon edge `k` (its outward normal).
    Edge(u16),
    /// Box corner `k`, counter-clockwise from local `(-hx, -hy)`.
    Corner(u8),
    /// Box local axis: 1 = x, 2 = y (each the normal of two opposite edges).
    BoxAxis(u8),
    /// A circle's centre.
    Centre,
    /// Segment or capsule end `k` (1 = local `-x` end).
    End(u8),
    /// A ray's origin.
    Origin,
    /// A bounded ray's far end.
    Tip,
    /// A point shape, or the reference point of a line.
    Position,
    /// A sector's apex (also the centre of its arc).
    Apex,
    /// A sector's arc end: 1 = clockwise end, 2 = counter-clockwise end.
    ArcEnd(u8),
    /// A sector's straight edge: 1 = clockwise edge, 2 = counter-clockwise edge.
    SectorEdge(u8),
    /// The normal of a sector's arc at arc end `k` (along the radius to it).
    ArcEndNormal(u8),
    /// The normal of a segment or of a capsule's core segment.
    SegmentNormal,
    /// The normal of a ray.
    RayNormal,
    /// The normal of a line.
    LineNormal,
}

impl Feature {
    /// Words for the feature, without the shape's letter: `"edge 2 normal"`.
    pub fn words(self) -> String {
        match self {
            Feature::Vertex(k) => format!("vertex {k}"),
            Feature::Edge(k) => format!("edge {k} normal"),
            Feature::Corner(k) => format!("corner {k}"),
            Feature::BoxAxis(1) => "x axis".into(),
            Feature::BoxAxis(_) => "y axis".into(),
            Feature::Centre => "centre".into(),
            Feature::End(k) => format!("end {k}"),
            Feature::Origin => "origin".into(),
            Feature::Tip => "tip".into(),
            Feature::Position => "point".into(),
            Feature::Apex => "apex".into(),
            Feature::ArcEnd(k) => format!("arc end {k}"),
            Feature::SectorEdge(k) => format!("edge {k} normal"),
            Feature::ArcEndNormal(k) => format!("arc normal at arc end {k}"),
            Feature::SegmentNormal => "segment normal".into(),
            Feature::RayNormal => "ray normal".into(),
            Feature::LineNormal => "line normal".into(),
        }
    }

    /// True for numbered features, which read "A vertex 2", rather than
    /// ones that read as a possessive, "A's centre".
    pub fn numbered(self) -> bool {
        matches!(
            self,
            Feature::Vertex(_)
                | Feature::Edge(_)
                | Feature::Corner(_)
                | Feature::End(_)
                | Feature::ArcEnd(_)
                | Feature::SectorEdge(_)
                | Feature::ArcEndNormal(_)
        )
    }

    /// `"A edge 2 normal"`, `"A's centre"`.
    pub fn named(self, side: Side) -> String {
        if !self.numbered() {
            format!("{}'s {}", side.letter(), self.words())
        } else {
            format!("{} {}", side.letter(), self.words())
        }
    }
}

/// Where a candidate axis came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AxisSource {
    /// A face normal (or box axis, segment/ray/line normal) of one shape.
    Face {
        /// Whose face.
        side: Side,
        /// Which face.
        feature: Feature,
    },
    /// For a curved shape: the direction from one of its curve centres
    /// (circle centre, capsule end, sector apex) to a vertex of the other
    /// shape: the only directions in which a curve can be the closest feature.
    Towards {
        /// The shape with the curve.
        centre_side: Side,
        /// The curve's centre.
        centre: Feature,
        /// The other shape's vertex.
        vertex: Feature,
    },
    /// Neither shape offers a direction (for instance two circles with the
    /// same centre): any axis will do; the world x axis is used.
    AnyDirection,
}

impl AxisSource {
    /// Words a student understands: `"A edge 2 normal"`,
    /// `"B vertex 1 towards A's centre"`.
    pub fn describe(&self) -> String {
        match *self {
            AxisSource::Face { side, feature } => feature.named(side),
            AxisSource::Towards {
                centre_side,
                centre,
                vertex,
            } => {
                format!(
                    "{} towards {}",
                    vertex.named(centre_side.other()),
                    centre.named(centre_side)
                )
            }
            AxisSource::AnyDirection => "x axis (any direction separates or none does)".into(),
        }
    }
}

impl fmt::Display for AxisSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}
