//! GJK distance between the cores of two convex pieces.
//!
//! Follows Box2D's `b2Distance` (Erin Catto, "Computing distance", GDC 2010):
//! a simplex of up to three points of the Minkowski difference B − A is moved
//! towards the origin; the barycentric weights of its closest point give the
//! closest points on A and B. Box2D stops on a repeated support vertex; here
//! supports may lie on a sector's arc, so the loop stops when a new support
//! point no longer brings the simplex measurably closer (relative `1e-6`),
//! which is exact for polygons and converges fast for arcs.

use crate::geom::query::piece::{Geom, Piece, Verts};
use crate::geom::Vec2;

#[derive(Clone, Copy, Default)]
struct SimplexVertex {
    /// Support point on A.
    wa: Vec2,
    /// Support point on B.
    wb: Vec2,
    /// `wb - wa`.
    w: Vec2,
    /// Barycentric weight.
    a: f32,
}

/// Closest points of the two cores (radii excluded), relative to the frame origin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CoreDistance {
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// `|point_b - point_a|`; 0 when the cores overlap.
    pub distance: f32,
}

const MAX_ITERS: usize = 48;

/// GJK on the cores of two bounded pieces.
pub(crate) fn gjk(a: &Piece, b: &Piece) -> CoreDistance {
    let mut v = [SimplexVertex::default(); 3];
    let guess = centre(b) - centre(a);
    let d0 = if guess.length_squared() > 0.0 {
        guess
    } else {
        Vec2::X
    };
    let wa = a.core_support(d0);
    let wb = b.core_support(-d0);
    v[0] = SimplexVertex {
        wa,
        wb,
        w: wb - wa,
        a: 1.0,
    };
    let mut count = 1;
    for _ in 0..MAX_ITERS {
        match count {
            2 => solve2(&mut v, &mut count),
            3 => solve3(&mut v, &mut count),
            _ => {}
        }
        if count == 3 {
            break;
        }
        let p = closest(&v, count);
        let d = search_direction(&v, count);
        if d.length_squared() <= f32::EPSILON * f32::EPSILON * p.length_squared().max(1e-30)
            || d.length_squared() == 0.0
        {
            break;
        }
        let wa = a.core_support(-d);
        let wb = b.core_support(d);
        let w = wb - wa;
        // No progress towards the origin: p is (within tolerance) the closest
        // point. The progress is measured along the search direction, which
        // is exact for the simplex (-w1 for a point, the edge normal for a
        // segment), as `(w - w1)·d̂`: `p` carries rounding from its weights
        // that can swamp the progress when the vertices are far larger than
        // the distance. The rounding noise grows with the size of the points.
        let progress = (w - v[0].w).dot(d) / d.length();
        let noise = 4.0 * f32::EPSILON * w.length().max(v[0].w.length());
        if progress <= 1e-6 * p.length() + noise {
            break;
        }
        // A support equal to a simplex vertex means no progress either.
        if v[..count].iter().any(|s| s.w == w) {
            break;
        }
        v[count] = SimplexVertex { wa, wb, w, a: 0.0 };
        count += 1;
    }
    match count {
        2 => solve2(&mut v, &mut count),
        3 => solve3(&mut v, &mut count),
        _ => {}
    }
    let (pa, pb) = witness(&v, count);
    if count == 3 {
        return CoreDistance {
            point_a: pa,
            point_b: pa,
            distance: 0.0,
        };
    }
    CoreDistance {
        point_a: pa,
        point_b: pb,
        distance: (pb - pa).length(),
    }
}

fn closest(v: &[SimplexVertex; 3], count: usize) -> Vec2 {
    match count {
        1 => v[0].w,
        2 => v[0].w * v[0].a + v[1].w * v[1].a,
        _ => Vec2::ZERO,
    }
}

fn search_direction(v: &[SimplexVertex; 3], count: usize) -> Vec2 {
    match count {
        1 => -v[0].w,
        _ => {
            let e12 = v[1].w - v[0].w;
            let sgn = e12.perp_dot(-v[0].w);
            if sgn > 0.0 {
                e12.perp()
            } else {
                -e12.perp()
            }
        }
    }
}

