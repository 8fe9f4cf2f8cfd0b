//! Version 3: 3D pair scenes (`docs/scene-format.md`, "3D scenes").
//!
//! Two [`Shape3`]s with a position `[x, y, z]`, a rotation given either as
//! Euler angles `rotation_deg: [x, y, z]` (degrees, about the world x, then
//! y, then z axis: [`Pose3::from_euler_deg`]) or as a unit quaternion
//! `quaternion: [x, y, z, w]`, and the same `expect` block as version 1.
//! The rotation is kept as written, so load → save → load is exact.

use super::evaluate::{compare, Mismatch};
use super::json::{Node, Value};
use super::load::{Reader, R};
use super::save::{expect_json, num, string_json, Obj};
use super::Expect;
use crate::geom::ShapeError;
use crate::geom3d::{
    distance, intersects, penetration, sat_report3, Aabb3, Capsule3, Hull3, Obb3, Point3, Pose3,
    Quat, Ray3Shape, Segment3, Shape3, ShapeKind3, Sphere, Triangle3, Vec3,
};
use serde::Serialize;

/// The version 3D scenes are written with.
pub const SPACE_FORMAT_VERSION: u32 = 3;

const TOP_FIELDS: &[&str] = &["version", "name", "notes", "a", "b", "expect"];
const POSE_FIELDS: &[&str] = &["kind", "position", "rotation_deg", "quaternion"];

/// The fields a 3D kind has besides its pose, in the order they are saved.
fn kind_fields(kind: ShapeKind3) -> &'static [&'static str] {
    match kind {
        ShapeKind3::Point => &[],
        ShapeKind3::Segment => &["half_length"],
        ShapeKind3::Ray => &["length"],
        ShapeKind3::Sphere => &["radius"],
        ShapeKind3::Aabb | ShapeKind3::Obb => &["half_extents"],
        ShapeKind3::Capsule => &["half_length", "radius"],
        ShapeKind3::Triangle => &["vertices"],
        ShapeKind3::Hull => &["points", "flat"],
    }
}

/// How a shape's rotation was written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rotation3 {
    /// Not given: no rotation.
    None,
    /// `rotation_deg: [x, y, z]`.
    EulerDeg([f32; 3]),
    /// `quaternion: [x, y, z, w]` (normalised when the shape is built).
    Quaternion([f32; 4]),
}

/// A 3D shape and its rotation as the file gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed3 {
    /// The shape, built and validated.
    pub shape: Shape3,
    /// The rotation as written.
    pub rotation: Rotation3,
    /// For hulls: the points as written (the shape keeps only the corners).
    pub points: Vec<Vec3>,
}

/// A 3D pair scene (format version 3).
#[derive(Debug, Clone, PartialEq)]
pub struct Scene3 {
    /// One-line title; empty when absent.
    pub name: String,
    /// Free text; empty when absent.
    pub notes: String,
    /// Shape A.
    pub a: Placed3,
    /// Shape B.
    pub b: Placed3,
    /// What `check` must find.
    pub expect: Option<Expect>,
}

/// The position of the `version` value when the file is a 3D scene: an
/// object whose `version` is 3.
pub(super) fn space_marker(root: &Node) -> Option<usize> {
    let Value::Object(members) = &root.value else {
        return None;
    };
    let version = members.iter().find(|m| m.key == "version")?;
    (version.value.value == Value::Number("3")).then_some(version.value.pos)
}

