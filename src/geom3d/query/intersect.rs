//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (see [`crate::geom3d::classic`]) take it; every
//! other pair asks GJK for the distance of the pieces, which for the hulls
//! and rounded shapes left over is faster than a SAT search over all face
//! and edge axes and gives the same verdict (`intersects ⇔ distance ≤
//! CONTACT_TOLERANCE`; the tests prove SAT, GJK and the closed forms agree).
//! Positions are taken relative to A's, so large coordinates keep their
//! precision. Never allocates.
//!
//! **One answer** (issue 25). A closed form decides only where its
//! number clears the contact tolerance by its error bound: the rounding of
//! the pair's magnitude ([`crate::geom3d::query::sat`]'s precision
//! policy), or the tighter `f64` bounds the box–box and capsule tests
//! state; within that hair it returns `Fast::Band` and the exact distance
//! decides: GJK on the same pieces, same frame origin, A before B, as
//! `distance` runs it, stopping early only where a bound of that distance
//! clears the tolerance (`by_distance`; two boxes, or a triangle and a
//! box, ask `distance`'s own route at once, a certified closed form before
//! GJK), so `intersects`, `distance`, `penetration` and the SAT report
//! agree on every pair. A ball against a
//! box needs no band: all of them take its one verdict
//! (`distance::point_box_touches`).

use crate::common::Side;
use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::classic::table::{as_ball, as_box, as_capsule, with_pair3, Pair3};
use crate::geom3d::query::classic::{obb_obb_decided, triangle_aabb_decided};
use crate::geom3d::query::distance::{piece_distance, point_box_offset, point_box_touches};
use crate::geom3d::query::gjk::{first_vertex_inside, gjk_within, F64_BOUND, GJK_ALLOWANCE};
use crate::geom3d::query::piece::{piece, Core};
use crate::geom3d::query::sat::{pieces_intersect, rounding};
use crate::geom3d::query::segment::segment_params_flagged;
use crate::geom3d::shape::ConvexHull;
use crate::geom3d::Shape3;
use glam::{Mat3, Vec3};

/// True when the closed shapes `a` and `b` intersect (touching within
/// [`CONTACT_TOLERANCE`] counts).
pub fn intersects(a: &Shape3, b: &Shape3) -> bool {
    match closed_form(a, b) {
        Fast::Decided(hit) => hit,
        Fast::Band => by_distance(a, b),
        Fast::NoForm => by_distance(a, b),
    }
}

/// Which path of [`intersects`] answered for `(a, b)`, in words: a closed
/// form, a closed form whose number fell in the rounding band (then the
/// exact distance), or GJK (stopped at its first vertex, or run). For the
/// benches' counts.
#[doc(hidden)]
pub fn decided_by(a: &Shape3, b: &Shape3) -> &'static str {
    match closed_form(a, b) {
        Fast::Decided(_) => "closed form",
        Fast::Band => "closed form, then the exact distance in the band",
        Fast::NoForm => {
            let o = a.pose().position();
            let (pa, pb) = (piece(a, Side::A, o), piece(b, Side::B, o));
            if a.is_bounded() && b.is_bounded() && first_vertex_inside(&pa, &pb) {
                "GJK: its first vertex inside the other core"
            } else {
                "GJK"
            }
        }
    }
}

/// What a closed-form test said.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Fast {
    /// The pair has no closed form.
    NoForm,
    /// Decided, clear of the tolerance by more than the rounding.
    Decided(bool),
    /// Within the rounding of the tolerance: the exact distance decides.
    Band,
}

/// The closed form of the pair's entry in the table ([`with_pair3`]), if
/// it has one. Balls swept along segments (points, spheres, segments,
/// capsules, bounded rays: the commonest pairs of a game, and the
/// cheapest test) are taken straight from the shapes, before the table:
/// through its dispatch a capsule pair cost 37 ns, 31 without (held-out
/// bench, issue 26 item 7).
#[inline(always)]
fn closed_form(a: &Shape3, b: &Shape3) -> Fast {
    let o = a.pose().position();
    if let (Some(x), Some(y)) = (as_capsule(a, o), as_capsule(b, o)) {
        return capsules(x, y);
    }
    with_pair3(
        a,
        b,
        #[inline(always)]
        |test, o, _| fast(test, o),
    )
    .unwrap_or(Fast::NoForm)
}

