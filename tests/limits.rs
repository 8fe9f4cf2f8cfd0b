//! Magnitudes at the documented limit (`satlab::geom::MAX_MAGNITUDE`, in
//! `docs/scene-format.md`): every query on every pair of shapes at the limit
//! answers finite numbers, and the constructors refuse anything beyond it
//! with a message naming the field and the limit.

use satlab::geom::*;

const L: f32 = MAX_MAGNITUDE;

/// Every kind at `pos`, turned `deg`, with every size `size`.
fn every_kind(pos: Vec2, deg: f32, size: f32) -> Vec<Shape> {
    let pose = Pose::new(pos, deg).unwrap();
    let h = Vec2::splat(size);
    let tri = [
        Vec2::new(-size, -size),
        Vec2::new(size, -size),
        Vec2::new(0.0, size),
    ];
    let mut v = vec![
        Shape::Point(Point::new(pos).unwrap()),
        Shape::Segment(Segment::new(pose, size).unwrap()),
        Shape::Ray(Ray::new(pose, None).unwrap()),
        Shape::Line(Line::new(pose)),
        Shape::Circle(Circle::new(pose, size).unwrap()),
        Shape::Obb(Obb::new(pose, h).unwrap()),
        Shape::Capsule(Capsule::new(pose, size, size).unwrap()),
    ];
    if size > 0.0 {
        v.push(Shape::Ray(Ray::new(pose, Some(size)).unwrap()));
        v.push(Shape::Sector(Sector::new(pose, size, 30.0).unwrap()));
        v.push(Shape::Sector(Sector::new(pose, size, 150.0).unwrap()));
        v.push(Shape::Polygon(Polygon::new(pose, &tri).unwrap()));
    }
    if deg == 0.0 {
        v.push(Shape::Aabb(Aabb::new(pose, h).unwrap()));
    }
    v
}

fn finite(v: Vec2) -> bool {
    v.is_finite()
}

/// A projection end may be infinite only for a shape without an end there.
fn end_ok(x: f32, unbounded: bool) -> bool {
    x.is_finite() || (unbounded && x.is_infinite())
}

#[test]
fn every_query_at_the_limits_is_finite() {
    let mut shapes = Vec::new();
    for (pos, deg) in [
        (Vec2::new(L, L), 0.0),
        (Vec2::new(-L, L), 37.0),
        (Vec2::new(-L, -L), 90.0),
        (Vec2::new(L, -L), 225.0),
        (Vec2::ZERO, 0.0),
    ] {
        for size in [L, 1.0, 0.0] {
            shapes.extend(every_kind(pos, deg, size));
        }
    }
    let mut report = SatReport::default();
    let mut pairs = 0;
    for a in &shapes {
        for b in &shapes {
            pairs += 1;
            let what = || format!("{a:?}\nvs {b:?}");
            // The verdict is computed; whether it agrees with the distance
            // this far out is a question of f32 rounding (spacing 8 at 1e8),
            // not of overflow, and is not asked here.
            let _ = intersects(a, b);
            let d = distance(a, b);
            assert!(
                d.distance.is_finite() && d.distance >= 0.0,
                "{}: {d:?}",
                what()
            );
            assert!(finite(d.point_a) && finite(d.point_b), "{}: {d:?}", what());
            if let Some(p) = penetration(a, b) {
                assert!(p.depth.is_finite() && p.depth >= 0.0, "{}: {p:?}", what());
                assert!(finite(p.mtv) && finite(p.axis), "{}: {p:?}", what());
            }
            report.compute(a, b);
            for t in &report.axes {
                // An unbounded projection overlaps everything: gap -inf.
                let open = t.a.min.is_infinite()
                    || t.a.max.is_infinite()
                    || t.b.min.is_infinite()
                    || t.b.max.is_infinite();
                let gap_ok = t.gap.is_finite() || (open && t.gap == f32::NEG_INFINITY);
                assert!(finite(t.axis) && gap_ok, "{}: {t:?}", what());
                for (i, s) in [(&t.a, a), (&t.b, b)] {
                    let open = !s.is_bounded();
                    assert!(
                        end_ok(i.min, open) && end_ok(i.max, open),
                        "{}: {t:?}",
                        what()
                    );
                    assert!(
                        finite(i.min_point) && finite(i.max_point),
                        "{}: {t:?}",
                        what()
                    );
                }
            }
            if let Shape::Ray(r) = a {
                if let Some(h) = raycast(&Ray2::from_shape(r), b) {
                    assert!(h.t.is_finite() && finite(h.point), "{}: {h:?}", what());
                    assert!(finite(h.normal), "{}: {h:?}", what());
                }
            }
        }
    }
    assert!(pairs > 3000, "{pairs}");
}

