//! Degenerate and hostile input: zero sizes, coincident centres, exact
//! touching, one shape inside the other, quarter turns, huge and tiny
//! coordinates, collinear and duplicate polygon vertices. Nothing panics;
//! each expected answer is derived by hand in the comment beside it.

use satlab::geom::{
    classify, distance, intersects, penetration, raycast, sat_report, Aabb, Capsule, Circle, Line,
    Obb, Point, Polygon, Pose, Ray, Ray2, Sector, Segment, Shape, ShapeKind, Vec2, Verdict,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}
fn pose(x: f32, y: f32, deg: f32) -> Pose {
    Pose::new(v(x, y), deg).expect("finite pose")
}
fn circle(x: f32, y: f32, r: f32) -> Shape {
    Shape::Circle(Circle::new(Pose::at(v(x, y)), r).expect("circle"))
}
fn aabb(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
    Shape::Aabb(Aabb::new(Pose::at(v(x, y)), v(hx, hy)).expect("aabb"))
}
fn obb(x: f32, y: f32, deg: f32, hx: f32, hy: f32) -> Shape {
    Shape::Obb(Obb::new(pose(x, y, deg), v(hx, hy)).expect("obb"))
}
fn point(x: f32, y: f32) -> Shape {
    Shape::Point(Point::new(v(x, y)).expect("point"))
}
fn segment(x: f32, y: f32, deg: f32, h: f32) -> Shape {
    Shape::Segment(Segment::new(pose(x, y, deg), h).expect("segment"))
}
fn capsule(x: f32, y: f32, deg: f32, h: f32, r: f32) -> Shape {
    Shape::Capsule(Capsule::new(pose(x, y, deg), h, r).expect("capsule"))
}

fn near(x: f32, want: f32, tol: f32) -> bool {
    (x - want).abs() <= tol
}

/// Moves B by `k` times the MTV of (a, b).
fn moved_by_mtv(b: &Shape, mtv: Vec2, k: f32) -> Shape {
    let mut b = b.clone();
    let p = b.pose().position();
    b.set_position(p + mtv * k);
    b
}

#[test]
fn zero_radius_circles_are_points() {
    // A circle of radius 0 at the origin and one of radius 1 at (1, 0): the
    // origin is on the unit circle's boundary, so they touch: distance 0.
    let a = circle(0.0, 0.0, 0.0);
    assert!(intersects(&a, &circle(1.0, 0.0, 1.0)));
    assert_eq!(distance(&a, &circle(1.0, 0.0, 1.0)).distance, 0.0);
    // At (1.5, 0) the gap is 1.5 - 1 = 0.5, closest points (0,0) and (0.5,0).
    let d = distance(&a, &circle(1.5, 0.0, 1.0));
    assert!(near(d.distance, 0.5, 1e-6), "{d:?}");
    assert!(d.point_a.distance(v(0.0, 0.0)) < 1e-6 && d.point_b.distance(v(0.5, 0.0)) < 1e-6);
    // Two radius-0 circles at the same place are one point: they intersect, depth 0.
    let p = penetration(&a, &circle(0.0, 0.0, 0.0)).expect("coincident points overlap");
    assert_eq!(p.depth, 0.0);
}

#[test]
fn a_point_like_circle_inside_a_box_leaves_by_the_nearest_edge() {
    // Box ±1 around the origin (A), radius-0 circle at (0.5, 0) (B): the
    // nearest edge is x = 1, 0.5 away, so depth 0.5 and MTV (+0.5, 0).
    let p = penetration(&aabb(0.0, 0.0, 1.0, 1.0), &circle(0.5, 0.0, 0.0)).expect("inside");
    assert!(near(p.depth, 0.5, 1e-6), "{p:?}");
    assert!(p.mtv.distance(v(0.5, 0.0)) < 1e-6, "{p:?}");
}

