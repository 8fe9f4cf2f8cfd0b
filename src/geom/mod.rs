//! The geometry core: ten shape kinds, every pairwise query, and the SAT report.
//!
//! Conventions used everywhere in this module:
//! - world units, y up, angles counter-clockwise positive (radians inside the
//!   library, degrees in [`Pose`] and the scene format);
//! - shapes are closed sets: shapes that touch intersect;
//! - two shapes whose distance is at most [`CONTACT_TOLERANCE`] are touching;
//! - in every pair query shape A comes first; vectors that "move B out of A"
//!   point from A towards B.
//!
//! Nothing here knows about drawing; the app draws what these functions return.

// The shape recipe: every match on a kind lists every kind, so adding one
// is a build error at each place that must handle it (ARCHITECTURE.md).
#![deny(clippy::wildcard_enum_match_arm)]

pub mod clip;
#[doc(hidden)]
pub mod explain;
pub mod pose;
mod query;
pub mod shape;

pub use crate::common::{error, AnyKind, Rule, ShapeError};
pub use clip::{clip_convex, polygon_area};
pub use pose::Pose;
pub use query::cast::{swept_sat, time_of_impact, SweptAxis, SweptSat, Toi};
#[doc(hidden)]
pub use query::cast::{time_of_impact_by_advancement, toi_decided_by};
pub use query::classic;
pub use query::distance::trace::{EpaRecorder, EpaStep, EpaTrace, GjkRecorder, GjkStep, GjkTrace};
pub use query::distance::{distance, epa, epa_traced, gjk_traced, Distance, EpaPenetration};
#[doc(hidden)]
pub use query::intersect::decided_by;
pub use query::intersect::intersects;
#[doc(hidden)]
pub use query::manifold::manifold_decided_by;
pub use query::manifold::trace::{
    ClipStep, ManifoldMethod, ManifoldRecorder, ManifoldTrace, TraceFace,
};
pub use query::manifold::{
    contact_manifold, contact_manifold_traced, ContactFeature, ContactId, ContactPoint, Manifold,
};
pub use query::penetration::{penetration, Penetration};
pub use query::point_in_polygon::{
    point_in_convex_polygon_cross, point_in_polygon_angle_sum, winding_angle,
};
pub use query::policy::{rule, Ruling, TouchPolicy};
pub use query::raycast::{raycast, Ray2, RayHit};
pub use query::sat::{
    project, sat_report, AxisSource, AxisTest, Feature, Interval, Part, SatPart, SatReport, Side,
};
pub use query::segment::{
    closest_point_on_segment, closest_points_segments, line_line, segment_segment,
    LineIntersection, SegmentIntersection,
};
pub use query::verdict::{classify, Verdict};
pub use shape::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Ray, Sector, Segment, Shape, ShapeKind,
};

pub(crate) use crate::common::PROJECTION_ROUNDING;
pub use crate::common::{CONTACT_TOLERANCE, MAX_MAGNITUDE};

pub use glam::Vec2;
