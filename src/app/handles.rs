//! Handles per shape kind, and what dragging one does to the shape.

use crate::app::i18n::tr;
use crate::app::i18n::words::shape_error;
use crate::app::num;
use glam::Vec2;
use satlab::geom::closest_point_on_segment;
use satlab::geom::{
    Aabb, Capsule, Circle, Obb, Polygon, Pose, Ray, Sector, Segment, Shape, ShapeError, Side,
};

/// Which handle of a shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandleKind {
    /// Turns the shape around its position.
    Rotate,
    /// Circle radius.
    Radius,
    /// Box corner `k` (0..4, counter-clockwise from local (-hx, -hy)).
    Corner(u8),
    /// Segment or capsule end (0 = local -x end, 1 = +x end).
    End(u8),
    /// Capsule radius.
    CapsuleRadius,
    /// Sector radius.
    SectorRadius,
    /// Sector half-angle (at the counter-clockwise arc end).
    SectorAngle,
    /// A bounded ray's tip.
    Tip,
    /// Polygon vertex `i` (0-based).
    Vertex(usize),
}

impl HandleKind {
    /// What dragging it does, for the status line.
    pub fn hint(self) -> &'static str {
        match self {
            HandleKind::Rotate => "drag to turn (Ctrl: 15° steps, Shift: fine)",
            HandleKind::Radius | HandleKind::CapsuleRadius => "drag to change the radius",
            HandleKind::Corner(_) => "drag to resize the box",
            HandleKind::End(_) => "drag to move this end",
            HandleKind::SectorRadius => "drag to change the sector's radius",
            HandleKind::SectorAngle => "drag to change the half-angle",
            HandleKind::Tip => "drag to aim and lengthen the ray",
            HandleKind::Vertex(_) => "drag the vertex; Delete or right-click removes it",
        }
    }
}

/// A handle: where it is and what it does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Handle {
    /// Whose.
    pub side: Side,
    /// Which.
    pub kind: HandleKind,
    /// World position.
    pub at: Vec2,
}

/// How far the rotate handle sits beyond the shape, pixels.
pub const ROTATE_GAP_PX: f32 = 32.0;

/// The handles of `shape`; `px` is world units per pixel.
pub fn handles(shape: &Shape, side: Side, px: f32) -> Vec<Handle> {
    let pose = shape.pose();
    let rot = pose.rot();
    let pos = pose.position();
    let h = |kind, at| Handle { side, kind, at };
    let mut out = Vec::new();
    let reach = match shape {
        Shape::Point(_) | Shape::Aabb(_) => None,
        Shape::Segment(s) => Some(s.half_length()),
        Shape::Ray(r) => Some(r.length().unwrap_or(60.0 * px)),
        Shape::Line(_) => Some(80.0 * px),
        Shape::Circle(c) => Some(c.radius()),
        Shape::Obb(b) => Some(b.half_extents().x),
        Shape::Capsule(c) => Some(c.half_length() + c.radius()),
        Shape::Sector(s) => Some(s.radius()),
        Shape::Polygon(p) => Some(
            p.local_vertices()
                .iter()
                .map(|v| v.x)
                .fold(0.0f32, f32::max),
        ),
    };
    if let Some(r) = reach {
        out.push(h(HandleKind::Rotate, pos + rot * (r + ROTATE_GAP_PX * px)));
    }
    match shape {
        Shape::Point(_) | Shape::Line(_) => {}
        Shape::Segment(s) => {
            let (p, q) = s.endpoints();
            out.push(h(HandleKind::End(0), p));
            out.push(h(HandleKind::End(1), q));
        }
        Shape::Ray(r) => {
            if let Some(l) = r.length() {
                out.push(h(HandleKind::Tip, r.origin() + r.direction() * l));
            }
        }
        Shape::Circle(c) => {
            let d = rot.rotate(Vec2::new(0.0, 1.0));
            out.push(h(HandleKind::Radius, pos + d * c.radius()));
        }
        Shape::Aabb(b) => {
            let (lo, hi) = b.min_max();
            for (k, c) in [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]
                .into_iter()
                .enumerate()
            {
                out.push(h(HandleKind::Corner(k as u8), c));
            }
        }
        Shape::Obb(b) => {
            for (k, c) in b.corners().into_iter().enumerate() {
                out.push(h(HandleKind::Corner(k as u8), c));
            }
        }
        Shape::Capsule(c) => {
            let (p, q) = c.endpoints();
            out.push(h(HandleKind::End(0), p));
            out.push(h(HandleKind::End(1), q));
            out.push(h(HandleKind::CapsuleRadius, pos + rot.perp() * c.radius()));
        }
        Shape::Sector(s) => {
            out.push(h(
                HandleKind::SectorRadius,
                s.apex() + s.facing() * s.radius(),
            ));
            let (_, ccw) = s.arc_ends();
            out.push(h(HandleKind::SectorAngle, ccw));
        }
        Shape::Polygon(p) => {
            for i in 0..p.local_vertices().len() {
                out.push(h(HandleKind::Vertex(i), p.vertex(i)));
            }
        }
    }
    out
}

