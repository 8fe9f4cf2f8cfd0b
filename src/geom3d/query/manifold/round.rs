//! Rounded pairs in closed form: two pieces whose cores are points or
//! segments (spheres, capsules, points, segments). Their manifold is one
//! point, the closest points of the cores moved out by the radii along the
//! line joining them, which the general route (the SAT pass with its GJK
//! nearest-points axis, then GJK again for the witnesses) reaches with two
//! or three GJK runs. Here it is the closest points of two segments in
//! `f64` ([`segment_params`]).
//!
//! The same answers, to rounding: the normal joins the cores' closest
//! points; an edge crossing an edge (both closest points inside their
//! segments, the segments not parallel) is the general route's edge pair
//! (ids: edge 0 of each, method [`Manifold3Method::EdgeEdge`]); otherwise
//! the single point of the general route, its ids the cores' support
//! vertices along the normal. Cases this form does not settle go to the
//! general route: cores touching or crossing (no line joins them, the
//! distance within the cores' rounding) and parallel segments (a whole
//! stretch of closest points, where GJK's choice is kept).

use super::contact::{ContactFeature3, ContactId3, ContactPoint3, Manifold3};
use super::trace::{Manifold3Method, Manifold3Recorder};
use crate::geom3d::query::classic::table::as_capsule;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{rounding, PARALLEL_EDGE_EPS};
use crate::geom3d::query::segment::segment_params;
use crate::geom3d::Shape3;
use glam::{DVec3, Vec3};

/// What the closed form decided: no manifold (apart beyond the margin), or
/// the manifold.
pub(crate) enum Settled {
    Apart,
    Contact(Manifold3),
}

/// A point or segment core with its radius (a ball swept along the
/// segment), relative to the frame origin: what [`rounded_pair`] reads of
/// a piece.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Swept {
    /// The core's ends (equal for a point).
    ends: (Vec3, Vec3),
    radius: f32,
}

impl Swept {
    /// The piece's core, `None` for other cores.
    fn of_piece(p: &Piece) -> Option<Swept> {
        let ends = match p.core {
            Core::Point(v) => (v, v),
            Core::Segment(s, e) => (s, e),
            Core::Box { .. } | Core::Triangle(_) | Core::Hull { .. } | Core::Ray { .. } => {
                return None
            }
        };
        Some(Swept {
            ends,
            radius: p.radius,
        })
    }

    /// The same numbers straight from the shape (points, spheres, segments,
    /// capsules, bounded rays), without building its piece.
    #[inline(always)]
    fn of_shape(s: &Shape3, o: Vec3) -> Option<Swept> {
        as_capsule(s, o).map(|(p, q, radius)| Swept {
            ends: (p, q),
            radius,
        })
    }

    /// [`Piece::magnitude`] of the piece it came from.
    fn magnitude(&self) -> f32 {
        self.ends.0.length().max(self.ends.1.length()) + self.radius
    }
}

/// [`rounded_pair`] of two pieces: `None` as there, and for any core but a
/// point or a segment.
pub(crate) fn rounded_pieces<R: Manifold3Recorder>(
    a: &Piece,
    b: &Piece,
    margin: f32,
    rec: &mut R,
) -> Option<Settled> {
    rounded_pair(Swept::of_piece(a)?, Swept::of_piece(b)?, margin, rec)
}

/// [`rounded_pair`] of two shapes taken before their pieces are built
/// (points relative to `o`): `None` as there, and for any other shape.
#[inline(always)]
pub(crate) fn rounded_shapes<R: Manifold3Recorder>(
    a: &Shape3,
    b: &Shape3,
    margin: f32,
    o: Vec3,
    rec: &mut R,
) -> Option<Settled> {
    rounded_pair(Swept::of_shape(a, o)?, Swept::of_shape(b, o)?, margin, rec)
}

/// True when both cores are segments and their unit directions are
/// parallel within [`PARALLEL_EDGE_EPS`], computed as the SAT pass does.
fn parallel(a: (Vec3, Vec3), b: (Vec3, Vec3)) -> bool {
    match ((a.1 - a.0).try_normalize(), (b.1 - b.0).try_normalize()) {
        (Some(ea), Some(eb)) => {
            ea.as_dvec3().cross(eb.as_dvec3()).length() < f64::from(PARALLEL_EDGE_EPS)
        }
        _ => false,
    }
}

