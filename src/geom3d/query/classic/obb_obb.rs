use crate::geom::CONTACT_TOLERANCE;
use crate::geom3d::query::gjk::gjk;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::{Side, PARALLEL_EDGE_EPS};
use crate::geom3d::ShapeKind3;
use glam::{Mat3, Vec3};

/// Ericson's epsilon (RTCD 4.4.1, `TestOBBOBB`), added to every entry of
/// `|R|` "to counteract arithmetic errors when two edges are parallel and
/// their cross product is (near) null".
const ABS_R_EPS: f32 = 1e-6;

/// Largest gap of two oriented boxes over the 15 SAT axes (Gottschalk, Lin
/// and Manocha, "OBBTree", SIGGRAPH 1996; Ericson, *Real-Time Collision
/// Detection*, 4.4.1). With `R = Aᵀ B` (`R_ij = a_i · b_j`) and `t` the
/// centre offset in A's frame, the gap on an axis `L` is
/// `|t · L| − (rA(L) + rB(L))`, each radius read from `|R|`: A's three face
/// normals, B's three, and the nine `a_i × b_j`. `|R|` carries Ericson's
/// epsilon fix, so near-parallel edge pairs, whose cross product vanishes,
/// cannot fake a separation; the edge gaps are divided by `|a_i × b_j|`
/// (world units) and skipped when it is below `1e-5`. `ma`, `mb`: columns
/// are the box axes. Positive = separated.
#[inline]
pub fn obb_obb_max_gap(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> f32 {
    let r = ma.transpose() * mb;
    let rr = |i: usize, j: usize| r.col(j)[i];
    let mut abs = [[0.0f32; 3]; 3];
    for (i, row) in abs.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = rr(i, j).abs() + ABS_R_EPS;
        }
    }
    let t = ma.transpose() * (cb - ca);
    let mut best = f32::NEG_INFINITY;
    for i in 0..3 {
        let rb = hb.x * abs[i][0] + hb.y * abs[i][1] + hb.z * abs[i][2];
        best = best.max(t[i].abs() - (ha[i] + rb));
    }
    for j in 0..3 {
        let ra = ha.x * abs[0][j] + ha.y * abs[1][j] + ha.z * abs[2][j];
        let tl = t.x * rr(0, j) + t.y * rr(1, j) + t.z * rr(2, j);
        best = best.max(tl.abs() - (ra + hb[j]));
    }
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let c = rr(i, j).abs().min(1.0);
            let len = ((1.0 - c) * (1.0 + c)).sqrt();
            if len < PARALLEL_EDGE_EPS {
                continue;
            }
            let ra = ha[i1] * abs[i2][j] + ha[i2] * abs[i1][j];
            let rb = hb[j1] * abs[i][j2] + hb[j2] * abs[i][j1];
            let tl = t[i2] * rr(i1, j) - t[i1] * rr(i2, j);
            best = best.max((tl.abs() - (ra + rb)) / len);
        }
    }
    best
}

/// OBB–OBB on 15 axes (see [`obb_obb_max_gap`]), stopping at the first
/// axis whose gap exceeds the contact tolerance. A gap above the tolerance
/// separates; no positive gap means they overlap; in between the exact
/// distance (GJK on the two boxes) decides, since the largest axis gap of
/// two boxes can be below their distance (corner against corner). Edge
/// axes are compared unnormalised (`gap·|L| > tol·|L|`, squared), so no
/// square root is taken.
#[inline]
pub fn obb_obb(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> bool {
    let r = ma.transpose() * mb;
    let rr = |i: usize, j: usize| r.col(j)[i];
    let mut abs = [[0.0f32; 3]; 3];
    for (i, row) in abs.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = rr(i, j).abs() + ABS_R_EPS;
        }
    }
    let t = ma.transpose() * (cb - ca);
    let tol = CONTACT_TOLERANCE;
    let mut positive = false;
    for i in 0..3 {
        let g = t[i].abs() - (ha[i] + hb.x * abs[i][0] + hb.y * abs[i][1] + hb.z * abs[i][2]);
        if g > tol {
            return false;
        }
        positive |= g > 0.0;
    }
    for j in 0..3 {
        let ra = ha.x * abs[0][j] + ha.y * abs[1][j] + ha.z * abs[2][j];
        let tl = t.x * rr(0, j) + t.y * rr(1, j) + t.z * rr(2, j);
        let g = tl.abs() - (ra + hb[j]);
        if g > tol {
            return false;
        }
        positive |= g > 0.0;
    }
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let c = rr(i, j).abs().min(1.0);
            let len2 = (1.0 - c) * (1.0 + c);
            if len2 < PARALLEL_EDGE_EPS * PARALLEL_EDGE_EPS {
                continue;
            }
            let ra = ha[i1] * abs[i2][j] + ha[i2] * abs[i1][j];
            let rb = hb[j1] * abs[i][j2] + hb[j2] * abs[i][j1];
            let g = (t[i2] * rr(i1, j) - t[i1] * rr(i2, j)).abs() - (ra + rb);
            if g > 0.0 && g * g > tol * tol * len2 {
                return false;
            }
            positive |= g > 0.0;
        }
    }
    !positive || within_tolerance(ca, ma, ha, cb, mb, hb)
}

#[cold]
#[inline(never)]
fn within_tolerance(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> bool {
    let mk = |side, c, m, h| Piece {
        side,
        kind: ShapeKind3::Obb,
        core: Core::Box { c, m, h },
        radius: 0.0,
    };
    gjk(&mk(Side::A, ca, ma, ha), &mk(Side::B, cb, mb, hb)).distance <= CONTACT_TOLERANCE
}
