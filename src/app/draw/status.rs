//! The status line along the bottom of the canvas.

use super::*;

impl Painter<'_> {
    /// The strip [`Painter::status`] covers along the canvas bottom.
    pub fn status_plate(&self, cam: &Camera) -> Rect {
        let r = cam.canvas;
        Rect::new(Vec2::new(r.min.x, r.max.y - 22.0 * self.scale), r.max)
    }

    /// The status line along the canvas bottom: `left` cut with "…" to
    /// the canvas width (a side panel would hide the rest), `right` only
    /// when both fit.
    pub fn status(&self, cam: &Camera, left: &str, right: &str) {
        let fs = 12.0;
        let h = (fs + 10.0) * self.scale;
        let r = cam.canvas;
        draw_rectangle(r.min.x, r.max.y - h, r.size().x, h, self.pal.plate);
        let size = (fs * self.scale) as u16;
        let left = self.cut_to(left, size, r.size().x - 16.0);
        self.label_free(
            &left,
            Vec2::new(r.min.x + 8.0, r.max.y - h + 5.0 * self.scale),
            fs,
            self.pal.text,
        );
        let used = self.measure(&left, size) + 8.0;
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

    /// `text` at `size` pixels cut to at most `room` pixels wide, with "…"
    /// where it was cut (nothing when not even that fits).
    fn cut_to<'t>(&self, text: &'t str, size: u16, room: f32) -> std::borrow::Cow<'t, str> {
        if self.measure(text, size) <= room {
            return text.into();
        }
        let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        // The longest prefix of whole characters that fits with its "…".
        let fits = |n: usize| self.measure(&format!("{}…", &text[..ends[n]]), size) <= room;
        let (mut lo, mut hi) = (0, ends.len());
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if fits(lo) {
            format!("{}…", &text[..ends[lo]]).into()
        } else {
            "".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::camera::{Camera, Rect};
    use crate::app::export::record;
    use crate::app::palette::{Palette, Theme};
    use glam::Vec2;

    /// A status line longer than a 400-pixel canvas is cut to it with "…";
    /// a short one is drawn whole.
    #[test]
    fn a_long_status_line_is_cut_to_the_canvas() {
        let p = crate::app::draw::Painter {
            pal: Palette::of(Theme::Dark),
            font: None,
            scale: 1.0,
            labels: 1.0,
        };
        let cam = Camera::new(
            Vec2::ZERO,
            40.0,
            Rect::new(Vec2::ZERO, Vec2::new(400.0, 300.0)),
        );
        let long = "Wrong. Your drag is 12° from the MTV (at most 10° counts) and 0.31 against the depth 1.60 (±0.08 counts).";
        let cut = p.cut_to(long, 12, 384.0);
        assert!(cut.ends_with('…') && long.starts_with(cut.trim_end_matches('…')));
        assert!(record::measure(&cut, 12) <= 384.0);
        let one_more = long.chars().count().min(cut.chars().count());
        let longer: String = long.chars().take(one_more).collect();
        assert!(
            record::measure(&format!("{longer}…"), 12) > 384.0,
            "the longest that fits"
        );
        assert_eq!(p.cut_to("Enter: next", 12, 384.0), "Enter: next");
        assert_eq!(p.cut_to(long, 12, 2.0), "");
        record::start(400, 300);
        p.status(&cam, long, "Ctrl+Z: undo");
        let svg = record::finish().unwrap_or_default();
        assert!(svg.contains(record::escape(&cut).as_str()), "{svg}");
        assert!(!svg.contains("Ctrl+Z"), "no room left for the keys");
    }
}
