//! The features of a piece's core the manifold names: its vertices, edges
//! and faces (polygons with their corners counter-clockwise seen from
//! outside), relative to the frame origin.
//!
//! Numbering (0-based, fixed by the shape):
//! - box: vertex `k` has bit `i` of `k` set when it lies on the `+` side of
//!   local axis `i`; face `2i` is the `−` face of axis `i`, `2i + 1` the `+`
//!   face; edge `4i + j` runs along axis `i`, `j` made of the other two
//!   axes' bits (axis `i + 1` first);
//! - triangle: vertices 0–2, edge `k` from vertex `k` to `k + 1`, face 0
//!   the side its vertices turn counter-clockwise about, face 1 the back;
//! - hull: its vertices, edges and faces as [`crate::geom3d::ConvexHull`]
//!   lists them;
//! - segment and capsule: ends 0 and 1, edge 0; point and sphere: vertex 0.

use super::buf::Buf;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::Feature;
use crate::geom3d::shape::hull::ConvexHull;
use glam::Vec3;

/// A corner of a face polygon: where it is, its core vertex, and the core
/// edge from it to the next corner.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Corner {
    pub at: Vec3,
    pub vertex: u16,
    pub edge: u16,
}

/// A face's corners: inline up to eight (a hull face with more spills).
pub(crate) type Corners = Buf<Corner, 8>;

/// A face of a core (or, as the incident feature, a segment or a point).
#[derive(Debug, Clone)]
pub(crate) struct Face {
    pub index: u16,
    pub normal: Vec3,
    pub corners: Corners,
}

/// Box vertex `k` (see the module doc).
pub(crate) fn box_vertex(c: Vec3, m: &glam::Mat3, h: Vec3, k: usize) -> Vec3 {
    let s = |i: usize| if k >> i & 1 == 1 { h[i] } else { -h[i] };
    c + m.x_axis * s(0) + m.y_axis * s(1) + m.z_axis * s(2)
}

/// The id of the box edge joining vertices `k` and `l` (one bit apart).
fn box_edge(k: usize, l: usize) -> u16 {
    let i = (k ^ l).trailing_zeros() as usize;
    let j = (k >> ((i + 1) % 3) & 1) | ((k >> ((i + 2) % 3) & 1) << 1);
    (4 * i + j) as u16
}

/// Number of core vertices.
pub(crate) fn vertex_count(p: &Piece) -> usize {
    match &p.core {
        Core::Point(_) | Core::Ray { .. } => 1,
        Core::Segment(..) => 2,
        Core::Box { .. } => 8,
        Core::Triangle(_) => 3,
        Core::Hull { hull, .. } => hull.vertices.len(),
    }
}

/// Core vertex `k` (`k < vertex_count`).
pub(crate) fn vertex(p: &Piece, k: usize) -> Vec3 {
    match &p.core {
        Core::Point(v) => *v,
        Core::Ray { origin, .. } => *origin,
        Core::Segment(a, b) => [*a, *b][k.min(1)],
        Core::Box { c, m, h } => box_vertex(*c, m, *h, k),
        Core::Triangle(v) => v[k.min(2)],
        Core::Hull { t, m, hull } => *t + *m * hull.vertices[k],
    }
}

/// The first core vertex furthest along `d`, with its index.
pub(crate) fn support_vertex(p: &Piece, d: Vec3) -> (u16, Vec3) {
    let mut best = (0, vertex(p, 0));
    for k in 1..vertex_count(p) {
        let v = vertex(p, k);
        if v.dot(d) > best.1.dot(d) {
            best = (k as u16, v);
        }
    }
    best
}

/// Calls `f(id, start, end)` for every core edge.
pub(crate) fn for_each_edge(p: &Piece, mut f: impl FnMut(u16, Vec3, Vec3)) {
    match &p.core {
        Core::Point(_) | Core::Ray { .. } => {}
        Core::Segment(a, b) => f(0, *a, *b),
        Core::Box { c, m, h } => {
            // Each corner formed once (the same operations: the same points).
            let at: [Vec3; 8] = std::array::from_fn(|k| box_vertex(*c, m, *h, k));
            for k in 0..8 {
                for i in 0..3 {
                    let l = k | 1 << i;
                    if l != k {
                        f(box_edge(k, l), at[k], at[l]);
                    }
                }
            }
        }
        Core::Triangle(v) => (0..3).for_each(|k| f(k as u16, v[k], v[(k + 1) % 3])),
        Core::Hull { t, m, hull } => {
            for (k, [i, j]) in hull.edges.iter().enumerate() {
                let at = |v: u16| *t + *m * hull.vertices[usize::from(v)];
                f(k as u16, at(*i), at(*j));
            }
        }
    }
}

