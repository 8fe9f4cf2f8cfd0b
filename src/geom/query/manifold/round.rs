//! One contact point: for curved features (circles, capsule ends, sector
//! arcs) and vertex-to-vertex contacts, where no face lies flat on the
//! normal or the other side has none to clip (Box2D's `b2CollideCircles`,
//! `b2CollideCapsuleAndCircle`, generalised by support points).

use super::features::{best_edge, support, Edge, Support};
use super::{Closest, ContactFeature, ContactId, ContactPoint, FLAT};
use crate::geom::query::piece::Piece;
use crate::geom::Vec2;

/// The feature a support names.
fn feature(s: Support) -> ContactFeature {
    match s {
        Support::Vertex(i, _) => ContactFeature::Vertex(i),
        Support::Arc(_) => ContactFeature::Arc,
    }
}

/// The single contact point for normal `n` (A to B): the closest points when
/// the pieces are apart and they are known; otherwise the deepest point of
/// one piece along the normal, paired with its projection on the other's
/// support plane. The deepest point is taken on the piece without a face
/// flat on the normal, so an arc or a corner pressing into a face gives its
/// own point; when neither has one, on A's sharp corner against B's curve,
/// else on B's.
pub(crate) fn single_point(a: &Piece, b: &Piece, n: Vec2, closest: Closest) -> ContactPoint {
    let sa = support(a, n);
    let sb = support(b, -n);
    let id = ContactId {
        a: feature(sa),
        b: feature(sb),
    };
    if let Some((point_a, point_b)) = closest {
        return ContactPoint {
            point_a,
            point_b,
            separation: (point_b - point_a).dot(n),
            id,
        };
    }
    let (ra, rb) = (a.radius(), b.radius());
    let top_a = sa.point().dot(n) + ra;
    let bottom_b = sb.point().dot(n) - rb;
    let separation = bottom_b - top_a;
    let flat = |p: &Piece, d: Vec2| best_edge(p, d).filter(|e| e.1 >= 1.0 - FLAT);
    // A sharp corner (no radius, not a point of an arc) against a curve: the
    // corner is the contact. The curve's support point would move by its
    // radius times any error in the normal (the SAT search picks among axes
    // whose separations agree to rounding near a curve), while the point
    // across from the corner moves only by the square of it.
    let sharp = |s: Support, r: f32| matches!(s, Support::Vertex(..)) && r == 0.0;
    let corner_a = sharp(sa, ra) && !sharp(sb, rb);
    let (point_a, point_b) = match (flat(a, n), flat(b, -n)) {
        (None, Some(fb)) => {
            let pa = sa.point() + n * ra;
            (pa, onto_face(&fb.0, pa + n * separation))
        }
        (None, None) if corner_a => {
            let pa = sa.point();
            (pa, pa + n * separation)
        }
        (fa, _) => {
            let pb = sb.point() - n * rb;
            let pa = pb - n * separation;
            (fa.map_or(pa, |f| onto_face(&f.0, pa)), pb)
        }
    };
    ContactPoint {
        point_a,
        point_b,
        separation,
        id,
    }
}

/// `x` (on the line of a flat face, offset by the radius) moved along the
/// face to within its ends: a projection that falls just past a face's end
/// (a near tie between the face and its end vertex) stays on the shape.
/// Along the face only, so the separation along the normal is kept.
fn onto_face(face: &Edge, x: Vec2) -> Vec2 {
    let t = face.normal.perp();
    let (lo, hi) = {
        let (s1, s2) = (face.v1.dot(t), face.v2.dot(t));
        (s1.min(s2), s1.max(s2))
    };
    let s = x.dot(t);
    x + t * (s.clamp(lo, hi) - s)
}
