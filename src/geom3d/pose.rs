//! Pose3: a position and a rotation in 3D.

use crate::common::error::within_limit3;
use crate::common::AnyKind;
use crate::common::{Rule, ShapeError};
use glam::{Mat3, Quat, Vec3};

/// Where a shape is: `world = position + rotation * local`.
///
/// The rotation is kept as a unit quaternion and as the matrix the queries
/// use; both describe the same turn. Euler angles (scene files) are turned
/// into the matrix with exact cosines and sines at multiples of 90°, so
/// quarter turns map axes onto axes without rounding.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose3 {
    position: Vec3,
    rotation: Quat,
    matrix: Mat3,
}

impl Default for Pose3 {
    fn default() -> Self {
        Pose3::at(Vec3::ZERO)
    }
}

/// Exact `(sin, cos)` of `deg` degrees at multiples of 90°, else `f32`'s.
pub(crate) fn sin_cos_deg(deg: f32) -> (f32, f32) {
    let r = deg.rem_euclid(360.0);
    if r == 0.0 {
        (0.0, 1.0)
    } else if r == 90.0 {
        (1.0, 0.0)
    } else if r == 180.0 {
        (0.0, -1.0)
    } else if r == 270.0 {
        (-1.0, 0.0)
    } else {
        // In f64 so that the rounding is of the result only.
        let (s, c) = (f64::from(deg)).to_radians().sin_cos();
        (s as f32, c as f32)
    }
}

/// A finite position within ±[`MAX_MAGNITUDE`](crate::common::MAX_MAGNITUDE)
/// in x, y and z, as in 2D.
fn check_position(kind: impl Into<AnyKind>, p: Vec3) -> Result<Vec3, ShapeError> {
    let kind: AnyKind = kind.into();
    if p.is_finite() {
        within_limit3(kind, "position", Rule::WithinLimit3, p)
    } else {
        Err(ShapeError::new(kind, "position", Rule::Finite, fmt_vec3(p)))
    }
}

/// `q` scaled to unit length, or `None` when it is not finite or is zero.
/// Scaled by its largest component and normalised in f64, so any finite
/// non-zero quaternion works (components of 1e20 or 1e-30 included; in f32
/// their squares would overflow or underflow).
fn unit_quat(q: Quat) -> Option<Quat> {
    if !q.is_finite() {
        return None;
    }
    let c = q.to_array().map(f64::from);
    let big = c.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if big == 0.0 {
        return None;
    }
    let s = c.map(|x| x / big);
    let len = s.iter().map(|x| x * x).sum::<f64>().sqrt();
    let u = s.map(|x| (x / len) as f32);
    Some(Quat::from_array(u))
}

/// `p` with each coordinate limited to ±[`MAX_MAGNITUDE`](crate::common::MAX_MAGNITUDE).
fn clamp_to_limit(p: Vec3) -> Vec3 {
    let m = crate::common::MAX_MAGNITUDE;
    p.clamp(Vec3::splat(-m), Vec3::splat(m))
}

/// Formats a vector as `[x, y, z]` for messages.
pub(crate) fn fmt_vec3(v: Vec3) -> String {
    format!("[{}, {}, {}]", v.x, v.y, v.z)
}

impl Pose3 {
    /// At `position`, not turned; a non-finite position is replaced by the
    /// origin and each coordinate is kept within
    /// ±[`MAX_MAGNITUDE`](crate::common::MAX_MAGNITUDE) (use [`Pose3::new`] to
    /// validate instead).
    pub fn at(position: Vec3) -> Pose3 {
        Pose3 {
            position: if position.is_finite() {
                clamp_to_limit(position)
            } else {
                Vec3::ZERO
            },
            rotation: Quat::IDENTITY,
            matrix: Mat3::IDENTITY,
        }
    }

