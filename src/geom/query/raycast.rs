//! Ray casts against every shape kind.
//!
//! A ray hits a shape at the smallest `t ≥ 0` (world units along its unit
//! direction, at most `max_t`) where it touches the closed shape. A ray that
//! starts inside (or on) a shape hits at `t = 0` with normal `-dir`. Shapes
//! without interior (point, segment, ray, line) are hit where the ray meets
//! them; their normal faces the ray. Never allocates.

use crate::geom::query::segment::closest_point_on_segment;
use crate::geom::shape::sector::in_wedge;
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};

/// A query ray: `origin + t * dir` for `t` in `[0, max_t]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ray2 {
    /// World origin.
    pub origin: Vec2,
    /// World unit direction.
    pub dir: Vec2,
    /// Largest `t`, world units; `f32::INFINITY` for an unbounded ray.
    pub max_t: f32,
}

impl Ray2 {
    /// A ray; `None` unless `origin` is finite, `dir` non-zero and finite and
    /// `max_t ≥ 0` (infinity allowed). `dir` is normalised.
    pub fn new(origin: Vec2, dir: Vec2, max_t: f32) -> Option<Ray2> {
        let dir = dir.try_normalize()?;
        (origin.is_finite() && max_t >= 0.0).then_some(Ray2 { origin, dir, max_t })
    }

    /// The ray of a [`crate::geom::Ray`] shape.
    pub fn from_shape(r: &crate::geom::Ray) -> Ray2 {
        Ray2 {
            origin: r.origin(),
            dir: r.direction(),
            max_t: r.length().unwrap_or(f32::INFINITY),
        }
    }

    /// `origin + dir * t`.
    pub fn at(&self, t: f32) -> Vec2 {
        self.origin + self.dir * t
    }
}

/// Where a ray first touches a shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit {
    /// Distance along the ray, world units (`0` when it starts inside).
    pub t: f32,
    /// World hit point.
    pub point: Vec2,
    /// World unit surface normal at the hit, facing the ray.
    pub normal: Vec2,
}

/// The first hit of `ray` on `shape`, if any.
pub fn raycast(ray: &Ray2, shape: &Shape) -> Option<RayHit> {
    if let Shape::Circle(c) = shape {
        // A disc is the same turned any way: its local frame is the world's
        // moved to its centre, which spares two rotations there and one back
        // (and is the exact same computation for an unturned circle).
        let local = circle_hit(
            ray.origin - c.center(),
            ray.dir,
            ray.max_t,
            Vec2::ZERO,
            c.radius,
        )?;
        return Some(RayHit {
            t: local.t,
            point: ray.at(local.t),
            normal: local.normal,
        });
    }
    let pose = shape.pose();
    // Work in the shape's local frame.
    let o = pose.inverse_transform_point(ray.origin);
    let d = pose.inverse_transform_vector(ray.dir);
    let local = match shape {
        Shape::Point(_) => point_hit(o, d, ray.max_t, Vec2::ZERO),
        Shape::Segment(s) => segment_hit(
            o,
            d,
            ray.max_t,
            Vec2::new(-s.half_length, 0.0),
            Vec2::new(s.half_length, 0.0),
        ),
        Shape::Ray(r) => match r.length {
            Some(l) => segment_hit(o, d, ray.max_t, Vec2::ZERO, Vec2::new(l, 0.0)),
            None => line_hit(o, d, ray.max_t, true),
        },
        Shape::Line(_) => line_hit(o, d, ray.max_t, false),
        Shape::Circle(c) => circle_hit(o, d, ray.max_t, Vec2::ZERO, c.radius),
        Shape::Aabb(b) => box_hit(o, d, ray.max_t, b.half_extents, None),
        Shape::Obb(b) => box_hit(o, d, ray.max_t, b.half_extents, None),
        Shape::Capsule(c) => capsule_hit(o, d, ray.max_t, c.half_length, c.radius),
        Shape::Sector(s) => sector_hit(o, d, ray.max_t, s.radius, s.half),
        Shape::Polygon(p) => polygon_hit(o, d, ray.max_t, &p.vertices, &p.normals),
    }?;
    Some(RayHit {
        t: local.t,
        point: ray.at(local.t),
        normal: pose.transform_vector(local.normal),
    })
}

struct Local {
    t: f32,
    normal: Vec2,
}

fn inside(d: Vec2) -> Option<Local> {
    Some(Local { t: 0.0, normal: -d })
}

fn facing(n: Vec2, d: Vec2) -> Vec2 {
    if n.dot(d) > 0.0 {
        -n
    } else {
        n
    }
}

fn point_hit(o: Vec2, d: Vec2, max_t: f32, p: Vec2) -> Option<Local> {
    let t = (p - o).dot(d).max(0.0);
    if t > max_t || (o + d * t - p).length() > CONTACT_TOLERANCE {
        return None;
    }
    Some(Local { t, normal: -d })
}

