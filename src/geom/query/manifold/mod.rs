//! Contact manifolds: the up to two points, one normal and separations a
//! physics engine consumes, for every pair of bounded shapes.
//!
//! Per pair of convex pieces (see `piece`), after Box2D v3's
//! `b2CollidePolygons` (Erin Catto, `src/manifold.c`) and parry's polygon
//! manifolds (`query/contact_manifolds`), written for satlab's pieces:
//!
//! 1. The normal. The SAT search gives the axis of least overlap (exact
//!    depth, see [`crate::geom::penetration`]). When the shapes are apart,
//!    the exact distance decides: the SAT axis when its gap is the distance
//!    (two faces facing each other), else the direction between the closest
//!    points (vertex regions, curves).
//! 2. The points. When a straight face of one piece lies flat on the normal
//!    (within [`FLAT`]), it is the reference face (A's first on a tie) and the
//!    other piece's face most anti-parallel to it is the incident face; the
//!    incident face is clipped to the reference face's side planes and the
//!    points above the reference face by more than the speculative distance
//!    are dropped (`clip`). Otherwise, or when the other piece has no straight
//!    face facing back (circle, arc), one point (`round`).
//!
//! A shape with two pieces (a sector wider than 90°) keeps the manifold of
//! the piece pair with the least separation.

mod clip;
mod features;
mod round;
pub mod trace;

use crate::geom::query::distance::piece_distance;
use crate::geom::query::piece::{pieces, Piece};
use crate::geom::query::sat::{for_each_bounds, Cached};
use crate::geom::{Part, Shape, Side, Vec2, CONTACT_TOLERANCE};
use trace::{ManifoldMethod, ManifoldRecorder};

/// Largest `1 − cos` between a face normal and the contact normal for the
/// face to count as lying flat on it (about 0.08°).
pub(crate) const FLAT: f32 = 1e-6;

/// A feature of one shape's core that a contact point comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContactFeature {
    /// Core vertex `k` (0-based): box corner `k + 1`, polygon vertex
    /// `k + 1`, segment or capsule end `k + 1`, a circle's centre (0), a
    /// sector's apex (0) or arc end (1, 2).
    Vertex(u16),
    /// Core edge `k` (0-based, from core vertex `k` to the next; a segment
    /// or capsule core has edge 0; a sector has its straight edges 0 and 1).
    Edge(u16),
    /// A point of a sector's arc.
    Arc,
}

/// Names a contact point by the features it comes from, so that a point can
/// be matched from one frame to the next while the shapes slide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ContactId {
    /// The feature of shape A.
    pub a: ContactFeature,
    /// The feature of shape B.
    pub b: ContactFeature,
}

/// One contact point, world coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactPoint {
    /// On A's boundary, world units.
    pub point_a: Vec2,
    /// On B's boundary, world units.
    pub point_b: Vec2,
    /// `(point_b − point_a) · normal`, world units: negative when the shapes
    /// overlap there, positive when apart (speculative).
    pub separation: f32,
    /// The features the point comes from.
    pub id: ContactId,
}

impl ContactPoint {
    /// The midpoint of `point_a` and `point_b`.
    pub fn midpoint(&self) -> Vec2 {
        (self.point_a + self.point_b) * 0.5
    }
}

/// A contact manifold: one normal and up to two points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Manifold {
    /// Unit normal from A to B (moving B along it separates them).
    pub normal: Vec2,
    points: [ContactPoint; 2],
    len: u8,
    /// The piece of A the points are on (a half for a wide sector).
    pub part_a: Part,
    /// The piece of B the points are on.
    pub part_b: Part,
}

impl Manifold {
    /// The points, one or two.
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.len as usize]
    }

    /// The least separation of the points (minus the penetration depth when
    /// the shapes overlap).
    pub fn separation(&self) -> f32 {
        self.points()
            .iter()
            .fold(f32::INFINITY, |m, p| m.min(p.separation))
    }

    fn shifted(mut self, o: Vec2) -> Manifold {
        for p in &mut self.points[..self.len as usize] {
            p.point_a += o;
            p.point_b += o;
        }
        self
    }
}

/// Collects up to two points.
#[derive(Default)]
pub(crate) struct Points {
    items: [Option<ContactPoint>; 2],
}

impl Points {
    pub fn push(&mut self, p: ContactPoint) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(p);
        }
    }
    fn into_manifold(self, normal: Vec2, a: &Piece, b: &Piece) -> Option<Manifold> {
        let first = self.items[0]?;
        let (points, len) = match self.items[1] {
            Some(second) => ([first, second], 2),
            None => ([first, first], 1),
        };
        Some(Manifold {
            normal,
            points,
            len,
            part_a: a.part,
            part_b: b.part,
        })
    }
}

