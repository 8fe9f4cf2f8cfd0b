//! The app's state: the scene and everything derived from it, the camera,
//! the tools, the history, the settings. No drawing, no egui.

use crate::app::camera::{Camera, Rect};
use crate::app::display::DisplayList;
use crate::app::files::{Document, Listing};
use crate::app::history::Settled;
use crate::app::num;
use crate::app::pair::gjk::GjkView;
use crate::app::pair::motion::{MotionInput, MotionResult};
use crate::app::pair::overlay::{self, AxisMode, OverlayInput};
use crate::app::pair::teach::step::Classroom;
use crate::app::pair::tools::{self, Tools};
use crate::app::palette::Theme;
use crate::app::shell::message::Message;
use glam::Vec2;
use satlab::geom::Side;
use satlab::geom::{
    contact_manifold_traced, distance, penetration, Distance, Manifold, ManifoldTrace, Penetration,
    SatReport, Shape, Verdict,
};
use satlab::scene::{Motion, Scene};
use std::path::PathBuf;

/// Undo steps the pair playground keeps.
const UNDO_STEPS: usize = 500;

/// What the user can set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Light or dark.
    pub theme: Theme,
    /// Canvas scale: text, line widths and handles (the UI scale, larger
    /// in presenter mode).
    pub scale: f32,
    /// Canvas labels' size, a factor on their text (1 = 12 px at scale 1).
    pub labels: f32,
    /// Which axes are drawn.
    pub mode: AxisMode,
    /// Edge normals on the shapes.
    pub normals: bool,
    /// Panels shown (Tab hides them).
    pub panels: bool,
    /// A soft highlight follows the mouse, for a class watching a projector.
    pub pointer_highlight: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::Dark,
            scale: 1.0,
            labels: 1.0,
            mode: AxisMode::All,
            normals: false,
            panels: true,
            pointer_highlight: false,
        }
    }
}

/// The core's answers for the current pair, recomputed when the scene changes.
#[derive(Debug, Clone)]
pub struct Results {
    /// The SAT report.
    pub report: SatReport,
    /// Separated, touching or overlapping.
    pub verdict: Verdict,
    /// Distance and closest points.
    pub distance: Distance,
    /// Penetration, when defined.
    pub penetration: Option<Penetration>,
    /// The contact manifold (when the shapes are within
    /// [`crate::app::pair::contacts::SPECULATIVE`] of each other and bounded) and
    /// how it was found: worked out only while the Contacts view is on.
    pub contacts: Option<(Option<Manifold>, ManifoldTrace)>,
    /// The time of impact and swept SAT for the scene's motion: worked out
    /// only while the Motion view is on, again when the motion changes.
    pub motion: Option<MotionResult>,
    /// GJK's and EPA's iterations: only while the GJK / EPA view is on.
    pub gjk: Option<GjkView>,
    /// The pair's size, world units: the diameter of its frame circle
    /// ([`crate::app::outline::pair_frame`]), from which the panels take
    /// their numbers' decimals ([`crate::app::num::at_size`]).
    pub size: f32,
    /// The pair these answers are for.
    for_pair: Option<(Shape, Shape, Option<f32>)>,
}

impl Results {
    fn new() -> Results {
        Results {
            report: SatReport::default(),
            verdict: Verdict::Separated,
            distance: Distance {
                distance: 0.0,
                point_a: Vec2::ZERO,
                point_b: Vec2::ZERO,
            },
            penetration: None,
            contacts: None,
            motion: None,
            gjk: None,
            size: 1.0,
            for_pair: None,
        }
    }

    /// Recomputes when the shapes changed since last time.
    pub fn update(&mut self, scene: &Scene) {
        let (a, b) = (&scene.a, &scene.b);
        if let Some((pa, pb, tol)) = &self.for_pair {
            if pa == a && pb == b && *tol == scene.contact_tolerance {
                return;
            }
        }
        self.report.compute(a, b);
        self.verdict = scene.verdict();
        self.distance = distance(a, b);
        self.penetration = penetration(a, b);
        self.contacts = None;
        self.motion = None;
        self.gjk = None;
        self.size = 2.0 * crate::app::outline::pair_frame(a, b).1;
        self.for_pair = Some((a.clone(), b.clone(), scene.contact_tolerance));
    }

