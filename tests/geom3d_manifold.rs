//! 3D contact manifolds (issue 27, item 3): hand-worked clipping cases, the
//! properties every manifold keeps on random poses of every bounded pair,
//! and a differential test against parry3d.

use crate::common3d::*;
use satlab::geom3d::{
    contact_manifold3, contact_manifold3_traced, penetration, Aabb3, Capsule3, ContactFeature3,
    ContactId3, Manifold3, Manifold3Method, Manifold3Trace, Obb3, Pose3, Shape3, ShapeKind3,
    Sphere, Vec3, CONTACT_TOLERANCE,
};

fn aabb(c: [f32; 3], h: [f32; 3]) -> Shape3 {
    Shape3::Aabb(Aabb3::new(Pose3::at(Vec3::from(c)), Vec3::from(h)).unwrap())
}

fn obb(c: [f32; 3], h: [f32; 3], deg: [f32; 3]) -> Shape3 {
    let pose = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::from(c), deg).unwrap();
    Shape3::Obb(Obb3::new(pose, Vec3::from(h)).unwrap())
}

fn near(a: Vec3, b: Vec3, tol: f32) -> bool {
    (a - b).length() <= tol
}

/// The points' `(point_a, point_b, separation)` sorted by point_b's x, then y.
fn sorted(m: &Manifold3) -> Vec<(Vec3, Vec3, f32)> {
    let mut v: Vec<_> = (m.points().iter())
        .map(|p| (p.point_a, p.point_b, p.separation))
        .collect();
    v.sort_by(|p, q| (p.1.x, p.1.y).partial_cmp(&(q.1.x, q.1.y)).unwrap());
    v
}

#[test]
fn box_resting_on_box_face_to_face_has_four_points() {
    // A: a 4 × 4 × 1 floor, top at z = 0.5; B: a unit cube sunk 0.1 into it.
    let (a, b) = (
        aabb([0.0; 3], [2.0, 2.0, 0.5]),
        aabb([0.0, 0.0, 0.9], [0.5; 3]),
    );
    let mut trace = Manifold3Trace::default();
    let m = contact_manifold3_traced(&a, &b, 0.0, &mut trace).unwrap();
    assert_eq!(m.normal, Vec3::Z);
    let pts = sorted(&m);
    assert_eq!(pts.len(), 4, "{m:?}");
    let xy = [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)];
    for ((pa, pb, s), (x, y)) in pts.iter().zip(xy) {
        assert!(near(*pa, Vec3::new(x, y, 0.5), 1e-6), "{pa}");
        assert!(near(*pb, Vec3::new(x, y, 0.4), 1e-6), "{pb}");
        assert!((s + 0.1).abs() < 1e-6, "{s}");
    }
    // A's top face (+z: face 5) is the reference; B's corners are kept.
    assert_eq!(trace.method, Manifold3Method::Clipping);
    assert_eq!(trace.reference.as_ref().unwrap().face, 5);
    assert_eq!(trace.incident.as_ref().unwrap().face, 4);
    assert_eq!(trace.clips.len(), 4);
    assert!(trace.clips.iter().all(|c| c.removed.is_empty()));
    for p in m.points() {
        assert_eq!(p.id.a, ContactFeature3::Face(5));
        assert!(matches!(p.id.b, ContactFeature3::Vertex(0..=3)), "{p:?}");
    }
}

#[test]
fn overhanging_box_is_cut_by_the_side_planes() {
    // B overhangs A's +x end by half its width: two corners are cut at x = 2.
    let (a, b) = (
        aabb([0.0; 3], [2.0, 2.0, 0.5]),
        aabb([2.0, 0.0, 0.9], [0.5; 3]),
    );
    let mut trace = Manifold3Trace::default();
    let m = contact_manifold3_traced(&a, &b, 0.0, &mut trace).unwrap();
    let pts = sorted(&m);
    let xs: Vec<f32> = pts.iter().map(|p| p.1.x).collect();
    assert_eq!(xs, vec![1.5, 1.5, 2.0, 2.0]);
    let removed: usize = trace.clips.iter().map(|c| c.removed.len()).sum();
    assert_eq!(removed, 2);
    let cut: Vec<_> = (m.points().iter())
        .filter(|p| matches!(p.id.a, ContactFeature3::Edge(_)))
        .collect();
    assert_eq!(cut.len(), 2, "{m:?}");
    assert!(cut
        .iter()
        .all(|p| matches!(p.id.b, ContactFeature3::Edge(_))));
}

