//! Position and rotation of a shape in the world.

use crate::common::error::{fmt_vec, Rule, ShapeError};
use crate::geom::AnyKind;
use glam::Vec2;

/// Where a shape sits: its local frame is turned by `rotation_deg`
/// (degrees, counter-clockwise) and then moved to `position` (world units).
///
/// The cosine and sine of the rotation are cached; multiples of 90° are exact,
/// so a box turned by exactly 90° has exactly swapped axes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    position: Vec2,
    rotation_deg: f32,
    /// `(cos θ, sin θ)`.
    rot: Vec2,
}

impl Default for Pose {
    fn default() -> Self {
        Pose::IDENTITY
    }
}

impl Pose {
    /// The world frame itself.
    pub const IDENTITY: Pose = Pose {
        position: Vec2::ZERO,
        rotation_deg: 0.0,
        rot: Vec2::X,
    };

    /// A pose, checked: a finite position within ±1e8 and a finite angle.
    /// The error names the kind `"pose"`; [`ShapeError::of_kind`] names the
    /// shape the pose is for.
    pub fn new(position: Vec2, rotation_deg: f32) -> Result<Pose, ShapeError> {
        let kind = AnyKind::Pose;
        if !position.is_finite() {
            return Err(ShapeError::new(
                kind,
                "position",
                Rule::Finite,
                fmt_vec(position),
            ));
        }
        if position.abs().max_element() > crate::geom::MAX_MAGNITUDE {
            return Err(ShapeError::new(
                kind,
                "position",
                Rule::WithinLimit,
                fmt_vec(position),
            ));
        }
        if !rotation_deg.is_finite() {
            return Err(ShapeError::new(
                kind,
                "rotation_deg",
                Rule::Finite,
                rotation_deg,
            ));
        }
        Ok(Pose {
            position,
            rotation_deg,
            rot: unit_from_degrees(rotation_deg),
        })
    }

    /// A pose with no rotation at `position`; panics never, but a non-finite
    /// position is replaced by the origin and each coordinate is kept within
    /// ±[`MAX_MAGNITUDE`](crate::geom::MAX_MAGNITUDE) (use [`Pose::new`] to
    /// validate instead).
    pub fn at(position: Vec2) -> Pose {
        Pose {
            position: if position.is_finite() {
                within_limit(position)
            } else {
                Vec2::ZERO
            },
            ..Pose::IDENTITY
        }
    }

    /// World position of the local origin.
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// Rotation in degrees, counter-clockwise, exactly as given.
    pub fn rotation_deg(&self) -> f32 {
        self.rotation_deg
    }

    /// `(cos θ, sin θ)`: the world direction of the local x axis.
    pub fn rot(&self) -> Vec2 {
        self.rot
    }

    /// Moves the pose; non-finite positions are ignored, and each coordinate
    /// is kept within ±[`MAX_MAGNITUDE`](crate::geom::MAX_MAGNITUDE), so a
    /// shape dragged far away is still one a scene file can hold.
    pub fn set_position(&mut self, p: Vec2) {
        if p.is_finite() {
            self.position = within_limit(p);
        }
    }

    /// Turns the pose to `deg` degrees; non-finite angles are ignored.
    pub fn set_rotation_deg(&mut self, deg: f32) {
        if deg.is_finite() {
            self.rotation_deg = deg;
            self.rot = unit_from_degrees(deg);
        }
    }

    /// Local point to world.
    #[inline]
    pub fn transform_point(&self, local: Vec2) -> Vec2 {
        self.position + self.rot.rotate(local)
    }

    /// World point to local.
    #[inline]
    pub fn inverse_transform_point(&self, world: Vec2) -> Vec2 {
        unrotate(self.rot, world - self.position)
    }

    /// Local direction to world.
    #[inline]
    pub fn transform_vector(&self, local: Vec2) -> Vec2 {
        self.rot.rotate(local)
    }

    /// World direction to local.
    #[inline]
    pub fn inverse_transform_vector(&self, world: Vec2) -> Vec2 {
        unrotate(self.rot, world)
    }
}

/// Rotates `v` by the inverse of the rotation `rot = (cos, sin)`.
#[inline]
pub(crate) fn unrotate(rot: Vec2, v: Vec2) -> Vec2 {
    Vec2::new(rot.x * v.x + rot.y * v.y, rot.x * v.y - rot.y * v.x)
}

/// `(cos, sin)` of an angle in degrees, exact at multiples of 90°, computed in
/// f64 otherwise.
pub(crate) fn unit_from_degrees(deg: f32) -> Vec2 {
    let d = (deg as f64).rem_euclid(360.0);
    if d == 0.0 {
        return Vec2::new(1.0, 0.0);
    }
    if d == 90.0 {
        return Vec2::new(0.0, 1.0);
    }
    if d == 180.0 {
        return Vec2::new(-1.0, 0.0);
    }
    if d == 270.0 {
        return Vec2::new(0.0, -1.0);
    }
    let r = d.to_radians();
    Vec2::new(r.cos() as f32, r.sin() as f32)
}

/// `p` with each coordinate limited to ±[`MAX_MAGNITUDE`](crate::geom::MAX_MAGNITUDE).
fn within_limit(p: Vec2) -> Vec2 {
    let m = crate::geom::MAX_MAGNITUDE;
    p.max(Vec2::splat(-m)).min(Vec2::splat(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poses_stay_within_the_limit_files_accept() {
        let far = Vec2::new(3.0e20, -1.0e9);
        let m = crate::geom::MAX_MAGNITUDE;
        assert_eq!(Pose::at(far).position(), Vec2::new(m, -m));
        let mut p = Pose::IDENTITY;
        p.set_position(far);
        assert_eq!(p.position(), Vec2::new(m, -m));
        assert!(Pose::new(p.position(), 0.0).is_ok());
    }

    #[test]
    fn quarter_turns_are_exact() {
        let p = Pose::new(Vec2::ZERO, 90.0).unwrap();
        assert_eq!(p.rot(), Vec2::Y);
        assert_eq!(p.transform_point(Vec2::new(2.0, 1.0)), Vec2::new(-1.0, 2.0));
        let p = Pose::new(Vec2::ZERO, -270.0).unwrap();
        assert_eq!(p.rot(), Vec2::Y);
    }

    #[test]
    fn round_trip() {
        let p = Pose::new(Vec2::new(3.0, -2.0), 33.0).unwrap();
        let q = Vec2::new(0.7, 1.9);
        let back = p.inverse_transform_point(p.transform_point(q));
        assert!((back - q).length() < 1e-5);
    }

    #[test]
    fn rejects_nan() {
        let e = Pose::new(Vec2::new(f32::NAN, 0.0), 0.0).unwrap_err();
        assert_eq!(e.field, "position");
        let e = Pose::new(Vec2::ZERO, f32::INFINITY).unwrap_err();
        assert_eq!(e.field, "rotation_deg");
    }
}
