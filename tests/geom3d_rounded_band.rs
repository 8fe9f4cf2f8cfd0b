//! Issue 26 item 7 (and issue 27 item 1's exactness): `intersects` for two
//! capsules decides in closed form with an error bound of about 2e-9 of
//! the pair's magnitude (it was `1e-6`, the `f32` policy), and still gives
//! the answer `distance`, the SAT and `penetration` give, at sizes 1e-3
//! to 1e3, positions to ±5000, cores from 0.3 rad to exactly parallel; a
//! sphere against a box has one verdict, `√d² ≤ r + tol` in `f64`, for all
//! four queries.
//!
//! The truth is an independent oracle on the cores exactly as the library
//! builds them from the `f32` data (A's position the frame origin): the
//! distance of two segments as the least over the first of the distance
//! of its point to the second (convex in the parameter; a golden-section
//! search in `f64`), less the radii. Each case is tuned to a target gap
//! near the tolerance by B's radius.

use crate::common3d::Rng;
use glam::DVec3;
use satlab::geom3d::{
    decided_by, distance, distance_decided_by, intersects, penetration, sat_intersects, Capsule3,
    Obb3, Pose3, Quat, Shape3, ShapeKind3, Sphere, Vec3, CONTACT_TOLERANCE,
};

const TOL: f64 = CONTACT_TOLERANCE as f64;

fn capsule(pos: Vec3, rot: Quat, half_length: f32, radius: f32) -> Shape3 {
    let pose = Pose3::new(ShapeKind3::Capsule, pos, rot).expect("valid pose");
    Shape3::Capsule(Capsule3::new(pose, half_length, radius).expect("valid capsule"))
}

/// The core segment of a capsule as the library builds it relative to
/// `o`: `t ± x · half_length` in `f32`, `t` the position less `o`.
fn core(s: &Shape3, o: Vec3) -> (DVec3, DVec3) {
    let Shape3::Capsule(c) = s else {
        unreachable!("capsules only")
    };
    let t = s.pose().position() - o;
    let h = s.pose().matrix().x_axis * c.half_length();
    ((t - h).as_dvec3(), (t + h).as_dvec3())
}