#[test]
fn box_on_its_edge_has_two_points() {
    // B: a unit cube turned 45° about x, its lowest edge (along x) 0.05 deep.
    let h = std::f32::consts::FRAC_1_SQRT_2;
    let a = aabb([0.0; 3], [2.0, 2.0, 0.5]);
    let b = obb([0.0, 0.0, 0.5 + h - 0.05], [0.5; 3], [45.0, 0.0, 0.0]);
    let m = contact_manifold3(&a, &b, 0.0).unwrap();
    assert!(near(m.normal, Vec3::Z, 1e-6), "{m:?}");
    let pts = sorted(&m);
    assert_eq!(pts.len(), 2, "{m:?}");
    for ((pa, pb, s), x) in pts.iter().zip([-0.5, 0.5]) {
        assert!(near(*pb, Vec3::new(x, 0.0, 0.45), 1e-5), "{pb}");
        assert!(near(*pa, Vec3::new(x, 0.0, 0.5), 1e-5), "{pa}");
        assert!((s + 0.05).abs() < 1e-5, "{s}");
    }
}

#[test]
fn edge_crossing_edge_has_one_point_between_the_edges() {
    // A's top edge runs along x at z = √½; B's bottom edge along y, 0.05 lower.
    let h = std::f32::consts::FRAC_1_SQRT_2;
    let a = obb([0.0; 3], [0.5; 3], [45.0, 0.0, 0.0]);
    let b = obb([0.0, 0.0, 2.0 * h - 0.05], [0.5; 3], [0.0, 45.0, 0.0]);
    let mut trace = Manifold3Trace::default();
    let m = contact_manifold3_traced(&a, &b, 0.0, &mut trace).unwrap();
    assert_eq!(trace.method, Manifold3Method::EdgeEdge);
    assert!(near(m.normal, Vec3::Z, 1e-6), "{m:?}");
    let [p] = m.points() else { panic!("{m:?}") };
    assert!(near(p.point_a, Vec3::new(0.0, 0.0, h), 1e-5), "{p:?}");
    assert!(
        near(p.point_b, Vec3::new(0.0, 0.0, h - 0.05), 1e-5),
        "{p:?}"
    );
    assert!(near(p.midpoint(), Vec3::new(0.0, 0.0, h - 0.025), 1e-5));
    assert!((p.separation + 0.05).abs() < 1e-5);
    assert!(matches!(
        (p.id.a, p.id.b),
        (ContactFeature3::Edge(_), ContactFeature3::Edge(_))
    ));
}

#[test]
fn capsule_lying_on_a_box_has_two_points() {
    let a = aabb([0.0; 3], [2.0, 2.0, 0.5]);
    let pose = Pose3::at(Vec3::new(0.0, 0.0, 0.73));
    let b = Shape3::Capsule(Capsule3::new(pose, 1.0, 0.25).unwrap());
    let m = contact_manifold3(&a, &b, 0.0).unwrap();
    assert_eq!(m.normal, Vec3::Z);
    let pts = sorted(&m);
    assert_eq!(pts.len(), 2, "{m:?}");
    for ((pa, pb, s), x) in pts.iter().zip([-1.0, 1.0]) {
        assert!(near(*pa, Vec3::new(x, 0.0, 0.5), 1e-6), "{pa}");
        assert!(near(*pb, Vec3::new(x, 0.0, 0.48), 1e-6), "{pb}");
        assert!((s + 0.02).abs() < 1e-6, "{s}");
    }
}

