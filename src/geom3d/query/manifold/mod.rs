//! 3D contact manifolds: one normal from A to B and up to four points with
//! their separations, for every pair of bounded 3D shapes (issue 27, item
//! 3). The 3D counterpart of [`crate::geom::contact_manifold`], after
//! Gregorius's SAT-with-clipping talks (GDC 2013, 2015) and parry3d's
//! polyhedron manifolds; written for satlab's pieces.
//!
//! The rules, per pair of convex pieces (a polytope core swept by a radius):
//!
//! 1. **The normal.** The SAT search (`sat::for_each_candidate`) gives the
//!    largest gap `G` and its axis; for a solid hull against a solid hull,
//!    box, triangle or capsule, and a triangle against a solid box
//!    (`hulls::serves`), `hulls::scan` searches the facet normals of the
//!    (cores') Minkowski difference only, each one way (Gregorius), and a
//!    capsule's closest-points axis where the cores are apart: the same
//!    `G` when the pieces overlap, a positive one no larger when they are
//!    apart, where the distance below decides. `G` above the speculative
//!    margin: no manifold. Apart (`G > 0`): the exact distance decides; when it
//!    exceeds the margin, no manifold; when the SAT axis does not realise
//!    it (corner against corner), one point: the closest points, the
//!    normal joining them. Without a recorder, a face contact (rule 2)
//!    is tried first, and when its deepest separation `s` is two roundings
//!    inside the margin it stands without the distance: its points are
//!    pairs of points on the two shapes, so the distance lies between `G`
//!    and `s`, which rule 2 keeps within `tol` of `G` (the distance's two
//!    checks could then fail only by their own rounding; the 46,400-pair
//!    dump of `PERFORMANCE.md` gave the same manifolds bit for bit). Where
//!    no face contact is found and an edge pair gives `G`, rule 3's point
//!    stands the same way when the distance between its two ends (points
//!    on the shapes) is two roundings inside the margin and within `tol`
//!    of `G`.
//! 2. **Face contact.** The best face of A and the best face of B (each
//!    face's own gap: B's deepest point under A's face plane, and the
//!    reverse). When one of them is within `tol` of `G`, it is the
//!    reference face (the larger gap; A's within `tol` of a tie); the other
//!    piece's face most anti-parallel to it (a capsule's segment, a
//!    sphere's centre) is the incident face, clipped by the reference
//!    face's side planes (Sutherland–Hodgman); the points above the
//!    reference face by more than the margin are dropped, and more than
//!    four reduced to four (the deepest, the farthest from it, the largest
//!    triangle, the most area outside it). The normal is the reference
//!    face's (negated when it is B's). If the clipping lost the deepest
//!    point (its separation is not the face's gap within `tol`), the next
//!    rule decides instead.
//! 3. **Edge contact.** When an edge × edge axis gives `G`: one point, the
//!    midpoint of the closest points of A's support edge along the normal
//!    and B's along its opposite (moved out by the radii).
//! 4. **Otherwise one point:** the closest points of the cores moved out by
//!    the radii (spheres, capsules: the cores apart), else the deepest core
//!    vertex along the normal.
//!
//! Two pieces whose cores are points or segments (spheres, capsules) take
//! a closed form of rules 1 and 3–4 (the `round` module): the closest
//! points of the cores in `f64`, the same point to rounding. A sphere or
//! point against a box takes another (the `ballbox` module): the general
//! route's decisions read from the centre's box-frame coordinates, the
//! same manifold bit for bit, the general route deciding within rounding
//! of a threshold.
//!
//! `tol` is `1e-5 |G|` plus twice the rounding of the pieces' magnitude
//! (`common::PROJECTION_ROUNDING` per unit of their reach from A's
//! position): proportional to the shapes' size, not a fixed length. Each point has its positions on
//! A and on B and `separation = (point_b − point_a) · normal` (negative:
//! overlap), so the least separation is minus the penetration depth. The
//! point ids name the core features (see the numbering in `faces`): a kept
//! incident corner is (reference face, incident vertex), a corner cut by a
//! side plane (reference edge, incident edge), a reference corner inside
//! the incident face (reference vertex, incident face); so ids stay while
//! the shapes slide.

