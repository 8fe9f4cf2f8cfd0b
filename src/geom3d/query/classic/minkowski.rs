//! The Minkowski difference of a 3D pair, for drawing (the GJK / EPA view).
//!
//! `A − B = { a − b }` holds the origin exactly when A and B intersect; its
//! distance from the origin is theirs. GJK and EPA walk the difference of
//! the pieces' cores (a sphere's centre, a capsule's segment); the radii
//! grow it by their sum.

use crate::common::{Rule, Side};
use crate::geom3d::query::piece::{piece, Core, Piece};
use crate::geom3d::shape::ConvexHull;
use crate::geom3d::Shape3;
use glam::{DVec3, Vec3};

/// Most corner pairs whose differences are hulled exactly; beyond it the
/// cores' difference is sampled too (two 64-corner hulls fit).
pub const MAX_CORNER_PAIRS: usize = 4096;

/// A convex set's wireframe: corners and edges. Points are offsets
/// `a − b`, world units (frame-free).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MinkowskiHull3 {
    /// Corners: one for a point, two for a segment, else the hull's.
    pub vertices: Vec<Vec3>,
    /// Edges, each once, as indices into `vertices`.
    pub edges: Vec<[usize; 2]>,
    /// True when the corners are the exact ones (every difference of two
    /// corners hulled); false when sampled along directions.
    pub exact: bool,
}

/// The Minkowski difference of two bounded shapes, see
/// [`minkowski_difference`].
#[derive(Debug, Clone, PartialEq)]
pub struct MinkowskiDifference3 {
    /// `A − B`: exact for two polytopes without radius, else the support
    /// points along sampled directions, hulled.
    pub shapes: MinkowskiHull3,
    /// The cores' difference (what GJK and EPA walk): the same as
    /// `shapes` when neither shape has a radius.
    pub cores: MinkowskiHull3,
    /// The radii's sum: `shapes` is `cores` grown by it, world units.
    pub radius: f32,
}

/// `A − B` of two bounded shapes: exact corners for polytopes without
/// radius (at most [`MAX_CORNER_PAIRS`] corner pairs), else the support
/// points of `A − B` along `samples` directions (at least 32) spread over
/// the sphere, hulled. `None` for an unbounded ray, or offsets beyond the
/// coordinate limit (`±1e8`).
pub fn minkowski_difference(
    a: &Shape3,
    b: &Shape3,
    samples: usize,
) -> Option<MinkowskiDifference3> {
    if !(a.is_bounded() && b.is_bounded()) {
        return None;
    }
    let o = a.pose().position();
    let (p, q) = (piece(a, Side::A, o), piece(b, Side::B, o));
    let (ca, cb) = (corners(&p)?, corners(&q)?);
    let dirs = sphere_directions(samples.max(32));
    let cores = if ca.len() * cb.len() <= MAX_CORNER_PAIRS {
        let pts: Vec<Vec3> = ca
            .iter()
            .flat_map(|x| cb.iter().map(move |y| *x - *y))
            .collect();
        hull_of(&pts, true)?
    } else {
        hull_of(&supports(&p, &q, 0.0, &dirs), false)?
    };
    let radius = p.radius + q.radius;
    let shapes = if radius > 0.0 {
        hull_of(&supports(&p, &q, radius, &dirs), false)?
    } else {
        cores.clone()
    };
    Some(MinkowskiDifference3 {
        shapes,
        cores,
        radius,
    })
}

/// The corners of a piece's core (relative to the frame origin); `None`
/// for an unbounded ray.
fn corners(p: &Piece) -> Option<Vec<Vec3>> {
    Some(match &p.core {
        Core::Point(x) => vec![*x],
        Core::Segment(x, y) => vec![*x, *y],
        Core::Box { c, m, h } => {
            let e = [m.x_axis * h.x, m.y_axis * h.y, m.z_axis * h.z];
            (0..8)
                .map(|k| {
                    let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
                    *c + e[0] * s(1) + e[1] * s(2) + e[2] * s(4)
                })
                .collect()
        }
        Core::Triangle(v) => v.to_vec(),
        Core::Hull { t, m, hull } => hull.vertices.iter().map(|v| *t + *m * *v).collect(),
        Core::Ray { .. } => return None,
    })
}