#[test]
fn sphere_on_a_box_has_one_point() {
    let a = aabb([0.0; 3], [2.0, 2.0, 0.5]);
    let b = Shape3::Sphere(Sphere::new(Pose3::at(Vec3::new(0.3, 0.2, 0.9)), 0.5).unwrap());
    let m = contact_manifold3(&a, &b, 0.0).unwrap();
    assert_eq!(m.normal, Vec3::Z);
    let [p] = m.points() else { panic!("{m:?}") };
    assert!(near(p.point_a, Vec3::new(0.3, 0.2, 0.5), 1e-6), "{p:?}");
    assert!(near(p.point_b, Vec3::new(0.3, 0.2, 0.4), 1e-6), "{p:?}");
    assert!((p.separation + 0.1).abs() < 1e-6);
}

#[test]
fn speculative_distance_keeps_near_pairs_and_drops_far_ones() {
    let a = aabb([0.0; 3], [1.0; 3]);
    let b = aabb([0.0, 0.0, 2.5], [1.0; 3]);
    assert!(contact_manifold3(&a, &b, 0.4).is_none());
    let m = contact_manifold3(&a, &b, 0.6).unwrap();
    assert_eq!(m.points().len(), 4);
    assert!((m.separation() - 0.5).abs() < 1e-6);
    // Corner against corner, apart: the closest points.
    let c = aabb([2.5, 2.5, 2.5], [1.0; 3]);
    let m = contact_manifold3(&a, &c, 1.0).unwrap();
    assert_eq!(m.points().len(), 1);
    assert!((m.separation() - 0.5 * 3f32.sqrt()).abs() < 1e-5, "{m:?}");
    assert!(near(m.normal, Vec3::ONE.normalize(), 1e-5));
}

// ---- Properties over random poses of every bounded pair ----

/// A random pair at scale `s` (1e-3 to 1e3), A placed up to ±5000: the
/// unit-size placement of `placed_pair`, scaled about A and moved.
fn random_pair(rng: &mut Rng, ka: ShapeKind3, kb: ShapeKind3) -> (Sample, Sample, f32) {
    let s = 10f32.powf(rng.range(-3.0, 3.0) as f32);
    let (la, lb) = (random_local(ka, rng), random_local(kb, rng));
    let (a, b) = placed_pair(rng, &la, &lb);
    let far = if rng.chance(0.3) {
        rng.vec(-5000.0, 5000.0)
    } else {
        Vec3::ZERO
    };
    let a2 = build(&la.scaled(s), a.pos * s + far, a.rot);
    let b2 = build(&lb.scaled(s), b.pos * s + far, b.rot);
    (a2, b2, s)
}

/// The size-proportional tolerance of a pair at scale `s` placed at `pos`:
/// f32 rounding of the coordinates and of the sizes.
fn tol_of(s: f32, pos: Vec3) -> f32 {
    2e-5 * s * 10.0 + 4e-6 * pos.abs().max_element() + 1e-6
}

