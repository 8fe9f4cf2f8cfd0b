//! The open document (which file, what was last saved, is it dirty, did it
//! change on disk), the scene browser's listing, and regression capture.
//! No drawing here; the panels in `ui/` show it.

use crate::app::i18n::tr;
use glam::Vec2;
use satlab::geom::{Obb, Polygon, Pose, Shape};
use satlab::scene::{self, AnyScene, Scene};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// How often the open file's modification time is checked, seconds.
pub const POLL_S: f64 = 0.5;

/// The scene file being edited.
#[derive(Debug, Clone)]
pub struct Document {
    /// Where it lives; `None` for a new, never saved scene.
    pub path: Option<PathBuf>,
    /// The scene as last loaded or saved.
    pub saved: Scene,
}

fn mtime(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Why a file could not be read or written; shown as `path: reason`
/// (the reason in the system's words, or the scene's
/// `path:line:column: …`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileError {
    /// The system refused to read or write `path` (or make its folder).
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What kind of failure.
        kind: std::io::ErrorKind,
        /// The system's message.
        text: String,
    },
    /// The file was read but is not a scene satlab reads.
    Scene(scene::SceneError),
}

impl FileError {
    /// Reading or writing `path` failed with `e`.
    pub fn io(path: &Path, e: &std::io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            kind: e.kind(),
            text: e.to_string(),
        }
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Io { path, text, .. } => write!(f, "{}: {text}", path.display()),
            FileError::Scene(e) => write!(f, "{e}"),
        }
    }
}

impl From<scene::SceneError> for FileError {
    fn from(e: scene::SceneError) -> FileError {
        FileError::Scene(e)
    }
}

impl Document {
    /// A document for a scene not yet saved anywhere.
    pub fn untitled(scene: &Scene) -> Document {
        Document {
            path: None,
            saved: scene.clone(),
        }
    }

    /// Loads `path`; the error is `path:line:column: message`.
    pub fn open(path: &Path) -> Result<(Document, Scene), FileError> {
        let sc = scene::load(path)?;
        Ok((
            Document {
                path: Some(path.to_path_buf()),
                saved: sc.clone(),
            },
            sc,
        ))
    }

    /// True when `current` differs from what was last loaded or saved.
    pub fn dirty(&self, current: &Scene) -> bool {
        *current != self.saved
    }

    /// Saves `current` to `path` (atomically) and makes it this document's file.
    pub fn save_as(&mut self, path: &Path, current: &Scene) -> Result<(), FileError> {
        let path = with_json_extension(path);
        scene::save(&path, current).map_err(|e| FileError::io(&path, &e))?;
        self.path = Some(path.clone());
        self.saved = current.clone();
        Ok(())
    }
}

/// What polling the open file found.
#[derive(Debug, Clone, PartialEq)]
pub enum DiskChange {
    /// Nothing new.
    None,
    /// The file changed and loads (a scene of any kind): here it is.
    Reloaded(Box<AnyScene>),
    /// The file changed but does not load: the message.
    Broken(String),
    /// The file was broken (with this message) and loads again, as it was
    /// when last known: the message is stale.
    Repaired(String),
}

/// The one watch on a document's file (every mode's, kept by the shell):
/// its modification time, polled at most every [`POLL_S`], and what it
/// held when last loaded or saved.
#[derive(Debug, Clone, Default)]
pub struct Watch {
    /// The file watched.
    path: Option<PathBuf>,
    /// Its modification time when last armed or polled.
    mtime: Option<SystemTime>,
    /// What it held when last armed or loaded.
    known: Option<AnyScene>,
    /// When it was last polled (app time, seconds).
    last_poll: f64,
    /// The message of the last poll that found it broken, until a poll
    /// finds it loading again.
    broken: Option<String>,
}

impl Watch {
    /// Watches `path`, which holds `doc` now (just opened or saved).
    pub fn arm(&mut self, path: Option<&Path>, doc: AnyScene) {
        *self = Watch {
            path: path.map(Path::to_path_buf),
            mtime: path.and_then(mtime),
            known: Some(doc),
            last_poll: self.last_poll,
            broken: None,
        };
    }

