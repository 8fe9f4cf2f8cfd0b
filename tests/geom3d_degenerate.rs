//! Degenerate and hostile 3D input: parallel edges, quarter turns, zero
//! sizes, degenerate triangles, coplanar hull points, coordinates near 1e5.
//! Nothing panics; each answer is stated with its reason.

use satlab::geom3d::*;

fn pose(p: Vec3) -> Pose3 {
    Pose3::at(p)
}

fn euler(p: Vec3, deg: [f32; 3]) -> Pose3 {
    Pose3::from_euler_deg(satlab::geom3d::ShapeKind3::Obb, p, deg).unwrap()
}

fn obb(p: Pose3, h: Vec3) -> Shape3 {
    Shape3::Obb(Obb3::new(p, h).unwrap())
}

fn sphere(p: Vec3, r: f32) -> Shape3 {
    Shape3::Sphere(Sphere::new(pose(p), r).unwrap())
}

#[test]
fn parallel_boxes_face_to_face() {
    // Same turn, B's -x face exactly on A's +x face: touching, so they
    // intersect with depth 0; the three parallel edge pairs are skipped.
    let turn = [10.0, 20.0, 30.0];
    let a = obb(euler(Vec3::ZERO, turn), Vec3::ONE);
    let m = euler(Vec3::ZERO, turn).matrix();
    let b_at = |gap: f32| obb(euler(m.x_axis * (2.0 + gap), turn), Vec3::ONE);
    let touching = b_at(0.0);
    assert!(intersects(&a, &touching));
    assert_eq!(distance(&a, &touching).distance, 0.0);
    let r = sat_report3(&a, &touching);
    assert_eq!((r.axes.len(), r.skipped_count()), (15, 3));
    assert!(r.intersects);
    let p = penetration(&a, &touching).unwrap();
    assert!(p.depth < 1e-5, "{p:?}");
    // 1e-3 apart: separated on A's +x face normal, distance 1e-3.
    let apart = b_at(1e-3);
    assert!(!intersects(&a, &apart));
    assert!((distance(&a, &apart).distance - 1e-3).abs() < 1e-5);
    let r = sat_report3(&a, &apart);
    assert_eq!(
        r.first_separating().unwrap().source.describe(),
        "A face +x normal"
    );
    // 5e-5 apart: inside the contact tolerance, so touching.
    assert!(intersects(&a, &b_at(5e-5)));
    // 0.25 deep: depth 0.25 along A's x axis.
    let deep = b_at(-0.25);
    let p = penetration(&a, &deep).unwrap();
    assert!(
        (p.depth - 0.25).abs() < 1e-5 && p.axis.dot(m.x_axis) > 0.999,
        "{p:?}"
    );
}

#[test]
fn quarter_turn_boxes() {
    // B turned by exactly 90° about z: A.x ∥ B.y, A.y ∥ B.x, A.z ∥ B.z, so
    // three edge pairs are skipped; the quarter turn is exact, so the
    // skipped pairs have |sin| = 0.
    let a = obb(euler(Vec3::ZERO, [0.0; 3]), Vec3::new(2.0, 1.0, 0.5));
    let b = obb(
        euler(Vec3::new(3.0, 0.0, 0.0), [0.0, 0.0, 90.0]),
        Vec3::new(2.0, 1.0, 0.5),
    );
    let r = sat_report3(&a, &b);
    assert_eq!(r.skipped_count(), 3);
    for t in r.axes.iter().filter(|t| t.skipped.is_some()) {
        assert_eq!(t.skipped, Some(SkipReason::ParallelEdges { sin: 0.0 }));
    }
    // B's half-width along x is 1 after the turn: overlap 2 + 1 - 3 = 0,
    // touching.
    assert!(r.intersects && intersects(&a, &b));
    let b2 = obb(
        euler(Vec3::new(3.5, 0.0, 0.0), [0.0, 0.0, 90.0]),
        Vec3::new(2.0, 1.0, 0.5),
    );
    assert!((distance(&a, &b2).distance - 0.5).abs() < 1e-6);
}