#[test]
fn zero_extent_boxes() {
    // A box with half-extents (0, 0) at (2, 0) is the point (2, 0): 1 away
    // from the unit disc.
    let d = distance(&circle(0.0, 0.0, 1.0), &aabb(2.0, 0.0, 0.0, 0.0));
    assert!(near(d.distance, 1.0, 1e-6), "{d:?}");
    // A zero-width box at x = 0.5 spanning y in [-1, 1] is a segment through
    // the unit disc. Pushing it right by 0.5 puts it at x = 1, touching the
    // disc at (1, 0); pushing it up needs (d - 1)^2 >= 0.75, d ≈ 1.87.
    // So depth 0.5, MTV (+0.5, 0).
    let (a, b) = (circle(0.0, 0.0, 1.0), obb(0.5, 0.0, 0.0, 0.0, 1.0));
    assert!(intersects(&a, &b));
    let p = penetration(&a, &b).expect("overlap");
    assert!(near(p.depth, 0.5, 1e-5), "{p:?}");
    assert!(p.mtv.distance(v(0.5, 0.0)) < 1e-5, "{p:?}");
}

#[test]
fn zero_length_capsules_and_segments() {
    // A capsule of half-length 0 and radius 1 is the unit disc: the point
    // (1, 0) is on its boundary; a disc of radius 0.5 at (2, 0) is 0.5 away.
    let c = capsule(0.0, 0.0, 30.0, 0.0, 1.0);
    assert!(intersects(&c, &point(1.0, 0.0)));
    let d = distance(&c, &circle(2.0, 0.0, 0.5));
    assert!(near(d.distance, 0.5, 1e-6), "{d:?}");
    // A segment of half-length 0 at (0, 2) is a point 1 above the unit disc.
    let s = segment(0.0, 2.0, 45.0, 0.0);
    let d = distance(&s, &circle(0.0, 0.0, 1.0));
    assert!(near(d.distance, 1.0, 1e-6), "{d:?}");
    // Two zero-length segments at the same point intersect.
    assert!(intersects(&s, &segment(0.0, 2.0, 0.0, 0.0)));
    // A zero-length capsule of radius 0 is a point too: 1 from (0, 1)? The
    // capsule sits at (0, 2), the point at (0, 1): distance 1.
    let d = distance(&capsule(0.0, 2.0, 0.0, 0.0, 0.0), &point(0.0, 1.0));
    assert!(near(d.distance, 1.0, 1e-6), "{d:?}");
}

#[test]
fn coincident_centres() {
    // Concentric discs of radii 1 and 2: every direction is a way out, of
    // length 1 + 2 = 3.
    let p = penetration(&circle(3.0, 3.0, 1.0), &circle(3.0, 3.0, 2.0)).expect("overlap");
    assert!(near(p.depth, 3.0, 1e-5), "{p:?}");
    assert!(
        near(p.mtv.length(), 3.0, 1e-5) && p.mtv.is_finite(),
        "{p:?}"
    );
    // Equal boxes ±(1, 2) on the same centre: out along x needs 1 + 1 = 2,
    // along y 2 + 2 = 4; depth 2 along ±x.
    let p = penetration(&aabb(0.0, 0.0, 1.0, 2.0), &aabb(0.0, 0.0, 1.0, 2.0)).expect("overlap");
    assert!(
        near(p.depth, 2.0, 1e-6) && near(p.mtv.y, 0.0, 1e-6),
        "{p:?}"
    );
    // A segment and a capsule on the same centre, crossing at right angles:
    // segment ±1 along x, capsule core ±1 along y with radius 0.5. Moving
    // the capsule along x by 1 + 0.5 = 1.5 clears the segment's end; moving
    // it along y needs 1 + 0.5 = 1.5 as well; depth 1.5.
    let p = penetration(
        &segment(0.0, 0.0, 0.0, 1.0),
        &capsule(0.0, 0.0, 90.0, 1.0, 0.5),
    )
    .expect("overlap");
    assert!(near(p.depth, 1.5, 1e-5), "{p:?}");
}

#[test]
fn a_box_corner_on_a_circle_centre() {
    // Box [0, 2] × [0, 2] (A) has its corner on the centre of a disc of
    // radius 0.5 (B). Moving the disc by 0.5 along -x, -y or the diagonal
    // away from the corner leaves it touching; nothing shorter works (the
    // centre must end at least 0.5 from the box). Depth 0.5.
    let (a, b) = (aabb(1.0, 1.0, 1.0, 1.0), circle(0.0, 0.0, 0.5));
    assert!(intersects(&a, &b));
    let p = penetration(&a, &b).expect("overlap");
    assert!(near(p.depth, 0.5, 1e-5), "{p:?}");
    assert!(!intersects(&a, &moved_by_mtv(&b, p.mtv, 1.001)));
    assert!(intersects(&a, &moved_by_mtv(&b, p.mtv, 0.999)));
}

