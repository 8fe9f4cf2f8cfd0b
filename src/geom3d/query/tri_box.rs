//! Distance between a triangle and a box: closed form where a certificate
//! proves it, GJK where it does not ([`crate::geom3d::query::box_box`]'s
//! method and bounds, for the other pair with a 13-axis SAT).
//!
//! Everything runs in `f64` relative to the box's centre, the box taken as
//! its `f32` data make it (a parallelepiped, [`Para`]), the triangle as its
//! three `f32` corners.
//!
//! **Apart.** The largest gap of the 13 axes (the box's three face
//! normals, the triangle's normal, the nine box edge × triangle edge
//! crossings), chosen on the box frame's table, names the nearest
//! features: the triangle's corner deepest towards a box face, the box's
//! corner deepest towards the triangle's plane, or the closest points of
//! two support edges. From there [`settle`] projects (into the box, onto
//! the triangle) and takes the pair only when `|q − p|` meets a lower
//! bound of the distance to `4 · 32 ε₆₄ M`.
//!
//! **Overlapping.** When no axis shows a positive gap, the triangle is
//! clipped by the box's six face planes in the box's coordinates
//! (Sutherland–Hodgman); the mean of the clipped polygon's corners is a
//! point of both (each corner is a point of the triangle within the box,
//! to the rounding of the magnitude), and the distance is 0. An empty
//! polygon (touching, or apart along an axis the table rounded) goes to
//! GJK.

use crate::common::Side;
use crate::geom3d::query::box_box::{larger, settle, Convex, Start, PARALLEL};
use crate::geom3d::query::gjk::{gjk, CoreDistance, F64_BOUND};
use crate::geom3d::query::para::Para;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::segment::{nearest_on_triangle, segment_params};
use crate::geom3d::ShapeKind3;
use glam::{DVec3, Mat3, Vec3};

/// How the closed form ended, for the benches' counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TriBoxRoute {
    /// A closest pair, certified.
    Apart,
    /// A point of both.
    Overlap,
}

/// A triangle's corners, `f64`.
struct Tri([DVec3; 3]);

impl Convex for Tri {
    #[inline(always)]
    fn high(&self, u: DVec3) -> f64 {
        let [a, b, c] = self.0;
        u.dot(a).max(u.dot(b)).max(u.dot(c))
    }
    #[inline(always)]
    fn low(&self, u: DVec3) -> f64 {
        let [a, b, c] = self.0;
        u.dot(a).min(u.dot(b)).min(u.dot(c))
    }
    #[inline(always)]
    fn project(&self, x: DVec3) -> DVec3 {
        let [a, b, c] = self.0;
        x + nearest_on_triangle([a - x, b - x, c - x]).1
    }
}

/// Which of the 13 axes gave the largest gap.
#[derive(Clone, Copy)]
enum Axis {
    /// The box's face normal `k`.
    Face(usize),
    /// The triangle's normal.
    Normal,
    /// Box edge `k` × triangle edge `j` (corner `j` to `j + 1`).
    Edges(usize, usize),
}

/// The triangle `tri` (corners relative to the frame origin) and the box
/// `(c, m, h)` (centre relative to the frame origin, columns its axes, half
/// extents) in closed form (module doc), A to B (`tri_first`: the triangle
/// is A), with the route; `None` where GJK must answer.
#[inline]
pub(crate) fn triangle_box_closed(
    tri: [Vec3; 3],
    c: Vec3,
    m: Mat3,
    h: Vec3,
    tri_first: bool,
) -> Option<(CoreDistance, TriBoxRoute)> {
    let cd = c.as_dvec3();
    let x = Para::new(DVec3::ZERO, m, h);
    let t = Tri([
        tri[0].as_dvec3() - cd,
        tri[1].as_dvec3() - cd,
        tri[2].as_dvec3() - cd,
    ]);
    let reach = t.0[0].length().max(t.0[1].length()).max(t.0[2].length());
    let size = reach + f64::from(h.element_sum());
    let (axis, l) = best_axis(&x, &t);
    let g = t.low(l) - x.high(l);
    if g > 0.0 {
        let start = start(&x, &t, axis, l, g, size);
        let (p, q, unit) = settle(&x, &t, &start, size)?;
        let distance = (q - p).length() as f32;
        let (p, q) = ((cd + p).as_vec3(), (cd + q).as_vec3());
        let (point_a, point_b, normal) = if tri_first {
            (q, p, -unit)
        } else {
            (p, q, unit)
        };
        let found = CoreDistance {
            point_a,
            point_b,
            distance,
            normal: normal.as_vec3(),
        };
        return Some((found, TriBoxRoute::Apart));
    }
    let shared = (cd + clipped_mean(&x, &t)?).as_vec3();
    Some((CoreDistance::shared(shared), TriBoxRoute::Overlap))
}