#[test]
fn zero_sizes() {
    // A zero box is its centre; a zero sphere is a point.
    let dot = obb(
        euler(Vec3::new(1.0, 0.0, 0.0), [0.0, 45.0, 0.0]),
        Vec3::ZERO,
    );
    let unit = obb(euler(Vec3::ZERO, [0.0; 3]), Vec3::ONE);
    assert!(intersects(&dot, &unit)); // on the +x face
    let far = obb(euler(Vec3::new(1.5, 0.0, 0.0), [0.0; 3]), Vec3::ZERO);
    assert!((distance(&far, &unit).distance - 0.5).abs() < 1e-6);
    assert!(penetration(&far, &unit).is_none());
    let p0 = sphere(Vec3::ZERO, 0.0);
    let p1 = sphere(Vec3::ZERO, 0.0);
    // Two points at the same place: intersecting, depth 0, any axis.
    assert!(intersects(&p0, &p1));
    let p = penetration(&p0, &p1).unwrap();
    assert_eq!(p.depth, 0.0);
    let r = sat_report3(&p0, &p1);
    assert_eq!(r.axes.len(), 1);
    assert_eq!(r.axes[0].source, AxisSource3::AnyDirection);
    // Concentric spheres: depth is the sum of the radii.
    let p = penetration(&sphere(Vec3::ONE, 1.0), &sphere(Vec3::ONE, 2.0)).unwrap();
    assert!((p.depth - 3.0).abs() < 1e-6);
    // A point on a segment's line inside it: the perpendicular fallback.
    let seg = Shape3::Segment(Segment3::new(pose(Vec3::ZERO), 1.0).unwrap());
    let on = Shape3::Point(Point3::new(pose(Vec3::new(0.5, 0.0, 0.0))));
    let r = sat_report3(&seg, &on);
    assert!(r.intersects);
    assert!(matches!(
        r.axes.last().unwrap().source,
        AxisSource3::Perpendicular { .. }
    ));
    // Zero radius capsule and zero length capsule.
    let cap = Shape3::Capsule(Capsule3::new(pose(Vec3::ZERO), 0.0, 0.0).unwrap());
    assert!(!intersects(&cap, &on) && (distance(&cap, &on).distance - 0.5).abs() < 1e-6);
}

#[test]
fn degenerate_triangles_are_what_they_cover() {
    // Collinear: the triangle is the segment from (-1,0,0) to (2,0,0).
    let line_tri = Shape3::Triangle(
        Triangle3::new(
            pose(Vec3::ZERO),
            [
                Vec3::new(-1.0, 0.0, 0.0),
                Vec3::new(2.0, 0.0, 0.0),
                Vec3::new(0.5, 0.0, 0.0),
            ],
        )
        .unwrap(),
    );
    let s = sphere(Vec3::new(2.5, 0.0, 0.0), 0.25);
    assert!((distance(&line_tri, &s).distance - 0.25).abs() < 1e-6);
    assert!(!intersects(&line_tri, &s));
    assert!(!sat_report3(&line_tri, &s).intersects);
    let bx = obb(euler(Vec3::new(0.0, 0.5, 0.0), [0.0; 3]), Vec3::splat(0.5));
    assert!(intersects(&line_tri, &bx)); // touches the box's -y face
                                         // All three vertices equal: a point.
    let dot = Shape3::Triangle(Triangle3::new(pose(Vec3::ONE), [Vec3::ZERO; 3]).unwrap());
    assert!((distance(&dot, &sphere(Vec3::new(1.0, 1.0, 3.0), 1.0)).distance - 1.0).abs() < 1e-6);
    assert!(intersects(&dot, &dot.clone()));
    let ray = Ray3::new(Vec3::new(1.0, 1.0, -1.0), Vec3::Z, f32::INFINITY).unwrap();
    // A thin target is hit where the ray comes within the contact
    // tolerance of it: 1e-4 before the point.
    let hit = raycast(&ray, &dot).unwrap();
    assert!((hit.t - (2.0 - 1e-4)).abs() < 1e-6, "{hit:?}");
    // Non-finite vertices are rejected, naming the vertex.
    let e = Triangle3::new(pose(Vec3::ZERO), [Vec3::ZERO, Vec3::X, Vec3::NAN]).unwrap_err();
    assert_eq!(
        (e.kind.name(), e.field, e.rule.vertex()),
        ("triangle", "vertices", Some(3))
    );
}

#[test]
fn coplanar_hull_points() {
    let square = [
        Vec3::new(-1.0, -1.0, 0.0),
        Vec3::new(1.0, -1.0, 0.0),
        Vec3::new(1.0, 1.0, 0.0),
        Vec3::new(-1.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 0.0),
    ];
    let e = Hull3::new(pose(Vec3::ZERO), &square, false).unwrap_err();
    assert_eq!((e.kind.name(), e.field), ("hull", "points"));
    let flat = Shape3::Hull(Hull3::new(pose(Vec3::ZERO), &square, true).unwrap());
    // A sphere above the middle: distance to the plane.
    assert!((distance(&flat, &sphere(Vec3::new(0.0, 0.0, 2.0), 0.5)).distance - 1.5).abs() < 1e-6);
    // Beyond a corner: distance to the corner.
    let d = distance(&flat, &sphere(Vec3::new(2.0, 2.0, 0.0), 0.0)).distance;
    assert!((d - 2f32.sqrt()).abs() < 1e-6);
    // Rays hit it from either side; in its plane they hit its edge.
    let down = Ray3::new(Vec3::new(0.2, 0.3, 5.0), -Vec3::Z, f32::INFINITY).unwrap();
    let h = raycast(&down, &flat).unwrap();
    assert!((h.t - 5.0).abs() < 1e-6 && h.normal == Vec3::Z);
    let side = Ray3::new(Vec3::new(-5.0, 0.0, 0.0), Vec3::X, f32::INFINITY).unwrap();
    let h = raycast(&side, &flat).unwrap();
    assert!((h.t - 4.0).abs() < 2e-4, "{h:?}");
    // A cube whose faces carry extra coplanar points: six faces.
    let mut pts = Vec::new();
    for x in [-1.0, 0.0, 1.0] {
        for y in [-1.0, 0.0, 1.0] {
            for z in [-1.0, 0.0, 1.0] {
                pts.push(Vec3::new(x, y, z));
            }
        }
    }
    let cube = Hull3::new(pose(Vec3::ZERO), &pts, false).unwrap();
    assert_eq!(
        (cube.hull().vertices.len(), cube.hull().faces.len()),
        (8, 6)
    );
}

