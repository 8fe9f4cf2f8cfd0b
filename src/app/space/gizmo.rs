//! The selected 3D shape's gizmo: three arrows that move it along one world
//! axis, three rings that turn it about one, and square grips for its sizes
//! (a sphere's radius, a box's faces, a capsule's ends and radius, a
//! segment's ends). Pure: what it looks like (lines and quads in the display
//! list), which part is under the pointer, and what dragging a part does,
//! through the same exact edits as the panel ([`super::edit`]).
//!
//! Sizes: the arrows' length on screen follows the shape and the window
//! ([`reach_px`]): a little longer than the shape's own radius on screen,
//! so the arrows stick out of it and the rings go round it instead of
//! over it, and never more than a fifth of the canvas's shorter side, so
//! on a small window (640×480) the gizmo does not cover the other shape.

use super::edit;
use super::picture::{Ink, Picture};
use super::view::View;
use glam::{Vec2, Vec3};
use satlab::geom3d::{Shape3, ShapeError};
use satlab::scene::Placed3;

/// The longest an arrow gets on screen, logical pixels (before the UI
/// scale).
pub const REACH_MAX_PX: f32 = 140.0;
/// The shortest an arrow gets on screen, logical pixels: still easy to
/// take.
pub const REACH_MIN_PX: f32 = 32.0;
/// The arrows' length as a multiple of the shape's radius on screen.
const REACH_PER_RADIUS: f32 = 1.6;
/// The most of the canvas's shorter side an arrow may take.
const REACH_CANVAS_SHARE: f32 = 0.2;
/// How near the pointer must come to a part to take it, logical pixels.
const PICK_PX: f32 = 9.0;
/// Half the side of a size grip, logical pixels.
const GRIP_PX: f32 = 5.0;
/// Segments of a ring.
const RING: usize = 48;
/// The ring's radius, as a share of the arrows' length.
const RING_SHARE: f32 = 0.75;
/// Ctrl snaps turns to this many degrees.
pub const SNAP_DEG: f32 = 15.0;

/// A part of the gizmo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Part {
    /// The arrow along world axis 0 = x, 1 = y, 2 = z.
    Move(usize),
    /// The ring about world axis 0 = x, 1 = y, 2 = z.
    Turn(usize),
    /// A size grip.
    Size(Grip),
}

/// What a size grip changes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Grip {
    /// A sphere's or capsule's radius.
    Radius,
    /// A box's face: its local axis (0, 1, 2) and side (+1 or −1). The box
    /// keeps its centre, so the opposite face moves too.
    Face(usize, i8),
    /// A capsule's or segment's end on its local x axis (+1 or −1).
    End(i8),
}

/// The gizmo of one shape as the camera sees it this frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Gizmo {
    /// The shape's position, world.
    pub centre: Vec3,
    /// Arrow length, world units ([`reach_px`] at the centre's depth).
    pub reach: f32,
    /// World units per logical pixel at the centre's depth.
    per_px: f32,
    /// Whether the rings are offered (not for an AABB, which cannot turn).
    pub turns: bool,
    /// The size grips and where they stand, world.
    pub grips: Vec<(Grip, Vec3, Vec3)>,
}

/// A part being dragged: the shape as it was when the drag began and where
/// the drag took hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Hold {
    /// The part.
    pub part: Part,
    /// The shape at the press.
    pub start: Placed3,
    /// The pixel pressed: the pointer back there gives back `start`.
    pub press: Vec2,
    centre: Vec3,
    /// The line or plane the part moves along: its unit direction (the
    /// plane's normal for a ring).
    dir: Vec3,
    /// Where the press met it: the parameter along `dir` (arrows, grips),
    /// or the vector from the centre on the ring's plane.
    from: Vec3,
}

/// The arrows' length on screen, logical pixels, for a shape of radius
/// `shape_px` on screen (its bounding sphere's, logical pixels) on a
/// canvas `canvas` logical pixels wide and high: [`REACH_PER_RADIUS`]
/// times the radius, at most [`REACH_CANVAS_SHARE`] of the shorter side
/// (and [`REACH_MAX_PX`]), at least 40 % of that limit (and
/// [`REACH_MIN_PX`]).
pub fn reach_px(shape_px: f32, canvas: Vec2) -> f32 {
    let short = canvas.x.min(canvas.y).max(0.0);
    let most = crate::app::num::clamp(REACH_CANVAS_SHARE * short, REACH_MIN_PX, REACH_MAX_PX);
    let least = (0.4 * most).max(REACH_MIN_PX);
    let want = REACH_PER_RADIUS * shape_px;
    if want.is_nan() {
        return most;
    }
    want.min(most).max(least)
}

