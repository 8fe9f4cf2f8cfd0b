//! The manifold of two straight-edged shapes (boxes and polygons) that
//! overlap or touch, in A's local frame, without a trace: Box2D v3's
//! `b2CollidePolygons` (Erin Catto, `src/manifold.c`) in the form satlab's
//! general path gives it.
//!
//! The general path (`contact_normal` and `clip`) works on any convex
//! pieces: it projects both pieces on every axis, then looks the reference
//! and incident faces up again among all edges. For two polygons each
//! face's separation is already the reference-face test: the least of
//! `n · (v − face)` over the other polygon's vertices, with `n` rotated into
//! the other polygon's frame so its vertices are read as stored. The best
//! face of each side, the incident face (one more pass of dot products) and
//! the two clip planes follow from those numbers.
//!
//! It decides the same normal, reference face, points and ids as the
//! general path (up to rounding; `tests/manifold_diff.rs` checks the two
//! agree) and hands back to it what it does not cover: a deepest vertex
//! outside the reference face's slab (overlapping: one point; apart within
//! the speculative distance: the closest points are vertex to vertex and
//! give the normal).

use super::clip::{clip_to_slab, Cp};
use super::{ContactFeature, ContactId, ContactPoint, Manifold, Points, FLAT};
use crate::geom::query::outline::outlines;
use crate::geom::{Part, Shape, Vec2};

/// The manifold when both shapes are boxes or polygons: `Some(None)` when
/// they are further apart than `margin`, `Some(Some(m))` when they overlap
/// or touch, `None` to let the general path decide. World coordinates.
pub(super) fn manifold(a: &Shape, b: &Shape, margin: f32) -> Option<Option<Manifold>> {
    let mut store = Default::default();
    let (oa, ob, o, rot_a) = outlines(a, b, &mut store)?;
    let Some((sep_a, face_a)) = oa.best_face(&ob, margin) else {
        return Some(None);
    };
    let Some((sep_b, face_b)) = ob.best_face(&oa, margin) else {
        return Some(None);
    };
    let separation = sep_a.max(sep_b);
    // The face of greatest separation is the reference, A's on a tie; a
    // face of A lying flat on B's reference face and within rounding of its
    // separation is preferred too.
    let tol = 1e-5 * (1.0 + separation.abs());
    let flat = oa.normal(face_a).dot(-ob.normal(face_b)) >= 1.0 - FLAT;
    let ref_is_a = sep_a >= sep_b || (flat && sep_a >= sep_b - tol);
    let (rp, ip, rk, face_gap) = if ref_is_a {
        (&oa, &ob, face_a, sep_a)
    } else {
        (&ob, &oa, face_b, sep_b)
    };
    let (rj, nr) = (rp.next(rk), rp.normal(rk));
    let (r1, r2) = (rp.vertex(rk), rp.vertex(rj));
    let ik = ip.incident(nr);
    let ij = ip.next(ik);
    let (i1, i2) = (ip.vertex(ik), ip.vertex(ij));

    // The slab `lo ≤ p · t ≤ hi` along the reference face, then each side
    // plane as `s · (p · t) ≤ s · bound`.
    let t = nr.perp();
    let (mut lo, mut hi) = ((r1, rk), (r2, rj));
    if lo.0.dot(t) > hi.0.dot(t) {
        std::mem::swap(&mut lo, &mut hi);
    }
    let edge = ContactFeature::Edge(rk as u16);
    let mut pts = [
        Cp {
            at: i1,
            on_ref: edge,
            on_inc: ContactFeature::Vertex(ik as u16),
        },
        Cp {
            at: i2,
            on_ref: edge,
            on_inc: ContactFeature::Vertex(ij as u16),
        },
    ];
    let ends = [(lo.0, lo.1 as u16), (hi.0, hi.1 as u16)];
    if !clip_to_slab(&mut pts, t, ends, ik as u16, |_, _, _| {}) {
        return None;
    }

    let count = if pts[0].at == pts[1].at { 1 } else { 2 };
    let frame = (rot_a, o);
    let (out, deepest) = kept_points(&pts[..count], (r1, nr), margin, ref_is_a, frame);
    // Overlapping, the deepest vertex fell outside the reference face's slab:
    // the general path's single point. Apart, a clipped point no deeper
    // than the face's separation bounds the distance (which is at least
    // that separation): the face's normal is the closest points'; else the
    // closest points lie off the face (vertex to vertex) and the exact
    // distance, on the general path, gives the normal.
    let first = out.items[0]?;
    let slack = if separation > 0.0 { 1e-6 } else { tol };
    if deepest > face_gap + slack {
        return None;
    }
    let n_world = rot_a.rotate(if ref_is_a { nr } else { -nr });
    let (points, len) = match out.items[1] {
        Some(second) => ([first, second], 2),
        None => ([first, first], 1),
    };
    Some(Some(Manifold {
        normal: n_world,
        points,
        len,
        part_a: Part::Whole,
        part_b: Part::Whole,
    }))
}

/// The clipped points `pts` (A's frame, relative to A's position) within
/// `margin` of the reference face through `r1` with normal `nr`, as world
/// contact points (`frame` is A's rotation and position), and the least
/// depth among them (infinite when none).
fn kept_points(
    pts: &[Cp],
    (r1, nr): (Vec2, Vec2),
    margin: f32,
    ref_is_a: bool,
    (rot_a, o): (Vec2, Vec2),
) -> (Points, f32) {
    let mut out = Points::default();
    let mut deepest = f32::INFINITY;
    for &Cp { at, on_ref, on_inc } in pts {
        let depth = (at - r1).dot(nr);
        if depth > margin {
            continue;
        }
        deepest = deepest.min(depth);
        // Back to world coordinates (A's rotation, A's position).
        let on_inc_w = rot_a.rotate(at) + o;
        let on_ref_w = rot_a.rotate(at - nr * depth) + o;
        let (point_a, point_b, id) = if ref_is_a {
            let id = ContactId {
                a: on_ref,
                b: on_inc,
            };
            (on_ref_w, on_inc_w, id)
        } else {
            let id = ContactId {
                a: on_inc,
                b: on_ref,
            };
            (on_inc_w, on_ref_w, id)
        };
        out.push(ContactPoint {
            point_a,
            point_b,
            separation: depth,
            id,
        });
    }
    (out, deepest)
}
