//! Motion in 3D: when two shapes moving by translations first touch.
//!
//! - [`time_of_impact3`] for every pair of bounded shapes. Two polytopes
//!   without radius (boxes, hulls, triangles, segments, points) whose
//!   Minkowski difference has volume take the swept separating-axis test:
//!   under a translation the facet normals of `A − B` do not change (face
//!   normals of either shape and cross products of an edge of each), each
//!   facet's separation is linear in `t`, so the first time every axis
//!   overlaps is the latest entry, exact, when it comes before the earliest
//!   exit (Cyrus–Beck clipping of the motion against `A − B`). Every other
//!   pair (a sphere, a capsule, a flat difference) takes conservative
//!   advancement (Mirtich 1996; the form parry's `cast_shapes` builds on):
//!   step `t` by distance / closing speed, which never passes the first
//!   touch.
//! - [`swept_sat3`] for box and hull pairs (every pair the exact path
//!   takes): each axis's enter and leave times, the latest entry and the
//!   earliest exit, in numbers and words.

mod impact;
mod swept;
mod toi;

pub use impact::{Impact3, ImpactPath3};
pub use swept::{swept_sat3, SweptAxis3, SweptSat3};
pub use toi::{time_of_impact3, time_of_impact3_by_advancement, toi3_decided_by};
