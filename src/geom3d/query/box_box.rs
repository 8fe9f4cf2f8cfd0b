//! Distance between two boxes: closed form where a certificate proves it,
//! GJK where it does not.
//!
//! The boxes are taken as their `f32` data make them, as GJK's supports see
//! them: parallelepipeds `c ± Σ h_k m_k` whose edges are the `f32` matrix
//! columns (exact in `f64`). Everything runs in `f64`, relative to A's
//! centre.
//!
//! **Apart.** The largest gap of the 15 SAT axes (chosen on the
//! textbook's table, then measured on the data) names the features that
//! are nearest, as in parry's `closest_points_cuboid_cuboid`: a face of A
//! (B's vertex deepest along it), a face of B, or an edge pair (the two
//! support edges, their closest points). That gives a point `p` of A and
//! `q` of B. Any direction `u` bounds the distance from below by the gap of
//! the boxes' projections on it, and any pair of points from above:
//!
//! ```text
//! L = (u·(c_B − c_A) − Σ hA_k |u·a_k| − Σ hB_k |u·b_k|) / |u|  ≤  d  ≤  U = |q − p|
//! ```
//!
//! With `u` the chosen axis or `q − p`, the two meet exactly when `(p, q)`
//! is a closest pair. The answer is taken only when `U − L` and the
//! rounding of `L` add to at most `CERTIFIED · M` (`M` the pair's
//! magnitude, `|c_B − c_A| + Σ hA + Σ hB`; `CERTIFIED = 4 · 32 ε₆₄`): the
//! distance is then the data's to `≲ 1e-14 M`, five orders inside GJK's own
//! allowance ([`GJK_ALLOWANCE`](crate::geom3d::query::gjk::GJK_ALLOWANCE)),
//! so the SAT verdict's error bounds (`classic/obb_obb.rs`) hold for this
//! distance as they do for GJK's. Otherwise [`settle`] projects `q` into A
//! and that point back into B (exact projections onto the parallelepipeds,
//! [`Para::project`]; each lands in its box whatever its rounding) and
//! asks again; pairs not settled in [`ROUNDS`] rounds (a vertex against an
//! edge at a slant, near-parallel edges) go to GJK.
//!
//! **Overlapping.** When no gap is positive, a point of both is sought
//! among the deepest features along the axis of least overlap (B's corner
//! into A's face, A's into B's, the two support edges' closest points and
//! their middle), the centres, and each centre's nearest point in the
//! other box; one that both boxes hold to the rounding of the magnitude is
//! returned with the distance 0. Otherwise (the boxes touch, or are apart
//! along an axis parallel to the last bit) GJK.

use crate::common::{Side, CONTACT_TOLERANCE};
use crate::geom3d::query::gjk::{gjk, CoreDistance, F64_BOUND};
use crate::geom3d::query::para::Para;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::segment::segment_params;
use crate::geom3d::ShapeKind3;
use glam::{DVec3, Mat3, Vec3};

/// `U − L` plus the rounding of `L` at most this per unit of magnitude:
/// four times `F64_BOUND`, which leaves room for the rounding of the two
/// bounds (each `≲ F64_BOUND`).
const CERTIFIED: f64 = 4.0 * F64_BOUND;

/// Projection rounds (into one box and back) before GJK is asked.
const ROUNDS: usize = 3;

/// Edge axes with `|a_i × b_j|² ≤ PARALLEL` are left to the face axes
/// (their gap has no direction to speak of; the certificate or GJK decides).
pub(crate) const PARALLEL: f64 = 1e-12;

/// How the closed form ended, for the benches' counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoxRoute {
    /// A closest pair, certified.
    Apart,
    /// A point of both.
    Overlap,
}

/// Two boxes in `f64`, relative to A's centre.
struct Boxes {
    a: Para,
    b: Para,
    /// `|c_B − c_A| + Σ hA + Σ hB`.
    m: f64,
}

/// A box core: centre relative to the frame origin, axes (columns), half
/// extents.
pub(crate) type BoxCore = (Vec3, Mat3, Vec3);