#[test]
fn magnitudes_beyond_the_limit_are_refused_naming_the_field() {
    let big = 1.5 * L;
    let at = Pose::IDENTITY;
    let cases = [
        (Pose::new(Vec2::new(big, 0.0), 0.0).err(), "position"),
        (Point::new(Vec2::new(0.0, -big)).err(), "position"),
        (Circle::new(at, 3.4e38).err(), "radius"),
        (Segment::new(at, big).err(), "half_length"),
        (Ray::new(at, Some(3.4e38)).err(), "length"),
        (Capsule::new(at, 1.0, big).err(), "radius"),
        (Sector::new(at, big, 30.0).err(), "radius"),
        (Obb::new(at, Vec2::new(1.0, big)).err(), "half_extents"),
        (Aabb::new(at, Vec2::new(big, 1.0)).err(), "half_extents"),
        (
            Polygon::new(at, &[Vec2::ZERO, Vec2::new(1e20, 0.0), Vec2::Y]).err(),
            "vertices",
        ),
    ];
    for (e, field) in cases {
        let e = e.expect("beyond the limit");
        assert_eq!(e.field, field, "{e}");
        assert!(e.to_string().contains("1e8"), "{e}");
    }
    // At the limit itself everything is accepted.
    assert!(Circle::new(at, L).is_ok());
    assert!(Pose::new(Vec2::new(-L, L), 0.0).is_ok());
}

/// 3D, issue 31 item 7: the same limits as 2D, in x, y and z.
mod three_d {
    use satlab::geom::MAX_MAGNITUDE as L;
    use satlab::geom3d::*;

    fn pose(p: Vec3, deg: [f32; 3]) -> Pose3 {
        Pose3::from_euler_deg(ShapeKind3::Obb, p, deg).unwrap()
    }

    /// Every kind at `p`, turned `deg`, every size `size`.
    fn every_kind(p: Vec3, deg: [f32; 3], size: f32) -> Vec<Shape3> {
        let at = pose(p, deg);
        let h = Vec3::splat(size);
        let tri = [
            Vec3::new(-size, 0.0, 0.0),
            Vec3::new(size, 0.0, 0.0),
            Vec3::new(0.0, size, size),
        ];
        let mut v = vec![
            Shape3::Point(Point3::new(at)),
            Shape3::Segment(Segment3::new(at, size).unwrap()),
            Shape3::Ray(Ray3Shape::new(at, Some(size)).unwrap()),
            Shape3::Ray(Ray3Shape::new(at, None).unwrap()),
            Shape3::Sphere(Sphere::new(at, size).unwrap()),
            Shape3::Obb(Obb3::new(at, h).unwrap()),
            Shape3::Capsule(Capsule3::new(at, size, size).unwrap()),
            Shape3::Triangle(Triangle3::new(at, tri).unwrap()),
        ];
        if size > 0.0 {
            let pts: Vec<Vec3> = (0..8)
                .map(|k: u8| {
                    let bit = |i: u8| f32::from((k >> i) & 1);
                    Vec3::new(bit(0), bit(1), bit(2)) * size - h * 0.5
                })
                .map(|q| q * if q.x > 0.0 { 1.0 } else { 0.7 })
                .collect();
            v.push(Shape3::Hull(Hull3::new(at, &pts, false).unwrap()));
        }
        if deg == [0.0; 3] {
            v.push(Shape3::Aabb(Aabb3::new(at, h).unwrap()));
        }
        v
    }

    #[test]
    fn every_query_at_the_limits_is_finite_and_never_nan() {
        let mut shapes = Vec::new();
        for (p, deg) in [
            (Vec3::splat(L), [0.0; 3]),
            (Vec3::new(-L, L, -L), [10.0, 37.0, 0.0]),
            (Vec3::new(L, -L, L), [0.0, 90.0, 45.0]),
            (Vec3::ZERO, [0.0; 3]),
        ] {
            for size in [L, 1.0, 0.0] {
                shapes.extend(every_kind(p, deg, size));
            }
        }
        let mut pairs = 0;
        for a in &shapes {
            for b in &shapes {
                pairs += 1;
                let what = || format!("{a:?}\nvs {b:?}");
                let hit = intersects(a, b);
                let d = distance(a, b);
                assert!(
                    d.distance.is_finite() && d.distance >= 0.0,
                    "{}: {d:?}",
                    what()
                );
                assert!(
                    d.point_a.is_finite() && d.point_b.is_finite(),
                    "{}: {d:?}",
                    what()
                );
                if let Some(p) = penetration(a, b) {
                    assert!(
                        p.depth.is_finite() && p.mtv.is_finite(),
                        "{}: {p:?}",
                        what()
                    );
                }
                let r = sat_report3(a, b);
                for t in r.axes.iter().filter(|t| t.skipped.is_none()) {
                    assert!(!t.gap.is_nan() && t.axis.is_finite(), "{}: {t:?}", what());
                }
                // Far apart (beyond any rounding), no path may say they meet.
                if d.distance > 1e3 {
                    assert!(!hit && !r.intersects, "{}: {d:?}", what());
                }
                if let Shape3::Ray(s) = a {
                    if let Some(h) = raycast(&Ray3::from_shape(s), b) {
                        assert!(h.t.is_finite() && h.point.is_finite(), "{}: {h:?}", what());
                    }
                }
            }
        }
        assert!(pairs > 1500, "{pairs}");
    }

