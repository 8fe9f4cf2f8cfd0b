//! Each classic closed-form test in `satlab::geom::classic` agrees with the
//! general SAT path (`sat_report(..).intersects`) on many random inputs
//! (sector–disc at half-angles 20°, 45°, 90°, 135° and 180° among them);
//! the squared-distance helpers agree with the f64 oracle; segment–segment,
//! line–line and both point-in-polygon functions agree with brute force in
//! f64 (and with each other on convex polygons).
//!
//! Inputs whose f64 oracle distance lies within 1e-5 of the 1e-4 contact
//! tolerance are skipped and counted (two f32 computations may round either
//! way there); the count is bounded.

use crate::common;

use common::*;
use satlab::geom::classic::{self, PolygonRef};
use satlab::geom::{line_line, segment_segment, LineIntersection, SegmentIntersection};
use satlab::geom::{point_in_convex_polygon_cross, point_in_polygon_angle_sum};
use satlab::geom::{sat_report, Shape, ShapeKind, Vec2};

const N: usize = 10_000;
const FLOOR: f64 = 1e-5;

/// Runs `f` on `N` placed pairs of kinds `(ka, kb)` and checks its verdict
/// against the SAT report's, skipping the contact band.
fn agree(
    name: &str,
    ka: ShapeKind,
    kb: ShapeKind,
    seed: u64,
    f: &dyn Fn(&Sample, &Sample) -> bool,
) {
    agree_with(
        name,
        N,
        seed,
        &mut |rng| {
            let sep = |a: &Shape, b: &Shape| !sat_report(a, b).intersects;
            placed_pair(ka, kb, rng, &sep)
        },
        f,
    );
}

fn agree_with(
    name: &str,
    n: usize,
    seed: u64,
    make: &mut dyn FnMut(&mut Rng) -> (Sample, Sample),
    f: &dyn Fn(&Sample, &Sample) -> bool,
) {
    let mut rng = Rng(seed);
    let mut fails = Failures::new(name);
    let (mut skipped, mut hits) = (0usize, 0usize);
    for i in 0..n {
        let (a, b) = make(&mut rng);
        let t = truth(&a.spec, &b.spec);
        if (t.distance - TOL).abs() <= FLOOR {
            skipped += 1;
            continue;
        }
        let sat = sat_report(&a.shape, &b.shape).intersects;
        let fast = f(&a, &b);
        hits += usize::from(sat);
        fails.check(fast == sat && sat == (t.distance <= TOL), || {
            format!(
                "#{i}: classic {fast}, SAT {sat}, oracle distance {:e}\n  a={:?}\n  b={:?}",
                t.distance, a.shape, b.shape
            )
        });
    }
    eprintln!("{name}: {n} inputs, {hits} intersecting, {skipped} skipped in the band");
    fails.check(skipped * 20 < n && hits * 5 > n && hits * 5 < 4 * n, || {
        format!("{skipped} skipped, {hits} intersecting")
    });
    fails.finish();
}

fn c32(s: &Sample) -> Vec2 {
    s.pos.to32()
}

fn rot(s: &Sample) -> Vec2 {
    s.shape.pose().rot()
}

fn radius(s: &Sample) -> f32 {
    match &s.local {
        Local::Circle(r) => *r as f32,
        Local::Capsule(_, r) => *r as f32,
        _ => 0.0,
    }
}

fn half_extents(s: &Sample) -> Vec2 {
    match &s.local {
        Local::Aabb(h) | Local::Obb(h) => h.to32(),
        other => panic!("not a box: {other:?}"),
    }
}

fn ends(s: &Sample) -> (Vec2, Vec2) {
    match &s.spec {
        Spec::Capsule(p, q, _) | Spec::Segment(p, q) => (p.to32(), q.to32()),
        other => panic!("not a capsule: {other:?}"),
    }
}

fn poly_ref(s: &Sample) -> PolygonRef<'_> {
    match &s.shape {
        Shape::Polygon(p) => PolygonRef {
            t: s.shape.pose().position(),
            rot: s.shape.pose().rot(),
            verts: p.local_vertices(),
            normals: p.local_normals(),
        },
        other => panic!("not a polygon: {other:?}"),
    }
}

