//! The 3D mode as a mode of the window: its document, menus, actions, and
//! one frame's update and drawing.

use super::action::SpaceAction;
use super::overlay::{self, OverlayOptions};
use super::picture::{self, Ink, Picture};
use super::{paint, panel, starter, SpaceMode, ID};
use crate::app::camera::{Camera, Rect};
use crate::app::draw::Painter;
use crate::app::files;
use crate::app::i18n::{tr, trf};
use crate::app::input::KeyPress;
use crate::app::num;
use crate::app::shell::action::Action;
use crate::app::shell::action::Walk;
use crate::app::shell::message::Message;
use crate::app::shell::mode::{Cx, DocError, DocWords, Frame, Look, Menu, Mode, Take, WalkAt};
use crate::app::shell::sat_words::{self, AxisLine, Summary};
use crate::app::shell::shortcuts::{canvas_action, hint};
use crate::app::shell::walk::{Stage, StageKind};
use egui_macroquad::egui;
use glam::Vec2;
use satlab::geom3d::{AxisTest3, Side, CONTACT_TOLERANCE};
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};
use std::time::Instant;

impl SpaceMode {
    /// The starter scene, untitled (for [`crate::app::modes::MODES`]).
    pub fn boxed() -> Box<dyn Mode> {
        Box::new(SpaceMode::new(starter(), None))
    }

    /// The axis the camera and the caption talk about: the selected one,
    /// else the decisive one.
    pub(super) fn axis_in_focus(&self) -> Option<&AxisTest3> {
        self.overlay
            .selected
            .or(overlay::decisive(&self.report))
            .and_then(|k| self.report.axes.get(k))
            .filter(|t| t.skipped.is_none())
    }

    /// Axes in the SAT walk: SAT stops at the report's first separating
    /// axis (its early exit), unless the class keeps testing every axis.
    pub(crate) fn walk_len(&self) -> usize {
        let n = self.report.axes.len();
        match self.report.first_separating {
            Some(k) if !self.keep_testing => (k + 1).min(n),
            _ => n,
        }
    }

    /// Where the SAT walk is (axes as report indices); `None` while it is
    /// closed.
    pub(crate) fn sat_stage(&self) -> Option<Stage> {
        self.walk.on.then(|| match self.walk.kind(self.walk_len()) {
            StageKind::Start => Stage::Start,
            StageKind::Axis(i) => Stage::Axis(i - 1),
            StageKind::End => Stage::End,
        })
    }

    /// Sets "keep testing every axis"; at the end of the walk, stays at
    /// the end (as the pair playground's stepper does).
    pub(super) fn set_keep_testing(&mut self, keep: bool) {
        let at_end = self.sat_stage() == Some(Stage::End);
        self.keep_testing = keep;
        if at_end {
            self.walk.step(Walk::End, self.walk_len());
        }
        self.show_walk();
    }

    /// The overlay follows the walk: at the start no axis, then the axes
    /// tested so far with the current one selected, at the end every axis
    /// the walk tested (all of them, the MTV too, when it tested all).
    pub(super) fn show_walk(&mut self) {
        let len = self.walk_len();
        self.walk.clamp(len);
        let Some(stage) = self.sat_stage() else {
            self.overlay.shown = None;
            return;
        };
        let all = self.report.axes.len();
        (self.overlay.selected, self.overlay.shown) = match stage {
            Stage::Start => (None, Some(0)),
            Stage::Axis(k) => (Some(k), Some(k + 1)),
            Stage::End => (None, (len < all).then_some(len)),
        };
    }
    /// The Contacts, Motion and GJK / EPA views are exclusive, as in the
    /// pair playground (one owns the walk keys and the canvas): every one
    /// but `keep` goes off.
    pub(super) fn other_views_off(&mut self, keep: super::Tool) {
        if keep != super::Tool::Contacts && self.contacts.on {
            self.contacts.toggle();
        }
        if keep != super::Tool::Motion && self.motion.on {
            self.toggle_motion();
        }
        if keep != super::Tool::Gjk && self.gjk.is_some() {
            self.toggle_gjk();
        }
    }

    /// One step of the walk through the axes, by the shell's rule (the
    /// pair playground's): the first Space opens the start.
    pub(super) fn walk(&mut self, w: Walk) {
        if let Some(g) = &mut self.gjk {
            return g.walk(w);
        }
        self.walk.step(w, self.walk_len());
        self.show_walk();
    }

