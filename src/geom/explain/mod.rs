//! The old path of the worked traces, kept while `tests/explain.rs` uses
//! it: every item lives in [`crate::geom::classic`], and this module only
//! re-exports them (the shape-value sector trace under its old name).

pub use crate::geom::classic::{
    disc_aabb_trace, disc_capsule_trace, disc_obb_trace, line_line_trace, minkowski_difference,
    point_in_polygon_trace, ray_box_trace, sector_shape_disc_trace as sector_disc_trace,
    segment_segment_trace, DiscBoxTrace, DiscCapsuleTrace, LineLineTrace, MinkowskiDifference,
    PointInPolygonTrace, RayBoxTrace, SectorDiscStep, SectorDiscTrace, SegmentSegmentTrace,
};
