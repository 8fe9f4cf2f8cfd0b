//! Convex pieces: the common form every pair algorithm works on.
//!
//! A piece is one convex part of a shape, in world axes but relative to a
//! frame origin `o` chosen per query (shape A's position): a point `p` of the
//! piece stands for the world point `o + p`.
//!
//! - `Hull`: the convex hull of 1 to n vertices swept by a disc of `radius`
//!   (point, segment, bounded ray, circle, box, capsule, polygon);
//! - `Sector`: a circular sector of half-angle at most 90°;
//! - `Line` and `Ray`: unbounded.
//!
//! A sector with half-angle in (90°, 180°) gives two pieces, its halves; at
//! 180° it is a disc and gives one `Hull` piece.

use crate::common::Side;
use crate::geom::query::perpendicular;
use crate::geom::query::sat::source::{Feature, Part};
use crate::geom::shape::sector::in_wedge;
use crate::geom::{Shape, ShapeKind, Vec2};

/// Up to four inline vertices, or a borrowed polygon transformed on the fly.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Verts<'a> {
    Inline {
        pts: [Vec2; 4],
        n: u8,
    },
    Poly {
        t: Vec2,
        rot: Vec2,
        local: &'a [Vec2],
        normals: &'a [Vec2],
    },
}

impl Verts<'_> {
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            Verts::Inline { n, .. } => *n as usize,
            Verts::Poly { local, .. } => local.len(),
        }
    }
    #[inline]
    pub fn get(&self, i: usize) -> Vec2 {
        match self {
            Verts::Inline { pts, .. } => pts[i],
            Verts::Poly { t, rot, local, .. } => *t + rot.rotate(local[i]),
        }
    }
}

/// Geometry of a convex piece, relative to the frame origin.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Geom<'a> {
    Hull {
        verts: Verts<'a>,
        radius: f32,
    },
    Sector {
        apex: Vec2,
        facing: Vec2,
        half: Vec2,
        radius: f32,
    },
    Line {
        point: Vec2,
        dir: Vec2,
    },
    Ray {
        origin: Vec2,
        dir: Vec2,
    },
}

/// One convex piece with what it takes to name its features.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Piece<'a> {
    pub side: Side,
    pub part: Part,
    pub kind: ShapeKind,
    pub geom: Geom<'a>,
}

/// The convex pieces of one shape: one or two.
pub(crate) struct Pieces<'a> {
    pub items: [Option<Piece<'a>>; 2],
}

impl<'a> Pieces<'a> {
    pub fn iter(&self) -> impl Iterator<Item = &Piece<'a>> {
        self.items.iter().flatten()
    }
}

fn inline(pts: &[Vec2]) -> Verts<'static> {
    let mut a = [Vec2::ZERO; 4];
    a[..pts.len()].copy_from_slice(pts);
    Verts::Inline {
        pts: a,
        n: pts.len() as u8,
    }
}

