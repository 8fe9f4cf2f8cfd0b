//! The 3D hull builder on random clouds (fixed seeds) and at hostile
//! scales: every hull contains its points, its corners are input points,
//! its faces are planar and outward, its faces, edges and corners satisfy
//! Euler's V − E + F = 2, and no query on a hull from 1e-12 to 1e7 panics.
//! `SEED=n CASES=m` run other clouds (the default seed is fixed).

#[path = "common/rng.rs"]
mod rng;

use rng::Rng;
use satlab::geom3d::*;
use std::collections::HashMap;

/// A unit vector, uniform on the sphere.
fn unit(rng: &mut Rng) -> Vec3 {
    loop {
        let v = Vec3::new(
            rng.range_f32(-1.0, 1.0),
            rng.range_f32(-1.0, 1.0),
            rng.range_f32(-1.0, 1.0),
        );
        let l = v.length();
        if l > 0.1 && l <= 1.0 {
            return v / l;
        }
    }
}

fn turn(rng: &mut Rng) -> Quat {
    Quat::from_xyzw(
        rng.range_f32(-1.0, 1.0),
        rng.range_f32(-1.0, 1.0),
        rng.range_f32(-1.0, 1.0),
        rng.range_f32(-1.0, 1.0),
    )
    .normalize()
}

/// The kinds of cloud the builder must survive.
#[derive(Debug, Clone, Copy)]
enum Cloud {
    /// Uniform in a ball.
    Ball,
    /// On a sphere: every point a corner.
    Sphere,
    /// A grid on the faces of a box: many coplanar and collinear points.
    BoxGrid,
    /// A few points, each repeated, some nudged by an f32 rounding.
    Duplicates,
    /// The box grid with every point moved by up to 1e-7 to 1e-4 of the
    /// size: faces that are almost, but not quite, planar.
    NearGrid,
}

/// A cloud of `n` points: a shape, stretched per axis (up to `stretch`),
/// scaled by `scale`, turned and moved by up to its size.
fn cloud(rng: &mut Rng, kind: Cloud, n: usize, scale: f32, stretch: f32) -> Vec<Vec3> {
    let axes = Vec3::new(
        1.0,
        rng.log_range(1.0, f64::from(stretch)) as f32,
        rng.log_range(1.0, f64::from(stretch).sqrt()) as f32,
    );
    let q = turn(rng);
    let shift = unit(rng) * scale * rng.range_f32(0.0, 1.0);
    let raw: Vec<Vec3> = match kind {
        Cloud::Ball => (0..n)
            .map(|_| unit(rng) * rng.range_f32(0.0, 1.0).cbrt())
            .collect(),
        Cloud::Sphere => (0..n).map(|_| unit(rng)).collect(),
        Cloud::BoxGrid | Cloud::NearGrid => {
            let jitter = match kind {
                Cloud::NearGrid => rng.log_range(1e-7, 1e-4) as f32,
                Cloud::Ball | Cloud::Sphere | Cloud::BoxGrid | Cloud::Duplicates => 0.0,
            };
            let k = rng.below(3) + 2;
            let at = |i: usize| -1.0 + 2.0 * i as f32 / k as f32;
            let mut v = Vec::new();
            for x in 0..=k {
                for y in 0..=k {
                    for z in 0..=k {
                        if [x, y, z].iter().any(|&c| c == 0 || c == k) {
                            let nudge = unit(rng) * jitter * rng.range_f32(0.0, 1.0);
                            v.push(Vec3::new(at(x), at(y), at(z)) + nudge);
                        }
                    }
                }
            }
            v
        }
        Cloud::Duplicates => {
            let base: Vec<Vec3> = (0..rng.below(6) + 4).map(|_| unit(rng)).collect();
            (0..n)
                .map(|i| {
                    let p = base[i % base.len()];
                    if rng.chance(0.3) {
                        p * (1.0 + f32::EPSILON)
                    } else {
                        p
                    }
                })
                .collect()
        }
    };
    raw.into_iter()
        .map(|p| q * (p * axes) * (scale / stretch.sqrt().max(1.0)) + shift)
        .collect()
}

