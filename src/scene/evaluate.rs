//! Comparing a pair scene's `expect` block (2D or 3D) with what the core
//! computes, and the reverse: capturing the current results as a
//! regression scene.

use super::contacts::{self, captured};
use super::mismatch::{compare, Mismatch};
use super::model::{Expect, Scene, View};
use super::space::Scene3;
use crate::geom::{distance, intersects, penetration, Shape};
use crate::geom3d;

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
    contacts::compare(e, scene, tol, &mut out);
    out
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
    let (contacts, time_of_impact) = captured(scene);
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

/// Every difference between the 3D scene's `expect` block and the core.
pub fn evaluate_space(scene: &Scene3) -> Vec<Mismatch> {
    let Some(e) = &scene.expect else {
        return Vec::new();
    };
    let (a, b) = (&scene.a.shape, &scene.b.shape);
    compare(
        e,
        geom3d::intersects(a, b),
        || geom3d::distance(a, b).distance,
        || geom3d::penetration(a, b).map(|p| p.depth),
    )
}
