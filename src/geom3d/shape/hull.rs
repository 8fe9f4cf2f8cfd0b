//! A convex polyhedron, built as the convex hull of given points.

use super::quickhull;
use crate::common::error::within_limit3;
use crate::common::{Rule, ShapeError};
use crate::geom3d::pose::fmt_vec3;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;
use glam::{DVec2, DVec3, Vec3};

/// Most points a hull may be built from. The builder is `O(n log n)`; the
/// cap matches what engines accept for a convex mesh (PhysX and Unity: 255
/// vertices), so a scene that works here works there.
pub const MAX_HULL_POINTS: usize = 256;

/// One face of a hull: its outward unit normal and its vertex loop.
#[derive(Debug, Clone, PartialEq)]
pub struct HullFace {
    /// Outward unit normal, local frame.
    pub normal: Vec3,
    /// Indices into [`ConvexHull::vertices`], counter-clockwise seen from outside.
    pub loop_: Vec<u16>,
    /// Index into [`ConvexHull::edges`] of the edge from each corner of
    /// `loop_` to the next.
    pub loop_edges: Vec<u16>,
    /// `normal · p` for the points `p` of the face's plane (the largest
    /// over its corners, computed in f64).
    pub offset: f32,
}

/// The convex hull of a point set, local frame: only its corners are kept;
/// coplanar faces are merged into one polygon each.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexHull {
    /// Corners (points strictly inside a face or edge are dropped).
    pub vertices: Vec<Vec3>,
    /// Faces. A flat hull has two: the polygon seen from each side.
    pub faces: Vec<HullFace>,
    /// Each edge once, as a pair of vertex indices.
    pub edges: Vec<[u16; 2]>,
    /// Unit edge directions with parallel ones merged, each with the index
    /// of the first edge that has it: the edge axes SAT crosses.
    pub edge_dirs: Vec<(Vec3, u16)>,
    /// The Gauss-map arcs of the edges, grouped by direction: for each
    /// edge, the indices into [`faces`](Self::faces) of the two faces that
    /// meet at it (the arc runs between their normals).
    pub arcs: Vec<[u16; 2]>,
    /// For each of [`edge_dirs`](Self::edge_dirs), its edges' range of
    /// [`arcs`](Self::arcs) (start, end). Empty for a flat hull, and for a
    /// direction with an edge that does not have exactly two faces:
    /// unknown, so SAT prunes none of its edge pairs.
    pub dir_arcs: Vec<(u16, u16)>,
    /// For each of [`arcs`](Self::arcs), what the manifold's edge pass
    /// reads of it (local frame): an [`ArcFrame`] (with a corner of its
    /// edge: a point of the edge the arc's directions support), eight at a
    /// time by coordinate ([`ConvexHull::for_each_arc_within`]).
    arc_lanes: Vec<ArcLanes>,
    /// True when all points lie in one plane.
    pub flat: bool,
    /// The mean of the corners (a point inside the hull).
    pub centroid: Vec3,
    /// The largest distance from the centroid to a corner.
    pub radius: f32,
    /// The smallest distance from the centroid to a face plane, less
    /// `1e-6 · (|centroid| + radius)` for the rounding of the `f32` planes:
    /// the ball of this radius about the centroid lies inside the hull
    /// (0 for a flat hull).
    pub inradius: f32,
    /// [`vertices`](Self::vertices) again, eight at a time by coordinate,
    /// for the scans ([`ConvexHull::first_max`], [`ConvexHull::range`]).
    lanes: Vec<Lanes>,
    /// The faces' normals the same way (the last group padded with face
    /// 0's), for [`ConvexHull::deepest_face`] (a boxed slice: the hull
    /// stays small in [`Shape3`](crate::geom3d::Shape3)).
    normal_lanes: Box<[Lanes]>,
}

/// One Gauss-map arc of a hull with its edge (local frame): the normals
/// of its two faces, `p · q`, a corner of the edge and the edge's unit
/// direction (its direction's, [`ConvexHull::edge_dirs`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct ArcFrame {
    pub p: Vec3,
    pub q: Vec3,
    pub pq: f32,
    pub corner: Vec3,
    pub dir: Vec3,
}

/// Eight [`ArcFrame`]s by coordinate, the last group padded with the
/// first arc's.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ArcLanes {
    p: [[f32; LANES]; 3],
    q: [[f32; LANES]; 3],
    pq: [f32; LANES],
    corner: [[f32; LANES]; 3],
    dir: [[f32; LANES]; 3],
}

impl ArcLanes {
    /// Frames `8g ..` of `frames` by coordinate (`None` past the end).
    fn of(frames: &[ArcFrame], g: usize) -> Option<ArcLanes> {
        let first = *frames.first()?;
        let at = |k: usize| frames.get(LANES * g + k).copied().unwrap_or(first);
        let col = |v: fn(&ArcFrame) -> Vec3| {
            let c = |i: usize| std::array::from_fn(|k| v(&at(k))[i]);
            [c(0), c(1), c(2)]
        };
        Some(ArcLanes {
            p: col(|f| f.p),
            q: col(|f| f.q),
            pq: std::array::from_fn(|k| at(k).pq),
            corner: col(|f| f.corner),
            dir: col(|f| f.dir),
        })
    }

    /// Lane `k`'s frame.
    fn frame(&self, k: usize) -> ArcFrame {
        let v = |c: &[[f32; LANES]; 3]| Vec3::new(c[0][k], c[1][k], c[2][k]);
        ArcFrame {
            p: v(&self.p),
            q: v(&self.q),
            pq: self.pq[k],
            corner: v(&self.corner),
            dir: v(&self.dir),
        }
    }
}

