//! A convex polygon.

use crate::common::error::fmt_vec;
use crate::geom::shape::bounds_of;
use crate::geom::ShapeKind;
use crate::geom::{Pose, Rule, ShapeError, Vec2, MAX_MAGNITUDE};

/// A convex polygon given by local vertices, stored counter-clockwise with
/// duplicate and collinear vertices removed, with one outward unit normal
/// per edge (edge `i` runs from vertex `i` to vertex `i + 1`).
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    pub(crate) pose: Pose,
    pub(crate) vertices: Vec<Vec2>,
    pub(crate) normals: Vec<Vec2>,
    /// The largest squared length of a local vertex, local units²: how far
    /// the polygon reaches from its position (the distance query runs in
    /// the frame of the shape that reaches farther).
    pub(crate) reach2: f32,
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
        let reach2 = vertices
            .iter()
            .fold(0.0, |m: f32, v| m.max(v.length_squared()));
        Ok(Polygon {
            pose,
            vertices,
            normals,
            reach2,
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

/// The most vertices a polygon may have (`docs/scene-format.md`).
pub const MAX_POLYGON_VERTICES: usize = 100_000;

/// The smallest extent (width or height of the vertices' bounding box) a
/// polygon may have: below it edge lengths squared underflow in f32.
pub const MIN_POLYGON_EXTENT: f32 = 1e-12;

/// True when `b` continues the straight line from `a` to `c` (turn of at
/// most `1e-6` radians, going forward).
fn straight(a: Vec2, b: Vec2, c: Vec2) -> bool {
    let e1 = b - a;
    let e2 = c - b;
    let s = cross(e1, e2) / (e1.length() * e2.length()).max(f32::MIN_POSITIVE);
    s.abs() <= 1e-6 && e1.dot(e2) > 0.0
}

/// Removes duplicates and collinear vertices, makes the winding
/// counter-clockwise, and checks convexity. Linear in the number of
/// vertices; messages name the offending vertex and its neighbours, never
/// the whole list of a large polygon.
pub(crate) fn clean_convex(input: &[Vec2]) -> Result<Vec<Vec2>, ShapeError> {
    check_vertices(input)?;
    let few = |n: usize| ShapeError::new(KIND, FIELD, Rule::TooFewVertices, format!("{n}"));
    if input.len() < 3 {
        return Err(few(input.len()));
    }
    let (lo, hi) = bounds_of(input.iter().copied());
    let extent = (hi - lo).max_element();
    if extent < MIN_POLYGON_EXTENT && extent > 0.0 {
        return Err(ShapeError::new(KIND, FIELD, Rule::TooSmall, extent));
    }
    // Scale for relative tolerances.
    let scale = input
        .iter()
        .fold(0.0f32, |m, v| m.max(v.x.abs()).max(v.y.abs()))
        .max(f32::MIN_POSITIVE);
    let eps_len = scale * 1e-6;
    let mut v = without_duplicates(input, eps_len);
    if v.len() < 3 {
        return Err(few(v.len()));
    }
    // Winding from the signed area.
    let area2: f32 = (0..v.len())
        .map(|i| cross(v[i], v[(i + 1) % v.len()]))
        .sum();
    if area2.abs() <= eps_len * scale {
        return Err(no_area(input, &v, eps_len));
    }
    if area2 < 0.0 {
        v.reverse();
    }
    let v = without_collinear(&v);
    if v.len() < 3 {
        return Err(few(v.len()));
    }
    check_convex(input, &v)?;
    Ok(v)
}

/// What [`clean_convex`] reports errors about.
const KIND: ShapeKind = ShapeKind::Polygon;
/// The field [`clean_convex`]'s errors name.
const FIELD: &str = "vertices";

/// At most [`MAX_POLYGON_VERTICES`] vertices, each finite and within
/// ±[`MAX_MAGNITUDE`].
fn check_vertices(input: &[Vec2]) -> Result<(), ShapeError> {
    if input.len() > MAX_POLYGON_VERTICES {
        return Err(ShapeError::new(
            KIND,
            FIELD,
            Rule::TooManyVertices,
            input.len(),
        ));
    }
    for (i, v) in input.iter().enumerate() {
        if !v.is_finite() {
            return Err(ShapeError::new(
                KIND,
                FIELD,
                Rule::VertexNotFinite { vertex: i + 1 },
                fmt_vec(*v),
            ));
        }
        if v.abs().max_element() > MAX_MAGNITUDE {
            return Err(ShapeError::new(
                KIND,
                FIELD,
                Rule::VertexBeyondLimit { vertex: i + 1 },
                fmt_vec(*v),
            ));
        }
    }
    Ok(())
}

/// `input` without duplicates (consecutive, cyclic): vertices within
/// `eps_len` of the previous one kept.
fn without_duplicates(input: &[Vec2], eps_len: f32) -> Vec<Vec2> {
    let mut v: Vec<Vec2> = Vec::with_capacity(input.len());
    for &p in input {
        if v.last().is_none_or(|&q: &Vec2| (p - q).length() > eps_len) {
            v.push(p);
        }
    }
    while v.len() > 1 && (v[0] - v[v.len() - 1]).length() <= eps_len {
        v.pop();
    }
    v
}

/// The error for vertices `v` (from `input`) that enclose no area: all on
/// one line, or edges that cross and cancel (a bow-tie).
fn no_area(input: &[Vec2], v: &[Vec2], eps_len: f32) -> ShapeError {
    let far = v
        .iter()
        .copied()
        .max_by(|a, b| (*a - v[0]).length().total_cmp(&(*b - v[0]).length()))
        .unwrap_or(v[0]);
    let d = far - v[0];
    let off_line = v
        .iter()
        .any(|&p| cross(d, p - v[0]).abs() > eps_len * d.length());
    let rule = if off_line {
        Rule::EdgesCross
    } else {
        Rule::Collinear
    };
    ShapeError::new(KIND, FIELD, rule, brief_list(input))
}

/// `v` without collinear vertices (turn angle ~ 0), in one pass with a
/// stack, then across the seam between the last vertex and the first.
fn without_collinear(v: &[Vec2]) -> Vec<Vec2> {
    let mut kept: Vec<Vec2> = Vec::with_capacity(v.len());
    for &p in v {
        while kept.len() >= 2 && straight(kept[kept.len() - 2], kept[kept.len() - 1], p) {
            kept.pop();
        }
        kept.push(p);
    }
    let mut first = 0;
    while kept.len() - first >= 3 {
        let n = kept.len();
        if straight(kept[n - 2], kept[n - 1], kept[first]) {
            kept.pop();
        } else if straight(kept[n - 1], kept[first], kept[first + 1]) {
            first += 1;
        } else {
            break;
        }
    }
    kept.split_off(first)
}

/// Convex: every turn of `v` is to the left and the edges turn once
/// around; errors name vertices of `input`.
fn check_convex(input: &[Vec2], v: &[Vec2]) -> Result<(), ShapeError> {
    let n = v.len();
    let mut total = 0.0f64;
    for i in 0..n {
        let e1 = v[(i + 1) % n] - v[i];
        let e2 = v[(i + 2) % n] - v[(i + 1) % n];
        let c = cross(e1, e2);
        if c <= 0.0 {
            let at = original_index(input, v[(i + 1) % n]);
            return Err(ShapeError::new(
                KIND,
                FIELD,
                Rule::NotConvex { vertex: at + 1 },
                around(input, at),
            ));
        }
        total += (c as f64).atan2(e1.dot(e2) as f64);
    }
    if (total - std::f64::consts::TAU).abs() > 1e-3 {
        return Err(ShapeError::new(
            KIND,
            FIELD,
            Rule::EdgesCross,
            brief_list(input),
        ));
    }
    Ok(())
}

fn original_index(input: &[Vec2], p: Vec2) -> usize {
    input.iter().position(|&q| q == p).unwrap_or(0)
}

/// Polygons with at most this many vertices are quoted whole in messages.
const QUOTED_WHOLE: usize = 8;

/// The vertex list for a message: whole when short, else the first three.
fn brief_list(v: &[Vec2]) -> String {
    if v.len() <= QUOTED_WHOLE {
        let parts: Vec<String> = v.iter().map(|&p| fmt_vec(p)).collect();
        return format!("[{}]", parts.join(", "));
    }
    let parts: Vec<String> = v[..3].iter().map(|&p| fmt_vec(p)).collect();
    format!("[{}, …]", parts.join(", "))
}

/// Vertex `i` (0-based) with its neighbours for a message: the whole list
/// when short, else `[…, previous, vertex, next, …]`.
fn around(v: &[Vec2], i: usize) -> String {
    if v.len() <= QUOTED_WHOLE {
        return brief_list(v);
    }
    let n = v.len();
    let at = |k: usize| fmt_vec(v[k % n]);
    format!("[…, {}, {}, {}, …]", at(i + n - 1), at(i), at(i + 1))
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
        assert!(e.rule.template().contains("collinear"), "{e}");
        let e = Polygon::new(
            Pose::IDENTITY,
            &[v(0., 0.), v(2., 0.), v(1., 0.5), v(2., 2.), v(0., 2.)],
        )
        .unwrap_err();
        assert!(e.rule.template().contains("convex"), "{e}");
        // A pentagram: every turn is left, but it winds twice.
        let star: Vec<Vec2> = (0..5)
            .map(|i| {
                let a = std::f32::consts::TAU * (2 * i) as f32 / 5.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert!(Polygon::new(Pose::IDENTITY, &star).is_err());
        let e = Polygon::new(Pose::IDENTITY, &[v(0., 0.), v(f32::NAN, 0.), v(0., 1.)]).unwrap_err();
        assert!(e.rule.template().contains("finite"));
    }

    #[test]
    fn a_bow_tie_crosses_and_a_tiny_triangle_is_too_small() {
        let e = Polygon::new(
            Pose::IDENTITY,
            &[v(0., 0.), v(1., 1.), v(1., 0.), v(0., 1.)],
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "polygon: vertices must form a simple convex polygon (the edges cross), \
             got [[0, 0], [1, 1], [1, 0], [0, 1]]"
        );
        let e = Polygon::new(Pose::IDENTITY, &[v(0., 0.), v(1e-30, 0.), v(0., 1e-30)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "polygon: vertices must span at least 1e-12 (the polygon is degenerate: too small), \
             got 0.000000000000000000000000000001"
        );
        // Identical vertices are still "1 distinct vertex".
        let e = Polygon::new(Pose::IDENTITY, &[v(2., 2.); 3]).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("at least 3 distinct vertices, got 1"),
            "{e}"
        );
    }

    /// A square whose last edge is `n` points that zig-zag by less than the
    /// collinear tolerance: the clean-up keeps the four corners. The old
    /// clean-up rescanned from vertex 0 after each removal (quadratic).
    fn zig_zag_square(n: usize) -> Vec<Vec2> {
        let mut p = vec![v(0., 0.), v(1000., 0.), v(1000., 1000.), v(0., 1000.)];
        for i in 1..n {
            let y = 1000. - 1000. * i as f32 / n as f32;
            p.push(v(if i % 2 == 0 { 0.0 } else { 1e-9 }, y));
        }
        p
    }

    #[test]
    fn clean_up_is_linear_and_the_vertex_count_is_limited() {
        let p = Polygon::new(Pose::IDENTITY, &zig_zag_square(MAX_POLYGON_VERTICES - 4)).unwrap();
        assert_eq!(p.local_vertices().len(), 4);
        let e = Polygon::new(Pose::IDENTITY, &zig_zag_square(MAX_POLYGON_VERTICES)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "polygon: vertices must hold at most 100000 vertices, got 100003"
        );
        // A regular polygon at the limit is cleaned in one pass too.
        let r = Polygon::regular(Pose::IDENTITY, MAX_POLYGON_VERTICES, 1000.0);
        match r {
            Ok(p) => assert!(p.local_vertices().len() >= 3),
            Err(e) => assert!(e.to_string().len() < 300, "{e}"),
        }
    }

    #[test]
    fn messages_quote_the_offending_vertex_not_the_whole_polygon() {
        // A concave 100k-gon: one vertex pushed inwards.
        let mut ring: Vec<Vec2> = (0..MAX_POLYGON_VERTICES)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / MAX_POLYGON_VERTICES as f32;
                v(a.cos(), a.sin()) * 1e6
            })
            .collect();
        ring[500] *= 0.5;
        let e = Polygon::new(Pose::IDENTITY, &ring).unwrap_err();
        let text = e.to_string();
        assert!(text.len() < 300, "{} bytes: {text}", text.len());
        assert!(text.contains("turns inward at vertex"), "{text}");
        assert!(text.contains("[…, "), "{text}");
        let big_bow_tie: Vec<Vec2> = (0..20)
            .map(|i| {
                if i % 2 == 0 {
                    v(i as f32, 0.)
                } else {
                    v(i as f32, 1.)
                }
            })
            .chain([v(0., 1.)])
            .collect();
        let e = Polygon::new(Pose::IDENTITY, &big_bow_tie).unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
    }
}
