//! GJK distance between the cores of two convex pieces: the plane's side
//! of the one GJK loop, [`crate::common::gjk`] (its precision policy
//! applies).
//!
//! The plane's simplex solver follows Box2D's `b2Distance` (Erin Catto,
//! "Computing distance", GDC 2010): a segment's nearest point by its
//! projection, a triangle's by the signs of its barycentric
//! sub-determinants (`Solve3`). The pieces' supports are `f32`, turned into
//! `f64` exactly; an arc (a sector) makes the loop stop at `f32` resolution.
//! The recorder sees every iteration in `f32`; `()` records nothing.

use super::trace::{GjkRecorder, GjkStep};
use crate::common::gjk::{self, solve_segment, Observer, Simplex, Space, Support, Vertex};
use crate::geom::pose::unrotate;
use crate::geom::query::outline::Outline;
use crate::geom::query::piece::{first_max_convex, Geom, Piece, Verts};
use crate::geom::Vec2;
use glam::DVec2;
use std::ops::ControlFlow;

/// Closest points of the two cores (radii excluded), relative to the frame origin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CoreDistance {
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// `|point_b - point_a|`; 0 when the cores overlap.
    pub distance: f32,
    /// Unit direction from `point_a` to `point_b`, solved in f64 before the
    /// points are rounded to f32 (their rounding over a small distance would
    /// tilt it); zero when the cores overlap.
    pub normal: Vec2,
}

/// What GJK needs of a convex core: its support point and a point inside.
pub(crate) trait Core {
    /// The core's point furthest along `d` (the first on a tie).
    fn support(&self, d: Vec2) -> Vec2;
    /// A point inside the core, to aim the first search.
    fn inner(&self) -> Vec2;
    /// True when the core's boundary is curved (a sector's arc).
    fn curved(&self) -> bool;
}

impl Core for Piece<'_> {
    #[inline]
    fn support(&self, d: Vec2) -> Vec2 {
        self.core_support(d)
    }
    fn inner(&self) -> Vec2 {
        centre(self)
    }
    fn curved(&self) -> bool {
        match self.geom {
            Geom::Sector { .. } => true,
            Geom::Hull { .. } | Geom::Line { .. } | Geom::Ray { .. } => false,
        }
    }
}

/// A box or polygon in A's frame: its stored vertices read as they are,
/// the direction turned into its frame instead (one rotation a call), the
/// vertex found by climbing from the last call's.
impl Core for Outline<'_> {
    #[inline(always)]
    fn support(&self, d: Vec2) -> Vec2 {
        let i = first_max_convex(self.verts, unrotate(self.rot, d), self.hint.get());
        self.hint.set(i);
        self.vertex(i)
    }
    fn inner(&self) -> Vec2 {
        self.at
    }
    fn curved(&self) -> bool {
        false
    }
}

/// A box or polygon in its own frame (A's outline: at the origin,
/// unrotated): its stored vertices as they are, no rotation either way.
pub(crate) struct Local<'o, 'a>(pub &'o Outline<'a>);

impl Core for Local<'_, '_> {
    #[inline(always)]
    fn support(&self, d: Vec2) -> Vec2 {
        let o = self.0;
        let i = first_max_convex(o.verts, d, o.hint.get());
        o.hint.set(i);
        o.verts[i]
    }
    fn inner(&self) -> Vec2 {
        Vec2::ZERO
    }
    fn curved(&self) -> bool {
        false
    }
}

/// Two cores as the generic loop sees them: `B − A` in f64.
pub(crate) struct Pair<'p, A, B>(pub &'p A, pub &'p B);

impl<A: Core, B: Core> Support<DVec2> for Pair<'_, A, B> {
    #[inline(always)]
    fn support(&self, d: DVec2) -> Vertex<DVec2> {
        let d = d.as_vec2();
        Vertex::new(self.0.support(-d).as_dvec2(), self.1.support(d).as_dvec2())
    }
    fn first_direction(&self) -> DVec2 {
        (self.1.inner() - self.0.inner()).as_dvec2()
    }
    fn curved(&self) -> bool {
        self.0.curved() || self.1.curved()
    }
}

