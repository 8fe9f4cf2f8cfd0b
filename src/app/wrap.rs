//! Breaking text into lines: one rule for every caption, card and panel
//! text (Latin at spaces, Chinese between characters but never before
//! closing punctuation, newlines kept), and cutting text a file provides
//! to a length the window can lay out ([`display_cut`]).

use std::borrow::Cow;

/// At most this many characters of a name from a file (a layer, a scene, a
/// file name) are shown: a panel, a table row, a canvas label, a title.
pub const NAME_CHARS: usize = 80;

/// At most this many characters of a path are shown (a title, a dialog).
pub const PATH_CHARS: usize = 200;

/// At most this many characters of a message are shown in the top bar.
pub const MESSAGE_CHARS: usize = 400;

/// At most this many characters of a scene's notes are shown.
pub const NOTES_CHARS: usize = 4_000;

/// `s` for display: as it is up to `max_chars` characters, else its start
/// and "… (N more characters)", cut at a character boundary. Every name and
/// message a file or the user provides goes through here before egui or
/// the canvas lays it out: egui lays out every glyph of a label, and a
/// 32 MB layer name or error message took the window down out of memory.
/// (The same cutter as the library's error messages use.)
pub fn display_cut(s: &str, max_chars: usize) -> Cow<'_, str> {
    satlab::scene::cut_chars(s, max_chars)
}

/// A path as shown, cut to [`PATH_CHARS`].
pub fn path(p: &std::path::Path) -> String {
    display_cut(&p.display().to_string(), PATH_CHARS).into_owned()
}

/// A name cut to [`NAME_CHARS`].
pub fn name(s: &str) -> Cow<'_, str> {
    display_cut(s, NAME_CHARS)
}

