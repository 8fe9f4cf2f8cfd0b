//! Which edge pairs can give a separating axis: the Gauss-map test.
//!
//! The facet normals of the Minkowski difference `A − B` are the face
//! normals of A and of B and the cross products of those edge pairs whose
//! Gauss-map images cross: an edge's image is the set of directions in
//! which that edge is a supporting feature, an arc on the unit sphere
//! between the normals of the two faces that meet at it (B's arcs turned to
//! their antipodes, for `−B`). An edge pair whose images do not cross forms
//! no facet, so its axis can never be the one that decides: a separated
//! pair is separated along a facet normal, and the least overlap of an
//! intersecting pair is reached at a facet normal. SAT skips such pairs
//! ("pruned"), which for two irregular hulls of 40 points leaves a few
//! hundred of about 13,000 pairs (Gregorius, "The Separating Axis Test
//! between Convex Polyhedra", GDC 2013).
//!
//! Images, in the query frame:
//! - a hull edge: the arcs of its edges with that direction (the face
//!   normals, unit, from `f32` data turned by an `f32` matrix);
//! - a box edge or a segment: the whole great circle perpendicular to it;
//! - a triangle edge: the half circle from the normal `n` through the
//!   edge's outward normal to `−n` (two quarter arcs);
//! - a ray, a flat hull, or a hull edge whose faces are not two: unknown,
//!   never pruned.
//!
//! **Rounding.** The normals are off by a few `f32` roundings (about 1e-7),
//! so each sign is taken with a margin of [`MARGIN`]: a pair is pruned only
//! when its images clearly do not cross, and a pair near the boundary is
//! kept and tested like any other. The test can keep too many pairs, never
//! too few.

pub(crate) use super::source::Gauss;
use crate::geom3d::query::piece::{Core, Piece};
use glam::Vec3;

/// A sign counts only beyond this (products of unit-vector triple
/// products: about ten times their `f32` rounding).
const MARGIN: f32 = 1e-6;

/// One arc `p → q` (shorter than a half circle) and the normal `p × q` of
/// its plane, query frame.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Arc {
    p: Vec3,
    q: Vec3,
    n: Vec3,
}

impl Arc {
    /// The arc from `p` to `q` (unit, less than a half circle apart).
    #[inline]
    pub(crate) fn new(p: Vec3, q: Vec3) -> Arc {
        Arc {
            p,
            q,
            n: p.cross(q),
        }
    }

    /// `p + q`: every direction on the arc has a positive product with it.
    #[inline]
    pub(crate) fn mid(&self) -> Vec3 {
        self.p + self.q
    }

    /// True when the unit direction `u`, in the arc's plane, lies on the
    /// arc or beyond an end by at most about `zeta` radians (on the arc's
    /// side of its antipode): the edge is then a supporting feature along
    /// `u` but for that angle.
    #[inline]
    pub(crate) fn holds(&self, u: Vec3, zeta: f32) -> bool {
        // `(p × u) · n` and `(u × q) · n` are the sines from `p` to `u` and
        // from `u` to `q`, times `|n|`.
        let s = zeta * self.n.length();
        u.dot(self.mid()) > 0.0
            && u.dot(self.n.cross(self.p)) >= -s
            && u.dot(self.q.cross(self.n)) >= -s
    }
}

/// A solid hull piece's arcs turned into the query frame once per query
/// (B's taken antipodal, for `−B`), by edge direction.
pub(crate) struct ArcTable<'a> {
    arcs: Vec<Arc>,
    ranges: &'a [(u16, u16)],
}