    /// Works out the contact manifold of `a` and `b` with its trace, once
    /// per pair (call after [`Results::update`] with the same pair).
    pub fn need_contacts(&mut self, a: &Shape, b: &Shape) {
        if self.contacts.is_none() {
            let mut t = ManifoldTrace::default();
            let m = contact_manifold_traced(a, b, crate::app::pair::contacts::SPECULATIVE, &mut t);
            self.contacts = Some((m, t));
        }
    }

    /// Works out the time of impact and swept SAT of `a` and `b` moving by
    /// `m`, once per pair and motion.
    pub fn need_motion(&mut self, a: &Shape, b: &Shape, m: Motion) {
        if self.motion.as_ref().is_none_or(|r| r.motion != m) {
            self.motion = Some(MotionResult::new(a, b, m));
        }
    }

    /// Runs the traced GJK and EPA on `a` and `b`, once per pair.
    pub fn need_gjk(&mut self, a: &Shape, b: &Shape) {
        if self.gjk.is_none() {
            let sat = self.penetration.map(|p| p.depth);
            self.gjk = Some(GjkView::new(a, b, sat));
        }
    }
}

/// Which axis the table points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AxisPick {
    /// Hovered row (this frame).
    pub hovered: Option<usize>,
    /// Clicked row.
    pub selected: Option<usize>,
}

/// The whole app state.
pub struct App {
    /// The scene being edited.
    pub scene: Scene,
    /// Its file.
    pub doc: Document,
    /// Undo and redo.
    pub history: Settled<Scene>,
    /// Canvas tools.
    pub tools: Tools,
    /// The camera.
    pub cam: Camera,
    /// User settings.
    pub settings: Settings,
    /// The core's answers.
    pub results: Results,
    /// The overlay's display list (rebuilt every frame).
    pub overlay: DisplayList,
    /// The axes table's hover and selection.
    pub axis: AxisPick,
    /// The scene browser's listing, when open.
    pub listing: Option<Listing>,
    /// The last message.
    pub message: Option<Message>,
    /// Fit the camera on the next frame (after the canvas size is known).
    pub fit_pending: bool,
    /// Seconds since start (updated each frame).
    pub now: f64,
    /// Teaching mode's classroom controls: step through SAT, predict then
    /// reveal, touching policy.
    pub class: Classroom,
    /// The "Algorithm" panel (the classic special-case test) is shown.
    pub algorithm_panel: bool,
    /// The Minkowski difference pane (A ⊖ B) is shown beside the canvas.
    pub minkowski: bool,
    /// The Contacts view: the contact manifold drawn on the shapes.
    pub contacts: bool,
    /// The step of the clipping walk shown (`None`: the resulting points).
    pub contact_step: Option<usize>,
    /// The Algorithm panel's steps shown up to this one, 0-based (`None`:
    /// all of them, no walk).
    pub algorithm_step: Option<usize>,
    /// The Motion view: velocity arrows, the sweep, the time of impact (on
    /// when a scene with a `motion` opens).
    pub motion_view: bool,
    /// The Motion view's time slider, in `[0, 1]`.
    pub motion_t: f32,
    /// The velocity arrow head being dragged.
    pub motion_drag: Option<Side>,
    /// The GJK / EPA view: the iterations on the Minkowski pane.
    pub gjk_view: bool,
    /// The GJK / EPA step shown (0-based, GJK's then EPA's).
    pub gjk_step: usize,
    /// The random pair's kinds and seed.
    pub random: crate::app::pair::random::RandomPair,
}

impl App {
    /// A new app on `scene` from `doc`.
    pub fn new(scene: Scene, doc: Document) -> App {
        App {
            history: Settled::new(&scene, UNDO_STEPS),
            tools: Tools::default(),
            cam: Camera::new(
                Vec2::ZERO,
                60.0,
                Rect::new(Vec2::ZERO, Vec2::new(1280.0, 800.0)),
            ),
            settings: Settings::default(),
            results: Results::new(),
            overlay: DisplayList::default(),
            axis: AxisPick::default(),
            listing: None,
            message: None,
            fit_pending: true,
            now: 0.0,
            class: Classroom::default(),
            algorithm_panel: false,
            minkowski: false,
            contacts: false,
            contact_step: None,
            algorithm_step: None,
            motion_view: scene.motion.is_some(),
            motion_t: 0.0,
            motion_drag: None,
            gjk_view: false,
            gjk_step: 0,
            random: Default::default(),
            scene,
            doc,
        }
    }

