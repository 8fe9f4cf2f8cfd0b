//! The Minkowski difference of a pair, for drawing.

use crate::common::Side;
use crate::geom::query::piece::{pieces, Geom};
use crate::geom::{distance, intersects, penetration, Shape, Vec2};

/// The Minkowski difference `A ⊖ B = { a − b }` of two bounded convex shapes,
/// for drawing: the origin lies inside exactly when A and B intersect, its
/// distance to the boundary is their distance (outside) or penetration depth
/// (inside), and the nearest boundary point gives the MTV's direction.
#[derive(Debug, Clone, PartialEq)]
pub struct MinkowskiDifference {
    /// Outline, counter-clockwise, world units (exact corners for polygons;
    /// curves sampled).
    pub outline: Vec<Vec2>,
    /// True when the origin lies in it (= the shapes intersect).
    pub contains_origin: bool,
    /// Distance from the origin to the outline: the distance between the
    /// shapes, or the penetration depth when they intersect.
    pub boundary_distance: f32,
    /// The outline point nearest the origin.
    pub nearest: Vec2,
}

/// `A ⊖ B` sampled with `samples` directions (at least 8) plus every
/// direction where a polygon edge starts, so polygon corners are exact.
/// `None` for unbounded or non-convex shapes.
pub fn minkowski_difference(a: &Shape, b: &Shape, samples: usize) -> Option<MinkowskiDifference> {
    if !(a.is_bounded() && b.is_bounded() && a.is_convex() && b.is_convex()) {
        return None;
    }
    let pa = pieces(a, Side::A, Vec2::ZERO);
    let pb = pieces(b, Side::B, Vec2::ZERO);
    let (p, q) = (pa.iter().next()?, pb.iter().next()?);
    // Directions: uniform samples and each face normal of both, with its
    // neighbours, so polygon vertices of the difference are hit exactly.
    let mut dirs: Vec<f32> = (0..samples.max(8))
        .map(|i| std::f32::consts::TAU * i as f32 / samples.max(8) as f32)
        .collect();
    for piece in [p, q] {
        piece.for_each_face(|n, _| {
            for s in [1.0f32, -1.0] {
                let a = (n * s).to_angle();
                dirs.extend([a - 1e-4, a, a + 1e-4]);
            }
            true
        });
        if let Geom::Sector { facing, half, .. } = piece.geom {
            // The corners between the arc and the edges.
            for e in [
                facing.rotate(Vec2::new(half.x, -half.y)),
                facing.rotate(half),
            ] {
                for s in [1.0f32, -1.0] {
                    dirs.push((e * s).to_angle());
                }
            }
        }
    }
    for a in dirs.iter_mut() {
        *a = a.rem_euclid(std::f32::consts::TAU);
    }
    dirs.sort_by(f32::total_cmp);
    let support = |d: Vec2| {
        let sa = p.core_support(d) + d * p.radius();
        let sb = q.core_support(-d) - d * q.radius();
        sa - sb
    };
    let mut outline: Vec<Vec2> = Vec::with_capacity(dirs.len());
    for a in dirs {
        let v = support(Vec2::from_angle(a));
        if outline
            .last()
            .is_none_or(|l: &Vec2| (*l - v).length() > 1e-6)
        {
            outline.push(v);
        }
    }
    while outline.len() > 1 && (outline[0] - outline[outline.len() - 1]).length() <= 1e-6 {
        outline.pop();
    }
    drop_collinear(&mut outline);
    let contains_origin = intersects(a, b);
    let boundary_distance = if contains_origin {
        penetration(a, b).map_or(0.0, |p| p.depth)
    } else {
        distance(a, b).distance
    };
    let nearest = nearest_on_outline(&outline);
    Some(MinkowskiDifference {
        outline,
        contains_origin,
        boundary_distance,
        nearest,
    })
}

/// Removes outline points that lie on the straight edge between their
/// neighbours (a support direction exactly along a face normal can land
/// mid-edge), so a polygon's difference has only its true corners.
fn drop_collinear(outline: &mut Vec<Vec2>) {
    let mut i = 0;
    while outline.len() > 3 && i < outline.len() {
        let n = outline.len();
        let (p, q, r) = (outline[(i + n - 1) % n], outline[i], outline[(i + 1) % n]);
        let (e, f) = (q - p, r - q);
        if e.perp_dot(f).abs() <= 1e-6 * e.length() * f.length() && e.dot(f) >= 0.0 {
            outline.remove(i);
        } else {
            i += 1;
        }
    }
}

fn nearest_on_outline(outline: &[Vec2]) -> Vec2 {
    let n = outline.len();
    let mut best = (f32::INFINITY, Vec2::ZERO);
    for i in 0..n {
        let (q, _) = crate::geom::query::segment::closest_point_on_segment(
            Vec2::ZERO,
            outline[i],
            outline[(i + 1) % n],
        );
        let d = q.length_squared();
        if d < best.0 {
            best = (d, q);
        }
    }
    best.1
}
