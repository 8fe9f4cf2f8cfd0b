//! The SAT pass of two solid boxes, written out: A's three face axes, B's,
//! then the nine edge pairs' cross products (made unit in `f64`, a pair
//! within `PARALLEL_EDGE_EPS` of parallel left out), the axes the general
//! visit (`sat::for_each_candidate_near`) tests for two solid boxes in its
//! order (their Gauss-map images are great circles: no pair is pruned, and
//! two solids have no nearest-points axis), without its visitor closures
//! and Gauss-map tables. The face axes' bounds are `Piece::range`'s bit for
//! bit (the axes' products shared); the edge axes' gaps come from the same
//! products by the OBB test's formula instead of projecting the corners
//! (the same gap to `f32` rounding, about `1e-7` of the boxes' reach: the
//! 46,400-pair dump of `PERFORMANCE.md` gave the same manifolds bit for
//! bit).

use super::found::{Axes, Found};
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{AxisSource3, Feature, PARALLEL_EDGE_EPS};
use glam::{Mat3, Vec3};

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
    // The products of the axes, shared: `(mᵀ d)_k` is `m_k · d` by the
    // same `f32` operations, and a dot product does not depend on its
    // order, so each face axis's bounds are `Piece::range`'s bit for bit.
    let cols = |m: &Mat3| [m.x_axis, m.y_axis, m.z_axis];
    let (ua, ub) = (cols(ma), cols(mb));
    let dots = |x: &[Vec3; 3], y: &[Vec3; 3]| {
        let row = |d: Vec3| [x[0].dot(d), x[1].dot(d), x[2].dot(d)];
        [row(y[0]), row(y[1]), row(y[2])]
    };
    // aa[i][k] = A_k · A_i, ba[i][k] = B_k · A_i, ab[j][k] = A_k · B_j,
    // bb[j][k] = B_k · B_j.
    let (aa, ba, ab, bb) = (
        dots(&ua, &ua),
        dots(&ub, &ua),
        dots(&ua, &ub),
        dots(&ub, &ub),
    );
    let bounds = |c: Vec3, d: Vec3, l: [f32; 3], h: Vec3| {
        let ext = Vec3::from(l).abs().dot(h);
        let cs = c.dot(d);
        (cs - ext - 0.0, cs + ext + 0.0)
    };
    for (side, m, own_a, own_b) in [(Side::A, &ua, &aa, &ba), (Side::B, &ub, &ab, &bb)] {
        for i in 0..3 {
            let d = m[i];
            let ranges = (bounds(*ca, d, own_a[i], *ha), bounds(*cb, d, own_b[i], *hb));
            let face = AxisSource3::Face {
                side,
                feature: Feature::BoxFace(i as u8),
            };
            if !found.test((a, b), d, ranges, face, margin) {
                return None;
            }
        }
    }
    // The edge pairs' gaps from the same products (Gottschalk's OBB test,
    // Ericson 4.4.1): along `d = (A_i × B_j) / l`, A's half-width is
    // `(hA_k |A_l·B_j| + hA_l |A_k·B_j|) / l`, B's `(hB_q |A_i·B_r| + hB_r
    // |A_i·B_q|) / l`, the centres' offset `t · d`, with `(i, k, l)` and
    // `(j, q, r)` cyclic; the axis itself as the general visit forms it.
    let t = *cb - *ca;
    let ta = [t.dot(ua[0]), t.dot(ua[1]), t.dot(ua[2])];
    for i in 0..3 {
        let ea = ua[i].as_dvec3();
        let (k, l) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            // In f64, as the general visit forms it.
            let c = ea.cross(ub[j].as_dvec3());
            let len = c.length();
            if len < f64::from(PARALLEL_EDGE_EPS) {
                continue;
            }
            let (q, r) = ((j + 1) % 3, (j + 2) % 3);
            let (rkj, rlj) = (ab[j][k], ab[j][l]);
            let offset = ta[l] * rkj - ta[k] * rlj;
            let half = ha[k] * rlj.abs() + ha[l] * rkj.abs();
            let half = half + hb[q] * ab[r][i].abs() + hb[r] * ab[q][i].abs();
            let inv = (1.0 / len) as f32;
            let gaps = ((offset - half) * inv, (-offset - half) * inv);
            let src = AxisSource3::Cross {
                a: Feature::BoxEdge(i as u8),
                b: Feature::BoxEdge(j as u8),
            };
            if !found.test_gaps((a, b), (c / len).as_vec3(), gaps, src, margin) {
                return None;
            }
        }
    }
    found.axes()
}
