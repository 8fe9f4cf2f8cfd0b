//! Closest points between segments in 3D.

use glam::{DVec3, Vec3};

/// Closest points `(on [p1, q1], on [p2, q2])` of two closed segments,
/// either possibly a point.
///
/// Ericson, *Real-Time Collision Detection*, 5.1.9 (`ClosestPtSegmentSegment`):
/// minimise `|p1 + s d1 − p2 − t d2|²` over `s, t ∈ [0, 1]`: solve for `s` on
/// the lines, clamp, compute `t` for that `s`, clamp `t` and recompute `s`.
/// Parallel segments (denominator 0) take `s = 0`. In `f64`.
#[inline]
pub fn closest_points_segments(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3) -> (Vec3, Vec3) {
    let (s, t) = segment_params(p1.as_dvec3(), q1.as_dvec3(), p2.as_dvec3(), q2.as_dvec3());
    let (p1d, p2d) = (p1.as_dvec3(), p2.as_dvec3());
    (
        (p1d + (q1.as_dvec3() - p1d) * s).as_vec3(),
        (p2d + (q2.as_dvec3() - p2d) * t).as_vec3(),
    )
}

/// The parameters `(s, t)` in [0, 1] of the closest points (see
/// [`closest_points_segments`]).
#[inline]
pub(crate) fn segment_params(p1: DVec3, q1: DVec3, p2: DVec3, q2: DVec3) -> (f64, f64) {
    let (s, t, _) = segment_params_flagged(p1, q1, p2, q2);
    (s, t)
}

/// [`segment_params`], and whether the segments were taken as parallel
/// (`sin² θ ≤ 1e-12`: `s` starts at 0 instead of being solved for).
#[inline]
pub(crate) fn segment_params_flagged(
    p1: DVec3,
    q1: DVec3,
    p2: DVec3,
    q2: DVec3,
) -> (f64, f64, bool) {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.length_squared();
    let e = d2.length_squared();
    let f = d2.dot(r);
    if a <= 0.0 && e <= 0.0 {
        return (0.0, 0.0, false);
    }
    if a <= 0.0 {
        return (0.0, (f / e).clamp(0.0, 1.0), false);
    }
    let c = d1.dot(r);
    if e <= 0.0 {
        return ((-c / a).clamp(0.0, 1.0), 0.0, false);
    }
    let b = d1.dot(d2);
    let denom = a * e - b * b;
    let solved = denom > 1e-12 * a * e;
    let mut s = if solved {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t, !solved)
}

/// Closest point of the closed segment `[p, q]` to `x`.
#[inline]
pub fn closest_point_on_segment(x: Vec3, p: Vec3, q: Vec3) -> Vec3 {
    let d = q - p;
    let l = d.length_squared();
    if l <= 0.0 {
        return p;
    }
    p + d * ((x - p).dot(d) / l).clamp(0.0, 1.0)
}

/// Closest point of the closed triangle `abc` to `p` (see
/// `nearest_on_triangle`; computed in `f64` about `p`). Degenerate
/// triangles give the closest point of their best edge.
#[inline]
pub fn closest_point_on_triangle(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> Vec3 {
    let pd = p.as_dvec3();
    let v = [a.as_dvec3() - pd, b.as_dvec3() - pd, c.as_dvec3() - pd];
    (pd + nearest_on_triangle(v).1).as_vec3()
}

/// Which feature of a triangle holds its point nearest the origin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum TriangleFeature {
    /// The edge from vertex `i` to vertex `j` at `t` in `[0, 1]` (0 and 1:
    /// the vertices).
    Edge { i: usize, j: usize, t: f64 },
    /// The face, with barycentric weights.
    Face([f64; 3]),
}

/// Nearest point to the origin on the closed triangle `v`, and the feature
/// holding it. Voronoi regions are tested with planes, every test linear
/// in the coordinates: the normal `n = ab × ac`; for each edge the in-plane
/// outward normal `e × n`, and the origin is past the edge when it points
/// towards it; past no edge, the nearest point is the origin's projection
/// `n (n · a) / |n|²`. Ericson's products of dot products (5.1.5) are of
/// order `|ab|²|ac|²` and cancel to the answer: on a long thin triangle
/// (a box 1e4 long against one 0.3 away, seen by GJK) their rounding
/// exceeded it (issue 31, item 5). A collinear triangle gives its best
/// edge.
#[inline]
pub(crate) fn nearest_on_triangle(v: [DVec3; 3]) -> (TriangleFeature, DVec3) {
    let [a, b, c] = v;
    nearest_on_triangle_with_normal(v, (b - a).cross(c - a))
}

/// [`nearest_on_triangle`] with the normal `n = (b − a) × (c − a)` already
/// formed (GJK's tetrahedron forms it to test the face's side first).
#[inline(always)]
pub(crate) fn nearest_on_triangle_with_normal(v: [DVec3; 3], n: DVec3) -> (TriangleFeature, DVec3) {
    let [a, b, c] = v;
    let nn = n.length_squared();
    let scale = (b - a).length_squared() * (c - a).length_squared();
    // Collinear (or not finite): every edge is a candidate.
    let flat = nn.is_nan() || nn <= 1e-24 * scale;
    const EDGES: [(usize, usize, usize); 3] = [(0, 1, 2), (1, 2, 0), (2, 0, 1)];
    // How far past each edge the origin lies, times |e||n|: positive past
    // it. All three first (no branch between them), then one test.
    // The outward normal in the plane is `e × n`; it is turned when it
    // points at the third vertex, which for edge ab (whose side is
    // `−|n|²` to within 1e-4 of it once not flat) never happens, so that
    // edge skips the test.
    // Written out, not `EDGES.map`: the array's closure was left a call
    // per edge in GJK's loop (6 % of a box pair's distance, held-out bench).
    #[inline(always)]
    fn past_edge(p: DVec3, q: DVec3, r: DVec3, n: DVec3, test: bool) -> f64 {
        let mut out = (q - p).cross(n);
        if test && out.dot(r - p) > 0.0 {
            out = -out;
        }
        out.dot(-p)
    }
    let past = [
        past_edge(a, b, c, n, false),
        past_edge(b, c, a, n, true),
        past_edge(c, a, b, n, true),
    ];
    // The face. `past` of the edge opposite a vertex is minus its weight
    // times |n|² (`−n · (b × c)` for a): the same triple product, no
    // other cross product.
    let face = || {
        let la = -past[1] / nn;
        let lb = -past[2] / nn;
        let x = n * (n.dot(a) / nn);
        (TriangleFeature::Face([la, lb, 1.0 - la - lb]), x)
    };
    if !flat && !past.iter().any(|&t| t > 0.0) {
        return face();
    }
    let mut best: Option<(f64, TriangleFeature, DVec3)> = None;
    for ((i, j, _), t) in EDGES.into_iter().zip(past) {
        if flat || t > 0.0 {
            let (p, q) = (v[i], v[j]);
            let e = q - p;
            let den = e.length_squared();
            let t = if den > 0.0 {
                (-p.dot(e) / den).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let x = p + e * t;
            let d2 = x.length_squared();
            if best.is_none_or(|(bd, ..)| d2 < bd) {
                best = Some((d2, TriangleFeature::Edge { i, j, t }, x));
            }
        }
    }
    best.map_or_else(face, |(_, f, x)| (f, x))
}
