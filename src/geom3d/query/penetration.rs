//! Penetration depth and the minimum translation vector in 3D.

use crate::common::Side;
use crate::geom3d::query::piece::piece;
use crate::geom3d::query::sat::{for_each_candidate, gap, mtv_on, verdict, Visit};
use crate::geom3d::Shape3;
use glam::Vec3;

/// How deep two intersecting shapes overlap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penetration3 {
    /// Length of the shortest translation that separates them, world units (≥ 0).
    pub depth: f32,
    /// That translation, applied to B: `B.position += mtv` leaves them touching.
    pub mtv: Vec3,
    /// Unit axis of the translation (`mtv = axis * depth`).
    pub axis: Vec3,
}

/// Penetration of two intersecting bounded shapes; `None` when they do not
/// intersect or one is an unbounded ray. One inside the other is included.
///
/// The least overlap over the SAT candidate axes. For two solid polytopes
/// those are the facet normals of the Minkowski difference, so the least
/// overlap is the distance from the origin to its boundary: the exact
/// depth. For rounded shapes whose cores overlap the same holds for the
/// cores, and the radii add to it; whose cores are apart, the nearest-points
/// axis carries the exact depth `rA + rB − core distance`.
/// Never allocates.
pub fn penetration(a: &Shape3, b: &Shape3) -> Option<Penetration3> {
    if !(a.is_bounded() && b.is_bounded()) {
        return None;
    }
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let mut best: Option<(f32, Vec3, f32, f32)> = None; // gap, axis, up, down
    let mut skipped = false;
    for_each_candidate(&p, &q, |v, _| {
        match v {
            Visit::Test(axis) => {
                let (ia, ib) = (p.project(axis), q.project(axis));
                let g = gap(&ia, &ib);
                if best.is_none_or(|b| g > b.0) {
                    best = Some((g, axis, ia.max - ib.min, ib.max - ia.min));
                }
            }
            Visit::Skip(_) => skipped = true,
            Visit::Pruned => {}
        }
        true
    });
    let (g, axis, up, down) = best?;
    if !verdict(&p, &q, g, skipped) {
        return None;
    }
    let mtv = mtv_on(axis, up, down);
    let depth = mtv.length();
    Some(Penetration3 {
        depth,
        mtv,
        axis: if up <= down { axis } else { -axis },
    })
}