    /// Closes the SAT walk; the overlay shows every axis again.
    pub(super) fn leave_walk(&mut self) {
        self.walk.leave();
        self.overlay.selected = None;
        self.overlay.shown = None;
    }

    /// The caption of the SAT walk in the interface language: the words of
    /// both dimensions ([`sat_words`]).
    pub(crate) fn caption(&self) -> Option<String> {
        let l = crate::app::i18n::lang();
        let r = &self.report;
        let n = r.axes.len();
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let distance = || satlab::geom3d::distance(a, b).distance;
        let k = match self.sat_stage()? {
            Stage::Start => return Some(sat_words::intro(l, n)),
            Stage::End => return Some(sat_words::conclusion(l, &self.summary(distance))),
            Stage::Axis(k) => k,
        };
        let t = r.axes.get(k)?;
        let source = super::words::caption_source(&t.source);
        if let Some(why) = t.skipped {
            let why = super::words::skip_reason(why);
            return Some(sat_words::skipped(l, k, n, &source, &why));
        }
        let first = r.first_separating == Some(k);
        Some(sat_words::axis(
            l,
            &AxisLine {
                k,
                n,
                source: &source,
                a: (t.a.min, t.a.max),
                b: (t.b.min, t.b.max),
                gap: t.gap,
                separates: t.separates(),
                first,
                keep_testing: self.keep_testing,
                last_and_meets: k + 1 == n && r.intersects,
                distance: if first && !t.separates() {
                    distance()
                } else {
                    0.0
                },
                tolerance: CONTACT_TOLERANCE,
            },
        ))
    }

    /// What the walk found, for the conclusion (`distance` asked only
    /// when it is said: a pair apart, every axis tested).
    fn summary(&self, distance: impl Fn() -> f32) -> Summary {
        let r = &self.report;
        let apart_all = !r.intersects && self.keep_testing;
        Summary {
            n: r.axes.len(),
            intersects: r.intersects,
            first: r.first_separating,
            best: r
                .least_overlap
                .and_then(|k| r.axes.get(k).map(|t| (k, t.gap))),
            mtv: r.mtv.map(|v| sat_words::vector(&[v.x, v.y, v.z])),
            keep_testing: self.keep_testing,
            distance: if apart_all { distance() } else { 0.0 },
            tolerance: CONTACT_TOLERANCE,
        }
    }

    /// The camera's own actions: a preset, along the axis in focus,
    /// edge-on.
    fn camera_act(&mut self, s: SpaceAction) {
        match s {
            SpaceAction::Look(p) => self.view.look_along(p.look()),
            SpaceAction::LookAlongAxis => {
                if let Some(d) = self.axis_in_focus().map(|t| t.axis) {
                    self.view.look_along(d);
                }
            }
            SpaceAction::EdgeOn => self.edge_on(),
        }
    }

    /// Turns the camera edge-on to the separating plane (or to the plane
    /// normal to the axis in focus, where the overlay would draw it): the
    /// camera looks along the plane from a point on it, so the plane is a
    /// line on screen.
    pub(super) fn edge_on(&mut self) {
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let Some(t) = self.axis_in_focus() else {
            return;
        };
        let at = overlay::plane_point(t, overlay::axis_mid(a, b));
        self.view.edge_on(t.axis, at);
    }

    /// R and T (the shortcut table's turn keys): 15° counter-clockwise or
    /// clockwise about the view axis, Shift 1°.
    fn turn_keys(&mut self, keys: &[KeyPress]) {
        for kp in keys {
            if let Some(Action::Turn(sign)) = canvas_action(kp, ID) {
                let step = if kp.shift { 1.0 } else { 15.0 };
                self.turn_view(f32::from(sign) * step);
            }
        }
    }

    /// Turns the selected shape (else B) about the view axis.
    fn turn_view(&mut self, deg: f32) {
        let side = self.selected.unwrap_or(Side::B);
        let back = self.view.basis().back;
        match super::edit::turned(self.placed(side), back, deg) {
            Ok(p) => *self.placed_mut(side) = p,
            Err(e) => self.say(crate::app::i18n::words::shape_error(&e), true),
        }
    }

