use crate::geom::pose::unrotate;
use crate::geom::{Aabb, Obb, Vec2, CONTACT_TOLERANCE};

/// The working of Arvo's disc–box test, for an AABB or (in its frame) an OBB.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiscBoxTrace {
    /// The disc's centre in the box's frame (box centre at the origin, box
    /// axes along x and y); for an AABB just `c − centre`.
    pub local: Vec2,
    /// `local` reflected into the first quadrant: `|local|` per axis.
    pub reflected: Vec2,
    /// The box's half-extents.
    pub half_extents: Vec2,
    /// `u = max(v − h, 0)`: from the box to the reflected centre.
    pub u: Vec2,
    /// `|u|²`.
    pub u_len_sq: f32,
    /// `r²`.
    pub r_sq: f32,
    /// Which region holds the reflected centre: 0 inside, 1 face, 2 corner.
    pub region: u8,
    /// The answer (touching within the contact tolerance counts).
    pub result: bool,
}

fn trace(local: Vec2, h: Vec2, r: f32) -> DiscBoxTrace {
    let v = local.abs();
    let u = (v - h).max(Vec2::ZERO);
    let rr = r + CONTACT_TOLERANCE;
    let region = (u.x > 0.0) as u8 + (u.y > 0.0) as u8;
    DiscBoxTrace {
        local,
        reflected: v,
        half_extents: h,
        u,
        u_len_sq: u.length_squared(),
        r_sq: r * r,
        region,
        result: u.length_squared() <= rr * rr,
    }
}

/// Traces [`crate::geom::classic::disc_aabb`] for the disc `(c, r)` and `b`.
pub fn disc_aabb_trace(c: Vec2, r: f32, b: &Aabb) -> DiscBoxTrace {
    trace(c - b.center(), b.half_extents(), r)
}

/// Traces [`crate::geom::classic::disc_obb`]: the centre carried into the
/// box's frame, then as for the AABB.
pub fn disc_obb_trace(c: Vec2, r: f32, b: &Obb) -> DiscBoxTrace {
    trace(unrotate(b.pose.rot(), c - b.center()), b.half_extents(), r)
}
