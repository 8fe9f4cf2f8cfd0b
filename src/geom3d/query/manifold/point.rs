//! One contact point: an edge of each shape crossing (the midpoint of the
//! closest points of the two edges, Gregorius GDC 2013), the closest points
//! of the cores (spheres, capsules, shapes apart), or the deepest point
//! along the normal.

use super::contact::{ContactFeature3, ContactId3, ContactPoint3};
use super::faces::{support_edge, support_vertex};
use crate::geom3d::query::piece::Piece;
use crate::geom3d::query::sat::{cores_near, CoresNear};
use crate::geom3d::query::segment::segment_params;
use glam::Vec3;

/// The point where A's support edge along `n` and B's along `−n` come
/// closest, each moved out by its piece's radius; `None` when a core has no
/// edge.
pub(crate) fn edge_point(a: &Piece, b: &Piece, n: Vec3) -> Option<ContactPoint3> {
    let (ia, p1, q1) = support_edge(a, n)?;
    let (ib, p2, q2) = support_edge(b, -n)?;
    let (s, t) = segment_params(p1.as_dvec3(), q1.as_dvec3(), p2.as_dvec3(), q2.as_dvec3());
    let ca = p1 + (q1 - p1) * s as f32;
    let cb = p2 + (q2 - p2) * t as f32;
    Some(witnessed(
        ca + n * a.radius,
        cb - n * b.radius,
        n,
        ContactId3 {
            a: ContactFeature3::Edge(ia),
            b: ContactFeature3::Edge(ib),
        },
    ))
}

fn witnessed(point_a: Vec3, point_b: Vec3, n: Vec3, id: ContactId3) -> ContactPoint3 {
    ContactPoint3 {
        point_a,
        point_b,
        separation: (point_b - point_a).dot(n),
        id,
    }
}

/// The single point for normal `n` (A to B): when the cores are apart, their
/// closest points moved out by the radii; else the deepest core vertex of B
/// along `−n` (of A along `n` when `a_pokes`: a corner of A pressing into a
/// face of B) paired with its projection across the separation.
/// `near`: the cores' nearest points, shared with the SAT pass.
pub(crate) fn single_point(
    a: &Piece,
    b: &Piece,
    n: Vec3,
    a_pokes: bool,
    near: &CoresNear,
) -> ContactPoint3 {
    let (va, sa) = support_vertex(a, n);
    let (vb, sb) = support_vertex(b, -n);
    let id = ContactId3 {
        a: ContactFeature3::Vertex(va),
        b: ContactFeature3::Vertex(vb),
    };
    let (cores, _) = cores_near(a, b, near);
    if cores.distance > 0.0 {
        let pa = cores.point_a + n * a.radius;
        let pb = cores.point_b - n * b.radius;
        return witnessed(pa, pb, n, id);
    }
    let separation = (sb - sa).dot(n) - a.radius - b.radius;
    let (pa, pb) = if a_pokes {
        let pa = sa + n * a.radius;
        (pa, pa + n * separation)
    } else {
        let pb = sb - n * b.radius;
        (pb - n * separation, pb)
    };
    ContactPoint3 {
        point_a: pa,
        point_b: pb,
        separation,
        id,
    }
}
