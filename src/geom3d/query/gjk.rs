//! GJK distance between the polytope cores of two bounded pieces.
//!
//! Gilbert, Johnson and Keerthi (1988), in van den Bergen's form ("A fast
//! and robust GJK implementation for collision detection of convex
//! objects", 1999): a simplex of up to four points of the Minkowski
//! difference `B − A` moves towards the origin; each step keeps the
//! smallest sub-simplex holding the point nearest the origin (Ericson,
//! *Real-Time Collision Detection*, 5.1.2 segment, 5.1.5 triangle, 5.1.6
//! tetrahedron) and adds the support point in the direction of the origin.
//! It stops when the support point brings no measurable progress
//! (`|v|² − v·w ≤ 1e-12 |v|²`), repeats a simplex vertex, or the simplex
//! encloses the origin. Cores are polytopes, so the supports come from a
//! finite set and the loop ends; the arithmetic is in `f64` on `f32` input.

use crate::geom3d::query::piece::Piece;
use crate::geom3d::query::segment::{nearest_on_triangle, TriangleFeature};
use glam::{DVec3, Vec3};

/// Closest points of the two cores (radii excluded), relative to the frame origin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CoreDistance {
    pub point_a: Vec3,
    pub point_b: Vec3,
    /// `|point_b − point_a|`; 0 when the cores overlap.
    pub distance: f32,
    /// Unit direction from `point_a` to `point_b`, solved in f64 before the
    /// points are rounded to f32 (their rounding over a small distance would
    /// tilt it); zero when the cores overlap.
    pub normal: Vec3,
}

#[derive(Clone, Copy, Default)]
struct Vertex {
    /// Support point on A.
    a: DVec3,
    /// Support point on B.
    b: DVec3,
    /// `b − a`.
    w: DVec3,
}

/// A simplex and the barycentric weights of its point nearest the origin.
#[derive(Clone, Copy, Default)]
struct Simplex {
    v: [Vertex; 4],
    l: [f64; 4],
    n: usize,
    /// The point of the simplex nearest the origin, as the solver computed
    /// it (a projection, linear in the coordinates: on long thin simplices
    /// `Σ l_i w_i` would round by the weights' error times their length).
    p: DVec3,
}

impl Simplex {
    fn point(&self) -> DVec3 {
        self.p
    }
    fn witnesses(&self) -> (DVec3, DVec3) {
        let a = (0..self.n).map(|i| self.v[i].a * self.l[i]).sum();
        let b = (0..self.n).map(|i| self.v[i].b * self.l[i]).sum();
        (a, b)
    }
    /// Keeps the vertices `keep` with weights `l`.
    fn keep_sub(&mut self, sub: &Sub) {
        self.keep(&sub.0[..sub.2], &sub.1[..sub.2]);
        self.p = sub.3;
    }
    fn keep(&mut self, keep: &[usize], l: &[f64]) {
        let old = self.v;
        for (k, (&i, &w)) in keep.iter().zip(l).enumerate() {
            self.v[k] = old[i];
            self.l[k] = w;
        }
        self.n = keep.len();
    }
}

const MAX_ITERS: usize = 64;

/// GJK on the cores of two bounded pieces (see the module doc).
pub(crate) fn gjk(pa: &Piece, pb: &Piece) -> CoreDistance {
    let support = |d: DVec3| support(pa, pb, d);
    let mut s = start(pa, pb);
    let mut best = s;
    let mut best_d2 = f64::INFINITY;
    for _ in 0..MAX_ITERS {
        solve(&mut s);
        let v = s.point();
        let vv = v.length_squared();
        if s.n == 4 || vv <= 1e-24 * scale2(&s) {
            best = s;
            best_d2 = 0.0;
            break;
        }
        if vv >= best_d2 {
            // No progress (rounding): keep the best simplex seen.
            break;
        }
        best = s;
        best_d2 = vv;
        let w = support(-v);
        if vv - v.dot(w.w) <= 1e-12 * vv {
            break;
        }
        if s.v[..s.n].iter().any(|x| x.w == w.w) {
            break;
        }
        s.v[s.n] = w;
        s.l[s.n] = 0.0;
        s.n += 1;
    }
    let (a, b) = best.witnesses();
    if best_d2 == 0.0 {
        // Overlap: the weights give a point of both cores.
        let p = a.as_vec3();
        return CoreDistance {
            point_a: p,
            point_b: p,
            distance: 0.0,
            normal: Vec3::ZERO,
        };
    }
    // The distance and direction from the solver's point (`b − a` of the
    // witnesses rounds by the weights' error times the shapes' reach).
    let v = best.point();
    CoreDistance {
        point_a: a.as_vec3(),
        point_b: b.as_vec3(),
        distance: v.length() as f32,
        normal: v.normalize_or_zero().as_vec3(),
    }
}

