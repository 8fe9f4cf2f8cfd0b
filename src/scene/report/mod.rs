//! What `satlab eval` prints for a scene: the core's full answer as a
//! table for people (`table()`) or JSON for tools (every report is
//! `Serialize`). 2D and 3D pair scenes share one layout and one
//! vocabulary: a signed `gap` per SAT axis (negative = overlap), the marks
//! "first separating" and "least overlap", and the `expect` and `check`
//! lines.

mod field;
mod pair;
mod space;
mod table;

pub use crate::scene::words::describe;
pub use field::{
    field_report, CountersOut, FieldExpectOut, FieldReport, HitOut, PairOut, PairsOut, QueryOut,
    RayOut,
};
pub use pair::{
    eval_report, AxisOut, ContactOut, ContactsOut, EvalReport, MotionOut, PenetrationOut, SatOut,
    ToiOut,
};
pub use space::{eval_space, Axis3Out, Eval3Report, Penetration3Out};

use crate::scene::{ExpectDepth, Mismatch};
use serde::Serialize;

/// A pair scene's `expect` block (2D or 3D) and its mismatches.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExpectOut {
    /// Expected verdict.
    pub intersects: bool,
    /// Expected distance.
    pub distance: Option<f32>,
    /// Expected penetration depth, or `"none"`.
    pub penetration: Option<ExpectDepth>,
    /// The tolerance of numbers without one of their own.
    pub tolerance: f32,
    /// The tolerance used for the distance.
    pub distance_tolerance: f32,
    /// The tolerance used for the penetration depth.
    pub penetration_tolerance: f32,
    /// Differences; empty when the scene passes.
    pub mismatches: Vec<Mismatch>,
}
