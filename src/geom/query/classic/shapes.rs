//! The classic tests' traces for shapes: the disc–box and sector–disc
//! traces of [`crate::geom::classic`] taken from shape values.

use super::{disc_box_trace, DiscBoxTrace, SectorDiscTrace};
use crate::geom::pose::unrotate;
use crate::geom::{Aabb, Obb, Sector, Vec2};

/// Traces [`crate::geom::classic::disc_aabb()`] for the disc `(c, r)` and `b`.
pub fn disc_aabb_trace(c: Vec2, r: f32, b: &Aabb) -> DiscBoxTrace {
    disc_box_trace(c - b.center(), r, b.half_extents())
}

/// Traces [`crate::geom::classic::disc_obb()`]: the centre carried into the
/// box's frame, then as for the AABB.
pub fn disc_obb_trace(c: Vec2, r: f32, b: &Obb) -> DiscBoxTrace {
    disc_box_trace(unrotate(b.pose.rot(), c - b.center()), r, b.half_extents())
}

/// Traces [`crate::geom::classic::sector_disc()`] for `sector` and the disc at
/// `centre` of `radius` (world units): [`super::sector_disc_trace`] with the
/// sector's numbers.
pub fn sector_shape_disc_trace(sector: &Sector, centre: Vec2, radius: f32) -> SectorDiscTrace {
    super::sector_disc_trace(
        sector.apex(),
        sector.facing(),
        sector.half_angle_unit(),
        sector.radius(),
        centre,
        radius,
    )
}
