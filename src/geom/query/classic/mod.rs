//! The classic closed-form intersection tests, one file each.
//!
//! Each takes plain numbers (centres, radii, half-extents, rotations as
//! `(cos, sin)`) in world units, counts touching within
//! [`crate::geom::CONTACT_TOLERANCE`] as intersecting, and never allocates.
//! [`crate::geom::intersects`] uses them as its fast paths, and the tests
//! prove they agree with the general SAT search.
//!
//! [`classic_test`] is the one table saying which of them decides a pair.
//! Tests with a teaching trace (`*_trace`) compute it in the same function
//! body as the answer (an `Option<&mut Trace>` that is `None` on the fast
//! path and compiled away), so the panel shows the numbers the decision used.

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
mod table;

pub use aabb_aabb::aabb_aabb;
pub use capsule_polygon::capsule_polygon;
pub use disc_aabb::{disc_aabb, disc_box_trace, DiscBoxTrace};
pub use disc_capsule::{
    disc_capsule, disc_capsule_sq_distance, disc_capsule_trace, DiscCapsuleTrace,
};
pub use disc_disc::disc_disc;
pub use disc_obb::disc_obb;
pub use disc_polygon::{disc_polygon, disc_polygon_penetration};
pub use obb_obb::{obb_obb, obb_obb_max_gap};
pub use polygon_polygon::{
    polygon_polygon, polygon_polygon_max_separation, polygon_polygon_path, PolygonRef,
};
pub use sector_disc::{sector_disc, sector_disc_trace, SectorDiscStep, SectorDiscTrace};
pub use segment_box::segment_box_sq_distance;
pub(crate) use table::with_classic;
pub use table::{classic_test, BoxView, Classic, ClassicPair, Disc, SectorView, Swept};