/// Whether the cores of `pa` and `pb` are at most `reach` apart: GJK
/// with early exits. Each step bounds the distance from both sides: the
/// simplex point `v` is at least as far as the sets (`|v| ≥ d`), and the
/// support point `w` in direction `−v` gives `v̂·w ≤ d`. It stops at the
/// first bound that decides, which for separated shapes is usually the
/// first or second support point. A bound decides only when it clears
/// `reach` by a few units of f32 rounding; `None` when the distance lies
/// within that hair of `reach` (there the caller decides as `distance`
/// does, so the two never disagree by rounding).
pub(crate) fn gjk_within(pa: &Piece, pb: &Piece, reach: f32) -> Option<bool> {
    let reach = f64::from(reach);
    let band = 8.0 * f64::from(f32::EPSILON) * reach.max(1.0);
    let (inner, outer) = (reach - band, reach + band);
    let support = |d: DVec3| support(pa, pb, d);
    let mut s = start(pa, pb);
    let mut best_d2 = f64::INFINITY;
    for _ in 0..MAX_ITERS {
        solve(&mut s);
        let v = s.point();
        let vv = v.length_squared();
        if s.n == 4 || (inner > 0.0 && vv <= inner * inner) {
            return Some(true);
        }
        if vv >= best_d2 {
            break;
        }
        best_d2 = vv;
        let w = support(-v);
        let lower = v.dot(w.w) / vv.sqrt();
        if lower > outer {
            return Some(false);
        }
        if vv - v.dot(w.w) <= 1e-12 * vv || s.v[..s.n].iter().any(|x| x.w == w.w) {
            break;
        }
        s.v[s.n] = w;
        s.l[s.n] = 0.0;
        s.n += 1;
    }
    // Converged without a decision: the full computation, and still none
    // within a hair of `reach`.
    let d = f64::from(gjk(pa, pb).distance);
    if d < inner {
        Some(true)
    } else if d > outer {
        Some(false)
    } else {
        None
    }
}

/// The support point of `B − A` in direction `d`, with its parts.
fn support(pa: &Piece, pb: &Piece, d: DVec3) -> Vertex {
    let a = pa.support(-d);
    let b = pb.support(d);
    Vertex { a, b, w: b - a }
}

/// The first simplex: the support point towards A from B's centre.
fn start(pa: &Piece, pb: &Piece) -> Simplex {
    let mut d0 = (pb.centre() - pa.centre()).as_dvec3();
    if d0.length_squared() == 0.0 {
        d0 = DVec3::X;
    }
    let mut s = Simplex::default();
    s.v[0] = support(pa, pb, -d0);
    s.l[0] = 1.0;
    s.n = 1;
    s.p = s.v[0].w;
    s
}

/// Squared size of the simplex points, for a relative zero test.
fn scale2(s: &Simplex) -> f64 {
    s.v[..s.n]
        .iter()
        .map(|x| x.w.length_squared())
        .fold(1e-30, f64::max)
}

/// Reduces the simplex to the smallest sub-simplex holding its point
/// nearest the origin and sets the weights. Four points enclosing the
/// origin stay four.
fn solve(s: &mut Simplex) {
    match s.n {
        1 => {
            s.l[0] = 1.0;
            s.p = s.v[0].w;
        }
        2 => {
            let sub = segment(s.v[0].w, s.v[1].w, [0, 1]);
            s.keep_sub(&sub);
        }
        3 => {
            let sub = triangle(s.v[0].w, s.v[1].w, s.v[2].w, [0, 1, 2]);
            s.keep_sub(&sub);
        }
        _ => tetrahedron(s),
    }
}

