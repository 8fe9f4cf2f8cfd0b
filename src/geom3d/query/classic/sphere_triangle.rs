use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::segment::closest_point_on_triangle;
use glam::Vec3;

/// Sphere–triangle: the triangle point nearest the centre, found by
/// Voronoi regions (Ericson 5.1.5, `ClosestPtPointTriangle`, and 5.2.7),
/// within the radius.
#[inline]
pub fn sphere_triangle(center: Vec3, r: f32, a: Vec3, b: Vec3, c: Vec3) -> bool {
    let x = closest_point_on_triangle(center, a, b, c);
    let rr = r + CONTACT_TOLERANCE;
    (center - x).length_squared() <= rr * rr
}
