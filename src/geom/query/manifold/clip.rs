//! Reference face and incident face clipping (Box2D's `b2ClipPolygons`,
//! Ericson's "Real-Time Collision Detection" 5.x and Catto's GDC 2007
//! "Contact manifolds"): the incident face is cut to the slab between the
//! reference face's side planes, and the points lying above the reference
//! face by more than the speculative distance are dropped.

use super::features::{best_edge, support, Edge, Support};
use super::trace::{ManifoldRecorder, TraceFace};
use super::{ContactFeature, ContactId, ContactPoint, Points, FLAT};
use crate::geom::query::piece::Piece;
use crate::geom::{Side, Vec2};

/// A point of the incident face with the features it comes from (reference
/// side first).
#[derive(Clone, Copy)]
pub(crate) struct Cp {
    pub at: Vec2,
    pub on_ref: ContactFeature,
    pub on_inc: ContactFeature,
}

/// Cuts the incident face `pts` (edge `incident_edge`) to the slab
/// `lo · t ≤ p · t ≤ hi · t` between the reference face's ends (each a point
/// and its vertex index, `lo` the lower along the face's tangent `t`): a
/// point beyond a side plane becomes the point where the face crosses it,
/// named by that reference vertex and the incident edge. `plane(end,
/// normal, removed)` hears each plane in turn (`normal` pointing to the
/// side cut away). False when the whole face lies beyond one plane.
pub(crate) fn clip_to_slab(
    pts: &mut [Cp; 2],
    t: Vec2,
    [lo, hi]: [(Vec2, u16); 2],
    incident_edge: u16,
    mut plane: impl FnMut(Vec2, Vec2, &[Vec2]),
) -> bool {
    // Each side plane as `s · (p · t) ≤ s · bound`.
    for (end, s) in [(lo, -1.0f32), (hi, 1.0)] {
        let bound = end.0.dot(t) * s;
        let d0 = pts[0].at.dot(t) * s - bound;
        let d1 = pts[1].at.dot(t) * s - bound;
        if d0 > 0.0 && d1 > 0.0 {
            plane(end.0, t * s, &[pts[0].at, pts[1].at]);
            return false;
        }
        if d0 > 0.0 || d1 > 0.0 {
            let (out, keep, dout, dkeep) = if d0 > 0.0 {
                (0, 1, d0, d1)
            } else {
                (1, 0, d1, d0)
            };
            let lambda = dout / (dout - dkeep);
            let removed = pts[out].at;
            let at = pts[out].at + (pts[keep].at - pts[out].at) * lambda;
            pts[out] = Cp {
                at,
                on_ref: ContactFeature::Vertex(end.1),
                on_inc: ContactFeature::Edge(incident_edge),
            };
            plane(end.0, t * s, &[removed]);
        } else {
            plane(end.0, t * s, &[]);
        }
    }
    true
}

/// The clipped points and the manifold normal (A to B, the reference face's
/// normal), or `None` when no face lies flat on `n` or the other piece
/// offers no straight face back (a circle, an arc) or nothing survives the
/// clipping: the caller then takes one point.
pub(crate) fn clip<R: ManifoldRecorder>(
    a: &Piece,
    b: &Piece,
    n: Vec2,
    separation: f32,
    margin: f32,
    o: Vec2,
    rec: &mut R,
) -> Option<(Points, Vec2)> {
    // A face lying flat on `n` is a candidate only when the separation
    // along its own normal is the least separation `separation` (within
    // rounding): a face a little tilted from the true normal would misplace
    // the depth. The face of greater separation wins, A's on a tie.
    let tol = 1e-5 * (1.0 + separation.abs());
    let (ref_is_a, reference, face_gap) = reference_face(a, b, n, separation, tol)?;
    let (rp, ip) = if ref_is_a { (a, b) } else { (b, a) };
    let nr = reference.normal;
    if let Support::Arc(_) = support(ip, -nr) {
        return None;
    }
    let (incident, _) = best_edge(ip, -nr)?;
    let side = |r: bool| if r { Side::A } else { Side::B };
    let face = |e: &Edge, s: Side| TraceFace {
        side: s,
        edge: e.index,
        start: e.v1 + o,
        end: e.v2 + o,
        normal: e.normal,
    };
    rec.reference(face(&reference, side(ref_is_a)));
    rec.incident(face(&incident, side(!ref_is_a)));

    // The slab: `lo ≤ p · t ≤ hi` along the reference face.
    let t = nr.perp();
    let (mut r_lo, mut r_hi) = ((reference.v1, reference.i), (reference.v2, reference.j));
    if r_lo.0.dot(t) > r_hi.0.dot(t) {
        std::mem::swap(&mut r_lo, &mut r_hi);
    }
    let mut pts = [
        Cp {
            at: incident.v1,
            on_ref: ContactFeature::Edge(reference.index),
            on_inc: ContactFeature::Vertex(incident.i),
        },
        Cp {
            at: incident.v2,
            on_ref: ContactFeature::Edge(reference.index),
            on_inc: ContactFeature::Vertex(incident.j),
        },
    ];
    let ends = [(r_lo.0, r_lo.1), (r_hi.0, r_hi.1)];
    let clipped = clip_to_slab(&mut pts, t, ends, incident.index, |end, normal, cut| {
        let mut world = [Vec2::ZERO; 2];
        for (w, c) in world.iter_mut().zip(cut) {
            *w = *c + o;
        }
        rec.clip(end + o, normal, &world[..cut.len()]);
    });
    if !clipped {
        return None;
    }

    let count = if pts[0].at == pts[1].at { 1 } else { 2 };
    let radii = (rp.radius(), ip.radius());
    let out = kept_points(&pts[..count], &reference, radii, margin, ref_is_a, o, rec);
    // The deepest point fell outside the reference face's slab (a rounded
    // end reaching past it): clipping cannot give the depth; one point.
    let deepest = out
        .items
        .iter()
        .flatten()
        .fold(f32::INFINITY, |m, p| m.min(p.separation));
    if out.items[0].is_none() || deepest > face_gap + tol {
        return None;
    }
    let normal = if ref_is_a { nr } else { -nr };
    Some((out, normal))
}