fn segment_hit(o: Vec2, d: Vec2, max_t: f32, a: Vec2, b: Vec2) -> Option<Local> {
    let e = b - a;
    let n = e.perp().normalize_or_zero();
    let (q, _) = closest_point_on_segment(o, a, b);
    if (q - o).length() <= CONTACT_TOLERANCE {
        return inside(d);
    }
    let denom = d.perp_dot(e);
    let w = a - o;
    if denom.abs() > 1e-9 * e.length().max(1.0) {
        let t = w.perp_dot(e) / denom;
        let u = w.perp_dot(d) / denom;
        if t >= 0.0 && t <= max_t && (-1e-6..=1.0 + 1e-6).contains(&u) {
            let normal = if n == Vec2::ZERO { -d } else { facing(n, d) };
            return Some(Local { t, normal });
        }
        return None;
    }
    // Parallel: hit the nearer endpoint if collinear.
    let mut best: Option<Local> = None;
    for p in [a, b] {
        if let Some(h) = point_hit(o, d, max_t, p) {
            if best.as_ref().is_none_or(|b| h.t < b.t) {
                best = Some(h);
            }
        }
    }
    best
}

/// The local x axis as a line, or (when `ray`) the ray from the origin along +x.
fn line_hit(o: Vec2, d: Vec2, max_t: f32, ray: bool) -> Option<Local> {
    if o.y.abs() <= CONTACT_TOLERANCE && (!ray || o.x >= -CONTACT_TOLERANCE) {
        return inside(d);
    }
    if d.y.abs() <= 1e-9 {
        return None;
    }
    let t = -o.y / d.y;
    if t < 0.0 || t > max_t {
        return None;
    }
    if ray && o.x + d.x * t < 0.0 {
        return None;
    }
    Some(Local {
        t,
        normal: facing(Vec2::Y, d),
    })
}

fn circle_hit(o: Vec2, d: Vec2, max_t: f32, c: Vec2, r: f32) -> Option<Local> {
    let m = o - c;
    let cc = m.dot(m) - r * r;
    if cc <= 0.0 {
        return inside(d);
    }
    let b = m.dot(d);
    if b > 0.0 {
        return None;
    }
    let disc = discriminant(m, d, b, r);
    if disc < 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()).max(0.0);
    if t > max_t {
        return None;
    }
    let p = o + d * t - c;
    let normal = p.try_normalize().unwrap_or(-d);
    Some(Local { t, normal })
}

/// `b² - (|m|² - r²)` for the ray `m + t d` (unit `d`, `b = m·d`) and the
/// circle of radius `r` at the origin, computed as `r² - |m - b d|²` (the
/// squared distance from the centre to the ray's line): the same number
/// without cancelling `|m|²` against `b²`, which loses the whole circle for
/// rays starting far away (Haines et al., "Precision Improvements for
/// Ray/Sphere Intersection", Ray Tracing Gems, 2019).
#[inline]
fn discriminant(m: Vec2, d: Vec2, b: f32, r: f32) -> f32 {
    let across = m - d * b;
    r * r - across.dot(across)
}

/// Slab test against the box `±h` (Kay and Kajiya 1986).
/// The working of the slab test of a ray against a box, in the box's frame:
/// the numbers [`raycast`] decided on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayBoxTrace {
    /// The ray's origin in the box's frame.
    pub local_origin: Vec2,
    /// The ray's direction in the box's frame.
    pub local_dir: Vec2,
    /// The origin lies in the box: a hit at t = 0, no slabs needed.
    pub starts_inside: bool,
    /// Entry and exit parameters of the x slab, then the y slab, as far as
    /// the test went (it stops at the first slab that empties the range);
    /// a slab parallel to the ray is `(-∞, ∞)` when the origin lies within
    /// it and `(∞, -∞)` when not.
    pub slabs: [Option<(f32, f32)>; 2],
    /// The latest entry and earliest exit so far, starting from `[0, max_t]`.
    pub enter_exit: (f32, f32),
    /// The hit, world frame.
    pub hit: Option<RayHit>,
}

fn box_hit(
    o: Vec2,
    d: Vec2,
    max_t: f32,
    h: Vec2,
    mut trace: Option<&mut RayBoxTrace>,
) -> Option<Local> {
    if o.x.abs() <= h.x && o.y.abs() <= h.y {
        if let Some(tr) = trace {
            tr.starts_inside = true;
        }
        return inside(d);
    }
    let mut t_enter = 0.0f32;
    let mut t_exit = max_t;
    let mut normal = -d;
    for axis in 0..2 {
        let (oc, dc, hc) = if axis == 0 {
            (o.x, d.x, h.x)
        } else {
            (o.y, d.y, h.y)
        };
        if dc.abs() < 1e-12 {
            let within = oc.abs() <= hc;
            if let Some(tr) = trace.as_deref_mut() {
                tr.slabs[axis] = Some(if within {
                    (f32::NEG_INFINITY, f32::INFINITY)
                } else {
                    (f32::INFINITY, f32::NEG_INFINITY)
                });
            }
            if !within {
                return None;
            }
            continue;
        }
        let inv = 1.0 / dc;
        let (mut t0, mut t1) = ((-hc - oc) * inv, (hc - oc) * inv);
        let mut sign = -1.0;
        if t0 > t1 {
            std::mem::swap(&mut t0, &mut t1);
            sign = 1.0;
        }
        if t0 > t_enter {
            t_enter = t0;
            normal = if axis == 0 {
                Vec2::new(sign, 0.0)
            } else {
                Vec2::new(0.0, sign)
            };
        }
        t_exit = t_exit.min(t1);
        if let Some(tr) = trace.as_deref_mut() {
            tr.slabs[axis] = Some((t0, t1));
            tr.enter_exit = (t_enter, t_exit);
        }
        if t_enter > t_exit {
            return None;
        }
    }
    Some(Local { t: t_enter, normal })
}

