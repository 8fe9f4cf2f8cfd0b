//! Penetration depth and the minimum translation vector in 3D.
//!
//! Two routes to one answer (the shortest translation of B that separates
//! the shapes, `rA + rB` plus the cores' depth):
//! - [`sat_penetration`]: the least overlap over the SAT candidate axes,
//!   what the SAT report shows. For two solid polytopes those axes are the
//!   facet normals of the Minkowski difference, so the least overlap is the
//!   distance from the origin to its boundary: the exact depth.
//! - [`penetration`]: the fastest route to the same depth per pair. Two
//!   boxes take the SAT (15 axes); a point or sphere against a box its
//!   closed form; every other pair GJK on the cores (stopping as soon as
//!   they are provably apart), the radii when the cores are apart, and EPA
//!   (the one EPA loop of both dimensions) when they overlap. Where EPA is not trusted
//!   (a Minkowski difference flat within rounding, cores touching within
//!   `1e-9` of their size, a polytope rounding would fold) the SAT answers.
//!   The tests hold EPA's depth to the SAT's least overlap within a
//!   tolerance proportional to the shapes' size.

use crate::common::epa::EpaObserver;
use crate::common::gjk::Observer;
use crate::common::Side;
use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::classic::obb_obb_decided;
use crate::geom3d::query::classic::table::as_ball_box;
use crate::geom3d::query::distance::{
    ball_box_touches, box_point, piece_distance, point_box_touches, with_radii, BoxPoint,
};
use crate::geom3d::query::epa::{epa3, Mesh, Untrusted};
use crate::geom3d::query::gjk::{core_distance, gjk_unless_beyond, Pair};
use crate::geom3d::query::piece::{piece, Core, Piece};
use crate::geom3d::query::sat::{for_each_candidate, gap, mtv_on, verdict, Visit};
use crate::geom3d::Shape3;
use glam::{DVec3, Vec3};

/// How deep two intersecting shapes overlap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penetration3 {
    /// Length of the shortest translation that separates them, world units (≥ 0).
    pub depth: f32,
    /// That translation, applied to B: `B.position += mtv` leaves them touching.
    pub mtv: Vec3,
    /// Unit axis of the translation (`mtv = axis * depth`).
    pub axis: Vec3,
}

/// Penetration of two intersecting bounded shapes; `None` when they do not
/// intersect (touching within [`CONTACT_TOLERANCE`] intersects, with a
/// depth near 0) or one is an unbounded ray. One inside the other is
/// included. The fastest exact route for the pair (see the module doc);
/// allocates EPA's polytope for overlapping cores.
pub fn penetration(a: &Shape3, b: &Shape3) -> Option<Penetration3> {
    match ball_box(a, b) {
        Some(found) => found,
        None => routed(a, b).0,
    }
}

/// A sphere or point against a box, taken from the shapes before building
/// their pieces (the route [`routed`] names `PointBox`, the same numbers):
/// `None` for any other pair. The verdict first, so that a pair apart
/// forms no nearest point.
#[inline(always)]
fn ball_box(a: &Shape3, b: &Shape3) -> Option<Option<Penetration3>> {
    let o = a.pose().position();
    let (x, r, (c, m, h), box_first) = as_ball_box(a, b, o)?;
    if !point_box_touches(x, c, m, h, r) {
        return Some(None);
    }
    Some(point_box(r, &box_point(x, c, m, h), box_first))
}

/// Which route of [`penetration`] answered for `(a, b)`, in words. For the
/// benches' counts.
#[doc(hidden)]
pub fn penetration_decided_by(a: &Shape3, b: &Shape3) -> &'static str {
    routed(a, b).1.describe()
}

/// Penetration by the least overlap over the SAT candidate axes (the SAT
/// report's depth and MTV, ties to the first axis in SAT order); `None`
/// as [`penetration`]. Never allocates.
///
/// For rounded shapes whose cores overlap the least overlap of the cores
/// holds, and the radii add to it; whose cores are apart, the
/// nearest-points axis carries the exact depth `rA + rB − core distance`.
pub fn sat_penetration(a: &Shape3, b: &Shape3) -> Option<Penetration3> {
    if !(a.is_bounded() && b.is_bounded()) {
        return None;
    }
    let o = a.pose().position();
    sat_pieces(&piece(a, Side::A, o), &piece(b, Side::B, o))
}