/// The arc frames of a hull from its other fields (an index out of range
/// reads a zero vector: none is, by construction).
fn arc_frames(
    faces: &[HullFace],
    vertices: &[Vec3],
    edge_dirs: &[(Vec3, u16)],
    (arcs, dir_arcs, corners): &GaussArcs,
) -> Vec<ArcFrame> {
    let normal = |f: u16| faces.get(usize::from(f)).map_or(Vec3::ZERO, |f| f.normal);
    let mut out = Vec::with_capacity(arcs.len());
    for ((d, _), &(a, b)) in edge_dirs.iter().zip(dir_arcs) {
        for i in usize::from(a)..usize::from(b) {
            let [f, g] = arcs.get(i).copied().unwrap_or([0, 0]);
            let (p, q) = (normal(f), normal(g));
            let corner = corners.get(i).and_then(|&v| vertices.get(usize::from(v)));
            out.push(ArcFrame {
                p,
                q,
                pq: p.dot(q),
                corner: corner.copied().unwrap_or(Vec3::ZERO),
                dir: *d,
            });
        }
    }
    out
}

/// Corners `8c .. 8c + 8` of a hull as three rows of coordinates (local
/// frame), the last group padded with corner 0: a scan reads one corner a
/// lane, which the compiler turns into vector instructions (the
/// `Vec3`-by-`Vec3` scan could not be: PERFORMANCE.md, "Corners by
/// coordinate").
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Lanes {
    x: [f32; LANES],
    y: [f32; LANES],
    z: [f32; LANES],
}

/// Corners a [`Lanes`] group holds.
const LANES: usize = 8;

/// How near zero the product of an arc's ends' dot products with a unit
/// direction may lie for [`ConvexHull::for_each_arc_within`] to keep the
/// arc as crossing that direction's great circle: ten times the arc
/// test's own margin (`gauss::crosses_circle`, `1e-6`), which covers the
/// rounding between the local frame and any turned one (a few `ε`).
const CROSS_SLACK: f32 = 1e-5;

/// `corners` in [`Lanes`] groups, the last padded with corner 0 (none for
/// no corners).
pub(crate) fn lanes_of(corners: &[Vec3]) -> Vec<Lanes> {
    let Some(&first) = corners.first() else {
        return Vec::new();
    };
    corners
        .chunks(LANES)
        .map(|ch| {
            let mut g = Lanes {
                x: [first.x; LANES],
                y: [first.y; LANES],
                z: [first.z; LANES],
            };
            for (k, v) in ch.iter().enumerate() {
                (g.x[k], g.y[k], g.z[k]) = (v.x, v.y, v.z);
            }
            g
        })
        .collect()
}

impl ConvexHull {
    /// The index of the first corner whose `f32` dot product with `l`
    /// (local frame) is greatest: [`lanes_first_max`] over the corners,
    /// or below 16 corners the plain scan (the same answer; quicker there,
    /// measured).
    #[inline]
    pub(crate) fn first_max(&self, l: Vec3) -> usize {
        if self.vertices.len() < 2 * LANES {
            let mut bi = 0;
            let mut bd = f32::NEG_INFINITY;
            for (i, p) in self.vertices.iter().enumerate() {
                let pd = p.dot(l);
                let up = pd > bd;
                bd = if up { pd } else { bd };
                bi = if up { i } else { bi };
            }
            return bi;
        }
        lanes_first_max(&self.lanes, self.vertices.len(), l)
    }

    /// The least and greatest `f32` dot product of a corner with `l`
    /// (local frame): [`lanes_range`] over the corners.
    #[inline]
    pub(crate) fn range(&self, l: Vec3) -> (f32, f32) {
        lanes_range(&self.lanes, l)
    }