#[test]
fn exactly_touching_edges() {
    // Boxes ±1 at x = 0 and x = 2 share the edge x = 1: touching, so they
    // intersect, distance 0, penetration depth 0, verdict "touching".
    let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), aabb(2.0, 0.0, 1.0, 1.0));
    assert!(intersects(&a, &b));
    assert_eq!(distance(&a, &b).distance, 0.0);
    assert_eq!(penetration(&a, &b).expect("touching").depth, 0.0);
    assert_eq!(classify(&a, &b), Verdict::Touching);
    assert!(sat_report(&a, &b).intersects);
    // Polygon edge on a circle: a unit square [0, 1]² and a disc of radius
    // 0.5 at (0.5, 1.5) touch at (0.5, 1).
    let sq = Shape::Polygon(
        Polygon::new(
            Pose::IDENTITY,
            &[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)],
        )
        .expect("square"),
    );
    assert!(intersects(&sq, &circle(0.5, 1.5, 0.5)));
    assert_eq!(distance(&sq, &circle(0.5, 1.5, 0.5)).distance, 0.0);
}

#[test]
fn a_box_turned_by_exactly_90_degrees() {
    // An obb ±(1, 0.5) turned by exactly 90° spans ±0.5 in x and ±1 in y.
    // At (1.5, 0) it covers x in [1, 2]: it touches the box ±1 at the origin
    // (the scene format promises this holds in f32).
    let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), obb(1.5, 0.0, 90.0, 1.0, 0.5));
    assert!(intersects(&a, &b));
    assert_eq!(distance(&a, &b).distance, 0.0);
    // Moved right by 0.25 more it is 0.25 away.
    let d = distance(&a, &obb(1.75, 0.0, 90.0, 1.0, 0.5));
    assert!(near(d.distance, 0.25, 1e-6), "{d:?}");
    // -270° is the same turn.
    assert!(intersects(&a, &obb(1.5, 0.0, -270.0, 1.0, 0.5)));
}

#[test]
fn one_shape_inside_the_other() {
    // A disc of radius 0.25 at (0.5, 0) inside the box ±(2, 1) (A). Ways
    // out: up or down 1 + 0.25 = 1.25, right 1.5 + 0.25 = 1.75, left 2.75.
    // Depth 1.25 and the MTV is vertical.
    let p = penetration(&aabb(0.0, 0.0, 2.0, 1.0), &circle(0.5, 0.0, 0.25)).expect("inside");
    assert!(
        near(p.depth, 1.25, 1e-6) && near(p.mtv.x, 0.0, 1e-6),
        "{p:?}"
    );
    // A box ±0.5 at (0.2, 0) inside a disc of radius 3 (A). The box's left
    // edge is 0.3 from the centre, right edge 0.7, top and bottom 0.5; it
    // leaves when its nearest point is 3 from the centre: moving right by
    // 3 + 0.3 = 3.3 is the shortest (up: 3 + 0.5 = 3.5).
    let (a, b) = (circle(0.0, 0.0, 3.0), aabb(0.2, 0.0, 0.5, 0.5));
    let p = penetration(&a, &b).expect("inside");
    assert!(near(p.depth, 3.3, 1e-5), "{p:?}");
    assert!(p.mtv.distance(v(3.3, 0.0)) < 1e-5, "{p:?}");
    // Swapped, the MTV moves the disc instead: the same length, negated.
    let q = penetration(&b, &a).expect("inside");
    assert!(
        near(q.depth, 3.3, 1e-5) && q.mtv.distance(v(-3.3, 0.0)) < 1e-5,
        "{q:?}"
    );
    // A segment wholly inside a disc counts (it has no area, but it is
    // bounded): segment ±0.5 at the centre of the unit disc must move 1.0
    // sideways... no: along its normal it must move 1 (the centre point
    // leaves at 1); along its length 0.5 + 1 = 1.5. Depth 1.
    let p = penetration(&circle(0.0, 0.0, 1.0), &segment(0.0, 0.0, 0.0, 0.5)).expect("inside");
    assert!(near(p.depth, 1.0, 1e-5), "{p:?}");
}