    /// Replaces the scene with a freshly opened one.
    pub fn replace(&mut self, scene: Scene, doc: Document) {
        self.history.reset(&scene);
        // A scene that moves opens with the Motion view on; one that does
        // not, with it off (it would show an impact at t = 0 and a swept
        // table of ±∞ for a motion the scene does not have).
        self.motion_view = scene.motion.is_some();
        self.motion_t = 0.0;
        self.motion_drag = None;
        self.gjk_step = 0;
        self.algorithm_step = None;
        self.scene = scene;
        self.doc = doc;
        self.axis = AxisPick::default();
        self.tools = Tools::default();
        self.fit_pending = true;
        self.class.new_scene();
    }

    /// Applies the scene's view, or fits both shapes when it has none.
    pub fn apply_view(&mut self) {
        match self.scene.view {
            Some(v) => {
                self.cam.center = v.center;
                self.cam.zoom = num::clamp(v.zoom, 2.0, 5000.0);
            }
            None => self.fit(false),
        }
    }

    /// Fits what the canvas shows: both shapes (`large`: the shapes
    /// themselves, as a lesson does; else with their axes) and, while the
    /// Motion view is on, the sweep and the velocity arrows' heads.
    pub fn fit(&mut self, large: bool) {
        let also = (self.motion_view && !self.class.hides_verdict())
            .then(|| {
                let m = self.scene.motion.unwrap_or_default();
                crate::app::pair::motion::reach(&self.scene.a, &self.scene.b, m)
            })
            .flatten();
        if large {
            tools::fit_shapes(&mut self.cam, &self.scene, also);
        } else {
            tools::fit_around(&mut self.cam, &self.scene, also);
        }
    }

    /// Replaces the pair by the random pair of [`App::random`]'s kinds and
    /// seed (`next`: of the seed after it), one undo step; its name and
    /// the top bar give the seed, so typing it calls the pair up again.
    pub fn random_pair(&mut self, next: bool) {
        if next {
            self.random.seed = self.random.seed.wrapping_add(1);
        }
        let r = self.random;
        let (a, b) = crate::app::pair::random::random_pair(r.seed, r.kinds);
        let kinds = format!(
            "{} – {}",
            crate::app::i18n::words::kind(a.kind()),
            crate::app::i18n::words::kind(b.kind())
        );
        let name = crate::app::i18n::trf("Random pair {}, seed {}", &[&kinds, &r.seed]);
        self.scene = Scene {
            name: name.clone(),
            notes: String::new(),
            a,
            b,
            view: None,
            motion: None,
            expect: None,
            contact_tolerance: self.scene.contact_tolerance,
        };
        self.motion_view = false;
        self.class.new_scene();
        self.fit_pending = true;
        self.say(name, false);
    }

