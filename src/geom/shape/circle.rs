//! A closed disc.

use crate::common::error::non_negative;
use crate::geom::ShapeKind;
use crate::geom::{Pose, ShapeError, Vec2};

/// The closed disc of `radius` around the pose's position.
#[derive(Debug, Clone, PartialEq)]
pub struct Circle {
    pub(crate) pose: Pose,
    pub(crate) radius: f32,
}

impl Circle {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `radius ≥ 0`.
    pub fn new(pose: Pose, radius: f32) -> Result<Circle, ShapeError> {
        Ok(Circle {
            pose,
            radius: non_negative(ShapeKind::Circle, "radius", radius)?,
        })
    }

    /// World centre.
    pub fn center(&self) -> Vec2 {
        self.pose.position()
    }

    /// Radius, world units.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        (
            self.center() - Vec2::splat(self.radius),
            self.center() + Vec2::splat(self.radius),
        )
    }
}
