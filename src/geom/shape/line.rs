//! An infinite line through the pose's position along the local x axis.

use crate::geom::{Pose, Vec2};

/// The infinite line through the pose's position along the local x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub(crate) pose: Pose,
}

impl Line {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// A line through `pose.position()` along `pose.rot()`.
    pub fn new(pose: Pose) -> Line {
        Line { pose }
    }

    /// A world point on the line.
    pub fn point(&self) -> Vec2 {
        self.pose.position()
    }

    /// World unit direction.
    pub fn direction(&self) -> Vec2 {
        self.pose.rot()
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        let d = self.direction();
        let p = self.point();
        let span = |c: f32, dc: f32| {
            if dc == 0.0 {
                (c, c)
            } else {
                (f32::NEG_INFINITY, f32::INFINITY)
            }
        };
        let (x0, x1) = span(p.x, d.x);
        let (y0, y1) = span(p.y, d.y);
        (Vec2::new(x0, y0), Vec2::new(x1, y1))
    }
}