/// The distance of two boxes' cores (A's and B's)
/// in closed form (module doc), with the route; `None` where GJK must
/// answer.
#[inline]
pub(crate) fn box_box_closed(
    (ca, ma, ha): BoxCore,
    (cb, mb, hb): BoxCore,
) -> Option<(CoreDistance, BoxRoute)> {
    let d = cb.as_dvec3() - ca.as_dvec3();
    let s = Boxes {
        a: Para::new(DVec3::ZERO, ma, ha),
        b: Para::new(d, mb, hb),
        m: d.length() + f64::from(ha.element_sum() + hb.element_sum()),
    };
    let origin = ca.as_dvec3();
    let (f, l, g, l2) = s.best_axis();
    if g > 0.0 {
        let (p, q, unit) = settle(&s.a, &s.b, &s.start(f, l, g, l2), s.m)?;
        let found = CoreDistance {
            point_a: (origin + p).as_vec3(),
            point_b: (origin + q).as_vec3(),
            distance: (q - p).length() as f32,
            normal: unit.as_vec3(),
        };
        Some((found, BoxRoute::Apart))
    } else {
        let x = (origin + s.shared(f, l)?).as_vec3();
        Some((CoreDistance::shared(x), BoxRoute::Overlap))
    }
}

impl Boxes {
    /// The axis of the largest gap of the 15 (normalised; compared without
    /// roots), turned from A towards B, with its gap's numerator and its
    /// squared length. The choice is made on the textbook's table (`R =
    /// Aᵀ B`, `t` B's centre in A's frame: Gottschalk et al. 1996), which
    /// takes the columns as orthonormal; only the chosen axis is then
    /// measured on the boxes as they are (the certificate needs its exact
    /// gap; a choice off by the columns' rounding only costs a round).
    #[inline(always)]
    fn best_axis(&self) -> (Feature, DVec3, f64, f64) {
        let (a, b, d) = (&self.a, &self.b, self.b.c);
        let (ha, hb) = (a.h, b.h);
        let r = [
            [a.a[0].dot(b.a[0]), a.a[0].dot(b.a[1]), a.a[0].dot(b.a[2])],
            [a.a[1].dot(b.a[0]), a.a[1].dot(b.a[1]), a.a[1].dot(b.a[2])],
            [a.a[2].dot(b.a[0]), a.a[2].dot(b.a[1]), a.a[2].dot(b.a[2])],
        ];
        let rr = |i: usize, j: usize| r[i][j];
        let ab = |i: usize, j: usize| rr(i, j).abs();
        let t = DVec3::new(d.dot(a.a[0]), d.dot(a.a[1]), d.dot(a.a[2]));
        let (mut best, mut g_best, mut l2_best) = (Feature::FaceA(0), f64::NEG_INFINITY, 1.0);
        for i in 0..3 {
            let g = t[i].abs() - (ha[i] + hb.x * ab(i, 0) + hb.y * ab(i, 1) + hb.z * ab(i, 2));
            if g > g_best {
                (best, g_best) = (Feature::FaceA(i), g);
            }
        }
        for j in 0..3 {
            let tl = t.x * rr(0, j) + t.y * rr(1, j) + t.z * rr(2, j);
            let g = tl.abs() - (ha.x * ab(0, j) + ha.y * ab(1, j) + ha.z * ab(2, j) + hb[j]);
            if g > g_best {
                (best, g_best) = (Feature::FaceB(j), g);
            }
        }
        for i in 0..3 {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            for j in 0..3 {
                let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                let (r1, r2) = (rr(i1, j), rr(i2, j));
                let l2 = r1 * r1 + r2 * r2;
                let ra = ha[i1] * ab(i2, j) + ha[i2] * ab(i1, j);
                let rb = hb[j1] * ab(i, j2) + hb[j2] * ab(i, j1);
                let g = (t[i2] * r1 - t[i1] * r2).abs() - (ra + rb);
                if l2 > PARALLEL && larger(g, l2, g_best, l2_best) {
                    (best, g_best, l2_best) = (Feature::Edges(i, j), g, l2);
                }
            }
        }
        let l = match best {
            Feature::FaceA(i) => a.n[i],
            Feature::FaceB(j) => b.n[j],
            Feature::Edges(i, j) => a.a[i].cross(b.a[j]),
        };
        let l = toward(l, d);
        (
            best,
            l,
            l.dot(d) - a.radius(l) - b.radius(l),
            l.length_squared(),
        )
    }

