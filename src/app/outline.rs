//! What a shape looks like, in world coordinates: a filled boundary, a
//! stroke, a dot or an infinite line. Pure; `draw.rs` turns it into pixels,
//! the tools use it for hit tests, the overlay for the overlap region.

use glam::Vec2;
use satlab::geom::Shape;

/// Centre and radius of a circle around both shapes, world units: half the
/// diagonal of their bounded parts' box (an unbounded shape counts by its
/// position). The overlay lays its axis lanes around this circle and F
/// fits it, so it follows the shapes' own size, 1e-3 across as well as
/// 1e3: its floor is 1e-4 of the distance from the origin (at least 1e-4),
/// about what `f32` can still place there, not a fixed world length.
pub fn pair_frame(a: &Shape, b: &Shape) -> (Vec2, f32) {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for s in [a, b] {
        let (l, h) = s.bounds();
        let (l, h) = if l.is_finite() && h.is_finite() {
            (l, h)
        } else {
            (s.pose().position(), s.pose().position())
        };
        lo = lo.min(l);
        hi = hi.max(h);
    }
    let c = (lo + hi) * 0.5;
    (c, frame_radius(c, ((hi - lo) * 0.5).length()))
}

/// `r` kept above the floor [`pair_frame`] states for a circle at `c`.
pub fn frame_radius(c: Vec2, r: f32) -> f32 {
    let floor = crate::app::num::frame_floor(c.abs().max_element());
    if r.is_finite() {
        r.max(floor)
    } else {
        floor
    }
}

/// Where a shape's letter (A, B) sits, world units: inside what is drawn.
/// A polygon's vertices are stored around any origin (its pose), which may
/// lie outside it or inside the other shape, so its letter goes to the mean
/// of its vertices; every other kind's pose is its centre, apex or start.
pub fn tag_at(shape: &Shape) -> Vec2 {
    if let Shape::Polygon(p) = shape {
        let mean = p.centroid();
        if mean.is_finite() {
            return mean;
        }
    }
    shape.pose().position()
}

/// Points on a full circle.
const CIRCLE_STEPS: usize = 64;

/// The look of one shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Look {
    /// A closed counter-clockwise boundary, filled as a fan from `fan`
    /// (every boundary point is visible from it).
    Area {
        /// Boundary, counter-clockwise, not repeating the first point.
        boundary: Vec<Vec2>,
        /// A point the boundary is star-shaped around.
        fan: Vec2,
        /// True when the region is convex.
        convex: bool,
    },
    /// An open polyline (segments, rays and lines, clipped to `far`);
    /// `arrow` marks the direction of a ray at its last point.
    Stroke {
        /// Points along the stroke.
        points: Vec<Vec2>,
        /// Draw an arrow head at the end.
        arrow: bool,
    },
    /// A single point.
    Dot(Vec2),
}

/// The look of `shape`; unbounded shapes reach `far` world units from their
/// reference point.
pub fn look(shape: &Shape, far: f32) -> Look {
    match shape {
        Shape::Point(p) => Look::Dot(p.position()),
        Shape::Segment(s) => {
            let (p, q) = s.endpoints();
            Look::Stroke {
                points: vec![p, q],
                arrow: false,
            }
        }
        Shape::Ray(r) => {
            let len = r.length().unwrap_or(far);
            Look::Stroke {
                points: vec![r.origin(), r.origin() + r.direction() * len],
                arrow: true,
            }
        }
        Shape::Line(l) => Look::Stroke {
            points: vec![
                l.point() - l.direction() * far,
                l.point() + l.direction() * far,
            ],
            arrow: false,
        },
        Shape::Circle(c) => Look::Area {
            boundary: arc(
                c.center(),
                c.radius(),
                0.0,
                std::f32::consts::TAU,
                CIRCLE_STEPS,
            ),
            fan: c.center(),
            convex: true,
        },
        Shape::Aabb(b) => {
            let (lo, hi) = b.min_max();
            Look::Area {
                boundary: vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)],
                fan: b.center(),
                convex: true,
            }
        }
        Shape::Obb(b) => Look::Area {
            boundary: b.corners().to_vec(),
            fan: b.center(),
            convex: true,
        },
        Shape::Capsule(c) => {
            let (p, q) = c.endpoints();
            let d = q - p;
            let ang = if d.length_squared() > 0.0 {
                d.y.atan2(d.x)
            } else {
                let r = shape.pose().rot();
                r.y.atan2(r.x)
            };
            let half = CIRCLE_STEPS / 2;
            let pi = std::f32::consts::PI;
            let mut boundary = arc(q, c.radius(), ang - pi / 2.0, pi, half);
            boundary.extend(arc(p, c.radius(), ang + pi / 2.0, pi, half));
            Look::Area {
                boundary,
                fan: (p + q) * 0.5,
                convex: true,
            }
        }
        Shape::Sector(s) => {
            let f = s.facing();
            let h = s.half_angle_deg().to_radians();
            let start = f.y.atan2(f.x) - h;
            let steps = ((CIRCLE_STEPS as f32 * h / std::f32::consts::PI).ceil() as usize).max(4);
            let mut boundary = Vec::with_capacity(steps + 2);
            if s.half_angle_deg() < 180.0 {
                boundary.push(s.apex());
            }
            boundary.extend(arc(s.apex(), s.radius(), start, 2.0 * h, steps));
            Look::Area {
                boundary,
                fan: s.apex(),
                convex: s.is_convex(),
            }
        }
        Shape::Polygon(p) => Look::Area {
            boundary: p.world_vertices(),
            fan: p.centroid(),
            convex: true,
        },
    }
}

/// Points on an arc from angle `start` sweeping `sweep` radians
/// counter-clockwise, `steps` segments (both ends included unless it closes).
fn arc(c: Vec2, r: f32, start: f32, sweep: f32, steps: usize) -> Vec<Vec2> {
    let closed = (sweep - std::f32::consts::TAU).abs() < 1e-6;
    let n = if closed { steps } else { steps + 1 };
    (0..n)
        .map(|i| {
            let a = start + sweep * i as f32 / steps as f32;
            c + Vec2::new(a.cos(), a.sin()) * r
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{Circle, Obb, Pose, Sector};

    #[test]
    fn boundaries_are_counter_clockwise() {
        let shapes = [
            Shape::Circle(Circle::new(Pose::IDENTITY, 1.0).unwrap()),
            Shape::Obb(Obb::new(Pose::IDENTITY, Vec2::new(1.0, 2.0)).unwrap()),
            Shape::Sector(Sector::new(Pose::IDENTITY, 2.0, 40.0).unwrap()),
        ];
        for s in &shapes {
            match look(s, 100.0) {
                Look::Area { boundary, .. } => {
                    assert!(satlab::geom::polygon_area(&boundary) > 0.0)
                }
                other => panic!("expected an area, got {other:?}"),
            }
        }
    }
}
