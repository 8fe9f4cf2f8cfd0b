//! Contact manifolds: the up to two points, one normal and separations a
//! physics engine consumes, for every pair of bounded shapes.
//!
//! Per pair of convex pieces (see `piece`), after Box2D v3's
//! `b2CollidePolygons` (Erin Catto, `src/manifold.c`) and parry's polygon
//! manifolds (`query/contact_manifolds`), written for satlab's pieces:
//!
//! 1. The normal. The SAT search gives the axis of least overlap (exact
//!    depth, see [`crate::geom::penetration`]). When the shapes are apart,
//!    the exact distance decides: the SAT axis when its gap is the distance
//!    (two faces facing each other), else the direction between the closest
//!    points (vertex regions, curves).
//! 2. The points. When a straight face of one piece lies flat on the normal
//!    (within `FLAT`, about 0.08°), it is the reference face (A's first on a tie) and the
//!    other piece's face most anti-parallel to it is the incident face; the
//!    incident face is clipped to the reference face's side planes and the
//!    points above the reference face by more than the speculative distance
//!    are dropped (`clip`). Otherwise, or when the other piece has no straight
//!    face facing back (circle, arc), one point (`round`).
//!
//! A shape with two pieces (a sector wider than 90°) keeps the manifold of
//! the piece pair with the least separation.
//!
//! Two boxes or polygons that overlap or touch take a shorter road to the
//! same answer when no trace is asked for (`polygons`).

mod clip;
mod contact;
mod features;
mod polygons;
mod round;
pub mod trace;

use crate::geom::query::distance::piece_distance_normal;
use crate::geom::query::piece::{pieces, Piece};
use crate::geom::query::sat::{for_each_bounds, Cached};
use crate::geom::{Shape, Side, Vec2, CONTACT_TOLERANCE};
use trace::{ManifoldMethod, ManifoldRecorder};

pub(crate) use contact::{Closest, Points, FLAT};
pub use contact::{ContactFeature, ContactId, ContactPoint, Manifold};

/// The contact manifold of two bounded shapes: points whose separation is
/// at most `max(speculative, CONTACT_TOLERANCE)` (world units), so shapes
/// that are close but apart report points too. `None` when they are further
/// apart, or when either shape is unbounded (line, unbounded ray). Never
/// allocates.
pub fn contact_manifold(a: &Shape, b: &Shape, speculative: f32) -> Option<Manifold> {
    manifold_with(a, b, speculative, &mut ())
}

/// Which path of [`contact_manifold`] answered for `(a, b)`, in words: the
/// boxes-and-polygons shortcut (apart beyond the margin, or points), or the
/// general path. For the benches' counts.
#[doc(hidden)]
pub fn manifold_decided_by(a: &Shape, b: &Shape, speculative: f32) -> &'static str {
    match polygons::manifold(a, b, speculative.max(CONTACT_TOLERANCE)) {
        Some(None) => "polygons: apart",
        Some(Some(_)) => "polygons: clipped",
        None => "general path",
    }
}

/// [`contact_manifold`] with its steps recorded in `trace`: the normal, the
/// reference and incident faces, each clip plane and the points it removed.
pub fn contact_manifold_traced(
    a: &Shape,
    b: &Shape,
    speculative: f32,
    trace: &mut impl ManifoldRecorder,
) -> Option<Manifold> {
    manifold_with(a, b, speculative, trace)
}

fn manifold_with<R: ManifoldRecorder>(
    a: &Shape,
    b: &Shape,
    speculative: f32,
    rec: &mut R,
) -> Option<Manifold> {
    if !(a.is_bounded() && b.is_bounded()) {
        rec.method(ManifoldMethod::None);
        return None;
    }
    let margin = speculative.max(CONTACT_TOLERANCE);
    if !R::RECORDS {
        if let Some(found) = polygons::manifold(a, b, margin) {
            return found;
        }
    }
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let single = pa.items[1].is_none() && pb.items[1].is_none();
    let found = if single {
        let (p, q) = (pa.items[0].as_ref()?, pb.items[0].as_ref()?);
        piece_manifold(p, q, margin, o, rec)
    } else {
        // Two pieces on one side: the pair with the least separation,
        // then that pair again with the recorder.
        let mut best: Option<(Manifold, &Piece, &Piece)> = None;
        for p in pa.iter() {
            for q in pb.iter() {
                if let Some(m) = piece_manifold(p, q, margin, o, &mut ()) {
                    if best.is_none_or(|b| m.separation() < b.0.separation()) {
                        best = Some((m, p, q));
                    }
                }
            }
        }
        match best {
            Some((_, p, q)) => piece_manifold(p, q, margin, o, rec),
            None => None,
        }
    };
    if found.is_none() {
        rec.method(ManifoldMethod::None);
    }
    found.map(|m| m.shifted(o))
}

/// The manifold of two bounded convex pieces, relative to the frame origin
/// (`o` only shifts what the recorder is told into world coordinates).
fn piece_manifold<R: ManifoldRecorder>(
    a: &Piece,
    b: &Piece,
    margin: f32,
    o: Vec2,
    rec: &mut R,
) -> Option<Manifold> {
    let (normal, separation, closest) = contact_normal(a, b, margin)?;
    rec.normal(normal, separation);
    if let Some((points, face_normal)) = clip::clip(a, b, normal, separation, margin, o, rec) {
        rec.method(ManifoldMethod::Clipping);
        return points.into_manifold(face_normal, a, b);
    }
    rec.method(ManifoldMethod::SinglePoint);
    let mut points = Points::default();
    points.push(round::single_point(a, b, normal, closest));
    points.into_manifold(normal, a, b)
}

