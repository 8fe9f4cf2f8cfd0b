//! Oriented box against oriented box on the 15 separating axes.
//!
//! Gottschalk, Lin and Manocha, "OBBTree" (SIGGRAPH 1996); Ericson,
//! *Real-Time Collision Detection*, 4.4.1. With `R = Aᵀ B` and `t` B's
//! centre in A's frame, the gap on an axis `L` is `|t · L| − (rA + rB)`,
//! each radius `Σ h_k |L · axis_k|`: A's three face normals, B's three and
//! the nine `a_i × b_j`.
//!
//! **Precision.** The verdict has a known error bound and asks the exact
//! distance where the bound cannot decide (issue 25):
//! 1. An `f32` pass over the textbook table decides pairs that are clearly
//!    apart or clearly overlapping. Its gaps, edge axes' unnormalised
//!    (`L = a_i × b_j` read off `R`), are off by at most `E = ROUNDING · M +
//!    QUICK_SLACK · M`, `M = |t| + Σ hA + Σ hB`: each `R` entry and each
//!    component of `t` and of `L` is off by a few `f32` roundings (`≲ 12
//!    ε₃₂`, the matrices being orthonormal to a few `ε₃₂`), so every
//!    unnormalised gap by `≲ 24 ε₃₂ M`, and `E` is about four times that.
//!    `|L|` itself is then off by at most `QUICK_SLACK`, so an edge axis
//!    separates when `g − E > tol · (|L| + QUICK_SLACK)` (then the true gap
//!    over the true length exceeds `tol`), tested squared without a root,
//!    and overlaps when `g < −E`; an edge pair parallel to the last bit
//!    (`g` within `±E` of 0) decides neither way and leaves the pair to
//!    the `f64` pass.
//! 2. Otherwise an `f64` pass over the axes the `f32` pass left in its band
//!    (those it found below `−E` overlap; near touching most are), relative
//!    to A's centre, on the boxes as the `f32` data make them:
//!    parallelepipeds whose edges are the `f32` matrix columns (exact in
//!    `f64`), as GJK's supports see them. Their
//!    Minkowski difference has the 15 face normals `a_j × a_k`, `b_j × b_k`
//!    (the face axes `A_i`, `B_i`) and `a_i × b_j`, each formed as a cross
//!    product (products of `f32` numbers are exact in `f64`; no
//!    orthonormality identity is used, so nearly parallel edges keep an
//!    exact direction). Each gap `(|L · d| − rA − rB) / |L|` is off by at
//!    most `32 ε₆₄ M / |L|` (`≲ 12 ε₆₄ M / |L|` from `L`'s own rounding,
//!    the dots and the division).
//! 3. A gap above `tol + ρ` separates, all gaps below `−ρ` overlap, where
//!    `ρ` is the axis's bound plus the allowance `α = GJK_ALLOWANCE · M +
//!    ε₃₂ · tol` for the distance the answer must agree with: GJK on the
//!    same `f32` data (the relative centres are the same `f32`
//!    differences, so their rounding is common to both), whose supports
//!    and solver run in `f64` and whose loop stops on a repeated vertex or
//!    at `1e-12` relative progress on polytopes; its solver's rounding
//!    grows as `1 / sin` of the angle between nearly parallel edges
//!    (`2e-16 / 5e-6 ≈ 4e-11` of `M` at 5e-6 rad). `GJK_ALLOWANCE = 1e-9`
//!    covers both with room. `ε₃₂ · tol` covers the rounding of that
//!    distance to `f32` before `distance ≤ tol` is asked. (Until issue
//!    27's follow-up `α` was `ROUNDING · M = 1e-6 · M`, the `f32` policy,
//!    and face axes were the columns themselves with `4 ε₃₂ M` more: 55 of
//!    512 held-out thin box pairs went to GJK, 7 now.) A gap along any
//!    direction is a lower bound of the distance, and all 15 gaps below 0
//!    put the origin inside the Minkowski difference, so the verdict is
//!    exact for the data wherever it clears `ρ`.
//! 4. Where no axis decides, a pair of points within the tolerance does
//!    (`witness`): the vertex of B deepest along the best axis projected
//!    into A, and A's into B (`box_box`'s projection onto the `f32`
//!    parallelepiped). Each projected point is a point of its box whatever
//!    the rounding of the solve, so `|q − p|` is an upper bound of
//!    the distance, off by at most `32 ε₆₄ M` in `f64`; below `tol − α`
//!    less that bound the boxes intersect. This decides face-on contact
//!    (a gap in `(0, tol)`, where the SAT's largest gap is only a lower
//!    bound); the rest, and edge pairs parallel to the last bit, go to
//!    the exact distance, exactly as `distance` computes it (`box_box`: a
//!    certified closest pair, else GJK), so `intersects`, `distance`,
//!    `penetration` and the report agree.

