//! The verdict badge at the top of the canvas.

use super::*;

impl Painter<'_> {
    /// The verdict badge at the top of the canvas.
    pub fn badge(&self, cam: &Camera, verdict: Verdict) {
        let word = words::verdict_caps(verdict);
        let c = self.pal.verdict(verdict);
        let (fs, pad) = self.badge_font();
        let tl = self.badge_plate(cam, verdict).min;
        self.flag(tl, pad, fs, word, (c, c), 2.0);
    }

    fn badge_font(&self) -> (u16, Vec2) {
        (
            (18.0 * self.scale).round() as u16,
            Vec2::new(14.0, 6.0) * self.scale,
        )
    }

    /// Where [`Painter::badge`] draws, top left of the canvas.
    pub fn badge_plate(&self, cam: &Camera, verdict: Verdict) -> Rect {
        let (fs, pad) = self.badge_font();
        let tl = cam.canvas.min + Vec2::new(12.0, 12.0) * self.scale;
        let size = Vec2::new(self.measure(words::verdict_caps(verdict), fs), fs as f32) + pad * 2.0;
        Rect::new(tl, tl + size)
    }

    /// The band across the top of `canvas` (screen pixels, y down) where
    /// [`Painter::badge`] or [`Painter::predict_marker`] draws, whichever
    /// verdict: the canvas's full width, from its top to the lower of the
    /// two plates' bottoms. What the shell draws over every mode's canvas
    /// (the frame-time overlay) keeps below it.
    pub fn flag_band(&self, canvas: Rect) -> Rect {
        let cam = Camera::new(Vec2::ZERO, 1.0, canvas);
        let badge = [Verdict::Separated, Verdict::Touching, Verdict::Overlapping]
            .map(|v| self.badge_plate(&cam, v).max.y)
            .into_iter()
            .fold(canvas.min.y, f32::max);
        let (fs, pad) = self.predict_font();
        let marker = canvas.min.y + 12.0 * self.scale + fs as f32 + pad.y * 2.0;
        Rect::new(canvas.min, Vec2::new(canvas.max.x, badge.max(marker)))
    }
}
