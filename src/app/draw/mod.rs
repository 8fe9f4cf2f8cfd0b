//! The painter's primitives: display lists, shapes, handles, the grid,
//! plates and text, through macroquad (strokes and discs through
//! [`crate::app::aa`] for smooth edges). Sizes are screen pixels times the UI
//! scale. The badge, status line, caption and notes card have modules of
//! their own.

use crate::app::aa;
use crate::app::camera::{Camera, Rect};
use crate::app::clip;
use crate::app::display::{DisplayList, Item, Role, Stroke};
use crate::app::export::record::{self, clear_background, draw_rectangle, draw_triangle};
use crate::app::fonts;
use crate::app::grid::Grid;
use crate::app::handles::{Handle, HandleKind};
use crate::app::i18n::words;
use crate::app::labels::{self, KeepOut};
use crate::app::lesson::Card;
use crate::app::outline::Look;
use crate::app::palette::{alpha, Palette};
use glam::Vec2;
use macroquad::color::Color;
use macroquad::text::{draw_text_ex, measure_text, Font, TextParams};
use satlab::geom::Verdict;

mod badge;
mod caption;
mod card;
mod status;

pub use caption::{caption_height, caption_lines};
pub use status::HINT_SEP;

/// The bundled Latin font (Hack, MIT licence: `assets/fonts/Hack-Regular.txt`);
/// Chinese runs are drawn with [`crate::app::fonts`]' fallback.
pub const FONT_TTF: &[u8] = crate::app::fonts::LATIN_TTF;

/// A shape's letter (A, B) before the canvas scale and the label size, pixels.
const TAG_SIZE: f32 = 14.0;

/// Where a label's plate sits relative to its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// Centred on the point.
    Center,
    /// The point is the plate's bottom-left corner.
    BottomLeft,
}

/// Draws with one palette, font and scale.
pub struct Painter<'a> {
    /// Colours.
    pub pal: Palette,
    /// Text font: the window's; `None` headless (an export records the
    /// picture, [`crate::app::export::record`], and measures text with the
    /// bundled fonts' advances).
    pub font: Option<&'a Font>,
    /// Canvas scale (line widths, handles and text): the UI scale, larger
    /// in presenter mode.
    pub scale: f32,
    /// Canvas labels' size, a factor on their text on top of `scale` (the
    /// View menu's setting; 1 = 12 px labels at scale 1): display-list
    /// labels, the shapes' letters, the grid's numbers.
    pub labels: f32,
}