/// Every property of one manifold; `Err` says which failed.
fn properties(a: &Sample, b: &Sample, s: f32) -> Result<(), String> {
    let (sa, sb) = (&a.shape, &b.shape);
    let tol = tol_of(s, a.pos.abs().max(b.pos.abs()));
    let spec = 0.1 * s;
    let d = satlab::geom3d::distance(sa, sb).distance;
    let Some(m) = contact_manifold3(sa, sb, spec) else {
        return if d >= spec - tol {
            Ok(())
        } else {
            Err(format!("no manifold at distance {d} < speculative {spec}"))
        };
    };
    if d > spec + tol {
        return Err(format!("manifold at distance {d} > speculative {spec}"));
    }
    let n = m.normal;
    if (n.length() - 1.0).abs() > 1e-5 {
        return Err(format!("normal {n} not unit"));
    }
    for p in m.points() {
        let w = (p.point_b - p.point_a).dot(n);
        if (w - p.separation).abs() > tol {
            return Err(format!("separation {} but witnesses {w}", p.separation));
        }
        if p.separation > spec + tol {
            return Err(format!("point above speculative: {}", p.separation));
        }
    }
    let min = m.separation();
    match penetration(sa, sb) {
        Some(pen) if pen.depth > 0.0 => {
            if (min + pen.depth).abs() > tol {
                return Err(format!("deepest {min} vs depth {}", pen.depth));
            }
            // A to B: moving B along the normal past the depth separates.
            let moved = b.at(b.pos + n * (-min + (0.01 * s).max(2e-4) + tol));
            if satlab::geom3d::intersects(sa, &moved.shape) {
                return Err(format!("B moved along {n} by {} still hits", -min));
            }
        }
        // Apart, or touching within the contact tolerance (the distance
        // snapped to 0): the least separation is the gap.
        Some(_) | None => {
            let gap = if d > 0.0 {
                d
            } else {
                min.clamp(0.0, CONTACT_TOLERANCE)
            };
            if (min - gap).abs() > tol {
                return Err(format!("deepest {min} vs distance {d}"));
            }
        }
    }
    // Touching within rounding, the normal is not unique (point on point,
    // corner on corner): only the separations are compared then. Nor is
    // it for a rounded shape whose core lies within a few thousand units
    // of rounding of the other's (a point near a sphere's centre: the
    // direction between them turns by their positions' rounding over
    // their distance; 0.05 apart at 3,800 out, a moved pose turned it
    // 5e-3 rad).
    let cores = min + radius(&a.local) + radius(&b.local);
    let rounding = 1e-6 * s + 4e-6 * a.pos.abs().max(b.pos.abs()).max_element();
    let rounded = radius(&a.local) + radius(&b.local) > 0.0;
    let unique = min.abs() > 10.0 * tol && !(rounded && cores.abs() <= 1e3 * rounding);
    mirrored(a, b, &m, spec, tol, unique)?;
    // Far out, the moved poses round by more than the shapes' detail.
    if a.pos.abs().max_element() > 1e3 * s {
        return Ok(());
    }
    moved_rigidly(a, b, &m, spec, s, unique)
}

/// The face a manifold's points were clipped against, as their ids name
/// it (`(true, k)`: A's face `k`; `(false, k)`: B's), if any.
fn reference(m: &Manifold3) -> Option<(bool, u16)> {
    let face = |f: ContactFeature3| match f {
        ContactFeature3::Face(k) => Some(k),
        ContactFeature3::Vertex(_) | ContactFeature3::Edge(_) => None,
    };
    (m.points().iter()).find_map(|p| {
        face(p.id.a)
            .map(|k| (true, k))
            .or(face(p.id.b).map(|k| (false, k)))
    })
}

/// True for a vertex of one shape against a face of the other.
fn corner_on_face(id: ContactId3) -> bool {
    use ContactFeature3::{Edge, Face, Vertex};
    match (id.a, id.b) {
        (Vertex(_), Face(_)) | (Face(_), Vertex(_)) => true,
        (Vertex(_) | Edge(_) | Face(_), Edge(_))
        | (Edge(_), Vertex(_) | Face(_))
        | (Vertex(_), Vertex(_))
        | (Face(_), Face(_)) => false,
    }
}

/// The radius a sample's core is swept by (0 for a polytope).
fn radius(l: &Local) -> f32 {
    match l {
        Local::Sphere(r) | Local::Capsule(_, r) => *r,
        Local::Point
        | Local::Segment(_)
        | Local::Ray(_)
        | Local::Aabb(_)
        | Local::Obb(_)
        | Local::Triangle(_)
        | Local::Hull(_) => 0.0,
    }
}

/// `manifold(b, a)`: the opposite normal and the same least separation.
fn mirrored(
    a: &Sample,
    b: &Sample,
    m: &Manifold3,
    spec: f32,
    tol: f32,
    unique: bool,
) -> Result<(), String> {
    let Some(r) = contact_manifold3(&b.shape, &a.shape, spec) else {
        return Err("no mirrored manifold".into());
    };
    if (r.separation() - m.separation()).abs() > tol {
        return Err(format!(
            "mirror deepest {} vs {}",
            r.separation(),
            m.separation()
        ));
    }
    if unique
        && (r.normal + m.normal).length() > 1e-3
        && !tie(a, b, -r.normal, m, tol)
        && !tie_apart(a, b, -r.normal, m.separation(), tol)
    {
        return Err(format!("mirror normal {} vs {}", r.normal, m.normal));
    }
    Ok(())
}

