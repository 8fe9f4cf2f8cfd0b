//! Space's side of the one EPA loop ([`crate::common::epa`]): a polytope
//! of triangles grown by horizon rebuilds, seeded from GJK's last simplex.
//!
//! **Seed.** GJK ends on a tetrahedron around the origin, or, when the
//! origin lies on its simplex's boundary (two shapes touching, an origin on
//! a segment of supports), on a point, segment or triangle holding it. The
//! latter is blown up by the supports on both sides of it (along the
//! axes, the segment's two perpendiculars, the triangle's normal); the
//! convex hull of those points holds the simplex and so the origin. A
//! Minkowski difference flatter than `1e-9` of its size gives no
//! tetrahedron: EPA is not trusted there.
//!
//! **Growth.** A new support point `w` sees the triangles whose plane it
//! lies beyond (by more than `1e-13` of the polytope's size); they are
//! removed and the loop of their outer edges (the horizon, or silhouette)
//! is joined to `w`. A horizon that is not one simple loop, a triangle
//! that would be a sliver, or the origin left outside ends the loop as
//! untrusted (rounding would fold the polytope). All in `f64`.

use super::gjk::Pair;
use crate::common::epa::{self, Ended, EpaObserver, Facet, Grown, Polytope, Stop};
use crate::common::gjk::{Simplex, Support};
use glam::DVec3;

/// The loop stops when the support gains at most this fraction of its
/// length over the nearest triangle (the supports are vertices of the
/// data: on the boundary the gain is rounding).
const STOP: Stop = Stop {
    rel: 1e-9,
    floor: 0.0,
};
/// A triangle sees a point beyond its plane by more than this times the size.
const SEES: f64 = 1e-13;
/// A triangle whose doubled area is below this times the size² is a sliver.
const SLIVER: f64 = 1e-12;
/// Seed points closer than this times the size to a line or plane are flat.
const FLAT: f64 = 1e-9;
/// The origin counts as inside when no plane is further than this times the size.
const INSIDE: f64 = 1e-9;

/// One triangle: vertex indices counter-clockwise seen from outside, the
/// outward unit normal, and the plane's distance from the origin.
#[derive(Debug, Clone, Copy)]
struct Tri {
    v: [u32; 3],
    n: DVec3,
    d: f64,
}

/// The polytope: points of `B − A` (offsets, A's frame origin cancels)
/// and the triangles of their convex hull.
#[derive(Debug, Clone, Default)]
pub(crate) struct Mesh {
    verts: Vec<DVec3>,
    tris: Vec<Tri>,
    /// The largest `|w|`: the size the tolerances scale with.
    scale: f64,
    /// Scratch: the edges of the triangles a new point sees, and the
    /// horizon among them.
    edges: Vec<(u32, u32)>,
    horizon: Vec<(u32, u32)>,
}

/// Why EPA's answer is not used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Untrusted {
    /// The Minkowski difference is flat within rounding (or the origin is
    /// on its boundary with no volume to grow).
    Flat,
    /// The polytope could not take a point, or the iterations ran out.
    NotConverged,
}

impl Mesh {
    /// The vertices (offsets `B − A`).
    pub fn vertices(&self) -> &[DVec3] {
        &self.verts
    }

