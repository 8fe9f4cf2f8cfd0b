//! Reading a scene: bytes → text → JSON tree with positions → [`Scene`]
//! or [`FieldScene`].
//!
//! Every problem becomes a [`SceneError`] pointing at the offending place:
//! syntax errors where serde_json found them, unknown fields at their key,
//! invalid values at the value. Nothing here panics on any input.
//!
//! Why not `#[derive(Deserialize)]` with `deny_unknown_fields`: on an
//! internally tagged enum (`"kind": "circle"`) serde buffers the object, so
//! an unknown field is reported at line 0, column 0; with `flatten` the
//! "expected one of" list is lost; and an f32 field silently turns `1e39`
//! into infinity (all checked with serde 1.0 / serde_json 1.0). Reading a
//! positioned tree and converting it by hand keeps every message precise.

use super::error::quoted;
use super::json::{self, line_column, Member, Node, Value};
use super::space::{space_marker, SPACE_FORMAT_VERSION};
use super::{
    AnyScene, Expect, ExpectedHit, FieldExpect, FieldScene, Motion, Scene, SceneError, SceneLayers,
    View,
};
use crate::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape,
    ShapeError, ShapeKind, Vec2,
};
use std::path::Path;

/// The version pair scenes are written with (version 1, so that every
/// satlab reads them).
pub const FORMAT_VERSION: u32 = 1;

/// The newest version this build reads; field scenes are written with it.
pub const FIELD_FORMAT_VERSION: u32 = 2;

const TOP_FIELDS: &[&str] = &[
    "version", "name", "notes", "a", "b", "view", "motion", "expect",
];
const MOTION_FIELDS: &[&str] = &["a", "b"];
const FIELD_TOP_FIELDS: &[&str] = &[
    "version",
    "name",
    "notes",
    "layers",
    "matrix",
    "layer_colors",
    "shapes",
    "ray",
    "query",
    "view",
    "expect",
];
const FIELD_EXPECT_FIELDS: &[&str] = &["hits", "first_hit", "query_hits", "pairs", "tolerance"];
/// What a field shape has besides a shape's fields.
pub(super) const TAG_FIELDS: &[&str] = &["layer", "active", "enabled"];
/// What the field's ray and query shape have besides a shape's fields.
pub(super) const MASK_FIELDS: &[&str] = &["mask"];
const HIT_FIELDS: &[&str] = &["shape", "t"];
const VIEW_FIELDS: &[&str] = &["center", "zoom"];
const EXPECT_FIELDS: &[&str] = &[
    "intersects",
    "distance",
    "penetration",
    "contacts",
    "time_of_impact",
    "tolerance",
];
const POSE_FIELDS: &[&str] = &["kind", "position", "rotation_deg"];

/// The fields a shape kind has besides its pose, in the order they are saved.
pub(crate) fn kind_fields(kind: ShapeKind) -> &'static [&'static str] {
    match kind {
        ShapeKind::Point | ShapeKind::Line => &[],
        ShapeKind::Segment => &["half_length"],
        ShapeKind::Ray => &["length"],
        ShapeKind::Circle => &["radius"],
        ShapeKind::Aabb | ShapeKind::Obb => &["half_extents"],
        ShapeKind::Capsule => &["half_length", "radius"],
        ShapeKind::Sector => &["radius", "half_angle_deg"],
        ShapeKind::Polygon => &["vertices"],
    }
}

/// Reads (through [`super::read_scene_file`]: regular files only, at most
/// [`super::MAX_SCENE_BYTES`]) and parses a pair scene file. Unreadable files, non-UTF-8 bytes and
/// empty files are [`SceneError`]s like any other problem, and so is a field
/// scene (use [`load_any`] to read both forms).
pub fn load(path: &Path) -> Result<Scene, SceneError> {
    parse_bytes(&read(path)?, path)
}

/// Reads and parses a scene file of either form: pair or field.
pub fn load_any(path: &Path) -> Result<AnyScene, SceneError> {
    parse_any_bytes(&read(path)?, path)
}

