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

use super::error::SceneError;
use super::json::{Node, Value};
use super::model::{ExpectedHit, FieldExpect, FieldScene, Motion, Scene, SceneLayers, View};
use super::read::{utf8, with_tree, Reader, ShapeObject, Who, R};
use super::schema::{
    FIELD_FORMAT_VERSION, FORMAT_VERSION, MASK_FIELDS, SPACE_FORMAT_VERSION, TAG_FIELDS,
};
use super::space::space_marker;
use super::AnyScene;
use crate::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape, ShapeKind,
    Vec2,
};
use std::path::Path;

const TOP_FIELDS: &[&str] = &[
    "version",
    "name",
    "notes",
    "a",
    "b",
    "view",
    "motion",
    "contact_tolerance",
    "expect",
    "practice",
];
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
const HIT_FIELDS: &[&str] = &["shape", "t"];
const VIEW_FIELDS: &[&str] = &["center", "zoom"];

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

impl Reader<'_> {
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
        let within = super::expect::ExpectIn::Pair {
            moving: motion.is_some(),
        };
        let contact_tolerance = self.contact_tolerance(&f)?;
        let expect = f
            .get_some("expect")
            .map(|n| self.expect(n, within))
            .transpose()?;
        Ok(Scene {
            name,
            notes,
            a,
            b,
            view,
            motion,
            expect,
            contact_tolerance,
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
        let [a, b] = self.motion_pair(node, Self::vec2)?;
        Ok(Motion { a, b })
    }

    fn shape(&self, node: &Node, who: &Who) -> R<Shape> {
        self.shape_with(node, who, &[])
    }

    /// A shape whose object may also hold the fields `extra` (read by the
    /// caller: a field shape's layer and flags, a query's mask).
    pub(super) fn shape_with(&self, node: &Node, who: &Who, extra: &[&str]) -> R<Shape> {
        let s = self.shape_object::<ShapeKind>(node, who, extra)?;
        let position = self.vec2(
            self.need(&s, "position")?,
            &format!("{}: position", s.label),
        )?;
        let rotation = self.maybe_number(&s, "rotation_deg")?.unwrap_or(0.0);
        let pose =
            Pose::new(position, rotation).map_err(|e| self.invalid(&s, e.of_kind(s.kind)))?;
        self.build(&s, pose)
    }

    /// The shape of kind `s.kind` at `pose`.
    fn build(&self, s: &ShapeObject<ShapeKind>, pose: Pose) -> R<Shape> {
        let invalid = |e| self.invalid(s, e);
        let num = |name: &str| self.need_number(s, name);
        let label = &s.label;
        Ok(match s.kind {
            ShapeKind::Point => Shape::Point(Point::with_pose(pose)),
            ShapeKind::Line => Shape::Line(Line::new(pose)),
            ShapeKind::Segment => {
                Shape::Segment(Segment::new(pose, num("half_length")?).map_err(invalid)?)
            }
            ShapeKind::Ray => {
                Shape::Ray(Ray::new(pose, self.maybe_number(s, "length")?).map_err(invalid)?)
            }
            ShapeKind::Circle => Shape::Circle(Circle::new(pose, num("radius")?).map_err(invalid)?),
            ShapeKind::Aabb | ShapeKind::Obb => {
                let h = self.vec2(
                    self.need(s, "half_extents")?,
                    &format!("{label}: half_extents"),
                )?;
                if s.kind == ShapeKind::Aabb {
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
                let vn = self.need(s, "vertices")?;
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
        })
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
        let shape = self.shape_with(node, &Who::same("the ray".into()), MASK_FIELDS)?;
        // Any other kind, today's or a new one, is refused the same way.
        let Shape::Ray(r) = shape else {
            let pos = match &node.value {
                Value::Object(m) => m
                    .iter()
                    .find(|m| m.key == "kind")
                    .map_or(node.pos, |m| m.value.pos),
                _ => node.pos,
            };
            return Err(self.err(
                pos,
                format!(
                    "the ray must have kind `ray`, found `{}` (a shape to test against \
                     goes in `query` or `shapes`)",
                    shape.kind().name()
                ),
            ));
        };
        Ok(r)
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
        let hits = f
            .get_some("hits")
            .map(|hn| self.expected_hits(hn, n))
            .transpose()?;
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
        let query_hits = f
            .get_some("query_hits")
            .map(|qn| self.query_hits(qn, n))
            .transpose()?;
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

    /// `expect.hits`: shape indices or hits, each shape at most once.
    fn expected_hits(&self, hn: &Node, n: usize) -> R<Vec<ExpectedHit>> {
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
        Ok(out)
    }

    /// `expect.query_hits`: shape indices, each at most once.
    fn query_hits(&self, qn: &Node, n: usize) -> R<Vec<usize>> {
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
                return Err(self.err(item.pos, format!("{what}: field shape {i} is listed twice")));
            }
            out.push(i);
        }
        Ok(out)
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
}