/// The core edge whose both ends reach furthest along `d` (the support
/// edge), with its ends: of the edges with an end furthest along `d`, the
/// one whose other end reaches furthest. Where one corner alone is the
/// support, that is an edge through it: taking the edge with the highest
/// lower end alone could pick one away from it when the lower ends of
/// all edges are level (a triangle with an edge perpendicular to `d`,
/// whose far corner touches a capsule: the contact was put 0.053 off,
/// seed 1795775759).
pub(crate) fn support_edge(p: &Piece, d: Vec3) -> Option<(u16, Vec3, Vec3)> {
    match &p.core {
        Core::Box { c, m, h } => return Some(box_support_edge(*c, m, *h, d)),
        Core::Hull { t, m, hull } => return hull_support_edge(*t, m, hull, d),
        Core::Point(_) | Core::Segment(..) | Core::Triangle(_) | Core::Ray { .. } => {}
    }
    // (higher end, lower end) of the best edge so far, and the edge.
    let mut best: Option<(f32, f32, u16, Vec3, Vec3)> = None;
    for_each_edge(p, |id, s, e| {
        let (x, y) = (s.dot(d), e.dot(d));
        let (hi, lo) = (x.max(y), x.min(y));
        if best.is_none_or(|b| hi > b.0 || (hi == b.0 && lo > b.1)) {
            best = Some((hi, lo, id, s, e));
        }
    });
    best.map(|(_, _, id, s, e)| (id, s, e))
}

/// [`support_edge`] of a hull: the same edges in [`for_each_edge`]'s
/// order, each corner turned and its `f32` product with `d` formed once
/// instead of once per edge (the same numbers, so the same pick).
fn hull_support_edge(
    t: Vec3,
    m: &glam::Mat3,
    hull: &ConvexHull,
    d: Vec3,
) -> Option<(u16, Vec3, Vec3)> {
    let at: Buf<(Vec3, f32), 32> = (hull.vertices.iter())
        .map(|v| {
            let w = t + *m * *v;
            (w, w.dot(d))
        })
        .collect();
    let mut best: Option<(f32, f32, usize)> = None;
    for (k, [i, j]) in hull.edges.iter().enumerate() {
        let (Some(&(_, x)), Some(&(_, y))) = (at.get(usize::from(*i)), at.get(usize::from(*j)))
        else {
            continue;
        };
        let (hi, lo) = (x.max(y), x.min(y));
        if best.is_none_or(|b| hi > b.0 || (hi == b.0 && lo > b.1)) {
            best = Some((hi, lo, k));
        }
    }
    let (_, _, k) = best?;
    let [i, j] = *hull.edges.get(k)?;
    let (s, e) = (at.get(usize::from(i))?.0, at.get(usize::from(j))?.0);
    Some((k as u16, s, e))
}

/// [`support_edge`] of a box: the same edges in [`for_each_edge`]'s order,
/// each end's `f32` product with `d` formed once instead of once per edge
/// (the same numbers, so the same pick).
fn box_support_edge(c: Vec3, m: &glam::Mat3, h: Vec3, d: Vec3) -> (u16, Vec3, Vec3) {
    let at: [Vec3; 8] = std::array::from_fn(|k| box_vertex(c, m, h, k));
    let s = at.map(|v| v.dot(d));
    let mut best: Option<(f32, usize, usize)> = None;
    for k in 0..8 {
        for i in 0..3 {
            let l = k | 1 << i;
            let low = s[k].min(s[l]);
            if l != k && best.is_none_or(|b| low > b.0) {
                best = Some((low, k, l));
            }
        }
    }
    let (_, k, l) = best.unwrap_or((0.0, 0, 1));
    (box_edge(k, l), at[k], at[l])
}

/// The face of the core with outward normal `±axis` that SAT's face
/// candidate `feature` names (`plus`: the `+axis` side), if the core has
/// one there (a solid hull has no face opposite each face).
pub(crate) fn face_of(p: &Piece, feature: Feature, plus: bool) -> Option<u16> {
    match &p.core {
        Core::Box { .. } => {
            let Feature::BoxFace(i) = feature else {
                return None;
            };
            Some(2 * u16::from(i) + u16::from(plus))
        }
        Core::Triangle(_) => (feature == Feature::TriangleFace).then_some(u16::from(!plus)),
        Core::Hull { hull, .. } => {
            let Feature::HullFace(k) = feature else {
                return None;
            };
            match (plus, hull.flat) {
                (true, _) => Some(k - 1),
                (false, true) => Some(1),
                (false, false) => None,
            }
        }
        Core::Point(_) | Core::Segment(..) | Core::Ray { .. } => None,
    }
}

/// The triangle's unit normal (face 0), `None` when degenerate.
fn triangle_normal(v: &[Vec3; 3]) -> Option<Vec3> {
    (v[1] - v[0]).cross(v[2] - v[0]).try_normalize()
}

