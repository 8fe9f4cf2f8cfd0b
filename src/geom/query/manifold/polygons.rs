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

use super::{ContactFeature, ContactId, ContactPoint, Manifold, Points, FLAT};
use crate::geom::pose::unrotate;
use crate::geom::{Part, Shape, Vec2};

/// The outline of a box or polygon in its own frame.
struct Outline<'a> {
    /// Position of the shape's frame origin relative to A's, in A's frame.
    at: Vec2,
    /// The shape's rotation relative to A's, as `(cos, sin)`.
    rot: Vec2,
    verts: &'a [Vec2],
    normals: &'a [Vec2],
    /// A box's half extents (its outline is then `box_outline(half)`).
    half: Option<Vec2>,
}

impl Outline<'_> {
    /// Vertex `i` in A's frame.
    #[inline]
    fn vertex(&self, i: usize) -> Vec2 {
        self.at + self.rot.rotate(self.verts[i])
    }

    /// The least of `d · v` over the vertices (`d` in this outline's frame).
    #[inline]
    fn min_dot(&self, d: Vec2) -> f32 {
        self.verts
            .iter()
            .fold(f32::INFINITY, |m, v| m.min(v.dot(d)))
    }

    /// The face whose separation from `other` is greatest: `(separation,
    /// index)`, the first on a tie; `None` as soon as a face separates by
    /// more than `margin`.
    fn best_face(&self, other: &Outline, margin: f32) -> Option<(f32, usize)> {
        if let (Some(h), Some(ho)) = (self.half, other.half) {
            return box_box_face(h, other.at - self.at, self.rot, other.rot, ho, margin);
        }
        // `other`'s vertex `v` is `other.at + other.rot ⋅ v` in A's frame; a
        // normal `n` of this outline is `self.rot ⋅ n` there.
        let rel = unrotate(other.rot, self.rot);
        let mut best = (f32::NEG_INFINITY, 0);
        for (i, (n, v)) in self.normals.iter().zip(self.verts).enumerate() {
            let n_a = self.rot.rotate(*n);
            let n_other = rel.rotate(*n);
            let s = other.min_dot(n_other) + n_a.dot(other.at - self.at) - n.dot(*v);
            if s > margin {
                return None;
            }
            if s > best.0 {
                best = (s, i);
            }
        }
        Some(best)
    }

    /// The vertex after `k` (without a division).
    #[inline]
    fn next(&self, k: usize) -> usize {
        if k + 1 == self.verts.len() {
            0
        } else {
            k + 1
        }
    }

    /// Normal `k` in A's frame.
    #[inline]
    fn normal(&self, k: usize) -> Vec2 {
        self.rot.rotate(self.normals[k])
    }

    /// The edge most anti-parallel to `n` (A's frame).
    fn incident(&self, n: Vec2) -> usize {
        let local = unrotate(self.rot, n);
        let mut best = (f32::INFINITY, 0);
        for (i, m) in self.normals.iter().enumerate() {
            let c = m.dot(local);
            if c < best.0 {
                best = (c, i);
            }
        }
        best.1
    }
}

/// [`Outline::best_face`] of a box of half extents `h` and rotation `rot`
/// (relative to A's frame) against a box of half extents `ho`, rotation
/// `rot_o`, at `d` from it: the other box's shadow on each axis is its
/// centre ± `|R| ho`, so each face's separation is a closed form.
fn box_box_face(
    h: Vec2,
    d: Vec2,
    rot: Vec2,
    rot_o: Vec2,
    ho: Vec2,
    margin: f32,
) -> Option<(f32, usize)> {
    let c = unrotate(rot, d);
    let r = unrotate(rot, rot_o);
    let (ac, as_) = (r.x.abs(), r.y.abs());
    let ext = Vec2::new(ac * ho.x + as_ * ho.y, as_ * ho.x + ac * ho.y);
    // Edges 0 to 3: normals −y, +x, +y, −x.
    let seps = [
        -c.y - ext.y - h.y,
        c.x - ext.x - h.x,
        c.y - ext.y - h.y,
        -c.x - ext.x - h.x,
    ];
    let mut best = (seps[0], 0);
    for (i, s) in seps.into_iter().enumerate().skip(1) {
        if s > best.0 {
            best = (s, i);
        }
    }
    (best.0 <= margin).then_some(best)
}

