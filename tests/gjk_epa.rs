//! GJK's recorded iterations and EPA's penetration, on random pairs of
//! bounded convex shapes of every kind (sectors up to 90° and at 180°):
//!
//! - `gjk_traced` finds the distance `distance` finds (within 1e-4
//!   relative, floor 1e-5); each recorded support point lies on its shape's
//!   core (within 1e-4 of the shape); the simplex's closest point never
//!   moves away from the origin; the search direction is minus the closest
//!   point (for one vertex) or perpendicular to the simplex edge (two);
//! - `epa`'s depth (sectors included: where GJK stops with the origin on its
//!   simplex's edge, EPA widens it first) equals SAT's least overlap
//!   (`penetration`) within 1e-4
//!   (relative to 1 + depth) and its normal realises that depth (the
//!   separation of the two shapes' support functions along it, from the f64
//!   oracle, is minus the depth); no EPA answer when apart.

use crate::common;

use common::*;
use satlab::geom::{epa, epa_traced, gjk_traced, penetration, EpaTrace, GjkTrace, ShapeKind};

const CASES: usize = 10_000;

const KINDS: [ShapeKind; 8] = BOUNDED_KINDS;

fn convex_sample(k: ShapeKind, rng: &mut Rng, at: V) -> Sample {
    loop {
        let s = random_sample(k, rng, at);
        if s.shape.is_convex() {
            return s;
        }
    }
}

#[test]
fn gjk_and_epa_on_every_pair() {
    let mut fails = Failures::new("gjk and epa");
    let mut rng = Rng(0x61EC);
    let (mut overlapping, mut epa_iters) = (0usize, 0usize);
    for &ka in &KINDS {
        for &kb in &KINDS {
            for i in 0..CASES {
                let at = V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
                let a = convex_sample(ka, &mut rng, at);
                let b0 = convex_sample(kb, &mut rng, V::ZERO);
                let off = rng.unit() * rng.range(0.0, 3.0);
                let b = b0.at(a.pos + off);
                let ctx = || format!("{ka:?}-{kb:?} #{i}\n  a={:?}\n  b={:?}", a.shape, b.shape);

                let mut trace = GjkTrace::default();
                let Some(g) = gjk_traced(&a.shape, &b.shape, &mut trace) else {
                    fails.check(false, || format!("no GJK: {}", ctx()));
                    continue;
                };
                let d = satlab::geom::distance(&a.shape, &b.shape).distance as f64;
                let gd = g.distance as f64;
                let close = (gd - d).abs() <= (1e-4 * d).max(1e-5) || (d == 0.0 && gd <= 1e-4);
                fails.check(close, || format!("GJK {gd:e} vs distance {d:e}: {}", ctx()));
                let mut last = f32::INFINITY;
                for (k, st) in trace.steps.iter().enumerate() {
                    let on_a = point_distance(V::from(st.support_a), &a.spec);
                    let on_b = point_distance(V::from(st.support_b), &b.spec);
                    // Core supports: inside the shape (the core is within it).
                    fails.check(on_a <= 1e-4 && on_b <= 1e-4, || {
                        format!(
                            "step {k}: support off its shape ({on_a:e}, {on_b:e}): {}",
                            ctx()
                        )
                    });
                    let len = st.closest.length();
                    fails.check(len <= last * (1.0 + 1e-5) + 1e-6, || {
                        format!(
                            "step {k}: the simplex moved away ({len} after {last}): {}",
                            ctx()
                        )
                    });
                    last = len;
                    let dir_ok = match st.count {
                        1 => (st.direction + st.closest).length() <= 1e-5 * (1.0 + len),
                        _ => {
                            let e = st.simplex[1] - st.simplex[0];
                            st.direction.dot(e).abs()
                                <= 1e-4 * (1.0 + e.length() * st.direction.length())
                        }
                    };
                    fails.check(dir_ok, || format!("step {k}: direction {st:?}: {}", ctx()));
                }

                let pen = penetration(&a.shape, &b.shape);
                let e = epa(&a.shape, &b.shape);
                match (pen, e) {
                    (Some(p), Some(e)) => {
                        overlapping += 1;
                        epa_iters += e.iterations as usize;
                        let ok = (p.depth - e.depth).abs() as f64 <= 1e-4 * (1.0 + p.depth as f64);
                        fails.check(ok, || {
                            format!("EPA depth {} vs SAT {}: {}", e.depth, p.depth, ctx())
                        });
                        // Skip the normal where the depth is ~0 (any normal of a touch).
                        if p.depth > 1e-3 && e.iterations > 0 {
                            let (pa, pb) = (convex_pieces(&a.spec), convex_pieces(&b.spec));
                            let n = V::from(e.normal);
                            let along = -pb[0].support(-n) - pa[0].support(n);
                            fails.check(
                                (along + e.depth as f64).abs() <= 2e-4 * (1.0 + e.depth as f64),
                                || {
                                    format!(
                                        "EPA normal gives {along:e}, depth {}: {}",
                                        e.depth,
                                        ctx()
                                    )
                                },
                            );
                        }
                    }
                    (None, None) => {}
                    (Some(p), None) => fails.check(p.depth <= 1e-4, || {
                        format!("EPA none, SAT {p:?}: {}", ctx())
                    }),
                    (None, Some(e)) => fails.check(e.depth <= 1e-4, || {
                        format!("EPA {e:?}, SAT none: {}", ctx())
                    }),
                }
            }
        }
    }
    eprintln!("{overlapping} overlapping pairs, {epa_iters} EPA iterations in all");
    fails.check(overlapping > 10_000, || {
        format!("only {overlapping} overlapping")
    });
    fails.finish();
}

#[test]
fn epa_trace_grows_a_box_pair_to_the_sat_depth() {
    use satlab::geom::{Aabb, Obb, Pose, Shape, Vec2};
    let a = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::new(2.0, 0.5)).unwrap());
    let mut pose = Pose::at(Vec2::new(0.3, 0.9));
    pose.set_rotation_deg(10.0);
    let b = Shape::Obb(Obb::new(pose, Vec2::splat(0.5)).unwrap());
    let mut trace = EpaTrace::default();
    let e = epa_traced(&a, &b, &mut trace).unwrap();
    let p = penetration(&a, &b).unwrap();
    assert!((e.depth - p.depth).abs() < 1e-5, "{e:?} {p:?}");
    assert!((e.normal - Vec2::Y).length() < 1e-5, "{e:?}");
    assert!(!trace.steps.is_empty());
    // The polytope grows by one vertex a step; distances never decrease.
    for w in trace.steps.windows(2) {
        assert_eq!(w[1].polytope.len(), w[0].polytope.len() + 1);
        assert!(w[1].distance >= w[0].distance - 1e-6);
    }
    assert!(trace.steps.last().unwrap().gain <= 1e-5);
}
