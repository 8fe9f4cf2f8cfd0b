//! 3D EPA against the SAT's least overlap (issue 27 items 3 and 4): the
//! depth `penetration` takes from EPA, and the one `epa_traced` records for
//! every pair, agree with `sat_penetration` (the SAT report's depth) within
//! a tolerance proportional to the shapes' size, over random poses of every
//! polytope pair at scales 1e-3 to 1e3, positions to ±5000, thin boxes and
//! nearly parallel faces; and the traces of GJK and EPA in 3D.

use crate::common3d::{build, Local, Rng, Sample};
use satlab::geom3d::{
    distance, epa_traced, gjk_traced, intersects, penetration, penetration_decided_by,
    sat_penetration, EpaTrace3, GjkTrace3, Quat, Vec3,
};
use std::collections::BTreeMap;

/// The polytope kinds (and two rounded ones against hulls).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Hull,
    Box,
    ThinBox,
    Aabb,
    Triangle,
    Capsule,
    Sphere,
}

const POLYTOPES: [Kind; 5] = [
    Kind::Hull,
    Kind::Box,
    Kind::ThinBox,
    Kind::Aabb,
    Kind::Triangle,
];

/// A local shape of kind `k` about `s` across.
fn local(k: Kind, s: f32, rng: &mut Rng) -> Local {
    match k {
        Kind::Hull => {
            let n = 4 + (rng.f() * 37.0) as usize;
            let sides = rng.vec(0.1, 1.0) * s;
            loop {
                let pts: Vec<Vec3> = (0..n).map(|_| rng.vec(-1.0, 1.0) * sides).collect();
                let pose = satlab::geom3d::Pose3::at(Vec3::ZERO);
                if satlab::geom3d::Hull3::new(pose, &pts, false).is_ok() {
                    return Local::Hull(pts);
                }
            }
        }
        Kind::Box => Local::Obb(rng.vec(0.1, 1.0) * s),
        Kind::Aabb => Local::Aabb(rng.vec(0.1, 1.0) * s),
        Kind::ThinBox => {
            let mut h = rng.vec(0.2, 1.0) * s;
            h.z *= rng.range(0.01, 0.05) as f32;
            Local::Obb(h)
        }
        Kind::Triangle => loop {
            let v = [
                rng.vec(-1.0, 1.0) * s,
                rng.vec(-1.0, 1.0) * s,
                rng.vec(-1.0, 1.0) * s,
            ];
            if (v[1] - v[0]).cross(v[2] - v[0]).length() > 0.05 * s * s {
                return Local::Triangle(v);
            }
        },
        Kind::Capsule => Local::Capsule(rng.range(0.2, 1.0) as f32 * s, 0.1 * s),
        Kind::Sphere => Local::Sphere(rng.range(0.1, 0.8) as f32 * s),
    }
}

/// A pair of kinds at one scale (1e-3 to 1e3), A anywhere within ±5000, B
/// overlapping it or near it; a third of them with B turned from A by at
/// most 1e-3 rad (nearly parallel faces).
fn pair(ka: Kind, kb: Kind, rng: &mut Rng) -> (Sample, Sample, f32) {
    let s = 10f64.powf(rng.range(-3.0, 3.0)) as f32;
    let (la, lb) = (local(ka, s, rng), local(kb, s, rng));
    let far = if rng.chance(0.5) {
        5000.0
    } else {
        10.0 * f64::from(s)
    };
    let pos = rng.vec(-far, far);
    let rot = rng.rotation();
    let rb = if rng.chance(1.0 / 3.0) {
        let tiny = 10f64.powf(rng.range(-6.0, -3.0)) as f32;
        rot * Quat::from_axis_angle(rng.unit(), tiny)
    } else {
        rng.rotation()
    };
    let off = rng.unit() * s * rng.range(0.0, 1.5) as f32;
    (build(&la, pos, rot), build(&lb, pos + off, rb), s)
}

/// How far the size-proportional tolerance lets EPA's depth be from the
/// SAT's: both measure the same `f32` data, the SAT in `f32` projections
/// (about 1e-6 of the pieces' reach) and skipping edge pairs under 1e-5
/// from parallel (a facet at most 1e-5 of the size wide). Measured: at
/// most 4.4e-7 of the scale over this file's 10,550 depths.
fn tolerance(s: f32) -> f32 {
    1e-5 * s
}