    /// Calls `f` with the frame of each arc (in order) along some direction
    /// `u` of which the gap to a piece holding the ball `(c, r)` (`c` local
    /// frame) can reach `floor`: where the arc's edge, through its corner
    /// `x`, is the hull's extreme along `u`, that gap is at most
    /// `u · (c − x) − r`, whose largest over the arc is at an end, or, where
    /// `w = c − x` has its part in the arc's plane between the ends, that
    /// part's length `|w × e|` (`e` the edge's direction). NaN bounds are
    /// kept; `f32` rounding of a few `ε |w|` is the caller's to allow for.
    /// With `circles` (unit, local frame), only the arcs that may also
    /// cross the great circle perpendicular to one of them: the ends'
    /// products with it of opposite signs, or their product within
    /// [`CROSS_SLACK`] of zero (a superset of `gauss::crosses_circle` in
    /// any turned frame). Eight arcs a lane group.
    pub(crate) fn for_each_arc_within(
        &self,
        (c, r): (Vec3, f32),
        floor: f32,
        circles: &[Vec3],
        mut f: impl FnMut(ArcFrame),
    ) {
        let n = self.arcs.len();
        for (g, a) in self.arc_lanes.iter().enumerate() {
            let mut keep = [false; LANES];
            for (k, keep) in keep.iter_mut().enumerate() {
                let w = [
                    c.x - a.corner[0][k],
                    c.y - a.corner[1][k],
                    c.z - a.corner[2][k],
                ];
                let (p, q, d) = (&a.p, &a.q, &a.dir);
                let wp = w[0] * p[0][k] + w[1] * p[1][k] + w[2] * p[2][k];
                let wq = w[0] * q[0][k] + w[1] * q[1][k] + w[2] * q[2][k];
                let x = [
                    w[1] * d[2][k] - w[2] * d[1][k],
                    w[2] * d[0][k] - w[0] * d[2][k],
                    w[0] * d[1][k] - w[1] * d[0][k],
                ];
                let perp = (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
                let ends = wp.max(wq);
                // `w`'s part in the plane is `α p + β q`, `α, β ≥ 0` between
                // the ends.
                let between = wp >= a.pq[k] * wq && wq >= a.pq[k] * wp;
                let bound = if between { perp.max(ends) } else { ends } - r;
                *keep = bound >= floor || bound.is_nan();
            }
            if !circles.is_empty() {
                let mut cross = [false; LANES];
                for d in circles {
                    for (k, cross) in cross.iter_mut().enumerate() {
                        let (p, q) = (&a.p, &a.q);
                        let sp = p[0][k] * d.x + p[1][k] * d.y + p[2][k] * d.z;
                        let sq = q[0][k] * d.x + q[1][k] * d.y + q[2][k] * d.z;
                        *cross |= sp * sq <= CROSS_SLACK;
                    }
                }
                keep.iter_mut().zip(cross).for_each(|(k, c)| *k &= c);
            }
            for (k, keep) in keep.into_iter().enumerate() {
                if keep && LANES * g + k < n {
                    f(a.frame(k));
                }
            }
        }
    }

    /// The face whose plane the local point `l` lies furthest beyond, with
    /// that distance (`n · l − offset`, negative inside): the first largest,
    /// one plain pass over the faces; `None` without faces (or with every
    /// distance NaN). [`ConvexHull::deepest_face`] for one point, cheaper.
    pub(crate) fn deepest_plane(&self, l: Vec3) -> Option<(usize, f32)> {
        let mut best = (usize::MAX, f32::NEG_INFINITY);
        for (i, f) in self.faces.iter().enumerate() {
            let g = f.normal.dot(l) - f.offset;
            if g > best.1 || (best.0 == usize::MAX && !g.is_nan()) {
                best = (i, g);
            }
        }
        (best.0 != usize::MAX).then_some(best)
    }

    /// The face whose plane the points `w` (local frame) lie furthest
    /// beyond, with that gap: the first largest over the faces of
    /// `min_j n · w_j − offset` (negative: some point lies under every
    /// face plane, by at least its absolute value, along that face's
    /// normal). All faces against all points in lanes of eight faces;
    /// `None` without faces or points (NaN gaps are never taken).
    pub(crate) fn deepest_face(&self, w: &[Vec3]) -> Option<(usize, f32)> {
        if w.is_empty() {
            return None;
        }
        let mut best: Option<(usize, f32)> = None;
        for (g, n) in self.normal_lanes.iter().enumerate() {
            let mut lo = [f32::INFINITY; LANES];
            for v in w {
                for (k, lo) in lo.iter_mut().enumerate() {
                    let d = n.x[k] * v.x + n.y[k] * v.y + n.z[k] * v.z;
                    *lo = if d < *lo { d } else { *lo };
                }
            }
            let faces = self.faces.iter().skip(g * LANES).take(LANES);
            for (k, (f, lo)) in faces.zip(lo).enumerate() {
                let gap = lo - f.offset;
                if best.is_none_or(|b| gap > b.1) {
                    best = Some((g * LANES + k, gap));
                }
            }
        }
        best
    }
}

/// The index of the first of the `n` points in `lanes` whose `f32` dot
/// product with `l` (`x·lx + y·ly + z·lz` in that order, as `Vec3::dot`)
/// is greatest, NaN never taken, 0 when none beats `−∞`: a plain
/// first-maximum scan's answer, bit for bit. Each lane keeps its first
/// maximum; then the greatest lane wins, the lowest index among equals (a
/// padding copy of point 0 ties with point 0 and loses).
#[inline]
pub(crate) fn lanes_first_max(lanes: &[Lanes], n: usize, l: Vec3) -> usize {
    // The indices are kept as `f32` (exact below 2^24; a hull has at most
    // a few hundred corners), so that both selections take the same mask
    // and stay vector instructions (a `u32` index went back to one scalar
    // move a lane).
    const K: [f32; LANES] = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
    let mut bd = [f32::NEG_INFINITY; LANES];
    let mut bi = [0f32; LANES];
    let mut base = 0f32;
    for g in lanes {
        for k in 0..LANES {
            let d = g.x[k] * l.x + g.y[k] * l.y + g.z[k] * l.z;
            let up = d > bd[k];
            bd[k] = if up { d } else { bd[k] };
            bi[k] = if up { base + K[k] } else { bi[k] };
        }
        base += LANES as f32;
    }
    let mut best = (bd[0], bi[0]);
    for k in 1..LANES {
        if bd[k] > best.0 || (bd[k] == best.0 && bi[k] < best.1) {
            best = (bd[k], bi[k]);
        }
    }
    let i = best.1 as usize;
    if i < n {
        i
    } else {
        0
    }
}

/// The least and greatest `f32` dot product of a point in `lanes` with
/// `l` (formed as [`lanes_first_max`] forms them; `(∞, −∞)` when every one
/// is NaN). Padding repeats point 0, which changes neither.
#[inline]
pub(crate) fn lanes_range(lanes: &[Lanes], l: Vec3) -> (f32, f32) {
    let mut lo = [f32::INFINITY; LANES];
    let mut hi = [f32::NEG_INFINITY; LANES];
    for g in lanes {
        for k in 0..LANES {
            let s = g.x[k] * l.x + g.y[k] * l.y + g.z[k] * l.z;
            lo[k] = if s < lo[k] { s } else { lo[k] };
            hi[k] = if s > hi[k] { s } else { hi[k] };
        }
    }
    let mut out = (lo[0], hi[0]);
    for k in 1..LANES {
        out.0 = if lo[k] < out.0 { lo[k] } else { out.0 };
        out.1 = if hi[k] > out.1 { hi[k] } else { out.1 };
    }
    out
}

/// A convex polyhedron: a pose plus the hull of its local points.
#[derive(Debug, Clone, PartialEq)]
pub struct Hull3 {
    pub(crate) pose: Pose3,
    pub(crate) hull: ConvexHull,
}

impl Hull3 {
    /// The convex hull of `points` (local frame), at `pose`.
    ///
    /// Points must be finite, at most [`MAX_HULL_POINTS`], not all within
    /// the tolerance of one point and not all on one line. Fewer than 4
    /// points off one plane are rejected unless `flat` is true, which builds
    /// a flat convex polygon (two faces, one each side).
    ///
    /// The tolerance is a distance, local units: `4 × f32::EPSILON ×` the
    /// largest `|coordinate|` of the points (their f32 rounding), at least
    /// [`MIN_HULL_SPAN`]. Points within it of a plane count as on it, so
    /// coplanar faces merge and near-duplicate points collapse; it does not
    /// depend on the hull's shape, so a 1e4 × 0.01 × 0.01 rod keeps its
    /// ends. Every corner is an input point, and the hull always has
    /// corners and faces.
    pub fn new(pose: Pose3, points: &[Vec3], flat: bool) -> Result<Hull3, ShapeError> {
        Ok(Hull3 {
            pose,
            hull: build_hull(points, flat)?,
        })
    }

