//! The 3D display list: world-space lines and quads, each with an ink that
//! the painter turns into a colour. Built without a window from the scene,
//! the SAT report and the eye position; [`super::paint`] draws it.

use glam::Vec3;
use satlab::geom3d::{Shape3, Side};
use std::f32::consts::TAU;

/// What a mark means (the painter picks the colour from the palette).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// Shape A, or something of A's (its interval bar, its projectors).
    A,
    /// Shape B, or something of B's.
    B,
    /// Minor ground grid lines.
    Grid,
    /// Major ground grid lines.
    GridMajor,
    /// World axis x, y or z (0, 1, 2).
    World(u8),
    /// A candidate axis, not in focus.
    Axis,
    /// A candidate axis in focus (selected or hovered).
    Focus,
    /// The decisive axis (first separating, else least overlap).
    Decisive,
    /// The MTV arrow.
    Mtv,
    /// The separating plane.
    Plane,
    /// The gizmo's arrow along world axis 0 = x, 1 = y, 2 = z.
    Gizmo(u8),
    /// The gizmo's ring about world axis 0 = x, 1 = y, 2 = z (the arrow's
    /// colour, fainter, so the arrows stand out).
    Ring(u8),
    /// A size grip of the gizmo.
    Grip,
    /// A mark of a view drawn in a 2D role's colour (the GJK / EPA view).
    Role(crate::app::display::Role),
    /// A contact point, its polygon and the normal (the Contacts view).
    Contact,
    /// A point the contact clipping dropped.
    Cut,
    /// The Motion view's sweep of a shape: its colour, faint.
    Ghost(Side),
}

/// One line, world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line3 {
    /// Start.
    pub a: Vec3,
    /// End.
    pub b: Vec3,
    /// Meaning.
    pub ink: Ink,
    /// Width, logical pixels (before the UI scale).
    pub width: f32,
    /// Drawn dashed.
    pub dashed: bool,
}

/// A flat translucent quad, corners in order around it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quad3 {
    /// Corners.
    pub corners: [Vec3; 4],
    /// Meaning.
    pub ink: Ink,
}

/// Everything the canvas shows, in drawing order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Picture {
    /// Quads (drawn first).
    pub quads: Vec<Quad3>,
    /// Lines.
    pub lines: Vec<Line3>,
}

impl Picture {
    /// Adds a solid line.
    pub fn line(&mut self, a: Vec3, b: Vec3, ink: Ink, width: f32) {
        self.lines.push(Line3 {
            a,
            b,
            ink,
            width,
            dashed: false,
        });
    }

    /// Adds a dashed line.
    pub fn dashed(&mut self, a: Vec3, b: Vec3, ink: Ink, width: f32) {
        self.lines.push(Line3 {
            a,
            b,
            ink,
            width,
            dashed: true,
        });
    }

    /// Adds a circle of `n` segments about `c` in the plane spanned by the
    /// orthonormal `u`, `v`.
    pub fn circle(&mut self, c: Vec3, u: Vec3, v: Vec3, r: f32, ink: Ink, width: f32) {
        self.arc(c, u, v, r, (0.0, TAU), ink, width);
    }

    /// Adds the arc of angles `from..to` (radians, from `u` towards `v`).
    #[allow(clippy::too_many_arguments)]
    fn arc(&mut self, c: Vec3, u: Vec3, v: Vec3, r: f32, (from, to): (f32, f32), ink: Ink, w: f32) {
        const N: usize = 40;
        let at = |k: usize| {
            let t = from + (to - from) * k as f32 / N as f32;
            c + (u * t.cos() + v * t.sin()) * r
        };
        for k in 0..N {
            self.line(at(k), at(k + 1), ink, w);
        }
    }
}

/// Ink of a side.
pub fn side_ink(s: Side) -> Ink {
    match s {
        Side::A => Ink::A,
        Side::B => Ink::B,
    }
}

/// The ground grid (plane z = 0) around `centre`, `half` cells of `step`
/// each side, every fifth line major, and the three world axes.
pub fn ground(out: &mut Picture, centre: Vec3, step: f32, half: i32) {
    let cx = (centre.x / step).round() as i32;
    let cy = (centre.y / step).round() as i32;
    let span = half as f32 * step;
    for k in -half..=half {
        for (i, fixed_is_x) in [(cx + k, true), (cy + k, false)] {
            let f = i as f32 * step;
            let ink = if i.rem_euclid(5) == 0 {
                Ink::GridMajor
            } else {
                Ink::Grid
            };
            let (a, b) = if fixed_is_x {
                let y0 = cy as f32 * step;
                (Vec3::new(f, y0 - span, 0.0), Vec3::new(f, y0 + span, 0.0))
            } else {
                let x0 = cx as f32 * step;
                (Vec3::new(x0 - span, f, 0.0), Vec3::new(x0 + span, f, 0.0))
            };
            out.line(a, b, ink, 1.0);
        }
    }
    for (k, d) in [Vec3::X, Vec3::Y, Vec3::Z].into_iter().enumerate() {
        out.line(Vec3::ZERO, d * span, Ink::World(k as u8), 1.5);
    }
}

