//! Differential tests against parry2d 0.31: for every ordered pair among
//! ball (our circle), cuboid (our aabb and obb), capsule, segment, convex
//! polygon and triangle (our 3-vertex polygon), on 10,000 random poses per
//! pair, satlab's verdict, distance and penetration depth agree with parry's.
//!
//! Poses: A at a random pose, B along a random direction at a multiple of
//! the touching offset (see `common::placed_pair`): about half intersect and
//! many are within 0.5% or 3e-4 units of touching.
//!
//! Tolerances. Numbers agree to 1e-4 relative with an absolute floor of
//! `FLOOR = 1e-5`: coordinates here reach about 10 units, where one f32 ulp
//! is about 1e-6, and both libraries form distances from differences and dot
//! products of such coordinates (a few roundings each) and stop their GJK /
//! EPA iterations at relative tolerances near 1e-6; 10 ulps covers that, and
//! is still 10 times finer than the contact tolerance.
//!
//! The contact band. satlab counts distance ≤ 1e-4 as intersecting, parry
//! counts only distance 0. So the verdict is judged against parry's
//! *distance*: separated when it is above `1e-4 + FLOOR`, intersecting when
//! below `1e-4 - FLOOR`, and skipped (counted, and the count bounded) within
//! `FLOOR` of 1e-4, where neither f32 library can decide.

use crate::common;
use crate::kit;

use common::parry::{to_parry, Triangles};
use common::*;
use kit::{every_kind, run_row, Seeds};
use parry2d::query;
use satlab::geom::{distance, intersects, penetration, ShapeKind};

const POSES: usize = 10_000;
const FLOOR: f64 = 1e-5;
const REL: f64 = 1e-4;

/// The kinds compared here: parry's shapes, each standing for the satlab
/// kind of `kind` (a triangle is a 3-vertex polygon given to parry as its
/// `Triangle`).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Pk {
    Ball,
    Aabb,
    Obb,
    Capsule,
    Segment,
    Polygon,
    Triangle,
}

fn kind(k: Pk) -> ShapeKind {
    match k {
        Pk::Ball => ShapeKind::Circle,
        Pk::Aabb => ShapeKind::Aabb,
        Pk::Obb => ShapeKind::Obb,
        Pk::Capsule => ShapeKind::Capsule,
        Pk::Segment => ShapeKind::Segment,
        Pk::Polygon | Pk::Triangle => ShapeKind::Polygon,
    }
}

/// The parry kinds standing for a satlab kind; none for the kinds parry
/// lacks, which `oracle.rs` covers. A new kind does not compile until it is
/// placed here.
fn parry_kinds(k: ShapeKind) -> &'static [Pk] {
    match k {
        ShapeKind::Circle => &[Pk::Ball],
        ShapeKind::Aabb => &[Pk::Aabb],
        ShapeKind::Obb => &[Pk::Obb],
        ShapeKind::Capsule => &[Pk::Capsule],
        ShapeKind::Segment => &[Pk::Segment],
        ShapeKind::Polygon => &[Pk::Polygon, Pk::Triangle],
        ShapeKind::Point | ShapeKind::Ray | ShapeKind::Line | ShapeKind::Sector => &[],
    }
}

fn random_for(k: Pk, rng: &mut Rng) -> Local {
    match k {
        Pk::Polygon => {
            let n = 4 + rng.below(5);
            random_polygon(rng, n)
        }
        Pk::Triangle => random_polygon(rng, 3),
        _ => random_local(kind(k), rng),
    }
}

/// parry's signed distance: the distance when separated, minus the
/// penetration depth (from `contact`) when overlapping.
fn parry_signed(a: &Sample, b: &Sample) -> f64 {
    // A 3-vertex polygon is the `Triangle` kind here, given as parry's own.
    let (ga, pa, ra) = to_parry(a, Triangles::AsTriangle).expect("parry has the kind");
    let (gb, pb, rb) = to_parry(b, Triangles::AsTriangle).expect("parry has the kind");
    let core = match query::contact(&pa, &*ga, &pb, &*gb, 0.0).expect("supported pair") {
        Some(c) if c.dist < 0.0 => c.dist as f64,
        _ => {
            query::distance(&pa, &*ga, &pb, &*gb)
                .expect("supported pair")
                .distance as f64
        }
    };
    core - ra - rb
}

/// What satlab answered for a pair.
#[derive(Debug)]
struct Answer {
    hit: bool,
    distance: f64,
    depth: Option<f64>,
}

enum Judgement {
    Agree,
    /// The reference distance is within `FLOOR` of the contact tolerance.
    Band,
    Disagree(String),
}

/// Compares satlab's answer with a reference distance and depth.
fn judge(ans: &Answer, d_ref: f64, depth_ref: f64) -> Judgement {
    if (d_ref - TOL).abs() <= FLOOR {
        return Judgement::Band;
    }
    let close = |x: f64, r: f64| (x - r).abs() <= (REL * r).max(FLOOR);
    if d_ref > TOL {
        if ans.hit {
            return Judgement::Disagree("verdict: satlab intersects".into());
        }
        if !close(ans.distance, d_ref) {
            return Judgement::Disagree("distance".into());
        }
        if ans.depth.is_some() {
            return Judgement::Disagree("penetration when separated".into());
        }
    } else {
        if !ans.hit {
            return Judgement::Disagree("verdict: satlab separated".into());
        }
        if ans.distance != 0.0 {
            return Judgement::Disagree("distance not 0 when intersecting".into());
        }
        match ans.depth {
            None => return Judgement::Disagree("no penetration".into()),
            Some(p) if !close(p, depth_ref) => return Judgement::Disagree("depth".into()),
            Some(_) => {}
        }
    }
    Judgement::Agree
}

