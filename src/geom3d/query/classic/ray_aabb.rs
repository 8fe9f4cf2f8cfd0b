use glam::Vec3;

/// Ray–AABB by slabs (Kay and Kajiya 1986; Ericson 5.3.3, `IntersectRayAABB`):
/// the ray `o + t d` is inside the box `[lo, hi]` for `t` in the intersection
/// of the three slab intervals. Returns `((t_enter, axis of entry), t_exit)`
/// when that intersection is non-empty (`t` may be negative: the caller
/// clips to its range), `None` when a slab is missed (including a ray
/// parallel to a slab and outside it).
#[inline]
pub fn ray_aabb(o: Vec3, d: Vec3, lo: Vec3, hi: Vec3) -> Option<((f32, usize), f32)> {
    ray_aabb_with(o, d, lo, hi, None)
}

/// [`ray_aabb`] worked: each slab's entry and exit as far as the test went
/// (it stops at the first slab that empties the range), and the answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayAabbTrace {
    /// The ray's origin, box frame.
    pub origin: Vec3,
    /// The ray's direction, box frame.
    pub dir: Vec3,
    /// Slab x, y, z: `(t_enter, t_exit)`; a slab parallel to the ray is
    /// `(−∞, ∞)` when the origin lies within it and `(∞, −∞)` when not;
    /// `None` past the slab that emptied the range.
    pub slabs: [Option<(f32, f32)>; 3],
    /// `((t_enter, axis of entry), t_exit)`, as [`ray_aabb`] returns it.
    pub result: Option<((f32, usize), f32)>,
}

/// [`ray_aabb`] worked: the same computation, recorded.
pub fn ray_aabb_trace(o: Vec3, d: Vec3, lo: Vec3, hi: Vec3) -> RayAabbTrace {
    let mut t = RayAabbTrace {
        origin: o,
        dir: d,
        slabs: [None; 3],
        result: None,
    };
    t.result = ray_aabb_with(o, d, lo, hi, Some(&mut t));
    t
}

#[inline(always)]
fn ray_aabb_with(
    o: Vec3,
    d: Vec3,
    lo: Vec3,
    hi: Vec3,
    mut trace: Option<&mut RayAabbTrace>,
) -> Option<((f32, usize), f32)> {
    let mut t0 = f32::NEG_INFINITY;
    let mut axis = 0;
    let mut t1 = f32::INFINITY;
    for i in 0..3 {
        if d[i] == 0.0 {
            let outside = o[i] < lo[i] || o[i] > hi[i];
            if let Some(t) = trace.as_deref_mut() {
                t.slabs[i] = Some(if outside {
                    (f32::INFINITY, f32::NEG_INFINITY)
                } else {
                    (f32::NEG_INFINITY, f32::INFINITY)
                });
            }
            if outside {
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
        if let Some(t) = trace.as_deref_mut() {
            t.slabs[i] = Some((a, b));
        }
        if t0 > t1 {
            return None;
        }
    }
    Some(((t0, axis), t1))
}