/// The wireframe of `s` seen from `eye`: box edges, a sphere's outline
/// and equator rings, a capsule's end rings, sides and caps, hull edges.
pub fn wire(out: &mut Picture, s: &Shape3, eye: Vec3, ink: Ink, width: f32) {
    let pose = s.pose();
    let m = pose.matrix();
    let c = pose.position();
    match s {
        Shape3::Point(_) => {
            let r = 0.06 * (eye - c).length().max(1.0) * 0.2;
            for d in [m.x_axis, m.y_axis, m.z_axis] {
                out.line(c - d * r, c + d * r, ink, width);
            }
        }
        Shape3::Segment(x) => {
            let (p, q) = x.endpoints();
            out.line(p, q, ink, width);
        }
        Shape3::Ray(r) => {
            let len = r.length().unwrap_or(1.0e3);
            out.line(r.origin(), r.origin() + r.direction() * len, ink, width);
        }
        Shape3::Sphere(x) => sphere(out, x.center(), x.radius(), eye, ink, width),
        Shape3::Aabb(b) => cuboid(
            out,
            c,
            [Vec3::X, Vec3::Y, Vec3::Z],
            b.half_extents(),
            ink,
            width,
        ),
        Shape3::Obb(b) => cuboid(
            out,
            c,
            [m.x_axis, m.y_axis, m.z_axis],
            b.half_extents(),
            ink,
            width,
        ),
        Shape3::Capsule(k) => capsule(out, k.endpoints(), k.radius(), eye, ink, width),
        Shape3::Triangle(t) => {
            let v = t.vertices();
            for i in 0..3 {
                out.line(v[i], v[(i + 1) % 3], ink, width);
            }
        }
        Shape3::Hull(h) => {
            let hull = h.hull();
            for e in &hull.edges {
                let p = |i: u16| {
                    pose.transform_point(
                        hull.vertices
                            .get(usize::from(i))
                            .copied()
                            .unwrap_or_default(),
                    )
                };
                out.line(p(e[0]), p(e[1]), ink, width);
            }
        }
    }
}

/// The twelve edges of the box `c ± Σ axes[i]·h[i]`.
fn cuboid(out: &mut Picture, c: Vec3, axes: [Vec3; 3], h: Vec3, ink: Ink, width: f32) {
    let e = [axes[0] * h.x, axes[1] * h.y, axes[2] * h.z];
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        for (sj, sk) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            let mid = c + e[j] * sj + e[k] * sk;
            out.line(mid - e[i], mid + e[i], ink, width);
        }
    }
}

/// A sphere: its outline as seen from `eye` and its three great circles
/// in the world planes (thin).
fn sphere(out: &mut Picture, c: Vec3, r: f32, eye: Vec3, ink: Ink, width: f32) {
    for (u, v) in [(Vec3::X, Vec3::Y), (Vec3::Y, Vec3::Z), (Vec3::Z, Vec3::X)] {
        out.circle(c, u, v, r, ink, width * 0.5);
    }
    let to_eye = eye - c;
    let d = to_eye.length();
    if d > r * 1.0001 {
        // The outline: the circle of tangency of the cone from the eye.
        let n = to_eye / d;
        let (u, v) = n.any_orthonormal_pair();
        let rr = r * (1.0 - (r / d).powi(2)).sqrt();
        out.circle(c + n * (r * r / d), u, v, rr, ink, width);
    }
}

/// A capsule: rings at both ends, four side lines and the caps' arcs.
fn capsule(out: &mut Picture, (p, q): (Vec3, Vec3), r: f32, eye: Vec3, ink: Ink, width: f32) {
    let Some(axis) = (q - p).try_normalize() else {
        return sphere(out, p, r, eye, ink, width);
    };
    let (u, v) = axis.any_orthonormal_pair();
    out.circle(p, u, v, r, ink, width);
    out.circle(q, u, v, r, ink, width);
    for d in [u, -u, v, -v] {
        out.line(p + d * r, q + d * r, ink, width);
    }
    for side in [u, v] {
        out.arc(q, side, axis, r, (0.0, TAU / 2.0), ink, width);
        out.arc(p, side, -axis, r, (0.0, TAU / 2.0), ink, width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom3d::{Obb3, Pose3, Sphere};

    #[test]
    fn a_box_has_twelve_edges_through_its_corners() {
        let pose = Pose3::from_euler_deg(
            satlab::geom3d::ShapeKind3::Obb,
            Vec3::new(1.0, 2.0, 3.0),
            [10.0, 20.0, 30.0],
        )
        .unwrap();
        let b = Shape3::Obb(Obb3::new(pose, Vec3::new(1.0, 0.5, 0.25)).unwrap());
        let mut p = Picture::default();
        wire(&mut p, &b, Vec3::splat(10.0), Ink::A, 2.0);
        assert_eq!(p.lines.len(), 12);
        for l in &p.lines {
            for end in [l.a, l.b] {
                let local = pose.inverse_transform_point(end).abs();
                assert!((local - Vec3::new(1.0, 0.5, 0.25)).abs().max_element() < 1e-5);
            }
        }
    }

    #[test]
    fn a_sphere_outline_touches_the_cone_from_the_eye() {
        let c = Vec3::new(0.0, 1.0, 0.0);
        let s = Shape3::Sphere(Sphere::new(Pose3::at(c), 2.0).unwrap());
        let eye = Vec3::new(0.0, 1.0, 10.0);
        let mut p = Picture::default();
        wire(&mut p, &s, eye, Ink::B, 2.0);
        let outline: Vec<&Line3> = p.lines.iter().filter(|l| l.width == 2.0).collect();
        assert!(!outline.is_empty());
        for l in outline {
            // On the sphere, and the line of sight is tangent there.
            assert!(((l.a - c).length() - 2.0).abs() < 1e-4);
            assert!((l.a - c).dot(l.a - eye).abs() < 1e-3);
        }
    }
}
