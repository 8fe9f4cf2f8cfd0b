//! Time of impact against parry2d's `cast_shapes` and the f64 oracle of
//! `common`, on random moving pairs of every bounded kind.
//!
//! Placement: A at a random pose, B 1 to 6 units away; B moves towards A's
//! position by 0.5 to 2 times the gap between them plus a sideways jitter
//! (so some pairs pass by, some graze), and half the time A moves too.
//!
//! - parry (ball, cuboid, capsule, segment, convex polygon; a capsule given
//!   as its core segment with the radii as parry's `target_distance`, exact
//!   for the same reason as in `parry_diff.rs`): both find a hit or both
//!   not, and the times agree within 1e-4. Where they disagree, the oracle
//!   decides (satlab must be right; parry being off is counted and bounded).
//! - the oracle, on every fourth pair and every pair parry lacks (points,
//!   sectors): at the time of impact the shapes touch (signed distance within
//!   2e-4 of 0); at 8 earlier times they do not intersect (signed distance
//!   above −1e-4); with no hit, they do not intersect at 16 times in [0, 1].

use crate::common;
use crate::kit;

use common::parry::{pv, to_parry, Triangles};
use common::*;
use kit::{run_row, Seeds};
use parry2d::query::{cast_shapes, ShapeCastOptions};
use satlab::geom::{time_of_impact, ShapeKind};

const CASES: usize = 10_000;
const TOI_TOL: f64 = 1e-4;

/// parry's time of impact, or `Some(None)` for no hit; `None` without parry.
fn parry_toi(a: &Sample, ma: V, b: &Sample, mb: V) -> Option<Option<f64>> {
    let (ga, pa, ra) = to_parry(a, Triangles::AsPolygon)?;
    let (gb, pb, rb) = to_parry(b, Triangles::AsPolygon)?;
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: (ra + rb) as f32,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let hit = cast_shapes(&pa, pv(ma), &*ga, &pb, pv(mb), &*gb, options).ok()?;
    Some(hit.map(|h| h.time_of_impact as f64))
}

/// The oracle's signed distance with A and B moved to time `t`.
fn sd_at(a: &Sample, ma: V, b: &Sample, mb: V, t: f64) -> f64 {
    let a2 = build(&a.local, a.pos + ma * t, a.deg);
    let b2 = build(&b.local, b.pos + mb * t, b.deg);
    let (pa, pb) = (convex_pieces(&a2.spec), convex_pieces(&b2.spec));
    let mut best = f64::INFINITY;
    for p in &pa {
        for q in &pb {
            best = best.min(max_separation(p, q));
        }
    }
    best
}

/// Checks satlab's answer against the oracle; the first complaint.
fn check_oracle(a: &Sample, ma: V, b: &Sample, mb: V, toi: Option<f64>) -> Result<(), String> {
    match toi {
        Some(t) => {
            let sd = sd_at(a, ma, b, mb, t);
            let touching = if t == 0.0 {
                sd <= 2e-4
            } else {
                sd.abs() <= 2e-4
            };
            if !touching {
                return Err(format!("at t = {t} the signed distance is {sd:e}"));
            }
            for k in 0..8 {
                let s = t * k as f64 / 8.0;
                if t - s < 1e-3 {
                    continue;
                }
                let sd = sd_at(a, ma, b, mb, s);
                if sd < -1e-4 {
                    return Err(format!("before the impact ({t}), at {s}: {sd:e}"));
                }
            }
        }
        None => {
            for k in 0..=16 {
                let s = k as f64 / 16.0;
                let sd = sd_at(a, ma, b, mb, s);
                if sd < -1e-4 {
                    return Err(format!(
                        "no impact, but at {s} the signed distance is {sd:e}"
                    ));
                }
            }
        }
    }
    Ok(())
}

#[derive(Default, Debug)]
struct Stats {
    hits: usize,
    parry_compared: usize,
    parry_off: usize,
    oracle_checked: usize,
    max_toi_err: f64,
}