#[test]
fn coordinates_near_1e5() {
    // The same pair at the origin and moved by 1e5 (offsets exactly
    // representable at that magnitude): pair queries work relative to A,
    // so the answers agree to rounding of the local geometry.
    let shift = Vec3::new(1e5, -1e5, 1e5);
    let make = |o: Vec3| {
        (
            obb(euler(o, [10.0, 20.0, 30.0]), Vec3::new(1.0, 0.5, 0.25)),
            Shape3::Capsule(
                Capsule3::new(
                    euler(o + Vec3::new(1.5, 0.25, 0.125), [0.0, 40.0, 70.0]),
                    0.5,
                    0.25,
                )
                .unwrap(),
            ),
        )
    };
    let (a0, b0) = make(Vec3::ZERO);
    let (a1, b1) = make(shift);
    let (d0, d1) = (distance(&a0, &b0).distance, distance(&a1, &b1).distance);
    assert!((d0 - d1).abs() < 1e-5, "{d0} vs {d1}");
    assert_eq!(intersects(&a0, &b0), intersects(&a1, &b1));
    let (p0, p1) = (penetration(&a0, &b0), penetration(&a1, &b1));
    assert_eq!(p0.is_some(), p1.is_some());
    if let (Some(p0), Some(p1)) = (p0, p1) {
        assert!((p0.depth - p1.depth).abs() < 1e-5);
    }
    let r = sat_report3(&a1, &b1);
    assert_eq!(r.intersects, intersects(&a1, &b1));
}

#[test]
fn rays_starting_inside_hit_at_zero() {
    let b = obb(euler(Vec3::ZERO, [30.0, 0.0, 0.0]), Vec3::ONE);
    let r = Ray3::new(Vec3::new(0.5, 0.0, 0.0), Vec3::Y, 10.0).unwrap();
    let h = raycast(&r, &b).unwrap();
    assert_eq!(h.t, 0.0);
    assert_eq!(h.normal, -Vec3::Y);
    // Along a face, in its plane: the face is part of the closed box.
    let a = Shape3::Aabb(Aabb3::new(pose(Vec3::ZERO), Vec3::ONE).unwrap());
    let graze = Ray3::new(Vec3::new(-3.0, 1.0, 0.0), Vec3::X, f32::INFINITY).unwrap();
    assert!((raycast(&graze, &a).unwrap().t - 2.0).abs() < 1e-6);
    // A zero-length ray shape is a point.
    let stub = Shape3::Ray(Ray3Shape::new(pose(Vec3::new(0.0, 0.0, 1.0)), Some(0.0)).unwrap());
    assert!(intersects(&stub, &a));
    // Bad rays are refused.
    assert!(Ray3::new(Vec3::ZERO, Vec3::ZERO, 1.0).is_none());
    assert!(Ray3::new(Vec3::NAN, Vec3::X, 1.0).is_none());
    assert!(Ray3Shape::new(pose(Vec3::ZERO), Some(-1.0)).is_err());
    assert!(Sphere::new(pose(Vec3::ZERO), -1.0).is_err());
    let e = Obb3::new(pose(Vec3::ZERO), Vec3::new(1.0, -2.0, 1.0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "obb: half_extents must be ≥ 0, got [1, -2, 1]"
    );
    assert!(Aabb3::new(euler(Vec3::ZERO, [0.0, 0.0, 10.0]), Vec3::ONE).is_err());
}

#[test]
fn nearly_parallel_rays_meeting_far_away() {
    // A ray shape along +x from the origin; a cast ray from (0, 1, 0) going
    // down by 1 in 1000: they meet at x = 1000, far beyond both origins.
    let target = Shape3::Ray(Ray3Shape::new(pose(Vec3::ZERO), None).unwrap());
    let cast = Ray3::new(
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(1000.0, -1.0, 0.0),
        f32::INFINITY,
    )
    .unwrap();
    let hit = raycast(&cast, &target).expect("they meet");
    assert!((hit.point.x - 1000.0).abs() < 0.2, "{hit:?}");
    // The same pair as shapes intersects, and its distance is 0.
    let other = Shape3::Ray(
        Ray3Shape::new(
            Pose3::new(
                ShapeKind3::Ray,
                cast.origin,
                Quat::from_rotation_arc(Vec3::X, cast.dir),
            )
            .unwrap(),
            None,
        )
        .unwrap(),
    );
    assert!(intersects(&target, &other));
    assert_eq!(distance(&target, &other).distance, 0.0);
}
