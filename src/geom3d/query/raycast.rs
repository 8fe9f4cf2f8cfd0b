//! Ray casts against every 3D shape kind.
//!
//! A ray hits a shape at the smallest `t ≥ 0` (world units along its unit
//! direction, at most `max_t`) where it touches the closed shape. A ray that
//! starts inside (or on) a shape hits at `t = 0` with normal `-dir`. Shapes
//! without volume and thickness (point, segment, ray) are hit when the ray
//! passes within [`CONTACT_TOLERANCE`] of them, where it first comes within
//! that distance of their point nearest to it;
//! flat ones (triangle, flat hull) where the ray crosses their plane inside
//! them, or, for a ray lying in their plane, where it first comes within the
//! tolerance of an edge. Their normal faces the ray. Every cast works in the
//! shape's local frame. Never allocates.

use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::segment::segment_params;
use crate::geom3d::shape::ConvexHull;
use crate::geom3d::Shape3;
use glam::{DVec3, Vec3};

/// A query ray: `origin + t * dir` for `t` in `[0, max_t]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ray3 {
    /// World origin.
    pub origin: Vec3,
    /// World unit direction.
    pub dir: Vec3,
    /// Largest `t`, world units; `f32::INFINITY` for an unbounded ray.
    pub max_t: f32,
}

impl Ray3 {
    /// A ray; `None` unless `origin` is finite, `dir` non-zero and finite and
    /// `max_t ≥ 0` (infinity allowed). `dir` is normalised.
    pub fn new(origin: Vec3, dir: Vec3, max_t: f32) -> Option<Ray3> {
        let dir = dir.try_normalize()?;
        (origin.is_finite() && max_t >= 0.0).then_some(Ray3 { origin, dir, max_t })
    }

    /// The ray of a [`crate::geom3d::Ray3Shape`].
    pub fn from_shape(r: &crate::geom3d::Ray3Shape) -> Ray3 {
        Ray3 {
            origin: r.origin(),
            dir: r.direction(),
            max_t: r.length().unwrap_or(f32::INFINITY),
        }
    }

    /// `origin + dir * t`.
    pub fn at(&self, t: f32) -> Vec3 {
        self.origin + self.dir * t
    }
}

/// Where a ray first touches a shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit3 {
    /// Distance along the ray, world units (`0` when it starts inside).
    pub t: f32,
    /// World hit point.
    pub point: Vec3,
    /// World unit surface normal at the hit, facing the ray.
    pub normal: Vec3,
}

struct Local {
    t: f32,
    normal: Vec3,
}

/// The first hit of `ray` on `shape`, if any.
pub fn raycast(ray: &Ray3, shape: &Shape3) -> Option<RayHit3> {
    if let Shape3::Sphere(s) = shape {
        // A ball is the same turned any way: no frame change.
        return ball_hit(ray, s.center(), s.radius);
    }
    let pose = shape.pose();
    let mt = pose.matrix().transpose();
    let o = mt * (ray.origin - pose.position());
    let d = mt * ray.dir;
    let max_t = ray.max_t;
    let local = match shape {
        Shape3::Point(_) => segment_hit(o, d, max_t, Vec3::ZERO, Vec3::ZERO),
        Shape3::Segment(s) => segment_hit(
            o,
            d,
            max_t,
            Vec3::new(-s.half_length, 0.0, 0.0),
            Vec3::new(s.half_length, 0.0, 0.0),
        ),
        Shape3::Ray(r) => {
            let len = r.length.unwrap_or_else(|| unbounded_cut(o, d, max_t));
            segment_hit(o, d, max_t, Vec3::ZERO, Vec3::new(len, 0.0, 0.0))
        }
        Shape3::Sphere(s) => sphere_hit(o, d, max_t, Vec3::ZERO, s.radius),
        Shape3::Aabb(b) => box_hit(o, d, max_t, b.half_extents),
        Shape3::Obb(b) => box_hit(o, d, max_t, b.half_extents),
        Shape3::Capsule(c) => capsule_hit(o, d, max_t, c.half_length, c.radius),
        Shape3::Triangle(t) => flat_hit(o, d, max_t, &Flat::Tri(t.vertices)),
        Shape3::Hull(h) => {
            if h.hull.flat {
                flat_hit(o, d, max_t, &Flat::Loop(&h.hull))
            } else {
                hull_hit(o, d, max_t, &h.hull)
            }
        }
    }?;
    // Local normals are unit vectors and the rotation keeps their length.
    Some(RayHit3 {
        t: local.t,
        point: ray.at(local.t),
        normal: pose.transform_vector(local.normal),
    })
}