/// The manifold of two point-or-segment cores with radii, within `margin`
/// (see the module doc); `None` when the general route must decide.
#[inline(always)]
fn rounded_pair<R: Manifold3Recorder>(
    a: Swept,
    b: Swept,
    margin: f32,
    rec: &mut R,
) -> Option<Settled> {
    let (sa, sb) = (a.ends, b.ends);
    if parallel(sa, sb) {
        return None;
    }
    let (p1, q1, p2, q2) = (
        sa.0.as_dvec3(),
        sa.1.as_dvec3(),
        sb.0.as_dvec3(),
        sb.1.as_dvec3(),
    );
    let (s, t) = segment_params(p1, q1, p2, q2);
    let (ca, cb) = (p1 + (q1 - p1) * s, p2 + (q2 - p2) * t);
    let d = cb - ca;
    let len = d.length();
    // Cores touching within their rounding (or NaN): no reliable line
    // joins them. First against twice a bound of the magnitudes without
    // square roots (a vector's length is at most the sum of its
    // coordinates' sizes), which settles nearly every pair the same way.
    let l1 = |v: Vec3| f64::from(v.abs().element_sum());
    let reach = |(p, q): (Vec3, Vec3), r: f32| l1(p).max(l1(q)) + f64::from(r);
    let clearly = len > 8e-6 * (reach(sa, a.radius) + reach(sb, b.radius));
    let apart = clearly || len > f64::from(4.0 * rounding(a.magnitude() + b.magnitude()));
    if !apart {
        return None;
    }
    let (ra, rb) = (f64::from(a.radius), f64::from(b.radius));
    let separation = len - ra - rb;
    if separation > f64::from(margin) {
        return Some(Settled::Apart);
    }
    let n64: DVec3 = d / len;
    let n = n64.as_vec3();
    let (pa, pb) = ((ca + n64 * ra).as_vec3(), (cb - n64 * rb).as_vec3());
    let edges = sa.0 != sa.1 && sb.0 != sb.1;
    let inside = |x: f64| x > 0.0 && x < 1.0;
    let (id, method) = if edges && inside(s) && inside(t) {
        let e = ContactFeature3::Edge(0);
        (ContactId3 { a: e, b: e }, Manifold3Method::EdgeEdge)
    } else {
        // The first core vertex furthest along the normal (along its
        // opposite for B), as `faces::support_vertex` picks it.
        let far = |(p, q): (Vec3, Vec3), d: Vec3| u16::from(q.dot(d) > p.dot(d));
        let id = ContactId3 {
            a: ContactFeature3::Vertex(far(sa, n)),
            b: ContactFeature3::Vertex(far(sb, -n)),
        };
        (id, Manifold3Method::SinglePoint)
    };
    let point = ContactPoint3 {
        point_a: pa,
        point_b: pb,
        separation: separation as f32,
        id,
    };
    rec.normal(n, point.separation);
    rec.method(method);
    Manifold3::of(n, &[point]).map(Settled::Contact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::Side;
    use crate::geom3d::query::piece::piece;
    use crate::geom3d::{Capsule3, Point3, Pose3, Ray3Shape, Segment3, ShapeKind3, Sphere};
    use glam::Quat;

    use crate::common::test_rng::Rng;

    fn swept(rng: &mut Rng, k: usize, at: Vec3, size: f32) -> Shape3 {
        let pose = Pose3::new(ShapeKind3::Capsule, at, Quat::from_scaled_axis(rng.v(3.0))).unwrap();
        let (len, r) = (size * (0.1 + rng.f()), size * (0.05 + rng.f()));
        match k % 5 {
            0 => Shape3::Point(Point3::new(pose)),
            1 => Shape3::Sphere(Sphere::new(pose, r).unwrap()),
            2 => Shape3::Segment(Segment3::new(pose, len).unwrap()),
            3 => Shape3::Ray(Ray3Shape::new(pose, Some(len)).unwrap()),
            _ => Shape3::Capsule(Capsule3::new(pose, len, r).unwrap()),
        }
    }

    /// What the closed form said, as comparable numbers.
    fn said(s: Option<Settled>) -> Option<Option<Manifold3>> {
        s.map(|s| match s {
            Settled::Apart => None,
            Settled::Contact(m) => Some(m),
        })
    }

    #[test]
    fn shapes_give_the_pieces_manifolds_bit_for_bit() {
        // Every pair of the five swept kinds, sizes 1e-3 to 1e3, up to 5000
        // out, from deep to a little beyond the margin: the closed form read
        // from the shapes against the same form read from their pieces.
        let mut rng = Rng(0x27_1129);
        let mut settled = 0;
        for i in 0..6000 {
            let size = 10f32.powf(rng.f() * 6.0 - 3.0);
            let far = rng.v(5000.0);
            let a = swept(&mut rng, i, far, size);
            let off = rng.v(3.0 * size);
            let b = swept(&mut rng, i / 5, far + off, size);
            let margin = [0.0, size][i % 2].max(crate::common::CONTACT_TOLERANCE);
            let o = a.pose().position();
            let (p, q) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
            let from_shapes = said(rounded_shapes(&a, &b, margin, o, &mut ()));
            let from_pieces = said(rounded_pieces(&p, &q, margin, &mut ()));
            assert_eq!(from_shapes, from_pieces, "{i}: {a:?} {b:?}");
            settled += usize::from(from_shapes.is_some());
        }
        assert!(settled > 5000, "{settled} settled");
    }
}
