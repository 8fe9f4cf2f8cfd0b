//! Drawing a field [`Picture`] with the shared [`Painter`]. Kept cheap for
//! thousands of shapes on software OpenGL: the grid, the tree's cells and
//! every shape only a few pixels big go into one CPU-filled texture (the
//! [`Layer`], see `raster`); larger plain shapes are thin outlines; and
//! candidates, hits and the query shape reuse the pair mode's drawing.

use crate::app::aa;
use crate::app::camera::Camera;
use crate::app::clip;
use crate::app::display::Role;
use crate::app::draw::{Anchor, Painter};
use crate::app::export::record::{draw_rectangle, draw_triangle};
use crate::app::field::picture::{CellStyle, PairMark, Picture, ShapeStyle};
use crate::app::field::raster::{Ops, PixRect, Raster};
use crate::app::grid::Grid;
use crate::app::i18n::tr;
use crate::app::num;
use crate::app::outline::{look, Look};
use crate::app::palette::{alpha, layer_colour_or};
use glam::Vec2;
use macroquad::color::{Color, WHITE};
use macroquad::texture::{draw_texture_ex, DrawTextureParams, FilterMode, Texture2D};
use satlab::broad::{Bounds, ShapeTags};
use satlab::geom::{Shape, Verdict};

/// Shapes smaller than this on screen (pixels) are drawn as a rectangle.
const TINY_PX: f32 = 5.0;
/// Shapes smaller than this on screen (pixels) are filled in the software
/// layer (fill and a one-pixel edge); larger ones are drawn with OpenGL.
const SMALL_PX: f32 = 40.0;
/// How many times over the plain shapes drawn with OpenGL in one frame may
/// cover the canvas (each counted by its box on the canvas). Software
/// OpenGL keeps memory per triangle and screen tile for the whole frame:
/// 1,000 coincident discs a canvas high took 780 MB. Shapes beyond this
/// are under a pile at least this deep, whose translucent fills are
/// already opaque, so they are skipped.
const MAX_SMOOTH_COVER: f32 = 24.0;
/// Most corners of a polygon filled in the software layer.
const MAX_CORNERS: usize = 24;
/// How much of its colour a filtered or unusable shape keeps.
const FADED: f32 = 0.3;

