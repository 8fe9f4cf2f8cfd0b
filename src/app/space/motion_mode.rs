//! The 3D Motion view ([`super::motion`]) in the mode: W and Shift+W, the
//! pointer on the velocity arrows' heads, the picture, F's box and the
//! panel's Motion section.

use super::motion::{
    build, pick_head, reach, shown, velocity, verdict_at, with_a_moving, HeadDrag, MotionResult3,
    HEAD_PICK_PX,
};
use super::picture::Picture;
use super::SpaceMode;
use crate::app::i18n::{tr, trf, words};
use crate::app::input::Input;
use crate::app::num;
use crate::app::shell::action::Action;
use egui_macroquad::egui;
use glam::Vec3;
use satlab::geom3d::{ImpactPath3, Side};

impl SpaceMode {
    /// W: the Motion view on or off.
    pub(super) fn toggle_motion(&mut self) {
        self.motion.on = !self.motion.on;
        self.motion.drag = None;
        // The view shows the sweep: F (fit) now takes it in.
        if self.motion.on {
            self.other_views_off(super::Tool::Motion);
            self.fit_pending = true;
        }
    }

    /// Shift+W: A moves too (an arrow of its own) or stands still; an edit
    /// of the scene's motion, and the view goes on.
    pub(super) fn a_moves_too(&mut self) {
        let m = shown(&self.scene);
        self.scene.motion = Some(with_a_moving(m, m.a == Vec3::ZERO));
        if !self.motion.on {
            self.toggle_motion();
        }
    }

    /// The box F fits: both shapes, and the sweep while the view is on.
    pub(super) fn motion_reach(&self, box_: (Vec3, Vec3)) -> (Vec3, Vec3) {
        if !self.motion.on || self.predicting {
            return box_;
        }
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        reach(a, b, shown(&self.scene), box_)
    }

    /// The pointer on the velocity arrows' heads: the head under it, a left
    /// press that takes one, and its drag in the plane facing the camera
    /// through the head (Ctrl snaps the motion to the grid). True while a
    /// head is held (the pointer does nothing else then).
    pub(super) fn motion_pointer(&mut self, i: &Input, on_canvas: bool) -> bool {
        if !self.motion.on || self.predicting {
            self.motion.drag = None;
            self.motion.hot = None;
            return false;
        }
        let shapes = (&self.scene.a.shape, &self.scene.b.shape);
        let m = shown(&self.scene);
        let d = match self.motion.drag {
            Some(d) => d,
            None => {
                self.motion.hot = pick_head(&self.view, shapes, m, i.mouse, HEAD_PICK_PX);
                if !(on_canvas && i.left.pressed && !i.alt) {
                    return false;
                }
                let Some(side) = pick_head(&self.view, shapes, m, i.press_at, HEAD_PICK_PX) else {
                    return false;
                };
                let tail = self.placed(side).shape.pose().position();
                let head = tail + velocity(m, side);
                let Some(grab) = self.view.on_facing_plane(i.press_at, head) else {
                    return false;
                };
                HeadDrag {
                    side,
                    grab,
                    start: m,
                    press: i.press_at,
                }
            }
        };
        let mut v = velocity(d.start, d.side);
        if i.mouse != d.press {
            if let Some(at) = self.view.on_facing_plane(i.mouse, d.grab) {
                v += at - d.grab;
                if i.ctrl {
                    v = super::edit::snap(v, super::SNAP);
                }
            }
        }
        let mut to = d.start;
        match d.side {
            Side::A => to.a = v,
            Side::B => to.b = v,
        }
        // Only a change is an edit: a click on a head writes nothing.
        if to != shown(&self.scene) && to.a.is_finite() && to.b.is_finite() {
            self.scene.motion = Some(to);
        }
        self.motion.hot = Some(d.side);
        self.motion.drag = i.left.down.then_some(d);
        true
    }

