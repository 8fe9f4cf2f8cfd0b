//! The lesson notes card: big text for the back of a classroom.

use super::*;

/// Text sizes of the lesson notes card (before the UI scale), pixels: big
/// enough to read from the back of a classroom.
pub mod card_size {
    /// The notes.
    pub const NOTES: f32 = 26.0;
    /// The heading (lesson and scene name) and progress.
    pub const HEADING: f32 = 18.0;
    /// The keys line.
    pub const FOOTER: f32 = 14.0;
    /// Space around the text.
    pub const PAD: f32 = 16.0;
    /// The card never takes more than this share of the canvas height.
    pub const MAX_SHARE: f32 = 0.45;
}

impl Painter<'_> {
    /// The widest line of notes the card holds on a canvas `canvas_width`
    /// pixels wide.
    pub fn card_text_width(&self, canvas_width: f32) -> f32 {
        (canvas_width - 2.0 * card_size::PAD * self.scale).max(40.0)
    }

    /// The card's height for `card` on a canvas `canvas_height` tall: every
    /// line, capped at [`card_size::MAX_SHARE`] of the canvas.
    pub fn card_height(&self, card: &Card, canvas_height: f32) -> f32 {
        let s = self.scale;
        let lines = card.lines.len().max(1) as f32;
        let h = card_size::PAD * s
            + card_size::HEADING * s * 1.5
            + lines * card_size::NOTES * s * 1.35
            + card_size::FOOTER * s * 2.3
            + card_size::PAD * s * 0.5;
        h.min(canvas_height * card_size::MAX_SHARE)
    }

    /// `text` cut to at most `max_width` pixels at size `fs`, ending in "…"
    /// when cut.
    fn fit_line(&self, text: &str, fs: u16, max_width: f32) -> String {
        if self.measure(text, fs) <= max_width {
            return text.to_owned();
        }
        let mut out = String::new();
        for c in text.chars() {
            out.push(c);
            if self.measure(&format!("{out}…"), fs) > max_width {
                out.pop();
                break;
            }
        }
        format!("{}…", out.trim_end())
    }

    /// The lesson notes card filling `r`: heading and "3 / 8" on top, the
    /// notes large, the keys at the bottom; lines that do not fit end in "…".
    pub fn notes_card(&self, r: Rect, card: &Card) {
        let s = self.scale;
        let pad = card_size::PAD * s;
        draw_rectangle(r.min.x, r.min.y, r.size().x, r.size().y, self.pal.plate);
        draw_rectangle(r.min.x, r.min.y, r.size().x, 3.0 * s, self.pal.decisive);
        let hs = (card_size::HEADING * s).round() as u16;
        let mut y = r.min.y + pad + hs as f32 * 0.8;
        let mut heading_room = r.size().x - 2.0 * pad;
        if !card.progress.is_empty() {
            let w = self.measure(&card.progress, hs);
            self.text_at(&card.progress, r.max.x - pad - w, y, hs, self.pal.decisive);
            heading_room -= w + pad;
        }
        let heading = self.fit_line(&card.heading, hs, heading_room);
        self.text_at(&heading, r.min.x + pad, y, hs, self.pal.muted);
        y += card_size::HEADING * s * 0.7;
        let ns = (card_size::NOTES * s).round() as u16;
        let line_h = card_size::NOTES * s * 1.35;
        let fs = (card_size::FOOTER * s).round() as u16;
        let footer_h = card_size::FOOTER * s * 2.3;
        // Room for whole lines, descenders included, above the keys line.
        let room = ((r.max.y - footer_h - y - ns as f32 * 0.3) / line_h)
            .floor()
            .max(1.0) as usize;
        for (i, line) in card.lines.iter().enumerate().take(room) {
            y += line_h;
            if i + 1 == room && card.lines.len() > room {
                self.text_at(&format!("{line} …"), r.min.x + pad, y, ns, self.pal.text);
            } else {
                self.text_at(line, r.min.x + pad, y, ns, self.pal.text);
            }
        }
        self.text_at(
            &card.footer,
            r.min.x + pad,
            r.max.y - pad * 0.6,
            fs,
            self.pal.muted,
        );
    }
}
