//! The SAT pass of two solid boxes, written out: A's three face axes, B's,
//! then the nine edge pairs' cross products (made unit in `f64`, a pair
//! within `PARALLEL_EDGE_EPS` of parallel left out), the axes the general
//! visit (`sat::for_each_candidate_near`) tests for two solid boxes in its
//! order (their Gauss-map images are great circles: no pair is pruned, and
//! two solids have no nearest-points axis). Each projection's bounds are
//! `Piece::range`'s by the same `f32` operations, so the pass finds what
//! the general one finds bit for bit, without its visitor closures and
//! Gauss-map tables.

use super::Axes;
use super::Found;
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{AxisSource3, Feature, PARALLEL_EDGE_EPS};
use glam::{Mat3, Vec3};

/// A box's `(min, max)` along the unit `d`: `Piece::range` of a box core
/// of radius 0, the same operations.
#[inline(always)]
fn range(c: Vec3, m: &Mat3, h: Vec3, d: Vec3) -> (f32, f32) {
    let ext = (m.transpose() * d).abs().dot(h);
    let cs = c.dot(d);
    (cs - ext - 0.0, cs + ext + 0.0)
}

/// True when both pieces are solid boxes of radius 0 (the pairs [`scan`]
/// serves).
#[inline]
pub(super) fn solid_boxes(a: &Piece, b: &Piece) -> bool {
    matches!((&a.core, &b.core), (Core::Box { .. }, Core::Box { .. }))
        && a.is_solid()
        && b.is_solid()
        && a.radius == 0.0
        && b.radius == 0.0
}

/// The SAT pass of two solid boxes of radius 0 ([`solid_boxes`]): what the
/// general pass gives (`None`: a gap above `margin`, no manifold).
pub(super) fn scan(a: &Piece, b: &Piece, margin: f32) -> Option<Axes> {
    let (
        Core::Box {
            c: ca,
            m: ma,
            h: ha,
        },
        Core::Box {
            c: cb,
            m: mb,
            h: hb,
        },
    ) = (&a.core, &b.core)
    else {
        return None;
    };
    let mut found = Found::default();
    let mut test = |axis: Vec3, src: AxisSource3| {
        let ranges = (range(*ca, ma, *ha, axis), range(*cb, mb, *hb, axis));
        found.test((a, b), axis, ranges, src, margin)
    };
    for (side, m) in [(Side::A, ma), (Side::B, mb)] {
        for i in 0..3 {
            let feature = Feature::BoxFace(i as u8);
            if !test(m.col(i), AxisSource3::Face { side, feature }) {
                return None;
            }
        }
    }
    for i in 0..3 {
        let ea = ma.col(i).as_dvec3();
        for j in 0..3 {
            // In f64, as the general visit forms it.
            let c = ea.cross(mb.col(j).as_dvec3());
            let l = c.length();
            if l < f64::from(PARALLEL_EDGE_EPS) {
                continue;
            }
            let src = AxisSource3::Cross {
                a: Feature::BoxEdge(i as u8),
                b: Feature::BoxEdge(j as u8),
            };
            if !test((c / l).as_vec3(), src) {
                return None;
            }
        }
    }
    found.axes()
}
