use crate::geom::pose::unrotate;
use crate::geom::query::segment::closest_point_on_segment;
use crate::geom::{Sector, Vec2, CONTACT_TOLERANCE};

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

/// The working of [`crate::geom::classic::sector_disc`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SectorDiscTrace {
    /// `|c − apex|`, world units.
    pub centre_distance: f32,
    /// `R + r`: the far-test limit.
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

/// Traces the sector–disc test for `sector` and the disc at `centre` of `radius`.
pub fn sector_disc_trace(sector: &Sector, centre: Vec2, radius: f32) -> SectorDiscTrace {
    let half = sector.half_angle_unit();
    let d = centre - sector.apex();
    let centre_distance = d.length();
    let reach = sector.radius() + radius;
    let local = unrotate(sector.facing(), d);
    let reflected = Vec2::new(local.x, local.y.abs());
    let span_lhs = reflected.x;
    let span_rhs = reflected.length() * half.x;
    let edge_end_local = half * sector.radius();
    let mut t = SectorDiscTrace {
        centre_distance,
        reach,
        local,
        reflected,
        span_lhs,
        span_rhs,
        edge_end_local,
        edge_closest_local: None,
        edge_distance: None,
        step: SectorDiscStep::Far,
        result: false,
    };
    let r = reach + CONTACT_TOLERANCE;
    if d.length_squared() > r * r {
        return t;
    }
    if span_lhs > span_rhs {
        t.step = SectorDiscStep::Span;
        t.result = true;
        return t;
    }
    let (q, _) = closest_point_on_segment(reflected, Vec2::ZERO, edge_end_local);
    let dist = (reflected - q).length();
    t.step = SectorDiscStep::Edge;
    t.edge_closest_local = Some(q);
    t.edge_distance = Some(dist);
    let rr = radius + CONTACT_TOLERANCE;
    t.result = (reflected - q).length_squared() <= rr * rr;
    t
}
