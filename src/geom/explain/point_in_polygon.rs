pub use crate::geom::query::point_in_polygon::{point_in_polygon_trace, PointInPolygonTrace};