/// Splits `shape` into convex pieces relative to the frame origin `o`.
pub(crate) fn pieces<'a>(shape: &'a Shape, side: Side, o: Vec2) -> Pieces<'a> {
    let pose = shape.pose();
    let t = pose.position() - o;
    let rot = pose.rot();
    let kind = shape.kind();
    let one = |geom: Geom<'a>| Piece {
        side,
        part: Part::Whole,
        kind,
        geom,
    };
    let hull = |pts: &[Vec2], radius: f32| -> Geom<'a> {
        Geom::Hull {
            verts: inline(pts),
            radius,
        }
    };
    let p = match shape {
        Shape::Point(_) => one(hull(&[t], 0.0)),
        Shape::Segment(s) => {
            let h = rot * s.half_length;
            one(hull(&[t - h, t + h], 0.0))
        }
        Shape::Ray(r) => match r.length {
            Some(l) => one(hull(&[t, t + rot * l], 0.0)),
            None => one(Geom::Ray {
                origin: t,
                dir: rot,
            }),
        },
        Shape::Line(_) => one(Geom::Line { point: t, dir: rot }),
        Shape::Circle(c) => one(hull(&[t], c.radius)),
        Shape::Aabb(b) => one(hull(&box_corners(t, Vec2::X, b.half_extents), 0.0)),
        Shape::Obb(b) => one(hull(&box_corners(t, rot, b.half_extents), 0.0)),
        Shape::Capsule(c) => {
            let h = rot * c.half_length;
            one(hull(&[t - h, t + h], c.radius))
        }
        Shape::Polygon(poly) => one(Geom::Hull {
            verts: Verts::Poly {
                t,
                rot,
                local: &poly.vertices,
                normals: &poly.normals,
            },
            radius: 0.0,
        }),
        Shape::Sector(s) => {
            if s.half_angle_deg >= 180.0 {
                one(hull(&[t], s.radius))
            } else if s.half_angle_deg <= 90.0 {
                one(Geom::Sector {
                    apex: t,
                    facing: rot,
                    half: s.half,
                    radius: s.radius,
                })
            } else {
                // Two halves of half-angle h/2, facing ±h/2 from the centre line.
                let q = crate::geom::pose::unit_from_degrees(s.half_angle_deg * 0.5);
                let right = rot.rotate(Vec2::new(q.x, -q.y));
                let left = rot.rotate(q);
                let mk = |facing: Vec2, part: Part| Piece {
                    side,
                    part,
                    kind,
                    geom: Geom::Sector {
                        apex: t,
                        facing,
                        half: q,
                        radius: s.radius,
                    },
                };
                return Pieces {
                    items: [
                        Some(mk(right, Part::RightHalf)),
                        Some(mk(left, Part::LeftHalf)),
                    ],
                };
            }
        }
    };
    Pieces {
        items: [Some(p), None],
    }
}

/// Box corners counter-clockwise from local `(-hx, -hy)`.
pub(crate) fn box_corners(t: Vec2, rot: Vec2, h: Vec2) -> [Vec2; 4] {
    let ex = rot * h.x;
    let ey = rot.perp() * h.y;
    [t - ex - ey, t + ex - ey, t + ex + ey, t - ex + ey]
}

/// Index of the first of `pts` (at least one) furthest along `d`. Kept with
/// selects rather than branches: which vertex wins is data-dependent, and a
/// branch on it mispredicts about once per call.
#[inline]
fn first_max(pts: &[Vec2], d: Vec2) -> usize {
    let mut bi = 0;
    let mut bd = pts[0].dot(d);
    for (i, p) in pts.iter().enumerate().skip(1) {
        let pd = p.dot(d);
        let up = pd > bd;
        bd = if up { pd } else { bd };
        bi = if up { i } else { bi };
    }
    bi
}

/// [`first_max`] for lists of 8 points or more, in four lanes
/// ([`crate::common::scan::first_max_lanes`]); a NaN first dot product
/// (nothing beats it in the scan) goes to the scan, which keeps point 0.
#[inline]
pub(crate) fn first_max_lanes(pts: &[Vec2], d: Vec2) -> usize {
    const L: usize = 4;
    if pts.len() < 2 * L || pts[0].dot(d).is_nan() {
        return first_max(pts, d);
    }
    crate::common::scan::first_max_lanes::<L, _>(pts, |p| p.dot(d))
}

/// Lists shorter than this go to the scan in [`first_max_convex`].
const CLIMB_MIN: usize = 6;

