//! The 3D view: an orbit camera around a target point, and the perspective
//! projection from world points to canvas pixels (pure: no window).
//!
//! World frame: right-handed, z up, the ground is the plane z = 0. The eye
//! sits at `target + dist · back`, where `back` is given by `yaw` (about
//! world z, from +x) and `pitch` (above the ground), both in radians.
//! Screen pixels grow right and down, as everywhere in the app.

use super::action::Preset;
use crate::app::camera::Rect;
use crate::app::num;
use glam::{Vec2, Vec3};
use std::f32::consts::FRAC_PI_2;

/// Vertical field of view, radians.
pub const FOVY: f32 = 0.8;
/// Closest and farthest eye distances, world units: F frames a pair 1e-3
/// across (about 2e-3 away) and one 5000 units out on both sides (about
/// 2e4 away) with room to spare.
const MIN_DIST: f32 = 1e-5;
const MAX_DIST: f32 = 1.0e7;
/// Radians of orbit per pixel dragged.
const ORBIT_PER_PX: f32 = 0.008;

/// The size of the box `[lo, hi]` (its diagonal, world units), kept above
/// a floor of 1e-4 of its distance from the origin (at least 1e-4): what
/// the overlay, F and the GJK pane scale by, so shapes 1e-3 across are
/// drawn as large as shapes 1e3 across, not against a fixed world length.
pub fn extent_size(lo: Vec3, hi: Vec3) -> f32 {
    let floor = num::frame_floor(((lo + hi) * 0.5).abs().max_element());
    let d = (hi - lo).length();
    if d.is_finite() {
        d.max(floor)
    } else {
        floor
    }
}

/// Where the camera is and what it looks at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// The point orbited about (canvas centre), world units.
    pub target: Vec3,
    /// Turn about world z, radians, from +x towards +y.
    pub yaw: f32,
    /// Height of the eye above the ground plane's direction, radians in [-π/2, π/2].
    pub pitch: f32,
    /// Eye distance from the target, world units.
    pub dist: f32,
    /// The canvas, screen pixels.
    pub canvas: Rect,
}

/// The camera's unit frame: right, up (on screen) and back (towards the eye).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Basis {
    /// Screen right.
    pub right: Vec3,
    /// Screen up.
    pub up: Vec3,
    /// From the target towards the eye.
    pub back: Vec3,
}

impl View {
    /// A view of the origin from the isometric direction.
    pub fn new(canvas: Rect) -> View {
        let mut v = View {
            target: Vec3::ZERO,
            yaw: 0.0,
            pitch: 0.0,
            dist: 10.0,
            canvas,
        };
        v.look_along(Preset::Iso.look());
        v
    }

    /// The camera frame.
    pub fn basis(&self) -> Basis {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        let back = Vec3::new(cp * cy, cp * sy, sp);
        let right = Vec3::new(-sy, cy, 0.0);
        Basis {
            right,
            up: back.cross(right),
            back,
        }
    }

    /// The eye, world units.
    pub fn eye(&self) -> Vec3 {
        self.target + self.basis().back * self.dist
    }

    /// Pixels per world unit at unit depth.
    pub fn focal(&self) -> f32 {
        0.5 * self.canvas.size().y.max(1.0) / (0.5 * FOVY).tan()
    }

    /// Distance in front of the eye below which lines are cut.
    pub fn near(&self) -> f32 {
        self.dist * 1e-3
    }

    /// A world point in camera coordinates: (right, up, depth in front of the eye).
    pub fn to_camera(self, p: Vec3) -> Vec3 {
        let b = self.basis();
        let d = p - self.eye();
        Vec3::new(d.dot(b.right), d.dot(b.up), -d.dot(b.back))
    }

    /// A camera-space point (depth > 0) on the canvas.
    pub fn camera_to_screen(&self, c: Vec3) -> Vec2 {
        let f = self.focal() / c.z;
        self.canvas.center() + Vec2::new(c.x * f, -c.y * f)
    }

    /// A world point on the canvas; `None` behind the near plane.
    pub fn to_screen(self, p: Vec3) -> Option<Vec2> {
        let c = self.to_camera(p);
        (c.z > self.near()).then(|| self.camera_to_screen(c))
    }