mod ballbox;
mod boxes;
mod buf;
mod clip;
mod contact;
mod edges;
mod faces;
mod found;
mod hulls;
mod lazy;
mod point;
mod round;
pub mod trace;

pub use contact::{ContactFeature3, ContactId3, ContactPoint3, Manifold3, MAX_POINTS3};

use crate::common::{Side, CONTACT_TOLERANCE};
use crate::geom3d::query::distance::piece_distance_dir_from;
use crate::geom3d::query::piece::{piece, Piece};
use crate::geom3d::query::sat::{for_each_candidate_near, rounding, CoresNear, Visit};
use crate::geom3d::Shape3;
use clip::Clip;
use faces::face;
use found::{Axes, FaceGap, Found};
use glam::Vec3;
use trace::{Manifold3Method, Manifold3Recorder};

/// The contact manifold of two bounded 3D shapes: points whose separation
/// is at most `max(speculative, CONTACT_TOLERANCE)` (world units). `None`
/// when the shapes are farther apart or either is an unbounded ray.
pub fn contact_manifold3(a: &Shape3, b: &Shape3, speculative: f32) -> Option<Manifold3> {
    manifold_with(a, b, speculative, &mut ())
}

/// [`contact_manifold3`] with its steps recorded in `trace`: the normal, the
/// reference and incident faces, each side plane and what it cut.
pub fn contact_manifold3_traced(
    a: &Shape3,
    b: &Shape3,
    speculative: f32,
    trace: &mut impl Manifold3Recorder,
) -> Option<Manifold3> {
    manifold_with(a, b, speculative, trace)
}

fn manifold_with<R: Manifold3Recorder>(
    a: &Shape3,
    b: &Shape3,
    speculative: f32,
    rec: &mut R,
) -> Option<Manifold3> {
    let found = if a.is_bounded() && b.is_bounded() {
        let o = a.pose().position();
        let margin = speculative.max(CONTACT_TOLERANCE);
        let settled = match ballbox::ball_box::<R>(a, b, margin, o) {
            Some(s) => Some(s),
            None => round::rounded_shapes(a, b, margin, o, rec),
        };
        let found = match settled {
            Some(round::Settled::Contact(m)) => Some(m),
            Some(round::Settled::Apart) => None,
            None => {
                let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
                piece_manifold(&p, &q, margin, o, rec)
            }
        };
        found.map(|m| m.shifted(o))
    } else {
        None
    };
    if found.is_none() {
        rec.method(Manifold3Method::None);
    }
    found
}

/// One SAT pass: every tested axis's gap both ways, stopping at the first
/// gap above `margin` (no manifold then: `None`, as the full pass would
/// give, its best gap being at least that one).
fn scan(a: &Piece, b: &Piece, margin: f32, near: &CoresNear) -> Option<Axes> {
    if boxes::solid_boxes(a, b) {
        return boxes::scan(a, b, margin);
    }
    if hulls::serves(a, b) {
        return hulls::scan(a, b, margin, near);
    }
    let mut found = Found::default();
    let visit = |v, src| {
        let Visit::Test(axis) = v else {
            return true;
        };
        found.test((a, b), axis, (a.range(axis), b.range(axis)), src, margin)
    };
    let whole = for_each_candidate_near(a, b, near, visit);
    if !whole {
        return None;
    }
    found.axes()
}