/// A ball in world space, in f32: `t = −b − √(r² − |m − b d|²)` with
/// `m = origin − centre`, `b = m·d`; the discriminant from the perpendicular
/// offset, which stays accurate for far origins (Ericson 5.3.2).
fn ball_hit(ray: &Ray3, c: Vec3, r: f32) -> Option<RayHit3> {
    let d = ray.dir;
    let m = ray.origin - c;
    let b = m.dot(d);
    if m.length_squared() <= r * r {
        return Some(RayHit3 {
            t: 0.0,
            point: ray.origin,
            normal: -d,
        });
    }
    if b > 0.0 {
        return None;
    }
    let perp = m - d * b;
    let disc = r * r - perp.length_squared();
    if disc < 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()).max(0.0);
    if t > ray.max_t {
        return None;
    }
    let point = ray.at(t);
    let normal = if r > 0.0 { (point - c) / r } else { -d };
    Some(RayHit3 { t, point, normal })
}

/// Where an unbounded target ray (from the local origin along +x) can be
/// cut without losing a point the cast ray `o + s d` (`s ≤ max_t`) comes
/// near: beyond `|o| + max_t` for a bounded cast; for an unbounded one,
/// beyond the lines' nearest point (`t = o·x + s b`, `s = (b o·x − o·d) /
/// (|d|² − b²)` with `b = d·x`), which may lie far out when the two are
/// nearly parallel.
fn unbounded_cut(o: Vec3, d: Vec3, max_t: f32) -> f32 {
    if max_t.is_finite() {
        return o.length() + max_t + 1.0;
    }
    let (od, dd) = (o.as_dvec3(), d.as_dvec3());
    let b = dd.x;
    // |d|² − b², taken as y² + z²: accurate even when d is nearly along x
    // (1 − b² would cancel and keep the rounding of the normalised d).
    let den = dd.y * dd.y + dd.z * dd.z;
    let t = if den > 1e-18 {
        let s = (b * od.x - od.dot(dd)) / den;
        od.x + s.max(0.0) * b
    } else {
        0.0
    };
    (t.max(0.0) + od.length() + 1.0) as f32
}

fn facing(n: Vec3, d: Vec3) -> Vec3 {
    if n.dot(d) > 0.0 {
        -n
    } else {
        n
    }
}

/// A thin target `[p, q]` (a point when equal): the cast ray's closest
/// approach, when within the tolerance.
fn segment_hit(o: Vec3, d: Vec3, max_t: f32, p: Vec3, q: Vec3) -> Option<Local> {
    let reach = (p - o).length().max((q - o).length()) + 1.0;
    let len = max_t.min(reach);
    let (od, dd) = (o.as_dvec3(), d.as_dvec3());
    let end = od + dd * f64::from(len);
    let (pd, qd) = (p.as_dvec3(), q.as_dvec3());
    let (s, u) = segment_params(od, end, pd, qd);
    let x = od + (end - od) * s;
    let y = pd + (qd - pd) * u;
    if (x - y).length() > f64::from(CONTACT_TOLERANCE) {
        return None;
    }
    let mut t = (s * f64::from(len)) as f32;
    // First point within the tolerance, not the closest approach, when the
    // ray runs along the target: back up to where the distance reaches it.
    let dist = (x - y).length();
    if s > 0.0 {
        let along = (y - od).dot(dd);
        let perp2 = ((y - od) - dd * along).length_squared();
        let tol = f64::from(CONTACT_TOLERANCE);
        if perp2 <= tol * tol && dist <= tol {
            let back = (tol * tol - perp2).max(0.0).sqrt();
            t = t.min(((along - back).max(0.0)) as f32);
        }
    }
    (t <= max_t).then_some(Local { t, normal: -d })
}

