//! The Motion view's velocity arrows on the canvas: which head the pointer
//! is on, and dragging one (screen points in, the scene's motion out).

use crate::app::input::Input;
use crate::app::pair::state::App;
use satlab::geom::Side;

/// The Motion view's velocity arrows: a left press on an arrow head starts
/// a drag that sets that shape's motion (the scene's, so Save writes it) to
/// the pointer; letting go ends it (one undo step: the history settles when
/// the button is up). Returns whether the canvas tools may have the pointer
/// (`pointer`: it is over the shapes' canvas) this frame.
pub fn drag_velocity(app: &mut App, i: &Input, pointer: bool) -> bool {
    use crate::app::pair::motion::arrow_tail;
    if !app.motion_view || app.class.hides_verdict() {
        app.motion_drag = None;
        return pointer;
    }
    if app.motion_drag.is_none() && pointer && i.left.pressed {
        app.motion_drag = velocity_head(app, i.press_at);
    }
    let Some(side) = app.motion_drag else {
        return pointer;
    };
    let w = app.cam.to_world(i.mouse);
    let mut m = app.scene.motion.unwrap_or_default();
    match side {
        Side::A => m.a = w - arrow_tail(&app.scene.a),
        Side::B => m.b = w - arrow_tail(&app.scene.b),
    }
    if app.scene.motion != Some(m) {
        app.scene.motion = Some(m);
    }
    if !i.left.down {
        app.motion_drag = None;
    }
    false
}

/// The velocity arrow head (of the Motion view, when it is on) under screen
/// point `at`, or the one being dragged.
pub fn velocity_head(app: &App, at: glam::Vec2) -> Option<Side> {
    if !app.motion_view || app.class.hides_verdict() {
        return None;
    }
    if app.motion_drag.is_some() {
        return app.motion_drag;
    }
    let m = app.scene.motion.unwrap_or_default();
    let pick = crate::app::pair::motion::HEAD_PICK_PX * app.settings.scale;
    let (a, b) = (&app.scene.a, &app.scene.b);
    crate::app::pair::motion::pick_head(a, b, m, at, pick, |w| app.cam.to_screen(w))
}
