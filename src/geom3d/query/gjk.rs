//! GJK distance between the polytope cores of two bounded pieces: space's
//! side of the one GJK loop, [`crate::common::gjk`] (its precision policy
//! applies).
//!
//! The space's simplex solver keeps the smallest sub-simplex holding the
//! point nearest the origin (Ericson, *Real-Time Collision Detection*,
//! 5.1.2 segment, 5.1.5 triangle with its regions tested by planes,
//! 5.1.6 tetrahedron). Cores are polytopes, so the supports come from a
//! finite set and the loop ends on a repeated vertex; the supports are
//! computed in `f64` from the `f32` data, each piece prepared once per
//! query ([`Pair::new`]: its data converted once, not at every support).
//! The loop is a chain of dependent steps, so its time is latency: the
//! solver is inlined into it (PERFORMANCE.md, "3D won back"). `gjk` also
//! stops at the first vertex when it proves the cores overlap
//! ([`FirstInside`]), instead of enclosing the origin.

use crate::common::gjk::{self, solve_segment, Observer, Simplex, Space, Support, Vertex};
use crate::geom3d::query::piece::{Core, Piece, Supports};
use crate::geom3d::query::segment::{nearest_on_triangle_with_normal, TriangleFeature};
use glam::{DVec3, Vec3};
use std::ops::ControlFlow;

/// How far GJK's `f64` distance of two cores may be from the exact
/// distance of their `f32` data, per unit of the pieces' magnitude `M`
/// (their reach from the frame origin): the loop's `1e-12` relative stop
/// on polytopes and its solver's rounding near parallel edges (`2e-16 /
/// sin`, `4e-11 · M` at 5e-6 rad), with room. A closed form that decides
/// the same verdict as `distance` leaves every number within this of the
/// tolerance to GJK (`classic/obb_obb.rs`, `intersect.rs`).
pub(crate) const GJK_ALLOWANCE: f64 = 1e-9;

/// The rounding bound of a quantity a closed form forms in `f64` from the
/// `f32` data (a gap's numerator, a clamped point's distance), per unit of
/// magnitude: `32 ε₆₄`.
pub(crate) const F64_BOUND: f64 = 32.0 * f64::EPSILON;

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

impl CoreDistance {
    /// Overlapping cores sharing the point `x`.
    #[inline]
    pub fn shared(x: Vec3) -> Self {
        CoreDistance {
            point_a: x,
            point_b: x,
            distance: 0.0,
            normal: Vec3::ZERO,
        }
    }
}

/// Two pieces as the generic loop sees them: `B − A`, each core prepared
/// once for the query's many supports ([`Piece::supports`]).
pub(crate) struct Pair<'a> {
    a: Supports<'a>,
    b: Supports<'a>,
    /// B's centre minus A's.
    first: DVec3,
}

impl<'a> Pair<'a> {
    /// The pair of `pa` (A) and `pb` (B) for their distance and verdict:
    /// a segment much longer than the other piece's reach along it cut
    /// to that reach ([`cut_to_reach`]), the same distance.
    #[inline(always)]
    pub fn new(pa: &'a Piece, pb: &'a Piece) -> Self {
        let segment = |p: &Piece| matches!(p.core, Core::Segment(..));
        if segment(pa) || segment(pb) {
            Pair::whole(pa, pb).cut(pa, pb)
        } else {
            Pair::whole(pa, pb)
        }
    }

    /// [`Pair::new`]'s cut, out of line (pairs without a segment never
    /// reach it).
    #[cold]
    #[inline(never)]
    fn cut(self, pa: &Piece, pb: &Piece) -> Self {
        match (cut_to_reach(self.a, &self.b), cut_to_reach(self.b, &self.a)) {
            (None, None) => self,
            (a, b) => {
                let centre = |cut: Option<Supports<'a>>, p: &Piece| match cut {
                    Some(Supports::Segment(x, y)) => (x + y) * 0.5,
                    _ => p.centre().as_dvec3(),
                };
                Pair {
                    first: centre(b, pb) - centre(a, pa),
                    a: a.unwrap_or(self.a),
                    b: b.unwrap_or(self.b),
                }
            }
        }
    }

    /// The pair of `pa` (A) and `pb` (B) whole, for what a cut segment
    /// would change: EPA's depth (a segment pushed out lengthwise) and
    /// casts (a segment that moves).
    #[inline]
    pub fn whole(pa: &'a Piece, pb: &'a Piece) -> Self {
        Pair {
            a: pa.supports(),
            b: pb.supports(),
            first: (pb.centre() - pa.centre()).as_dvec3(),
        }
    }
}

