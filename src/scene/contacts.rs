//! The `expect` block's contact manifold and time of impact (issue 19):
//! reading them (with `path:line:column` messages), writing them, and
//! comparing them with what the core computes for `satlab check`.

use super::evaluate::differs;
use super::json::{Node, Value};
use super::load::{Fields, Reader, R};
use super::save::{num, point, Obj};
use super::{Expect, Mismatch, Scene};
use crate::geom::{contact_manifold, time_of_impact, Manifold, Vec2};

/// The speculative distance of the manifolds `check` and the app compute,
/// world units: shapes up to this far apart report contact points too
/// (with a positive separation), as a physics engine keeps them.
pub const SPECULATIVE: f32 = 0.25;

/// An expected contact manifold: the normal from A to B (a unit vector;
/// compared by direction) and one or two points.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectContacts {
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// The points, in any order.
    pub points: Vec<ExpectContactPoint>,
}

/// An expected contact point: the midpoint of the two shapes' points and
/// the separation along the normal (negative when they overlap there).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpectContactPoint {
    /// Midpoint of the point on A and the point on B, world units.
    pub point: Vec2,
    /// `(point on B − point on A) · normal`, world units.
    pub separation: f32,
}

/// The expected time of impact over the scene's `motion`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExpectToi {
    /// They first touch at this time in `[0, 1]`.
    At(f32),
    /// They do not touch over the step.
    Never,
}

const CONTACTS_FIELDS: &[&str] = &["normal", "points"];
const POINT_FIELDS: &[&str] = &["point", "separation"];

impl Reader<'_> {
    /// The optional `contacts` and `time_of_impact` of an `expect` block;
    /// `motion` tells whether the scene moves (a time of impact needs it),
    /// `None` for a 3D scene, which has neither.
    pub(super) fn expect_motion(
        &self,
        f: &Fields,
        motion: Option<bool>,
    ) -> R<(Option<ExpectContacts>, Option<ExpectToi>)> {
        let contacts = f.get_some("contacts");
        let toi = f.get_some("time_of_impact");
        if motion.is_none() {
            if let Some(n) = contacts.or(toi) {
                return Err(self.err(
                    n.pos,
                    "expect: contacts and time_of_impact are for 2D pair scenes",
                ));
            }
        }
        let toi = match toi {
            Some(n) if motion == Some(false) => {
                return Err(self.err(
                    n.pos,
                    "expect: time_of_impact needs a `motion` block (how the shapes move)",
                ))
            }
            Some(n) => Some(self.toi(n)?),
            None => None,
        };
        Ok((contacts.map(|n| self.contacts(n)).transpose()?, toi))
    }

    fn toi(&self, n: &Node) -> R<ExpectToi> {
        if let Value::String(text) = &n.value {
            if text == "none" {
                return Ok(ExpectToi::Never);
            }
            return Err(self.err(
                n.pos,
                "expect: time_of_impact must be a number in [0, 1] or \"none\"",
            ));
        }
        let t = self.number(n, "expect: time_of_impact")?;
        if !(0.0..=1.0).contains(&t) {
            return Err(self.err(
                n.pos,
                format!("expect: time_of_impact must be in [0, 1] or \"none\", got {t}"),
            ));
        }
        Ok(ExpectToi::At(t))
    }

    fn contacts(&self, node: &Node) -> R<ExpectContacts> {
        let f = self.fields(node, CONTACTS_FIELDS, "`contacts`", " in `contacts`")?;
        let nn = self.required(&f, "normal", " in `contacts`")?;
        let normal = self.vec2(nn, "expect: contacts: normal")?;
        if normal.length() < 0.5 || normal.length() > 2.0 {
            return Err(self.err(
                nn.pos,
                format!(
                    "expect: contacts: normal must be a unit vector, got [{}, {}]",
                    normal.x, normal.y
                ),
            ));
        }
        let pn = self.required(&f, "points", " in `contacts`")?;
        let items = self.array(pn, "expect: contacts: points", "points")?;
        if items.is_empty() || items.len() > 2 {
            return Err(self.err(
                pn.pos,
                format!(
                    "expect: contacts: points must hold 1 or 2 points, got {}",
                    items.len()
                ),
            ));
        }
        let mut points = Vec::with_capacity(2);
        for (k, it) in items.iter().enumerate() {
            let what = format!("expect: contacts: point {}", k + 1);
            let f = self.fields(it, POINT_FIELDS, "a contact point", &format!(" in {what}"))?;
            let at = self.required(&f, "point", &format!(" in {what}"))?;
            let sep = self.required(&f, "separation", &format!(" in {what}"))?;
            points.push(ExpectContactPoint {
                point: self.vec2(at, &format!("{what}: point"))?,
                separation: self.number(sep, &format!("{what}: separation"))?,
            });
        }
        Ok(ExpectContacts { normal, points })
    }
}

/// Writes the contacts and time of impact of `e` into an `expect` object.
pub(super) fn write(e: &Expect, w: &mut Obj) {
    if let Some(c) = &e.contacts {
        let points: Vec<String> = c
            .points
            .iter()
            .map(|p| {
                format!(
                    "{{\"point\": {}, \"separation\": {}}}",
                    point(p.point),
                    num(p.separation)
                )
            })
            .collect();
        w.raw(
            "contacts",
            &format!(
                "{{\"normal\": {}, \"points\": [{}]}}",
                point(c.normal),
                points.join(", ")
            ),
        );
    }
    match e.time_of_impact {
        Some(ExpectToi::At(t)) => w.raw("time_of_impact", &num(t)),
        Some(ExpectToi::Never) => w.raw("time_of_impact", "\"none\""),
        None => {}
    }
}

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
        let got = scene_toi(scene);
        let ok = match (want, got) {
            (ExpectToi::At(a), Some(ExpectToi::At(b))) => !differs(a, b, tol),
            (ExpectToi::Never, Some(ExpectToi::Never)) => true,
            _ => false,
        };
        if !ok {
            let say = |t: Option<ExpectToi>| match t {
                Some(ExpectToi::At(t)) => t.to_string(),
                Some(ExpectToi::Never) => "none (no touch over the step)".to_string(),
                None => "none (the scene does not move)".to_string(),
            };
            out.push(Mismatch {
                field: "time_of_impact",
                expected: say(Some(want)),
                got: say(got),
                tolerance: Some(tol),
            });
        }
    }
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