/// The contact normal (A to B) and the least separation along it, and the
/// closest points when the pieces are apart and the normal joins them;
/// `None` when the pieces are further apart than `margin`.
pub(crate) fn contact_normal(a: &Piece, b: &Piece, margin: f32) -> Option<(Vec2, f32, Closest)> {
    let mut best: Option<(f32, Vec2)> = None;
    for_each_bounds(
        &Cached::new(a),
        &Cached::new(b),
        |axis, [amin, amax], [bmin, bmax]| {
            let (up, down) = (bmin - amax, amin - bmax);
            let (g, n) = if up >= down {
                (up, axis)
            } else {
                (down, -axis)
            };
            if best.is_none_or(|b| g > b.0) {
                best = Some((g, n));
            }
            g <= margin
        },
    );
    let (gap, axis) = best?;
    if gap > margin {
        return None;
    }
    if gap <= 0.0 {
        return Some((axis, gap, None));
    }
    // Apart: the SAT gap is at most the distance, equal to it when two faces
    // face each other; otherwise the closest points give the normal, as
    // the distance query solved it (in f64, before its points were rounded:
    // near touching, the rounded points' difference is mostly rounding).
    let (d, n) = piece_distance_normal(a, b);
    if d.distance > margin {
        return None;
    }
    let tol = 1e-6 + 1e-5 * d.distance;
    if d.distance - gap <= tol || d.distance <= 0.0 || n == Vec2::ZERO {
        return Some((axis, gap, None));
    }
    Some((n, d.distance, Some((d.point_a, d.point_b))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Aabb, Circle, ManifoldTrace, Obb, Pose};

    fn aabb(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).unwrap())
    }

    #[test]
    fn box_resting_on_box_has_two_points_under_the_upper_box() {
        // A: floor 4 × 1 centred at the origin; B: 1 × 1 box sunk 0.1 into it.
        let (a, b) = (aabb(0.0, 0.0, 2.0, 0.5), aabb(0.5, 0.9, 0.5, 0.5));
        let mut trace = ManifoldTrace::default();
        let m = contact_manifold_traced(&a, &b, 0.0, &mut trace).unwrap();
        assert_eq!(m.normal, Vec2::Y);
        let mut xs: Vec<f32> = m.points().iter().map(|p| p.point_b.x).collect();
        xs.sort_by(f32::total_cmp);
        assert_eq!(xs, vec![0.0, 1.0]);
        for p in m.points() {
            assert!((p.separation + 0.1).abs() < 1e-6, "{p:?}");
            assert!((p.point_a.y - 0.5).abs() < 1e-6 && (p.point_b.y - 0.4).abs() < 1e-6);
            assert!(matches!(p.id.a, ContactFeature::Edge(2)), "{p:?}");
        }
        assert_eq!(trace.method, ManifoldMethod::Clipping);
        let r = trace.reference.unwrap();
        assert_eq!((r.side, r.normal), (Side::A, Vec2::Y));
        assert_eq!(trace.incident.unwrap().side, Side::B);
        // B's bottom lies within A's top face: neither side plane removes.
        assert_eq!(trace.clips.len(), 2);
        assert!(trace.clips.iter().all(|c| c.removed.is_empty()));
    }

    #[test]
    fn overhanging_box_is_clipped_at_the_floor_end() {
        let (a, b) = (aabb(0.0, 0.0, 2.0, 0.5), aabb(2.0, 0.95, 0.5, 0.5));
        let mut trace = ManifoldTrace::default();
        let m = contact_manifold_traced(&a, &b, 0.0, &mut trace).unwrap();
        assert_eq!(m.points().len(), 2);
        let removed: usize = trace.clips.iter().map(|c| c.removed.len()).sum();
        assert_eq!(removed, 1, "{trace:?}");
        // The clipped point sits at the floor's corner and names it.
        assert!(m.points().iter().any(
            |p| (p.point_a.x - 2.0).abs() < 1e-6 && matches!(p.id.a, ContactFeature::Vertex(_))
        ));
    }

    #[test]
    fn box_corner_into_face_has_one_point() {
        let a = aabb(0.0, 0.0, 2.0, 0.5);
        let s = std::f32::consts::FRAC_1_SQRT_2;
        let mut pose = Pose::at(Vec2::new(0.0, 0.5 + s - 0.05));
        pose.set_rotation_deg(45.0);
        let b = Shape::Obb(Obb::new(pose, Vec2::splat(0.5)).unwrap());
        let m = contact_manifold(&a, &b, 0.0).unwrap();
        assert_eq!(m.points().len(), 1);
        assert!((m.separation() + 0.05).abs() < 1e-5, "{m:?}");
        assert!((m.points()[0].point_b - Vec2::new(0.0, 0.45)).length() < 1e-5);
    }

    #[test]
    fn speculative_distance_reports_near_pairs_and_not_far_ones() {
        let a = aabb(0.0, 0.0, 1.0, 1.0);
        let b = Shape::Circle(Circle::new(Pose::at(Vec2::new(2.5, 0.0)), 1.0).unwrap());
        assert!(contact_manifold(&a, &b, 0.4).is_none());
        let m = contact_manifold(&a, &b, 0.6).unwrap();
        assert_eq!(m.normal, Vec2::X);
        assert!((m.separation() - 0.5).abs() < 1e-6);
        assert_eq!(m.points()[0].point_b, Vec2::new(1.5, 0.0));
    }
}
