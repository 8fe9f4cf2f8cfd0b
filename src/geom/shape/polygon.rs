//! A convex polygon.

use crate::geom::error::fmt_vec;
use crate::geom::shape::bounds_of;
use crate::geom::{Pose, ShapeError, Vec2};

/// A convex polygon given by local vertices, stored counter-clockwise with
/// duplicate and collinear vertices removed, with one outward unit normal
/// per edge (edge `i` runs from vertex `i` to vertex `i + 1`).
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    pub(crate) pose: Pose,
    pub(crate) vertices: Vec<Vec2>,
    pub(crate) normals: Vec<Vec2>,
}

impl Polygon {
    /// Position and rotation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Validates and normalises: every vertex finite; at least 3 distinct,
    /// non-collinear vertices; convex. Either winding is accepted.
    pub fn new(pose: Pose, vertices: &[Vec2]) -> Result<Polygon, ShapeError> {
        let vertices = clean_convex(vertices)?;
        let normals = edge_normals(&vertices);
        Ok(Polygon {
            pose,
            vertices,
            normals,
        })
    }

    /// A regular `n`-gon of circumradius `radius` around the local origin,
    /// with its first vertex on the local x axis.
    pub fn regular(pose: Pose, n: usize, radius: f32) -> Result<Polygon, ShapeError> {
        let verts: Vec<Vec2> = (0..n)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / n as f32;
                Vec2::new(a.cos(), a.sin()) * radius
            })
            .collect();
        Polygon::new(pose, &verts)
    }

    /// Local vertices, counter-clockwise.
    pub fn local_vertices(&self) -> &[Vec2] {
        &self.vertices
    }

    /// Local outward unit edge normals; normal `i` belongs to edge `i → i+1`.
    pub fn local_normals(&self) -> &[Vec2] {
        &self.normals
    }

    /// World vertex `i`.
    pub fn vertex(&self, i: usize) -> Vec2 {
        self.pose
            .transform_point(self.vertices[i % self.vertices.len()])
    }

    /// World vertices (allocates; for drawing and tests).
    pub fn world_vertices(&self) -> Vec<Vec2> {
        self.vertices
            .iter()
            .map(|&v| self.pose.transform_point(v))
            .collect()
    }

    /// Mean of the vertices, in world coordinates.
    pub fn centroid(&self) -> Vec2 {
        let s: Vec2 = self.vertices.iter().copied().sum();
        self.pose.transform_point(s / self.vertices.len() as f32)
    }

    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        bounds_of(self.vertices.iter().map(|&v| self.pose.transform_point(v)))
    }
}

fn cross(a: Vec2, b: Vec2) -> f32 {
    a.perp_dot(b)
}

/// Outward normals of a counter-clockwise polygon.
pub(crate) fn edge_normals(v: &[Vec2]) -> Vec<Vec2> {
    (0..v.len())
        .map(|i| {
            let e = v[(i + 1) % v.len()] - v[i];
            Vec2::new(e.y, -e.x).normalize_or_zero()
        })
        .collect()
}

