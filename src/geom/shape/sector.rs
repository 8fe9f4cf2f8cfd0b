//! A circular sector (a "pie slice"), convex up to a half-angle of 90°.

use crate::common::error::positive;
use crate::geom::pose::unit_from_degrees;
use crate::geom::shape::bounds_of;
use crate::geom::ShapeKind;
use crate::geom::{Pose, Rule, ShapeError, Vec2};

/// The circular sector with its apex at the pose's position, facing the
/// pose's local x axis and spanning `±half_angle_deg` around it, of `radius`.
///
/// Convex for half-angles up to 90°; between 90° and 180° it is not convex;
/// at 180° it is the whole disc.
#[derive(Debug, Clone, PartialEq)]
pub struct Sector {
    pub(crate) pose: Pose,
    pub(crate) radius: f32,
    pub(crate) half_angle_deg: f32,
    /// `(cos h, sin h)` of the half-angle.
    pub(crate) half: Vec2,
}

impl Sector {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates `radius > 0` and `half_angle_deg` in (0, 180].
    pub fn new(pose: Pose, radius: f32, half_angle_deg: f32) -> Result<Sector, ShapeError> {
        let radius = positive(ShapeKind::Sector, "radius", radius)?;
        if !(half_angle_deg > 0.0 && half_angle_deg <= 180.0) {
            return Err(ShapeError::new(
                ShapeKind::Sector,
                "half_angle_deg",
                Rule::HalfAngle,
                half_angle_deg,
            ));
        }
        Ok(Sector {
            pose,
            radius,
            half_angle_deg,
            half: unit_from_degrees(half_angle_deg),
        })
    }

    /// Radius, world units.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// Half-angle, degrees in (0, 180].
    pub fn half_angle_deg(&self) -> f32 {
        self.half_angle_deg
    }

    /// World position of the apex.
    pub fn apex(&self) -> Vec2 {
        self.pose.position()
    }

    /// World unit direction the sector faces.
    pub fn facing(&self) -> Vec2 {
        self.pose.rot()
    }

    /// `(cos h, sin h)` of the half-angle.
    pub fn half_angle_unit(&self) -> Vec2 {
        self.half
    }

    /// True up to a half-angle of 90° and at 180° (the disc).
    pub fn is_convex(&self) -> bool {
        self.half_angle_deg <= 90.0 || self.half_angle_deg >= 180.0
    }

    /// World endpoints of the arc: clockwise end (at `-h`) first.
    pub fn arc_ends(&self) -> (Vec2, Vec2) {
        let f = self.facing();
        let h = self.half;
        let right = f.rotate(Vec2::new(h.x, -h.y));
        let left = f.rotate(h);
        (
            self.apex() + right * self.radius,
            self.apex() + left * self.radius,
        )
    }

    /// True when the world direction `d` (any length) lies within the sector's
    /// angular span, with an angular slack of about `1e-6` rad.
    pub fn spans_direction(&self, d: Vec2) -> bool {
        in_wedge(self.facing(), self.half, d)
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        let (e1, e2) = self.arc_ends();
        let mut pts = [self.apex(), e1, e2, e1, e1, e1, e1];
        for (i, d) in [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y]
            .into_iter()
            .enumerate()
        {
            if self.spans_direction(d) {
                pts[3 + i] = self.apex() + d * self.radius;
            }
        }
        bounds_of(pts)
    }
}

/// True when `d` lies within `±h` of the unit direction `facing`, where
/// `half = (cos h, sin h)` and `h` is at most 180°.
#[inline]
pub(crate) fn in_wedge(facing: Vec2, half: Vec2, d: Vec2) -> bool {
    let len = d.length();
    if len == 0.0 {
        return true;
    }
    // With θ in [0, π] the angle from `facing` to `d`: θ ≤ h exactly when
    // sin(θ − h) ≤ 0, i.e. |facing × d| cos h − (facing · d) sin h ≤ 0. The
    // slack is then 1e-6 rad for every h; a slack on the cosine alone
    // (`cos θ ≥ cos h − 1e-6`) would widen thin and nearly full sectors by
    // about 1e-6 / sin h.
    let (c, s) = (facing.dot(d), facing.perp_dot(d).abs());
    s * half.x - c * half.y <= 1e-6 * len
}
