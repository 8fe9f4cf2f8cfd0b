//! Coming back to a set after a crash or a kill: the library's session file
//! ([`satlab::practice::Session`], beside the progress file) is written
//! atomically after every answer and every move to another question; a
//! window started on the same set resumes at the same question with the
//! answers given so far (scored again for the summary; the tally already
//! counted them). A drill keeps no session (its clock cannot resume).

use super::PracticeMode;
use crate::app::i18n::trf;
use crate::app::shell::message::Message;
use satlab::practice::{clear_session, load_session, save_session, score, Session};

impl PracticeMode {
    /// Writes where the learner is (or, during a drill, removes the file).
    /// A failure is said in the panel, as the progress file's is.
    pub(super) fn keep_session(&mut self) {
        let done = if self.clock.is_some() {
            clear_session(&self.session)
        } else {
            save_session(
                &self.session,
                &Session {
                    set: self.key.clone(),
                    at: self.at,
                    answered: self.answered.is_some(),
                    given: self.given.clone(),
                },
            )
        };
        if let Err(e) = done {
            self.progress_note = Some(format!("{}: {e}", self.session.display()));
        }
    }

    /// Resumes the session kept for this set, if any: the answers given
    /// (outcomes and reasons for the summary, not counted again), then the
    /// question shown, or the one after it when it had been answered, or
    /// the summary after the last. Says so in a message.
    pub(super) fn resume(&mut self) {
        let Some(s) = load_session(&self.session, &self.set) else {
            return;
        };
        for g in &s.given {
            let Some(q) = self.set.questions.get(g.question).cloned() else {
                continue;
            };
            let sc = score(&q, &g.response);
            let o = self.outcome(&q, &sc);
            self.outcomes.push(o);
            self.said.push(sc.feedback);
        }
        self.given = s.given;
        let n = self.set.questions.len();
        if s.answered && s.at + 1 >= n {
            self.go_to(s.at);
            self.finished = true;
        } else {
            self.go_to(if s.answered { s.at + 1 } else { s.at });
        }
        self.message = Some(Message::new(
            trf(
                "Resumed this set at question {} / {} (answers kept: {}); Ctrl+N starts it again.",
                &[&(self.at + 1), &n, &self.given.len()],
            ),
            false,
            self.now,
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::app::practice::PracticeMode;
    use crate::app::shell::mode::Mode;
    use satlab::practice::{generate, Choice, Level, Response};

    fn dir(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("satlab-resume-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_restarted_window_comes_back_to_the_question_and_the_answers() {
        let d = dir("trip");
        let progress = d.join("progress.json");
        let set = generate(42, 4, Choice::Level(Level::Two)).expect("a set");
        let mut m = PracticeMode::new(set.clone(), progress.clone());
        m.submit(Response::Verdict(true));
        m.next();
        m.submit(Response::Axis(None));
        let (outcomes, points) = (m.outcomes.clone(), m.tally.points);
        // Killed while the second answer's reveal was shown: the next
        // window on the same set opens at the third question.
        let mut back = PracticeMode::new(set.clone(), progress.clone());
        assert_eq!(back.at, 2);
        assert!(back.answered.is_none() && !back.finished);
        assert_eq!(back.outcomes, outcomes, "the summary's answers are back");
        assert_eq!(back.said.len(), 2);
        assert_eq!(back.tally.points, points, "and not counted twice");
        assert!(back.message.is_some(), "the resume is said");
        // Killed before answering the third: it is asked again.
        let again = PracticeMode::new(set.clone(), progress.clone());
        assert_eq!((again.at, again.outcomes.len()), (2, 2));
        // To the end: the summary comes back.
        back.submit(Response::Verdict(false));
        back.next();
        back.submit(Response::Verdict(false));
        back.next();
        assert!(back.finished);
        let end = PracticeMode::new(set.clone(), progress.clone());
        assert!(end.finished && end.outcomes.len() == 4);
        // Another set does not resume this one; starting again forgets it.
        let other = generate(43, 4, Choice::Level(Level::Two)).expect("a set");
        let fresh = PracticeMode::new(other, progress.clone());
        assert!(fresh.at == 0 && fresh.outcomes.is_empty() && fresh.message.is_none());
        let mut restart = PracticeMode::new(set.clone(), progress.clone());
        restart.new_document();
        let after = PracticeMode::new(set, progress);
        assert!(after.at == 0 && after.outcomes.is_empty() && !after.finished);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_drill_keeps_no_session() {
        let d = dir("drill");
        let set = generate(5, 3, Choice::Level(Level::One)).expect("a set");
        let mut m = PracticeMode::new(set, d.join("progress.json"));
        m.submit(Response::Verdict(true));
        assert!(m.session.exists());
        let drill = satlab::practice::drill(5).expect("a drill");
        m.start(drill.clone(), true);
        m.submit(Response::Verdict(true));
        assert!(!m.session.exists(), "no session during a drill");
        let back = PracticeMode::new(drill, d.join("progress.json"));
        assert!(back.at == 0 && back.outcomes.is_empty());
        let _ = std::fs::remove_dir_all(&d);
    }
}