#[test]
fn disc_disc_agrees_with_sat() {
    agree(
        "disc_disc",
        ShapeKind::Circle,
        ShapeKind::Circle,
        1,
        &|a, b| classic::disc_disc(c32(a), radius(a), c32(b), radius(b)),
    );
}

#[test]
fn disc_capsule_agrees_with_sat() {
    agree(
        "disc_capsule",
        ShapeKind::Circle,
        ShapeKind::Capsule,
        2,
        &|a, b| {
            let (p, q) = ends(b);
            classic::disc_capsule(c32(a), radius(a), p, q, radius(b))
        },
    );
}

#[test]
fn disc_capsule_sq_distance_is_the_point_segment_distance() {
    let mut rng = Rng(3);
    let mut fails = Failures::new("disc_capsule_sq_distance");
    for _ in 0..N {
        let p = V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
        let q = if rng.chance(0.1) {
            p
        } else {
            V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0))
        };
        let c = V::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
        let (p, q, c) = (V::from(p.to32()), V::from(q.to32()), V::from(c.to32()));
        let got = (classic::disc_capsule_sq_distance(c.to32(), p.to32(), q.to32()) as f64).sqrt();
        let want = point_segment(c, p, q);
        fails.check((got - want).abs() <= (1e-4 * want).max(FLOOR), || {
            format!("c={c:?} p={p:?} q={q:?}: {got} vs {want}")
        });
    }
    fails.finish();
}

#[test]
fn disc_aabb_agrees_with_sat() {
    agree(
        "disc_aabb",
        ShapeKind::Circle,
        ShapeKind::Aabb,
        4,
        &|a, b| classic::disc_aabb(c32(a), radius(a), c32(b), half_extents(b)),
    );
}

#[test]
fn disc_obb_agrees_with_sat() {
    agree("disc_obb", ShapeKind::Circle, ShapeKind::Obb, 5, &|a, b| {
        classic::disc_obb(c32(a), radius(a), c32(b), rot(b), half_extents(b))
    });
}

#[test]
fn disc_polygon_agrees_with_sat() {
    agree(
        "disc_polygon",
        ShapeKind::Circle,
        ShapeKind::Polygon,
        6,
        &|a, b| {
            let p = poly_ref(b);
            classic::disc_polygon(c32(a), radius(a), p.t, p.rot, p.verts, p.normals)
        },
    );
}

#[test]
fn sector_disc_agrees_with_sat_at_every_half_angle() {
    for (k, half) in [20.0, 45.0, 90.0, 135.0, 180.0, 0.5, 100.0, 179.0]
        .into_iter()
        .enumerate()
    {
        let name = format!("sector_disc at {half}°");
        agree_with(
            &name,
            3_000,
            70 + k as u64,
            &mut |rng| {
                let sep = |a: &Shape, b: &Shape| !sat_report(a, b).intersects;
                let (_, b) = placed_pair(ShapeKind::Sector, ShapeKind::Circle, rng, &sep);
                // Same pose generator, but the sector's half-angle fixed.
                let a = build(
                    &Local::Sector(rng.range(0.3, 2.5), half),
                    V::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0)),
                    rng.range(-180.0, 180.0),
                );
                // Place the disc around the sector: at a random multiple of
                // the distance at which its centre's ray leaves the sector.
                let u = rng.unit();
                let lb = b.local.clone();
                let mut hi = 10.0;
                let mut lo = 0.0;
                for _ in 0..40 {
                    let mid = 0.5 * (lo + hi);
                    if sep(&a.shape, &build(&lb, a.pos + u * mid, 0.0).shape) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                let off = if rng.chance(0.5) {
                    hi * rng.range(0.0, 2.0)
                } else {
                    hi * (1.0 + rng.range(-5e-3, 5e-3))
                };
                (a.clone(), build(&lb, a.pos + u * off, 0.0))
            },
            &|a, b| {
                let Shape::Sector(s) = &a.shape else {
                    panic!("sector")
                };
                classic::sector_disc(
                    s.apex(),
                    s.facing(),
                    s.half_angle_unit(),
                    s.radius(),
                    c32(b),
                    radius(b),
                )
            },
        );
    }
}

