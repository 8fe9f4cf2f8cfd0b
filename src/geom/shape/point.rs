//! A single point at the pose's position.

use crate::geom::{Pose, ShapeError, Vec2};

/// A point: the pose's position. Its rotation has no effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub(crate) pose: Pose,
}

impl Point {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// A point at `position`.
    pub fn new(position: Vec2) -> Result<Point, ShapeError> {
        Ok(Point {
            pose: Pose::new(position, 0.0)?,
        })
    }

    /// A point with a full pose (the rotation is kept for round trips).
    pub fn with_pose(pose: Pose) -> Point {
        Point { pose }
    }

    /// World position.
    pub fn position(&self) -> Vec2 {
        self.pose.position()
    }
}