    /// Where the apart case starts from the best axis `l` (gap `g`,
    /// squared length `l2`): a point of A and one of B near the nearest
    /// features.
    #[inline(always)]
    fn start(&self, f: Feature, l: DVec3, g: f64, l2: f64) -> Start {
        let (a, b) = (&self.a, &self.b);
        let (p, q) = match f {
            Feature::FaceA(_) => {
                let q = b.corner(-l);
                (a.project(q), q)
            }
            Feature::FaceB(_) => {
                let p = a.corner(l);
                (p, b.project(p))
            }
            Feature::Edges(i, j) => self.edge_points(l, i, j),
        };
        let len = l2.sqrt();
        Start {
            unit: l / len,
            gap: g / len,
            error: F64_BOUND * self.m / len,
            p,
            q,
        }
    }

    /// The closest points of A's and B's support edges for the edge axis
    /// `l = ±a_i × b_j` (turned from A towards B).
    #[inline(always)]
    fn edge_points(&self, l: DVec3, i: usize, j: usize) -> (DVec3, DVec3) {
        let (mid_a, mid_b) = (self.a.edge_middle(l, i), self.b.edge_middle(-l, j));
        let (ea, eb) = (self.a.a[i] * self.a.h[i], self.b.a[j] * self.b.h[j]);
        let (s, t) = segment_params(mid_a - ea, mid_a + ea, mid_b - eb, mid_b + eb);
        ((mid_a - ea) + (2.0 * ea) * s, (mid_b - eb) + (2.0 * eb) * t)
    }

    /// A point of both boxes (relative to A's centre) when no gap is
    /// positive, `f` and `l` the axis of least overlap: the deepest
    /// feature along it (B's vertex into A's face, A's into B's, the
    /// middle of two crossing edges), else a centre in the other box, else
    /// a centre's nearest point in its own box; `None` when none is in both
    /// (to the rounding of the magnitude).
    #[inline(always)]
    fn shared(&self, f: Feature, l: DVec3) -> Option<DVec3> {
        let (a, b) = (&self.a, &self.b);
        let slack = F64_BOUND * self.m;
        if slack > 0.25 * f64::from(CONTACT_TOLERANCE) {
            return None;
        }
        let both = |x: DVec3| (a.holds(x, slack) && b.holds(x, slack)).then_some(x);
        let deepest = match f {
            Feature::FaceA(_) => both(b.corner(-l)),
            Feature::FaceB(_) => both(a.corner(l)),
            Feature::Edges(i, j) => {
                let (p, q) = self.edge_points(l, i, j);
                both(p).or_else(|| both(q)).or_else(|| both(0.5 * (p + q)))
            }
        };
        deepest
            .or_else(|| both(b.c))
            .or_else(|| both(a.c))
            .or_else(|| both(a.project(b.c)))
            .or_else(|| both(b.project(a.c)))
    }
}

/// A convex set as [`settle`] sees it: its support values and a
/// projection.
pub(crate) trait Convex {
    /// The largest `u · x` over the set.
    fn high(&self, u: DVec3) -> f64;
    /// The least `u · x` over the set.
    fn low(&self, u: DVec3) -> f64;
    /// A point of the set near `x` (the nearest, up to rounding, where the
    /// set's projection is exact).
    fn project(&self, x: DVec3) -> DVec3;
}

impl Convex for Para {
    #[inline(always)]
    fn high(&self, u: DVec3) -> f64 {
        u.dot(self.c) + self.radius(u)
    }
    #[inline(always)]
    fn low(&self, u: DVec3) -> f64 {
        u.dot(self.c) - self.radius(u)
    }
    #[inline(always)]
    fn project(&self, x: DVec3) -> DVec3 {
        Para::project(self, x)
    }
}

/// From the start's pair (`p` of A, `q` of B): certify it closest (module
/// doc) by the start's axis or by the pair's own direction, else project
/// into A and back into B and try again; the pair and the unit direction
/// (A to B) that certified it, or `None` after [`ROUNDS`] rounds. `m`:
/// the pair's magnitude, world units.
#[inline(always)]
pub(crate) fn settle<A: Convex, B: Convex>(
    a: &A,
    b: &B,
    start: &Start,
    m: f64,
) -> Option<(DVec3, DVec3, DVec3)> {
    let allowed = CERTIFIED * m;
    let (mut p, mut q) = (start.p, start.q);
    for round in 0..=ROUNDS {
        if round > 0 {
            p = a.project(q);
            q = b.project(p);
        }
        let u = q - p;
        let uu = u.length_squared();
        if uu == 0.0 {
            return None;
        }
        let len = uu.sqrt();
        if len - start.gap <= allowed - start.error {
            return Some((p, q, start.unit));
        }
        // `L` along `u` itself, off by about `8 ε₆₄ M`.
        let low = (b.low(u) - a.high(u)) / len;
        if len - low <= allowed - F64_BOUND * m {
            return Some((p, q, u / len));
        }
    }
    None
}