/// [`first_max_lanes`] over a convex polygon's vertices (counter-clockwise,
/// no three collinear), found by climbing from vertex `start` (the caller's
/// last answer: GJK's directions turn little from one step to the next)
/// while a neighbour lies strictly further along `d`. Around a convex
/// polygon the projections rise to one maximum and fall, so the vertex
/// whose two neighbours both lie strictly lower is the one the scan finds.
/// A tie met on the way (an edge square to `d`, or projections that round
/// equal), a NaN, a `start` out of range and lists under [`CLIMB_MIN`]
/// points go to the scan instead, which picks the first among equals.
#[inline]
pub(crate) fn first_max_convex(pts: &[Vec2], d: Vec2, start: usize) -> usize {
    let n = pts.len();
    if n < CLIMB_MIN || start >= n {
        return first_max_lanes(pts, d);
    }
    let next = |k: usize| if k + 1 == n { 0 } else { k + 1 };
    let prev = |k: usize| if k == 0 { n - 1 } else { k - 1 };
    let di = pts[start].dot(d);
    let (dn, dp) = (pts[next(start)].dot(d), pts[prev(start)].dot(d));
    let climbed = if dn > di {
        climb(pts, d, start, di, next)
    } else if dp > di {
        climb(pts, d, start, di, prev)
    } else if dn < di && dp < di {
        Some(start)
    } else {
        None
    };
    climbed.unwrap_or_else(|| first_max_lanes(pts, d))
}

/// Steps from `i` (projection `di`) to `step(i)` while that lies strictly
/// further along `d`; the vertex where the next step falls strictly, `None`
/// on a tie or a NaN there (or after a full turn, which a convex polygon
/// never makes).
#[inline(always)]
fn climb(
    pts: &[Vec2],
    d: Vec2,
    mut i: usize,
    mut di: f32,
    step: impl Fn(usize) -> usize,
) -> Option<usize> {
    for _ in 0..pts.len() {
        let j = step(i);
        let dj = pts[j].dot(d);
        if dj > di {
            i = j;
            di = dj;
        } else {
            return (dj < di).then_some(i);
        }
    }
    None
}

/// Projection of a piece onto a unit axis: `[min, max]` and the points of
/// the piece (relative to the frame origin) that realise each end. For an
/// infinite end the point is the piece's reference point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Proj {
    pub min: f32,
    pub max: f32,
    pub min_point: Vec2,
    pub max_point: Vec2,
}

