//! A single point.

use crate::geom3d::Pose3;
use glam::Vec3;

/// The point at the pose's position.
#[derive(Debug, Clone, PartialEq)]
pub struct Point3 {
    pub(crate) pose: Pose3,
}

impl Point3 {
    /// The point at `pose.position()` (the rotation is kept but changes nothing).
    pub fn new(pose: Pose3) -> Point3 {
        Point3 { pose }
    }

    /// World position.
    #[inline]
    pub fn position(&self) -> Vec3 {
        self.pose.position()
    }
}
