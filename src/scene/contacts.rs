//! The contact manifold and time of impact of a 2D pair scene (issue 19),
//! and the contact manifold of a 3D pair scene (issue 27): computing them
//! as `check` and `capture` see them, and comparing them with the `expect`
//! block.

use super::expect::ContactVec;
use super::mismatch::{differs, Mismatch};
use super::model::{Expect, ExpectContactPoint, ExpectContacts, ExpectToi, Scene};
use super::space::Scene3;
use crate::geom::{contact_manifold, time_of_impact, Manifold};
use crate::geom3d::{contact_manifold3, Manifold3, Vec3};

/// The speculative distance of the manifolds `check` and the app compute,
/// world units: shapes up to this far apart report contact points too
/// (with a positive separation), as a physics engine keeps them.
pub const SPECULATIVE: f32 = 0.25;

/// The manifold `check` compares with (speculative within [`SPECULATIVE`]).
pub fn scene_manifold(scene: &Scene) -> Option<Manifold> {
    contact_manifold(&scene.a, &scene.b, SPECULATIVE)
}

/// The time of impact over the scene's motion.
pub fn scene_toi(scene: &Scene) -> Option<ExpectToi> {
    let m = scene.motion?;
    Some(match time_of_impact(&scene.a, m.a, &scene.b, m.b) {
        Some(t) => ExpectToi::At(t.t),
        None => ExpectToi::Never,
    })
}

/// The manifold as an expectation.
pub fn contacts_of(m: &Manifold) -> ExpectContacts {
    ExpectContacts {
        normal: m.normal,
        points: m
            .points()
            .iter()
            .map(|p| ExpectContactPoint {
                point: p.midpoint(),
                separation: p.separation,
            })
            .collect(),
    }
}

/// The contacts and time of impact of a scene as `capture` records them:
/// contacts when the shapes are within [`SPECULATIVE`], the time of impact
/// when the scene moves.
pub fn captured(scene: &Scene) -> (Option<ExpectContacts>, Option<ExpectToi>) {
    (
        scene_manifold(scene).map(|m| contacts_of(&m)),
        scene_toi(scene),
    )
}

/// The manifold `check` compares a 3D scene with (speculative within
/// [`SPECULATIVE`]).
pub fn scene_manifold3(scene: &Scene3) -> Option<Manifold3> {
    contact_manifold3(&scene.a.shape, &scene.b.shape, SPECULATIVE)
}

/// The 3D manifold as an expectation.
pub fn contacts3_of(m: &Manifold3) -> ExpectContacts<Vec3> {
    ExpectContacts {
        normal: m.normal,
        points: (m.points().iter())
            .map(|p| ExpectContactPoint {
                point: p.midpoint(),
                separation: p.separation,
            })
            .collect(),
    }
}

/// The mismatch of the contacts a 3D scene's `e` expects, within `tol`.
pub(super) fn compare3(e: &Expect, scene: &Scene3, tol: f32, out: &mut Vec<Mismatch>) {
    if let Some(want) = &e.contacts3 {
        let got = scene_manifold3(scene).map(|m| contacts3_of(&m));
        contacts_mismatch(want, got.as_ref(), tol, out);
    }
}

/// Pushes a `contacts` mismatch when `got` does not agree with `want`.
fn contacts_mismatch<V: ContactVec>(
    want: &ExpectContacts<V>,
    got: Option<&ExpectContacts<V>>,
    tol: f32,
    out: &mut Vec<Mismatch>,
) {
    if !contacts_agree(want, got, tol) {
        out.push(Mismatch {
            field: "contacts",
            expected: describe(Some(want)),
            got: describe(got),
            tolerance: Some(tol),
        });
    }
}

/// Mismatches of the contacts and time of impact `e` expects, within `tol`.
pub(super) fn compare(e: &Expect, scene: &Scene, tol: f32, out: &mut Vec<Mismatch>) {
    if let Some(want) = &e.contacts {
        let got = scene_manifold(scene).map(|m| contacts_of(&m));
        contacts_mismatch(want, got.as_ref(), tol, out);
    }
    if let Some(want) = e.time_of_impact {
        out.extend(toi_mismatch(want, scene_toi(scene), tol));
    }
}

/// The mismatch of an expected time of impact with the one computed
/// (`None` when the scene does not move), within `tol`; 2D and 3D.
pub(super) fn toi_mismatch(want: ExpectToi, got: Option<ExpectToi>, tol: f32) -> Option<Mismatch> {
    let ok = match (want, got) {
        (ExpectToi::At(a), Some(ExpectToi::At(b))) => !differs(a, b, tol),
        (ExpectToi::Never, Some(ExpectToi::Never)) => true,
        (ExpectToi::At(_) | ExpectToi::Never, _) => false,
    };
    let say = |t: Option<ExpectToi>| match t {
        Some(ExpectToi::At(t)) => t.to_string(),
        Some(ExpectToi::Never) => "none (no touch over the step)".to_string(),
        None => "none (the scene does not move)".to_string(),
    };
    (!ok).then(|| Mismatch {
        field: "time_of_impact",
        expected: say(Some(want)),
        got: say(got),
        tolerance: Some(tol),
    })
}

/// The normal agrees within `tol` (as a unit vector), and the points pair
/// up one to one, order-free, each within `tol` in position and
/// separation.
fn contacts_agree<V: ContactVec>(
    want: &ExpectContacts<V>,
    got: Option<&ExpectContacts<V>>,
    tol: f32,
) -> bool {
    let Some(got) = got else {
        return false;
    };
    let n = want.normal.unit();
    if differs(n.distance(got.normal), 0.0, tol) || want.points.len() != got.points.len() {
        return false;
    }
    let close = |p: &ExpectContactPoint<V>, q: &ExpectContactPoint<V>| {
        !differs(p.point.distance(q.point), 0.0, tol) && !differs(p.separation, q.separation, tol)
    };
    pair_up(&want.points, &got.points, &mut Vec::new(), &close)
}

/// True when each of `want` can be matched to a distinct point of `got`
/// that is `close` (at most four points: every assignment is tried).
fn pair_up<P>(
    want: &[P],
    got: &[P],
    used: &mut Vec<usize>,
    close: &impl Fn(&P, &P) -> bool,
) -> bool {
    let Some((first, rest)) = want.split_first() else {
        return true;
    };
    for (k, q) in got.iter().enumerate() {
        if !used.contains(&k) && close(first, q) {
            used.push(k);
            if pair_up(rest, got, used, close) {
                return true;
            }
            used.pop();
        }
    }
    false
}

/// A manifold in words for a mismatch line.
fn describe<V: ContactVec>(c: Option<&ExpectContacts<V>>) -> String {
    let Some(c) = c else {
        return "none (farther apart than the speculative distance)".to_string();
    };
    let points: Vec<String> = c
        .points
        .iter()
        .map(|p| format!("{} at {}", words(p.point), p.separation))
        .collect();
    format!(
        "normal {}, points {}",
        words(c.normal),
        points.join(" and ")
    )
}

/// `(x, y)` or `(x, y, z)`, each number as the file writes it.
fn words<V: ContactVec>(v: V) -> String {
    let j = v.json();
    format!("({})", j.trim_start_matches('[').trim_end_matches(']'))
}