/// Whether `alt` (A to B) is as good a normal as `m`'s for an overlap: B
/// moved along it by the depth, twice the tolerance and the contact
/// tolerance (within which `intersects` counts touching) no longer hits A.
/// Two axes of equal depth (a capsule's round side against a box face, a
/// face pair against an edge pair of a hull and a triangle, a capsule
/// across a triangle's edge, where axes 1e-3 rad apart reach the same
/// depth to its rounding) leave the normal to the order of the pair
/// (seeds 1795768918, 1795768201, 1795779885).
fn tie(a: &Sample, b: &Sample, alt: Vec3, m: &Manifold3, tol: f32) -> bool {
    let depth = -m.separation();
    depth > 0.0 && {
        let moved = b.at(b.pos + alt * (depth + 2.0 * tol + CONTACT_TOLERANCE));
        !satlab::geom3d::intersects(&a.shape, &moved.shape)
    }
}

/// Whether `alt` (A to B) is as good a normal as one of separation `sep`
/// for shapes apart: the SAT report's axis along it (either sense) has a
/// gap within `tol` of `sep`. A corner near a corner is apart by the line
/// joining them, and a face normal a few milliradians off that line
/// reaches the same gap to within the `f32` rounding of the gaps, so the
/// best axis is the one the rounding favours (seed 1795773525: a point
/// 4.3e-4 from a hull's corner, normals 3.5e-3 rad apart).
fn tie_apart(a: &Sample, b: &Sample, alt: Vec3, sep: f32, tol: f32) -> bool {
    sep > 0.0
        && (satlab::geom3d::sat_report3(&a.shape, &b.shape).axes.iter())
            .any(|t| t.axis.dot(alt).abs() > 1.0 - 1e-6 && t.gap >= sep - tol)
}

/// Both shapes turned and moved together: the points move with them.
fn moved_rigidly(
    a: &Sample,
    b: &Sample,
    m: &Manifold3,
    spec: f32,
    s: f32,
    unique: bool,
) -> Result<(), String> {
    let aabb = matches!(a.local, Local::Aabb(_)) || matches!(b.local, Local::Aabb(_));
    let rot = if aabb {
        satlab::geom3d::Quat::IDENTITY
    } else {
        satlab::geom3d::Quat::from_axis_angle(Vec3::new(0.3, -0.5, 0.8).normalize(), 0.7)
    };
    let shift = Vec3::new(1.5, -2.0, 0.5) * s;
    let at = |p: Vec3| rot * (p - a.pos) + a.pos + shift;
    let a2 = build(&a.local, at(a.pos), rot * a.rot);
    let b2 = build(&b.local, at(b.pos), rot * b.rot);
    let tol = tol_of(s, a.pos.abs().max(b.pos.abs()) + shift.abs()) * 4.0;
    let Some(r) = contact_manifold3(&a2.shape, &b2.shape, spec) else {
        return if m.separation() >= spec - tol {
            Ok(())
        } else {
            Err("no manifold after a rigid motion".into())
        };
    };
    let alt = rot * m.normal;
    let turned = (r.normal - alt).length() > 1e-3
        && !tie(&a2, &b2, alt, &r, tol)
        && !tie_apart(&a2, &b2, alt, r.separation(), tol);
    if unique && turned || (r.separation() - m.separation()).abs() > tol {
        return Err(format!(
            "moved: normal {} sep {} vs {m:?}",
            r.normal,
            r.separation()
        ));
    }
    // Each point has its moved image among the moved manifold's points
    // (when both found the same number on the same reference face: a rigid
    // motion may turn a tie of faces the other way, A's face for B's, and
    // then the clipped points are the other face's).
    if unique && r.points().len() == m.points().len() && reference(&r) == reference(m) {
        // Only the incident face's own corners: a point where an incident
        // edge crosses a side plane moves along the edge by the motion's
        // rounding over the sine of their angle (a grazing edge moved one
        // 0.013 for a rounding of 5e-5).
        // The reduction to four keeps points by their scores (deepest,
        // farthest, largest areas); where two score alike to the rounding
        // the moved pose may keep the other, and the image is then among
        // the points it dropped (seed 1795777015: fails on 9b97948 too).
        let mut trace = Manifold3Trace::default();
        contact_manifold3_traced(&a2.shape, &b2.shape, spec, &mut trace);
        for p in (m.points().iter()).filter(|p| corner_on_face(p.id)) {
            let want = at(p.midpoint());
            let gap = (r.points().iter().map(|q| q.midpoint()))
                .chain(trace.reduced.iter().copied())
                .map(|q| (q - want).length())
                .fold(f32::INFINITY, f32::min);
            if gap > tol {
                return Err(format!(
                    "moved: {want} has no point within {tol} ({gap}) in {r:?}"
                ));
            }
        }
    }
    Ok(())
}

