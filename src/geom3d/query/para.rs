//! A box as its `f32` data make it, in `f64`: a parallelepiped whose
//! edges are the `f32` matrix columns, with exact coordinates (the dual
//! basis) and projections. `box_box` and `tri_box` measure boxes with it,
//! and a hull's frame reads a point's local coordinates with it.

use glam::{DVec3, Mat3, Vec3};

/// A box as its `f32` data make it, `f64`: the parallelepiped `c + Σ s_k
/// a_k`, `|s_k| ≤ h_k`, its edges the `f32` columns (orthonormal only to a
/// few `ε₃₂`, which is why coordinates are read with the dual basis and
/// projections solved on the feature, not by clamping dot products: that
/// would be off by `1e-7` of the reach, far above the certificate).
pub(crate) struct Para {
    pub c: DVec3,
    pub a: [DVec3; 3],
    pub h: DVec3,
    /// Face normals `a_{k+1} × a_{k+2}`: the dual basis times `det`.
    pub n: [DVec3; 3],
    /// `1 / det`, `det = a_0 · (a_1 × a_2)`.
    inv_det: f64,
}

impl Para {
    #[inline(always)]
    pub(crate) fn new(c: DVec3, m: Mat3, h: Vec3) -> Para {
        let a = [
            m.x_axis.as_dvec3(),
            m.y_axis.as_dvec3(),
            m.z_axis.as_dvec3(),
        ];
        Para::from_cols(c, a, h.as_dvec3())
    }

    /// The box of centre `c`, edge directions `a` (the `f32` columns) and
    /// half extents `h`.
    #[inline(always)]
    pub(crate) fn from_cols(c: DVec3, a: [DVec3; 3], h: DVec3) -> Para {
        let n = [a[1].cross(a[2]), a[2].cross(a[0]), a[0].cross(a[1])];
        Para {
            c,
            a,
            h,
            n,
            inv_det: 1.0 / a[0].dot(n[0]),
        }
    }

    /// `x`'s coordinates `s` (`x = c + Σ s_k a_k`).
    #[inline(always)]
    pub(crate) fn coords(&self, x: DVec3) -> DVec3 {
        let r = x - self.c;
        DVec3::new(r.dot(self.n[0]), r.dot(self.n[1]), r.dot(self.n[2])) * self.inv_det
    }

    /// The point of coordinates `s`.
    #[inline(always)]
    pub(crate) fn at(&self, s: DVec3) -> DVec3 {
        self.c + self.a[0] * s.x + self.a[1] * s.y + self.a[2] * s.z
    }

    /// The radius along `u`, times `|u|`: `Σ h_k |u · a_k|`.
    #[inline(always)]
    pub(crate) fn radius(&self, u: DVec3) -> f64 {
        self.h.x * u.dot(self.a[0]).abs()
            + self.h.y * u.dot(self.a[1]).abs()
            + self.h.z * u.dot(self.a[2]).abs()
    }

    /// The corner furthest along `u`.
    #[inline(always)]
    pub(crate) fn corner(&self, u: DVec3) -> DVec3 {
        let s = |k: usize| {
            if u.dot(self.a[k]) < 0.0 {
                -self.h[k]
            } else {
                self.h[k]
            }
        };
        self.at(DVec3::new(s(0), s(1), s(2)))
    }

    /// Whether `x` is in the box, its coordinates allowed `slack` (world
    /// units) past the faces.
    #[inline(always)]
    pub(crate) fn holds(&self, x: DVec3, slack: f64) -> bool {
        let s = self.coords(x);
        let lim = |k: usize| self.h[k] + slack / self.a[k].length();
        s.x.abs() <= lim(0) && s.y.abs() <= lim(1) && s.z.abs() <= lim(2)
    }

    /// A point of the box nearest `x`: the coordinates outside the box
    /// clamped name the feature (vertex, edge, face), and `x` is projected
    /// onto that feature's line or plane, its free coordinates clamped
    /// again. A point of the box whatever the rounding; the nearest one
    /// when the feature was right.
    #[inline(always)]
    pub(crate) fn project(&self, x: DVec3) -> DVec3 {
        let s = self.coords(x);
        let t = s.clamp(-self.h, self.h);
        let free = [s.x == t.x, s.y == t.y, s.z == t.z];
        match free {
            [true, true, true] => x,
            [false, false, false] => self.at(t),
            [true, false, false] => self.on_edge(x, t, 0),
            [false, true, false] => self.on_edge(x, t, 1),
            [false, false, true] => self.on_edge(x, t, 2),
            [false, true, true] => self.on_face(x, t, 1, 2),
            [true, false, true] => self.on_face(x, t, 2, 0),
            [true, true, false] => self.on_face(x, t, 0, 1),
        }
    }

    /// `x` onto the edge along `a_k` through the point of coordinates `t`.
    #[inline(always)]
    fn on_edge(&self, x: DVec3, mut t: DVec3, k: usize) -> DVec3 {
        t[k] = 0.0;
        let base = self.at(t);
        let ak = self.a[k];
        t[k] = ((x - base).dot(ak) / ak.length_squared()).clamp(-self.h[k], self.h[k]);
        self.at(t)
    }

    /// `x` onto the face spanned by `a_i`, `a_j` through the point of
    /// coordinates `t`: the 2 × 2 normal equations.
    #[inline(always)]
    fn on_face(&self, x: DVec3, mut t: DVec3, i: usize, j: usize) -> DVec3 {
        t[i] = 0.0;
        t[j] = 0.0;
        let r = x - self.at(t);
        let (ai, aj) = (self.a[i], self.a[j]);
        let (gii, gij, gjj) = (ai.dot(ai), ai.dot(aj), aj.dot(aj));
        let (ri, rj) = (r.dot(ai), r.dot(aj));
        let det = gii * gjj - gij * gij;
        t[i] = ((ri * gjj - rj * gij) / det).clamp(-self.h[i], self.h[i]);
        t[j] = ((rj * gii - ri * gij) / det).clamp(-self.h[j], self.h[j]);
        self.at(t)
    }

    /// The middle of the edge along `a_k` furthest along `u`.
    #[inline(always)]
    pub(crate) fn edge_middle(&self, u: DVec3, k: usize) -> DVec3 {
        let s = |j: usize| {
            if j == k {
                0.0
            } else if u.dot(self.a[j]) < 0.0 {
                -self.h[j]
            } else {
                self.h[j]
            }
        };
        self.at(DVec3::new(s(0), s(1), s(2)))
    }
}