impl Painter<'_> {
    /// The field: cells, shapes, query shape, ray and hits, with the ray's
    /// handles and the selected shape's outline.
    pub fn field(&self, cam: &Camera, v: &FieldView, layer: &mut Layer) {
        let FieldView {
            shapes,
            tags,
            colours,
            query,
            pic,
            selected,
        } = *v;
        let far = cam.far();
        let tint = |i: usize| {
            let k = tags.get(i).copied().unwrap_or_default().layer.index();
            layer_colour_or(&self.pal, k, colours.get(k).copied().flatten())
        };
        // Last frame's list, emptied: its memory is reused.
        let mut ops = std::mem::take(&mut layer.scratch);
        ops.clear();
        let grid = Grid::of(cam, self.scale);
        self.grid_lines(&grid, cam, &mut ops);
        for (b, style) in &pic.cells {
            self.cell(cam, b, *style, &mut ops);
        }
        let mut big = Vec::new();
        let canvas = cam.canvas.size();
        let mut cover_left = MAX_SMOOTH_COVER * canvas.x * canvas.y;
        for &(i, style) in &pic.shapes {
            let quiet = matches!(
                style,
                ShapeStyle::Plain | ShapeStyle::Filtered | ShapeStyle::Unusable
            );
            if !quiet || selected == Some(i) {
                continue;
            }
            let Some(s) = shapes.get(i) else { continue };
            // Filtered and unusable shapes are faded; unusable ones large
            // enough to show it are dashed.
            let faded = style != ShapeStyle::Plain;
            if !self.small_shape(cam, s, tint(i), faded, &mut ops) && cover_left > 0.0 {
                cover_left -= on_canvas_area(cam, s);
                big.push((s, tint(i), style));
            }
        }
        // Pairs short on screen go into the software layer with the small
        // shapes (a zoomed-out field has thousands); the rest are drawn
        // smooth, with their MTV arrows.
        let long_pairs = self.short_pairs(cam, &pic.pairs, &mut ops);
        layer.draw(cam, &ops);
        layer.scratch = ops;
        self.grid_labels(&grid, cam);
        for (s, colour, style) in big {
            match style {
                ShapeStyle::Unusable => self.dashed_shape(cam, s, colour),
                _ => self.plain_shape(cam, s, colour, style == ShapeStyle::Filtered),
            }
        }
        self.pairs(cam, &long_pairs);
        for &(i, style) in &pic.shapes {
            let Some(s) = shapes.get(i) else { continue };
            let hot = selected == Some(i);
            let (role, verdict) = match style {
                ShapeStyle::Plain | ShapeStyle::Filtered | ShapeStyle::Unusable if !hot => continue,
                ShapeStyle::Filtered | ShapeStyle::Unusable => (Role::Muted, Verdict::Separated),
                ShapeStyle::Hit => (Role::B, Verdict::Overlapping),
                ShapeStyle::Candidate => (Role::A, Verdict::Separated),
                ShapeStyle::Plain => (Role::Muted, Verdict::Separated),
            };
            self.shape(cam, &look(s, far), role, verdict, hot);
        }
        if let Some(q) = query {
            self.query_shape(cam, q, far);
        }
        self.ray(cam, pic);
        self.numbers(cam, pic);
    }

    /// Each shape's number (the tables' numbers) at its centre.
    fn numbers(&self, cam: &Camera, pic: &Picture) {
        for &(i, at) in &pic.numbers {
            let s = cam.to_screen(at);
            if cam.canvas.contains(s) {
                let text = i.to_string();
                self.label(
                    &text,
                    s,
                    11.0 * self.labels,
                    self.pal.text,
                    Anchor::Center,
                    true,
                );
            }
        }
    }

    /// The query shape in its own hue (violet, like the nodes its query
    /// visits), drawn heavier than the shapes it tests, and its label.
    fn query_shape(&self, cam: &Camera, q: &Shape, far: f32) {
        self.shape(cam, &look(q, far), Role::Decisive, Verdict::Separated, true);
        let (lo, hi) = q.bounds();
        if lo.is_finite() && hi.is_finite() {
            let top = cam.to_screen(Vec2::new((lo.x + hi.x) * 0.5, hi.y));
            self.label(
                tr("query shape"),
                top - Vec2::new(0.0, 12.0) * self.scale,
                11.0 * self.labels,
                self.pal.decisive,
                Anchor::Center,
                true,
            );
        }
    }

    /// The ray, its hits with their normals (the first ringed) and its two
    /// handles.
    fn ray(&self, cam: &Camera, pic: &Picture) {
        if let Some((from, to)) = pic.ray {
            let (a, b) = clip(cam, from, to);
            let c = self.pal.distance;
            aa::line(a.x, a.y, b.x, b.y, 2.0 * self.scale, c);
        }
        for h in &pic.hits {
            let s = cam.to_screen(h.point);
            if !cam.canvas.contains(s) {
                continue;
            }
            let n = cam.to_screen(h.point + h.normal / cam.zoom * 18.0 * self.scale);
            let c = self.pal.hit;
            aa::line(s.x, s.y, n.x, n.y, 2.0 * self.scale, c);
            aa::disc(s.x, s.y, 5.5 * self.scale, self.pal.bg);
            aa::disc(s.x, s.y, 4.0 * self.scale, c);
            if h.first {
                aa::ring(s.x, s.y, 9.0 * self.scale, 2.0 * self.scale, c);
                self.label(
                    tr("first"),
                    s + Vec2::new(0.0, 20.0) * self.scale,
                    11.0 * self.labels,
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
            aa::disc(d.x, d.y, 7.0 * self.scale, self.pal.handle);
            aa::ring(d.x, d.y, 7.0 * self.scale, 2.0 * self.scale, c);
        }
    }

    /// The grid's lines and the world axes for the software layer (the
    /// pair mode's grid, whose full-height lines are what software OpenGL
    /// is slowest at).
    fn grid_lines(&self, g: &Grid, cam: &Camera, out: &mut Ops) {
        let size = cam.canvas.size();
        let o = cam.to_screen(Vec2::ZERO) - cam.canvas.min;
        let mut line = |vertical: bool, at: f32, w: f32, c: Color| {
            let c = rgba8(c);
            out.rect(if vertical {
                PixRect::covering((at - w * 0.5, 0.0), (at + w * 0.5, size.y), c)
            } else {
                PixRect::covering((0.0, at - w * 0.5), (size.x, at + w * 0.5), c)
            });
        };
        for (set, color) in [(&g.minor, self.pal.grid), (&g.major, self.pal.grid_major)] {
            for &x in &set.xs {
                let sx = cam.to_screen(Vec2::new(x, 0.0)).x - cam.canvas.min.x;
                line(true, sx, 1.0, color);
            }
            for &y in &set.ys {
                let sy = cam.to_screen(Vec2::new(0.0, y)).y - cam.canvas.min.y;
                line(false, sy, 1.0, color);
            }
        }
        line(true, o.x, 1.5, self.pal.world_axes);
        line(false, o.y, 1.5, self.pal.world_axes);
    }

    /// The numbers on the major grid lines, along the world axes (kept on screen).
    fn grid_labels(&self, g: &Grid, cam: &Camera) {
        for (text, at) in g.labels(cam) {
            self.text_plain(&text, at, 11.0 * self.labels, self.pal.muted);
        }
    }

    /// `c` blended onto the background: opaque, so the software layer
    /// fills it without per-pixel blending.
    fn on_bg(&self, c: Color) -> Color {
        let (a, bg) = (num::clamp(c.a, 0.0, 1.0), self.pal.bg);
        let mix = |f: f32, b: f32| f * a + b * (1.0 - a);
        Color::new(mix(c.r, bg.r), mix(c.g, bg.g), mix(c.b, bg.b), 1.0)
    }

    /// The outline of cell `b` as up to four one- or two-pixel rectangles
    /// for the software layer, cut to the canvas.
    fn cell(&self, cam: &Camera, b: &Bounds, style: CellStyle, out: &mut Ops) {
        let (p, q) = (
            cam.to_screen(b.min) - cam.canvas.min,
            cam.to_screen(b.max) - cam.canvas.min,
        );
        let (lo, hi) = (p.min(q), p.max(q));
        let size = cam.canvas.size();
        let (x0, y0) = (lo.x.max(-2.0), lo.y.max(-2.0));
        let (x1, y1) = (hi.x.min(size.x + 2.0), hi.y.min(size.y + 2.0));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (line, w): (Color, f32) = match style {
            // Not the grid's colour: a cell edge on a grid line must show.
            CellStyle::Cell => (alpha(self.pal.axis, 0.55), 1.0),
            CellStyle::Loose => (alpha(self.pal.axis, 0.4), 1.0),
            CellStyle::RayVisited => (alpha(self.pal.distance, 0.8), 2.0),
            CellStyle::QueryVisited => (alpha(self.pal.decisive, 0.8), 2.0),
        };
        let c = rgba8(self.on_bg(line));
        let mut push = |a: (f32, f32), b: (f32, f32)| out.rect(PixRect::covering(a, b, c));
        if lo.y >= y0 {
            push((x0, lo.y), (x1, lo.y + w));
        }
        if hi.y <= y1 {
            push((x0, hi.y - w), (x1, hi.y));
        }
        if lo.x >= x0 {
            push((lo.x, y0), (lo.x + w, y1));
        }
        if hi.x <= x1 {
            push((hi.x - w, y0), (hi.x, y1));
        }
    }

    /// A plain shape smaller than [`SMALL_PX`] on screen, into the software
    /// layer: one rectangle when only a few pixels across, else its fill
    /// with a one-pixel edge, as the OpenGL drawing would show it. False
    /// (nothing added) when it is larger, unbounded, or not an area.
    fn small_shape(
        &self,
        cam: &Camera,
        s: &Shape,
        tint: Color,
        faded: bool,
        out: &mut Ops,
    ) -> bool {
        let k = if faded { FADED } else { 1.0 };
        let (lo, hi) = s.bounds();
        if !(lo.is_finite() && hi.is_finite()) {
            return false;
        }
        let origin = cam.canvas.min;
        let (p, q) = (cam.to_screen(lo) - origin, cam.to_screen(hi) - origin);
        let size = (q - p).abs().max_element();
        let edge = rgba8(self.on_bg(alpha(tint, 0.9 * k)));
        if size < TINY_PX {
            out.rect(PixRect::covering((p.x, p.y), (q.x, q.y), edge));
            return true;
        }
        if size >= SMALL_PX {
            return false;
        }
        let fill = rgba8(self.on_bg(alpha(tint, 0.35 * k)));
        if let Shape::Circle(c) = s {
            let o = cam.to_screen(c.center()) - origin;
            let r = c.radius() * cam.zoom;
            out.disc(o.x, o.y, r, edge);
            out.disc(o.x, o.y, r - 1.0, fill);
            return true;
        }
        let Look::Area { boundary, .. } = look(s, 1e4) else {
            return false;
        };
        // A subset of a convex polygon's corners is convex: keep at most
        // MAX_CORNERS of them (curved ends have dozens).
        let step = boundary.len().div_ceil(MAX_CORNERS).max(1);
        let pts: Vec<Vec2> = boundary
            .iter()
            .step_by(step)
            .map(|w| cam.to_screen(*w) - origin)
            .collect();
        if pts.len() < 3 {
            return false;
        }
        // The fill is the polygon shrunk about its centre by one pixel
        // towards its nearest side, leaving the edge colour around it.
        let c = pts.iter().copied().sum::<Vec2>() / pts.len() as f32;
        let inner = (0..pts.len())
            .map(|k| {
                let (a, b) = (pts[k], pts[(k + 1) % pts.len()]);
                (b - a).perp_dot(c - a).abs() / (b - a).length().max(1e-6)
            })
            .fold(f32::INFINITY, f32::min);
        let k = (1.0 - 1.0 / inner.max(1e-6)).max(0.0);
        out.poly(pts.iter().map(|p| [p.x, p.y]), edge);
        out.poly(
            pts.iter().map(|p| {
                let v = c + (*p - c) * k;
                [v.x, v.y]
            }),
            fill,
        );
        true
    }

    /// A shape nothing picked out, in its layer's colour `tint`:
    /// translucent fill, a thin outline; fainter when `faded`.
    fn plain_shape(&self, cam: &Camera, s: &Shape, tint: Color, faded: bool) {
        let k = if faded { FADED } else { 1.0 };
        let fill = alpha(tint, 0.35 * k);
        let edge = alpha(tint, 0.9 * k);
        match s {
            Shape::Circle(c) => {
                let o = cam.to_screen(c.center());
                let r = c.radius() * cam.zoom;
                // As many sides as the smooth outline has, so the fill meets it.
                let sides = aa::segments(r) as u8;
                if !crate::app::export::record::disc(o, r, fill) {
                    macroquad::shapes::draw_poly(o.x, o.y, sides, r, 0.0, fill);
                }
                aa::ring(o.x, o.y, r, 1.0, edge);
            }
            Shape::Point(_)
            | Shape::Segment(_)
            | Shape::Ray(_)
            | Shape::Line(_)
            | Shape::Aabb(_)
            | Shape::Obb(_)
            | Shape::Capsule(_)
            | Shape::Sector(_)
            | Shape::Polygon(_) => match look(s, 1e4) {
                Look::Area { boundary, fan, .. } => {
                    let f = cam.to_screen(fan);
                    let pts: Vec<Vec2> = boundary.iter().map(|p| cam.to_screen(*p)).collect();
                    let n = pts.len();
                    for i in 0..n {
                        draw_triangle(f, pts[i], pts[(i + 1) % n], fill);
                    }
                    aa::polyline(&pts, true, 1.0, edge);
                }
                Look::Stroke { points, .. } => {
                    for w in points.windows(2) {
                        let (a, b) = clip(cam, w[0], w[1]);
                        aa::line(a.x, a.y, b.x, b.y, 1.5, edge);
                    }
                }
                Look::Dot(p) => {
                    let s = cam.to_screen(p);
                    aa::disc(s.x, s.y, 3.0 * self.scale, edge);
                }
            },
        }
    }
}

/// Field mode's picture and what it is drawn from.
#[derive(Clone, Copy)]
pub struct FieldView<'a> {
    /// The field's shapes.
    pub shapes: &'a [Shape],
    /// Their layers and flags.
    pub tags: &'a [ShapeTags],
    /// The layers' chosen colours, by layer number.
    pub colours: &'a [Option<[u8; 3]>],
    /// The query shape.
    pub query: Option<&'a Shape>,
    /// What to draw.
    pub pic: &'a Picture,
    /// The selected shape.
    pub selected: Option<usize>,
}

