//! A ray from the pose's position along the local x axis.

use crate::common::error::positive;
use crate::geom::shape::bounds_of;
use crate::geom::ShapeKind;
use crate::geom::{Pose, ShapeError, Vec2};

/// A ray starting at the pose's position, pointing along the local x axis;
/// bounded by `length` when given, unbounded otherwise.
#[derive(Debug, Clone, PartialEq)]
pub struct Ray {
    pub(crate) pose: Pose,
    pub(crate) length: Option<f32>,
}

impl Ray {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `length > 0` when present.
    pub fn new(pose: Pose, length: Option<f32>) -> Result<Ray, ShapeError> {
        let length = match length {
            Some(l) => Some(positive(ShapeKind::Ray, "length", l)?),
            None => None,
        };
        Ok(Ray { pose, length })
    }

    /// Length in world units, `None` when unbounded.
    pub fn length(&self) -> Option<f32> {
        self.length
    }

    /// World origin.
    pub fn origin(&self) -> Vec2 {
        self.pose.position()
    }

    /// World unit direction.
    pub fn direction(&self) -> Vec2 {
        self.pose.rot()
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        let o = self.origin();
        match self.length {
            Some(l) => bounds_of([o, o + self.direction() * l]),
            None => {
                let d = self.direction();
                let far = |c: f32, dc: f32| {
                    if dc > 0.0 {
                        (c, f32::INFINITY)
                    } else if dc < 0.0 {
                        (f32::NEG_INFINITY, c)
                    } else {
                        (c, c)
                    }
                };
                let (x0, x1) = far(o.x, d.x);
                let (y0, y1) = far(o.y, d.y);
                (Vec2::new(x0, y0), Vec2::new(x1, y1))
            }
        }
    }
}
