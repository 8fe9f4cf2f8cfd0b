//! Square size handles on the selected shape: a sphere's radius, a box's
//! half-extent on each of its six faces, a capsule's two ends (its
//! half-length) and its radius, a segment's two ends. Dragging a handle
//! sets that size to the handle's distance from the centre along its
//! direction (the shape stays centred; Ctrl snaps the size to the grid).
//! Pure: handles and picking need only the shape and the [`View`].

use super::picture::{Ink, Picture};
use super::view::View;
use glam::{Vec2, Vec3};
use satlab::geom3d::Shape3;

/// Pixels from a handle's centre within which a press grabs it.
const GRAB_PX: f32 = 7.0;

/// One size handle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Handle {
    /// Where it is, world units.
    pub at: Vec3,
    /// Unit direction from the centre the size is measured along.
    pub dir: Vec3,
    /// Which size, in [`super::edit::dims`]' order.
    pub size: usize,
}

/// The handles of `s` seen through `view` (a sphere's and a capsule's
/// radius handles sit to the screen's right of the centre / core).
pub fn handles(s: &Shape3, view: &View) -> Vec<Handle> {
    let pose = s.pose();
    let (c, m) = (pose.position(), pose.matrix());
    let right = view.basis().right;
    let h = |at: Vec3, dir: Vec3, size: usize| Handle { at, dir, size };
    match s {
        Shape3::Point(_) | Shape3::Ray(_) | Shape3::Triangle(_) | Shape3::Hull(_) => Vec::new(),
        Shape3::Sphere(x) => vec![h(c + right * x.radius(), right, 0)],
        Shape3::Aabb(b) => faces(c, [Vec3::X, Vec3::Y, Vec3::Z], b.half_extents()),
        Shape3::Obb(b) => faces(c, [m.x_axis, m.y_axis, m.z_axis], b.half_extents()),
        Shape3::Segment(x) => {
            let (p, q) = x.endpoints();
            let d = (q - p).normalize_or_zero();
            vec![h(q, d, 0), h(p, -d, 0)]
        }
        Shape3::Capsule(k) => {
            let (p, q) = k.endpoints();
            let d = (q - p).normalize_or_zero();
            let side = d.cross(view.basis().back).try_normalize().unwrap_or(right);
            vec![h(q, d, 0), h(p, -d, 0), h(c + side * k.radius(), side, 1)]
        }
    }
}

fn faces(c: Vec3, axes: [Vec3; 3], half: Vec3) -> Vec<Handle> {
    (0..3)
        .flat_map(|i| {
            [1.0, -1.0].map(|sign| Handle {
                at: c + axes[i] * half[i] * sign,
                dir: axes[i] * sign,
                size: i,
            })
        })
        .collect()
}

/// Adds a small square, facing the camera, on each handle.
pub fn squares(out: &mut Picture, view: &View, hs: &[Handle]) {
    let b = view.basis();
    for hd in hs {
        let s = 0.012 * (view.eye() - hd.at).length();
        let (r, u) = (b.right * s, b.up * s);
        let k = [hd.at - r - u, hd.at + r - u, hd.at + r + u, hd.at - r + u];
        for i in 0..4 {
            out.line(k[i], k[(i + 1) % 4], Ink::Handle, 2.0);
        }
    }
}

/// The handle under pixel `s` (the nearest within reach).
pub fn pick(view: &View, hs: &[Handle], s: Vec2) -> Option<usize> {
    hs.iter()
        .enumerate()
        .filter_map(|(i, h)| {
            view.to_screen(h.at)
                .map(|p| (i, (p - s).abs().max_element()))
        })
        .filter(|(_, px)| *px <= GRAB_PX)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;
    use crate::app::space::starter;

    #[test]
    fn a_box_has_a_handle_on_each_face_and_each_is_picked_where_it_is_drawn() {
        let sc = starter();
        let mut v = View::new(Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0)));
        v.fit(Vec3::splat(-3.0), Vec3::splat(3.0));
        let hs = handles(&sc.b.shape, &v);
        assert_eq!(hs.len(), 6);
        let c = sc.b.shape.pose().position();
        for h in &hs {
            let d = (h.at - c).dot(h.dir);
            let half = super::super::edit::dims(&sc.b.shape)[h.size].1;
            assert!((d - half).abs() < 1e-5, "{h:?}");
        }
        for (i, h) in hs.iter().enumerate() {
            let s = v.to_screen(h.at).unwrap();
            // Faces hidden behind the box still get their handle; two may
            // coincide on screen, then either is fine if at the same spot.
            let got = pick(&v, &hs, s).unwrap();
            let at = v.to_screen(hs[got].at).unwrap();
            assert!((at - s).length() < 1.0, "{i}: picked {got}");
        }
        assert_eq!(pick(&v, &hs, Vec2::new(2.0, 2.0)), None);
    }
}