/// The route [`penetration`] took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Route {
    Unbounded,
    Boxes,
    PointBox,
    Apart,
    CoresApart,
    Epa,
    Sat(Untrusted),
    TouchingCores,
    LoopShort,
}

impl Route {
    /// The route in words.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Route::Unbounded => "unbounded: none",
            Route::Boxes => "SAT (two boxes, 15 axes)",
            Route::PointBox => "closed form (point in box)",
            Route::Apart => "GJK: apart",
            Route::CoresApart => "GJK: cores apart, radii overlap",
            Route::Epa => "EPA",
            Route::Sat(Untrusted::Flat) => "SAT (EPA not trusted: flat Minkowski difference)",
            Route::Sat(Untrusted::NotConverged) => "SAT (EPA not trusted: did not converge)",
            Route::TouchingCores => "SAT (cores touching within 1e-9 of their size)",
            Route::LoopShort => "SAT (GJK's loop stopped apart, the distance says they touch)",
        }
    }
}

fn routed(a: &Shape3, b: &Shape3) -> (Option<Penetration3>, Route) {
    if !(a.is_bounded() && b.is_bounded()) {
        return (None, Route::Unbounded);
    }
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    match (&p.core, &q.core) {
        (
            Core::Box {
                c: c1,
                m: m1,
                h: h1,
            },
            Core::Box {
                c: c2,
                m: m2,
                h: h2,
            },
        ) => {
            // The verdict as `intersects` reaches it (the 15 axes with
            // their error bound, GJK's distance where it cannot decide),
            // then the SAT's least overlap.
            let found = match obb_obb_decided(*c1, *m1, *h1, *c2, *m2, *h2) {
                Some(false) => None,
                Some(true) => least_overlap(&p, &q).map(|(_, pen, _)| pen),
                None => sat_pieces(&p, &q),
            };
            (found, Route::Boxes)
        }
        (Core::Point(x), Core::Box { c, m, h }) => {
            let near = box_point(*x, *c, *m, *h);
            (
                point_box(p.radius + q.radius, &near, false),
                Route::PointBox,
            )
        }
        (Core::Box { c, m, h }, Core::Point(x)) => {
            let near = box_point(*x, *c, *m, *h);
            (point_box(p.radius + q.radius, &near, true), Route::PointBox)
        }
        (
            Core::Point(_)
            | Core::Segment(..)
            | Core::Triangle(_)
            | Core::Hull { .. }
            | Core::Ray { .. },
            Core::Point(_)
            | Core::Segment(..)
            | Core::Triangle(_)
            | Core::Hull { .. }
            | Core::Ray { .. },
        )
        | (
            Core::Box { .. },
            Core::Segment(..) | Core::Triangle(_) | Core::Hull { .. } | Core::Ray { .. },
        )
        | (
            Core::Segment(..) | Core::Triangle(_) | Core::Hull { .. } | Core::Ray { .. },
            Core::Box { .. },
        ) => by_gjk_epa(&p, &q, &mut (), &mut ()),
    }
}

/// A penetration of `depth` along the unit `axis` (B moves along it).
fn along(axis: Vec3, depth: f32) -> Penetration3 {
    Penetration3 {
        depth,
        mtv: axis * depth,
        axis,
    }
}

/// A point core against a box core: out through the nearest face when
/// the point is inside (the first axis on a tie, as the SAT takes it),
/// else the radii `radii` (their sum) less the distance along the
/// nearest-points direction.
#[inline(always)]
fn point_box(radii: f32, near: &BoxPoint, box_first: bool) -> Option<Penetration3> {
    // The verdict exactly as `distance` and `intersects` reach it.
    if !ball_box_touches(near.dist_sq, radii) {
        return None;
    }
    let r = f64::from(radii);
    let (depth, out) = if near.distance > 0.0 {
        ((r - near.distance).max(0.0), near.out)
    } else {
        let room = near.half - near.local.abs();
        let k = if room.x <= room.y && room.x <= room.z {
            0
        } else if room.y <= room.z {
            1
        } else {
            2
        };
        let s = if near.local[k] >= 0.0 { 1.0 } else { -1.0 };
        (room[k] + r, near.axes[k] * s)
    };
    // `out` pushes the point out of the box: B moves along it when B is
    // the point, against it when B is the box.
    let axis = if box_first { out } else { -out };
    Some(along(axis.normalize().as_vec3(), depth as f32))
}