/// Two balls swept along segments: their cores' distance minus the radii,
/// closed form in `f64` ([`segment_params_flagged`], Ericson 5.1.9), decided
/// where it clears the tolerance by more than it and GJK's distance
/// (which `distance` returns) can be off:
/// - GJK: [`GJK_ALLOWANCE`] of the magnitude `m`, and the rounding of its
///   core distance `D` to `f32` and of the radii's two subtractions (half
///   an `ε₃₂` each, of at most `D`): `ε₃₂ (D + tol)` in all;
/// - the closed form: its points are points of the segments to
///   [`F64_BOUND`] of `m`, so its distance is an upper bound of the exact
///   one to that; below, it can exceed the exact distance by at most
///   `ε₆₄ · 4m / sin θ` (θ the angle of the cores, `sin θ > 1e-6` where
///   the parameters are solved; covered by a second `GJK_ALLOWANCE`), or,
///   for cores within `1e-6` rad of parallel (taken as parallel), by `sin θ
///   · (|d₁| + |d₂|) ≤ 1e-6 (|d₁| + |d₂|)`.
///
/// The band left is about 2e-9 of the magnitude and `ε₃₂` of the radii
/// (the `f32` distance itself rounds by that): `1e-6` of the magnitude
/// before (issue 26 item 7).
fn capsules((p1, q1, r1): (Vec3, Vec3, f32), (p2, q2, r2): (Vec3, Vec3, f32)) -> Fast {
    let (p1d, q1d, p2d, q2d) = (p1.as_dvec3(), q1.as_dvec3(), p2.as_dvec3(), q2.as_dvec3());
    let (s, t, parallel) = segment_params_flagged(p1d, q1d, p2d, q2d);
    let x = p1d + (q1d - p1d) * s;
    let y = p2d + (q2d - p2d) * t;
    let core_sq = (y - x).length_squared();
    let radii = f64::from(r1) + f64::from(r2);
    // The magnitude, over-estimated by 1-norms (no root).
    let reach = |p: Vec3, q: Vec3| p.abs().element_sum().max(q.abs().element_sum());
    let m = f64::from(reach(p1, q1) + reach(p2, q2)) + radii;
    let tol = f64::from(CONTACT_TOLERANCE);
    let eps = f64::from(f32::EPSILON);
    // `core − radii` against `tol ± (c + ε₃₂ (core + tol))`, solved for
    // `core` and compared squared.
    let c = GJK_ALLOWANCE * m + F64_BOUND * m + eps * tol;
    let c_apart = c
        + GJK_ALLOWANCE * m
        + if parallel {
            // 1-norms, no root (`|d| ≤ |d|₁`).
            1e-6 * ((q1d - p1d).abs().element_sum() + (q2d - p2d).abs().element_sum())
        } else {
            0.0
        };
    // (`x / (1 − ε) ≤ x (1 + 1.001 ε)`, `x / (1 + ε) ≥ x (1 − ε)`.)
    let apart = (radii + tol + c_apart) * (1.0 + 1.001 * eps);
    let hit = (radii + tol - c) * (1.0 - eps);
    if core_sq > apart * apart {
        Fast::Decided(false)
    } else if hit > 0.0 && core_sq < hit * hit {
        Fast::Decided(true)
    } else {
        Fast::Band
    }
}

/// The verdict from a distance `d` (negative: a depth) computed for pieces
/// of magnitude `m`: decided unless `d` is within the rounding of the
/// contact tolerance.
#[inline]
fn by_distance_to(d: f32, m: f32) -> Fast {
    let r = rounding(m);
    if d > CONTACT_TOLERANCE + r {
        Fast::Decided(false)
    } else if d < CONTACT_TOLERANCE - r {
        Fast::Decided(true)
    } else {
        Fast::Band
    }
}

