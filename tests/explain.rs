//! The worked traces of the teaching panel give the same answers as the
//! classic functions they explain, and the Minkowski difference contains the
//! origin exactly when the shapes intersect, at the right distance.

use satlab::geom::explain::*;
use satlab::geom::*;
use satlab::geom::{line_line, segment_segment};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

impl Rng {
    fn v(&mut self, s: f32) -> Vec2 {
        Vec2::new(self.range_f32(-s, s), self.range_f32(-s, s))
    }
}

fn pose(p: Vec2, deg: f32) -> Pose {
    Pose::new(p, deg).expect("finite")
}

#[test]
fn sector_disc_trace_matches_the_classic_test_at_every_half_angle() {
    let mut rng = Rng(1);
    for half in [20.0, 45.0, 90.0, 135.0, 180.0, 7.0, 100.0, 170.0] {
        for _ in 0..2000 {
            let s = Sector::new(
                pose(rng.v(2.0), rng.range_f32(-180.0, 180.0)),
                rng.range_f32(0.5, 3.0),
                half,
            )
            .expect("valid");
            let (c, r) = (rng.v(5.0), rng.range_f32(0.0, 1.5));
            let t = sector_disc_trace(&s, c, r);
            let want =
                classic::sector_disc(s.apex(), s.facing(), s.half_angle_unit(), s.radius(), c, r);
            assert_eq!(t.result, want, "half {half} {s:?} {c} {r}");
            // And both agree with the general SAT search.
            let disc = Shape::Circle(Circle::new(Pose::at(c), r).expect("valid"));
            assert_eq!(t.result, intersects(&Shape::Sector(s.clone()), &disc));
            assert!((t.reflected.y - t.local.y.abs()).abs() == 0.0 && t.reflected.y >= 0.0);
            match t.step {
                SectorDiscStep::Far => assert!(!t.result && t.centre_distance > t.reach),
                SectorDiscStep::Span => assert!(t.result && t.span_lhs > t.span_rhs),
                SectorDiscStep::Edge => assert!(t.edge_distance.is_some()),
            }
        }
    }
}

#[test]
fn disc_box_traces_match_arvo() {
    let mut rng = Rng(2);
    for _ in 0..5000 {
        let (c, r) = (rng.v(4.0), rng.range_f32(0.0, 1.5));
        let h = Vec2::new(rng.range_f32(0.0, 2.0), rng.range_f32(0.0, 2.0));
        let b = Aabb::new(Pose::at(rng.v(2.0)), h).expect("valid");
        let t = disc_aabb_trace(c, r, &b);
        assert_eq!(t.result, classic::disc_aabb(c, r, b.center(), h));
        assert_eq!(t.region, (t.u.x > 0.0) as u8 + (t.u.y > 0.0) as u8);
        let o = Obb::new(pose(rng.v(2.0), rng.range_f32(-180.0, 180.0)), h).expect("valid");
        let t = disc_obb_trace(c, r, &o);
        assert_eq!(
            t.result,
            classic::disc_obb(c, r, o.center(), o.pose().rot(), h)
        );
        let disc = Shape::Circle(Circle::new(Pose::at(c), r).expect("valid"));
        assert_eq!(t.result, intersects(&disc, &Shape::Obb(o)));
    }
}

#[test]
fn disc_capsule_trace_clamps_and_matches() {
    let mut rng = Rng(3);
    for _ in 0..5000 {
        let (c, r, p, q, rc) = (
            rng.v(4.0),
            rng.range_f32(0.0, 1.0),
            rng.v(3.0),
            rng.v(3.0),
            rng.range_f32(0.0, 1.0),
        );
        let t = disc_capsule_trace(c, r, p, q, rc);
        assert_eq!(t.result, classic::disc_capsule(c, r, p, q, rc));
        assert!((0.0..=1.0).contains(&t.t));
        assert_eq!(t.t, t.t_raw.clamp(0.0, 1.0));
    }
    // By hand: centre (1, 2) over the segment from (0, 0) to (4, 0): t = 1/4,
    // closest (1, 0), distance² 4 against (1 + 0.5)² = 2.25: apart.
    let t = disc_capsule_trace(
        Vec2::new(1.0, 2.0),
        1.0,
        Vec2::ZERO,
        Vec2::new(4.0, 0.0),
        0.5,
    );
    assert_eq!(
        (t.t_raw, t.closest, t.dist_sq, t.radius_sum_sq, t.result),
        (0.25, Vec2::new(1.0, 0.0), 4.0, 2.25, false)
    );
}