impl Painter<'_> {
    /// Clears the canvas.
    pub fn clear(&self) {
        clear_background(self.pal.bg);
    }

    /// The grid with labelled major lines and the world axes ([`Grid`]).
    pub fn grid(&self, cam: &Camera) {
        let g = Grid::of(cam, self.scale);
        let r = cam.canvas;
        // Axis-aligned lines on whole pixels need no anti-aliasing: each is
        // a plain rectangle one pixel wide (long thin feathered lines are
        // what software OpenGL is slowest at).
        let column =
            |x: f32, w: f32, c: Color| draw_rectangle(x.floor(), r.min.y, w, r.max.y - r.min.y, c);
        let row =
            |y: f32, w: f32, c: Color| draw_rectangle(r.min.x, y.floor(), r.max.x - r.min.x, w, c);
        for (set, color) in [(&g.minor, self.pal.grid), (&g.major, self.pal.grid_major)] {
            for &x in &set.xs {
                column(cam.to_screen(Vec2::new(x, 0.0)).x, 1.0, color);
            }
            for &y in &set.ys {
                row(cam.to_screen(Vec2::new(0.0, y)).y, 1.0, color);
            }
        }
        let o = cam.to_screen(Vec2::ZERO);
        column(o.x - 0.5, 2.0, self.pal.world_axes);
        row(o.y - 0.5, 2.0, self.pal.world_axes);
        for (text, at) in g.labels(cam) {
            self.text_plain(&text, at, 11.0 * self.labels, self.pal.muted);
        }
    }

    /// Where [`Painter::grid`] writes its axis numbers on `cam`'s canvas:
    /// plates a label keeps clear of.
    pub fn grid_label_plates(&self, cam: &Camera) -> Vec<Rect> {
        let fs = (11.0 * self.scale).round() as u16;
        Grid::of(cam, self.scale)
            .labels(cam)
            .into_iter()
            .map(|(text, at)| {
                let size = Vec2::new(self.measure(&text, fs), fs as f32);
                Rect::new(at - Vec2::splat(1.0), at + size + Vec2::splat(1.0))
            })
            .collect()
    }

    /// A shape: translucent fill in its hue, crisp outline coloured by the verdict.
    pub fn shape(&self, cam: &Camera, look: &Look, role: Role, verdict: Verdict, hot: bool) {
        let hue = self.pal.role(role);
        let edge = match verdict {
            Verdict::Separated => hue,
            v => self.pal.verdict(v),
        };
        let w = if hot { 3.0 } else { 2.0 } * self.scale;
        match look {
            Look::Area { boundary, fan, .. } => {
                let f = cam.to_screen(*fan);
                let pts: Vec<Vec2> = boundary.iter().map(|p| cam.to_screen(*p)).collect();
                let fill = alpha(hue, if hot { 0.34 } else { 0.24 });
                for i in 0..pts.len() {
                    draw_triangle(f, pts[i], pts[(i + 1) % pts.len()], fill);
                }
                self.polyline(&pts, true, w, edge);
            }
            Look::Stroke { points, arrow } => {
                let pts: Vec<Vec2> = points.iter().map(|p| cam.to_screen(*p)).collect();
                self.polyline(&pts, false, w + 1.0, edge);
                if *arrow && pts.len() >= 2 {
                    let n = pts.len();
                    if cam.canvas.contains(pts[n - 1]) {
                        self.head(pts[n - 2], pts[n - 1], 12.0 * self.scale, edge);
                    }
                    aa::disc(pts[0].x, pts[0].y, 4.0 * self.scale, edge);
                }
            }
            Look::Dot(p) => {
                let s = cam.to_screen(*p);
                aa::disc(s.x, s.y, 6.0 * self.scale, alpha(hue, 0.5));
                aa::ring(s.x, s.y, 6.0 * self.scale, w, edge);
            }
        }
    }

    /// A shape's letter at its position.
    pub fn tag(&self, cam: &Camera, at: Vec2, text: &str, role: Role) {
        let s = self.tag_spot(cam, at);
        let size = TAG_SIZE * self.labels;
        self.label(text, s, size, self.pal.role(role), Anchor::Center, true);
    }

    /// The plate of [`Painter::tag`]'s letter, for labels to keep clear of.
    pub fn tag_plate(&self, cam: &Camera, at: Vec2, text: &str) -> Rect {
        let size = TAG_SIZE * self.labels;
        self.plate(text, self.tag_spot(cam, at), size, Anchor::Center)
    }

    /// Where a shape's letter sits: above its position by the letter's size.
    fn tag_spot(&self, cam: &Camera, at: Vec2) -> Vec2 {
        cam.to_screen(at) + Vec2::new(0.0, -TAG_SIZE * self.labels) * self.scale
    }

    /// Handles: squares for shape, a ring for rotation; the hovered one grows.
    pub fn handles(&self, cam: &Camera, hs: &[Handle], hovered: Option<&Handle>, role: Role) {
        let hue = self.pal.role(role);
        let pos = |h: &Handle| cam.to_screen(h.at);
        for h in hs {
            let s = pos(h);
            let hot = hovered == Some(h);
            let r = if hot { 7.0 } else { 5.0 } * self.scale;
            if h.kind == HandleKind::Rotate {
                // A thin stem from the shape's position to the ring.
                let _ = s;
                aa::disc(s.x, s.y, r + 1.0, self.pal.handle);
                aa::ring(s.x, s.y, r + 1.0, 2.0 * self.scale, hue);
                aa::disc(s.x, s.y, 2.0 * self.scale, hue);
            } else {
                draw_rectangle(s.x - r, s.y - r, 2.0 * r, 2.0 * r, hue);
                let i = r - 1.5 * self.scale;
                draw_rectangle(s.x - i, s.y - i, 2.0 * i, 2.0 * i, self.pal.handle);
            }
        }
    }

    /// A dashed stem between two world points (for rotate handles).
    pub fn stem(&self, cam: &Camera, from: Vec2, to: Vec2, role: Role) {
        let (a, b) = (cam.to_screen(from), cam.to_screen(to));
        let c = alpha(self.pal.role(role), 0.7);
        self.dashed(cam.canvas, a, b, 1.0 * self.scale, c);
    }

    /// Every item of a display list but the labels, in order.
    pub fn list(&self, cam: &Camera, list: &DisplayList) {
        for it in &list.items {
            match it {
                Item::Line {
                    from, to, stroke, ..
                } => {
                    let (a, b) = (cam.to_screen(*from), cam.to_screen(*to));
                    let c = self.stroke_color(stroke);
                    if stroke.dashed {
                        self.dashed(cam.canvas, a, b, stroke.width_px, c);
                    } else {
                        aa::line(a.x, a.y, b.x, b.y, stroke.width_px, c);
                    }
                }
                Item::Bar {
                    from, to, stroke, ..
                } => {
                    let (a, b) = (cam.to_screen(*from), cam.to_screen(*to));
                    let c = self.stroke_color(stroke);
                    let w = stroke.width_px;
                    aa::line(a.x, a.y, b.x, b.y, w, c);
                    aa::disc(a.x, a.y, w * 0.5, c);
                    aa::disc(b.x, b.y, w * 0.5, c);
                }
                Item::Arrow {
                    from, to, stroke, ..
                } => {
                    let (a, b) = (cam.to_screen(*from), cam.to_screen(*to));
                    let c = self.stroke_color(stroke);
                    let head = (4.0 * stroke.width_px).max(9.0 * self.scale);
                    let d = (b - a).normalize_or_zero();
                    let shaft_end = if (b - a).length() > head {
                        b - d * head * 0.8
                    } else {
                        a
                    };
                    aa::line(a.x, a.y, shaft_end.x, shaft_end.y, stroke.width_px, c);
                    self.head(a, b, head, c);
                }
                Item::Dot {
                    at,
                    radius_px,
                    role,
                    ..
                } => {
                    let s = cam.to_screen(*at);
                    aa::disc(s.x, s.y, radius_px + 1.5, self.pal.bg);
                    aa::disc(s.x, s.y, *radius_px, self.pal.role(*role));
                }
                Item::Fill { points, role, .. } => {
                    let pts: Vec<Vec2> = points.iter().map(|p| cam.to_screen(*p)).collect();
                    let c = self.pal.role(*role);
                    let f = pts.iter().copied().sum::<Vec2>() / pts.len().max(1) as f32;
                    for i in 0..pts.len() {
                        draw_triangle(f, pts[i], pts[(i + 1) % pts.len()], alpha(c, 0.5));
                    }
                    self.polyline(&pts, true, 1.5 * self.scale, c);
                }
                Item::Label { .. } => {}
            }
        }
    }

    /// The labels of display lists, drawn last so they stay on top; kept
    /// inside the canvas and clear of each other, of the lists' bars, dots
    /// and projector ends, of `keep_out` and of the plates in `fixed` (see
    /// [`crate::app::labels`]). Emphasised labels keep their spot first.
    pub fn labels(
        &self,
        cam: &Camera,
        lists: &[&DisplayList],
        fixed: &[Rect],
        keep_out: &[KeepOut],
    ) {
        for l in self.label_plates(cam, lists, fixed, keep_out) {
            let size = labels::label_size(l.emphasised, self.labels);
            self.label_on(l.plate, l.text, size, self.pal.role(l.role), l.emphasised);
        }
    }

    /// Where [`Painter::labels`] puts the labels of `lists`: their plates
    /// at this painter's scale and label size ([`labels::layout`]).
    pub fn label_plates<'l>(
        &self,
        cam: &Camera,
        lists: &[&'l DisplayList],
        fixed: &[Rect],
        keep_out: &[KeepOut],
    ) -> Vec<labels::Placed<'l>> {
        labels::layout(cam, lists, fixed, keep_out, self.labels, |text, size| {
            self.plate(text, Vec2::ZERO, size, Anchor::Center).size()
        })
    }

    /// The plate [`Painter::label`] draws for `text` at `p`.
    pub fn plate(&self, text: &str, p: Vec2, size: f32, anchor: Anchor) -> Rect {
        let fs = (size * self.scale).round() as u16;
        let pad = Vec2::new(5.0, 3.0) * self.scale;
        let box_size = Vec2::new(self.measure(text, fs), fs as f32 * 0.95) + pad * 2.0;
        let top_left = match anchor {
            Anchor::Center => p - box_size * 0.5,
            Anchor::BottomLeft => p - Vec2::new(0.0, box_size.y),
        };
        Rect::new(top_left, top_left + box_size)
    }

    fn stroke_color(&self, s: &Stroke) -> Color {
        let c = self.pal.role(s.role);
        if s.emphasised || s.role != Role::Axis {
            c
        } else {
            alpha(c, 0.75)
        }
    }

    fn polyline(&self, pts: &[Vec2], closed: bool, w: f32, c: Color) {
        let n = pts.len();
        if n < 2 {
            return;
        }
        aa::polyline(pts, closed, w, c);
        if !closed && w > 1.5 {
            // Round caps.
            for p in [pts[0], pts[n - 1]] {
                aa::disc(p.x, p.y, w * 0.5, c);
            }
        }
    }

    /// A dashed line from `a` to `b` (screen), drawn only where it crosses
    /// `canvas` ([`clip::dashes`]: bounded however long the line is).
    fn dashed(&self, canvas: Rect, a: Vec2, b: Vec2, w: f32, c: Color) {
        let (on, off) = (6.0 * self.scale, 4.0 * self.scale);
        for (p, q) in clip::dashes(a, b, on, off, canvas) {
            aa::line(p.x, p.y, q.x, q.y, w, c);
        }
    }

    fn head(&self, from: Vec2, to: Vec2, size: f32, c: Color) {
        let Some(d) = (to - from).try_normalize() else {
            return;
        };
        let n = d.perp();
        let base = to - d * size;
        aa::triangle(to, base + n * size * 0.45, base - n * size * 0.45, c);
    }

    /// Width of `text` at pixel size `fs`, screen pixels; each run in its
    /// own font ([`fonts::runs`]).
    pub fn measure(&self, text: &str, fs: u16) -> f32 {
        let Some(font) = self.font.filter(|_| !record::on()) else {
            return record::measure(text, fs);
        };
        fonts::runs(text)
            .iter()
            .map(|(run, face)| {
                measure_text(run, Some(fonts::canvas_font(*face, font)), fs, 1.0).width
            })
            .sum()
    }

    /// Width of `text` at UI size `size` (scaled like every label), pixels.
    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        self.measure(text, (size * self.scale).round() as u16)
    }

    /// `text` with its baseline starting at `(x, y)`, each run in its own
    /// font; returns the width drawn.
    fn text_at(&self, text: &str, x: f32, y: f32, fs: u16, color: Color) -> f32 {
        if let Some(w) = record::text(text, Vec2::new(x, y), fs, color) {
            return w;
        }
        let Some(font) = self.font else {
            return record::measure(text, fs);
        };
        let mut pen = x;
        for (run, face) in fonts::runs(text) {
            let d = draw_text_ex(
                run,
                pen,
                y,
                TextParams {
                    font: Some(fonts::canvas_font(face, font)),
                    font_size: fs,
                    color,
                    ..Default::default()
                },
            );
            pen += d.width;
        }
        pen - x
    }

    /// Text on a backing plate at screen point `p`.
    pub fn label(&self, text: &str, p: Vec2, size: f32, color: Color, anchor: Anchor, bold: bool) {
        let plate = self.plate(text, p, size, anchor);
        self.label_on(plate, text, size, color, bold);
    }

    /// [`Painter::label`] on a plate already measured with [`Painter::plate`].
    fn label_on(&self, plate: Rect, text: &str, size: f32, color: Color, bold: bool) {
        let fs = (size * self.scale).round() as u16;
        let pad = Vec2::new(5.0, 3.0) * self.scale;
        let (top_left, box_size) = (plate.min, plate.size());
        draw_rectangle(
            top_left.x,
            top_left.y,
            box_size.x,
            box_size.y,
            self.pal.plate,
        );
        if bold {
            draw_rectangle(
                top_left.x,
                top_left.y + box_size.y - 2.0 * self.scale,
                box_size.x,
                2.0 * self.scale,
                alpha(color, 0.8),
            );
        }
        let base = top_left + Vec2::new(pad.x, pad.y + fs as f32 * 0.75);
        self.text_at(text, base.x, base.y, fs, color);
    }

    /// Text with a thin halo, top-left at `p`.
    pub fn text_plain(&self, text: &str, p: Vec2, size: f32, color: Color) {
        let fs = (size * self.scale).round() as u16;
        let base = p + Vec2::new(0.0, fs as f32 * 0.8);
        for o in [
            Vec2::new(-1.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, -1.0),
            Vec2::new(0.0, 1.0),
        ] {
            self.text_at(text, base.x + o.x, base.y + o.y, fs, self.pal.bg);
        }
        self.text_at(text, base.x, base.y, fs, color);
    }

    /// A side pane's backdrop: the background colour over `r` and a
    /// separator line along its left edge.
    pub fn pane(&self, r: Rect) {
        let s = r.size();
        draw_rectangle(r.min.x, r.min.y, s.x, s.y, self.pal.bg);
        aa::line(
            r.min.x,
            r.min.y,
            r.min.x,
            r.max.y,
            2.0 * self.scale,
            self.pal.world_axes,
        );
    }

    /// A pane's title at the top left of `r`: 18 px (times the UI scale)
    /// where it fits in `r`'s width, smaller down to 10 px where it does not.
    pub fn heading(&self, r: Rect, text: &str) {
        let at = r.min + Vec2::new(12.0, 12.0) * self.scale;
        let pad = Vec2::new(12.0, 6.0) * self.scale;
        // 18 px where it fits, smaller in a narrow pane (down to 10 px).
        let room = r.size().x - 24.0 * self.scale - 2.0 * pad.x;
        let mut fs = crate::app::num::clamp((18.0 * self.scale).round(), 10.0, 200.0) as u16;
        while fs > 10 && self.measure(text, fs) > room {
            fs -= 1;
        }
        self.flag(at, pad, fs, text, (self.pal.decisive, self.pal.text), 0.0);
    }

    /// `text` at size `fs` on a plate at `tl` with `pad` around it, a bar of
    /// `colours.0` down its left side and, when `underline_px` > 0, along its
    /// bottom; the text in `colours.1`. Returns the plate.
    fn flag(
        &self,
        tl: Vec2,
        pad: Vec2,
        fs: u16,
        text: &str,
        colours: (Color, Color),
        underline_px: f32,
    ) -> Rect {
        let size = Vec2::new(self.measure(text, fs), fs as f32) + pad * 2.0;
        draw_rectangle(tl.x, tl.y, size.x, size.y, self.pal.plate);
        draw_rectangle(tl.x, tl.y, 6.0 * self.scale, size.y, colours.0);
        if underline_px > 0.0 {
            draw_rectangle(
                tl.x,
                tl.y + size.y - underline_px,
                size.x,
                underline_px,
                colours.0,
            );
        }
        self.text_at(
            text,
            tl.x + pad.x + 3.0 * self.scale,
            tl.y + pad.y + fs as f32 * 0.8,
            fs,
            colours.1,
        );
        Rect::new(tl, tl + size)
    }

    /// A soft ring at the mouse (screen pixels), so a class can follow the
    /// pointer on a projector.
    pub fn pointer_highlight(&self, at: Vec2) {
        let r = 22.0 * self.scale;
        aa::disc(at.x, at.y, r, alpha(self.pal.touching, 0.22));
        aa::ring(
            at.x,
            at.y,
            r,
            2.0 * self.scale,
            alpha(self.pal.touching, 0.7),
        );
    }

    fn label_free(&self, text: &str, top_left: Vec2, size: f32, color: Color) {
        let fs = (size * self.scale).round() as u16;
        self.text_at(text, top_left.x, top_left.y + fs as f32 * 0.8, fs, color);
    }
}