fn read(path: &Path) -> Result<Vec<u8>, SceneError> {
    super::files::read_scene_file(path)
}

/// Parses a pair scene from raw bytes; `path` is only used in messages.
pub fn parse_bytes(bytes: &[u8], path: &Path) -> Result<Scene, SceneError> {
    parse(utf8(bytes, path)?, path)
}

/// Parses a scene of either form from raw bytes; `path` is only used in messages.
pub fn parse_any_bytes(bytes: &[u8], path: &Path) -> Result<AnyScene, SceneError> {
    parse_any(utf8(bytes, path)?, path)
}

fn utf8<'b>(bytes: &'b [u8], path: &Path) -> Result<&'b str, SceneError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let (line, column) = line_column(&String::from_utf8_lossy(good), good.len());
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
            Err(SceneError::at(
                path,
                line,
                column,
                format!(
                    "the file is not UTF-8 text (byte 0x{byte:02x} here); \
                     save it as UTF-8"
                ),
            ))
        }
    }
}

/// Parses the text of a pair scene file; `path` is only used in messages.
/// A field scene is refused with a message that says so.
pub fn parse(text: &str, path: &Path) -> Result<Scene, SceneError> {
    with_tree(text, path, |r, root| {
        if let Some(pos) = space_marker(root) {
            return Err(r.err(
                pos,
                "this is a 3D scene (version 3), not a scene of two 2D shapes",
            ));
        }
        match field_marker(root) {
            Some(pos) => Err(r.err(
                pos,
                "this is a field scene (version 2 with `shapes`), not a scene of two shapes",
            )),
            None => r.scene(root),
        }
    })
}

/// Parses the text of a scene file of either form; `path` is only used in
/// messages. A version-3 file is a 3D scene; a version-2 file with a
/// `shapes` field is a field scene; every other file is a pair scene.
pub fn parse_any(text: &str, path: &Path) -> Result<AnyScene, SceneError> {
    with_tree(text, path, |r, root| {
        if space_marker(root).is_some() {
            return r.space_scene(root).map(|s| AnyScene::Space(Box::new(s)));
        }
        match field_marker(root) {
            Some(_) => r.field_scene(root).map(AnyScene::Field),
            None => r.scene(root).map(AnyScene::Pair),
        }
    })
}

/// Parses one shape object in the scene format (`{"kind": "circle", ...}`),
/// as pasted from a clipboard; `origin` names the text in messages, which
/// carry line and column like a file's.
pub fn parse_shape(text: &str, origin: &Path) -> Result<Shape, SceneError> {
    with_tree(text, origin, |r, root| {
        r.shape(root, &Who::same("the shape".to_string()))
    })
}

/// The position of the `shapes` key when the file is a field scene: an
/// object whose `version` is 2 and that has a `shapes` field.
fn field_marker(root: &Node) -> Option<usize> {
    let Value::Object(members) = &root.value else {
        return None;
    };
    let version = members.iter().find(|m| m.key == "version")?;
    if version.value.value != Value::Number("2") {
        return None;
    }
    members
        .iter()
        .find(|m| m.key == "shapes")
        .map(|m| m.key_pos)
}

/// Checks the syntax, builds the positioned tree and hands it to `f`.
fn with_tree<T>(
    text: &str,
    path: &Path,
    f: impl FnOnce(&Reader, &Node) -> Result<T, SceneError>,
) -> Result<T, SceneError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(SceneError::at(
            path,
            1,
            1,
            "the file is empty; a scene is a JSON object (see docs/scene-format.md)",
        ));
    }
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        return Err(syntax_error(text, path, &e));
    }
    let root = json::parse(text).map_err(|(pos, msg)| {
        let (l, c) = line_column(text, pos);
        SceneError::at(path, l, c, msg)
    })?;
    f(&Reader { text, path }, &root)
}

