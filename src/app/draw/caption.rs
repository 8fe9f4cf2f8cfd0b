//! The step-through caption across the bottom of the canvas, and predict
//! mode's marker where the badge would be.

use super::*;

/// A caption's plate and its wrapped lines.
pub struct CaptionLayout {
    /// Where the caption's plate goes, screen pixels.
    pub plate: Rect,
    lines: Vec<String>,
    fs: u16,
    line_height: f32,
    pad: Vec2,
}

impl Painter<'_> {
    /// The step-through caption: wrapped lines on one plate across the
    /// bottom of the canvas (above the status line when there is one).
    pub fn caption(&self, cam: &Camera, text: &str, above_status: bool) {
        if let Some(c) = self.caption_layout(cam, text, above_status, &[]) {
            self.draw_caption(&c);
        }
    }

    /// Draws a caption laid out by [`Painter::caption_layout`].
    pub fn draw_caption(&self, c: &CaptionLayout) {
        let (tl, w, h) = (c.plate.min, c.plate.size().x, c.plate.size().y);
        draw_rectangle(tl.x, tl.y, w, h, self.pal.plate);
        draw_rectangle(tl.x, tl.y, 5.0 * self.scale, h, self.pal.decisive);
        for (i, line) in c.lines.iter().enumerate() {
            let y = tl.y + c.pad.y + c.fs as f32 * 0.8 + i as f32 * c.line_height;
            self.text_at(line, tl.x + c.pad.x, y, c.fs, self.pal.text);
        }
    }

    /// Where and how [`Painter::caption`] draws `text` (wrapped, sized);
    /// `None` when there is nothing to draw. The caption goes along the
    /// bottom (above the status line when there is one) unless it would
    /// cover one of `keep_clear` (what it describes) there and not along
    /// the top, below the badge.
    pub fn caption_layout(
        &self,
        cam: &Camera,
        text: &str,
        above_status: bool,
        keep_clear: &[Rect],
    ) -> Option<CaptionLayout> {
        let r = cam.canvas;
        let (fs, lines) = caption_lines(text, r.size(), self.scale)?;
        let pad = Vec2::new(14.0, 10.0) * self.scale;
        let lh = fs as f32 * 1.3;
        let w = lines
            .iter()
            .map(|l| self.measure(l, fs))
            .fold(0.0, f32::max)
            + pad.x * 2.0;
        let h = caption_height(lines.len(), fs, self.scale);
        let bottom =
            r.max.y - if above_status { 22.0 * self.scale } else { 0.0 } - 10.0 * self.scale;
        let x = r.min.x + (r.size().x - w) * 0.5;
        let low = Rect::new(Vec2::new(x, bottom - h), Vec2::new(x + w, bottom));
        // Along the top: below the verdict badge (its height at most).
        let top = r.min.y + (12.0 + 18.0 + 12.0 + 10.0) * self.scale;
        let high = Rect::new(Vec2::new(x, top), Vec2::new(x + w, top + h));
        let covers = |p: &Rect| {
            keep_clear
                .iter()
                .filter(|k| {
                    p.min.x < k.max.x && k.min.x < p.max.x && p.min.y < k.max.y && k.min.y < p.max.y
                })
                .count()
        };
        let plate = if covers(&low) > 0 && covers(&high) < covers(&low) {
            high
        } else {
            low
        };
        Some(CaptionLayout {
            plate,
            lines,
            fs,
            line_height: lh,
            pad,
        })
    }

    /// Predict mode's marker where the verdict badge would be; its text
    /// takes a smaller size (down to 10 pixels) rather than run past the
    /// canvas's right edge.
    pub fn predict_marker(&self, cam: &Camera, text: &str) {
        let c = self.pal.hit;
        let p = Vec2::new(cam.canvas.min.x, cam.canvas.min.y) + Vec2::new(12.0, 12.0) * self.scale;
        let (mut fs, pad) = self.predict_font();
        let room = cam.canvas.max.x - p.x - 12.0 * self.scale - pad.x * 2.0 - 3.0 * self.scale;
        while fs > 10 && self.measure(text, fs) > room {
            fs -= 1;
        }
        self.flag(p, pad, fs, text, (c, self.pal.text), 3.0);
    }

    /// The predict marker's largest text size (pixels) and its padding
    /// (screen pixels).
    pub(super) fn predict_font(&self) -> (u16, Vec2) {
        (
            (22.0 * self.scale).round() as u16,
            Vec2::new(16.0, 8.0) * self.scale,
        )
    }
}

/// The most of the canvas height a caption takes when a smaller text size
/// can keep it within that.
pub const CAPTION_MAX_SHARE: f32 = 0.22;

/// A caption's text size and wrapped lines on a canvas of `canvas` pixels
/// at UI `scale`; `None` for an empty caption. Hack's advance is 0.6 em
/// and a Chinese character counts two cells. The size is the largest of
/// 20, 16, 14, 12 and 10 pixels (times the scale) that keeps the caption
/// within four lines and [`CAPTION_MAX_SHARE`] of the canvas height (the
/// smallest otherwise): a long caption gets a smaller size, not more lines.
pub fn caption_lines(text: &str, canvas: Vec2, scale: f32) -> Option<(u16, Vec<String>)> {
    let pad_x = 14.0 * scale;
    let max_w = (canvas.x - 40.0 * scale - pad_x * 2.0).max(100.0);
    let wrap_at = |fs: u16| {
        let cells = (max_w / (fs as f32 * 0.6)).floor() as usize;
        crate::app::wrap::wrap_cells(text, cells)
    };
    let sizes = [20.0, 16.0, 14.0, 12.0, 10.0].map(|px: f32| (px * scale).round().max(8.0) as u16);
    let mut best = None;
    for fs in sizes {
        let lines = wrap_at(fs);
        let fits = lines.len() <= 4
            && caption_height(lines.len(), fs, scale) <= canvas.y * CAPTION_MAX_SHARE;
        best = Some((fs, lines));
        if fits {
            break;
        }
    }
    best.filter(|(_, l)| !l.is_empty())
}

/// The height of a caption plate of `lines` lines at text size `fs` and UI
/// `scale`, pixels.
pub fn caption_height(lines: usize, fs: u16, scale: f32) -> f32 {
    let (lh, pad_y) = (fs as f32 * 1.3, 10.0 * scale);
    lines as f32 * lh + pad_y * 2.0 - (lh - fs as f32)
}
