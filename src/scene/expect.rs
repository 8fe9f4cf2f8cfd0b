//! The `expect` block of a pair scene (2D and 3D): reading it (with
//! `path:line:column` messages) and writing it, with the contact manifold
//! and time of impact that 2D pair scenes may add (issue 19).

use super::json::{Node, Value};
use super::model::{Expect, ExpectContactPoint, ExpectContacts, ExpectToi};
use super::read::{Fields, Reader, R};
use super::write::{num, point, Obj};

const EXPECT_FIELDS: &[&str] = &[
    "intersects",
    "distance",
    "penetration",
    "contacts",
    "time_of_impact",
    "tolerance",
];
const CONTACTS_FIELDS: &[&str] = &["normal", "points"];
const POINT_FIELDS: &[&str] = &["point", "separation"];

impl Reader<'_> {
    /// An `expect` block; `motion` as [`Reader::expect_motion`] takes it.
    pub(super) fn expect(&self, node: &Node, motion: Option<bool>) -> R<Expect> {
        let f = self.fields(node, EXPECT_FIELDS, "`expect`", " in `expect`")?;
        let i = self.required(&f, "intersects", " in `expect`")?;
        let Value::Bool(intersects) = i.value else {
            return Err(self.err(
                i.pos,
                format!(
                    "expect: intersects must be true or false, found {}",
                    i.value.describe()
                ),
            ));
        };
        let non_negative = |name: &str| -> R<Option<f32>> {
            let Some(n) = f.get_some(name) else {
                return Ok(None);
            };
            let v = self.number(n, &format!("expect: {name}"))?;
            if v < 0.0 {
                return Err(self.err(n.pos, format!("expect: {name} must be ≥ 0, got {v}")));
            }
            Ok(Some(v))
        };
        let (contacts, time_of_impact) = self.expect_motion(&f, motion)?;
        Ok(Expect {
            intersects,
            distance: non_negative("distance")?,
            penetration: non_negative("penetration")?,
            contacts,
            time_of_impact,
            tolerance: non_negative("tolerance")?,
        })
    }

    /// The optional `contacts` and `time_of_impact` of an `expect` block;
    /// `motion` tells whether the scene moves (a time of impact needs it),
    /// `None` for a 3D scene, which has neither.
    fn expect_motion(
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

/// An `expect` block.
pub(super) fn expect_json(e: &Expect) -> String {
    let mut w = Obj::new(1);
    w.raw("intersects", if e.intersects { "true" } else { "false" });
    for (name, v) in [("distance", e.distance), ("penetration", e.penetration)] {
        if let Some(v) = v {
            w.raw(name, &num(v));
        }
    }
    write_motion(e, &mut w);
    if let Some(t) = e.tolerance {
        w.raw("tolerance", &num(t));
    }
    w.finish()
}

/// Writes the contacts and time of impact of `e` into an `expect` object.
fn write_motion(e: &Expect, w: &mut Obj) {
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