#[test]
fn epa_depth_agrees_with_sat_least_overlap() {
    let mut rng = Rng(0xE9A3_0027);
    let mut routes: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut compared, mut worst) = (0, 0.0f32);
    let mut kinds: Vec<(Kind, Kind)> = Vec::new();
    for ka in POLYTOPES {
        for kb in POLYTOPES {
            kinds.push((ka, kb));
        }
    }
    for k in [Kind::Capsule, Kind::Sphere] {
        kinds.extend([(k, Kind::Hull), (Kind::Hull, k), (k, Kind::Triangle)]);
    }
    for &(ka, kb) in &kinds {
        for _ in 0..300 {
            let (a, b, s) = pair(ka, kb, &mut rng);
            let sat = sat_penetration(&a.shape, &b.shape);
            let fast = penetration(&a.shape, &b.shape);
            let mut trace = EpaTrace3::default();
            let traced = epa_traced(&a.shape, &b.shape, &mut trace);
            *routes.entry(trace.route).or_default() += 1;
            let what = format!("{ka:?}-{kb:?} at scale {s:e}: {a:?} {b:?}");
            let tol = tolerance(s);
            for (name, got) in [("penetration", fast), ("epa_traced", traced)] {
                match (sat, got) {
                    (Some(x), Some(y)) => {
                        let off = (x.depth - y.depth).abs();
                        worst = worst.max(off / s);
                        assert!(off <= tol, "{name} {} vs SAT {}: {what}", y.depth, x.depth);
                        compared += 1;
                    }
                    (None, None) => {}
                    (x, y) => {
                        // Only in the contact band may the verdicts differ.
                        let d = distance(&a.shape, &b.shape).distance;
                        assert!(d < 1e-3 * s, "{name} {y:?} vs SAT {x:?}: {what}");
                    }
                }
            }
            if let Some(p) = fast {
                let dir = if p.depth > 0.0 {
                    p.mtv / p.depth
                } else {
                    p.axis
                };
                // Past the tolerance, and past the f32 rounding of B's
                // position (an ulp at 5000 is 5e-4).
                let ulp = 4.0 * f32::EPSILON * b.pos.abs().max_element();
                let out = b.at(b.pos + p.mtv + dir * (3e-4 + 1e-3 * s + ulp));
                assert!(
                    !intersects(&a.shape, &out.shape),
                    "the MTV {p:?} does not separate: {what}"
                );
            }
        }
    }
    eprintln!("{compared} depths compared, worst |EPA − SAT| / scale {worst:e}; routes {routes:?}");
    assert!(compared > 4000, "{compared}");
    assert!(routes.get("EPA").copied().unwrap_or(0) > 2000, "{routes:?}");
}

/// Boxes placed so that one face of B lies a tiny angle off one face of A,
/// B pushed into A along A's face normal: the depth is known in closed form
/// up to the tilt's shadow, and EPA and the SAT agree.
#[test]
fn nearly_parallel_faces_at_every_scale() {
    let mut rng = Rng(7);
    for _ in 0..400 {
        let s = 10f64.powf(rng.range(-3.0, 3.0)) as f32;
        let rot = rng.rotation();
        let tilt = 10f64.powf(rng.range(-7.0, -3.0)) as f32;
        let rb = rot * Quat::from_axis_angle(rng.unit(), tilt);
        let (ha, hb) = (Vec3::new(1.0, 1.0, 0.02) * s, Vec3::new(0.5, 0.5, 0.5) * s);
        let depth = rng.range(0.01, 0.4) as f32 * s;
        let up = rot * Vec3::Z;
        let pos = rng.vec(-5000.0, 5000.0);
        let b_at = pos + up * (ha.z + hb.z - depth);
        let a = build(&Local::Obb(ha), pos, rot);
        let hull: Vec<Vec3> = (0..8)
            .map(|i| {
                let sgn = |k: i32| if i & k == 0 { -1.0 } else { 1.0 };
                Vec3::new(sgn(1) * hb.x, sgn(2) * hb.y, sgn(4) * hb.z)
            })
            .collect();
        let b = build(&Local::Hull(hull), b_at, rb);
        let sat = sat_penetration(&a.shape, &b.shape).expect("overlap");
        let epa = penetration(&a.shape, &b.shape).expect("overlap");
        let slack = tolerance(s) + 2.0 * tilt * s;
        assert!(
            (sat.depth - depth).abs() <= slack + 1e-6 * pos.length(),
            "{sat:?} vs {depth}"
        );
        assert!(
            (epa.depth - sat.depth).abs() <= tolerance(s),
            "EPA {epa:?} SAT {sat:?} at scale {s:e}, tilt {tilt:e}"
        );
        assert!(epa.axis.dot(up) > 0.99, "{epa:?} not along {up}");
    }
}

fn hull_at(pos: Vec3, rng: &mut Rng) -> Sample {
    let mut pts: Vec<Vec3> = Vec::new();
    for _ in 0..20 {
        pts.push(rng.unit() * 1.5);
    }
    build(&Local::Hull(pts), pos, rng.rotation())
}

