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
}