/// Where the apart case starts: the axis of the largest gap.
pub(crate) struct Start {
    /// The axis, unit, from A towards B.
    pub unit: DVec3,
    /// The sets' gap along it, world units.
    pub gap: f64,
    /// The bound of that gap's rounding, world units.
    pub error: f64,
    /// A point of A and one of B near the nearest features.
    pub p: DVec3,
    pub q: DVec3,
}

/// Which axis of the 15 gave the largest gap.
#[derive(Clone, Copy)]
enum Feature {
    FaceA(usize),
    FaceB(usize),
    Edges(usize, usize),
}

/// Whether the gap `g / √l2` is larger than `gb / √l2b` (`l2`, `l2b`
/// positive), without roots.
#[inline(always)]
pub(crate) fn larger(g: f64, l2: f64, gb: f64, l2b: f64) -> bool {
    match (g >= 0.0, gb >= 0.0) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => g * g * l2b > gb * gb * l2,
        (false, false) => g * g * l2b < gb * gb * l2,
    }
}

/// `l` turned to point along `d`.
#[inline(always)]
fn toward(l: DVec3, d: DVec3) -> DVec3 {
    if l.dot(d) < 0.0 {
        -l
    } else {
        l
    }
}

/// The distance of two boxes' cores (as [`box_box_closed`] takes them):
/// the closed form, else GJK on the two pieces. The one box–box distance:
/// `distance`, `intersects`' band and the 15-axis test's band all ask it.
#[inline]
pub(crate) fn box_box_distance(a: BoxCore, b: BoxCore) -> CoreDistance {
    match box_box_closed(a, b) {
        Some((found, _)) => found,
        None => by_gjk(a, b),
    }
}

