//! What `satlab check` reports: one expected value the core did not
//! reproduce, and the comparison of the verdict, distance and depth that 2D
//! and 3D pair scenes share.

use super::model::{Expect, ExpectDepth};
use serde::Serialize;
use std::fmt;

/// One expected value the core did not reproduce.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// The `expect` field: `"intersects"`, `"distance"` or `"penetration"`.
    pub field: &'static str,
    /// The expected value as written in the scene.
    pub expected: String,
    /// What the core computed (`"none"` when it is not defined).
    pub got: String,
    /// The allowed absolute error, for numbers.
    pub tolerance: Option<f32>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, got {}",
            self.field, self.expected, self.got
        )?;
        if let Some(t) = self.tolerance {
            write!(f, " (tolerance {t})")?;
        }
        Ok(())
    }
}

/// The mismatches between an `expect` block and computed results (the
/// numbers are computed only when the block asks for them). Shared by the
/// 2D and 3D pair scenes.
pub(super) fn compare(
    e: &Expect,
    hit: bool,
    distance: impl FnOnce() -> f32,
    depth: impl FnOnce() -> Option<f32>,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    if hit != e.intersects {
        out.push(Mismatch {
            field: "intersects",
            expected: e.intersects.to_string(),
            got: hit.to_string(),
            tolerance: None,
        });
    }
    let mut number = |field: &'static str, expected: f32, got: Option<f32>, tol: f32| {
        let ok = got.is_some_and(|g| !differs(g, expected, tol));
        if !ok {
            out.push(Mismatch {
                field,
                expected: expected.to_string(),
                got: got.map_or_else(|| "none".to_string(), |g| g.to_string()),
                tolerance: Some(tol),
            });
        }
    };
    if let Some(d) = e.distance {
        number("distance", d, Some(distance()), e.distance_tol());
    }
    match e.penetration {
        Some(ExpectDepth::Depth(p)) => number("penetration", p, depth(), e.penetration_tol()),
        Some(ExpectDepth::None) => {
            let tol = e.penetration_tol();
            if let Some(d) = depth().filter(|d| differs(*d, 0.0, tol)) {
                out.push(Mismatch {
                    field: "penetration",
                    expected: "none".to_string(),
                    got: d.to_string(),
                    tolerance: Some(tol),
                });
            }
        }
        None => {}
    }
    out
}

/// True when `x` and `y` differ by more than `tol`, or either is NaN: a NaN
/// never passes for an expected number.
pub(super) fn differs(x: f32, y: f32, tol: f32) -> bool {
    let d = (x - y).abs();
    d.is_nan() || d > tol
}
