//! The 3D document on disk: capture of a regression scene with `expect` filled from the core, and
//! PageUp/PageDown through the 3D scenes of the open file's folder.

use crate::app::files::{timestamp, CaptureError};
use crate::app::i18n::tr;
use crate::app::lesson::{self, Lesson, Step as LessonStep};
use satlab::geom3d::{distance, intersects, penetration};
use satlab::scene::{load_any, save_any, AnyScene, Expect, Scene3};
use std::path::{Path, PathBuf};

/// `scene` with `expect` filled from the 3D core: the verdict, the
/// distance, and the penetration depth when they intersect and the core
/// gives one (the same functions `satlab check` compares with).
pub fn captured(scene: &Scene3, name: &str) -> Scene3 {
    let (a, b) = (&scene.a.shape, &scene.b.shape);
    let hit = intersects(a, b);
    let mut sc = scene.clone();
    if sc.name.is_empty() {
        sc.name = name.to_string();
    }
    sc.expect = Some(Expect {
        intersects: hit,
        distance: Some(distance(a, b).distance),
        penetration: if hit {
            penetration(a, b).map(|p| p.depth)
        } else {
            None
        },
        ..Expect::default()
    });
    sc
}

/// Saves [`captured`]`(scene)` into `dir` as
/// [`crate::app::files::capture_file_name`]`(name)`;
/// an existing file is replaced only when `replace`. Returns the path.
pub fn capture_regression(
    dir: &Path,
    name: &str,
    scene: &Scene3,
    replace: bool,
) -> Result<PathBuf, CaptureError> {
    crate::app::files::capture_into(dir, name, replace, |path, stem| {
        let sc = captured(scene, stem);
        save_any(path, &AnyScene::Space(Box::new(sc))).map_err(|e| e.to_string())
    })
}

/// The default name of a captured 3D regression scene: kinds and time.
pub fn capture_name(scene: &Scene3) -> String {
    format!(
        "{}-vs-{}-{}",
        scene.a.shape.kind().name(),
        scene.b.shape.kind().name(),
        timestamp()
    )
}

/// The 3D scenes of `dir`: `*.json` files that load as format v3, not
/// hidden, in file-name order.
pub fn scenes_in(dir: &Path) -> Vec<PathBuf> {
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
        .filter(|p| matches!(load_any(p), Ok(AnyScene::Space(_))))
        .collect();
    files.sort();
    files
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The 3D scene `step` places after (before, when negative) `current`
/// among [`scenes_in`] its folder, wrapping around as the pair
/// playground's browser does; `None` when `current` is not among them.
pub fn neighbour(current: &Path, step: isize) -> Option<PathBuf> {
    let files = scenes_in(&folder_of(current));
    let cur = canonical(current);
    let i = files.iter().position(|p| canonical(p) == cur)?;
    let n = files.len() as isize;
    files
        .get((i as isize + step).rem_euclid(n) as usize)
        .cloned()
}

/// Where PageUp/PageDown (`step` scenes) lead from the open 3D file
/// `current`: through its lesson when its folder is one (2D and 3D scenes
/// in file-name order, stopping at both ends), else through the 3D scenes
/// of its folder. `Err` is the message to show instead.
pub fn page(current: &Path, step: isize) -> Result<PathBuf, &'static str> {
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
    neighbour(current, step).ok_or(tr("no other 3D scene in this folder"))
}
