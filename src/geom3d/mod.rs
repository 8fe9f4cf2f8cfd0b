//! The 3D geometry core: nine shape kinds, every pairwise query, and the
//! 3D SAT report.
//!
//! Conventions (as in [`crate::geom`]):
//! - world units, right-handed axes; rotations are unit quaternions
//!   ([`Pose3`]); scene files give Euler angles in degrees, applied about
//!   the world x, then y, then z axis ([`Pose3::from_euler_deg`]);
//! - shapes are closed sets: shapes that touch intersect;
//! - two shapes whose distance is at most [`CONTACT_TOLERANCE`] (1e-4) are
//!   touching, so they intersect;
//! - in every pair query shape A comes first; vectors that "move B out of A"
//!   point from A towards B; pair queries work relative to A's position.
//!
//! Nothing here knows about drawing.

// Every match on a kind lists every kind (see src/geom/mod.rs).
#![deny(clippy::wildcard_enum_match_arm)]

pub mod pose;
pub mod query;
pub mod shape;

pub use crate::common::{Rule, ShapeError, CONTACT_TOLERANCE};
pub use pose::Pose3;
pub use query::cast::{swept_sat3, time_of_impact3, Impact3, ImpactPath3, SweptAxis3, SweptSat3};
pub use query::classic;
pub use query::distance::{distance, distance_decided_by, Distance3};
pub use query::intersect::{decided_by, intersects, sat_intersects};
pub use query::manifold::trace::{
    ClipStep3, Manifold3Method, Manifold3Recorder, Manifold3Trace, TraceFace3,
};
pub use query::manifold::{
    contact_manifold3, contact_manifold3_traced, ContactFeature3, ContactId3, ContactPoint3,
    Manifold3, MAX_POINTS3,
};
pub use query::penetration::{penetration, penetration_decided_by, sat_penetration, Penetration3};
pub use query::raycast::{raycast, Ray3, RayHit3};
pub use query::sat::{
    sat_report3, AxisSource3, AxisTest3, Feature, Interval3, SatReport3, Side, SkipReason,
    PARALLEL_EDGE_EPS,
};
pub use query::trace::{epa_traced, gjk_traced, EpaStep3, EpaTrace3, GjkStep3, GjkTrace3};
pub use query::worked::{worked, Worked3};
pub use shape::{
    Aabb3, Capsule3, ConvexHull, Hull3, HullFace, Obb3, Point3, Ray3Shape, Segment3, Shape3,
    ShapeKind3, Sphere, Triangle3, MAX_HULL_POINTS, MIN_HULL_SPAN,
};

pub use glam::{Quat, Vec3};
