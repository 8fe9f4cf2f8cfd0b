//! Every query between shapes: intersection, distance, penetration, the SAT
//! report, ray casts, and the classic closed-form tests.
//!
//! Pair queries reduce both shapes to convex pieces (`piece`) expressed relative to
//! shape A's position (so large coordinates lose no precision in differences),
//! then run one shared algorithm: the SAT search in [`sat`], GJK in
//! [`distance`]. The classic closed-form tests in [`classic`] are the fast
//! paths `intersects` takes where they apply.

pub mod cast;
pub mod classic;

use crate::geom::Vec2;

/// How many units of f32 rounding (`f32::EPSILON`) a dot or cross product
/// of two directions may be off by its own rounding and that of the
/// directions (each computed from an angle, a rotation or a difference of
/// points).
const ROUNDING_UNITS: f32 = 4.0;

/// True when `a × b` is zero within the rounding of its own terms: the
/// directions are parallel as far as f32 can tell. Relative, not absolute:
/// two directions 1e-5° apart along an axis (cross 1.7e-7) are not parallel,
/// while the same angle between two directions at 37° (cross terms near 0.5,
/// each off by up to ~3e-8) cannot be told from rounding and is.
pub(crate) fn parallel(a: Vec2, b: Vec2) -> bool {
    let terms = (a.x * b.y).abs() + (a.y * b.x).abs();
    a.perp_dot(b).abs() <= ROUNDING_UNITS * f32::EPSILON * terms
}

/// True when `a · b` is zero within the rounding of its own terms (see
/// [`parallel`]): the directions are perpendicular as far as f32 can tell.
pub(crate) fn perpendicular(a: Vec2, b: Vec2) -> bool {
    let terms = (a.x * b.x).abs() + (a.y * b.y).abs();
    a.dot(b).abs() <= ROUNDING_UNITS * f32::EPSILON * terms
}
pub(crate) use crate::common::max_or_nan;

pub mod distance;
pub mod intersect;
pub mod manifold;
pub(crate) mod outline;
pub mod penetration;
pub(crate) mod piece;
pub mod point_in_polygon;
pub mod policy;
pub mod raycast;
pub mod sat;
pub mod segment;
pub mod verdict;
