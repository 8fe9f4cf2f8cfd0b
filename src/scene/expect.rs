//! The `expect` block of a pair scene (2D and 3D): reading it (with
//! `path:line:column` messages) and writing it, with the contact manifold
//! and time of impact that 2D pair scenes may add (issue 19).

use super::json::{Node, Value};
use super::model::{Expect, ExpectContactPoint, ExpectContacts, ExpectDepth, ExpectToi};
use super::read::{Fields, Reader, R};
use super::write::{num, point, Obj};
use crate::geom::Vec2;
use crate::geom3d::Vec3;

/// A vector of an `expect.contacts` block: `[x, y]` in a 2D scene,
/// `[x, y, z]` in a 3D one. Reading, writing and comparing contacts is
/// written once over it.
pub(super) trait ContactVec: Copy {
    /// Most points a manifold of this dimension has.
    const MAX_POINTS: usize;
    /// The vector as the file gives it.
    fn read(r: &Reader, node: &Node, what: &str) -> R<Self>;
    /// The vector as the file writes it.
    fn json(self) -> String;
    /// Euclidean length.
    fn length(self) -> f32;
    /// Distance to `other`.
    fn distance(self, other: Self) -> f32;
    /// Scaled to length 1 (zero stays zero).
    fn unit(self) -> Self;
}

/// The kind of scene an `expect` block belongs to: its contacts are 2D or
/// 3D, and a time of impact needs the scene to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ExpectIn {
    /// A 2D pair scene; `moving`: it has a `motion` block.
    Pair { moving: bool },
    /// A 3D scene; `moving`: it has a `motion` block.
    Space { moving: bool },
}

impl ContactVec for Vec2 {
    const MAX_POINTS: usize = 2;
    fn read(r: &Reader, node: &Node, what: &str) -> R<Self> {
        r.vec2(node, what)
    }
    fn json(self) -> String {
        point(self)
    }
    fn length(self) -> f32 {
        Vec2::length(self)
    }
    fn distance(self, other: Self) -> f32 {
        Vec2::distance(self, other)
    }
    fn unit(self) -> Self {
        self.normalize_or_zero()
    }
}

impl ContactVec for Vec3 {
    const MAX_POINTS: usize = crate::geom3d::MAX_POINTS3;
    fn read(r: &Reader, node: &Node, what: &str) -> R<Self> {
        r.vec3(node, what)
    }
    fn json(self) -> String {
        format!("[{}, {}, {}]", num(self.x), num(self.y), num(self.z))
    }
    fn length(self) -> f32 {
        Vec3::length(self)
    }
    fn distance(self, other: Self) -> f32 {
        Vec3::distance(self, other)
    }
    fn unit(self) -> Self {
        self.normalize_or_zero()
    }
}

const EXPECT_FIELDS: &[&str] = &[
    "intersects",
    "distance",
    "penetration",
    "contacts",
    "time_of_impact",
    "tolerance",
    "distance_tolerance",
    "penetration_tolerance",
];
const CONTACTS_FIELDS: &[&str] = &["normal", "points"];
const POINT_FIELDS: &[&str] = &["point", "separation"];

/// The largest contact tolerance a scene may set, world units.
pub const MAX_CONTACT_TOLERANCE: f32 = 1e3;

