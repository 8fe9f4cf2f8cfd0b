//! One GJK loop for both dimensions: the distance between two convex sets
//! by the support points of their Minkowski difference `B − A`.
//!
//! Gilbert, Johnson and Keerthi (1988) in van den Bergen's form ("A fast
//! and robust GJK implementation for collision detection of convex
//! objects", 1999), decomposed as parry does: this loop is generic over a
//! [`Support`] (the pair of shapes) and a [`Space`] (the vector type with
//! its simplex solver: `geom`'s segment and triangle after Box2D's
//! `b2Distance`, `geom3d`'s segment, triangle and tetrahedron after Ericson
//! 5.1). Both dimensions live in one binary, so the decomposition is by
//! type, not by compiling the crate twice.
//!
//! ```text
//! v ← support(−(centre_B − centre_A))
//! loop: reduce the simplex to the smallest sub-simplex nearest the origin
//!       (v = its nearest point); enclosed or |v|² ≈ 0 → overlap
//!       |v|² not smaller than before → stop (rounding), keep the best
//!       w ← support(d), d the solver's direction towards the origin (≈ −v)
//!       (w − w₀)·d̂ ≤ tol |v| or w repeated → stop
//!       add w
//! ```
//!
//! # Precision policy (both dimensions)
//!
//! - The shapes' data are `f32`; supports are returned in `f64` (a 3D piece
//!   transforms its vertices in `f64`; a 2D piece hands over its `f32`
//!   points exactly), and every step of the loop and the solvers runs in
//!   `f64`, so the simplex measures the `f32` data, not a rounded copy.
//! - The distance and the direction come from the point the solver
//!   projected (`v`, linear in the coordinates), never from the weighted
//!   witnesses: those round by the weights' error times the shapes' reach
//!   (a box 1e6 long 0.3 from another read 0.30037 in 2D, 0.49 for 0.38 in
//!   3D). The closest points are the weighted witnesses, so a point at a
//!   vertex of the data is that vertex exactly. Callers take the direction
//!   from here too, never from the difference of the closest points once
//!   rounded to `f32`: near touching that difference is mostly rounding (a
//!   circle 2.4e-5 off a thin box's face got a normal 3.3e-4 rad off).
//! - The search direction is the solver's (`Space::search`): in the plane
//!   an edge's perpendicular built from its two supports, as Box2D does
//!   (exact in the data; `−v` would tilt by `v`'s rounding, which an `f32`
//!   support scan over a shape 1e6 long turns into a wrong vertex), in
//!   space `−v`.
//! - Stop tests are relative to the supports' size, never absolute:
//!   overlap when `|v|² ≤ 1e-24 · max |w|²` over the supports found; no progress when
//!   `(w − w₀)·d̂ ≤ tol · |v|` (the new support's progress along the search
//!   direction past a simplex vertex: `|v| − v̂·w` computed as a difference
//!   of nearby points, not from `v·w`, whose rounding over a shape 1e7
//!   long exceeds a gap of 0.01) with `tol = 1e-12` for polytopes (the loop
//!   ends on a repeated vertex; the test only catches rounding cycles) and
//!   `tol = 1e-6` when a core is curved (a 2D sector's arc), where GJK only
//!   converges in the limit and more digits than the `f32` answer keeps
//!   cost iterations: the distance is then within `5e-7` relative.
//! - At most [`MAX_ITERS`] iterations; the best simplex seen is kept, so a
//!   step that rounding makes worse never spoils the answer.

use std::ops::{Add, ControlFlow, Mul, Neg, Sub};

mod cast;
pub(crate) use cast::{cast, Cast, TOUCH};

/// Iterations before the loop gives up and keeps its best simplex.
pub(crate) const MAX_ITERS: usize = 64;