    /// Adds the Motion view to `pic` (when it is on and nothing is being
    /// predicted), recomputing the library's answers when the pair or the
    /// motion changed.
    pub(super) fn motion_picture(&mut self, pic: &mut Picture) {
        self.motion.labels.clear();
        if !self.motion.on || self.predicting {
            return;
        }
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let m = shown(&self.scene);
        if !self
            .motion
            .result
            .as_ref()
            .is_some_and(|r| r.is_for(a, b, m))
        {
            self.motion.result = Some(MotionResult3::new(a, b, m));
        }
        let Some(r) = &self.motion.result else {
            return;
        };
        self.motion.t = num::clamp(self.motion.t, 0.0, 1.0);
        let (t, hot) = (self.motion.t, self.motion.hot);
        build(pic, &mut self.motion.labels, &self.view, r, t, hot);
    }
}

/// The route `time_of_impact3` took, in words.
fn route(p: ImpactPath3) -> &'static str {
    match p {
        ImpactPath3::AtRest => tr("touching at t = 0"),
        ImpactPath3::RayCast => tr("GJK ray cast (exact)"),
        ImpactPath3::SweptSat => tr("swept SAT (exact)"),
        ImpactPath3::Advancement => tr("conservative advancement"),
    }
}

/// `(x, y, z)` with three decimals.
fn triple(v: Vec3) -> String {
    let f = |x: f32| num::fixed(x, 3);
    format!("({}, {}, {})", f(v.x), f(v.y), f(v.z))
}

