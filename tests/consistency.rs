//! Cross-checks between the queries on random poses of every ordered pair of
//! kinds: the fast paths, the general SAT search, the SAT report, GJK distance
//! and penetration must tell one story.

use satlab::geom::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32) / ((1u64 << 24) as f32)
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

fn random_shape(kind: ShapeKind, rng: &mut Rng) -> Shape {
    let pos = Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
    let deg = rng.range(-180.0, 180.0);
    let pose = Pose::new(kind.name(), pos, deg).unwrap();
    match kind {
        ShapeKind::Point => Shape::Point(Point::with_pose(pose)),
        ShapeKind::Segment => Shape::Segment(Segment::new(pose, rng.range(0.0, 2.0)).unwrap()),
        ShapeKind::Ray => {
            let len = if rng.next() < 0.5 {
                Some(rng.range(0.5, 4.0))
            } else {
                None
            };
            Shape::Ray(Ray::new(pose, len).unwrap())
        }
        ShapeKind::Line => Shape::Line(Line::new(pose)),
        ShapeKind::Circle => Shape::Circle(Circle::new(pose, rng.range(0.0, 1.5)).unwrap()),
        ShapeKind::Aabb => Shape::Aabb(
            Aabb::new(
                Pose::at(pos),
                Vec2::new(rng.range(0.0, 1.5), rng.range(0.0, 1.5)),
            )
            .unwrap(),
        ),
        ShapeKind::Obb => {
            Shape::Obb(Obb::new(pose, Vec2::new(rng.range(0.0, 1.5), rng.range(0.0, 1.5))).unwrap())
        }
        ShapeKind::Capsule => {
            Shape::Capsule(Capsule::new(pose, rng.range(0.0, 1.5), rng.range(0.0, 1.0)).unwrap())
        }
        ShapeKind::Sector => {
            Shape::Sector(Sector::new(pose, rng.range(0.3, 2.5), rng.range(1.0, 180.0)).unwrap())
        }
        ShapeKind::Polygon => {
            let n = 3 + (rng.next() * 6.0) as usize;
            Shape::Polygon(Polygon::regular(pose, n, rng.range(0.2, 1.5)).unwrap())
        }
    }
}

#[test]
fn every_pair_tells_one_story() {
    let mut rng = Rng(7);
    let mut failures = Vec::new();
    for ka in ShapeKind::ALL {
        for kb in ShapeKind::ALL {
            for _ in 0..400 {
                let a = random_shape(ka, &mut rng);
                let b = random_shape(kb, &mut rng);
                let i = intersects(&a, &b);
                let d = distance(&a, &b);
                let r = sat_report(&a, &b);
                let swapped = intersects(&b, &a);
                let ds = distance(&b, &a);
                let ok = i == (d.distance == 0.0)
                    && i == r.intersects
                    && i == swapped
                    && (d.distance - ds.distance).abs() <= 1e-4 * (1.0 + d.distance);
                if !ok {
                    failures.push(format!(
                        "{}-{}: intersects {i} swapped {swapped} dist {} swapped dist {} sat {}\n  a={a:?}\n  b={b:?}",
                        ka.name(),
                        kb.name(),
                        d.distance,
                        ds.distance,
                        r.intersects
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn collinear_thin_shapes_are_separated_along_their_line() {
    let seg = |x: f32| Shape::Segment(Segment::new(Pose::at(Vec2::new(x, 0.0)), 1.0).unwrap());
    let pt = |x: f32, y: f32| Shape::Point(Point::new(Vec2::new(x, y)).unwrap());
    // Segments [-1, 1] and [2, 4] on the x axis: 1 apart.
    for (a, b) in [
        (seg(0.0), seg(3.0)),
        (seg(0.0), pt(2.5, 0.0)),
        (pt(0.0, 3.0), pt(0.0, 0.0)),
    ] {
        let r = sat_report(&a, &b);
        assert!(!r.intersects, "{a:?} {b:?}");
        assert!(!intersects(&a, &b));
        assert!(r.first_separating().is_some());
    }
    // Opposite collinear rays 2 apart.
    let ray = |x: f32, deg: f32| {
        Shape::Ray(Ray::new(Pose::new("ray", Vec2::new(x, 0.0), deg).unwrap(), None).unwrap())
    };
    let (a, b) = (ray(0.0, 0.0), ray(-2.0, 180.0));
    assert!(!sat_report(&a, &b).intersects);
    assert_eq!(distance(&a, &b).distance, 2.0);
}
