//! A turned box.

use crate::geom::shape::aabb::check_half_extents;
use crate::geom::shape::bounds_of;
use crate::geom::ShapeKind;
use crate::geom::{Pose, ShapeError, Vec2};

/// The box `±half_extents` in the local frame, turned and moved by the pose.
#[derive(Debug, Clone, PartialEq)]
pub struct Obb {
    pub(crate) pose: Pose,
    pub(crate) half_extents: Vec2,
}

impl Obb {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `half_extents ≥ 0`.
    pub fn new(pose: Pose, half_extents: Vec2) -> Result<Obb, ShapeError> {
        check_half_extents(ShapeKind::Obb, half_extents)?;
        Ok(Obb { pose, half_extents })
    }

    /// World centre.
    pub fn center(&self) -> Vec2 {
        self.pose.position()
    }

    /// Half-extents along the local axes, world units.
    pub fn half_extents(&self) -> Vec2 {
        self.half_extents
    }

    /// World corners, counter-clockwise from local `(-hx, -hy)`.
    pub fn corners(&self) -> [Vec2; 4] {
        let h = self.half_extents;
        [
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ]
        .map(|c| self.pose.transform_point(c))
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        bounds_of(self.corners())
    }
}