/// The world axis `k`.
fn axis(k: usize) -> Vec3 {
    [Vec3::X, Vec3::Y, Vec3::Z][k.min(2)]
}

impl Gizmo {
    /// The gizmo of `p` seen through `view`; `None` when the shape's centre
    /// is behind the camera.
    pub fn of(p: &Placed3, view: &View) -> Option<Gizmo> {
        let s = &p.shape;
        let centre = s.pose().position();
        let depth = view.to_camera(centre).z;
        if depth.is_nan() || depth <= view.near() {
            return None;
        }
        let per_px = depth / view.focal();
        // The bounding sphere's radius; an unbounded ray counts as a point.
        let radius = if s.is_bounded() {
            let (lo, hi) = s.bounds();
            0.5 * (hi - lo).length()
        } else {
            0.0
        };
        let m = s.pose().rotation();
        let local = [m * Vec3::X, m * Vec3::Y, m * Vec3::Z];
        let b = view.basis();
        // The local axis nearest the screen plane, for a radius grip.
        let side_dir = |of: [Vec3; 2]| {
            if of[0].dot(b.back).abs() <= of[1].dot(b.back).abs() {
                of[0]
            } else {
                of[1]
            }
        };
        let mut grips = Vec::new();
        let mut faces = |h: Vec3| {
            for (j, u) in local.iter().enumerate() {
                for sign in [1i8, -1] {
                    let d = *u * f32::from(sign);
                    grips.push((Grip::Face(j, sign), centre + d * h[j], d));
                }
            }
        };
        match s {
            Shape3::Aabb(x) => faces(x.half_extents()),
            Shape3::Obb(x) => faces(x.half_extents()),
            Shape3::Sphere(x) => grips.push((Grip::Radius, centre + b.right * x.radius(), b.right)),
            Shape3::Capsule(c) => {
                for sign in [1i8, -1] {
                    let d = local[0] * f32::from(sign);
                    grips.push((
                        Grip::End(sign),
                        centre + d * (c.half_length() + c.radius()),
                        d,
                    ));
                }
                let d = side_dir([local[1], local[2]]);
                grips.push((Grip::Radius, centre + d * c.radius(), d));
            }
            Shape3::Segment(x) => {
                for sign in [1i8, -1] {
                    let d = local[0] * f32::from(sign);
                    grips.push((Grip::End(sign), centre + d * x.half_length(), d));
                }
            }
            Shape3::Point(_) | Shape3::Ray(_) | Shape3::Triangle(_) | Shape3::Hull(_) => {}
        }
        Some(Gizmo {
            centre,
            reach: reach_px(radius / per_px, view.canvas.size()) * per_px,
            per_px,
            turns: !matches!(s, Shape3::Aabb(_)),
            grips,
        })
    }

    /// The two unit vectors spanning ring `k`'s plane.
    fn ring_plane(k: usize) -> (Vec3, Vec3) {
        (axis((k + 1) % 3), axis((k + 2) % 3))
    }

    /// Point `i` of ring `k` (of [`RING`]).
    fn ring_point(&self, k: usize, i: usize) -> Vec3 {
        let (u, v) = Gizmo::ring_plane(k);
        let t = std::f32::consts::TAU * i as f32 / RING as f32;
        self.centre + (u * t.cos() + v * t.sin()) * (self.reach * RING_SHARE)
    }

