use glam::Vec3;

/// Ray–AABB by slabs (Kay and Kajiya 1986; Ericson 5.3.3, `IntersectRayAABB`):
/// the ray `o + t d` is inside the box `[lo, hi]` for `t` in the intersection
/// of the three slab intervals. Returns `((t_enter, axis of entry), t_exit)`
/// when that intersection is non-empty (`t` may be negative: the caller
/// clips to its range), `None` when a slab is missed (including a ray
/// parallel to a slab and outside it).
#[inline]
pub fn ray_aabb(o: Vec3, d: Vec3, lo: Vec3, hi: Vec3) -> Option<((f32, usize), f32)> {
    let mut t0 = f32::NEG_INFINITY;
    let mut axis = 0;
    let mut t1 = f32::INFINITY;
    for i in 0..3 {
        if d[i] == 0.0 {
            if o[i] < lo[i] || o[i] > hi[i] {
                return None;
            }
            continue;
        }
        let inv = 1.0 / d[i];
        let (mut a, mut b) = ((lo[i] - o[i]) * inv, (hi[i] - o[i]) * inv);
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        if a > t0 {
            t0 = a;
            axis = i;
        }
        t1 = t1.min(b);
        if t0 > t1 {
            return None;
        }
    }
    Some(((t0, axis), t1))
}