/// The verdict from a lower bound `g` of the distance (a SAT gap, a face
/// plane's distance), positive = apart: it separates above the tolerance
/// plus the rounding, overlaps below minus the rounding.
#[inline]
fn by_lower_bound(g: f32, m: f32) -> Fast {
    let r = rounding(m);
    if g > CONTACT_TOLERANCE + r {
        Fast::Decided(false)
    } else if g < -r {
        Fast::Decided(true)
    } else {
        Fast::Band
    }
}

/// The SAT search alone (early exit at the first separating axis; GJK in
/// the contact band), for any pair: the same verdict as [`intersects`],
/// which takes faster routes where it can.
pub fn sat_intersects(a: &Shape3, b: &Shape3) -> bool {
    let o = a.pose().position();
    pieces_intersect(&piece(a, Side::A, o), &piece(b, Side::B, o))
}

/// GJK's distance within the tolerance (with early exits for bounded
/// pieces; an unbounded ray is clipped first). Kept out of line, as are the
/// other heavy tests, so that `fast` stays small: inlined, they made every
/// closed-form test an order of magnitude slower (measured: sphere–capsule
/// 83 ns against 6 ns).
#[inline(never)]
pub(crate) fn by_distance(a: &Shape3, b: &Shape3) -> bool {
    let o = a.pose().position();
    let (pa, pb) = (piece(a, Side::A, o), piece(b, Side::B, o));
    // Two boxes, or a triangle and a box: their distance at once (a
    // closed form most often; GJK's early exits could decide a hair from
    // it differently).
    let boxes = matches!(
        (&pa.core, &pb.core),
        (Core::Box { .. }, Core::Box { .. } | Core::Triangle(_))
            | (Core::Triangle(_), Core::Box { .. })
    );
    if a.is_bounded() && b.is_bounded() && !boxes {
        if let Some(hit) = gjk_within(&pa, &pb, CONTACT_TOLERANCE + pa.radius + pb.radius) {
            return hit;
        }
    }
    piece_distance(&pa, &pb).distance <= CONTACT_TOLERANCE
}

/// The closed-form test of one table entry. Only a dispatch: each test but
/// the cheapest is its own out-of-line function, which keeps this one small
/// (one large function holding every test made the cheapest ones several
/// times slower; measured, sphere–capsule 60–80 ns against 6 ns for the
/// closed form alone).
#[inline(always)]
fn fast(test: Pair3, o: Vec3) -> Fast {
    match test {
        // Balls swept along segments (points, spheres, segments, capsules,
        // bounded rays): the commonest pairs of a game, and the cheapest.
        // (Taken before the table by `closed_form`; the same test here.)
        Pair3::SphereSphere(x, y) => {
            let (cx, cy) = (x.center() - o, y.center() - o);
            capsules((cx, cx, x.radius), (cy, cy, y.radius))
        }
        Pair3::SweptSwept(x, y) => capsules(x, y),
        Pair3::BallBox { ball, boxed, .. } => ball_box(ball, boxed, o),
        Pair3::AabbAabb(x, y) => aabb_aabb(x, y, o),
        Pair3::BoxBox(x, y) => box_box(x, y, o),
        Pair3::BallTriangle(x, t) => ball_triangle(x, t, o),
        Pair3::TriangleBox(t, y) => triangle_box(t, y, o),
        Pair3::HullHull(x, y) => hulls(x, y, o),
        Pair3::BoxHull(x, y) => box_hull(x, y, o),
        Pair3::TriangleHull(t, y) => triangle_hull(t, y, o),
        Pair3::PointHull(p, h) => point_in_hull(p.position() - o, h, o),
        Pair3::RayBox(..) => Fast::NoForm,
    }
}