fn witness(v: &[SimplexVertex; 3], count: usize) -> (Vec2, Vec2) {
    match count {
        1 => (v[0].wa, v[0].wb),
        2 => (
            v[0].wa * v[0].a + v[1].wa * v[1].a,
            v[0].wb * v[0].a + v[1].wb * v[1].a,
        ),
        _ => {
            let p = v[0].wa * v[0].a + v[1].wa * v[1].a + v[2].wa * v[2].a;
            (p, p)
        }
    }
}

/// Closest point of a segment simplex to the origin (Box2D `Solve2`).
fn solve2(v: &mut [SimplexVertex; 3], count: &mut usize) {
    let (w1, w2) = (v[0].w, v[1].w);
    let e12 = w2 - w1;
    let d12_2 = -w1.dot(e12);
    if d12_2 <= 0.0 {
        v[0].a = 1.0;
        *count = 1;
        return;
    }
    let d12_1 = w2.dot(e12);
    if d12_1 <= 0.0 {
        v[1].a = 1.0;
        v[0] = v[1];
        *count = 1;
        return;
    }
    let inv = 1.0 / (d12_1 + d12_2);
    v[0].a = d12_1 * inv;
    v[1].a = d12_2 * inv;
    *count = 2;
}

/// Closest point of a triangle simplex to the origin (Box2D `Solve3`).
fn solve3(v: &mut [SimplexVertex; 3], count: &mut usize) {
    let (w1, w2, w3) = (v[0].w, v[1].w, v[2].w);
    let e12 = w2 - w1;
    let (d12_1, d12_2) = (w2.dot(e12), -w1.dot(e12));
    let e13 = w3 - w1;
    let (d13_1, d13_2) = (w3.dot(e13), -w1.dot(e13));
    let e23 = w3 - w2;
    let (d23_1, d23_2) = (w3.dot(e23), -w2.dot(e23));
    let n123 = e12.perp_dot(e13);
    let d123_1 = n123 * w2.perp_dot(w3);
    let d123_2 = n123 * w3.perp_dot(w1);
    let d123_3 = n123 * w1.perp_dot(w2);
    if d12_2 <= 0.0 && d13_2 <= 0.0 {
        v[0].a = 1.0;
        *count = 1;
        return;
    }
    if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
        let inv = 1.0 / (d12_1 + d12_2);
        v[0].a = d12_1 * inv;
        v[1].a = d12_2 * inv;
        *count = 2;
        return;
    }
    if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
        let inv = 1.0 / (d13_1 + d13_2);
        v[0].a = d13_1 * inv;
        v[2].a = d13_2 * inv;
        v[1] = v[2];
        *count = 2;
        return;
    }
    if d12_1 <= 0.0 && d23_2 <= 0.0 {
        v[1].a = 1.0;
        v[0] = v[1];
        *count = 1;
        return;
    }
    if d13_1 <= 0.0 && d23_1 <= 0.0 {
        v[2].a = 1.0;
        v[0] = v[2];
        *count = 1;
        return;
    }
    if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
        let inv = 1.0 / (d23_1 + d23_2);
        v[1].a = d23_1 * inv;
        v[2].a = d23_2 * inv;
        v[0] = v[2];
        *count = 2;
        return;
    }
    let inv = 1.0 / (d123_1 + d123_2 + d123_3);
    v[0].a = d123_1 * inv;
    v[1].a = d123_2 * inv;
    v[2].a = d123_3 * inv;
    *count = 3;
}

/// A point inside a piece's core, to aim the first search: a polygon's
/// position, the mean of a small hull's vertices, else its reference point.
fn centre(p: &Piece) -> Vec2 {
    match &p.geom {
        Geom::Hull {
            verts: Verts::Poly { t, .. },
            ..
        } => *t,
        Geom::Hull {
            verts: Verts::Inline { pts, n },
            ..
        } => pts[..*n as usize].iter().copied().sum::<Vec2>() / f32::from(*n),
        Geom::Sector { .. } | Geom::Line { .. } | Geom::Ray { .. } => p.reference(),
    }
}