/// The reference face: the face of A or B lying flat on `n` (A to B)
/// whose own separation is the least separation `separation` within `tol`,
/// the one of greater separation, A's on a tie; with whether it is A's and
/// its separation. `None` when neither has one.
fn reference_face(
    a: &Piece,
    b: &Piece,
    n: Vec2,
    separation: f32,
    tol: f32,
) -> Option<(bool, Edge, f32)> {
    let gap = |p: &Piece, q: &Piece, nf: Vec2| {
        let top = support(p, nf).point().dot(nf) + p.radius();
        let bottom = support(q, -nf).point().dot(nf) - q.radius();
        bottom - top
    };
    let fa = best_edge(a, n)
        .filter(|e| e.1 >= 1.0 - FLAT)
        .map(|e| (e.0, gap(a, b, e.0.normal)))
        .filter(|e| e.1 >= separation - tol);
    let fb = best_edge(b, -n)
        .filter(|e| e.1 >= 1.0 - FLAT)
        .map(|e| (e.0, gap(b, a, e.0.normal)))
        .filter(|e| e.1 >= separation - tol);
    let (ref_is_a, reference, face_gap) = match (fa, fb) {
        (Some(ea), Some(eb)) => {
            if ea.1 >= eb.1 - tol {
                (true, ea.0, ea.1)
            } else {
                (false, eb.0, eb.1)
            }
        }
        (Some(ea), None) => (true, ea.0, ea.1),
        (None, Some(eb)) => (false, eb.0, eb.1),
        (None, None) => return None,
    };
    Some((ref_is_a, reference, face_gap))
}

/// The clipped points `pts` (relative to the frame origin `o`) as contact
/// points, those whose separation is within `margin`; the others go to the
/// recorder, world frame. `radii` are the reference and incident pieces'.
fn kept_points<R: ManifoldRecorder>(
    pts: &[Cp],
    reference: &Edge,
    (r_ref, r_inc): (f32, f32),
    margin: f32,
    ref_is_a: bool,
    o: Vec2,
    rec: &mut R,
) -> Points {
    let nr = reference.normal;
    let mut out = Points::default();
    let mut above = [Vec2::ZERO; 2];
    let mut n_above = 0;
    for cp in pts {
        let depth = (cp.at - reference.v1).dot(nr);
        let separation = depth - r_ref - r_inc;
        if separation > margin {
            above[n_above] = cp.at + o;
            n_above += 1;
            continue;
        }
        let on_inc = cp.at - nr * r_inc;
        let on_ref = cp.at - nr * depth + nr * r_ref;
        let (point_a, point_b, id) = if ref_is_a {
            let id = ContactId {
                a: cp.on_ref,
                b: cp.on_inc,
            };
            (on_ref, on_inc, id)
        } else {
            let id = ContactId {
                a: cp.on_inc,
                b: cp.on_ref,
            };
            (on_inc, on_ref, id)
        };
        out.push(ContactPoint {
            point_a,
            point_b,
            separation,
            id,
        });
    }
    rec.above(&above[..n_above]);
    out
}