    /// The hull in the local frame.
    #[inline]
    pub fn hull(&self) -> &ConvexHull {
        &self.hull
    }

    /// World corners.
    #[inline]
    pub fn vertices(&self) -> impl Iterator<Item = Vec3> + '_ {
        self.hull
            .vertices
            .iter()
            .map(|v| self.pose.transform_point(*v))
    }
}

fn err(rule: Rule, value: impl std::fmt::Display) -> ShapeError {
    ShapeError::new(ShapeKind3::Hull, "points", rule, value)
}

/// The distance below which a point counts as on a plane, as a fraction of
/// the largest coordinate: four f32 roundings, since the hull is kept in f32
/// and nothing finer means anything there.
const REL_TOL: f64 = 4.0 * f32::EPSILON as f64;

/// Point `i` (0-based) is finite and within ±1e8 in x, y and z.
fn check_point(i: usize, p: Vec3) -> Result<(), ShapeError> {
    if !p.is_finite() {
        return Err(err(Rule::VertexNotFinite { vertex: i + 1 }, fmt_vec3(p)));
    }
    let beyond = Rule::VertexBeyondLimit3 { vertex: i + 1 };
    within_limit3(ShapeKind3::Hull, "points", beyond, p).map(|_| ())
}

/// Builds the hull (see [`Hull3::new`]): checks the points, finds four far
/// apart (or refuses a point, line or plane), then runs quickhull in f64.
pub(crate) fn build_hull(points: &[Vec3], flat: bool) -> Result<ConvexHull, ShapeError> {
    if points.len() > MAX_HULL_POINTS {
        return Err(err(Rule::TooManyPoints, points.len()));
    }
    ConvexHull::build(points, flat)
}

impl ConvexHull {
    /// The hull of `points` as [`Hull3::new`] builds it, without the cap
    /// on the number of points (for tools and timings; shapes keep the cap).
    pub fn build(points: &[Vec3], flat: bool) -> Result<ConvexHull, ShapeError> {
        build_uncapped(points, flat)
    }
}

/// [`ConvexHull::build`].
fn build_uncapped(points: &[Vec3], flat: bool) -> Result<ConvexHull, ShapeError> {
    for (i, p) in points.iter().enumerate() {
        check_point(i, *p)?;
    }
    if points.is_empty() {
        return Err(err(Rule::Empty, "[]"));
    }
    let pts: Vec<DVec3> = points.iter().map(|p| p.as_dvec3()).collect();
    let largest = pts
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0, f64::max);
    let eps = (REL_TOL * largest).max(f64::from(MIN_HULL_SPAN));
    let n = points.len();
    match simplex(&pts, eps) {
        Spread::Point(r) => Err(err(
            Rule::Coincide,
            format!("{n} points, all within {} of each other", fmt_len(2.0 * r)),
        )),
        Spread::Line => Err(err(Rule::OnOneLine, format!("{n} points"))),
        Spread::Plane(normal) if flat => Ok(flat_hull(points, &pts, normal, eps)),
        Spread::Plane(_) => Err(err(Rule::Flat, format!("{n} points in one plane"))),
        Spread::Solid(s) => {
            // Thicker planes settle near-coplanar points that confused a
            // thinner test (not seen in 120,000 random clouds; kept so that
            // no input can return a broken hull).
            for grow in [1.0, 16.0, 256.0] {
                if let Ok(polys) = quickhull::hull_polygons(&pts, s, eps * grow) {
                    return Ok(finish(points, &pts, &polys, false));
                }
            }
            Err(err(Rule::Unresolved, format!("{n} points")))
        }
    }
}

/// The least tolerance of the hull builder: points closer together than
/// this count as one, and a hull must be thicker than this in every
/// direction (below it f32 squares of its lengths underflow).
pub const MIN_HULL_SPAN: f32 = 1e-15;

/// `r` for messages, with three significant digits.
fn fmt_len(r: f64) -> String {
    format!("{:.3e}", r as f32)
}

/// How far a point set spreads, within `eps`.
enum Spread {
    /// All within the given distance of one point.
    Point(f64),
    /// All within eps of one line.
    Line,
    /// All within eps of one plane, with its unit normal.
    Plane(DVec3),
    /// Four points spanning a tetrahedron more than eps thick.
    Solid([usize; 4]),
}