/// Number of faces of the core.
fn face_count(p: &Piece) -> usize {
    match &p.core {
        Core::Box { .. } => 6,
        Core::Triangle(v) => 2 * usize::from(triangle_normal(v).is_some()),
        Core::Hull { hull, .. } => hull.faces.len(),
        Core::Point(_) | Core::Segment(..) | Core::Ray { .. } => 0,
    }
}

/// The outward unit normal of face `k`.
fn face_normal(p: &Piece, k: usize) -> Option<Vec3> {
    match &p.core {
        Core::Box { m, .. } => {
            let n = m.col(k / 2);
            Some(if k % 2 == 1 { n } else { -n })
        }
        Core::Triangle(v) => triangle_normal(v).map(|n| if k == 0 { n } else { -n }),
        Core::Hull { m, hull, .. } => Some(*m * hull.faces.get(k)?.normal),
        Core::Point(_) | Core::Segment(..) | Core::Ray { .. } => None,
    }
}

/// The vertices of box face `k` (outward unit `normal`) in the order
/// [`face`] lists its corners: counter-clockwise about the normal as the
/// `f32` corners turn.
#[inline]
pub(crate) fn box_face_order(
    c: Vec3,
    m: &glam::Mat3,
    h: Vec3,
    k: usize,
    normal: Vec3,
) -> [usize; 4] {
    let i = k / 2;
    let (u, v) = ((i + 1) % 3, (i + 2) % 3);
    let side = (k % 2) << i;
    let mut ks = [0, 1 << u, 1 << u | 1 << v, 1 << v].map(|b| b | side);
    let at = |q: usize| box_vertex(c, m, h, q);
    let turn = (at(ks[1]) - at(ks[0])).cross(at(ks[2]) - at(ks[0]));
    if turn.dot(normal) < 0.0 {
        ks.reverse();
    }
    ks
}

/// Face `k` with its corners counter-clockwise about its outward normal.
pub(crate) fn face(p: &Piece, k: usize) -> Option<Face> {
    let normal = face_normal(p, k)?;
    let corners = match &p.core {
        Core::Box { c, m, h } => {
            let ks = box_face_order(*c, m, *h, k, normal);
            let at = |q: usize| box_vertex(*c, m, *h, q);
            (0..4)
                .map(|q| Corner {
                    at: at(ks[q]),
                    vertex: ks[q] as u16,
                    edge: box_edge(ks[q], ks[(q + 1) % 4]),
                })
                .collect()
        }
        Core::Triangle(v) => {
            let order: [usize; 3] = if k == 0 { [0, 1, 2] } else { [0, 2, 1] };
            (0..3)
                .map(|q| {
                    let (i, j) = (order[q], order[(q + 1) % 3]);
                    let e = if (i + 1) % 3 == j { i } else { j };
                    Corner {
                        at: v[i],
                        vertex: i as u16,
                        edge: e as u16,
                    }
                })
                .collect()
        }
        Core::Hull { t, m, hull } => {
            let f = &hull.faces[k];
            (f.loop_.iter().zip(&f.loop_edges))
                .map(|(&i, &edge)| Corner {
                    at: *t + *m * hull.vertices[usize::from(i)],
                    vertex: i,
                    edge,
                })
                .collect()
        }
        Core::Point(_) | Core::Segment(..) | Core::Ray { .. } => return None,
    };
    Some(Face {
        index: k as u16,
        normal,
        corners,
    })
}

/// The incident feature for a reference face of normal `nr`: the face
/// most anti-parallel to it; a segment core or a point core itself (a
/// degenerate triangle: its three corners).
pub(crate) fn incident(p: &Piece, nr: Vec3) -> Face {
    let mut best: Option<(f32, usize)> = None;
    let mut least = |k: usize, c: f32| {
        if best.is_none_or(|b| c < b.0) {
            best = Some((c, k));
        }
    };
    if let Core::Hull { m, hull, .. } = &p.core {
        // `nr` turned into the hull's frame once, not every normal out.
        let l = m.transpose() * nr;
        (hull.faces.iter().enumerate()).for_each(|(k, f)| least(k, f.normal.dot(l)));
    } else {
        for k in 0..face_count(p) {
            if let Some(n) = face_normal(p, k) {
                least(k, n.dot(nr));
            }
        }
    }
    if let Some(f) = best.and_then(|(_, k)| face(p, k)) {
        return f;
    }
    let closing = usize::from(matches!(p.core, Core::Triangle(_)));
    let corners = (0..vertex_count(p))
        .map(|k| Corner {
            at: vertex(p, k),
            vertex: k as u16,
            edge: (k * closing) as u16,
        })
        .collect();
    Face {
        index: 0,
        normal: -nr,
        corners,
    }
}