/// [`raycast`] against an AABB or OBB, worked: the slab test's numbers as
/// the cast computed them; `None` for other shapes.
pub fn ray_box_trace(ray: &Ray2, shape: &Shape) -> Option<RayBoxTrace> {
    let (_, _, h) = shape.box_frame()?;
    let pose = shape.pose();
    let o = pose.inverse_transform_point(ray.origin);
    let d = pose.inverse_transform_vector(ray.dir);
    let mut tr = RayBoxTrace {
        local_origin: o,
        local_dir: d,
        starts_inside: false,
        slabs: [None; 2],
        enter_exit: (0.0, ray.max_t),
        hit: None,
    };
    tr.hit = box_hit(o, d, ray.max_t, h, Some(&mut tr)).map(|local| RayHit {
        t: local.t,
        point: ray.at(local.t),
        normal: pose.transform_vector(local.normal),
    });
    Some(tr)
}

fn capsule_hit(o: Vec2, d: Vec2, max_t: f32, hl: f32, r: f32) -> Option<Local> {
    let (a, b) = (Vec2::new(-hl, 0.0), Vec2::new(hl, 0.0));
    let (q, _) = closest_point_on_segment(o, a, b);
    if (o - q).length_squared() <= r * r {
        return inside(d);
    }
    let mut best: Option<Local> = None;
    let mut take = |h: Option<Local>| {
        if let Some(h) = h {
            if best.as_ref().is_none_or(|b| h.t < b.t) {
                best = Some(h);
            }
        }
    };
    take(circle_hit(o, d, max_t, a, r));
    take(circle_hit(o, d, max_t, b, r));
    take(box_hit(o, d, max_t, Vec2::new(hl, r), None));
    best
}

fn sector_hit(o: Vec2, d: Vec2, max_t: f32, radius: f32, half: Vec2) -> Option<Local> {
    let facing_x = Vec2::X;
    if o.length() <= radius && in_wedge(facing_x, half, o) {
        return inside(d);
    }
    let e1 = Vec2::new(half.x, -half.y) * radius;
    let e2 = half * radius;
    let mut best: Option<Local> = None;
    let mut take = |h: Option<Local>| {
        if let Some(h) = h {
            if best.as_ref().is_none_or(|b| h.t < b.t) {
                best = Some(h);
            }
        }
    };
    // Arc: both roots of the circle, kept when inside the wedge.
    let b = o.dot(d);
    let disc = discriminant(o, d, b, radius);
    if disc >= 0.0 {
        let s = disc.sqrt();
        for t in [-b - s, -b + s] {
            if t >= 0.0 && t <= max_t {
                let p = o + d * t;
                if in_wedge(facing_x, half, p) {
                    take(Some(Local {
                        t,
                        // Normalised: with rounding in t, |p| is not exactly the radius.
                        normal: p.try_normalize().unwrap_or(-d),
                    }));
                }
            }
        }
    }
    // Straight edges, with outward normals.
    for (end, n) in [(e1, -Vec2::new(half.x, -half.y).perp()), (e2, half.perp())] {
        if let Some(h) = segment_hit(o, d, max_t, Vec2::ZERO, end) {
            take(Some(Local {
                t: h.t,
                normal: facing(n, d),
            }));
        }
    }
    best
}

/// Cyrus–Beck clipping against a counter-clockwise convex polygon.
fn polygon_hit(o: Vec2, d: Vec2, max_t: f32, verts: &[Vec2], normals: &[Vec2]) -> Option<Local> {
    let mut t_enter = 0.0f32;
    let mut t_exit = max_t;
    let mut normal = -d;
    for (v, n) in verts.iter().zip(normals) {
        let num = n.dot(*v - o);
        let den = n.dot(d);
        if den == 0.0 {
            if num < 0.0 {
                return None;
            }
            continue;
        }
        let t = num / den;
        if den < 0.0 {
            if t > t_enter {
                t_enter = t;
                normal = *n;
            }
        } else {
            t_exit = t_exit.min(t);
        }
        if t_enter > t_exit {
            return None;
        }
    }
    Some(Local { t: t_enter, normal })
}
