//! The pair playground's own actions: fit, the folder
//! and the lesson, the SAT walk and the teaching toggles.

use super::PairMode;
use crate::app::i18n::tr;
use crate::app::lesson::{self, Step as LessonStep};
use crate::app::pair::overlay::AxisMode;
use crate::app::pair::state::App;
use crate::app::shell::action::Action;
use crate::app::shell::action::Walk;
use crate::app::shell::mode::Cx;
use std::path::PathBuf;

/// Carries out `a`; returns it when it is not the pair playground's.
pub fn act(m: &mut PairMode, a: Action, cx: &mut Cx) -> Option<Action> {
    let app = &mut m.app;
    match a {
        Action::Fit => app.fit(m.lesson.is_some()),
        // Without a lesson playing, the shell pages through the folder.
        Action::Step(d) if m.lesson.is_some() => {
            let from = m.app.path().cloned();
            step(m, from, d, cx);
        }
        Action::Browse(dir) => {
            m.browse(&dir);
            cx.look.panels = true;
        }
        Action::OpenFolder(dir) => cx.then.extend(m.open_folder(&dir).map(Action::OpenPath)),
        Action::Escape => app.class.step.leave(),
        Action::Walk(w) if app.gjk_view => gjk_walk(app, w),
        Action::Walk(w) => match w {
            Walk::Forward => app.class.step.forward(),
            Walk::Back => app.class.step.back(),
            Walk::Home => app.class.step.home(),
            Walk::End => app.class.step.run_to_end(),
        },
        Action::Predict => app.class.toggle_predict(),
        Action::Generate => app.random_pair(true),
        Action::Lesson => {
            if let Err(e) = lesson::toggle(&mut m.lesson, app.path().map(PathBuf::as_path)) {
                app.say(e, false);
            }
            // A lesson fits the shapes large; leaving it fits the axes too.
            app.fit_pending = true;
        }
        Action::AlgorithmPanel => app.algorithm_panel = !app.algorithm_panel,
        Action::Minkowski => app.minkowski = !app.minkowski,
        Action::Contacts => app.contacts = !app.contacts,
        Action::Motion => app.motion_view = !app.motion_view,
        Action::AMovesToo => {
            let m = app.scene.motion.unwrap_or_default();
            let on = m.a == glam::Vec2::ZERO;
            app.scene.motion = Some(crate::app::pair::motion::with_a_moving(m, on));
            app.motion_view = true;
        }
        Action::Gjk => {
            app.gjk_view = !app.gjk_view;
            // The iterations are drawn on the Minkowski pane.
            app.minkowski |= app.gjk_view;
            app.gjk_step = 0;
        }
        Action::CycleAxes => {
            app.settings.mode = match app.settings.mode {
                AxisMode::All => AxisMode::Selected,
                AxisMode::Selected => AxisMode::None,
                AxisMode::None => AxisMode::All,
            }
        }
        other => return Some(other),
    }
    None
}

/// PageUp/PageDown while a lesson plays: its previous or next scene from
/// the file `from`, stopping at both ends.
fn step(m: &mut PairMode, from: Option<PathBuf>, d: isize, cx: &mut Cx) {
    let app = &mut m.app;
    if let Some(l) = &m.lesson {
        match l.step(from.as_deref(), d) {
            LessonStep::To(p) | LessonStep::Restart(p) => cx.then.push(Action::OpenPath(p)),
            LessonStep::AtStart => app.say(tr("this is the first scene of the lesson"), false),
            LessonStep::AtEnd => app.say(tr("this is the last scene of the lesson"), false),
        }
    }
}

/// Space / Shift+Space / Home / End walk GJK and EPA while their view is on.
fn gjk_walk(app: &mut App, w: Walk) {
    let n = app.results.gjk.as_ref().map_or(0, |v| v.steps());
    let last = n.saturating_sub(1);
    app.gjk_step = match w {
        Walk::Forward => (app.gjk_step + 1).min(last),
        Walk::Back => app.gjk_step.saturating_sub(1),
        Walk::Home => 0,
        Walk::End => last,
    };
}