/// Relative progress below which a polytope pair stops (see the module doc).
const POLYTOPE_PROGRESS: f64 = 1e-12;
/// Relative progress below which a pair with a curved core stops.
const CURVED_PROGRESS: f64 = 1e-6;
/// `|v|² ≤ OVERLAP · max |w|²`: the origin is on the simplex.
const OVERLAP: f64 = 1e-24;

/// An `f64` vector of one dimension with its simplex solver (implemented
/// beside each dimension's geometry: `geom` for `DVec2`, `geom3d` for
/// `DVec3`).
pub(crate) trait Space:
    Copy
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Mul<f64, Output = Self>
{
    /// The zero vector.
    const ZERO: Self;
    /// The first search direction when the shapes' centres coincide.
    const AXIS: Self;
    /// Dot product.
    fn dot(self, o: Self) -> f64;
    /// The direction to search next from the solved simplex `s` (towards
    /// the origin, any length).
    fn search(s: &Simplex<Self>) -> Self;
    /// Reduces `s` to the smallest sub-simplex holding its point nearest
    /// the origin, sets the weights and that point; true when the simplex
    /// is full (one more vertex than the dimension) and holds the origin.
    fn solve(s: &mut Simplex<Self>) -> bool;
}

/// One simplex vertex: a support point of `B − A` and its parts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Vertex<V> {
    /// Support point on A (against the direction).
    pub a: V,
    /// Support point on B (along the direction).
    pub b: V,
    /// `b − a`.
    pub w: V,
}

impl<V: Space> Vertex<V> {
    /// The vertex of the support points `a` of A and `b` of B.
    #[inline(always)]
    pub fn new(a: V, b: V) -> Self {
        Vertex { a, b, w: b - a }
    }
}

/// What the loop needs of a pair of convex shapes.
pub(crate) trait Support<V> {
    /// The support point of `B − A` along `d`: A's point furthest along
    /// `−d`, B's furthest along `d` (the first on a tie).
    fn support(&self, d: V) -> Vertex<V>;
    /// B's centre minus A's centre (any points inside), to aim the first
    /// search; zero is allowed.
    fn first_direction(&self) -> V;
    /// True when a core's boundary is curved (see the precision policy).
    fn curved(&self) -> bool;
}

/// A simplex of up to four vertices with the barycentric weights of its
/// point nearest the origin.
#[derive(Clone, Copy)]
pub(crate) struct Simplex<V> {
    v: [Vertex<V>; 4],
    l: [f64; 4],
    n: usize,
    /// The point nearest the origin, as the solver projected it.
    p: V,
}

impl<V: Space> Simplex<V> {
    /// A simplex of the one vertex `first`.
    pub fn new(first: Vertex<V>) -> Self {
        Simplex {
            v: [first; 4],
            l: [1.0, 0.0, 0.0, 0.0],
            n: 1,
            p: first.w,
        }
    }
    /// The vertices.
    #[inline]
    pub fn vertices(&self) -> &[Vertex<V>] {
        &self.v[..self.n]
    }
    /// The weights of the vertices' point nearest the origin.
    #[inline]
    pub fn weights(&self) -> &[f64] {
        &self.l[..self.n]
    }
    /// The simplex's point nearest the origin (`B − A`).
    #[inline]
    pub fn point(&self) -> V {
        self.p
    }
    /// Keeps the vertices `keep` (indices into the current ones) with the
    /// weights `l` and the projected point `p`.
    #[inline(always)]
    pub fn keep(&mut self, keep: &[usize], l: &[f64], p: V) {
        if keep.windows(2).all(|x| x[0] < x[1]) {
            // Ascending: each source is at or after its slot, and no later
            // source is overwritten before it is read (no copy of the array).
            for (k, (&i, &w)) in keep.iter().zip(l).enumerate() {
                self.v[k] = self.v[i];
                self.l[k] = w;
            }
        } else {
            let old = self.v;
            for (k, (&i, &w)) in keep.iter().zip(l).enumerate() {
                self.v[k] = old[i];
                self.l[k] = w;
            }
        }
        self.n = keep.len();
        self.p = p;
    }
    /// Sets the weights of all vertices and the projected point.
    pub fn set_weights(&mut self, l: &[f64], p: V) {
        self.l[..l.len()].copy_from_slice(l);
        self.p = p;
    }
    /// Adds the vertex `w` (weight 0) after the others.
    pub(crate) fn push(&mut self, w: Vertex<V>) {
        self.v[self.n] = w;
        self.l[self.n] = 0.0;
        self.n += 1;
    }
    /// The weighted support points on A and on B.
    #[inline(always)]
    fn witnesses(&self) -> (V, V) {
        let mut a = V::ZERO;
        let mut b = V::ZERO;
        for (x, &l) in self.vertices().iter().zip(self.weights()) {
            a = a + x.a * l;
            b = b + x.b * l;
        }
        (a, b)
    }
}

