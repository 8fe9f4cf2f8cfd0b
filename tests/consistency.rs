//! Cross-checks between the queries on random poses of every ordered pair of
//! kinds: the fast paths, the general SAT search, the SAT report, GJK distance
//! and penetration must tell one story.

use satlab::geom::*;

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

fn random_shape(kind: ShapeKind, rng: &mut Rng) -> Shape {
    let pos = Vec2::new(rng.range_f32(-3.0, 3.0), rng.range_f32(-3.0, 3.0));
    let deg = rng.range_f32(-180.0, 180.0);
    let pose = Pose::new(pos, deg).unwrap();
    match kind {
        ShapeKind::Point => Shape::Point(Point::with_pose(pose)),
        ShapeKind::Segment => Shape::Segment(Segment::new(pose, rng.range_f32(0.0, 2.0)).unwrap()),
        ShapeKind::Ray => {
            let len = if rng.chance(0.5) {
                Some(rng.range_f32(0.5, 4.0))
            } else {
                None
            };
            Shape::Ray(Ray::new(pose, len).unwrap())
        }
        ShapeKind::Line => Shape::Line(Line::new(pose)),
        ShapeKind::Circle => Shape::Circle(Circle::new(pose, rng.range_f32(0.0, 1.5)).unwrap()),
        ShapeKind::Aabb => Shape::Aabb(
            Aabb::new(
                Pose::at(pos),
                Vec2::new(rng.range_f32(0.0, 1.5), rng.range_f32(0.0, 1.5)),
            )
            .unwrap(),
        ),
        ShapeKind::Obb => Shape::Obb(
            Obb::new(
                pose,
                Vec2::new(rng.range_f32(0.0, 1.5), rng.range_f32(0.0, 1.5)),
            )
            .unwrap(),
        ),
        ShapeKind::Capsule => Shape::Capsule(
            Capsule::new(pose, rng.range_f32(0.0, 1.5), rng.range_f32(0.0, 1.0)).unwrap(),
        ),
        ShapeKind::Sector => Shape::Sector(
            Sector::new(pose, rng.range_f32(0.3, 2.5), rng.range_f32(1.0, 180.0)).unwrap(),
        ),
        ShapeKind::Polygon => {
            let n = 3 + rng.below(6);
            Shape::Polygon(Polygon::regular(pose, n, rng.range_f32(0.2, 1.5)).unwrap())
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
        Shape::Ray(Ray::new(Pose::new(Vec2::new(x, 0.0), deg).unwrap(), None).unwrap())
    };
    let (a, b) = (ray(0.0, 0.0), ray(-2.0, 180.0));
    assert!(!sat_report(&a, &b).intersects);
    assert_eq!(distance(&a, &b).distance, 2.0);
}

/// A thin shape (segment, ray, bounded ray, line) of length up to `reach`
/// through a point near the origin, turned `deg`.
fn thin(kind: usize, deg: f32, through: Vec2, reach: f32, rng: &mut Rng) -> Shape {
    let pose = |at: Vec2| Pose::new(at, deg).unwrap();
    let dir = pose(Vec2::ZERO).rot();
    let back = rng.range_f32(0.1, 1.0) * reach;
    match kind % 4 {
        0 => Shape::Segment(Segment::new(pose(through), rng.range_f32(0.1, 1.0) * reach).unwrap()),
        1 => Shape::Ray(Ray::new(pose(through - dir * back), None).unwrap()),
        2 => Shape::Ray(Ray::new(pose(through - dir * back), Some(2.0 * back)).unwrap()),
        _ => Shape::Line(Line::new(pose(through))),
    }
}

/// The property of issue 12 (item 7), on random scenes: the verdict holds
/// exactly when the distance is within the contact tolerance, exactly when
/// the SAT report finds no separating axis; a separation wider than the f32
/// rounding of the projections (1e-6 of the scene's magnitude, as
/// `sat::uncertain_band`) shows an axis with a gap. The scenes mix ordinary shapes at scales up to 1e4 with
/// long thin shapes crossing or passing at shallow angles (down to 1e-6°),
/// where a merged line normal or an absolute parallel test used to disagree.
#[test]
fn verdict_distance_and_report_agree_on_random_and_shallow_scenes() {
    let mut rng = Rng(12);
    let mut failures = Vec::new();
    let mut n = 0;
    for round in 0..6000 {
        let (a, b, magnitude) = if round % 2 == 0 {
            let scale = [1.0f32, 100.0, 1e4][round % 3];
            let ka = ShapeKind::ALL[rng.below(10)];
            let kb = ShapeKind::ALL[rng.below(10)];
            let (a, b) = (random_shape(ka, &mut rng), random_shape(kb, &mut rng));
            // Scale the whole scene by moving B (shapes keep their sizes).
            let mut b = b;
            let at = b.pose().position() * scale;
            b.set_position(at);
            (a, b, 3.0 * scale + 10.0)
        } else {
            let reach = [10.0f32, 1e3, 2e4][round % 3];
            let base = [0.0f32, 90.0, rng.range_f32(-180.0, 180.0)][(round / 2) % 3];
            let angle = [1e-6f32, 3e-6, 1e-5, 1e-3, 0.1][rng.below(5)];
            let angle = if rng.chance(0.5) { -angle } else { angle };
            // Crossing at the origin, or passing it by up to 1e-3.
            let miss = Vec2::new(0.0, rng.range_f32(-1e-3, 1e-3) * (round % 4 / 3) as f32);
            let ka = rng.below(4);
            let kb = rng.below(4);
            (
                thin(ka, base, Vec2::ZERO, reach, &mut rng),
                thin(kb, base + angle, miss, reach, &mut rng),
                4.0 * reach,
            )
        };
        let band = CONTACT_TOLERANCE.max(1e-6 * magnitude);
        n += 1;
        let i = intersects(&a, &b);
        let d = distance(&a, &b);
        let r = sat_report(&a, &b);
        let shows_gap = r
            .parts
            .iter()
            .all(|p| p.separated && r.axes[p.axes.clone()].iter().any(|t| t.gap > 0.0));
        let ok = i == (d.distance <= CONTACT_TOLERANCE)
            && d.distance.is_finite()
            && i == r.intersects
            && (i || shows_gap || d.distance <= band);
        if !ok {
            failures.push(format!(
                "intersects {i}, distance {}, report intersects {}, separated shows a gap {shows_gap}\n  a={a:?}\n  b={b:?}",
                d.distance, r.intersects
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} scenes disagree, first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(6)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