#[test]
fn gjk_trace_walks_down_to_the_distance() {
    let mut rng = Rng(11);
    for _ in 0..50 {
        let a = hull_at(Vec3::new(1000.0, -2000.0, 30.0), &mut rng);
        let b = hull_at(a.pos + rng.unit() * 4.0, &mut rng);
        let mut t = GjkTrace3::default();
        let d = gjk_traced(&a.shape, &b.shape, &mut t).expect("bounded");
        let plain = distance(&a.shape, &b.shape);
        assert!(
            (d.distance - plain.distance).abs() <= 1e-5,
            "{d:?} vs {plain:?}"
        );
        assert!(!t.steps.is_empty());
        let lengths: Vec<f32> = t.steps.iter().map(|s| s.closest.length()).collect();
        assert!(
            lengths.windows(2).all(|w| w[1] <= w[0] * (1.0 + 1e-6)),
            "{lengths:?}"
        );
        let last = t.steps.last().expect("a step");
        if d.distance > 0.0 {
            assert!(
                (last.closest.length() - d.distance).abs() <= 1e-4,
                "{last:?} {d:?}"
            );
        }
        for s in &t.steps {
            assert!((1..=3).contains(&s.count), "{s:?}");
            // World support points: their difference is the new vertex,
            // whose projection on the direction is finite.
            let w = s.support_b - s.support_a;
            assert!(w.is_finite() && s.direction.length() > 0.0, "{s:?}");
            assert!(s.support_a.distance(a.pos) < 2.0 && s.support_b.distance(b.pos) < 2.0);
        }
    }
}

#[test]
fn epa_trace_grows_a_closed_polytope_towards_the_depth() {
    let mut rng = Rng(12);
    let mut seen = 0;
    for _ in 0..50 {
        let a = hull_at(rng.vec(-5000.0, 5000.0), &mut rng);
        let b = hull_at(a.pos + rng.unit() * 1.0, &mut rng);
        let mut t = EpaTrace3::default();
        let Some(p) = epa_traced(&a.shape, &b.shape, &mut t) else {
            continue;
        };
        assert!(!t.gjk.steps.is_empty() || t.route == "EPA");
        if t.route != "EPA" {
            continue;
        }
        seen += 1;
        let last = t.steps.last().expect("EPA steps");
        assert!((last.distance - p.depth).abs() <= 1e-4, "{last:?} {p:?}");
        assert!((p.axis + last.normal).length() < 1e-4, "{p:?} {last:?}");
        let mut prev = f32::NEG_INFINITY;
        for s in &t.steps {
            // The nearest plane only moves out, and the polytope is closed:
            // every edge is crossed once each way (Euler: V − E + F = 2).
            assert!(s.distance >= prev - 1e-5, "{prev} then {}", s.distance);
            prev = s.distance;
            assert!(s.nearest < s.triangles.len());
            let mut edges = std::collections::HashSet::new();
            for t in &s.triangles {
                for k in 0..3 {
                    assert!(edges.insert((t[k], t[(k + 1) % 3])), "edge twice");
                }
            }
            assert!(edges.iter().all(|&(i, j)| edges.contains(&(j, i))));
            let used: std::collections::HashSet<usize> =
                s.triangles.iter().flatten().copied().collect();
            assert_eq!(used.len() + s.triangles.len(), edges.len() / 2 + 2);
            assert!((s.support.dot(s.normal) - s.distance - s.gain).abs() <= 1e-3);
        }
        assert!(last.gain <= 1e-6 * last.support.length().max(1e-3));
        assert_eq!(penetration_decided_by(&a.shape, &b.shape), "EPA");
    }
    assert!(seen > 20, "{seen}");
}

#[test]
fn apart_spheres_and_boxes_say_their_route() {
    let s = |p: Vec3, r: f32| build(&Local::Sphere(r), p, Quat::IDENTITY);
    let (a, b) = (s(Vec3::ZERO, 1.0), s(Vec3::new(3.0, 0.0, 0.0), 1.0));
    let mut t = EpaTrace3::default();
    assert!(epa_traced(&a.shape, &b.shape, &mut t).is_none());
    assert_eq!(t.route, "GJK: apart");
    assert!(t.steps.is_empty());
    // Overlapping spheres: cores apart, the radii overlap by 0.5.
    let c = s(Vec3::new(1.5, 0.0, 0.0), 1.0);
    let p = penetration(&a.shape, &c.shape).expect("overlap");
    assert!((p.depth - 0.5).abs() < 1e-6 && (p.axis - Vec3::X).length() < 1e-6);
    assert_eq!(
        penetration_decided_by(&a.shape, &c.shape),
        "GJK: cores apart, radii overlap"
    );
    // A sphere whose centre is inside a box: out through the nearest face.
    let bx = build(
        &Local::Obb(Vec3::new(2.0, 1.0, 3.0)),
        Vec3::ZERO,
        Quat::IDENTITY,
    );
    let ball = s(Vec3::new(0.5, 0.75, 0.0), 0.5);
    let p = penetration(&bx.shape, &ball.shape).expect("inside");
    assert!(
        (p.depth - 0.75).abs() < 1e-6 && (p.axis - Vec3::Y).length() < 1e-6,
        "{p:?}"
    );
    let q = penetration(&ball.shape, &bx.shape).expect("inside");
    assert!(
        (q.depth - 0.75).abs() < 1e-6 && (q.axis + Vec3::Y).length() < 1e-6,
        "{q:?}"
    );
    assert_eq!(
        penetration_decided_by(&bx.shape, &ball.shape),
        "closed form (point in box)"
    );
    let sat = sat_penetration(&bx.shape, &ball.shape).expect("inside");
    assert!(
        (sat.depth - p.depth).abs() < 1e-6 && sat.axis == p.axis,
        "{sat:?}"
    );
}
