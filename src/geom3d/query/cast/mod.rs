//! Motion in 3D: when two shapes moving by translations first touch.
//!
//! - [`time_of_impact3`] for every pair of bounded shapes. Two polytopes
//!   without radius (boxes, hulls, triangles, segments, points) take the
//!   GJK ray cast (van den Bergen 2004, `common::gjk::cast`): the ray of
//!   the motion from the origin into the Minkowski difference `B − A`,
//!   moved to each supporting plane GJK finds until it lies on `B − A`;
//!   one GJK's work, never past the first touch, `t` to a bound relative
//!   to the pair's size. Where it cannot certify its answer the swept
//!   separating-axis test decides: under a translation the facet normals
//!   of `A − B` do not change (face normals of either shape and cross
//!   products of an edge of each), each facet's separation is linear in
//!   `t`, so the first time every axis overlaps is the latest entry,
//!   exact, when it comes before the earliest exit (Cyrus–Beck clipping
//!   of the motion against `A − B`). Every other pair (a sphere, a
//!   capsule) takes conservative advancement (Mirtich 1996; the form
//!   parry's `cast_shapes` builds on): step `t` by distance / closing
//!   speed, which never passes the first touch.
//! - [`swept_sat3`] for box and hull pairs (the report the window and
//!   `eval` show; its time is the ray cast's to the bound): each axis's
//!   enter and leave times, the latest entry and the
//!   earliest exit, in numbers and words.

mod impact;
mod ray;
mod swept;
mod toi;

pub use impact::{Impact3, ImpactPath3};
pub use swept::{swept_sat3, SweptAxis3, SweptSat3};
pub use toi::{time_of_impact3, time_of_impact3_by_advancement, toi3_decided_by};