#[test]
fn aabb_aabb_agrees_with_sat() {
    agree("aabb_aabb", ShapeKind::Aabb, ShapeKind::Aabb, 8, &|a, b| {
        classic::aabb_aabb(c32(a), half_extents(a), c32(b), half_extents(b))
    });
}

#[test]
fn obb_obb_agrees_with_sat() {
    agree("obb_obb", ShapeKind::Obb, ShapeKind::Obb, 9, &|a, b| {
        classic::obb_obb(
            c32(a),
            rot(a),
            half_extents(a),
            c32(b),
            rot(b),
            half_extents(b),
        )
    });
}

#[test]
fn polygon_polygon_agrees_with_sat() {
    agree(
        "polygon_polygon",
        ShapeKind::Polygon,
        ShapeKind::Polygon,
        10,
        &|a, b| classic::polygon_polygon(&poly_ref(a), &poly_ref(b)),
    );
}

#[test]
fn segment_box_sq_distance_is_the_distance() {
    let mut rng = Rng(11);
    let mut fails = Failures::new("segment_box_sq_distance");
    for _ in 0..N {
        let h = V::new(q(rng.range(0.0, 1.5)), q(rng.range(0.0, 1.5)));
        let p = V::from(V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)).to32());
        let e = if rng.chance(0.1) {
            p
        } else {
            V::from(V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)).to32())
        };
        let want = truth(
            &Spec::Segment(p, e),
            &Spec::Box(V::ZERO, V::new(1.0, 0.0), h),
        )
        .distance;
        let got = (classic::segment_box_sq_distance(p.to32(), e.to32(), h.to32()) as f64).sqrt();
        fails.check((got - want).abs() <= (1e-4 * want).max(FLOOR), || {
            format!("p={p:?} q={e:?} h={h:?}: {got} vs {want}")
        });
    }
    fails.finish();
}

/// Exact-in-f64 segment relation: proper or touching crossing by
/// orientations, else the least endpoint distance.
fn seg_seg_distance(p1: V, q1: V, p2: V, q2: V) -> f64 {
    let o = |a: V, b: V, c: V| (b - a).cross(c - a);
    let (d1, d2, d3, d4) = (o(p2, q2, p1), o(p2, q2, q1), o(p1, q1, p2), o(p1, q1, q2));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    point_segment(p1, p2, q2)
        .min(point_segment(q1, p2, q2))
        .min(point_segment(p2, p1, q1))
        .min(point_segment(q2, p1, q1))
}