/// Ball of radius `r` at `c` (quadratic in `t`).
fn sphere_hit(o: Vec3, d: Vec3, max_t: f32, c: Vec3, r: f32) -> Option<Local> {
    let m = (o - c).as_dvec3();
    let dd = d.as_dvec3();
    let r = f64::from(r);
    let c0 = m.length_squared() - r * r;
    if c0 <= 0.0 {
        return Some(Local { t: 0.0, normal: -d });
    }
    let b = m.dot(dd);
    if b > 0.0 {
        return None;
    }
    // Discriminant from the perpendicular offset, stable for far origins.
    let perp = m - dd * b;
    let disc = r * r - perp.length_squared();
    if disc < 0.0 {
        return None;
    }
    let t = -b - disc.sqrt();
    let t = t.max(0.0) as f32;
    if t > max_t {
        return None;
    }
    let p = o + d * t - c;
    Some(Local {
        t,
        normal: p.normalize_or(-d),
    })
}

/// The box `±h` by slabs (Kay and Kajiya 1986; Ericson 5.3.3).
fn box_hit(o: Vec3, d: Vec3, max_t: f32, h: Vec3) -> Option<Local> {
    let (lo, hi) = crate::geom3d::classic::ray_aabb(o, d, -h, h)?;
    if lo.0 > max_t || hi < 0.0 {
        return None;
    }
    if lo.0 <= 0.0 {
        return Some(Local { t: 0.0, normal: -d });
    }
    let mut n = Vec3::ZERO;
    n[lo.1] = if d[lo.1] > 0.0 { -1.0 } else { 1.0 };
    Some(Local { t: lo.0, normal: n })
}

/// Capsule about the local x axis: inside, else the nearest of the side
/// cylinder (within the core's length) and the two end balls.
fn capsule_hit(o: Vec3, d: Vec3, max_t: f32, hl: f32, r: f32) -> Option<Local> {
    let p = Vec3::new(-hl, 0.0, 0.0);
    let q = Vec3::new(hl, 0.0, 0.0);
    let near = Vec3::new(o.x.clamp(-hl, hl), 0.0, 0.0);
    if (o - near).length_squared() <= r * r {
        return Some(Local { t: 0.0, normal: -d });
    }
    let mut best: Option<Local> = None;
    let mut take = |l: Option<Local>| {
        if let Some(l) = l {
            if best.as_ref().is_none_or(|b| l.t < b.t) {
                best = Some(l);
            }
        }
    };
    // Side: |(o + t d)_yz| = r.
    let (oy, dy) = (
        DVec3::new(0.0, f64::from(o.y), f64::from(o.z)),
        DVec3::new(0.0, f64::from(d.y), f64::from(d.z)),
    );
    let a = dy.length_squared();
    if a > 1e-18 {
        let b = oy.dot(dy);
        let c = oy.length_squared() - f64::from(r) * f64::from(r);
        let disc = b * b - a * c;
        if disc >= 0.0 {
            let t = (-b - disc.sqrt()) / a;
            if t >= 0.0 {
                let t = t as f32;
                let x = o + d * t;
                if x.x.abs() <= hl && t <= max_t {
                    take(Some(Local {
                        t,
                        normal: Vec3::new(0.0, x.y, x.z).normalize_or(-d),
                    }));
                }
            }
        }
    }
    take(sphere_hit(o, d, max_t, p, r));
    take(sphere_hit(o, d, max_t, q, r));
    best
}

/// A flat convex polygon: a triangle, or a flat hull's first face.
enum Flat<'a> {
    Tri([Vec3; 3]),
    Loop(&'a ConvexHull),
}

impl Flat<'_> {
    fn len(&self) -> usize {
        match self {
            Flat::Tri(_) => 3,
            Flat::Loop(h) => h.faces[0].loop_.len(),
        }
    }
    fn vertex(&self, i: usize) -> Vec3 {
        match self {
            Flat::Tri(v) => v[i],
            Flat::Loop(h) => h.vertices[h.faces[0].loop_[i] as usize],
        }
    }
}

