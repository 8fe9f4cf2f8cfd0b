//! Worked traces of the classic algorithms: every intermediate value the
//! teaching panel shows and draws, as plain data. Each trace's `result` is the
//! answer of the matching function in [`crate::geom::classic`] (tests prove it).
//!
//! Points are world coordinates unless a field says `local`; `local` means
//! the frame the algorithm works in (the sector's, the box's), with its
//! origin at the sector's apex or the box's centre.

mod disc_box;
mod disc_capsule;
mod minkowski;
mod point_in_polygon;
mod ray_box;
mod sector_disc;
mod segments;

pub use disc_box::{disc_aabb_trace, disc_obb_trace, DiscBoxTrace};
pub use disc_capsule::{disc_capsule_trace, DiscCapsuleTrace};
pub use minkowski::{minkowski_difference, MinkowskiDifference};
pub use point_in_polygon::{point_in_polygon_trace, PointInPolygonTrace};
pub use ray_box::{ray_box_trace, RayBoxTrace};
pub use sector_disc::{sector_disc_trace, SectorDiscStep, SectorDiscTrace};
pub use segments::{line_line_trace, segment_segment_trace, LineLineTrace, SegmentSegmentTrace};
