//! A convex polyhedron, built as the convex hull of given points.

use crate::geom::error::within_limit3;
use crate::geom::{Rule, ShapeError};
use crate::geom3d::pose::fmt_vec3;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;
use glam::{Vec2, Vec3};

/// Most points a hull may be built from (the builder tests every triple).
pub const MAX_HULL_POINTS: usize = 256;

/// One face of a hull: its outward unit normal and its vertex loop.
#[derive(Debug, Clone, PartialEq)]
pub struct HullFace {
    /// Outward unit normal, local frame.
    pub normal: Vec3,
    /// Indices into [`ConvexHull::vertices`], counter-clockwise seen from outside.
    pub loop_: Vec<u16>,
    /// `normal · p` for the points `p` of the face's plane.
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
    /// True when all points lie in one plane.
    pub flat: bool,
    /// The mean of the corners (a point inside the hull).
    pub centroid: Vec3,
    /// The largest distance from the centroid to a corner.
    pub radius: f32,
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
    /// Points must be finite, at most [`MAX_HULL_POINTS`], and not all on one
    /// line. Fewer than 4 points off one plane are rejected unless `flat` is
    /// true, which builds a flat convex polygon (two faces, one each side).
    /// Points within `1e-5 × size` of a face's plane count as on it, so
    /// coplanar faces merge and near-duplicate points collapse.
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

/// Point `i` (0-based) is finite and within ±1e8 in x, y and z.
fn check_point(i: usize, p: Vec3) -> Result<(), ShapeError> {
    if !p.is_finite() {
        return Err(err(Rule::VertexNotFinite { vertex: i + 1 }, fmt_vec3(p)));
    }
    let beyond = Rule::VertexBeyondLimit3 { vertex: i + 1 };
    within_limit3(ShapeKind3::Hull, "points", beyond, p).map(|_| ())
}

/// Builds the hull (see [`Hull3::new`]).
pub(crate) fn build_hull(points: &[Vec3], flat: bool) -> Result<ConvexHull, ShapeError> {
    if points.len() > MAX_HULL_POINTS {
        return Err(err(Rule::TooManyPoints, points.len()));
    }
    for (i, p) in points.iter().enumerate() {
        check_point(i, *p)?;
    }
    let Some(&p0) = points.first() else {
        return Err(err(Rule::Empty, "[]"));
    };
    let centre = points.iter().copied().sum::<Vec3>() / points.len() as f32;
    let size = points
        .iter()
        .map(|p| (*p - centre).length())
        .fold(0.0f32, f32::max);
    let eps = 1e-5 * size;
    // Collapse near-duplicates.
    let mut pts: Vec<Vec3> = Vec::with_capacity(points.len());
    for p in points {
        if !pts.iter().any(|q| (*q - *p).length() <= eps) {
            pts.push(*p);
        }
    }
    // Not all on one line: the point furthest from p0, then from that line.
    let far = pts
        .iter()
        .copied()
        .max_by(|a, b| {
            (*a - p0)
                .length_squared()
                .total_cmp(&(*b - p0).length_squared())
        })
        .unwrap_or(p0);
    let axis = (far - p0).normalize_or_zero();
    let off_line = |p: Vec3| {
        let d = p - p0;
        (d - axis * d.dot(axis)).length()
    };
    let third = pts
        .iter()
        .copied()
        .max_by(|a, b| off_line(*a).total_cmp(&off_line(*b)))
        .unwrap_or(p0);
    if axis == Vec3::ZERO || off_line(third) <= eps {
        return Err(err(Rule::OnOneLine, format!("{} points", points.len())));
    }
    let n = axis.cross(third - p0).normalize();
    let off_plane = pts
        .iter()
        .map(|p| (*p - p0).dot(n).abs())
        .fold(0.0f32, f32::max);
    if off_plane <= eps {
        if !flat {
            return Err(err(
                Rule::Flat,
                format!("{} points in one plane", points.len()),
            ));
        }
        let all: Vec<usize> = (0..pts.len()).collect();
        let ring = planar_hull(&pts, &all, n, eps);
        let vertices: Vec<Vec3> = ring.iter().map(|&i| pts[i]).collect();
        let k = vertices.len() as u16;
        let up: Vec<u16> = (0..k).collect();
        let down: Vec<u16> = (0..k).rev().collect();
        let faces = vec![
            HullFace {
                normal: n,
                loop_: up,
                offset: 0.0,
            },
            HullFace {
                normal: -n,
                loop_: down,
                offset: 0.0,
            },
        ];
        return Ok(finish(vertices, faces, true));
    }
    // Every plane through three points with all points on one side is a
    // face plane; coplanar triples give the same plane once.
    let mut planes: Vec<(Vec3, f32)> = Vec::new();
    let m = pts.len();
    for i in 0..m {
        for j in i + 1..m {
            for k in j + 1..m {
                let c = (pts[j] - pts[i]).cross(pts[k] - pts[i]);
                let Some(nn) = c.try_normalize() else {
                    continue;
                };
                if c.length() <= eps * size {
                    continue;
                }
                let d = nn.dot(pts[i]);
                let (mut above, mut below) = (false, false);
                for p in &pts {
                    let s = nn.dot(*p) - d;
                    above |= s > eps;
                    below |= s < -eps;
                    if above && below {
                        break;
                    }
                }
                let (nn, d) = match (above, below) {
                    (false, _) => (nn, d),
                    (true, false) => (-nn, -d),
                    (true, true) => continue,
                };
                // The same face when its three points lie on a known plane
                // of the same side (comparing normals alone would merge two
                // faces meeting at a very flat edge).
                let on_known = planes.iter().any(|(q, e)| {
                    q.dot(nn) > 0.0 && [i, j, k].iter().all(|&x| (q.dot(pts[x]) - e).abs() <= eps)
                });
                if !on_known {
                    planes.push((nn, d));
                }
            }
        }
    }
    // Each face: the planar hull of the points on its plane.
    let mut used: Vec<Option<u16>> = vec![None; m];
    let mut vertices = Vec::new();
    let mut faces = Vec::new();
    for (nn, d) in planes {
        let on: Vec<usize> = (0..m)
            .filter(|&i| (nn.dot(pts[i]) - d).abs() <= eps)
            .collect();
        let ring = planar_hull(&pts, &on, nn, eps);
        if ring.len() < 3 {
            continue;
        }
        let loop_ = ring
            .iter()
            .map(|&i| {
                *used[i].get_or_insert_with(|| {
                    vertices.push(pts[i]);
                    (vertices.len() - 1) as u16
                })
            })
            .collect();
        faces.push(HullFace {
            normal: nn,
            loop_,
            offset: 0.0,
        });
    }
    Ok(finish(vertices, faces, false))
}

/// Edges and edge directions from the faces.
fn finish(vertices: Vec<Vec3>, mut faces: Vec<HullFace>, flat: bool) -> ConvexHull {
    for f in &mut faces {
        f.offset = f.normal.dot(vertices[f.loop_[0] as usize]);
    }
    let centroid = vertices.iter().copied().sum::<Vec3>() / vertices.len().max(1) as f32;
    let radius = vertices
        .iter()
        .map(|v| (*v - centroid).length())
        .fold(0.0f32, f32::max);
    let mut edges: Vec<[u16; 2]> = Vec::new();
    for f in &faces {
        for (k, &a) in f.loop_.iter().enumerate() {
            let b = f.loop_[(k + 1) % f.loop_.len()];
            let e = [a.min(b), a.max(b)];
            if !edges.contains(&e) {
                edges.push(e);
            }
        }
    }
    let mut edge_dirs: Vec<(Vec3, u16)> = Vec::new();
    for (i, e) in edges.iter().enumerate() {
        let d = (vertices[e[1] as usize] - vertices[e[0] as usize]).normalize_or_zero();
        if d != Vec3::ZERO && !edge_dirs.iter().any(|(q, _)| q.cross(d).length() < 1e-6) {
            edge_dirs.push((d, i as u16));
        }
    }
    ConvexHull {
        vertices,
        faces,
        edges,
        edge_dirs,
        flat,
        centroid,
        radius,
    }
}

/// Counter-clockwise (about `n`) convex hull of the points `idx` of `pts`,
/// all near one plane with unit normal `n` (Andrew's monotone chain);
/// points on an edge are dropped.
fn planar_hull(pts: &[Vec3], idx: &[usize], n: Vec3, eps: f32) -> Vec<usize> {
    let u = n.any_orthonormal_vector();
    let v = n.cross(u);
    let mut q: Vec<(Vec2, usize)> = idx
        .iter()
        .map(|&i| (Vec2::new(pts[i].dot(u), pts[i].dot(v)), i))
        .collect();
    q.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    // A turn counts only when the point is off the chord by more than eps.
    let left = |o: Vec2, a: Vec2, b: Vec2| {
        let ab = b - o;
        let l = ab.length();
        l > 0.0 && ab.perp_dot(a - o) / l < -eps
    };
    let mut chain: Vec<(Vec2, usize)> = Vec::with_capacity(2 * q.len());
    for pass in 0..2 {
        let start = chain.len();
        let iter: Box<dyn Iterator<Item = &(Vec2, usize)>> = if pass == 0 {
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