#[derive(Default)]
struct Stats {
    skipped: usize,
    intersecting: usize,
    near: usize,
    parry_off: usize,
    max_dist_err: f64,
    max_depth_err: f64,
}

/// One ordered pair on `POSES` poses. Where satlab and parry disagree, the
/// f64 oracle of `common` (dense support-function sampling) decides: the
/// test fails when satlab disagrees with the oracle; when satlab agrees with
/// the oracle, parry was off, which is counted and reported (and bounded in
/// `run_row`) so the comparison stays a real comparison with parry.
fn run_pair(ka: Pk, kb: Pk, seed: u64, fails: &mut Failures) -> Stats {
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    for i in 0..POSES {
        // Placement: B along a random direction from A's position, at a
        // multiple of the touching offset found with parry's own distance.
        let la = random_for(ka, &mut rng);
        let lb = random_for(kb, &mut rng);
        let pos_a = V::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
        let a = build(&la, pos_a, rng.range(-180.0, 180.0));
        let b0 = build(&lb, a.pos, rng.range(-180.0, 180.0));
        let u = rng.unit();
        let (mut lo, mut hi) = (0.0, 12.0);
        for _ in 0..32 {
            let mid = 0.5 * (lo + hi);
            if parry_signed(&a, &b0.at(a.pos + u * mid)) > 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let r = rng.f();
        let off = if r < 0.5 {
            rng.range(0.0, 2.0) * hi
        } else if r < 0.8 {
            hi * (1.0 + rng.range(-5e-3, 5e-3))
        } else {
            hi + rng.range(-3e-4, 3e-4)
        };
        let b = b0.at(a.pos + u * off);

        let sd = parry_signed(&a, &b);
        let (d_ref, depth_ref) = (sd.max(0.0), (-sd).max(0.0));
        let ans = Answer {
            hit: intersects(&a.shape, &b.shape),
            distance: distance(&a.shape, &b.shape).distance as f64,
            depth: penetration(&a.shape, &b.shape).map(|p| p.depth as f64),
        };
        let mut agreed = false;
        match judge(&ans, d_ref, depth_ref) {
            Judgement::Band => {
                st.skipped += 1;
                continue;
            }
            Judgement::Agree => agreed = true,
            Judgement::Disagree(first) => {
                let t = truth(&a.spec, &b.spec);
                match judge(&ans, t.distance, t.depth) {
                    Judgement::Agree => st.parry_off += 1,
                    Judgement::Band => {
                        st.skipped += 1;
                        continue;
                    }
                    Judgement::Disagree(why) => fails.check(false, || {
                        format!(
                            "{ka:?}-{kb:?} #{i}: {why} (vs parry: {first}); satlab {ans:?}; parry d={d_ref:e} depth={depth_ref:e}; f64 oracle d={:e} depth={:e}\n  a={:?}\n  b={:?}",
                            t.distance, t.depth, a.shape, b.shape
                        )
                    }),
                }
            }
        }
        fails.check(true, String::new);
        if d_ref < 1e-3 {
            st.near += 1;
        }
        if d_ref > TOL {
            if agreed {
                st.max_dist_err = st.max_dist_err.max((ans.distance - d_ref).abs());
            }
        } else {
            st.intersecting += 1;
            if let (Some(p), true) = (ans.depth, agreed) {
                st.max_depth_err = st.max_depth_err.max((p - depth_ref).abs());
            }
        }
    }
    st
}

/// A = `ka` against every kind here, each pair on `POSES` poses.
fn row(ka: Pk) {
    let seeds = Seeds {
        base: 0x5EED_0000,
        stride: 16,
    };
    run_row("parry diff", seeds, ka, KINDS, |ka, kb, seed, fails| {
        let st = run_pair(ka, kb, seed, fails);
        eprintln!(
            "{ka:?}-{kb:?}: {POSES} poses, {} intersecting, {} within 1e-3 of touching, {} skipped in the band, parry off (oracle sides with satlab) {}, where they agree max |satlab - parry| distance {:.2e} depth {:.2e}",
            st.intersecting, st.near, st.skipped, st.parry_off, st.max_dist_err, st.max_depth_err
        );
        fails.check(st.parry_off * 50 < POSES, || {
            format!(
                "{ka:?}-{kb:?}: parry and satlab disagree on {} poses",
                st.parry_off
            )
        });
        // The band is narrow: it must not swallow a real share of the poses.
        fails.check(st.skipped * 50 < POSES, || {
            format!(
                "{ka:?}-{kb:?}: {} poses skipped in the contact band",
                st.skipped
            )
        });
        // About half intersect (the placement draws that), many near touching.
        fails.check(
            st.intersecting * 10 > POSES * 3 && st.intersecting * 10 < POSES * 8,
            || format!("{ka:?}-{kb:?}: {} of {POSES} intersect", st.intersecting),
        );
        fails.check(st.near * 5 > POSES, || {
            format!("{ka:?}-{kb:?}: only {} near touching", st.near)
        });
    });
}

every_kind! {
    Pk => row;
    not: [];
    ball_against_every_parry_shape: Ball,
    aabb_against_every_parry_shape: Aabb,
    obb_against_every_parry_shape: Obb,
    capsule_against_every_parry_shape: Capsule,
    segment_against_every_parry_shape: Segment,
    polygon_against_every_parry_shape: Polygon,
    triangle_against_every_parry_shape: Triangle,
}

/// Every satlab kind parry has is compared here, under a parry kind that
/// stands for it.
#[test]
fn every_kind_parry_has_is_compared() {
    for k in ShapeKind::ALL {
        for &p in parry_kinds(k) {
            assert!(KINDS.contains(&p), "{p:?} is not compared");
            assert_eq!(kind(p), k, "{p:?} stands for {:?}", kind(p));
        }
    }
}