/// A ball against a box: the verdict `distance` gives for the pair,
/// computed as it computes it ([`point_box_touches`], `f64`, squared), so
/// no band is needed. Tried and dropped (issue 26 item 7): an `f32` clamp
/// deciding first where it clears the tolerance by its rounding, the
/// `f64` work only in that band: half of the held-out pairs lie near
/// touching, in the band, and the branch on it is a coin toss (8.1–12.3
/// µs for 512 pairs, against 4.7 in `f64` without a root).
#[inline(never)]
fn ball_box(a: &Shape3, b: &Shape3, o: Vec3) -> Fast {
    let (Some((c, r)), Some((bc, m, h))) = (as_ball(a, o), as_box(b, o)) else {
        return Fast::NoForm;
    };
    Fast::Decided(point_box_touches(c, bc, m, h, r))
}

/// Two AABBs: per axis, the gap of the two intervals; the distance is the
/// length of the positive ones, the depth the least negative one.
#[inline(never)]
fn aabb_aabb(a: &Shape3, b: &Shape3, o: Vec3) -> Fast {
    let (Some((c1, _, h1)), Some((c2, _, h2))) = (as_box(a, o), as_box(b, o)) else {
        return Fast::NoForm;
    };
    let gaps = (c2 - c1).abs() - (h1 + h2);
    let d = if gaps.max_element() > 0.0 {
        gaps.max(Vec3::ZERO).length()
    } else {
        gaps.max_element()
    };
    by_distance_to(
        d,
        c1.length() + c2.length() + h1.element_sum() + h2.element_sum(),
    )
}

/// Two boxes, not both AABBs: the 15 axes.
#[inline(never)]
fn box_box(a: &Shape3, b: &Shape3, o: Vec3) -> Fast {
    let (Some((c1, m1, h1)), Some((c2, m2, h2))) = (as_box(a, o), as_box(b, o)) else {
        return Fast::NoForm;
    };
    match obb_obb_decided(c1, m1, h1, c2, m2, h2) {
        Some(hit) => Fast::Decided(hit),
        None => Fast::Band,
    }
}

#[inline(never)]
fn ball_triangle(a: &Shape3, t: &crate::geom3d::Triangle3, o: Vec3) -> Fast {
    let Some((c, r)) = as_ball(a, o) else {
        return Fast::NoForm;
    };
    let w = t.vertices();
    let v = [w[0] - o, w[1] - o, w[2] - o];
    // In f64 about the centre: the nearest point itself would round by the
    // triangle's reach. (Written out: an array's `map` of a closure can be
    // left a call.)
    let cd = c.as_dvec3();
    let rel = [
        v[0].as_dvec3() - cd,
        v[1].as_dvec3() - cd,
        v[2].as_dvec3() - cd,
    ];
    let d = crate::geom3d::query::segment::nearest_on_triangle(rel)
        .1
        .length() as f32;
    let m = c.length() + r + v.iter().map(|p| p.length()).fold(0.0, f32::max);
    by_distance_to(d - r, m)
}

/// Triangle–box in the box's frame: the 13 SAT axes' largest gap.
#[inline(never)]
fn triangle_box(t: &crate::geom3d::Triangle3, b: &Shape3, o: Vec3) -> Fast {
    let Some((c, m, h)) = as_box(b, o) else {
        return Fast::NoForm;
    };
    // Written out (an array's `map` of a closure was left a call here) and
    // one root for the largest reach (the same number: the root is
    // monotone and correctly rounded).
    let (w, mt) = (t.vertices(), m.transpose());
    let v = [
        mt * (w[0] - o - c),
        mt * (w[1] - o - c),
        mt * (w[2] - o - c),
    ];
    let reach2 = (v[0].length_squared())
        .max(v[1].length_squared())
        .max(v[2].length_squared());
    let reach = reach2.sqrt();
    let r = rounding(c.length() + reach + h.element_sum());
    match triangle_aabb_decided(v, h, r) {
        Some(hit) => Fast::Decided(hit),
        // Face-on contact (a largest gap in `(0, tol)` only bounds the
        // distance from below) and the rounding band: the exact distance,
        // a certified closed form for this pair most often (`tri_box`).
        None => Fast::Band,
    }
}