    /// Adds the gizmo to `out`; `hot` (under the pointer or held) is drawn
    /// wider.
    pub fn draw(&self, view: &View, hot: Option<Part>, out: &mut Picture) {
        let width = |p: Part| if hot == Some(p) { 4.5 } else { 2.5 };
        if self.turns {
            for k in 0..3 {
                let w = width(Part::Turn(k));
                for i in 0..RING {
                    out.line(
                        self.ring_point(k, i),
                        self.ring_point(k, i + 1),
                        Ink::Ring(k as u8),
                        w,
                    );
                }
            }
        }
        let back = view.basis().back;
        for k in 0..3 {
            let (e, w) = (axis(k), width(Part::Move(k)));
            let tip = self.centre + e * self.reach;
            out.line(self.centre, tip, Ink::Gizmo(k as u8), w);
            // The head: two strokes back from the tip, across the view.
            let across = e.cross(back).normalize_or_zero() * (0.07 * self.reach);
            let base = tip - e * (0.18 * self.reach);
            out.line(tip, base + across, Ink::Gizmo(k as u8), w);
            out.line(tip, base - across, Ink::Gizmo(k as u8), w);
        }
        let b = view.basis();
        for &(g, at, _) in &self.grips {
            let size = GRIP_PX * if hot == Some(Part::Size(g)) { 1.6 } else { 1.0 };
            let (r, u) = (b.right * size * self.per_px, b.up * size * self.per_px);
            let c = [at - r - u, at + r - u, at + r + u, at - r + u];
            out.quads.push(super::picture::Quad3 {
                corners: c,
                ink: Ink::Grip,
            });
            for i in 0..4 {
                out.line(c[i], c[(i + 1) % 4], Ink::Grip, 1.5);
            }
        }
    }

    /// The part under canvas pixel `s`: grips first, then arrows, then
    /// rings; `None` when nothing is within [`PICK_PX`] (times `scale`).
    pub fn pick(&self, view: &View, s: Vec2, scale: f32) -> Option<Part> {
        let near = PICK_PX * scale;
        let to_seg = |a: Vec3, b: Vec3| -> f32 {
            view.segment_to_screen(a, b)
                .map_or(f32::INFINITY, |(p, q)| dist_to_segment(s, p, q))
        };
        let grip = self
            .grips
            .iter()
            .filter_map(|(g, at, _)| view.to_screen(*at).map(|p| (*g, (p - s).length())))
            .filter(|(_, d)| *d <= near)
            .min_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((g, _)) = grip {
            return Some(Part::Size(g));
        }
        let arrows = (0..3).map(|k| {
            (
                Part::Move(k),
                to_seg(self.centre, self.centre + axis(k) * self.reach),
            )
        });
        let rings = (0..3).filter(|_| self.turns).map(|k| {
            let d = (0..RING)
                .map(|i| to_seg(self.ring_point(k, i), self.ring_point(k, i + 1)))
                .fold(f32::INFINITY, f32::min);
            (Part::Turn(k), d)
        });
        arrows
            .chain(rings)
            .filter(|(_, d)| *d <= near)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(p, _)| p)
    }

    /// Takes hold of `part` of the shape `p` with a press at pixel `s`;
    /// `None` when the part cannot be dragged from this view (an arrow that
    /// points at the eye, a ring seen edge-on).
    pub fn hold(&self, part: Part, p: &Placed3, view: &View, s: Vec2) -> Option<Hold> {
        let (dir, from) = match part {
            Part::Move(k) => {
                let e = axis(k);
                (e, Vec3::splat(along(view, s, self.centre, e)?))
            }
            Part::Turn(k) => {
                let n = axis(k);
                (n, on_plane(view, s, self.centre, n)? - self.centre)
            }
            Part::Size(g) => {
                let (_, _, d) = self.grips.iter().find(|(x, _, _)| *x == g)?;
                (*d, Vec3::splat(along(view, s, self.centre, *d)?))
            }
        };
        Some(Hold {
            part,
            start: p.clone(),
            press: s,
            centre: self.centre,
            dir,
            from,
        })
    }
}

