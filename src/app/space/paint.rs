//! Draws the 3D display list: projects each line and quad through the
//! [`View`], clips it to the canvas, and strokes it with the palette's
//! colour for its ink. No geometry is decided here.

use super::picture::{Ink, Picture};
use super::view::View;
use crate::app::draw::{Anchor, Painter};
use crate::app::palette::{alpha, Palette};
use crate::app::{aa, clip};
use glam::Vec3;
use macroquad::color::Color;

/// The colour of `ink`.
pub(super) fn colour(p: &Palette, ink: Ink) -> Color {
    match ink {
        Ink::A => p.a,
        Ink::B => p.b,
        Ink::Grid => p.grid,
        Ink::GridMajor => p.grid_major,
        Ink::World(_) => p.world_axes,
        Ink::Axis => alpha(p.muted, 0.45),
        Ink::Focus => p.axis,
        Ink::Decisive => p.decisive,
        Ink::Mtv => p.mtv,
        Ink::Plane => alpha(p.decisive, 0.5),
        Ink::Gizmo(k) => p.gizmo[usize::from(k.min(2))],
        Ink::Ring(k) => alpha(colour(p, Ink::Gizmo(k)), 0.6),
        Ink::Grip => p.handle,
        Ink::Role(r) => p.role(r),
        Ink::Contact => p.hit,
        Ink::Cut => p.overlap,
        Ink::Ghost(side) => alpha(colour(p, super::picture::side_ink(side)), 0.45),
    }
}

/// Draws `pic` seen through `view`.
pub fn picture(p: &Painter, view: &View, pic: &Picture) {
    let r = view.canvas;
    for q in &pic.quads {
        let s: Option<Vec<_>> = q.corners.iter().map(|c| view.to_screen(*c)).collect();
        if let Some(s) = s {
            let c = alpha(colour(&p.pal, q.ink), 0.16);
            aa::triangle(s[0], s[1], s[2], c);
            aa::triangle(s[0], s[2], s[3], c);
        }
    }
    for l in &pic.lines {
        let Some((a, b)) = view.segment_to_screen(l.a, l.b) else {
            continue;
        };
        let Some((a, b)) = clip::segment(a, b, r, 4.0) else {
            continue;
        };
        let (w, c) = (l.width * p.scale, colour(&p.pal, l.ink));
        if l.dashed {
            for (x, y) in clip::dashes(a, b, 6.0 * p.scale, 4.0 * p.scale, r) {
                aa::line(x.x, x.y, y.x, y.y, w, c);
            }
        } else {
            aa::line(a.x, a.y, b.x, b.y, w, c);
        }
    }
}

/// Labels: the world axes' ends and the shapes' letters.
pub fn labels(p: &Painter, view: &View, axis_len: f32, a: Vec3, b: Vec3) {
    let marks = [
        ("x", Vec3::X * axis_len, p.pal.world_axes),
        ("y", Vec3::Y * axis_len, p.pal.world_axes),
        ("z", Vec3::Z * axis_len, p.pal.world_axes),
        ("A", a, p.pal.a),
        ("B", b, p.pal.b),
    ];
    for (text, at, c) in marks {
        if let Some(s) = view.to_screen(at) {
            if view.canvas.contains(s) {
                p.label(text, s, 13.0 * p.labels, c, Anchor::Center, true);
            }
        }
    }
}
