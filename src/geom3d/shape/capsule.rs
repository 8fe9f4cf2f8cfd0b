//! A capsule: a segment swept by a ball.

use crate::common::error::non_negative;
use crate::common::ShapeError;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;

/// All points within `radius` of the segment from `-half_length` to
/// `+half_length` on the local x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Capsule3 {
    pub(crate) pose: Pose3,
    pub(crate) half_length: f32,
    pub(crate) radius: f32,
}

impl Capsule3 {
    /// Validates `half_length ≥ 0` and `radius ≥ 0`.
    pub fn new(pose: Pose3, half_length: f32, radius: f32) -> Result<Capsule3, ShapeError> {
        Ok(Capsule3 {
            pose,
            half_length: non_negative(ShapeKind3::Capsule, "half_length", half_length)?,
            radius: non_negative(ShapeKind3::Capsule, "radius", radius)?,
        })
    }

    /// Radius, world units.
    #[inline]
    pub fn radius(&self) -> f32 {
        self.radius
    }
}
