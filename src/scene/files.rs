//! Finding scene files: a file as given, or every `*.json` below a folder.

use super::SceneError;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The scene files `path` names: the path itself when it is not a folder
/// (whatever its extension), otherwise every `*.json` file below it,
/// recursively, in sorted order, skipping hidden entries (names starting
/// with `.`, such as the temporary files of [`super::save`]).
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
