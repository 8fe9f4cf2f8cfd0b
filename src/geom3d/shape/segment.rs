//! A closed segment.

use crate::common::error::non_negative;
use crate::common::ShapeError;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;

/// The segment from `-half_length` to `+half_length` on the local x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment3 {
    pub(crate) pose: Pose3,
    pub(crate) half_length: f32,
}

impl Segment3 {
    /// Validates `half_length ≥ 0` (0 is a point).
    pub fn new(pose: Pose3, half_length: f32) -> Result<Segment3, ShapeError> {
        Ok(Segment3 {
            pose,
            half_length: non_negative(ShapeKind3::Segment, "half_length", half_length)?,
        })
    }
}