/// Removes duplicates and collinear vertices, makes the winding
/// counter-clockwise, and checks convexity.
pub(crate) fn clean_convex(input: &[Vec2]) -> Result<Vec<Vec2>, ShapeError> {
    const KIND: &str = "polygon";
    const FIELD: &str = "vertices";
    for (i, v) in input.iter().enumerate() {
        if !v.is_finite() {
            return Err(
                ShapeError::new(KIND, FIELD, "must be finite (vertex {})", fmt_vec(*v))
                    .at_vertex(i + 1),
            );
        }
    }
    let few = |n: usize| {
        ShapeError::new(
            KIND,
            FIELD,
            "must hold at least 3 distinct vertices",
            format!("{n}"),
        )
    };
    if input.len() < 3 {
        return Err(few(input.len()));
    }
    // Scale for relative tolerances.
    let scale = input
        .iter()
        .fold(0.0f32, |m, v| m.max(v.x.abs()).max(v.y.abs()))
        .max(f32::MIN_POSITIVE);
    let eps_len = scale * 1e-6;
    // Drop duplicates (consecutive, cyclic).
    let mut v: Vec<Vec2> = Vec::with_capacity(input.len());
    for &p in input {
        if v.last().is_none_or(|&q: &Vec2| (p - q).length() > eps_len) {
            v.push(p);
        }
    }
    while v.len() > 1 && (v[0] - v[v.len() - 1]).length() <= eps_len {
        v.pop();
    }
    if v.len() < 3 {
        return Err(few(v.len()));
    }
    // Winding from the signed area.
    let area2: f32 = (0..v.len())
        .map(|i| cross(v[i], v[(i + 1) % v.len()]))
        .sum();
    if area2.abs() <= eps_len * scale {
        return Err(ShapeError::new(
            KIND,
            FIELD,
            "must enclose an area (they are collinear)",
            vertex_list(input),
        ));
    }
    if area2 < 0.0 {
        v.reverse();
    }
    // Drop collinear vertices (turn angle ~ 0), repeatedly.
    let eps_cross = 1e-6;
    loop {
        let n = v.len();
        if n < 3 {
            return Err(few(n));
        }
        let mut removed = false;
        for i in 0..n {
            let a = v[(i + n - 1) % n];
            let b = v[i];
            let c = v[(i + 1) % n];
            let e1 = b - a;
            let e2 = c - b;
            let s = cross(e1, e2) / (e1.length() * e2.length()).max(f32::MIN_POSITIVE);
            if s.abs() <= eps_cross && e1.dot(e2) > 0.0 {
                v.remove(i);
                removed = true;
                break;
            }
        }
        if !removed {
            break;
        }
    }
    // Convex: every turn is to the left and the edges turn once around.
    let n = v.len();
    let mut total = 0.0f64;
    for i in 0..n {
        let e1 = v[(i + 1) % n] - v[i];
        let e2 = v[(i + 2) % n] - v[(i + 1) % n];
        let c = cross(e1, e2);
        if c <= 0.0 {
            return Err(ShapeError::new(
                KIND,
                FIELD,
                "must form a convex polygon (it turns inward at vertex {})",
                vertex_list(input),
            )
            .at_vertex(original_index(input, v[(i + 1) % n]) + 1));
        }
        total += (c as f64).atan2(e1.dot(e2) as f64);
    }
    if (total - std::f64::consts::TAU).abs() > 1e-3 {
        return Err(ShapeError::new(
            KIND,
            FIELD,
            "must form a simple convex polygon (the edges cross)",
            vertex_list(input),
        ));
    }
    Ok(v)
}

fn original_index(input: &[Vec2], p: Vec2) -> usize {
    input.iter().position(|&q| q == p).unwrap_or(0)
}

fn vertex_list(v: &[Vec2]) -> String {
    let parts: Vec<String> = v.iter().map(|&p| fmt_vec(p)).collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn clockwise_is_stored_counter_clockwise() {
        let p = Polygon::new(
            Pose::IDENTITY,
            &[v(0., 0.), v(0., 1.), v(1., 1.), v(1., 0.)],
        )
        .unwrap();
        let vs = p.local_vertices();
        let area2: f32 = (0..4).map(|i| vs[i].perp_dot(vs[(i + 1) % 4])).sum();
        assert!(area2 > 0.0);
        assert_eq!(p.local_normals().len(), 4);
    }

    #[test]
    fn duplicates_and_collinear_removed() {
        let p = Polygon::new(
            Pose::IDENTITY,
            &[
                v(0., 0.),
                v(0., 0.),
                v(1., 0.),
                v(2., 0.),
                v(2., 2.),
                v(0., 2.),
                v(0., 0.),
            ],
        )
        .unwrap();
        assert_eq!(p.local_vertices().len(), 4);
    }

    #[test]
    fn rejects_bad_input() {
        let e = Polygon::new(Pose::IDENTITY, &[v(0., 0.), v(1., 0.)]).unwrap_err();
        assert_eq!(e.field, "vertices");
        let e = Polygon::new(Pose::IDENTITY, &[v(0., 0.), v(1., 0.), v(2., 0.)]).unwrap_err();
        assert!(e.rule.contains("collinear"), "{e}");
        let e = Polygon::new(
            Pose::IDENTITY,
            &[v(0., 0.), v(2., 0.), v(1., 0.5), v(2., 2.), v(0., 2.)],
        )
        .unwrap_err();
        assert!(e.rule.contains("convex"), "{e}");
        // A pentagram: every turn is left, but it winds twice.
        let star: Vec<Vec2> = (0..5)
            .map(|i| {
                let a = std::f32::consts::TAU * (2 * i) as f32 / 5.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert!(Polygon::new(Pose::IDENTITY, &star).is_err());
        let e = Polygon::new(Pose::IDENTITY, &[v(0., 0.), v(f32::NAN, 0.), v(0., 1.)]).unwrap_err();
        assert!(e.rule.contains("finite"));
    }
}
