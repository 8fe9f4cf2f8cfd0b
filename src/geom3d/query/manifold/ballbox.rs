//! A point core against a box core (a sphere or point against a box) in
//! closed form: the general route's manifold without its SAT pass and
//! clipping (about a tenth of the instructions).
//!
//! In the box's frame, `f64` from the `f32` data (`point_box_offset`, as
//! `distance` takes it), let `o_i = |local_i| − h_i` be how far the centre
//! lies outside the slab of axis `i`, `d` its distance to the box and `r`
//! the radii's sum. The general route's decisions are then:
//!
//! - the largest gap is `d − r` outside the box, `max o_i − r` inside;
//!   above the margin, no manifold;
//! - the centre inside the box or above one face (one `o_i > 0`): that face
//!   (the largest `o_i`) is the reference face and the centre is inside its
//!   side planes: one point,
//!   [`Manifold3Method::Clipping`](super::trace::Manifold3Method::Clipping),
//!   ids (centre vertex 0, box face), the normal the face's;
//! - above an edge or a corner (two or three `o_i > 0`), and the face's gap
//!   more than the SAT tolerance below `d − r`: one point,
//!   [`Manifold3Method::SinglePoint`](super::trace::Manifold3Method::SinglePoint),
//!   the cores' nearest points moved out by the radii along the direction
//!   joining them.
//!
//! Each decision is taken here only when the `f64` quantities clear its
//! threshold by four times the rounding of the general route's `f32` gaps
//! (`PROJECTION_ROUNDING` per unit of the pieces' magnitude); otherwise,
//! and for a recorder, the general route decides. The points are formed by
//! the same `f32` operations as the general route's (the face's first
//! corner, the nearest points, the support vertex), so the manifold is the
//! same bit for bit (checked on 24,000 sphere and point against box pairs,
//! a third of them scaled by 1e-3 to 1e3, a fifth moved to ±5000).

use super::contact::{ContactFeature3, ContactId3, ContactPoint3, Manifold3};
use super::faces::{box_face_order, box_vertex};
use super::round::Settled;
use super::trace::Manifold3Recorder;
use crate::geom3d::query::classic::table::as_ball_box;
use crate::geom3d::query::distance::{point_box_closest, point_box_offset};
use crate::geom3d::query::sat::rounding;
use crate::geom3d::Shape3;
use glam::{DVec3, Mat3, Vec3};

/// A box core `c ± Σ h_i m_i` relative to the frame origin.
type BoxCore = (Vec3, Mat3, Vec3);

/// The manifold of a sphere or point against a box (either order) within
/// `margin`, relative to the frame origin `o` (A's position); `None` when
/// the pair is not one, when a decision lies within the rounding of its
/// threshold, or when `R` records (the general route decides then).
#[inline(always)]
pub(super) fn ball_box<R: Manifold3Recorder>(
    a: &Shape3,
    b: &Shape3,
    margin: f32,
    o: Vec3,
) -> Option<Settled> {
    if R::RECORDS || !(ball(a) && cuboid(b) || cuboid(a) && ball(b)) {
        return None;
    }
    settle_shapes(a, b, margin, o)
}

fn ball(s: &Shape3) -> bool {
    matches!(s, Shape3::Sphere(_) | Shape3::Point(_))
}

fn cuboid(s: &Shape3) -> bool {
    matches!(s, Shape3::Aabb(_) | Shape3::Obb(_))
}

/// [`ball_box`] past its checks.
#[inline(never)]
fn settle_shapes(a: &Shape3, b: &Shape3, margin: f32, o: Vec3) -> Option<Settled> {
    let (x, r, bx, box_is_a) = as_ball_box(a, b, o)?;
    settle(x, r, bx, box_is_a, margin)
}

/// [`ball_box`] for the centre `x` (radius `r`) and the box `bx`.
fn settle(x: Vec3, r: f32, bx: BoxCore, box_is_a: bool, margin: f32) -> Option<Settled> {
    let (c, m, h) = bx;
    let (_, local, k, d2) = point_box_offset(x, c, m, h);
    let o: DVec3 = local.abs() - h.as_dvec3();
    let i = if o.x >= o.y && o.x >= o.z {
        0
    } else if o.y >= o.z {
        1
    } else {
        2
    };
    let d = d2.sqrt();
    let gap = if d2 > 0.0 { d } else { o[i] } - f64::from(r);
    // Four times the general route's rounding, of a bound of the pieces'
    // magnitude (a vector's length is at most its coordinates' sizes' sum).
    let l1 = |v: Vec3| v.abs().element_sum();
    let band = 4.0 * f64::from(rounding(l1(x) + r + l1(c) + h.element_sum()));
    let margin = f64::from(margin);
    if !gap.is_finite() || (gap - margin).abs() <= band {
        return None;
    }
    if gap > margin {
        return Some(Settled::Apart);
    }
    // The other slabs: the centre clearly inside them (inside the face's
    // side planes) and their faces clearly shallower than face `i`.
    let clear = |j: usize| j == i || (o[j] < -band && o[j] < o[i] - band);
    if (0..3).all(clear) && local[i].abs() > band {
        return face_point(x, r, bx, box_is_a, 2 * i + usize::from(local[i] > 0.0));
    }
    // Above an edge or a corner, the face's gap clearly below the SAT's
    // tolerance under the largest gap.
    let tol = 1e-5 * gap.abs() + 0.5 * band;
    if d2 > 0.0 && d - o[i] > tol + band {
        return nearest_point(x, r, bx, box_is_a, (local - k, d2), band);
    }
    None
}