#[test]
fn segment_segment_agrees_with_brute_force() {
    let mut rng = Rng(12);
    let mut fails = Failures::new("segment_segment");
    let (mut points, mut overlaps, mut skipped) = (0, 0, 0);
    let r32 = |v: V| V::from(v.to32());
    for i in 0..N {
        let collinear = rng.chance(0.3);
        let (p1, q1, p2, q2) = if collinear {
            // On one line through c along d (unit, on a 1/8 grid of
            // slopes so the f32 points are close to exactly collinear).
            let c = V::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
            let d = [
                V::new(1.0, 0.0),
                V::new(0.0, 1.0),
                V::new(0.6, 0.8),
                V::new(-0.8, 0.6),
            ][rng.below(4)];
            let s: Vec<f64> = (0..4).map(|_| rng.range(-2.0, 2.0)).collect();
            (c + d * s[0], c + d * s[1], c + d * s[2], c + d * s[3])
        } else {
            let c = V::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
            let mut pt = || c + rng.unit() * rng.range(0.0, 2.0);
            (pt(), pt(), pt(), pt())
        };
        let (p1, q1, p2, q2) = (r32(p1), r32(q1), r32(p2), r32(q2));
        let got = segment_segment(p1.to32(), q1.to32(), p2.to32(), q2.to32());
        let dist = seg_seg_distance(p1, q1, p2, q2);
        let what =
            || format!("#{i}: {p1:?} {q1:?} / {p2:?} {q2:?}: {got:?}, f64 distance {dist:e}");
        let on_both = |x: V| point_segment(x, p1, q1) <= FLOOR && point_segment(x, p2, q2) <= FLOOR;
        // The function's tolerance is 1e-6 of the segments' size: meeting
        // within 1e-6 must be found, apart by more than 1e-5 must not be.
        if dist > 1e-6 && dist <= 1e-5 {
            skipped += 1;
            continue;
        }
        match got {
            SegmentIntersection::None => fails.check(dist > 1e-5, || format!("none: {}", what())),
            SegmentIntersection::Point(x) => {
                points += 1;
                fails.check(on_both(V::from(x)), || format!("point: {}", what()));
                if collinear {
                    // A single shared point: the overlap is (nearly) empty.
                    let d = (q1 - p1) * (1.0 / (q1 - p1).len().max(1e-30));
                    let (a0, a1) = (
                        (p1 - p1).dot(d).min((q1 - p1).dot(d)),
                        (p1 - p1).dot(d).max((q1 - p1).dot(d)),
                    );
                    let (b0, b1) = (
                        (p2 - p1).dot(d).min((q2 - p1).dot(d)),
                        (p2 - p1).dot(d).max((q2 - p1).dot(d)),
                    );
                    fails.check(a1.min(b1) - a0.max(b0) <= 1e-5, || {
                        format!("point for an overlap: {}", what())
                    });
                }
            }
            SegmentIntersection::Overlap(x, y) => {
                overlaps += 1;
                let (x, y) = (V::from(x), V::from(y));
                fails.check(collinear && on_both(x) && on_both(y), || {
                    format!("overlap: {}", what())
                });
                // The overlap is the intersection of the two parameter ranges.
                let d = (q1 - p1) * (1.0 / (q1 - p1).len());
                let (a0, a1) = (0.0f64.min((q1 - p1).dot(d)), 0.0f64.max((q1 - p1).dot(d)));
                let (b0, b1) = (
                    (p2 - p1).dot(d).min((q2 - p1).dot(d)),
                    (p2 - p1).dot(d).max((q2 - p1).dot(d)),
                );
                let want = a1.min(b1) - a0.max(b0);
                fails.check(((y - x).len() - want).abs() <= FLOOR, || {
                    format!("overlap length {} vs {want}: {}", (y - x).len(), what())
                });
            }
        }
    }
    eprintln!("segment_segment: {N} inputs, {points} points, {overlaps} overlaps, {skipped} skipped at distances in (1e-6, 1e-5]");
    fails.check(
        points > N / 10 && overlaps > N / 20 && skipped * 20 < N,
        || "coverage".into(),
    );
    fails.finish();
}