    /// Posts a message.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some(Message::new(text, error, self.now));
    }

    /// The open file, if any.
    pub fn path(&self) -> Option<&PathBuf> {
        self.doc.path.as_ref()
    }

    /// Recomputes the results and rebuilds the overlay.
    pub fn refresh(&mut self) {
        self.results.update(&self.scene);
        let n = self.results.report.axes.len();
        if self.axis.selected.is_some_and(|k| k >= n) {
            self.axis.selected = None;
        }
        if self.axis.hovered.is_some_and(|k| k >= n) {
            self.axis.hovered = None;
        }
        self.class.step.sync(&self.results.report);
        self.class
            .rule(&self.scene.a, &self.scene.b, self.results.verdict);
        let far = self.cam.far();
        let inp = OverlayInput {
            a: &self.scene.a,
            b: &self.scene.b,
            report: &self.results.report,
            verdict: self.results.verdict,
            distance: &self.results.distance,
            penetration: self.results.penetration,
            mode: self.settings.mode,
            selected: self.axis.selected,
            hovered: self.axis.hovered,
            px: self.cam.px(),
            scale: self.settings.scale,
            lanes: overlay::lane_share(self.cam.canvas.size(), self.settings.scale),
            bounds: overlay::lane_bounds(&self.cam, self.settings.scale),
            normals: self.settings.normals,
            far,
            reveal: self.class.reveal(),
        };
        overlay::build(&inp, &mut self.overlay);
        if self.contacts {
            self.results.need_contacts(&self.scene.a, &self.scene.b);
            if !self.class.hides_verdict() {
                self.contacts_overlay();
            }
        }
        if !self.class.hides_verdict() {
            self.motion_overlay();
            self.gjk_overlay();
        }
    }

    /// The Motion view's part of the overlay (when it is on).
    fn motion_overlay(&mut self) {
        if !self.motion_view {
            return;
        }
        let m = self.scene.motion.unwrap_or_default();
        self.results.need_motion(&self.scene.a, &self.scene.b, m);
        let Some(r) = &self.results.motion else {
            return;
        };
        let inp = MotionInput {
            a: &self.scene.a,
            b: &self.scene.b,
            t: self.motion_t,
            px: self.cam.px(),
            scale: self.settings.scale,
            far: self.cam.far(),
        };
        crate::app::pair::motion::build(&inp, r, &mut self.overlay);
    }

    /// The GJK / EPA view's support points on the shapes (when it is on).
    fn gjk_overlay(&mut self) {
        if !self.gjk_view {
            return;
        }
        self.results.need_gjk(&self.scene.a, &self.scene.b);
        let Some(v) = &self.results.gjk else {
            return;
        };
        self.gjk_step = self.gjk_step.min(v.steps().saturating_sub(1));
        crate::app::pair::gjk::build_canvas(
            v,
            self.gjk_step,
            self.settings.scale,
            &mut self.overlay,
        );
    }

    /// The Contacts view's part of the overlay: the clipping step being
    /// walked through, else the manifold.
    fn contacts_overlay(&mut self) {
        let (px, scale) = (self.cam.px(), self.settings.scale);
        let Some((manifold, trace)) = &self.results.contacts else {
            return;
        };
        match (self.contact_step, manifold) {
            (Some(step), m) => crate::app::pair::contacts::build_walk(
                trace,
                m.as_ref(),
                step,
                px,
                scale,
                &mut self.overlay,
            ),
            (None, Some(m)) => crate::app::pair::contacts::build(m, px, scale, &mut self.overlay),
            (None, None) => {}
        }
    }

    /// How far unbounded shapes reach for drawing, world units.
    pub fn far(&self) -> f32 {
        self.cam.far()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scene_that_moves_opens_with_the_motion_view_and_its_time_of_impact() {
        let still = crate::app::files::default_scene();
        let mut app = App::new(still.clone(), Document::untitled(&still));
        assert!(!app.motion_view);
        app.refresh();
        assert!(app.results.motion.is_none(), "worked out only while shown");
        let moving = Scene {
            motion: Some(Motion {
                a: Vec2::ZERO,
                b: Vec2::new(-3.0, 0.0),
            }),
            ..still.clone()
        };
        app.motion_t = 0.5;
        app.replace(moving.clone(), Document::untitled(&moving));
        assert!(app.motion_view);
        assert_eq!(app.motion_t, 0.0);
        app.refresh();
        let r = app.results.motion.as_ref().expect("the Motion view is on");
        assert_eq!(r.motion, moving.motion.unwrap_or_default());
        // The default pair overlaps: the impact is at once.
        assert_eq!(r.toi.map(|t| t.t), Some(0.0));
        let fresh = App::new(moving.clone(), Document::untitled(&moving));
        assert!(fresh.motion_view);
        // F fits what the view shows: the sweep and the arrow's head too.
        let far = Scene {
            motion: Some(Motion {
                a: Vec2::ZERO,
                b: Vec2::new(-40.0, 10.0),
            }),
            ..still.clone()
        };
        app.replace(far.clone(), Document::untitled(&far));
        app.cam.canvas = Rect::new(Vec2::new(0.0, 48.0), Vec2::new(940.0, 800.0));
        app.cam.room = crate::app::camera::Insets::all(60.0);
        let head = crate::app::pair::motion::arrow_tail(&far.b) + Vec2::new(-40.0, 10.0);
        let end = crate::app::pair::motion::at_time(&far.b, Vec2::new(-40.0, 10.0), 1.0);
        for large in [false, true] {
            app.fit(large);
            let (lo, hi) = end.bounds();
            for w in [head, lo, hi] {
                let p = app.cam.to_screen(w);
                assert!(
                    app.cam.canvas.contains(p),
                    "large {large}: {w} at {p} is off the canvas {:?}",
                    app.cam.canvas
                );
            }
        }
        // PageUp to a scene that stands still: the Motion view goes off.
        app.replace(still.clone(), Document::untitled(&still));
        assert!(!app.motion_view);
    }
}
