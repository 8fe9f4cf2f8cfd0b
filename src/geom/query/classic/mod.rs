//! The classic closed-form intersection tests, one file each.
//!
//! Each takes plain numbers (centres, radii, half-extents, rotations as
//! `(cos, sin)`) in world units, counts touching within
//! [`crate::geom::CONTACT_TOLERANCE`] as intersecting, and never allocates.
//! [`crate::geom::intersects`] uses them as its fast paths, and the tests
//! prove they agree with the general SAT search.

mod aabb_aabb;
mod capsule_polygon;
mod disc_aabb;
mod disc_capsule;
mod disc_disc;
mod disc_obb;
mod disc_polygon;
mod obb_obb;
mod polygon_polygon;
mod sector_disc;
mod segment_box;

pub use aabb_aabb::aabb_aabb;
pub use capsule_polygon::capsule_polygon;
pub use disc_aabb::disc_aabb;
pub use disc_capsule::{disc_capsule, disc_capsule_sq_distance};
pub use disc_disc::disc_disc;
pub use disc_obb::disc_obb;
pub use disc_polygon::disc_polygon;
pub use obb_obb::{obb_obb, obb_obb_max_gap};
pub use polygon_polygon::{
    polygon_polygon, polygon_polygon_max_separation, polygon_polygon_path, PolygonRef,
};
pub use sector_disc::sector_disc;
pub use segment_box::segment_box_sq_distance;
