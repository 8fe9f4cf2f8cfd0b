//! An axis-aligned box.

use crate::common::error::{at_most_limit, fmt_vec, non_negative};
use crate::geom::AnyKind;
use crate::geom::ShapeKind;
use crate::geom::{Pose, Rule, ShapeError, Vec2};

/// The axis-aligned box `position ± half_extents`. Its rotation is always 0.
#[derive(Debug, Clone, PartialEq)]
pub struct Aabb {
    pub(crate) pose: Pose,
    pub(crate) half_extents: Vec2,
}

impl Aabb {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `half_extents ≥ 0` and a rotation of 0.
    pub fn new(pose: Pose, half_extents: Vec2) -> Result<Aabb, ShapeError> {
        if pose.rotation_deg() != 0.0 {
            return Err(ShapeError::new(
                ShapeKind::Aabb,
                "rotation_deg",
                Rule::AabbTurned,
                pose.rotation_deg(),
            ));
        }
        check_half_extents(ShapeKind::Aabb, half_extents)?;
        Ok(Aabb { pose, half_extents })
    }

    /// World centre.
    pub fn center(&self) -> Vec2 {
        self.pose.position()
    }

    /// Half-extents along x and y, world units.
    pub fn half_extents(&self) -> Vec2 {
        self.half_extents
    }

    /// World `(min, max)` corners.
    pub fn min_max(&self) -> (Vec2, Vec2) {
        (
            self.center() - self.half_extents,
            self.center() + self.half_extents,
        )
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        self.min_max()
    }
}

pub(crate) fn check_half_extents(kind: impl Into<AnyKind>, h: Vec2) -> Result<(), ShapeError> {
    let kind: AnyKind = kind.into();
    if !h.is_finite() {
        return Err(ShapeError::new(
            kind,
            "half_extents",
            Rule::Finite,
            fmt_vec(h),
        ));
    }
    non_negative(kind, "half_extents", h.x.min(h.y))
        .map_err(|_| ShapeError::new(kind, "half_extents", Rule::NonNegative, fmt_vec(h)))?;
    at_most_limit(kind, "half_extents", h.max_element())
        .map_err(|_| ShapeError::new(kind, "half_extents", Rule::AtMostLimit, fmt_vec(h)))?;
    Ok(())
}