/// Four far-apart points: the furthest from the first point, the furthest
/// from that, the furthest from their line and the furthest from their plane.
fn simplex(pts: &[DVec3], eps: f64) -> Spread {
    let furthest = |f: &dyn Fn(DVec3) -> f64| -> (usize, f64) {
        pts.iter()
            .enumerate()
            .map(|(i, p)| (i, f(*p)))
            .fold((0, f64::NEG_INFINITY), |b, x| if x.1 > b.1 { x } else { b })
    };
    let (a, _) = furthest(&|p| (p - pts[0]).length());
    let (b, r) = furthest(&|p| (p - pts[a]).length());
    if r <= eps {
        return Spread::Point(r);
    }
    let u = (pts[b] - pts[a]) / r;
    let (c, off_line) = furthest(&|p| (p - pts[a]).cross(u).length());
    if off_line <= eps {
        return Spread::Line;
    }
    let normal = u.cross(pts[c] - pts[a]).normalize();
    let (d, off_plane) = furthest(&|p| (p - pts[a]).dot(normal).abs());
    if off_plane <= eps {
        return Spread::Plane(normal);
    }
    Spread::Solid([a, b, c, d])
}

/// A flat convex polygon: the planar hull of the points, two faces.
fn flat_hull(points: &[Vec3], pts: &[DVec3], n: DVec3, eps: f64) -> ConvexHull {
    let ring = planar_hull(pts, n, eps);
    let up = quickhull::Polygon {
        normal: n,
        loop_: ring.clone(),
    };
    let down = quickhull::Polygon {
        normal: -n,
        loop_: ring.into_iter().rev().collect(),
    };
    finish(points, pts, &[up, down], true)
}

/// The hull from its faces (loops of input indices): corners renumbered in
/// order of first use, f32 normals and offsets (the largest `normal · corner`
/// of the face, in f64), edges and edge directions, centroid and radius.
fn finish(points: &[Vec3], pts: &[DVec3], polys: &[quickhull::Polygon], flat: bool) -> ConvexHull {
    let mut index: Vec<Option<u16>> = vec![None; points.len()];
    let mut vertices = Vec::new();
    let mut faces = Vec::with_capacity(polys.len());
    for p in polys {
        let loop_: Vec<u16> = p
            .loop_
            .iter()
            .map(|&i| {
                *index[i].get_or_insert_with(|| {
                    vertices.push(points[i]);
                    (vertices.len() - 1) as u16
                })
            })
            .collect();
        let normal = p.normal.as_vec3().normalize_or_zero();
        let offset = p
            .loop_
            .iter()
            .map(|&i| normal.as_dvec3().dot(pts[i]))
            .fold(f64::NEG_INFINITY, f64::max);
        faces.push(HullFace {
            normal,
            loop_,
            loop_edges: Vec::new(),
            offset: offset as f32,
        });
    }
    let corners: Vec<DVec3> = vertices.iter().map(|v| v.as_dvec3()).collect();
    let centroid = corners.iter().copied().sum::<DVec3>() / corners.len().max(1) as f64;
    let radius = corners
        .iter()
        .map(|v| (*v - centroid).length())
        .fold(0.0f64, f64::max);
    let inradius = if flat {
        0.0
    } else {
        let slack = 1e-6 * (centroid.length() + radius);
        let least = faces
            .iter()
            .map(|f| f64::from(f.offset) - f.normal.as_dvec3().dot(centroid))
            .fold(f64::INFINITY, f64::min);
        (least - slack).max(0.0)
    };
    let edges = edges_of(&faces);
    name_loop_edges(&mut faces, &edges);
    let (edge_dirs, dir_of) = edge_directions(&corners, &edges);
    let gauss = if flat {
        (Vec::new(), vec![(0, 0); edge_dirs.len()], Vec::new())
    } else {
        gauss_arcs(&faces, &edges, &dir_of, edge_dirs.len())
    };
    let frames = arc_frames(&faces, &vertices, &edge_dirs, &gauss);
    let arc_lanes = (0..frames.len().div_ceil(LANES))
        .filter_map(|g| ArcLanes::of(&frames, g))
        .collect();
    let (arcs, dir_arcs, _) = gauss;
    ConvexHull {
        lanes: lanes_of(&vertices),
        normal_lanes: lanes_of(&faces.iter().map(|f| f.normal).collect::<Vec<_>>()).into(),
        arc_lanes,
        vertices,
        faces,
        edges,
        edge_dirs,
        arcs,
        dir_arcs,
        flat,
        centroid: centroid.as_vec3(),
        radius: radius as f32,
        inradius: inradius as f32,
    }
}

/// [`gauss_arcs`]' answer: [`ConvexHull::arcs`], [`ConvexHull::dir_arcs`]
/// and a corner of each arc's edge (an index into the corners).
type GaussArcs = (Vec<[u16; 2]>, Vec<(u16, u16)>, Vec<u16>);

/// The two faces of each edge, grouped by edge direction (`dir_of[i]`: the
/// direction of edge `i`, `None` for a zero-length edge), each
/// direction's range of them (see [`ConvexHull::dir_arcs`]) and a corner
/// of each arc's edge.
fn gauss_arcs(
    faces: &[HullFace],
    edges: &[[u16; 2]],
    dir_of: &[Option<u16>],
    dirs: usize,
) -> GaussArcs {
    let mut sides: std::collections::HashMap<[u16; 2], Vec<u16>> = Default::default();
    for (k, f) in faces.iter().enumerate() {
        for (i, &a) in f.loop_.iter().enumerate() {
            let b = f.loop_[(i + 1) % f.loop_.len()];
            sides
                .entry([a.min(b), a.max(b)])
                .or_default()
                .push(k as u16);
        }
    }
    let mut by_dir = vec![Vec::new(); dirs];
    let mut unknown = vec![false; dirs];
    for (e, dir) in edges.iter().zip(dir_of) {
        let Some(d) = dir.map(usize::from) else {
            continue;
        };
        match sides.get(e).map(Vec::as_slice) {
            Some(&[f, g]) => by_dir[d].push(([f, g], e[0])),
            _ => unknown[d] = true,
        }
    }
    let (mut arcs, mut ranges, mut corners) = (Vec::new(), Vec::with_capacity(dirs), Vec::new());
    for (group, u) in by_dir.into_iter().zip(unknown) {
        let start = arcs.len() as u16;
        if !u {
            for (arc, corner) in group {
                arcs.push(arc);
                corners.push(corner);
            }
        }
        ranges.push((start, arcs.len() as u16));
    }
    (arcs, ranges, corners)
}