#[test]
fn huge_and_tiny_coordinates() {
    // Around 1e6 an f32 step is 1/16; 1000002.5 is exact. Unit discs 2.5
    // apart are 0.5 apart; the queries work relative to A, so no precision
    // is lost in the difference.
    let d = distance(&circle(1e6, 1e6, 1.0), &circle(1e6 + 2.5, 1e6, 1.0));
    assert!(near(d.distance, 0.5, 1e-5), "{d:?}");
    // Boxes ±1 at 1e6 and 1e6 + 2 share an edge: touching.
    assert!(intersects(
        &aabb(1e6, 1e6, 1.0, 1.0),
        &aabb(1e6 + 2.0, 1e6, 1.0, 1.0)
    ));
    assert!(intersects(
        &obb(1e6, -1e6, 90.0, 1.0, 0.5),
        &aabb(1e6 + 1.5, -1e6, 1.0, 1.0)
    ));
    // Discs of radius 1e-6 whose centres are 3e-6 apart are 1e-6 apart:
    // within the 1e-4 contact tolerance, so they touch.
    assert!(intersects(
        &circle(0.0, 0.0, 1e-6),
        &circle(3e-6, 0.0, 1e-6)
    ));
    // 1e-3 apart: distance 1e-3 - 2e-6.
    let d = distance(&circle(0.0, 0.0, 1e-6), &circle(1e-3, 0.0, 1e-6));
    assert!(near(d.distance, 1e-3 - 2e-6, 1e-9), "{d:?}");
    // A polygon of size 1e-6 against a point 1e-6 outside: touching.
    let tiny = Shape::Polygon(
        Polygon::new(Pose::IDENTITY, &[v(0.0, 0.0), v(1e-6, 0.0), v(0.0, 1e-6)]).expect("tiny"),
    );
    assert!(intersects(&tiny, &point(2e-6, 0.0)));
    // And a ray cast from 1e6 away along +x hits the unit disc at
    // t = 1e6 - 1 (f32 step at 1e6 is 1/16).
    let ray = Ray2::new(v(-1e6, 0.0), v(1.0, 0.0), f32::INFINITY).expect("ray");
    let h = raycast(&ray, &circle(0.0, 0.0, 1.0)).expect("hit");
    assert!(near(h.t, 1e6 - 1.0, 0.125), "{h:?}");
}

#[test]
fn collinear_and_duplicate_polygon_vertices() {
    // A 2×2 square given with a duplicate vertex and a collinear one on the
    // bottom edge: stored as its 4 corners, counter-clockwise.
    let sq = Polygon::new(
        Pose::IDENTITY,
        &[
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 2.0),
            v(2.0, 2.0),
            v(0.0, 2.0),
        ],
    )
    .expect("square");
    assert_eq!(sq.local_vertices().len(), 4);
    let vs = sq.local_vertices();
    let area2: f32 = (0..4).map(|i| vs[i].perp_dot(vs[(i + 1) % 4])).sum();
    assert!(
        near(area2, 8.0, 1e-5),
        "twice the area, counter-clockwise: {area2}"
    );
    // The same square clockwise is accepted and stored counter-clockwise.
    let cw = Polygon::new(
        Pose::IDENTITY,
        &[v(0.0, 2.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 0.0)],
    )
    .expect("clockwise square");
    let vs = cw.local_vertices();
    let area2: f32 = (0..vs.len())
        .map(|i| vs[i].perp_dot(vs[(i + 1) % vs.len()]))
        .sum();
    assert!(area2 > 0.0);
    // Queries see the square: a disc of radius 0.5 at (3, 1) is 0.5 away.
    let d = distance(&Shape::Polygon(sq), &circle(3.0, 1.0, 0.5));
    assert!(near(d.distance, 0.5, 1e-6), "{d:?}");
    // Three collinear points are no polygon: an error naming the field.
    let e = Polygon::new(Pose::IDENTITY, &[v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)]).unwrap_err();
    assert_eq!(e.field, "vertices");
    // Three copies of one point neither.
    assert!(Polygon::new(Pose::IDENTITY, &[v(1.0, 1.0); 3]).is_err());
}