/// Turns a serde_json syntax error into a message for people.
fn syntax_error(text: &str, path: &Path, e: &serde_json::Error) -> SceneError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let raw = full.strip_suffix(&suffix).unwrap_or(&full);
    let before_error = text
        .split('\n')
        .take(e.line().saturating_sub(1))
        .map(|l| l.len() + 1)
        .sum::<usize>()
        + e.column().saturating_sub(1);
    let after_comma = text
        .get(..before_error.min(text.len()))
        .and_then(|t| t.trim_end().chars().last())
        == Some(',');
    let closing = text
        .get(before_error..)
        .and_then(|t| t.chars().next())
        .filter(|c| *c == '}' || *c == ']');
    let message = if let (true, Some(c)) = (after_comma, closing) {
        format!("a comma may not come right before `{c}` in JSON")
    } else if let Some(what) = raw.strip_prefix("EOF while parsing ") {
        let what = if what == "a list" { "an array" } else { what };
        format!("the file ends in the middle of {what} (is it truncated?)")
    } else {
        match raw {
            "expected value" => {
                "expected a value (a number, a string, an array, an object, true, false or null)"
                    .to_string()
            }
            "expected ident" => "expected `true`, `false` or `null`".to_string(),
            "key must be a string" => "expected a field name in double quotes".to_string(),
            "trailing comma" => "a comma may not come right before `]` or `}` in JSON".to_string(),
            "trailing characters" => "unexpected characters after the end of the scene".to_string(),
            other => other.to_string(),
        }
    };
    // serde_json counts columns in bytes; report characters.
    let line = e.line().max(1);
    let line_text = text.split('\n').nth(line - 1).unwrap_or("");
    let column = line_text
        .char_indices()
        .take_while(|(i, _)| *i < e.column())
        .count()
        .max(1);
    SceneError::at(path, line, column, message)
}

/// The fields of one JSON object, checked against the names it may have.
pub(super) struct Fields<'n, 't> {
    pos: usize,
    members: &'n [Member<'t>],
}

impl<'n, 't> Fields<'n, 't> {
    /// The members of an object at `pos`, unchecked (the caller checks them
    /// with [`Reader::fields`] elsewhere).
    pub(super) fn of(pos: usize, members: &'n [Member<'t>]) -> Fields<'n, 't> {
        Fields { pos, members }
    }

    pub(super) fn get(&self, name: &str) -> Option<&'n Node<'t>> {
        self.members
            .iter()
            .find(|m| m.key == name)
            .map(|m| &m.value)
    }

    /// Like [`Fields::get`], but `null` counts as absent.
    pub(super) fn get_some(&self, name: &str) -> Option<&'n Node<'t>> {
        self.get(name).filter(|n| n.value != Value::Null)
    }
}

pub(super) fn one_of(names: &[&str]) -> String {
    let list: Vec<String> = names.iter().map(|n| format!("`{}`", quoted(n))).collect();
    list.join(", ")
}

/// How messages name a shape: `label` starts a sentence ("shape b",
/// "field shape 3"), `place` follows "in" ("shape `b`", "field shape 3").
pub(super) struct Who {
    pub(super) label: String,
    pub(super) place: String,
}

impl Who {
    fn side(side: &str) -> Who {
        Who {
            label: format!("shape {side}"),
            place: format!("shape `{side}`"),
        }
    }

    pub(super) fn same(name: String) -> Who {
        Who {
            label: name.clone(),
            place: name,
        }
    }
}

pub(super) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

pub(super) struct Reader<'a> {
    text: &'a str,
    path: &'a Path,
}

pub(super) type R<T> = Result<T, SceneError>;