impl<'a> ArcTable<'a> {
    /// The table of piece `p` (`antipodal` for B); empty unless `p` is a
    /// solid hull.
    pub(crate) fn of(p: &Piece<'a>, antipodal: bool) -> ArcTable<'a> {
        let s = if antipodal { -1.0 } else { 1.0 };
        match &p.core {
            Core::Hull { m, hull, .. } if !hull.flat => {
                // The turned normals on the stack for up to 32 faces.
                let mut inline = [Vec3::ZERO; 32];
                let mut heap = Vec::new();
                let n: &[Vec3] = if hull.faces.len() <= inline.len() {
                    for (o, f) in inline.iter_mut().zip(&hull.faces) {
                        *o = *m * f.normal * s;
                    }
                    &inline[..hull.faces.len()]
                } else {
                    heap.extend(hull.faces.iter().map(|f| *m * f.normal * s));
                    &heap
                };
                let at = |i: u16| n.get(usize::from(i)).copied().unwrap_or(Vec3::ZERO);
                ArcTable {
                    arcs: hull
                        .arcs
                        .iter()
                        .map(|&[i, j]| Arc::new(at(i), at(j)))
                        .collect(),
                    ranges: &hull.dir_arcs,
                }
            }
            Core::Hull { .. }
            | Core::Box { .. }
            | Core::Triangle(_)
            | Core::Segment(..)
            | Core::Ray { .. }
            | Core::Point(_) => ArcTable {
                arcs: Vec::new(),
                ranges: &[],
            },
        }
    }

    /// The arcs of edge direction `k`; empty when unknown.
    #[inline]
    pub(crate) fn dir(&self, k: usize) -> &[Arc] {
        match self.ranges.get(k) {
            Some(&(a, b)) => self.arcs.get(usize::from(a)..usize::from(b)).unwrap_or(&[]),
            None => &[],
        }
    }
}

/// The ends and plane normals of a table's arcs laid out by coordinate
/// ([`ArcEnds::of_iter`]), so that one arc is tested against all of them in
/// one pass.
pub(crate) struct ArcEnds {
    /// `p.x`, `p.y`, `p.z`, `q.x`, `q.y`, `q.z`, `n.x`, `n.y`, `n.z` of
    /// every arc, `len` each.
    cols: Vec<f32>,
    len: usize,
}

impl ArcEnds {
    /// The ends and plane normals of `arcs`, by coordinate.
    #[inline]
    pub(crate) fn of_iter(arcs: impl ExactSizeIterator<Item = Arc>) -> ArcEnds {
        let len = arcs.len();
        let mut cols = vec![0.0; 9 * len];
        for (i, t) in arcs.enumerate() {
            for (k, v) in [t.p, t.q, t.n].iter().enumerate() {
                for (j, x) in v.to_array().into_iter().enumerate() {
                    if let Some(c) = cols.get_mut((3 * k + j) * len + i) {
                        *c = x;
                    }
                }
            }
        }
        ArcEnds { cols, len }
    }

    /// The ends and plane normals of `arcs`, by coordinate.
    #[cfg(test)]
    pub(crate) fn of(arcs: &[Arc]) -> ArcEnds {
        ArcEnds::of_iter(arcs.iter().copied())
    }

    /// Column `k` (0–8: `p.x` … `n.z`).
    #[inline(always)]
    fn col(&self, k: usize) -> &[f32] {
        self.cols
            .get(k * self.len..(k + 1) * self.len)
            .unwrap_or(&[])
    }
}

/// [`arcs_cross`] of the arc `r` with each arc `t` of `ends`, the same
/// products in the same order, into `out` (one per arc), without a branch
/// between them: one pass the compiler turns into vector instructions.
#[inline]
pub(crate) fn arcs_cross_all(r: &Arc, ends: &ArcEnds, out: &mut [bool]) {
    let n = r.n;
    let (px, py, pz) = (ends.col(0), ends.col(1), ends.col(2));
    let (qx, qy, qz) = (ends.col(3), ends.col(4), ends.col(5));
    let (nx, ny, nz) = (ends.col(6), ends.col(7), ends.col(8));
    let len = [px, py, pz, qx, qy, qz, nx, ny, nz]
        .iter()
        .fold(out.len(), |l, c| l.min(c.len()));
    let (px, py, pz) = (&px[..len], &py[..len], &pz[..len]);
    let (qx, qy, qz) = (&qx[..len], &qy[..len], &qz[..len]);
    let (nx, ny, nz) = (&nx[..len], &ny[..len], &nz[..len]);
    for (i, o) in out[..len].iter_mut().enumerate() {
        // `t.p · r.n`, `t.q · r.n`, `r.p · t.n`, `r.q · t.n`.
        let cn = px[i] * n.x + py[i] * n.y + pz[i] * n.z;
        let dn = qx[i] * n.x + qy[i] * n.y + qz[i] * n.z;
        let an = r.p.x * nx[i] + r.p.y * ny[i] + r.p.z * nz[i];
        let bn = r.q.x * nx[i] + r.q.y * ny[i] + r.q.z * nz[i];
        *o = (cn * dn <= MARGIN) & (an * bn <= MARGIN) & (cn * bn >= -MARGIN);
    }
}

/// An image resolved for the test: B's taken antipodal.
pub(crate) enum Image<'t> {
    All,
    Circle(Vec3),
    Arcs(&'t [Arc]),
    Two([Arc; 2]),
}

/// The image of an edge of A (`a`, through `ta`), resolved once for all
/// the edges of B it is tested against ([`crosses`]).
#[inline]
pub(crate) fn image_a<'t>(a: Gauss, ta: &'t ArcTable) -> Image<'t> {
    resolve(a, ta, false)
}

