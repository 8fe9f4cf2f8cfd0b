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