#[test]
fn line_line_agrees_with_brute_force() {
    let mut rng = Rng(13);
    let mut fails = Failures::new("line_line");
    let (mut crossing, mut parallel, mut coincident) = (0, 0, 0);
    for i in 0..N {
        let p1 = V::from(V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)).to32());
        let d1 = V::from((rng.unit() * rng.range(0.2, 3.0)).to32());
        let r = rng.f();
        let (p2, d2) = if r < 0.6 {
            (
                V::from(V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)).to32()),
                V::from((rng.unit() * rng.range(0.2, 3.0)).to32()),
            )
        } else {
            // Exactly parallel in f32: scaled by a power of two, either sign.
            let k = [1.0, -1.0, 2.0, -0.5][rng.below(4)];
            let along = V::from((p1 + d1 * rng.range(-2.0, 2.0)).to32());
            let off = if r < 0.8 { rng.range(0.05, 2.0) } else { 0.0 };
            let n = d1.perp() * (1.0 / d1.len());
            (V::from((along + n * off).to32()), d1 * k)
        };
        let got = line_line(p1.to32(), d1.to32(), p2.to32(), d2.to32());
        let sin = d1.cross(d2) / (d1.len() * d2.len());
        let off = (p2 - p1).cross(d1).abs() / d1.len();
        let what = || {
            format!("#{i}: {p1:?}+t{d1:?} / {p2:?}+u{d2:?}: {got:?} (sin {sin:e}, offset {off:e})")
        };
        match got {
            LineIntersection::Point(x) => {
                crossing += 1;
                fails.check(sin.abs() > 1e-6, || {
                    format!("crossing of parallels: {}", what())
                });
                // The point lies on both lines, to 1e-4 relative to its
                // distance from the data (conditioning 1/|sin|).
                let x = V::from(x);
                let dl = |p: V, d: V| (x - p).cross(d).abs() / d.len();
                let scale = (x - p1).len().max(1.0) * 1e-5 / sin.abs().max(1e-3);
                fails.check(dl(p1, d1) <= scale && dl(p2, d2) <= scale, || {
                    format!("point: {}", what())
                });
            }
            LineIntersection::Parallel => {
                parallel += 1;
                fails.check(sin.abs() < 1e-6 && off > 1e-5, || {
                    format!("parallel: {}", what())
                });
            }
            LineIntersection::Coincident => {
                coincident += 1;
                fails.check(sin.abs() < 1e-6 && off < 1e-5, || {
                    format!("coincident: {}", what())
                });
            }
        }
    }
    eprintln!(
        "line_line: {N} inputs, {crossing} crossing, {parallel} parallel, {coincident} coincident"
    );
    fails.check(
        crossing > N / 2 && parallel > N / 10 && coincident > N / 10,
        || "coverage".into(),
    );
    fails.finish();
}