impl Hold {
    /// The shape after dragging to pixel `s` (`snap`: Ctrl, to the grid
    /// `step` or to [`SNAP_DEG`]); the library's error when the drag would
    /// make it invalid, and the unchanged shape when the pointer's ray
    /// misses the line or plane.
    pub fn drag(&self, view: &View, s: Vec2, snap: bool, step: f32) -> Result<Placed3, ShapeError> {
        let p = &self.start;
        let rotation = p.rotation;
        let sizes = |k: usize, v: f32| -> Vec<f32> {
            let mut d: Vec<f32> = edit::dims(&p.shape).iter().map(|d| d.1).collect();
            if let Some(x) = d.get_mut(k) {
                *x = v;
            }
            d
        };
        let snapped = |v: f32| if snap { (v / step).round() * step } else { v };
        match self.part {
            Part::Move(k) => {
                let Some(t) = along(view, s, self.centre, self.dir) else {
                    return Ok(p.clone());
                };
                let mut to = self.centre + self.dir * (t - self.from.x);
                if snap {
                    let k = k.min(2);
                    to[k] = snapped(to[k]);
                }
                edit::rebuilt(p, to, rotation, &sizes(usize::MAX, 0.0))
            }
            Part::Turn(_) => {
                let Some(at) = on_plane(view, s, self.centre, self.dir) else {
                    return Ok(p.clone());
                };
                let v = at - self.centre;
                let mut deg = self
                    .from
                    .cross(v)
                    .dot(self.dir)
                    .atan2(self.from.dot(v))
                    .to_degrees();
                if snap {
                    deg = (deg / SNAP_DEG).round() * SNAP_DEG;
                }
                edit::turned(p, self.dir, deg)
            }
            Part::Size(g) => {
                let Some(t) = along(view, s, self.centre, self.dir) else {
                    return Ok(p.clone());
                };
                // How far the grip now stands from the centre along its
                // direction: the grab point keeps its offset from the grip.
                let was = grip_distance(&p.shape, g);
                let reach = snapped((was + t - self.from.x).max(0.0));
                let (k, v) = match (g, &p.shape) {
                    (Grip::Face(j, _), _) => (j, reach),
                    (Grip::Radius, Shape3::Capsule(_)) => (1, reach),
                    (Grip::Radius, _) => (0, reach),
                    (Grip::End(_), Shape3::Capsule(c)) => (0, (reach - c.radius()).max(0.0)),
                    (Grip::End(_), _) => (0, reach),
                };
                edit::rebuilt(p, self.centre, rotation, &sizes(k, v))
            }
        }
    }
}

/// The distance from a shape's centre to grip `g`, world units (0 for a
/// grip the shape does not have).
fn grip_distance(s: &Shape3, g: Grip) -> f32 {
    let face = |h: Vec3| match g {
        Grip::Face(j, _) => h[j.min(2)],
        Grip::Radius | Grip::End(_) => 0.0,
    };
    match s {
        Shape3::Aabb(b) => face(b.half_extents()),
        Shape3::Obb(b) => face(b.half_extents()),
        Shape3::Sphere(x) => x.radius(),
        Shape3::Capsule(c) => match g {
            Grip::End(_) => c.half_length() + c.radius(),
            Grip::Radius | Grip::Face(..) => c.radius(),
        },
        Shape3::Segment(x) => x.half_length(),
        Shape3::Point(_) | Shape3::Ray(_) | Shape3::Triangle(_) | Shape3::Hull(_) => 0.0,
    }
}

/// The parameter along the line `centre + dir · t` of its point nearest the
/// ray through pixel `s`; `None` when the line points along the ray.
fn along(view: &View, s: Vec2, centre: Vec3, dir: Vec3) -> Option<f32> {
    let (o, d) = (view.eye(), view.ray_dir(s));
    let w = centre - o;
    let b = dir.dot(d);
    let den = 1.0 - b * b;
    (den > 1e-4).then(|| (b * d.dot(w) - dir.dot(w)) / den)
}

/// Where the ray through pixel `s` meets the plane through `centre` with
/// normal `n`; `None` when it runs along the plane or away from it.
fn on_plane(view: &View, s: Vec2, centre: Vec3, n: Vec3) -> Option<Vec3> {
    let (o, d) = (view.eye(), view.ray_dir(s));
    let den = d.dot(n);
    if den.abs() < 0.05 {
        return None;
    }
    let t = (centre - o).dot(n) / den;
    (t > 0.0).then(|| o + d * t)
}