impl Reader<'_> {
    /// A pair scene's optional top-level `contact_tolerance`: a number in
    /// (0, [`MAX_CONTACT_TOLERANCE`]].
    pub(super) fn contact_tolerance(&self, f: &Fields) -> R<Option<f32>> {
        let Some(n) = f.get_some("contact_tolerance") else {
            return Ok(None);
        };
        let t = self.number(n, "contact_tolerance")?;
        if t <= 0.0 || t > MAX_CONTACT_TOLERANCE {
            return Err(self.err(
                n.pos,
                format!("contact_tolerance must be > 0 and ≤ {MAX_CONTACT_TOLERANCE}, got {t}"),
            ));
        }
        Ok(Some(t))
    }

    /// An `expect` block of a scene of kind `within`.
    pub(super) fn expect(&self, node: &Node, within: ExpectIn) -> R<Expect> {
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
        let (contacts, contacts3, time_of_impact) = self.expect_motion(&f, within)?;
        let penetration = match f.get_some("penetration") {
            Some(n) if matches!(&n.value, Value::String(t) if *t == "none") => {
                Some(ExpectDepth::None)
            }
            Some(n) if matches!(n.value, Value::String(_)) => {
                return Err(self.err(
                    n.pos,
                    "expect: penetration must be a number ≥ 0 or \"none\"",
                ))
            }
            _ => non_negative("penetration")?.map(ExpectDepth::Depth),
        };
        Ok(Expect {
            intersects,
            distance: non_negative("distance")?,
            penetration,
            contacts,
            contacts3,
            time_of_impact,
            tolerance: non_negative("tolerance")?,
            distance_tolerance: non_negative("distance_tolerance")?,
            penetration_tolerance: non_negative("penetration_tolerance")?,
        })
    }

    /// The optional `contacts` (2D or 3D by `within`) and `time_of_impact`
    /// (only when the scene moves) of an `expect` block.
    #[allow(clippy::type_complexity)]
    fn expect_motion(
        &self,
        f: &Fields,
        within: ExpectIn,
    ) -> R<(
        Option<ExpectContacts>,
        Option<ExpectContacts<Vec3>>,
        Option<ExpectToi>,
    )> {
        let (moving, three_d) = match within {
            ExpectIn::Pair { moving } => (moving, false),
            ExpectIn::Space { moving } => (moving, true),
        };
        let toi = match f.get_some("time_of_impact") {
            Some(n) if !moving => {
                return Err(self.err(
                    n.pos,
                    "expect: time_of_impact needs a `motion` block (how the shapes move)",
                ))
            }
            Some(n) => Some(self.toi(n)?),
            None => None,
        };
        let contacts = f.get_some("contacts");
        Ok(if three_d {
            (
                None,
                contacts.map(|n| self.contacts::<Vec3>(n)).transpose()?,
                toi,
            )
        } else {
            (contacts.map(|n| self.contacts(n)).transpose()?, None, toi)
        })
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

    fn contacts<V: ContactVec>(&self, node: &Node) -> R<ExpectContacts<V>> {
        let f = self.fields(node, CONTACTS_FIELDS, "`contacts`", " in `contacts`")?;
        let nn = self.required(&f, "normal", " in `contacts`")?;
        let normal = V::read(self, nn, "expect: contacts: normal")?;
        if normal.length() < 0.5 || normal.length() > 2.0 {
            return Err(self.err(
                nn.pos,
                format!(
                    "expect: contacts: normal must be a unit vector, got {}",
                    normal.json()
                ),
            ));
        }
        let pn = self.required(&f, "points", " in `contacts`")?;
        let items = self.array(pn, "expect: contacts: points", "points")?;
        if items.is_empty() || items.len() > V::MAX_POINTS {
            let most = match V::MAX_POINTS {
                2 => "1 or 2".to_string(),
                m => format!("1 to {m}"),
            };
            return Err(self.err(
                pn.pos,
                format!(
                    "expect: contacts: points must hold {most} points, got {}",
                    items.len()
                ),
            ));
        }
        let mut points = Vec::with_capacity(items.len());
        for (k, it) in items.iter().enumerate() {
            let what = format!("expect: contacts: point {}", k + 1);
            let f = self.fields(it, POINT_FIELDS, "a contact point", &format!(" in {what}"))?;
            let at = self.required(&f, "point", &format!(" in {what}"))?;
            let sep = self.required(&f, "separation", &format!(" in {what}"))?;
            points.push(ExpectContactPoint {
                point: V::read(self, at, &format!("{what}: point"))?,
                separation: self.number(sep, &format!("{what}: separation"))?,
            });
        }
        Ok(ExpectContacts { normal, points })
    }
}

/// The end of a pair scene, 2D or 3D: `contact_tolerance` and `expect`
/// when set, then the object closed and the file's final newline.
pub(super) fn pair_scene_end(
    mut w: Obj,
    contact_tolerance: Option<f32>,
    expect: Option<&Expect>,
) -> String {
    if let Some(t) = contact_tolerance {
        w.raw("contact_tolerance", &num(t));
    }
    if let Some(e) = expect {
        w.raw("expect", &expect_json(e));
    }
    let mut out = w.finish();
    out.push('\n');
    out
}

/// An `expect` block.
pub(super) fn expect_json(e: &Expect) -> String {
    let mut w = Obj::new(1);
    w.raw("intersects", if e.intersects { "true" } else { "false" });
    if let Some(d) = e.distance {
        w.raw("distance", &num(d));
    }
    match e.penetration {
        Some(ExpectDepth::Depth(p)) => w.raw("penetration", &num(p)),
        Some(ExpectDepth::None) => w.raw("penetration", "\"none\""),
        None => {}
    }
    write_motion(e, &mut w);
    for (name, t) in [
        ("tolerance", e.tolerance),
        ("distance_tolerance", e.distance_tolerance),
        ("penetration_tolerance", e.penetration_tolerance),
    ] {
        if let Some(t) = t {
            w.raw(name, &num(t));
        }
    }
    w.finish()
}

/// Writes the contacts and time of impact of `e` into an `expect` object.
fn write_motion(e: &Expect, w: &mut Obj) {
    if let Some(c) = &e.contacts {
        w.raw("contacts", &contacts_json(c));
    }
    if let Some(c) = &e.contacts3 {
        w.raw("contacts", &contacts_json(c));
    }
    match e.time_of_impact {
        Some(ExpectToi::At(t)) => w.raw("time_of_impact", &num(t)),
        Some(ExpectToi::Never) => w.raw("time_of_impact", "\"none\""),
        None => {}
    }
}

/// A `contacts` object on one line.
fn contacts_json<V: ContactVec>(c: &ExpectContacts<V>) -> String {
    let points: Vec<String> = c
        .points
        .iter()
        .map(|p| {
            format!(
                "{{\"point\": {}, \"separation\": {}}}",
                p.point.json(),
                num(p.separation)
            )
        })
        .collect();
    format!(
        "{{\"normal\": {}, \"points\": [{}]}}",
        c.normal.json(),
        points.join(", ")
    )
}
