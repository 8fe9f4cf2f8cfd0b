//! The gizmos on the selected shape. Translate: three arrows from its
//! centre along world +x, +y and +z; dragging one moves the shape along
//! that world axis only (Ctrl snaps that coordinate to the grid). Rotate:
//! three rings about the same axes; dragging one turns the shape about
//! that axis by the angle the pointer sweeps on the ring's plane (Ctrl
//! snaps to 15°). Pure: picking and the drags' geometry need only the
//! [`View`].

use super::picture::{Ink, Picture};
use super::view::View;
use glam::{Vec2, Vec3};

/// The world axes the arrows point along, in order x, y, z.
pub const AXES: [Vec3; 3] = [Vec3::X, Vec3::Y, Vec3::Z];

/// Pixels from an arrow within which a press grabs it.
const GRAB_PX: f32 = 8.0;

/// Arrow length, world units: a fixed share of the eye distance, so the
/// arrows keep about the same size on screen.
pub fn length(view: &View) -> f32 {
    0.2 * view.dist
}

/// Adds the three arrows at `centre`.
pub fn arrows(out: &mut Picture, view: &View, centre: Vec3) {
    let len = length(view);
    for (k, d) in AXES.into_iter().enumerate() {
        let tip = centre + d * len;
        let ink = Ink::Gizmo(k as u8);
        out.line(centre, tip, ink, 2.5);
        // A small head: two strokes back from the tip, across the arrow in
        // the plane facing the camera.
        let across = d.cross(view.basis().back).normalize_or_zero() * len * 0.08;
        out.line(tip, tip - d * len * 0.15 + across, ink, 2.5);
        out.line(tip, tip - d * len * 0.15 - across, ink, 2.5);
    }
}

/// The arrow (0 = x, 1 = y, 2 = z) under pixel `s`, the nearest when
/// several are within reach; `None` when none is.
pub fn pick(view: &View, centre: Vec3, s: Vec2) -> Option<usize> {
    let len = length(view);
    AXES.into_iter()
        .enumerate()
        .filter_map(|(k, d)| {
            let (a, b) = view.segment_to_screen(centre, centre + d * len)?;
            Some((k, point_segment(s, a, b)))
        })
        .filter(|(_, px)| *px <= GRAB_PX)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(k, _)| k)
}

/// Ring radius, world units (inside the arrows' reach).
pub fn ring_radius(view: &View) -> f32 {
    0.13 * view.dist
}

/// The ring plane's in-plane axes for world axis `k`: `u × v` is the axis,
/// so angles from `u` towards `v` turn counter-clockwise about it.
fn ring_basis(k: usize) -> (Vec3, Vec3) {
    let k = k.min(2);
    (AXES[(k + 1) % 3], AXES[(k + 2) % 3])
}

/// Adds the three rings at `centre`.
pub fn rings(out: &mut Picture, view: &View, centre: Vec3) {
    let r = ring_radius(view);
    for k in 0..3 {
        let (u, v) = ring_basis(k);
        out.circle(centre, u, v, r, Ink::Gizmo(k as u8), 1.5);
    }
}

/// The ring (0 = about x) under pixel `s`, the nearest within reach.
pub fn pick_ring(view: &View, centre: Vec3, s: Vec2) -> Option<usize> {
    const N: usize = 48;
    let r = ring_radius(view);
    (0..3)
        .filter_map(|k| {
            let (u, v) = ring_basis(k);
            let at = |i: usize| {
                let t = std::f32::consts::TAU * i as f32 / N as f32;
                centre + (u * t.cos() + v * t.sin()) * r
            };
            (0..N)
                .filter_map(|i| view.segment_to_screen(at(i), at(i + 1)))
                .map(|(a, b)| point_segment(s, a, b))
                .min_by(f32::total_cmp)
                .map(|px| (k, px))
        })
        .filter(|(_, px)| *px <= GRAB_PX)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(k, _)| k)
}

/// The angle, radians, of the point where the ray through pixel `s` meets
/// ring `k`'s plane through `centre`, from `u` towards `v` (counter-clockwise
/// about the axis); `None` when the plane is edge-on or behind the eye.
pub fn ring_angle(view: &View, centre: Vec3, k: usize, s: Vec2) -> Option<f32> {
    let n = AXES[k.min(2)];
    let (eye, d) = (view.eye(), view.ray_dir(s));
    let den = d.dot(n);
    if den.abs() < 1e-4 {
        return None;
    }
    let t = (centre - eye).dot(n) / den;
    if t <= 0.0 {
        return None;
    }
    let p = eye + d * t - centre;
    let (u, v) = ring_basis(k);
    Some(p.dot(v).atan2(p.dot(u)))
}