impl Reader<'_> {
    fn vec3(&self, node: &Node, what: &str) -> R<Vec3> {
        Ok(Vec3::from(self.numbers::<3>(node, what, "[x, y, z]")?))
    }

    fn numbers<const N: usize>(&self, node: &Node, what: &str, form: &str) -> R<[f32; N]> {
        match &node.value {
            Value::Array(items) if items.len() == N => {
                let mut out = [0.0; N];
                for (k, (slot, item)) in out.iter_mut().zip(items).enumerate() {
                    *slot = self.number(item, &format!("{what}: item {}", k + 1))?;
                }
                Ok(out)
            }
            Value::Array(items) => Err(self.err(
                node.pos,
                format!(
                    "{what} must be {form}, found an array of {} numbers",
                    items.len()
                ),
            )),
            other => Err(self.err(
                node.pos,
                format!("{what} must be {form}, found {}", other.describe()),
            )),
        }
    }

    fn points3(&self, node: &Node, what: &str) -> R<Vec<Vec3>> {
        let Value::Array(items) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{what} must be an array of [x, y, z] points, found {}",
                    node.value.describe()
                ),
            ));
        };
        items
            .iter()
            .enumerate()
            .map(|(i, n)| self.vec3(n, &format!("{what} {}", i + 1)))
            .collect()
    }

    /// A version-3 scene.
    pub(super) fn space_scene(&self, root: &Node) -> R<Scene3> {
        let f = self.fields(
            root,
            TOP_FIELDS,
            "the top level of a scene file",
            " in a 3D scene",
        )?;
        let name = self.string(&f, "name")?;
        let notes = self.string(&f, "notes")?;
        let a = self.shape3(self.required(&f, "a", " in a 3D scene")?, "a")?;
        let b = self.shape3(self.required(&f, "b", " in a 3D scene")?, "b")?;
        let expect = f
            .get_some("expect")
            .map(|n| self.expect(n, None))
            .transpose()?;
        Ok(Scene3 {
            name,
            notes,
            a,
            b,
            expect,
        })
    }

    fn shape3(&self, node: &Node, side: &str) -> R<Placed3> {
        let kinds: Vec<String> = ShapeKind3::ALL
            .iter()
            .map(|k| format!("`{}`", k.name()))
            .collect();
        let kinds = kinds.join(", ");
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "shape {side} must be an object like {{\"kind\": \"sphere\", ...}}, found {}",
                    node.value.describe()
                ),
            ));
        };
        let kind_node = members
            .iter()
            .find(|m| m.key == "kind")
            .map(|m| &m.value)
            .ok_or_else(|| {
                self.err(
                    node.pos,
                    format!("missing field `kind` in shape `{side}`, expected one of {kinds}"),
                )
            })?;
        let Value::String(kind_name) = &kind_node.value else {
            return Err(self.err(
                kind_node.pos,
                format!(
                    "shape {side}: kind must be a string, found {}",
                    kind_node.value.describe()
                ),
            ));
        };
        let kind = ShapeKind3::from_name(kind_name).ok_or_else(|| {
            self.err(
                kind_node.pos,
                format!(
                    "unknown 3D kind `{}` in shape `{side}`, expected one of {kinds}",
                    super::quoted(kind_name)
                ),
            )
        })?;
        let kn = kind.name();
        let allowed: Vec<&str> = POSE_FIELDS
            .iter()
            .chain(kind_fields(kind))
            .copied()
            .collect();
        let place = format!(" in shape `{side}` ({kn})");
        let f = self.fields(node, &allowed, "a shape", &place)?;
        let label = format!("shape {side} ({kn})");
        let num = |name: &str| -> R<f32> {
            self.number(
                self.required(&f, name, &place)?,
                &format!("{label}: {name}"),
            )
        };
        let position = self.vec3(
            self.required(&f, "position", &place)?,
            &format!("{label}: position"),
        )?;
        let rotation = match (f.get_some("rotation_deg"), f.get_some("quaternion")) {
            (Some(_), Some(q)) => {
                return Err(self.err(
                    q.pos,
                    format!("{label}: give `rotation_deg` or `quaternion`, not both"),
                ))
            }
            (Some(n), None) => Rotation3::EulerDeg(self.numbers::<3>(
                n,
                &format!("{label}: rotation_deg"),
                "[x, y, z]",
            )?),
            (None, Some(n)) => Rotation3::Quaternion(self.numbers::<4>(
                n,
                &format!("{label}: quaternion"),
                "[x, y, z, w]",
            )?),
            (None, None) => Rotation3::None,
        };
        let invalid = |e: ShapeError| {
            let pos = f.get(e.field).map_or(node.pos, |n| n.pos);
            self.err(pos, format!("{label}: {}", e.detail()))
        };
        let pose = match rotation {
            Rotation3::None => Pose3::from_euler_deg(kind, position, [0.0; 3]),
            Rotation3::EulerDeg(d) => Pose3::from_euler_deg(kind, position, d),
            Rotation3::Quaternion(q) => Pose3::new(kind, position, Quat::from_array(q)),
        }
        .map_err(invalid)?;
        let mut points = Vec::new();
        let shape = match kind {
            ShapeKind3::Point => Shape3::Point(Point3::new(pose)),
            ShapeKind3::Segment => {
                Shape3::Segment(Segment3::new(pose, num("half_length")?).map_err(invalid)?)
            }
            ShapeKind3::Ray => {
                let length = match f.get_some("length") {
                    Some(n) => Some(self.number(n, &format!("{label}: length"))?),
                    None => None,
                };
                Shape3::Ray(Ray3Shape::new(pose, length).map_err(invalid)?)
            }
            ShapeKind3::Sphere => {
                Shape3::Sphere(Sphere::new(pose, num("radius")?).map_err(invalid)?)
            }
            ShapeKind3::Aabb | ShapeKind3::Obb => {
                let h = self.vec3(
                    self.required(&f, "half_extents", &place)?,
                    &format!("{label}: half_extents"),
                )?;
                if kind == ShapeKind3::Aabb {
                    Shape3::Aabb(Aabb3::new(pose, h).map_err(invalid)?)
                } else {
                    Shape3::Obb(Obb3::new(pose, h).map_err(invalid)?)
                }
            }
            ShapeKind3::Capsule => Shape3::Capsule(
                Capsule3::new(pose, num("half_length")?, num("radius")?).map_err(invalid)?,
            ),
            ShapeKind3::Triangle => {
                let vn = self.required(&f, "vertices", &place)?;
                let v = self.points3(vn, &format!("{label}: vertex"))?;
                let [p, q, r] = v[..] else {
                    return Err(self.err(
                        vn.pos,
                        format!("{label}: vertices must be 3 points, found {}", v.len()),
                    ));
                };
                Shape3::Triangle(Triangle3::new(pose, [p, q, r]).map_err(invalid)?)
            }
            ShapeKind3::Hull => {
                points = self.points3(
                    self.required(&f, "points", &place)?,
                    &format!("{label}: point"),
                )?;
                let flat = match f.get_some("flat") {
                    None => false,
                    Some(Node {
                        value: Value::Bool(b),
                        ..
                    }) => *b,
                    Some(n) => {
                        return Err(self.err(
                            n.pos,
                            format!(
                                "{label}: flat must be true or false, found {}",
                                n.value.describe()
                            ),
                        ))
                    }
                };
                Shape3::Hull(Hull3::new(pose, &points, flat).map_err(invalid)?)
            }
        };
        Ok(Placed3 {
            shape,
            rotation,
            points,
        })
    }
}