/// `n` unit directions spread evenly over the sphere (a Fibonacci
/// spiral), plus the six world axes.
fn sphere_directions(n: usize) -> Vec<DVec3> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut out: Vec<DVec3> = (0..n)
        .map(|i| {
            let z = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
            let r = (1.0 - z * z).max(0.0).sqrt();
            let t = golden * i as f64;
            DVec3::new(r * t.cos(), r * t.sin(), z)
        })
        .collect();
    for d in [DVec3::X, DVec3::Y, DVec3::Z] {
        out.extend([d, -d]);
    }
    out
}

/// The support points of `A − B` along `dirs`: A's core furthest along
/// `d` minus B's furthest against it, grown by `radius` along `d`.
fn supports(p: &Piece, q: &Piece, radius: f32, dirs: &[DVec3]) -> Vec<Vec3> {
    dirs.iter()
        .map(|d| (p.support(*d) - q.support(-*d) + *d * f64::from(radius)).as_vec3())
        .collect()
}

/// The hull of `pts` as a wireframe: the hull builder's corners and
/// edges, a segment for points on one line, a point for coincident ones;
/// `None` when the builder refuses them otherwise (beyond the limit).
fn hull_of(pts: &[Vec3], exact: bool) -> Option<MinkowskiHull3> {
    match ConvexHull::build(pts, true) {
        Ok(h) => Some(MinkowskiHull3 {
            vertices: h.vertices,
            edges: h
                .edges
                .iter()
                .map(|e| [usize::from(e[0]), usize::from(e[1])])
                .collect(),
            exact,
        }),
        Err(e) if e.rule == Rule::Coincide => Some(MinkowskiHull3 {
            vertices: pts.first().copied().into_iter().collect(),
            edges: Vec::new(),
            exact,
        }),
        Err(e) if e.rule == Rule::OnOneLine => {
            let far = |from: Vec3| {
                pts.iter()
                    .copied()
                    .max_by(|x, y| x.distance(from).total_cmp(&y.distance(from)))
                    .unwrap_or(from)
            };
            let one = far(pts.first().copied().unwrap_or_default());
            Some(MinkowskiHull3 {
                vertices: vec![one, far(one)],
                edges: vec![[0, 1]],
                exact,
            })
        }
        Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom3d::{distance, Aabb3, Capsule3, Hull3, Obb3, Pose3, Sphere};

    fn aabb(c: Vec3, h: Vec3) -> Shape3 {
        Shape3::Aabb(Aabb3::new(Pose3::at(c), h).unwrap())
    }

    /// Largest `v · d` over the corners.
    fn reach(h: &MinkowskiHull3, d: Vec3) -> f32 {
        h.vertices
            .iter()
            .map(|v| v.dot(d))
            .fold(f32::NEG_INFINITY, f32::max)
    }

    #[test]
    fn two_boxes_make_a_box_of_the_summed_half_extents_around_their_offset() {
        let a = aabb(Vec3::new(1.0, 2.0, 3.0), Vec3::new(1.0, 0.5, 0.25));
        let b = aabb(Vec3::new(4.0, 2.0, 3.0), Vec3::new(0.5, 0.5, 0.5));
        let m = minkowski_difference(&a, &b, 64).unwrap();
        assert_eq!(m.shapes, m.cores);
        assert_eq!(m.radius, 0.0);
        assert!(m.shapes.exact);
        assert_eq!(m.shapes.vertices.len(), 8);
        assert_eq!(m.shapes.edges.len(), 12);
        // Centre a − b = (−3, 0, 0), half extents (1.5, 1, 0.75).
        for v in &m.shapes.vertices {
            let off = (*v - Vec3::new(-3.0, 0.0, 0.0)).abs();
            assert!(
                (off - Vec3::new(1.5, 1.0, 0.75)).abs().max_element() < 1e-5,
                "{v}"
            );
        }
        // The origin lies 3 − 1.5 = 1.5 beyond its +x face: the distance.
        assert!((reach(&m.shapes, Vec3::X) - -1.5).abs() < 1e-5);
        assert!((distance(&a, &b).distance - 1.5).abs() < 1e-5);
    }

    #[test]
    fn its_support_is_a_support_minus_b_support_in_every_direction() {
        let turned = Pose3::from_euler_deg(
            crate::geom3d::ShapeKind3::Obb,
            Vec3::new(2.0, 0.5, -1.0),
            [20.0, 35.0, 50.0],
        )
        .unwrap();
        let a = Shape3::Obb(Obb3::new(turned, Vec3::new(1.0, 0.6, 0.3)).unwrap());
        let pts = [
            Vec3::new(0.0, 0.0, 1.0),
            Vec3::new(1.0, 0.0, -0.5),
            Vec3::new(-1.0, 0.8, -0.5),
            Vec3::new(-0.2, -1.0, -0.4),
        ];
        let b =
            Shape3::Hull(Hull3::new(Pose3::at(Vec3::new(-0.5, 1.0, 0.2)), &pts, false).unwrap());
        let m = minkowski_difference(&a, &b, 64).unwrap();
        assert!(m.shapes.exact);
        assert!(m.shapes.vertices.len() >= 8, "{}", m.shapes.vertices.len());
        let o = a.pose().position();
        let (p, q) = (piece(&a, Side::A, o), piece(&b, Side::B, o));
        for d in sphere_directions(200) {
            let want = (p.support(d) - q.support(-d)).dot(d) as f32;
            let got = reach(&m.shapes, d.as_vec3());
            assert!((got - want).abs() < 1e-4, "{d}: {got} vs {want}");
        }
        // Every edge joins two corners of the hull.
        let n = m.shapes.vertices.len();
        assert!(m
            .shapes
            .edges
            .iter()
            .all(|e| e[0] < n && e[1] < n && e[0] != e[1]));
    }

    #[test]
    fn round_shapes_are_sampled_around_their_cores() {
        let a = Shape3::Sphere(Sphere::new(Pose3::at(Vec3::ZERO), 1.0).unwrap());
        let b = Shape3::Sphere(Sphere::new(Pose3::at(Vec3::new(3.0, 0.0, 0.0)), 0.5).unwrap());
        let m = minkowski_difference(&a, &b, 100).unwrap();
        assert!(!m.shapes.exact && m.cores.exact);
        assert_eq!(m.radius, 1.5);
        assert_eq!(m.cores.vertices, vec![Vec3::new(-3.0, 0.0, 0.0)]);
        assert!(m.cores.edges.is_empty());
        assert!(m.shapes.vertices.len() > 60);
        for v in &m.shapes.vertices {
            let r = v.distance(Vec3::new(-3.0, 0.0, 0.0));
            assert!((r - 1.5).abs() < 1e-5, "{v}");
        }
        // A capsule against a sphere: the cores' difference is a segment.
        let k = Capsule3::new(Pose3::at(Vec3::new(0.0, 0.0, 4.0)), 2.0, 0.25).unwrap();
        let m = minkowski_difference(&Shape3::Capsule(k), &a, 64).unwrap();
        assert_eq!((m.cores.vertices.len(), m.cores.edges.len()), (2, 1));
        let span = m.cores.vertices[0].distance(m.cores.vertices[1]);
        assert!((span - 4.0).abs() < 1e-5, "{span}");
        assert!((m.radius - 1.25).abs() < 1e-6);
    }
}
