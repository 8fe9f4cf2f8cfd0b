//! The result of a 3D time-of-impact query (a leaf: `toi.rs` and
//! `swept.rs` both build it, and neither imports the other for it).

use glam::Vec3;

/// Which path of [`time_of_impact3`](super::time_of_impact3) answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImpactPath3 {
    /// The shapes already intersect at `t = 0` (touching within the contact
    /// tolerance included).
    AtRest,
    /// Two polytopes without radius: the GJK ray cast of the motion into
    /// their Minkowski difference (van den Bergen 2004), exact to a bound
    /// relative to the pair's size (see `common::gjk::cast`).
    RayCast,
    /// Two polytopes without radius whose Minkowski difference has volume,
    /// where the ray cast could not certify its answer: the swept
    /// separating-axis test over their face normals and edge cross
    /// products, exact (one pass over the axes).
    SweptSat,
    /// Conservative advancement with GJK's distance (a sphere, a capsule,
    /// or a pair whose Minkowski difference is flat).
    Advancement,
}

impl ImpactPath3 {
    /// The path in words, for benches and panels.
    pub fn words(self) -> &'static str {
        match self {
            ImpactPath3::AtRest => "touching at t = 0",
            ImpactPath3::RayCast => "GJK ray cast (exact)",
            ImpactPath3::SweptSat => "swept SAT (exact)",
            ImpactPath3::Advancement => "conservative advancement",
        }
    }
}

/// The first touch of two shapes moving by translations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impact3 {
    /// Time of impact in `[0, 1]` (0 when they already intersect, touching
    /// within the contact tolerance included).
    pub t: f32,
    /// The touching point, world units, at time `t`: the midpoint of the
    /// shapes' closest points then (for face contact, the one point of the
    /// shared patch GJK reaches; a point of the overlap when `t` is 0).
    pub point: Vec3,
    /// Unit normal from A to B at time `t`.
    pub normal: Vec3,
    /// Distance left at `t`, world units, as GJK measures it there (at most
    /// the stopping distance of the advancement, 1e-10 of the pair's size
    /// for the ray cast, or rounding for the swept SAT; 0 when overlapping at `t = 0`, the gap itself when touching
    /// within the contact tolerance at `t = 0`).
    pub distance: f32,
    /// Advancement steps taken, or the ray cast's support steps (1 for the
    /// swept SAT and at rest).
    pub iterations: u32,
    /// Which path decided.
    pub path: ImpactPath3,
}
