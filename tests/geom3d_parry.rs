//! Differential tests against parry3d 0.31: for every ordered pair among
//! ball (our sphere), cuboid (our aabb and obb), capsule, segment, triangle
//! and convex polyhedron (our hull of 12 points), on 10,000 random poses per
//! pair, satlab's verdict, distance and penetration depth agree with
//! parry's.
//!
//! Poses: see `common3d::placed_pair`: about half intersect and many are
//! within 0.5% or 3e-4 units of touching.
//!
//! Tolerances. Distances and depths agree to 1e-4 relative with an absolute
//! floor of 2e-5: coordinates reach about 10 units (one f32 ulp about 1e-6),
//! both libraries compute in f32 from the same f32 inputs, and parry's EPA
//! stops at a relative tolerance near 1e-5 of the depth.
//!
//! The contact band: satlab counts distance ≤ 1e-4 as intersecting, parry
//! only distance 0, so the verdict is judged against parry's distance:
//! separated above `1e-4 + FLOOR`, intersecting below `1e-4 − FLOOR`, and
//! skipped (counted) within `FLOOR` of 1e-4.

use crate::common3d;
use crate::kit;

use common3d::*;
use kit::{every_pair, Seeds};
use satlab::geom3d::{distance, intersects, penetration, sat_report3, ShapeKind3};