/// GJK on the cores (stopping once they are provably apart), the radii
/// when the cores are apart, EPA when they overlap, the SAT where EPA is
/// not trusted.
/// `gjk` and `epa` are told their iterations.
pub(crate) fn by_gjk_epa<G: Observer<DVec3>, E: EpaObserver<DVec3, Mesh>>(
    p: &Piece,
    q: &Piece,
    gjk: &mut G,
    epa: &mut E,
) -> (Option<Penetration3>, Route) {
    let r = p.radius + q.radius;
    // Apart by a lower bound of the distance: certified (the supports are
    // exact), whatever the simplex.
    let Some((out, simplex)) = gjk_unless_beyond(p, q, CONTACT_TOLERANCE + r, gjk) else {
        return (None, Route::Apart);
    };
    // The verdict exactly as `distance` and `intersects` reach it: where
    // the loop stopped apart without a certified bound, `distance`'s own
    // route decides (GJK's first vertex, which proves an overlap before
    // the loop; a certified closed form for a box and a triangle). Where
    // that says they touch, the SAT's least overlap: the loop did not
    // enclose the origin, so EPA has no seed. Seen on a ray a million
    // long with its origin in a box, and a box a million long under a
    // triangle.
    if with_radii(core_distance(&out), p.radius, q.radius)
        .0
        .distance
        > CONTACT_TOLERANCE
    {
        return match piece_distance(p, q).distance <= CONTACT_TOLERANCE {
            true => (least_overlap(p, q).map(|x| x.1), Route::LoopShort),
            false => (None, Route::Apart),
        };
    }
    let c = out.closest();
    if !out.overlap && c.distance > 0.0 {
        // Apart cores: the depth is the radii less their distance, along
        // the direction GJK solved, unless they touch within rounding.
        let size = f64::from(p.magnitude() + q.magnitude());
        if c.distance <= 1e-9 * size && r > 0.0 {
            return (sat_pieces(p, q), Route::TouchingCores);
        }
        let depth = (f64::from(r) - c.distance).max(0.0) as f32;
        return (Some(along(c.normal.as_vec3(), depth)), Route::CoresApart);
    }
    match epa3(&Pair::whole(p, q), &simplex, epa) {
        Ok(e) => {
            let n: DVec3 = -e.facet.normal;
            let depth = e.facet.distance.max(0.0) as f32 + r;
            (Some(along(n.as_vec3(), depth)), Route::Epa)
        }
        Err(why) => (sat_pieces(p, q), Route::Sat(why)),
    }
}

/// The least overlap over the SAT candidates of two pieces (see
/// [`sat_penetration`]).
fn sat_pieces(p: &Piece, q: &Piece) -> Option<Penetration3> {
    let (g, pen, skipped) = least_overlap(p, q)?;
    verdict(p, q, g, skipped).then_some(pen)
}