fn v3(v: Vec3) -> String {
    format!("[{}, {}, {}]", num(v.x), num(v.y), num(v.z))
}

fn shape_json(p: &Placed3) -> String {
    let s = &p.shape;
    let mut w = Obj::new(1);
    w.raw("kind", &string_json(s.kind().name()));
    w.raw("position", &v3(s.pose().position()));
    match p.rotation {
        Rotation3::None => {}
        Rotation3::EulerDeg(d) => w.raw("rotation_deg", &v3(Vec3::from(d))),
        Rotation3::Quaternion(q) => w.raw(
            "quaternion",
            &format!(
                "[{}, {}, {}, {}]",
                num(q[0]),
                num(q[1]),
                num(q[2]),
                num(q[3])
            ),
        ),
    }
    match s {
        Shape3::Point(_) => {}
        Shape3::Segment(x) => w.raw("half_length", &num(x.half_length())),
        Shape3::Ray(x) => {
            if let Some(l) = x.length() {
                w.raw("length", &num(l));
            }
        }
        Shape3::Sphere(x) => w.raw("radius", &num(x.radius())),
        Shape3::Aabb(x) => w.raw("half_extents", &v3(x.half_extents())),
        Shape3::Obb(x) => w.raw("half_extents", &v3(x.half_extents())),
        Shape3::Capsule(x) => {
            w.raw("half_length", &num(x.half_length()));
            w.raw("radius", &num(x.radius()));
        }
        Shape3::Triangle(x) => {
            let v: Vec<String> = x.local_vertices().iter().map(|p| v3(*p)).collect();
            w.raw("vertices", &format!("[{}]", v.join(", ")));
        }
        Shape3::Hull(x) => {
            let v: Vec<String> = p.points.iter().map(|q| v3(*q)).collect();
            w.raw("points", &format!("[{}]", v.join(", ")));
            if x.hull().flat {
                w.raw("flat", "true");
            }
        }
    }
    w.finish()
}

/// The 3D scene as pretty JSON, version 3, fields in the order of
/// `docs/scene-format.md`; every f32 with the fewest digits that read back
/// to the same bits, so load → save → load is exact.
pub fn space_to_json(scene: &Scene3) -> String {
    let mut w = Obj::new(0);
    w.raw("version", &SPACE_FORMAT_VERSION.to_string());
    if !scene.name.is_empty() {
        w.raw("name", &string_json(&scene.name));
    }
    if !scene.notes.is_empty() {
        w.raw("notes", &string_json(&scene.notes));
    }
    w.raw("a", &shape_json(&scene.a));
    w.raw("b", &shape_json(&scene.b));
    if let Some(e) = &scene.expect {
        w.raw("expect", &expect_json(e));
    }
    let mut out = w.finish();
    out.push('\n');
    out
}

/// Every difference between the 3D scene's `expect` block and the core.
pub fn evaluate_space(scene: &Scene3) -> Vec<Mismatch> {
    let Some(e) = &scene.expect else {
        return Vec::new();
    };
    let (a, b) = (&scene.a.shape, &scene.b.shape);
    compare(
        e,
        intersects(a, b),
        || distance(a, b).distance,
        || penetration(a, b).map(|p| p.depth),
    )
}