/// A sub-simplex: vertex indices, weights, count, and its point nearest
/// the origin.
type Sub = ([usize; 3], [f64; 3], usize, DVec3);

/// Nearest point to the origin on segment `ab` (Ericson 5.1.2).
fn segment(a: DVec3, b: DVec3, id: [usize; 2]) -> Sub {
    let ab = b - a;
    let den = ab.length_squared();
    let t = if den > 0.0 { -a.dot(ab) / den } else { 0.0 };
    if t <= 0.0 {
        ([id[0], 0, 0], [1.0, 0.0, 0.0], 1, a)
    } else if t >= 1.0 {
        ([id[1], 0, 0], [1.0, 0.0, 0.0], 1, b)
    } else {
        ([id[0], id[1], 0], [1.0 - t, t, 0.0], 2, a + ab * t)
    }
}

/// Nearest point to the origin on triangle `abc`
/// ([`nearest_on_triangle`], whose regions are tested with planes).
fn triangle(a: DVec3, b: DVec3, c: DVec3, id: [usize; 3]) -> Sub {
    match nearest_on_triangle([a, b, c]) {
        (TriangleFeature::Edge { i, j, t }, x) => {
            if t <= 0.0 {
                ([id[i], 0, 0], [1.0, 0.0, 0.0], 1, x)
            } else if t >= 1.0 {
                ([id[j], 0, 0], [1.0, 0.0, 0.0], 1, x)
            } else {
                ([id[i], id[j], 0], [1.0 - t, t, 0.0], 2, x)
            }
        }
        (TriangleFeature::Face(l), x) => ([id[0], id[1], id[2]], l, 3, x),
    }
}

/// Tetrahedron (Ericson 5.1.6): the origin inside keeps all four;
/// otherwise the nearest of the faces whose plane has the origin outside.
fn tetrahedron(s: &mut Simplex) {
    let w = [s.v[0].w, s.v[1].w, s.v[2].w, s.v[3].w];
    const FACES: [([usize; 3], usize); 4] = [
        ([0, 1, 2], 3),
        ([0, 1, 3], 2),
        ([0, 2, 3], 1),
        ([1, 2, 3], 0),
    ];
    let mut best: Option<(f64, Sub)> = None;
    let mut inside = true;
    for (f, opp) in FACES {
        let (a, b, c) = (w[f[0]], w[f[1]], w[f[2]]);
        let n = (b - a).cross(c - a);
        let sp = (-a).dot(n);
        let sd = (w[opp] - a).dot(n);
        // Origin on the far side of the face from the fourth vertex, or a
        // flat tetrahedron (then every face is a candidate).
        let vol_eps = 1e-14 * n.length() * (w[opp] - a).length();
        let outside = sd.abs() <= vol_eps || sp * sd < 0.0;
        if !outside {
            continue;
        }
        inside = false;
        let sub = triangle(a, b, c, f);
        let d2 = sub.3.length_squared();
        if best.as_ref().is_none_or(|(bd, _)| d2 < *bd) {
            best = Some((d2, sub));
        }
    }
    if inside {
        // Barycentric weights of the origin.
        let vol = |p: DVec3, q: DVec3, r: DVec3, t: DVec3| (q - p).cross(r - p).dot(t - p);
        let total = vol(w[0], w[1], w[2], w[3]);
        let o = DVec3::ZERO;
        let l = [
            vol(o, w[1], w[2], w[3]) / total,
            vol(w[0], o, w[2], w[3]) / total,
            vol(w[0], w[1], o, w[3]) / total,
            vol(w[0], w[1], w[2], o) / total,
        ];
        s.l = l;
        s.p = DVec3::ZERO;
        return;
    }
    if let Some((_, sub)) = best {
        s.keep_sub(&sub);
    }
}
