//! The features of a convex piece that face a direction: a straight face
//! (an edge of the core) or a single point (a vertex, or a point of an arc).

use crate::geom::query::piece::{Geom, Piece, Verts};
use crate::geom::shape::sector::in_wedge;
use crate::geom::{ShapeKind, Vec2};

/// A straight edge of a piece's core, relative to the frame origin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    /// Edge index (from core vertex `i` to `j`).
    pub index: u16,
    pub i: u16,
    pub j: u16,
    pub v1: Vec2,
    pub v2: Vec2,
    /// Outward unit normal.
    pub normal: Vec2,
}

/// Number of straight edges of the piece's core (a segment core has one,
/// with two sides).
fn edge_count(p: &Piece) -> usize {
    match &p.geom {
        Geom::Hull { verts, .. } => match verts.len() {
            0 | 1 => 0,
            2 => 1,
            n => n,
        },
        // A half disc's two straight edges are one diameter.
        Geom::Sector { half, .. } if half.x <= 0.0 => 1,
        Geom::Sector { .. } => 2,
        Geom::Line { .. } | Geom::Ray { .. } => 0,
    }
}

/// Edge `k` of the core with its outward normal; for a segment core the
/// side facing `towards` (the normal with the larger dot product).
fn edge(p: &Piece, k: usize, towards: Vec2) -> Option<Edge> {
    match &p.geom {
        Geom::Hull { verts, .. } => {
            let n = verts.len();
            if n == 2 {
                let (v1, v2) = (verts.get(0), verts.get(1));
                let d = (v2 - v1).normalize_or_zero();
                if d == Vec2::ZERO {
                    return None;
                }
                let up = d.perp();
                let normal = if up.dot(towards) >= 0.0 { up } else { -up };
                return Some(Edge {
                    index: 0,
                    i: 0,
                    j: 1,
                    v1,
                    v2,
                    normal,
                });
            }
            let j = (k + 1) % n;
            let (v1, v2) = (verts.get(k), verts.get(j));
            let normal = match (p.kind, verts) {
                (_, Verts::Poly { rot, normals, .. }) => rot.rotate(normals[k]),
                (ShapeKind::Aabb | ShapeKind::Obb, Verts::Inline { .. }) => box_normal(p, k)?,
                (
                    ShapeKind::Point
                    | ShapeKind::Segment
                    | ShapeKind::Ray
                    | ShapeKind::Line
                    | ShapeKind::Circle
                    | ShapeKind::Capsule
                    | ShapeKind::Sector
                    | ShapeKind::Polygon,
                    Verts::Inline { .. },
                ) => {
                    let d = (v2 - v1).normalize_or_zero();
                    if d == Vec2::ZERO {
                        return None;
                    }
                    -d.perp()
                }
            };
            Some(Edge {
                index: k as u16,
                i: k as u16,
                j: j as u16,
                v1,
                v2,
                normal,
            })
        }
        Geom::Sector { facing, half, .. } => {
            // Edge 0: apex to arc end 1 (clockwise), edge 1: apex to arc end 2;
            // normals as the SAT candidate axes of `Piece::for_each_face`.
            let apex = p.vertex(0);
            if half.x <= 0.0 {
                return Some(Edge {
                    index: 0,
                    i: 1,
                    j: 2,
                    v1: p.vertex(1),
                    v2: p.vertex(2),
                    normal: -*facing,
                });
            }
            let (end, normal) = if k == 0 {
                let e1 = facing.rotate(Vec2::new(half.x, -half.y));
                (p.vertex(1), -e1.perp())
            } else {
                (p.vertex(2), facing.rotate(*half).perp())
            };
            if end == apex {
                return None;
            }
            Some(Edge {
                index: k as u16,
                i: 0,
                j: k as u16 + 1,
                v1: apex,
                v2: end,
                normal,
            })
        }
        Geom::Line { .. } | Geom::Ray { .. } => None,
    }
}

/// The outward normal of box edge `k` (corners counter-clockwise from local
/// `(-hx, -hy)`), from the box axes as `Piece::for_each_face` forms them.
fn box_normal(p: &Piece, k: usize) -> Option<Vec2> {
    let mut axes = [Vec2::ZERO; 2];
    let mut n = 0;
    p.for_each_face(|axis, _| {
        axes[n] = axis;
        n += 1;
        n < 2
    });
    let (ex, ey) = (axes[0], axes[1]);
    if n < 2 {
        return None;
    }
    Some(match k {
        0 => -ey,
        1 => ex,
        2 => ey,
        _ => -ex,
    })
}

/// The edge whose outward normal is closest to `d` (unit), with that
/// normal's dot product with `d`.
pub(crate) fn best_edge(p: &Piece, d: Vec2) -> Option<(Edge, f32)> {
    let mut best: Option<(Edge, f32)> = None;
    for k in 0..edge_count(p) {
        if let Some(e) = edge(p, k, d) {
            let c = e.normal.dot(d);
            if best.is_none_or(|b| c > b.1) {
                best = Some((e, c));
            }
        }
    }
    best
}

/// Where a piece's core is furthest along `d`: a core vertex (its index) or
/// a point of a sector's arc.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Support {
    Vertex(u16, Vec2),
    Arc(Vec2),
}

impl Support {
    pub fn point(self) -> Vec2 {
        match self {
            Support::Vertex(_, p) | Support::Arc(p) => p,
        }
    }
}

/// The support feature of the core (radius excluded) along `d`: for a
/// sector, a point of its arc when `d` lies inside its wedge; otherwise the
/// first core vertex furthest along `d`.
pub(crate) fn support(p: &Piece, d: Vec2) -> Support {
    if let Geom::Sector {
        apex,
        facing,
        half,
        radius,
    } = &p.geom
    {
        if d != Vec2::ZERO && in_wedge(*facing, *half, d) {
            return Support::Arc(*apex + d.normalize() * *radius);
        }
    }
    let mut best = (0usize, f32::NEG_INFINITY, p.vertex(0));
    for i in 0..p.vertex_count() {
        let v = p.vertex(i);
        let s = v.dot(d);
        if s > best.1 {
            best = (i, s, v);
        }
    }
    Support::Vertex(best.0 as u16, best.2)
}