/// GJK on the two boxes, as `distance` runs it on their pieces.
#[cold]
#[inline(never)]
fn by_gjk((ca, ma, ha): BoxCore, (cb, mb, hb): BoxCore) -> CoreDistance {
    let mk = |side, c, m, h| Piece {
        side,
        kind: ShapeKind3::Obb,
        core: Core::Box { c, m, h },
        radius: 0.0,
    };
    gjk(&mk(Side::A, ca, ma, ha), &mk(Side::B, cb, mb, hb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::test_rng::Rng;
    use crate::geom3d::query::gjk::GJK_ALLOWANCE;
    use glam::Quat;

    fn turn(r: &mut Rng) -> Quat {
        let v = r.v(1.0);
        Quat::from_xyzw(v.x, v.y, v.z, r.f() - 0.5).normalize()
    }

    /// Random box pairs: sizes 1e-3 to 1e3, thin ones, positions to ±5000,
    /// every third pair turned only 5e-6 rad to 0.01 rad from the other;
    /// centres relative to A's.
    fn pair(r: &mut Rng, i: usize) -> (BoxCore, BoxCore) {
        let size = [1e-3, 0.1, 1.0, 20.0, 1e3][i % 5];
        let far = if i.is_multiple_of(2) { 5000.0 } else { 0.0 };
        let mut extents = |thin: bool| {
            let h = (r.v(0.5) + Vec3::splat(0.6)) * size;
            if thin {
                h * Vec3::new(1.0, 1.0, 0.01)
            } else {
                h
            }
        };
        let (ha, hb) = (extents(i % 4 == 1), extents(i % 7 == 2));
        let qa = turn(r);
        let qb = if i.is_multiple_of(3) {
            let tiny = [5e-6, 1e-4, 1e-2][(i / 3) % 3];
            qa * Quat::from_axis_angle(r.v(1.0).normalize(), tiny)
        } else {
            turn(r)
        };
        let reach = (ha.length() + hb.length()) * (0.3 + 1.2 * r.f());
        // Relative to A's position, as the pieces are: the far positions
        // only round B's offset.
        let at = r.v(far);
        let cb = (at + r.v(1.0).normalize() * reach) - at;
        let a = (Vec3::ZERO, Mat3::from_quat(qa), ha);
        (a, (cb, Mat3::from_quat(qb), hb))
    }

    /// Where the closed form answers, it is GJK's distance to GJK's
    /// allowance, its points are in their boxes and `distance` is theirs;
    /// a shared point is in both; and it answers most pairs.
    #[test]
    fn the_closed_form_is_gjks_distance_where_it_answers() {
        let mut r = Rng(27);
        let n = 3000;
        let mut answered = 0;
        for i in 0..n {
            let ((ca, ma, ha), (cb, mb, hb)) = pair(&mut r, i);
            let gjk = by_gjk((ca, ma, ha), (cb, mb, hb));
            let Some((got, route)) = box_box_closed((ca, ma, ha), (cb, mb, hb)) else {
                continue;
            };
            answered += 1;
            let o = ca.as_dvec3();
            let a = Para::new(DVec3::ZERO, ma, ha);
            let b = Para::new(cb.as_dvec3() - o, mb, hb);
            let m = (cb - ca).length() as f64 + f64::from(ha.element_sum() + hb.element_sum());
            let slack = 1e-6 * m;
            let (pa, pb) = (got.point_a.as_dvec3() - o, got.point_b.as_dvec3() - o);
            let case = format!("pair {i}: {route:?} {got:?} against GJK {gjk:?}");
            assert!(a.holds(pa, slack) && b.holds(pb, slack), "{case}");
            let (x, y) = (f64::from(got.distance), f64::from(gjk.distance));
            let bound = GJK_ALLOWANCE * m + 4.0 * f64::from(f32::EPSILON) * x.max(y);
            assert!((x - y).abs() <= bound, "{case}: off by {}", (x - y).abs());
            match route {
                BoxRoute::Apart => {
                    let span = (pb - pa).length();
                    assert!((span - x).abs() <= slack + 1e-6 * x, "{case}");
                    assert!((got.normal.length() - 1.0).abs() < 1e-5, "{case}");
                    if x > 1e-3 * m {
                        let along = (pb - pa).dot(got.normal.as_dvec3()) / span;
                        assert!(along > 1.0 - 1e-5, "{case}");
                    }
                }
                BoxRoute::Overlap => assert_eq!((x, pa), (0.0, pb), "{case}"),
            }
        }
        assert!(
            answered * 4 >= n * 3,
            "the closed form answered {answered} of {n}"
        );
    }

    /// Boxes flat in one, two or three directions: the closed form, where
    /// it answers, is GJK's distance and its points are in the boxes.
    #[test]
    fn flat_boxes_agree_with_gjk() {
        let mut r = Rng(2028);
        let mut answered = 0;
        for i in 0..2000 {
            let ((ca, ma, mut ha), (cb, mb, mut hb)) = pair(&mut r, i);
            let flat = |h: &mut Vec3, k: usize| match k % 4 {
                0 => h.z = 0.0,
                1 => *h = Vec3::new(h.x, 0.0, 0.0),
                2 => *h = Vec3::ZERO,
                _ => {}
            };
            flat(&mut ha, i);
            flat(&mut hb, i / 4);
            let (a, b) = ((ca, ma, ha), (cb, mb, hb));
            let gjk = by_gjk(a, b);
            let Some((got, route)) = box_box_closed(a, b) else {
                continue;
            };
            answered += 1;
            let m = (cb - ca).length() + ha.element_sum() + hb.element_sum();
            let slack = 1e-6 * f64::from(m);
            let case = format!("pair {i}: {route:?} {got:?} against GJK {gjk:?}");
            let pa = Para::new(ca.as_dvec3(), ma, ha);
            let pb = Para::new(cb.as_dvec3(), mb, hb);
            assert!(pa.holds(got.point_a.as_dvec3(), slack), "{case}");
            assert!(pb.holds(got.point_b.as_dvec3(), slack), "{case}");
            let (d, e) = (got.distance, gjk.distance);
            assert!(
                (d - e).abs() <= 1e-6 * m + 4.0 * f32::EPSILON * d.max(e),
                "{case}"
            );
        }
        assert!(
            answered >= 1500,
            "the closed form answered {answered} of 2000"
        );
    }
}
