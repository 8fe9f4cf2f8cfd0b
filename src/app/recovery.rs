//! A recovery copy of the open document, as editors keep one: written
//! atomically a few seconds after an unsaved change, removed when the
//! document is saved (or its edits discarded) and on a clean exit. If
//! satlab dies, the next start finds the copy of the process that is gone
//! and offers it.
//!
//! Files, in [`dir`], one pair per document (`slot`: the pair playground's
//! and field mode's): `recovery-<pid>-<slot>.json` (the scene exactly as
//! Save would write it) and `recovery-<pid>-<slot>.path` (the file it was
//! edited from, empty for an untitled scene).

use crate::app::files::FileError;
use satlab::scene::{self, AnyScene};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Seconds without a further change before the copy is written.
pub const QUIET_S: f64 = 2.0;
/// During a long stream of changes, the copy is still refreshed this often.
pub const AT_MOST_S: f64 = 10.0;

/// Where recovery copies live: `SATLAB_RECOVERY_DIR`, else
/// `$XDG_STATE_HOME/satlab`, else `~/.local/state/satlab`, else the
/// system's temporary folder.
pub fn dir() -> PathBuf {
    if let Some(d) = std::env::var_os("SATLAB_RECOVERY_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_STATE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("satlab");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".local/state/satlab");
    }
    std::env::temp_dir().join("satlab")
}

/// What the document looks like this frame.
pub struct Snapshot<'a> {
    /// True when it has unsaved edits.
    pub dirty: bool,
    /// Changes whenever the document does (any edit bumps it).
    pub revision: u64,
    /// The file it was opened from or last saved to.
    pub path: Option<&'a Path>,
}

/// The copy kept for this process.
#[derive(Debug)]
pub struct Keeper {
    dir: PathBuf,
    pid: u32,
    slot: &'static str,
    /// Revision last seen, and when it changed (app seconds).
    seen: Option<(u64, f64)>,
    /// Revision last written, and when.
    written: Option<(u64, f64)>,
    /// A copy is on disk.
    on_disk: bool,
}

impl Keeper {
    /// A keeper of document `slot` writing into `dir` for this process.
    pub fn new(dir: PathBuf, slot: &'static str) -> Keeper {
        Keeper {
            dir,
            pid: std::process::id(),
            slot,
            seen: None,
            written: None,
            on_disk: false,
        }
    }

    fn files(&self) -> (PathBuf, PathBuf) {
        (
            self.dir
                .join(format!("recovery-{}-{}.json", self.pid, self.slot)),
            self.dir
                .join(format!("recovery-{}-{}.path", self.pid, self.slot)),
        )
    }

    /// Called once a frame at app time `now` (seconds); `scene` builds the
    /// document when a copy is due. Returns an error message when writing
    /// failed (the app shows it; the document itself is untouched).
    pub fn tick(
        &mut self,
        now: f64,
        doc: Snapshot,
        scene: impl FnOnce() -> AnyScene,
    ) -> Result<(), FileError> {
        if !doc.dirty {
            self.seen = None;
            self.written = None;
            return self.remove();
        }
        let changed_at = match self.seen {
            Some((r, t)) if r == doc.revision => t,
            _ => {
                self.seen = Some((doc.revision, now));
                now
            }
        };
        let due = match self.written {
            Some((r, _)) if r == doc.revision => false,
            Some((_, t)) => now - changed_at >= QUIET_S || now - t >= AT_MOST_S,
            None => now - changed_at >= QUIET_S,
        };
        if due {
            self.written = Some((doc.revision, now));
            self.write(&scene(), doc.path)?;
        }
        Ok(())
    }

    /// Writes the copy now (after a caught panic, or when due).
    pub fn write(&mut self, sc: &AnyScene, path: Option<&Path>) -> Result<(), FileError> {
        std::fs::create_dir_all(&self.dir).map_err(|e| FileError::io(&self.dir, &e))?;
        let (json, from) = self.files();
        let origin = path.map(|p| p.display().to_string()).unwrap_or_default();
        scene::save_any(&json, sc).map_err(|e| FileError::io(&json, &e))?;
        scene::write_atomic(&from, origin.as_bytes()).map_err(|e| FileError::io(&from, &e))?;
        self.on_disk = true;
        Ok(())
    }

    /// Removes this process's copy (saved, discarded, or a clean exit).
    pub fn remove(&mut self) -> Result<(), FileError> {
        if !self.on_disk {
            return Ok(());
        }
        self.on_disk = false;
        let (json, from) = self.files();
        for f in [json, from] {
            match std::fs::remove_file(&f) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(FileError::io(&f, &e)),
            }
        }
        Ok(())
    }

    /// True when a copy of this process is on disk.
    #[cfg(test)]
    pub fn on_disk(&self) -> bool {
        self.on_disk
    }
}