/// Distance from `p` to the segment `a`–`b`, pixels.
fn dist_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        crate::app::num::clamp((p - a).dot(ab) / ab.length_squared(), 0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t - p).length()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;
    use satlab::geom3d::{Aabb3, Obb3, Pose3, ShapeKind3, Sphere};
    use satlab::scene::Rotation3;

    fn placed(shape: Shape3, rotation: Rotation3) -> Placed3 {
        Placed3 {
            shape,
            rotation,
            points: Vec::new(),
        }
    }

    fn obb() -> Placed3 {
        let rot = [0.0, 0.0, 30.0];
        let pose = Pose3::from_euler_deg(ShapeKind3::Obb, Vec3::new(1.0, 2.0, 0.5), rot).unwrap();
        placed(
            Shape3::Obb(Obb3::new(pose, Vec3::new(1.0, 0.5, 0.25)).unwrap()),
            Rotation3::EulerDeg(rot),
        )
    }

    fn view_of(p: &Placed3) -> View {
        let mut v = View::new(Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0)));
        let c = p.shape.pose().position();
        v.fit(c - Vec3::splat(2.0), c + Vec3::splat(2.0));
        v
    }

    /// The screen point a fraction `f` of the way along world segment a–b.
    fn on_screen(v: &View, a: Vec3, b: Vec3, f: f32) -> Vec2 {
        v.to_screen(a + (b - a) * f).unwrap()
    }

    #[test]
    fn the_arrows_follow_the_shape_and_the_window() {
        let (big, small) = (Vec2::new(960.0, 760.0), Vec2::new(390.0, 420.0));
        // 1.6 times the shape's radius on screen: the rings go round it.
        assert!((reach_px(60.0, big) - 96.0).abs() < 1e-3);
        // At most a fifth of the shorter side, and 140 px.
        assert!((reach_px(60.0, small) - 78.0).abs() < 1e-3);
        assert_eq!(reach_px(1e6, big), REACH_MAX_PX);
        // A tiny shape (a point) still gets arrows easy to take.
        assert!((reach_px(0.0, big) - 56.0).abs() < 1e-3);
        assert!(reach_px(0.0, Vec2::new(50.0, 40.0)) >= REACH_MIN_PX);
        assert_eq!(reach_px(f32::NAN, big), REACH_MAX_PX);
    }

    #[test]
    fn a_small_window_gets_a_smaller_gizmo() {
        let p = obb();
        let px = |w: f32, h: f32| {
            let mut v = View::new(Rect::new(Vec2::ZERO, Vec2::new(w, h)));
            let c = p.shape.pose().position();
            v.fit(c - Vec3::splat(2.0), c + Vec3::splat(2.0));
            let g = Gizmo::of(&p, &v).unwrap();
            g.reach / g.per_px
        };
        let (large, small) = (px(960.0, 760.0), px(390.0, 420.0));
        assert!(small < large, "{small} vs {large}");
        assert!(small <= 0.2 * 390.0 + 1e-3, "{small}");
    }

    #[test]
    fn an_arrow_moves_the_shape_along_its_world_axis_only() {
        let p = obb();
        let v = view_of(&p);
        let g = Gizmo::of(&p, &v).unwrap();
        let c = g.centre;
        for k in 0..3 {
            let e = axis(k);
            let press = on_screen(&v, c, c + e * g.reach, 0.6);
            assert_eq!(g.pick(&v, press, 1.0), Some(Part::Move(k)), "arrow {k}");
            let hold = g.hold(Part::Move(k), &p, &v, press).unwrap();
            // Drag the pointer to where the point 0.5 further along the axis shows.
            let grabbed = c + e * (0.6 * g.reach);
            let to = v.to_screen(grabbed + e * 0.5).unwrap();
            let moved = hold.drag(&v, to, false, 0.25).unwrap();
            let d = moved.shape.pose().position() - c;
            assert!((d - e * 0.5).length() < 1e-3, "arrow {k}: moved by {d}");
            assert_eq!(moved.shape.pose().rotation(), p.shape.pose().rotation());
            // Ctrl snaps that coordinate to the grid, and only that one.
            let snapped = hold
                .drag(&v, to, true, 0.25)
                .unwrap()
                .shape
                .pose()
                .position();
            assert_eq!(snapped[k], ((c[k] + 0.5) / 0.25).round() * 0.25);
            for j in (0..3).filter(|j| *j != k) {
                assert!((snapped[j] - c[j]).abs() < 1e-4);
            }
        }
    }

    #[test]
    fn a_ring_turns_the_shape_about_its_world_axis_and_ctrl_snaps_to_15_degrees() {
        let p = obb();
        let v = view_of(&p);
        let g = Gizmo::of(&p, &v).unwrap();
        // Ring z, pressed halfway between +x and +y (where no other ring is).
        let press = v.to_screen(g.ring_point(2, RING / 8)).unwrap();
        assert_eq!(g.pick(&v, press, 1.0), Some(Part::Turn(2)));
        let hold = g.hold(Part::Turn(2), &p, &v, press).unwrap();
        let to = v.to_screen(g.ring_point(2, RING / 4)).unwrap();
        let turned = hold.drag(&v, to, false, 0.25).unwrap();
        // On to +y: an eighth of the ring, 45° about +z, counter-clockwise.
        let rot = turned.shape.pose().rotation() * p.shape.pose().rotation().inverse();
        let (ax, angle) = rot.to_axis_angle();
        assert!((ax - Vec3::Z).length() < 1e-3 && (angle.to_degrees() - 45.0).abs() < 1.0);
        assert!(matches!(turned.rotation, Rotation3::EulerDeg(d) if (d[2] - 75.0).abs() < 1.0));
        let to = v.to_screen(g.ring_point(2, RING / 8 + 5)).unwrap();
        let snapped = hold.drag(&v, to, true, 0.25).unwrap();
        let (_, angle) =
            (snapped.shape.pose().rotation() * p.shape.pose().rotation().inverse()).to_axis_angle();
        let deg = angle.to_degrees();
        assert!((deg / 15.0 - (deg / 15.0).round()).abs() < 1e-3, "{deg}");
        assert_eq!(snapped.shape.pose().position(), p.shape.pose().position());
    }

    #[test]
    fn a_face_grip_resizes_the_box_about_its_centre() {
        let p = obb();
        let v = view_of(&p);
        let g = Gizmo::of(&p, &v).unwrap();
        let &(grip, at, dir) = g
            .grips
            .iter()
            .find(|(x, _, _)| *x == Grip::Face(0, 1))
            .unwrap();
        let press = v.to_screen(at).unwrap();
        assert_eq!(g.pick(&v, press, 1.0), Some(Part::Size(grip)));
        let hold = g.hold(Part::Size(grip), &p, &v, press).unwrap();
        let wider = hold
            .drag(&v, v.to_screen(at + dir * 0.4).unwrap(), false, 0.25)
            .unwrap();
        let Shape3::Obb(b) = &wider.shape else {
            panic!("still a box");
        };
        assert!((b.half_extents() - Vec3::new(1.4, 0.5, 0.25)).length() < 1e-3);
        assert_eq!(b.center(), p.shape.pose().position());
        // Dragged through the centre, the size stops at 0 (never negative).
        let flat = hold
            .drag(&v, v.to_screen(at - dir * 3.0).unwrap(), false, 0.25)
            .unwrap();
        let Shape3::Obb(b) = &flat.shape else {
            panic!("still a box");
        };
        assert_eq!(b.half_extents().x, 0.0);
    }

    #[test]
    fn a_sphere_has_a_radius_grip_and_an_aabb_has_no_rings() {
        let s = placed(
            Shape3::Sphere(Sphere::new(Pose3::at(Vec3::ZERO), 1.0).unwrap()),
            Rotation3::None,
        );
        let v = view_of(&s);
        let g = Gizmo::of(&s, &v).unwrap();
        assert_eq!(g.grips.len(), 1);
        let (grip, at, dir) = g.grips[0];
        let hold = g
            .hold(Part::Size(grip), &s, &v, v.to_screen(at).unwrap())
            .unwrap();
        let grown = hold
            .drag(&v, v.to_screen(at + dir * 0.5).unwrap(), false, 0.25)
            .unwrap();
        assert!(matches!(&grown.shape, Shape3::Sphere(x) if (x.radius() - 1.5).abs() < 1e-3));
        let b = placed(
            Shape3::Aabb(Aabb3::new(Pose3::at(Vec3::ZERO), Vec3::ONE).unwrap()),
            Rotation3::None,
        );
        let g = Gizmo::of(&b, &view_of(&b)).unwrap();
        assert!(!g.turns);
        assert_eq!(g.grips.len(), 6);
        let mut pic = Picture::default();
        g.draw(&view_of(&b), None, &mut pic);
        assert!(pic
            .lines
            .iter()
            .all(|l| !matches!(l.ink, Ink::Gizmo(_)) || l.b != l.a));
        assert_eq!(pic.quads.len(), 6);
    }

    #[test]
    fn far_from_every_part_nothing_is_picked() {
        let p = obb();
        let v = view_of(&p);
        let g = Gizmo::of(&p, &v).unwrap();
        assert_eq!(g.pick(&v, Vec2::new(3.0, 3.0), 1.0), None);
    }
}
