//! Penetration depth and the minimum translation vector.

use crate::common::Side;
use crate::geom::query::piece::pieces;
use crate::geom::query::sat::{for_each_bounds, Cached};
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};

/// How deep two intersecting shapes overlap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penetration {
    /// Length of the shortest translation that separates them, world units (≥ 0).
    pub depth: f32,
    /// That translation, applied to B: `B.position += mtv` leaves them touching.
    pub mtv: Vec2,
    /// Unit axis of the translation (`mtv = axis * depth`, up to sign when depth is 0).
    pub axis: Vec2,
}

/// Penetration of two intersecting bounded convex shapes; `None` when they do
/// not intersect, when one is unbounded (line, unbounded ray), or when one is
/// a sector with half-angle in (90°, 180°), which is not convex.
///
/// The least overlap over the SAT candidate axes: the candidate set contains
/// the normal of the Minkowski difference A − B at its point nearest the
/// origin, so this is the exact depth. Never allocates.
pub fn penetration(a: &Shape, b: &Shape) -> Option<Penetration> {
    if !(a.is_bounded() && b.is_bounded() && a.is_convex() && b.is_convex()) {
        return None;
    }
    let o = a.pose().position();
    if let Some(p) = disc_polygon(a, b, o) {
        return p;
    }
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let (p, q) = (pa.iter().next()?, pb.iter().next()?);
    let mut best: Option<(f32, Vec2, f32, f32)> = None; // gap, axis, up, down
                                                        // Both pieces' vertices turned into place once, the axes projected four
                                                        // at a time.
    for_each_bounds(
        &Cached::new(p),
        &Cached::new(q),
        |axis, [amin, amax], [bmin, bmax]| {
            // As `sat::gap`.
            let g = (bmin - amax).max(amin - bmax);
            if best.is_none_or(|b| g > b.0) {
                best = Some((g, axis, amax - bmin, bmax - amin));
            }
            true
        },
    );
    let (g, axis, up, down) = best?;
    if g > CONTACT_TOLERANCE {
        return None;
    }
    if g > 0.0 && crate::geom::query::distance::piece_distance(p, q).distance > CONTACT_TOLERANCE {
        return None;
    }
    let (depth, dir) = if up <= down {
        (up.max(0.0), axis)
    } else {
        (down.max(0.0), -axis)
    };
    Some(Penetration {
        depth,
        mtv: dir * depth,
        axis: dir,
    })
}

/// A circle against a polygon (either order) by the nearest feature, in
/// one pass ([`crate::geom::classic::disc_polygon_penetration`]); `None`
/// for other pairs. Positions relative to `o`, A's.
fn disc_polygon(a: &Shape, b: &Shape, o: Vec2) -> Option<Option<Penetration>> {
    let (c, poly, sign) = match (a, b) {
        (Shape::Circle(c), Shape::Polygon(p)) => (c, p, -1.0),
        (Shape::Polygon(p), Shape::Circle(c)) => (c, p, 1.0),
        (
            Shape::Point(_)
            | Shape::Segment(_)
            | Shape::Ray(_)
            | Shape::Line(_)
            | Shape::Circle(_)
            | Shape::Aabb(_)
            | Shape::Obb(_)
            | Shape::Capsule(_)
            | Shape::Sector(_)
            | Shape::Polygon(_),
            _,
        ) => return None,
    };
    let pose = poly.pose();
    let found = crate::geom::classic::disc_polygon_penetration(
        c.center() - o,
        c.radius,
        pose.position() - o,
        pose.rot(),
        &poly.vertices,
        &poly.normals,
    );
    Some(found.map(|(depth, dir)| {
        // The direction points from the polygon to the disc: out of A when
        // A is the polygon, into A when A is the disc.
        let axis = dir * sign;
        Penetration {
            depth,
            mtv: axis * depth,
            axis,
        }
    }))
}