/// A flat convex polygon: where the ray crosses its plane inside it; a ray
/// in its plane hits its edges within the tolerance.
fn flat_hit(o: Vec3, d: Vec3, max_t: f32, poly: &Flat) -> Option<Local> {
    let count = poly.len();
    let (a, b, c) = (poly.vertex(0), poly.vertex(1), poly.vertex(2));
    let normal = match poly {
        Flat::Loop(h) => h.faces[0].normal.as_dvec3(),
        Flat::Tri(_) => (b - a).as_dvec3().cross((c - a).as_dvec3()),
    };
    let edges_hit = || {
        let mut best: Option<Local> = None;
        for i in 0..count {
            let hit = segment_hit(o, d, max_t, poly.vertex(i), poly.vertex((i + 1) % count));
            if let Some(l) = hit {
                if best.as_ref().is_none_or(|b| l.t < b.t) {
                    best = Some(l);
                }
            }
        }
        best
    };
    let nl = normal.length();
    if nl.is_nan() || nl <= 1e-30 {
        // A degenerate triangle: its edges are all there is.
        return edges_hit();
    }
    let n = normal / nl;
    let (od, dd) = (o.as_dvec3(), d.as_dvec3());
    let dist = (od - a.as_dvec3()).dot(n);
    let den = dd.dot(n);
    if den.abs() < 1e-9 {
        return if dist.abs() <= f64::from(CONTACT_TOLERANCE) {
            // In the plane: inside at the start, else the first edge reached.
            if inside_polygon(od - n * dist, n, poly) {
                Some(Local { t: 0.0, normal: -d })
            } else {
                edges_hit()
            }
        } else {
            None
        };
    }
    let t = -dist / den;
    if t < 0.0 || t > f64::from(max_t) {
        return None;
    }
    if !inside_polygon(od + dd * t, n, poly) {
        return None;
    }
    Some(Local {
        t: t as f32,
        normal: facing(n.as_vec3(), d),
    })
}

/// True when `x` (on the polygon's plane) is inside the convex polygon with
/// unit normal `n`, edges included (relative `1e-7`).
fn inside_polygon(x: DVec3, n: DVec3, poly: &Flat) -> bool {
    let count = poly.len();
    let mut pos = false;
    let mut neg = false;
    for i in 0..count {
        let (p, q) = (
            poly.vertex(i).as_dvec3(),
            poly.vertex((i + 1) % count).as_dvec3(),
        );
        let e = q - p;
        let s = e.cross(x - p).dot(n);
        let eps = 1e-7 * e.length_squared().max(1e-30);
        pos |= s > eps;
        neg |= s < -eps;
    }
    !(pos && neg)
}

/// A solid hull by clipping the ray against every face plane (Cyrus and
/// Beck 1978; Ericson 5.3.8).
fn hull_hit(o: Vec3, d: Vec3, max_t: f32, hull: &ConvexHull) -> Option<Local> {
    let (od, dd) = (o.as_dvec3(), d.as_dvec3());
    let (mut t0, mut t1) = (f64::NEG_INFINITY, f64::from(max_t));
    let mut n0 = Vec3::ZERO;
    for f in &hull.faces {
        let n = f.normal.as_dvec3();
        // The stored offset (the largest `n · p` over the face's corners).
        let off = f64::from(f.offset);
        let den = n.dot(dd);
        let dist = off - n.dot(od);
        if den.abs() < 1e-12 {
            if dist < 0.0 {
                return None;
            }
            continue;
        }
        let t = dist / den;
        if den < 0.0 {
            if t > t0 {
                t0 = t;
                n0 = f.normal;
            }
        } else if t < t1 {
            t1 = t;
        }
        if t0 > t1 {
            return None;
        }
    }
    if t0 <= 0.0 {
        return (t1 >= 0.0).then_some(Local { t: 0.0, normal: -d });
    }
    Some(Local {
        t: t0 as f32,
        normal: n0,
    })
}
