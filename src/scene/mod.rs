//! The scene file format, version 1 (`docs/scene-format.md`): two shapes,
//! an optional view and an optional `expect` block.
//!
//! This module holds the in-memory scene; its submodules load it (with
//! `path:line:column` messages), save it atomically, capture the core's
//! results as an `expect` block, and compare them for `satlab check`.

mod error;
mod evaluate;
mod files;
mod json;
mod load;
mod report;
mod save;

pub use error::SceneError;
pub use evaluate::{capture, evaluate, Mismatch};
pub use files::find_scenes;
pub use load::{load, parse, parse_bytes, FORMAT_VERSION};
pub use report::{describe, eval_report, AxisOut, EvalReport, ExpectOut, PenetrationOut, SatOut};
pub use save::{save, to_json};

use crate::geom::{Shape, Vec2};

/// A scene: two shapes and what a regression run must find for them.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// One-line title; empty when absent.
    pub name: String,
    /// Free text shown beside the scene; empty when absent.
    pub notes: String,
    /// Shape A.
    pub a: Shape,
    /// Shape B.
    pub b: Shape,
    /// Where the camera looks; the app fits both shapes when absent.
    pub view: Option<View>,
    /// What `check` must find.
    pub expect: Option<Expect>,
}

/// The camera of a scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// World point at the centre of the canvas.
    pub center: Vec2,
    /// Pixels per world unit.
    pub zoom: f32,
}

/// Expected results, checked by `satlab check`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expect {
    /// The verdict, touching counted as intersecting.
    pub intersects: bool,
    /// Euclidean distance; 0 when they intersect.
    pub distance: Option<f32>,
    /// Penetration depth, for intersecting convex shapes with area.
    pub penetration: Option<f32>,
    /// Allowed absolute error on the numbers; default [`Expect::DEFAULT_TOLERANCE`].
    pub tolerance: Option<f32>,
}

impl Expect {
    /// The tolerance used when a scene gives none.
    pub const DEFAULT_TOLERANCE: f32 = 0.001;
}
