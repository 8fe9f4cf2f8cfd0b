//! The GJK ray cast that decides `geom3d::time_of_impact3` for polytope
//! pairs, held to the swept SAT (`swept_sat3`, the report's exact table)
//! on random box and hull pairs at scales 1e-3 to 1e3 with positions to
//! ±5000, and to hand-made grazes, motions parallel to a face, zero motion
//! and pairs overlapping at the start.
//!
//! Bound: both answer on the same `f32` pieces (relative to A's position).
//! The sweep projects in `f32`, so its entry times are off by a few `f32`
//! roundings of the pieces' magnitude `M` (the pair's reach from A's
//! position: separation, sizes and motion); the ray cast works in `f64`
//! to `1e-10` of its supports' size. They must agree to `BOUND · M` in
//! distance: `|t_ray − t_sweep| · |v · n| ≤ BOUND · M` (`n` the impact
//! normal, `v` the relative motion: a grazing approach moves `t` far for a
//! small change of distance), and where one calls a graze a touch and the
//! other a miss, the f64 referee (parry3d-f64) must find the pair within
//! `BOUND · M` of touching at the time given.

use crate::common3d::*;
use satlab::geom3d::{
    intersects, swept_sat3, time_of_impact3, Aabb3, Impact3, ImpactPath3, Pose3, Shape3,
    ShapeKind3, Vec3,
};

/// Agreement in distance per unit of the pieces' magnitude.
const BOUND: f64 = 1e-5;

/// A random box (a third of them thin: one side 1 % of the others) or a
/// hull of 12 points, sizes about 0.2 to 2.
fn polytope(rng: &mut Rng, hull: bool) -> Local {
    if hull {
        return random_local(ShapeKind3::Hull, rng);
    }
    let mut h = rng.vec(0.1, 1.0);
    if rng.chance(1.0 / 3.0) {
        h[rng.below(3)] = (h.max_element() * 0.01).max(1e-3);
    }
    Local::Obb(h)
}

/// A moving pair as `geom3d_cast` places them (B 2 to 7 away heading for
/// A, a sideways jitter, A moving half the time), every length times `k`,
/// both moved by `shift`.
fn moving_pair(
    rng: &mut Rng,
    hulls: (bool, bool),
    k: f32,
    shift: Vec3,
) -> (Sample, Vec3, Sample, Vec3) {
    let (la, lb) = (
        polytope(rng, hulls.0).scaled(k),
        polytope(rng, hulls.1).scaled(k),
    );
    let pa = rng.vec(-4.0, 4.0) * k;
    let pb = pa + rng.unit() * (rng.range(2.0, 7.0) as f32 * k);
    let vb = (pa - pb) * rng.range(0.3, 1.6) as f32 + rng.unit() * (rng.range(0.0, 1.5) as f32 * k);
    let va = if rng.chance(0.5) {
        rng.vec(-1.0, 1.0) * k
    } else {
        Vec3::ZERO
    };
    let a = build(&la, pa + shift, rng.rotation());
    let b = build(&lb, pb + shift, rng.rotation());
    (a, va, b, vb + va)
}

/// The pieces' magnitude relative to A's position over the motion.
fn magnitude(a: &Sample, b: &Sample, v: Vec3, k: f32) -> f64 {
    f64::from((b.pos - a.pos).length() + v.length() + 8.0 * k)
}

/// The referee's signed distance with both moved to `t`.
fn signed_at(a: &Sample, va: Vec3, b: &Sample, vb: Vec3, t: f32) -> f64 {
    parry64_signed(&a.at(a.pos + va * t), &b.at(b.pos + vb * t))
}

