//! A closed ball.

use crate::common::error::non_negative;
use crate::common::ShapeError;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;

/// All points within `radius` of the pose's position.
#[derive(Debug, Clone, PartialEq)]
pub struct Sphere {
    pub(crate) pose: Pose3,
    pub(crate) radius: f32,
}

impl Sphere {
    /// Validates `radius ≥ 0` (0 is a point).
    pub fn new(pose: Pose3, radius: f32) -> Result<Sphere, ShapeError> {
        Ok(Sphere {
            pose,
            radius: non_negative(ShapeKind3::Sphere, "radius", radius)?,
        })
    }

    /// Radius, world units.
    #[inline]
    pub fn radius(&self) -> f32 {
        self.radius
    }
}
