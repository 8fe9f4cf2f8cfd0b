//! GJK with its iterations, and penetration by EPA (the expanding polytope
//! algorithm, van den Bergen 2001; Box2D v2's `b2Distance` simplex as the
//! seed): the GJK triangle around the origin is grown towards the boundary
//! of the Minkowski difference B − A, always at its edge nearest the origin,
//! until the support along that edge's normal adds nothing. The nearest
//! edge's distance is then the depth of the cores; the radii add to it.
//! The loop is the one of both dimensions ([`crate::common::epa`]); the
//! plane's polytope is a polygon of edges, and widening GJK's simplex into
//! a polygon around the origin is the plane's own.

use super::gjk::{gjk_with, Pair};
use super::trace::{EpaRecorder, GjkTrace, Shifted};
use super::Distance;
use crate::common::epa::{self, EpaObserver, Facet, Grown, Polytope, Stop};
use crate::common::gjk::Vertex;
use crate::geom::query::piece::pieces;
use crate::geom::{Shape, Side, Vec2};
use glam::DVec2;

/// Penetration of two convex shapes found by EPA.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EpaPenetration {
    /// Penetration depth, world units (≥ 0).
    pub depth: f32,
    /// Unit normal from A to B: moving B by `normal * depth` separates them.
    pub normal: Vec2,
    /// EPA iterations (0 when the cores do not overlap and the depth came
    /// from the radii and the GJK distance).
    pub iterations: u32,
}

const MAX_ITERS: usize = 64;

/// The single convex piece of a bounded convex shape.
fn convex(s: &Shape) -> bool {
    s.is_bounded() && s.is_convex()
}

/// GJK between two bounded convex shapes with its iterations recorded in
/// `trace` (world coordinates), and the distance it found (radii included;
/// 0 when they overlap). `None` for unbounded or non-convex shapes. The
/// plain [`crate::geom::distance`] may answer segment pairs in closed form;
/// this always runs GJK, to show it.
pub fn gjk_traced(a: &Shape, b: &Shape, trace: &mut GjkTrace) -> Option<Distance> {
    if !(convex(a) && convex(b)) {
        return None;
    }
    let o = a.pose().position();
    let (pa, pb) = (pieces(a, Side::A, o), pieces(b, Side::B, o));
    let (p, q) = (pa.items[0].as_ref()?, pb.items[0].as_ref()?);
    let (core, _) = gjk_with(p, q, &mut Shifted { trace, o });
    let (ra, rb) = (p.radius(), q.radius());
    let d = core.distance;
    if d > ra + rb {
        let n = core.normal;
        return Some(Distance {
            distance: d - ra - rb,
            point_a: core.point_a + n * ra + o,
            point_b: core.point_b - n * rb + o,
        });
    }
    Some(Distance {
        distance: 0.0,
        point_a: core.point_a + o,
        point_b: core.point_a + o,
    })
}

/// Penetration of two bounded convex shapes by EPA; `None` when they do not
/// overlap, and for unbounded or non-convex shapes. When GJK ends with the
/// origin on its simplex's boundary rather than inside a triangle, the
/// supports on both sides of the simplex widen it into a starting polygon.
/// Where the Minkowski difference of the cores has no area around the
/// origin (a point on a segment, concentric circles) EPA has no polygon to
/// grow: the cores' depth is 0 and the normal is any perpendicular.
/// Allocates its polytope.
pub fn epa(a: &Shape, b: &Shape) -> Option<EpaPenetration> {
    epa_with(a, b, &mut ())
}

/// [`epa()`] with each iteration recorded.
pub fn epa_traced(a: &Shape, b: &Shape, trace: &mut impl EpaRecorder) -> Option<EpaPenetration> {
    epa_with(a, b, trace)
}

fn epa_with<R: EpaRecorder>(a: &Shape, b: &Shape, rec: &mut R) -> Option<EpaPenetration> {
    if !(convex(a) && convex(b)) {
        return None;
    }
    let o = a.pose().position();
    let (pa, pb) = (pieces(a, Side::A, o), pieces(b, Side::B, o));
    let (p, q) = (pa.items[0].as_ref()?, pb.items[0].as_ref()?);
    let (core, simplex) = gjk_with(p, q, &mut ());
    let r = p.radius() + q.radius();
    // GJK may stop with the origin on its simplex's boundary (a segment
    // through the origin when its first two supports line up with it, as a
    // point aimed at a sector's apex does): the cores touch within rounding.
    let ws: Vec<Vec2> = simplex.vertices().iter().map(|s| s.w.as_vec2()).collect();
    let scale = ws.iter().fold(1.0f32, |m, w| m.max(w.length()));
    let touching = core.distance <= 1e-6 * scale;
    if core.distance > 0.0 && !touching {
        // The cores are apart: only the rounded parts can overlap.
        if core.distance > r {
            return None;
        }
        return Some(EpaPenetration {
            depth: r - core.distance,
            normal: (core.point_b - core.point_a) / core.distance,
            iterations: 0,
        });
    }
    let support = |d: Vec2| q.core_support(d) - p.core_support(-d);
    let count = ws.len();
    let mut poly = ws.clone();
    if count < 3 {
        // Widen the simplex by the supports on both sides of it (along its
        // normal, or along the axes for a single point).
        let dirs: &[Vec2] = if count == 2 {
            &[(poly[1] - poly[0]).perp(), (poly[0] - poly[1]).perp()]
        } else {
            &[Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y]
        };
        for d in dirs {
            if *d != Vec2::ZERO {
                poly.push(support(*d));
            }
        }
        poly = convex_hull(&poly);
    } else if (poly[1] - poly[0]).perp_dot(poly[2] - poly[0]) < 0.0 {
        poly.swap(1, 2);
    }
    if !enclose(&mut poly, support) {
        // The cores meet in a Minkowski difference without area at the
        // origin (a point on a segment, two centres at one place): their
        // depth is 0, the radii make the rest.
        let normal = match count {
            2 => (ws[1] - ws[0]).perp().normalize_or(Vec2::X),
            _ => Vec2::X,
        };
        return Some(EpaPenetration {
            depth: r,
            normal,
            iterations: 0,
        });
    }
    let stop = Stop {
        rel: 1e-6,
        floor: 1.0,
    };
    let end = epa::epa(&Pair(p, q), &mut Polygon(poly), stop, &mut Told(rec))?;
    // The origin leaves B − A fastest along −n: B moves by −n·depth.
    Some(EpaPenetration {
        depth: (end.facet.distance as f32).max(0.0) + r,
        normal: -end.facet.normal.as_vec2(),
        iterations: end.iterations,
    })
}

