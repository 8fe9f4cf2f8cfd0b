//! The 3D mode's own walks in a still (`satlab render --animate
//! gjk|clipping|motion` on a v3 scene, File → Export animation…): the
//! GJK / EPA view (J), the Contacts view's clipping walk (K) and the
//! Motion view's time (W), each turned on alone and laid out as the
//! window lays it out, without a window. [`super::still`] sets the camera.

use super::gjk::split;
use super::motion::MotionResult3;
use super::still::Shot;
use super::{contacts, SpaceMode, Tool};
use crate::app::camera::Rect;
use crate::app::num;

/// Where the view of a still's walk stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ViewAt {
    /// GJK's step, then EPA's (0-based, past the last: the last).
    Gjk(usize),
    /// The clipping walk's step (0-based), `None` the finished manifold.
    Clip(Option<usize>),
    /// The Motion view's time slider, in `[0, 1]` (kept in range).
    Time(f32),
}

impl SpaceMode {
    /// Sets the still with `tool`'s view on and the others off, as the
    /// window's key for it does, on `canvas` (pixels, y down) at UI scale
    /// `scale`: the GJK view keeps the right half for its pane, the shapes
    /// fitted into the left. The camera as [`SpaceMode::set_still`] with no
    /// SAT walk.
    pub fn set_still_view(&mut self, canvas: Rect, scale: f32, shot: Option<Shot>, tool: Tool) {
        self.other_views_off(tool);
        match tool {
            Tool::Gjk if self.gjk.is_none() => self.toggle_gjk(),
            Tool::Contacts if !self.contacts.on => self.contacts.toggle(),
            Tool::Motion if !self.motion.on => self.toggle_motion(),
            Tool::Gjk | Tool::Contacts | Tool::Motion => {}
        }
        let (left, pane) = split(canvas, tool == Tool::Gjk);
        self.set_still(left, shot, None, false);
        if let Some(g) = &mut self.gjk {
            g.area = pane.map(|r| (r, scale));
            g.step = 0;
        }
        self.contacts.step = None;
        self.motion.t = 0.0;
    }

    /// Steps of the GJK / EPA walk of the pair (0 without the view).
    pub fn gjk_steps(&self) -> usize {
        self.gjk.as_ref().map_or(0, |g| g.steps())
    }

    /// Steps of the clipping walk; `None` when the shapes are further apart
    /// than the speculative distance (no manifold to clip).
    pub fn clip_steps(&mut self) -> Option<usize> {
        self.contacts
            .refresh(&self.scene.a.shape, &self.scene.b.shape);
        let c = &self.contacts;
        c.manifold.as_ref().map(|_| contacts::steps(&c.trace))
    }

    /// The time of impact over the scene's motion, in `[0, 1]` of the
    /// step; `None` when the shapes do not meet (or the scene does not
    /// move).
    pub fn impact_time(&self) -> Option<f32> {
        let m = self.scene.motion?;
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let r = match &self.motion.result {
            Some(r) if r.a == *a && r.b == *b && r.motion == m => r.clone(),
            _ => MotionResult3::new(a, b, m),
        };
        r.impact.map(|i| i.t)
    }

    /// Moves the still's walk to `at` (its view set by
    /// [`SpaceMode::set_still_view`]).
    pub fn set_view_at(&mut self, at: ViewAt) {
        match at {
            ViewAt::Gjk(k) => {
                if let Some(g) = &mut self.gjk {
                    g.step = k.min(g.steps().saturating_sub(1));
                }
            }
            ViewAt::Clip(k) => self.contacts.step = k,
            ViewAt::Time(t) => self.motion.t = num::clamp(t, 0.0, 1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::shell::mode::Mode;
    use glam::Vec2;
    use satlab::scene::{load_any, AnyScene};

    fn mode(rel: &str) -> SpaceMode {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let Ok(AnyScene::Space(s)) = load_any(&p) else {
            panic!("{rel}: a 3D scene");
        };
        SpaceMode::new(*s, Some(p))
    }

    fn canvas() -> Rect {
        Rect::new(Vec2::ZERO, Vec2::new(800.0, 500.0))
    }

    #[test]
    fn the_gjk_still_splits_the_canvas_and_walks_as_j_does() {
        let mut m = mode("scenes/08-3d/29-gjk-two-boxes-apart.json");
        m.set_still_view(canvas(), 1.0, None, Tool::Gjk);
        assert!(m.gjk.is_some() && !m.contacts.on && !m.motion.on);
        assert_eq!(m.view.canvas.max.x, 400.0, "the shapes in the left half");
        let n = m.gjk_steps();
        assert!(n >= 2, "{n} steps");
        let mut window = mode("scenes/08-3d/29-gjk-two-boxes-apart.json");
        window.toggle_gjk();
        assert_eq!(
            window.walk_at().map(|w| w.len),
            Some(n),
            "the window's walk"
        );
        m.set_view_at(ViewAt::Gjk(n + 4));
        assert_eq!(m.gjk.as_ref().map(|g| g.step), Some(n - 1));
        m.build_picture();
        let pane = m.gjk.as_ref().and_then(|g| g.pane).map(|p| p.1);
        assert_eq!(pane.map(|r| r.min.x), Some(400.0), "the pane on the right");
    }

    #[test]
    fn the_clipping_still_walks_the_window_s_steps_and_shapes_apart_have_none() {
        let mut m = mode("scenes/11-3d-contacts/01-box-resting-on-box.json");
        m.set_still_view(canvas(), 1.0, None, Tool::Contacts);
        let n = m.clip_steps().expect("the boxes touch");
        assert!(m.contacts.on && m.gjk.is_none());
        assert_eq!(m.contacts.walk_at().map(|w| w.len), Some(n));
        m.set_view_at(ViewAt::Clip(Some(1)));
        assert_eq!(
            m.contacts.caption().map(|c| c.starts_with("2.")),
            Some(true)
        );
        let mut apart = mode("scenes/08-3d/29-gjk-two-boxes-apart.json");
        apart.set_still_view(canvas(), 1.0, None, Tool::Contacts);
        assert_eq!(apart.clip_steps(), None);
    }

    #[test]
    fn the_motion_still_has_the_library_s_impact_and_a_still_scene_none() {
        let mut m = mode("scenes/10-3d-motion/01-box-falls-onto-box.json");
        m.set_still_view(canvas(), 1.0, None, Tool::Motion);
        assert!(m.motion.on && m.gjk.is_none() && !m.contacts.on);
        let (a, b) = (&m.scene.a.shape, &m.scene.b.shape);
        let v = m.scene.motion.expect("the scene moves");
        let want = satlab::geom3d::time_of_impact3(a, v.a, b, v.b).map(|i| i.t);
        assert!(want.is_some_and(|t| t > 0.0 && t < 1.0), "{want:?}");
        assert_eq!(m.impact_time(), want);
        m.set_view_at(ViewAt::Time(1.5));
        assert_eq!(m.motion.t, 1.0);
        let still = mode("scenes/08-3d/29-gjk-two-boxes-apart.json");
        assert!(still.scene.motion.is_none());
        assert_eq!(still.impact_time(), None);
    }
}
