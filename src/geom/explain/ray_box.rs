pub use crate::geom::query::raycast::{ray_box_trace, RayBoxTrace};
