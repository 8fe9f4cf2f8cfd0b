//! Practice mode: the exercises of [`satlab::practice`] in the window
//! (issue #29 step 4). One question at a time: its two shapes without the
//! SAT overlay, the prompt, the answer by keys, buttons, a click or a drag;
//! then the truth with the pair mode's overlay and the library's feedback,
//! translated. Score, streak and per-kind accuracy in the side panel; the
//! progress file is the library's (saved atomically after every answer).
//!
//! The mode exists only when the window is started by `satlab practice`
//! ([`start_with`]); it opens and saves no documents of its own (its
//! document is the current question's pair, which the pair mode opens).

pub mod action;
mod answer;
mod mode;
mod paint;
mod panel;
mod parts;
mod resume;
mod setup;
mod solid;
mod typed;
pub mod words;

#[cfg(test)]
pub(crate) use panel::fit_cases;

use crate::app::camera::{Camera, Rect};
use crate::app::display::DisplayList;
use crate::app::shell::message::Message;
use glam::Vec2;
use satlab::practice::{
    load_progress, progress_path, Outcome, PracticeSet, Question, Response, Score, Tally,
};
use std::path::PathBuf;
use std::sync::Mutex;

/// The set `satlab practice` asked for, taken by the first practice mode.
static START: Mutex<Option<PracticeSet>> = Mutex::new(None);

/// Makes the next window open in practice mode on `set`.
pub fn start_with(set: PracticeSet) {
    if let Ok(mut s) = START.lock() {
        *s = Some(set);
    }
}

/// True when a set waits for the window.
pub fn pending() -> bool {
    START.lock().is_ok_and(|s| s.is_some())
}

/// What the learner did to the current question before submitting: B's
/// drag (world units) and the clicked points (world units).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Draft {
    /// How far B was dragged.
    pub moved: Vec2,
    /// Clicked points, in order.
    pub clicks: Vec<Vec2>,
    /// A projection's ends as typed (world units along the axis, low end
    /// first); they answer in place of the clicks until the next click.
    pub ends: Option<[f32; 2]>,
}

/// The practice mode's state.
pub struct PracticeMode {
    set: PracticeSet,
    /// Index of the current question in the set.
    at: usize,
    draft: Draft,
    /// Drafts before each edit (the shell's undo keys), and undone ones.
    undo: Vec<Draft>,
    redo: Vec<Draft>,
    /// B is being dragged.
    dragging: bool,
    /// The answer given to the current question, scored.
    answered: Option<(Response, Score)>,
    outcomes: Vec<Outcome>,
    tally: Tally,
    progress: PathBuf,
    /// Said when the progress file could not be read or written.
    progress_note: Option<String>,
    cam: Camera,
    overlay: DisplayList,
    message: Option<Message>,
    /// The end-of-set summary is shown.
    finished: bool,
    /// Where the pointer held B, relative to the drag (world units).
    grab: Vec2,
    /// Seconds since start (for messages).
    now: f64,
    /// The 3D question's view (levels 4 and 5), made once per question.
    solid: Option<solid::Solid>,
    /// The candidate axis under the pointer (3D questions).
    hot: Option<usize>,
    /// What the 2D reveal draws, computed once when the question is answered.
    truth: Option<parts::Truth>,
    /// Why each answer of [`PracticeMode::outcomes`] was right or wrong
    /// (translated when shown).
    said: Vec<satlab::practice::Feedback>,
    /// The interview drill's clock (`None`: not a drill).
    clock: Option<parts::Clock>,
    /// File ▸ New practice set.
    form: parts::SetForm,
    /// Height of the question's text over the canvas, logical pixels.
    text_px: f32,
    /// Asks where the results' CSV goes.
    csv_dialog: egui_file_dialog::FileDialog,
    /// Asks for an authored set's folder (File ▸ Open set folder…).
    folder_dialog: egui_file_dialog::FileDialog,
    /// The projection's two typed ends, as text (world units along the axis).
    ends: [String; 2],
    /// The clicked ends last written into [`PracticeMode::ends`].
    ends_shown: Option<[f32; 2]>,
    /// The count question's typed number, as text.
    count_text: String,
    /// The count field is to take the keyboard (a new question).
    focus_count: bool,
    /// The session file (where the learner is in the set).
    session: PathBuf,
    /// The set's key ([`satlab::practice::set_key`]).
    key: String,
    /// The answers given to this set, in order, for the session file.
    given: Vec<satlab::practice::Given>,
}