/// A copy left by a satlab that is no longer running.
#[derive(Debug, Clone, PartialEq)]
pub struct Orphan {
    /// The scene copy.
    pub json: PathBuf,
    /// The file it was edited from, if it had one.
    pub origin: Option<PathBuf>,
    /// When the copy was written.
    pub written: Option<SystemTime>,
}

impl Orphan {
    /// Loads the copy.
    pub fn load(&self) -> Result<AnyScene, FileError> {
        Ok(scene::load_any(&self.json)?)
    }

    /// Deletes the copy (recovered or discarded).
    pub fn discard(&self) {
        let _ = std::fs::remove_file(&self.json);
        let _ = std::fs::remove_file(self.json.with_extension("path"));
    }
}

/// True when process `pid` is a running satlab (Linux: `/proc/<pid>` is
/// there, not a zombie, and has our command name; where there is no
/// `/proc`, every other process counts as gone).
fn running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc_dir = Path::new("/proc").join(pid.to_string());
    let Ok(stat) = std::fs::read_to_string(proc_dir.join("stat")) else {
        return false;
    };
    // The state is the first field after the command name in parentheses.
    let zombie = stat
        .rfind(')')
        .and_then(|k| stat[k + 1..].split_whitespace().next())
        .is_some_and(|state| state == "Z" || state == "X");
    let comm = |p: &Path| std::fs::read_to_string(p.join("comm")).unwrap_or_default();
    !zombie && comm(&proc_dir) == comm(Path::new("/proc/self"))
}

/// The newest copy in `dir` whose process is gone, if any.
pub fn orphan(dir: &Path) -> Option<Orphan> {
    let mut found: Vec<Orphan> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let (pid, _slot) = name
                .strip_prefix("recovery-")?
                .strip_suffix(".json")?
                .split_once('-')?;
            let pid: u32 = pid.parse().ok()?;
            let meta = e.metadata().ok().filter(|m| m.is_file())?;
            if running(pid) {
                return None;
            }
            let json = e.path();
            let origin = std::fs::read_to_string(json.with_extension("path"))
                .ok()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .map(PathBuf::from);
            Some(Orphan {
                json,
                origin,
                written: meta.modified().ok(),
            })
        })
        .collect();
    found.sort_by_key(|o| o.written);
    found.pop()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::default_scene;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satlab-recovery-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn snap(dirty: bool, revision: u64) -> Snapshot<'static> {
        Snapshot {
            dirty,
            revision,
            path: Some(Path::new("/lessons/a.json")),
        }
    }

    #[test]
    fn a_copy_is_written_after_a_quiet_moment_and_removed_on_save() {
        let d = temp("tick");
        let mut k = Keeper::new(d.clone(), "pair");
        let sc = || AnyScene::Pair(default_scene());
        k.tick(0.0, snap(true, 1), sc).unwrap();
        assert!(!k.on_disk(), "not before the change has settled");
        k.tick(1.0, snap(true, 1), sc).unwrap();
        assert!(!k.on_disk());
        k.tick(2.5, snap(true, 1), sc).unwrap();
        assert!(k.on_disk());
        let (json, from) = k.files();
        assert!(scene::load(&json).is_ok());
        assert_eq!(std::fs::read_to_string(&from).unwrap(), "/lessons/a.json");
        // A stream of changes is still copied every AT_MOST_S seconds.
        let before = std::fs::metadata(&json).unwrap().modified().unwrap();
        let mut t = 3.0;
        let mut rev = 2;
        while t < 3.0 + AT_MOST_S + 1.0 {
            k.tick(t, snap(true, rev), sc).unwrap();
            t += 0.5;
            rev += 1;
        }
        assert!(k.written.is_some_and(|(r, _)| r > 2), "{:?}", k.written);
        let _ = before;
        // Saved: the copy goes.
        k.tick(t, snap(false, rev), sc).unwrap();
        assert!(!k.on_disk() && !json.exists() && !from.exists());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn only_copies_of_processes_that_are_gone_are_offered() {
        let d = temp("orphan");
        std::fs::create_dir_all(&d).unwrap();
        // Ours (running) is not an orphan.
        let mut k = Keeper::new(d.clone(), "pair");
        k.write(&AnyScene::Pair(default_scene()), None).unwrap();
        assert_eq!(orphan(&d), None);
        // A pid that cannot be running.
        let gone = d.join("recovery-4294967295-pair.json");
        std::fs::copy(k.files().0, &gone).unwrap();
        std::fs::write(gone.with_extension("path"), "/x/y.json\n").unwrap();
        let o = orphan(&d).unwrap();
        assert_eq!(o.json, gone);
        assert_eq!(o.origin, Some(PathBuf::from("/x/y.json")));
        assert!(matches!(o.load(), Ok(AnyScene::Pair(_))));
        o.discard();
        assert_eq!(orphan(&d), None);
        let _ = std::fs::remove_dir_all(&d);
    }
}