/// The axis of the largest gap, chosen on the box frame's table (the
/// columns taken as orthonormal: a choice off by their rounding only costs
/// a round), then formed exactly on the data and turned from the box
/// towards the triangle.
#[inline(always)]
fn best_axis(x: &Para, t: &Tri) -> (Axis, DVec3) {
    let lv = |q: DVec3| DVec3::new(q.dot(x.a[0]), q.dot(x.a[1]), q.dot(x.a[2]));
    let v = [lv(t.0[0]), lv(t.0[1]), lv(t.0[2])];
    let h = x.h;
    // The gap numerator on `l` (box frame), whichever side the triangle is.
    let gap = |l: DVec3| {
        let (p0, p1, p2) = (v[0].dot(l), v[1].dot(l), v[2].dot(l));
        let (lo, hi) = (p0.min(p1).min(p2), p0.max(p1).max(p2));
        lo.max(-hi) - h.dot(l.abs())
    };
    let (mut best, mut g_best, mut l2_best) = (Axis::Face(0), f64::NEG_INFINITY, 1.0);
    for k in 0..3 {
        let (lo, hi) = (
            v[0][k].min(v[1][k]).min(v[2][k]),
            v[0][k].max(v[1][k]).max(v[2][k]),
        );
        let g = lo.max(-hi) - h[k];
        if g > g_best {
            (best, g_best) = (Axis::Face(k), g);
        }
    }
    let f = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    let n = f[0].cross(f[1]);
    let l2 = n.length_squared();
    if l2 > 0.0 {
        let g = gap(n);
        if larger(g, l2, g_best, l2_best) {
            (best, g_best, l2_best) = (Axis::Normal, g, l2);
        }
    }
    for (k, e) in [DVec3::X, DVec3::Y, DVec3::Z].into_iter().enumerate() {
        for (j, fj) in f.iter().enumerate() {
            let l = e.cross(*fj);
            let l2 = l.length_squared();
            if l2 > PARALLEL * fj.length_squared() {
                let g = gap(l);
                if larger(g, l2, g_best, l2_best) {
                    (best, g_best, l2_best) = (Axis::Edges(k, j), g, l2);
                }
            }
        }
    }
    let q = &t.0;
    let l = match best {
        Axis::Face(k) => x.n[k],
        Axis::Normal => (q[1] - q[0]).cross(q[2] - q[1]),
        Axis::Edges(k, j) => x.a[k].cross(q[(j + 1) % 3] - q[j]),
    };
    let l = if t.low(l) - x.high(l) >= x.low(l) - t.high(l) {
        l
    } else {
        -l
    };
    (best, l)
}

/// Where the apart case starts on the axis `l` (box towards triangle, gap
/// numerator `g`): a point of the box and one of the triangle near the
/// nearest features.
#[inline(always)]
fn start(x: &Para, t: &Tri, axis: Axis, l: DVec3, g: f64, size: f64) -> Start {
    let q = &t.0;
    let (p, q) = match axis {
        Axis::Face(_) => {
            let (d0, d1, d2) = (l.dot(q[0]), l.dot(q[1]), l.dot(q[2]));
            let deepest = if d0 <= d1 && d0 <= d2 {
                q[0]
            } else if d1 <= d2 {
                q[1]
            } else {
                q[2]
            };
            (x.project(deepest), deepest)
        }
        Axis::Normal => {
            let corner = x.corner(l);
            (corner, t.project(corner))
        }
        Axis::Edges(k, j) => {
            let mid = x.edge_middle(l, k);
            let e = x.a[k] * x.h[k];
            let (a0, b0) = (q[j], q[(j + 1) % 3]);
            let (s, r) = segment_params(mid - e, mid + e, a0, b0);
            ((mid - e) + (2.0 * e) * s, a0 + (b0 - a0) * r)
        }
    };
    let len = l.length();
    Start {
        unit: l / len,
        gap: g / len,
        error: F64_BOUND * size / len,
        p,
        q,
    }
}

