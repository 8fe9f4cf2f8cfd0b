//! Where a learner is in a set: the question shown and the answers given
//! so far, kept in a small JSON file next to the progress file so that a
//! crash or a kill loses no more than the answer being given. The tally
//! itself is the progress file's; a session only lets the window come
//! back to the same question of the same set with the same summary.
//!
//! The answers are kept as the learner gave them ([`Response`]), not as
//! scores: scoring them again with [`score`](super::score()) gives the same
//! feedback (scoring is deterministic) in whichever language is shown.

use super::generate::PracticeSet;
use super::score::Response;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The largest session file read, bytes: anything bigger is not ours.
pub const MAX_SESSION_BYTES: u64 = 1 << 20;

/// One answer given: the question's index in the set (from 0) and the
/// response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Given {
    /// Index of the question in [`PracticeSet::questions`].
    pub question: usize,
    /// What was answered.
    pub response: Response,
}

/// A set in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// The set's key ([`set_key`]): a session is resumed only on the set
    /// it was kept for.
    pub set: String,
    /// Index of the question shown (from 0).
    pub at: usize,
    /// The question shown was answered (its reveal, or the end-of-set
    /// summary after the last one, was on screen).
    #[serde(default)]
    pub answered: bool,
    /// The answers given, in order (a replayed question appears again).
    pub given: Vec<Given>,
}

/// The session file: `progress.session.json` beside the progress file
/// ([`progress_path`](super::progress_path)).
pub fn session_path() -> PathBuf {
    session_path_for(&super::progress_path())
}

/// The session file kept with the progress file `progress`: its name with
/// the extension `session.json` (`progress.json` → `progress.session.json`).
pub fn session_path_for(progress: &Path) -> PathBuf {
    progress.with_extension("session.json")
}

/// A key naming the set: FNV-1a (64 bits, hex) of its answer key
/// ([`set_json`](super::set_json)), so that the same seed, count and level,
/// or the same authored folder with the same files, give the same key,
/// and any change of a question gives another.
pub fn set_key(set: &PracticeSet) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in super::set_json(set).bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The session kept at `path` for `set`, when there is one: `None` when
/// the file is missing, unreadable, over [`MAX_SESSION_BYTES`], not a
/// session, kept for another set, or pointing past the set's end (an
/// answer to a question the set does not have included). Never panics.
pub fn load_session(path: &Path, set: &PracticeSet) -> Option<Session> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_SESSION_BYTES {
        return None;
    }
    let s: Session = serde_json::from_slice(&std::fs::read(path).ok()?).ok()?;
    let n = set.questions.len();
    let fits = s.at < n && s.given.iter().all(|g| g.question < n);
    (fits && s.set == set_key(set)).then_some(s)
}

/// Writes `session` to `path` atomically (a temporary file renamed over
/// it), creating the folder.
pub fn save_session(path: &Path, session: &Session) -> std::io::Result<()> {
    super::store::write_json(path, session, false)
}

/// Removes the session file (a missing one is fine).
pub fn clear_session(path: &Path) -> std::io::Result<()> {
    super::store::remove_if_present(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Vec2;
    use crate::practice::{generate, Choice, Level};

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("satlab-session-{name}-{}.json", std::process::id()))
    }

    #[test]
    fn a_session_round_trips_for_its_set_only() {
        let set = generate(42, 10, Choice::Level(Level::Two)).expect("a set");
        let path = temp("trip");
        let s = Session {
            set: set_key(&set),
            at: 3,
            answered: true,
            given: vec![
                Given {
                    question: 0,
                    response: Response::Verdict(true),
                },
                Given {
                    question: 1,
                    response: Response::Interval([-0.5, 1.25]),
                },
                Given {
                    question: 2,
                    response: Response::Points(vec![Vec2::new(1.0, -2.0)]),
                },
            ],
        };
        save_session(&path, &s).expect("written");
        assert_eq!(load_session(&path, &set), Some(s.clone()));
        // Another seed, another count, another level: not this session.
        for other in [
            generate(43, 10, Choice::Level(Level::Two)),
            generate(42, 9, Choice::Level(Level::Two)),
            generate(42, 10, Choice::Level(Level::One)),
        ] {
            let other = other.expect("a set");
            assert_ne!(set_key(&other), s.set);
            assert_eq!(load_session(&path, &other), None);
        }
        clear_session(&path).expect("removed");
        assert_eq!(load_session(&path, &set), None);
        clear_session(&path).expect("a missing file is fine");
    }

    #[test]
    fn a_broken_or_out_of_range_session_is_ignored() {
        let set = generate(7, 4, Choice::Mixed).expect("a set");
        let path = temp("broken");
        let key = set_key(&set);
        let at_past_end = format!(r#"{{"set":"{key}","at":4,"given":[]}}"#);
        let answer_past_end = format!(
            r#"{{"set":"{key}","at":0,"given":[{{"question":9,"response":{{"verdict":true}}}}]}}"#
        );
        let good = format!(
            r#"{{"set":"{key}","at":2,"given":[{{"question":0,"response":{{"count":6}}}}]}}"#
        );
        for (text, ok) in [
            ("", false),
            ("[1, 2]", false),
            ("{\"set\": 3}", false),
            (at_past_end.as_str(), false),
            (answer_past_end.as_str(), false),
            (good.as_str(), true),
        ] {
            std::fs::write(&path, text).expect("written");
            assert_eq!(load_session(&path, &set).is_some(), ok, "{text}");
        }
        let _ = std::fs::remove_file(&path);
    }
}
