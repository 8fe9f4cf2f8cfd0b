//! Drawing kept inside a rectangle of the window: a camera whose viewport
//! is that rectangle and whose coordinates are still the window's logical
//! pixels, so what a canvas draws never spills onto the panels beside it
//! (an axis line or a label running past the canvas edge is cut there).

use crate::app::camera::Rect;
use glam::Vec2;
use macroquad::camera::{set_camera, set_default_camera, Camera2D};
use macroquad::window::{screen_dpi_scale, screen_height};

/// Runs `draw` with everything it draws clipped to `r` (logical pixels,
/// y down); an empty or non-finite `r` draws nothing.
pub fn clipped(r: Rect, draw: impl FnOnce()) {
    let size = r.max - r.min;
    if !(size.x >= 1.0 && size.y >= 1.0 && size.is_finite() && r.min.is_finite()) {
        return;
    }
    if crate::app::export::record::begin_clip(r.min, r.max) {
        draw();
        crate::app::export::record::end_clip();
        return;
    }
    let dpi = screen_dpi_scale();
    // The viewport is in physical pixels, from the bottom of the window.
    let px = |v: f32| (v * dpi).round() as i32;
    let viewport = (
        px(r.min.x),
        px(screen_height() - r.max.y),
        px(size.x),
        px(size.y),
    );
    let cam = Camera2D {
        target: (r.min + r.max) * 0.5,
        zoom: Vec2::new(2.0 / size.x, 2.0 / size.y),
        offset: Vec2::ZERO,
        rotation: 0.0,
        render_target: None,
        viewport: Some(viewport),
    };
    set_camera(&cam);
    draw();
    set_default_camera();
}
