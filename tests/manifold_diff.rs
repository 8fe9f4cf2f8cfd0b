//! Contact manifolds against two independent references, on random poses
//! of every ordered pair of bounded shapes (point, segment, circle, aabb,
//! obb, capsule, polygon, sector), `CASES` per pair:
//!
//! - the f64 oracle of `common` (support functions sampled densely): the
//!   signed distance `sd` (distance, or minus the penetration depth). A
//!   manifold must exist when `sd` is below the margin and not when above;
//!   its deepest separation equals `sd`; its normal realises `sd` (the
//!   separation of the two support functions along it is `sd`); its points
//!   lie on their shapes and their separation is `(point_b − point_a)·n`.
//! - parry2d's `contact_manifolds` for the pairs parry has (ball, cuboid,
//!   capsule, segment, convex polygon): the deepest `dist` and the normal
//!   agree where the normal is unique. Where they differ the f64 oracle
//!   decides, as in `parry_diff.rs`: satlab must agree with the oracle, and
//!   parry being off is counted and bounded (2% of the compared cases).
//!
//! Where feature choice may legitimately differ (not compared): which face
//! is the reference face when two faces lie flat on the normal (satlab takes
//! A's, parry the one of greater separation), so the two points may sit on
//! A's face or on B's; the number of points (parry keeps clipped points up to
//! its prediction distance by its own rules and reduces some pairs to one
//! point); the normal where two axes give the same least overlap (a box
//! centred on a box's corner) or the shapes are concentric.
//!
//! Properties: swapping A and B flips the normal and keeps the deepest
//! separation; moving both shapes by one rigid motion keeps the deepest
//! separation.

use crate::common;
use crate::kit;

use common::parry::{to_parry, Triangles};
use common::*;
use kit::{run_row, Seeds};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use satlab::geom::{contact_manifold, contact_manifold_traced, Manifold, ManifoldTrace, ShapeKind};

/// 10,000 per pair (issue 19). Until the single point was put on A's sharp
/// corner against B's curve (`round.rs`), 5 of about 1.7 million checks
/// failed here with the point on A up to 4.2e-4 off A.
const CASES: usize = 10_000;
const SPECULATIVE: f32 = 0.05;
/// Agreement of separations: the oracle samples directions and refines;
/// both work in f32 at coordinates up to ~10 (ulp 1e-6).
const SEP_TOL: f64 = 2e-4;
/// How far a contact point may lie outside its shape.
const ON_TOL: f64 = 2e-4;

/// parry's manifold: world normal (A to B) and deepest `dist`, or None.
fn parry_manifold(a: &Sample, b: &Sample, prediction: f32) -> Option<Option<(V, f64)>> {
    let (ga, pa, ra) = to_parry(a, Triangles::AsPolygon)?;
    let (gb, pb, rb) = to_parry(b, Triangles::AsPolygon)?;
    let prediction = prediction + (ra + rb) as f32;
    let pos12 = pa.inv_mul(&pb);
    let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
    DefaultQueryDispatcher
        .contact_manifolds(&pos12, &*ga, &*gb, prediction, &mut manifolds, &mut None)
        .ok()?;
    let mut best: Option<(V, f64)> = None;
    for m in &manifolds {
        let n = pa.rotation * m.local_n1;
        for p in &m.points {
            let d = p.dist as f64 - ra - rb;
            if best.is_none_or(|b| d < b.1) {
                best = Some((V::new(n.x as f64, n.y as f64), d));
            }
        }
    }
    Some(best)
}

/// Signed distance (least over piece pairs of the max separation) and the
/// separation of the support functions along `n` (least over piece pairs).
fn oracle_sd(a: &Spec, b: &Spec) -> f64 {
    let (pa, pb) = (convex_pieces(a), convex_pieces(b));
    let mut best = f64::INFINITY;
    for p in &pa {
        for q in &pb {
            best = best.min(max_separation(p, q));
        }
    }
    best
}

/// Separation along `n` of the pieces the manifold is about (both pieces
/// when the shape has one; the least over the pairs otherwise, which is at
/// most the kept pair's).
fn sep_along(a: &Spec, b: &Spec, n: V) -> f64 {
    let (pa, pb) = (convex_pieces(a), convex_pieces(b));
    let mut best = f64::INFINITY;
    for p in &pa {
        for q in &pb {
            best = best.min(-q.support(-n) - p.support(n));
        }
    }
    best
}

fn pieces_count(s: &Spec) -> usize {
    convex_pieces(s).len()
}

#[derive(Default, Debug)]
struct Stats {
    with: usize,
    two_points: usize,
    band: usize,
    parry_compared: usize,
    parry_normal_ties: usize,
    parry_off: usize,
    max_sep_err: f64,
}

fn v(p: satlab::geom::Vec2) -> V {
    V::from(p)
}

