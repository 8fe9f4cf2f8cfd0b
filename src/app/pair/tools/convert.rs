//! Changing a shape's kind: the pose stays, the size is picked from the old
//! shape's extent so the new one is about as big.

use glam::Vec2;
use satlab::geom::{
    Aabb, Capsule, Circle, Line, Obb, Point, Polygon, Pose, Ray, Sector, Segment, Shape, ShapeKind,
};

/// Half the diagonal of a shape's bounds, or 1 for unbounded and tiny shapes.
pub fn extent(shape: &Shape) -> f32 {
    let (lo, hi) = shape.bounds();
    let e = ((hi - lo) * 0.5).length();
    if e.is_finite() && e > 0.05 {
        e
    } else {
        1.0
    }
}

/// `shape` turned into `kind`, keeping its pose (an aabb drops the rotation).
pub fn convert(shape: &Shape, kind: ShapeKind) -> Shape {
    if shape.kind() == kind {
        return shape.clone();
    }
    let pose = *shape.pose();
    let e = extent(shape);
    let flat = Pose::at(pose.position());
    let made = match kind {
        ShapeKind::Point => Ok(Shape::Point(Point::with_pose(pose))),
        ShapeKind::Segment => Segment::new(pose, e).map(Shape::Segment),
        ShapeKind::Ray => Ray::new(pose, Some(2.0 * e)).map(Shape::Ray),
        ShapeKind::Line => Ok(Shape::Line(Line::new(pose))),
        ShapeKind::Circle => Circle::new(pose, 0.7 * e).map(Shape::Circle),
        ShapeKind::Aabb => Aabb::new(flat, Vec2::new(0.6, 0.45) * e).map(Shape::Aabb),
        ShapeKind::Obb => Obb::new(pose, Vec2::new(0.6, 0.45) * e).map(Shape::Obb),
        ShapeKind::Capsule => Capsule::new(pose, 0.5 * e, 0.3 * e).map(Shape::Capsule),
        ShapeKind::Sector => Sector::new(pose, e, 35.0).map(Shape::Sector),
        ShapeKind::Polygon => Polygon::regular(pose, 5, 0.8 * e).map(Shape::Polygon),
    };
    // Every size above is finite and positive, so construction succeeds; keep
    // the old shape if it ever does not.
    made.unwrap_or_else(|_| shape.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_keeps_position_and_is_sized() {
        let start = Shape::Obb(
            Obb::new(
                Pose::new(Vec2::new(3.0, -1.0), 30.0).unwrap(),
                Vec2::new(2.0, 1.0),
            )
            .unwrap(),
        );
        for kind in ShapeKind::ALL {
            let s = convert(&start, kind);
            assert_eq!(s.kind(), kind);
            assert_eq!(s.pose().position(), Vec2::new(3.0, -1.0));
            if kind != ShapeKind::Aabb {
                assert_eq!(s.pose().rotation_deg(), 30.0);
            }
            if s.is_bounded() && kind != ShapeKind::Point {
                let e = extent(&s);
                assert!(e > 0.5 && e < 4.0, "{kind:?} extent {e}");
            }
        }
    }
}
