//! The translate gizmo: three arrows from the selected shape's centre along
//! world +x, +y and +z. Dragging an arrow moves the shape along that world
//! axis only (Ctrl snaps that coordinate to the grid). Pure: picking and
//! the drag's geometry need only the [`View`].

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