#[inline]
fn resolve<'t>(g: Gauss, table: &'t ArcTable, antipodal: bool) -> Image<'t> {
    let s = if antipodal { -1.0 } else { 1.0 };
    match g {
        Gauss::All => Image::All,
        Gauss::Circle(d) => Image::Circle(d),
        Gauss::HullDir(k) => match table.dir(k) {
            [] => Image::All,
            arcs => Image::Arcs(arcs),
        },
        Gauss::Half { n, out } => {
            let (n, out) = (n * s, out * s);
            Image::Two([Arc::new(n, out), Arc::new(out, -n)])
        }
    }
}

/// True unless the images of an edge of A (`a`, through `ta`) and an edge
/// of B (`b`, through `tb`, taken antipodal) clearly do not cross: false
/// means the pair forms no facet of `A − B` and its axis can be skipped.
pub(crate) fn minkowski_face(a: Gauss, ta: &ArcTable, b: Gauss, tb: &ArcTable) -> bool {
    crosses(&image_a(a, ta), b, tb)
}

/// [`minkowski_face`] for A's image already resolved ([`image_a`]). Two
/// hulls' arcs (the common case: a hull direction of B that its table
/// knows resolves to its arcs) are tested here, inline; the rest in
/// [`crosses_other`].
#[inline(always)]
pub(crate) fn crosses(ia: &Image, b: Gauss, tb: &ArcTable) -> bool {
    match (ia, b) {
        (Image::Arcs(x), Gauss::HullDir(k)) if !tb.dir(k).is_empty() => {
            return arcs_meet(x, tb.dir(k));
        }
        // A box's or a segment's edge against a hull's (a box A against a
        // hull B): as the general match, without it.
        (Image::Circle(d), Gauss::HullDir(k)) if !tb.dir(k).is_empty() => {
            return tb.dir(k).iter().any(|r| crosses_circle(r, *d));
        }
        (Image::All | Image::Circle(_) | Image::Arcs(_) | Image::Two(_), _) => {}
    }
    crosses_other(ia, b, tb)
}

/// [`minkowski_face`] of two solid hulls' edge directions given by their
/// arcs (A's, and B's from its antipodal table: [`ArcTable::dir`]); an
/// empty list is unknown, so kept.
#[inline(always)]
pub(crate) fn arcs_meet(x: &[Arc], y: &[Arc]) -> bool {
    if x.is_empty() || y.is_empty() {
        return true;
    }
    for r in x {
        for t in y {
            if arcs_cross(r, t) {
                return true;
            }
        }
    }
    false
}

#[inline(never)]
fn crosses_other(ia: &Image, b: Gauss, tb: &ArcTable) -> bool {
    let ib = resolve(b, tb, true);
    match (ia, &ib) {
        (Image::All, _) | (_, Image::All) | (Image::Circle(_), Image::Circle(_)) => true,
        (Image::Circle(d), arcs) | (arcs, Image::Circle(d)) => {
            arcs_of(arcs).is_none_or(|x| x.iter().any(|r| crosses_circle(r, *d)))
        }
        (Image::Arcs(_) | Image::Two(_), Image::Arcs(_) | Image::Two(_)) => {
            match (arcs_of(ia), arcs_of(&ib)) {
                (Some(x), Some(y)) => x.iter().any(|r| y.iter().any(|t| arcs_cross(r, t))),
                _ => true,
            }
        }
    }
}

/// The arcs of an image that has them.
fn arcs_of<'s>(i: &'s Image<'_>) -> Option<&'s [Arc]> {
    match i {
        Image::Arcs(x) => Some(x),
        Image::Two(x) => Some(x.as_slice()),
        Image::All | Image::Circle(_) => None,
    }
}

/// True unless the arc `r` clearly stays on one side of the great circle
/// perpendicular to `d`.
#[inline]
pub(crate) fn crosses_circle(r: &Arc, d: Vec3) -> bool {
    r.p.dot(d) * r.q.dot(d) <= MARGIN
}

