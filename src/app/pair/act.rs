//! The pair playground's own actions: fit, the folder
//! and the lesson, the SAT walk and the teaching toggles.

use super::action::PairAction;
use super::PairMode;
use crate::app::i18n::tr;
use crate::app::lesson::{self, Step as LessonStep};
use crate::app::pair::overlay::AxisMode;
use crate::app::pair::state::App;
use crate::app::shell::action::Action;
use crate::app::shell::action::Walk;
use crate::app::shell::mode::{Cx, WalkAt};
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
        Action::Walk(w) => walk(app, w),
        Action::Predict => app.class.toggle_predict(),
        Action::Generate => app.random_pair(true),
        Action::Pair(PairAction::Lesson) => {
            if let Err(e) = lesson::toggle(&mut m.lesson, app.path().map(PathBuf::as_path)) {
                app.say(e, false);
            }
            // A lesson fits the shapes large; leaving it fits the axes too.
            app.fit_pending = true;
        }
        Action::AlgorithmPanel => app.algorithm_panel = !app.algorithm_panel,
        Action::Pair(PairAction::Minkowski) => app.minkowski = !app.minkowski,
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

/// The walks of the pair playground.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairWalk {
    /// GJK's iterations, then EPA's (the GJK / EPA view).
    Gjk,
    /// The contact manifold's clipping (Contacts → How were they found?).
    Clipping,
    /// The Algorithm panel's steps (its Step through button).
    Algorithm,
    /// SAT, axis by axis.
    Sat,
}

/// The walk Space, Shift+Space, Home, End and auto-play step now: the GJK
/// / EPA view while it is on, else an open clipping walk, else an open
/// walk through the Algorithm panel's steps, else SAT's axes.
pub fn shown_walk(app: &App) -> PairWalk {
    if app.gjk_view {
        PairWalk::Gjk
    } else if app.contacts && app.contact_step.is_some() {
        PairWalk::Clipping
    } else if app.algorithm_panel && app.algorithm_step.is_some() {
        PairWalk::Algorithm
    } else {
        PairWalk::Sat
    }
}

/// Where [`shown_walk`] stands; `None` when it has no steps (GJK / EPA of
/// an unbounded shape, clipping with no manifold).
pub fn walk_at(app: &App) -> Option<WalkAt> {
    let of = |at: Option<usize>, len: usize| {
        (len > 0).then(|| WalkAt {
            at: at.map(|k| k.min(len - 1)),
            len,
        })
    };
    match shown_walk(app) {
        PairWalk::Gjk => {
            let n = app.results.gjk.as_ref().map_or(0, |v| v.steps());
            of(Some(app.gjk_step), n)
        }
        PairWalk::Clipping => match &app.results.contacts {
            Some((Some(_), _)) => of(app.contact_step, crate::app::pair::contacts::CLIP_STEPS),
            Some((None, _)) | None => None,
        },
        PairWalk::Algorithm => of(
            app.algorithm_step,
            crate::app::pair::pane::algorithm_steps(app),
        ),
        PairWalk::Sat => {
            let (at, len) = app.class.step.position();
            Some(WalkAt { at, len })
        }
    }
}

