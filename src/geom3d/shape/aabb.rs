//! An axis-aligned box.

use crate::common::error::non_negative;
use crate::common::AnyKind;
use crate::common::{Rule, ShapeError};
use crate::geom3d::pose::fmt_vec3;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;
use glam::Vec3;

/// The box `position ± half_extents` along the world axes.
#[derive(Debug, Clone, PartialEq)]
pub struct Aabb3 {
    pub(crate) pose: Pose3,
    pub(crate) half_extents: Vec3,
}

/// Checks each half-extent is finite and `≥ 0`.
pub(crate) fn check_half_extents(kind: impl Into<AnyKind>, h: Vec3) -> Result<Vec3, ShapeError> {
    let kind: AnyKind = kind.into();
    for v in h.to_array() {
        non_negative(kind, "half_extents", v)
            .map_err(|e| ShapeError::new(kind, "half_extents", e.rule, fmt_vec3(h)))?;
    }
    Ok(h)
}

impl Aabb3 {
    /// Validates an unturned pose and `half_extents ≥ 0`.
    pub fn new(pose: Pose3, half_extents: Vec3) -> Result<Aabb3, ShapeError> {
        if !pose.is_identity_rotation() {
            return Err(ShapeError::new(
                ShapeKind3::Aabb,
                "rotation_deg",
                Rule::Aabb3Turned,
                format!("{:?}", pose.rotation().to_array()),
            ));
        }
        Ok(Aabb3 {
            pose,
            half_extents: check_half_extents(ShapeKind3::Aabb, half_extents)?,
        })
    }
}