/// True unless the arcs `r` and `t` clearly do not cross: each arc's ends
/// lie on opposite sides of the other's plane, and the crossing is on both
/// arcs, not at its antipode (Gregorius 2013).
#[inline]
fn arcs_cross(r: &Arc, t: &Arc) -> bool {
    // The first condition alone rejects most pairs: the other two dot
    // products only when it holds (the same products, the same verdict).
    // (Written so that a NaN product fails, as in the one expression.)
    let (cn, dn) = (t.p.dot(r.n), t.q.dot(r.n));
    let ends_apart = cn * dn <= MARGIN;
    if !ends_apart {
        return false;
    }
    let (an, bn) = (r.p.dot(t.n), r.q.dot(t.n));
    an * bn <= MARGIN && cn * bn >= -MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cross(a: Vec3, b: Vec3, c: Vec3, d: Vec3) -> bool {
        arcs_cross(&Arc::new(a, b), &Arc::new(c, d))
    }

    #[test]
    fn arcs_that_cross_and_arcs_that_meet_at_the_antipode() {
        let s = 3f32.sqrt().recip();
        let (x, y) = (Vec3::X, Vec3::Y);
        assert!(cross(x, y, Vec3::new(s, s, -s), Vec3::new(s, s, s)));
        // The great circles cross at (−1, −1, 0)/√2, off the arc x → y.
        assert!(!cross(x, y, Vec3::new(-s, -s, -s), Vec3::new(-s, -s, s)));
        // Both ends of c → d on one side of the plane of x → y.
        assert!(!cross(
            x,
            y,
            Vec3::new(s, s, s),
            Vec3::new(0.0, s, s).normalize()
        ));
    }

    #[test]
    fn the_one_pass_over_all_arcs_is_the_arc_test() {
        // Random arcs (near-antipodal and shared ends included): the test
        // of one arc against all of a table's arcs at once gives
        // `arcs_cross` pair by pair.
        let mut z = 0x27_0005_u64;
        let mut f = || {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((z >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        };
        let mut unit = || Vec3::new(f(), f(), f()).normalize_or(Vec3::X);
        for _ in 0..200 {
            let table = ArcTable {
                arcs: (0..37)
                    .map(|k| {
                        let p = unit();
                        let q = if k % 9 == 0 { -p } else { unit() };
                        Arc::new(p, q)
                    })
                    .collect(),
                ranges: &[],
            };
            let (ends, all) = (ArcEnds::of(&table.arcs), &table.arcs);
            let mut meet = vec![false; all.len()];
            for r in all.iter().take(5).chain([Arc::new(unit(), unit())].iter()) {
                arcs_cross_all(r, &ends, &mut meet);
                for (t, m) in all.iter().zip(&meet) {
                    assert_eq!(*m, arcs_cross(r, t), "{r:?} {t:?}");
                }
            }
        }
    }

    #[test]
    fn a_circle_is_crossed_by_an_arc_with_ends_on_both_sides() {
        let r = Arc::new(Vec3::X, Vec3::Y);
        assert!(crosses_circle(&r, Vec3::new(1.0, -1.0, 0.0).normalize()));
        assert!(!crosses_circle(&r, Vec3::new(1.0, 1.0, 0.0).normalize()));
        // An end on the circle: kept.
        assert!(crosses_circle(&r, Vec3::X));
    }

    #[test]
    fn unknown_images_are_never_pruned() {
        let none = ArcTable {
            arcs: Vec::new(),
            ranges: &[],
        };
        let half = Gauss::Half {
            n: Vec3::Z,
            out: Vec3::X,
        };
        assert!(minkowski_face(Gauss::All, &none, half, &none));
        assert!(minkowski_face(half, &none, Gauss::All, &none));
        // A hull direction the table does not know: unknown, kept.
        assert!(minkowski_face(
            Gauss::HullDir(3),
            &none,
            Gauss::Circle(Vec3::Z),
            &none
        ));
        // The half circle z → x → −z meets the circle perpendicular to z
        // at x, and the one perpendicular to (1, 0, 1)/√2 between z and
        // −z (its ends lie on both sides): kept.
        assert!(minkowski_face(half, &none, Gauss::Circle(Vec3::Z), &none));
        let tilted = Vec3::new(1.0, 0.0, 1.0).normalize();
        assert!(minkowski_face(half, &none, Gauss::Circle(tilted), &none));
        // The circle perpendicular to y holds the whole half circle (its
        // ends and middle on it): kept.
        assert!(minkowski_face(half, &none, Gauss::Circle(Vec3::Y), &none));
    }
}
