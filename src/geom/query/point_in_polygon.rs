//! Point in polygon, two ways.

use crate::geom::Vec2;

/// Total signed angle (radians) that the polygon's boundary sweeps as seen
/// from `p`: about ±2π when `p` is inside, about 0 outside (for concave
/// polygons too). Meaningless when `p` is on the boundary.
pub fn winding_angle(p: Vec2, vertices: &[Vec2]) -> f32 {
    let n = vertices.len();
    let mut sum = 0.0f64;
    for i in 0..n {
        let a = vertices[i] - p;
        let b = vertices[(i + 1) % n] - p;
        sum += (a.perp_dot(b) as f64).atan2(a.dot(b) as f64);
    }
    sum as f32
}

/// Point in polygon by the angle sum: `p` is inside when the boundary winds
/// around it, `|Σ angle| > π` (Haines, "Point in polygon strategies",
/// Graphics Gems IV, 1994). Works for concave polygons and either winding.
/// Points on the boundary (within `tolerance`) count as inside.
pub fn point_in_polygon_angle_sum(p: Vec2, vertices: &[Vec2], tolerance: f32) -> bool {
    if vertices.is_empty() {
        return false;
    }
    if on_boundary(p, vertices, tolerance) {
        return true;
    }
    winding_angle(p, vertices).abs() > std::f32::consts::PI
}

/// Point in a convex polygon by cross products: `p` is inside when it lies on
/// the inner side of every edge, i.e. `(b − a) × (p − a)` has the winding's
/// sign for every edge `a → b` (O'Rourke, *Computational Geometry in C*, 7.4).
/// Either winding; points within `tolerance` of an edge count as inside.
pub fn point_in_convex_polygon_cross(p: Vec2, vertices: &[Vec2], tolerance: f32) -> bool {
    let n = vertices.len();
    if n == 0 {
        return false;
    }
    let area2: f32 = (0..n)
        .map(|i| vertices[i].perp_dot(vertices[(i + 1) % n]))
        .sum();
    let sign = if area2 >= 0.0 { 1.0 } else { -1.0 };
    // Strictly by the cross products; the tolerance is measured to the edges
    // themselves (a slack on each edge's line would also accept points up to
    // tolerance / sin(half the angle) beyond a sharp vertex).
    let inside = n > 2
        && (0..n).all(|i| {
            let a = vertices[i];
            let e = vertices[(i + 1) % n] - a;
            sign * e.perp_dot(p - a) >= 0.0
        });
    inside || on_boundary(p, vertices, tolerance)
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