    /// Position and rotation quaternion `(x, y, z, w)`; the quaternion must be
    /// finite and non-zero and is normalised. `kind` names the shape in errors.
    pub fn new(
        kind: impl Into<AnyKind>,
        position: Vec3,
        rotation: Quat,
    ) -> Result<Pose3, ShapeError> {
        let kind: AnyKind = kind.into();
        let position = check_position(kind, position)?;
        let v = Vec3::new(rotation.x, rotation.y, rotation.z);
        let Some(q) = unit_quat(rotation) else {
            return Err(ShapeError::new(
                kind,
                "quaternion",
                Rule::FiniteNonZero,
                format!("[{}, {}, {}, {}]", v.x, v.y, v.z, rotation.w),
            ));
        };
        Ok(Pose3 {
            position,
            rotation: q,
            matrix: Mat3::from_quat(q),
        })
    }

    /// Position and Euler angles in degrees, `[x, y, z]`: the shape is turned
    /// first about the world x axis, then about the world y axis, then about
    /// the world z axis (extrinsic x-y-z, i.e. `R = Rz · Ry · Rx`), each
    /// counter-clockwise seen from the positive end of the axis
    /// (right-handed).
    pub fn from_euler_deg(
        kind: impl Into<AnyKind>,
        position: Vec3,
        deg: [f32; 3],
    ) -> Result<Pose3, ShapeError> {
        let kind: AnyKind = kind.into();
        let position = check_position(kind, position)?;
        if deg.iter().any(|d| !d.is_finite()) {
            return Err(ShapeError::new(
                kind,
                "rotation_deg",
                Rule::Finite,
                fmt_vec3(Vec3::from(deg)),
            ));
        }
        let (sx, cx) = sin_cos_deg(deg[0]);
        let (sy, cy) = sin_cos_deg(deg[1]);
        let (sz, cz) = sin_cos_deg(deg[2]);
        let rx = Mat3::from_cols(Vec3::X, Vec3::new(0.0, cx, sx), Vec3::new(0.0, -sx, cx));
        let ry = Mat3::from_cols(Vec3::new(cy, 0.0, -sy), Vec3::Y, Vec3::new(sy, 0.0, cy));
        let rz = Mat3::from_cols(Vec3::new(cz, sz, 0.0), Vec3::new(-sz, cz, 0.0), Vec3::Z);
        let matrix = rz * ry * rx;
        Ok(Pose3 {
            position,
            rotation: Quat::from_mat3(&matrix).normalize(),
            matrix,
        })
    }

    /// World position of the local origin.
    #[inline]
    pub fn position(&self) -> Vec3 {
        self.position
    }

    /// The rotation as a unit quaternion.
    #[inline]
    pub fn rotation(&self) -> Quat {
        self.rotation
    }

    /// The rotation as a matrix: its columns are the local axes in world.
    #[inline]
    pub fn matrix(&self) -> Mat3 {
        self.matrix
    }

    /// True when not turned.
    #[inline]
    pub fn is_identity_rotation(&self) -> bool {
        self.matrix == Mat3::IDENTITY
    }

    /// Moves the local origin to `p`; non-finite input is ignored, and each
    /// coordinate is kept within ±[`MAX_MAGNITUDE`](crate::common::MAX_MAGNITUDE),
    /// so a shape dragged far away is still one a scene file can hold.
    pub fn set_position(&mut self, p: Vec3) {
        if p.is_finite() {
            self.position = clamp_to_limit(p);
        }
    }

    /// Local point to world.
    #[inline]
    pub fn transform_point(&self, local: Vec3) -> Vec3 {
        self.position + self.matrix * local
    }

    /// World point to local.
    #[inline]
    pub fn inverse_transform_point(&self, world: Vec3) -> Vec3 {
        self.matrix.transpose() * (world - self.position)
    }

    /// Local direction to world.
    #[inline]
    pub fn transform_vector(&self, local: Vec3) -> Vec3 {
        self.matrix * local
    }