use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::box_box::box_box_distance;
use crate::geom3d::query::gjk::{F64_BOUND, GJK_ALLOWANCE};
use crate::geom3d::query::para::Para;
use crate::geom3d::query::sat::rounding;
use glam::{DVec3, Mat3, Vec3};

/// The `f32` pass's slack per unit of magnitude: about four times the
/// rounding of its unnormalised gaps (`≲ 24 ε₃₂` per unit, see the module
/// doc), and a bound of the error of an edge axis's length `|a_i × b_j|`.
const QUICK_SLACK: f32 = 1e-5;

/// `tol² · (2 · QUICK_SLACK + QUICK_SLACK²)`, rounded up: with `|L| ≤ 1`,
/// `tol² (|L| + QUICK_SLACK)² ≤ tol² |L|² + EDGE_LEN_MARGIN`.
const EDGE_LEN_MARGIN: f32 = CONTACT_TOLERANCE * CONTACT_TOLERANCE * 2.1e-5;

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

impl ObbAxis {
    /// The 15 axes in the textbook's order.
    pub const ALL: [ObbAxis; 15] = [
        ObbAxis::A(0),
        ObbAxis::A(1),
        ObbAxis::A(2),
        ObbAxis::B(0),
        ObbAxis::B(1),
        ObbAxis::B(2),
        ObbAxis::Cross(0, 0),
        ObbAxis::Cross(0, 1),
        ObbAxis::Cross(0, 2),
        ObbAxis::Cross(1, 0),
        ObbAxis::Cross(1, 1),
        ObbAxis::Cross(1, 2),
        ObbAxis::Cross(2, 0),
        ObbAxis::Cross(2, 1),
        ObbAxis::Cross(2, 2),
    ];
}

/// One axis of [`obb_obb`], worked in `f64` in the world frame: `|t · L|`
/// against `rA + rB`, unnormalised (`L` is a face normal `a_j × a_k` or
/// `b_j × b_k`, or `a_i × b_j`).
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
    /// `|L|` (`|A_j × A_k|`, 1 to `f32` rounding, for a face normal;
    /// `|A_i × B_j|` for a cross axis).
    pub length: f32,
    /// The gap on the axis, world units: `(|t · L| − (rA + rB)) / |L|`,
    /// computed in `f64`. Positive = apart; NaN when skipped.
    pub gap: f32,
    /// The gap's rounding bound, world units: the axis decides only when
    /// its gap clears the contact band by this much.
    pub error: f32,
    /// The edges are parallel to the last bit (`|L|` is 0, or so small
    /// that its error bound exceeds the shapes' size): the axis has no
    /// direction and is not tested.
    pub skipped: bool,
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
    /// The allowance `ρ` for the distance the verdict agrees with (module
    /// doc, point 3), world units: a gap above `tol + ρ` (plus the axis's
    /// own bound) separates, all gaps below `−ρ` overlap.
    pub rounding: f32,
    /// The first axis (index into `axes`) whose gap clears `tol + ρ`:
    /// where the test stops, separated.
    pub first_separating: Option<usize>,
    /// No axis decided: the exact distance (GJK) did.
    pub by_distance: bool,
    /// The verdict.
    pub result: bool,
}