/// The SAT candidate of least overlap of two pieces, whatever the verdict:
/// its gap (positive = apart), the penetration along it, and whether an
/// edge pair was skipped. `None` without candidates.
fn least_overlap(p: &Piece, q: &Piece) -> Option<(f32, Penetration3, bool)> {
    let mut best: Option<(f32, Vec3, f32, f32)> = None; // gap, axis, up, down
    let mut skipped = false;
    for_each_candidate(p, q, |v, _| {
        match v {
            Visit::Test(axis) => {
                let (ia, ib) = (p.project(axis), q.project(axis));
                let g = gap(&ia, &ib);
                if best.is_none_or(|b| g > b.0) {
                    best = Some((g, axis, ia.max - ib.min, ib.max - ia.min));
                }
            }
            Visit::Skip(_) => skipped = true,
            Visit::Pruned => {}
        }
        true
    });
    let (g, axis, up, down) = best?;
    let mtv = mtv_on(axis, up, down);
    let pen = Penetration3 {
        depth: mtv.length(),
        mtv,
        axis: if up <= down { axis } else { -axis },
    };
    Some((g, pen, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom3d::query::distance::distance;
    use crate::geom3d::{Aabb3, Obb3, Point3, Pose3, ShapeKind3, Sphere};
    use glam::Quat;

    use crate::common::test_rng::Rng;

    #[test]
    fn ball_box_shortcuts_give_the_general_routes_numbers_bit_for_bit() {
        // Spheres and points against turned and axis-aligned boxes, sizes
        // 1e-3 to 1e3, up to 5000 out, inside, apart and near touching, in
        // both orders: `penetration` and `distance` taken from the shapes
        // against the routes through the pieces.
        let mut rng = Rng(0x27_1127);
        for i in 0..4000 {
            let size = 10f32.powf(rng.f() * 6.0 - 3.0);
            let far = rng.v(5000.0);
            let q = Quat::from_scaled_axis(rng.v(3.0));
            let half = Vec3::new(rng.f() + 0.01, rng.f() * 0.05 + 0.001, rng.f() + 0.01) * size;
            let boxed = if i % 3 == 0 {
                Shape3::Aabb(Aabb3::new(Pose3::at(far), half).unwrap())
            } else {
                Shape3::Obb(Obb3::new(Pose3::new(ShapeKind3::Obb, far, q).unwrap(), half).unwrap())
            };
            let r = if i % 4 == 0 { 0.0 } else { rng.f() * size };
            // Along a random direction, at a random fraction of the reach.
            let dir = rng.v(1.0).normalize_or(Vec3::X);
            let reach = half.length() + r;
            let at = far + dir * reach * [0.3, 0.99, 1.0, 1.01, 1.7][i % 5] * (0.9 + 0.2 * rng.f());
            let ball = if r == 0.0 {
                Shape3::Point(Point3::new(Pose3::at(at)))
            } else {
                Shape3::Sphere(Sphere::new(Pose3::at(at), r).unwrap())
            };
            for (a, b) in [(&ball, &boxed), (&boxed, &ball)] {
                let (routed, route) = routed(a, b);
                assert!(matches!(route, Route::PointBox), "{i}: {route:?}");
                assert_eq!(penetration(a, b), routed, "{i}: penetration");
                let o = a.pose().position();
                let mut d = piece_distance(&piece(a, Side::A, o), &piece(b, Side::B, o));
                if d.distance <= CONTACT_TOLERANCE {
                    d.distance = 0.0;
                }
                let got = distance(a, b);
                assert_eq!(
                    (got.distance, got.point_a, got.point_b),
                    (d.distance, d.point_a + o, d.point_b + o),
                    "{i}: distance"
                );
            }
        }
    }

    #[test]
    fn ball_box_points_stay_finite_for_boxes_far_below_f32s_least_gap() {
        // Boxes 1e-12 to 1e-18 across, turned, balls placed on a face from
        // the `f32` data: the offset from the face, solved in `f64`, can be
        // below `f32`'s least number; the points and the direction of
        // `distance`, `penetration` and the manifold must not divide by its
        // `f32` root.
        let mut rng = Rng(0x27_1128);
        for i in 0..4000 {
            let size = 10f32.powf(-12.0 - rng.f() * 6.0);
            let q = Quat::from_scaled_axis(rng.v(3.0));
            let pose = Pose3::new(ShapeKind3::Obb, Vec3::ZERO, q).unwrap();
            let half = Vec3::splat(size);
            let boxed = Shape3::Obb(Obb3::new(pose, half).unwrap());
            let on_face = pose.matrix() * Vec3::new(size, rng.v(size).y, rng.v(size).z);
            let r = [0.0, size * 1e-3][i % 2];
            let ball = if r == 0.0 {
                Shape3::Point(Point3::new(Pose3::at(on_face)))
            } else {
                Shape3::Sphere(Sphere::new(Pose3::at(on_face), r).unwrap())
            };
            for (a, b) in [(&ball, &boxed), (&boxed, &ball)] {
                let d = distance(a, b);
                let ok = d.distance.is_finite() && d.point_a.is_finite() && d.point_b.is_finite();
                assert!(ok, "{i}: {d:?}");
                if let Some(p) = penetration(a, b) {
                    assert!(p.axis.is_finite() && p.depth.is_finite(), "{i}: {p:?}");
                }
                let speculative = [0.0, size][i % 2];
                if let Some(m) = crate::geom3d::contact_manifold3(a, b, speculative) {
                    let finite = m.normal.is_finite()
                        && (m.points().iter()).all(|p| {
                            p.point_a.is_finite()
                                && p.point_b.is_finite()
                                && p.separation.is_finite()
                        });
                    assert!(finite, "{i}: {m:?}");
                }
            }
        }
    }
}