fn run_pair(ka: ShapeKind, kb: ShapeKind, seed: u64, fails: &mut Failures) -> Stats {
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    for i in 0..CASES {
        let at = V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
        let a = random_sample(ka, &mut rng, at);
        let b0 = random_sample(kb, &mut rng, V::ZERO);
        let off = rng.unit() * rng.range(1.0, 6.0);
        let b = b0.at(a.pos + off);
        let towards = (a.pos - b.pos) * rng.range(0.5, 2.0);
        let mb = towards + towards.perp() * rng.range(-0.6, 0.6);
        let ma = if rng.chance(0.5) {
            rng.unit() * rng.range(0.0, 1.0)
        } else {
            V::ZERO
        };
        let got = time_of_impact(&a.shape, ma.to32(), &b.shape, mb.to32()).map(|h| h.t as f64);
        if got.is_some() {
            st.hits += 1;
        }
        let ctx = || {
            format!(
                "{ka:?}-{kb:?} #{i}: satlab {got:?}\n  a={:?} moving {ma:?}\n  b={:?} moving {mb:?}",
                a.shape, b.shape
            )
        };
        let mut oracle_due = i % 4 == 0;
        if let Some(reference) = parry_toi(&a, ma, &b, mb) {
            st.parry_compared += 1;
            let agree = match (got, reference) {
                (Some(x), Some(y)) => (x - y).abs() <= TOI_TOL,
                (None, None) => true,
                _ => false,
            };
            if agree {
                if let (Some(x), Some(y)) = (got, reference) {
                    st.max_toi_err = st.max_toi_err.max((x - y).abs());
                }
            } else {
                st.parry_off += 1;
                oracle_due = true;
            }
        } else {
            oracle_due = i % 4 == 0;
        }
        if oracle_due {
            st.oracle_checked += 1;
            let r = check_oracle(&a, ma, &b, mb, got);
            fails.check(r.is_ok(), || {
                format!("{}: {}", r.clone().unwrap_err(), ctx())
            });
        }
    }
    st
}

/// A = `ka` against every bounded kind, `CASES` per pair.
fn row(ka: ShapeKind) {
    let seeds = Seeds {
        base: 0xCA57_0000,
        stride: 16,
    };
    run_row("cast diff", seeds, ka, KINDS, |ka, kb, seed, fails| {
        let st = run_pair(ka, kb, seed, fails);
        eprintln!("{ka:?}-{kb:?}: {CASES} cases, {st:?}");
        // Two points meet only on an exact line: no hits expected there.
        let points = ka == ShapeKind::Point && kb == ShapeKind::Point;
        fails.check(
            points || (st.hits * 10 > CASES && st.hits * 10 < CASES * 9),
            || format!("{ka:?}-{kb:?}: {} hits of {CASES}", st.hits),
        );
        fails.check(st.parry_off * 50 <= st.parry_compared.max(1), || {
            format!(
                "{ka:?}-{kb:?}: parry off (the oracle sides with satlab) on {} of {}",
                st.parry_off, st.parry_compared
            )
        });
    });
}

bounded_rows!(row);

