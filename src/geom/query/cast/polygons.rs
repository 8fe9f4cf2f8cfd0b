//! Time of impact of two moving boxes or polygons in one pass over their
//! faces: the exact answer of a ray cast against their Minkowski difference.
//!
//! Under a translation the Minkowski difference of two convex polygons is a
//! convex polygon whose edge normals are exactly those of the two shapes,
//! so casting the relative motion against it is a ray against a polygon:
//! each face's separation is linear in `t`, `s(t) = s(0) + t · rate`, and
//! the shapes touch from the latest time a closing face reaches 0 to the
//! earliest time an opening face passes it (Cyrus–Beck clipping of the ray
//! by the faces; the swept SAT of `swept_sat` on the same axes, and the
//! result conservative advancement converges to). Every face's separation
//! is read as the manifold's shortcut reads it (`outline`).

use super::impact::Toi;
use crate::geom::pose::unrotate;
use crate::geom::query::outline::{outlines, Outline};
use crate::geom::{Shape, Vec2};

/// The first touch of boxes or polygons `a` and `b` moving by `v`, B's
/// motion relative to A (world units over `t` in `[0, 1]`): `Some(None)`
/// when they do not touch in `[0, 1]`, `Some(Some(toi))` when they first
/// touch at `t > 0` (point relative to A's position at time 0), `None`
/// when either is another kind or they already touch at `t = 0` (the caller's
/// general path then reports the overlap).
pub(super) fn toi(a: &Shape, b: &Shape, v: Vec2) -> Option<Option<Toi>> {
    let mut store = Default::default();
    let (oa, ob, _, rot_a) = outlines(a, b, &mut store)?;
    let v = unrotate(rot_a, v);
    // The entry time and the face that sets it (side A?, index), the exit.
    let mut enter = (f32::NEG_INFINITY, true, 0usize);
    let mut exit = f32::INFINITY;
    let mut clip = |is_a: bool, k: usize, s: f32, rate: f32| {
        if rate < 0.0 {
            let t = s / -rate;
            if t > enter.0 {
                enter = (t, is_a, k);
            }
        } else if rate > 0.0 {
            exit = exit.min(-s / rate);
        } else if s > 0.0 {
            // Apart on this face and not moving along it: never touching.
            exit = f32::NEG_INFINITY;
        }
        enter.0 <= exit.min(1.0)
    };
    // B moving by `v t` changes the separation from A's face `n` by `n · v t`
    // and A's from B's face `n` by `−n · v t`.
    if !oa.for_each_face(&ob, |k, n, s| clip(true, k, s, n.dot(v))) {
        return Some(None);
    }
    if !ob.for_each_face(&oa, |k, n, s| clip(false, k, s, -n.dot(v))) {
        return Some(None);
    }
    let (t, on_a, k) = enter;
    if t > exit.min(1.0) {
        return Some(None);
    }
    if t <= 0.0 {
        return None;
    }
    // At `t` B has moved by `v t`; the touching features' common stretch.
    let moved = Outline {
        at: ob.at + v * t,
        ..ob
    };
    let (face, other) = if on_a { (&oa, &moved) } else { (&moved, &oa) };
    let n = face.normal(k);
    let point = contact_point(face, k, other, n);
    let normal = if on_a { n } else { -n };
    Some(Some(Toi {
        t,
        point: rot_a.rotate(point),
        // `+ 0` writes a zero component as 0, not −0.
        normal: rot_a.rotate(normal) + Vec2::ZERO,
        distance: 0.0,
        iterations: 1,
    }))
}

/// The middle of where face `k` of `face` (normal `n`, A's frame) touches
/// `other`: `other`'s deepest vertex along `−n`, with the other end of its
/// edge most anti-parallel to the face when that end lies as deep (to 1e-5
/// of the edge's length), overlapped with the face along it.
fn contact_point(face: &Outline, k: usize, other: &Outline, n: Vec2) -> Vec2 {
    let tangent = n.perp();
    let (f1, f2) = (face.vertex(k), face.vertex(face.next(k)));
    let (f_lo, f_hi) = min_max(f1.dot(tangent), f2.dot(tangent));
    let w = other.incident(n);
    let (w1, w2) = (other.vertex(w), other.vertex(other.next(w)));
    let (deepest, end) = if w1.dot(n) <= w2.dot(n) {
        (w1, w2)
    } else {
        (w2, w1)
    };
    let level = (end - deepest).dot(n) <= 1e-5 * (end - deepest).length() + 1e-6;
    let (o_lo, o_hi) = if level {
        min_max(w1.dot(tangent), w2.dot(tangent))
    } else {
        let s = deepest.dot(tangent);
        (s, s)
    };
    let (lo, hi) = (f_lo.max(o_lo), f_hi.min(o_hi));
    let along = if lo <= hi {
        (lo + hi) * 0.5
    } else {
        deepest.dot(tangent)
    };
    let height = (f1.dot(n) + deepest.dot(n)) * 0.5;
    tangent * along + n * height
}

fn min_max(x: f32, y: f32) -> (f32, f32) {
    (x.min(y), x.max(y))
}
