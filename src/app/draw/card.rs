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
    /// The sizes the notes may take, largest first: the card uses the
    /// largest at which every line fits its share of the canvas (long
    /// notes at a large UI scale), and cuts lines only at the smallest.
    pub const NOTES_STEPS: [f32; 4] = [NOTES, 22.0, 19.0, 16.0];
}

impl Painter<'_> {
    /// The widest line of notes the card holds on a canvas `canvas_width`
    /// pixels wide.
    pub fn card_text_width(&self, canvas_width: f32) -> f32 {
        (canvas_width - 2.0 * card_size::PAD * self.scale).max(40.0)
    }

    /// The card's height for `card` (notes at size `notes`) on a canvas
    /// `canvas_height` tall: every line, capped at
    /// [`card_size::MAX_SHARE`] of the canvas.
    pub fn card_height(&self, card: &Card, canvas_height: f32, notes: f32) -> f32 {
        self.card_full_height(card, notes)
            .min(canvas_height * card_size::MAX_SHARE)
    }

    /// The height of `card` with every line, notes at size `notes`.
    fn card_full_height(&self, card: &Card, notes: f32) -> f32 {
        let s = self.scale;
        let lines = card.lines.len().max(1) as f32;
        card_size::PAD * s
            + card_size::HEADING * s * 1.5
            + lines * notes * s * 1.35
            + card_size::FOOTER * s * 2.3
            + card_size::PAD * s * 0.5
    }

    /// The card `make(notes size)` makes at the largest of
    /// [`card_size::NOTES_STEPS`] whose every line fits the card's share of
    /// a canvas `canvas_height` tall (else at the smallest), with that size.
    pub fn fit_card(&self, canvas_height: f32, make: impl Fn(f32) -> Card) -> (Card, f32) {
        let room = canvas_height * card_size::MAX_SHARE;
        let last = card_size::NOTES_STEPS[card_size::NOTES_STEPS.len() - 1];
        for size in card_size::NOTES_STEPS {
            let card = make(size);
            if self.card_full_height(&card, size) <= room || size == last {
                return (card, size);
            }
        }
        (make(last), last)
    }

    /// The card `make(text width, measure at the notes size)` makes, fitted
    /// ([`Painter::fit_card`]) and placed along the bottom of `canvas`: the
    /// card, its rectangle and its notes size.
    pub fn bottom_card(
        &self,
        canvas: Rect,
        make: impl Fn(f32, &dyn Fn(&str) -> f32) -> Card,
    ) -> (Card, Rect, f32) {
        let width = self.card_text_width(canvas.size().x);
        let (card, notes) = self.fit_card(canvas.size().y, |size| {
            make(width, &|t: &str| self.text_width(t, size))
        });
        let h = self.card_height(&card, canvas.size().y, notes);
        let r = Rect::new(Vec2::new(canvas.min.x, canvas.max.y - h), canvas.max);
        (card, r, notes)
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
    /// notes large (at size `notes`), the keys at the bottom; lines that do
    /// not fit end in "…".
    pub fn notes_card(&self, r: Rect, card: &Card, notes: f32) {
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
        let ns = (notes * s).round() as u16;
        let line_h = notes * s * 1.35;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn card(lines: usize) -> Card {
        Card {
            heading: "Lesson — scene".into(),
            progress: "1 / 3".into(),
            lines: vec!["line".into(); lines],
            footer: "PageDown: next scene".into(),
        }
    }

    /// Issue 28, item 10: at UI scale 1.5 on the canvas beside the default
    /// panel (1280 × 800), notes too long for the card at the full size are
    /// set smaller until every line fits, instead of being cut; short notes
    /// keep the full size.
    #[test]
    fn long_notes_shrink_to_fit_the_card_before_any_line_is_cut() {
        let p = Painter {
            pal: Palette::of(crate::app::palette::Theme::Dark),
            font: None,
            scale: 1.5,
            labels: 1.0,
        };
        let h = 776.0;
        // Lines as the card wraps them: fewer per line when set larger.
        let make =
            |n: usize| move |size: f32| card((n as f32 * size / card_size::NOTES).ceil() as usize);
        let (c, size) = p.fit_card(h, make(3));
        assert_eq!(size, card_size::NOTES);
        assert!(p.card_full_height(&c, size) <= p.card_height(&c, h, size) + 1e-3);
        let (c, size) = p.fit_card(h, make(6));
        assert!(size < card_size::NOTES, "{size}");
        assert!(
            p.card_full_height(&c, size) <= h * card_size::MAX_SHARE,
            "every line fits at {size}"
        );
        // Too long even at the smallest: the smallest, cut.
        let (_, size) = p.fit_card(h, make(40));
        assert_eq!(size, 16.0);
    }
}
