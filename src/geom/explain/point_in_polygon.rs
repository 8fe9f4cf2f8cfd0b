use crate::geom::query::point_in_polygon::{
    point_in_convex_polygon_cross, point_in_polygon_angle_sum,
};
use crate::geom::{Vec2, CONTACT_TOLERANCE};

/// Both point-in-polygon methods, worked.
#[derive(Debug, Clone, PartialEq)]
pub struct PointInPolygonTrace {
    /// Signed angle (radians) each edge `i → i+1` sweeps as seen from the point.
    pub angles: Vec<f32>,
    /// Their sum: about ±2π inside, about 0 outside.
    pub angle_sum: f32,
    /// `(b − a) × (p − a)` for each edge `a → b`.
    pub crosses: Vec<f32>,
    /// Verdict of the angle sum (boundary counts as inside).
    pub inside_by_angle: bool,
    /// Verdict of the cross products (boundary counts as inside).
    pub inside_by_cross: bool,
}

/// Traces both tests for point `p` and the polygon `vertices` (world).
pub fn point_in_polygon_trace(p: Vec2, vertices: &[Vec2]) -> PointInPolygonTrace {
    let n = vertices.len();
    let mut angles = Vec::with_capacity(n);
    let mut crosses = Vec::with_capacity(n);
    for i in 0..n {
        let a = vertices[i];
        let b = vertices[(i + 1) % n];
        let (u, v) = (a - p, b - p);
        angles.push(u.perp_dot(v).atan2(u.dot(v)));
        crosses.push((b - a).perp_dot(p - a));
    }
    let angle_sum = angles.iter().map(|&x| x as f64).sum::<f64>() as f32;
    PointInPolygonTrace {
        angles,
        angle_sum,
        crosses,
        inside_by_angle: point_in_polygon_angle_sum(p, vertices, CONTACT_TOLERANCE),
        inside_by_cross: point_in_convex_polygon_cross(p, vertices, CONTACT_TOLERANCE),
    }
}