impl Piece<'_> {
    /// How far the piece reaches from the frame origin (largest |x| or |y|
    /// of its vertices plus its radius; a line's or ray's reference point):
    /// the scale of the rounding in its projections.
    pub fn magnitude(&self) -> f32 {
        match &self.geom {
            Geom::Hull { verts, radius } => {
                let far =
                    (0..verts.len()).fold(0.0f32, |m, i| m.max(verts.get(i).abs().max_element()));
                far + radius
            }
            Geom::Sector { apex, radius, .. } => apex.abs().max_element() + radius,
            Geom::Line { point, .. } => point.abs().max_element(),
            Geom::Ray { origin, .. } => origin.abs().max_element(),
        }
    }

    /// Core radius (the disc the core is swept by).
    #[inline]
    pub fn radius(&self) -> f32 {
        match self.geom {
            Geom::Hull { radius, .. } => radius,
            Geom::Sector { .. } | Geom::Line { .. } | Geom::Ray { .. } => 0.0,
        }
    }

    /// Number of vertices (for sectors: apex and the two arc ends).
    pub fn vertex_count(&self) -> usize {
        match &self.geom {
            Geom::Hull { verts, .. } => verts.len(),
            Geom::Sector { .. } => 3,
            Geom::Line { .. } => 0,
            Geom::Ray { .. } => 1,
        }
    }

    /// Vertex `i` relative to the frame origin.
    pub fn vertex(&self, i: usize) -> Vec2 {
        match &self.geom {
            Geom::Hull { verts, .. } => verts.get(i),
            Geom::Sector {
                apex,
                facing,
                half,
                radius,
            } => match i {
                0 => *apex,
                1 => *apex + facing.rotate(Vec2::new(half.x, -half.y)) * *radius,
                _ => *apex + facing.rotate(*half) * *radius,
            },
            Geom::Line { point, .. } => *point,
            Geom::Ray { origin, .. } => *origin,
        }
    }

    /// A point of the piece, for starting searches.
    pub fn reference(&self) -> Vec2 {
        self.vertex(0)
    }

    /// The label of vertex `i`.
    pub fn vertex_feature(&self, i: usize) -> Feature {
        match self.kind {
            ShapeKind::Point => Feature::Position,
            ShapeKind::Segment => Feature::End(i as u8 + 1),
            ShapeKind::Ray => {
                if i == 0 {
                    Feature::Origin
                } else {
                    Feature::Tip
                }
            }
            ShapeKind::Line => Feature::Position,
            ShapeKind::Circle => Feature::Centre,
            ShapeKind::Aabb | ShapeKind::Obb => Feature::Corner(i as u8 + 1),
            ShapeKind::Capsule => Feature::End(i as u8 + 1),
            ShapeKind::Sector => match (&self.geom, i) {
                (Geom::Hull { .. }, _) => Feature::Apex,
                (_, 0) => Feature::Apex,
                (_, k) => Feature::ArcEnd(k as u8),
            },
            ShapeKind::Polygon => Feature::Vertex(i as u16 + 1),
        }
    }

    /// Face normals the SAT search must try: `(unit axis, label)`; at most
    /// one per direction for boxes, one per edge for polygons.
    pub fn for_each_face(&self, mut f: impl FnMut(Vec2, Feature) -> bool) -> bool {
        match &self.geom {
            Geom::Hull { verts, .. } => match (self.kind, verts) {
                (ShapeKind::Aabb | ShapeKind::Obb, _) => {
                    let ex = (verts.get(1) - verts.get(0)).normalize_or_zero();
                    let (ex, ey) = if ex == Vec2::ZERO {
                        // Zero-width box: fall back to its other edge.
                        let ey = (verts.get(3) - verts.get(0)).normalize_or_zero();
                        if ey == Vec2::ZERO {
                            (Vec2::X, Vec2::Y)
                        } else {
                            (-ey.perp(), ey)
                        }
                    } else {
                        (ex, ex.perp())
                    };
                    f(ex, Feature::BoxAxis(1)) && f(ey, Feature::BoxAxis(2))
                }
                (_, Verts::Poly { rot, normals, .. }) => {
                    for (i, n) in normals.iter().enumerate() {
                        if !f(rot.rotate(*n), Feature::Edge(i as u16 + 1)) {
                            return false;
                        }
                    }
                    true
                }
                (_, Verts::Inline { pts, n }) => {
                    if *n == 2 {
                        let d = pts[1] - pts[0];
                        let dir = d.normalize_or_zero();
                        let label = match self.kind {
                            ShapeKind::Ray => Feature::RayNormal,
                            ShapeKind::Point
                            | ShapeKind::Segment
                            | ShapeKind::Line
                            | ShapeKind::Circle
                            | ShapeKind::Aabb
                            | ShapeKind::Obb
                            | ShapeKind::Capsule
                            | ShapeKind::Polygon
                            | ShapeKind::Sector => Feature::SegmentNormal,
                        };
                        if dir != Vec2::ZERO {
                            return f(dir.perp(), label);
                        }
                    }
                    true
                }
            },
            Geom::Sector { facing, half, .. } => {
                // Edge 1 at -h (outward normal turned a further -90°), edge 2 at +h.
                // Then the arc's normals at its two ends (the radii to them):
                // with the edge normals they bound the normal cone at each arc
                // end, so an arc end nearest another shape's corner (or arc
                // end) still has its separating axis.
                let e1 = facing.rotate(Vec2::new(half.x, -half.y));
                let e2 = facing.rotate(*half);
                f(-e1.perp(), Feature::SectorEdge(1))
                    && f(e2.perp(), Feature::SectorEdge(2))
                    && f(e1, Feature::ArcEndNormal(1))
                    && f(e2, Feature::ArcEndNormal(2))
            }
            Geom::Line { dir, .. } => f(dir.perp(), Feature::LineNormal),
            Geom::Ray { dir, .. } => f(dir.perp(), Feature::RayNormal),
        }
    }

    /// Support point of the core (radius excluded) in direction `d`.
    #[inline]
    pub fn core_support(&self, d: Vec2) -> Vec2 {
        match &self.geom {
            Geom::Hull { verts, .. } => match verts {
                Verts::Inline { pts, n } => pts[first_max(&pts[..*n as usize], d)],
                Verts::Poly { t, rot, local, .. } => {
                    let dl = crate::geom::pose::unrotate(*rot, d);
                    *t + rot.rotate(local[first_max_lanes(local, dl)])
                }
            },
            Geom::Sector {
                apex,
                facing,
                half,
                radius,
            } => {
                if in_wedge(*facing, *half, d) && d != Vec2::ZERO {
                    *apex + d.normalize() * *radius
                } else {
                    let mut best = *apex;
                    for i in 1..3 {
                        let p = self.vertex(i);
                        if p.dot(d) > best.dot(d) {
                            best = p;
                        }
                    }
                    best
                }
            }
            Geom::Line { point, .. } => *point,
            Geom::Ray { origin, .. } => *origin,
        }
    }

    /// Projection onto the unit axis `d`, radius included.
    pub fn project(&self, d: Vec2) -> Proj {
        match &self.geom {
            Geom::Hull { verts, radius } => {
                let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
                // Indices of the first vertices reaching `lo` and `hi`, kept
                // with selects rather than branches (which mispredict on
                // every new extreme), and turned into points at the end.
                let (mut li, mut hi_i) = (usize::MAX, usize::MAX);
                let mut visit = |i: usize, p: Vec2| {
                    let s = p.dot(d);
                    let below = s < lo;
                    let above = s > hi;
                    li = if below { i } else { li };
                    lo = if below { s } else { lo };
                    hi_i = if above { i } else { hi_i };
                    hi = if above { s } else { hi };
                };
                match verts {
                    Verts::Inline { pts, n } => {
                        for (i, p) in pts[..*n as usize].iter().enumerate() {
                            visit(i, *p);
                        }
                    }
                    Verts::Poly { t, rot, local, .. } => {
                        for (i, p) in local.iter().enumerate() {
                            visit(i, *t + rot.rotate(*p));
                        }
                    }
                }
                let at = |i: usize| {
                    if i == usize::MAX {
                        Vec2::ZERO
                    } else {
                        verts.get(i)
                    }
                };
                let (lp, hp) = (at(li), at(hi_i));
                Proj {
                    min: lo - radius,
                    max: hi + radius,
                    min_point: lp - d * *radius,
                    max_point: hp + d * *radius,
                }
            }
            Geom::Sector { .. } => {
                let hp = self.core_support(d);
                let lp = self.core_support(-d);
                Proj {
                    min: lp.dot(d),
                    max: hp.dot(d),
                    min_point: lp,
                    max_point: hp,
                }
            }
            Geom::Line { point, dir } => {
                let s = point.dot(d);
                // Perpendicular within rounding only (a relative test): a
                // line turned 1e-5° off the axis still spans it whole.
                if perpendicular(*dir, d) {
                    Proj {
                        min: s,
                        max: s,
                        min_point: *point,
                        max_point: *point,
                    }
                } else {
                    Proj {
                        min: f32::NEG_INFINITY,
                        max: f32::INFINITY,
                        min_point: *point,
                        max_point: *point,
                    }
                }
            }
            Geom::Ray { origin, dir } => {
                let s = origin.dot(d);
                let k = dir.dot(d);
                let (min, max) = if perpendicular(*dir, d) {
                    (s, s)
                } else if k > 0.0 {
                    (s, f32::INFINITY)
                } else {
                    (f32::NEG_INFINITY, s)
                };
                Proj {
                    min,
                    max,
                    min_point: *origin,
                    max_point: *origin,
                }
            }
        }
    }
}