    #[test]
    fn magnitudes_beyond_the_limit_are_refused_naming_the_field() {
        let big = 1.5 * L;
        let at = Pose3::default();
        let tri = |v: Vec3| Triangle3::new(at, [Vec3::ZERO, Vec3::X, v]).err();
        let cases = [
            (
                Pose3::new(ShapeKind3::Obb, Vec3::new(0.0, 0.0, big), Quat::IDENTITY).err(),
                "position",
            ),
            (
                Pose3::from_euler_deg(ShapeKind3::Aabb, Vec3::splat(-3.4e38), [0.0; 3]).err(),
                "position",
            ),
            (tri(Vec3::new(1e30, 0.0, 0.0)), "vertices"),
            (tri(Vec3::new(0.0, 0.0, -1e13)), "vertices"),
            (
                Hull3::new(
                    at,
                    &[Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::new(0.0, 0.0, big)],
                    false,
                )
                .err(),
                "points",
            ),
            (Sphere::new(at, 3.4e38).err(), "radius"),
            (Segment3::new(at, big).err(), "half_length"),
            (Capsule3::new(at, 1.0, big).err(), "radius"),
            (Ray3Shape::new(at, Some(big)).err(), "length"),
            (
                Obb3::new(at, Vec3::new(1.0, 1.0, big)).err(),
                "half_extents",
            ),
            (
                Aabb3::new(at, Vec3::new(big, 1.0, 1.0)).err(),
                "half_extents",
            ),
        ];
        for (e, field) in cases {
            let e = e.expect("beyond the limit");
            assert_eq!(e.field, field, "{e}");
            assert!(e.to_string().contains("1e8"), "{e}");
        }
        let e = tri(Vec3::new(1e30, 0.0, 0.0)).unwrap();
        assert!(e.to_string().contains("(vertex 3)"), "{e}");
        // At the limit itself everything is accepted.
        assert!(Pose3::new(ShapeKind3::Obb, Vec3::new(L, -L, L), Quat::IDENTITY).is_ok());
        assert!(Triangle3::new(at, [Vec3::splat(L), Vec3::splat(-L), Vec3::X]).is_ok());
        // Poses placed by the editor stay within the limit.
        let mut p = Pose3::at(Vec3::new(3e20, -1e9, 1.0));
        assert_eq!(p.position(), Vec3::new(L, -L, 1.0));
        p.set_position(Vec3::splat(f32::MAX));
        assert_eq!(p.position(), Vec3::splat(L));
    }