impl PracticeMode {
    /// The mode on the set `satlab practice` asked for, or (no set) the
    /// level-1 set of seed 1.
    pub fn boxed() -> Box<dyn crate::app::shell::mode::Mode> {
        let set = START
            .lock()
            .ok()
            .and_then(|mut s| s.take())
            .or_else(|| {
                satlab::practice::generate(
                    1,
                    3,
                    satlab::practice::Choice::Level(satlab::practice::Level::One),
                )
            })
            .unwrap_or(PracticeSet {
                seed: 1,
                choice: satlab::practice::Choice::Mixed,
                questions: Vec::new(),
                folder: None,
            });
        Box::new(PracticeMode::new(set, progress_path()))
    }

    /// The mode on `set`, keeping progress in `progress`.
    pub fn new(set: PracticeSet, progress: PathBuf) -> PracticeMode {
        let loaded = load_progress(&progress);
        let session = satlab::practice::session_path_for(&progress);
        let key = satlab::practice::set_key(&set);
        let progress_note = match &loaded {
            satlab::practice::Loaded::Broken(why) => Some(why.clone()),
            satlab::practice::Loaded::Read(_) | satlab::practice::Loaded::Fresh => None,
        };
        let mut m = PracticeMode {
            set,
            at: 0,
            draft: Draft::default(),
            undo: Vec::new(),
            redo: Vec::new(),
            dragging: false,
            answered: None,
            outcomes: Vec::new(),
            tally: loaded.tally(),
            progress,
            progress_note,
            cam: Camera::new(Vec2::ZERO, 40.0, Rect::new(Vec2::ZERO, Vec2::splat(100.0))),
            overlay: DisplayList::default(),
            message: None,
            finished: false,
            grab: Vec2::ZERO,
            now: 0.0,
            solid: None,
            hot: None,
            truth: None,
            said: Vec::new(),
            clock: None,
            form: parts::SetForm::default(),
            text_px: 0.0,
            csv_dialog: egui_file_dialog::FileDialog::new()
                .id("practice-csv")
                .add_file_filter_extensions("CSV (*.csv)", vec!["csv"])
                .default_file_filter("CSV (*.csv)")
                .add_save_extension("CSV", "csv")
                .default_save_extension("CSV")
                .default_size([600.0, 400.0])
                .max_size([600.0, 400.0]),
            folder_dialog: egui_file_dialog::FileDialog::new()
                .id("practice-folder")
                .default_size([600.0, 400.0])
                .max_size([600.0, 400.0]),
            ends: Default::default(),
            ends_shown: None,
            count_text: String::new(),
            focus_count: false,
            session,
            key,
            given: Vec::new(),
        };
        m.go_to(0);
        m.resume();
        m
    }

    /// The current question.
    pub fn question(&self) -> Option<&Question> {
        self.set.questions.get(self.at)
    }

    /// Goes to question index `k` afresh (a replay keeps the tally).
    fn go_to(&mut self, k: usize) {
        self.at = k.min(self.set.questions.len().saturating_sub(1));
        self.draft = Draft::default();
        self.undo.clear();
        self.redo.clear();
        self.answered = None;
        self.dragging = false;
        self.finished = false;
        self.overlay.clear();
        self.truth = None;
        self.hot = None;
        self.solid = self.question().and_then(solid::Solid::of);
        self.ends = Default::default();
        self.ends_shown = None;
        self.count_text.clear();
        self.focus_count = true;
    }

    /// After the reveal: the next question, or the summary at the end.
    fn next(&mut self) {
        if self.answered.is_none() {
            return;
        }
        if self.at + 1 < self.set.questions.len() {
            let k = self.at + 1;
            self.go_to(k);
        } else {
            self.finished = true;
            if let Some(c) = self.clock.as_mut().filter(|c| c.to.is_none()) {
                c.to = Some(self.now);
            }
        }
        self.keep_session();
    }

    /// Replaces the draft, keeping the old one for undo.
    fn edit(&mut self, d: Draft) {
        if self.answered.is_some() || d == self.draft {
            return;
        }
        self.undo.push(std::mem::replace(&mut self.draft, d));
        self.redo.clear();
    }
}
