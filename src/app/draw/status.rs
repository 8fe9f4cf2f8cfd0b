//! The status line along the bottom of the canvas.

use super::*;

/// What a mode puts between the status line's readout (the pointer's
/// coordinates, zoom, grid) and its hint (what a drag there does).
pub const HINT_SEP: &str = "   │ ";

/// `line` made to fit `width` pixels, as `measure` measures text: whole
/// when it fits; else the readout before [`HINT_SEP`] is cut (ending in
/// "…", all of it if need be) so the hint stays whole; else the hint
/// alone, cut at its end with "…". Never cut without the "…" that says so.
pub fn fit_status(line: &str, width: f32, measure: impl Fn(&str) -> f32) -> String {
    if measure(line) <= width {
        return line.to_string();
    }
    // The longest `head` cut to n characters with `make(cut)` still fitting.
    let longest = |head: &str, make: &dyn Fn(&str) -> String| -> Option<String> {
        let ends: Vec<usize> = head.char_indices().map(|(i, _)| i).collect();
        let (mut lo, mut hi) = (0usize, ends.len());
        let mut best = None;
        while lo <= hi {
            let mid = (lo + hi) / 2;
            let cut = ends.get(mid).map_or(head, |&e| &head[..e]);
            let s = make(cut.trim_end());
            if measure(&s) <= width {
                best = Some(s);
                lo = mid + 1;
            } else if mid == 0 {
                break;
            } else {
                hi = mid - 1;
            }
        }
        best
    };
    if let Some((readout, hint)) = line.split_once(HINT_SEP) {
        let with_hint = |cut: &str| format!("{cut}…{HINT_SEP}{hint}");
        if let Some(s) = longest(readout, &with_hint) {
            return s;
        }
        let bare = format!("…{hint}");
        if measure(&bare) <= width {
            return bare;
        }
        return longest(hint, &|cut: &str| format!("{cut}…")).unwrap_or_else(|| "…".into());
    }
    longest(line, &|cut: &str| format!("{cut}…")).unwrap_or_else(|| "…".into())
}

impl Painter<'_> {
    /// The strip [`Painter::status`] covers along the bottom of `r`.
    pub fn status_strip(&self, r: Rect) -> Rect {
        Rect::new(Vec2::new(r.min.x, r.max.y - 22.0 * self.scale), r.max)
    }

    /// The strip [`Painter::status`] covers along the canvas bottom.
    pub fn status_plate(&self, cam: &Camera) -> Rect {
        self.status_strip(cam.canvas)
    }

    /// The status line along the canvas bottom: `left` cut with "…" to
    /// the canvas width (a side panel would hide the rest), `right` only
    /// when both fit.
    pub fn status(&self, cam: &Camera, left: &str, right: &str) {
        self.status_in(cam.canvas, left, right);
    }

    /// The status line along the bottom of `r` (the canvas, or the canvas
    /// and a pane beside it): `left` cut to fit ([`fit_status`]), the key
    /// hints `right` when there is room for them.
    pub fn status_in(&self, r: Rect, left: &str, right: &str) {
        let fs = 12.0;
        let h = (fs + 10.0) * self.scale;
        draw_rectangle(r.min.x, r.max.y - h, r.size().x, h, self.pal.plate);
        let size = (fs * self.scale) as u16;
        let room = r.size().x - 16.0;
        let left = fit_status(left, room, |t| self.measure(t, size));
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hack's advance: 0.6 em per cell at 12 px (a Chinese character two).
    fn measure(t: &str) -> f32 {
        t.chars()
            .map(|c| if c as u32 >= 0x2E80 { 14.4 } else { 7.2 })
            .sum()
    }

    /// Issue 28, item 21: a status line wider than its strip keeps its
    /// hint whole ("drag to move B", not "drag to mo"), cutting the
    /// readout with "…"; a hint too wide alone is cut with "…"; nothing
    /// is wider than the strip.
    #[test]
    fn a_long_status_line_keeps_its_hint_and_says_where_it_was_cut() {
        let line =
            format!("x   -1.250  y    0.500   zoom 57 px/unit   grid 0.5{HINT_SEP}drag to move B");
        assert_eq!(fit_status(&line, 2000.0, measure), line);
        for width in [60.0f32, 120.0, 200.0, 300.0, 400.0] {
            let s = fit_status(&line, width, measure);
            assert!(measure(&s) <= width, "{width}: {s:?}");
            if width >= measure("drag to move B") {
                assert!(s.ends_with("drag to move B"), "{width}: {s:?}");
            }
            assert!(s.contains('…'), "{width}: {s:?}");
        }
        let s = fit_status(&line, 300.0, measure);
        assert!(
            s.starts_with("x   -1.250") && s.contains("…   │ drag"),
            "{s:?}"
        );
        let zh = format!("x 1 y 2{HINT_SEP}拖动以移动 B");
        let s = fit_status(&zh, measure("拖动以移") + 8.0, measure);
        assert!(s.ends_with('…') && s.starts_with("拖动"), "{s:?}");
        assert_eq!(fit_status("abc", 0.0, measure), "…");
    }
}