#[test]
fn degenerate_ray_casts() {
    // A ray from (-2, 0) along +x meets a radius-0 circle at the origin at t = 2.
    let ray = Ray2::new(v(-2.0, 0.0), v(1.0, 0.0), f32::INFINITY).expect("ray");
    let h = raycast(&ray, &circle(0.0, 0.0, 0.0)).expect("hit");
    assert!(near(h.t, 2.0, 1e-6), "{h:?}");
    // Starting inside a box: t = 0, normal -dir.
    let h = raycast(&ray, &aabb(-2.0, 0.0, 1.0, 1.0)).expect("inside");
    assert_eq!(h.t, 0.0);
    assert_eq!(h.normal, v(-1.0, 0.0));
    // A zero-extent box at (1, 0) is hit at t = 3.
    let h = raycast(&ray, &aabb(1.0, 0.0, 0.0, 0.0)).expect("hit");
    assert!(near(h.t, 3.0, 1e-6), "{h:?}");
    // A ray with max_t 2.5 stops short of it.
    let short = Ray2::new(v(-2.0, 0.0), v(1.0, 0.0), 2.5).expect("ray");
    assert!(raycast(&short, &aabb(1.0, 0.0, 0.0, 0.0)).is_none());
    // A zero direction is not a ray.
    assert!(Ray2::new(v(0.0, 0.0), v(0.0, 0.0), 1.0).is_none());
}

/// One shape of each kind with degenerate sizes, all on (or near) one point.
fn degenerate_zoo(at: Vec2) -> Vec<Shape> {
    let p = |deg: f32| Pose::new(at, deg).expect("pose");
    vec![
        Shape::Point(Point::new(at).expect("point")),
        Shape::Segment(Segment::new(p(90.0), 0.0).expect("segment")),
        Shape::Ray(Ray::new(p(180.0), None).expect("ray")),
        Shape::Ray(Ray::new(p(0.0), Some(1e-6)).expect("ray")),
        Shape::Line(Line::new(p(90.0))),
        Shape::Circle(Circle::new(p(0.0), 0.0).expect("circle")),
        Shape::Aabb(Aabb::new(Pose::at(at), v(0.0, 0.0)).expect("aabb")),
        Shape::Aabb(Aabb::new(Pose::at(at), v(0.0, 3.0)).expect("aabb")),
        Shape::Obb(Obb::new(p(90.0), v(2.0, 0.0)).expect("obb")),
        Shape::Capsule(Capsule::new(p(45.0), 0.0, 0.0).expect("capsule")),
        Shape::Capsule(Capsule::new(p(45.0), 1.0, 0.0).expect("capsule")),
        Shape::Sector(Sector::new(p(0.0), 1e-6, 180.0).expect("sector")),
        Shape::Sector(Sector::new(p(0.0), 1.0, 1e-3).expect("sector")),
        Shape::Sector(Sector::new(p(0.0), 1.0, 135.0).expect("sector")),
        Shape::Polygon(
            Polygon::new(p(0.0), &[v(0.0, 0.0), v(1e-3, 0.0), v(0.0, 1e-3)]).expect("polygon"),
        ),
    ]
}

