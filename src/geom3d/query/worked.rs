//! The closed-form test [`crate::geom3d::intersects`] takes for a pair,
//! worked through: the same inputs (relative to the position of the shape
//! the test calls A) and the same computation, recorded, so the teaching
//! panel shows exactly the numbers that decided.

use crate::geom3d::classic::{
    capsule_capsule_trace, obb_obb_trace, ray_aabb_trace, sphere_box_trace, CapsuleCapsuleTrace,
    ObbObbTrace, RayAabbTrace, SphereBoxTrace,
};
use crate::geom3d::query::classic::table::{as_ball, as_box, with_pair3, Pair3};
use crate::geom3d::query::raycast::{raycast, Ray3, RayHit3};
use crate::geom3d::Shape3;
use glam::Vec3;

/// A worked closed-form test; `swapped` when the test takes the pair's B
/// as its first shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Worked3 {
    /// A sphere (or point) against an AABB or OBB, by clamping its centre
    /// into the box (Arvo 1990); `turned` for an OBB (the centre is carried
    /// into the box's frame first).
    SphereBox {
        /// The working, box frame.
        trace: SphereBoxTrace,
        /// The box is an OBB.
        turned: bool,
        /// The sphere is the pair's B.
        swapped: bool,
    },
    /// Two boxes, not both axis-aligned, on the 15 axes (Gottschalk et al.
    /// 1996; Ericson 4.4.1), in A's frame.
    BoxBox {
        /// The working.
        trace: ObbObbTrace,
        /// The pair's B is the test's A.
        swapped: bool,
    },
    /// Two capsules or segments by the closest points of their cores
    /// (Ericson 5.1.9).
    CapsuleCapsule(CapsuleCapsuleTrace),
    /// A ray cast against a box by slabs (Kay and Kajiya 1986; Ericson
    /// 5.3.3), in the box's frame: what [`crate::geom3d::raycast`] does.
    /// (Whether a ray and a box intersect is decided by the distance.)
    RayBox {
        /// The working, box frame.
        trace: RayAabbTrace,
        /// The cast's hit, world frame.
        hit: Option<RayHit3>,
    },
}

/// The worked test for `(a, b)` when `intersects` decides the pair by one
/// of the closed forms above; `None` for the others (two spheres, AABB
/// pairs, triangles and hulls, which other tests or GJK decide). The pair's
/// entry in the same table `intersects` reads picks the test.
pub fn worked(a: &Shape3, b: &Shape3) -> Option<Worked3> {
    with_pair3(a, b, worked_test).flatten()
}

/// The working of one table entry; `o` is its first operand's position.
fn worked_test(test: Pair3, o: Vec3, swapped: bool) -> Option<Worked3> {
    match test {
        Pair3::SweptSwept((p1, q1, r1), (p2, q2, r2)) => (p1 != q1 && p2 != q2)
            .then(|| Worked3::CapsuleCapsule(capsule_capsule_trace((p1, q1, r1), (p2, q2, r2)))),
        Pair3::BallBox {
            ball,
            boxed,
            turned,
        } => {
            let (c, r) = as_ball(ball, o)?;
            let (bc, m, h) = as_box(boxed, o)?;
            let trace = sphere_box_trace(c, r, bc, turned.then_some(m), h);
            Some(Worked3::SphereBox {
                trace,
                turned,
                swapped,
            })
        }
        Pair3::BoxBox(x, y) => {
            let ((c1, m1, h1), (c2, m2, h2)) = (as_box(x, o)?, as_box(y, o)?);
            let trace = obb_obb_trace(c1, m1, h1, c2, m2, h2);
            Some(Worked3::BoxBox { trace, swapped })
        }
        Pair3::RayBox(r, y) => ray_box(&Ray3::from_shape(r), y),
        Pair3::SphereSphere(..)
        | Pair3::AabbAabb(..)
        | Pair3::BallTriangle(..)
        | Pair3::TriangleBox(..)
        | Pair3::HullHull(..)
        | Pair3::BoxHull(..)
        | Pair3::TriangleHull(..)
        | Pair3::PointHull(..) => None,
    }
}

/// The slab test [`raycast`] runs for `ray` against the box `b`.
fn ray_box(ray: &Ray3, b: &Shape3) -> Option<Worked3> {
    let pose = b.pose();
    let (_, _, h) = as_box(b, pose.position())?;
    let mt = pose.matrix().transpose();
    let o = mt * (ray.origin - pose.position());
    let d = mt * ray.dir;
    Some(Worked3::RayBox {
        trace: ray_aabb_trace(o, d, -h, h),
        hit: raycast(ray, b),
    })
}
