//! Where an export writes: the output path checked before anything is
//! read or written, and the file written whole or not at all. Shared by
//! `satlab render`, `export-lesson` and the window's animation export.

use std::path::Path;

/// Checks the output path before anything is read or written: it names
/// neither a folder nor a special file (FIFO, device), differs from the
/// scene file, and its folder exists. The message starts with the path.
pub fn check_output(output: &Path, scene: &Path) -> Result<(), String> {
    let shown = output.display();
    if let Ok(m) = std::fs::metadata(output) {
        if m.is_dir() {
            return Err(format!("{shown}: is a folder, not a file"));
        }
        if !m.is_file() {
            return Err(format!(
                "{shown}: is not a regular file (a FIFO, socket or device); not written"
            ));
        }
        let same = std::fs::canonicalize(output)
            .ok()
            .zip(std::fs::canonicalize(scene).ok())
            .is_some_and(|(o, s)| o == s);
        if same {
            return Err(format!("{shown}: is the scene file itself"));
        }
    }
    let dir = match output.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(format!("{shown}: {} is not a folder", dir.display())),
        Err(e) => Err(format!(
            "{shown}: cannot use the folder {}: {e}",
            dir.display()
        )),
    }
}

/// Writes `bytes` to `path` atomically (a temporary file, then a rename).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    satlab::scene::write_atomic(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