/// Box against box: true when they intersect (touching within
/// [`CONTACT_TOLERANCE`] counts). `ca`, `cb`: centres (best relative to
/// A's position); `ma`, `mb`: columns are the box axes; `ha`, `hb`: half
/// extents; world units. See the module doc for the error bound.
#[inline]
pub fn obb_obb(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> bool {
    match obb_obb_decided(ca, ma, ha, cb, mb, hb) {
        Some(r) => r,
        None => within_tolerance(ca, ma, ha, cb, mb, hb),
    }
}

/// [`obb_obb`] where the 15 axes decide; `None` where the exact distance
/// must (the caller asks it, so that it can ask exactly as `distance`
/// does).
#[inline]
pub(crate) fn obb_obb_decided(
    ca: Vec3,
    ma: Mat3,
    ha: Vec3,
    cb: Vec3,
    mb: Mat3,
    hb: Vec3,
) -> Option<bool> {
    match quick(ca, ma, ha, cb, mb, hb) {
        Ok(decided) => Some(decided),
        Err(band) => slow(ca, ma, ha, cb, mb, hb, band),
    }
}

/// The largest gap of two boxes over the axes with a direction (the
/// `f64` pass's gaps), world units; positive = apart.
pub fn obb_obb_max_gap(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> f32 {
    let w = World::new(ca, ma, ha, cb, mb, hb);
    ObbAxis::ALL
        .iter()
        .map(|&k| w.axis(k))
        .filter(|a| !a.trace.skipped)
        .map(|a| a.trace.gap)
        .fold(f32::NEG_INFINITY, f32::max)
}

/// [`obb_obb`] worked: the `f64` pass over all 15 axes, recorded (the
/// verdict is the test's).
pub fn obb_obb_trace(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> ObbObbTrace {
    let w = World::new(ca, ma, ha, cb, mb, hb);
    let r = ma.transpose() * mb;
    let axes: Vec<Axis64> = ObbAxis::ALL.iter().map(|&k| w.axis(k)).collect();
    let (first, decided) = w.decide(&axes);
    let result = match decided {
        Some(v) => v,
        None => within_tolerance(ca, ma, ha, cb, mb, hb),
    };
    ObbObbTrace {
        r: [0, 1, 2].map(|i| [0, 1, 2].map(|j| r.col(j)[i])),
        t: ma.transpose() * (cb - ca),
        axes: axes.iter().map(|a| a.trace).collect(),
        rounding: w.rho as f32,
        first_separating: first,
        by_distance: decided.is_none(),
        result,
    }
}

/// The `f32` pass: the verdict when every gap is clear of the band by the
/// slack; otherwise the axes it left undecided, bit `k` for
/// [`ObbAxis::ALL`]`[k]` (the others overlap: their exact gaps are below 0).
#[inline(always)]
fn quick(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> Result<bool, u16> {
    let r = ma.transpose() * mb;
    let t = ma.transpose() * (cb - ca);
    let rr = |i: usize, j: usize| r.col(j)[i];
    let abs = |i: usize, j: usize| rr(i, j).abs();
    let m = t.length() + ha.element_sum() + hb.element_sum();
    let slack = rounding(m) + QUICK_SLACK * m;
    let (apart, deep) = (CONTACT_TOLERANCE + slack, -slack);
    let mut band = 0u16;
    for i in 0..3 {
        let rb = hb.x * abs(i, 0) + hb.y * abs(i, 1) + hb.z * abs(i, 2);
        let g = t[i].abs() - (ha[i] + rb);
        if g > apart {
            return Ok(false);
        }
        band |= u16::from(g >= deep) << i;
    }
    for j in 0..3 {
        let ra = ha.x * abs(0, j) + ha.y * abs(1, j) + ha.z * abs(2, j);
        let tl = t.x * rr(0, j) + t.y * rr(1, j) + t.z * rr(2, j);
        let g = tl.abs() - (ra + hb[j]);
        if g > apart {
            return Ok(false);
        }
        band |= u16::from(g >= deep) << (3 + j);
    }
    // Edge axes unnormalised, `g` off by at most `slack` (the module doc):
    // apart when `g − slack > tol · (|L| + QUICK_SLACK)`, deep when `g <
    // −slack`.
    let tol2 = CONTACT_TOLERANCE * CONTACT_TOLERANCE;
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let len2 = rr(i1, j) * rr(i1, j) + rr(i2, j) * rr(i2, j);
            let ra = ha[i1] * abs(i2, j) + ha[i2] * abs(i1, j);
            let rb = hb[j1] * abs(i, j2) + hb[j2] * abs(i, j1);
            let g = (t[i2] * rr(i1, j) - t[i1] * rr(i2, j)).abs() - (ra + rb);
            let over = g - slack;
            if over > 0.0 && over * over > tol2 * len2 + EDGE_LEN_MARGIN {
                return Ok(false);
            }
            band |= u16::from(g >= deep) << (6 + 3 * i + j);
        }
    }
    if band == 0 {
        Ok(true)
    } else {
        Err(band)
    }
}

/// The `f64` pass over the axes the `f32` pass left in its band (`band`,
/// bit `k` for [`ObbAxis::ALL`]`[k]`; the rest overlap, and none
/// separated): `None` where neither an axis nor a witness pair of points
/// decides. The witness takes the band's largest gap (any axis gives an
/// upper bound of the distance; the others' gaps are below 0).
#[cold]
#[inline(never)]
fn slow(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3, band: u16) -> Option<bool> {
    let w = World::new(ca, ma, ha, cb, mb, hb);
    let mut all_deep = true;
    let (mut best, mut best_gap) = (None, f64::NEG_INFINITY);
    for (_, k) in (ObbAxis::ALL.into_iter().enumerate()).filter(|(i, _)| band >> i & 1 == 1) {
        let a = w.axis(k);
        match w.judge(&a) {
            Some(false) => return Some(false),
            Some(true) => {}
            None => all_deep = false,
        }
        if !a.trace.skipped && a.gap > best_gap {
            (best, best_gap) = (Some(a.l), a.gap);
        }
    }
    if all_deep {
        return Some(true);
    }
    let reach = f64::from(CONTACT_TOLERANCE) - w.rho - F64_BOUND * w.m;
    best.filter(|&l| w.witness(l) < reach).map(|_| true)
}

/// One axis of the `f64` pass: the trace, and its gap and bound unrounded.
struct Axis64 {
    trace: ObbAxisTrace,
    /// The axis, unnormalised, world frame.
    l: DVec3,
    gap: f64,
    error: f64,
}

/// Both boxes in `f64`, relative to A's centre.
struct World {
    a: [DVec3; 3],
    b: [DVec3; 3],
    ha: DVec3,
    hb: DVec3,
    d: DVec3,
    /// Magnitude `|d| + Σ hA + Σ hB`.
    m: f64,
    /// The allowance `α = GJK_ALLOWANCE · m + ε₃₂ · tol` (module doc,
    /// point 3), world units.
    rho: f64,
}

impl World {
    fn new(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> World {
        let cols = |m: Mat3| {
            [
                m.x_axis.as_dvec3(),
                m.y_axis.as_dvec3(),
                m.z_axis.as_dvec3(),
            ]
        };
        let d = cb.as_dvec3() - ca.as_dvec3();
        let (ha, hb) = (ha.as_dvec3(), hb.as_dvec3());
        let m = d.length() + ha.element_sum() + hb.element_sum();
        World {
            a: cols(ma),
            b: cols(mb),
            ha,
            hb,
            d,
            m,
            rho: GJK_ALLOWANCE * m + f64::from(f32::EPSILON * CONTACT_TOLERANCE),
        }
    }

    /// One axis: its unnormalised numbers and error bound.
    fn axis(&self, k: ObbAxis) -> Axis64 {
        let l = match k {
            // The face normal as the cross product of the other two edges.
            ObbAxis::A(i) => self.a[(i as usize + 1) % 3].cross(self.a[(i as usize + 2) % 3]),
            ObbAxis::B(j) => self.b[(j as usize + 1) % 3].cross(self.b[(j as usize + 2) % 3]),
            ObbAxis::Cross(i, j) => self.a[i as usize].cross(self.b[j as usize]),
        };
        let len = l.length();
        let r = |h: DVec3, ax: &[DVec3; 3]| {
            h.x * l.dot(ax[0]).abs() + h.y * l.dot(ax[1]).abs() + h.z * l.dot(ax[2]).abs()
        };
        let error = F64_BOUND * self.m / len;
        let (cd, ra, rb) = (
            l.dot(self.d).abs(),
            r(self.ha, &self.a),
            r(self.hb, &self.b),
        );
        // A NaN bound (no length) counts as skipped.
        let skipped = len == 0.0 || error.is_nan() || error >= self.m;
        let gap = if skipped {
            f64::NAN
        } else {
            (cd - (ra + rb)) / len
        };
        Axis64 {
            trace: ObbAxisTrace {
                axis: k,
                centre_distance: cd as f32,
                ra: ra as f32,
                rb: rb as f32,
                length: len as f32,
                gap: gap as f32,
                error: error as f32,
                skipped,
            },
            gap,
            error,
            l,
        }
    }

    /// An upper bound of the boxes' distance (module doc, point 4), as
    /// computed (off by at most `F64_BOUND · m`): B's vertex deepest along
    /// `l` (turned from A towards B) projected into A, and A's deepest
    /// along `−l` projected into B; the nearer pair.
    fn witness(&self, l: DVec3) -> f64 {
        let l = if l.dot(self.d) < 0.0 { -l } else { l };
        let zero = DVec3::ZERO;
        let a = Para::from_cols(zero, self.a, self.ha);
        let b = Para::from_cols(self.d, self.b, self.hb);
        let (qb, qa) = (b.corner(-l), a.corner(l));
        let to_a = (qb - a.project(qb)).length();
        let to_b = (qa - b.project(qa)).length();
        to_a.min(to_b)
    }

    /// What one axis says: `Some(false)` separates, `Some(true)` overlaps
    /// clearly, `None` cannot tell (skipped, or within the band).
    fn judge(&self, a: &Axis64) -> Option<bool> {
        if a.trace.skipped {
            // Exactly parallel: the face normals cover the contact (the
            // Minkowski difference has no facet of its own for it).
            return (a.trace.length == 0.0).then_some(true);
        }
        let (g, e) = (a.gap, a.error + self.rho);
        if g > f64::from(CONTACT_TOLERANCE) + e {
            Some(false)
        } else if g < -e {
            Some(true)
        } else {
            None
        }
    }

    /// The first axis that separates, and the verdict when the axes decide.
    fn decide(&self, axes: &[Axis64]) -> (Option<usize>, Option<bool>) {
        let judged: Vec<Option<bool>> = axes.iter().map(|a| self.judge(a)).collect();
        let first = judged.iter().position(|j| *j == Some(false));
        if first.is_some() {
            (first, Some(false))
        } else if judged.iter().all(|j| *j == Some(true)) {
            (None, Some(true))
        } else {
            (None, None)
        }
    }
}

/// The exact distance within the tolerance, as `distance` computes it.
#[cold]
#[inline(never)]
fn within_tolerance(ca: Vec3, ma: Mat3, ha: Vec3, cb: Vec3, mb: Mat3, hb: Vec3) -> bool {
    box_box_distance((ca, ma, ha), (cb, mb, hb)).distance <= CONTACT_TOLERANCE
}
