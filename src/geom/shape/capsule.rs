//! A capsule: a segment swept by a disc.

use crate::common::error::non_negative;
use crate::geom::shape::bounds_of;
use crate::geom::ShapeKind;
use crate::geom::{Pose, ShapeError, Vec2};

/// All points within `radius` of the segment from `-half_length` to
/// `+half_length` on the local x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Capsule {
    pub(crate) pose: Pose,
    pub(crate) half_length: f32,
    pub(crate) radius: f32,
}

impl Capsule {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `half_length ≥ 0` and `radius ≥ 0`.
    pub fn new(pose: Pose, half_length: f32, radius: f32) -> Result<Capsule, ShapeError> {
        Ok(Capsule {
            pose,
            half_length: non_negative(ShapeKind::Capsule, "half_length", half_length)?,
            radius: non_negative(ShapeKind::Capsule, "radius", radius)?,
        })
    }

    /// Half the length of the core segment, world units.
    pub fn half_length(&self) -> f32 {
        self.half_length
    }

    /// Radius, world units.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// World endpoints of the core segment, local `-x` end first.
    pub fn endpoints(&self) -> (Vec2, Vec2) {
        let h = self.pose.rot() * self.half_length;
        (self.pose.position() - h, self.pose.position() + h)
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        let (p, q) = self.endpoints();
        let (lo, hi) = bounds_of([p, q]);
        (lo - Vec2::splat(self.radius), hi + Vec2::splat(self.radius))
    }
}
