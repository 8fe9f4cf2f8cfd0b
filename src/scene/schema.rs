//! The names of the format (`docs/scene-format.md`): its versions, and the
//! fields a shape object has in 2D and in 3D, shared by readers and writers.

use crate::geom::ShapeKind;
use crate::geom3d::ShapeKind3;

/// The version pair scenes are written with (version 1, so that every
/// satlab reads them).
pub const FORMAT_VERSION: u32 = 1;

/// The newest 2D version this build reads; field scenes are written with it.
pub const FIELD_FORMAT_VERSION: u32 = 2;

/// The version 3D scenes are written with.
pub const SPACE_FORMAT_VERSION: u32 = 3;

/// What a field shape has besides a shape's fields.
pub(super) const TAG_FIELDS: &[&str] = &["layer", "active", "enabled"];

/// What the field's ray and query shape have besides a shape's fields.
pub(super) const MASK_FIELDS: &[&str] = &["mask"];

/// The shape kinds of one dimension, as the format names them.
pub(super) trait Kinds: Copy + 'static {
    /// Every kind, in the order messages list them.
    const ALL: &'static [Self];
    /// The fields of the pose, `kind` first.
    const POSE_FIELDS: &'static [&'static str];
    /// The kind an example in a message shows.
    const EXAMPLE: &'static str;
    /// What an unknown kind is called in a message.
    const KIND_WORD: &'static str;
    /// The kind's name in files.
    fn name(self) -> &'static str;
    /// The kind a file names, if any.
    fn from_name(name: &str) -> Option<Self>;
    /// The fields the kind has besides its pose, in the order they are saved.
    fn fields(self) -> &'static [&'static str];
}

impl Kinds for ShapeKind {
    const ALL: &'static [Self] = &ShapeKind::ALL;
    const POSE_FIELDS: &'static [&'static str] = &["kind", "position", "rotation_deg"];
    const EXAMPLE: &'static str = "circle";
    const KIND_WORD: &'static str = "kind";

    fn name(self) -> &'static str {
        ShapeKind::name(self)
    }

    fn from_name(name: &str) -> Option<Self> {
        ShapeKind::from_name(name)
    }

    fn fields(self) -> &'static [&'static str] {
        match self {
            ShapeKind::Point | ShapeKind::Line => &[],
            ShapeKind::Segment => &["half_length"],
            ShapeKind::Ray => &["length"],
            ShapeKind::Circle => &["radius"],
            ShapeKind::Aabb | ShapeKind::Obb => &["half_extents"],
            ShapeKind::Capsule => &["half_length", "radius"],
            ShapeKind::Sector => &["radius", "half_angle_deg"],
            ShapeKind::Polygon => &["vertices"],
        }
    }
}

impl Kinds for ShapeKind3 {
    const ALL: &'static [Self] = &ShapeKind3::ALL;
    const POSE_FIELDS: &'static [&'static str] =
        &["kind", "position", "rotation_deg", "quaternion"];
    const EXAMPLE: &'static str = "sphere";
    const KIND_WORD: &'static str = "3D kind";

    fn name(self) -> &'static str {
        ShapeKind3::name(self)
    }

    fn from_name(name: &str) -> Option<Self> {
        ShapeKind3::from_name(name)
    }

    fn fields(self) -> &'static [&'static str] {
        match self {
            ShapeKind3::Point => &[],
            ShapeKind3::Segment => &["half_length"],
            ShapeKind3::Ray => &["length"],
            ShapeKind3::Sphere => &["radius"],
            ShapeKind3::Aabb | ShapeKind3::Obb => &["half_extents"],
            ShapeKind3::Capsule => &["half_length", "radius"],
            ShapeKind3::Triangle => &["vertices"],
            ShapeKind3::Hull => &["points", "flat"],
        }
    }
}
