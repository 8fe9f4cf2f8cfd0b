//! [`Mode`] for practice: keys, pointer and the shell's undo; its document
//! is the current question's pair (Save as writes it for the pair or 3D
//! mode to open); it opens no files itself.

use super::{paint, PracticeMode};
use crate::app::i18n::tr;
use crate::app::shell::action::{Action, Answer, ModeId};
use crate::app::shell::message::Message;
use crate::app::shell::mode::{Cx, DocError, DocWords, Frame, Look, Mode};
use egui_macroquad::egui;
use satlab::practice::{Pair, Response, Task};
use satlab::scene::{AnyScene, Scene, Scene3};
use std::path::{Path, PathBuf};

/// The mode's name in menus (English).
const NAME: &str = "practice";

impl Mode for PracticeMode {
    fn id(&self) -> ModeId {
        ModeId::Practice
    }

    fn name(&self) -> &'static str {
        NAME
    }

    fn accepts(&self, _sc: &AnyScene) -> bool {
        false
    }

    fn open(
        &mut self,
        _sc: AnyScene,
        _path: Option<&Path>,
        _recovered: bool,
    ) -> Result<(), DocError> {
        Err(DocError::WrongKind(ModeId::Practice))
    }

    /// Starts the set again (the progress file keeps its tally).
    fn new_document(&mut self) {
        self.outcomes.clear();
        self.go_to(0);
    }

    fn document(&self) -> AnyScene {
        let name = match self.question() {
            Some(q) => format!("practice seed {} question {}", self.set.seed, q.number),
            None => String::new(),
        };
        match self.question().map(|q| &q.pair) {
            Some(Pair::Space { a, b }) => AnyScene::Space(Box::new(Scene3 {
                name,
                notes: String::new(),
                a: (**a).clone(),
                b: (**b).clone(),
                expect: None,
                contact_tolerance: None,
            })),
            Some(Pair::Flat { a, b }) => AnyScene::Pair(Scene {
                name,
                notes: String::new(),
                a: a.clone(),
                b: b.clone(),
                view: None,
                motion: None,
                expect: None,
                contact_tolerance: None,
            }),
            None => AnyScene::Pair(crate::app::files::default_scene()),
        }
    }

    fn save_to(&mut self, path: &Path) -> Result<PathBuf, DocError> {
        satlab::scene::save_any(path, &self.document())
            .map(|()| path.to_path_buf())
            .map_err(|e| DocError::File(crate::app::files::FileError::io(path, &e)))
    }

    fn path(&self) -> Option<&Path> {
        None
    }

    fn default_file_name(&self) -> &'static str {
        "practice-question.json"
    }

    fn dirty(&self) -> bool {
        false
    }

    fn words(&self) -> DocWords {
        DocWords {
            tag: Some(tr("practice")),
            untitled: tr("practice set"),
        }
    }

    fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(d) if self.answered.is_none() => {
                self.redo.push(std::mem::replace(&mut self.draft, d));
                true
            }
            Some(_) | None => false,
        }
    }

    fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(d) if self.answered.is_none() => {
                self.undo.push(std::mem::replace(&mut self.draft, d));
                true
            }
            Some(_) | None => false,
        }
    }

    fn undo_depth(&self) -> (usize, usize) {
        match self.answered {
            Some(_) => (0, 0),
            None => (self.undo.len(), self.redo.len()),
        }
    }

    /// The answer's verdict, the feedback sentence and the points so far.
    fn results_text(&self) -> Option<String> {
        let (_, s) = self.answered.as_ref()?;
        let mark = if s.right { tr("Right.") } else { tr("Wrong.") };
        Some(format!(
            "{mark} {}\n{}\n",
            super::words::feedback(&s.feedback),
            crate::app::i18n::trf("Points: {}", &[&self.tally.points])
        ))
    }

    fn message(&mut self) -> &mut Option<Message> {
        &mut self.message
    }

    fn panels(&mut self, ctx: &egui::Context, _look: &Look, _out: &mut Vec<Action>) {
        let now = self.now;
        self.side_panel(ctx, now);
    }

    fn act(&mut self, a: Action, _cx: &mut Cx) -> Option<Action> {
        match a {
            Action::Practice(Answer::Yes) => self.yes_no(true),
            Action::Practice(Answer::No) => self.yes_no(false),
            Action::Practice(Answer::Go) => self.go(),
            Action::New => self.new_document(),
            other => return Some(other),
        }
        None
    }

    fn update(&mut self, f: &Frame) {
        self.now = f.now;
        if self.answered.is_some() || self.finished {
            self.dragging = false;
            return;
        }
        self.fit(f);
        let Some(q) = self.question().cloned() else {
            return;
        };
        let inp = f.input;
        let world = self.cam.to_world(inp.mouse);
        if self.dragging {
            if inp.left.down {
                self.draft.moved = world - self.grab;
            } else {
                self.dragging = false;
                if self.undo.last() == Some(&self.draft) {
                    self.undo.pop();
                }
            }
            return;
        }
        if !(f.gate.pointer && inp.left.pressed) {
            return;
        }
        let Some((a, b)) = q.pair.flat() else {
            return;
        };
        match &q.task {
            Task::SeparatingAxis { axes } => {
                let hit = paint::axis_segments(a, b, axes)
                    .iter()
                    .position(|(s, e, _)| {
                        let (s, e) = (self.cam.to_screen(*s), self.cam.to_screen(*e));
                        paint::to_segment(inp.mouse, s, e) <= paint::PICK_PX * f.look.scale
                    });
                if let Some(i) = hit {
                    self.submit(Response::Axis(Some(i)));
                }
            }
            Task::Mtv { .. } | Task::Touch { .. } => {
                self.undo.push(self.draft.clone());
                self.redo.clear();
                self.dragging = true;
                self.grab = world - self.draft.moved;
            }
            Task::ClosestPoint { .. } => self.submit(Response::Point(world)),
            Task::Projection { .. } | Task::Contacts { .. } => {
                let mut d = self.draft.clone();
                d.clicks.push(world);
                self.edit(d);
                if matches!(q.task, Task::Projection { .. }) && self.draft.clicks.len() >= 2 {
                    self.go();
                }
            }
            Task::Verdict { .. } | Task::BoxAxes { .. } | Task::AxisCount { .. } => {}
        }
    }

    fn draw(&mut self, f: &Frame) {
        self.paint(f);
    }
}