/// f64 even–odd crossing test (a different algorithm from both).
fn crossing_inside(p: V, vs: &[V]) -> bool {
    let n = vs.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (vs[i], vs[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

fn boundary_distance(p: V, vs: &[V]) -> f64 {
    let n = vs.len();
    (0..n)
        .map(|i| point_segment(p, vs[i], vs[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn point_in_polygon_both_ways_agree_with_brute_force() {
    let mut rng = Rng(14);
    let mut fails = Failures::new("point in polygon");
    let (mut inside_n, mut skipped) = (0, 0);
    for i in 0..N {
        let convex = rng.chance(0.6);
        let mut vs: Vec<V> = if convex {
            let n = 3 + rng.below(6);
            match random_polygon(&mut rng, n) {
                Local::Polygon(vs) => vs,
                _ => unreachable!(),
            }
        } else {
            // A star-shaped (generally concave) simple polygon.
            let n = 5 + rng.below(8);
            let mut a: Vec<f64> = (0..n)
                .map(|_| rng.range(0.0, std::f64::consts::TAU))
                .collect();
            a.sort_by(f64::total_cmp);
            a.dedup_by(|x, y| (*x - *y).abs() < 0.05);
            a.iter()
                .map(|&t| V::angle_dir(t) * rng.range(0.3, 2.0))
                .collect()
        };
        if vs.len() < 3 {
            continue;
        }
        vs = vs.iter().map(|&v| V::from(v.to32())).collect();
        if rng.chance(0.5) {
            vs.reverse(); // either winding
        }
        let v32: Vec<Vec2> = vs.iter().map(|v| v.to32()).collect();
        // Anywhere around the polygon, or within 3e-4 of a vertex, where a
        // tolerance measured to an edge's line instead of the edge would show.
        let p = if rng.chance(0.25) {
            vs[rng.below(vs.len())] + rng.unit() * rng.range(0.0, 3e-4)
        } else {
            V::new(rng.range(-1.8, 1.8), rng.range(-1.8, 1.8))
        };
        let p = V::from(p.to32());
        let bd = boundary_distance(p, &vs);
        if (bd - TOL).abs() <= FLOOR || bd <= FLOOR {
            skipped += 1;
            continue;
        }
        let want = crossing_inside(p, &vs) || bd <= TOL;
        inside_n += usize::from(want);
        let by_angle = point_in_polygon_angle_sum(p.to32(), &v32, TOL as f32);
        fails.check(by_angle == want, || {
            format!("#{i} angle sum {by_angle}, want {want} (boundary distance {bd:e}): p={p:?} polygon={vs:?}")
        });
        if convex {
            let by_cross = point_in_convex_polygon_cross(p.to32(), &v32, TOL as f32);
            fails.check(by_cross == want && by_cross == by_angle, || {
                format!("#{i} cross {by_cross}, angle sum {by_angle}, want {want} (boundary distance {bd:e}): p={p:?} polygon={vs:?}")
            });
        }
    }
    eprintln!(
        "point in polygon: {N} inputs, {inside_n} inside, {skipped} skipped near the boundary"
    );
    fails.check(inside_n * 5 > N && skipped * 20 < N, || "coverage".into());
    fails.finish();
}

/// The one table: every ordered pair of kinds gets the same test in both
/// orders (the swap flag flipped where the operands' roles differ), and where the test has a trace, the
/// trace's verdict is `intersects`' (outside a 1e-5 band around the
/// compared limit, where the world and relative frames may round apart).
#[test]
fn the_table_is_symmetric_and_its_traces_decide_as_intersects() {
    use satlab::geom::classic::{classic_test, Classic};
    use satlab::geom::intersects;
    let mut rng = Rng(0x7ab1e);
    let (mut traced, mut band) = (0usize, 0usize);
    for ka in ShapeKind::ALL {
        for kb in ShapeKind::ALL {
            for _ in 0..300 {
                let (xa, xb) = (rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
                let a = random_sample(ka, &mut rng, V::new(xa, 0.0)).shape;
                let b = random_sample(kb, &mut rng, V::new(xb, 0.5)).shape;
                let (ab, ba) = (classic_test(&a, &b), classic_test(&b, &a));
                assert_eq!(ab.is_some(), ba.is_some(), "{ka:?} {kb:?}");
                let (Some(ab), Some(ba)) = (ab, ba) else {
                    continue;
                };
                // Swapped in at most one order (both unswapped when either
                // shape can come first, e.g. box–box).
                assert!(!(ab.swapped && ba.swapped), "{ka:?} {kb:?}");
                if ka != kb && ab.swapped == ba.swapped {
                    assert!(matches!(
                        ab.test,
                        Classic::BoxBox(..) | Classic::DiscSwept(..) | Classic::SweptSwept(..)
                    ));
                }
                assert_eq!(
                    std::mem::discriminant(&ab.test),
                    std::mem::discriminant(&ba.test)
                );
                // (verdict, gap to the compared limit) of the traced tests.
                let worked = match ab.test {
                    Classic::DiscAabb(d, x) | Classic::DiscObb(d, x) => {
                        let t =
                            classic::disc_box_trace(x.local(d.centre), d.radius, x.half_extents);
                        Some((t.result, t.u_len_sq.sqrt() - t.limit_sq.sqrt()))
                    }
                    Classic::DiscSwept(d, s) => {
                        let t = classic::disc_capsule_trace(d.centre, d.radius, s.p, s.q, s.radius);
                        Some((t.result, t.dist_sq.sqrt() - t.limit_sq.sqrt()))
                    }
                    Classic::SectorDisc(s, d) => {
                        let t = classic::sector_disc_trace(
                            s.apex, s.facing, s.half, s.radius, d.centre, d.radius,
                        );
                        let gap = match t.edge_distance {
                            Some(e) => e - d.radius - 1e-4,
                            None => t.centre_distance - t.reach - 1e-4,
                        };
                        Some((t.result, gap))
                    }
                    _ => None,
                };
                if let Some((verdict, gap)) = worked {
                    traced += 1;
                    if gap.abs() < 1e-5 {
                        band += 1;
                        continue;
                    }
                    assert_eq!(verdict, intersects(&a, &b), "{a:?} {b:?}");
                }
            }
        }
    }
    assert!(traced > 3000, "{traced}");
    assert!(band * 100 < traced, "{band} of {traced}");
}