    #[test]
    fn scene_files_beyond_the_limit_are_refused_naming_the_field() {
        let boxes = r#"{"version":3,"a":{"kind":"aabb","position":[3.4e38,3.4e38,3.4e38],"half_extents":[1,1,1]},
            "b":{"kind":"aabb","position":[-3.4e38,-3.4e38,-3.4e38],"half_extents":[1,1,1]}}"#;
        let tri = r#"{"version":3,"a":{"kind":"triangle","position":[0,0,0],"vertices":[[1e30,0,0],[1e30,1,0],[1e30,0,1]]},
            "b":{"kind":"sphere","position":[0,0,0],"radius":1}}"#;
        let hull = r#"{"version":3,"a":{"kind":"hull","position":[0,0,0],"points":[[0,0,0],[1,0,0],[0,1,0],[0,0,2e8]]},
            "b":{"kind":"sphere","position":[0,0,0],"radius":1}}"#;
        for (text, want) in [
            (
                boxes,
                "shape a (aabb): position must lie within ±1e8 in x, y and z",
            ),
            (
                tri,
                "shape a (triangle): vertices must lie within ±1e8 in x, y and z (vertex 1)",
            ),
            (
                hull,
                "shape a (hull): points must lie within ±1e8 in x, y and z (vertex 4)",
            ),
        ] {
            let e = satlab::scene::parse_any(text, std::path::Path::new("t.json"))
                .map(|_| ())
                .expect_err("refused");
            assert!(e.to_string().contains(want), "{e}");
        }
    }

    /// SplitMix64, as `tests/common/rng.rs` (this file has no `common`).
    struct Rng(u64);
    impl Rng {
        fn f(&mut self) -> f32 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
        }
        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            lo + (hi - lo) * self.f()
        }
        fn log_range(&mut self, lo: f32, hi: f32) -> f32 {
            (lo.ln() + (hi.ln() - lo.ln()) * self.f()).exp()
        }
        fn v(&mut self, r: f32) -> Vec3 {
            Vec3::new(self.range(-r, r), self.range(-r, r), self.range(-r, r))
        }
    }

    /// A shape of kind `k` of size about `s` at `p`, randomly turned.
    fn random_shape(rng: &mut Rng, k: ShapeKind3, s: f32, p: Vec3) -> Shape3 {
        let q = Quat::from_xyzw(rng.f() - 0.5, rng.f() - 0.5, rng.f() - 0.5, rng.f() + 0.1);
        let at = Pose3::new(k, p, q).unwrap();
        let size = |rng: &mut Rng| s * rng.range(0.2, 1.0);
        match k {
            ShapeKind3::Point => Shape3::Point(Point3::new(at)),
            ShapeKind3::Segment => Shape3::Segment(Segment3::new(at, size(rng)).unwrap()),
            ShapeKind3::Ray => {
                let len = (rng.f() < 0.5).then(|| size(rng));
                Shape3::Ray(Ray3Shape::new(at, len).unwrap())
            }
            ShapeKind3::Sphere => Shape3::Sphere(Sphere::new(at, size(rng)).unwrap()),
            ShapeKind3::Aabb => {
                let h = Vec3::new(size(rng), size(rng), size(rng));
                Shape3::Aabb(Aabb3::new(Pose3::at(p), h).unwrap())
            }
            ShapeKind3::Obb => {
                let h = Vec3::new(size(rng), size(rng), size(rng));
                Shape3::Obb(Obb3::new(at, h).unwrap())
            }
            ShapeKind3::Capsule => {
                Shape3::Capsule(Capsule3::new(at, size(rng), size(rng)).unwrap())
            }
            ShapeKind3::Triangle => {
                let t = [rng.v(s), rng.v(s), rng.v(s)];
                Shape3::Triangle(Triangle3::new(at, t).unwrap())
            }
            ShapeKind3::Hull => {
                let pts: Vec<Vec3> = (0..8).map(|_| rng.v(s)).collect();
                Shape3::Hull(Hull3::new(at, &pts, false).unwrap())
            }
        }
    }

    #[test]
    fn over_scale_and_place_no_answer_is_nan_and_the_verdict_is_the_distances() {
        let mut rng = Rng(0x5CA1E);
        let kinds = ShapeKind3::ALL;
        for case in 0..4_000 {
            let s = rng.log_range(1e-3, 1e3);
            // Within ±5000, or anywhere up to the limit.
            let far = if case % 4 == 3 { L - 2.0 * s } else { 5e3 };
            let pa = rng.v(far);
            let pb = pa + rng.v(3.0 * s);
            let ka = kinds[(rng.f() * 9.0) as usize % 9];
            let kb = kinds[(rng.f() * 9.0) as usize % 9];
            let (a, b) = (
                random_shape(&mut rng, ka, s, pa),
                random_shape(&mut rng, kb, s, pb),
            );
            let what = || format!("case {case}: {a:?}\nvs {b:?}");
            let hit = intersects(&a, &b);
            let d = distance(&a, &b);
            assert!(
                d.distance.is_finite() && d.distance >= 0.0,
                "{}: {d:?}",
                what()
            );
            assert!(
                d.point_a.is_finite() && d.point_b.is_finite(),
                "{}: {d:?}",
                what()
            );
            if let Some(p) = penetration(&a, &b) {
                assert!(
                    p.depth.is_finite() && p.mtv.is_finite(),
                    "{}: {p:?}",
                    what()
                );
            }
            let r = sat_report3(&a, &b);
            for t in r.axes.iter().filter(|t| t.skipped.is_none()) {
                assert!(!t.gap.is_nan(), "{}: {t:?}", what());
            }
            // Near the origin the verdict is the distance's (far out, f32's
            // spacing rounds the shapes themselves, as in 2D).
            if far <= 5e3 {
                assert_eq!(hit, d.distance == 0.0, "{}: {d:?}", what());
            }
        }
    }
}
