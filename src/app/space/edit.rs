//! Exact edits of a placed 3D shape: its position, its rotation as the file
//! writes it, and its sizes; every edit goes through the library's
//! constructors, so an invalid number is refused, not stored.

use glam::EulerRot;
use satlab::geom3d::{
    Aabb3, Capsule3, Hull3, Obb3, Point3, Pose3, Quat, Ray3Shape, Segment3, Shape3, ShapeError,
    ShapeKind3, Sphere, Triangle3, Vec3,
};
use satlab::scene::{Placed3, Rotation3};

/// Every size name [`dims`] gives (the panel translates them; the i18n
/// coverage test reads this list).
#[cfg(test)]
pub const DIM_NAMES: &[&str] = &[
    "half length",
    "length",
    "radius",
    "half width",
    "half height",
    "half depth",
];

/// The sizes of a shape the panel edits, by name in the 2D panel's words
/// (half width, height, depth: along the shape's own x, y, z), in file order.
pub fn dims(s: &Shape3) -> Vec<(&'static str, f32)> {
    match s {
        Shape3::Point(_) | Shape3::Triangle(_) | Shape3::Hull(_) => Vec::new(),
        Shape3::Segment(x) => vec![("half length", x.half_length())],
        Shape3::Ray(x) => x.length().map(|l| vec![("length", l)]).unwrap_or_default(),
        Shape3::Sphere(x) => vec![("radius", x.radius())],
        Shape3::Aabb(b) => half_extents(b.half_extents()),
        Shape3::Obb(b) => half_extents(b.half_extents()),
        Shape3::Capsule(k) => vec![("half length", k.half_length()), ("radius", k.radius())],
    }
}

fn half_extents(h: Vec3) -> Vec<(&'static str, f32)> {
    vec![
        ("half width", h.x),
        ("half height", h.y),
        ("half depth", h.z),
    ]
}

/// The pose `position` and `rotation` give.
pub fn pose(kind: ShapeKind3, position: Vec3, rotation: Rotation3) -> Result<Pose3, ShapeError> {
    match rotation {
        Rotation3::None => Pose3::from_euler_deg(kind, position, [0.0; 3]),
        Rotation3::EulerDeg(d) => Pose3::from_euler_deg(kind, position, d),
        Rotation3::Quaternion(q) => Pose3::new(kind, position, Quat::from_array(q)),
    }
}

/// `p` moved to `position`, turned to `rotation` and sized by `sizes` (as
/// [`dims`] lists them); the library's error when a value is invalid.
pub fn rebuilt(
    p: &Placed3,
    position: Vec3,
    rotation: Rotation3,
    sizes: &[f32],
) -> Result<Placed3, ShapeError> {
    let s = &p.shape;
    let pose = pose(s.kind(), position, rotation)?;
    let size = |k: usize, was: f32| sizes.get(k).copied().unwrap_or(was);
    let shape = match s {
        Shape3::Point(_) => Shape3::Point(Point3::new(pose)),
        Shape3::Segment(x) => Shape3::Segment(Segment3::new(pose, size(0, x.half_length()))?),
        Shape3::Ray(x) => Shape3::Ray(Ray3Shape::new(pose, x.length().map(|l| size(0, l)))?),
        Shape3::Sphere(x) => Shape3::Sphere(Sphere::new(pose, size(0, x.radius()))?),
        Shape3::Aabb(b) => Shape3::Aabb(Aabb3::new(pose, sized(b.half_extents(), sizes))?),
        Shape3::Obb(b) => Shape3::Obb(Obb3::new(pose, sized(b.half_extents(), sizes))?),
        Shape3::Capsule(k) => Shape3::Capsule(Capsule3::new(
            pose,
            size(0, k.half_length()),
            size(1, k.radius()),
        )?),
        Shape3::Triangle(t) => Shape3::Triangle(Triangle3::new(pose, t.local_vertices())?),
        Shape3::Hull(h) => Shape3::Hull(Hull3::new(pose, &p.points, h.hull().flat)?),
    };
    Ok(Placed3 {
        shape,
        rotation,
        points: p.points.clone(),
    })
}

