//! A closed triangle (a flat piece of plane, no thickness).

use crate::common::error::within_limit3;
use crate::common::{Rule, ShapeError};
use crate::geom3d::pose::fmt_vec3;
use crate::geom3d::Pose3;
use crate::geom3d::ShapeKind3;
use glam::Vec3;

/// The triangle with local vertices `vertices`, moved and turned by the pose.
/// Degenerate triangles (collinear or repeated vertices) are allowed: they
/// are the segment or point they cover.
#[derive(Debug, Clone, PartialEq)]
pub struct Triangle3 {
    pub(crate) pose: Pose3,
    pub(crate) vertices: [Vec3; 3],
}

impl Triangle3 {
    /// Validates finite vertices within ±1e8 in x, y and z (local).
    pub fn new(pose: Pose3, vertices: [Vec3; 3]) -> Result<Triangle3, ShapeError> {
        for (i, v) in vertices.iter().enumerate() {
            if !v.is_finite() {
                return Err(ShapeError::new(
                    ShapeKind3::Triangle,
                    "vertices",
                    Rule::VertexNotFinite { vertex: i + 1 },
                    fmt_vec3(*v),
                ));
            }
            within_limit3(
                ShapeKind3::Triangle,
                "vertices",
                Rule::VertexBeyondLimit3 { vertex: i + 1 },
                *v,
            )?;
        }
        Ok(Triangle3 { pose, vertices })
    }

    /// Local vertices.
    #[inline]
    pub fn local_vertices(&self) -> [Vec3; 3] {
        self.vertices
    }

    /// World vertices.
    #[inline]
    pub fn vertices(&self) -> [Vec3; 3] {
        // Written out: an array's `map` of a closure can be left a call.
        let [a, b, c] = self.vertices;
        let p = &self.pose;
        [
            p.transform_point(a),
            p.transform_point(b),
            p.transform_point(c),
        ]
    }
}
