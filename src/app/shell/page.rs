//! PageUp/PageDown, the same for every mode: from the open file, through
//! its lesson when its folder is one (scenes of every kind in file-name
//! order, stopping at both ends), else through the scenes of its folder
//! that the mode shows (wrapping around). A mode playing a lesson of its
//! own (the pair playground's lesson mode) pages through that instead.

use crate::app::i18n::tr;
use crate::app::lesson::{self, Lesson, Step as LessonStep};
use satlab::scene::{load_any, AnyScene};
use std::path::{Path, PathBuf};

/// The regular `*.json` files of `dir` that load as a scene `wanted`
/// takes, not hidden, in file-name order.
pub fn scenes_in(dir: &Path, wanted: &dyn Fn(&AnyScene) -> bool) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("json"))
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .filter(|p| load_any(p).is_ok_and(|sc| wanted(&sc)))
        .collect();
    files.sort();
    files
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The folder `file` is in (`.` for a bare file name).
pub fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The scene `step` places after (before, when negative) `current` among
/// [`scenes_in`] its folder, wrapping around; `None` when `current` is not
/// among them.
pub fn neighbour(
    current: &Path,
    step: isize,
    wanted: &dyn Fn(&AnyScene) -> bool,
) -> Option<PathBuf> {
    let files = scenes_in(&folder_of(current), wanted);
    let cur = canonical(current);
    let i = files.iter().position(|p| canonical(p) == cur)?;
    let n = files.len() as isize;
    files
        .get((i as isize + step).rem_euclid(n) as usize)
        .cloned()
}

/// Where PageUp/PageDown (`step` scenes) lead from the open file
/// `current`: through its lesson when its folder is one, else through the
/// scenes `wanted` takes in its folder. `Err` is the message to show instead.
pub fn page(
    current: &Path,
    step: isize,
    wanted: &dyn Fn(&AnyScene) -> bool,
) -> Result<PathBuf, &'static str> {
    let dir = folder_of(current);
    if let Some(l) = lesson::is_lesson(&dir)
        .then(|| Lesson::open(&dir))
        .flatten()
    {
        return match l.step(Some(current), step) {
            LessonStep::To(p) | LessonStep::Restart(p) => Ok(p),
            LessonStep::AtStart => Err(tr("this is the first scene of the lesson")),
            LessonStep::AtEnd => Err(tr("this is the last scene of the lesson")),
        };
    }
    neighbour(current, step, wanted).ok_or(tr("no other scene of this mode in this folder"))
}