/// A segment `s` cut to the part that can hold its nearest point to
/// `other` or a point of both: the other's range along the segment's
/// direction `u` (its supports along `±u`, exact points of it), widened by
/// that range's length and a hair on each side, clamped to the segment.
/// The nearest point lies in that range (beyond it, every point of the
/// segment is farther from every point of the other, along `u` and the
/// same across), so the distance is the same; GJK's loop on the whole
/// needle of a Minkowski difference (a segment a million long against a
/// box of 1) crawls, each support a far end, and stopped at 0.156 where
/// the two overlap. `None` (the segment whole) for a segment less than
/// 64 times the other's size ([`Supports::size`]: its supports are not
/// asked then) or when the cut would keep a quarter of it or more, so
/// that pieces of like sizes are untouched.
fn cut_to_reach<'a>(s: Supports<'a>, other: &Supports) -> Option<Supports<'a>> {
    let Supports::Segment(p, q) = s else {
        return None;
    };
    let l = (q - p).length();
    if !(l > 64.0 * other.size() && l.is_finite()) {
        return None;
    }
    let u = (q - p) / l;
    let (hi, lo) = (other.support(u).dot(u), other.support(-u).dot(u));
    let at = p.dot(u);
    let pad = (hi - lo) + 1e-9 * (hi.abs() + lo.abs() + at.abs() + l);
    let t0 = (lo - at - pad).clamp(0.0, l);
    let t1 = (hi - at + pad).clamp(0.0, l);
    (t1 - t0 < 0.25 * l).then(|| Supports::Segment(p + u * t0, p + u * t1))
}

impl Support<DVec3> for Pair<'_> {
    #[inline]
    fn support(&self, d: DVec3) -> Vertex<DVec3> {
        Vertex::new(self.a.support(-d), self.b.support(d))
    }
    fn first_direction(&self) -> DVec3 {
        self.first
    }
    fn curved(&self) -> bool {
        false
    }
}

/// Space's simplex solver: segment, triangle, tetrahedron.
impl Space for DVec3 {
    const ZERO: Self = DVec3::ZERO;
    const AXIS: Self = DVec3::X;
    #[inline]
    fn dot(self, o: Self) -> f64 {
        DVec3::dot(self, o)
    }
    fn search(s: &Simplex<Self>) -> Self {
        -s.point()
    }
    #[inline(always)]
    fn solve(s: &mut Simplex<Self>) -> bool {
        let v = s.vertices();
        match v.len() {
            1 => false,
            2 => {
                solve_segment(s);
                false
            }
            3 => {
                let sub = triangle(v[0].w, v[1].w, v[2].w, [0, 1, 2]);
                keep_sub(s, &sub);
                false
            }
            _ => tetrahedron(s),
        }
    }
}

/// GJK on the cores of two bounded pieces (see the module doc); overlap
/// is also taken from the first vertex ([`FirstInside`]).
pub(crate) fn gjk(pa: &Piece, pb: &Piece) -> CoreDistance {
    let mut first = FirstInside::new(pa, pb);
    let out = run(&Pair::new(pa, pb), &mut first);
    match first.shared {
        Some(x) => CoreDistance::shared(x.as_vec3()),
        None => core_distance(&out),
    }
}

/// GJK's first vertex pairs A's point furthest towards B's centre with
/// B's furthest towards A's. When the cores overlap, one of the two lies
/// inside the other core more often than not (628 of 1,066 overlapping
/// pairs of held-out-style hulls): [`Piece::deep_inside`] then proves the
/// overlap with a point of both, and the loop stops before its first
/// iteration instead of enclosing the origin. Not asked when the two
/// points are apart along the first direction (then the cores are too).
pub(crate) struct FirstInside<'p> {
    pa: &'p Piece<'p>,
    pb: &'p Piece<'p>,
    /// The point of both, when found.
    pub shared: Option<DVec3>,
}

impl<'p> FirstInside<'p> {
    pub fn new(pa: &'p Piece<'p>, pb: &'p Piece<'p>) -> Self {
        FirstInside {
            pa,
            pb,
            shared: None,
        }
    }
}