    /// The segment `a`–`b` on the canvas, cut at the near plane; `None`
    /// when it is wholly behind it.
    pub fn segment_to_screen(&self, a: Vec3, b: Vec3) -> Option<(Vec2, Vec2)> {
        let (mut ca, mut cb) = (self.to_camera(a), self.to_camera(b));
        let n = self.near();
        if ca.z <= n && cb.z <= n {
            return None;
        }
        if ca.z < n {
            ca = cb + (ca - cb) * ((cb.z - n) / (cb.z - ca.z));
        } else if cb.z < n {
            cb = ca + (cb - ca) * ((ca.z - n) / (ca.z - cb.z));
        }
        Some((self.camera_to_screen(ca), self.camera_to_screen(cb)))
    }

    /// The unit direction from the eye through canvas pixel `s`.
    pub fn ray_dir(&self, s: Vec2) -> Vec3 {
        let b = self.basis();
        let d = (s - self.canvas.center()) / self.focal();
        (b.right * d.x - b.up * d.y - b.back).normalize_or(-b.back)
    }

    /// Where the ray through pixel `s` meets the plane through `on` that
    /// faces the camera; `None` when it does not (looking away from it).
    pub fn on_facing_plane(&self, s: Vec2, on: Vec3) -> Option<Vec3> {
        let n = self.basis().back;
        let (o, d) = (self.eye(), self.ray_dir(s));
        let den = d.dot(n);
        if den.abs() < 1e-6 {
            return None;
        }
        let t = (on - o).dot(n) / den;
        (t > 0.0).then(|| o + d * t)
    }

    /// Turns the camera about the target by a drag of `px` pixels.
    pub fn orbit(&mut self, px: Vec2) {
        self.yaw -= px.x * ORBIT_PER_PX;
        self.pitch = num::clamp(self.pitch + px.y * ORBIT_PER_PX, -FRAC_PI_2, FRAC_PI_2);
    }

    /// Slides the camera so the point under the cursor follows a drag of `px` pixels.
    pub fn pan(&mut self, px: Vec2) {
        let b = self.basis();
        let k = self.dist / self.focal();
        self.target += (-b.right * px.x + b.up * px.y) * k;
    }

    /// Zooms by `steps` wheel steps (positive: closer), keeping the point
    /// under pixel `at` (on the plane through the target) where it is.
    pub fn zoom_at(&mut self, steps: f32, at: Vec2) {
        let factor = 0.85_f32.powf(steps);
        let new_dist = num::clamp(self.dist * factor, MIN_DIST, MAX_DIST);
        let under = self.on_facing_plane(at, self.target);
        let f = new_dist / self.dist;
        if let Some(p) = under {
            self.target = p + (self.target - p) * f;
        }
        self.dist = new_dist;
    }

    /// Turns the camera to look along `dir` (keeps target and distance).
    pub fn look_along(&mut self, dir: Vec3) {
        let Some(back) = (-dir).try_normalize() else {
            return;
        };
        self.pitch = num::clamp(back.z, -1.0, 1.0).asin();
        if back.x.abs() > 1e-6 || back.y.abs() > 1e-6 {
            self.yaw = back.y.atan2(back.x);
        }
    }

    /// Looks along the plane with unit normal `n` through `point`, so the
    /// plane is seen edge-on (a line on screen): the look direction lies
    /// in the plane, level when it can be (`n × z`, the sign nearer the
    /// current look), and the target slides along `n` onto the plane, so
    /// the eye is on it too (in perspective a plane is edge-on only from
    /// a point on it). Distance kept.
    pub fn edge_on(&mut self, n: Vec3, point: Vec3) {
        let Some(n) = n.try_normalize() else {
            return;
        };
        let mut look = n.cross(Vec3::Z).try_normalize().unwrap_or(Vec3::X);
        if look.dot(-self.basis().back) < 0.0 {
            look = -look;
        }
        self.target -= n * n.dot(self.target - point);
        self.look_along(look);
    }

    /// Frames the box `lo`–`hi` so it fills most of the canvas.
    pub fn fit(&mut self, lo: Vec3, hi: Vec3) {
        if !(lo.is_finite() && hi.is_finite()) {
            return;
        }
        self.target = (lo + hi) * 0.5;
        let r = 0.5 * extent_size(lo, hi);
        let aspect = self.canvas.size().x.max(1.0) / self.canvas.size().y.max(1.0);
        let half = (0.5 * FOVY).tan() * aspect.min(1.0);
        self.dist = num::clamp(1.15 * r / half.atan().sin(), MIN_DIST, MAX_DIST);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        View::new(Rect::new(Vec2::ZERO, Vec2::new(800.0, 600.0)))
    }

