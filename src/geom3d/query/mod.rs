//! Every 3D query: intersection, distance, penetration, the SAT report, ray
//! casts, and the classic closed-form tests.
//!
//! Pair queries turn both shapes into convex pieces (`piece`) relative to shape
//! A's position, then run one shared algorithm: the SAT search in [`sat`],
//! GJK in `gjk`. The classic closed forms in [`classic`] are the fast paths
//! `intersects` takes where they apply.

pub(crate) mod box_box;
pub mod cast;
pub mod classic;
pub mod distance;
pub(crate) mod epa;
pub(crate) mod gjk;
pub mod intersect;
pub mod manifold;
pub(crate) mod para;
pub mod penetration;
pub(crate) mod piece;
pub mod raycast;
pub mod sat;
pub mod segment;
pub(crate) mod trace;
pub(crate) mod tri_box;
pub mod worked;