    /// The file watched.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Checks (at most every [`POLL_S`]) whether the file changed on disk.
    pub fn poll(&mut self, now: f64) -> DiskChange {
        if now - self.last_poll < POLL_S {
            return DiskChange::None;
        }
        self.last_poll = now;
        let Some(path) = self.path.clone() else {
            return DiskChange::None;
        };
        let m = mtime(&path);
        if m.is_none() || m == self.mtime {
            return DiskChange::None;
        }
        self.mtime = m;
        match scene::load_any(&path) {
            Ok(sc) => {
                let was_broken = self.broken.take();
                if self.known.as_ref() != Some(&sc) {
                    self.known = Some(sc.clone());
                    DiskChange::Reloaded(Box::new(sc))
                } else if let Some(message) = was_broken {
                    DiskChange::Repaired(message)
                } else {
                    DiskChange::None
                }
            }
            Err(e) => {
                let message = e.to_string();
                self.broken = Some(message.clone());
                DiskChange::Broken(message)
            }
        }
    }
}

/// `path` with `.json` added when it has no extension.
pub fn with_json_extension(path: &Path) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension("json")
    } else {
        path.to_path_buf()
    }
}

/// One scene file in the browser.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its `name`, or the file stem when it has none (or does not parse).
    pub title: String,
}

/// One folder of scenes (a lesson).
#[derive(Debug, Clone, PartialEq)]
pub struct Folder {
    /// The folder.
    pub path: PathBuf,
    /// Its scene files, sorted by file name.
    pub entries: Vec<Entry>,
}

/// The scene browser's listing of a root folder and its subfolders.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Listing {
    /// The root.
    pub root: PathBuf,
    /// Folders holding scenes, the root first, then subfolders by name.
    pub folders: Vec<Folder>,
}

impl Listing {
    /// Lists `root` and its subfolders (two levels deep).
    pub fn scan(root: &Path) -> Listing {
        let mut folders = Vec::new();
        collect(root, 0, &mut folders);
        Listing {
            root: root.to_path_buf(),
            folders,
        }
    }
}

fn collect(dir: &Path, depth: usize, out: &mut Vec<Folder>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            dirs.push(p);
        } else if p.extension().is_some_and(|x| x == "json") {
            // Only regular files are read (a FIFO would block the listing).
            if let Some(title) = listed_scene_title(&p) {
                files.push(Entry { path: p, title });
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    dirs.sort();
    if !files.is_empty() {
        out.push(Folder {
            path: dir.to_path_buf(),
            entries: files,
        });
    }
    if depth < 2 {
        for d in dirs {
            collect(&d, depth + 1, out);
        }
    }
}

/// The browser's title for a `*.json` file: its `name`, or the file stem
/// when it has none or does not parse (broken files are still listed).
/// `None` for what the browser does not list: field scenes
/// (`docs/scene-format.md` version 2) and what is not a regular file. 3D
/// scenes (version 3) are listed: opening one shows the 3D mode. Read
/// through the library's [`scene::read_scene_file`] (regular files only,
/// size capped).
fn listed_scene_title(path: &Path) -> Option<String> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let value = match scene::read_scene_file(path) {
        Ok(bytes) => serde_json::from_slice::<serde_json::Value>(&bytes).ok(),
        Err(_) if !path.is_file() => return None,
        Err(_) => None,
    };
    let a_field = |v: &serde_json::Value| v.get("shapes").is_some();
    if value.as_ref().is_some_and(a_field) {
        return None;
    }
    let name = value
        .as_ref()
        .and_then(|v| v.get("name").and_then(|n| n.as_str()))
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    Some(name.unwrap_or(stem))
}