/// Most vertices a [`HullCache`] holds.
const CACHE: usize = 32;
/// Axes projected at once by [`HullCache::project4`].
pub(crate) const PROJ_LANES: usize = 4;

/// A hull piece's vertices computed once, for many projections in a row:
/// the SAT report projects both pieces on every candidate axis, and a
/// polygon's vertices would otherwise be turned into place for each one.
pub(crate) struct HullCache {
    /// Vertex x and y, relative to the frame origin.
    xs: [f32; CACHE],
    ys: [f32; CACHE],
    n: usize,
    radius: f32,
    /// Largest |x| or |y| of the vertices.
    far: f32,
}

impl HullCache {
    /// The cache for a hull piece of 1 to [`CACHE`] vertices; an empty one
    /// (see [`HullCache::is_filled`]) for other pieces, which project as
    /// usual. Returned as is rather than in an `Option`, which cost a copy
    /// of the whole cache per query.
    #[inline(always)]
    pub fn new(piece: &Piece) -> HullCache {
        let mut c = HullCache {
            xs: [0.0; CACHE],
            ys: [0.0; CACHE],
            n: 0,
            radius: piece.radius(),
            far: 0.0,
        };
        if let Geom::Hull { verts, .. } = &piece.geom {
            let n = verts.len();
            if n <= CACHE {
                for i in 0..n {
                    let p = verts.get(i);
                    (c.xs[i], c.ys[i]) = (p.x, p.y);
                    c.far = c.far.max(p.abs().max_element());
                }
                c.n = n;
            }
        }
        c
    }