/// Unit edge directions, parallel ones (`|a × b| < 1e-6`, either sense)
/// merged, each with the index of the first edge that has it, and the
/// direction of each edge (`None` for a zero-length one). Directions are
/// filed in cells of 1e-5 so that each looks only at its neighbours.
fn edge_directions(corners: &[DVec3], edges: &[[u16; 2]]) -> (Vec<(Vec3, u16)>, Vec<Option<u16>>) {
    const CELL: f32 = 1e-5;
    let key = |d: Vec3| (d / CELL).floor().as_ivec3();
    let mut cells: std::collections::HashMap<glam::IVec3, Vec<usize>> = Default::default();
    let mut dirs: Vec<(Vec3, u16)> = Vec::new();
    let mut dir_of = Vec::with_capacity(edges.len());
    for (i, e) in edges.iter().enumerate() {
        let d = (corners[e[1] as usize] - corners[e[0] as usize])
            .normalize_or_zero()
            .as_vec3();
        if d == Vec3::ZERO {
            dir_of.push(None);
            continue;
        }
        let near = [key(d), key(-d)].into_iter().find_map(|c| {
            (-1..=1).find_map(|x| {
                (-1..=1).find_map(|y| {
                    (-1..=1).find_map(|z| {
                        cells.get(&(c + glam::IVec3::new(x, y, z))).and_then(|ks| {
                            ks.iter()
                                .copied()
                                .find(|&k| dirs[k].0.cross(d).length() < 1e-6)
                        })
                    })
                })
            })
        });
        match near {
            Some(k) => dir_of.push(Some(k as u16)),
            None => {
                cells.entry(key(d)).or_default().push(dirs.len());
                dir_of.push(Some(dirs.len() as u16));
                dirs.push((d, i as u16));
            }
        }
    }
    (dirs, dir_of)
}

/// Each edge of the face loops once, in order of first appearance.
fn edges_of(faces: &[HullFace]) -> Vec<[u16; 2]> {
    let mut seen = std::collections::HashSet::new();
    let mut edges = Vec::new();
    for f in faces {
        for (k, &a) in f.loop_.iter().enumerate() {
            let b = f.loop_[(k + 1) % f.loop_.len()];
            let e = [a.min(b), a.max(b)];
            if seen.insert(e) {
                edges.push(e);
            }
        }
    }
    edges
}

/// Fills each face's [`HullFace::loop_edges`] from `edges` (each edge
/// once, lower corner first, as [`edges_of`] lists them).
fn name_loop_edges(faces: &mut [HullFace], edges: &[[u16; 2]]) {
    let index: std::collections::HashMap<[u16; 2], u16> = (edges.iter().enumerate())
        .map(|(k, e)| (*e, k as u16))
        .collect();
    for f in faces {
        let n = f.loop_.len();
        f.loop_edges = (0..n)
            .map(|k| {
                let (a, b) = (f.loop_[k], f.loop_[(k + 1) % n]);
                index.get(&[a.min(b), a.max(b)]).copied().unwrap_or(0)
            })
            .collect();
    }
}

