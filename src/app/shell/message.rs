//! A message for the user in the top bar, the same in every mode.

use crate::app::wrap;

/// A message for the user, shown in the top bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// True for errors (shown in red and kept until dismissed).
    pub error: bool,
    /// App time when it was posted.
    pub at: f64,
}

impl Message {
    /// A message posted at app time `at`; its text is cut to
    /// [`wrap::MESSAGE_CHARS`] (it may quote a file: a 32 MB misspelt name).
    pub fn new(text: impl Into<String>, error: bool, at: f64) -> Message {
        let text = text.into();
        let text = match wrap::display_cut(&text, wrap::MESSAGE_CHARS) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(cut) => cut,
        };
        Message { text, error, at }
    }

    /// True when this message shows `text` (as [`Message::new`] cut it).
    pub fn shows(&self, text: &str) -> bool {
        self.text == wrap::display_cut(text, wrap::MESSAGE_CHARS)
    }
}
