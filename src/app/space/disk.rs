//! The 3D document on disk: capture of a regression scene with `expect`
//! filled from the core (PageUp/PageDown are the shell's, `shell::page`).

use crate::app::files::{timestamp, CaptureError};
use satlab::scene::{save_any, AnyScene, Scene3};
use std::path::{Path, PathBuf};

/// `scene` with `expect` filled from the 3D core: the verdict, the
/// distance, and the penetration depth when they intersect and the core
/// gives one (the same functions `satlab check` compares with).
pub fn captured(scene: &Scene3, name: &str) -> Scene3 {
    satlab::scene::capture_space(scene, name)
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
        save_any(path, &AnyScene::Space(Box::new(sc)))
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

#[cfg(test)]
fn is_space(sc: &AnyScene) -> bool {
    matches!(sc, AnyScene::Space(_))
}

/// The 3D scene `step` places after (before, when negative) `current`
/// among the 3D scenes of its folder ([`crate::app::shell::page`], which
/// the shell's PageUp/PageDown use for every mode).
#[cfg(test)]
pub fn neighbour(current: &Path, step: isize) -> Option<PathBuf> {
    crate::app::shell::page::neighbour(current, step, &is_space)
}

/// Where PageUp/PageDown lead from the open 3D file `current`: its lesson,
/// else the 3D scenes of its folder ([`crate::app::shell::page::page`]).
#[cfg(test)]
pub fn page(current: &Path, step: isize) -> Result<PathBuf, &'static str> {
    crate::app::shell::page::page(current, step, &is_space)
}