fn sized(h: Vec3, sizes: &[f32]) -> Vec3 {
    let get = |k: usize, was: f32| sizes.get(k).copied().unwrap_or(was);
    Vec3::new(get(0, h.x), get(1, h.y), get(2, h.z))
}

/// `p` turned by `deg` degrees about the world direction `axis` (through
/// its position, counter-clockwise seen from the tip of `axis`). A rotation
/// written as Euler angles stays Euler angles (x, then y, then z, as the
/// file reads them), a quaternion stays a quaternion.
pub fn turned(p: &Placed3, axis: Vec3, deg: f32) -> Result<Placed3, ShapeError> {
    let Some(axis) = axis.try_normalize() else {
        return Ok(p.clone());
    };
    let q = (Quat::from_axis_angle(axis, deg.to_radians()) * p.shape.pose().rotation()).normalize();
    let rotation = match p.rotation {
        Rotation3::Quaternion(_) => Rotation3::Quaternion(q.to_array()),
        Rotation3::None | Rotation3::EulerDeg(_) => {
            // R = Rz · Ry · Rx: glam's intrinsic Z, Y, X.
            let (z, y, x) = q.to_euler(EulerRot::ZYX);
            Rotation3::EulerDeg([x.to_degrees(), y.to_degrees(), z.to_degrees()])
        }
    };
    let sizes: Vec<f32> = dims(&p.shape).iter().map(|d| d.1).collect();
    rebuilt(p, p.shape.pose().position(), rotation, &sizes)
}

/// A shape whose points the panel edits one by one.
enum Pointed<'s> {
    /// Three vertices.
    Triangle(&'s Triangle3),
    /// Points as the file gives them; the hull is built from them.
    Hull(&'s Hull3),
}

/// Which [`Pointed`] shape `s` is; `None` for the shapes set by sizes.
fn pointed(s: &Shape3) -> Option<Pointed<'_>> {
    match s {
        Shape3::Triangle(t) => Some(Pointed::Triangle(t)),
        Shape3::Hull(h) => Some(Pointed::Hull(h)),
        Shape3::Point(_)
        | Shape3::Segment(_)
        | Shape3::Ray(_)
        | Shape3::Sphere(_)
        | Shape3::Aabb(_)
        | Shape3::Obb(_)
        | Shape3::Capsule(_) => None,
    }
}

/// The points the panel edits one by one, local frame: a triangle's three
/// vertices, a hull's points as the file gives them; empty for the rest.
pub fn points(p: &Placed3) -> Vec<Vec3> {
    match pointed(&p.shape) {
        Some(Pointed::Triangle(t)) => t.local_vertices().to_vec(),
        Some(Pointed::Hull(_)) => p.points.clone(),
        None => Vec::new(),
    }
}

/// `p` with its [`points`] replaced by `pts` (same count), rebuilt through
/// the library's constructor: a hull is built again from the points (a
/// flat or degenerate set is refused with the library's reason).
pub fn with_points(p: &Placed3, pts: &[Vec3]) -> Result<Placed3, ShapeError> {
    let pose = *p.shape.pose();
    Ok(match pointed(&p.shape) {
        Some(Pointed::Triangle(_)) => {
            let v = [0, 1, 2].map(|k| pts.get(k).copied().unwrap_or(Vec3::ZERO));
            Placed3 {
                shape: Shape3::Triangle(Triangle3::new(pose, v)?),
                ..p.clone()
            }
        }
        Some(Pointed::Hull(h)) => Placed3 {
            shape: Shape3::Hull(Hull3::new(pose, pts, h.hull().flat)?),
            rotation: p.rotation,
            points: pts.to_vec(),
        },
        None => p.clone(),
    })
}