/// One SAT axis in a 3D report.
#[derive(Debug, Clone, Serialize)]
pub struct Axis3Out {
    /// 1-based, in visiting order.
    pub number: usize,
    /// Where it came from, in words.
    pub source: String,
    /// World unit direction (zero when skipped).
    pub axis: [f32; 3],
    /// A's projection `[min, max]` (absent when skipped).
    pub a: Option<[f32; 2]>,
    /// B's projection.
    pub b: Option<[f32; 2]>,
    /// Signed gap (absent when skipped).
    pub gap: Option<f32>,
    /// Why it was skipped.
    pub skipped: Option<String>,
}

/// What `satlab eval` prints for a 3D scene.
#[derive(Debug, Clone, Serialize)]
pub struct Eval3Report {
    /// The scene's title.
    pub name: String,
    /// Shape A's kind.
    pub a: &'static str,
    /// Shape B's kind.
    pub b: &'static str,
    /// The verdict.
    pub intersects: bool,
    /// Distance (0 when intersecting).
    pub distance: f32,
    /// Closest point on A.
    pub closest_a: [f32; 3],
    /// Closest point on B.
    pub closest_b: [f32; 3],
    /// Depth and MTV, when intersecting and bounded.
    pub penetration: Option<(f32, [f32; 3])>,
    /// Every SAT candidate in visiting order.
    pub axes: Vec<Axis3Out>,
    /// 1-based number of the first separating axis.
    pub first_separating: Option<usize>,
    /// 1-based number of the least-overlap axis.
    pub least_overlap: Option<usize>,
    /// Mismatches with the `expect` block.
    pub mismatches: Vec<Mismatch>,
}

/// The full report for a 3D scene.
pub fn eval_space(scene: &Scene3) -> Eval3Report {
    let (a, b) = (&scene.a.shape, &scene.b.shape);
    let d = distance(a, b);
    let sat = sat_report3(a, b);
    Eval3Report {
        name: scene.name.clone(),
        a: a.kind().name(),
        b: b.kind().name(),
        intersects: intersects(a, b),
        distance: d.distance,
        closest_a: d.point_a.to_array(),
        closest_b: d.point_b.to_array(),
        penetration: penetration(a, b).map(|p| (p.depth, p.mtv.to_array())),
        axes: sat
            .axes
            .iter()
            .enumerate()
            .map(|(i, t)| Axis3Out {
                number: i + 1,
                source: t.source.describe(),
                axis: t.axis.to_array(),
                a: t.skipped.is_none().then_some([t.a.min, t.a.max]),
                b: t.skipped.is_none().then_some([t.b.min, t.b.max]),
                gap: t.skipped.is_none().then_some(t.gap),
                skipped: t.skipped.map(|s| s.describe()),
            })
            .collect(),
        first_separating: sat.first_separating.map(|k| k + 1),
        least_overlap: sat.least_overlap.map(|k| k + 1),
        mismatches: evaluate_space(scene),
    }
}

/// `v` with six decimals, never a negative zero.
fn f6(v: f32) -> String {
    let s = format!("{v:.6}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

impl Eval3Report {
    /// The report as a plain-text table.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let p3 = |v: [f32; 3]| format!("({}, {}, {})", f6(v[0]), f6(v[1]), f6(v[2]));
        if !self.name.is_empty() {
            s += &format!("{}\n", self.name);
        }
        s += &format!("A: {}   B: {}\n", self.a, self.b);
        s += &format!(
            "intersects: {}   distance: {}   closest A {}   closest B {}\n",
            self.intersects,
            f6(self.distance),
            p3(self.closest_a),
            p3(self.closest_b)
        );
        if let Some((d, m)) = self.penetration {
            s += &format!("penetration: {}   MTV {}\n", f6(d), p3(m));
        }
        s += "SAT axes (in visiting order):\n";
        for t in &self.axes {
            let mark = if Some(t.number) == self.first_separating {
                "  <- first separating"
            } else if Some(t.number) == self.least_overlap {
                "  <- least overlap"
            } else {
                ""
            };
            match (&t.skipped, t.gap) {
                (Some(why), _) => s += &format!("{:>3}  {}: skipped, {why}\n", t.number, t.source),
                (None, Some(g)) => {
                    s += &format!(
                        "{:>3}  {}: {}  gap {}{mark}\n",
                        t.number,
                        t.source,
                        p3(t.axis),
                        f6(g)
                    )
                }
                (None, None) => {}
            }
        }
        for m in &self.mismatches {
            s += &format!("MISMATCH {m}\n");
        }
        s
    }
}
