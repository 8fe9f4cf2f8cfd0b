//! GJK distance between the cores of two convex pieces.
//!
//! Follows Box2D's `b2Distance` (Erin Catto, "Computing distance", GDC 2010):
//! a simplex of up to three points of the Minkowski difference B − A is moved
//! towards the origin; the barycentric weights of its closest point give the
//! closest points on A and B. Box2D stops on a repeated support vertex; here
//! supports may lie on a sector's arc, so the loop stops when a new support
//! point no longer brings the simplex measurably closer (relative `1e-6`),
//! which is exact for polygons and converges fast for arcs.

use super::trace::{GjkRecorder, GjkStep};
use crate::geom::pose::unrotate;
use crate::geom::query::outline::Outline;
use crate::geom::query::piece::{first_max_lanes, Geom, Piece, Verts};
use crate::geom::Vec2;

#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SimplexVertex {
    /// Support point on A.
    pub wa: Vec2,
    /// Support point on B.
    pub wb: Vec2,
    /// `wb - wa`.
    pub w: Vec2,
    /// Barycentric weight.
    a: f32,
}

/// The simplex GJK ended with: `count` (1 to 3) vertices of B − A; three
/// when the cores overlap (the triangle contains the origin).
pub(crate) struct Simplex {
    pub v: [SimplexVertex; 3],
    pub count: usize,
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

/// What GJK needs of a convex core: its support point and a point inside.
pub(crate) trait Core {
    /// The core's point furthest along `d` (the first on a tie).
    fn support(&self, d: Vec2) -> Vec2;
    /// A point inside the core, to aim the first search.
    fn inner(&self) -> Vec2;
    /// True when the core is a polygon: between two support points its
    /// boundary is straight, so an edge of the final simplex lies on both
    /// shapes' boundaries (a piece may be a sector, whose arc it is not).
    const STRAIGHT: bool = false;
}

impl Core for Piece<'_> {
    #[inline]
    fn support(&self, d: Vec2) -> Vec2 {
        self.core_support(d)
    }
    fn inner(&self) -> Vec2 {
        centre(self)
    }
}

/// A box or polygon in A's frame: its stored vertices read as they are,
/// the direction turned into its frame instead (one rotation a call).
impl Core for Outline<'_> {
    const STRAIGHT: bool = true;

    #[inline]
    fn support(&self, d: Vec2) -> Vec2 {
        self.vertex(first_max_lanes(self.verts, unrotate(self.rot, d)))
    }
    fn inner(&self) -> Vec2 {
        self.at
    }
}

/// GJK on the cores of two bounded pieces.
pub(crate) fn gjk<A: Core, B: Core>(a: &A, b: &B) -> CoreDistance {
    gjk_with(a, b, &mut ()).0
}

/// [`gjk`] telling `rec` each iteration (relative to the frame origin), and
/// the final simplex.
pub(crate) fn gjk_with<A: Core, B: Core, R: GjkRecorder>(
    a: &A,
    b: &B,
    rec: &mut R,
) -> (CoreDistance, Simplex) {
    let straight = A::STRAIGHT && B::STRAIGHT;
    let mut v = [SimplexVertex::default(); 3];
    let guess = b.inner() - a.inner();
    let d0 = if guess.length_squared() > 0.0 {
        guess
    } else {
        Vec2::X
    };
    let wa = a.support(d0);
    let wb = b.support(-d0);
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
        let wa = a.support(-d);
        let wb = b.support(d);
        let w = wb - wa;
        rec.step(GjkStep {
            simplex: std::array::from_fn(|i| v[i].w),
            count,
            closest: p,
            direction: d,
            support_a: wa,
            support_b: wb,
        });
        // No progress towards the origin: p is (within tolerance) the closest
        // point. The progress is measured along the search direction, which
        // is exact for the simplex (-w1 for a point, the edge normal for a
        // segment), as `(w - w1)·d̂`: `p` carries rounding from its weights
        // that can swamp the progress when the vertices are far larger than
        // the distance. The rounding noise grows with the size of the
        // points; for two polygons, with their components along the
        // direction only, not their length (a box 1e6 long would otherwise
        // stop the search 0.5 short across its width).
        let dn = d / d.length();
        let progress = (w - v[0].w).dot(dn);
        let noise = if straight {
            let size = wa.abs() + wb.abs() + v[0].wa.abs() + v[0].wb.abs();
            size.dot(dn.abs())
        } else {
            w.length().max(v[0].w.length())
        };
        if progress <= 1e-6 * p.length() + 4.0 * f32::EPSILON * noise {
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
    let core = core_of(&v, count, straight);
    (core, Simplex { v, count })
}

/// The closest points and distance of the final, solved simplex: none
/// when it holds the origin (three vertices). `straight`: two polygons,
/// where the closest point inside an edge of B − A is measured as its
/// distance to the edge's line, not as the length of the weighted point,
/// which cancels the edge's long components (0.015 off for a box 1e6 long).
fn core_of(v: &[SimplexVertex; 3], count: usize, straight: bool) -> CoreDistance {
    let (pa, pb) = witness(v, count);
    if count == 3 {
        return CoreDistance {
            point_a: pa,
            point_b: pa,
            distance: 0.0,
        };
    }
    match edge_distance(v, if straight { count } else { 0 }) {
        Some((n, d)) => CoreDistance {
            point_a: pa,
            point_b: pa + n * d,
            distance: d,
        },
        None => CoreDistance {
            point_a: pa,
            point_b: pb,
            distance: (pb - pa).length(),
        },
    }
}

/// For a simplex of two vertices (the closest point of B − A inside their
/// edge): the edge's unit normal towards the simplex and the origin's
/// distance to the edge's line, `|w1 × e| / |e|`.
fn edge_distance(v: &[SimplexVertex; 3], count: usize) -> Option<(Vec2, f32)> {
    if count != 2 {
        return None;
    }
    let e = v[1].w - v[0].w;
    let len = e.length();
    if !(len > 0.0 && len.is_finite()) {
        return None;
    }
    let n = e.perp() / len;
    let s = v[0].w.dot(n);
    Some(if s < 0.0 { (-n, -s) } else { (n, s) })
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
