use crate::geom::Vec2;

/// Squared distance between the segment `[p, q]` and the axis-aligned box
/// `±h` around the origin (both in the box's frame). If the segment crosses
/// the box (slab clipping) it is 0; otherwise the closest pair of two
/// disjoint convex polygons involves a vertex of one of them, so it is the
/// least of the endpoints' distances to the box (clamping) and the corners'
/// distances to the segment.
pub fn segment_box_sq_distance(p: Vec2, q: Vec2, h: Vec2) -> f32 {
    let d = q - p;
    // Slab clip of the segment against the box.
    let mut t0 = 0.0f32;
    let mut t1 = 1.0f32;
    let mut hit = true;
    for (o, dc, hc) in [(p.x, d.x, h.x), (p.y, d.y, h.y)] {
        if dc.abs() < 1e-30 {
            if o.abs() > hc {
                hit = false;
                break;
            }
        } else {
            let inv = 1.0 / dc;
            let (a, b) = ((-hc - o) * inv, (hc - o) * inv);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
            if t0 > t1 {
                hit = false;
                break;
            }
        }
    }
    if hit {
        return 0.0;
    }
    let point_box = |x: Vec2| (x.abs() - h).max(Vec2::ZERO).length_squared();
    let mut best = point_box(p).min(point_box(q));
    for c in [
        Vec2::new(-h.x, -h.y),
        Vec2::new(h.x, -h.y),
        Vec2::new(h.x, h.y),
        Vec2::new(-h.x, h.y),
    ] {
        best = best.min(super::disc_capsule_sq_distance(c, p, q));
    }
    best
}
