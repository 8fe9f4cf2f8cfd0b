//! Comparing a scene's `expect` block with what the core computes, and the
//! reverse: capturing the current results as a regression scene.

use super::{Expect, Scene, View};
use crate::geom::{distance, intersects, penetration, Shape};
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

/// Every difference between the scene's `expect` block and the core's
/// results; empty when they agree or when the scene has no `expect` block.
///
/// Numbers agree when they differ by at most the scene's tolerance
/// (default [`Expect::DEFAULT_TOLERANCE`]).
pub fn evaluate(scene: &Scene) -> Vec<Mismatch> {
    let Some(e) = &scene.expect else {
        return Vec::new();
    };
    let (a, b) = (&scene.a, &scene.b);
    let mut out = compare(
        e,
        intersects(a, b),
        || distance(a, b).distance,
        || penetration(a, b).map(|p| p.depth),
    );
    let tol = e.tolerance.unwrap_or(Expect::DEFAULT_TOLERANCE);
    super::contacts::compare(e, scene, tol, &mut out);
    out
}

/// The mismatches between an `expect` block and computed results (the
/// numbers are computed only when the block asks for them). Shared by the
/// 2D and 3D pair scenes.
pub(crate) fn compare(
    e: &Expect,
    hit: bool,
    distance: impl FnOnce() -> f32,
    depth: impl FnOnce() -> Option<f32>,
) -> Vec<Mismatch> {
    let tol = e.tolerance.unwrap_or(Expect::DEFAULT_TOLERANCE);
    let mut out = Vec::new();
    if hit != e.intersects {
        out.push(Mismatch {
            field: "intersects",
            expected: e.intersects.to_string(),
            got: hit.to_string(),
            tolerance: None,
        });
    }
    let mut number = |field: &'static str, expected: f32, got: Option<f32>| {
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
        number("distance", d, Some(distance()));
    }
    if let Some(p) = e.penetration {
        number("penetration", p, depth());
    }
    out
}

/// True when `x` and `y` differ by more than `tol`, or either is NaN: a NaN
/// never passes for an expected number.
pub(crate) fn differs(x: f32, y: f32, tol: f32) -> bool {
    let d = (x - y).abs();
    d.is_nan() || d > tol
}

/// A scene holding `a` and `b` whose `expect` block records what the core
/// finds now: the verdict, the distance, and the penetration depth when both
/// shapes have area and intersect (convex shapes only). The app's "capture
/// regression scene" button saves this.
pub fn capture(name: &str, notes: &str, a: &Shape, b: &Shape, view: Option<View>) -> Scene {
    capture_scene(
        &Scene {
            name: name.to_string(),
            notes: notes.to_string(),
            a: a.clone(),
            b: b.clone(),
            view,
            motion: None,
            expect: None,
        },
        name,
    )
}

/// `scene` renamed `name`, its `expect` block recording what the core finds
/// now: as [`capture`], plus the contact manifold when the shapes are
/// within [`super::SPECULATIVE`] and the time of impact when it moves.
pub fn capture_scene(scene: &Scene, name: &str) -> Scene {
    let (a, b) = (&scene.a, &scene.b);
    let hit = intersects(a, b);
    let depth = if hit && a.has_area() && b.has_area() {
        penetration(a, b).map(|p| p.depth)
    } else {
        None
    };
    let (contacts, time_of_impact) = super::captured(scene);
    Scene {
        name: name.to_string(),
        expect: Some(Expect {
            intersects: hit,
            distance: Some(distance(a, b).distance),
            penetration: depth,
            contacts,
            time_of_impact,
            tolerance: None,
        }),
        ..scene.clone()
    }
}