/// Checks one manifold against the oracle; returns the first complaint.
fn check_against_oracle(m: &Manifold, a: &Sample, b: &Sample, sd: f64) -> Result<(), String> {
    let n = v(m.normal);
    if (n.len() - 1.0).abs() > 1e-5 {
        return Err(format!("normal not unit: {n:?}"));
    }
    let sep = m.separation() as f64;
    let single = pieces_count(&a.spec) == 1 && pieces_count(&b.spec) == 1;
    if single && (sep - sd).abs() > SEP_TOL * (1.0 + sd.abs()) {
        return Err(format!("deepest separation {sep:e} vs oracle {sd:e}"));
    }
    if !single && sep < sd - SEP_TOL * (1.0 + sd.abs()) {
        return Err(format!("separation {sep:e} below the oracle's {sd:e}"));
    }
    let along = sep_along(&a.spec, &b.spec, n);
    if single && (along - sd).abs() > SEP_TOL * (1.0 + sd.abs()) {
        return Err(format!(
            "normal does not realise the signed distance: {along:e} vs {sd:e}"
        ));
    }
    for p in m.points() {
        let (pa, pb) = (v(p.point_a), v(p.point_b));
        let da = point_distance(pa, &a.spec);
        let db = point_distance(pb, &b.spec);
        if da > ON_TOL || db > ON_TOL {
            return Err(format!("point off its shape: A by {da:e}, B by {db:e}"));
        }
        let s = (pb - pa).dot(n);
        if (s - p.separation as f64).abs() > 1e-4 {
            return Err(format!(
                "separation {} is not (pb - pa)·n = {s:e}",
                p.separation
            ));
        }
        if p.separation as f64 > SPECULATIVE as f64 + 1e-4 {
            return Err(format!("point beyond the margin: {}", p.separation));
        }
    }
    Ok(())
}

fn run_pair(ka: ShapeKind, kb: ShapeKind, seed: u64, fails: &mut Failures) -> Stats {
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    let sep = |x: &satlab::geom::Shape, y: &satlab::geom::Shape| {
        satlab::geom::distance(x, y).distance > 0.0
    };
    for i in 0..CASES {
        let (a, b) = placed_pair(ka, kb, &mut rng, &sep);
        let sd = oracle_sd(&a.spec, &b.spec);
        let margin = SPECULATIVE as f64;
        let m = contact_manifold(&a.shape, &b.shape, SPECULATIVE);
        let ctx = || format!("{ka:?}-{kb:?} #{i}\n  a={:?}\n  b={:?}", a.shape, b.shape);
        // The untraced query's shortcut (boxes and polygons) and the traced
        // general path give one answer.
        let traced = contact_manifold_traced(
            &a.shape,
            &b.shape,
            SPECULATIVE,
            &mut ManifoldTrace::default(),
        );
        let r = same_manifold(m.as_ref(), traced.as_ref());
        fails.check(r.is_ok(), || {
            format!(
                "untraced {m:?} vs traced {traced:?}: {} {}",
                r.clone().unwrap_err(),
                ctx()
            )
        });
        if (sd - margin).abs() <= 1e-4 {
            st.band += 1;
            continue;
        }
        let Some(m) = m else {
            fails.check(sd > margin, || {
                format!("no manifold at signed distance {sd:e}: {}", ctx())
            });
            continue;
        };
        fails.check(sd < margin, || {
            format!("a manifold at signed distance {sd:e}: {m:?} {}", ctx())
        });
        st.with += 1;
        if m.points().len() == 2 {
            st.two_points += 1;
        }
        st.max_sep_err = st.max_sep_err.max((m.separation() as f64 - sd).abs());
        let r = check_against_oracle(&m, &a, &b, sd);
        fails.check(r.is_ok(), || {
            format!("{}: {m:?} {}", r.clone().unwrap_err(), ctx())
        });

        // Swapped: the normal flips, the deepest separation stays.
        if let Some(w) = contact_manifold(&b.shape, &a.shape, SPECULATIVE) {
            let ok = (w.separation() - m.separation()).abs() as f64 <= SEP_TOL * (1.0 + sd.abs());
            fails.check(ok, || format!("swapped: {w:?} vs {m:?} {}", ctx()));
        } else {
            fails.check(sd > margin - 1e-3, || format!("swapped: none {}", ctx()));
        }

        // One rigid motion of both: the deepest separation stays.
        let (turn, shift) = (rng.range(-180.0, 180.0), rng.unit() * rng.range(0.0, 5.0));
        let (c, s) = (turn.to_radians().cos(), turn.to_radians().sin());
        let aabb = matches!(ka, ShapeKind::Aabb) || matches!(kb, ShapeKind::Aabb);
        let (c, s, turn) = if aabb { (1.0, 0.0, 0.0) } else { (c, s, turn) };
        let ma = build(&a.local, a.pos.rot(c, s) + shift, a.deg + turn);
        let mb = build(&b.local, b.pos.rot(c, s) + shift, b.deg + turn);
        let sd2 = oracle_sd(&ma.spec, &mb.spec);
        if (sd2 - margin).abs() > 1e-3 {
            match contact_manifold(&ma.shape, &mb.shape, SPECULATIVE) {
                Some(w) => {
                    let ok = (w.separation() as f64 - sd2).abs() <= SEP_TOL * (1.0 + sd2.abs());
                    fails.check(ok, || format!("moved: {w:?} vs oracle {sd2:e} {}", ctx()));
                }
                None => fails.check(sd2 > margin, || format!("moved: none {}", ctx())),
            }
        }

        // parry, where it has both shapes.
        if let Some(pm) = parry_manifold(&a, &b, SPECULATIVE) {
            let Some((pn, pd)) = pm else {
                continue;
            };
            st.parry_compared += 1;
            let cos = pn.dot(v(m.normal));
            let same_sep = (pd - m.separation() as f64).abs() <= SEP_TOL * (1.0 + sd.abs());
            if cos < 1.0 - 1e-5 {
                // A tie: parry's normal realises the signed distance too.
                let parry_along = sep_along(&a.spec, &b.spec, pn);
                if (parry_along - sd).abs() <= SEP_TOL * (1.0 + sd.abs()) {
                    st.parry_normal_ties += 1;
                } else {
                    st.parry_off += 1;
                }
            } else if !same_sep {
                st.parry_off += 1;
            }
        }
    }
    st
}