impl Observer<DVec3> for FirstInside<'_> {
    fn start(&mut self, first: &Vertex<DVec3>, d0: DVec3) -> ControlFlow<()> {
        if first.w.dot(d0) > 0.0 {
            return ControlFlow::Continue(());
        }
        self.shared = if self.pa.deep_inside(first.b) {
            Some(first.b)
        } else if self.pb.deep_inside(first.a) {
            Some(first.a)
        } else {
            None
        };
        match self.shared {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    }
}

/// Whether [`FirstInside`] answers for the two pieces (for the benches'
/// counts of which path decided).
pub(crate) fn first_vertex_inside(pa: &Piece, pb: &Piece) -> bool {
    let mut first = FirstInside::new(pa, pb);
    run(&Pair::new(pa, pb), &mut first);
    first.shared.is_some()
}

/// The generic loop with a simplex of its own.
fn run<O: Observer<DVec3>>(pair: &Pair, obs: &mut O) -> gjk::Outcome<DVec3> {
    run_simplex(pair, obs).0
}

/// The generic loop, with the simplex it ended with (the one holding the
/// origin when the cores overlap: EPA's seed).
pub(crate) fn run_simplex<O: Observer<DVec3>>(
    pair: &Pair,
    obs: &mut O,
) -> (gjk::Outcome<DVec3>, Simplex<DVec3>) {
    let mut s = Simplex::new(Vertex::new(DVec3::ZERO, DVec3::ZERO));
    let out = gjk::gjk(pair, obs, &mut s);
    (out, s)
}

/// GJK on the cores, stopping as soon as a lower bound of their distance
/// exceeds `reach` by a few units of f32 rounding: `None` then (they are
/// further apart than `reach`, as [`gjk_within`] decides it), else the
/// outcome and the last simplex. `obs` is told every iteration.
pub(crate) fn gjk_unless_beyond<O: Observer<DVec3>>(
    pa: &Piece,
    pb: &Piece,
    reach: f32,
    obs: &mut O,
) -> Option<(gjk::Outcome<DVec3>, Simplex<DVec3>)> {
    let mut within = Within::around(reach, pa.scan_slack() + pb.scan_slack());
    // Only the upper test: the caller needs the distance when they are near.
    within.inner = f64::NEG_INFINITY;
    let (out, s) = run_simplex(&Pair::new(pa, pb), &mut Both(obs, &mut within));
    (within.hit != Some(false)).then_some((out, s))
}

/// Two observers: the first is told, then the second may stop the loop.
struct Both<'x, A, B>(&'x mut A, &'x mut B);

impl<A: Observer<DVec3>, B: Observer<DVec3>> Observer<DVec3> for Both<'_, A, B> {
    fn start(&mut self, first: &Vertex<DVec3>, d0: DVec3) -> ControlFlow<()> {
        self.0.start(first, d0)?;
        self.1.start(first, d0)
    }
    fn step(&mut self, s: &Simplex<DVec3>, d: DVec3, w: &Vertex<DVec3>) -> ControlFlow<()> {
        self.0.step(s, d, w)?;
        self.1.step(s, d, w)
    }
}

pub(crate) fn core_distance(out: &gjk::Outcome<DVec3>) -> CoreDistance {
    let c = out.closest();
    CoreDistance {
        point_a: c.a.as_vec3(),
        point_b: c.b.as_vec3(),
        distance: c.distance as f32,
        normal: c.normal.as_vec3(),
    }
}

/// The early exits of [`gjk_within`]: each step bounds the distance from
/// both sides, `|v| ≥ d ≥ v̂·w`; before the first, the first vertex `w₀`
/// (the support of `B − A` along `−d₀`) bounds it from below along the
/// first direction, `d ≥ d̂₀·w₀`: pairs apart along the centres' line end
/// there, one support a side (69 of 512 held-out-style hull pairs, which
/// took one to three steps before).
struct Within {
    inner: f64,
    outer: f64,
    hit: Option<bool>,
}

impl Within {
    /// Bounds that decide only when they clear `reach` by a few units of
    /// f32 rounding; the lower bound `v̂·w` also by `slack`, how far the
    /// supports may lie below the true ones ([`Piece::scan_slack`]: a
    /// support short of the maximum makes `v̂·w` too large).
    fn around(reach: f32, slack: f64) -> Self {
        let reach = f64::from(reach);
        let band = 8.0 * f64::from(f32::EPSILON) * reach.max(1.0);
        Within {
            inner: reach - band,
            outer: reach + band + slack,
            hit: None,
        }
    }
}

