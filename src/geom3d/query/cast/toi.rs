//! Time of impact in 3D: the GJK ray cast for polytopes (`ray`), the
//! exact swept SAT where the cast cannot certify its answer (`swept`),
//! conservative advancement for the rest.

use super::impact::{Impact3, ImpactPath3};
use super::ray;
use super::swept::{sweep, sweepable};
use crate::common::gjk::TOUCH;
use crate::common::{Side, CONTACT_TOLERANCE};
use crate::geom3d::query::distance::piece_distance_dir;
use crate::geom3d::query::piece::{piece, Core, Piece};
use crate::geom3d::{intersects, penetration, Shape3};
use glam::Vec3;

/// Distance at which the advancement stops, world units: a step then moves
/// `t` by at most this over the closing speed (more where the coordinates
/// round coarser, see `advance`).
const TARGET: f32 = 1e-6;
const MAX_STEPS: u32 = 64;
/// Below this distance (world units, a tenth of the contact tolerance) the
/// direction between the closest points is not trusted to tell approach
/// from retreat.
const NOISE: f32 = 1e-5;

/// When `a` moving by `motion_a` and `b` by `motion_b` (world units over
/// `t` in `[0, 1]`, straight lines, no rotation) first touch.
///
/// - Shapes that already intersect ([`crate::geom3d::intersects`], touching
///   within the contact tolerance included) touch at `t = 0`, whatever
///   their kinds and motions ([`ImpactPath3::AtRest`]).
/// - Otherwise `None` when they do not touch within `[0, 1]`, when either
///   shape is an unbounded ray (not computed), or when a motion is not
///   finite. Touching after `t = 0` means distance 0 (not the contact
///   tolerance), as parry's `cast_shapes` with a target distance of 0.
///   Two polytopes without radius (boxes, hulls, triangles, segments,
///   points) take the GJK ray cast ([`ImpactPath3::RayCast`]): `t` is
///   never later than the exact first touch (beyond `f64` rounding), and
///   the shapes at `t` are at most `1e-10 S` apart, `S` the size of their
///   Minkowski difference relative to A's position (the pair's size plus
///   its separation); a miss is certified by a separating plane. Where the
///   cast cannot certify its answer (a stall by rounding) the exact swept
///   SAT answers ([`ImpactPath3::SweptSat`]) when the Minkowski difference
///   has volume. Every other pair takes conservative advancement to within
///   `max(1e-6, 2 f32 roundings of the pieces' magnitude)` of touching
///   ([`ImpactPath3::Advancement`]; a grazing approach that runs out of
///   its 64 steps counts when within the contact tolerance, scaled as the
///   SAT's band with the magnitude).
///
/// Only B's motion relative to A matters: swapping A and B (and their
/// motions) gives the same `t` and the opposite normal. Where the motions'
/// difference would overflow f32 half of it is cast and the time doubled
/// back. Never allocates, except the arc tables of solid hulls when the
/// swept SAT answers.
pub fn time_of_impact3(a: &Shape3, motion_a: Vec3, b: &Shape3, motion_b: Vec3) -> Option<Impact3> {
    decide(a, motion_a, b, motion_b).0
}

/// [`time_of_impact3`] with the route that decided it, in words (the
/// path, and whether it found a hit or a miss).
fn decide(
    a: &Shape3,
    motion_a: Vec3,
    b: &Shape3,
    motion_b: Vec3,
) -> (Option<Impact3>, &'static str) {
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return (None, "not computed");
    }
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let (v, scale) = relative_motion(motion_a, motion_b);
    let finish = |h: Impact3| {
        let t = (h.t * scale).min(1.0);
        Impact3 {
            t,
            point: h.point + o + motion_a * t,
            ..h
        }
    };
    let at_start = |a: &Shape3, b: &Shape3| {
        let h = at_rest(a, b);
        Impact3 {
            point: h.point + o,
            ..h
        }
    };
    if !ray::castable(&p, &q) {
        if intersects(a, b) {
            return (Some(at_start(a, b)), ImpactPath3::AtRest.words());
        }
        if !(a.is_bounded() && b.is_bounded()) {
            return (None, "not computed");
        }
        let (h, route) = fallback(&p, &q, v);
        return (h.map(finish), route);
    }
    let (c, s) = ray::cast(&p, &q, v);
    // A plane that kept the start further apart than every touching band
    // settles `intersects` without asking it.
    if c.apart_at_start <= clear_band(&p, &q) && intersects(a, b) {
        return (Some(at_start(a, b)), ImpactPath3::AtRest.words());
    }
    match ray::impact(&c, &s) {
        None => (None, "GJK ray cast: miss"),
        Some(h) if h.t > 0.0 && f64::from(h.distance) <= 2.0 * TOUCH * c.scale => {
            (Some(finish(h)), "GJK ray cast: hit")
        }
        // Stalled, or touching at 0 though `intersects` says apart: the
        // exact sweep or the advancement measures instead.
        Some(_) => {
            let (h, route) = fallback(&p, &q, v);
            (h.map(finish), route)
        }
    }
}