    pub(super) fn build_picture(&mut self) {
        let eye = self.view.eye();
        let mut pic = Picture::default();
        let (lo, hi) = overlay::extent(&self.scene.a.shape, &self.scene.b.shape);
        let span = (hi - lo).abs().max_element().max(2.0);
        let step = grid_step(span);
        picture::ground(&mut pic, (lo + hi) * 0.5, step, 12);
        for side in [Side::A, Side::B] {
            let w = if self.selected == Some(side) {
                3.0
            } else {
                2.0
            };
            let ink = picture::side_ink(side);
            picture::wire(&mut pic, &self.placed(side).shape, eye, ink, w);
        }
        let shapes = (&self.scene.a.shape, &self.scene.b.shape);
        self.contacts.refresh(shapes.0, shapes.1);
        let walking_contacts = self.contacts.on && self.contacts.step.is_some();
        if !self.predicting && !walking_contacts {
            overlay::sat_overlay(&mut pic, shapes, &self.report, eye, &self.overlay);
        }
        if self.contacts.on && !self.predicting {
            let c = &self.contacts;
            super::contacts::build(&mut pic, &self.view, c.manifold.as_ref(), &c.trace, c.step);
        }
        self.motion_picture(&mut pic);
        if let Some(side) = self.selected {
            if let Some(g) = super::gizmo::Gizmo::of(self.placed(side), &self.view) {
                g.draw(&self.view, self.gizmo_focus(), &mut pic);
            }
        }
        self.gjk_pictures(&mut pic);
        self.picture = pic;
    }
}

/// A grid step (1, 2 or 5 times a power of ten) giving about ten cells over `span`.
fn grid_step(span: f32) -> f32 {
    let raw = span / 10.0;
    let p = 10f32.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(p)
}

impl Mode for SpaceMode {
    fn id(&self) -> crate::app::shell::action::ModeId {
        ID
    }