/// The turn in degrees from angle `from` to `to` (radians), in (−180, 180];
/// `snap` rounds it to 15°.
pub fn sweep_deg(from: f32, to: f32, snap: bool) -> f32 {
    let mut d = (to - from).to_degrees() % 360.0;
    if d > 180.0 {
        d -= 360.0;
    } else if d <= -180.0 {
        d += 360.0;
    }
    if snap {
        (d / 15.0).round() * 15.0
    } else {
        d
    }
}

/// Distance in pixels from `p` to the segment `a`–`b`.
fn point_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        crate::app::num::clamp((p - a).dot(ab) / ab.length_squared(), 0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// The parameter `t` of the point on the world line `origin + t · dir`
/// (`dir` unit) nearest to the ray through pixel `s`; `None` when the line
/// runs (nearly) along that ray, so the pointer cannot say where on it.
pub fn along(view: &View, origin: Vec3, dir: Vec3, s: Vec2) -> Option<f32> {
    let (eye, ray) = (view.eye(), view.ray_dir(s));
    let b = dir.dot(ray);
    let den = 1.0 - b * b;
    if den < 1e-4 {
        return None;
    }
    let w = origin - eye;
    Some((b * ray.dot(w) - dir.dot(w)) / den)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;

    fn view() -> View {
        let mut v = View::new(Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0)));
        v.fit(Vec3::splat(-2.0), Vec3::splat(2.0));
        v
    }

    #[test]
    fn each_arrow_is_picked_near_its_middle_and_not_far_from_it() {
        let v = view();
        let c = Vec3::new(0.5, -0.3, 0.2);
        for (k, d) in AXES.into_iter().enumerate() {
            let mid = v.to_screen(c + d * length(&v) * 0.6).unwrap();
            assert_eq!(pick(&v, c, mid), Some(k), "arrow {k}");
            assert_eq!(pick(&v, c, mid + Vec2::new(30.0, 30.0)), None);
        }
    }

    #[test]
    fn a_ring_is_picked_on_its_rim_and_tells_the_angle_there() {
        let v = view();
        let c = Vec3::new(0.5, -0.3, 0.2);
        let r = ring_radius(&v);
        for k in 0..3 {
            let (u, w) = ring_basis(k);
            for deg in [20.0_f32, 110.0, 250.0] {
                let t = deg.to_radians();
                let s = v.to_screen(c + (u * t.cos() + w * t.sin()) * r).unwrap();
                let got = ring_angle(&v, c, k, s).unwrap();
                assert!(sweep_deg(t, got, false).abs() < 0.05, "{k} {deg}: {got}");
            }
        }
        // On a rim point away from where rings cross, that ring is picked.
        let (u, w) = ring_basis(2);
        let t = 200f32.to_radians();
        let s = v.to_screen(c + (u * t.cos() + w * t.sin()) * r).unwrap();
        assert_eq!(pick_ring(&v, c, s), Some(2));
        let centre = v.to_screen(c).unwrap();
        assert_eq!(pick_ring(&v, c, centre), None, "the centre is no rim");
    }

    #[test]
    fn sweeps_wrap_and_snap() {
        let r = |d: f32| d.to_radians();
        assert!((sweep_deg(r(170.0), r(-170.0), false) - 20.0).abs() < 1e-3);
        assert!((sweep_deg(r(-170.0), r(170.0), false) + 20.0).abs() < 1e-3);
        assert_eq!(sweep_deg(r(0.0), r(22.0), true), 15.0);
        assert_eq!(sweep_deg(r(0.0), r(23.0), true), 30.0);
    }

    #[test]
    fn along_finds_the_point_under_the_pointer_on_the_line() {
        let v = view();
        let c = Vec3::new(0.5, -0.3, 0.2);
        for d in AXES {
            for t in [-1.5, 0.0, 0.7, 2.0] {
                let s = v.to_screen(c + d * t).unwrap();
                let got = along(&v, c, d, s).unwrap();
                assert!((got - t).abs() < 1e-3, "{d} {t}: {got}");
            }
        }
        // Looking straight down the line: no answer.
        let mut top = v;
        top.target = c;
        top.look_along(Vec3::NEG_Z);
        let s = top.to_screen(c).unwrap();
        assert_eq!(along(&top, c, Vec3::Z, s), None);
    }
}
