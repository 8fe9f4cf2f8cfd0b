use crate::geom::pose::unrotate;
use crate::geom::Vec2;

/// Disc–OBB in the box's frame: carry the disc's centre into the box's local
/// frame (subtract the box centre, rotate by the inverse rotation; `rot` is
/// `(cos θ, sin θ)`), where the box is axis-aligned, then test as
/// [`super::disc_aabb()`].
#[inline]
pub fn disc_obb(c: Vec2, r: f32, center: Vec2, rot: Vec2, half_extents: Vec2) -> bool {
    super::disc_aabb::disc_box_local(unrotate(rot, c - center), r, half_extents, None)
}
