//! The practice files' two disk operations, shared by the progress file
//! and the session file.

use serde::Serialize;
use std::path::Path;

/// Writes `value` as JSON (indented when `pretty`) and a newline to `path`
/// atomically (a temporary file renamed over it), creating the folder.
pub(super) fn write_json(path: &Path, value: &impl Serialize, pretty: bool) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    let mut text = text.map_err(std::io::Error::other)?;
    text.push('\n');
    crate::scene::write_atomic(path, text.as_bytes())
}

/// Removes `path`; a file that is not there is fine.
pub(super) fn remove_if_present(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        Ok(()) | Err(_) => Ok(()),
    }
}