/// The mean of the corners of the triangle clipped by the box (box
/// coordinates, Sutherland–Hodgman against `±s_k ≤ h_k`), as a point
/// relative to the box's centre; `None` when nothing is left.
#[inline(always)]
fn clipped_mean(x: &Para, t: &Tri) -> Option<DVec3> {
    let mut poly = [DVec3::ZERO; 9];
    let mut n = 3;
    for (k, q) in t.0.iter().enumerate() {
        poly[k] = x.coords(*q);
    }
    for k in 0..3 {
        for sign in [1.0, -1.0] {
            n = clip(&mut poly, n, k, sign, x.h[k]);
            if n == 0 {
                return None;
            }
        }
    }
    let sum = poly[..n].iter().fold(DVec3::ZERO, |acc, p| acc + *p);
    Some(x.at(sum / n as f64))
}

/// Keeps the part of the polygon `poly[..n]` where `sign · s_k ≤ h`; the
/// new count (a convex polygon gains at most one corner a plane).
#[inline(always)]
fn clip(poly: &mut [DVec3; 9], n: usize, k: usize, sign: f64, h: f64) -> usize {
    let input = *poly;
    let mut out = 0;
    for i in 0..n {
        let (a, b) = (input[i], input[(i + 1) % n]);
        let (da, db) = (sign * a[k] - h, sign * b[k] - h);
        if da <= 0.0 && out < poly.len() {
            poly[out] = a;
            out += 1;
        }
        if (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0) {
            let mut cut = a + (b - a) * (da / (da - db));
            cut[k] = sign * h;
            if out < poly.len() {
                poly[out] = cut;
                out += 1;
            }
        }
    }
    out
}

/// The distance of a triangle core and a box core (as
/// [`triangle_box_closed`] takes them): the closed form, else GJK on the
/// two pieces. The one triangle–box distance: `distance` and the classic
/// test's band both ask it.
#[inline]
pub(crate) fn triangle_box_distance(
    tri: [Vec3; 3],
    c: Vec3,
    m: Mat3,
    h: Vec3,
    tri_first: bool,
) -> CoreDistance {
    match triangle_box_closed(tri, c, m, h, tri_first) {
        Some((found, _)) => found,
        None => by_gjk(tri, c, m, h, tri_first),
    }
}