#[inline(never)]
fn hulls(x: &crate::geom3d::Hull3, y: &crate::geom3d::Hull3, o: Vec3) -> Fast {
    if x.hull.flat || y.hull.flat {
        return Fast::NoForm;
    }
    let (ta, tb) = (x.pose.position() - o, y.pose.position() - o);
    match hull_hull(&x.hull, ta, x.pose.matrix(), &y.hull, tb, y.pose.matrix()) {
        Some(hit) => Fast::Decided(hit),
        // GJK decides, as for a pair without a closed form (and
        // `decided_by` says so).
        None => Fast::NoForm,
    }
}

/// A box against a solid hull: [`hull_balls`], the hull's centre's
/// distance to the box in `f64` as [`point_box_touches`] forms it; then
/// one SAT axis, the normal of the box face the hull's centre lies
/// beyond (the largest of its box-frame coordinates over the half
/// extents: for a plate, its broad face most often), against the hull's
/// range along it (one scan of its corners).
#[inline(never)]
fn box_hull(boxed: &Shape3, y: &crate::geom3d::Hull3, o: Vec3) -> Fast {
    let Some((c, m, h)) = as_box(boxed, o) else {
        return Fast::NoForm;
    };
    let hull = &y.hull;
    if hull.flat {
        return Fast::NoForm;
    }
    let (t, turn) = (y.pose.position() - o, y.pose.matrix());
    let centre = t + turn * hull.centroid;
    let (_, local, _, d2) = point_box_offset(centre, c, m, h);
    let reach = c.length() + h.element_sum() + centre.length();
    match hull_balls(d2, hull, reach) {
        Fast::NoForm => {}
        decided @ (Fast::Decided(_) | Fast::Band) => return decided,
    }
    // Any axis bounds the distance; a NaN ratio (a zero half extent, the
    // centre on that face's plane) is never picked.
    let q = local.abs() / h.as_dvec3();
    let k = if q.x >= q.y && q.x >= q.z {
        0
    } else if q.y >= q.z {
        1
    } else {
        2
    };
    let axis = m.col(k);
    let (lo, hi) = hull.range(turn.transpose() * axis);
    let (at, from) = (axis.dot(c), axis.dot(t));
    let gap = (from + lo - (at + h[k])).max(at - h[k] - (from + hi));
    let r = rounding(reach + t.length() + hull.centroid.length() + hull.radius);
    if gap > CONTACT_TOLERANCE + r {
        Fast::Decided(false)
    } else {
        Fast::NoForm
    }
}

/// A triangle against a solid hull: [`hull_balls`], the hull's centre's
/// distance to the triangle in `f64` about that centre (as
/// [`ball_triangle`] forms it, written out again: one shared helper for
/// the two moved every `intersects` 3–6 % slower on the held-out bench,
/// pairs without a triangle too: code layout, measured).
#[inline(never)]
fn triangle_hull(t: &crate::geom3d::Triangle3, y: &crate::geom3d::Hull3, o: Vec3) -> Fast {
    if y.hull.flat {
        return Fast::NoForm;
    }
    let centre = y.pose.position() - o + y.pose.matrix() * y.hull.centroid;
    let w = t.vertices();
    let v = [w[0] - o, w[1] - o, w[2] - o];
    let cd = centre.as_dvec3();
    let rel = [
        v[0].as_dvec3() - cd,
        v[1].as_dvec3() - cd,
        v[2].as_dvec3() - cd,
    ];
    let d2 = crate::geom3d::query::segment::nearest_on_triangle(rel)
        .1
        .length_squared();
    let reach = v[0].length().max(v[1].length()).max(v[2].length());
    hull_balls(d2, &y.hull, reach + centre.length())
}

