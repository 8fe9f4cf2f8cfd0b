//! The one place that converts between world and screen coordinates.
//!
//! World: units, y up. Screen: pixels, y down, origin at the window's top
//! left. The canvas is the part of the window not covered by panels; the
//! camera's `center` sits at the canvas centre.

use crate::app::num;
use glam::Vec2;

/// Smallest and largest zoom, pixels per world unit: wide enough that F
/// fits any valid scene on a canvas of a few hundred pixels, from two
/// shapes 1e-3 across (about 1e5 px/unit) to shapes 5000 units from the
/// origin on both sides (about 0.05 px/unit), with room to spare; the
/// grid picks its spacing from the zoom, so any zoom in range draws a
/// bounded number of lines.
const MIN_ZOOM: f32 = 1e-4;
const MAX_ZOOM: f32 = 1e6;

/// A screen rectangle, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Top-left corner.
    pub min: Vec2,
    /// Bottom-right corner.
    pub max: Vec2,
}

impl Rect {
    /// The rectangle `[min, max]`.
    pub fn new(min: Vec2, max: Vec2) -> Rect {
        Rect { min, max }
    }

    /// Size in pixels.
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// Centre.
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// True when `p` lies inside.
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.min.x && p.y >= self.min.y && p.x <= self.max.x && p.y <= self.max.y
    }
}

/// Pixels along each edge of a rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Insets {
    /// Along the top edge.
    pub top: f32,
    /// Along the bottom edge.
    pub bottom: f32,
    /// Along the left edge.
    pub left: f32,
    /// Along the right edge.
    pub right: f32,
}

impl Insets {
    /// `px` pixels along every edge.
    pub fn all(px: f32) -> Insets {
        Insets {
            top: px,
            bottom: px,
            left: px,
            right: px,
        }
    }
}

/// Pixels a fit keeps free along each canvas edge until the frame says
/// otherwise ([`Camera::room`]).
pub const DEFAULT_ROOM_PX: f32 = 100.0;

/// A 2D camera: which world point is at the canvas centre, and how many
/// pixels one world unit takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// World point at the canvas centre.
    pub center: Vec2,
    /// Pixels per world unit.
    pub zoom: f32,
    /// The canvas, screen pixels.
    pub canvas: Rect,
    /// Pixels along each canvas edge that fitting the shapes keeps free:
    /// the axis lanes, bars and labels around them, and what is drawn over
    /// the canvas's edges (the step caption, the status line).
    pub room: Insets,
}

impl Camera {
    /// A camera on `canvas` looking at `center` with `zoom` pixels per unit.
    pub fn new(center: Vec2, zoom: f32, canvas: Rect) -> Camera {
        Camera {
            center,
            zoom: num::clamp(zoom, MIN_ZOOM, MAX_ZOOM),
            canvas,
            room: Insets::all(DEFAULT_ROOM_PX),
        }
    }

    /// World point to screen pixel.
    pub fn to_screen(self, w: Vec2) -> Vec2 {
        let d = (w - self.center) * self.zoom;
        self.canvas.center() + Vec2::new(d.x, -d.y)
    }

    /// Screen pixel to world point.
    pub fn to_world(self, s: Vec2) -> Vec2 {
        let d = s - self.canvas.center();
        self.center + Vec2::new(d.x, -d.y) / self.zoom
    }

    /// World units per screen pixel.
    pub fn px(&self) -> f32 {
        1.0 / self.zoom
    }

    /// Moves the view by a screen-pixel drag `delta` (the world follows the cursor).
    pub fn pan_pixels(&mut self, delta: Vec2) {
        self.center -= Vec2::new(delta.x, -delta.y) / self.zoom;
    }

    /// Zooms by `factor` keeping the world point under `cursor` (screen) fixed.
    pub fn zoom_at(&mut self, cursor: Vec2, factor: f32) {
        let before = self.to_world(cursor);
        self.zoom = num::clamp(self.zoom * factor, MIN_ZOOM, MAX_ZOOM);
        let after = self.to_world(cursor);
        self.center += before - after;
    }

    /// Centres and zooms so that the world box `[lo, hi]` fills the canvas
    /// with `margin_px` pixels to spare on every side.
    pub fn fit(&mut self, lo: Vec2, hi: Vec2, margin_px: f32) {
        self.fit_inside(lo, hi, Insets::all(margin_px));
    }

    /// Centres and zooms so that the world box `[lo, hi]` fills the canvas
    /// less `insets` (pixels along each edge). When the insets leave less
    /// than 50 pixels, they shrink in proportion so 50 remain.
    pub fn fit_inside(&mut self, lo: Vec2, hi: Vec2, insets: Insets) {
        if !(lo.is_finite() && hi.is_finite()) {
            return;
        }
        let size = (hi - lo).max(Vec2::splat(1e-3));
        let full = self.canvas.size();
        let want = Vec2::new(insets.left + insets.right, insets.top + insets.bottom);
        // The share of each inset that is kept (1 when they fit).
        let keep = ((full - Vec2::splat(50.0)).max(Vec2::ZERO) / want.max(Vec2::splat(1e-6)))
            .min(Vec2::ONE);
        let (l, r) = (insets.left * keep.x, insets.right * keep.x);
        let (t, b) = (insets.top * keep.y, insets.bottom * keep.y);
        let avail = (full - Vec2::new(l + r, t + b)).max(Vec2::splat(1.0));
        self.zoom = num::clamp((avail.x / size.x).min(avail.y / size.y), MIN_ZOOM, MAX_ZOOM);
        // The box's centre goes to the centre of the part left free.
        let shift = Vec2::new(l - r, t - b) * 0.5;
        self.center = (lo + hi) * 0.5 - Vec2::new(shift.x, -shift.y) / self.zoom;
    }