/// Why a handle move or a vertex edit is refused; shown as a hint in the
/// interface language.
#[derive(Debug, Clone, PartialEq)]
pub enum HandleError {
    /// The library refused the shape the move would make.
    Shape(ShapeError),
    /// A ray's tip dragged onto its origin.
    ZeroRay,
    /// A sector's angle handle dragged onto its apex.
    OnApex,
    /// A vertex number the polygon does not have.
    NoSuchVertex,
    /// The handle belongs to another kind of shape.
    NotThisShape,
    /// Adding (`true`) or removing (`false`) a vertex of a shape that is
    /// not a polygon.
    NotPolygon(bool),
    /// Removing a vertex of a triangle.
    TooFewVertices,
    /// No vertex on this edge keeps the polygon convex.
    NoConvexVertex,
    /// The edited polygon would not be strictly convex.
    NotConvex,
}

impl std::fmt::Display for HandleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&match self {
            HandleError::Shape(e) => shape_error(e),
            HandleError::ZeroRay => tr("a ray needs a length above 0").into(),
            HandleError::OnApex => tr("drag away from the apex").into(),
            HandleError::NoSuchVertex => tr("no such vertex").into(),
            HandleError::NotThisShape => tr("this handle does not belong to this shape").into(),
            HandleError::NotPolygon(true) => tr("only polygons have vertices to add").into(),
            HandleError::NotPolygon(false) => tr("only polygons have vertices to remove").into(),
            HandleError::TooFewVertices => tr("a polygon needs at least 3 vertices").into(),
            HandleError::NoConvexVertex => {
                tr("a vertex here would make the polygon non-convex").into()
            }
            HandleError::NotConvex => tr("refused: the polygon would not be convex").into(),
        })
    }
}

impl From<ShapeError> for HandleError {
    fn from(e: ShapeError) -> HandleError {
        HandleError::Shape(e)
    }
}

