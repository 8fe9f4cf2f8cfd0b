//! The view settings kept between runs (issue 28, item 25): theme, UI
//! scale, canvas label size, presenter mode and language, in a small JSON
//! file, `settings.json` in [`dir`].
//!
//! The file is read once at start and written (to a temporary file, then
//! renamed) when a setting changes. A missing file means the defaults; a
//! file that cannot be read or parsed never stops the window: it is
//! ignored, the defaults are used, and the caller says why on the status
//! line. Fields the file lacks take their defaults and fields it has that
//! this version does not know are ignored, so older and newer versions
//! share one file. Numbers are taken as written here; the shell keeps
//! them in their ranges when it applies them.

use crate::app::i18n::Lang;
use crate::app::palette::Theme;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The file's name in [`dir`].
pub const FILE_NAME: &str = "settings.json";

/// The largest settings file read, bytes (the real one is about 150).
pub const MAX_BYTES: u64 = 64 * 1024;

/// What the file keeps.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `"dark"` or `"light"`.
    pub theme: Theme,
    /// The UI scale (egui's zoom), 1 = unscaled.
    pub ui_scale: f32,
    /// The canvas labels' size factor, 1 = 12 px at UI scale 1.
    pub label_size: f32,
    /// Presenter mode on.
    pub presenter: bool,
    /// `"en"` or `"zh-Hans"`.
    pub language: Lang,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::Dark,
            ui_scale: 1.0,
            label_size: 1.0,
            presenter: false,
            language: Lang::En,
        }
    }
}

/// Why the settings file was not used.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong (the system's or the JSON parser's words).
    pub why: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.why)
    }
}

/// Where the settings file lives: `SATLAB_CONFIG_DIR` (tests point it at
/// a folder of their own), else `$XDG_CONFIG_HOME/satlab`, else
/// `~/.config/satlab`; `None` when none of them is set (nothing is kept).
pub fn dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|d| !d.is_empty());
    if let Some(d) = var("SATLAB_CONFIG_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = var("XDG_CONFIG_HOME") {
        return Some(PathBuf::from(d).join("satlab"));
    }
    var("HOME").map(|h| PathBuf::from(h).join(".config/satlab"))
}

/// The settings file in `dir`.
pub fn file_in(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

/// The settings in `path`: `Ok(None)` when there is no such file, an
/// error when it cannot be read (not a regular file, larger than
/// [`MAX_BYTES`], not UTF-8) or is not a settings object.
pub fn load(path: &Path) -> Result<Option<Settings>, LoadError> {
    let fail = |why: String| LoadError {
        path: path.to_path_buf(),
        why,
    };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(fail(e.to_string())),
    };
    if !meta.is_file() {
        return Err(fail("not a regular file".into()));
    }
    let mut text = String::new();
    let read =
        std::fs::File::open(path).and_then(|f| f.take(MAX_BYTES + 1).read_to_string(&mut text));
    match read {
        Err(e) => Err(fail(e.to_string())),
        Ok(n) if n as u64 > MAX_BYTES => Err(fail(format!("larger than {MAX_BYTES} bytes"))),
        Ok(_) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| fail(e.to_string())),
    }
}

/// Writes `s` to `path` (its folder made if missing), atomically: a
/// temporary file renamed over the old one.
pub fn save(s: &Settings, path: &Path) -> std::io::Result<()> {
    if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(d)?;
    }
    let mut text = serde_json::to_string_pretty(s).map_err(std::io::Error::other)?;
    text.push('\n');
    satlab::scene::write_atomic(path, text.as_bytes())
}

/// Keeps the file in step with the settings shown: [`Keeper::tick`] writes
/// them when they differ from what was last written or read, not every
/// frame.
#[derive(Debug, Clone)]
pub struct Keeper {
    /// The file; `None`: nothing is kept.
    path: Option<PathBuf>,
    /// What the file holds (or was last tried).
    written: Settings,
}

impl Keeper {
    /// A keeper of the file at `path` (`None`: keeps nothing) that holds
    /// `now`: no write until a setting changes.
    pub fn new(path: Option<PathBuf>, now: Settings) -> Keeper {
        Keeper { path, written: now }
    }