/// A solid hull against a piece whose squared distance from the hull's
/// centre is `d2`, decided without GJK when it is easy, as two hulls are
/// ([`hull_hull`]): the ball about the centre that holds the hull apart
/// from the piece by more than the tolerance and the rounding (of the
/// pair's magnitude: `reach`, the piece's and the centre's from the frame
/// origin, and the hull's radius), or the inscribed ball
/// ([`ConvexHull::inradius`]) reaching into the piece by more than the
/// rounding (the hull holds that ball, so they overlap). Else GJK decides
/// (`NoForm`: [`decided_by`] says GJK).
#[inline(always)]
fn hull_balls(d2: f64, hull: &ConvexHull, reach: f32) -> Fast {
    let r = f64::from(rounding(reach + hull.radius));
    let outer = f64::from(hull.radius) + f64::from(CONTACT_TOLERANCE) + r;
    let inner = f64::from(hull.inradius) - r;
    if d2 > outer * outer {
        Fast::Decided(false)
    } else if inner > 0.0 && d2 < inner * inner {
        Fast::Decided(true)
    } else {
        Fast::NoForm
    }
}

/// A point against a solid hull: the largest face-plane distance, a lower
/// bound of the distance (exact across a face). A flat hull has no inside.
#[inline(never)]
fn point_in_hull(p: Vec3, h: &crate::geom3d::Hull3, o: Vec3) -> Fast {
    if h.hull.flat || h.hull.faces.is_empty() {
        return Fast::NoForm;
    }
    let t = h.pose.position() - o;
    let local = h.pose.matrix().transpose() * (p - t);
    let g = h
        .hull
        .faces
        .iter()
        .map(|f| f.normal.dot(local) - f.offset)
        .fold(f32::NEG_INFINITY, f32::max);
    let m = p.length() + t.length() + h.hull.centroid.length() + h.hull.radius;
    match by_lower_bound(g, m) {
        // Outside a face by less than the tolerance, the corner regions
        // can still put the point farther: the exact distance decides.
        Fast::Decided(true) => Fast::Decided(true),
        Fast::Decided(false) => Fast::Decided(false),
        Fast::NoForm | Fast::Band => Fast::Band,
    }
}

/// Two solid hulls decided without GJK when it is easy: bounding spheres
/// (about the centroids) apart by more than the tolerance and the
/// rounding, or inscribed balls (about the centroids, see
/// [`ConvexHull::inradius`]) overlapping by more than the rounding (then
/// the hulls overlap); then each centroid against the other hull's face
/// planes ([`centre_against_faces`]). `None` when none decides.
#[inline(never)]
fn hull_hull(
    a: &ConvexHull,
    ta: Vec3,
    ma: Mat3,
    b: &ConvexHull,
    tb: Vec3,
    mb: Mat3,
) -> Option<bool> {
    let ca = ta + ma * a.centroid;
    let cb = tb + mb * b.centroid;
    let r = rounding(ca.length() + cb.length() + a.radius + b.radius);
    let reach = a.radius + b.radius + CONTACT_TOLERANCE + r;
    let d2 = (cb - ca).length_squared();
    if d2 > reach * reach {
        return Some(false);
    }
    let inner = a.inradius + b.inradius - r;
    if inner > 0.0 && d2 < inner * inner {
        return Some(true);
    }
    let r = rounding(
        ta.length() + tb.length() + a.centroid.length() + a.radius + b.centroid.length() + b.radius,
    );
    centre_against_faces((a, ta, ma), (b, tb, mb, cb), r)
        .or_else(|| centre_against_faces((b, tb, mb), (a, ta, ma, ca), r))
}