/// Checks every promise of the builder; `what` names the case.
fn check_hull(pts: &[Vec3], h: &ConvexHull, what: &str) {
    let size = pts
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0f32, f32::max);
    let tol = 4e-6 * size;
    assert!(
        !h.vertices.is_empty() && h.faces.len() >= 4,
        "{what}: empty hull"
    );
    for v in &h.vertices {
        assert!(pts.contains(v), "{what}: corner {v} is not an input point");
    }
    for (k, f) in h.faces.iter().enumerate() {
        assert!(f.loop_.len() >= 3, "{what}: face {k} has {:?}", f.loop_);
        assert!(
            (f.normal.length() - 1.0).abs() < 1e-5,
            "{what}: face {k} normal"
        );
        for &i in &f.loop_ {
            let d = f.normal.dot(h.vertices[i as usize]) - f.offset;
            assert!(d.abs() <= tol, "{what}: face {k} not planar: {d} > {tol}");
        }
        // Outward: the loop turns counter-clockwise about the normal, and
        // the centroid is below the plane (in f64: corners reach 1e30).
        let corner = |i: u16| h.vertices[i as usize].as_dvec3();
        let centroid = h.centroid.as_dvec3();
        let mut newell = glam::DVec3::ZERO;
        for (j, &a) in f.loop_.iter().enumerate() {
            let b = f.loop_[(j + 1) % f.loop_.len()];
            newell += (corner(a) - centroid).cross(corner(b) - centroid);
        }
        let n = f.normal.as_dvec3();
        assert!(newell.dot(n) > 0.0, "{what}: face {k} turns inward");
        assert!(
            n.dot(centroid) < f64::from(f.offset),
            "{what}: face {k} faces in"
        );
        for (j, p) in pts.iter().enumerate() {
            let d = f.normal.dot(*p) - f.offset;
            assert!(d <= tol, "{what}: point {j} is {d} outside face {k}");
        }
    }
    // Every directed edge once, its reverse in another face: a closed
    // surface; then Euler for a sphere.
    let mut directed: HashMap<(u16, u16), usize> = HashMap::new();
    for (k, f) in h.faces.iter().enumerate() {
        for (j, &a) in f.loop_.iter().enumerate() {
            let b = f.loop_[(j + 1) % f.loop_.len()];
            assert!(
                directed.insert((a, b), k).is_none(),
                "{what}: edge {a}-{b} twice"
            );
        }
    }
    for (&(a, b), &k) in &directed {
        let other = directed.get(&(b, a));
        assert!(
            other.is_some_and(|&o| o != k),
            "{what}: edge {a}-{b} of face {k} has no twin"
        );
    }
    assert_eq!(directed.len(), 2 * h.edges.len(), "{what}: edge list");
    let (v, e, f) = (h.vertices.len(), h.edges.len(), h.faces.len());
    assert_eq!(v + f, e + 2, "{what}: V {v} E {e} F {f}");
}

fn build(pts: &[Vec3]) -> Result<Hull3, ShapeError> {
    Hull3::new(Pose3::at(Vec3::ZERO), pts, false)
}

#[test]
fn random_clouds_give_sound_hulls() {
    let mut rng = Rng(std::env::var("SEED").map_or(0x5eed_4011, |s| s.parse().unwrap()));
    let kinds = [
        Cloud::Ball,
        Cloud::Sphere,
        Cloud::BoxGrid,
        Cloud::Duplicates,
        Cloud::NearGrid,
    ];
    let mut built = 0;
    for case in 0..std::env::var("CASES").map_or(1200, |s| s.parse().unwrap()) {
        let kind = kinds[case % kinds.len()];
        let n = 4 + rng.below(197);
        let scale = rng.log_range(1e-3, 1e3) as f32;
        let stretch = if rng.chance(0.5) {
            1.0
        } else {
            rng.log_range(1.0, 1e4) as f32
        };
        let pts = cloud(&mut rng, kind, n, scale, stretch);
        let what = format!("case {case} ({kind:?}, {n} points, scale {scale}, stretch {stretch})");
        match build(&pts) {
            Ok(h) => {
                check_hull(&pts, h.hull(), &what);
                built += 1;
            }
            // Only a cloud thinner than f32 can tell from a plane may be
            // refused, and only as flat.
            Err(e) => assert_eq!(e.rule, Rule::Flat, "{what}: {e}"),
        }
    }
    assert!(built > 1100, "only {built} of 1200 clouds built");
}

#[test]
fn long_boxes_keep_their_ends() {
    for (len, w) in [(10.0f32, 0.01f32), (1e4, 0.01), (1e3, 1e-3), (1.0, 1e-5)] {
        let mut pts = Vec::new();
        for x in [-len / 2.0, len / 2.0] {
            for y in [-w / 2.0, w / 2.0] {
                for z in [-w / 2.0, w / 2.0] {
                    pts.push(Vec3::new(x, y, z));
                }
            }
        }
        let h = build(&pts).unwrap_or_else(|e| panic!("{len} x {w}: {e}"));
        check_hull(&pts, h.hull(), &format!("{len} x {w}"));
        assert_eq!(
            (h.hull().vertices.len(), h.hull().faces.len()),
            (8, 6),
            "{len} x {w}"
        );
        // A point one past the end is one away.
        let rod = Shape3::Hull(h);
        let past = Shape3::Point(Point3::new(Pose3::at(Vec3::new(len / 2.0 + 1.0, 0.0, 0.0))));
        assert!(!intersects(&rod, &past), "{len} x {w}");
        assert!(!sat_report3(&rod, &past).intersects, "{len} x {w}");
        let d = distance(&rod, &past).distance;
        assert!((d - 1.0).abs() < 1e-3, "{len} x {w}: {d}");
    }
}