/// The plane's polytope: a convex polygon of points of `B − A`,
/// counter-clockwise, kept in `f32` (its points are the pieces' `f32`
/// supports); its facets are its edges.
struct Polygon(Vec<Vec2>);

impl Polytope<DVec2> for Polygon {
    /// The edge nearest the origin, with its outward normal.
    fn nearest(&self) -> Option<Facet<DVec2>> {
        let poly = &self.0;
        let mut best: Option<(usize, Vec2, f32)> = None;
        for i in 0..poly.len() {
            let e = poly[(i + 1) % poly.len()] - poly[i];
            let n = Vec2::new(e.y, -e.x).normalize_or_zero();
            if n == Vec2::ZERO {
                continue;
            }
            let dist = n.dot(poly[i]);
            if best.is_none_or(|b| dist < b.2) {
                best = Some((i, n, dist));
            }
        }
        best.map(|(id, n, d)| Facet {
            id,
            normal: n.as_dvec2(),
            distance: f64::from(d),
        })
    }
    /// Inserts `w` after the edge's first vertex.
    fn grow(&mut self, from: &Facet<DVec2>, w: &Vertex<DVec2>) -> Grown {
        let w = w.w.as_vec2();
        if self.0.contains(&w) {
            return Grown::Repeated;
        }
        self.0.insert(from.id + 1, w);
        Grown::Added
    }
}

/// Tells an [`EpaRecorder`] each iteration, in `f32`.
struct Told<'r, R>(&'r mut R);

impl<R: EpaRecorder> EpaObserver<DVec2, Polygon> for Told<'_, R> {
    fn step(&mut self, poly: &Polygon, f: &Facet<DVec2>, w: &Vertex<DVec2>, gain: f64) {
        let (n, d) = (f.normal.as_vec2(), f.distance as f32);
        (self.0).step(&poly.0, f.id, n, d, w.w.as_vec2(), gain as f32);
    }
}

/// The convex hull of a few points, counter-clockwise, without repeated or
/// collinear points (gift wrapping; at most six points here).
fn convex_hull(pts: &[Vec2]) -> Vec<Vec2> {
    let Some(start) = pts
        .iter()
        .copied()
        .min_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)))
    else {
        return Vec::new();
    };
    let mut hull = vec![start];
    let mut at = start;
    for _ in 0..pts.len() {
        // The next point: every other point lies left of `at → next`, the
        // furthest on a line.
        let mut next = at;
        for &c in pts {
            if c == at {
                continue;
            }
            let turn = (next - at).perp_dot(c - at);
            if next == at
                || turn < 0.0
                || (turn == 0.0 && (c - at).length_squared() > (next - at).length_squared())
            {
                next = c;
            }
        }
        if next == start || next == at {
            break;
        }
        hull.push(next);
        at = next;
    }
    hull
}

/// Grows the counter-clockwise polygon `poly` (points of B − A) by the
/// supports along the outward normals of edges the origin lies beyond,
/// until it encloses the origin (inside or on its boundary, with area):
/// true then. False when it has no area, or when such a support makes no
/// progress: the origin is outside B − A within rounding (the cores touch).
fn enclose(poly: &mut Vec<Vec2>, support: impl Fn(Vec2) -> Vec2) -> bool {
    for _ in 0..MAX_ITERS {
        let n = poly.len();
        if n < 3 {
            return false;
        }
        let beyond = (0..n).find(|&i| {
            let (v, w) = (poly[i], poly[(i + 1) % n]);
            (w - v).perp_dot(-v) < 0.0
        });
        let Some(i) = beyond else {
            let area: f32 = (0..n).map(|i| poly[i].perp_dot(poly[(i + 1) % n])).sum();
            return area > 0.0;
        };
        let v = poly[i];
        let e = poly[(i + 1) % n] - v;
        let out = Vec2::new(e.y, -e.x);
        let s = support(out);
        if (s - v).dot(out) <= 1e-6 * (1.0 + s.length()) * out.length() {
            return false;
        }
        poly.push(s);
        *poly = convex_hull(poly);
    }
    false
}
