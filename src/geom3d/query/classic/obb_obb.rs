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
    let (r, abs, t) = frame(ca, ma, cb, mb);
    let rr = |i: usize, j: usize| r.col(j)[i];
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

/// `R = Aᵀ B`, `|R|` with Ericson's epsilon, and B's centre in A's frame.
#[inline(always)]
fn frame(ca: Vec3, ma: Mat3, cb: Vec3, mb: Mat3) -> (Mat3, [[f32; 3]; 3], Vec3) {
    let r = ma.transpose() * mb;
    let mut abs = [[0.0f32; 3]; 3];
    for (i, row) in abs.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = r.col(j)[i].abs() + ABS_R_EPS;
        }
    }
    (r, abs, ma.transpose() * (cb - ca))
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
    decide(ca, ma, ha, cb, mb, hb, None)
}

/// Which of the 15 axes, in the textbook's order (Gottschalk et al. 1996;
/// Ericson 4.4.1): A's face normals `A0..A2`, B's `B0..B2`, then the nine
/// `Ai × Bj`, `i` before `j`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObbAxis {
    /// A's local axis `i`.
    A(u8),
    /// B's local axis `j`.
    B(u8),
    /// `A_i × B_j`.
    Cross(u8, u8),
}

/// One axis of [`obb_obb`], worked: `|t · L|` against `rA + rB`, all as the
/// test computes them (unnormalised for the cross axes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObbAxisTrace {
    /// Which axis.
    pub axis: ObbAxis,
    /// `|t · L|`: the centres' distance along `L`.
    pub centre_distance: f32,
    /// A's projected radius on `L`.
    pub ra: f32,
    /// B's projected radius on `L`.
    pub rb: f32,
    /// `|L|` (1 for a face normal; `|A_i × B_j|` for a cross axis).
    pub length: f32,
    /// The edges are parallel (`|L|` below 1e-5): the axis is skipped.
    pub skipped: bool,
}

impl ObbAxisTrace {
    /// The gap on the axis, world units: `(|t · L| − (rA + rB)) / |L|`.
    pub fn gap(&self) -> f32 {
        (self.centre_distance - (self.ra + self.rb)) / self.length
    }
}

/// [`obb_obb`] worked: every one of the 15 axes (the test itself stops at
/// the first that separates), and the verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct ObbObbTrace {
    /// `R = Aᵀ B`: `R[i][j] = A_i · B_j`.
    pub r: [[f32; 3]; 3],
    /// B's centre minus A's, in A's frame.
    pub t: Vec3,
    /// The 15 axes in the textbook's order.
    pub axes: Vec<ObbAxisTrace>,
    /// The first axis (index into `axes`) whose gap exceeds the contact
    /// tolerance: where the test stops, separated.
    pub first_separating: Option<usize>,
    /// No axis separates but one has a gap within the tolerance: the exact
    /// distance decided.
    pub by_distance: bool,
    /// The verdict.
    pub result: bool,
}

/// [`obb_obb`] worked: the same computation, recorded.
pub fn obb_obb_trace(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> ObbObbTrace {
    let mut t = ObbObbTrace {
        r: [[0.0; 3]; 3],
        t: Vec3::ZERO,
        axes: Vec::with_capacity(15),
        first_separating: None,
        by_distance: false,
        result: false,
    };
    decide(ca, ma, ha, cb, mb, hb, Some(&mut t));
    t
}

/// The test; with a trace it records every axis and does not stop early
/// (the verdict is the same).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn decide(
    ca: Vec3,
    ma: Mat3,
    ha: Vec3,
    cb: Vec3,
    mb: Mat3,
    hb: Vec3,
    mut trace: Option<&mut ObbObbTrace>,
) -> bool {
    let (r, abs, t) = frame(ca, ma, cb, mb);
    let rr = |i: usize, j: usize| r.col(j)[i];
    if let Some(tr) = trace.as_deref_mut() {
        for (i, row) in tr.r.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                *v = rr(i, j);
            }
        }
        tr.t = t;
    }
    let tol = CONTACT_TOLERANCE;
    let mut positive = false;
    let mut separated = false;
    // Records one axis; true when the test stops here (separated, no trace).
    let mut axis = |trace: &mut Option<&mut ObbObbTrace>, a: ObbAxisTrace, sep: bool, g: f32| {
        positive |= g > 0.0 && !a.skipped;
        match trace.as_deref_mut() {
            Some(tr) => {
                if sep && tr.first_separating.is_none() {
                    tr.first_separating = Some(tr.axes.len());
                }
                tr.axes.push(a);
                separated |= sep;
                false
            }
            None => sep,
        }
    };
    for i in 0..3 {
        let rb = hb.x * abs[i][0] + hb.y * abs[i][1] + hb.z * abs[i][2];
        let g = t[i].abs() - (ha[i] + rb);
        let a = ObbAxisTrace {
            axis: ObbAxis::A(i as u8),
            centre_distance: t[i].abs(),
            ra: ha[i],
            rb,
            length: 1.0,
            skipped: false,
        };
        if axis(&mut trace, a, g > tol, g) {
            return false;
        }
    }
    for j in 0..3 {
        let ra = ha.x * abs[0][j] + ha.y * abs[1][j] + ha.z * abs[2][j];
        let tl = t.x * rr(0, j) + t.y * rr(1, j) + t.z * rr(2, j);
        let g = tl.abs() - (ra + hb[j]);
        let a = ObbAxisTrace {
            axis: ObbAxis::B(j as u8),
            centre_distance: tl.abs(),
            ra,
            rb: hb[j],
            length: 1.0,
            skipped: false,
        };
        if axis(&mut trace, a, g > tol, g) {
            return false;
        }
    }
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let c = rr(i, j).abs().min(1.0);
            let len2 = (1.0 - c) * (1.0 + c);
            let skipped = len2 < PARALLEL_EDGE_EPS * PARALLEL_EDGE_EPS;
            if skipped && trace.is_none() {
                continue;
            }
            let ra = ha[i1] * abs[i2][j] + ha[i2] * abs[i1][j];
            let rb = hb[j1] * abs[i][j2] + hb[j2] * abs[i][j1];
            let tl = (t[i2] * rr(i1, j) - t[i1] * rr(i2, j)).abs();
            let g = tl - (ra + rb);
            let sep = !skipped && g > 0.0 && g * g > tol * tol * len2;
            let a = ObbAxisTrace {
                axis: ObbAxis::Cross(i as u8, j as u8),
                centre_distance: tl,
                ra,
                rb,
                length: len2.sqrt(),
                skipped,
            };
            if axis(&mut trace, a, sep, if skipped { 0.0 } else { g }) {
                return false;
            }
        }
    }
    let result = !separated && (!positive || within_tolerance(ca, ma, ha, cb, mb, hb));
    if let Some(tr) = trace {
        tr.by_distance = !separated && positive;
        tr.result = result;
    }
    result
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
