use super::disc_capsule::{disc_capsule_trace, DiscCapsuleTrace};
use crate::geom::pose::unrotate;
use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Which step of Milo Yip's sector–disc test gave the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectorDiscStep {
    /// Step 1: the centres are farther apart than `R + r`: no intersection.
    Far,
    /// Step 3: the disc's centre lies within the angular span: they intersect.
    Span,
    /// Step 4: outside the span, the edge segment decides.
    Edge,
}

/// The working of [`sector_disc`]: every number it decides with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SectorDiscTrace {
    /// `|c − apex|`, world units.
    pub centre_distance: f32,
    /// `R + r`: the far-test limit (the test adds the contact tolerance).
    pub reach: f32,
    /// The disc's centre in the sector's frame (apex at the origin, facing +x).
    pub local: Vec2,
    /// `local` reflected onto the upper half: `(x, |y|)`.
    pub reflected: Vec2,
    /// Left side of the span test: `p.x`.
    pub span_lhs: f32,
    /// Right side of the span test: `|p| cos θ`.
    pub span_rhs: f32,
    /// The upper edge's far end, local: `R (cos θ, sin θ)`.
    pub edge_end_local: Vec2,
    /// Closest point of the upper edge to `reflected`, local (step 4 only).
    pub edge_closest_local: Option<Vec2>,
    /// Its distance to `reflected` (step 4 only).
    pub edge_distance: Option<f32>,
    /// The step that decided.
    pub step: SectorDiscStep,
    /// The answer (touching within the contact tolerance counts).
    pub result: bool,
}

/// Sector–disc by symmetry (Milo Yip, "How to test whether a circular sector
/// and a circle intersect", 2013, after his answer on Zhihu):
///
/// 1. far test: if `|c − apex| > R + r` they cannot meet;
/// 2. carry the centre into the sector's frame (apex at the origin, facing
///    +x) and reflect it onto the upper side: `p = (x, |y|)`;
/// 3. if `p.x > |p| cos θ` the centre lies within the angular span, and
///    step 1 already showed the disc reaches the arc (or contains it);
/// 4. otherwise the nearest part of the sector is its upper edge, the
///    segment from the origin to `R (cos θ, sin θ)`: test the disc against it.
///
/// Valid for every half-angle θ in (0°, 180°] (the non-convex ones too).
/// `facing` is the sector's unit direction, `half = (cos θ, sin θ)`.
#[inline]
pub fn sector_disc(apex: Vec2, facing: Vec2, half: Vec2, radius: f32, c: Vec2, r: f32) -> bool {
    decide(apex, facing, half, radius, c, r, None)
}

/// [`sector_disc`] worked: the same computation, recorded.
pub fn sector_disc_trace(
    apex: Vec2,
    facing: Vec2,
    half: Vec2,
    radius: f32,
    c: Vec2,
    r: f32,
) -> SectorDiscTrace {
    let mut t = SectorDiscTrace {
        centre_distance: 0.0,
        reach: 0.0,
        local: Vec2::ZERO,
        reflected: Vec2::ZERO,
        span_lhs: 0.0,
        span_rhs: 0.0,
        edge_end_local: Vec2::ZERO,
        edge_closest_local: None,
        edge_distance: None,
        step: SectorDiscStep::Far,
        result: false,
    };
    decide(apex, facing, half, radius, c, r, Some(&mut t));
    t
}

/// The test; fills `trace` when given (with `None` it costs nothing).
#[inline(always)]
fn decide(
    apex: Vec2,
    facing: Vec2,
    half: Vec2,
    radius: f32,
    c: Vec2,
    r: f32,
    mut trace: Option<&mut SectorDiscTrace>,
) -> bool {
    let d = c - apex;
    let reach = radius + r + CONTACT_TOLERANCE;
    let far = d.length_squared() > reach * reach;
    if let Some(t) = trace.as_deref_mut() {
        // Everything the panel shows, even past the step that decides.
        let local = unrotate(facing, d);
        let reflected = Vec2::new(local.x, local.y.abs());
        *t = SectorDiscTrace {
            centre_distance: d.length(),
            reach: radius + r,
            local,
            reflected,
            span_lhs: reflected.x,
            span_rhs: reflected.length() * half.x,
            edge_end_local: half * radius,
            edge_closest_local: None,
            edge_distance: None,
            step: SectorDiscStep::Far,
            result: false,
        };
    }
    if far {
        return false;
    }
    let mut p = unrotate(facing, d);
    p.y = p.y.abs();
    if p.x > p.length() * half.x {
        if let Some(t) = trace {
            t.step = SectorDiscStep::Span;
            t.result = true;
        }
        return true;
    }
    match trace {
        None => super::disc_capsule(p, r, Vec2::ZERO, half * radius, 0.0),
        Some(t) => {
            let e: DiscCapsuleTrace = disc_capsule_trace(p, r, Vec2::ZERO, half * radius, 0.0);
            t.step = SectorDiscStep::Edge;
            t.edge_closest_local = Some(e.closest);
            t.edge_distance = Some(e.dist_sq.sqrt());
            t.result = e.result;
            e.result
        }
    }
}
