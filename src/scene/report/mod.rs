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
pub use space::{eval_space, Axis3Out, Contact3Out, Contacts3Out, Eval3Report, Penetration3Out};

use crate::scene::{Expect, ExpectDepth, Mismatch};
use serde::Serialize;

/// What every pair report says first, in both dimensions: the verdict,
/// the distance and the closest points (world units); `P` is a point of
/// the dimension (`Vec2`, `[f32; 3]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome<P> {
    /// Shape A in words, for the table.
    #[serde(skip)]
    pub a_words: String,
    /// Shape B in words, for the table.
    #[serde(skip)]
    pub b_words: String,
    /// `"separated"`, `"touching"` or `"overlapping"`.
    pub verdict: &'static str,
    /// True for touching and overlapping (within the scene's contact
    /// tolerance).
    pub intersects: bool,
    /// The scene's own contact tolerance, when it sets one.
    pub contact_tolerance: Option<f32>,
    /// Euclidean distance (0 when they intersect).
    pub distance: f32,
    /// Closest point on A, world.
    pub closest_a: P,
    /// Closest point on B, world.
    pub closest_b: P,
}

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

impl ExpectOut {
    /// The block `e` with the `mismatches` found against it.
    fn of(e: &Expect, mismatches: Vec<Mismatch>) -> ExpectOut {
        ExpectOut {
            intersects: e.intersects,
            distance: e.distance,
            penetration: e.penetration,
            tolerance: e.tol(),
            distance_tolerance: e.distance_tol(),
            penetration_tolerance: e.penetration_tol(),
            mismatches,
        }
    }
}