/// Counter-clockwise (about `n`) convex hull of `pts`, all within eps of
/// one plane with unit normal `n` (Andrew's monotone chain); points within
/// eps of an edge are dropped.
fn planar_hull(pts: &[DVec3], n: DVec3, eps: f64) -> Vec<usize> {
    let u = n.any_orthonormal_vector();
    let v = n.cross(u);
    let mut q: Vec<(DVec2, usize)> = pts
        .iter()
        .enumerate()
        .map(|(i, p)| (DVec2::new(p.dot(u), p.dot(v)), i))
        .collect();
    q.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    // A turn counts only when the point is off the chord by more than eps.
    let left = |o: DVec2, a: DVec2, b: DVec2| {
        let ab = b - o;
        let l = ab.length();
        l > 0.0 && ab.perp_dot(a - o) / l < -eps
    };
    let mut chain: Vec<(DVec2, usize)> = Vec::with_capacity(2 * q.len());
    for pass in 0..2 {
        let start = chain.len();
        let iter: Box<dyn Iterator<Item = &(DVec2, usize)>> = if pass == 0 {
            Box::new(q.iter())
        } else {
            Box::new(q.iter().rev())
        };
        for p in iter {
            while chain.len() >= start + 2 {
                let (o, a) = (chain[chain.len() - 2].0, chain[chain.len() - 1].0);
                // Keep `a` only for a strict left turn o → a → p.
                if left(o, a, p.0) {
                    break;
                }
                chain.pop();
            }
            chain.push(*p);
        }
        chain.pop();
    }
    chain.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arc_left_out_has_no_direction_that_reaches_the_floor() {
        // Hulls of 4–60 points, balls and floors about them, none to three
        // circles: every arc along some direction of which (33 along it,
        // ends included) `u · (c − x) − r` reaches the floor, and that
        // crosses a circle as the arc test sees it in a turned frame, is
        // reported, and an arc is reported at most once, in order.
        let mut r = crate::common::test_rng::Rng(0x27_a4c5);
        let (mut left, mut kept, mut off_circle) = (0, 0, 0);
        for i in 0..300 {
            let Some((hull, _)) = random_hull(&mut r) else {
                continue;
            };
            let ball = (r.v(2.0), r.f() * 0.3);
            let floor = r.f() * 2.0 - 1.5;
            let circles: Vec<Vec3> = (0..i % 4).map(|_| r.v(1.0).normalize_or(Vec3::X)).collect();
            let turn = glam::Mat3::from_euler(glam::EulerRot::XYZ, r.f() * 6.0, r.f(), r.f());
            let crosses = |f: &ArcFrame| {
                let (p, q) = (turn * f.p, turn * f.q);
                circles.is_empty()
                    || (circles.iter()).any(|d| p.dot(turn * *d) * q.dot(turn * *d) <= 1e-6)
            };
            let mut got = Vec::new();
            hull.for_each_arc_within(ball, floor, &circles, |f| got.push(f));
            let frames: Vec<ArcFrame> = (hull.arc_lanes.iter())
                .flat_map(|a| (0..LANES).map(|k| a.frame(k)))
                .take(hull.arcs.len())
                .collect();
            let mut next = got.iter();
            for f in &frames {
                let w = ball.0 - f.corner;
                let angle = f.p.angle_between(f.q);
                let top = (0..=32)
                    .map(|i| {
                        let t = angle * i as f32 / 32.0;
                        let u = (f.p * (angle - t).sin() + f.q * t.sin()) / angle.sin();
                        u.dot(w) - ball.1
                    })
                    .fold(f32::NEG_INFINITY, f32::max);
                let reported = got.contains(f);
                if top >= floor + 1e-5 * w.length() && crosses(f) {
                    assert!(reported, "{f:?}: {top} reaches {floor}");
                }
                off_circle += usize::from(top >= floor + 1e-5 * w.length() && !reported);
                if reported {
                    assert_eq!(next.next(), Some(f), "order");
                    kept += 1;
                } else {
                    left += 1;
                }
            }
        }
        assert!(
            left > 1000 && kept > 1000 && off_circle > 1000,
            "{left} left out ({off_circle} off every circle), {kept} kept"
        );
    }

    /// A hull of 4 to 60 random points in the cube ±1 (and the points),
    /// when they span one.
    fn random_hull(r: &mut crate::common::test_rng::Rng) -> Option<(ConvexHull, Vec<Vec3>)> {
        let n = 4 + (r.f() * 57.0) as usize;
        let pts: Vec<Vec3> = (0..n).map(|_| r.v(1.0)).collect();
        let hull = build_hull(&pts, false).ok()?;
        Some((hull, pts))
    }

    #[test]
    fn the_deepest_plane_of_one_point_is_the_deepest_face() {
        // Hulls of 4–60 points, points inside, on and far outside: the
        // plain pass gives `deepest_face`'s face and distance, bit for bit.
        let mut r = crate::common::test_rng::Rng(0x27_dee9);
        let mut inside = 0;
        for i in 0..300 {
            let Some((hull, pts)) = random_hull(&mut r) else {
                continue;
            };
            for k in 0..20 {
                let l = match k % 3 {
                    0 => r.v(0.3),
                    1 => pts[k % pts.len()],
                    _ => r.v(10.0 * (1 + i % 7) as f32),
                };
                let got = hull.deepest_plane(l);
                assert_eq!(got, hull.deepest_face(&[l]), "hull {i}, point {l}");
                inside += usize::from(got.is_some_and(|(_, g)| g < 0.0));
            }
        }
        assert!(inside > 500, "{inside} points inside");
    }

    #[test]
    fn each_face_names_the_edges_of_its_loop() {
        // Hulls of 4–60 points and flat ones: edge `loop_edges[q]` joins
        // corners `loop_[q]` and `loop_[q + 1]`, either way round.
        let mut r = crate::common::test_rng::Rng(0x27_ed9e);
        let mut faces = 0;
        for i in 0..200 {
            let n = 4 + (r.f() * 57.0) as usize;
            let flat = i % 5 == 0;
            let pts: Vec<Vec3> = (0..n)
                .map(|_| {
                    r.v(1.0)
                        * if flat {
                            Vec3::new(1.0, 1.0, 0.0)
                        } else {
                            Vec3::ONE
                        }
                })
                .collect();
            let Ok(hull) = build_hull(&pts, false) else {
                continue;
            };
            for f in &hull.faces {
                assert_eq!(f.loop_edges.len(), f.loop_.len());
                for (q, &e) in f.loop_edges.iter().enumerate() {
                    let (a, b) = (f.loop_[q], f.loop_[(q + 1) % f.loop_.len()]);
                    let edge = hull.edges[usize::from(e)];
                    assert!(edge == [a, b] || edge == [b, a], "{edge:?} {a} {b}");
                }
                faces += 1;
            }
        }
        assert!(faces > 2000, "{faces}");
    }

    #[test]
    fn the_deepest_face_is_the_face_by_face_answer() {
        // Hulls of 4–60 points (more than eight faces, and not a multiple
        // of eight), 1–40 points about them, NaN once: the lanes give the
        // plain face-by-face first largest gap, bit for bit.
        let mut r = crate::common::test_rng::Rng(0x27_deef);
        let mut checked = 0;
        for i in 0..400 {
            let Some((hull, _)) = random_hull(&mut r) else {
                continue;
            };
            let mut w: Vec<Vec3> = (0..1 + (r.f() * 40.0) as usize).map(|_| r.v(2.0)).collect();
            if i == 7 {
                w[0].y = f32::NAN;
            }
            let mut want: Option<(usize, f32)> = None;
            for (k, f) in hull.faces.iter().enumerate() {
                let lo = w
                    .iter()
                    .map(|v| f.normal.dot(*v))
                    .fold(f32::INFINITY, |a, d| if d < a { d } else { a });
                let gap = lo - f.offset;
                if want.is_none_or(|b| gap > b.1) {
                    want = Some((k, gap));
                }
            }
            let got = hull.deepest_face(&w);
            assert_eq!(
                got.map(|(k, g)| (k, g.to_bits())),
                want.map(|(k, g)| (k, g.to_bits())),
                "{i}"
            );
            checked += usize::from(hull.faces.len() > 8);
        }
        assert!(checked > 200, "{checked}");
        let cube = build_hull(&cube_points(), false).ok();
        assert_eq!(cube.and_then(|h| h.deepest_face(&[])), None);
    }

    fn cube_points() -> Vec<Vec3> {
        let mut v = Vec::new();
        for x in [-1.0, 1.0] {
            for y in [-1.0, 1.0] {
                for z in [-1.0, 1.0] {
                    v.push(Vec3::new(x, y, z));
                }
            }
        }
        v
    }

    #[test]
    fn cube_has_six_merged_faces_twelve_edges_three_directions() {
        let mut pts = cube_points();
        // Interior and face-centre points are dropped.
        pts.push(Vec3::ZERO);
        pts.push(Vec3::new(1.0, 0.0, 0.0));
        pts.push(Vec3::new(1.0, 0.5, 1.0));
        let h = build_hull(&pts, false).unwrap();
        assert_eq!(h.vertices.len(), 8);
        assert_eq!(h.faces.len(), 6);
        assert_eq!(h.edges.len(), 12);
        assert_eq!(h.edge_dirs.len(), 3);
        for f in &h.faces {
            assert_eq!(f.loop_.len(), 4);
            // Counter-clockwise seen from outside: Newell normal agrees.
            let mut nw = Vec3::ZERO;
            for k in 0..4 {
                let a = h.vertices[f.loop_[k] as usize];
                let b = h.vertices[f.loop_[(k + 1) % 4] as usize];
                nw += a.cross(b);
            }
            assert!(nw.normalize().dot(f.normal) > 0.999);
        }
    }

    #[test]
    fn inradius_is_the_nearest_face_less_the_rounding() {
        // A box of half-sides 1, 2, 3 about (5, 0, 0): the centroid's
        // nearest face plane is 1 away; the slack is 1e-6 (|c| + radius).
        let pts: Vec<Vec3> = cube_points()
            .iter()
            .map(|p| *p * Vec3::new(1.0, 2.0, 3.0) + Vec3::new(5.0, 0.0, 0.0))
            .collect();
        let h = build_hull(&pts, false).unwrap();
        let slack = 1e-6 * (5.0 + 14f32.sqrt());
        assert!((h.inradius - (1.0 - slack)).abs() < 1e-6, "{}", h.inradius);
        // Every face plane is at least that far from the centroid.
        for f in &h.faces {
            assert!(f.offset - f.normal.dot(h.centroid) >= h.inradius);
        }
        // The corner tetrahedron: the centroid (1/4, 1/4, 1/4) is 1/4 from
        // each axis plane and (1 − 3/4)/√3 from the slanted face.
        let t = build_hull(&[Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z], false).unwrap();
        let want = 0.25 / 3f32.sqrt();
        assert!((t.inradius - want).abs() < 1e-5, "{} {want}", t.inradius);
        let flat = build_hull(&[Vec3::ZERO, Vec3::X, Vec3::Y], true).unwrap();
        assert_eq!(flat.inradius, 0.0);
    }

    #[test]
    fn faces_meeting_at_a_flat_edge_stay_apart() {
        // Twelve points whose hull has two faces 1e-3 rad apart: Euler's
        // V - E + F = 2 holds only if neither is lost.
        let pts = [
            Vec3::new(1.0023867, -0.5090079, -0.6350581),
            Vec3::new(0.9175022, -0.8695653, -0.35730514),
            Vec3::new(0.9248839, 0.042090286, -0.8436729),
            Vec3::new(-0.7802393, -1.0286845, 0.23500142),
            Vec3::new(0.023907399, 0.46176088, 1.0731782),
            Vec3::new(0.35832262, -0.7952736, 0.85502213),
            Vec3::new(0.72048885, -1.0944229, -0.09473997),
            Vec3::new(-0.7834874, -0.034141228, -0.94000226),
            Vec3::new(-1.2964134, 0.13544537, 0.33667004),
            Vec3::new(1.1801414, -0.46995577, 0.39774773),
            Vec3::new(-0.64524055, 0.5826148, -0.8703184),
            Vec3::new(1.073779, 0.76549566, -0.20214643),
        ];
        let h = build_hull(&pts, false).unwrap();
        let (v, e, f) = (h.vertices.len(), h.edges.len(), h.faces.len());
        assert_eq!(v + f, e + 2, "V {v} E {e} F {f}");
        assert_eq!(f, 20);
    }

    #[test]
    fn tetrahedron_and_rejections() {
        let t = [Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z];
        let h = build_hull(&t, false).unwrap();
        assert_eq!((h.vertices.len(), h.faces.len(), h.edges.len()), (4, 4, 6));
        let e = build_hull(&t[..3], false).unwrap_err();
        assert!(e.rule.template().contains("not in one plane"), "{e}");
        let e = build_hull(&[Vec3::ZERO, Vec3::X, Vec3::X * 2.0, Vec3::X * 3.0], true).unwrap_err();
        assert!(e.rule.template().contains("one line"), "{e}");
        let e = build_hull(&[Vec3::ZERO, Vec3::new(f32::NAN, 0.0, 0.0)], false).unwrap_err();
        assert_eq!(e.rule.vertex(), Some(2));
        assert!(build_hull(&[], false).is_err());
    }

    #[test]
    fn flat_hull_when_asked() {
        let sq = [
            Vec3::ZERO,
            Vec3::X,
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::Y,
            Vec3::new(0.5, 0.5, 0.0),
        ];
        let h = build_hull(&sq, true).unwrap();
        assert!(h.flat);
        assert_eq!(h.vertices.len(), 4);
        assert_eq!(h.faces.len(), 2);
        assert_eq!(h.edges.len(), 4);
        assert_eq!(h.edge_dirs.len(), 2);
    }
}
