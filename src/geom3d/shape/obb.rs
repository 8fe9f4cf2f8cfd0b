//! A turned box.

use crate::common::ShapeError;
use crate::geom3d::shape::aabb::check_half_extents;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;
use glam::Vec3;

/// The box `±half_extents` in the local frame, turned and moved by the pose.
#[derive(Debug, Clone, PartialEq)]
pub struct Obb3 {
    pub(crate) pose: Pose3,
    pub(crate) half_extents: Vec3,
}

impl Obb3 {
    /// Validates `half_extents ≥ 0`.
    pub fn new(pose: Pose3, half_extents: Vec3) -> Result<Obb3, ShapeError> {
        Ok(Obb3 {
            pose,
            half_extents: check_half_extents(ShapeKind3::Obb, half_extents)?,
        })
    }
}