#[test]
fn nothing_panics_on_degenerate_pairs() {
    // Every pair of degenerate shapes on one point (they all contain it, so
    // every pair intersects, at distance 0), then with B moved 1e6 away and
    // 1e-6 away. Every answer is finite, distance ≥ 0, and intersects ⇔
    // distance 0 ⇔ the SAT report's verdict.
    let mut kinds_seen = std::collections::BTreeSet::new();
    for (oa, ob) in [
        (v(0.0, 0.0), v(0.0, 0.0)),
        (v(1e6, 1e6), v(1e6, 1e6)),
        (v(0.0, 0.0), v(1e6, -1e6)),
        (v(0.0, 0.0), v(1e-6, 1e-6)),
    ] {
        for a in degenerate_zoo(oa) {
            for b in degenerate_zoo(ob) {
                kinds_seen.insert(a.kind());
                let i = intersects(&a, &b);
                let d = distance(&a, &b);
                let r = sat_report(&a, &b);
                assert!(
                    d.distance.is_finite() && d.distance >= 0.0,
                    "{a:?} {b:?} {d:?}"
                );
                assert!(
                    d.point_a.is_finite() && d.point_b.is_finite(),
                    "{a:?} {b:?} {d:?}"
                );
                assert_eq!(i, d.distance == 0.0, "{a:?} {b:?} {d:?}");
                assert_eq!(i, r.intersects, "{a:?} {b:?}");
                if oa == ob {
                    assert!(i, "both contain the common point: {a:?} {b:?}");
                }
                if let Some(p) = penetration(&a, &b) {
                    assert!(
                        p.depth.is_finite() && p.depth >= 0.0 && p.mtv.is_finite(),
                        "{p:?}"
                    );
                }
                for t in &r.axes {
                    assert!(t.axis.is_finite() && !t.gap.is_nan(), "{t:?}");
                }
                let ray = Ray2::new(oa - v(3.0, 0.5), v(1.0, 0.2), f32::INFINITY).expect("ray");
                if let Some(h) = raycast(&ray, &b) {
                    assert!(
                        h.t.is_finite() && h.t >= 0.0 && h.normal.is_finite(),
                        "{h:?}"
                    );
                }
            }
        }
    }
    assert_eq!(kinds_seen.len(), ShapeKind::ALL.len());
}

#[test]
fn wide_sectors_separated_near_their_arc_ends() {
    // Found by the property tests: two wide sectors (179.5° and 134.77°,
    // each split into halves) whose right halves come closest arc end to
    // arc end. Between those halves only the arcs' normals at their ends
    // separate, so without them SAT called the pair intersecting.
    let a = Shape::Sector(
        Sector::new(pose(2.2538548, -2.1156049, 52.73842), 0.4535462, 179.5).expect("sector"),
    );
    let b = Shape::Sector(
        Sector::new(pose(-0.8963903, -3.238611, 12.4530945), 2.3920774, 134.7704).expect("sector"),
    );
    // The line of the apexes: from A towards B it points at about -160.4°,
    // 146.9° from A's facing (52.7°), inside A's ±179.5°; from B towards A
    // at about 19.6°, 7.2° from B's facing, inside ±134.77°. So the nearest
    // points are on both arcs on that line: distance |AB| - rA - rB.
    let ab = v(-0.8963903 - 2.2538548, -3.238611 + 2.1156049).length();
    let want = ab - 0.4535462 - 2.3920774;
    assert!(
        want > 0.4 && want < 0.6,
        "hand estimate about 0.499: {want}"
    );
    assert!(!intersects(&a, &b));
    assert!(!sat_report(&a, &b).intersects);
    let d = distance(&a, &b);
    assert!(near(d.distance, want, 1e-5), "{d:?} vs {want}");
}

/// Shape `i % 3` of [`box_and_polygon_shortcuts_hold_at_tiny_and_huge_scales`]
/// at `at`: a box, a thin turned box, or a polygon of points on an ellipse
/// (some nearly in line), sizes 0.05 to 2 times `scale`.
fn scaled_shape(
    i: usize,
    at: satlab::geom::Vec2,
    scale: f32,
    rnd: &mut dyn FnMut() -> f32,
) -> satlab::geom::Shape {
    use satlab::geom::{Aabb, Obb, Polygon, Pose, Shape, Vec2};
    let mut pose = Pose::at(at);
    pose.set_rotation_deg(rnd() * 360.0 - 180.0);
    let (w, h) = (0.05 + rnd() * 2.0, 0.05 + rnd() * 2.0);
    match i % 3 {
        0 => Shape::Aabb(Aabb::new(Pose::at(at), Vec2::new(w, h) * scale).unwrap()),
        1 => Shape::Obb(Obb::new(pose, Vec2::new(w, h * 0.05) * scale).unwrap()),
        _ => {
            let n = 3 + (rnd() * 12.0) as usize;
            let mut angles: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
            angles.sort_by(f32::total_cmp);
            let pts: Vec<Vec2> = angles
                .iter()
                .map(|a| Vec2::new(a.cos() * w, a.sin() * h) * scale)
                .collect();
            match Polygon::new(pose, &pts) {
                Ok(p) => Shape::Polygon(p),
                Err(_) => Shape::Obb(Obb::new(pose, Vec2::splat(w) * scale).unwrap()),
            }
        }
    }
}

