//! The contact manifold and time of impact of a 2D pair scene (issue 19):
//! computing them as `check` and `capture` see them, and comparing them
//! with the `expect` block.

use super::mismatch::{differs, Mismatch};
use super::model::{Expect, ExpectContactPoint, ExpectContacts, ExpectToi, Scene};
use crate::geom::{contact_manifold, time_of_impact, Manifold};

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

/// Mismatches of the contacts and time of impact `e` expects, within `tol`.
pub(super) fn compare(e: &Expect, scene: &Scene, tol: f32, out: &mut Vec<Mismatch>) {
    if let Some(want) = &e.contacts {
        let got = scene_manifold(scene).map(|m| contacts_of(&m));
        if !contacts_agree(want, got.as_ref(), tol) {
            out.push(Mismatch {
                field: "contacts",
                expected: describe(Some(want)),
                got: describe(got.as_ref()),
                tolerance: Some(tol),
            });
        }
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
fn contacts_agree(want: &ExpectContacts, got: Option<&ExpectContacts>, tol: f32) -> bool {
    let Some(got) = got else {
        return false;
    };
    let n = want.normal.normalize_or_zero();
    if differs((n - got.normal).length(), 0.0, tol) || want.points.len() != got.points.len() {
        return false;
    }
    let close = |p: &ExpectContactPoint, q: &ExpectContactPoint| {
        !differs((p.point - q.point).length(), 0.0, tol)
            && !differs(p.separation, q.separation, tol)
    };
    match (want.points.as_slice(), got.points.as_slice()) {
        ([p], [q]) => close(p, q),
        ([p1, p2], [q1, q2]) => {
            (close(p1, q1) && close(p2, q2)) || (close(p1, q2) && close(p2, q1))
        }
        _ => false,
    }
}

/// A manifold in words for a mismatch line.
fn describe(c: Option<&ExpectContacts>) -> String {
    let Some(c) = c else {
        return "none (farther apart than the speculative distance)".to_string();
    };
    let points: Vec<String> = c
        .points
        .iter()
        .map(|p| format!("({}, {}) at {}", p.point.x, p.point.y, p.separation))
        .collect();
    format!(
        "normal ({}, {}), points {}",
        c.normal.x,
        c.normal.y,
        points.join(" and ")
    )
}
