//! A per-frame snapshot of macroquad's input. Everything after
//! [`Tracker::capture`] works on plain data, so tools are testable without a
//! window.

use glam::Vec2;
use macroquad::input as mq;
pub use macroquad::input::KeyCode;
use macroquad::miniquad::{EventHandler, KeyMods, MouseButton as RawButton};

/// Two left presses closer than this (seconds) and `DOUBLE_PX` pixels make a double-click.
const DOUBLE_S: f64 = 0.4;
const DOUBLE_PX: f32 = 6.0;

/// State of one mouse button in this frame.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Button {
    /// Held down now.
    pub down: bool,
    /// Went down this frame.
    pub pressed: bool,
    /// Went up this frame.
    pub released: bool,
}

/// A key that went down, with the modifiers held at that moment (a whole
/// Ctrl+S may come and go within one slow frame).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyPress {
    /// The key.
    pub code: KeyCode,
    /// Ctrl (or Cmd) was held.
    pub ctrl: bool,
    /// Shift was held.
    pub shift: bool,
}

impl KeyPress {
    /// A key pressed without modifiers.
    #[cfg(test)]
    pub fn plain(code: KeyCode) -> KeyPress {
        KeyPress {
            code,
            ctrl: false,
            shift: false,
        }
    }
}

/// Everything the canvas needs to know about input in one frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Input {
    /// Cursor, screen pixels.
    pub mouse: Vec2,
    /// Cursor movement since the previous frame, screen pixels.
    pub mouse_delta: Vec2,
    /// Left button.
    pub left: Button,
    /// Right button.
    pub right: Button,
    /// Middle button.
    pub middle: Button,
    /// Where the first button press of this frame happened, screen pixels
    /// (when frames are slow, the cursor may have moved on since).
    pub press_at: Vec2,
    /// The left press this frame is the second of a double-click.
    pub double_click: bool,
    /// Wheel steps this frame (positive = away from the user).
    pub wheel: f32,
    /// Ctrl (or Cmd) held.
    pub ctrl: bool,
    /// Shift held.
    pub shift: bool,
    /// Alt held (the 3D mode orbits with Alt and the left button).
    pub alt: bool,
    /// Keys that went down this frame, in order (with key repeat).
    pub keys: Vec<KeyPress>,
}

/// Reads macroquad once per frame and remembers what a snapshot needs from
/// earlier frames (last cursor position, last click, buttons held).
#[derive(Debug, Default)]
pub struct Tracker {
    last_mouse: Option<Vec2>,
    last_click: Option<(f64, Vec2)>,
    subscriber: Option<usize>,
    /// Left, right and middle held, from the raw presses and releases.
    held: [bool; 3],
}

/// Collects where presses happened, the keys and the buttons' presses and
/// releases, in order, from miniquad's raw events.
#[derive(Default)]
struct Presses {
    first: Option<Vec2>,
    keys: Vec<KeyPress>,
    /// (button index, went down) in the order they came.
    buttons: Vec<(usize, bool)>,
}

/// The index of a raw button in [`Tracker::held`].
fn slot(b: RawButton) -> Option<usize> {
    match b {
        RawButton::Left => Some(0),
        RawButton::Right => Some(1),
        RawButton::Middle => Some(2),
        RawButton::Unknown => None,
    }
}

/// One button's state this frame: held at its start (`was`), then its
/// presses (true) and releases (false) in order.
fn button_state(was: bool, events: impl Iterator<Item = bool>) -> Button {
    let mut b = Button {
        down: was,
        ..Button::default()
    };
    for down in events {
        b.pressed |= down;
        b.released |= !down;
        b.down = down;
    }
    b
}

impl EventHandler for Presses {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(&mut self, code: KeyCode, mods: KeyMods, _repeat: bool) {
        // A key with no keysym, among them the heartbeat's (waker.rs): it
        // only wakes the window.
        if code == KeyCode::Unknown {
            return;
        }
        self.keys.push(KeyPress {
            code,
            ctrl: mods.ctrl || mods.logo,
            shift: mods.shift,
        });
    }
    fn mouse_button_down_event(&mut self, b: RawButton, x: f32, y: f32) {
        if self.first.is_none() {
            self.first = Some(Vec2::new(x, y));
        }
        if let Some(k) = slot(b) {
            self.buttons.push((k, true));
        }
    }
    fn mouse_button_up_event(&mut self, b: RawButton, _x: f32, _y: f32) {
        if let Some(k) = slot(b) {
            self.buttons.push((k, false));
        }
    }
}