    /// The triangles' vertex indices, counter-clockwise seen from outside.
    pub fn triangles(&self) -> impl Iterator<Item = [usize; 3]> + '_ {
        self.tris.iter().map(|t| t.v.map(|i| i as usize))
    }

    fn tri(&self, v: [u32; 3]) -> Option<Tri> {
        let at = |i: u32| self.verts[i as usize];
        let (a, b, c) = (at(v[0]), at(v[1]), at(v[2]));
        let n = (b - a).cross(c - a);
        let l = n.length();
        if l.is_nan() || l <= SLIVER * self.scale * self.scale {
            return None;
        }
        let n = n / l;
        Some(Tri { v, n, d: n.dot(a) })
    }

    /// Adds `w` to the hull: [`Grown::Repeated`] when it is a vertex
    /// already or no triangle sees it (it is inside).
    fn insert(&mut self, w: DVec3) -> Grown {
        if self.verts.contains(&w) {
            return Grown::Repeated;
        }
        let eps = SEES * self.scale;
        let edges = &mut self.edges;
        edges.clear();
        self.tris.retain(|t| {
            let sees = t.n.dot(w) - t.d > eps;
            if sees {
                let [a, b, c] = t.v;
                edges.extend([(a, b), (b, c), (c, a)]);
            }
            !sees
        });
        if self.edges.is_empty() {
            return Grown::Repeated;
        }
        let new = self.verts.len() as u32;
        self.verts.push(w);
        self.scale = self.scale.max(w.length());
        // The horizon: the seen triangles' edges whose twin is not seen.
        let mut horizon = std::mem::take(&mut self.horizon);
        horizon.clear();
        let edges = &self.edges;
        horizon.extend(edges.iter().filter(|&&(a, b)| !edges.contains(&(b, a))));
        // One simple loop: each horizon edge's end starts exactly one edge.
        let simple = horizon.len() >= 3
            && (horizon.iter()).all(|&(_, b)| horizon.iter().filter(|e| e.0 == b).count() == 1);
        let mut grown = if simple { Grown::Added } else { Grown::Failed };
        for &(a, b) in &horizon {
            match self.tri([a, b, new]) {
                Some(t) => self.tris.push(t),
                None => grown = Grown::Failed,
            }
        }
        self.horizon = horizon;
        grown
    }

    /// The tetrahedron of four points (any orientation).
    fn tetrahedron(&mut self, p: [DVec3; 4]) -> bool {
        let vol = (p[1] - p[0]).cross(p[2] - p[0]).dot(p[3] - p[0]);
        let p = if vol > 0.0 {
            p
        } else {
            [p[0], p[2], p[1], p[3]]
        };
        self.verts.clear();
        self.tris.clear();
        self.verts.extend(p);
        self.scale = p.iter().fold(1e-300f64, |m, x| m.max(x.length()));
        for v in [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]] {
            match self.tri(v) {
                Some(t) => self.tris.push(t),
                None => return false,
            }
        }
        true
    }

    /// The hull of GJK's last simplex (holding the origin) and the
    /// supports around it (see the module doc).
    pub fn seed(&mut self, pair: &Pair, s: &Simplex<DVec3>) -> Result<(), Untrusted> {
        let mut pts: Vec<DVec3> = s.vertices().iter().map(|x| x.w).collect();
        for d in blow_up(&pts) {
            pts.push(pair.support(d).w);
        }
        let scale = pts.iter().fold(1e-300f64, |m, x| m.max(x.length()));
        let p0 = pts[0];
        let far = |f: &dyn Fn(DVec3) -> f64| {
            let (i, x) = (pts.iter().enumerate())
                .map(|(i, &p)| (i, f(p)))
                .fold((0, f64::NEG_INFINITY), |b, c| if c.1 > b.1 { c } else { b });
            (x > FLAT * scale).then_some(pts[i])
        };
        let p1 = far(&|p| (p - p0).length()).ok_or(Untrusted::Flat)?;
        let e = (p1 - p0).normalize();
        let p2 = far(&|p| (p - p0).cross(e).length()).ok_or(Untrusted::Flat)?;
        let n = e.cross(p2 - p0).normalize();
        let p3 = far(&|p| (p - p0).dot(n).abs()).ok_or(Untrusted::Flat)?;
        if !self.tetrahedron([p0, p1, p2, p3]) {
            return Err(Untrusted::Flat);
        }
        for p in pts {
            if self.insert(p) == Grown::Failed {
                return Err(Untrusted::Flat);
            }
        }
        let inside = self.tris.iter().all(|t| t.d >= -INSIDE * self.scale);
        if inside {
            Ok(())
        } else {
            Err(Untrusted::Flat)
        }
    }
}

/// The directions to search around a simplex of fewer than four points
/// (none for a tetrahedron).
fn blow_up(pts: &[DVec3]) -> Vec<DVec3> {
    let around = |e: DVec3| {
        let u = e.any_orthonormal_vector();
        let v = e.normalize().cross(u);
        vec![u, -u, v, -v]
    };
    match pts {
        [_] => vec![
            DVec3::X,
            -DVec3::X,
            DVec3::Y,
            -DVec3::Y,
            DVec3::Z,
            -DVec3::Z,
        ],
        [a, b] => match (*b - *a).try_normalize() {
            Some(e) => around(e),
            None => blow_up(&pts[..1]),
        },
        [a, b, c] => match (*b - *a).cross(*c - *a).try_normalize() {
            Some(n) => vec![n, -n],
            None => blow_up(&pts[..2]),
        },
        _ => Vec::new(),
    }
}

impl Polytope<DVec3> for Mesh {
    fn nearest(&self) -> Option<Facet<DVec3>> {
        let (id, t) = (self.tris.iter().enumerate()).min_by(|x, y| x.1.d.total_cmp(&y.1.d))?;
        Some(Facet {
            id,
            normal: t.n,
            distance: t.d,
        })
    }
    fn grow(&mut self, _from: &Facet<DVec3>, w: &crate::common::gjk::Vertex<DVec3>) -> Grown {
        let grown = self.insert(w.w);
        // The origin must stay inside: a plane beyond it means rounding
        // folded the hull.
        if grown == Grown::Added && self.tris.iter().any(|t| t.d < -INSIDE * self.scale) {
            return Grown::Failed;
        }
        grown
    }
}

/// EPA on the cores of `pair` from GJK's last simplex `s` (holding the
/// origin), telling `obs` each iteration: the nearest triangle it ended on
/// (its distance the cores' depth, `−normal` the direction that moves B
/// out of A), or why it is not trusted.
pub(crate) fn epa3<O: EpaObserver<DVec3, Mesh>>(
    pair: &Pair,
    s: &Simplex<DVec3>,
    obs: &mut O,
) -> Result<Ended<DVec3>, Untrusted> {
    let mut mesh = Mesh::default();
    mesh.seed(pair, s)?;
    match epa::epa(pair, &mut mesh, STOP, obs) {
        Some(e) if e.converged => Ok(e),
        Some(_) => Err(Untrusted::NotConverged),
        None => Err(Untrusted::Flat),
    }
}