/// Distance from `x` to the segment `[p, q]`, `f64`.
fn point_segment(x: DVec3, p: DVec3, q: DVec3) -> f64 {
    let d = q - p;
    let l = d.length_squared();
    let s = if l > 0.0 {
        ((x - p).dot(d) / l).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (x - (p + d * s)).length()
}

/// The distance of two segments: golden-section search over the first's
/// parameter (the distance to a convex set is convex along a segment),
/// both ends included.
fn segments(p1: DVec3, q1: DVec3, p2: DVec3, q2: DVec3) -> f64 {
    let f = |s: f64| point_segment(p1 + (q1 - p1) * s, p2, q2);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if f(x1) <= f(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    f(lo).min(f(hi)).min(f(0.0)).min(f(1.0))
}

/// `intersects`, `distance` (0 when touching), the SAT and `penetration`
/// give one answer for `(a, b)` and for `(b, a)`; each disagreement is
/// pushed to `fails` under `w`.
fn one_answer(a: &Shape3, b: &Shape3, w: &str, fails: &mut Vec<String>) {
    for (x, y) in [(a, b), (b, a)] {
        let hit = intersects(x, y);
        let d = distance(x, y).distance;
        let one = [d == 0.0, sat_intersects(x, y), penetration(x, y).is_some()];
        if one.iter().any(|&v| v != hit) {
            fails.push(format!(
                "{w}: {:?} first: intersects {hit}, distance {d:e}, sat/penetration {:?}",
                x.kind(),
                &one[1..]
            ));
        }
    }
}

struct Case {
    a: Shape3,
    b: Shape3,
    /// The exact gap of the `f32` data (A's frame), world units.
    truth: f64,
    /// The pieces' reach from A's position.
    magnitude: f64,
    /// Both radii.
    radii: f64,
    what: String,
}

/// Two capsules of about `size` at about `far` from the origin, B's core
/// turned `angle` rad from A's and crossing it (in projection) near both
/// middles, B's radius set so that the gap is about `target`.
fn case(rng: &mut Rng, size: f32, far: f32, angle: f32, target: f64) -> Case {
    let pa = rng.vec(-1.0, 1.0) * far;
    let rot_a = rng.rotation();
    let (ha, ra) = (size, 0.3 * size);
    let u = rot_a * Vec3::X;
    let w = u.any_orthonormal_vector();
    let rot_b = Quat::from_axis_angle(w, angle) * rot_a;
    let n = w.cross(u).normalize();
    let slide = u * (rng.range(-0.3, 0.3) as f32 * size);
    let pb = pa + n * (0.9 * size) + slide;
    let hb = 1.3 * size;
    let a = capsule(pa, rot_a, ha, ra);
    let probe = capsule(pb, rot_b, hb, 0.1 * size);
    let (p1, q1) = core(&a, pa);
    let (p2, q2) = core(&probe, pa);
    let cores = segments(p1, q1, p2, q2);
    let rb = (cores - f64::from(ra) - target) as f32;
    let b = capsule(pb, rot_b, hb, rb);
    let truth = cores - f64::from(ra) - f64::from(rb);
    let magnitude =
        p1.length().max(q1.length()) + p2.length().max(q2.length()) + f64::from(ra) + f64::from(rb);
    Case {
        a,
        b,
        truth,
        magnitude,
        radii: f64::from(ra) + f64::from(rb),
        what: format!("size {size} far {far} angle {angle:e} gap {truth:e}"),
    }
}

#[test]
fn capsule_verdicts_near_the_tolerance_are_decided_by_the_closed_form_and_agree() {
    let mut rng = Rng(2611);
    let mut fails = vec![];
    let (mut closed, mut counted) = (0, 0);
    for size in [1e-3f32, 1.0, 1e3] {
        for far in [0.0f32, 50.0, 5000.0] {
            for angle in [0.3f32, 1e-3, 5e-6, 0.0] {
                for k in [0.5, 0.95, 0.999, 1.001, 1.05] {
                    let c = case(&mut rng, size, far, angle, k * TOL);
                    let w = &c.what;
                    one_answer(&c.a, &c.b, w, &mut fails);
                    // GJK's allowance and the closed form's, with room,
                    // and the rounding of the `f32` distance (`ε₃₂` of the
                    // core distance: 1e-4 at size 1e3).
                    let cores = c.truth + c.radii;
                    let band = 4e-9 * c.magnitude + 1.2e-7 * cores + 1e-12;
                    let hit = intersects(&c.a, &c.b);
                    if (c.truth - TOL).abs() > band && hit != (c.truth <= TOL) {
                        fails.push(format!("{w}: intersects {hit} against the truth"));
                    }
                    // Cores 1e-6 rad or more from parallel: the closed
                    // form decides everything clear of its band.
                    if angle >= 1e-3 && (c.truth - TOL).abs() > band {
                        counted += 1;
                        if decided_by(&c.a, &c.b) == "closed form" {
                            closed += 1;
                        } else {
                            fails.push(format!("{w}: decided by {}", decided_by(&c.a, &c.b)));
                        }
                    }
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert!(
        counted >= 50,
        "only {counted} of 90 cases clear of the band"
    );
    assert_eq!(closed, counted);
}

/// A sphere of radius about `size / 2` beside a face of a box of about
/// `size` (thin when `thin`), turned at random, at about `far` from the
/// origin, its centre `target` plus the radius off the face (in the
/// face's middle, or beyond an edge when `corner`). Returns the shapes,
/// the gap of the `f32` data by the clamp in `f64` (the definition: the
/// box's frame is its `f32` columns) and the pair's magnitude.
fn sphere_case(
    rng: &mut Rng,
    size: f32,
    far: f32,
    target: f64,
    thin: bool,
    corner: bool,
) -> (Shape3, Shape3, f64, f64) {
    let pb = rng.vec(-1.0, 1.0) * far;
    let rot = rng.rotation();
    let h = if thin {
        Vec3::new(0.5, 0.02, 0.4) * size
    } else {
        Vec3::new(0.5, 0.3, 0.4) * size
    };
    let r = 0.5 * size;
    let m = Mat3Of::from_quat(rot);
    let across = if corner {
        Vec3::new(0.0, h.y, h.z) + Vec3::new(0.0, 1.0, 1.0) * (0.01 * size)
    } else {
        Vec3::new(0.0, 0.3 * h.y, -0.2 * h.z)
    };
    let local = Vec3::new(h.x + r + target as f32, across.y, across.z);
    let pa = pb + m * local;
    let boxed = Shape3::Obb(
        Obb3::new(Pose3::new(ShapeKind3::Obb, pb, rot).expect("valid pose"), h).expect("valid box"),
    );
    // The centre's distance from the box as the data make it: the sphere's
    // centre is A's position (0), the box's centre `pb − pa` in `f32`, as
    // the library forms them; the radius then sets the gap.
    let bm = boxed.pose().matrix();
    let rel = -(pb - pa).as_dvec3();
    let cols = [bm.x_axis, bm.y_axis, bm.z_axis].map(|c| c.as_dvec3());
    let l = DVec3::new(cols[0].dot(rel), cols[1].dot(rel), cols[2].dot(rel));
    let hd = h.as_dvec3();
    let core = (l - l.clamp(-hd, hd)).length();
    let r = (core - target) as f32;
    let sphere = Shape3::Sphere(
        Sphere::new(
            Pose3::new(ShapeKind3::Sphere, pa, Quat::IDENTITY).expect("valid pose"),
            r,
        )
        .expect("valid sphere"),
    );
    let magnitude = rel.length() + hd.element_sum() + f64::from(r);
    (sphere, boxed, core - f64::from(r), magnitude)
}

type Mat3Of = glam::Mat3;

#[test]
fn a_sphere_and_a_box_near_the_tolerance_get_one_verdict_at_every_scale() {
    let mut rng = Rng(2612);
    let mut fails = vec![];
    let mut near = 0;
    for size in [1e-3f32, 1.0, 1e3] {
        for far in [0.0f32, 50.0, 5000.0] {
            for (thin, corner) in [(false, false), (true, false), (true, true)] {
                for k in [0.0, 0.5, 0.95, 0.999, 1.001, 1.05, 2.0] {
                    let (s, b, gap, mag) = sphere_case(&mut rng, size, far, k * TOL, thin, corner);
                    let w =
                        format!("size {size} far {far} thin {thin} corner {corner} gap {gap:e}");
                    one_answer(&s, &b, &w, &mut fails);
                    for (x, y) in [(&s, &b), (&b, &s)] {
                        let d = distance(x, y).distance;
                        if !intersects(x, y) && f64::from(d) <= TOL {
                            fails.push(format!("{w}: apart at distance {d:e}"));
                        }
                    }
                    // The verdict is the definition's to `f64` rounding.
                    if (gap - TOL).abs() > 1e-12 * mag {
                        let hit = intersects(&s, &b);
                        if hit != (gap <= TOL) {
                            fails.push(format!("{w}: intersects {hit} against the gap"));
                        }
                    }
                    if (gap - TOL).abs() < 1e-3 * TOL {
                        near += 1;
                    }
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert!(near >= 20, "only {near} cases within 1e-3 of the tolerance");
}

/// A triangle lying face-on over a box's +x face (turned with the box, its
/// corners inside the face), `target` from it: the triangle, the box, the
/// gap of the data as `distance` reads them (the triangle's position the
/// frame origin: its corners `m v` in `f32`, the box's centre `pb − pt`
/// and `f32` columns) by the face plane in `f64`, and the magnitude.
fn face_on_case(rng: &mut Rng, size: f32, far: f32, target: f64) -> (Shape3, Shape3, f64, f64) {
    use satlab::geom3d::Triangle3;
    let pb = rng.vec(-1.0, 1.0) * far;
    let rot = rng.rotation();
    let m = glam::Mat3::from_quat(rot);
    let local = [
        Vec3::new(0.0, 0.3, 0.2),
        Vec3::new(0.0, -0.2, 0.3),
        Vec3::new(0.0, 0.1, -0.3),
    ]
    .map(|v| v * size);
    let pt = pb + m * Vec3::new(1.0 * size + target as f32, 0.05 * size, -0.05 * size);
    let tri = Shape3::Triangle(
        Triangle3::new(
            Pose3::new(ShapeKind3::Triangle, pt, rot).expect("valid pose"),
            local,
        )
        .expect("valid triangle"),
    );
    let boxed = |hx: f32| {
        Shape3::Obb(
            Obb3::new(
                Pose3::new(ShapeKind3::Obb, pb, rot).expect("valid pose"),
                Vec3::new(hx, size, size),
            )
            .expect("valid box"),
        )
    };
    let probe = boxed(size);
    let bm = probe.pose().matrix();
    let cols = [bm.x_axis, bm.y_axis, bm.z_axis].map(|c| c.as_dvec3());
    let n = cols[1].cross(cols[2]).normalize();
    let tm = tri.pose().matrix();
    let q = local.map(|v| (tm * v).as_dvec3());
    let c = (pb - pt).as_dvec3();
    let low = q
        .iter()
        .map(|p| (*p - c).dot(n))
        .fold(f64::INFINITY, f64::min);
    let hx = ((low - target) / cols[0].dot(n)) as f32;
    let gap = low - f64::from(hx) * cols[0].dot(n);
    let magnitude = c.length() + 2.2 * f64::from(size);
    (tri, boxed(hx), gap, magnitude)
}

/// A triangle face-on over a box within the tolerance: the 13 axes'
/// largest gap lies in `(0, tol)`, only a lower bound of the distance, so
/// the closed form asked GJK; a pair of points (since issue 27, the
/// certified closest pair of `distance`'s closed form) now decides, with
/// the answer `distance`, the SAT and
/// `penetration` give, in both orders, at sizes 1e-3 to 1e3 and positions
/// to ±5000.
#[test]
fn a_triangle_face_on_over_a_box_is_decided_by_a_pair_of_points() {
    let mut rng = Rng(2613);
    let mut fails = vec![];
    let mut closed = 0;
    for size in [1e-3f32, 1.0, 1e3] {
        for far in [0.0f32, 50.0, 5000.0] {
            for k in [0.3, 0.5, 0.8, 0.95, 1.05, 1.5] {
                let (t, b, gap, mag) = face_on_case(&mut rng, size, far, k * TOL);
                let w = format!("size {size} far {far} gap {gap:e} (target {k} tol)");
                one_answer(&t, &b, &w, &mut fails);
                let hit = intersects(&t, &b);
                if (gap - TOL).abs() > 4e-9 * mag + 1e-12 && hit != (gap <= TOL) {
                    fails.push(format!("{w}: intersects {hit} against the gap"));
                }
                // (In the triangle's frame, where the gap is known: from the
                // box's, the triangle's corners are other `f32` numbers.)
                // Since issue 27's certified triangle–box distance, the band
                // asks that distance, itself a closed form here.
                if gap > 0.0 && gap < TOL - 4e-9 * mag - 1e-12 {
                    let path = (decided_by(&t, &b), distance_decided_by(&t, &b));
                    if path.0 == "closed form" || path.1.starts_with("closed form") {
                        closed += 1;
                    } else {
                        fails.push(format!("{w}: decided by {path:?}"));
                    }
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert!(closed >= 25, "only {closed} decided by the closed form");
}

/// A hull (a square slab of eight corners) lying face-on over a box's +x
/// face, turned with it, 0.3 to 0.95 of the tolerance from it at sizes
/// 1e-3 to 1e3 and positions to ±5000: `intersects` (GJK with early exits),
/// `distance`, the SAT and `penetration` (GJK stopping at a lower bound)
/// give one answer in both orders. A hull's supports pick the largest of
/// its corners' `f32` dot products, which near a tie (four corners level
/// with the face) may pick one a few `ε₃₂` of its size short, and a lower
/// bound of the distance allows for it (`Piece::scan_slack`; the unit test
/// beside it shows the shortfall). These cases agreed before that allowance
/// too: the corners of this slab are tied exactly, not within rounding.
#[test]
fn a_hull_face_on_over_a_box_gets_one_answer() {
    use satlab::geom3d::Hull3;
    let mut rng = Rng(2614);
    let mut fails = vec![];
    for size in [1e-3f32, 1.0, 1e3, 1e3, 1e3, 1e3] {
        for far in [0.0f32, 50.0, 5000.0] {
            for k in [
                0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.05, 0.2, 0.4, 0.6, 0.85,
            ] {
                let pb = rng.vec(-1.0, 1.0) * far;
                let rot = rng.rotation();
                let m = glam::Mat3::from_quat(rot);
                let corners: Vec<Vec3> = (0..8)
                    .map(|i| {
                        let s = |b: usize| if i >> b & 1 == 1 { 1.0 } else { -1.0 };
                        Vec3::new(0.05 * s(0) + 0.05, 0.3 * s(1), 0.3 * s(2)) * size
                    })
                    .collect();
                let ph = pb + m * Vec3::new(size + (k * TOL) as f32, 0.1 * size, 0.0);
                let hull = Shape3::Hull(
                    Hull3::new(
                        Pose3::new(ShapeKind3::Hull, ph, rot).expect("valid pose"),
                        &corners,
                        false,
                    )
                    .expect("valid hull"),
                );
                let boxed = Shape3::Obb(
                    Obb3::new(
                        Pose3::new(ShapeKind3::Obb, pb, rot).expect("valid pose"),
                        Vec3::splat(size),
                    )
                    .expect("valid box"),
                );
                let w = format!("size {size} far {far} target {k} tol");
                one_answer(&hull, &boxed, &w, &mut fails);
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