    /// World direction to local.
    #[inline]
    pub fn inverse_transform_vector(&self, world: Vec3) -> Vec3 {
        self.matrix.transpose() * world
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom3d::ShapeKind3;

    #[test]
    fn quarter_turns_are_exact() {
        let p = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::ZERO, [90.0, 0.0, 0.0]).unwrap();
        assert_eq!(p.transform_vector(Vec3::Y), Vec3::Z);
        let p = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::ZERO, [0.0, 0.0, 90.0]).unwrap();
        assert_eq!(p.transform_vector(Vec3::X), Vec3::Y);
        let p = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::ZERO, [0.0, 90.0, 0.0]).unwrap();
        assert_eq!(p.transform_vector(Vec3::Z), Vec3::X);
    }

    #[test]
    fn euler_order_is_x_then_y_then_z_about_world_axes() {
        let p = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::ZERO, [90.0, 90.0, 0.0]).unwrap();
        // Y --x90--> Z --y90--> X.
        assert_eq!(p.transform_vector(Vec3::Y), Vec3::X);
        let q = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::ZERO, [30.0, -40.0, 75.0]).unwrap();
        let m = Mat3::from_rotation_z(75f32.to_radians())
            * Mat3::from_rotation_y((-40f32).to_radians())
            * Mat3::from_rotation_x(30f32.to_radians());
        assert!(q.matrix().abs_diff_eq(m, 1e-6));
        assert!(Mat3::from_quat(q.rotation()).abs_diff_eq(m, 1e-6));
    }

    #[test]
    fn rejects_bad_input() {
        let e = Pose3::new(
            ShapeKind3::Sphere,
            Vec3::ZERO,
            Quat::from_xyzw(0.0, 0.0, 0.0, 0.0),
        )
        .unwrap_err();
        assert_eq!(e.field, "quaternion");
        let e = Pose3::from_euler_deg(ShapeKind3::Sphere, Vec3::new(f32::NAN, 0.0, 0.0), [0.0; 3])
            .unwrap_err();
        assert_eq!(e.field, "position");
        let e = Pose3::from_euler_deg(ShapeKind3::Sphere, Vec3::ZERO, [0.0, f32::INFINITY, 0.0])
            .unwrap_err();
        assert_eq!(e.field, "rotation_deg");
        let p = Pose3::new(
            ShapeKind3::Obb,
            Vec3::ONE,
            Quat::from_xyzw(0.0, 0.0, 2.0, 0.0),
        )
        .unwrap();
        assert!((p.rotation().length() - 1.0).abs() < 1e-6);
        assert!(p
            .transform_point(Vec3::X)
            .abs_diff_eq(Vec3::new(0.0, 1.0, 1.0), 1e-6));
    }

    #[test]
    fn huge_and_tiny_quaternions_are_normalised() {
        // A quarter turn about z, written at every scale f32 holds.
        for s in [1e20f32, 1e30, 1.0, 1e-20, 1e-38, 1e-45] {
            let p = Pose3::new(ShapeKind3::Obb, Vec3::ZERO, Quat::from_xyzw(0.0, 0.0, s, s))
                .unwrap_or_else(|e| panic!("{s}: {e}"));
            assert!((p.rotation().length() - 1.0).abs() < 1e-6, "{s}");
            assert!(
                p.transform_vector(Vec3::X).abs_diff_eq(Vec3::Y, 1e-6),
                "{s}: {}",
                p.transform_vector(Vec3::X)
            );
        }
        let max = Quat::from_xyzw(f32::MAX, f32::MAX, f32::MAX, f32::MAX);
        assert!(Pose3::new(ShapeKind3::Obb, Vec3::ZERO, max).is_ok());
        let inf = Quat::from_xyzw(f32::INFINITY, 0.0, 0.0, 1.0);
        assert!(Pose3::new(ShapeKind3::Obb, Vec3::ZERO, inf).is_err());
    }
}
