//! Time of impact by conservative advancement, and for two boxes or
//! polygons in one pass over their faces (`polygons`).

use super::impact::Toi;
use super::polygons;
use crate::geom::query::distance::piece_distance;
use crate::geom::query::manifold::contact_normal;
use crate::geom::query::piece::{pieces, Piece};
use crate::geom::{intersects, Shape, Side, Vec2, CONTACT_TOLERANCE};

/// Distance at which the advancement stops, world units: a step then moves
/// `t` by at most this over the closing speed (more where the coordinates
/// round coarser, see `piece_toi`).
const TARGET: f32 = 1e-6;
const MAX_STEPS: u32 = 64;
/// Below this distance (world units, a tenth of the contact tolerance) the
/// direction between the closest points is not trusted to tell approach
/// from retreat.
const NOISE: f32 = 1e-5;

/// When `a` moving by `motion_a` and `b` by `motion_b` (world units over
/// `t` in `[0, 1]`, straight lines, no rotation) first touch.
///
/// - Shapes that already intersect ([`crate::geom::intersects`], touching
///   within the contact tolerance included) touch at `t = 0`, whatever
///   their kinds and motions: the verdict and the time of impact agree.
/// - Otherwise `None` when they do not touch within `[0, 1]`, when either
///   shape is unbounded (a line or an unbounded ray: not computed), or when
///   a motion is not finite. Touching after `t = 0` means distance 0 (not
///   the contact tolerance), as parry's `cast_shapes` with a target
///   distance of 0.
///
/// Any finite motions are accepted: where their difference would overflow
/// f32 (beyond about 3.4e38) half of it is cast and the time doubled back,
/// exact since shapes within the coordinate limits touch, if at all, long
/// before half such a motion. A shape with two pieces (a wide sector) takes
/// the earliest piece pair. Never allocates.
pub fn time_of_impact(a: &Shape, motion_a: Vec2, b: &Shape, motion_b: Vec2) -> Option<Toi> {
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    let o = a.pose().position();
    if intersects(a, b) {
        let h = at_rest(a, b);
        return Some(Toi {
            point: h.point + o,
            ..h
        });
    }
    let (v, scale) = relative_motion(motion_a, motion_b);
    let found = match polygons::toi(a, b, v) {
        Some(found) => found,
        None => by_advancement(a, b, v),
    };
    found.map(|h| {
        let t = h.t * scale;
        Toi {
            t,
            point: h.point + o + motion_a * t,
            ..h
        }
    })
}

/// B's motion relative to A and the factor that turns the cast's time back
/// into the step's: `(motion_b − motion_a, 1)`, or half of it and `0.5`
/// where the difference overflows f32.
fn relative_motion(motion_a: Vec2, motion_b: Vec2) -> (Vec2, f32) {
    let v = motion_b - motion_a;
    if v.is_finite() {
        (v, 1.0)
    } else {
        (motion_b * 0.5 - motion_a * 0.5, 0.5)
    }
}

/// Which path of [`time_of_impact`] answered, in words: already touching,
/// the boxes-and-polygons pass over the faces (a hit or a miss), or
/// conservative advancement. For the benches' counts.
#[doc(hidden)]
pub fn toi_decided_by(a: &Shape, motion_a: Vec2, b: &Shape, motion_b: Vec2) -> &'static str {
    if intersects(a, b) {
        return "touching at t = 0";
    }
    match polygons::toi(a, b, relative_motion(motion_a, motion_b).0) {
        Some(Some(_)) => "polygons: hit",
        Some(None) => "polygons: miss",
        None => "advancement",
    }
}

/// [`time_of_impact`] by conservative advancement for every pair, boxes
/// and polygons included (for tests that hold the two paths to one answer).
#[doc(hidden)]
pub fn time_of_impact_by_advancement(
    a: &Shape,
    motion_a: Vec2,
    b: &Shape,
    motion_b: Vec2,
) -> Option<Toi> {
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    let (v, scale) = relative_motion(motion_a, motion_b);
    let o = a.pose().position();
    by_advancement(a, b, v).map(|h| {
        let t = h.t * scale;
        Toi {
            t,
            point: h.point + o + motion_a * t,
            ..h
        }
    })
}