    /// How far rays and lines are drawn from their point, world units:
    /// twice the view's size plus twice the centre's distance from the
    /// origin (max norms, which cannot overflow), at least 1 and at most
    /// 1e30, so the ends stay finite off screen.
    pub fn far(&self) -> f32 {
        let (lo, hi) = self.visible();
        let reach = (hi - lo).abs().max_element() * 2.0 + self.center.abs().max_element() * 2.0;
        num::clamp(reach, 1.0, 1.0e30)
    }

    /// The visible world box `(lo, hi)`.
    pub fn visible(&self) -> (Vec2, Vec2) {
        let a = self.to_world(self.canvas.min);
        let b = self.to_world(self.canvas.max);
        (a.min(b), a.max(b))
    }

    /// A grid step in world units (1, 2 or 5 times a power of ten) whose
    /// cells are at least `min_px` pixels wide.
    pub fn grid_step(&self, min_px: f32) -> f32 {
        let raw = min_px / self.zoom;
        let p = 10f32.powf(raw.log10().floor());
        for m in [1.0, 2.0, 5.0, 10.0] {
            if p * m >= raw {
                return p * m;
            }
        }
        p * 10.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cam() -> Camera {
        Camera::new(
            Vec2::new(1.0, 2.0),
            50.0,
            Rect::new(Vec2::ZERO, Vec2::new(800.0, 600.0)),
        )
    }

    #[test]
    fn y_points_up_and_round_trips() {
        let c = cam();
        assert_eq!(c.to_screen(Vec2::new(1.0, 2.0)), Vec2::new(400.0, 300.0));
        let up = c.to_screen(Vec2::new(1.0, 3.0));
        assert!(up.y < 300.0, "world +y must go up the screen");
        let p = Vec2::new(-3.25, 7.5);
        assert!((c.to_world(c.to_screen(p)) - p).length() < 1e-4);
    }

    #[test]
    fn zoom_keeps_cursor_point() {
        let mut c = cam();
        let cursor = Vec2::new(123.0, 456.0);
        let w = c.to_world(cursor);
        c.zoom_at(cursor, 1.7);
        assert!((c.to_world(cursor) - w).length() < 1e-4);
        assert!((c.zoom - 85.0).abs() < 1e-3);
    }

    #[test]
    fn fit_contains_box() {
        let mut c = cam();
        c.fit(Vec2::new(-10.0, -1.0), Vec2::new(10.0, 1.0), 20.0);
        let s = c.to_screen(Vec2::new(10.0, 1.0));
        assert!(c.canvas.contains(s));
        assert!((s.x - 780.0).abs() < 1e-2);
    }

    #[test]
    fn fit_frames_far_and_tiny_scenes() {
        // Shapes 5000 units out on both sides of the origin (the scale the
        // quality bar names), and a pair 1e-3 across: both fill the canvas.
        for (lo, hi) in [
            (Vec2::new(-5839.0, -5000.0), Vec2::new(5000.0, 5545.0)),
            (Vec2::new(-5e-4, -5e-4), Vec2::new(5e-4, 5e-4)),
            (
                Vec2::new(4999.999, -5000.001),
                Vec2::new(5000.001, -4999.999),
            ),
        ] {
            let mut c = cam();
            c.fit(lo, hi, 20.0);
            let (a, b) = (c.to_screen(lo), c.to_screen(hi));
            assert!(
                c.canvas.contains(a) && c.canvas.contains(b),
                "{lo} {hi}: {a} {b}"
            );
            // It fills the canvas along the tighter direction (600 px tall
            // less the margins), not a corner of it.
            let filled = (a.x - b.x).abs().max((a.y - b.y).abs());
            assert!(filled > 300.0, "{lo} {hi}: {filled} px");
        }
    }

    #[test]
    fn fit_inside_keeps_the_insets_free() {
        let mut c = cam();
        let insets = Insets {
            top: 10.0,
            bottom: 200.0,
            left: 30.0,
            right: 50.0,
        };
        c.fit_inside(Vec2::new(-2.0, -1.0), Vec2::new(2.0, 1.0), insets);
        let (lo, hi) = (
            c.to_screen(Vec2::new(-2.0, 1.0)),
            c.to_screen(Vec2::new(2.0, -1.0)),
        );
        let e = 1e-2;
        assert!(lo.x >= 30.0 - e && lo.y >= 10.0 - e, "{lo}");
        assert!(hi.x <= 750.0 + e && hi.y <= 400.0 + e, "{hi}");
        // It fills the free part along the tighter direction: 720 x 390
        // free, the box is 4 x 2, so the width decides.
        assert!((c.zoom - 180.0).abs() < 1e-2, "{}", c.zoom);
        assert!((lo.x - 30.0).abs() < e && (hi.x - 750.0).abs() < e);
        // Insets larger than the canvas shrink, the box stays on it.
        c.fit_inside(
            Vec2::new(-2.0, -1.0),
            Vec2::new(2.0, 1.0),
            Insets::all(1000.0),
        );
        assert!(c.canvas.contains(c.to_screen(Vec2::new(2.0, 1.0))));
    }

    #[test]
    fn pan_moves_world_with_cursor() {
        let mut c = cam();
        let w = c.to_world(Vec2::new(100.0, 100.0));
        c.pan_pixels(Vec2::new(30.0, -20.0));
        assert!((c.to_world(Vec2::new(130.0, 80.0)) - w).length() < 1e-4);
    }

    #[test]
    fn grid_step_is_nice() {
        let c = cam();
        assert_eq!(c.grid_step(40.0), 1.0);
        assert_eq!(c.grid_step(60.0), 2.0);
        assert!((c.grid_step(4.0) - 0.1).abs() < 1e-6);
    }
}
