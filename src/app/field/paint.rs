//! Drawing a field [`Picture`] with the shared [`Painter`]. Kept cheap for
//! thousands of shapes: small shapes become one rectangle, outlines are
//! thin single lines, and highlighted shapes reuse the pair mode's drawing.

use crate::app::camera::Camera;
use crate::app::display::Role;
use crate::app::draw::{Anchor, Painter};
use crate::app::field::picture::{CellStyle, Picture, ShapeStyle};
use crate::app::outline::{look, Look};
use crate::app::palette::alpha;
use glam::Vec2;
use macroquad::color::Color;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_triangle};
use satlab::broad::Bounds;
use satlab::geom::{Shape, Verdict};

/// Shapes smaller than this on screen (pixels) are drawn as a rectangle.
const TINY_PX: f32 = 5.0;

impl Painter<'_> {
    /// The field: cells, shapes, query shape, ray and hits, with the ray's
    /// handles and the selected shape's outline.
    pub fn field(
        &self,
        cam: &Camera,
        shapes: &[Shape],
        query: Option<&Shape>,
        pic: &Picture,
        selected: Option<usize>,
    ) {
        let far = {
            let (lo, hi) = cam.visible();
            (hi - lo).length() * 2.0 + cam.center.length()
        };
        for (b, style) in &pic.cells {
            self.cell(cam, b, *style);
        }
        for &(i, style) in &pic.shapes {
            let Some(s) = shapes.get(i) else { continue };
            let hot = selected == Some(i);
            match style {
                ShapeStyle::Plain if !hot => self.plain_shape(cam, s),
                _ => {
                    let (role, verdict) = match style {
                        ShapeStyle::Hit => (Role::B, Verdict::Overlapping),
                        ShapeStyle::Candidate => (Role::A, Verdict::Separated),
                        ShapeStyle::Plain => (Role::Muted, Verdict::Separated),
                    };
                    self.shape(cam, &look(s, far), role, verdict, hot);
                }
            }
        }
        if let Some(q) = query {
            self.shape(cam, &look(q, far), Role::Mtv, Verdict::Separated, false);
        }
        if let Some((from, to)) = pic.ray {
            let (a, b) = clip(cam, from, to);
            let c = self.pal.distance;
            draw_line(a.x, a.y, b.x, b.y, 2.0 * self.scale, c);
        }
        for h in &pic.hits {
            let s = cam.to_screen(h.point);
            if !cam.canvas.contains(s) {
                continue;
            }
            let n = cam.to_screen(h.point + h.normal / cam.zoom * 18.0 * self.scale);
            let c = self.pal.hit;
            draw_line(s.x, s.y, n.x, n.y, 2.0 * self.scale, c);
            draw_circle(s.x, s.y, 5.5 * self.scale, self.pal.bg);
            draw_circle(s.x, s.y, 4.0 * self.scale, c);
            if h.first {
                draw_circle_lines(s.x, s.y, 9.0 * self.scale, 2.0 * self.scale, c);
                self.label(
                    "first",
                    s + Vec2::new(0.0, 20.0) * self.scale,
                    11.0,
                    c,
                    Anchor::Center,
                    false,
                );
            }
        }
        if let Some((from, to)) = pic.ray {
            let o = cam.to_screen(from);
            let d = ray_handle(cam, from, to, self.scale);
            let c = self.pal.distance;
            draw_rectangle(o.x - 6.0, o.y - 6.0, 12.0, 12.0, c);
            draw_rectangle(o.x - 4.0, o.y - 4.0, 8.0, 8.0, self.pal.handle);
            draw_circle(d.x, d.y, 7.0 * self.scale, self.pal.handle);
            draw_circle_lines(d.x, d.y, 7.0 * self.scale, 2.0 * self.scale, c);
        }
    }

    fn cell(&self, cam: &Camera, b: &Bounds, style: CellStyle) {
        let (p, q) = (cam.to_screen(b.min), cam.to_screen(b.max));
        let (lo, hi) = (p.min(q), p.max(q));
        // Clip to the canvas: long lines are what software GL pays for.
        let r = cam.canvas;
        let (x0, y0) = (lo.x.max(r.min.x - 2.0), lo.y.max(r.min.y - 2.0));
        let (x1, y1) = (hi.x.min(r.max.x + 2.0), hi.y.min(r.max.y + 2.0));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        // Outlines only: filled loose bounds overlap many times over, and
        // every covered pixel costs software OpenGL a blend.
        let (line, w): (Color, f32) = match style {
            CellStyle::Cell => (self.pal.grid_major, 1.0),
            CellStyle::Loose => (alpha(self.pal.axis, 0.45), 1.0),
            CellStyle::RayVisited => (alpha(self.pal.distance, 0.8), 1.5),
            CellStyle::QueryVisited => (alpha(self.pal.mtv, 0.8), 1.5),
        };
        if lo.y >= y0 {
            draw_line(x0, lo.y, x1, lo.y, w, line);
        }
        if hi.y <= y1 {
            draw_line(x0, hi.y, x1, hi.y, w, line);
        }
        if lo.x >= x0 {
            draw_line(lo.x, y0, lo.x, y1, w, line);
        }
        if hi.x <= x1 {
            draw_line(hi.x, y0, hi.x, y1, w, line);
        }
    }

    /// A shape nothing picked out: translucent fill, a thin outline; a
    /// small rectangle when it is only a few pixels across.
    fn plain_shape(&self, cam: &Camera, s: &Shape) {
        let fill = alpha(self.pal.muted, 0.35);
        let edge = alpha(self.pal.muted, 0.9);
        let (lo, hi) = s.bounds();
        let (p, q) = (cam.to_screen(lo), cam.to_screen(hi));
        let size = (q - p).abs();
        if size.max_element() < TINY_PX && lo.is_finite() && hi.is_finite() {
            let a = p.min(q);
            draw_rectangle(a.x, a.y, size.x.max(1.0), size.y.max(1.0), edge);
            return;
        }
        match s {
            Shape::Circle(c) => {
                let o = cam.to_screen(c.center());
                let r = c.radius() * cam.zoom;
                let sides = (r * 0.5).clamp(10.0, 48.0) as u8;
                macroquad::shapes::draw_poly(o.x, o.y, sides, r, 0.0, fill);
                macroquad::shapes::draw_poly_lines(o.x, o.y, sides, r, 0.0, 1.0, edge);
            }
            _ => match look(s, 1e4) {
                Look::Area { boundary, fan, .. } => {
                    let f = cam.to_screen(fan);
                    let pts: Vec<Vec2> = boundary.iter().map(|p| cam.to_screen(*p)).collect();
                    let n = pts.len();
                    for i in 0..n {
                        let (a, b) = (pts[i], pts[(i + 1) % n]);
                        draw_triangle(f, a, b, fill);
                        draw_line(a.x, a.y, b.x, b.y, 1.0, edge);
                    }
                }
                Look::Stroke { points, .. } => {
                    for w in points.windows(2) {
                        let (a, b) = clip(cam, w[0], w[1]);
                        draw_line(a.x, a.y, b.x, b.y, 1.5, edge);
                    }
                }
                Look::Dot(p) => {
                    let s = cam.to_screen(p);
                    draw_circle(s.x, s.y, 3.0 * self.scale, edge);
                }
            },
        }
    }
}

/// Screen position of the ray's direction handle: a fixed number of pixels
/// along the ray from its origin.
pub fn ray_handle(cam: &Camera, from: Vec2, to: Vec2, scale: f32) -> Vec2 {
    let o = cam.to_screen(from);
    let d = (cam.to_screen(to) - o).normalize_or_zero();
    o + d * 80.0 * scale
}

/// The screen segment of world `from..to`, cut to a box a little larger
/// than the canvas (Liang–Barsky).
fn clip(cam: &Camera, from: Vec2, to: Vec2) -> (Vec2, Vec2) {
    let (a, b) = (cam.to_screen(from), cam.to_screen(to));
    let r = cam.canvas;
    let (lo, hi) = (r.min - Vec2::splat(10.0), r.max + Vec2::splat(10.0));
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-d.x, a.x - lo.x),
        (d.x, hi.x - a.x),
        (-d.y, a.y - lo.y),
        (d.y, hi.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return (a, a);
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    if t0 > t1 {
        return (a, a);
    }
    (a + d * t0, a + d * t1)
}