impl Observer<DVec3> for Within {
    fn start(&mut self, first: &Vertex<DVec3>, d0: DVec3) -> ControlFlow<()> {
        // `d̂₀·w₀ > outer`, squared (no root).
        let wd = first.w.dot(d0);
        if wd > 0.0 && wd * wd > self.outer * self.outer * d0.length_squared() {
            self.hit = Some(false);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
    fn step(&mut self, s: &Simplex<DVec3>, _: DVec3, w: &Vertex<DVec3>) -> ControlFlow<()> {
        let v = s.point();
        let vv = v.length_squared();
        if self.inner > 0.0 && vv <= self.inner * self.inner {
            self.hit = Some(true);
        } else if v.dot(w.w) / vv.sqrt() > self.outer {
            self.hit = Some(false);
        }
        match self.hit {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    }
}

/// Whether the cores of `pa` and `pb` are at most `reach` apart: GJK
/// with early exits ([`FirstInside`] and the first vertex's bound along
/// the first direction before the first iteration). Each
/// step bounds the distance from both sides: the
/// simplex point `v` is at least as far as the sets (`|v| ≥ d`), and the
/// support point `w` in direction `−v` gives `v̂·w ≤ d`. It stops at the
/// first bound that decides, which for separated shapes is usually the
/// first or second support point. A bound decides only when it clears
/// `reach` by a few units of f32 rounding; `None` when the distance lies
/// within that hair of `reach` (there the caller decides as `distance`
/// does, so the two never disagree by rounding).
pub(crate) fn gjk_within(pa: &Piece, pb: &Piece, reach: f32) -> Option<bool> {
    let mut within = Within::around(reach, pa.scan_slack() + pb.scan_slack());
    let mut first = FirstInside::new(pa, pb);
    let out = run(&Pair::new(pa, pb), &mut Both(&mut first, &mut within));
    if first.shared.is_some() {
        return Some(true);
    }
    if within.hit.is_some() {
        return within.hit;
    }
    if out.overlap {
        return Some(true);
    }
    // Converged without a decision: the loop ran as `gjk` runs it, so its
    // distance is `distance`'s (`gjk`'s first-vertex stop only answers
    // cores that overlap by more than their rounding, where this loop
    // finds the overlap too); still none within a hair of `reach`.
    let d = f64::from(core_distance(&out).distance);
    if d < within.inner {
        Some(true)
    } else if d > within.outer {
        Some(false)
    } else {
        None
    }
}

/// A sub-simplex: vertex indices, weights, count, and its point nearest
/// the origin.
type Sub = ([usize; 3], [f64; 3], usize, DVec3);

#[inline(always)]
fn keep_sub(s: &mut Simplex<DVec3>, sub: &Sub) {
    s.keep(&sub.0[..sub.2], &sub.1[..sub.2], sub.3);
}

/// Nearest point to the origin on triangle `abc`
/// ([`nearest_on_triangle`](crate::geom3d::query::segment::nearest_on_triangle),
/// whose regions are tested with planes).
#[inline(always)]
fn triangle(a: DVec3, b: DVec3, c: DVec3, id: [usize; 3]) -> Sub {
    triangle_with_normal(a, b, c, (b - a).cross(c - a), id)
}

/// [`triangle`] with its normal `n = (b − a) × (c − a)` already formed.
#[inline(always)]
fn triangle_with_normal(a: DVec3, b: DVec3, c: DVec3, n: DVec3, id: [usize; 3]) -> Sub {
    match nearest_on_triangle_with_normal([a, b, c], n) {
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

/// Tetrahedron (Ericson 5.1.6): the origin inside keeps all four (true);
/// otherwise the nearest of the faces whose plane has the origin outside.
/// The faces through the newest vertex (3) come first: the old triangle
/// (0, 1, 2) held the previous nearest point in its interior and the new
/// vertex lies beyond it towards the origin, so it is a candidate only by
/// rounding. A face the origin is outside of whose plane's nearest point
/// falls inside it is the answer at once (the tetrahedron lies behind
/// that plane), without solving the faces left.
fn tetrahedron(s: &mut Simplex<DVec3>) -> bool {
    let v = s.vertices();
    let w = [v[0].w, v[1].w, v[2].w, v[3].w];
    const FACES: [([usize; 3], usize); 4] = [
        ([0, 1, 3], 2),
        ([0, 2, 3], 1),
        ([1, 2, 3], 0),
        ([0, 1, 2], 3),
    ];
    let mut best: Option<(f64, Sub)> = None;
    // The vertices' largest length squared, for the rounding of `sd`.
    let r2 = (w[0].length_squared().max(w[1].length_squared()))
        .max(w[2].length_squared().max(w[3].length_squared()));
    for (f, opp) in FACES {
        let (a, b, c) = (w[f[0]], w[f[1]], w[f[2]]);
        let (ab, ac) = (b - a, c - a);
        let n = ab.cross(ac);
        let sp = (-a).dot(n);
        let e = w[opp] - a;
        let sd = e.dot(n);
        // Origin on the far side of the face from the fourth vertex, or a
        // tetrahedron too flat for the sign of `sd` (then every face is a
        // candidate). `sd = e·((b − a) × (c − a))` is rounded by about
        // `ε R (|ab| + |ac|) |e|` (the differences are rounded to `ε R`,
        // `R` the vertices' largest length, and the cross product of long
        // nearly parallel edges loses all but that) and `ε |ab| |ac| |e|`:
        // on a needle two million long (a segment of a million against a
        // box) that is ~100 where `sd` is 21, and the origin, 0.1 outside,
        // was taken as inside. Flat: `|sd| ≤ 8 ε R (1.5 (ab² + ac²) + e²)`,
        // squared: three times their sum or more (`|ab|, |ac|, |e| ≤ 2R`,
        // `|n| ≤ |ab| |ac|`, `2xy ≤ x² + y²`), room for the few roundings
        // each term stands for.
        let k = 8.0
            * f64::EPSILON
            * (1.5 * (ab.length_squared() + ac.length_squared()) + e.length_squared());
        let flat = sd * sd <= k * k * r2;
        if !(flat || sp * sd < 0.0) {
            continue;
        }
        let sub = triangle_with_normal(a, b, c, n, f);
        if !flat && sub.2 == 3 {
            keep_sub(s, &sub);
            return false;
        }
        let d2 = sub.3.length_squared();
        if best.as_ref().is_none_or(|(bd, _)| d2 < *bd) {
            best = Some((d2, sub));
        }
    }
    if let Some((_, sub)) = best {
        keep_sub(s, &sub);
        return false;
    }
    // Inside: the barycentric weights of the origin.
    let vol = |p: DVec3, q: DVec3, r: DVec3, t: DVec3| (q - p).cross(r - p).dot(t - p);
    let total = vol(w[0], w[1], w[2], w[3]);
    let o = DVec3::ZERO;
    let l = [
        vol(o, w[1], w[2], w[3]) / total,
        vol(w[0], o, w[2], w[3]) / total,
        vol(w[0], w[1], o, w[3]) / total,
        vol(w[0], w[1], w[2], o) / total,
    ];
    s.set_weights(&l, DVec3::ZERO);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::test_rng::Rng;
    use crate::common::Side;
    use crate::geom3d::query::piece::piece;
    use crate::geom3d::{Hull3, Obb3, Pose3, Shape3, ShapeKind3};

    fn shape(r: &mut Rng, i: usize, size: f32, at: Vec3) -> Option<Shape3> {
        let deg = [r.f() * 360.0, r.f() * 360.0, r.f() * 360.0];
        let kind = [ShapeKind3::Hull, ShapeKind3::Obb][i % 2];
        let pose = Pose3::from_euler_deg(kind, at, deg).ok()?;
        match i % 2 {
            0 => {
                let n = 4 + (r.f() * 37.0) as usize;
                let pts: Vec<Vec3> = (0..n).map(|_| r.v(size)).collect();
                Hull3::new(pose, &pts, false).ok().map(Shape3::Hull)
            }
            _ => Obb3::new(pose, r.v(size).abs()).ok().map(Shape3::Obb),
        }
    }

    /// Pair `i` of hulls and boxes ([`shape`]) of one size from 1e-3 to 1e3,
    /// 5e3 from the origin, B up to `spread` sizes off A; and that size.
    fn pair(r: &mut Rng, i: usize, spread: f32) -> Option<(Shape3, Shape3, f32)> {
        let size = 10f32.powf(r.f() * 6.0 - 3.0);
        let at = r.v(5e3);
        let off = r.v(spread * size);
        let a = shape(r, i, size, at);
        let b = shape(r, i / 2, size, at + off);
        Some((a?, b?, size))
    }

    /// A needle of a tetrahedron (two vertices at each end of a segment
    /// a million long against a box; the stretched case of
    /// `tests/geom3d_scale.rs`) whose face (0, 2, 3) has the origin
    /// outside, exactly (in rationals: `sp = 190332`, `sd = −20.85`),
    /// where `f64` gives `sd = +105.8`. The solver must not take the
    /// origin as enclosed.
    #[test]
    fn a_needle_tetrahedron_whose_sign_rounds_away_does_not_enclose_the_origin() {
        let w = [
            DVec3::new(-906953.4949192253, -213440.06267913364, 408560.34735630656),
            DVec3::new(906954.4298624395, 213440.30073654847, -408561.04463540006),
            DVec3::new(906954.3800807747, 213440.12482086636, -408560.90264369344),
            DVec3::new(906953.2888150349, 213440.66604428124, -408560.9920961295),
        ];
        let mut s = Simplex::new(Vertex::new(DVec3::ZERO, w[0]));
        for x in &w[1..] {
            s.push(Vertex::new(DVec3::ZERO, *x));
        }
        assert!(!tetrahedron(&mut s), "enclosed");
        // The nearest face's point, not the origin: the segment and the
        // box are 0.104 apart (exact, in rationals).
        assert!(s.point().length() > 0.05, "{:?}", s.point());
    }

    /// Where the first vertex proves overlap, the loop run to the end (no
    /// observer) finds the cores overlapping too, and the shared point is
    /// a vertex of one core; where it does not, `gjk` is the plain loop's
    /// answer. Hulls and boxes, sizes 1e-3 to 1e3, 5e3 from the origin.
    #[test]
    fn the_first_vertex_inside_the_other_core_is_an_overlap() {
        let mut r = Rng(0x27_f1);
        let (mut shared, mut overlapping) = (0, 0);
        for i in 0..4000 {
            let Some((a, b, _)) = pair(&mut r, i, 1.5) else {
                continue;
            };
            let o = a.pose().position();
            let (pa, pb) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
            let plain = run(&Pair::new(&pa, &pb), &mut ());
            let mut first = FirstInside::new(&pa, &pb);
            run(&Pair::new(&pa, &pb), &mut first);
            let got = gjk(&pa, &pb);
            overlapping += usize::from(plain.overlap);
            let case = format!("pair {i}: {a:?} {b:?}");
            match first.shared {
                Some(x) => {
                    shared += 1;
                    assert!(plain.overlap, "{case}");
                    assert!(pa.deep_inside(x) || pb.deep_inside(x), "{case}");
                    assert_eq!((got.distance, got.point_a), (0.0, x.as_vec3()), "{case}");
                }
                None => {
                    let want = core_distance(&plain);
                    assert_eq!(got.distance, want.distance, "{case}");
                    assert_eq!(got.point_a, want.point_a, "{case}");
                }
            }
        }
        assert!(shared * 4 >= overlapping, "{shared} of {overlapping} found");
    }

    /// Counts the loop's steps.
    struct Steps(usize);

    impl Observer<DVec3> for Steps {
        fn step(&mut self, _: &Simplex<DVec3>, _: DVec3, _: &Vertex<DVec3>) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Continue(())
        }
    }

    /// [`Within`]'s first exit (the first vertex apart along the first
    /// direction by more than the reach) only answers pairs whose cores
    /// are farther apart than the reach, by the loop run to the end.
    /// Hulls and boxes, sizes 1e-3 to 1e3, 5e3 from the origin, reaches
    /// from the tolerance to the pieces' size.
    #[test]
    fn the_first_vertex_apart_along_the_first_direction_is_beyond_reach() {
        let mut r = Rng(0x27_f0);
        let mut at_start = 0;
        for i in 0..4000 {
            let Some((a, b, size)) = pair(&mut r, i, 3.0) else {
                continue;
            };
            let reach = if i % 2 == 0 { 1e-4 } else { r.f() * size };
            let o = a.pose().position();
            let (pa, pb) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
            let mut within = Within::around(reach, pa.scan_slack() + pb.scan_slack());
            let mut steps = Steps(0);
            run(&Pair::new(&pa, &pb), &mut Both(&mut steps, &mut within));
            if steps.0 > 0 || within.hit != Some(false) {
                continue;
            }
            at_start += 1;
            let d = run(&Pair::new(&pa, &pb), &mut ()).closest().distance;
            assert!(
                d > f64::from(reach),
                "pair {i}: {d} within {reach}: {a:?} {b:?}"
            );
        }
        assert!(at_start > 400, "{at_start} pairs answered at the start");
    }
}
