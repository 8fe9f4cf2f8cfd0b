//! The classic closed-form 3D tests, one file each.
//!
//! Each takes plain numbers (centres, radii, half-extents, rotation matrices
//! whose columns are the local axes) in world units, best relative to one
//! shape's position, counts touching within
//! [`crate::common::CONTACT_TOLERANCE`] as intersecting, and never allocates.
//! [`crate::geom3d::intersects`] uses them as its fast paths; the tests prove
//! they agree with the general SAT search and GJK.
//! `minkowski.rs` is not a test: it builds `A ⊖ B`'s hull for drawing
//! (the GJK / EPA view) and allocates.

mod aabb_aabb;
mod capsule_capsule;
mod minkowski;
mod obb_obb;
mod point_in_aabb;
mod point_in_hull;
mod point_in_obb;
mod ray_aabb;
mod sphere_aabb;
mod sphere_capsule;
mod sphere_obb;
mod sphere_sphere;
mod sphere_triangle;
pub(crate) mod table;
mod triangle_aabb;

pub use aabb_aabb::aabb_aabb;
pub use capsule_capsule::{capsule_capsule, capsule_capsule_trace, CapsuleCapsuleTrace};
pub use minkowski::{minkowski_difference, MinkowskiDifference3, MinkowskiHull3, MAX_CORNER_PAIRS};
pub(crate) use obb_obb::obb_obb_decided;
pub use obb_obb::{obb_obb, obb_obb_max_gap, obb_obb_trace, ObbAxis, ObbAxisTrace, ObbObbTrace};
pub use point_in_aabb::point_in_aabb;
pub use point_in_hull::point_in_hull;
pub use point_in_obb::point_in_obb;
pub use ray_aabb::{ray_aabb, ray_aabb_trace, RayAabbTrace};
pub use sphere_aabb::{sphere_aabb, sphere_aabb_sq_distance, sphere_box_trace, SphereBoxTrace};
pub use sphere_capsule::sphere_capsule;
pub use sphere_obb::sphere_obb;
pub use sphere_sphere::sphere_sphere;
pub use sphere_triangle::sphere_triangle;
pub(crate) use triangle_aabb::triangle_aabb_decided;
pub use triangle_aabb::{triangle_aabb, triangle_aabb_max_gap};