/// Fresh seeds per run (`SATLAB_MANIFOLD_SEEDS` sets more, for a local soak).
fn extra_seeds() -> u64 {
    std::env::var("SATLAB_MANIFOLD_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// The first fresh seed: the clock's seconds (`fallback` without a clock),
/// or `SATLAB_FRESH` to replay a soak's range.
fn first_fresh_seed(fallback: u64) -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    std::env::var("SATLAB_FRESH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| now.map_or(fallback, |d| d.as_secs()))
}

/// Seeds always run; a failing fresh seed is added here.
const FIXED: [u64; 11] = [
    1, 27, 1795757227, 1795757064, 1795758062, 1795758243, 1795768918, 1795768201, 1795773525,
    1795777015, 1795779885,
];

fn run_properties(ka: ShapeKind3, kb: ShapeKind3, cases: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed ^ (ka as u64 * 131 + kb as u64 * 7919));
    let mut out = Vec::new();
    for i in 0..cases {
        let (a, b, s) = random_pair(&mut rng, ka, kb);
        if let Err(e) = properties(&a, &b, s) {
            out.push(format!(
                "{ka:?}-{kb:?} seed {seed} #{i}: {e}\n  a={:?} {:?} {:?}\n  b={:?} {:?} {:?}",
                a.local, a.pos, a.rot, b.local, b.pos, b.rot
            ));
        }
    }
    out
}

#[test]
fn properties_hold_on_random_poses_of_every_pair() {
    let fresh = first_fresh_seed(3);
    let mut fails = Vec::new();
    for ka in BOUNDED {
        for kb in BOUNDED {
            for seed in FIXED.iter().copied().chain(fresh..fresh + extra_seeds()) {
                fails.extend(run_properties(ka, kb, 3, seed));
            }
        }
    }
    let mut seen = std::collections::BTreeMap::new();
    for f in &fails {
        let pair = f.split(' ').next().unwrap_or("").to_string();
        seen.entry(pair).or_insert(f.clone());
    }
    let firsts: Vec<String> = seen.values().cloned().collect();
    assert!(
        fails.is_empty(),
        "{} failures; first of each pair:\n{}",
        fails.len(),
        firsts.join("\n")
    );
}

/// A sphere or point against a box takes a closed form unless the trace
/// records; the traced call runs the general route (SAT pass and
/// clipping). The two must give the same manifold bit for bit, centres
/// inside the box included.
#[test]
fn ball_box_closed_form_is_the_general_route() {
    let mut rng = Rng(0xba11_b0c5);
    let balls = [ShapeKind3::Sphere, ShapeKind3::Point];
    let boxes = [ShapeKind3::Aabb, ShapeKind3::Obb];
    for (ka, kb) in balls
        .iter()
        .flat_map(|&p| boxes.iter().map(move |&q| (p, q)))
    {
        for i in 0..600 {
            let (mut a, b, s) = random_pair(&mut rng, ka, kb);
            if i % 3 == 0 {
                // The centre between the two positions: often inside.
                a = a.at(a.pos + (b.pos - a.pos) * rng.range(0.0, 1.0) as f32);
            }
            let spec = if i % 2 == 0 { 0.0 } else { 0.05 * s };
            for (x, y) in [(&a.shape, &b.shape), (&b.shape, &a.shape)] {
                let mut t = Manifold3Trace::default();
                let general = contact_manifold3_traced(x, y, spec, &mut t);
                assert_eq!(contact_manifold3(x, y, spec), general, "{ka:?}-{kb:?} #{i}");
            }
        }
    }
}

// ---- Against parry3d ----

/// parry3d's `contact` on the same pair (spheres and capsules given as
/// their cores, the radii taken off): its normal (A to B) and signed
/// distance, when within `prediction`.
fn parry_contact(a: &Sample, b: &Sample, prediction: f32) -> Option<(Vec3, f32)> {
    let (ga, pa, ra) = to_parry(a);
    let (gb, pb, rb) = to_parry(b);
    let (ra, rb) = (ra as f32, rb as f32);
    let c = parry3d::query::contact(&pa, &*ga.0, &pb, &*gb.0, prediction + ra + rb).ok()??;
    Some((from_pv(c.normal1), c.dist - ra - rb))
}

/// satlab's manifold against parry3d's contact on random near-touching and
/// overlapping poses of the pairs parry has (unit scale): the same deepest
/// separation (parry3d-f64 deciding where parry3d's f32 answer differs),
/// and the same normal where it is unique.
///
/// Differences in feature choice (not checked): parry's
/// `contact_manifolds` keeps every clipped point of a polyhedron pair (up to
/// the incident face's corner count) where satlab reduces to four; parry
/// picks its reference face among faces within an angular tolerance of the
/// normal, satlab by the face's own gap within `tol` of the best (A's on a
/// tie); for an edge pair parry reports the closest points of the two
/// edges, satlab their midpoint's witnesses on each edge, the same points.
/// Where two axes give the same depth (a tie within rounding), the two
/// libraries may name different normals of equal depth: such cases are
/// counted and allowed up to 2 %.
#[test]
fn agrees_with_parry3d_contact() {
    let fresh = first_fresh_seed(5);
    let (mut fails, mut ties, mut checked) = (Vec::new(), 0, 0);
    for ka in PARRY_KINDS {
        for kb in PARRY_KINDS {
            // Fixed seeds, and the ones a 3,000-seed soak found parry
            // wrong on (kept so that the referee keeps being asked).
            let kept = [
                11, 1795685376, 1795685709, 1795766871, 1795767076, 1795768355, 1795768560,
                1795768867, 1795768920, 1795769005, 1795769027, 1795775759,
            ];
            for seed in kept.into_iter().chain(fresh..fresh + extra_seeds()) {
                let mut rng = Rng(seed ^ (ka as u64 * 31 + kb as u64 * 977));
                for i in 0..3 {
                    let (la, lb) = (random_local(ka, &mut rng), random_local(kb, &mut rng));
                    let (a, b) = placed_pair(&mut rng, &la, &lb);
                    let spec = 0.05;
                    let (Some(m), Some((n, dist))) = (
                        contact_manifold3(&a.shape, &b.shape, spec),
                        parry_contact(&a, &b, spec),
                    ) else {
                        continue;
                    };
                    checked += 1;
                    let tol = 2e-4;
                    let what = || {
                        format!(
                            "{ka:?}-{kb:?} seed {seed} #{i}: satlab {m:?}; parry normal {n} dist \
                             {dist}\n  a={:?} {:?} {:?}\n  b={:?} {:?} {:?}",
                            a.local, a.pos, a.rot, b.local, b.pos, b.rot
                        )
                    };
                    // parry3d in f32 is off by up to 3e-3 near touching
                    // (issue 27): a disagreement goes to parry3d-f64; where
                    // that disagrees too on an overlap, to the exhaustive
                    // f64 SAT (`exact_depth`): parry's depth of a box
                    // against a segment, capsule or triangle cut by an
                    // edge pair was found 0.09 short (seed 1795769027,
                    // checked by a brute-force minimum over directions).
                    let off = |d: f32| (m.separation() - d).abs() > tol;
                    let exact = || exact_depth(&a, &b).map_or(0.0, |d| -d as f32);
                    if off(dist) && off(parry64_signed(&a, &b) as f32) && off(exact()) {
                        fails.push(format!("depth: {}", what()));
                    } else if dist.abs() > 1e-3 && (m.normal - n).length() > 1e-2 {
                        ties += 1;
                    }
                }
            }
        }
    }
    assert!(
        fails.is_empty(),
        "{} of {checked}:\n{}",
        fails.len(),
        fails[..fails.len().min(6)].join("\n")
    );
    assert!(ties * 50 <= checked, "{ties} normals differ of {checked}");
}

#[test]
fn ids_stay_while_a_box_slides_on_a_box() {
    // B slides over A's top face, from within it to overhanging its +x end:
    // each kept corner and each cut point keeps its id.
    let a = aabb([0.0; 3], [2.0, 2.0, 0.5]);
    let ids = |x: f32| {
        let b = obb([x, 0.3, 0.9], [0.5; 3], [0.0, 0.0, 20.0]);
        let m = contact_manifold3(&a, &b, 0.0).unwrap();
        let mut v: Vec<u32> = m.points().iter().map(|p| p.id.key()).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(ids(0.0), ids(0.7));
    assert_eq!(ids(1.9), ids(1.95));
    assert_ne!(ids(0.0), ids(1.9), "overhanging, two corners are cut");
}

#[test]
fn a_3d_scene_reads_writes_and_checks_its_contacts() {
    use satlab::scene::{self, AnyScene};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/11-3d-contacts/01-box-resting-on-box.json");
    let AnyScene::Space(s) = scene::load_any(&path).unwrap() else {
        panic!("not a 3D scene")
    };
    let c = s.expect.as_ref().unwrap().contacts3.as_ref().unwrap();
    assert_eq!((c.normal, c.points.len()), (Vec3::Z, 4));
    let text = AnyScene::Space(s.clone()).to_json();
    assert!(
        text.contains("\"contacts\": {\"normal\": [0, 0, 1]"),
        "{text}"
    );
    assert_eq!(
        scene::parse_any(&text, &path).unwrap(),
        AnyScene::Space(s.clone())
    );
    assert!(scene::evaluate_space(&s).is_empty());
    // A point moved by more than the tolerance is a mismatch.
    let mut wrong = s.clone();
    let e = wrong.expect.as_mut().unwrap();
    e.contacts3.as_mut().unwrap().points[2].point.z += 0.01;
    let m = scene::evaluate_space(&wrong);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].field, "contacts");
    // Capture records the same manifold.
    let cap = scene::capture_space(&s, "x");
    assert_eq!(cap.expect.unwrap().contacts3.unwrap().points.len(), 4);
    // A fifth point is refused.
    let five = text.replacen(
        "\"points\": [",
        "\"points\": [{\"point\": [0, 0, 0], \"separation\": 0}, ",
        1,
    );
    let err = scene::parse_any(&five, &path).unwrap_err().to_string();
    assert!(err.contains("1 to 4 points, got 5"), "{err}");
}