    /// Writes `now` when it differs from what the file holds, unless
    /// `settling` (a slider is being dragged: it is written once let go).
    /// `None` when nothing was written, else the write's outcome; a failed
    /// write is not tried again until the settings change once more.
    pub fn tick(&mut self, now: Settings, settling: bool) -> Option<std::io::Result<()>> {
        if settling || now == self.written {
            return None;
        }
        self.written = now;
        let path = self.path.as_deref()?;
        Some(save(&now, path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satlab-settings-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn changed() -> Settings {
        Settings {
            theme: Theme::Light,
            ui_scale: 1.5,
            label_size: 1.25,
            presenter: true,
            language: Lang::ZhHans,
        }
    }

    #[test]
    fn settings_saved_load_back_the_same() {
        let d = temp("round");
        // A folder not made yet is made.
        let f = file_in(&d.join("satlab"));
        assert_eq!(load(&f), Ok(None), "no file: the defaults");
        save(&changed(), &f).unwrap();
        assert_eq!(load(&f), Ok(Some(changed())));
        let text = std::fs::read_to_string(&f).unwrap();
        for word in ["\"light\"", "\"zh-Hans\"", "\"presenter\": true", "1.5"] {
            assert!(text.contains(word), "{word} in {text}");
        }
        // Saved again over the old file, and no temporary file is left.
        save(&Settings::default(), &f).unwrap();
        assert_eq!(load(&f), Ok(Some(Settings::default())));
        let names: Vec<_> = std::fs::read_dir(f.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from(FILE_NAME)]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn fields_missing_take_defaults_and_unknown_ones_are_ignored() {
        let d = temp("partial");
        let f = file_in(&d);
        std::fs::write(&f, r#"{"theme": "light", "future": [1, 2]}"#).unwrap();
        let want = Settings {
            theme: Theme::Light,
            ..Settings::default()
        };
        assert_eq!(load(&f), Ok(Some(want)));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_broken_or_unreadable_file_is_an_error_never_a_panic() {
        let d = temp("broken");
        let f = file_in(&d);
        let bad: [&[u8]; 8] = [
            b"",
            b"{",
            b"[1, 2]",
            b"{\"theme\": \"purple\"}",
            b"{\"ui_scale\": \"big\"}",
            b"{\"language\": 7}",
            b"\xff\xfe{}",
            b"null",
        ];
        for bytes in bad {
            std::fs::write(&f, bytes).unwrap();
            let e = load(&f).expect_err(&String::from_utf8_lossy(bytes));
            assert_eq!(e.path, f);
            assert!(!e.why.is_empty());
        }
        // Too large, and a folder where the file should be.
        std::fs::write(&f, vec![b' '; MAX_BYTES as usize + 10]).unwrap();
        assert!(load(&f).unwrap_err().why.contains("larger"));
        std::fs::remove_file(&f).unwrap();
        std::fs::create_dir(&f).unwrap();
        assert!(load(&f).unwrap_err().why.contains("regular"));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn the_keeper_writes_on_change_only_and_not_while_settling() {
        let d = temp("keeper");
        let f = file_in(&d);
        let mut k = Keeper::new(Some(f.clone()), Settings::default());
        assert!(k.tick(Settings::default(), false).is_none());
        assert!(!f.exists(), "nothing changed: nothing written");
        assert!(k.tick(changed(), true).is_none(), "a drag is going on");
        assert!(!f.exists());
        assert!(k.tick(changed(), false).unwrap().is_ok());
        assert_eq!(load(&f), Ok(Some(changed())));
        std::fs::remove_file(&f).unwrap();
        assert!(k.tick(changed(), false).is_none(), "written once");
        assert!(!f.exists());
        // A file that cannot be written: one error, not one per frame.
        let mut k = Keeper::new(Some(d.join("a-file").join(FILE_NAME)), changed());
        std::fs::write(d.join("a-file"), b"x").unwrap();
        assert!(k.tick(Settings::default(), false).unwrap().is_err());
        assert!(k.tick(Settings::default(), false).is_none());
        // No folder to keep them in: nothing written, nothing said.
        let mut k = Keeper::new(None, changed());
        assert!(k.tick(Settings::default(), false).is_none());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