/// The clipping route's point for reference face `k` of the box, the
/// centre inside its side planes: the centre's height over the face from
/// the face's first corner, in `f32` as `Clip` forms it.
fn face_point(x: Vec3, r: f32, bx: BoxCore, box_is_a: bool, k: usize) -> Option<Settled> {
    let (c, m, h) = bx;
    let axis = m.col(k / 2);
    let nr = if k % 2 == 1 { axis } else { -axis };
    let first = box_face_order(c, &m, h, k, nr)[0];
    let depth = (x - box_vertex(c, &m, h, first)).dot(nr);
    let on_inc = x - nr * r;
    let on_ref = x - nr * depth;
    let (face, centre) = (ContactFeature3::Face(k as u16), ContactFeature3::Vertex(0));
    let (normal, point_a, point_b, id) = if box_is_a {
        (nr, on_ref, on_inc, ContactId3 { a: face, b: centre })
    } else {
        (-nr, on_inc, on_ref, ContactId3 { a: centre, b: face })
    };
    let point = ContactPoint3 {
        point_a,
        point_b,
        separation: depth - r,
        id,
    };
    Manifold3::of(normal, &[point]).map(Settled::Contact)
}

/// The single point's route: the cores' nearest points (as `cores_near`
/// gives them, from the offset `off` and its square `d2`) moved out by the
/// radii along the normal joining them; ids the centre and the box's
/// support vertex (`faces::support_vertex`'s pick).
fn nearest_point(
    x: Vec3,
    r: f32,
    bx: BoxCore,
    box_is_a: bool,
    (off, d2): (DVec3, f64),
    band: f64,
) -> Option<Settled> {
    let (cores, dir) = point_box_closest(x, bx.1, off, d2, [0.0, 0.0], box_is_a);
    if cores.distance <= 0.0 {
        return None;
    }
    let n = dir.or_else(|| (cores.point_b - cores.point_a).try_normalize())?;
    let (ra, rb) = if box_is_a { (0.0, r) } else { (r, 0.0) };
    let (pa, pb) = (cores.point_a + n * ra, cores.point_b - n * rb);
    let corner = ContactFeature3::Vertex(box_support(bx, if box_is_a { n } else { -n }, band));
    let centre = ContactFeature3::Vertex(0);
    let point = ContactPoint3 {
        point_a: pa,
        point_b: pb,
        separation: (pb - pa).dot(n),
        id: if box_is_a {
            ContactId3 {
                a: corner,
                b: centre,
            }
        } else {
            ContactId3 {
                a: centre,
                b: corner,
            }
        },
    };
    Manifold3::of(n, &[point]).map(Settled::Contact)
}

/// The first box vertex furthest along `d` by the `f32` dot products of
/// its `f32` corners, as `faces::support_vertex` scans all eight: a bit
/// whose axis term `h_i |m_i · d|` exceeds `band` (four times the
/// rounding of those products) is set by its sign; only the vertices
/// differing in the other bits are formed and compared, in increasing
/// order, the first of equal ones kept.
fn box_support(bx: BoxCore, d: Vec3, band: f64) -> u16 {
    let (c, m, h) = bx;
    let l = m.transpose() * d;
    let (mut fixed, mut free) = (0usize, 0usize);
    for i in 0..3 {
        if f64::from(h[i] * l[i].abs()) > band {
            fixed |= usize::from(l[i] > 0.0) << i;
        } else {
            free |= 1 << i;
        }
    }
    let mut best: Option<(usize, f32)> = None;
    for k in (0..8).filter(|k| k & !free == fixed) {
        let s = box_vertex(c, &m, h, k).dot(d);
        if best.is_none_or(|b| s > b.1) {
            best = Some((k, s));
        }
    }
    best.map_or(0, |b| b.0) as u16
}