/// Two answers to one manifold query: the same points, ids and normal up to
/// rounding.
fn same_manifold(m: Option<&Manifold>, w: Option<&Manifold>) -> Result<(), String> {
    let (m, w) = match (m, w) {
        (None, None) => return Ok(()),
        (Some(m), Some(w)) => (m, w),
        _ => return Err("one has a manifold, the other not".into()),
    };
    if m.normal.dot(w.normal) < 1.0 - 1e-6 {
        return Err("normals differ".into());
    }
    if m.points().len() != w.points().len() {
        return Err("point counts differ".into());
    }
    for p in m.points() {
        let close = |q: &&satlab::geom::ContactPoint| {
            q.id == p.id
                && (q.point_a - p.point_a).length() <= 1e-4
                && (q.point_b - p.point_b).length() <= 1e-4
                && (q.separation - p.separation).abs() <= 1e-5
        };
        if !w.points().iter().any(|q| close(&q)) {
            return Err(format!("no match for {p:?}"));
        }
    }
    Ok(())
}

/// A = `ka` against every bounded kind, `CASES` per pair.
fn row(ka: ShapeKind) {
    let seeds = Seeds {
        base: 0x3A41_0000,
        stride: 16,
    };
    run_row("manifold diff", seeds, ka, KINDS, |ka, kb, seed, fails| {
        let st = run_pair(ka, kb, seed, fails);
        eprintln!("{ka:?}-{kb:?}: {CASES} cases, {st:?}");
        fails.check(st.with * 5 > CASES, || {
            format!("{ka:?}-{kb:?}: only {} manifolds", st.with)
        });
        fails.check(st.parry_off * 50 <= st.parry_compared.max(1), || {
            format!(
                "{ka:?}-{kb:?}: parry's normal or depth is off (the oracle sides with satlab) on {} of {}",
                st.parry_off, st.parry_compared
            )
        });
    });
}

bounded_rows!(row);

/// Circle–Obb #6014 of the circle row: a circle 2.4e-5 off the long face of
/// a thin box (0.10 × 1.43), inside the contact tolerance. The normal must
/// be the face's (the SAT axis, whose gap the distance confirms), not the
/// direction between two nearly coincident f32 points, which tilted it by
/// 3.3e-4 rad and put the box's far corner 7.9e-4 past it.
#[test]
fn circle_touching_a_thin_box_keeps_the_face_normal() {
    let a = build(
        &Local::Circle(0.6095073f32 as f64),
        V::new(1.8474748f32 as f64, 2.3302968f32 as f64),
        141.18364f32 as f64,
    );
    let b = build(
        &Local::Obb(V::new(0.103607096f32 as f64, 1.4311956f32 as f64)),
        V::new(2.987599f32 as f64, 1.777031f32 as f64),
        -81.64073f32 as f64,
    );
    let rot = b.shape.pose().rot();
    assert_eq!((rot.x, rot.y), (0.1453797, -0.98937595), "the case's pose");
    let sd = oracle_sd(&a.spec, &b.spec);
    assert!(sd > 0.0 && sd < 1e-4, "{sd:e}");
    let m = contact_manifold(&a.shape, &b.shape, SPECULATIVE).expect("touching");
    check_against_oracle(&m, &a, &b, sd).unwrap();
    assert!(m.normal.dot(rot) >= 1.0 - 1e-6, "{:?}", m.normal);
}