/// One step `w` of the walk shown ([`shown_walk`]).
pub fn walk(app: &mut App, w: Walk) {
    let walk = shown_walk(app);
    if walk == PairWalk::Sat {
        app.class.step.step(w);
        return;
    }
    let Some(at) = walk_at(app) else {
        return;
    };
    let k = crate::app::shell::walk::step_to(at, w);
    match walk {
        PairWalk::Gjk => app.gjk_step = k,
        PairWalk::Clipping => app.contact_step = Some(k),
        PairWalk::Algorithm => app.algorithm_step = Some(k),
        PairWalk::Sat => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::{default_scene, Document};
    use crate::app::pair::teach::step::Stage;
    use crate::app::shell::autoplay::AutoPlay;
    use satlab::geom::{Circle, Pose, Shape};

    /// The default scene (a box and a pentagon that overlap), refreshed.
    fn fresh() -> App {
        let sc = default_scene();
        let mut app = App::new(sc.clone(), Document::untitled(&sc));
        app.refresh();
        app
    }

    /// Auto-play driven by a fake clock (a frame every 0.25 s) over the
    /// walk `app` shows, as the shell drives it: start, then a step when
    /// one is due, the app refreshed after each; the steps it took.
    fn play_through(app: &mut App) -> usize {
        let mut play = AutoPlay::default();
        play.set_period(1.0, 0.0);
        if let Some(w) = play.start(0.0, walk_at(app)).expect("a walk to play") {
            walk(app, w);
            app.refresh();
        }
        let mut steps = 0;
        for i in 1..400 {
            let now = f64::from(i) * 0.25;
            if let Some(w) = play.tick(now, walk_at(app)) {
                walk(app, w);
                app.refresh();
                steps += 1;
                // One step a period: a step only on a whole second.
                assert_eq!(now.fract(), 0.0, "a step at {now} s");
            }
            play.settle(walk_at(app));
            if !play.playing() {
                break;
            }
        }
        assert!(!play.playing(), "auto-play stops at the end of the walk");
        steps
    }

    #[test]
    fn auto_play_walks_sat_to_its_end_one_axis_a_period() {
        let mut app = fresh();
        assert_eq!(shown_walk(&app), PairWalk::Sat);
        assert_eq!(walk_at(&app).and_then(|w| w.at), None, "not begun");
        let steps = play_through(&mut app);
        let (tested, axes) = app.class.step.progress();
        assert_eq!(tested, axes);
        assert_eq!(app.class.step.stage(), Stage::End);
        // From the start past every axis of the walk to the conclusion.
        assert_eq!(steps, axes + 1);
    }

    #[test]
    fn auto_play_walks_gjk_clipping_and_the_algorithm_too() {
        // GJK / EPA.
        let mut app = fresh();
        app.gjk_view = true;
        app.results.need_gjk(&app.scene.a, &app.scene.b);
        let n = app.results.gjk.as_ref().map_or(0, |v| v.steps());
        assert!(n > 1, "{n} GJK / EPA steps");
        assert_eq!(shown_walk(&app), PairWalk::Gjk);
        assert_eq!(play_through(&mut app), n - 1);
        assert_eq!(app.gjk_step, n - 1);
        // The clipping walk, opened where the panel's button opens it.
        let mut app = fresh();
        app.contacts = true;
        app.refresh();
        app.contact_step = Some(0);
        assert_eq!(shown_walk(&app), PairWalk::Clipping);
        let clip = crate::app::pair::contacts::CLIP_STEPS;
        assert_eq!(play_through(&mut app), clip - 1);
        assert_eq!(app.contact_step, Some(clip - 1));
        // The Algorithm panel's steps, for two discs (a worked test).
        let disc = |x: f32| {
            Shape::Circle(
                Circle::new(Pose::new(glam::Vec2::new(x, 0.0), 0.0).unwrap(), 1.0).unwrap(),
            )
        };
        let mut app = fresh();
        app.scene.a = disc(0.0);
        app.scene.b = disc(1.5);
        app.refresh();
        app.algorithm_panel = true;
        app.algorithm_step = Some(0);
        let lines = crate::app::pair::pane::algorithm_steps(&app);
        assert!(lines > 2, "{lines} algorithm steps");
        assert_eq!(shown_walk(&app), PairWalk::Algorithm);
        assert_eq!(play_through(&mut app), lines - 1);
        // Space (Forward) steps the walk shown, not SAT's.
        assert!(!app.class.step.on());
    }

    #[test]
    fn the_keys_step_the_walk_shown() {
        let mut app = fresh();
        app.contacts = true;
        app.refresh();
        app.contact_step = Some(1);
        walk(&mut app, Walk::Forward);
        assert_eq!(app.contact_step, Some(2));
        walk(&mut app, Walk::Home);
        assert_eq!(app.contact_step, Some(0));
        walk(&mut app, Walk::Back);
        assert_eq!(app.contact_step, Some(0));
        walk(&mut app, Walk::End);
        let clip = crate::app::pair::contacts::CLIP_STEPS;
        assert_eq!(app.contact_step, Some(clip - 1));
        // Closing the clipping walk gives the keys back to SAT.
        app.contact_step = None;
        walk(&mut app, Walk::Forward);
        assert!(app.class.step.on());
    }
}