/// The plane's simplex solver: segment, and Box2D's triangle (`Solve3`).
impl Space for DVec2 {
    const ZERO: Self = DVec2::ZERO;
    const AXIS: Self = DVec2::X;
    #[inline]
    fn dot(self, o: Self) -> f64 {
        DVec2::dot(self, o)
    }
    /// Box2D's: `−w` from one vertex, else the edge's perpendicular
    /// towards the origin.
    #[inline(always)]
    fn search(s: &Simplex<Self>) -> Self {
        match s.vertices() {
            [a, b, ..] => {
                let e = b.w - a.w;
                if e.perp_dot(-a.w) > 0.0 {
                    e.perp()
                } else {
                    -e.perp()
                }
            }
            [a] => -a.w,
            [] => -s.point(),
        }
    }
    #[inline(always)]
    fn solve(s: &mut Simplex<Self>) -> bool {
        match s.vertices().len() {
            1 => false,
            2 => {
                solve_segment(s);
                false
            }
            _ => solve_triangle(s),
        }
    }
}

/// Passes each iteration to a [`GjkRecorder`], in f32.
struct Record<'r, R>(&'r mut R);

impl<R: GjkRecorder> Observer<DVec2> for Record<'_, R> {
    fn step(&mut self, s: &Simplex<DVec2>, d: DVec2, w: &Vertex<DVec2>) -> ControlFlow<()> {
        let v = s.vertices();
        let p = s.point().as_vec2();
        self.0.step(GjkStep {
            simplex: std::array::from_fn(|i| v.get(i).map_or(Vec2::ZERO, |x| x.w.as_vec2())),
            count: v.len(),
            closest: p,
            direction: d.as_vec2(),
            support_a: w.a.as_vec2(),
            support_b: w.b.as_vec2(),
        });
        ControlFlow::Continue(())
    }
}

/// GJK on the cores of two bounded pieces.
#[inline(always)]
pub(crate) fn gjk<A: Core, B: Core>(a: &A, b: &B) -> CoreDistance {
    let mut s = Simplex::new(Vertex::new(DVec2::ZERO, DVec2::ZERO));
    gjk_into(a, b, &mut (), &mut s)
}

/// [`gjk()`] telling `rec` each iteration (relative to the frame origin), and
/// the final simplex (three vertices when the cores overlap).
pub(crate) fn gjk_with<A: Core, B: Core, R: GjkRecorder>(
    a: &A,
    b: &B,
    rec: &mut R,
) -> (CoreDistance, Simplex<DVec2>) {
    let mut s = Simplex::new(Vertex::new(DVec2::ZERO, DVec2::ZERO));
    let core = gjk_into(a, b, rec, &mut s);
    (core, s)
}

/// [`gjk_with`] leaving the final simplex in `s` (its old content is not
/// read): [`gjk()`] then returns no copy of it.
#[inline(always)]
fn gjk_into<A: Core, B: Core, R: GjkRecorder>(
    a: &A,
    b: &B,
    rec: &mut R,
    s: &mut Simplex<DVec2>,
) -> CoreDistance {
    let out = gjk::gjk(&Pair(a, b), &mut Record(rec), s);
    let c = out.closest();
    CoreDistance {
        point_a: c.a.as_vec2(),
        point_b: c.b.as_vec2(),
        distance: c.distance as f32,
        normal: c.normal.as_vec2(),
    }
}

/// Box2D's `Solve3`: the nearest point to the origin on the triangle of
/// the three vertices, by the signs of its barycentric sub-determinants;
/// true when the origin is inside.
fn solve_triangle(s: &mut Simplex<DVec2>) -> bool {
    let v = s.vertices();
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
    // The edge from vertex i to vertex j with the sub-determinants (d1, d2):
    // the point at t = d2 / (d1 + d2) from w_i.
    let edge = |s: &mut Simplex<DVec2>, i: usize, j: usize, d1: f64, d2: f64| {
        let t = d2 / (d1 + d2);
        let (wi, wj) = (s.vertices()[i].w, s.vertices()[j].w);
        s.keep(&[i, j], &[1.0 - t, t], wi + (wj - wi) * t);
        false
    };
    if d12_2 <= 0.0 && d13_2 <= 0.0 {
        s.keep(&[0], &[1.0], w1);
        return false;
    }
    if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
        return edge(s, 0, 1, d12_1, d12_2);
    }
    if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
        return edge(s, 0, 2, d13_1, d13_2);
    }
    if d12_1 <= 0.0 && d23_2 <= 0.0 {
        s.keep(&[1], &[1.0], w2);
        return false;
    }
    if d13_1 <= 0.0 && d23_1 <= 0.0 {
        s.keep(&[2], &[1.0], w3);
        return false;
    }
    if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
        return edge(s, 1, 2, d23_1, d23_2);
    }
    let inv = 1.0 / (d123_1 + d123_2 + d123_3);
    s.set_weights(&[d123_1 * inv, d123_2 * inv, d123_3 * inv], DVec2::ZERO);
    true
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