/// The shortcuts for two boxes or polygons (the untraced manifold, the
/// time of impact's pass over the faces) answer as the general paths do at
/// tiny and huge scales and far from the origin: thin boxes, irregular
/// hulls with near-collinear vertices, sizes 1e-3 and 1e3.
#[test]
fn box_and_polygon_shortcuts_hold_at_tiny_and_huge_scales() {
    use satlab::geom::{
        contact_manifold, contact_manifold_traced, time_of_impact, time_of_impact_by_advancement,
        ManifoldTrace, Vec2,
    };
    let mut seed = 0x005C_A1E5_u64;
    let mut rnd = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 40) as f32 / (1u64 << 24) as f32
    };
    let mut checked = (0, 0);
    for scale in [1e-3f32, 1.0, 1e3] {
        for i in 0..2_000 {
            let shape = |at: Vec2, rnd: &mut dyn FnMut() -> f32| scaled_shape(i, at, scale, rnd);
            let far = Vec2::new(rnd() - 0.5, rnd() - 0.5) * 2e3 * scale;
            let a = shape(far, &mut rnd);
            let dir = Vec2::from_angle(rnd() * std::f32::consts::TAU);
            let off = rnd() * 4.0 * scale;
            let b = shape(far + dir * off, &mut rnd);
            let tol = 1e-4 * scale.max(1.0) * (1.0 + far.length() / scale.max(1.0) * 1e-3);
            // The manifold: untraced (shortcut) against traced (general).
            let m = contact_manifold(&a, &b, 0.05 * scale);
            let w = contact_manifold_traced(&a, &b, 0.05 * scale, &mut ManifoldTrace::default());
            match (m, w) {
                (Some(m), Some(w)) => {
                    checked.0 += 1;
                    assert!(
                        (m.separation() - w.separation()).abs() <= tol,
                        "scale {scale} #{i}: {m:?} vs {w:?}\n a={a:?}\n b={b:?}"
                    );
                }
                (None, None) => {}
                (m, w) => {
                    // Only at the edge of the speculative distance.
                    let s = m.or(w).map_or(0.0, |x| x.separation());
                    assert!(
                        (s - 0.05 * scale).abs() <= tol,
                        "scale {scale} #{i}: {m:?} vs {w:?}\n a={a:?}\n b={b:?}"
                    );
                }
            }
            // The cast: B moving past A's position.
            let v = (far - b.pose().position()) * (0.5 + rnd() * 1.5);
            let fast = time_of_impact(&a, Vec2::ZERO, &b, v);
            let slow = time_of_impact_by_advancement(&a, Vec2::ZERO, &b, v);
            if let (Some(f), Some(s)) = (fast, slow) {
                checked.1 += 1;
                // In distance along the motion: the times may differ where
                // the approach is shallow, the positions barely.
                let gap = (f.t - s.t).abs() * v.length();
                assert!(
                    gap <= 10.0 * tol,
                    "scale {scale} #{i}: {f:?} vs {s:?}\n a={a:?}\n b={b:?} v={v:?}"
                );
            } else if fast.is_some() != slow.is_some() {
                // One finds a graze the other misses: the one that hits must
                // touch there, to the rounding of these coordinates.
                let t = fast.or(slow).map_or(0.0, |h| h.t);
                let mut moved = b.clone();
                moved.set_position(b.pose().position() + v * t);
                let d = satlab::geom::distance(&a, &moved).distance;
                let ulp = far.abs().max_element().max(scale) * f32::EPSILON;
                eprintln!(
                    "scale {scale} #{i}: fast {} slow {}: distance {d} at {t}, ulp {ulp}",
                    fast.is_some(),
                    slow.is_some()
                );
                assert!(
                    d <= 64.0 * ulp + 1e-4,
                    "scale {scale} #{i}: {fast:?} vs {slow:?} at distance {d}\n a={a:?}\n b={b:?} v={v:?}"
                );
            }
        }
    }
    assert!(checked.0 > 1_000 && checked.1 > 1_000, "{checked:?}");
}