/// A distance at `t = 0` beyond which no `intersects` calls the pair
/// touching: twice the contact tolerance, or twice the rounding band the
/// SAT allows at the pieces' magnitude, whichever is larger.
fn clear_band(p: &Piece, q: &Piece) -> f64 {
    let mag = p.magnitude() + q.magnitude();
    2.0 * f64::from(CONTACT_TOLERANCE.max(crate::common::PROJECTION_ROUNDING * mag))
}

/// The swept SAT where the Minkowski difference has volume, else the
/// advancement, with the route in words (relative to A's position).
fn fallback(p: &Piece, q: &Piece, v: Vec3) -> (Option<Impact3>, &'static str) {
    if !sweepable(p, q) {
        let h = advance(p, q, v);
        let route = if h.is_some() {
            "advancement: hit"
        } else {
            "advancement: miss"
        };
        return (h, route);
    }
    match sweep(p, q, v) {
        // A latest entry at or before 0 for separated shapes is
        // rounding: the advancement measures instead.
        Some((t, _)) if t <= 0.0 => (advance(p, q, v), "swept SAT at 0: advancement"),
        Some((t, normal)) => (Some(swept_impact(p, q, v, t, normal)), "swept SAT: hit"),
        None => (None, "swept SAT: miss"),
    }
}

/// [`time_of_impact3`] by conservative advancement for every bounded pair,
/// polytopes included (for tests that hold the two paths to one answer);
/// `None` when the shapes already intersect at `t = 0` or do not touch.
#[doc(hidden)]
pub fn time_of_impact3_by_advancement(
    a: &Shape3,
    motion_a: Vec3,
    b: &Shape3,
    motion_b: Vec3,
) -> Option<Impact3> {
    if !(motion_a.is_finite() && motion_b.is_finite() && a.is_bounded() && b.is_bounded()) {
        return None;
    }
    let (v, scale) = relative_motion(motion_a, motion_b);
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    advance(&p, &q, v).map(|h| {
        let t = (h.t * scale).min(1.0);
        Impact3 {
            t,
            point: h.point + o + motion_a * t,
            ..h
        }
    })
}

/// Which path of [`time_of_impact3`] answered, in words: already
/// touching, the GJK ray cast, the swept SAT or conservative advancement
/// (each with a hit or a miss). For the benches' counts.
#[doc(hidden)]
pub fn toi3_decided_by(a: &Shape3, motion_a: Vec3, b: &Shape3, motion_b: Vec3) -> &'static str {
    decide(a, motion_a, b, motion_b).1
}

/// B's motion relative to A and the factor that turns the cast's time back
/// into the step's: `(motion_b − motion_a, 1)`, or half of it and `0.5`
/// where the difference overflows f32.
fn relative_motion(motion_a: Vec3, motion_b: Vec3) -> (Vec3, f32) {
    let v = motion_b - motion_a;
    if v.is_finite() {
        (v, 1.0)
    } else {
        (motion_b * 0.5 - motion_a * 0.5, 0.5)
    }
}

/// The touch of two shapes that already intersect, at `t = 0` (relative to
/// A's position): touching within the tolerance, the midpoint of the
/// closest points and the direction from A's to B's; overlapping, a shared
/// point and the normal of least overlap.
fn at_rest(a: &Shape3, b: &Shape3) -> Impact3 {
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let (d, dir) = piece_distance_dir(&p, &q);
    let apart = dir.unwrap_or_else(|| (d.point_b - d.point_a).normalize_or_zero());
    let normal = if d.distance > 0.0 {
        apart
    } else {
        penetration(a, b).map_or(apart, |pen| pen.axis)
    };
    Impact3 {
        t: 0.0,
        point: (d.point_a + d.point_b) * 0.5,
        normal,
        distance: d.distance.max(0.0),
        iterations: 1,
        path: ImpactPath3::AtRest,
    }
}