/// The touch of two shapes that already intersect, at `t = 0` (relative to
/// A's position): the closest piece pair's shared point (its normal of
/// least overlap), or, touching within the tolerance, the midpoint of its
/// closest points and the direction from A's to B's.
fn at_rest(a: &Shape, b: &Shape) -> Toi {
    let o = a.pose().position();
    let pb = pieces(b, Side::B, o);
    let mut best = Toi {
        t: 0.0,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        distance: f32::INFINITY,
        iterations: 1,
    };
    for p in pieces(a, Side::A, o).iter() {
        for q in pb.iter() {
            let d = piece_distance(p, q);
            if d.distance >= best.distance {
                continue;
            }
            let apart = (d.point_b - d.point_a).normalize_or_zero();
            let normal = if d.distance <= 0.0 {
                contact_normal(p, q, CONTACT_TOLERANCE).map_or(apart, |c| c.0)
            } else {
                apart
            };
            best = Toi {
                point: (d.point_a + d.point_b) * 0.5,
                normal,
                distance: d.distance.max(0.0),
                ..best
            };
        }
    }
    if !best.distance.is_finite() {
        best.distance = 0.0;
    }
    best
}

/// Conservative advancement over every piece pair, B moving by `v`
/// relative to A; the point relative to A's position at time 0.
fn by_advancement(a: &Shape, b: &Shape, v: Vec2) -> Option<Toi> {
    if !(a.is_bounded() && b.is_bounded()) {
        return None;
    }
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let mut best: Option<Toi> = None;
    for p in pa.iter() {
        for k in 0..2 {
            if pieces(b, Side::B, o).items[k].is_none() {
                continue;
            }
            if let Some(hit) = piece_toi(p, b, k, o, v) {
                if best.is_none_or(|b| hit.t < b.t) {
                    best = Some(hit);
                }
            }
        }
    }
    best
}

/// Piece `k` of `b` moved by `v t`, relative to the frame origin `o`.
fn moved<'a>(b: &'a Shape, k: usize, o: Vec2, v: Vec2, t: f32) -> Option<Piece<'a>> {
    pieces(b, Side::B, o - v * t).items[k]
}

/// Conservative advancement of piece `k` of `b` against the fixed piece `p`
/// (relative motion `v`); the point relative to the frame origin.
fn piece_toi(p: &Piece, b: &Shape, k: usize, o: Vec2, v: Vec2) -> Option<Toi> {
    // Far from A or large, the pieces' coordinates round coarser than the
    // fixed stops: each grows with the magnitude (a few units of f32
    // rounding of it; the end check as SAT's uncertain band).
    let start = moved(b, k, o, v, 0.0)?;
    // The motion counts up to the pieces' own reach: a hit comes before B
    // has moved farther than that, so a larger motion rounds no coarser.
    let reach = p.magnitude() + start.magnitude();
    let mag = reach + v.abs().max_element().min(reach);
    let target = TARGET.max(2.0 * f32::EPSILON * mag);
    let noise = NOISE.max(20.0 * f32::EPSILON * mag);
    let tolerance = CONTACT_TOLERANCE.max(1e-6 * mag);
    let mut t = 0.0f32;
    // The last direction measured far enough apart to trust.
    let mut trusted = -v.normalize_or_zero();
    for step in 0..MAX_STEPS {
        let q = if step == 0 {
            start
        } else {
            moved(b, k, o, v, t)?
        };
        let d = piece_distance(p, &q);
        if d.distance <= 0.0 && step == 0 {
            // Already intersecting: the normal of least overlap.
            let (normal, _, _) = contact_normal(p, &q, CONTACT_TOLERANCE)?;
            return Some(Toi {
                t: 0.0,
                point: d.point_a,
                normal,
                distance: 0.0,
                iterations: 1,
            });
        }
        let between = d.point_b - d.point_a;
        let len = between.length();
        if len > noise {
            trusted = between / len;
        }
        let normal = trusted;
        // The answer at this step: the midpoint of the closest points.
        let here = || Toi {
            t,
            point: (d.point_a + d.point_b) * 0.5,
            normal,
            distance: d.distance,
            iterations: step + 1,
        };
        if d.distance <= target {
            return Some(here());
        }
        // The distance shrinks at most at `-v · n` per unit t.
        let closing = -v.dot(normal);
        if closing <= 0.0 {
            // Within a hair the closest points' direction is rounding noise:
            // touching. Further out the distance no longer shrinks: a miss.
            if d.distance <= noise {
                return Some(here());
            }
            return None;
        }
        let next = t + d.distance / closing;
        if next > 1.0 {
            return None;
        }
        if next <= t {
            // No representable progress: as close as f32 allows.
            return Some(here());
        }
        t = next;
    }
    // Out of steps (a grazing approach converges slowly): touching only
    // when within the contact tolerance.
    let q = moved(b, k, o, v, t)?;
    let d = piece_distance(p, &q);
    if d.distance > tolerance {
        return None;
    }
    let normal = (d.point_b - d.point_a).normalize_or_zero();
    Some(Toi {
        t,
        point: (d.point_a + d.point_b) * 0.5,
        normal,
        distance: d.distance,
        iterations: MAX_STEPS,
    })
}