#[test]
fn an_octagonal_face_is_reduced_to_four_points() {
    // B: an octagonal prism (corners at radius 0.5 round z, z = ±0.5) sunk
    // 0.1 into A's top face: its eight bottom corners survive the clipping
    // and four are kept, spanning at least the inscribed square (area 0.5).
    let a = aabb([0.0; 3], [2.0, 2.0, 0.5]);
    let ring = |z: f32| {
        (0..8).map(move |k| {
            let t = k as f32 * std::f32::consts::FRAC_PI_4;
            Vec3::new(0.5 * t.cos(), 0.5 * t.sin(), z)
        })
    };
    let pts: Vec<Vec3> = ring(-0.5).chain(ring(0.5)).collect();
    let pose = Pose3::at(Vec3::new(0.0, 0.0, 0.9));
    let b = Shape3::Hull(satlab::geom3d::Hull3::new(pose, &pts, false).unwrap());
    let mut trace = Manifold3Trace::default();
    let m = contact_manifold3_traced(&a, &b, 0.0, &mut trace).unwrap();
    assert_eq!(m.points().len(), 4, "{m:?}");
    assert_eq!(trace.reduced.len(), 4);
    let p: Vec<Vec3> = m.points().iter().map(|p| p.point_b).collect();
    let area = 0.5
        * ((p[1] - p[0]).cross(p[2] - p[0]).length() + (p[2] - p[0]).cross(p[3] - p[0]).length());
    assert!(area >= 0.5 - 1e-5, "area {area} of {p:?}");
    assert!(m.points().iter().all(|q| (q.separation + 0.1).abs() < 1e-5));
}
