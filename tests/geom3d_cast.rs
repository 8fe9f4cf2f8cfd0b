//! Time of impact in 3D (`geom3d::time_of_impact3`, `swept_sat3`):
//! hand-worked cases, properties over random moving pairs of every bounded
//! kind, and a differential run against parry3d 0.31's `cast_shapes`.
//!
//! Placement (`moving_pair`): A at a random pose, B 2 to 7 units away; B
//! moves towards A's position by 0.3 to 1.6 times the gap between their
//! positions plus a sideways jitter (some pass by, some graze, some start
//! overlapping), and half the time A moves too.
//!
//! The referee is parry3d-f64's signed distance (`parry64_signed`); the
//! signed distance of two convex shapes under a translation is convex in
//! `t`, so its minimum over `[0, 1]` is found by golden-section search.
//! Tolerances (`tol`): the contact tolerance 1e-4 plus 2e-6 per unit of the
//! pair's reach (f32 rounding of the data and of the query), times the
//! scale of the case.
//!
//! Seeds: fixed ones, plus two fresh ones a run (printed on failure:
//! keep a failing one as a fixed case).

use crate::common3d;
use crate::kit::Failures;

use common3d::*;
use satlab::geom3d::query::cast::time_of_impact3_by_advancement;
use satlab::geom3d::{
    intersects, swept_sat3, time_of_impact3, Aabb3, Capsule3, Impact3, ImpactPath3, Obb3, Pose3,
    Quat, Ray3Shape, Shape3, ShapeKind3, Sphere, Vec3,
};

fn aabb(p: [f32; 3], h: [f32; 3]) -> Shape3 {
    Shape3::Aabb(Aabb3::new(Pose3::at(Vec3::from(p)), Vec3::from(h)).unwrap())
}

fn near(x: f32, y: f32, e: f32) -> bool {
    (x - y).abs() <= e
}

// ---------------------------------------------------------------- by hand

