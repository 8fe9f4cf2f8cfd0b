use crate::geom::pose::unrotate;
use crate::geom::{raycast, Ray2, RayHit, Shape, Vec2};

/// The working of the slab test of a ray against a box, in the box's frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayBoxTrace {
    /// The ray's origin in the box's frame.
    pub local_origin: Vec2,
    /// The ray's direction in the box's frame.
    pub local_dir: Vec2,
    /// Entry and exit parameters of the x slab (infinite when parallel).
    pub x_slab: (f32, f32),
    /// Entry and exit parameters of the y slab.
    pub y_slab: (f32, f32),
    /// `max` of the entries and `min` of the exits (clamped to `[0, max_t]`).
    pub enter_exit: (f32, f32),
    /// The hit, as [`crate::geom::raycast`] finds it.
    pub hit: Option<RayHit>,
}

/// Traces a ray cast against an AABB or OBB; `None` for other shapes.
pub fn ray_box_trace(ray: &Ray2, shape: &Shape) -> Option<RayBoxTrace> {
    let (c, rot, h) = match shape {
        Shape::Aabb(b) => (b.center(), Vec2::X, b.half_extents()),
        Shape::Obb(b) => (b.center(), b.pose.rot(), b.half_extents()),
        Shape::Point(_)
        | Shape::Segment(_)
        | Shape::Ray(_)
        | Shape::Line(_)
        | Shape::Circle(_)
        | Shape::Capsule(_)
        | Shape::Polygon(_)
        | Shape::Sector(_) => return None,
    };
    let o = unrotate(rot, ray.origin - c);
    let d = unrotate(rot, ray.dir);
    let slab = |oc: f32, dc: f32, hc: f32| {
        if dc == 0.0 {
            if oc.abs() <= hc {
                (f32::NEG_INFINITY, f32::INFINITY)
            } else {
                (f32::INFINITY, f32::NEG_INFINITY)
            }
        } else {
            let (a, b) = ((-hc - oc) / dc, (hc - oc) / dc);
            (a.min(b), a.max(b))
        }
    };
    let (xs, ys) = (slab(o.x, d.x, h.x), slab(o.y, d.y, h.y));
    Some(RayBoxTrace {
        local_origin: o,
        local_dir: d,
        x_slab: xs,
        y_slab: ys,
        enter_exit: (xs.0.max(ys.0).max(0.0), xs.1.min(ys.1).min(ray.max_t)),
        hit: raycast(ray, shape),
    })
}
