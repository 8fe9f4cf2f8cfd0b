use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::shape::ConvexHull;
use glam::{Mat3, Vec3};

/// Point in convex polyhedron: inside when on the inner side of every face
/// plane (Ericson 5.4.2; the polyhedron is the intersection of its faces'
/// half-spaces). `hull` is in its local frame at `t`, turned by `m`. Outside
/// by at most the tolerance on some plane, the exact distance decides (a
/// corner region is further than its planes say).
pub fn point_in_hull(p: Vec3, hull: &ConvexHull, t: Vec3, m: Mat3) -> bool {
    let local = m.transpose() * (p - t);
    let mut worst = f32::NEG_INFINITY;
    for f in &hull.faces {
        worst = worst.max(f.normal.dot(local) - f.offset);
        if worst > CONTACT_TOLERANCE {
            return false;
        }
    }
    if worst <= 0.0 && !hull.flat {
        return true;
    }
    // In the band, or a flat hull: the nearest point of the polygon faces.
    let mut best = f32::INFINITY;
    for f in &hull.faces {
        let a = hull.vertices[f.loop_[0] as usize];
        for k in 1..f.loop_.len().saturating_sub(1) {
            let b = hull.vertices[f.loop_[k] as usize];
            let c = hull.vertices[f.loop_[k + 1] as usize];
            let x = crate::geom3d::query::segment::closest_point_on_triangle(local, a, b, c);
            best = best.min((x - local).length_squared());
        }
    }
    (worst <= 0.0 && !hull.flat) || best <= CONTACT_TOLERANCE * CONTACT_TOLERANCE
}