/// The centre `cq` of hull `q` (frame coordinates, `f32`) against the face
/// planes of hull `p` (one pass over them,
/// [`ConvexHull::deepest_plane`]): under every plane by more than the
/// rounding `r`, a point of both (it lies inside `q` too, by `q`'s
/// inradius, which must exceed `r`): they overlap; beyond a plane, the
/// face it lies farthest beyond is a SAT axis, against `q`'s range along
/// it (one scan of its corners): apart where the gap clears the tolerance
/// and `r`. Counted on held-out-style hull pairs, these faces separate
/// three pairs in four of those GJK needed steps for.
fn centre_against_faces(
    (p, tp, mp): (&ConvexHull, Vec3, Mat3),
    (q, tq, mq, cq): (&ConvexHull, Vec3, Mat3, Vec3),
    r: f32,
) -> Option<bool> {
    let (f, g) = p.deepest_plane(mp.transpose() * (cq - tp))?;
    if g < -r {
        return (q.inradius > r).then_some(true);
    }
    // `q` lies within its radius of its centre and holds its inscribed
    // ball: along the face's normal its least point lies between `g − radius`
    // and `g − inradius` beyond the plane (to the rounding).
    if g - q.radius > CONTACT_TOLERANCE + 2.0 * r {
        return Some(false);
    }
    if g - q.inradius <= CONTACT_TOLERANCE {
        return None;
    }
    let face = &p.faces[f];
    let n = mp * face.normal;
    let (lo, _) = q.range(mq.transpose() * n);
    let gap = lo + n.dot(tq) - (face.offset + n.dot(tp));
    (gap > CONTACT_TOLERANCE + r).then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::test_rng::Rng;
    use crate::geom3d::{distance, Aabb3, Hull3, Obb3, Pose3, ShapeKind3, Triangle3};

    /// A box (AABB or OBB, thin half the time) of about `size` at `at`, or
    /// every third pair a triangle, every fifth a hull.
    fn boxed(r: &mut Rng, i: usize, size: f32, at: Vec3) -> Option<Shape3> {
        if i % 5 == 4 {
            return hull(r, size, at);
        }
        if i % 3 == 1 {
            let v = [r.v(size), r.v(size), r.v(size)];
            return Triangle3::new(Pose3::at(at), v).ok().map(Shape3::Triangle);
        }
        let mut h = (r.v(size).abs() + Vec3::splat(0.05 * size)).max(Vec3::splat(1e-4));
        if i % 4 < 2 {
            h.z *= 0.03;
        }
        if i.is_multiple_of(2) {
            return Aabb3::new(Pose3::at(at), h).ok().map(Shape3::Aabb);
        }
        let deg = [r.f() * 360.0, r.f() * 360.0, r.f() * 360.0];
        let pose = Pose3::from_euler_deg(ShapeKind3::Obb, at, deg).ok()?;
        Obb3::new(pose, h).ok().map(Shape3::Obb)
    }

    /// An irregular hull of 4 to 40 points of about `size` at `at`.
    fn hull(r: &mut Rng, size: f32, at: Vec3) -> Option<Shape3> {
        let deg = [r.f() * 360.0, r.f() * 360.0, r.f() * 360.0];
        let pose = Pose3::from_euler_deg(ShapeKind3::Hull, at, deg).ok()?;
        let n = 4 + (r.f() * 37.0) as usize;
        let pts: Vec<Vec3> = (0..n).map(|_| r.v(size)).collect();
        Hull3::new(pose, &pts, false).ok().map(Shape3::Hull)
    }

    /// Where a hull's balls decide against a box or a triangle
    /// ([`hull_balls`]), a box face's axis against a hull ([`box_hull`]),
    /// or a hull's centre against another's faces
    /// ([`centre_against_faces`]), they give `distance`'s verdict, in
    /// either order; each way is met often. Sizes 1e-3 to 1e3, 5e3 from the origin,
    /// the hull's centre from inside the box to well beyond its bounding
    /// ball, thin boxes half the time.
    #[test]
    fn hull_balls_decide_as_the_distance_does() {
        let mut r = Rng(0x27_b4);
        let (mut apart, mut overlap, mut by_axis, mut by_faces) = (0, 0, 0, 0);
        for i in 0..6000 {
            let size = 10f32.powf(r.f() * 6.0 - 3.0);
            let at = r.v(5e3);
            let off = r.v(2.0 * size);
            let (Some(a), Some(b)) = (boxed(&mut r, i, size, at), hull(&mut r, size, at + off))
            else {
                continue;
            };
            let (x, y) = if i.is_multiple_of(3) {
                (&b, &a)
            } else {
                (&a, &b)
            };
            let fast = closed_form(x, y);
            let want = distance(x, y).distance <= CONTACT_TOLERANCE;
            match fast {
                Fast::Decided(hit) => {
                    assert_eq!(hit, want, "pair {i}: {x:?} {y:?}");
                    apart += usize::from(!hit);
                    overlap += usize::from(hit);
                    by_axis += usize::from(!hit && ball_reaches_box(&a, &b));
                    by_faces += usize::from(hulls_past_their_balls(&a, &b));
                }
                Fast::NoForm => {}
                Fast::Band => panic!("pair {i}: the hull's balls have no band"),
            }
            assert_eq!(intersects(x, y), want, "pair {i}: {x:?} {y:?}");
        }
        assert!(
            apart > 500 && overlap > 300 && by_axis > 100 && by_faces > 100,
            "{apart} apart ({by_axis} by a box face's axis), {overlap} overlapping; \
             {by_faces} hull pairs past their balls"
        );
    }

    /// A thin plate (a hull) parallel to a cube's top face (a hull), its
    /// centre just above or just below the face: the centre against the
    /// cube's faces must not call the plate inside when it is above, nor
    /// apart when below (small plates just above touch within the
    /// tolerance). Sizes 1e-3 to 1e3, 5e3 from the origin.
    #[test]
    fn a_plate_just_above_a_face_is_apart_and_just_below_overlaps() {
        let corners = |h: Vec3| -> Vec<Vec3> {
            (0..8)
                .map(|k| {
                    let s = |b: usize| if k >> b & 1 == 1 { 1.0 } else { -1.0 };
                    Vec3::new(s(0) * h.x, s(1) * h.y, s(2) * h.z)
                })
                .collect()
        };
        for e in -3..=3 {
            let size = 10f32.powi(e);
            let at = Vec3::new(4e3, -5e3, 3e3);
            let cube = Hull3::new(Pose3::at(at), &corners(Vec3::splat(size)), false);
            for s in [0.01f32, 0.003, -0.003, -0.01] {
                let plate_at = at + Vec3::new(0.0, 0.0, size * (1.0 + s));
                let half = Vec3::new(size, size, 1e-3 * size);
                let plate = Hull3::new(Pose3::at(plate_at), &corners(half), false);
                let (Ok(a), Ok(b)) = (cube.clone(), plate) else {
                    panic!("hulls of scale {size}");
                };
                let (a, b) = (Shape3::Hull(a), Shape3::Hull(b));
                // The plate's underside above the top face (below: < 0).
                let gap = (s - 1e-3) * size;
                let want = gap <= CONTACT_TOLERANCE;
                assert_eq!(intersects(&a, &b), want, "scale {size}, s {s}");
                assert_eq!(intersects(&b, &a), want, "scale {size}, s {s}");
            }
        }
    }

    /// Whether two hulls are past what their balls decide (the bounding
    /// balls meet, the inscribed ones do not), where only a centre against
    /// the other's faces can.
    fn hulls_past_their_balls(a: &Shape3, b: &Shape3) -> bool {
        let (Shape3::Hull(x), Shape3::Hull(y)) = (a, b) else {
            return false;
        };
        let centre = |h: &Hull3| h.pose.position() + h.pose.matrix() * h.hull.centroid;
        let d = (centre(x) - centre(y)).length();
        d <= x.hull.radius + y.hull.radius && d >= x.hull.inradius + y.hull.inradius
    }

    /// Whether the ball about the hull `b`'s centre that holds it reaches
    /// the box `a` (then only the box face's axis can say they are apart).
    fn ball_reaches_box(a: &Shape3, b: &Shape3) -> bool {
        let (Some((c, m, h)), Shape3::Hull(y)) = (as_box(a, Vec3::ZERO), b) else {
            return false;
        };
        let centre = y.pose.position() + y.pose.matrix() * y.hull.centroid;
        point_box_offset(centre, c, m, h).3.sqrt() <= f64::from(y.hull.radius)
    }
}
