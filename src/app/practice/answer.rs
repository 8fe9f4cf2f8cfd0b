//! Answers: the response a draft or a key makes, scoring, recording and
//! saving the progress (through the library, atomically).

use super::PracticeMode;
use satlab::practice::{save_progress, score, Given, Outcome, Question, Response, Score, Task};
use std::path::{Path, PathBuf};

impl PracticeMode {
    /// Submits `r` for the current question: scored, recorded in the
    /// tally and the set's outcomes, and the progress file saved. Nothing
    /// happens once the question is answered.
    pub(super) fn submit(&mut self, r: Response) {
        if self.answered.is_some() || self.finished {
            return;
        }
        let Some(q) = self.question().cloned() else {
            return;
        };
        let s = score(&q, &r);
        self.tally.record(q.kind(), &s);
        let o = self.outcome(&q, &s);
        self.outcomes.push(o);
        self.said.push(s.feedback.clone());
        self.given.push(Given {
            question: self.at,
            response: r.clone(),
        });
        self.progress_note = save_progress(&self.progress, &self.tally)
            .err()
            .map(|e| format!("{}: {e}", self.progress.display()));
        if self.drilling() {
            // No feedback until the end: straight on to the next question.
            self.answered = Some((r, s));
            self.next();
            return;
        }
        self.truth = q.pair.flat().map(|(a, b)| super::parts::Truth::of(a, b));
        if let Some(solid) = &mut self.solid {
            let chosen = if let (Task::BoxAxes { axes }, Response::Axis(Some(i))) = (&q.task, &r) {
                axes.get(*i)
            } else {
                None
            };
            solid.reveal(chosen);
        }
        self.answered = Some((r, s));
        self.dragging = false;
        self.keep_session();
    }

    /// The CSV row of answer `s` to `q`: the set named by its seed, or by
    /// its folder's name when authored.
    pub(super) fn outcome(&self, q: &Question, s: &Score) -> Outcome {
        let set = self.set.folder.as_ref().map(|f| {
            f.file_name()
                .unwrap_or(f.as_os_str())
                .to_string_lossy()
                .into_owned()
        });
        Outcome {
            seed: self.set.seed,
            set,
            number: q.number,
            level: q.level,
            kind: q.kind(),
            right: s.right,
            points: s.points,
            feedback: s.feedback.sentence(),
        }
    }

    /// The response the draft makes (a drag of B, clicked points), when it
    /// makes one; `None` for questions answered by keys or buttons.
    pub(super) fn drafted(&self) -> Option<Response> {
        let q = self.question()?;
        if let Task::AxisCount { .. } = q.task {
            return super::typed::parse_count(&self.count_text).map(Response::Count);
        }
        let b = q.pair.flat()?.1.pose().position();
        let clicks = &self.draft.clicks;
        match &q.task {
            Task::Mtv { .. } => Some(Response::Translation(self.draft.moved)),
            Task::Touch { .. } => Some(Response::Position(b + self.draft.moved)),
            Task::ClosestPoint { .. } => clicks.last().copied().map(Response::Point),
            Task::Contacts { .. } => (!clicks.is_empty()).then(|| Response::Points(clicks.clone())),
            Task::Projection { axis, .. } => match (self.draft.ends, clicks.as_slice()) {
                (Some(typed), _) => Some(Response::Interval(typed)),
                (None, [.., p, q]) => Some(Response::Interval([axis.dot(*p), axis.dot(*q)])),
                (None, _) => None,
            },
            Task::Verdict { .. }
            | Task::SeparatingAxis { .. }
            | Task::BoxAxes { .. }
            | Task::AxisCount { .. } => None,
        }
    }

    /// Yes (`true`) or no / none separates (`false`).
    pub(super) fn yes_no(&mut self, yes: bool) {
        let Some(kind) = self.question().map(|q| q.kind()) else {
            return;
        };
        match kind {
            satlab::practice::Kind::Verdict => self.submit(Response::Verdict(yes)),
            satlab::practice::Kind::SeparatingAxis | satlab::practice::Kind::BoxAxes if !yes => {
                self.submit(Response::Axis(None))
            }
            satlab::practice::Kind::SeparatingAxis
            | satlab::practice::Kind::BoxAxes
            | satlab::practice::Kind::Projection
            | satlab::practice::Kind::Mtv
            | satlab::practice::Kind::Touch
            | satlab::practice::Kind::ClosestPoint
            | satlab::practice::Kind::Contacts
            | satlab::practice::Kind::AxisCount => {}
        }
    }

    /// Enter or Space: the next question after the reveal, else submits
    /// the draft.
    pub(super) fn go(&mut self) {
        if self.answered.is_some() {
            self.next();
        } else if let Some(r) = self.drafted() {
            self.submit(r);
        }
    }

    /// Writes the set's outcomes as CSV to `path` (".csv" added when it
    /// has no extension) through a temporary file in the same folder,
    /// renamed over it; the path written.
    pub(super) fn export_csv(&self, path: &Path) -> std::io::Result<PathBuf> {
        let path = if path.extension().is_some() {
            path.to_path_buf()
        } else {
            path.with_extension("csv")
        };
        let name = path
            .file_name()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"))?;
        let tmp = path.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
        std::fs::write(&tmp, satlab::practice::outcomes_csv(&self.outcomes))?;
        if let Err(e) = std::fs::rename(&tmp, &path) {
            // Leave no temporary file behind.
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        Ok(path)
    }

    /// The name the CSV dialog suggests: `practice-<seed>.csv`, or
    /// `practice-<folder name>.csv` for an authored set.
    pub(super) fn csv_name(&self) -> String {
        match self.set.folder.as_ref().and_then(|f| f.file_name()) {
            Some(name) => format!("practice-{}.csv", name.to_string_lossy()),
            None => format!("practice-{}.csv", self.set.seed),
        }
    }

    /// Where the set came from, in a document's name: `seed 42`, or the
    /// authored set's folder.
    pub(super) fn origin(&self) -> String {
        match &self.set.folder {
            Some(folder) => folder.display().to_string(),
            None => format!("seed {}", self.set.seed),
        }
    }
}
