//! The learner's progress file: a small JSON [`Tally`] in the user's data
//! folder (never in the project tree), read forgivingly and written
//! atomically; and the summary at the end of a set.

use super::question::Kind;
use super::tally::{Outcome, Tally};
use std::path::{Path, PathBuf};

/// The largest progress file read, bytes: anything bigger is not ours.
pub const MAX_PROGRESS_BYTES: u64 = 1 << 20;

/// Where the progress file lives: `$SATLAB_PRACTICE_DIR/progress.json` (for
/// tests), else `$XDG_DATA_HOME/satlab/progress.json`, else
/// `~/.local/share/satlab/progress.json`, else the system's temporary
/// folder's `satlab/progress.json`. Empty variables count as unset.
pub fn progress_path() -> PathBuf {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let dir = if let Some(d) = var("SATLAB_PRACTICE_DIR") {
        PathBuf::from(d)
    } else if let Some(d) = var("XDG_DATA_HOME") {
        PathBuf::from(d).join("satlab")
    } else if let Some(h) = var("HOME") {
        PathBuf::from(h).join(".local/share/satlab")
    } else {
        std::env::temp_dir().join("satlab")
    };
    dir.join("progress.json")
}

/// How reading the progress file went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loaded {
    /// Read.
    Read(Tally),
    /// No file yet: a fresh tally.
    Fresh,
    /// The file is there but unreadable, too large or not a tally: a fresh
    /// tally is used and the file is left alone until the next save; the
    /// reason in words.
    Broken(String),
}

impl Loaded {
    /// The tally to continue from.
    pub fn tally(self) -> Tally {
        match self {
            Loaded::Read(t) => t,
            Loaded::Fresh | Loaded::Broken(_) => Tally::default(),
        }
    }
}

/// Reads the progress file at `path`; never fails, never panics.
pub fn load_progress(path: &Path) -> Loaded {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::Fresh,
        Err(e) => return Loaded::Broken(format!("cannot read {}: {e}", path.display())),
    };
    if !meta.is_file() || meta.len() > MAX_PROGRESS_BYTES {
        return Loaded::Broken(format!(
            "{} is not a progress file (not a regular file, or over 1 MiB)",
            path.display()
        ));
    }
    match std::fs::read(path) {
        // An object only: serde would also read a struct from an array.
        Ok(bytes) => match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(v) if v.is_object() => match serde_json::from_value::<Tally>(v) {
                Ok(t) => Loaded::Read(t),
                Err(e) => Loaded::Broken(format!("{} is not a progress file: {e}", path.display())),
            },
            Ok(_) => Loaded::Broken(format!("{} is not a JSON object", path.display())),
            Err(e) => Loaded::Broken(format!("{} is not a progress file: {e}", path.display())),
        },
        Err(e) => Loaded::Broken(format!("cannot read {}: {e}", path.display())),
    }
}

/// Writes `tally` to `path` atomically (a temporary file renamed over it),
/// creating the folder.
pub fn save_progress(path: &Path, tally: &Tally) -> std::io::Result<()> {
    super::store::write_json(path, tally, true)
}

/// Clears the progress: the file is removed (a missing one is fine).
pub fn reset_progress(path: &Path) -> std::io::Result<()> {
    super::store::remove_if_present(path)
}

/// The end of a set: how it went, and what to replay.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// Questions answered.
    pub asked: u32,
    /// Right answers.
    pub right: u32,
    /// Points earned.
    pub points: u32,
    /// The numbers of the questions answered wrongly, in order: the
    /// exercises to replay.
    pub missed: Vec<u32>,
    /// Per kind answered: right and asked, in the order of [`Kind::ALL`].
    pub kinds: Vec<(Kind, u32, u32)>,
}

/// Sums up a set's outcomes.
pub fn summary(outcomes: &[Outcome]) -> Summary {
    let mut s = Summary::default();
    for o in outcomes {
        s.asked = s.asked.saturating_add(1);
        s.right = s.right.saturating_add(u32::from(o.right));
        s.points = s.points.saturating_add(o.points);
        if !o.right {
            s.missed.push(o.number);
        }
    }
    for kind in Kind::ALL {
        let of: Vec<&Outcome> = outcomes.iter().filter(|o| o.kind == kind).collect();
        if !of.is_empty() {
            let right = of.iter().filter(|o| o.right).count();
            s.kinds.push((
                kind,
                u32::try_from(right).unwrap_or(u32::MAX),
                u32::try_from(of.len()).unwrap_or(u32::MAX),
            ));
        }
    }
    s
}

/// The interview drill: ten mixed questions from `seed`, answered with no
/// hints until the end (the window keeps the time).
pub fn drill(seed: u64) -> Option<super::PracticeSet> {
    super::generate(seed, DRILL_COUNT, super::Choice::Mixed)
}

/// Questions in an interview drill.
pub const DRILL_COUNT: u32 = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::{score, Level, Response};

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satlab-progress-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn progress_round_trips_and_bad_files_give_a_fresh_tally() {
        let d = temp("round");
        let path = d.join("sub").join("progress.json");
        assert_eq!(load_progress(&path), Loaded::Fresh);
        let set = drill(5).expect("a drill");
        assert_eq!(set.questions.len(), 10);
        let mut t = Tally::default();
        for q in &set.questions {
            t.record(q.kind(), &score(q, &Response::Verdict(true)));
        }
        save_progress(&path, &t).expect("saved");
        assert_eq!(load_progress(&path), Loaded::Read(t.clone()));
        // No temporary left beside it.
        let names: Vec<_> = std::fs::read_dir(path.parent().expect("folder"))
            .expect("listing")
            .collect();
        assert_eq!(names.len(), 1);
        for bad in ["", "{\"points\": -1}", "[1, 2]", "not json"] {
            std::fs::write(&path, bad).expect("write");
            assert!(matches!(load_progress(&path), Loaded::Broken(_)), "{bad:?}");
            assert_eq!(load_progress(&path).tally(), Tally::default());
        }
        // Fields missing from an older file take their defaults.
        std::fs::write(&path, "{\"points\": 30}").expect("write");
        assert_eq!(load_progress(&path).tally().points, 30);
        assert!(matches!(load_progress(&d), Loaded::Broken(_)), "a folder");
        reset_progress(&path).expect("reset");
        assert_eq!(load_progress(&path), Loaded::Fresh);
        reset_progress(&path).expect("a second reset is fine");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn the_summary_lists_what_was_missed_per_kind() {
        let o = |number, kind, right| Outcome {
            seed: 1,
            set: None,
            number,
            level: Level::One,
            kind,
            right,
            points: if right { 10 } else { 0 },
            feedback: String::new(),
        };
        let s = summary(&[
            o(1, Kind::Verdict, true),
            o(2, Kind::Mtv, false),
            o(3, Kind::Verdict, false),
        ]);
        assert_eq!((s.asked, s.right, s.points), (3, 1, 10));
        assert_eq!(s.missed, vec![2, 3]);
        assert_eq!(s.kinds, vec![(Kind::Verdict, 1, 2), (Kind::Mtv, 0, 1)]);
        assert_eq!(summary(&[]), Summary::default());
    }
}