/// The complaint, if any, about the ray cast's answer against the sweep's.
/// `Ok` with the ray cast's answer and the disagreement in units of `M`.
fn compare(
    a: &Sample,
    va: Vec3,
    b: &Sample,
    vb: Vec3,
    k: f32,
) -> Result<(Option<Impact3>, f64), String> {
    let hit = time_of_impact3(&a.shape, va, &b.shape, vb);
    if intersects(&a.shape, &b.shape) {
        return match hit {
            Some(h) if h.t == 0.0 && h.path == ImpactPath3::AtRest => Ok((hit, 0.0)),
            _ => Err(format!("intersecting at the start, but {hit:?}")),
        };
    }
    let sweep = swept_sat3(&a.shape, va, &b.shape, vb).ok_or("a box or hull pair not swept")?;
    let v = vb - va;
    let m = magnitude(a, b, v, k);
    let bound = BOUND * m;
    match (hit, sweep.toi) {
        (None, None) => Ok((None, 0.0)),
        (Some(h), Some(ts)) => {
            let off = f64::from((h.t - ts).abs()) * f64::from(v.dot(h.normal).abs());
            if off <= bound {
                Ok((hit, off / m))
            } else {
                Err(format!(
                    "ray {h:?}, sweep t = {ts}: {off:e} apart, bound {bound:e}"
                ))
            }
        }
        (Some(h), None) => {
            let sd = signed_at(a, va, b, vb, h.t);
            if sd.abs() <= bound {
                Ok((hit, sd.abs() / m))
            } else {
                Err(format!(
                    "ray {h:?}, sweep a miss; referee {sd:e} at the hit"
                ))
            }
        }
        (None, Some(ts)) => {
            let sd = signed_at(a, va, b, vb, ts);
            if sd.abs() <= bound {
                Ok((None, sd.abs() / m))
            } else {
                Err(format!("ray a miss, sweep t = {ts}; referee {sd:e} there"))
            }
        }
    }
}

#[test]
fn the_ray_cast_agrees_with_the_swept_sat_at_every_scale_and_far_away() {
    let mut fails = Failures::new("ray cast against swept SAT");
    let mut rng = Rng(0x7A7_CA57);
    let (mut hits, mut ray, mut cases, mut worst) = (0, 0, 0, 0.0f64);
    for hulls in [(false, false), (false, true), (true, false), (true, true)] {
        for i in 0..1000 {
            let k = rng.log_range(1e-3, 1e3) as f32;
            let shift = if rng.chance(0.5) {
                rng.vec(-5000.0, 5000.0)
            } else {
                Vec3::ZERO
            };
            let (a, va, b, vb) = moving_pair(&mut rng, hulls, k, shift);
            let r = compare(&a, va, &b, vb, k);
            cases += 1;
            if let Ok((hit, off)) = &r {
                worst = worst.max(*off);
                if let Some(h) = hit {
                    hits += usize::from(h.t > 0.0);
                    ray += usize::from(h.path == ImpactPath3::RayCast);
                }
            }
            fails.check(r.is_ok(), || {
                format!("{hulls:?} #{i} scale {k}: {r:?}; {a:?} {va} {b:?} {vb}")
            });
        }
    }
    fails.finish();
    eprintln!(
        "{cases} pairs, {hits} hits after t = 0, {ray} decided by the ray cast; \
         largest disagreement with the sweep {worst:e} of the magnitude"
    );
    // The ray cast decides nearly every hit (the sweep only where it stalls).
    assert!(
        hits > cases / 3 && ray * 100 >= hits * 99,
        "{ray} of {hits}"
    );
}

fn aabb(c: Vec3, h: Vec3) -> Shape3 {
    Shape3::Aabb(Aabb3::new(Pose3::at(c), h).unwrap())
}

/// A unit box at `o` and a half-size box `k` to the left and `lift` above
/// its top, sliding right by `10 k`: B's right face meets A's left one at
/// t = 0.35 when `lift` < 0, and passes over it when `lift` > 0.
fn slide(k: f32, o: Vec3, lift: f32) -> (Shape3, Shape3, Vec3) {
    let a = aabb(o, Vec3::splat(k));
    let b = aabb(
        o + Vec3::new(-5.0 * k, 1.5 * k + lift, 0.0),
        Vec3::splat(0.5 * k),
    );
    (a, b, Vec3::new(10.0 * k, 0.0, 0.0))
}

