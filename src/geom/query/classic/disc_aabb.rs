use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// The working of Arvo's disc–box test, for an AABB or (in its frame) an OBB:
/// every number [`disc_aabb`] and [`super::disc_obb()`] decide with.
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
    /// `r²`, the disc's radius squared.
    pub r_sq: f32,
    /// `(r + CONTACT_TOLERANCE)²`: what `|u|²` is compared with.
    pub limit_sq: f32,
    /// Which region holds the reflected centre: 0 inside, 1 face, 2 corner.
    pub region: u8,
    /// The answer (touching within the contact tolerance counts).
    pub result: bool,
}

/// Arvo's test with the disc's centre `local` already in the box's frame
/// (box centre at the origin, half-extents `h`); fills `trace` when given.
/// With `None` the trace costs nothing (inlined away).
#[inline(always)]
pub(crate) fn disc_box_local(
    local: Vec2,
    r: f32,
    h: Vec2,
    trace: Option<&mut DiscBoxTrace>,
) -> bool {
    let v = local.abs();
    let u = (v - h).max(Vec2::ZERO);
    let rr = r + CONTACT_TOLERANCE;
    let result = u.length_squared() <= rr * rr;
    if let Some(t) = trace {
        *t = DiscBoxTrace {
            local,
            reflected: v,
            half_extents: h,
            u,
            u_len_sq: u.length_squared(),
            r_sq: r * r,
            limit_sq: rr * rr,
            region: (u.x > 0.0) as u8 + (u.y > 0.0) as u8,
            result,
        };
    }
    result
}

/// Disc–AABB by reflection (Arvo, "A simple method for box-sphere
/// intersection testing", Graphics Gems, 1990): by symmetry reflect the
/// disc's centre into the box's first quadrant, `v = |c − centre|`; the
/// vector from the box corner region to it is `u = max(v − h, 0)`; they
/// meet when `|u|² ≤ r²`. Inside the box `u = 0`.
#[inline]
pub fn disc_aabb(c: Vec2, r: f32, center: Vec2, half_extents: Vec2) -> bool {
    disc_box_local(c - center, r, half_extents, None)
}

/// [`disc_aabb`] (or [`super::disc_obb()`] with the centre already carried
/// into the box's frame, `local`), worked: the same computation, recorded.
pub fn disc_box_trace(local: Vec2, r: f32, half_extents: Vec2) -> DiscBoxTrace {
    let mut t = DiscBoxTrace {
        local,
        reflected: Vec2::ZERO,
        half_extents,
        u: Vec2::ZERO,
        u_len_sq: 0.0,
        r_sq: 0.0,
        limit_sq: 0.0,
        region: 0,
        result: false,
    };
    disc_box_local(local, r, half_extents, Some(&mut t));
    t
}