    /// True when the piece's vertices are in the cache.
    #[inline]
    pub fn is_filled(&self) -> bool {
        self.n > 0
    }

    /// Vertex `j` (below the cached count), relative to the frame origin.
    #[inline]
    pub fn vertex(&self, j: usize) -> Vec2 {
        Vec2::new(self.xs[j], self.ys[j])
    }

    /// [`Piece::magnitude`] of the cached piece.
    pub fn magnitude(&self) -> f32 {
        self.far + self.radius
    }

    /// The ends of [`HullCache::project4`] alone (`[min]`, `[max]`), radius
    /// included: the same comparisons without the points, for the boolean
    /// test, which only needs the gaps.
    pub fn bounds4(&self, d: [Vec2; PROJ_LANES]) -> ([f32; PROJ_LANES], [f32; PROJ_LANES]) {
        let (dx, dy) = (d.map(|v| v.x), d.map(|v| v.y));
        let (mut lo, mut hi) = ([f32::INFINITY; PROJ_LANES], [f32::NEG_INFINITY; PROJ_LANES]);
        for (&x, &y) in self.xs[..self.n].iter().zip(&self.ys[..self.n]) {
            for k in 0..PROJ_LANES {
                let v = x * dx[k] + y * dy[k];
                lo[k] = if v < lo[k] { v } else { lo[k] };
                hi[k] = if v > hi[k] { v } else { hi[k] };
            }
        }
        let r = self.radius;
        (lo.map(|v| v - r), hi.map(|v| v + r))
    }