#[test]
fn huge_and_tiny_tetrahedra_build_or_are_refused_honestly() {
    let tet = |s: f32| [Vec3::ZERO, Vec3::X * s, Vec3::Y * s, Vec3::Z * s];
    // Beyond the coordinate limit (±1e8): refused for the limit, never as
    // "all on one line".
    for s in [1e30f32, 1e20, 2e8] {
        let e = build(&tet(s)).unwrap_err();
        assert!(
            matches!(e.rule, Rule::VertexBeyondLimit3 { .. }),
            "{s}: {e}"
        );
        assert!(e.to_string().contains("within ±1e8"), "{e}");
    }
    for s in [1e8f32, 1e7, 1.0, 1e-6, 1e-11, 1e-12, 1e-14] {
        let pts = tet(s);
        let h = build(&pts).unwrap_or_else(|e| panic!("{s}: {e}"));
        check_hull(&pts, h.hull(), &format!("tetrahedron {s}"));
    }
    for s in [1e-16f32, 1e-20, 1e-30, 0.0] {
        let e = build(&tet(s)).unwrap_err();
        assert_eq!((e.field, e.rule), ("points", Rule::Coincide), "{s}");
        assert!(e.to_string().contains("too small"), "{e}");
    }
}

/// One shape of every kind at `c`, sized `s`.
fn every_kind(c: Vec3, s: f32, q: Quat) -> Vec<Shape3> {
    let pose = |k: ShapeKind3| Pose3::new(k, c, q).unwrap();
    let tet = [Vec3::ZERO, Vec3::X * s, Vec3::Y * s, Vec3::Z * s];
    vec![
        Shape3::Point(Point3::new(pose(ShapeKind3::Point))),
        Shape3::Segment(Segment3::new(pose(ShapeKind3::Segment), s).unwrap()),
        Shape3::Ray(Ray3Shape::new(pose(ShapeKind3::Ray), None).unwrap()),
        Shape3::Ray(Ray3Shape::new(pose(ShapeKind3::Ray), Some(s)).unwrap()),
        Shape3::Sphere(Sphere::new(pose(ShapeKind3::Sphere), s).unwrap()),
        Shape3::Aabb(Aabb3::new(Pose3::at(c), Vec3::splat(s)).unwrap()),
        Shape3::Obb(Obb3::new(pose(ShapeKind3::Obb), Vec3::new(s, s / 2.0, s / 3.0)).unwrap()),
        Shape3::Capsule(Capsule3::new(pose(ShapeKind3::Capsule), s, s / 2.0).unwrap()),
        Shape3::Triangle(
            Triangle3::new(pose(ShapeKind3::Triangle), [tet[0], tet[1], tet[2]]).unwrap(),
        ),
        Shape3::Hull(Hull3::new(pose(ShapeKind3::Hull), &tet, false).unwrap()),
        Shape3::Hull(Hull3::new(pose(ShapeKind3::Hull), &tet[..3], true).unwrap()),
    ]
}

#[test]
fn queries_on_hulls_from_1e_12_to_1e7_never_panic() {
    let mut rng = Rng(0x7e57_5ca1e);
    for exp in -12..=7 {
        let s = 10f32.powi(exp);
        for _ in 0..3 {
            let pts = cloud(&mut rng, Cloud::Ball, 12, s, 1.0);
            let hull = Shape3::Hull(
                Hull3::new(
                    Pose3::new(ShapeKind3::Hull, Vec3::ZERO, turn(&mut rng)).unwrap(),
                    &pts,
                    false,
                )
                .unwrap_or_else(|e| panic!("scale {s}: {e}")),
            );
            // Others far, near, and overlapping, at the same scale and at 1.
            for (gap, size) in [(3.0, s), (1.0, s), (0.2, s), (0.0, s), (2.0, 1.0)] {
                let c = unit(&mut rng) * gap * s;
                for other in every_kind(c, size, turn(&mut rng)) {
                    for (a, b) in [(&hull, &other), (&other, &hull)] {
                        let _ = intersects(a, b);
                        let d = distance(a, b);
                        assert!(d.distance.is_finite(), "scale {s}: {d:?}");
                        let _ = penetration(a, b);
                        let _ = sat_report3(a, b);
                    }
                    let ray = Ray3::new(c, (Vec3::ZERO - c).normalize_or(Vec3::X), f32::INFINITY);
                    if let Some(r) = ray {
                        let _ = raycast(&r, &hull);
                    }
                }
            }
        }
    }
}
