//! The manifold's SAT pass for two solid hulls, a solid hull and a solid
//! box, triangle or capsule, or a triangle and a solid box ([`serves`]),
//! over the facet normals of the Minkowski difference only, each in its own
//! orientation (Gregorius, GDC 2013): a hull's face normals all at once
//! ([`Lazy::faces`]), a box's or triangle's projected both ways, and the
//! edge pairs of [`super::edges`]. The same largest gap as the general
//! pass's (which tests every axis both ways) when the pieces overlap;
//! apart, at most its gap, and positive (see `edges` for why).

use super::edges;
use super::found::{Axes, Found};
use super::lazy::Lazy;
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{rounding, CoresNear};
use glam::Vec3;

/// True when both pieces are solid hulls.
pub(crate) fn solid_hulls(a: &Piece, b: &Piece) -> bool {
    matches!((&a.core, &b.core), (Core::Hull { .. }, Core::Hull { .. }))
        && a.is_solid()
        && b.is_solid()
}

/// True when one piece is a solid hull and the other a solid box, a
/// triangle (no radius) or a segment core (a capsule, or a segment).
pub(crate) fn hull_and_simple(a: &Piece, b: &Piece) -> bool {
    let hull = |p: &Piece| matches!(p.core, Core::Hull { .. }) && p.is_solid();
    let simple = |p: &Piece| solid_box(p) || triangle(p) || matches!(p.core, Core::Segment(..));
    hull(a) && simple(b) || simple(a) && hull(b)
}

/// A solid box.
fn solid_box(p: &Piece) -> bool {
    matches!(p.core, Core::Box { .. }) && p.is_solid()
}

/// A triangle without radius.
fn triangle(p: &Piece) -> bool {
    matches!(p.core, Core::Triangle(_)) && p.radius == 0.0
}

/// True when [`scan`] serves the pair: two solid hulls, a solid hull and a
/// solid box, triangle or capsule, or a triangle and a solid box (two
/// boxes take `boxes`). One of them solid, so the (cores') difference is
/// solid and its facet normals are every axis that can decide, with a
/// capsule's closest-points axis where the cores are apart (two triangles
/// in one plane have a flat difference, whose edges' normals in that
/// plane no facet gives: the general pass, with its closest-points axis,
/// takes them).
pub(crate) fn serves(a: &Piece, b: &Piece) -> bool {
    solid_hulls(a, b)
        || hull_and_simple(a, b)
        || (triangle(a) && solid_box(b))
        || (solid_box(a) && triangle(b))
}

/// A piece's inner ball in the query frame (a ball inside it): a hull's
/// centroid and inradius (which allows for the rounding of its planes), a
/// box's centre and least half-extent, a triangle's centroid or a
/// segment's midpoint with the piece's radius; a point or ray a NaN
/// radius (no bound then).
#[inline]
fn inner_ball(p: &Piece) -> (Vec3, f32) {
    match &p.core {
        Core::Hull { t, m, hull } => (*t + *m * hull.centroid, hull.inradius + p.radius),
        Core::Box { c, h, .. } => (*c, h.min_element() + p.radius),
        Core::Triangle(v) => ((v[0] + v[1] + v[2]) / 3.0, p.radius),
        Core::Segment(a, b) => ((*a + *b) * 0.5, p.radius),
        Core::Point(_) | Core::Ray { .. } => (Vec3::ZERO, f32::NAN),
    }
}

