//! Version 3: 3D pair scenes (`docs/scene-format.md`, "3D scenes").
//!
//! Two [`Shape3`]s with a position `[x, y, z]`, a rotation given either as
//! Euler angles `rotation_deg: [x, y, z]` (degrees, about the world x, then
//! y, then z axis: [`Pose3::from_euler_deg`]) or as a unit quaternion
//! `quaternion: [x, y, z, w]`, and the same `expect` block as version 1.
//! An optional `motion` block (`{"a": [x, y, z], "b": [x, y, z]}`, each
//! side's translation over one step) lets `expect` hold a `time_of_impact`.
//! The rotation is kept as written, so load → save → load is exact.

use super::expect::pair_scene_end;
use super::json::{Node, Value};
use super::model::Expect;
use super::read::{Reader, ShapeObject, Who, R};
use super::schema::SPACE_FORMAT_VERSION;
use super::write::{num, string_json, Obj};
use crate::geom3d::{
    Aabb3, Capsule3, Hull3, Obb3, Point3, Pose3, Quat, Ray3Shape, Segment3, Shape3, ShapeKind3,
    Sphere, Triangle3, Vec3,
};

const TOP_FIELDS: &[&str] = &[
    "version",
    "name",
    "notes",
    "a",
    "b",
    "motion",
    "contact_tolerance",
    "expect",
    "practice",
];

/// Each shape's translation over one step, t ∈ [0, 1]: at time t the shape
/// stands at its pose moved by `t ×` its translation (world units, no
/// rotation). A 3D scene's `motion` block; a missing side does not move.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Motion3 {
    /// A's translation over the step, world units.
    pub a: Vec3,
    /// B's translation over the step, world units.
    pub b: Vec3,
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
    /// How the shapes move over one step, for the time of impact; absent
    /// when they stand still.
    pub motion: Option<Motion3>,
    /// What `check` must find.
    pub expect: Option<Expect>,
    /// The gap (world units) up to which the shapes count as touching;
    /// `None`: [`crate::common::CONTACT_TOLERANCE`]. See [`Scene3::intersects`].
    pub contact_tolerance: Option<f32>,
}

impl Scene3 {
    /// `a` and `b` standing still, with no name, notes or expectations.
    pub fn of(a: Placed3, b: Placed3) -> Scene3 {
        Scene3 {
            name: String::new(),
            notes: String::new(),
            a,
            b,
            motion: None,
            expect: None,
            contact_tolerance: None,
        }
    }
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
    pub(super) fn vec3(&self, node: &Node, what: &str) -> R<Vec3> {
        Ok(Vec3::from(self.numbers::<3>(
            node,
            what,
            "[x, y, z]",
            &[],
        )?))
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
        let motion = f.get_some("motion").map(|n| self.motion3(n)).transpose()?;
        let contact_tolerance = self.contact_tolerance(&f)?;
        let expect = f
            .get_some("expect")
            .map(|n| {
                let moving = motion.is_some();
                self.expect(n, super::expect::ExpectIn::Space { moving })
            })
            .transpose()?;
        Ok(Scene3 {
            name,
            notes,
            a,
            b,
            motion,
            expect,
            contact_tolerance,
        })
    }

    /// A 3D scene's `motion` block.
    fn motion3(&self, node: &Node) -> R<Motion3> {
        let [a, b] = self.motion_pair(node, Self::vec3)?;
        Ok(Motion3 { a, b })
    }

    fn shape3(&self, node: &Node, side: &str) -> R<Placed3> {
        let s = self.shape_object::<ShapeKind3>(node, &Who::side(side), &[])?;
        let position = self.vec3(
            self.need(&s, "position")?,
            &format!("{}: position", s.label),
        )?;
        let rotation = self.rotation3(&s)?;
        let pose = match rotation {
            Rotation3::None => Pose3::from_euler_deg(s.kind, position, [0.0; 3]),
            Rotation3::EulerDeg(d) => Pose3::from_euler_deg(s.kind, position, d),
            Rotation3::Quaternion(q) => Pose3::new(s.kind, position, Quat::from_array(q)),
        }
        .map_err(|e| self.invalid(&s, e))?;
        let mut points = Vec::new();
        let shape = self.build3(&s, pose, &mut points)?;
        Ok(Placed3 {
            shape,
            rotation,
            points,
        })
    }