/// A box's corners counter-clockwise from `(−hx, −hy)` and its edge normals
/// (edge `k` from corner `k` to the next), as the general path names them.
fn box_outline(h: Vec2) -> ([Vec2; 4], [Vec2; 4]) {
    (
        [
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ],
        [-Vec2::Y, Vec2::X, Vec2::Y, -Vec2::X],
    )
}

/// A box (with positive extents) or polygon as an outline at the origin
/// with its world rotation (the caller puts it in A's frame); `None` for
/// every other kind. A box's outline is written into `store`.
fn outline<'a>(shape: &'a Shape, store: &'a mut ([Vec2; 4], [Vec2; 4])) -> Option<Outline<'a>> {
    let (rot, h) = match shape {
        Shape::Polygon(p) => {
            return Some(Outline {
                at: Vec2::ZERO,
                rot: p.pose().rot(),
                verts: p.local_vertices(),
                normals: p.local_normals(),
                half: None,
            })
        }
        Shape::Aabb(b) => (Vec2::X, b.half_extents),
        Shape::Obb(b) => (b.pose.rot(), b.half_extents),
        Shape::Point(_)
        | Shape::Segment(_)
        | Shape::Ray(_)
        | Shape::Line(_)
        | Shape::Circle(_)
        | Shape::Capsule(_)
        | Shape::Sector(_) => return None,
    };
    if !(h.x > 0.0 && h.y > 0.0) {
        return None;
    }
    *store = box_outline(h);
    Some(Outline {
        at: Vec2::ZERO,
        rot,
        verts: &store.0,
        normals: &store.1,
        half: Some(h),
    })
}

/// The manifold when both shapes are boxes or polygons: `Some(None)` when
/// they are further apart than `margin`, `Some(Some(m))` when they overlap
/// or touch, `None` to let the general path decide. World coordinates.
pub(super) fn manifold(a: &Shape, b: &Shape, margin: f32) -> Option<Option<Manifold>> {
    let (mut sa, mut sb) = Default::default();
    let mut oa = outline(a, &mut sa)?;
    let mut ob = outline(b, &mut sb)?;
    let o = a.pose().position();
    let rot_a = oa.rot;
    oa.rot = Vec2::X;
    ob.at = unrotate(rot_a, b.pose().position() - o);
    ob.rot = unrotate(rot_a, ob.rot);
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
        (i1, edge, ContactFeature::Vertex(ik as u16)),
        (i2, edge, ContactFeature::Vertex(ij as u16)),
    ];
    for (end, s) in [(lo, -1.0f32), (hi, 1.0)] {
        let bound = end.0.dot(t) * s;
        let d0 = pts[0].0.dot(t) * s - bound;
        let d1 = pts[1].0.dot(t) * s - bound;
        if d0 > 0.0 && d1 > 0.0 {
            return None;
        }
        if d0 > 0.0 || d1 > 0.0 {
            let (out, keep, dout, dkeep) = if d0 > 0.0 {
                (0, 1, d0, d1)
            } else {
                (1, 0, d1, d0)
            };
            let lambda = dout / (dout - dkeep);
            let at = pts[out].0 + (pts[keep].0 - pts[out].0) * lambda;
            pts[out] = (
                at,
                ContactFeature::Vertex(end.1 as u16),
                ContactFeature::Edge(ik as u16),
            );
        }
    }

    let count = if pts[0].0 == pts[1].0 { 1 } else { 2 };
    let mut out = Points::default();
    let mut deepest = f32::INFINITY;
    for &(at, on_ref, on_inc) in &pts[..count] {
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
