//! Comparing a pair scene's `expect` block (2D or 3D) with what the core
//! computes, and the reverse: capturing the current results as a
//! regression scene.

use super::contacts::{self, captured};
use super::impact3::{self, scene_toi3};
use super::mismatch::{compare, Mismatch};
use super::model::ExpectDepth;
use super::model::{Expect, Scene, View};
use super::space::Scene3;
use crate::common::CONTACT_TOLERANCE;
use crate::geom::{classify, distance, intersects, penetration, Shape, Verdict};
use crate::geom3d;

/// The verdict under a scene's contact tolerance `tol` (world units):
/// the core's (`hit`, which counts gaps up to [`CONTACT_TOLERANCE`]) when
/// the scene sets none; else touching exactly when the distance is at most
/// `tol` (so a finer tolerance can only turn the core's touching into
/// separated, a coarser one its separated into touching).
fn within(tol: Option<f32>, hit: impl FnOnce() -> bool, gap: impl FnOnce() -> f32) -> bool {
    match tol {
        None => hit(),
        Some(t) if t >= CONTACT_TOLERANCE => hit() || gap() <= t,
        Some(t) => hit() && gap() <= t,
    }
}

/// The gap before the core's snap to 0 within [`CONTACT_TOLERANCE`]: the
/// distance, or when it was snapped, the closest points' distance (0 when
/// the shapes overlap: they share the point).
fn gap(distance: f32, points: f32) -> f32 {
    if distance > 0.0 {
        distance
    } else {
        points
    }
}

impl Scene {
    /// The core's verdict, corrected by the scene's contact tolerance:
    /// separated when the scene's verdict is, touching when the scene
    /// counts a gap the core calls separated.
    pub fn verdict(&self) -> Verdict {
        let core = classify(&self.a, &self.b);
        if self.contact_tolerance.is_none() {
            return core;
        }
        match (core.intersects(), self.intersects()) {
            (_, false) => Verdict::Separated,
            (false, true) => Verdict::Touching,
            (true, true) => core,
        }
    }

    /// True when the shapes intersect or touch within the scene's
    /// [`Scene::contact_tolerance`].
    pub fn intersects(&self) -> bool {
        let (a, b) = (&self.a, &self.b);
        within(
            self.contact_tolerance,
            || intersects(a, b),
            || {
                let d = distance(a, b);
                gap(d.distance, d.point_a.distance(d.point_b))
            },
        )
    }
}

impl Scene3 {
    /// True when the shapes intersect or touch within the scene's
    /// [`Scene3::contact_tolerance`].
    pub fn intersects(&self) -> bool {
        let (a, b) = (&self.a.shape, &self.b.shape);
        within(
            self.contact_tolerance,
            || geom3d::intersects(a, b),
            || {
                let d = geom3d::distance(a, b);
                gap(d.distance, d.point_a.distance(d.point_b))
            },
        )
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
        scene.intersects(),
        || distance(a, b).distance,
        || penetration(a, b).map(|p| p.depth),
    );
    contacts::compare(e, scene, e.tol(), &mut out);
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
            contact_tolerance: None,
        },
        name,
    )
}

/// `scene` renamed `name`, its `expect` block recording what the core finds
/// now: as [`capture`], plus the contact manifold when the shapes are
/// within [`super::SPECULATIVE`] and the time of impact when it moves.
pub fn capture_scene(scene: &Scene, name: &str) -> Scene {
    let (a, b) = (&scene.a, &scene.b);
    let hit = scene.intersects();
    let depth = if hit && a.has_area() && b.has_area() {
        penetration(a, b).map(|p| ExpectDepth::Depth(p.depth))
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
            ..Expect::default()
        }),
        ..scene.clone()
    }
}

/// `scene` renamed `name` when it has no name, its `expect` block recording
/// what the 3D core finds now: the verdict (under the scene's contact
/// tolerance), the distance, the penetration depth when they intersect
/// and the core gives one, the contact manifold when the shapes are
/// within [`super::SPECULATIVE`], and the time of impact when the scene
/// moves.
pub fn capture_space(scene: &Scene3, name: &str) -> Scene3 {
    let (a, b) = (&scene.a.shape, &scene.b.shape);
    let hit = scene.intersects();
    let mut sc = scene.clone();
    if sc.name.is_empty() {
        sc.name = name.to_string();
    }
    sc.expect = Some(Expect {
        intersects: hit,
        distance: Some(geom3d::distance(a, b).distance),
        penetration: if hit {
            geom3d::penetration(a, b).map(|p| ExpectDepth::Depth(p.depth))
        } else {
            None
        },
        time_of_impact: scene_toi3(scene),
        contacts3: contacts::scene_manifold3(scene).map(|m| contacts::contacts3_of(&m)),
        ..Expect::default()
    });
    sc
}

/// Every difference between the 3D scene's `expect` block and the core.
pub fn evaluate_space(scene: &Scene3) -> Vec<Mismatch> {
    let Some(e) = &scene.expect else {
        return Vec::new();
    };
    let (a, b) = (&scene.a.shape, &scene.b.shape);
    let mut out = compare(
        e,
        scene.intersects(),
        || geom3d::distance(a, b).distance,
        || geom3d::penetration(a, b).map(|p| p.depth),
    );
    impact3::compare(e, scene, e.tol(), &mut out);
    contacts::compare3(e, scene, e.tol(), &mut out);
    out
}
