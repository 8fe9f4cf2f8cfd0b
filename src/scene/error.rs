//! Why a scene file could not be loaded, and where.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

/// A scene that could not be read or parsed: `path:line:column: message`.
///
/// `line` and `column` are 1-based (the column counts characters). Both are 0
/// when the error concerns the whole file (it could not be read at all); the
/// message is then shown as `path: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SceneError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line, 0 when not about a place in the file.
    pub line: usize,
    /// 1-based column in characters, 0 when not about a place in the file.
    pub column: usize,
    /// What is wrong, in words a user understands.
    pub message: String,
}

impl SceneError {
    /// An error at a place in the file.
    /// A message longer than [`MESSAGE_CHARS`] is cut (the places that
    /// quote the file already quote at most [`QUOTE_CHARS`] of a token; this
    /// keeps any message readable on a terminal).
    pub fn at(path: &Path, line: usize, column: usize, message: impl Into<String>) -> SceneError {
        let message = message.into();
        let message = match cut_chars(&message, MESSAGE_CHARS) {
            Cow::Borrowed(_) => message,
            Cow::Owned(cut) => cut,
        };
        SceneError {
            path: path.to_path_buf(),
            line,
            column,
            message,
        }
    }

    /// An error about the whole file (for instance it cannot be read).
    pub fn whole_file(path: &Path, message: impl Into<String>) -> SceneError {
        SceneError::at(path, 0, 0, message)
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.path.display(), self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.path.display(),
                self.line,
                self.column,
                self.message
            )
        }
    }
}

impl std::error::Error for SceneError {}

/// At most this many characters of a token from the file (a field name, a
/// kind, a layer name) are quoted in an error message.
pub const QUOTE_CHARS: usize = 200;

/// At most this many characters of a whole error message are kept.
pub const MESSAGE_CHARS: usize = 2_000;

/// `s` as it is when it has at most `max_chars` characters; else its first
/// `max_chars` characters (cut at a character boundary) followed by
/// "… (N more characters)". The one cutter for text a file provides: the
/// library's error messages quote through it, the window shows names and
/// messages through it.
pub fn cut_chars(s: &str, max_chars: usize) -> Cow<'_, str> {
    match s.char_indices().nth(max_chars) {
        None => Cow::Borrowed(s),
        Some((at, _)) => {
            let more = s[at..].chars().count();
            let unit = if more == 1 { "character" } else { "characters" };
            Cow::Owned(format!("{}… ({more} more {unit})", &s[..at]))
        }
    }
}

/// A token from the file as an error message quotes it: at most
/// [`QUOTE_CHARS`] characters.
pub fn quoted(s: &str) -> Cow<'_, str> {
    cut_chars(s, QUOTE_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_as_is() {
        assert!(matches!(cut_chars("abc", 3), Cow::Borrowed("abc")));
        assert_eq!(cut_chars("", 0), "");
    }

    #[test]
    fn long_text_keeps_its_start_and_says_how_much_is_cut() {
        assert_eq!(cut_chars("abcd", 3), "abc… (1 more character)");
        assert_eq!(cut_chars("abcdef", 2), "ab… (4 more characters)");
        assert_eq!(cut_chars("abc", 0), "… (3 more characters)");
    }

    #[test]
    fn cuts_between_characters_and_counts_characters() {
        // 'é' is 2 bytes, '语' 3, '🦀' 4: a byte cut would split them.
        let s = "é语🦀x🦀";
        assert_eq!(cut_chars(s, 5), s);
        assert_eq!(cut_chars(s, 1), "é… (4 more characters)");
        assert_eq!(cut_chars(s, 3), "é语🦀… (2 more characters)");
    }

    #[test]
    fn long_messages_are_cut_where_the_error_is_made() {
        let e = SceneError::at(Path::new("f.json"), 1, 2, "x".repeat(1_000_000));
        assert!(
            e.message.chars().count() < MESSAGE_CHARS + 40,
            "{}",
            e.message.len()
        );
        assert!(
            e.message.ends_with("(998000 more characters)"),
            "{}",
            &e.message[1990..]
        );
    }
}