#[test]
fn a_box_falling_onto_a_box_touches_at_the_exact_time() {
    // Gap 5 − 1 − 1 = 3, closed at 6 a step: t = 0.5.
    let a = aabb([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = aabb([0.2, 5.0, -0.3], [1.0, 1.0, 1.0]);
    let h = time_of_impact3(&a, Vec3::ZERO, &b, Vec3::new(0.0, -6.0, 0.0)).unwrap();
    assert_eq!(h.t, 0.5);
    assert_eq!(h.path, ImpactPath3::RayCast);
    assert_eq!(h.normal, Vec3::Y);
    assert!(near(h.point.y, 1.0, 1e-5), "{h:?}");
    assert!(h.distance.abs() <= 1e-5, "{h:?}");
    // A rising to meet it: the relative motion is the same.
    let both =
        time_of_impact3(&a, Vec3::new(0.0, 3.0, 0.0), &b, Vec3::new(0.0, -3.0, 0.0)).unwrap();
    assert_eq!(both.t, 0.5);
    assert!(near(both.point.y, 2.5, 1e-5), "{both:?}");
}

#[test]
fn a_fast_box_tunnelling_through_a_thin_wall_is_caught() {
    // The wall x ∈ [4.95, 5.05]; B's right face 0.25 + 10 t meets it at t = 0.47.
    let wall = aabb([5.0, 0.0, 0.0], [0.05, 2.0, 2.0]);
    let b = aabb([0.0, 0.0, 0.0], [0.25, 0.25, 0.25]);
    let end = aabb([10.0, 0.0, 0.0], [0.25, 0.25, 0.25]);
    assert!(!intersects(&wall, &b) && !intersects(&wall, &end));
    let h = time_of_impact3(&wall, Vec3::ZERO, &b, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    assert!(near(h.t, 0.47, 1e-6), "{h:?}");
    assert_eq!(h.normal, -Vec3::X);
    assert_eq!(h.path, ImpactPath3::RayCast);
    // Turned 30° about z, the box's corner leads: x reach 0.25 (cos 30° + sin 30°).
    let turned = Shape3::Obb(
        Obb3::new(
            Pose3::new(
                ShapeKind3::Obb,
                Vec3::ZERO,
                Quat::from_rotation_z(30f32.to_radians()),
            )
            .unwrap(),
            Vec3::splat(0.25),
        )
        .unwrap(),
    );
    let reach = 0.25 * (30f32.to_radians().cos() + 30f32.to_radians().sin());
    let h = time_of_impact3(&wall, Vec3::ZERO, &turned, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    assert!(near(h.t, (4.95 - reach) / 10.0, 1e-6), "{h:?}");
}

#[test]
fn a_grazing_pass_misses() {
    // B's bottom at 1.01 passes over A's top at 1: a miss by 0.01.
    let a = aabb([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = aabb([-5.0, 1.51, 0.0], [0.5, 0.5, 0.5]);
    assert_eq!(
        time_of_impact3(&a, Vec3::ZERO, &b, Vec3::new(10.0, 0.0, 0.0)),
        None
    );
    let s = swept_sat3(&a, Vec3::ZERO, &b, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    assert_eq!(s.toi, None);
    let words = s.describe();
    assert!(words.contains("never touch"), "{words}");
    assert!(s.axes.iter().any(|x| x.never()), "{s:?}");
    // Lowered by 0.02 it scrapes A's top edge from t = (5 − 1.5) / 10.
    let low = aabb([-5.0, 1.49, 0.0], [0.5, 0.5, 0.5]);
    let h = time_of_impact3(&a, Vec3::ZERO, &low, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    assert!(near(h.t, 0.35, 1e-6), "{h:?}");
}

#[test]
fn a_sphere_falling_onto_a_box_by_advancement() {
    // Gap 4 − 0.5 − 1 = 2.5... the sphere at y = 5: 5 − 0.5 − 1 = 3.5 over 10.
    let a = aabb([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = Shape3::Sphere(Sphere::new(Pose3::at(Vec3::new(0.3, 5.0, 0.2)), 0.5).unwrap());
    let h = time_of_impact3(&a, Vec3::ZERO, &b, Vec3::new(0.0, -10.0, 0.0)).unwrap();
    assert_eq!(h.path, ImpactPath3::Advancement);
    assert!(near(h.t, 0.35, 1e-6), "{h:?}");
    assert!(h.normal.distance(Vec3::Y) < 1e-5, "{h:?}");
    assert!(h.point.distance(Vec3::new(0.3, 1.0, 0.2)) < 1e-4, "{h:?}");
    // Swapped: the same time, the normal the other way.
    let s = time_of_impact3(&b, Vec3::new(0.0, -10.0, 0.0), &a, Vec3::ZERO).unwrap();
    assert!(
        near(s.t, h.t, 1e-6) && s.normal.distance(-Vec3::Y) < 1e-5,
        "{s:?}"
    );
    assert_eq!(swept_sat3(&a, Vec3::ZERO, &b, Vec3::ZERO), None);
}

#[test]
fn a_capsule_falling_across_a_capsule() {
    // A along x (radius 0.5) at the origin; B along z (radius 0.25) at
    // y = 4 falling 4: the cores meet when 4 − 4 t = 0.75, t = 0.8125.
    let a = Shape3::Capsule(Capsule3::new(Pose3::at(Vec3::ZERO), 1.0, 0.5).unwrap());
    let turn = Quat::from_rotation_y(90f32.to_radians());
    let pose = Pose3::new(ShapeKind3::Capsule, Vec3::new(0.1, 4.0, 0.0), turn).unwrap();
    let b = Shape3::Capsule(Capsule3::new(pose, 1.0, 0.25).unwrap());
    let h = time_of_impact3(&a, Vec3::ZERO, &b, Vec3::new(0.0, -4.0, 0.0)).unwrap();
    assert_eq!(h.path, ImpactPath3::Advancement);
    assert!(near(h.t, 0.8125, 1e-6), "{h:?}");
    assert!(h.normal.distance(Vec3::Y) < 1e-5, "{h:?}");
    assert!(h.point.distance(Vec3::new(0.1, 0.5, 0.0)) < 1e-4, "{h:?}");
}

#[test]
fn touching_at_the_start_is_t_zero_and_rays_are_not_cast() {
    let a = aabb([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = aabb([0.0, 2.00005, 0.0], [1.0, 1.0, 1.0]);
    let h = time_of_impact3(&a, Vec3::ZERO, &b, Vec3::new(0.0, 9.0, 0.0)).unwrap();
    assert_eq!((h.t, h.path), (0.0, ImpactPath3::AtRest));
    assert!(
        h.normal.distance(Vec3::Y) < 1e-4 && h.distance > 0.0,
        "{h:?}"
    );
    let deep = aabb([0.0, 1.5, 0.0], [1.0, 1.0, 1.0]);
    let h = time_of_impact3(&a, Vec3::ZERO, &deep, Vec3::ZERO).unwrap();
    assert_eq!((h.t, h.normal, h.distance), (0.0, Vec3::Y, 0.0));
    let ray = Shape3::Ray(Ray3Shape::new(Pose3::at(Vec3::new(0.0, 5.0, 0.0)), None).unwrap());
    assert_eq!(
        time_of_impact3(&a, Vec3::ZERO, &ray, Vec3::new(0.0, -9.0, 0.0)),
        None
    );
    assert_eq!(
        time_of_impact3(&a, Vec3::NAN, &b, Vec3::ZERO),
        None,
        "a motion that is not finite"
    );
    // Motions whose difference overflows f32: half is cast, t doubled back.
    let far = aabb([0.0, 10.0, 0.0], [1.0, 1.0, 1.0]);
    let h = time_of_impact3(
        &a,
        Vec3::new(0.0, 3e38, 0.0),
        &far,
        Vec3::new(0.0, -3e38, 0.0),
    )
    .unwrap();
    assert!(near(h.t, 8.0 / 3e38 / 2.0, 1e-42), "{h:?}");
}

#[test]
fn the_swept_sat_report_names_the_latest_entry() {
    let wall = aabb([5.0, 0.0, 0.0], [0.05, 2.0, 2.0]);
    let b = aabb([0.0, 0.0, 0.0], [0.25, 0.25, 0.25]);
    let s = swept_sat3(&wall, Vec3::ZERO, &b, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    // 3 + 3 faces and the 6 crosses of edges not parallel (two AABBs).
    assert_eq!(s.axes.len(), 12);
    assert!(near(s.toi.unwrap(), 0.47, 1e-6), "{s:?}");
    let (t, i) = s.latest_entry;
    assert!(near(t, 0.47, 1e-6));
    assert_eq!(s.axes[i].source.describe(), "A face +x normal");
    assert!(near(s.earliest_exit.0, 0.53, 1e-6), "{s:?}");
    // Faces y and z lie across the motion: overlapping at every time.
    assert!(s.axes[1].enter == f32::NEG_INFINITY && s.axes[1].leave == f32::INFINITY);
    let words = s.describe();
    assert!(words.contains("first touch at t = 0.4700"), "{words}");
    assert!(s.axes[0]
        .describe()
        .contains("start to overlap at t = 0.4700"));
    assert!(s.axes[1].describe().contains("at every time"));
}

// ---------------------------------------------------------------- random

/// A moving pair (A, A's motion, B, B's motion) placed as the module doc says.
fn moving_pair(rng: &mut Rng, ka: ShapeKind3, kb: ShapeKind3) -> (Sample, Vec3, Sample, Vec3) {
    let (la, lb) = (random_local(ka, rng), random_local(kb, rng));
    let a = build(&la, rng.vec(-4.0, 4.0), rng.rotation());
    let b = build(
        &lb,
        a.pos + rng.unit() * rng.range(2.0, 7.0) as f32,
        rng.rotation(),
    );
    let vb = (a.pos - b.pos) * rng.range(0.3, 1.6) as f32 + rng.unit() * rng.range(0.0, 1.5) as f32;
    let va = if rng.chance(0.5) {
        rng.vec(-1.0, 1.0)
    } else {
        Vec3::ZERO
    };
    (a, va, b, vb + va)
}

/// The referee's signed distance with both moved to time `t`: the smaller
/// of parry3d-f64's two orders (its GJK once stopped 7.49 too far for a
/// triangle–box pair in one order only, see
/// `a_triangle_box_cast_the_f64_referee_gets_wrong`).
fn sd_at(a: &Sample, va: Vec3, b: &Sample, vb: Vec3, t: f64) -> f64 {
    let t = t as f32;
    let (a, b) = (a.at(a.pos + va * t), b.at(b.pos + vb * t));
    parry64_signed(&a, &b).min(parry64_signed(&b, &a))
}

/// The pair's reach from the origin over the motion (for the rounding).
fn reach(a: &Sample, va: Vec3, b: &Sample, vb: Vec3) -> f64 {
    let r = |s: &Sample, v: Vec3| (s.pos.length() + s.pos.abs().max_element() + v.length()) as f64;
    r(a, va) + r(b, vb) + 8.0
}

/// The smallest signed distance over `[0, 1]` (convex in `t`), by the
/// referee in one order (a wrong answer of parry's is one too far, which
/// only makes this lenient).
fn min_sd(a: &Sample, va: Vec3, b: &Sample, vb: Vec3) -> f64 {
    let sd_at = |a: &Sample, va: Vec3, b: &Sample, vb: Vec3, t: f64| {
        let t = t as f32;
        parry64_signed(&a.at(a.pos + va * t), &b.at(b.pos + vb * t))
    };
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..14 {
        let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if sd_at(a, va, b, vb, x1) <= sd_at(a, va, b, vb, x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    sd_at(a, va, b, vb, lo)
        .min(sd_at(a, va, b, vb, 0.0))
        .min(sd_at(a, va, b, vb, 1.0))
}

/// The first complaint about `hit` for the pair, judged by the referee
/// within `tol` world units.
fn judge(
    a: &Sample,
    va: Vec3,
    b: &Sample,
    vb: Vec3,
    hit: Option<Impact3>,
    tol: f64,
) -> Result<(), String> {
    let Some(h) = hit else {
        let m = min_sd(a, va, b, vb);
        return if m > -tol {
            Ok(())
        } else {
            Err(format!("no impact, but the signed distance reaches {m:e}"))
        };
    };
    let t = f64::from(h.t);
    if !(0.0..=1.0).contains(&t) || !h.normal.is_normalized() {
        return Err(format!("{h:?} out of range"));
    }
    let sd = sd_at(a, va, b, vb, t);
    if sd > tol || (t > 0.0 && sd < -tol) {
        return Err(format!("at t = {t} the signed distance is {sd:e}"));
    }
    if t == 0.0 {
        return Ok(());
    }
    // Before t apart, and approaching (a first touch, not an exit).
    for k in 0..8 {
        let s = t * f64::from(k) / 8.0;
        let d = sd_at(a, va, b, vb, s);
        if d < -tol || (t - s > 1e-3 && d < sd - tol) {
            return Err(format!(
                "before the impact ({t}), at {s}: {d:e} (at t: {sd:e})"
            ));
        }
    }
    // The normal points from A to B: moving B along it separates them.
    let pushed = parry64_signed(
        &a.at(a.pos + va * h.t),
        &b.at(b.pos + vb * h.t + h.normal * (100.0 * tol) as f32),
    );
    if pushed < sd + 10.0 * tol {
        return Err(format!(
            "pushing B along the normal {:?} leaves {pushed:e}",
            h.normal
        ));
    }
    Ok(())
}

/// Fixed seeds and two fresh ones.
fn seeds(fixed: &[u64]) -> Vec<u64> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64);
    let mut out = fixed.to_vec();
    out.extend((0..2).map(|k| now.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(k)));
    out
}

/// Every ordered pair of [`BOUNDED`], `per_pair` cases each, from `seed`.
fn each_case(
    seed: u64,
    per_pair: usize,
    mut f: impl FnMut(&mut Failures, (Sample, Vec3, Sample, Vec3), String),
) {
    let mut fails = Failures::new(&format!("time of impact, seed {seed}"));
    let mut rng = Rng(seed);
    for ka in BOUNDED {
        for kb in BOUNDED {
            for i in 0..per_pair {
                let case = moving_pair(&mut rng, ka, kb);
                f(&mut fails, case, format!("seed {seed}, {ka:?}–{kb:?} #{i}"));
            }
        }
    }
    fails.finish();
}

#[test]
fn impacts_touch_and_come_first_and_misses_never_touch() {
    for seed in seeds(&[1]) {
        each_case(seed, 2, |fails, (a, va, b, vb), name| {
            let tol = 1e-4 + 2e-6 * reach(&a, va, &b, vb);
            let hit = time_of_impact3(&a.shape, va, &b.shape, vb);
            let r = judge(&a, va, &b, vb, hit, tol);
            fails.check(r.is_ok(), || {
                format!("{name}: {r:?}; {a:?} {va} {b:?} {vb}")
            });
        });
    }
}

#[test]
fn swapping_a_and_b_flips_only_the_normal() {
    for seed in seeds(&[3]) {
        each_case(seed, 4, |fails, (a, va, b, vb), name| {
            let h = time_of_impact3(&a.shape, va, &b.shape, vb);
            let s = time_of_impact3(&b.shape, vb, &a.shape, va);
            let ok = match (h, s) {
                (None, None) => true,
                (Some(h), Some(s)) => {
                    let dt = f64::from((h.t - s.t).abs()) * f64::from((vb - va).length());
                    // The time agrees to the distance tolerance; the normals
                    // oppose (a corner against a corner may choose another
                    // face normal of equal entry, so only roughly).
                    dt <= 2e-4 && (h.t == 0.0 || h.normal.dot(s.normal) < -0.5)
                }
                _ => false,
            };
            fails.check(ok, || format!("{name}: {h:?} swapped {s:?}"));
        });
    }
}

/// `s` moved by `shift` with its position kept on a 2^-10 grid (so that
/// positions up to ±8192 stay exact in f32).
fn on_grid(s: &Sample, shift: Vec3) -> Sample {
    let g = |v: Vec3| (v * 1024.0).round() / 1024.0;
    s.at(g(s.pos) + shift)
}

#[test]
fn moving_everything_far_away_leaves_the_time_unchanged() {
    for seed in seeds(&[4]) {
        let mut rng = Rng(seed ^ 0xABCD);
        each_case(seed, 3, |fails, (a, va, b, vb), name| {
            let shift = rng.vec(-5000.0, 5000.0).round();
            let (a0, b0) = (on_grid(&a, Vec3::ZERO), on_grid(&b, Vec3::ZERO));
            let (a1, b1) = (on_grid(&a, shift), on_grid(&b, shift));
            let h = time_of_impact3(&a0.shape, va, &b0.shape, vb).map(|h| h.t);
            let s = time_of_impact3(&a1.shape, va, &b1.shape, vb).map(|h| h.t);
            // Relative to A's position both see the same f32 pieces.
            fails.check(h == s, || format!("{name}: {h:?} moved by {shift}: {s:?}"));
        });
    }
}

/// `s` with every length times `k` (a power of two: exact in f32).
fn scaled(s: &Sample, k: f32) -> Sample {
    let local = s.local.scaled(k);
    build(&local, s.pos * k, s.rot)
}

#[test]
fn at_every_scale_impacts_touch_and_the_exact_time_scales() {
    // 6923009314825669222: a triangle–box pair the sweep once called
    // touching 7.5 apart (edge pairs pruned by the Gauss map for a triangle).
    for seed in seeds(&[5, 6923009314825669222]) {
        let mut rng = Rng(seed ^ 0x5CA1E);
        each_case(seed, 1, |fails, (a, va, b, vb), name| {
            let k = [1.0 / 1024.0, 1.0 / 32.0, 32.0, 1024.0][rng.below(4)];
            let (sa, sb, sva, svb) = (scaled(&a, k), scaled(&b, k), va * k, vb * k);
            let tol = 1e-4 + 2e-6 * reach(&sa, sva, &sb, svb);
            let hit = time_of_impact3(&sa.shape, sva, &sb.shape, svb);
            let r = judge(&sa, sva, &sb, svb, hit, tol);
            fails.check(r.is_ok(), || {
                let sw = swept_sat3(&sa.shape, sva, &sb.shape, svb).map(|s| s.describe());
                format!("{name} at scale {k}: {r:?}; {hit:?}; {sw:?}; {sa:?} {sva} {sb:?} {svb}")
            });
            // Both swept from apart: the same faces enter at the same time.
            let base = time_of_impact3(&a.shape, va, &b.shape, vb);
            if let (Some(h), Some(s)) = (base, hit) {
                if exact(h.path) && exact(s.path) {
                    fails.check(near(h.t, s.t, 1e-5), || {
                        format!("{name} at scale {k}: t {} against {}", s.t, h.t)
                    });
                }
            }
        });
    }
}

/// The paths exact for polytopes: the ray cast and the swept SAT.
fn exact(p: ImpactPath3) -> bool {
    matches!(p, ImpactPath3::RayCast | ImpactPath3::SweptSat)
}

#[test]
fn the_swept_sat_agrees_with_conservative_advancement() {
    let mut swept = 0;
    for seed in seeds(&[6, 7]) {
        each_case(seed, 3, |fails, (a, va, b, vb), name| {
            let Some(s) = swept_sat3(&a.shape, va, &b.shape, vb) else {
                return;
            };
            if intersects(&a.shape, &b.shape) {
                return;
            }
            swept += 1;
            let exact = time_of_impact3(&a.shape, va, &b.shape, vb);
            let by_steps = time_of_impact3_by_advancement(&a.shape, va, &b.shape, vb);
            let speed = f64::from((vb - va).length());
            let tol = 1e-4 + 2e-6 * reach(&a, va, &b, vb);
            let ok = match (exact, by_steps) {
                (None, None) => true,
                (Some(h), Some(c)) => {
                    f64::from((h.t - c.t).abs()) * speed <= tol
                        && s.toi
                            .is_some_and(|t| f64::from((h.t - t).abs()) * speed <= tol)
                }
                // A graze within the tolerance: one path may call it a touch.
                (Some(h), None) | (None, Some(h)) => {
                    sd_at(&a, va, &b, vb, f64::from(h.t)).abs() <= tol
                        && min_sd(&a, va, &b, vb) > -tol
                }
            };
            fails.check(ok, || {
                format!("{name}: swept {exact:?}, advanced {by_steps:?}")
            });
        });
    }
    assert!(swept > 100, "only {swept} pairs took the sweep");
}

// ------------------------------------------------------------------ parry

/// parry3d's time of impact, `None` for no hit (spheres and capsules as
/// their cores with the radii as the target distance, as in `geom3d_parry`).
fn parry_toi(a: &Sample, va: Vec3, b: &Sample, vb: Vec3) -> Option<f64> {
    use parry3d::query::{cast_shapes, ShapeCastOptions};
    let (ga, pa, ra) = to_parry(a);
    let (gb, pb, rb) = to_parry(b);
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: (ra + rb) as f32,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let hit = cast_shapes(&pa, pv(va), &*ga.0, &pb, pv(vb), &*gb.0, options).expect("supported");
    hit.map(|h| f64::from(h.time_of_impact))
}

/// Same hit or miss as parry and the time within the distance tolerance;
/// where they differ the referee decides, and satlab must be the one
/// right. Documented differences: parry counts a touch at distance 0 and
/// satlab already at the contact tolerance at `t = 0`; and parry's cast
/// stops short on some slanted approaches (seeds 8, 9 and 10: hull–triangle,
/// box–capsule and capsule–segment: parry's `t` earlier by 1e-4 to 1.6e-3,
/// satlab's passing the referee: touching at its `t`, apart before). About
/// 4 of 640 cases a run, each judged in satlab's favour.
#[test]
fn parry_finds_the_same_impacts() {
    let (mut cases, mut parry_off) = (0usize, 0usize);
    for seed in seeds(&[8, 9, 10]) {
        each_case(seed, 2, |fails, (a, va, b, vb), name| {
            cases += 1;
            let ours = time_of_impact3(&a.shape, va, &b.shape, vb);
            let theirs = parry_toi(&a, va, &b, vb);
            let speed = f64::from((vb - va).length()).max(1e-9);
            let tol = 1e-4 + 2e-6 * reach(&a, va, &b, vb);
            let agree = match (ours, theirs) {
                (None, None) => true,
                (Some(h), Some(t)) => (f64::from(h.t) - t).abs() * speed <= 2.0 * tol,
                _ => false,
            };
            if !agree {
                let r = judge(&a, va, &b, vb, ours, tol);
                fails.check(r.is_ok(), || {
                    format!("{name}: satlab {ours:?}, parry {theirs:?}, referee: {r:?}")
                });
                parry_off += 1;
            }
        });
    }
    eprintln!("{parry_off} of {cases} cases differ from parry3d, each judged in satlab's favour");
    assert!(
        parry_off * 20 <= cases,
        "{parry_off} of {cases} differ from parry (each judged in satlab's favour)"
    );
}

// ------------------------------------------------------------------ scenes

fn space(text: &str) -> Result<satlab::scene::Scene3, String> {
    match satlab::scene::parse_any(text, std::path::Path::new("t.json")) {
        Ok(satlab::scene::AnyScene::Space(s)) => Ok(*s),
        Ok(other) => Err(format!("not 3D: {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

const WALL: &str = r#"{"version": 3,
  "a": {"kind": "aabb", "position": [5, 0, 0], "half_extents": [0.05, 2, 2]},
  "b": {"kind": "aabb", "position": [0, 0, 0], "half_extents": [0.25, 0.25, 0.25]},
  "motion": {"b": [10, 0, 0]},
  "expect": {"intersects": false, "time_of_impact": TOI}}"#;

#[test]
fn a_3d_scene_checks_evaluates_captures_and_saves_its_time_of_impact() {
    use satlab::scene::{capture_space, eval_space, evaluate_space, space_to_json, ExpectToi};
    let good = space(&WALL.replace("TOI", "0.47")).unwrap();
    assert_eq!(good.motion.unwrap().b, Vec3::new(10.0, 0.0, 0.0));
    assert_eq!(evaluate_space(&good), vec![]);
    let wrong = space(&WALL.replace("TOI", "\"none\"")).unwrap();
    let m = evaluate_space(&wrong);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].field, "time_of_impact");
    assert!(m[0].got.starts_with("0.4"), "{m:?}");
    let report = eval_space(&good);
    let table = report.table();
    assert!(
        table.contains("impact") && table.contains("GJK ray cast (exact)"),
        "{table}"
    );
    let captured = capture_space(&good, "c");
    let e = captured.expect.as_ref().unwrap();
    assert!(matches!(e.time_of_impact, Some(ExpectToi::At(t)) if near(t, 0.47, 1e-6)));
    // Saved and read back: the same scene, motion and expectation included.
    let text = space_to_json(&captured);
    assert!(text.contains("\"motion\""), "{text}");
    assert_eq!(space(&text).unwrap(), captured);
    // A scene without motion saves none and captures no time of impact.
    let still = satlab::scene::Scene3 {
        motion: None,
        ..good.clone()
    };
    assert!(!space_to_json(&still).contains("motion"));
    let e = capture_space(&still, "s").expect.unwrap();
    assert_eq!(e.time_of_impact, None);
}

#[test]
fn a_3d_scene_refuses_what_it_cannot_mean() {
    let no_motion = WALL
        .replace("TOI", "0.5")
        .replace("\"motion\": {\"b\": [10, 0, 0]},", "");
    let e = space(&no_motion).unwrap_err();
    assert!(e.contains("needs a `motion` block"), "{e}");
    let flat = WALL.replace("[10, 0, 0]", "[10, 0]").replace("TOI", "0.5");
    let e = space(&flat).unwrap_err();
    assert!(e.contains("motion: b") && e.contains("[x, y, z]"), "{e}");
    let typo = WALL.replace("{\"b\":", "{\"c\":").replace("TOI", "0.5");
    assert!(space(&typo).unwrap_err().contains("`c`"));
    let contacts = WALL.replace(
        "\"time_of_impact\": TOI",
        "\"contacts\": {\"normal\": [1, 0], \"points\": []}",
    );
    // 3D contacts are read (tests/geom3d_manifold.rs): a 2D normal is not one.
    let e = space(&contacts).unwrap_err();
    assert!(e.contains("normal") && e.contains("[x, y, z]"), "{e}");
    let out_of_range = WALL.replace("TOI", "1.5");
    assert!(space(&out_of_range).unwrap_err().contains("[0, 1]"));
}

/// A triangle–box pair at scale 32 (fresh seed 6923009314825669222 of the
/// scale test) where parry3d-f64's signed distance of (triangle, box) says
/// 7.49 apart at satlab's time of impact, and that of (box, triangle)
/// 1.6e-5. `scenes/oracle3d.py`, which shares no algorithm with either,
/// finds them 0.0099 apart at t = 0.4919 and overlapping at t = 0.5:
/// satlab's 0.49197 stands; the referee takes the smaller of both orders.
#[test]
fn a_triangle_box_cast_the_f64_referee_gets_wrong() {
    let tri = build(
        &Local::Triangle([
            Vec3::new(-13.24041, -37.8647, -17.663197),
            Vec3::new(-31.034231, 34.04497, 18.73212),
            Vec3::new(41.617928, 3.1828313, -23.661701),
        ]),
        Vec3::new(38.754192, -125.937355, 64.45886),
        Quat::from_xyzw(0.6283439, 0.31017366, -0.71294475, -0.0261929),
    );
    let b = build(
        &Local::Aabb(Vec3::new(63.98594, 39.653656, 24.252148)),
        Vec3::new(200.3703, -158.96803, -72.94359),
        Quat::IDENTITY,
    );
    let vb = Vec3::new(-225.66519, 28.424297, 157.59117);
    let h = time_of_impact3(&tri.shape, Vec3::ZERO, &b.shape, vb).unwrap();
    assert!(h.t > 0.4919 && h.t < 0.4920, "{h:?}");
    assert_eq!(h.path, ImpactPath3::RayCast);
    let swapped = parry64_signed(&b.at(b.pos + vb * h.t), &tri);
    assert!(swapped.abs() < 1e-4, "{swapped}");
    assert!(sd_at(&tri, Vec3::ZERO, &b, vb, f64::from(h.t)).abs() < 1e-4);
}
