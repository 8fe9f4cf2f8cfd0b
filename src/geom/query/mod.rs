//! Every query between shapes: intersection, distance, penetration, the SAT
//! report, ray casts, and the classic closed-form tests.
//!
//! Pair queries reduce both shapes to convex pieces (`piece`) expressed relative to
//! shape A's position (so large coordinates lose no precision in differences),
//! then run one shared algorithm: the SAT search in [`sat`], GJK in
//! [`distance`]. The classic closed-form tests in [`classic`] are the fast
//! paths `intersects` takes where they apply.

pub mod classic;
pub mod distance;
pub mod intersect;
pub mod penetration;
pub(crate) mod piece;
pub mod point_in_polygon;
pub mod policy;
pub mod raycast;
pub mod sat;
pub mod segment;
pub mod verdict;
