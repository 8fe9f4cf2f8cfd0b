//! Where an export writes: the output path checked before anything is
//! read or written, and the file written whole or not at all. Shared by
//! `satlab render`, `export-lesson` and the window's animation export.

use crate::app::export::error::ExportError;
use std::path::Path;

/// Checks the output path before anything is read or written: it names
/// neither a folder nor a special file (FIFO, device), differs from the
/// scene file, and its folder exists. The message starts with the path.
pub fn check_output(output: &Path, scene: &Path) -> Result<(), ExportError> {
    let at = || output.to_path_buf();
    if let Ok(m) = std::fs::metadata(output) {
        if m.is_dir() {
            return Err(ExportError::OutputIsFolder(at()));
        }
        if !m.is_file() {
            return Err(ExportError::OutputNotRegular(at()));
        }
        let same = std::fs::canonicalize(output)
            .ok()
            .zip(std::fs::canonicalize(scene).ok())
            .is_some_and(|(o, s)| o == s);
        if same {
            return Err(ExportError::OutputIsScene(at()));
        }
    }
    let dir = match output.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(ExportError::FolderIsFile {
            output: at(),
            folder: dir.to_path_buf(),
        }),
        Err(source) => Err(ExportError::NoFolder {
            output: at(),
            folder: dir.to_path_buf(),
            source,
        }),
    }
}

/// Writes `bytes` to `path` atomically (a temporary file, then a rename).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    satlab::scene::write_atomic(path, bytes).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}
