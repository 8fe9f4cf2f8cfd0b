//! Point in polygon, two ways.

use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Total signed angle (radians) that the polygon's boundary sweeps as seen
/// from `p`: about ±2π when `p` is inside, about 0 outside (for concave
/// polygons too). Meaningless when `p` is on the boundary.
pub fn winding_angle(p: Vec2, vertices: &[Vec2]) -> f32 {
    winding_angle_with(p, vertices, None)
}

/// [`winding_angle`], pushing each edge's angle (radians) to `angles`.
fn winding_angle_with(p: Vec2, vertices: &[Vec2], mut angles: Option<&mut Vec<f32>>) -> f32 {
    let n = vertices.len();
    let mut sum = 0.0f64;
    for i in 0..n {
        let a = vertices[i] - p;
        let b = vertices[(i + 1) % n] - p;
        let angle = (a.perp_dot(b) as f64).atan2(a.dot(b) as f64);
        if let Some(v) = angles.as_deref_mut() {
            v.push(angle as f32);
        }
        sum += angle;
    }
    sum as f32
}

/// Point in polygon by the angle sum: `p` is inside when the boundary winds
/// around it, `|Σ angle| > π` (Haines, "Point in polygon strategies",
/// Graphics Gems IV, 1994). Works for concave polygons and either winding.
/// Points on the boundary (within `tolerance`) count as inside.
pub fn point_in_polygon_angle_sum(p: Vec2, vertices: &[Vec2], tolerance: f32) -> bool {
    !vertices.is_empty()
        && (on_boundary(p, vertices, tolerance)
            || winding_angle(p, vertices).abs() > std::f32::consts::PI)
}

/// Point in a convex polygon by cross products: `p` is inside when it lies on
/// the inner side of every edge, i.e. `(b − a) × (p − a)` has the winding's
/// sign for every edge `a → b` (O'Rourke, *Computational Geometry in C*, 7.4).
/// Either winding; points within `tolerance` of an edge count as inside.
pub fn point_in_convex_polygon_cross(p: Vec2, vertices: &[Vec2], tolerance: f32) -> bool {
    !vertices.is_empty()
        && (inside_by_crosses(p, vertices, None) || on_boundary(p, vertices, tolerance))
}

/// Strictly inside or on an edge's line by the cross products (at least 3
/// vertices); pushes every `(b − a) × (p − a)` to `crosses` when given
/// (then none is skipped).
fn inside_by_crosses(p: Vec2, vertices: &[Vec2], mut crosses: Option<&mut Vec<f32>>) -> bool {
    let n = vertices.len();
    let area2: f32 = (0..n)
        .map(|i| vertices[i].perp_dot(vertices[(i + 1) % n]))
        .sum();
    let sign = if area2 >= 0.0 { 1.0 } else { -1.0 };
    // Strictly by the cross products; the tolerance is measured to the edges
    // themselves (a slack on each edge's line would also accept points up to
    // tolerance / sin(half the angle) beyond a sharp vertex).
    let mut inside = n > 2;
    for i in 0..n {
        let a = vertices[i];
        let cross = (vertices[(i + 1) % n] - a).perp_dot(p - a);
        inside &= sign * cross >= 0.0;
        match crosses.as_deref_mut() {
            Some(v) => v.push(cross),
            None if !inside => return false,
            None => {}
        }
    }
    inside
}

/// Both point-in-polygon methods, worked: the numbers the two tests above
/// decided on.
#[derive(Debug, Clone, PartialEq)]
pub struct PointInPolygonTrace {
    /// Signed angle (radians) each edge `i → i+1` sweeps as seen from the point.
    pub angles: Vec<f32>,
    /// Their sum: about ±2π inside, about 0 outside.
    pub angle_sum: f32,
    /// `(b − a) × (p − a)` for each edge `a → b`.
    pub crosses: Vec<f32>,
    /// The point lies within the contact tolerance of an edge, which both
    /// tests count as inside.
    pub on_boundary: bool,
    /// Verdict of the angle sum (boundary counts as inside).
    pub inside_by_angle: bool,
    /// Verdict of the cross products (boundary counts as inside).
    pub inside_by_cross: bool,
}

/// Traces both tests for point `p` and the polygon `vertices` (world), with
/// the contact tolerance.
pub fn point_in_polygon_trace(p: Vec2, vertices: &[Vec2]) -> PointInPolygonTrace {
    let mut angles = Vec::with_capacity(vertices.len());
    let mut crosses = Vec::with_capacity(vertices.len());
    let angle_sum = winding_angle_with(p, vertices, Some(&mut angles));
    let strictly = inside_by_crosses(p, vertices, Some(&mut crosses));
    let on_boundary = on_boundary(p, vertices, CONTACT_TOLERANCE);
    let any = !vertices.is_empty();
    PointInPolygonTrace {
        angles,
        angle_sum,
        crosses,
        on_boundary,
        inside_by_angle: any && (on_boundary || angle_sum.abs() > std::f32::consts::PI),
        inside_by_cross: any && (strictly || on_boundary),
    }
}

fn on_boundary(p: Vec2, vertices: &[Vec2], tolerance: f32) -> bool {
    let n = vertices.len();
    (0..n).any(|i| {
        let (q, _) = crate::geom::query::segment::closest_point_on_segment(
            p,
            vertices[i],
            vertices[(i + 1) % n],
        );
        (q - p).length() <= tolerance
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn both_ways_agree_on_a_square() {
        let sq = [v(0., 0.), v(2., 0.), v(2., 2.), v(0., 2.)];
        for (p, inside) in [
            (v(1., 1.), true),
            (v(3., 1.), false),
            (v(2., 1.), true),
            (v(-0.1, 1.), false),
        ] {
            assert_eq!(point_in_polygon_angle_sum(p, &sq, 1e-4), inside, "{p}");
            assert_eq!(point_in_convex_polygon_cross(p, &sq, 1e-4), inside, "{p}");
        }
    }

    #[test]
    fn angle_sum_handles_concave() {
        // A "C" shape: the notch point is outside.
        let c = [
            v(0., 0.),
            v(3., 0.),
            v(3., 1.),
            v(1., 1.),
            v(1., 2.),
            v(3., 2.),
            v(3., 3.),
            v(0., 3.),
        ];
        assert!(!point_in_polygon_angle_sum(v(2., 1.5), &c, 1e-4));
        assert!(point_in_polygon_angle_sum(v(0.5, 1.5), &c, 1e-4));
        assert!((winding_angle(v(0.5, 1.5), &c) - std::f32::consts::TAU).abs() < 1e-4);
    }
}