impl Painter<'_> {
    /// An inactive or disabled shape: no fill, a faded dashed outline.
    fn dashed_shape(&self, cam: &Camera, s: &Shape, tint: Color) {
        let edge = alpha(tint, 0.7);
        let pts: Vec<Vec2> = match look(s, cam.far()) {
            Look::Area { boundary, .. } => boundary,
            Look::Stroke { points, .. } => points,
            Look::Dot(p) => vec![p],
        };
        let closed = matches!(look(s, 1.0), Look::Area { .. });
        let screen: Vec<Vec2> = pts.iter().map(|p| cam.to_screen(*p)).collect();
        let (on, off) = (8.0 * self.scale, 6.0 * self.scale);
        for (p, q) in clip::polyline_dashes(&screen, closed, on, off, cam.canvas) {
            aa::line(p.x, p.y, q.x, q.y, 1.2 * self.scale, edge);
        }
    }

    /// Pairs whose line is shorter than [`SMALL_PX`] on screen, as thin
    /// quads in the software layer (their MTV arrows would be a few pixels:
    /// left out); the longer ones are returned.
    fn short_pairs(&self, cam: &Camera, pairs: &[PairMark], out: &mut Ops) -> Vec<PairMark> {
        let origin = cam.canvas.min;
        let c = rgba8(self.on_bg(alpha(self.pal.overlap, 0.8)));
        let half = 0.75 * self.scale;
        let mut long = Vec::new();
        for m in pairs {
            let (a, b) = (cam.to_screen(m.a) - origin, cam.to_screen(m.b) - origin);
            if (b - a).length() >= SMALL_PX {
                long.push(*m);
                continue;
            }
            let n = (b - a).normalize_or(Vec2::X).perp() * half;
            let quad = [a + n, b + n, b - n, a - n];
            out.poly(quad.iter().map(|p| [p.x, p.y]), c);
        }
        long
    }

    /// Overlapping pairs: a line between the two shapes, and the MTV as an
    /// arrow from the second.
    fn pairs(&self, cam: &Camera, pairs: &[PairMark]) {
        let w = 1.5 * self.scale;
        for m in pairs {
            let (a, b) = clip(cam, m.a, m.b);
            aa::line(a.x, a.y, b.x, b.y, w, alpha(self.pal.overlap, 0.8));
            let Some(mtv) = m.mtv.filter(|v| v.is_finite() && *v != Vec2::ZERO) else {
                continue;
            };
            let from = cam.to_screen(m.b);
            let to = cam.to_screen(m.b + mtv);
            if !cam.canvas.contains(from) {
                continue;
            }
            let c = self.pal.mtv;
            aa::line(from.x, from.y, to.x, to.y, w, c);
            let d = (to - from).normalize_or_zero() * 7.0 * self.scale;
            let side = d.perp() * 0.5;
            aa::triangle(to, to - d + side, to - d - side, c);
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
/// than the canvas ([`clip::segment`]); a point when it misses.
fn clip(cam: &Camera, from: Vec2, to: Vec2) -> (Vec2, Vec2) {
    let a = cam.to_screen(from);
    clip::segment(a, cam.to_screen(to), cam.canvas, 10.0).unwrap_or((a, a))
}

/// `c` as straight RGBA bytes.
fn rgba8(c: Color) -> [u8; 4] {
    let b = |v: f32| (num::clamp(v, 0.0, 1.0) * 255.0).round() as u8;
    [b(c.r), b(c.g), b(c.b), b(c.a)]
}

/// The software layer and its texture, kept from frame to frame so an
/// unchanged layer is not uploaded again.
#[derive(Default)]
pub struct Layer {
    raster: Raster,
    texture: Option<Texture2D>,
    scratch: Ops,
}

impl Layer {
    /// Fills the layer with `ops` (canvas pixels) and draws it over the canvas.
    fn draw(&mut self, cam: &Camera, ops: &Ops) {
        let size = cam.canvas.size();
        let (w, h) = (
            size.x.round().max(1.0) as u32,
            size.y.round().max(1.0) as u32,
        );
        if ops.list.is_empty() {
            return;
        }
        if crate::app::export::record::on() {
            record_ops(cam.canvas.min, ops);
            return;
        }
        let (w, h) = (w.min(u16::MAX as u32), h.min(u16::MAX as u32));
        if self.raster.paint(w, h, ops) || self.texture.is_none() {
            let (rw, rh) = (self.raster.width(), self.raster.height());
            let fits = self
                .texture
                .as_ref()
                .is_some_and(|t| t.width() as u32 == rw && t.height() as u32 == rh);
            if fits {
                if let Some(t) = &self.texture {
                    t.update_from_bytes(rw, rh, self.raster.bytes());
                }
            } else {
                let t = Texture2D::from_rgba8(rw as u16, rh as u16, self.raster.bytes());
                t.set_filter(FilterMode::Nearest);
                self.texture = Some(t);
            }
        }
        if let Some(t) = &self.texture {
            let params = DrawTextureParams {
                dest_size: Some(Vec2::new(w as f32, h as f32)),
                ..Default::default()
            };
            draw_texture_ex(t, cam.canvas.min.x, cam.canvas.min.y, WHITE, params);
        }
    }
}

/// The layer's fills as vector shapes of an export's recording
/// ([`crate::app::export::record`]), `origin` the canvas's top left.
fn record_ops(origin: Vec2, ops: &Ops) {
    use crate::app::export::record;
    use crate::app::field::raster::Op;
    let colour = |c: [u8; 4]| Color::from_rgba(c[0], c[1], c[2], c[3]);
    for op in &ops.list {
        match op {
            Op::Rect(r) => record::draw_rectangle(
                origin.x + r.x0 as f32,
                origin.y + r.y0 as f32,
                (r.x1 - r.x0) as f32,
                (r.y1 - r.y0) as f32,
                colour(r.rgba),
            ),
            Op::Disc { cx, cy, r, rgba } => {
                record::disc(origin + Vec2::new(*cx, *cy), *r, colour(*rgba));
            }
            Op::Poly { start, end, rgba } => {
                let pts: Vec<Vec2> = ops
                    .points
                    .get(*start as usize..*end as usize)
                    .unwrap_or(&[])
                    .iter()
                    .map(|p| origin + Vec2::new(p[0], p[1]))
                    .collect();
                record::polygon(&pts, colour(*rgba));
            }
        }
    }
}

/// The area (pixels²) of the part of the canvas that the box of `s` covers;
/// the whole canvas for an unbounded shape.
fn on_canvas_area(cam: &Camera, s: &Shape) -> f32 {
    let (lo, hi) = s.bounds();
    let (a, b) = (cam.to_screen(lo), cam.to_screen(hi));
    let (c0, c1) = (cam.canvas.min, cam.canvas.max);
    let x = a.x.min(b.x).max(c0.x)..a.x.max(b.x).min(c1.x);
    let y = a.y.min(b.y).max(c0.y)..a.y.max(b.y).min(c1.y);
    let area = (x.end - x.start).max(0.0) * (y.end - y.start).max(0.0);
    if area.is_finite() {
        area
    } else {
        let size = cam.canvas.size();
        size.x * size.y
    }
}