    fn name(&self) -> &'static str {
        "3D mode"
    }

    fn accepts(&self, sc: &AnyScene) -> bool {
        match sc {
            AnyScene::Space(_) => true,
            AnyScene::Pair(_) | AnyScene::Field(_) => false,
        }
    }

    fn open(&mut self, sc: AnyScene, path: Option<&Path>, recovered: bool) -> Result<(), DocError> {
        let AnyScene::Space(sc) = sc else {
            return Err(DocError::WrongKind(ID));
        };
        let view = self.view;
        *self = SpaceMode::new(*sc, path.map(Path::to_path_buf));
        self.view.canvas = view.canvas;
        if recovered {
            // A recovered copy is unsaved work.
            self.saved = None;
        }
        Ok(())
    }

    fn new_document(&mut self) {
        *self = SpaceMode::new(starter(), None);
    }

    fn document(&self) -> AnyScene {
        AnyScene::Space(Box::new(self.scene.clone()))
    }

    fn save_to(&mut self, path: &Path) -> Result<PathBuf, DocError> {
        SpaceMode::save_to(self, path).map_err(DocError::File)
    }

    fn discard(&mut self) {
        self.saved = Some(self.scene.clone());
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn default_file_name(&self) -> &'static str {
        "scene3d.json"
    }

    fn dirty(&self) -> bool {
        self.saved.as_ref() != Some(&self.scene)
    }

    fn revision(&self) -> u64 {
        self.seen.1
    }

    fn words(&self) -> DocWords {
        DocWords {
            tag: Some(tr("3D")),
            untitled: tr("untitled 3D scene"),
        }
    }

    fn take(&mut self, sc: AnyScene, how: Take) -> Result<(), DocError> {
        let AnyScene::Space(sc) = sc else {
            return Err(DocError::WrongKind(ID));
        };
        // The view stays; the history records the paste when it settles.
        self.drag = super::Drag::None;
        self.hold = None;
        if how == Take::Reload {
            self.saved = Some((*sc).clone());
        }
        self.scene = *sc;
        Ok(())
    }

    fn capture_name(&self) -> Option<String> {
        Some(super::disk::capture_name(&self.scene))
    }

    fn capture(
        &self,
        dir: &Path,
        name: &str,
        replace: bool,
    ) -> Result<PathBuf, files::CaptureError> {
        super::disk::capture_regression(dir, name, &self.scene, replace)
    }

    fn results_text(&self) -> Option<String> {
        // While the class predicts, the verdict is not given away.
        (!self.predicting).then(|| satlab::scene::eval_space(&self.scene).table())
    }

    fn walk_at(&self) -> Option<WalkAt> {
        if let Some(g) = &self.gjk {
            return g.walk_at();
        }
        if self.contacts.on {
            return self.contacts.walk_at();
        }
        (!self.report.axes.is_empty()).then(|| self.walk.at(self.walk_len()))
    }

    fn undo(&mut self) -> bool {
        self.drag = super::Drag::None;
        self.history.undo(&mut self.scene)
    }

    fn redo(&mut self) -> bool {
        self.drag = super::Drag::None;
        self.history.redo(&mut self.scene)
    }

    fn undo_depth(&self) -> (usize, usize) {
        self.history.depth()
    }

    fn message(&mut self) -> &mut Option<Message> {
        &mut self.message
    }

    fn menu(&mut self, ui: &mut egui::Ui, menu: Menu, out: &mut Vec<Action>) {
        match menu {
            Menu::View => panel::view_menu(ui, self, out),
            Menu::Edit => {
                ui.separator();
                crate::app::shell::top_bar::item(
                    ui,
                    ID,
                    tr("Next random pair"),
                    Action::Generate,
                    out,
                );
            }
            Menu::File | Menu::Panels => {}
        }
    }

    fn panels(&mut self, ctx: &egui::Context, _look: &Look, out: &mut Vec<Action>) {
        panel::show(ctx, self, out);
    }

    fn act(&mut self, a: Action, cx: &mut Cx) -> Option<Action> {
        self.now = cx.now;
        match a {
            Action::Fit => self.fit(),
            Action::Space(s) => self.camera_act(s),
            Action::Predict => self.predicting = !self.predicting,
            Action::Generate => self.random_pair(true),
            Action::AlgorithmPanel => self.algorithm = !self.algorithm,
            Action::CycleAxes => self.overlay.all_bars = !self.overlay.all_bars,
            Action::Contacts => {
                self.other_views_off(super::Tool::Contacts);
                self.contacts.toggle();
                self.leave_walk();
            }
            Action::Walk(w) if self.contacts.on => {
                let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
                self.contacts.walk(w, a, b);
            }
            Action::Walk(w) => self.walk(w),
            Action::Gjk => self.toggle_gjk(),
            Action::Motion => self.toggle_motion(),
            Action::AMovesToo => self.a_moves_too(),
            Action::Escape => {
                self.contacts.step = None;
                self.walk.leave();
                self.overlay = OverlayOptions {
                    all_bars: self.overlay.all_bars,
                    ..OverlayOptions::default()
                };
            }
            other => return Some(other),
        }
        None
    }

    fn update(&mut self, f: &Frame) {
        let t0 = Instant::now();
        self.now = f.now;
        // A lesson's notes card spans the bottom, below the shapes.
        let p = f.look.painter(Some(f.font));
        self.card = self.lesson_card(f.canvas, &p);
        let bottom = self
            .card
            .as_ref()
            .map_or(f.canvas.max.y, |(_, r, _)| r.min.y);
        let whole = Rect::new(f.canvas.min, Vec2::new(f.canvas.max.x, bottom));
        self.view.canvas = self.gjk_split(whole, p.scale);
        if self.fit_pending {
            self.fit();
            self.fit_pending = false;
        }
        let i = f.input;
        if f.gate.keyboard && !f.typing {
            self.turn_keys(&i.keys);
        }
        self.pointer(i, f.gate.pointer && f.canvas.contains(i.mouse));
        let busy = i.left.down || i.right.down || i.middle.down || f.typing;
        self.after_edits(busy);
        let t1 = Instant::now();
        self.build_picture();
        let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
        self.timing = [ms(t0, t1), ms(t1, Instant::now())];
    }

    fn draw(&mut self, f: &Frame) {
        let p = f.look.painter(Some(f.font));
        self.paint(&p, f.clean);
        if let Some((c, r, notes)) = &self.card {
            p.notes_card(*r, c, *notes);
        }
    }

    fn bench_line(&self) -> String {
        format!(
            "3D mode, {} vs {}, {} axes; report + display list {:.3} ms, {} lines",
            self.scene.a.shape.kind().name(),
            self.scene.b.shape.kind().name(),
            self.report.axes.len(),
            self.timing[0] + self.timing[1],
            self.picture.lines.len()
        )
    }
}