/// The manifold's SAT pass for the pairs it [`serves`] (see the module
/// doc): `None` when an axis separates the pieces by more than `margin`.
/// The face axes are [`Lazy::faces`]' (a hull's all at once), the edge
/// pairs `edges`', and for a capsule whose core is apart from the hull the
/// cores' closest-points axis ([`Lazy::closest`]); the inner balls bound
/// what `edges` leaves out, and `slack` (two roundings of the pieces'
/// magnitude) the rounding of those bounds.
pub(super) fn scan(a: &Piece, b: &Piece, margin: f32, near: &CoresNear) -> Option<Axes> {
    let m = a.magnitude() + b.magnitude();
    let mut s = Lazy {
        a,
        b,
        found: Found::default(),
        margin,
        balls: (inner_ball(a), inner_ball(b)),
        slack: 2.0 * rounding(m),
    };
    let go = s.faces(Side::A)
        && s.faces(Side::B)
        && if solid_hulls(a, b) {
            edges::hull_hull(&mut s)
        } else if hull_and_simple(a, b) {
            edges::hull_simple(&mut s)
        } else {
            edges::triangle_box(&mut s)
        };
    if !(go && s.closest(near)) {
        return None;
    }
    s.found.axes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::test_rng::Rng;
    use crate::geom3d::query::piece::piece;
    use crate::geom3d::query::sat::{for_each_candidate, Visit};
    use crate::geom3d::{Capsule3, Hull3, Obb3, Pose3, Shape3, ShapeKind3, Triangle3};

    /// A hull (`kind` 0), a box (1), a triangle (2) or a capsule (3).
    fn shape(r: &mut Rng, kind: usize, size: f32, at: Vec3) -> Option<Shape3> {
        let deg = [r.f() * 360.0, r.f() * 360.0, r.f() * 360.0];
        let kinds = [
            ShapeKind3::Hull,
            ShapeKind3::Obb,
            ShapeKind3::Triangle,
            ShapeKind3::Capsule,
        ];
        let k = kinds[kind];
        let pose = Pose3::from_euler_deg(k, at, deg).ok()?;
        if kind == 1 {
            let h = r.v(size).abs() + Vec3::splat(0.05 * size);
            return Obb3::new(pose, h).ok().map(Shape3::Obb);
        }
        if kind == 2 {
            let v = [r.v(size), r.v(size), r.v(size)];
            return Triangle3::new(pose, v).ok().map(Shape3::Triangle);
        }
        if kind == 3 {
            let (h, rad) = (r.f() * 2.0 * size, (0.01 + r.f() * 0.4) * size);
            return Capsule3::new(pose, h, rad).ok().map(Shape3::Capsule);
        }
        let n = 4 + (r.f() * 37.0) as usize;
        let pts: Vec<Vec3> = (0..n).map(|_| r.v(size)).collect();
        Hull3::new(pose, &pts, false).ok().map(Shape3::Hull)
    }

    /// The general SAT pass over every candidate axis, both ways, as the
    /// manifold's fallback runs it.
    fn general(a: &Piece, b: &Piece, margin: f32) -> Option<Axes> {
        let mut found = Found::default();
        let whole = for_each_candidate(a, b, |v, src| {
            let Visit::Test(axis) = v else {
                return true;
            };
            found.test((a, b), axis, (a.range(axis), b.range(axis)), src, margin)
        });
        if !whole {
            return None;
        }
        found.axes()
    }

    /// The hull pass against the general pass for one pair (see the test
    /// below): `None` when either has no axes, else whether the hull pass's
    /// gap is below the general one (apart pieces only).
    fn compare(pa: &Piece, pb: &Piece, margin: f32, case: &str) -> Option<bool> {
        let slack = 2.0 * rounding(pa.magnitude() + pb.magnitude());
        let near = CoresNear::new();
        let (got, want) = (scan(pa, pb, margin, &near), general(pa, pb, margin));
        match (&got, &want) {
            (None, w) => assert!(w.is_none(), "{case}"),
            // The general pass found an axis beyond the margin that is
            // no facet normal: apart.
            (Some(g), None) => assert!(g.best.0 > 0.0, "{case}: {:?}", g.best),
            (Some(_), Some(_)) => {}
        }
        let near = |x: f32, y: f32| (x - y).abs() <= slack;
        let (got, want) = (got?, want?);
        let mut less = false;
        if want.best.0 <= slack {
            // Overlapping (or touching): the same best gap to the slack
            // (so another normal only where two axes tie to it).
            assert!(
                near(got.best.0, want.best.0),
                "{case}: {:?} {:?}",
                got.best,
                want.best
            );
        } else {
            assert!(
                got.best.0 > -slack && got.best.0 <= want.best.0 + slack,
                "{case}: {:?} {:?}",
                got.best,
                want.best
            );
            less = got.best.0 < want.best.0 - slack;
        }
        for (g, w) in [(got.face_a, want.face_a), (got.face_b, want.face_b)] {
            assert_eq!(g.is_some(), w.is_some(), "{case}");
            if let (Some(g), Some(w)) = (g, w) {
                assert!(near(g.0, w.0), "{case}: {g:?} {w:?}");
            }
        }
        Some(less)
    }

    /// A triangle with an edge `1e-6` to `1e-2` rad off a box's axis, near
    /// that box's edge along it (sizes 1e-3 to 1e3, 5e3 from the origin),
    /// either order: the box-frame pass gives the general pass's gaps.
    #[test]
    fn near_parallel_triangle_and_box_edges_give_the_general_gaps() {
        let mut r = Rng(0x27_7b0c);
        let mut some = 0;
        for i in 0..2000 {
            let size = 10f32.powf(r.f() * 6.0 - 3.0);
            let at = r.v(5e3);
            let deg = [r.f() * 360.0, r.f() * 360.0, r.f() * 360.0];
            let Ok(pose) = Pose3::from_euler_deg(ShapeKind3::Obb, at, deg) else {
                continue;
            };
            let h = r.v(size).abs() + Vec3::splat(0.05 * size);
            let Ok(bx) = Obb3::new(pose, h) else {
                continue;
            };
            // Local frame: an edge along x tilted by `tilt`, by the box's
            // edge at (y, z) = (h.y, h.z), a little in or out.
            let tilt = 10f32.powf(-2.0 - r.f() * 4.0);
            let dir = Vec3::new(1.0, tilt * (r.f() - 0.5), tilt * (r.f() - 0.5)).normalize();
            let start = Vec3::new(-h.x * r.f(), h.y, h.z) + r.v(0.05 * size);
            let end = start + dir * h.x * (0.5 + r.f());
            let apex = start + Vec3::new(0.0, size * (0.2 + r.f()), size * (0.2 + r.f()));
            // Posed where the box is (corners relative to it, as a scene
            // would give them for shapes this far out).
            let m = glam::Mat3::from_quat(bx.pose.rotation());
            let Ok(tri) = Triangle3::new(Pose3::at(at), [start, end, apex].map(|p| m * p)) else {
                continue;
            };
            let (a, b) = if i % 2 == 0 {
                (Shape3::Obb(bx), Shape3::Triangle(tri))
            } else {
                (Shape3::Triangle(tri), Shape3::Obb(bx))
            };
            let o = a.pose().position();
            let (pa, pb) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
            let margin = [0.0, 0.1 * size][i / 2 % 2].max(crate::common::CONTACT_TOLERANCE);
            let case = format!("pair {i}: {a:?} {b:?}");
            some += usize::from(compare(&pa, &pb, margin, &case).is_some());
        }
        assert!(some > 1000, "{some} found");
    }

    /// The hull pass (facet normals only, each one way; the edges' gaps
    /// read from the edges; axes left out where a bound shows they cannot
    /// win) against the general pass (every axis both ways): overlapping
    /// pieces, the same best gap; apart, a positive gap at most the
    /// general one (no manifold only where the general pass has none
    /// either); the same best faces to the slack of their bounds. Hull–hull,
    /// box–hull, triangle–hull, capsule–hull and triangle–box pairs (both
    /// orders), sizes 1e-3 to 1e3, 5e3 from the
    /// origin, deep to apart.
    #[test]
    fn the_hull_pass_finds_what_the_general_pass_finds() {
        let mut r = Rng(0x27_ed6e);
        let (mut compared, mut some, mut apart_less) = (0, 0, 0);
        for i in 0..3000 {
            // Hull–hull, a box, a triangle or a capsule with a hull either
            // way, a triangle with a box either way.
            let kinds = [
                (0, 0),
                (1, 0),
                (0, 1),
                (2, 0),
                (0, 2),
                (1, 2),
                (2, 1),
                (3, 0),
                (0, 3),
            ];
            let (ka, kb) = kinds[i % kinds.len()];
            let size = 10f32.powf(r.f() * 6.0 - 3.0);
            let at = r.v(5e3);
            let off = r.v(1.6 * size);
            let (Some(a), Some(b)) = (
                shape(&mut r, ka, size, at),
                shape(&mut r, kb, size, at + off),
            ) else {
                continue;
            };
            let o = a.pose().position();
            let (pa, pb) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
            if !serves(&pa, &pb) {
                continue;
            }
            let margin = [0.0, 0.1 * size][i % 2].max(crate::common::CONTACT_TOLERANCE);
            compared += 1;
            if let Some(less) = compare(&pa, &pb, margin, &format!("pair {i}: {a:?} {b:?}")) {
                some += 1;
                apart_less += usize::from(less);
            }
        }
        assert!(
            compared > 2500 && some > 1000,
            "{compared} compared, {some} found"
        );
        eprintln!("{compared} compared, {some} found, {apart_less} apart with a smaller gap");
    }
}
