//! The status line along the bottom of the canvas.

use super::*;

impl Painter<'_> {
    /// The strip [`Painter::status`] covers along the canvas bottom.
    pub fn status_plate(&self, cam: &Camera) -> Rect {
        let r = cam.canvas;
        Rect::new(Vec2::new(r.min.x, r.max.y - 22.0 * self.scale), r.max)
    }

    /// The status line along the canvas bottom.
    pub fn status(&self, cam: &Camera, left: &str, right: &str) {
        let fs = 12.0;
        let h = (fs + 10.0) * self.scale;
        let r = cam.canvas;
        draw_rectangle(r.min.x, r.max.y - h, r.size().x, h, self.pal.plate);
        self.label_free(
            left,
            Vec2::new(r.min.x + 8.0, r.max.y - h + 5.0 * self.scale),
            fs,
            self.pal.text,
        );
        let size = (fs * self.scale) as u16;
        let used = self.measure(left, size) + 8.0;
        let m_width = self.measure(right, size);
        if used + m_width + 30.0 < r.size().x {
            self.label_free(
                right,
                Vec2::new(r.max.x - m_width - 10.0, r.max.y - h + 5.0 * self.scale),
                fs,
                self.pal.muted,
            );
        }
    }
}
