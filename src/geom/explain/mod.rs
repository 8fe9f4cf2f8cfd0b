//! Worked traces of the classic algorithms: every intermediate value the
//! teaching panel shows and draws, as plain data. The classic tests' own
//! traces (disc–box, disc–capsule, sector–disc) live beside them in
//! [`crate::geom::classic`] and are re-exported here; the others trace the
//! point, segment, line and ray queries, whose answers they report.
//!
//! Points are world coordinates unless a field says `local`; `local` means
//! the frame the algorithm works in (the sector's, the box's), with its
//! origin at the sector's apex or the box's centre.

mod minkowski;
mod point_in_polygon;
mod ray_box;
mod segments;
mod shapes;

pub use crate::geom::classic::{
    disc_capsule_trace, DiscBoxTrace, DiscCapsuleTrace, SectorDiscStep, SectorDiscTrace,
};
pub use minkowski::{minkowski_difference, MinkowskiDifference};
pub use point_in_polygon::{point_in_polygon_trace, PointInPolygonTrace};
pub use ray_box::{ray_box_trace, RayBoxTrace};
pub use segments::{line_line_trace, segment_segment_trace, LineLineTrace, SegmentSegmentTrace};
pub use shapes::{disc_aabb_trace, disc_obb_trace, sector_disc_trace};
