use crate::geom::pose::unrotate;
use crate::geom::{Vec2, CONTACT_TOLERANCE};

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
pub fn sector_disc(apex: Vec2, facing: Vec2, half: Vec2, radius: f32, c: Vec2, r: f32) -> bool {
    let tol = CONTACT_TOLERANCE;
    let d = c - apex;
    let reach = radius + r + tol;
    if d.length_squared() > reach * reach {
        return false;
    }
    let mut p = unrotate(facing, d);
    p.y = p.y.abs();
    if p.x > p.length() * half.x {
        return true;
    }
    super::disc_capsule(p, r, Vec2::ZERO, half * radius, 0.0)
}
