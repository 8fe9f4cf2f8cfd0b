//! Finding scene files (a file as given, or every `*.json` below a folder)
//! and reading one: the only place scene bytes come from a file.

use super::error::SceneError;
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes read from one scene file: 64 MiB (`docs/scene-format.md`).
pub const MAX_SCENE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads a scene file's bytes. Only a regular file (or a link to one) is
/// opened: a FIFO, socket or device is refused without opening it, so
/// nothing blocks on a FIFO or reads `/dev/zero` forever; a file larger than
/// [`MAX_SCENE_BYTES`] is refused, also when it grows while being read. The
/// error is about the whole file (`path: message`).
pub fn read_scene_file(path: &Path) -> Result<Vec<u8>, SceneError> {
    let cannot =
        |e: std::io::Error| SceneError::whole_file(path, format!("cannot read the file: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return Err(SceneError::whole_file(
            path,
            "cannot read the file: it is a folder",
        ));
    }
    if !meta.is_file() {
        return Err(not_regular(path));
    }
    let too_big = || {
        SceneError::whole_file(
            path,
            format!(
                "the file is larger than {} MiB, the most satlab reads from one scene; not read",
                MAX_SCENE_BYTES / (1024 * 1024)
            ),
        )
    };
    if meta.len() > MAX_SCENE_BYTES {
        return Err(too_big());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    // The path may have been replaced between the check and the opening.
    if !file.metadata().map_err(cannot)?.is_file() {
        return Err(not_regular(path));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_SCENE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_SCENE_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

fn not_regular(path: &Path) -> SceneError {
    SceneError::whole_file(
        path,
        "not a regular file (a FIFO, socket or device); skipped, not read",
    )
}

/// The scene files `path` names: the path itself when it is not a folder
/// (whatever its extension), otherwise every `*.json` file below it,
/// recursively, in sorted order, skipping hidden entries (names starting
/// with `.`, such as the temporary files of [`super::save()`]).
///
/// Folders that cannot be read, and a folder holding no scene at all, appear
/// as errors in the list at their place, so a caller can report them and go on.
pub fn find_scenes(path: &Path) -> Vec<Result<PathBuf, SceneError>> {
    let mut out = Vec::new();
    if !path.is_dir() {
        out.push(Ok(path.to_path_buf()));
        return out;
    }
    walk(path, &mut out, &mut HashSet::new());
    if out.is_empty() {
        out.push(Err(SceneError::whole_file(
            path,
            "no .json scene files in this folder",
        )));
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<Result<PathBuf, SceneError>>, seen: &mut HashSet<PathBuf>) {
    // A folder reached twice (through a symbolic link loop) is walked once.
    if let Ok(real) = std::fs::canonicalize(dir) {
        if !seen.insert(real) {
            return;
        }
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.push(Err(SceneError::whole_file(
                dir,
                format!("cannot read the folder: {e}"),
            )));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let hidden = p
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if p.is_dir() {
            walk(&p, out, seen);
        } else if p
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            out.push(Ok(p));
        }
    }
}