impl SpaceMode {
    /// Draws the canvas with `p`: the picture, labels, badge, the walk's
    /// caption and, unless `clean` (an export), the status line.
    pub(super) fn paint(&self, p: &Painter, clean: bool) {
        p.clear();
        paint::picture(p, &self.view, &self.picture);
        let axis_len = self
            .picture
            .lines
            .iter()
            .find(|l| l.ink == Ink::World(0))
            .map_or(1.0, |l| l.b.x);
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        paint::labels(
            p,
            &self.view,
            axis_len,
            a.pose().position(),
            b.pose().position(),
        );
        super::motion::paint_labels(p, &self.view, &self.motion.labels);
        let cam = Camera::new(Vec2::ZERO, 1.0, self.view.canvas);
        if self.predicting {
            if !self.quiz {
                p.predict_marker(&cam, tr("Predict: separated or overlapping?"));
            }
        } else {
            p.badge(&cam, self.verdict());
        }
        // The walk's caption is part of the picture (an export or `satlab
        // render --step` keeps it); the status line is not.
        super::contacts_ui::paint_labels(p, &self.view, self);
        let caption = self.contacts.caption().or_else(|| self.caption());
        if let Some(c) = caption.filter(|_| !self.predicting) {
            p.caption(&cam, &c, !clean);
        }
        self.paint_gjk(p);
        if clean {
            return;
        }
        p.status(&cam, &self.status_text(), &keys_hint());
    }

    fn status_text(&self) -> String {
        let v = &self.view;
        // Decimals by the pair's size, as the panel's numbers.
        let n = |x: f32| num::at_size(x, 2, self.size);
        let mut s = trf(
            "target {}  distance {}  yaw {}°  pitch {}°",
            &[
                &format!("[{}, {}, {}]", n(v.target.x), n(v.target.y), n(v.target.z)),
                &n(v.dist),
                &num::fixed(v.yaw.to_degrees(), 0),
                &num::fixed(v.pitch.to_degrees(), 0),
            ],
        );
        if let Some(side) = self.selected {
            s.push_str("   │ ");
            s.push_str(&trf(
                "{}: arrows move, rings turn, squares size",
                &[&side.letter()],
            ));
        }
        s
    }
}

