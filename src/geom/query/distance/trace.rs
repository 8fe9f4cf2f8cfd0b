//! The iterations of GJK and EPA, recorded only when asked for: the queries
//! are generic over a recorder, and `()` records nothing.

use crate::geom::Vec2;

/// One GJK iteration, world coordinates: the simplex (vertices of the
/// Minkowski difference B − A, as offsets from the origin), its point
/// closest to the origin, the search direction, and the support points
/// found along it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GjkStep {
    /// Simplex vertices `w = support_b − support_a` (the first `count`).
    pub simplex: [Vec2; 3],
    /// How many simplex vertices there are (1 or 2; 3 ends the search).
    pub count: usize,
    /// The simplex point closest to the origin (a vector, B − A).
    pub closest: Vec2,
    /// The search direction (towards the origin), not normalised.
    pub direction: Vec2,
    /// A's core support point against the direction, world units.
    pub support_a: Vec2,
    /// B's core support point along the direction, world units.
    pub support_b: Vec2,
}

/// Receives GJK iterations (relative to the query's frame origin).
pub trait GjkRecorder {
    /// One iteration.
    fn step(&mut self, _step: GjkStep) {}
}

impl GjkRecorder for () {}

/// The recorded iterations of [`crate::geom::gjk_traced`], world coordinates.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GjkTrace {
    /// The iterations in order.
    pub steps: Vec<GjkStep>,
}

/// Shifts support points into world coordinates as they are recorded.
pub(crate) struct Shifted<'t, T> {
    pub trace: &'t mut T,
    pub o: Vec2,
}

impl GjkRecorder for Shifted<'_, GjkTrace> {
    fn step(&mut self, mut step: GjkStep) {
        step.support_a += self.o;
        step.support_b += self.o;
        self.trace.steps.push(step);
    }
}

/// One EPA iteration: the polytope (a convex polygon inside the Minkowski
/// difference B − A around the origin), its edge nearest the origin, and
/// the support point found along that edge's normal.
#[derive(Debug, Clone, PartialEq)]
pub struct EpaStep {
    /// Polytope vertices, counter-clockwise (offsets B − A).
    pub polytope: Vec<Vec2>,
    /// Index of the nearest edge (from vertex `edge` to the next).
    pub edge: usize,
    /// That edge's outward unit normal.
    pub normal: Vec2,
    /// Its distance from the origin (the depth so far, cores only).
    pub distance: f32,
    /// The support point of B − A along the normal.
    pub support: Vec2,
    /// How far the support reaches beyond the edge: 0 (within rounding) ends.
    pub gain: f32,
}

/// Receives EPA iterations.
pub trait EpaRecorder {
    /// One iteration (`polytope` is the current polygon).
    fn step(
        &mut self,
        _polytope: &[Vec2],
        _edge: usize,
        _normal: Vec2,
        _distance: f32,
        _support: Vec2,
        _gain: f32,
    ) {
    }
}

impl EpaRecorder for () {}

/// The recorded iterations of [`crate::geom::epa_traced`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EpaTrace {
    /// The iterations in order.
    pub steps: Vec<EpaStep>,
}

impl EpaRecorder for EpaTrace {
    fn step(
        &mut self,
        polytope: &[Vec2],
        edge: usize,
        normal: Vec2,
        distance: f32,
        support: Vec2,
        gain: f32,
    ) {
        self.steps.push(EpaStep {
            polytope: polytope.to_vec(),
            edge,
            normal,
            distance,
            support,
            gain,
        });
    }
}