/// The panel's Motion section (when the view is on): the motions, the
/// time of impact with its route, point and normal, "A moves too", the
/// time slider with the verdict then, and the swept-SAT table.
pub fn panel(ui: &mut egui::Ui, m: &mut SpaceMode) {
    if !m.motion.on || m.predicting {
        return;
    }
    let Some(r) = m.motion.result.clone() else {
        return;
    };
    ui.separator();
    ui.strong(tr("Motion"));
    let mv = r.motion;
    let rows = crate::app::shell::widgets::ImpactRows {
        b: triple(mv.b),
        a: (mv.a != Vec3::ZERO).then(|| triple(mv.a)),
        impact: (r.impact).map(|h| (h.t, Some(route(h.path)), triple(h.point), triple(h.normal))),
    };
    crate::app::shell::widgets::impact_table(ui, "motion3_grid", &rows);
    if m.scene.motion.is_none() {
        ui.weak(tr(
            "The scene has no motion yet: B heads for A's centre until you drag its arrow's head.",
        ));
    }
    let mut on = mv.a != Vec3::ZERO;
    let text =
        crate::app::shell::shortcuts::with_key(tr("A moves too"), &Action::AMovesToo, super::ID);
    if ui
        .checkbox(&mut on, text)
        .on_hover_text(tr("drag the head of A's arrow to set how far A moves"))
        .changed()
    {
        m.scene.motion = Some(with_a_moving(mv, on));
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(tr("time t"));
        ui.add(egui::Slider::new(&mut m.motion.t, 0.0..=1.0).fixed_decimals(3));
    });
    let v = verdict_at(&r.a, &r.b, mv, m.motion.t);
    ui.label(trf(
        "at t = {}: {}",
        &[&num::fixed(m.motion.t, 3), &words::verdict_caps(v)],
    ));
    match &r.swept {
        Some(sw) => crate::app::shell::widgets::swept_table(
            ui,
            "swept3_grid",
            sw,
            super::words::axis_source,
        ),
        None => {
            ui.weak(tr(
                "No swept SAT for this pair (a sphere, a capsule, a ray or a flat Minkowski difference): its separating directions turn with the motion.",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::motion::*;
    use super::super::picture::Ink;
    use super::*;
    use crate::app::camera::Rect;
    use crate::app::input::Button;
    use crate::app::shell::mode::Mode;
    use glam::Vec2;
    use satlab::geom::Verdict;
    use satlab::geom3d::{swept_sat3, time_of_impact3, Shape3};
    use satlab::scene::{load_any, AnyScene};
    use satlab::scene::{Motion3, Scene3};
    use std::path::{Path, PathBuf};

    fn file(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
    }

    fn scene(name: &str) -> Scene3 {
        match load_any(&file(name)) {
            Ok(AnyScene::Space(s)) => *s,
            other => panic!("{name}: {other:?}"),
        }
    }

    fn mode(name: &str) -> SpaceMode {
        let mut m = SpaceMode::new(scene(name), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        m.fit();
        m.build_picture();
        m
    }

    fn press(mouse: Vec2, pressed: bool, down: bool) -> Input {
        Input {
            mouse,
            press_at: mouse,
            left: Button {
                down,
                pressed,
                released: !down,
            },
            ..Input::default()
        }
    }

    /// The endpoints of the lines of `ink` and `width`.
    fn ends(m: &SpaceMode, ink: Ink, width: f32) -> Vec<Vec3> {
        m.picture
            .lines
            .iter()
            .filter(|l| l.ink == ink && l.width == width)
            .flat_map(|l| [l.a, l.b])
            .collect()
    }

    #[test]
    fn the_box_falling_onto_the_slab_is_drawn_where_the_library_puts_its_impact() {
        let m = mode("scenes/10-3d-motion/01-box-falls-onto-box.json");
        assert!(m.motion.on, "a scene that moves opens with the view on");
        let r = m.motion.result.as_ref().expect("computed");
        let hit = r.impact.expect("B lands on A");
        assert_eq!(
            hit,
            time_of_impact3(&r.a, r.motion.a, &r.b, r.motion.b).unwrap()
        );
        assert!((hit.t - 0.6).abs() < 1e-5, "{}", hit.t);
        assert_eq!(hit.path, ImpactPath3::RayCast);
        // B at the impact: its twelve edges, bottom face on the slab's top
        // (y = 4 − 5 × 0.6 − 0.5 = 0.5).
        let pose = ends(&m, Ink::B, 3.5);
        assert_eq!(pose.len(), 24, "12 edges");
        let low = pose.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
        assert!((low - 0.5).abs() < 1e-4, "{low}");
        // The contact point: a ring about the library's point, and the
        // normal from it along the library's normal.
        let ring = ends(&m, Ink::Decisive, 2.5);
        assert!(ring.len() >= 40);
        let k = per_px(&m.view, hit.point).unwrap();
        for p in &ring {
            assert!(((*p - hit.point).length() - POINT_PX * k).abs() < 1e-3 * k.max(1.0));
        }
        let normal = m
            .picture
            .lines
            .iter()
            .find(|l| l.ink == Ink::Decisive && l.width == 3.0)
            .expect("the normal");
        assert_eq!(normal.a, hit.point);
        assert!(((normal.b - normal.a).normalize() - hit.normal).length() < 1e-5);
        // B's velocity arrow from its centre to the end of the step; A's
        // absent (A stands still).
        let tail = r.b.pose().position();
        let arrow = m
            .picture
            .lines
            .iter()
            .find(|l| l.ink == Ink::B && l.width == 2.5)
            .expect("B's arrow");
        assert_eq!((arrow.a, arrow.b), (tail, tail + Vec3::new(0.0, -5.0, 0.0)));
        assert!(!m
            .picture
            .lines
            .iter()
            .any(|l| l.ink == Ink::A && l.width == 2.5));
        // B's outline at t = 1, faint and dashed, and the two rails.
        assert_eq!(
            m.picture
                .lines
                .iter()
                .filter(|l| l.ink == Ink::Ghost(Side::B) && l.dashed)
                .count(),
            12 + 2
        );
        let texts: Vec<&str> = m.motion.labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["impact t = 0.600"]);
    }

    #[test]
    fn the_slider_draws_both_moving_shapes_at_its_time() {
        let mut m = mode("scenes/10-3d-motion/05-both-move-a-turned-edge-meets-a-face.json");
        m.motion.t = 0.5;
        m.build_picture();
        // A (half-extent 1) moved by 0.5 along x: its dashed solid-ink
        // pose spans x from −0.5 to 1.5.
        let a: Vec<Vec3> = m
            .picture
            .lines
            .iter()
            .filter(|l| l.ink == Ink::A && l.width == 2.0 && l.dashed)
            .flat_map(|l| [l.a, l.b])
            .collect();
        assert_eq!(a.len(), 24);
        let hi = a.iter().map(|p| p.x).fold(f32::MIN, f32::max);
        assert!((hi - 1.5).abs() < 1e-5, "{hi}");
        // B moved by −1: its centre at x = 3.
        let b: Vec<Vec3> = m
            .picture
            .lines
            .iter()
            .filter(|l| l.ink == Ink::B && l.width == 2.0 && l.dashed)
            .flat_map(|l| [l.a, l.b])
            .collect();
        let mid = b.iter().map(|p| p.x).sum::<f32>() / b.len() as f32;
        assert!((mid - 3.0).abs() < 1e-4, "{mid}");
        let r = m.motion.result.as_ref().unwrap();
        assert_eq!(verdict_at(&r.a, &r.b, r.motion, 0.5), Verdict::Separated);
        assert_ne!(verdict_at(&r.a, &r.b, r.motion, 0.8), Verdict::Separated);
        // Both arrows: A moves too.
        assert!(m
            .picture
            .lines
            .iter()
            .any(|l| l.ink == Ink::A && l.width == 2.5));
    }

    #[test]
    fn dragging_b_s_head_edits_the_motion_in_one_undo_step_and_a_click_edits_nothing() {
        let mut m = SpaceMode::new(super::super::starter(), None);
        m.view.canvas = Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0));
        assert!(!m.motion.on && m.scene.motion.is_none());
        m.toggle_motion();
        m.fit();
        m.build_picture();
        let before = m.scene.clone();
        let d = default_motion(&before.a.shape, &before.b.shape);
        let head = before.b.shape.pose().position() + d.b;
        let at = m.view.to_screen(head).unwrap();
        // A click on the head: no edit.
        m.pointer(&press(at, true, true), true);
        m.pointer(&press(at, false, false), true);
        m.after_edits(false);
        assert_eq!(m.scene, before);
        assert!(!m.dirty());
        // A drag 60 pixels to the right: the head follows in the plane
        // facing the camera through it.
        for k in 0..=6 {
            let s = at + Vec2::new(10.0 * k as f32, 0.0);
            m.pointer(&press(s, k == 0, true), true);
            m.after_edits(true);
        }
        let end = at + Vec2::new(60.0, 0.0);
        m.pointer(&press(end, false, false), true);
        m.after_edits(false);
        assert_eq!(m.selected, None, "the press took the head, not a shape");
        let mv = m.scene.motion.expect("the drag wrote the motion");
        let new_head = before.b.shape.pose().position() + mv.b;
        assert!((m.view.to_screen(new_head).unwrap() - end).length() < 0.01);
        assert!((new_head - head).dot(m.view.basis().back).abs() < 1e-4);
        assert_eq!(mv.a, Vec3::ZERO);
        assert!(m.dirty());
        assert_eq!(m.history.depth(), (1, 0));
        assert!(m.history.undo(&mut m.scene));
        assert_eq!(m.scene, before);
    }

    #[test]
    fn paging_to_a_scene_without_motion_turns_the_view_off() {
        let mut m = SpaceMode::new(super::super::starter(), None);
        let moving = "scenes/10-3d-motion/02-fast-box-tunnels-through-a-thin-wall.json";
        m.open(
            AnyScene::Space(Box::new(scene(moving))),
            Some(&file(moving)),
            false,
        )
        .unwrap();
        assert!(m.motion.on);
        m.motion.t = 0.7;
        let still = "scenes/08-3d/02-sphere-aabb-face.json";
        m.open(
            AnyScene::Space(Box::new(scene(still))),
            Some(&file(still)),
            false,
        )
        .unwrap();
        assert!(
            !m.motion.on,
            "no impact at t = 0 nor ±∞ table for no motion"
        );
        assert_eq!(m.motion.t, 0.0);
        m.build_picture();
        assert!(m.motion.labels.is_empty());
        assert!(!m
            .picture
            .lines
            .iter()
            .any(|l| matches!(l.ink, Ink::Ghost(_))));
    }

    #[test]
    fn f_fits_the_sweep_of_the_tunnelling_box() {
        let mut m = mode("scenes/10-3d-motion/02-fast-box-tunnels-through-a-thin-wall.json");
        let r = m.motion.result.clone().unwrap();
        let end = r.b.pose().position() + r.motion.b;
        for size in [Vec2::new(640.0, 480.0), Vec2::new(900.0, 700.0)] {
            m.view.canvas = Rect::new(Vec2::ZERO, size);
            m.fit();
            let s = m.view.to_screen(end).unwrap();
            assert!(m.view.canvas.contains(s), "the head at {s} in {size}");
        }
        // Without the view, F fits the shapes only: the head leaves it.
        m.toggle_motion();
        m.fit();
        let s = m.view.to_screen(end);
        assert!(s.is_none_or(|s| !m.view.canvas.contains(s)), "{s:?}");
    }

    #[test]
    fn shift_w_gives_a_an_arrow_and_takes_it_away() {
        let mut m = mode("scenes/10-3d-motion/01-box-falls-onto-box.json");
        m.a_moves_too();
        let mv = m.scene.motion.unwrap();
        assert_eq!(mv.a, Vec3::new(0.0, 2.5, 0.0));
        m.build_picture();
        let r = m.motion.result.as_ref().unwrap();
        assert_eq!(r.motion, mv);
        // A's head is picked where it is drawn.
        let head = r.a.pose().position() + mv.a;
        let s = m.view.to_screen(head).unwrap();
        let shapes = (&m.scene.a.shape, &m.scene.b.shape);
        assert_eq!(
            pick_head(&m.view, shapes, mv, s, HEAD_PICK_PX),
            Some(Side::A)
        );
        m.a_moves_too();
        assert_eq!(m.scene.motion.unwrap().a, Vec3::ZERO);
        assert_eq!(with_a_moving(Motion3::default(), true).a, Vec3::X);
    }

    #[test]
    fn the_swept_sat_words_are_the_librarys_in_english() {
        let aabb = |c: Vec3, h: f32| {
            Shape3::Aabb(
                satlab::geom3d::Aabb3::new(satlab::geom3d::Pose3::at(c), Vec3::splat(h)).unwrap(),
            )
        };
        let a = aabb(Vec3::ZERO, 1.0);
        let cases = [
            (
                aabb(Vec3::new(-4.0, 0.0, 0.0), 0.5),
                Vec3::new(10.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(0.5, 0.0, 0.0), 0.5),
                Vec3::new(3.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(-3.0, 1.6, 0.0), 0.5),
                Vec3::new(6.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(-9.0, 0.0, 0.0), 0.5),
                Vec3::new(4.0, 0.0, 0.0),
            ),
            (
                aabb(Vec3::new(3.0, 0.0, 0.0), 0.5),
                Vec3::new(4.0, 0.0, 0.0),
            ),
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for (b, v) in &cases {
            let sw = swept_sat3(&a, Vec3::ZERO, b, *v).expect("boxes");
            let words = crate::app::i18n::words::swept_conclusion(
                &sw,
                crate::app::space::words::axis_source,
            );
            assert_eq!(words, sw.describe());
            kinds.insert(sw.describe().split_whitespace().take(3).collect::<String>());
        }
        assert_eq!(kinds.len(), 5, "every sentence of the library: {kinds:?}");
        assert_eq!(
            crate::app::shell::widgets::interval_text(f32::NEG_INFINITY),
            "−∞"
        );
    }

    #[test]
    fn a_long_swept_table_lists_a_page_and_both_deciding_rows() {
        let m = SpaceMode::new(scene("tests/e2e/two-40-point-hulls.json"), None);
        let (a, b) = (&m.scene.a.shape, &m.scene.b.shape);
        let sw = swept_sat3(a, Vec3::ZERO, b, Vec3::new(-3.0, 0.5, 0.0)).expect("hulls");
        use crate::app::shell::widgets::{listed_rows, SWEPT_ROWS};
        assert!(sw.axes.len() > SWEPT_ROWS + 2, "{}", sw.axes.len());
        let rows = listed_rows(&sw);
        assert!(rows.len() <= SWEPT_ROWS + 2);
        assert!(rows.contains(&sw.latest_entry.1) && rows.contains(&sw.earliest_exit.1));
    }
}
