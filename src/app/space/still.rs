//! A still picture of the 3D mode (`satlab render` on a v3 scene): the
//! camera preset, the step of the walk through the axes, and the view
//! fitted to a canvas, set without a window.

use super::action::Preset;
use super::view::View;
use super::SpaceMode;
use crate::app::camera::Rect;
use crate::app::shell::action::Walk;

/// Where `satlab render --camera` puts the camera. The sign names the
/// direction the camera looks along (as the View menu's "top (−z)").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shot {
    /// One of the preset views.
    Preset(Preset),
    /// Looking along the axis in focus: the one the step selects, else the
    /// decisive one (first separating, else least overlap), so both
    /// intervals collapse to the textbook picture.
    Along,
}

/// A `--camera` value that names no camera: the value as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCamera(pub String);

impl std::fmt::Display for UnknownCamera {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "--camera {}: expected one of {} (the direction the camera looks along)",
            self.0,
            Shot::NAMES
        )
    }
}

impl Shot {
    /// The values `--camera` takes, for messages.
    pub const NAMES: &'static str = "iso, +x, -x, +y, -y, +z, -z, along";

    /// Reads a `--camera` value (the minus may also be typed as "−").
    pub fn parse(s: &str) -> Result<Shot, UnknownCamera> {
        let t = s.trim().replace('−', "-").to_ascii_lowercase();
        let p = match t.as_str() {
            "iso" | "isometric" => Preset::Iso,
            "+x" | "x" => Preset::Left,
            "-x" => Preset::Right,
            "+y" | "y" => Preset::Front,
            "-y" => Preset::Back,
            "+z" | "z" => Preset::Bottom,
            "-z" => Preset::Top,
            "along" => return Ok(Shot::Along),
            _ => return Err(UnknownCamera(s.to_owned())),
        };
        Ok(Shot::Preset(p))
    }
}

impl SpaceMode {
    /// Sets the mode for a still picture on `canvas`: the view fitted to
    /// both shapes, `step` steps into the SAT walk as the pair
    /// playground's `render --step` counts them (0 the start, `n` the
    /// `n`-th axis tested, past the last the conclusion; `None`: no walk),
    /// the walk stopping at the first separating axis unless
    /// `keep_testing`; then the camera turned as `shot` says (`None`: the
    /// isometric view the window opens with). Calling it again gives the
    /// same picture.
    pub fn set_still(
        &mut self,
        canvas: Rect,
        shot: Option<Shot>,
        step: Option<usize>,
        keep_testing: bool,
    ) {
        self.after_edits(false);
        self.view = View::new(canvas);
        self.fit();
        self.fit_pending = false;
        self.leave_walk();
        self.keep_testing = keep_testing;
        if let Some(n) = step {
            self.walk(Walk::Home);
            for _ in 0..n {
                self.walk(Walk::Forward);
            }
        }
        match shot {
            None => {}
            Some(Shot::Preset(p)) => self.view.look_along(p.look()),
            Some(Shot::Along) => {
                if let Some(d) = self.axis_in_focus().map(|t| t.axis) {
                    self.view.look_along(d);
                }
            }
        }
    }

    /// Steps of the SAT walk as set by [`SpaceMode::set_still`] (the
    /// start, the axes it tests, the conclusion): an animation's frames.
    pub fn walk_steps(&self) -> usize {
        self.walk_len() + 2
    }

    /// Turns the still's camera `radians` about the vertical (yaw), as a
    /// drag in the window does: an orbit's frames.
    pub fn turn_still(&mut self, radians: f32) {
        self.view.yaw += radians;
    }

    /// Draws the still with `p` (no status line), its picture built first:
    /// what the window shows, without one.
    pub fn draw_still(&mut self, p: &crate::app::draw::Painter) {
        self.build_picture();
        self.paint(p, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::shell::walk::Stage;
    use crate::app::space::starter;
    use glam::{Vec2, Vec3};

    fn canvas() -> Rect {
        Rect::new(Vec2::ZERO, Vec2::new(640.0, 400.0))
    }

    #[test]
    fn camera_names_read_as_look_directions() {
        let look = |s: &str| match Shot::parse(s) {
            Ok(Shot::Preset(p)) => p.look(),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(look("+x"), Vec3::X);
        assert_eq!(look("-x"), Vec3::NEG_X);
        assert_eq!(look("−y"), Vec3::NEG_Y);
        assert_eq!(look("+z"), Vec3::Z);
        assert_eq!(look("-Z"), Vec3::NEG_Z);
        assert_eq!(look("iso"), Preset::Iso.look());
        assert_eq!(Shot::parse("along"), Ok(Shot::Along));
        for bad in ["", "x+", "up", "+w"] {
            assert!(Shot::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_preset_turns_the_camera_to_look_along_it() {
        let mut m = SpaceMode::new(starter(), None);
        for (name, dir) in [("+x", Vec3::X), ("-y", Vec3::NEG_Y), ("-z", Vec3::NEG_Z)] {
            m.set_still(canvas(), Shot::parse(name).ok(), None, false);
            let back = m.view.basis().back;
            assert!((back + dir).length() < 1e-5, "{name}: back {back}");
            assert!(!m.walk.on && m.overlay.selected.is_none());
        }
    }

    #[test]
    fn the_step_selects_that_axis_and_along_looks_down_it() {
        let mut m = SpaceMode::new(starter(), None);
        let n = m.report.axes.len();
        m.set_still(canvas(), Some(Shot::Along), Some(4), true);
        assert!(m.walk.on);
        assert_eq!(m.overlay.selected, Some(3), "step 4 is the fourth axis");
        let axis = m.report.axes[3].axis.normalize();
        let back = m.view.basis().back;
        assert!(
            back.dot(axis).abs() > 1.0 - 1e-4,
            "back {back}, axis {axis}"
        );
        // Step n: the last axis; past it: the conclusion.
        m.set_still(canvas(), None, Some(n), true);
        assert_eq!(m.overlay.selected, Some(n - 1));
        m.set_still(canvas(), None, Some(n + 5), true);
        assert_eq!(m.sat_stage(), Some(Stage::End));
        assert_eq!(m.overlay.selected, None);
        // Step 0: the start, as in 2D; "along" uses the decisive axis.
        m.set_still(canvas(), Some(Shot::Along), Some(0), true);
        assert_eq!(m.sat_stage(), Some(Stage::Start));
        assert_eq!(m.overlay.selected, None);
        let k = super::super::overlay::decisive(&m.report).unwrap();
        let axis = m.report.axes[k].axis.normalize();
        assert!(m.view.basis().back.dot(axis).abs() > 1.0 - 1e-4);
        // The same call twice gives the same view.
        let v = m.view;
        m.set_still(canvas(), Some(Shot::Along), Some(0), true);
        assert_eq!(m.view, v);
    }

    #[test]
    fn the_still_frames_both_shapes() {
        let mut m = SpaceMode::new(starter(), None);
        m.set_still(canvas(), Shot::parse("+y").ok(), None, false);
        for p in [
            m.scene.a.shape.pose().position(),
            m.scene.b.shape.pose().position(),
        ] {
            let s = m.view.to_screen(p).expect("in front of the eye");
            assert!(m.view.canvas.contains(s), "{p} at {s}");
        }
    }
}