/// The swept SAT of two polygon-like shapes gives the same first touch as
/// the conservative advancement (exact for polygons: the face normals are
/// the whole candidate set at every t), and names the axis of latest entry.
#[test]
fn swept_sat_agrees_with_time_of_impact_on_polygons() {
    let kinds = [ShapeKind::Aabb, ShapeKind::Obb, ShapeKind::Polygon];
    let mut fails = Failures::new("swept SAT vs time of impact");
    let mut rng = Rng(0x5EE7);
    let mut hits = 0;
    for i in 0..3_000 {
        let (ka, kb) = (kinds[rng.below(3)], kinds[rng.below(3)]);
        let at = V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
        let a = random_sample(ka, &mut rng, at);
        let b0 = random_sample(kb, &mut rng, V::ZERO);
        let off = rng.unit() * rng.range(1.0, 6.0);
        let b = b0.at(a.pos + off);
        let towards = (a.pos - b.pos) * rng.range(0.5, 2.0);
        let mb = (towards + towards.perp() * rng.range(-0.6, 0.6)).to32();
        let ma = (rng.unit() * rng.range(0.0, 0.5)).to32();
        let toi = time_of_impact(&a.shape, ma, &b.shape, mb).map(|h| h.t);
        let Some(sw) = satlab::geom::swept_sat(&a.shape, ma, &b.shape, mb) else {
            fails.check(false, || format!("#{i}: no swept SAT for {ka:?}-{kb:?}"));
            continue;
        };
        if toi.is_some() {
            hits += 1;
        }
        let ok = match (sw.toi, toi) {
            (Some(x), Some(y)) => (x - y).abs() <= 1e-4,
            (None, None) => true,
            // A graze: both within a hair of touching.
            (x, y) => {
                let t = x.or(y).unwrap_or(0.0);
                let (a2, b2) = (
                    build(&a.local, a.pos + V::from(ma) * t as f64, a.deg),
                    build(&b.local, b.pos + V::from(mb) * t as f64, b.deg),
                );
                satlab::geom::distance(&a2.shape, &b2.shape).distance <= 1e-4
                    && (sw.latest_entry.0 - sw.earliest_exit.0).abs() < 1e-3
            }
        };
        fails.check(ok, || {
            format!(
                "#{i}: swept {:?} vs toi {toi:?}: {}\n  a={:?} moving {ma:?}\n  b={:?} moving {mb:?}",
                sw.toi,
                sw.describe(),
                a.shape,
                b.shape
            )
        });
        // Every axis's interval is where its shadows overlap: at the middle
        // of a non-empty finite interval, the projections touch or overlap.
        for ax in &sw.axes {
            if ax.never() || !ax.enter.is_finite() {
                continue;
            }
            fails.check(ax.enter <= ax.leave, || format!("#{i}: {}", ax.describe()));
        }
    }
    fails.check(hits > 300 && hits < 2_700, || format!("{hits} hits"));
    fails.finish();
}

#[test]
fn swept_sat_table_in_words() {
    use satlab::geom::{swept_sat, Aabb, Pose, Shape, Vec2};
    let wall = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::new(0.05, 2.0)).unwrap());
    let bullet = Shape::Aabb(Aabb::new(Pose::at(Vec2::new(-3.0, 0.0)), Vec2::splat(0.1)).unwrap());
    // 6 units in one step: from x = -3 to x = 3, through the wall.
    let sw = swept_sat(&wall, Vec2::ZERO, &bullet, Vec2::new(6.0, 0.0)).unwrap();
    let t = sw.toi.unwrap();
    // Touches when the bullet's right side (x + 0.1) reaches -0.05.
    assert!((t - 2.85 / 6.0).abs() < 1e-6, "{t}");
    assert_eq!(sw.axes.len(), 4);
    let x_axis = &sw.axes[sw.latest_entry.1];
    assert_eq!(x_axis.axis, Vec2::X);
    assert!((x_axis.leave - 3.15 / 6.0).abs() < 1e-6);
    // The y axes overlap at every time (no motion along y).
    assert!(sw.axes.iter().any(|a| a.enter == f32::NEG_INFINITY));
    assert!(
        sw.describe().contains("first touch at t = 0.4750"),
        "{}",
        sw.describe()
    );
    // The cast agrees; stepping only the end pose would miss the wall.
    let toi = time_of_impact(&wall, Vec2::ZERO, &bullet, Vec2::new(6.0, 0.0)).unwrap();
    assert!(
        (toi.t - t).abs() < 1e-5 && (toi.normal + Vec2::X).length() < 1e-6,
        "{toi:?}"
    );
    let end = Shape::Aabb(Aabb::new(Pose::at(Vec2::new(3.0, 0.0)), Vec2::splat(0.1)).unwrap());
    assert!(!satlab::geom::intersects(&wall, &end));
    // Moving away: never.
    let away = swept_sat(&wall, Vec2::ZERO, &bullet, Vec2::new(-6.0, 0.0)).unwrap();
    assert!(away.toi.is_none());
    assert!(
        away.describe().contains("before t = 0"),
        "{}",
        away.describe()
    );
}