/// Poses per pair (`SATLAB_3D_POSES` overrides, for quick local runs).
fn poses() -> usize {
    std::env::var("SATLAB_3D_POSES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}
const FLOOR: f64 = 2e-5;
const REL: f64 = 1e-4;

#[derive(Default)]
struct Stats {
    band: usize,
    intersecting: usize,
    near: usize,
    max_dist_err: f64,
    max_depth_err: f64,
    parry_off: usize,
}

fn run_pair(ka: ShapeKind3, kb: ShapeKind3, seed: u64, fails: &mut Failures) -> Stats {
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    for i in 0..poses() {
        let la = random_local(ka, &mut rng);
        let lb = random_local(kb, &mut rng);
        let (a, b) = placed_pair(&mut rng, &la, &lb);
        let sd = parry_signed(&a, &b);
        let (d_ref, depth_ref) = (sd.max(0.0), (-sd).max(0.0));
        if (d_ref - TOL).abs() <= FLOOR {
            st.band += 1;
            continue;
        }
        let hit = intersects(&a.shape, &b.shape);
        let dist = distance(&a.shape, &b.shape).distance as f64;
        let pen = penetration(&a.shape, &b.shape).map(|p| p.depth as f64);
        let sat = sat_report3(&a.shape, &b.shape).intersects;
        let mut why = judge(hit, sat, dist, pen, d_ref, depth_ref);
        if why.is_some() {
            // Ask parry3d-f64 who is right.
            let so = parry64_signed(&a, &b);
            let (d_o, depth_o) = (so.max(0.0), (-so).max(0.0));
            if (d_o - TOL).abs() <= FLOOR {
                st.band += 1;
                continue;
            }
            // Depth disputes: the exhaustive f64 SAT of `exact_depth`.
            let depth_o = if d_o <= TOL {
                exact_depth(&a, &b).unwrap_or(depth_o)
            } else {
                depth_o
            };
            if judge(hit, sat, dist, pen, d_o, depth_o).is_none() {
                st.parry_off += 1;
                why = None;
            }
        }
        fails.check(why.is_none(), || {
            format!(
                "{ka:?}-{kb:?} #{i}: {}; satlab hit={hit} d={dist:e} depth={pen:?}; parry d={d_ref:e} depth={depth_ref:e}; parry3d-f64 {:e}; exhaustive f64 depth {:?}\n  a={:?} at {:?} {:?}\n  b={:?} at {:?} {:?}",
                why.unwrap_or(""), parry64_signed(&a, &b), exact_depth(&a, &b), a.local, a.pos, a.rot, b.local, b.pos, b.rot
            )
        });
        if d_ref < 1e-3 {
            st.near += 1;
        }
        if d_ref > TOL {
            st.max_dist_err = st.max_dist_err.max((dist - d_ref).abs());
        } else {
            st.intersecting += 1;
            if let Some(p) = pen {
                st.max_depth_err = st.max_depth_err.max((p - depth_ref).abs());
            }
        }
    }
    st
}

/// What is wrong with satlab's answer given the reference signed distance, if anything.
fn judge(
    hit: bool,
    sat: bool,
    dist: f64,
    pen: Option<f64>,
    d_ref: f64,
    depth_ref: f64,
) -> Option<&'static str> {
    let close = |x: f64, r: f64| (x - r).abs() <= (REL * r).max(FLOOR);
    if d_ref > TOL {
        if hit {
            Some("intersects when separated")
        } else if sat {
            Some("SAT report intersects when separated")
        } else if !close(dist, d_ref) {
            Some("distance")
        } else if pen.is_some() {
            Some("penetration when separated")
        } else {
            None
        }
    } else if !hit {
        Some("separated when intersecting")
    } else if !sat {
        Some("SAT report separated when intersecting")
    } else if dist != 0.0 {
        Some("distance not 0 when intersecting")
    } else {
        match pen {
            None => Some("no penetration"),
            Some(p) if !close(p, depth_ref) => Some("depth"),
            Some(_) => None,
        }
    }
}

fn run(ka: ShapeKind3, kb: ShapeKind3) {
    let mut fails = Failures::new(&format!("parry3d diff, {ka:?}-{kb:?}"));
    let place = |k: ShapeKind3| {
        PARRY_KINDS
            .iter()
            .position(|&x| x == k)
            .unwrap_or_else(|| panic!("{k:?} is not in PARRY_KINDS"))
    };
    let seeds = Seeds {
        base: 0x3D_5EED,
        stride: 16,
    };
    let st = run_pair(ka, kb, seeds.of(place(ka), place(kb)), &mut fails);
    eprintln!(
        "{ka:?}-{kb:?}: {} poses, {} intersecting, {} within 1e-3 of touching, {} in the band, {} where parry3d-f64 (for depth: exhaustive f64 SAT) sides with satlab against parry3d, max |satlab - parry| distance {:.2e} depth {:.2e}",
        poses(), st.intersecting, st.near, st.band, st.parry_off, st.max_dist_err, st.max_depth_err
    );
    assert!(st.band * 20 < poses(), "too many poses in the band");
    assert!(st.parry_off * 50 < poses(), "parry disagrees too often");
    assert!(st.intersecting * 10 > poses(), "too few intersecting poses");
    fails.finish();
}

// One test per ordered pair, so each stays short.
every_pair! {
    ShapeKind3 => run;
    // parry3d has no point or ray shape: `geom3d_oracle.rs` covers them.
    not: [Point, Ray];
    sphere_sphere: Sphere, Sphere;
    sphere_aabb: Sphere, Aabb;
    sphere_obb: Sphere, Obb;
    sphere_capsule: Sphere, Capsule;
    sphere_segment: Sphere, Segment;
    sphere_triangle: Sphere, Triangle;
    sphere_hull: Sphere, Hull;
    aabb_sphere: Aabb, Sphere;
    aabb_aabb: Aabb, Aabb;
    aabb_obb: Aabb, Obb;
    aabb_capsule: Aabb, Capsule;
    aabb_segment: Aabb, Segment;
    aabb_triangle: Aabb, Triangle;
    aabb_hull: Aabb, Hull;
    obb_sphere: Obb, Sphere;
    obb_aabb: Obb, Aabb;
    obb_obb: Obb, Obb;
    obb_capsule: Obb, Capsule;
    obb_segment: Obb, Segment;
    obb_triangle: Obb, Triangle;
    obb_hull: Obb, Hull;
    capsule_sphere: Capsule, Sphere;
    capsule_aabb: Capsule, Aabb;
    capsule_obb: Capsule, Obb;
    capsule_capsule: Capsule, Capsule;
    capsule_segment: Capsule, Segment;
    capsule_triangle: Capsule, Triangle;
    capsule_hull: Capsule, Hull;
    segment_sphere: Segment, Sphere;
    segment_aabb: Segment, Aabb;
    segment_obb: Segment, Obb;
    segment_capsule: Segment, Capsule;
    segment_segment: Segment, Segment;
    segment_triangle: Segment, Triangle;
    segment_hull: Segment, Hull;
    triangle_sphere: Triangle, Sphere;
    triangle_aabb: Triangle, Aabb;
    triangle_obb: Triangle, Obb;
    triangle_capsule: Triangle, Capsule;
    triangle_segment: Triangle, Segment;
    triangle_triangle: Triangle, Triangle;
    triangle_hull: Triangle, Hull;
    hull_sphere: Hull, Sphere;
    hull_aabb: Hull, Aabb;
    hull_obb: Hull, Obb;
    hull_capsule: Hull, Capsule;
    hull_segment: Hull, Segment;
    hull_triangle: Hull, Triangle;
    hull_hull: Hull, Hull;
}