impl Tracker {
    /// The snapshot of this frame.
    pub fn capture(&mut self) -> Input {
        let (x, y) = mq::mouse_position();
        let mouse = Vec2::new(x, y);
        let id = *self
            .subscriber
            .get_or_insert_with(mq::utils::register_input_subscriber);
        let mut presses = Presses::default();
        mq::utils::repeat_all_miniquad_input(&mut presses, id);
        // Raw events are in physical pixels; macroquad's positions are logical.
        let dpi = macroquad::window::screen_dpi_scale();
        let press_at = presses.first.map(|p| p / dpi).unwrap_or(mouse);
        // The buttons from the raw events, not macroquad's sets: macroquad
        // 0.4 marks a button pressed and held when the pointer enters the
        // window with it down (and hands subscribers that as a release), so
        // a drag that had ended could start again without a press.
        let mut button = |k: usize| {
            let b = button_state(
                self.held[k],
                presses.buttons.iter().filter(|e| e.0 == k).map(|e| e.1),
            );
            self.held[k] = b.down;
            b
        };
        let (left, right, middle) = (button(0), button(1), button(2));
        let now = macroquad::time::get_time();
        let mut double_click = false;
        if left.pressed {
            if let Some((t, p)) = self.last_click {
                double_click = now - t < DOUBLE_S && p.distance(press_at) < DOUBLE_PX;
            }
            self.last_click = if double_click {
                None
            } else {
                Some((now, press_at))
            };
        }
        let (_, wy) = mq::mouse_wheel();
        let down = |k| mq::is_key_down(k);
        let input = Input {
            mouse,
            mouse_delta: self.last_mouse.map(|m| mouse - m).unwrap_or(Vec2::ZERO),
            press_at,
            left,
            right,
            middle,
            double_click,
            wheel: wy.signum() * (wy != 0.0) as i32 as f32,
            ctrl: down(KeyCode::LeftControl)
                || down(KeyCode::RightControl)
                || down(KeyCode::LeftSuper)
                || down(KeyCode::RightSuper),
            shift: down(KeyCode::LeftShift) || down(KeyCode::RightShift),
            alt: down(KeyCode::LeftAlt) || down(KeyCode::RightAlt),
            keys: presses.keys,
        };
        self.last_mouse = Some(mouse);
        input
    }
}

impl Input {
    /// The movement a drag takes this frame, screen pixels: on the frame of
    /// a press, only what the cursor moved since the press (a click that
    /// follows a jump of the pointer, from a touch screen, a pen or a remote
    /// desktop, moves nothing); after it, the movement since the last frame.
    pub fn drag_delta(&self) -> Vec2 {
        if self.left.pressed || self.right.pressed || self.middle.pressed {
            self.mouse - self.press_at
        } else {
            self.mouse_delta
        }
    }
}

/// Who may use this frame's input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gate {
    /// The pointer is over the canvas and egui does not want it.
    pub pointer: bool,
    /// No egui text field has the keyboard.
    pub keyboard: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_button_follows_its_presses_and_releases_in_order() {
        let b = |was, ev: &[bool]| button_state(was, ev.iter().copied());
        let held = Button {
            down: true,
            ..Button::default()
        };
        // Nothing happened: as it was.
        assert_eq!(b(false, &[]), Button::default());
        assert_eq!(b(true, &[]), held);
        // A whole click within one slow frame: pressed, released, up.
        let click = b(false, &[true, false]);
        assert!(click.pressed && click.released && !click.down);
        // Released then pressed again within the frame: down.
        let again = b(true, &[false, true]);
        assert!(again.pressed && again.released && again.down);
        // A release ends a drag even when macroquad would still say held.
        let up = b(true, &[false]);
        assert!(!up.down && up.released && !up.pressed);
    }
}