/// The status line's reminder of the main keys, from the shortcut table.
fn keys_hint() -> String {
    hint(
        ID,
        &[
            (Action::NextMode, tr("next mode")),
            (Action::Fit, tr("fit")),
            (Action::Walk(Walk::Forward), tr("step")),
            (Action::Space(SpaceAction::LookAlongAxis), tr("look along")),
            (Action::Undo, tr("undo")),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twice the signed area of the polygon `s`, square pixels.
    fn area2(s: &[Vec2]) -> f32 {
        (0..s.len())
            .map(|i| s[i].perp_dot(s[(i + 1) % s.len()]))
            .sum()
    }

    #[test]
    fn e_looks_along_the_separating_plane_from_a_point_on_it() {
        for size in [Vec2::new(640.0, 480.0), Vec2::new(960.0, 760.0)] {
            let mut m = SpaceMode::new(starter(), None);
            m.view.canvas = Rect::new(Vec2::ZERO, size);
            m.fit();
            m.build_picture();
            let plane = |m: &SpaceMode| -> Vec<Vec2> {
                let q = m.picture.quads.iter().find(|q| q.ink == Ink::Plane);
                let q = q.expect("the starter boxes are apart: a plane");
                q.corners
                    .iter()
                    .filter_map(|c| m.view.to_screen(*c))
                    .collect()
            };
            assert!(area2(&plane(&m)).abs() > 100.0, "seen at an angle first");
            m.edge_on();
            m.build_picture();
            let t = m.axis_in_focus().expect("a decisive axis").clone();
            assert!(
                m.view.basis().back.dot(t.axis).abs() < 1e-5,
                "looking along the plane"
            );
            let (a, b) = (&m.scene.a.shape, &m.scene.b.shape);
            let on = overlay::plane_point(&t, overlay::axis_mid(a, b));
            let off = t.axis.dot(m.view.eye() - on);
            assert!(
                off.abs() < 1e-4 * m.view.dist,
                "the eye is on the plane: {off}"
            );
            let s = plane(&m);
            assert_eq!(s.len(), 4, "all four corners in front of the camera");
            assert!(
                area2(&s).abs() < 1.0,
                "edge-on: a line, not a diamond: {s:?}"
            );
        }
    }

    #[test]
    fn grid_steps_are_round_numbers() {
        assert_eq!(grid_step(10.0), 1.0);
        assert_eq!(grid_step(13.0), 2.0);
        assert_eq!(grid_step(40.0), 5.0);
        assert!((grid_step(0.9) - 0.1).abs() < 1e-6);
    }

    #[test]
    fn the_walk_opens_at_the_start_visits_every_axis_and_ends_with_the_conclusion() {
        let mut m = SpaceMode::new(starter(), None);
        m.keep_testing = true;
        let n = m.report.axes.len();
        assert_eq!(n, 15, "box and turned box");
        m.walk(Walk::Forward);
        assert_eq!(m.sat_stage(), Some(Stage::Start));
        assert_eq!(m.overlay.selected, None);
        assert!(m
            .caption()
            .is_some_and(|c| c.starts_with("SAT looks for one axis")));
        m.walk(Walk::Forward);
        assert_eq!(m.overlay.selected, Some(0));
        for _ in 0..n + 3 {
            m.walk(Walk::Forward);
        }
        assert_eq!(m.sat_stage(), Some(Stage::End));
        assert_eq!(m.overlay.selected, None);
        m.walk(Walk::Back);
        assert_eq!(m.overlay.selected, Some(n - 1));
        m.walk(Walk::Home);
        assert_eq!(m.sat_stage(), Some(Stage::Start));
        m.walk(Walk::Back);
        assert_eq!(m.sat_stage(), Some(Stage::Start));
        m.walk(Walk::End);
        assert_eq!(m.sat_stage(), Some(Stage::End));
    }

    #[test]
    fn at_the_start_no_axis_is_drawn_and_the_decisive_one_waits_to_be_reached() {
        // Two boxes apart, separated by an edge × edge axis only: the
        // decisive axis is the first separating one, #13, which the old
        // walk drew strong from its first step.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/08-3d/01-boxes-edge-cross-edge-only.json");
        let Ok(AnyScene::Space(sc)) = satlab::scene::load_any(&path) else {
            panic!("{}", path.display())
        };
        let mut m = SpaceMode::new(*sc, None);
        let first = m.report.first_separating.expect("apart");
        assert!(first > 0, "the first separating axis is not the first axis");
        let strong = |m: &mut SpaceMode| {
            m.build_picture();
            m.picture
                .lines
                .iter()
                .filter(|l| l.ink == Ink::Decisive)
                .count()
        };
        let axes = |m: &mut SpaceMode| {
            m.build_picture();
            let inks = [Ink::Axis, Ink::Focus, Ink::Decisive, Ink::Plane];
            m.picture
                .lines
                .iter()
                .filter(|l| inks.contains(&l.ink))
                .count()
        };
        assert!(
            strong(&mut m) > 0,
            "outside the walk the decisive axis is drawn"
        );
        m.walk(Walk::Forward);
        assert_eq!((axes(&mut m), strong(&mut m)), (0, 0), "the start: no axis");
        m.walk(Walk::Forward);
        assert!(axes(&mut m) > 0);
        assert_eq!(
            strong(&mut m),
            0,
            "axis 1 does not separate: not decisive yet"
        );
        for _ in 0..first {
            m.walk(Walk::Forward);
        }
        assert_eq!(m.overlay.selected, Some(first));
        assert!(strong(&mut m) > 0, "reached");
    }

    #[test]
    fn auto_play_walks_the_3d_axes_one_a_period_and_stops_at_the_end() {
        use crate::app::shell::autoplay::AutoPlay;
        let mut m = SpaceMode::new(starter(), None);
        m.keep_testing = true;
        let n = m.report.axes.len();
        assert_eq!(m.walk_at().map(|w| (w.at, w.len)), Some((None, n + 2)));
        let mut play = AutoPlay::default();
        play.set_period(0.5, 0.0);
        if let Some(w) = play.start(0.0, m.walk_at()).expect("a walk") {
            m.walk(w);
        }
        assert_eq!(m.sat_stage(), Some(Stage::Start));
        let mut steps = Vec::new();
        for i in 1..200 {
            let now = f64::from(i) * 0.1;
            if let Some(w) = play.tick(now, m.walk_at()) {
                m.walk(w);
                steps.push(now);
            }
            play.settle(m.walk_at());
        }
        assert_eq!(steps.len(), n + 1, "{steps:?}");
        assert!((steps[0] - 0.5).abs() < 1e-6 && (steps[n] - 0.5 * (n + 1) as f64).abs() < 1e-6);
        assert_eq!(m.sat_stage(), Some(Stage::End));
        assert!(!play.playing());
    }
}