/// The manifold of two bounded pieces, relative to the frame origin (`o`
/// only shifts what the recorder hears).
fn piece_manifold<R: Manifold3Recorder>(
    a: &Piece,
    b: &Piece,
    margin: f32,
    o: Vec3,
    rec: &mut R,
) -> Option<Manifold3> {
    match round::rounded_pieces(a, b, margin, rec) {
        Some(round::Settled::Contact(m)) => return Some(m),
        Some(round::Settled::Apart) => return None,
        None => {}
    }
    // The cores' nearest points: found once (by the SAT pass's
    // nearest-points axis, or the single point), read by both.
    let near = CoresNear::new();
    let axes = scan(a, b, margin, &near)?;
    let (g, n, edge) = axes.best;
    if g.is_nan() || g > margin {
        return None;
    }
    let rho = rounding(a.magnitude() + b.magnitude());
    let tol = 1e-5 * g.abs() + 2.0 * rho;
    if g > 0.0 && !R::RECORDS {
        // Apart: rule 1's distance is not needed when rule 2's clipped
        // contact is two roundings inside the margin (see the module doc).
        let inside = |s: f32| s <= margin - 2.0 * rho;
        match face_contact(a, b, &axes, tol, margin, o, rec) {
            Some(m) if inside(m.separation()) => return Some(m),
            Some(_) => {}
            None => {
                // Rule 3's point the same way: its two ends lie on the
                // shapes, so their distance bounds the shapes'.
                let p = edge.then(|| point::edge_point(a, b, n)).flatten();
                let reach = |p: &ContactPoint3| (p.point_b - p.point_a).length();
                if let Some(p) = p.filter(|p| inside(reach(p)) && reach(p) - g <= tol) {
                    return Manifold3::of(n, &[p]);
                }
            }
        }
    }
    if g > 0.0 {
        // The cores' closest points, when the SAT pass found them.
        let (d, dir) = piece_distance_dir_from(a, b, near.get());
        if d.distance > margin {
            return None;
        }
        if d.distance - g > tol {
            // The SAT axes do not reach the distance: the closest points.
            let n = dir
                .or_else(|| (d.point_b - d.point_a).try_normalize())
                .unwrap_or(n);
            rec.normal(n, d.distance);
            rec.method(Manifold3Method::SinglePoint);
            let p = point::single_point(a, b, n, false, &near);
            return Manifold3::of(n, &[p]);
        }
    }
    rec.normal(n, g);
    if let Some(m) = face_contact(a, b, &axes, tol, margin, o, rec) {
        rec.method(Manifold3Method::Clipping);
        return Some(m);
    }
    if edge {
        if let Some(p) = point::edge_point(a, b, n) {
            rec.method(Manifold3Method::EdgeEdge);
            return Manifold3::of(n, &[p]);
        }
    }
    rec.method(Manifold3Method::SinglePoint);
    let a_pokes = axes.face_b.is_some_and(|f| f.0 >= g - tol);
    Manifold3::of(n, &[point::single_point(a, b, n, a_pokes, &near)])
}

/// Rule 2 of the module doc: the clipped face contact, or `None`.
fn face_contact<R: Manifold3Recorder>(
    a: &Piece,
    b: &Piece,
    axes: &Axes,
    tol: f32,
    margin: f32,
    o: Vec3,
    rec: &mut R,
) -> Option<Manifold3> {
    let g = axes.best.0;
    let near = |f: Option<FaceGap>| f.filter(|f| f.0 >= g - tol);
    let (ref_is_a, (gap, k, n)) = match (near(axes.face_a), near(axes.face_b)) {
        (Some(fa), Some(fb)) => {
            if fa.0 >= fb.0 - tol {
                (true, fa)
            } else {
                (false, fb)
            }
        }
        (Some(fa), None) => (true, fa),
        (None, Some(fb)) => (false, fb),
        (None, None) => return None,
    };
    let (rp, ip) = if ref_is_a { (a, b) } else { (b, a) };
    let reference = face(rp, usize::from(k))?;
    let incident = faces::incident(ip, reference.normal);
    let clip = Clip {
        reference: &reference,
        incident: &incident,
        ref_is_a,
        radii: (rp.radius, ip.radius),
    };
    let points = clip.points(margin, o, rec);
    let deepest = points
        .iter()
        .map(|p| p.separation)
        .fold(f32::INFINITY, f32::min);
    if deepest.is_nan() || deepest > gap + tol {
        return None;
    }
    Manifold3::of(n, &points)
}