/// GJK on the two pieces, as `distance` runs it.
#[cold]
#[inline(never)]
fn by_gjk(tri: [Vec3; 3], c: Vec3, m: Mat3, h: Vec3, tri_first: bool) -> CoreDistance {
    let side = |first| if first { Side::A } else { Side::B };
    let t = Piece {
        side: side(tri_first),
        kind: ShapeKind3::Triangle,
        core: Core::Triangle(tri),
        radius: 0.0,
    };
    let b = Piece {
        side: side(!tri_first),
        kind: ShapeKind3::Obb,
        core: Core::Box { c, m, h },
        radius: 0.0,
    };
    if tri_first {
        gjk(&t, &b)
    } else {
        gjk(&b, &t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::test_rng::Rng;
    use crate::geom3d::query::gjk::GJK_ALLOWANCE;
    use glam::Quat;

    /// Random triangle–box pairs relative to the frame origin: sizes 1e-3
    /// to 1e3, thin boxes, slivers, origins to ±5000 (rounding the
    /// offsets), every third triangle level with a box face to 5e-6 rad.
    fn pair(r: &mut Rng, i: usize) -> ([Vec3; 3], Vec3, Mat3, Vec3) {
        let size = [1e-3, 0.1, 1.0, 20.0, 1e3][i % 5];
        let at = if i.is_multiple_of(2) {
            r.v(5000.0)
        } else {
            Vec3::ZERO
        };
        let v = r.v(1.0);
        let m = Mat3::from_quat(Quat::from_xyzw(v.x, v.y, v.z, r.f() - 0.5).normalize());
        let mut h = (r.v(0.5) + Vec3::splat(0.6)) * size;
        if i % 4 == 1 {
            h.z *= 0.01;
        }
        let centre = r.v(1.0).normalize() * size * (0.5 + 2.5 * r.f());
        let mut tri = [r.v(size), r.v(size), r.v(size)];
        if i.is_multiple_of(3) {
            // Level with the box's z face, tilted by 5e-6 to 1e-2 rad.
            let tilt = [5e-6, 1e-4, 1e-2][(i / 3) % 3];
            let level = Quat::from_axis_angle(r.v(1.0).normalize(), tilt);
            tri = tri.map(|p| m * (level * Vec3::new(p.x, p.y, 0.0)));
        }
        if i % 7 == 3 {
            tri[2] = tri[0] + (tri[1] - tri[0]) * 0.37 + r.v(1e-6 * size);
        }
        let tri = tri.map(|p| (at + centre + p) - at);
        (tri, Vec3::ZERO, m, h)
    }

    /// Where the closed form answers, it is GJK's distance to GJK's
    /// allowance, its points are on their shapes and `distance` is theirs;
    /// a shared point is in both; either order; and it answers most pairs.
    #[test]
    fn the_closed_form_is_gjks_distance_where_it_answers() {
        let mut r = Rng(31);
        let n = 3000;
        let mut answered = 0;
        for i in 0..n {
            let (tri, c, m, h) = pair(&mut r, i);
            let first = i % 2 == 1;
            let gjk = by_gjk(tri, c, m, h, first);
            let Some((got, route)) = triangle_box_closed(tri, c, m, h, first) else {
                continue;
            };
            answered += 1;
            let x = Para::new(c.as_dvec3(), m, h);
            let t = Tri(tri.map(|p| p.as_dvec3()));
            let size =
                t.0.iter().map(|p| p.length()).fold(0.0, f64::max) + f64::from(h.element_sum());
            let slack = 1e-6 * size;
            let (pt, pb) = if first {
                (got.point_a.as_dvec3(), got.point_b.as_dvec3())
            } else {
                (got.point_b.as_dvec3(), got.point_a.as_dvec3())
            };
            let case = format!("pair {i}: {route:?} {got:?} against GJK {gjk:?}");
            assert!(x.holds(pb, slack), "{case}");
            assert!((t.project(pt) - pt).length() <= slack, "{case}");
            let (d, e) = (f64::from(got.distance), f64::from(gjk.distance));
            let bound = GJK_ALLOWANCE * size + 4.0 * f64::from(f32::EPSILON) * d.max(e);
            assert!((d - e).abs() <= bound, "{case}: off by {}", (d - e).abs());
            match route {
                TriBoxRoute::Apart => {
                    let span = (got.point_b - got.point_a).as_dvec3();
                    assert!((span.length() - d).abs() <= slack + 1e-6 * d, "{case}");
                    if d > 1e-3 * size {
                        let along = span.dot(got.normal.as_dvec3()) / span.length();
                        assert!(along > 1.0 - 1e-5, "{case}");
                    }
                }
                TriBoxRoute::Overlap => assert_eq!((d, pt), (0.0, pb), "{case}"),
            }
        }
        assert!(
            answered * 4 >= n * 3,
            "the closed form answered {answered} of {n}"
        );
    }

    /// Degenerate input: triangles that are a segment or a point, boxes
    /// flat in one to three directions; the closed form, where it
    /// answers, is GJK's distance and its points are on the shapes.
    #[test]
    fn degenerate_shapes_agree_with_gjk() {
        let mut r = Rng(2027);
        let mut answered = 0;
        for i in 0..2000 {
            let (mut tri, c, m, mut h) = pair(&mut r, i);
            match i % 4 {
                0 => tri[2] = tri[0] + (tri[1] - tri[0]) * 0.5,
                1 => tri = [tri[0]; 3],
                2 => tri[1] = tri[0],
                _ => {}
            }
            match (i / 4) % 4 {
                0 => h.z = 0.0,
                1 => h = Vec3::new(h.x, 0.0, 0.0),
                2 => h = Vec3::ZERO,
                _ => {}
            }
            let first = i % 3 == 0;
            let gjk = by_gjk(tri, c, m, h, first);
            let Some((got, route)) = triangle_box_closed(tri, c, m, h, first) else {
                continue;
            };
            answered += 1;
            let size = tri.iter().map(|p| p.length()).fold(0.0, f32::max) + h.element_sum();
            let slack = 1e-6 * f64::from(size);
            let case = format!("pair {i}: {route:?} {got:?} against GJK {gjk:?}");
            let (pt, pb) = if first {
                (got.point_a.as_dvec3(), got.point_b.as_dvec3())
            } else {
                (got.point_b.as_dvec3(), got.point_a.as_dvec3())
            };
            let t = Tri(tri.map(|p| p.as_dvec3()));
            assert!(Para::new(c.as_dvec3(), m, h).holds(pb, slack), "{case}");
            assert!((t.project(pt) - pt).length() <= slack, "{case}");
            let (d, e) = (got.distance, gjk.distance);
            assert!(
                (d - e).abs() <= 1e-6 * size + 4.0 * f32::EPSILON * d.max(e),
                "{case}"
            );
        }
        assert!(
            answered >= 1500,
            "the closed form answered {answered} of 2000"
        );
    }
}
