//! Practice: exercises that test what a learner understood about SAT,
//! generated from a seed, with answers computed by the library's own
//! queries and scoring with stated tolerances (issue #29).
//!
//! - [`generate()`] draws a reproducible [`PracticeSet`] from a seed, a
//!   [`Choice`] of [`Level`] (1 circles and AABBs; 2 OBBs and convex
//!   polygons; 3 capsules, segments and sectors; 4 3D boxes and spheres
//!   decided on face axes; 5 3D boxes decided on an edge × edge axis) or
//!   mixed, and a count. Each [`Question`] holds two shapes, a [`Task`] (what
//!   it asks, of one [`Kind`], with the library's answer) and the shapes'
//!   size. Its own SplitMix64 ([`Rng`]); [`GENERATOR_VERSION`] names the
//!   generator, and changes whenever a seed would give another set.
//! - [`pose()`] turns two shapes and an [`Ask`] into a question, or says why
//!   the exercise would not be fair ([`Unfair`]): authored exercises go
//!   through it too.
//! - [`score()`] grades a [`Response`] and says why ([`Feedback`]).
//!
//! **Fairness.** Every exercise keeps its shapes at least
//! [`MARGIN_FRACTION`] of their size from touching (gap or depth); every
//! SAT candidate axis offered has a gap at least that far from zero and is
//! at least [`MIN_AXIS_ANGLE_DEG`] from the others; the least overlap (the
//! MTV) beats every other way out by the margin; a motion meets A between
//! 15 % and 85 % of the way and ends clearly inside it. The size is the
//! smaller shape's largest half-extent (world units); shapes are at least
//! [`MIN_SIZE`] and lie within ±[`VIEW_HALF`].
//!
//! **Tolerances.** Positions (projection ends, MTV length, touch pose,
//! points) are right within [`TOLERANCE_FRACTION`] of the size, the MTV's
//! direction within [`MTV_ANGLE_TOLERANCE_DEG`]; exactly at a tolerance
//! counts as right.
//!
//! Conventions as in [`crate::geom`]: world units, y up, B moved out of A.

mod authored;
mod generate;
mod list;
mod pose;
mod progress;
mod question;
mod rng;
mod score;
mod session;
mod store;
mod tally;

pub use authored::{authored_set, level_of, load_question, load_set, scene_question};
pub use generate::{edge_pair_decides, generate, question, PracticeSet, MAX_ATTEMPTS, MAX_COUNT};
pub use list::{question_json, set_json};
pub use pose::{
    half_size, half_size3, obb_axis_name, pose, signed_distance, signed_distance3, Ask, Unfair,
};
pub use progress::{
    drill, load_progress, progress_path, reset_progress, save_progress, summary, Loaded, Summary,
    DRILL_COUNT, MAX_PROGRESS_BYTES,
};
pub use question::{AxisChoice, AxisChoice3, Choice, Kind, Level, Pair, Question, Task};
pub use rng::Rng;
pub use score::{score, Feedback, NamedAxis, Response, Score, POINTS_PER_ANSWER};
pub use session::{
    clear_session, load_session, save_session, session_path, session_path_for, set_key, Given,
    Session, MAX_SESSION_BYTES,
};
pub use tally::{outcomes_csv, KindTally, Outcome, Tally};

/// The generator's name and version: the same seed, count and level give
/// the same set in every version with this string.
pub const GENERATOR_VERSION: &str = "satlab-practice-1";

/// Fairness margin: gaps, depths and axis gaps stay at least this fraction
/// of the shapes' size away from zero (an eighth).
pub const MARGIN_FRACTION: f32 = 0.125;

/// Position tolerance of an answer, as a fraction of the shapes' size (a
/// sixteenth: half the margin, so a right answer cannot be on the wrong
/// side of a fair question).
pub const TOLERANCE_FRACTION: f32 = 0.0625;

/// How far the direction of a dragged MTV may be from the true one, degrees.
pub const MTV_ANGLE_TOLERANCE_DEG: f32 = 10.0;

/// Candidate axes offered in one question are at least this far apart, degrees.
pub const MIN_AXIS_ANGLE_DEG: f32 = 10.0;

/// The smallest shape size (world units) an exercise may use.
pub const MIN_SIZE: f32 = 0.25;

/// Every shape lies within ±this of the origin on each axis (world units):
/// on screen at the window's default view.
pub const VIEW_HALF: f32 = 8.0;