/// Two boxes or polygons take one pass over their faces; conservative
/// advancement (the general path) must find the same first touch within
/// 1e-4, or on a shallow approach (where the time is ill-conditioned) the
/// f64 oracle must find the shapes touching at the face pass's time. At
/// positions up to ±900. At that time the reported point lies on both shapes, and moving B
/// a little along the reported normal separates them (the normal is a
/// direction the touch can be undone in).
#[test]
fn face_pass_agrees_with_advancement_on_boxes_and_polygons() {
    use satlab::geom::{distance, time_of_impact_by_advancement, toi_decided_by, Point};
    let kinds = [ShapeKind::Aabb, ShapeKind::Obb, ShapeKind::Polygon];
    let mut fails = Failures::new("face pass vs advancement");
    let mut rng = Rng(0xFACE_7011);
    let (mut hits, mut by_faces, mut grazes) = (0, 0, 0);
    for i in 0..CASES {
        let (ka, kb) = (kinds[rng.below(3)], kinds[rng.below(3)]);
        let at = V::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)) * rng.range(1.0, 300.0);
        let a = random_sample(ka, &mut rng, at);
        let b0 = random_sample(kb, &mut rng, V::ZERO);
        let b = b0.at(a.pos + rng.unit() * rng.range(1.5, 6.0));
        let towards = (a.pos - b.pos) * rng.range(0.5, 2.0);
        let mb = (towards + towards.perp() * rng.range(-0.6, 0.6)).to32();
        let ma = (rng.unit() * rng.range(0.0, 0.5)).to32();
        if toi_decided_by(&a.shape, ma, &b.shape, mb).starts_with("polygons") {
            by_faces += 1;
        }
        let fast = time_of_impact(&a.shape, ma, &b.shape, mb);
        let slow = time_of_impact_by_advancement(&a.shape, ma, &b.shape, mb);
        let ctx = || {
            format!(
                "#{i}: {fast:?} vs {slow:?}\n  a={:?} moving {ma:?}\n  b={:?} moving {mb:?}",
                a.shape, b.shape
            )
        };
        let t = match (fast, slow) {
            (Some(f), Some(s)) => {
                if (f.t - s.t).abs() > 1e-4 {
                    // A shallow approach: the distance barely changes near
                    // the touch, so the two times may differ; the f64
                    // oracle must find the shapes touching at the face
                    // pass's time.
                    grazes += 1;
                    let sd = sd_at(&a, V::from(ma), &b, V::from(mb), f.t as f64);
                    fails.check(sd.abs() <= 2e-4, || format!("oracle {sd:e}: {}", ctx()));
                }
                f.t
            }
            (None, None) => continue,
            // A graze: whichever found a touch, it is within a hair.
            (f, s) => {
                let t = f.or(s).map_or(0.0, |h| h.t) as f64;
                let a2 = build(&a.local, a.pos + V::from(ma) * t, a.deg);
                let b2 = build(&b.local, b.pos + V::from(mb) * t, b.deg);
                let d = distance(&a2.shape, &b2.shape).distance;
                fails.check(d <= 1e-4, || format!("graze at distance {d:e}: {}", ctx()));
                continue;
            }
        };
        let Some(hit) = fast else { continue };
        if hit.t == 0.0 {
            // Overlapping from the start: the general path's answer.
            continue;
        }
        hits += 1;
        let t = t as f64;
        let a2 = build(&a.local, a.pos + V::from(ma) * t, a.deg);
        let b2 = build(&b.local, b.pos + V::from(mb) * t, b.deg);
        let tol = 2e-4 * (1.0 + a.pos.x.abs().max(a.pos.y.abs()) as f32 / 100.0);
        let p = satlab::geom::Shape::Point(Point::new(hit.point).unwrap());
        let (da, db) = (
            distance(&p, &a2.shape).distance,
            distance(&p, &b2.shape).distance,
        );
        fails.check(da <= tol && db <= tol, || {
            format!("the point is {da:e} from A and {db:e} from B: {}", ctx())
        });
        let nudge = 1e-2;
        let b3 = build(
            &b.local,
            b.pos + V::from(mb) * t + V::from(hit.normal) * nudge,
            b.deg,
        );
        let d = distance(&a2.shape, &b3.shape).distance as f64;
        fails.check(d >= 0.5 * nudge, || {
            format!("B moved {nudge} along the normal is {d:e} away: {}", ctx())
        });
    }
    // The rest start overlapping (the general path reports those).
    eprintln!("{hits} hits, {by_faces} decided by the face pass, {grazes} shallow");
    fails.check(
        hits > CASES / 10 && by_faces * 10 >= CASES * 9 && grazes * 100 <= CASES,
        || format!("{hits} hits, {by_faces} decided by the face pass, {grazes} shallow"),
    );
    fails.finish();
}