    /// F frames a pair 1e-3 across and one 5000 units out on both sides
    /// (the eye once stopped at 0.05 and 1e4 units, and the frame at 0.25,
    /// so the one was a dot and the other cut off).
    #[test]
    fn fit_frames_tiny_and_far_pairs() {
        for (lo, hi) in [
            (Vec3::splat(-5e-4), Vec3::splat(5e-4)),
            (
                Vec3::new(-5839.0, -5000.0, 0.0),
                Vec3::new(5000.0, 5545.0, 100.0),
            ),
            (Vec3::new(2.0, 2.0, 2.0), Vec3::new(2.001, 2.001, 2.001)),
        ] {
            let mut v = view();
            v.fit(lo, hi);
            let (Some(a), Some(b)) = (v.to_screen(lo), v.to_screen(hi)) else {
                panic!("{lo} {hi}: behind the eye");
            };
            assert!(
                v.canvas.contains(a) && v.canvas.contains(b),
                "{lo} {hi}: {a} {b}"
            );
            assert!((a - b).length() > 100.0, "{lo} {hi}: {a} {b}");
        }
    }

    #[test]
    fn the_target_is_at_the_canvas_centre_and_the_basis_is_right_handed() {
        let mut v = view();
        for (yaw, pitch) in [
            (0.3, 0.2),
            (-2.0, -1.2),
            (1.0, FRAC_PI_2),
            (0.0, -FRAC_PI_2),
        ] {
            v.yaw = yaw;
            v.pitch = pitch;
            v.target = Vec3::new(1.0, -2.0, 0.5);
            let s = v.to_screen(v.target).unwrap();
            assert!((s - Vec2::new(400.0, 300.0)).length() < 1e-3);
            let b = v.basis();
            assert!((b.right.cross(b.up) - b.back).length() < 1e-5);
            assert!((b.up.length() - 1.0).abs() < 1e-5);
        }
    }

    #[test]
    fn looking_down_puts_plus_x_right_and_plus_y_up_on_screen() {
        let mut v = view();
        v.look_along(Preset::Top.look());
        v.yaw = -FRAC_PI_2;
        let c = v.to_screen(Vec3::ZERO).unwrap();
        assert!(v.to_screen(Vec3::X).unwrap().x > c.x + 1.0);
        assert!(v.to_screen(Vec3::Y).unwrap().y < c.y - 1.0);
    }

    #[test]
    fn the_ray_through_a_pixel_passes_through_what_projects_there() {
        let mut v = view();
        v.orbit(Vec2::new(37.0, -21.0));
        let p = Vec3::new(0.7, -1.1, 0.4);
        let s = v.to_screen(p).unwrap();
        let hit = v.on_facing_plane(s, p).unwrap();
        assert!((hit - p).length() < 1e-3, "{hit} vs {p}");
    }

    #[test]
    fn zooming_keeps_the_point_under_the_cursor_and_panning_follows_the_pointer() {
        let mut v = view();
        let at = Vec2::new(600.0, 200.0);
        let before = v.on_facing_plane(at, v.target).unwrap();
        v.zoom_at(2.0, at);
        assert!((v.to_screen(before).unwrap() - at).length() < 0.05);
        let p = v.target;
        v.pan(Vec2::new(30.0, -12.0));
        let moved = v.to_screen(p).unwrap() - Vec2::new(400.0, 300.0);
        assert!((moved - Vec2::new(30.0, -12.0)).length() < 0.05, "{moved}");
    }

    #[test]
    fn segments_behind_the_eye_are_cut_or_dropped() {
        let v = view();
        let eye = v.eye();
        let ahead = v.target;
        let behind = eye + (eye - ahead);
        assert!(v.segment_to_screen(behind, behind * 1.1).is_none());
        let (a, b) = v.segment_to_screen(behind, ahead).unwrap();
        assert!(a.is_finite() && b.is_finite());
    }

    #[test]
    fn looking_along_a_direction_and_fit() {
        let mut v = view();
        let d = Vec3::new(0.3, -0.5, 0.8).normalize();
        v.look_along(d);
        assert!((v.basis().back + d).length() < 1e-5);
        v.fit(Vec3::splat(-1.0), Vec3::splat(1.0));
        for corner in [
            Vec3::splat(-1.0),
            Vec3::splat(1.0),
            Vec3::new(1.0, -1.0, 1.0),
        ] {
            let s = v.to_screen(corner).unwrap();
            assert!(v.canvas.contains(s), "{corner} at {s}");
        }
    }
}