/// The impact the sweep found at `t` with `normal` (relative to A's
/// position): the point where GJK finds the shapes' closest points then.
fn swept_impact(p: &Piece, q: &Piece, v: Vec3, t: f32, normal: Vec3) -> Impact3 {
    let q = shifted(q, v * t);
    let (d, _) = piece_distance_dir(p, &q);
    Impact3 {
        t,
        point: (d.point_a + d.point_b) * 0.5,
        // `+ 0` writes a zero component as 0, not −0.
        normal: normal + Vec3::ZERO,
        distance: d.distance,
        iterations: 1,
        path: ImpactPath3::SweptSat,
    }
}

/// The piece `q` moved by `d` (in the query frame, relative to A's
/// position: moving the frame origin instead would round it at the
/// coordinates' magnitude).
fn shifted<'a>(q: &Piece<'a>, d: Vec3) -> Piece<'a> {
    let core = match q.core {
        Core::Point(p) => Core::Point(p + d),
        Core::Segment(p, r) => Core::Segment(p + d, r + d),
        Core::Box { c, m, h } => Core::Box { c: c + d, m, h },
        Core::Triangle(v) => Core::Triangle(v.map(|p| p + d)),
        Core::Hull { t, m, hull } => Core::Hull { t: t + d, m, hull },
        Core::Ray { origin, dir } => Core::Ray {
            origin: origin + d,
            dir,
        },
    };
    Piece { core, ..*q }
}

/// Conservative advancement of the piece `start` (relative motion `v`)
/// against the fixed piece `p`; the point relative to A's position.
fn advance(p: &Piece, start: &Piece, v: Vec3) -> Option<Impact3> {
    let moved = |t: f32| shifted(start, v * t);
    let start = *start;
    // Far from A or large, the pieces' coordinates round coarser than the
    // fixed stops: each grows with the magnitude (a few units of f32
    // rounding of it; the end check as SAT's uncertain band). The motion
    // counts up to the pieces' own reach: a hit comes before B has moved
    // farther than that.
    let reach = p.magnitude() + start.magnitude();
    let mag = reach + v.abs().max_element().min(reach);
    let target = TARGET.max(2.0 * f32::EPSILON * mag);
    let noise = NOISE.max(20.0 * f32::EPSILON * mag);
    let tolerance = CONTACT_TOLERANCE.max(crate::common::PROJECTION_ROUNDING * mag);
    let mut t = 0.0f32;
    // The last direction measured far enough apart to trust.
    let mut trusted = -v.normalize_or_zero();
    for step in 0..MAX_STEPS {
        let q = if step == 0 { start } else { moved(t) };
        let (d, dir) = piece_distance_dir(p, &q);
        let between = d.point_b - d.point_a;
        let len = between.length();
        if len > noise {
            trusted = dir.unwrap_or(between / len);
        }
        let here = Impact3 {
            t,
            point: (d.point_a + d.point_b) * 0.5,
            normal: trusted + Vec3::ZERO,
            distance: d.distance,
            iterations: step + 1,
            path: ImpactPath3::Advancement,
        };
        if d.distance <= target {
            return Some(here);
        }
        // The distance shrinks at most at `−v · n` per unit t.
        let closing = -v.dot(trusted);
        if closing <= 0.0 {
            // Within a hair the closest points' direction is rounding
            // noise: touching. Further out the distance no longer shrinks.
            return (d.distance <= noise).then_some(here);
        }
        let next = t + d.distance / closing;
        if next > 1.0 {
            return None;
        }
        if next <= t {
            // No representable progress: as close as f32 allows.
            return Some(here);
        }
        t = next;
    }
    // Out of steps (a grazing approach converges slowly): touching only
    // when within the contact tolerance.
    let (d, dir) = piece_distance_dir(p, &moved(t));
    if d.distance > tolerance {
        return None;
    }
    let normal = dir.unwrap_or_else(|| (d.point_b - d.point_a).normalize_or_zero());
    Some(Impact3 {
        t,
        point: (d.point_a + d.point_b) * 0.5,
        normal: normal + Vec3::ZERO,
        distance: d.distance,
        iterations: MAX_STEPS,
        path: ImpactPath3::Advancement,
    })
}