/// The nearest point to the origin on the segment of the first two
/// vertices (Ericson 5.1.2), for every dimension's solver.
#[inline(always)]
pub(crate) fn solve_segment<V: Space>(s: &mut Simplex<V>) {
    let (a, b) = (s.v[0].w, s.v[1].w);
    let ab = b - a;
    let den = ab.dot(ab);
    let t = if den > 0.0 { -a.dot(ab) / den } else { 0.0 };
    if t <= 0.0 {
        s.keep(&[0], &[1.0], a);
    } else if t >= 1.0 {
        s.keep(&[1], &[1.0], b);
    } else {
        s.keep(&[0, 1], &[1.0 - t, t], a + ab * t);
    }
}

/// Is told each iteration; may end the search (an early decision).
pub(crate) trait Observer<V> {
    /// The first vertex, before any iteration: the support of `B − A`
    /// along `−d0`, `d0` the first direction (the centres' offset).
    fn start(&mut self, _first: &Vertex<V>, _d0: V) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// The solved simplex (nearer the origin than any before), the search
    /// direction `d` and the support point `w` found along it, before the
    /// stop tests.
    fn step(&mut self, _simplex: &Simplex<V>, _d: V, _w: &Vertex<V>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<V> Observer<V> for () {}

/// What the loop ended with (its last simplex is left in the caller's).
pub(crate) struct Outcome<V> {
    /// The origin lies on or in the simplex: the sets overlap.
    pub overlap: bool,
    /// The best simplex's point nearest the origin and its witnesses on A
    /// and B (kept instead of a copy of the simplex each iteration).
    best: (V, V, V),
}

/// Closest points of two sets, relative to the frame the supports are in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Closest<V> {
    /// Closest point on A; when they overlap, a point of both.
    pub a: V,
    /// Closest point on B (the weighted witnesses: a vertex of the data
    /// stays exactly that vertex).
    pub b: V,
    /// `|v|`; 0 when they overlap.
    pub distance: f64,
    /// `v / |v|`, from A to B; zero when they overlap.
    pub normal: V,
}

impl<V: Space> Outcome<V> {
    /// The closest points, the distance and the direction (see the
    /// precision policy).
    pub fn closest(&self) -> Closest<V> {
        let (v, a, b) = self.best;
        let d = v.dot(v).sqrt();
        if self.overlap || d == 0.0 {
            return Closest {
                a,
                b: a,
                distance: 0.0,
                normal: V::ZERO,
            };
        }
        Closest {
            a,
            b,
            distance: d,
            normal: v * (1.0 / d),
        }
    }
}

/// GJK on `shapes` (see the module doc), telling `obs` each iteration;
/// leaves its last simplex in `s` (the one holding the origin when they
/// overlap; its old content is not read).
#[inline(always)]
pub(crate) fn gjk<V: Space, S: Support<V>, O: Observer<V>>(
    shapes: &S,
    obs: &mut O,
    s: &mut Simplex<V>,
) -> Outcome<V> {
    let tol = if shapes.curved() {
        CURVED_PROGRESS
    } else {
        POLYTOPE_PROGRESS
    };
    let mut d0 = shapes.first_direction();
    if d0.dot(d0) == 0.0 {
        d0 = V::AXIS;
    }
    let first = shapes.support(-d0);
    s.v[0] = first;
    s.l[0] = 1.0;
    s.n = 1;
    s.p = first.w;
    let mut best = (s.p, first.a, first.b);
    if obs.start(&first, d0).is_break() {
        return Outcome {
            overlap: false,
            best,
        };
    }
    let mut best_d2 = f64::INFINITY;
    // The largest |w|² of the supports so far, each measured once when
    // found (not the simplex's every iteration), for the relative zero test.
    let mut scale2 = first.w.dot(first.w).max(1e-30);
    for _ in 0..MAX_ITERS {
        let enclosed = V::solve(s);
        let v = s.point();
        let vv = v.dot(v);
        if enclosed || vv <= OVERLAP * scale2 {
            let (a, b) = s.witnesses();
            return Outcome {
                overlap: true,
                best: (V::ZERO, a, b),
            };
        }
        if vv >= best_d2 {
            // No progress (rounding): keep the best point seen.
            break;
        }
        let (a, b) = s.witnesses();
        best = (v, a, b);
        best_d2 = vv;
        let d = V::search(s);
        let w = shapes.support(d);
        // The progress along `d` from a simplex vertex, `(w − w₀)·d̂`
        // (`|v| − v̂·w` when d = −v), against `tol · |v|`: the difference
        // first, since `v`'s own rounding (its weights' error times the
        // vertices' size) times `|w|` can exceed the progress.
        let progress = (w.w - s.v[0].w).dot(d);
        if obs.step(s, d, &w).is_break()
            || progress <= 0.0
            || progress * progress <= tol * tol * vv * d.dot(d)
            || s.vertices().iter().any(|x| x.w == w.w)
        {
            break;
        }
        scale2 = scale2.max(w.w.dot(w.w));
        s.push(w);
    }
    Outcome {
        overlap: false,
        best,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use glam::{DVec2, DVec3};

    /// [`gjk`] with a fresh simplex.
    fn run<V: Space, S: Support<V>, O: Observer<V>>(shapes: &S, obs: &mut O) -> Outcome<V> {
        let first = shapes.support(V::AXIS);
        gjk(shapes, obs, &mut Simplex::new(first))
    }

    /// Two vertex sets (A's and B's), their supports by a scan.
    pub(super) struct Sets<V>(pub Vec<V>, pub Vec<V>);

    fn furthest<V: Space>(pts: &[V], d: V) -> V {
        let mut best = pts[0];
        for &p in &pts[1..] {
            if p.dot(d) > best.dot(d) {
                best = p;
            }
        }
        best
    }

    impl<V: Space> Support<V> for Sets<V> {
        fn support(&self, d: V) -> Vertex<V> {
            Vertex::new(furthest(&self.0, -d), furthest(&self.1, d))
        }
        fn first_direction(&self) -> V {
            self.1[0] - self.0[0]
        }
        fn curved(&self) -> bool {
            false
        }
    }

    /// A disc (A) and a point (B): the only curved support here.
    struct DiscPoint(DVec2, f64, DVec2);

    impl Support<DVec2> for DiscPoint {
        fn support(&self, d: DVec2) -> Vertex<DVec2> {
            Vertex::new(self.0 - d.normalize() * self.1, self.2)
        }
        fn first_direction(&self) -> DVec2 {
            self.2 - self.0
        }
        fn curved(&self) -> bool {
            true
        }
    }

    #[derive(Default)]
    struct Count(usize);

    impl<V> Observer<V> for Count {
        fn step(&mut self, _: &Simplex<V>, _: V, _: &Vertex<V>) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
    }

    pub(super) fn square(c: DVec2) -> Vec<DVec2> {
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| c + DVec2::new(x, y))
            .to_vec()
    }

    pub(super) fn cube(c: DVec3) -> Vec<DVec3> {
        (0..8)
            .map(|i| {
                let s = |b: i32| if i & b == 0 { -1.0 } else { 1.0 };
                c + DVec3::new(s(1), s(2), s(4))
            })
            .collect()
    }

    #[test]
    fn one_loop_gives_both_dimensions_the_same_gap() {
        // Squares and cubes of half-size 1, B 3 along x: the gap is 1 in both,
        // with B's nearest face at x = 2 and A's at x = 1.
        let flat = run(
            &Sets(square(DVec2::ZERO), square(DVec2::new(3.0, 0.5))),
            &mut (),
        );
        let c2 = flat.closest();
        let solid = run(
            &Sets(cube(DVec3::ZERO), cube(DVec3::new(3.0, 0.5, -0.25))),
            &mut (),
        );
        let c3 = solid.closest();
        assert!(!flat.overlap && !solid.overlap);
        assert!((c2.distance - 1.0).abs() < 1e-12, "{}", c2.distance);
        assert!((c3.distance - 1.0).abs() < 1e-12, "{}", c3.distance);
        assert!((c2.normal - DVec2::X).length() < 1e-12);
        assert!((c3.normal - DVec3::X).length() < 1e-12);
        assert!((c2.a.x - 1.0).abs() < 1e-12 && (c2.b.x - 2.0).abs() < 1e-12);
        assert!((c3.a.x - 1.0).abs() < 1e-12 && (c3.b.x - 2.0).abs() < 1e-12);
    }

    #[test]
    fn overlap_is_found_and_the_point_is_shared() {
        let out = run(
            &Sets(square(DVec2::ZERO), square(DVec2::new(1.5, 0.3))),
            &mut (),
        );
        assert!(out.overlap);
        let c = out.closest();
        assert_eq!(c.distance, 0.0);
        // A point of both squares.
        assert!(c.a.x.abs() <= 1.0 + 1e-12 && c.a.y.abs() <= 1.0 + 1e-12);
        assert!((c.a.x - 1.5).abs() <= 1.0 + 1e-12 && (c.a.y - 0.3).abs() <= 1.0 + 1e-12);
        let out = run(
            &Sets(cube(DVec3::ZERO), cube(DVec3::new(1.5, 0.3, 1.9))),
            &mut (),
        );
        assert!(out.overlap);
    }

    #[test]
    fn a_long_thin_pair_keeps_its_small_gap() {
        // A box 1e6 long and 1 high, B a square 0.3 above it: the weighted
        // witnesses would cancel 1e6 components; the projected point does not.
        let long = [(-1e6, -0.5), (1e6, -0.5), (1e6, 0.5), (-1e6, 0.5)]
            .map(|(x, y)| DVec2::new(x, y))
            .to_vec();
        let small: Vec<DVec2> = square(DVec2::new(123_456.7, 1.8))
            .iter()
            .map(|p| (*p - DVec2::new(123_456.7, 1.8)) * 0.5 + DVec2::new(123_456.7, 1.3))
            .collect();
        let c = run(&Sets(long, small), &mut ()).closest();
        assert!((c.distance - 0.3).abs() < 1e-9, "{}", c.distance);
        assert!((c.normal - DVec2::Y).length() < 1e-9);
    }

    #[test]
    fn a_curved_pair_stops_at_f32_resolution() {
        // A unit disc at the origin and a point 4 away: the gap is 3.
        let mut n = Count::default();
        let c = run(&DiscPoint(DVec2::ZERO, 1.0, DVec2::new(2.4, 3.2)), &mut n).closest();
        assert!((c.distance - 3.0).abs() <= 3.0 * 5e-7, "{}", c.distance);
        assert!(n.0 >= 1 && n.0 < MAX_ITERS, "{} iterations", n.0);
    }
}