/// True for characters a line may break before and after without a space
/// (Chinese, Japanese kana, full-width forms).
pub fn wide(c: char) -> bool {
    matches!(c as u32, 0x2E80..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Punctuation that must not begin a line (it stays with the text before).
fn no_line_start(c: char) -> bool {
    "，。、：；！？）」』》】…,.;:!?)".contains(c)
}

/// `text` broken into lines no wider than `max_width` (by `width`): at
/// spaces between words, anywhere between Chinese characters (never before
/// closing punctuation), and at every newline; a word wider than a line is
/// cut between characters. Blank lines between paragraphs are kept.
pub fn wrap(text: &str, max_width: f32, width: impl Fn(&str) -> f32) -> Vec<String> {
    let mut out = Vec::new();
    for para in text.split('\n').map(|p| p.trim_end_matches('\r')) {
        let mut line = String::new();
        for (token, spaced) in tokens(para) {
            let sep = if spaced && !line.is_empty() { " " } else { "" };
            let candidate = format!("{line}{sep}{token}");
            if line.is_empty() || width(&candidate) <= max_width {
                line = candidate;
            } else {
                out.push(std::mem::take(&mut line));
                line = token.to_owned();
            }
            // A single token wider than the line: cut it by characters.
            while width(&line) > max_width && line.chars().count() > 1 {
                let mut cut = String::new();
                for c in line.chars() {
                    let next = format!("{cut}{c}");
                    if !cut.is_empty() && width(&next) > max_width {
                        break;
                    }
                    cut = next;
                }
                let rest = line[cut.len()..].to_owned();
                out.push(cut);
                line = rest;
            }
        }
        out.push(line);
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Words of a paragraph: runs of non-space text, each Chinese character
/// its own token with any closing punctuation after it; `true` when a space
/// came before the token in the text.
fn tokens(para: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    for (k, word) in para.split(' ').filter(|w| !w.is_empty()).enumerate() {
        let mut start = 0;
        let mut chars = word.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let next = chars.peek().map(|&(_, n)| n);
            let end = i + c.len_utf8();
            // Break after a Chinese character, or before one, unless the
            // next character is closing punctuation.
            let boundary = match next {
                None => true,
                Some(n) => (wide(c) || wide(n)) && !no_line_start(n),
            };
            if boundary {
                out.push((&word[start..end], start == 0 && k > 0));
                start = end;
            }
        }
    }
    out
}

/// `text` broken into lines of at most `cells` character cells of a
/// monospaced font (a Chinese character takes two; at least 8 cells).
pub fn wrap_cells(text: &str, cells: usize) -> Vec<String> {
    wrap(text, cells.max(8) as f32, cell_width)
}

/// Width of `s` in monospaced cells: a Chinese character counts two.
pub fn cell_width(s: &str) -> f32 {
    s.chars().map(|c| if wide(c) { 2.0 } else { 1.0 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_cut_keeps_short_text_and_cuts_at_the_limit() {
        let at = "x".repeat(NAME_CHARS);
        assert_eq!(name(&at), at.as_str());
        let over = "x".repeat(NAME_CHARS + 1);
        assert_eq!(name(&over), format!("{at}… (1 more character)"));
        assert_eq!(display_cut("", 0), "");
        assert_eq!(display_cut("ab", 0), "… (2 more characters)");
    }

    #[test]
    fn display_cut_never_splits_a_character() {
        // 2-, 3- and 4-byte characters: every cut is at a boundary and the
        // count is in characters, not bytes.
        let s = "é语🦀".repeat(10);
        for k in 0..=30 {
            let cut = display_cut(&s, k);
            let kept: String = s.chars().take(k).collect();
            assert!(cut.starts_with(&kept), "{k}: {cut}");
            if k < 30 {
                assert!(cut.ends_with(&format!("({} more characters)", 30 - k)) || k == 29);
            } else {
                assert_eq!(cut, s.as_str());
            }
        }
    }

    #[test]
    fn a_32_mb_name_is_shown_in_under_a_hundred_characters_of_its_own() {
        let huge = "名".repeat(32 << 20);
        let cut = name(&huge);
        assert!(cut.chars().count() < NAME_CHARS + 40, "{}", cut.len());
        assert!(cut.ends_with(&format!("({} more characters)", (32 << 20) - NAME_CHARS)));
    }

    /// Every character counts as 1 wide, a Chinese one as 2.
    fn w(s: &str) -> f32 {
        cell_width(s)
    }

    #[test]
    fn latin_text_wraps_at_spaces() {
        let lines = wrap("the quick brown fox jumps", 10.0, w);
        assert_eq!(lines, vec!["the quick", "brown fox", "jumps"]);
        for l in &lines {
            assert!(w(l) <= 10.0);
        }
        assert_eq!(wrap("a\n\nb\n", 10.0, w), vec!["a", "", "b"]);
        assert_eq!(wrap("abcdefghij", 4.0, w), vec!["abcd", "efgh", "ij"]);
        assert!(wrap("", 10.0, w).is_empty());
        assert_eq!(wrap("a b\r\nc", 10.0, w), vec!["a b", "c"]);
    }

    #[test]
    fn narrow_or_broken_widths_still_end() {
        assert_eq!(wrap("ab 分离", 0.0, w), vec!["a", "b", "分", "离"]);
        let nan = wrap("one two", 10.0, |_| f32::NAN);
        assert_eq!(nan.concat(), "onetwo");
    }

    #[test]
    fn chinese_wraps_between_characters_but_not_before_punctuation() {
        // 8 characters of width 2 each, 6 per line at most (12 wide).
        let lines = wrap("投影区间不重叠，就分离。", 12.0, w);
        let joined: String = lines.concat();
        assert_eq!(joined, "投影区间不重叠，就分离。");
        for l in &lines {
            assert!(w(l) <= 12.0, "{l}");
            let first = l.chars().next().unwrap();
            assert!(!no_line_start(first), "{l} starts with punctuation");
        }
        assert!(lines.len() >= 2);
        // Mixed text keeps its spaces between Latin words and none inside Chinese.
        let mixed = wrap("在 x 轴上的间隙 0.30", 100.0, w);
        assert_eq!(mixed, vec!["在 x 轴上的间隙 0.30"]);
    }

    #[test]
    fn cells_keep_words_and_count_chinese_double() {
        let lines = wrap_cells("Axis 3 of 6: the normal of B's edge 1.", 16);
        assert_eq!(lines, vec!["Axis 3 of 6: the", "normal of B's", "edge 1."]);
        for l in wrap_cells(
            "分离轴定理：在某条轴上两个投影区间不重叠，则两个形状分离。",
            20,
        ) {
            assert!(cell_width(&l) <= 20.0, "{l}");
            assert!(!l.starts_with('，') && !l.starts_with('。'), "{l}");
        }
        assert_eq!(wrap_cells("abcdefghijklmnopqrstuvwxyz", 10).len(), 3);
        assert!(wrap_cells("", 10).is_empty());
    }
}
