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
//!
//! The other worked traces of the teaching panel live here too: the
//! point, segment, line and ray queries traced (`*_trace`), the shape-value
//! forms of the disc–box and sector–disc traces, and the Minkowski
//! difference drawn for a pair. Points are world coordinates unless a field
//! says `local`; `local` means the frame the algorithm works in (the
//! sector's, the box's), with its origin at the sector's apex or the box's
//! centre.

mod aabb_aabb;
mod capsule_polygon;
mod disc_aabb;
mod disc_capsule;
mod disc_disc;
mod disc_obb;
mod disc_polygon;
mod minkowski;
mod obb_obb;
mod polygon_polygon;
mod sector_disc;
mod segment_box;
mod segments;
mod shapes;
mod table;

pub use crate::geom::query::point_in_polygon::{point_in_polygon_trace, PointInPolygonTrace};
pub use crate::geom::query::raycast::{ray_box_trace, RayBoxTrace};
pub use aabb_aabb::{aabb_aabb, aabb_aabb_trace, AabbAabbTrace};
pub use capsule_polygon::capsule_polygon;
pub use disc_aabb::{disc_aabb, disc_box_trace, DiscBoxTrace};
pub use disc_capsule::{
    disc_capsule, disc_capsule_sq_distance, disc_capsule_trace, DiscCapsuleTrace,
};
pub use disc_disc::{disc_disc, disc_disc_trace, DiscDiscTrace};
pub use disc_obb::disc_obb;
pub use disc_polygon::{disc_polygon, disc_polygon_penetration};
pub use minkowski::{minkowski_difference, MinkowskiDifference};
pub use obb_obb::{obb_obb, obb_obb_max_gap};
pub use polygon_polygon::{
    polygon_polygon, polygon_polygon_max_separation, polygon_polygon_path, PolygonRef,
};
pub use sector_disc::{sector_disc, sector_disc_trace, SectorDiscStep, SectorDiscTrace};
pub use segment_box::segment_box_sq_distance;
pub use segments::{line_line_trace, segment_segment_trace, LineLineTrace, SegmentSegmentTrace};
pub use shapes::{disc_aabb_trace, disc_obb_trace, sector_shape_disc_trace};
pub(crate) use table::with_classic;
pub use table::{classic_test, BoxView, Classic, ClassicPair, Disc, SectorView, Swept};