    /// A quaternion as `[x, y, z, w]` (glam's, Unity's, Godot's order) or as
    /// `{"w": .., "x": .., "y": .., "z": ..}` (any order of keys: Eigen's and
    /// other scalar-first writers paste without a silent turn); `[x, y, z, w]`.
    fn quaternion(&self, node: &Node, what: &str) -> R<[f32; 4]> {
        if !matches!(node.value, Value::Object(_)) {
            return self.numbers::<4>(
                node,
                what,
                "[x, y, z, w] or {\"w\", \"x\", \"y\", \"z\"}",
                &[],
            );
        }
        let f = self.fields(node, &["w", "x", "y", "z"], what, &format!(" in {what}"))?;
        let mut out = [0.0; 4];
        for (slot, key) in out.iter_mut().zip(["x", "y", "z", "w"]) {
            let n = self.required(&f, key, &format!(" in {what}"))?;
            *slot = self.number(n, &format!("{what}: {key}"))?;
        }
        Ok(out)
    }

    /// The rotation as written: Euler angles, a quaternion, or none.
    fn rotation3(&self, s: &ShapeObject<ShapeKind3>) -> R<Rotation3> {
        let label = &s.label;
        Ok(
            match (s.f.get_some("rotation_deg"), s.f.get_some("quaternion")) {
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
                    &[],
                )?),
                (None, Some(n)) => {
                    Rotation3::Quaternion(self.quaternion(n, &format!("{label}: quaternion"))?)
                }
                (None, None) => Rotation3::None,
            },
        )
    }

    /// The shape of kind `s.kind` at `pose`; a hull's points as written go
    /// to `points`.
    fn build3(
        &self,
        s: &ShapeObject<ShapeKind3>,
        pose: Pose3,
        points: &mut Vec<Vec3>,
    ) -> R<Shape3> {
        let invalid = |e| self.invalid(s, e);
        let num = |name: &str| self.need_number(s, name);
        let label = &s.label;
        Ok(match s.kind {
            ShapeKind3::Point => Shape3::Point(Point3::new(pose)),
            ShapeKind3::Segment => {
                Shape3::Segment(Segment3::new(pose, num("half_length")?).map_err(invalid)?)
            }
            ShapeKind3::Ray => {
                Shape3::Ray(Ray3Shape::new(pose, self.maybe_number(s, "length")?).map_err(invalid)?)
            }
            ShapeKind3::Sphere => {
                Shape3::Sphere(Sphere::new(pose, num("radius")?).map_err(invalid)?)
            }
            ShapeKind3::Aabb | ShapeKind3::Obb => {
                let h = self.vec3(
                    self.need(s, "half_extents")?,
                    &format!("{label}: half_extents"),
                )?;
                if s.kind == ShapeKind3::Aabb {
                    Shape3::Aabb(Aabb3::new(pose, h).map_err(invalid)?)
                } else {
                    Shape3::Obb(Obb3::new(pose, h).map_err(invalid)?)
                }
            }
            ShapeKind3::Capsule => Shape3::Capsule(
                Capsule3::new(pose, num("half_length")?, num("radius")?).map_err(invalid)?,
            ),
            ShapeKind3::Triangle => {
                let vn = self.need(s, "vertices")?;
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
                *points = self.points3(self.need(s, "points")?, &format!("{label}: point"))?;
                let flat = match s.f.get_some("flat") {
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
                Shape3::Hull(Hull3::new(pose, points, flat).map_err(invalid)?)
            }
        })
    }
}

fn v3(v: Vec3) -> String {
    format!("[{}, {}, {}]", num(v.x), num(v.y), num(v.z))
}

fn motion3_json(m: &Motion3) -> String {
    let mut w = Obj::new(1);
    for (name, v) in [("a", m.a), ("b", m.b)] {
        if v != Vec3::ZERO {
            w.raw(name, &v3(v));
        }
    }
    w.finish()
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

/// One placed 3D shape as the scene format writes it (an `a` or `b` object).
pub fn placed3_to_json(p: &Placed3) -> String {
    shape_json(p)
}

/// The 3D scene as pretty JSON, version 3, fields in the order of
/// `docs/scene-format.md`; every f32 with the fewest digits that read back
/// to the same bits, so load → save → load is exact.
pub fn space_to_json(scene: &Scene3) -> String {
    let mut w = Obj::scene(SPACE_FORMAT_VERSION, &scene.name, &scene.notes);
    w.raw("a", &shape_json(&scene.a));
    w.raw("b", &shape_json(&scene.b));
    if let Some(m) = &scene.motion {
        w.raw("motion", &motion3_json(m));
    }
    pair_scene_end(w, scene.contact_tolerance, scene.expect.as_ref())
}