/// Snaps `v` to multiples of `step` on each axis.
pub fn snap(v: Vec3, step: f32) -> Vec3 {
    (v / step).round() * step
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::scene::{load_any, AnyScene};

    /// Both shapes of every 3D scene of the course.
    fn course_shapes() -> Vec<Placed3> {
        let mut out = Vec::new();
        for f in std::fs::read_dir("scenes/08-3d").unwrap() {
            if let Ok(AnyScene::Space(sc)) = load_any(&f.unwrap().path()) {
                out.extend([sc.a, sc.b]);
            }
        }
        assert!(!out.is_empty(), "the course has 3D scenes");
        out
    }

    #[test]
    fn rebuilding_with_the_same_numbers_changes_nothing_and_bad_sizes_are_refused() {
        for p in &course_shapes() {
            let sizes: Vec<f32> = dims(&p.shape).iter().map(|d| d.1).collect();
            assert!(dims(&p.shape).iter().all(|d| DIM_NAMES.contains(&d.0)));
            let same = rebuilt(p, p.shape.pose().position(), p.rotation, &sizes).unwrap();
            assert_eq!(&same, p);
            if !sizes.is_empty() {
                let bad = vec![-1.0; sizes.len()];
                assert!(rebuilt(p, Vec3::ZERO, p.rotation, &bad).is_err());
            }
        }
    }

    #[test]
    fn points_are_edited_exactly_and_a_flat_hull_is_refused() {
        for p in &course_shapes() {
            let pts = points(p);
            assert_eq!(&with_points(p, &pts).unwrap(), p, "same points, same shape");
            if let (Shape3::Hull(_), Some(first)) = (&p.shape, pts.first()) {
                let moved: Vec<Vec3> = pts
                    .iter()
                    .enumerate()
                    .map(|(k, v)| if k == 0 { *first * 1.5 } else { *v })
                    .collect();
                let q = with_points(p, &moved).unwrap();
                assert_eq!(points(&q), moved);
                let flat: Vec<Vec3> = pts.iter().map(|v| Vec3::new(v.x, v.y, 0.0)).collect();
                assert!(
                    with_points(p, &flat).is_err(),
                    "coplanar points are refused"
                );
            }
        }
    }

    #[test]
    fn turning_about_an_axis_keeps_the_way_the_rotation_is_written() {
        let pose = Pose3::from_euler_deg(
            satlab::geom3d::ShapeKind3::Obb,
            Vec3::ONE,
            [10.0, -20.0, 30.0],
        )
        .unwrap();
        let euler = Placed3 {
            shape: Shape3::Obb(Obb3::new(pose, Vec3::new(1.0, 0.5, 0.25)).unwrap()),
            rotation: Rotation3::EulerDeg([10.0, -20.0, 30.0]),
            points: Vec::new(),
        };
        let quat = Placed3 {
            rotation: Rotation3::Quaternion(pose.rotation().to_array()),
            ..euler.clone()
        };
        let axis = Vec3::new(1.0, -2.0, 0.5).normalize();
        let want = Quat::from_axis_angle(axis, 25f32.to_radians()) * pose.rotation();
        for p in [&euler, &quat] {
            let t = turned(p, axis, 25.0).unwrap();
            assert_eq!(
                std::mem::discriminant(&t.rotation),
                std::mem::discriminant(&p.rotation)
            );
            assert!(t.shape.pose().rotation().dot(want).abs() > 1.0 - 1e-6);
            assert_eq!(t.shape.pose().position(), Vec3::ONE);
            // And back.
            let back = turned(&t, axis, -25.0).unwrap();
            assert!(back.shape.pose().rotation().dot(pose.rotation()).abs() > 1.0 - 1e-6);
        }
    }

    #[test]
    fn euler_angles_turn_the_shape_as_the_file_says() {
        let p = Placed3 {
            shape: Shape3::Obb(Obb3::new(Pose3::at(Vec3::ZERO), Vec3::ONE).unwrap()),
            rotation: Rotation3::None,
            points: Vec::new(),
        };
        let q = rebuilt(&p, Vec3::X, Rotation3::EulerDeg([0.0, 0.0, 90.0]), &[]).unwrap();
        let x = q.shape.pose().transform_vector(Vec3::X);
        assert!((x - Vec3::Y).length() < 1e-6);
        assert_eq!(q.shape.pose().position(), Vec3::X);
        assert_eq!(
            snap(Vec3::new(0.13, -0.38, 1.0), 0.25),
            Vec3::new(0.25, -0.5, 1.0)
        );
    }
}