impl Reader<'_> {
    pub(super) fn err(&self, pos: usize, message: impl Into<String>) -> SceneError {
        let (l, c) = line_column(self.text, pos);
        SceneError::at(self.path, l, c, message)
    }

    /// The members of an object, after checking it has no unknown or
    /// duplicate fields. `place` reads like "in shape `b` (circle)".
    pub(super) fn fields<'n, 't>(
        &self,
        node: &'n Node<'t>,
        allowed: &[&str],
        what: &str,
        place: &str,
    ) -> R<Fields<'n, 't>> {
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{what} must be an object {{...}}, found {}",
                    node.value.describe()
                ),
            ));
        };
        for (i, m) in members.iter().enumerate() {
            if !allowed.contains(&m.key.as_str()) {
                return Err(self.err(
                    m.key_pos,
                    format!(
                        "unknown field `{}`{place}, expected one of {}",
                        quoted(&m.key),
                        one_of(allowed)
                    ),
                ));
            }
            if members[..i].iter().any(|p| p.key == m.key) {
                return Err(self.err(
                    m.key_pos,
                    format!("duplicate field `{}`{place}", quoted(&m.key)),
                ));
            }
        }
        Ok(Fields {
            pos: node.pos,
            members,
        })
    }

    pub(super) fn required<'n, 't>(
        &self,
        f: &Fields<'n, 't>,
        name: &str,
        place: &str,
    ) -> R<&'n Node<'t>> {
        f.get_some(name)
            .ok_or_else(|| self.err(f.pos, format!("missing field `{name}`{place}")))
    }

    /// A number read straight into an f32 (correctly rounded); numbers beyond
    /// the f32 range are refused.
    pub(super) fn number(&self, node: &Node, what: &str) -> R<f32> {
        let Value::Number(s) = node.value else {
            return Err(self.err(
                node.pos,
                format!("{what} must be a number, found {}", node.value.describe()),
            ));
        };
        match s.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(self.err(
                node.pos,
                format!(
                    "{what} is {s}, too large for a 32-bit float \
                     (the largest is about 3.4e38)"
                ),
            )),
        }
    }

    pub(super) fn vec2(&self, node: &Node, what: &str) -> R<Vec2> {
        match &node.value {
            Value::Array(items) if items.len() == 2 => Ok(Vec2::new(
                self.number(&items[0], &format!("{what}: x"))?,
                self.number(&items[1], &format!("{what}: y"))?,
            )),
            Value::Array(items) => Err(self.err(
                node.pos,
                format!(
                    "{what} must be [x, y], found an array of {} numbers",
                    items.len()
                ),
            )),
            other => Err(self.err(
                node.pos,
                format!("{what} must be [x, y], found {}", other.describe()),
            )),
        }
    }

    pub(super) fn string(&self, f: &Fields, name: &str) -> R<String> {
        match f.get_some(name) {
            None => Ok(String::new()),
            Some(Node {
                value: Value::String(s),
                ..
            }) => Ok(s.clone()),
            Some(n) => Err(self.err(
                n.pos,
                format!(
                    "field `{name}` must be a string, found {}",
                    n.value.describe()
                ),
            )),
        }
    }

    fn scene(&self, root: &Node) -> R<Scene> {
        if let Value::Object(members) = &root.value {
            let v1 = members
                .iter()
                .any(|m| m.key == "version" && m.value.value == Value::Number("1"));
            if let Some(m) = members.iter().find(|m| m.key == "shapes").filter(|_| v1) {
                return Err(self.err(
                    m.key_pos,
                    "unknown field `shapes` in a version 1 scene: field scenes \
                     (`shapes`, `ray`, `query`) need \"version\": 2",
                ));
            }
        }
        let f = self.fields(root, TOP_FIELDS, "the top level of a scene file", "")?;
        let v = self.required(&f, "version", "")?;
        self.version(v)?;
        let name = self.string(&f, "name")?;
        let notes = self.string(&f, "notes")?;
        let a = self.shape(self.required(&f, "a", "")?, &Who::side("a"))?;
        let b = self.shape(self.required(&f, "b", "")?, &Who::side("b"))?;
        let view = f.get_some("view").map(|n| self.view(n)).transpose()?;
        let motion = f.get_some("motion").map(|n| self.motion(n)).transpose()?;
        let moving = Some(motion.is_some());
        let expect = f
            .get_some("expect")
            .map(|n| self.expect(n, moving))
            .transpose()?;
        Ok(Scene {
            name,
            notes,
            a,
            b,
            view,
            motion,
            expect,
        })
    }

    fn version(&self, node: &Node) -> R<()> {
        match node.value {
            Value::Number("1" | "2") => Ok(()),
            Value::Number(s) if s.bytes().all(|c| c.is_ascii_digit() || c == b'-') => Err(self
                .err(
                    node.pos,
                    format!(
                        "unsupported version {s}: this satlab reads versions \
                         {FORMAT_VERSION}, {FIELD_FORMAT_VERSION} and {SPACE_FORMAT_VERSION}; \
                         a newer satlab may read it"
                    ),
                )),
            ref other => Err(self.err(
                node.pos,
                format!(
                    "field `version` must be the integer {FORMAT_VERSION} or \
                     {FIELD_FORMAT_VERSION}, found {}",
                    match other {
                        Value::Number(s) => s,
                        v => v.describe(),
                    }
                ),
            )),
        }
    }

    fn view(&self, node: &Node) -> R<View> {
        let f = self.fields(node, VIEW_FIELDS, "`view`", " in `view`")?;
        let center = self.vec2(self.required(&f, "center", " in `view`")?, "view: center")?;
        let zn = self.required(&f, "zoom", " in `view`")?;
        let zoom = self.number(zn, "view: zoom")?;
        if zoom <= 0.0 {
            return Err(self.err(zn.pos, format!("view: zoom must be > 0, got {zoom}")));
        }
        Ok(View { center, zoom })
    }

    fn motion(&self, node: &Node) -> R<Motion> {
        let f = self.fields(node, MOTION_FIELDS, "`motion`", " in `motion`")?;
        let side = |name: &str| -> R<Vec2> {
            f.get_some(name)
                .map(|n| self.vec2(n, &format!("motion: {name}")))
                .transpose()
                .map(Option::unwrap_or_default)
        };
        Ok(Motion {
            a: side("a")?,
            b: side("b")?,
        })
    }

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

    fn shape(&self, node: &Node, who: &Who) -> R<Shape> {
        self.shape_with(node, who, &[])
    }

    /// A shape whose object may also hold the fields `extra` (read by the
    /// caller: a field shape's layer and flags, a query's mask).
    pub(super) fn shape_with(&self, node: &Node, who: &Who, extra: &[&str]) -> R<Shape> {
        let Who {
            label: side,
            place: at,
        } = who;
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{side} must be an object like {{\"kind\": \"circle\", ...}}, found {}",
                    node.value.describe()
                ),
            ));
        };
        let kinds: Vec<&str> = ShapeKind::ALL.iter().map(|k| k.name()).collect();
        let kind_node = members
            .iter()
            .find(|m| m.key == "kind")
            .map(|m| &m.value)
            .ok_or_else(|| {
                self.err(
                    node.pos,
                    format!(
                        "missing field `kind` in {at}, expected one of {}",
                        one_of(&kinds)
                    ),
                )
            })?;
        let Value::String(kind_name) = &kind_node.value else {
            return Err(self.err(
                kind_node.pos,
                format!(
                    "{side}: kind must be a string, found {}",
                    kind_node.value.describe()
                ),
            ));
        };
        let kind = ShapeKind::from_name(kind_name).ok_or_else(|| {
            self.err(
                kind_node.pos,
                format!(
                    "unknown kind `{}` in {at}, expected one of {}",
                    quoted(kind_name),
                    one_of(&kinds)
                ),
            )
        })?;
        let kn = kind.name();
        let allowed: Vec<&str> = POSE_FIELDS
            .iter()
            .chain(kind_fields(kind))
            .chain(extra)
            .copied()
            .collect();
        let place = format!(" in {at} ({kn})");
        let f = self.fields(node, &allowed, "a shape", &place)?;
        let label = format!("{side} ({kn})");
        let num = |name: &str| -> R<f32> {
            self.number(
                self.required(&f, name, &place)?,
                &format!("{label}: {name}"),
            )
        };
        let position = self.vec2(
            self.required(&f, "position", &place)?,
            &format!("{label}: position"),
        )?;
        let rotation = match f.get_some("rotation_deg") {
            Some(n) => self.number(n, &format!("{label}: rotation_deg"))?,
            None => 0.0,
        };
        let invalid = |e: ShapeError| {
            let pos = f.get(e.field).map_or(node.pos, |n| n.pos);
            self.err(pos, format!("{label}: {}", e.detail()))
        };
        let pose = Pose::new(position, rotation).map_err(|e| invalid(e.of_kind(kind)))?;
        let shape = match kind {
            ShapeKind::Point => Shape::Point(Point::with_pose(pose)),
            ShapeKind::Line => Shape::Line(Line::new(pose)),
            ShapeKind::Segment => {
                Shape::Segment(Segment::new(pose, num("half_length")?).map_err(invalid)?)
            }
            ShapeKind::Ray => {
                let length = match f.get_some("length") {
                    Some(n) => Some(self.number(n, &format!("{label}: length"))?),
                    None => None,
                };
                Shape::Ray(Ray::new(pose, length).map_err(invalid)?)
            }
            ShapeKind::Circle => Shape::Circle(Circle::new(pose, num("radius")?).map_err(invalid)?),
            ShapeKind::Aabb | ShapeKind::Obb => {
                let h = self.vec2(
                    self.required(&f, "half_extents", &place)?,
                    &format!("{label}: half_extents"),
                )?;
                if kind == ShapeKind::Aabb {
                    Shape::Aabb(Aabb::new(pose, h).map_err(invalid)?)
                } else {
                    Shape::Obb(Obb::new(pose, h).map_err(invalid)?)
                }
            }
            ShapeKind::Capsule => Shape::Capsule(
                Capsule::new(pose, num("half_length")?, num("radius")?).map_err(invalid)?,
            ),
            ShapeKind::Sector => Shape::Sector(
                Sector::new(pose, num("radius")?, num("half_angle_deg")?).map_err(invalid)?,
            ),
            ShapeKind::Polygon => {
                let vn = self.required(&f, "vertices", &place)?;
                let Value::Array(items) = &vn.value else {
                    return Err(self.err(
                        vn.pos,
                        format!(
                            "{label}: vertices must be an array of [x, y] points, found {}",
                            vn.value.describe()
                        ),
                    ));
                };
                let verts = items
                    .iter()
                    .enumerate()
                    .map(|(i, n)| self.vec2(n, &format!("{label}: vertex {}", i + 1)))
                    .collect::<R<Vec<Vec2>>>()?;
                Shape::Polygon(Polygon::new(pose, &verts).map_err(invalid)?)
            }
        };
        Ok(shape)
    }

    fn field_scene(&self, root: &Node) -> R<FieldScene> {
        let f = self.fields(
            root,
            FIELD_TOP_FIELDS,
            "the top level of a scene file",
            " in a field scene",
        )?;
        self.version(self.required(&f, "version", "")?)?;
        let name = self.string(&f, "name")?;
        let notes = self.string(&f, "notes")?;
        let sn = self.required(&f, "shapes", " in a field scene")?;
        let Value::Array(items) = &sn.value else {
            return Err(self.err(
                sn.pos,
                format!(
                    "field `shapes` must be an array of shapes, found {}",
                    sn.value.describe()
                ),
            ));
        };
        let mut layers = SceneLayers {
            names: self.layer_names(f.get_some("layers"))?,
            ..SceneLayers::default()
        };
        layers.matrix = f
            .get_some("matrix")
            .map(|n| self.matrix(n, &layers).map(Box::new))
            .transpose()?;
        if let Some(n) = f.get_some("layer_colors") {
            layers.colours = self.layer_colours(n, &layers)?;
        }
        let mut shapes = Vec::with_capacity(items.len());
        for (i, n) in items.iter().enumerate() {
            let who = Who::same(format!("field shape {i}"));
            shapes.push(self.shape_with(n, &who, TAG_FIELDS)?);
            layers.tags.push(self.shape_tags(n, &who, &layers)?);
        }
        if layers.tags.iter().all(|t| *t == Default::default()) {
            layers.tags.clear();
        }
        let ray = match f.get_some("ray") {
            Some(n) => {
                layers.ray_mask = self.mask(n, "the ray", &layers)?;
                Some(self.ray(n)?)
            }
            None => None,
        };
        let query = match f.get_some("query") {
            Some(n) => {
                layers.query_mask = self.mask(n, "the query shape", &layers)?;
                let who = Who::same("the query shape".into());
                Some(self.shape_with(n, &who, MASK_FIELDS)?)
            }
            None => None,
        };
        let view = f.get_some("view").map(|n| self.view(n)).transpose()?;
        let expect = f
            .get_some("expect")
            .map(|n| self.field_expect(n, shapes.len(), ray.is_some(), query.is_some()))
            .transpose()?;
        Ok(FieldScene {
            name,
            notes,
            shapes,
            ray,
            query,
            view,
            expect,
            layers,
        })
    }

    /// The field's ray: a shape object whose kind must be `ray`.
    fn ray(&self, node: &Node) -> R<Ray> {
        match self.shape_with(node, &Who::same("the ray".into()), MASK_FIELDS)? {
            Shape::Ray(r) => Ok(r),
            other @ (Shape::Point(_)
            | Shape::Segment(_)
            | Shape::Line(_)
            | Shape::Circle(_)
            | Shape::Aabb(_)
            | Shape::Obb(_)
            | Shape::Capsule(_)
            | Shape::Sector(_)
            | Shape::Polygon(_)) => {
                let pos = match &node.value {
                    Value::Object(m) => m
                        .iter()
                        .find(|m| m.key == "kind")
                        .map_or(node.pos, |m| m.value.pos),
                    _ => node.pos,
                };
                Err(self.err(
                    pos,
                    format!(
                        "the ray must have kind `ray`, found `{}` (a shape to test against \
                         goes in `query` or `shapes`)",
                        other.kind().name()
                    ),
                ))
            }
        }
    }

    fn field_expect(
        &self,
        node: &Node,
        n: usize,
        has_ray: bool,
        has_query: bool,
    ) -> R<FieldExpect> {
        let f = self.fields(node, FIELD_EXPECT_FIELDS, "`expect`", " in `expect`")?;
        if ["hits", "first_hit", "query_hits", "pairs"]
            .iter()
            .all(|k| f.get_some(k).is_none())
        {
            return Err(self.err(
                node.pos,
                "expect must give at least one of `hits`, `first_hit`, `query_hits`, `pairs`",
            ));
        }
        for (name, present, needs) in [
            ("hits", has_ray, "a `ray`"),
            ("first_hit", has_ray, "a `ray`"),
            ("query_hits", has_query, "a `query` shape"),
        ] {
            if let Some(v) = f.get_some(name).filter(|_| !present) {
                return Err(self.err(
                    v.pos,
                    format!("expect: {name} needs {needs}, but the scene has none"),
                ));
            }
        }
        let hits = match f.get_some("hits") {
            None => None,
            Some(hn) => {
                let items = self.array(hn, "expect: hits", "shape indices or hits")?;
                let mut out: Vec<ExpectedHit> = Vec::with_capacity(items.len());
                // Which shapes are listed already: one flag per field shape
                // (`hit` checks the number is below `n`).
                let mut listed = vec![false; n];
                for (k, item) in items.iter().enumerate() {
                    let what = format!("expect: hits, entry {}", k + 1);
                    let h = self.hit(item, &what, n)?;
                    if listed
                        .get_mut(h.shape)
                        .is_some_and(|l| std::mem::replace(l, true))
                    {
                        return Err(self.err(
                            item.pos,
                            format!("{what}: field shape {} is listed twice", h.shape),
                        ));
                    }
                    out.push(h);
                }
                Some(out)
            }
        };
        let first_hit = match f.get_some("first_hit") {
            None => None,
            Some(Node {
                value: Value::String(s),
                pos,
            }) => {
                if s != "none" {
                    return Err(self.err(
                        *pos,
                        format!(
                            "expect: first_hit must be a shape index, {{\"shape\": index, \
                             \"t\": number}} or \"none\", found \"{s}\""
                        ),
                    ));
                }
                Some(None)
            }
            Some(h) => Some(Some(self.hit(h, "expect: first_hit", n)?)),
        };
        let query_hits = match f.get_some("query_hits") {
            None => None,
            Some(qn) => {
                let items = self.array(qn, "expect: query_hits", "shape indices")?;
                let mut out: Vec<usize> = Vec::with_capacity(items.len());
                let mut listed = vec![false; n];
                for (k, item) in items.iter().enumerate() {
                    let what = format!("expect: query_hits, entry {}", k + 1);
                    let i = self.index(item, &what, n)?;
                    if listed
                        .get_mut(i)
                        .is_some_and(|l| std::mem::replace(l, true))
                    {
                        return Err(
                            self.err(item.pos, format!("{what}: field shape {i} is listed twice"))
                        );
                    }
                    out.push(i);
                }
                Some(out)
            }
        };
        let tolerance = match f.get_some("tolerance") {
            None => None,
            Some(tn) => Some(self.non_negative(tn, "expect: tolerance")?),
        };
        let pairs = f
            .get_some("pairs")
            .map(|pn| self.expected_pairs(pn, n))
            .transpose()?;
        Ok(FieldExpect {
            hits,
            first_hit,
            query_hits,
            pairs,
            tolerance,
        })
    }

    pub(super) fn array<'n, 't>(
        &self,
        node: &'n Node<'t>,
        what: &str,
        of: &str,
    ) -> R<&'n [Node<'t>]> {
        match &node.value {
            Value::Array(items) => Ok(items),
            other => Err(self.err(
                node.pos,
                format!(
                    "{what} must be an array of {of}, found {}",
                    other.describe()
                ),
            )),
        }
    }

    pub(super) fn non_negative(&self, node: &Node, what: &str) -> R<f32> {
        let v = self.number(node, what)?;
        if v < 0.0 {
            return Err(self.err(node.pos, format!("{what} must be ≥ 0, got {v}")));
        }
        Ok(v)
    }

    /// An expected hit: a shape index, or `{"shape": index, "t": number}`.
    fn hit(&self, node: &Node, what: &str, n: usize) -> R<ExpectedHit> {
        match &node.value {
            Value::Number(_) => Ok(ExpectedHit {
                shape: self.index(node, what, n)?,
                t: None,
            }),
            Value::Object(_) => {
                let place = format!(" in {what}");
                let f = self.fields(node, HIT_FIELDS, what, &place)?;
                let shape = self.index(self.required(&f, "shape", &place)?, what, n)?;
                let t = match f.get_some("t") {
                    None => None,
                    Some(tn) => Some(self.non_negative(tn, &format!("{what}: t"))?),
                };
                Ok(ExpectedHit { shape, t })
            }
            other => Err(self.err(
                node.pos,
                format!(
                    "{what} must be a shape index or {{\"shape\": index, \"t\": number}}, \
                     found {}",
                    other.describe()
                ),
            )),
        }
    }

    /// A shape index: an integer literal naming one of the `n` field shapes.
    pub(super) fn index(&self, node: &Node, what: &str, n: usize) -> R<usize> {
        let Value::Number(s) = node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{what} must be a shape index (an integer ≥ 0), found {}",
                    node.value.describe()
                ),
            ));
        };
        let Some(i) = s
            .bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse::<usize>().ok())
            .flatten()
        else {
            return Err(self.err(
                node.pos,
                format!("{what} must be a shape index (an integer ≥ 0), got {s}"),
            ));
        };
        if i >= n {
            return Err(self.err(
                node.pos,
                format!(
                    "{what}: there is no field shape {i} (the field has {}, numbered from 0)",
                    plural(n, "shape")
                ),
            ));
        }
        Ok(i)
    }
}