    /// Exactly [`Piece::project`] of the cached piece on each of four axes:
    /// the same dot products, visited in vertex order with the same strict
    /// comparisons, so each lane ends on the first vertex reaching its
    /// minimum and its maximum, as the scan does. One lane per axis lets the
    /// compiler do the four at once.
    pub fn project4(&self, d: [Vec2; PROJ_LANES]) -> [Proj; PROJ_LANES] {
        let (dx, dy) = (d.map(|v| v.x), d.map(|v| v.y));
        let (mut lo, mut hi) = ([f32::INFINITY; PROJ_LANES], [f32::NEG_INFINITY; PROJ_LANES]);
        let (mut li, mut hi_i) = ([u32::MAX; PROJ_LANES], [u32::MAX; PROJ_LANES]);
        for (j, (&x, &y)) in self.xs[..self.n].iter().zip(&self.ys[..self.n]).enumerate() {
            let j = j as u32;
            // Whole-lane masks and bit selects: the form the compiler turns
            // into vector code (a branch-like select on each lane did not).
            let mut below = [0u32; PROJ_LANES];
            let mut above = [0u32; PROJ_LANES];
            for k in 0..PROJ_LANES {
                let v = x * dx[k] + y * dy[k];
                // NaN is skipped, as in `Piece::project`.
                below[k] = 0u32.wrapping_sub((v < lo[k]) as u32);
                above[k] = 0u32.wrapping_sub((v > hi[k]) as u32);
                lo[k] = if v < lo[k] { v } else { lo[k] };
                hi[k] = if v > hi[k] { v } else { hi[k] };
            }
            for k in 0..PROJ_LANES {
                li[k] = (j & below[k]) | (li[k] & !below[k]);
                hi_i[k] = (j & above[k]) | (hi_i[k] & !above[k]);
            }
        }
        let r = self.radius;
        // No vertex reached an end (NaN values): the scan's zero point.
        let at = |i: u32| {
            if i == u32::MAX {
                Vec2::ZERO
            } else {
                Vec2::new(self.xs[i as usize], self.ys[i as usize])
            }
        };
        std::array::from_fn(|k| Proj {
            min: lo[k] - r,
            max: hi[k] + r,
            min_point: at(li[k]) - d[k] * r,
            max_point: at(hi_i[k]) + d[k] * r,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::common::test_rng::Rng;

    /// A convex polygon of `n` points at sorted random angles on an ellipse
    /// (half-axes `a`, `b`), centred at `c`, through the library's cleaning.
    fn polygon(rng: &mut Rng, n: usize, a: f32, b: f32, c: Vec2) -> Vec<Vec2> {
        let mut t: Vec<f32> = (0..n).map(|_| rng.f() * std::f32::consts::TAU).collect();
        t.sort_by(f32::total_cmp);
        let pts: Vec<Vec2> = t
            .iter()
            .map(|t| c + Vec2::new(a * t.cos(), b * t.sin()))
            .collect();
        crate::geom::Polygon::new(crate::geom::Pose::default(), &pts)
            .map(|p| p.local_vertices().to_vec())
            .unwrap_or_default()
    }

    #[test]
    fn climbing_finds_the_vertex_the_scan_finds() {
        // Polygons of 3–60 vertices, aspect up to 1e3, sizes 1e-3–1e3, local
        // vertices up to 1e4 from the local origin; directions of any length
        // and angle, including each edge's normal (a tie); every start.
        let mut rng = Rng(0x26_07);
        let (mut checked, mut climbed) = (0, 0);
        for _ in 0..3000 {
            let n = 3 + (rng.f() * 58.0) as usize;
            let size = 10f32.powf(rng.f() * 6.0 - 3.0);
            let aspect = 10f32.powf(rng.f() * 3.0);
            let far = if rng.f() < 0.3 { 1e4 * rng.f() } else { 0.0 };
            let c = Vec2::new(far, -0.5 * far);
            let pts = polygon(&mut rng, n, size, size / aspect, c);
            if pts.len() < 3 {
                continue;
            }
            let m = pts.len();
            for k in 0..8 {
                let d = if k < 2 {
                    // An edge's outward normal: its two ends tie.
                    let i = (rng.f() * m as f32) as usize % m;
                    (pts[(i + 1) % m] - pts[i]).perp().normalize() * -1.0
                } else {
                    let t = rng.f() * std::f32::consts::TAU;
                    Vec2::new(t.cos(), t.sin()) * 10f32.powf(rng.f() * 4.0 - 2.0)
                };
                let want = first_max_lanes(&pts, d);
                for start in 0..m {
                    assert_eq!(
                        first_max_convex(&pts, d, start),
                        want,
                        "{m} vertices, d {d}, start {start}"
                    );
                    checked += 1;
                    climbed += usize::from(m >= CLIMB_MIN);
                }
            }
        }
        assert!(climbed > checked / 2, "{climbed} of {checked} climbed");
    }

    #[test]
    fn a_start_past_the_end_or_a_nan_direction_goes_to_the_scan() {
        let pts: Vec<Vec2> = (0..8)
            .map(|i| {
                let t = i as f32 * std::f32::consts::TAU / 8.0;
                Vec2::new(t.cos(), t.sin())
            })
            .collect();
        let d = Vec2::new(-1.0, 0.1);
        assert_eq!(first_max_convex(&pts, d, 99), first_max_lanes(&pts, d));
        assert_eq!(first_max_convex(&pts, d, 99), 4);
        let nan = Vec2::new(f32::NAN, 1.0);
        assert_eq!(first_max_convex(&pts, nan, 3), first_max_lanes(&pts, nan));
    }
}
