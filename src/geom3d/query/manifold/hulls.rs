//! The edge axes of two solid hulls for the manifold's SAT pass, in one
//! plain loop: the axes `sat::for_each_candidate` tests for such a pair,
//! in its order and formed by the same operations (each edge direction
//! turned by the same `f32` matrix product, the Gauss-map arc test, the
//! cross product made unit in `f64`, parallel pairs left out), without its
//! visitor closures per pair and with B's directions turned once rather
//! than once per direction of A. A solid box and a solid hull take the
//! same kind of loop, the box's edges tested against the hull's arcs.

use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::gauss::{
    arcs_cross_rest, arcs_meet, crosses_circle, ends_apart, ArcTable,
};
use crate::geom3d::query::sat::{AxisSource3, Feature, PARALLEL_EDGE_EPS};
use glam::Vec3;
use std::ops::Range;

/// True when both pieces are solid hulls (the pairs [`for_each_edge_axis`]
/// serves).
pub(crate) fn solid_hulls(a: &Piece, b: &Piece) -> bool {
    matches!((&a.core, &b.core), (Core::Hull { .. }, Core::Hull { .. }))
        && a.is_solid()
        && b.is_solid()
}

/// True when both pieces are solid, one a hull and the other a box (the
/// pairs [`for_each_box_hull_axis`] serves).
pub(crate) fn box_and_hull(a: &Piece, b: &Piece) -> bool {
    matches!(
        (&a.core, &b.core),
        (Core::Box { .. }, Core::Hull { .. }) | (Core::Hull { .. }, Core::Box { .. })
    ) && a.is_solid()
        && b.is_solid()
}

/// [`for_each_edge_axis`] for a solid box and a solid hull, either order:
/// the box's three axes against the hull's edge directions, a pair kept
/// when an arc of the hull's (A's, or B's antipodal) Gauss map crosses the
/// great circle of the box's edge (unknown arcs: kept), as the general
/// visit's `gauss::crosses` decides it.
pub(crate) fn for_each_box_hull_axis(
    a: &Piece,
    b: &Piece,
    mut f: impl FnMut(Vec3, AxisSource3) -> bool,
) -> bool {
    let (box_m, hull_m, hull, box_is_a) = match (&a.core, &b.core) {
        (Core::Box { m, .. }, Core::Hull { m: mh, hull, .. }) => (m, mh, hull, true),
        (Core::Hull { m: mh, hull, .. }, Core::Box { m, .. }) => (m, mh, hull, false),
        _ => return true,
    };
    let table = if box_is_a {
        ArcTable::of(b, true)
    } else {
        ArcTable::of(a, false)
    };
    let axes = [box_m.x_axis, box_m.y_axis, box_m.z_axis];
    let mut pair = |i: usize, k: usize, e: Vec3, first: u16| {
        let d = axes[i];
        let arcs = table.dir(k);
        if !(arcs.is_empty() || arcs.iter().any(|r| crosses_circle(r, d))) {
            return true;
        }
        let (ea, eb) = if box_is_a { (d, e) } else { (e, d) };
        let c = ea.as_dvec3().cross(eb.as_dvec3());
        let l = c.length();
        if l < f64::from(PARALLEL_EDGE_EPS) {
            return true;
        }
        let (bf, hf) = (Feature::BoxEdge(i as u8), Feature::HullEdge(first + 1));
        let src = if box_is_a {
            AxisSource3::Cross { a: bf, b: hf }
        } else {
            AxisSource3::Cross { a: hf, b: bf }
        };
        f((c / l).as_vec3(), src)
    };
    if box_is_a {
        let dirs: Vec<(Vec3, u16)> = (hull.edge_dirs.iter())
            .map(|(d, first)| (*hull_m * *d, *first))
            .collect();
        for i in 0..3 {
            for (k, (e, first)) in dirs.iter().enumerate() {
                if !pair(i, k, *e, *first) {
                    return false;
                }
            }
        }
    } else {
        for (k, (d, first)) in hull.edge_dirs.iter().enumerate() {
            let e = *hull_m * *d;
            for i in 0..3 {
                if !pair(i, k, e, *first) {
                    return false;
                }
            }
        }
    }
    true
}

/// Calls `f(axis, source)` for each edge pair axis of two solid hulls that
/// the SAT pass tests, in its order; stops when `f` returns false and
/// returns false then. Other pieces: no axis, true.
pub(crate) fn for_each_edge_axis(
    a: &Piece,
    b: &Piece,
    mut f: impl FnMut(Vec3, AxisSource3) -> bool,
) -> bool {
    let (
        Core::Hull {
            m: ma, hull: ha, ..
        },
        Core::Hull {
            m: mb, hull: hb, ..
        },
    ) = (&a.core, &b.core)
    else {
        return true;
    };
    let (ta, tb) = (ArcTable::of(a, false), ArcTable::of(b, true));
    let eb: Vec<(Vec3, u16, Range<usize>)> = (hb.edge_dirs.iter().enumerate())
        .map(|(k, (d, first))| (*mb * *d, *first, tb.dir_range(k)))
        .collect();
    let (arcs_b, ends_b) = (tb.all(), tb.ends());
    let mut apart = vec![false; arcs_b.len()];
    for (ka, (da, fa)) in ha.edge_dirs.iter().enumerate() {
        let ea = *ma * *da;
        let x = ta.dir(ka);
        // One arc of A (the common case): the first condition of the arc
        // test against all of B's arcs in one pass.
        let single = match x {
            [r] => {
                ends_apart(r, &ends_b, &mut apart);
                Some(r)
            }
            _ => None,
        };
        for (e, fb, y) in &eb {
            let meet = match single {
                Some(r) if !y.is_empty() => {
                    (y.clone()).any(|i| apart[i] && arcs_cross_rest(r, &arcs_b[i]))
                }
                Some(_) | None => arcs_meet(x, &arcs_b[y.clone()]),
            };
            if !meet {
                continue;
            }
            let (e, fb) = (*e, *fb);
            let c = ea.as_dvec3().cross(e.as_dvec3());
            let l = c.length();
            if l < f64::from(PARALLEL_EDGE_EPS) {
                continue;
            }
            let src = AxisSource3::Cross {
                a: Feature::HullEdge(*fa + 1),
                b: Feature::HullEdge(fb + 1),
            };
            if !f((c / l).as_vec3(), src) {
                return false;
            }
        }
    }
    true
}
