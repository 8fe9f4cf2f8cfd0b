//! A ray as a shape, bounded or unbounded.

use crate::common::error::non_negative;
use crate::common::ShapeError;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;
use glam::Vec3;

/// From the pose's position along the local +x axis, for `length` world
/// units or without end (`None`).
#[derive(Debug, Clone, PartialEq)]
pub struct Ray3Shape {
    pub(crate) pose: Pose3,
    pub(crate) length: Option<f32>,
}

impl Ray3Shape {
    /// Validates `length ≥ 0` when given.
    pub fn new(pose: Pose3, length: Option<f32>) -> Result<Ray3Shape, ShapeError> {
        let length = match length {
            Some(l) => Some(non_negative(ShapeKind3::Ray, "length", l)?),
            None => None,
        };
        Ok(Ray3Shape { pose, length })
    }

    /// World origin.
    #[inline]
    pub fn origin(&self) -> Vec3 {
        self.pose.position()
    }

    /// World unit direction.
    #[inline]
    pub fn direction(&self) -> Vec3 {
        self.pose.matrix().x_axis
    }

    /// Length in world units, `None` when unbounded.
    #[inline]
    pub fn length(&self) -> Option<f32> {
        self.length
    }
}