#[test]
fn point_in_polygon_trace_sums_to_a_full_turn_inside() {
    let sq = [
        Vec2::new(0.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(0.0, 2.0),
    ];
    let t = point_in_polygon_trace(Vec2::new(1.0, 1.0), &sq);
    assert!((t.angle_sum - std::f32::consts::TAU).abs() < 1e-5);
    assert!(t.crosses.iter().all(|&c| c > 0.0));
    assert!(t.inside_by_angle && t.inside_by_cross);
    // The sum is the one the decision computed: its angles add up to it.
    let total: f64 = t.angles.iter().map(|&a| a as f64).sum();
    assert!((total as f32 - t.angle_sum).abs() < 1e-6);
    assert_eq!(
        t.inside_by_angle,
        point_in_polygon_angle_sum(Vec2::new(1.0, 1.0), &sq, 1e-4)
    );
    let t = point_in_polygon_trace(Vec2::new(2.0, 1.0), &sq);
    assert!(t.on_boundary && t.inside_by_angle && t.inside_by_cross);
    let t = point_in_polygon_trace(Vec2::new(3.0, 1.0), &sq);
    assert!(t.angle_sum.abs() < 1e-5);
    assert!(t.crosses.iter().any(|&c| c < 0.0));
    assert!(!t.inside_by_angle && !t.inside_by_cross);
}

#[test]
fn segment_traces_match() {
    let mut rng = Rng(4);
    for _ in 0..3000 {
        let (p1, q1, p2, q2) = (rng.v(3.0), rng.v(3.0), rng.v(3.0), rng.v(3.0));
        let t = segment_segment_trace(p1, q1, p2, q2);
        assert_eq!(t.result, segment_segment(p1, q1, p2, q2));
        let l = line_line_trace(p1, q1 - p1, p2, q2 - p2);
        assert_eq!(l.result, line_line(p1, q1 - p1, p2, q2 - p2));
    }
    // Crossing diagonals of the square [0, 2]²: t = u = 1/2 at (1, 1).
    let t = segment_segment_trace(
        Vec2::ZERO,
        Vec2::splat(2.0),
        Vec2::new(0.0, 2.0),
        Vec2::new(2.0, 0.0),
    );
    assert_eq!(t.params, Some((0.5, 0.5)));
    assert_eq!(t.collinear, None);
    // Collinear: the second runs from t = 1.5 to 3 along the first, so
    // they miss, and the trace says where.
    let t = segment_segment_trace(
        Vec2::ZERO,
        Vec2::new(2.0, 0.0),
        Vec2::new(3.0, 0.0),
        Vec2::new(6.0, 0.0),
    );
    assert_eq!((t.params, t.collinear), (None, Some((1.5, 3.0))));
    assert_eq!(t.result, SegmentIntersection::None);
}

#[test]
fn ray_box_trace_agrees_with_the_ray_cast() {
    let mut rng = Rng(5);
    for _ in 0..3000 {
        let ray = Ray2::new(rng.v(5.0), rng.v(1.0), rng.range_f32(0.5, 12.0))
            .expect("non-zero direction");
        let b = Shape::Obb(
            Obb::new(
                pose(rng.v(2.0), rng.range_f32(-180.0, 180.0)),
                Vec2::new(rng.range_f32(0.1, 2.0), rng.range_f32(0.1, 2.0)),
            )
            .expect("valid"),
        );
        let t = ray_box_trace(&ray, &b).expect("a box");
        // The trace is the cast's own working: the same hit, and its
        // numbers are the ones the cast decided on.
        assert_eq!(t.hit, raycast(&ray, &b));
        let (enter, exit) = t.enter_exit;
        match (t.hit, t.starts_inside) {
            (Some(h), true) => assert_eq!(h.t, 0.0),
            (Some(h), false) => assert!(h.t == enter && enter <= exit, "{t:?}"),
            (None, _) => assert!(
                enter > exit || t.slabs.iter().flatten().any(|s| s.0 > s.1),
                "{t:?}"
            ),
        }
    }
}

#[test]
fn minkowski_difference_holds_the_origin_exactly_when_they_intersect() {
    let mut rng = Rng(6);
    let mut checked = 0;
    for i in 0..3000 {
        let a = match i % 3 {
            0 => Shape::Polygon(
                Polygon::regular(
                    pose(rng.v(2.0), rng.range_f32(-180.0, 180.0)),
                    5,
                    rng.range_f32(0.5, 1.5),
                )
                .expect("valid"),
            ),
            1 => Shape::Obb(
                Obb::new(
                    pose(rng.v(2.0), rng.range_f32(-180.0, 180.0)),
                    Vec2::new(rng.range_f32(0.2, 1.5), rng.range_f32(0.2, 1.5)),
                )
                .expect("valid"),
            ),
            _ => Shape::Circle(
                Circle::new(Pose::at(rng.v(2.0)), rng.range_f32(0.2, 1.5)).expect("valid"),
            ),
        };
        let b = Shape::Polygon(
            Polygon::regular(
                pose(rng.v(2.0), rng.range_f32(-180.0, 180.0)),
                3 + i % 5,
                rng.range_f32(0.5, 1.5),
            )
            .expect("valid"),
        );
        let m = minkowski_difference(&a, &b, 256).expect("bounded convex");
        assert_eq!(m.contains_origin, intersects(&a, &b));
        // The outline's nearest point to the origin is at the distance (or depth);
        // circles are sampled, so allow the chord error of 256 samples.
        let tol = if i % 3 == 2 { 2e-3 } else { 1e-3 };
        let inside_poly = satlab::geom::point_in_polygon_angle_sum(Vec2::ZERO, &m.outline, 0.0);
        if (m.nearest.length() - m.boundary_distance).abs() > tol {
            panic!(
                "{i}: nearest {} vs {} (inside {inside_poly})",
                m.nearest.length(),
                m.boundary_distance
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 3000);
    assert!(minkowski_difference(
        &Shape::Line(Line::new(Pose::IDENTITY)),
        &Shape::Circle(Circle::new(Pose::IDENTITY, 1.0).expect("valid")),
        64
    )
    .is_none());
}

#[test]
fn minkowski_difference_of_polygons_has_only_their_corners() {
    // A − B of convex polygons with n and m edges has at most n + m corners,
    // and every one is a vertex of A minus a vertex of B.
    let mut rng = Rng(11);
    for i in 0..500 {
        let (n, m) = (3 + i % 4, 3 + (i / 4) % 5);
        let a = Polygon::regular(
            pose(rng.v(3.0), rng.range_f32(-180.0, 180.0)),
            n,
            rng.range_f32(0.3, 2.0),
        )
        .expect("valid");
        let b = Polygon::regular(
            pose(rng.v(3.0), rng.range_f32(-180.0, 180.0)),
            m,
            rng.range_f32(0.3, 2.0),
        )
        .expect("valid");
        let (va, vb) = (a.world_vertices(), b.world_vertices());
        let md = minkowski_difference(&Shape::Polygon(a), &Shape::Polygon(b), 64).expect("convex");
        assert!(
            md.outline.len() <= n + m,
            "{i}: {} corners for {n} + {m} edges",
            md.outline.len()
        );
        for p in &md.outline {
            let ok = va
                .iter()
                .any(|x| vb.iter().any(|y| (*x - *y - *p).length() < 1e-4));
            assert!(ok, "{i}: {p:?} is not a vertex difference");
        }
    }
    // Two axis-aligned boxes: a box, four corners.
    let bx =
        |x: f32| Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, 0.0)), Vec2::ONE).expect("valid"));
    let md = minkowski_difference(&bx(0.0), &bx(3.0), 64).expect("convex");
    assert_eq!(md.outline.len(), 4, "{:?}", md.outline);
}