/// The shape after dragging handle `kind` to world point `w`; `Err` says
/// why the move is refused.
pub fn apply(shape: &Shape, kind: HandleKind, w: Vec2) -> Result<Shape, HandleError> {
    let pose = *shape.pose();
    let err = HandleError::Shape;
    match (shape, kind) {
        (Shape::Circle(_), HandleKind::Radius) => Ok(Shape::Circle(
            Circle::new(pose, w.distance(pose.position())).map_err(err)?,
        )),
        (Shape::Obb(_), HandleKind::Corner(_)) => Ok(Shape::Obb(
            Obb::new(pose, pose.inverse_transform_point(w).abs()).map_err(err)?,
        )),
        (Shape::Aabb(_), HandleKind::Corner(_)) => Ok(Shape::Aabb(
            Aabb::new(pose, (w - pose.position()).abs()).map_err(err)?,
        )),
        (Shape::Segment(s), HandleKind::End(k)) => {
            let (p, q) = s.endpoints();
            let (p, q) = if k == 0 { (w, q) } else { (p, w) };
            let (pose, half) = pose_between(p, q, pose);
            Ok(Shape::Segment(Segment::new(pose, half).map_err(err)?))
        }
        (Shape::Capsule(c), HandleKind::End(k)) => {
            let (p, q) = c.endpoints();
            let (p, q) = if k == 0 { (w, q) } else { (p, w) };
            let (pose, half) = pose_between(p, q, pose);
            Ok(Shape::Capsule(
                Capsule::new(pose, half, c.radius()).map_err(err)?,
            ))
        }
        (Shape::Capsule(c), HandleKind::CapsuleRadius) => {
            let (p, q) = c.endpoints();
            let (near, _) = closest_point_on_segment(w, p, q);
            Ok(Shape::Capsule(
                Capsule::new(pose, c.half_length(), w.distance(near)).map_err(err)?,
            ))
        }
        (Shape::Ray(r), HandleKind::Tip) => {
            let d = w - r.origin();
            let len = d.length();
            if len <= 1e-4 {
                return Err(HandleError::ZeroRay);
            }
            let mut pose = pose;
            pose.set_rotation_deg(d.y.atan2(d.x).to_degrees());
            Ok(Shape::Ray(Ray::new(pose, Some(len)).map_err(err)?))
        }
        (Shape::Sector(s), HandleKind::SectorRadius) => Ok(Shape::Sector(
            Sector::new(pose, w.distance(s.apex()).max(1e-3), s.half_angle_deg()).map_err(err)?,
        )),
        (Shape::Sector(s), HandleKind::SectorAngle) => {
            let d = (w - s.apex()).try_normalize().ok_or(HandleError::OnApex)?;
            let half = num::clamp(d.dot(s.facing()), -1.0, 1.0).acos().to_degrees();
            Ok(Shape::Sector(
                Sector::new(pose, s.radius(), num::clamp(half, 1.0, 180.0)).map_err(err)?,
            ))
        }
        (Shape::Polygon(p), HandleKind::Vertex(i)) => {
            let mut v = p.local_vertices().to_vec();
            if i >= v.len() {
                return Err(HandleError::NoSuchVertex);
            }
            v[i] = pose.inverse_transform_point(w);
            polygon(pose, &v)
        }
        // A handle the shape does not have (the rotate ring is the
        // caller's). Every kind named, those with handles in the order of
        // the arms above, then those without: a new kind must say its own.
        (
            Shape::Circle(_)
            | Shape::Obb(_)
            | Shape::Aabb(_)
            | Shape::Segment(_)
            | Shape::Capsule(_)
            | Shape::Ray(_)
            | Shape::Sector(_)
            | Shape::Polygon(_)
            | Shape::Point(_)
            | Shape::Line(_),
            HandleKind::Rotate
            | HandleKind::Radius
            | HandleKind::Corner(_)
            | HandleKind::End(_)
            | HandleKind::CapsuleRadius
            | HandleKind::SectorRadius
            | HandleKind::SectorAngle
            | HandleKind::Tip
            | HandleKind::Vertex(_),
        ) => Err(HandleError::NotThisShape),
    }
}

/// The polygon with a vertex inserted on edge `edge` (from vertex `edge` to
/// `edge + 1`) near world point `w`, nudged outwards so it is not collinear.
pub fn add_vertex(shape: &Shape, edge: usize, w: Vec2, px: f32) -> Result<Shape, HandleError> {
    let Shape::Polygon(p) = shape else {
        return Err(HandleError::NotPolygon(true));
    };
    let pose = *shape.pose();
    let v = p.local_vertices();
    let n = v.len();
    let (a, b) = (v[edge % n], v[(edge + 1) % n]);
    let local = pose.inverse_transform_point(w);
    let (on, _) = closest_point_on_segment(local, a, b);
    let outward = Vec2::new((b - a).y, -(b - a).x).normalize_or_zero();
    for push in [8.0, 3.0, 1.0] {
        let mut nv = v.to_vec();
        nv.insert(edge % n + 1, on + outward * push * px);
        if let Ok(s) = polygon(pose, &nv) {
            return Ok(s);
        }
    }
    Err(HandleError::NoConvexVertex)
}

/// The polygon without vertex `i`.
pub fn remove_vertex(shape: &Shape, i: usize) -> Result<Shape, HandleError> {
    let Shape::Polygon(p) = shape else {
        return Err(HandleError::NotPolygon(false));
    };
    let mut v = p.local_vertices().to_vec();
    if v.len() <= 3 {
        return Err(HandleError::TooFewVertices);
    }
    if i >= v.len() {
        return Err(HandleError::NoSuchVertex);
    }
    v.remove(i);
    polygon(*shape.pose(), &v)
}

