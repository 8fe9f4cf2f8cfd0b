//! A closed segment along the local x axis.

use crate::common::error::non_negative;
use crate::geom::shape::bounds_of;
use crate::geom::ShapeKind;
use crate::geom::{Pose, ShapeError, Vec2};

/// The segment from `-half_length` to `+half_length` on the local x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub(crate) pose: Pose,
    pub(crate) half_length: f32,
}

impl Segment {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `half_length ≥ 0`.
    pub fn new(pose: Pose, half_length: f32) -> Result<Segment, ShapeError> {
        Ok(Segment {
            pose,
            half_length: non_negative(ShapeKind::Segment, "half_length", half_length)?,
        })
    }

    /// The segment between two world points (a zero-length one if they coincide).
    pub fn from_endpoints(p: Vec2, q: Vec2) -> Result<Segment, ShapeError> {
        let d = q - p;
        let deg = if d.length_squared() > 0.0 {
            d.y.atan2(d.x).to_degrees()
        } else {
            0.0
        };
        let pose = Pose::new((p + q) * 0.5, deg)?;
        Segment::new(pose, d.length() * 0.5)
    }

    /// Half the length, world units.
    pub fn half_length(&self) -> f32 {
        self.half_length
    }

    /// World endpoints `(start, end)`: local `-x` end first.
    pub fn endpoints(&self) -> (Vec2, Vec2) {
        let h = self.pose.rot() * self.half_length;
        (self.pose.position() - h, self.pose.position() + h)
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        let (p, q) = self.endpoints();
        bounds_of([p, q])
    }
}