/// The contact manifold of two bounded shapes: points whose separation is
/// at most `max(speculative, CONTACT_TOLERANCE)` (world units), so shapes
/// that are close but apart report points too. `None` when they are further
/// apart, or when either shape is unbounded (line, unbounded ray). Never
/// allocates.
pub fn contact_manifold(a: &Shape, b: &Shape, speculative: f32) -> Option<Manifold> {
    manifold_with(a, b, speculative, &mut ())
}

/// [`contact_manifold`] with its steps recorded in `trace`: the normal, the
/// reference and incident faces, each clip plane and the points it removed.
pub fn contact_manifold_traced(
    a: &Shape,
    b: &Shape,
    speculative: f32,
    trace: &mut impl ManifoldRecorder,
) -> Option<Manifold> {
    manifold_with(a, b, speculative, trace)
}

fn manifold_with<R: ManifoldRecorder>(
    a: &Shape,
    b: &Shape,
    speculative: f32,
    rec: &mut R,
) -> Option<Manifold> {
    if !(a.is_bounded() && b.is_bounded()) {
        rec.method(ManifoldMethod::None);
        return None;
    }
    let margin = speculative.max(CONTACT_TOLERANCE);
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let single = pa.items[1].is_none() && pb.items[1].is_none();
    let found = if single {
        let (p, q) = (pa.items[0].as_ref()?, pb.items[0].as_ref()?);
        piece_manifold(p, q, margin, o, rec)
    } else {
        // Two pieces on one side: the pair with the least separation,
        // then that pair again with the recorder.
        let mut best: Option<(Manifold, &Piece, &Piece)> = None;
        for p in pa.iter() {
            for q in pb.iter() {
                if let Some(m) = piece_manifold(p, q, margin, o, &mut ()) {
                    if best.is_none_or(|b| m.separation() < b.0.separation()) {
                        best = Some((m, p, q));
                    }
                }
            }
        }
        match best {
            Some((_, p, q)) => piece_manifold(p, q, margin, o, rec),
            None => None,
        }
    };
    if found.is_none() {
        rec.method(ManifoldMethod::None);
    }
    found.map(|m| m.shifted(o))
}

/// The manifold of two bounded convex pieces, relative to the frame origin
/// (`o` only shifts what the recorder is told into world coordinates).
fn piece_manifold<R: ManifoldRecorder>(
    a: &Piece,
    b: &Piece,
    margin: f32,
    o: Vec2,
    rec: &mut R,
) -> Option<Manifold> {
    let (normal, separation, closest) = contact_normal(a, b, margin)?;
    rec.normal(normal, separation);
    if let Some((points, face_normal)) = clip::clip(a, b, normal, margin, o, rec) {
        rec.method(ManifoldMethod::Clipping);
        return points.into_manifold(face_normal, a, b);
    }
    rec.method(ManifoldMethod::SinglePoint);
    let mut points = Points::default();
    points.push(round::single_point(a, b, normal, closest));
    points.into_manifold(normal, a, b)
}

/// The closest points of separated pieces (relative to the frame origin).
pub(crate) type Closest = Option<(Vec2, Vec2)>;

/// The contact normal (A to B) and the least separation along it, and the
/// closest points when the pieces are apart and the normal joins them;
/// `None` when the pieces are further apart than `margin`.
fn contact_normal(a: &Piece, b: &Piece, margin: f32) -> Option<(Vec2, f32, Closest)> {
    let mut best: Option<(f32, Vec2)> = None;
    for_each_bounds(
        &Cached::new(a),
        &Cached::new(b),
        |axis, [amin, amax], [bmin, bmax]| {
            let (up, down) = (bmin - amax, amin - bmax);
            let (g, n) = if up >= down { (up, axis) } else { (down, -axis) };
            if best.is_none_or(|b| g > b.0) {
                best = Some((g, n));
            }
            g <= margin
        },
    );
    let (gap, axis) = best?;
    if gap > margin {
        return None;
    }
    if gap <= 0.0 {
        return Some((axis, gap, None));
    }
    // Apart: the SAT gap is at most the distance, equal to it when two faces
    // face each other; otherwise the closest points give the normal.
    let d = piece_distance(a, b);
    if d.distance > margin {
        return None;
    }
    let tol = 1e-6 + 1e-5 * d.distance;
    if d.distance - gap <= tol || d.distance <= 0.0 {
        return Some((axis, gap, None));
    }
    let n = (d.point_b - d.point_a) / d.distance;
    Some((n, d.distance, Some((d.point_a, d.point_b))))
}