#[test]
fn grazes_touch_or_miss_by_their_sign_at_every_scale() {
    for k in [1.0f32 / 1024.0, 1.0, 1024.0] {
        // Far away by as much as the f32 grid leaves the lift resolved.
        for o in [Vec3::ZERO, Vec3::new(4096.0, -2048.0, 4096.0) * k.min(1.0)] {
            // Missing by a hundredth of the size, and scraping by as much.
            let (a, b, v) = slide(k, o, 1e-2 * k);
            assert_eq!(time_of_impact3(&a, Vec3::ZERO, &b, v), None, "{k} {o}");
            assert_eq!(swept_sat3(&a, Vec3::ZERO, &b, v).unwrap().toi, None);
            let (a, b, v) = slide(k, o, -1e-2 * k);
            let h = time_of_impact3(&a, Vec3::ZERO, &b, v).unwrap();
            let s = swept_sat3(&a, Vec3::ZERO, &b, v).unwrap().toi.unwrap();
            assert_eq!(h.path, ImpactPath3::RayCast, "{h:?}");
            assert!(
                (h.t - 0.35).abs() < 1e-5 && (s - 0.35).abs() < 1e-5,
                "{h:?} {s}"
            );
            assert!(h.normal.distance(-Vec3::X) < 1e-6, "{h:?}");
        }
    }
}

#[test]
fn motion_parallel_to_a_face_and_zero_motion() {
    for k in [1.0 / 1024.0, 1.0, 1024.0] {
        let a = aabb(Vec3::ZERO, Vec3::splat(k));
        // Beside A (x-gap 0.5 k), sliding along y past its +x face: a miss.
        let b = aabb(
            Vec3::new(2.0 * k, -5.0 * k, 0.0),
            Vec3::new(0.5, 1.0, 1.0) * k,
        );
        let v = Vec3::new(0.0, 10.0 * k, 0.0);
        assert_eq!(time_of_impact3(&a, Vec3::ZERO, &b, v), None, "{k}");
        assert_eq!(swept_sat3(&a, Vec3::ZERO, &b, v).unwrap().toi, None);
        // Above A, overlapping it in x and z, sliding along x while falling:
        // the part parallel to the top face changes nothing; B's bottom
        // (at 2 k, A's top at k) meets it at 0.25.
        let b = aabb(Vec3::new(-0.5 * k, 3.0 * k, 0.5 * k), Vec3::splat(k));
        let v = Vec3::new(2.0 * k, -4.0 * k, 0.0);
        let h = time_of_impact3(&a, Vec3::ZERO, &b, v).unwrap();
        assert_eq!((h.t, h.path), (0.25, ImpactPath3::RayCast), "{h:?}");
        assert_eq!(h.normal, Vec3::Y);
        // Zero motion: apart stays apart; no other path is asked.
        assert_eq!(time_of_impact3(&a, Vec3::ZERO, &b, Vec3::ZERO), None);
        let v = Vec3::splat(0.3 * k);
        assert_eq!(time_of_impact3(&a, v, &b, v), None);
    }
}

#[test]
fn pairs_overlapping_or_touching_at_the_start_are_t_zero() {
    let mut rng = Rng(0x0E71A9);
    for i in 0..300 {
        let k = rng.log_range(1e-3, 1e3) as f32;
        let (la, lb) = (
            polytope(&mut rng, i % 2 == 0),
            polytope(&mut rng, i % 3 == 0),
        );
        let (la, lb) = (la.scaled(k), lb.scaled(k));
        let shift = rng.vec(-5000.0, 5000.0);
        let a = build(&la, shift, rng.rotation());
        // B's centre within 0.2 k of A's: overlapping.
        let b = build(&lb, shift + rng.vec(-0.2, 0.2) * k, rng.rotation());
        assert!(intersects(&a.shape, &b.shape), "#{i}");
        for v in [Vec3::ZERO, rng.unit() * 10.0 * k] {
            let h = time_of_impact3(&a.shape, Vec3::ZERO, &b.shape, v).unwrap();
            assert_eq!((h.t, h.path), (0.0, ImpactPath3::AtRest), "#{i} {h:?}");
        }
    }
    // Touching within the contact tolerance, moving apart or together.
    let a = aabb(Vec3::ZERO, Vec3::ONE);
    let b = aabb(Vec3::new(0.0, 2.00005, 0.0), Vec3::ONE);
    for v in [Vec3::Y, -Vec3::Y, Vec3::X] {
        let h = time_of_impact3(&a, Vec3::ZERO, &b, v).unwrap();
        assert_eq!((h.t, h.path), (0.0, ImpactPath3::AtRest), "{h:?}");
    }
}
