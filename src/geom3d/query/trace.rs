//! The iterations of 3D GJK and EPA, recorded by the functions that decide
//! (the same loops `distance` and `penetration` run, told to record): what
//! a GJK/EPA view draws is what the algorithm did.
//!
//! Simplex and polytope points are offsets of the Minkowski difference
//! `B − A` (frame-free); support points on A and B are world points.

use crate::common::epa::{EpaObserver, Facet};
use crate::common::gjk::{Observer, Simplex, Vertex};
use crate::common::Side;
use crate::geom3d::query::distance::{with_radii, Distance3};
use crate::geom3d::query::epa::Mesh;
use crate::geom3d::query::gjk::{core_distance, run_simplex, Pair};
use crate::geom3d::query::penetration::{by_gjk_epa, Penetration3};
use crate::geom3d::query::piece::piece;
use crate::geom3d::Shape3;
use glam::{DVec3, Vec3};
use std::ops::ControlFlow;

/// One GJK iteration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GjkStep3 {
    /// Simplex vertices `w = support_b − support_a` (the first `count`),
    /// after the solver kept the sub-simplex nearest the origin.
    pub simplex: [Vec3; 4],
    /// How many simplex vertices there are (1 to 3; 4 encloses the origin
    /// and ends the search before a step is told).
    pub count: usize,
    /// The simplex's point nearest the origin (`B − A`).
    pub closest: Vec3,
    /// The search direction (towards the origin), not normalised.
    pub direction: Vec3,
    /// A's core support point against the direction, world.
    pub support_a: Vec3,
    /// B's core support point along the direction, world.
    pub support_b: Vec3,
}

/// The recorded iterations of [`gjk_traced`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GjkTrace3 {
    /// The iterations in order.
    pub steps: Vec<GjkStep3>,
}

/// One EPA iteration: the polytope (points of `B − A` around the origin
/// and the triangles of their hull), its triangle nearest the origin, and
/// the support point found along that triangle's normal.
#[derive(Debug, Clone, PartialEq)]
pub struct EpaStep3 {
    /// Polytope vertices (offsets `B − A`).
    pub vertices: Vec<Vec3>,
    /// Its triangles: indices into `vertices`, counter-clockwise seen
    /// from outside.
    pub triangles: Vec<[usize; 3]>,
    /// Index into `triangles` of the one nearest the origin.
    pub nearest: usize,
    /// That triangle's outward unit normal.
    pub normal: Vec3,
    /// Its plane's distance from the origin (the cores' depth so far).
    pub distance: f32,
    /// The support point of `B − A` along the normal.
    pub support: Vec3,
    /// How far the support reaches beyond the triangle's plane: at most
    /// `1e-9 · |support|` ends the search.
    pub gain: f32,
}

/// The recorded iterations of [`epa_traced`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EpaTrace3 {
    /// GJK's iterations on the cores (the last simplex seeds EPA).
    pub gjk: GjkTrace3,
    /// EPA's iterations; none when the cores did not overlap.
    pub steps: Vec<EpaStep3>,
    /// Which route answered, in words (EPA, the radii when the cores are
    /// apart, or the SAT where EPA was not trusted).
    pub route: &'static str,
}

/// Records GJK's iterations, support points shifted by `o` into the world.
struct Record<'t> {
    trace: &'t mut GjkTrace3,
    o: Vec3,
}

impl Observer<DVec3> for Record<'_> {
    fn step(&mut self, s: &Simplex<DVec3>, d: DVec3, w: &Vertex<DVec3>) -> ControlFlow<()> {
        let v = s.vertices();
        self.trace.steps.push(GjkStep3 {
            simplex: std::array::from_fn(|i| v.get(i).map_or(Vec3::ZERO, |x| x.w.as_vec3())),
            count: v.len(),
            closest: s.point().as_vec3(),
            direction: d.as_vec3(),
            support_a: w.a.as_vec3() + self.o,
            support_b: w.b.as_vec3() + self.o,
        });
        ControlFlow::Continue(())
    }
}

impl EpaObserver<DVec3, Mesh> for Vec<EpaStep3> {
    fn step(&mut self, poly: &Mesh, facet: &Facet<DVec3>, w: &Vertex<DVec3>, gain: f64) {
        self.push(EpaStep3 {
            vertices: poly.vertices().iter().map(|v| v.as_vec3()).collect(),
            triangles: poly.triangles().collect(),
            nearest: facet.id,
            normal: facet.normal.as_vec3(),
            distance: facet.distance as f32,
            support: w.w.as_vec3(),
            gain: gain as f32,
        });
    }
}

/// GJK between two bounded shapes with its iterations recorded in `trace`,
/// and the distance it found (radii included, not snapped to 0 within the
/// contact tolerance; 0 when they overlap); `None` when one is an unbounded
/// ray. [`crate::geom3d::distance`] may answer a sphere and a box in
/// closed form; this always runs GJK, to show it.
pub fn gjk_traced(a: &Shape3, b: &Shape3, trace: &mut GjkTrace3) -> Option<Distance3> {
    if !(a.is_bounded() && b.is_bounded()) {
        return None;
    }
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let (out, _) = run_simplex(&Pair::new(&p, &q), &mut Record { trace, o });
    let (d, _) = with_radii(core_distance(&out), p.radius, q.radius);
    Some(Distance3 {
        point_a: d.point_a + o,
        point_b: d.point_b + o,
        ..d
    })
}

/// Penetration of two bounded shapes by GJK and EPA with both recorded in
/// `trace` (for every pair of kinds, boxes and spheres included, to show
/// it); `None` when they do not intersect or one is an unbounded ray. The
/// depth is [`crate::geom3d::penetration`]'s; `trace.route` says which
/// route answered.
pub fn epa_traced(a: &Shape3, b: &Shape3, trace: &mut EpaTrace3) -> Option<Penetration3> {
    if !(a.is_bounded() && b.is_bounded()) {
        trace.route = "unbounded: none";
        return None;
    }
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let mut rec = Record {
        trace: &mut trace.gjk,
        o,
    };
    let (pen, route) = by_gjk_epa(&p, &q, &mut rec, &mut trace.steps);
    trace.route = route.describe();
    pen
}