/// `YYYYMMDD-HHMMSS` in UTC, for default names.
pub fn timestamp() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day) (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The default name of a captured regression scene: kinds and time.
pub fn capture_name(current: &Scene) -> String {
    format!(
        "{}-vs-{}-{}",
        current.a.kind().name(),
        current.b.kind().name(),
        timestamp()
    )
}

/// The folder regression scenes are captured into: `regressions/` in the
/// scene library the open file belongs to (its nearest enclosing folder
/// named `scenes`), else `scenes/regressions/` under the working directory
/// `cwd`.
pub fn regressions_dir(open: Option<&Path>, cwd: &Path) -> PathBuf {
    let library = open
        .map(|p| {
            if p.is_absolute() {
                p.to_path_buf()
            } else {
                cwd.join(p)
            }
        })
        .and_then(|p| {
            p.ancestors()
                .skip(1)
                .find(|a| a.file_name().is_some_and(|n| n == "scenes"))
                .map(Path::to_path_buf)
        });
    library
        .unwrap_or_else(|| cwd.join("scenes"))
        .join("regressions")
}

/// The file name a regression scene called `name` is saved under: letters,
/// digits, `-`, `_` and inner dots kept, anything else (a slash, a space)
/// turned into `-`, leading and trailing dots and dashes dropped, and
/// always ending in `.json`. So the file stays inside the folder and
/// `satlab check` finds it. `None` when nothing is left.
pub fn capture_file_name(name: &str) -> Option<String> {
    let name = name.trim();
    let stem = name
        .strip_suffix(".json")
        .or_else(|| name.strip_suffix(".JSON"))
        .unwrap_or(name);
    let clean: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let clean = clean.trim_matches(|c| c == '.' || c == '-');
    (!clean.is_empty()).then(|| format!("{clean}.json"))
}

/// Why a capture did not happen.
#[derive(Debug, Clone, PartialEq)]
pub enum CaptureError {
    /// A file of that name is already there: ask before replacing it.
    Exists(PathBuf),
    /// Anything else, in words.
    Failed(String),
}

/// Saves the current pair with `expect` filled from the current results
/// into `dir` under [`capture_file_name`]`(name)`; an existing file is
/// replaced only when `replace` is true. Returns the path.
pub fn capture_regression(
    dir: &Path,
    name: &str,
    current: &Scene,
    replace: bool,
) -> Result<PathBuf, CaptureError> {
    capture_into(dir, name, replace, |path, stem| {
        let title = if current.name.is_empty() {
            stem.to_string()
        } else {
            current.name.clone()
        };
        // The whole scene (its motion too), with what the core finds now.
        let sc = scene::capture_scene(current, &title);
        scene::save(path, &sc)
    })
}

/// The one way a regression scene is written: `name` made a file name in
/// `dir` (refused when empty; an existing file only replaced when
/// `replace`), the folder made, then `write(path, file stem)`.
pub fn capture_into(
    dir: &Path,
    name: &str,
    replace: bool,
    write: impl FnOnce(&Path, &str) -> std::io::Result<()>,
) -> Result<PathBuf, CaptureError> {
    let file = capture_file_name(name)
        .ok_or_else(|| CaptureError::Failed(tr("the regression scene needs a name").into()))?;
    let path = dir.join(&file);
    if !replace && (path.exists() || path.is_symlink()) {
        return Err(CaptureError::Exists(path));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| CaptureError::Failed(format!("{}: {e}", dir.display())))?;
    write(&path, file.trim_end_matches(".json"))
        .map_err(|e| CaptureError::Failed(format!("{}: {e}", path.display())))?;
    Ok(path)
}

/// The scene shown when satlab starts without a file: a box and a pentagon
/// overlapping, so the axes, the overlap and the MTV show at once.
pub fn default_scene() -> Scene {
    let a = Obb::new(
        Pose::new(Vec2::new(-0.6, 0.0), 20.0).unwrap_or(Pose::IDENTITY),
        Vec2::new(2.0, 1.2),
    )
    .map(Shape::Obb);
    let b = Polygon::regular(
        Pose::new(Vec2::new(1.9, 0.9), 12.0).unwrap_or(Pose::IDENTITY),
        5,
        1.5,
    )
    .map(Shape::Polygon);
    let (Ok(a), Ok(b)) = (a, b) else {
        unreachable!("the default shapes are valid by construction")
    };
    Scene {
        name: "A box and a pentagon".into(),
        notes: "Drag B (orange) off A until one axis shows a gap: that axis separates them.".into(),
        a,
        b,
        view: None,
        motion: None,
        expect: None,
        contact_tolerance: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_lists_pair_scenes_only() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
        let listing = Listing::scan(&root);
        let names: Vec<String> = listing
            .folders
            .iter()
            .map(|f| {
                f.path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            })
            .collect();
        assert!(names.iter().any(|n| n == "01-basics"), "{names:?}");
        // scenes/07-broad-phase holds field scenes only: not listed. The 3D
        // scenes of 08-3d are (they open in the 3D mode).
        assert!(!names.iter().any(|n| n == "07-broad-phase"), "{names:?}");
        assert!(names.iter().any(|n| n == "08-3d"), "{names:?}");
    }

    #[cfg(unix)]
    #[test]
    fn the_browser_skips_fifos_and_devices_without_opening_them() {
        let d = std::env::temp_dir().join(format!("satlab-browse-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let scene = r#"{"version": 1, "name": "Two points",
            "a": {"kind": "point", "position": [0, 0]},
            "b": {"kind": "point", "position": [1, 0]}}"#;
        std::fs::write(d.join("a.json"), scene).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(d.join("b-fifo.json"))
            .status()
            .unwrap();
        assert!(made.success());
        std::os::unix::fs::symlink("/dev/zero", d.join("c-zero.json")).unwrap();
        // Listed on another thread: a blocked read fails the test, not hangs it.
        let (tx, rx) = std::sync::mpsc::channel();
        let root = d.clone();
        std::thread::spawn(move || {
            let _ = tx.send(Listing::scan(&root));
        });
        let listing = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the listing blocked");
        assert_eq!(listing.folders.len(), 1);
        assert_eq!(
            listing.folders[0].entries,
            vec![Entry {
                path: d.join("a.json"),
                title: "Two points".into()
            }]
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_411), (2025, 11, 19));
        assert_eq!(timestamp().len(), 15);
    }

    #[test]
    fn capture_names_stay_in_the_folder_and_end_in_json() {
        let n = |s: &str| capture_file_name(s);
        assert_eq!(n("box-vs-disc"), Some("box-vs-disc.json".into()));
        assert_eq!(n("v1.2"), Some("v1.2.json".into()));
        assert_eq!(n("case.json"), Some("case.json".into()));
        assert_eq!(n("../../x"), Some("x.json".into()));
        assert_eq!(n("a/b c"), Some("a-b-c.json".into()));
        assert_eq!(n("."), None);
        assert_eq!(n(".."), None);
        assert_eq!(n("  "), None);
        assert_eq!(n(".hidden"), Some("hidden.json".into()));
    }

    #[test]
    fn the_regressions_folder_follows_the_open_scene_library() {
        let cwd = Path::new("/work/here");
        assert_eq!(
            regressions_dir(Some(Path::new("/lib/scenes/03-curved/a.json")), cwd),
            PathBuf::from("/lib/scenes/regressions")
        );
        assert_eq!(
            regressions_dir(Some(Path::new("scenes/01-basics/a.json")), cwd),
            PathBuf::from("/work/here/scenes/regressions")
        );
        assert_eq!(
            regressions_dir(Some(Path::new("/tmp/a.json")), cwd),
            PathBuf::from("/work/here/scenes/regressions")
        );
        assert_eq!(
            regressions_dir(None, cwd),
            PathBuf::from("/work/here/scenes/regressions")
        );
    }

    #[test]
    fn capture_asks_before_replacing() {
        let dir = std::env::temp_dir().join(format!("satlab-capture-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let sc = crate::app::files::default_scene();
        let p = capture_regression(&dir, "existing", &sc, false).unwrap();
        assert_eq!(p, dir.join("existing.json"));
        std::fs::write(&p, "{}").unwrap();
        assert_eq!(
            capture_regression(&dir, "existing", &sc, false),
            Err(CaptureError::Exists(p.clone()))
        );
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "{}");
        capture_regression(&dir, "existing", &sc, true).unwrap();
        assert!(satlab::scene::load(&p).is_ok());
        let dot = capture_regression(&dir, ".", &sc, false);
        assert!(matches!(dot, Err(CaptureError::Failed(_))), "{dot:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_file_restored_exactly_says_its_error_is_stale() {
        let dir = std::env::temp_dir().join(format!("satlab-repair-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.json");
        let sc = crate::app::files::default_scene();
        scene::save(&path, &sc).unwrap();
        let good = std::fs::read(&path).unwrap();
        let mut doc = Watch::default();
        doc.arm(Some(&path), AnyScene::Pair(sc.clone()));
        let touch = |secs: u64| {
            let f = std::fs::File::options().write(true).open(&path).unwrap();
            f.set_modified(UNIX_EPOCH + std::time::Duration::from_secs(secs))
                .unwrap();
        };
        std::fs::write(&path, b"{ broken").unwrap();
        touch(1_000);
        let DiskChange::Broken(message) = doc.poll(1.0) else {
            panic!("a broken file is reported");
        };
        std::fs::write(&path, &good).unwrap();
        touch(2_000);
        assert_eq!(doc.poll(2.0), DiskChange::Repaired(message));
        touch(3_000);
        assert_eq!(doc.poll(3.0), DiskChange::None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn json_extension() {
        assert_eq!(
            with_json_extension(Path::new("a/b")),
            PathBuf::from("a/b.json")
        );
        assert_eq!(
            with_json_extension(Path::new("a/b.json")),
            PathBuf::from("a/b.json")
        );
    }
}