/// A polygon from counter-clockwise local vertices, refused unless strictly
/// convex (so vertex numbers stay what the user sees).
fn polygon(pose: Pose, v: &[Vec2]) -> Result<Shape, HandleError> {
    if !strictly_convex(v) {
        return Err(HandleError::NotConvex);
    }
    Ok(Shape::Polygon(Polygon::new(pose, v)?))
}

/// True when every turn of the counter-clockwise vertex list is a strict left turn.
pub fn strictly_convex(v: &[Vec2]) -> bool {
    let n = v.len();
    if n < 3 {
        return false;
    }
    let scale = v
        .iter()
        .fold(0.0f32, |m, p| m.max(p.x.abs()).max(p.y.abs()))
        .max(1e-6);
    let eps = 1e-5 * scale * scale;
    for i in 0..n {
        let (a, b, c) = (v[i], v[(i + 1) % n], v[(i + 2) % n]);
        if (b - a).perp_dot(c - b) <= eps {
            return false;
        }
    }
    // A simple convex polygon turns once in total (a star would turn more).
    let total = (0..n)
        .map(|i| {
            let (a, b, c) = (v[i], v[(i + 1) % n], v[(i + 2) % n]);
            let (d1, d2) = (b - a, c - b);
            d1.perp_dot(d2).atan2(d1.dot(d2))
        })
        .sum::<f32>();
    (total - std::f32::consts::TAU).abs() < 1e-3
}

/// The pose and half-length of a segment from `p` to `q`, keeping the old
/// rotation when they coincide.
fn pose_between(p: Vec2, q: Vec2, old: Pose) -> (Pose, f32) {
    let d = q - p;
    let mut pose = old;
    pose.set_position((p + q) * 0.5);
    if d.length() > 1e-6 {
        pose.set_rotation_deg(d.y.atan2(d.x).to_degrees());
    }
    (pose, d.length() * 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convexity() {
        let sq = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        assert!(strictly_convex(&sq));
        let mut dent = sq;
        dent[2] = Vec2::new(0.3, 0.3);
        assert!(!strictly_convex(&dent));
    }

    #[test]
    fn non_convex_vertex_move_is_refused() {
        let p = Shape::Polygon(Polygon::regular(Pose::IDENTITY, 4, 1.0).unwrap());
        let e = apply(&p, HandleKind::Vertex(0), Vec2::new(-0.2, 0.0)).unwrap_err();
        assert!(e.to_string().contains("convex"), "{e}");
        let ok = apply(&p, HandleKind::Vertex(0), Vec2::new(1.5, 0.0)).unwrap();
        let Shape::Polygon(q) = ok else { panic!() };
        assert_eq!(q.vertex(0), Vec2::new(1.5, 0.0));
    }

    #[test]
    fn box_corner_sets_half_extents() {
        let b = Shape::Obb(Obb::new(Pose::IDENTITY, Vec2::new(1.0, 1.0)).unwrap());
        let Shape::Obb(o) = apply(&b, HandleKind::Corner(2), Vec2::new(2.0, 3.0)).unwrap() else {
            panic!()
        };
        assert_eq!(o.half_extents(), Vec2::new(2.0, 3.0));
    }

    #[test]
    fn vertices_added_and_removed() {
        let p = Shape::Polygon(Polygon::regular(Pose::IDENTITY, 4, 1.0).unwrap());
        let q = add_vertex(&p, 0, Vec2::new(0.5, 0.5), 0.01).unwrap();
        let Shape::Polygon(qq) = &q else { panic!() };
        assert_eq!(qq.local_vertices().len(), 5);
        let r = remove_vertex(&q, 1).unwrap();
        let Shape::Polygon(rr) = &r else { panic!() };
        assert_eq!(rr.local_vertices().len(), 4);
        let tri = Shape::Polygon(Polygon::regular(Pose::IDENTITY, 3, 1.0).unwrap());
        assert!(remove_vertex(&tri, 0).is_err());
    }
}
