//! The clipboard, the same for every mode: copy the scene as JSON, paste a
//! scene of the mode's kind (or a shape, where the mode has one), copy the
//! results as text. The shell carries these out on whichever mode is shown;
//! a mode only says what its results are ([`Mode::results_text`]) and how
//! it takes a scene or a shape ([`Mode::take`], [`Mode::paste_shape`]).
//! A refused action never touches the clipboard.

use crate::app::i18n::tr;
use crate::app::shell::mode::{ClipError, Mode, Take};
use satlab::scene;
use std::path::Path;

/// The name a pasted text goes by in messages (`clipboard:3:14: …`).
pub const ORIGIN: &str = "clipboard";

/// The system clipboard, or a stand-in for tests.
pub trait Clipboard {
    /// Its text, if it holds any.
    fn get(&mut self) -> Option<String>;
    /// Replaces its content with `text`.
    fn set(&mut self, text: &str);
}

/// The window's clipboard: X11 through [`crate::app::xclip`] (which
/// answers every text target), reading through miniquad.
pub struct SystemClipboard;

impl Clipboard for SystemClipboard {
    fn get(&mut self) -> Option<String> {
        macroquad::miniquad::window::clipboard_get()
    }
    fn set(&mut self, text: &str) {
        crate::app::xclip::set(text);
    }
}

/// Copies `mode`'s document as the JSON a scene file holds; the message.
pub fn copy_scene(mode: &dyn Mode, board: &mut dyn Clipboard) -> String {
    board.set(&mode.document().to_json());
    tr("copied the scene as JSON").into()
}

/// Copies `mode`'s results as text; refused (the clipboard untouched)
/// when the mode has none to give.
pub fn copy_results(mode: &dyn Mode, board: &mut dyn Clipboard) -> Result<String, ClipError> {
    let text = mode.results_text().ok_or(ClipError::NoResults)?;
    board.set(&text);
    Ok(tr("copied the results as text").into())
}

/// Pastes the clipboard into `mode`: a shape object goes to
/// [`Mode::paste_shape`]; anything else must be a scene of the mode's kind,
/// which becomes the document as an edit (its file is kept). A text that
/// does not parse is refused with its `clipboard:line:column` and the
/// document is left as it was. The message.
pub fn paste(mode: &mut dyn Mode, board: &mut dyn Clipboard) -> Result<String, ClipError> {
    let text = board.get().ok_or(ClipError::NoText)?;
    if is_shape_object(&text) {
        return mode.paste_shape(&text);
    }
    let sc = scene::parse_any(&text, Path::new(ORIGIN)).map_err(ClipError::Parse)?;
    if !mode.accepts(&sc) {
        return Err(ClipError::OtherKind);
    }
    mode.take(sc, Take::Paste).map_err(ClipError::Doc)?;
    Ok(tr("pasted the scene").into())
}

/// True when `text` is one JSON object with a `kind`: a shape, not a scene.
pub fn is_shape_object(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .is_some_and(|v| v.get("kind").is_some())
}
