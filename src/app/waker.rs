//! Idle without spinning: the window runs miniquad's blocking event loop,
//! so a frame is drawn only for input, when egui asks for one (an
//! animation), or on a slow heartbeat that lets the open file's hot reload
//! and the recovery copy notice what they wait for.
//!
//! On X11 the heartbeat comes from a thread with its own X connection.
//! It never calls into miniquad: miniquad 0.4.11's `schedule_update` takes
//! the display lock, which the main thread takes with `try_lock().unwrap()`
//! for every event it handles, so a heartbeat holding it at that moment
//! (a resize storm makes many events) panicked the window. Instead the
//! heartbeat sends the window a synthetic key press and release of a
//! keycode that no key is mapped to: miniquad hands the press to macroquad
//! on the main thread, which schedules the frame itself (the window asks
//! for a frame on any key down). The event cannot change the app's state:
//! the key is `KeyCode::Unknown`, which no shortcut or tool takes (the
//! input snapshot drops it), it types no character (no keysym), egui has
//! no key for it, and it carries the modifier state the server reports at
//! that moment, the state egui keeps for the next pointer event. Where the
//! connection or a free keycode is missing, the loop stays continuous.
//!
//! Auto-play asks for a frame at a time of its choosing ([`wake_in`]): the
//! same thread knocks then too, so a playing walk steps on time and a
//! paused or finished one lets the window sleep again.
//!
//! While a modal dialog or prompt is open the heartbeat is [`quiet`]: the
//! document cannot change under it and a changed file waits for the dialog
//! to close, so the window draws only for input. A heartbeat frame under a
//! dialog cost twice a plain one (the dialog's text on software OpenGL),
//! and the knock made a focused file-name field ask for two more frames.

use crate::app::title::find_window;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{
    ConnectionExt, EventMask, KeyButMask, KeyPressEvent, Window, KEY_PRESS_EVENT, KEY_RELEASE_EVENT,
};
use x11rb::rust_connection::RustConnection;

/// How often an idle window still draws a frame: the hot reload notices a
/// changed file within this time, the recovery copy is written at most
/// this late. One frame a second keeps an idle window near 1 % of a core
/// on software OpenGL (PERFORMANCE.md).
pub const HEARTBEAT: Duration = Duration::from_millis(1000);

/// Set while a modal dialog or prompt is open: the heartbeat skips its knocks.
static QUIET: AtomicBool = AtomicBool::new(false);

/// The heartbeat stops knocking while `on` (a modal dialog or prompt is
/// open), and knocks again from its next beat when `on` is false. The
/// window sets it at the end of every frame, so input that closes a dialog
/// also restarts the heartbeat.
pub fn quiet(on: bool) {
    QUIET.store(on, Ordering::Relaxed);
}

/// When the next frame is wanted besides the heartbeat's, nanoseconds
/// since [`epoch`] (`u64::MAX`: none).
static WAKE_AT: AtomicU64 = AtomicU64::new(u64::MAX);

/// The heartbeat's thread, unparked when [`wake_in`] asks for an earlier
/// frame than it sleeps until.
static BEAT: OnceLock<std::thread::Thread> = OnceLock::new();

/// The clock [`WAKE_AT`] counts from.
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// Nanoseconds from [`epoch`] to now.
fn nanos_now() -> u64 {
    u64::try_from(epoch().elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// Asks for a frame `d` from now (auto-play's next step), besides the
/// heartbeat's; the earliest of several requests wins. Does nothing
/// without the heartbeat (the loop is continuous then).
pub fn wake_in(d: Duration) {
    let at = nanos_now().saturating_add(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
    let before = WAKE_AT.fetch_min(at, Ordering::Relaxed);
    if at < before {
        if let Some(t) = BEAT.get() {
            t.unpark();
        }
    }
}

/// What the heartbeat does next, at `now` (nanoseconds from [`epoch`])
/// with its beat due at `beat` and a wake-up asked for at `wake`: sleep
/// this long, or knock now.
fn next_knock(now: u64, beat: u64, wake: u64) -> Option<Duration> {
    let due = beat.min(wake);
    (now < due).then(|| Duration::from_nanos(due - now))
}

/// The shortest repaint delay egui asked for since [`repaint_soon`] last
/// looked, in nanoseconds (`u64::MAX`: none).
static SOONEST: AtomicU64 = AtomicU64::new(u64::MAX);

/// Lets [`repaint_soon`] see egui's repaint requests with their delays.
/// `Context::has_requested_repaint` also counts delayed ones: a focused
/// text field (Save As's file name) asks every 0.5 s for its cursor's
/// blink, and a frame per such request kept the window at 175 % of a core.
pub fn watch_repaints(ctx: &egui_macroquad::egui::Context) {
    ctx.set_request_repaint_callback(|info| {
        let nanos = u64::try_from(info.delay.as_nanos()).unwrap_or(u64::MAX);
        SOONEST.fetch_min(nanos, Ordering::Relaxed);
    });
}

/// True when, since the last call, egui asked for a frame within a tenth of
/// the [`HEARTBEAT`] (an animation); later requests wait for the heartbeat.
pub fn repaint_soon() -> bool {
    let nanos = SOONEST.swap(u64::MAX, Ordering::Relaxed);
    u128::from(nanos) < HEARTBEAT.as_nanos() / 10
}

/// True when the interactive window should use the blocking event loop:
/// on Linux with an X display that accepts a second connection (the
/// heartbeat's). `SATLAB_CONTINUOUS=1` keeps the old continuous loop.
pub fn blocking_possible() -> bool {
    if std::env::var_os("SATLAB_CONTINUOUS").is_some_and(|v| v != "0" && !v.is_empty()) {
        return false;
    }
    cfg!(target_os = "linux") && x11rb::connect(None).is_ok()
}

/// Starts the heartbeat for the window titled `title`. False when the
/// window cannot be found or every keycode has a key (the caller then keeps
/// frames coming itself).
pub fn start(title: &str) -> bool {
    let Some((conn, window)) = find_window(title) else {
        return false;
    };
    let Some(keycode) = free_keycode(&conn) else {
        return false;
    };
    let beat_ns = u64::try_from(HEARTBEAT.as_nanos()).unwrap_or(u64::MAX);
    let spawned = std::thread::Builder::new()
        .name("satlab-heartbeat".into())
        .spawn(move || {
            let mut beat = nanos_now().saturating_add(beat_ns);
            loop {
                let now = nanos_now();
                if let Some(sleep) = next_knock(now, beat, WAKE_AT.load(Ordering::Relaxed)) {
                    // Unparked early when a wake-up is asked for sooner.
                    std::thread::park_timeout(sleep);
                    continue;
                }
                if WAKE_AT.load(Ordering::Relaxed) <= now {
                    WAKE_AT.store(u64::MAX, Ordering::Relaxed);
                }
                if beat <= now {
                    beat = now.saturating_add(beat_ns);
                }
                if QUIET.load(Ordering::Relaxed) {
                    continue;
                }
                if knock(&conn, window, keycode).is_none() {
                    // The window is gone (the app is closing).
                    return;
                }
            }
        });
    match spawned {
        Ok(handle) => {
            let _ = BEAT.set(handle.thread().clone());
            true
        }
        Err(_) => false,
    }
}

/// The highest keycode no keysym is mapped to (xdotool borrows the lowest
/// such keycode while it types a character the keymap lacks).
fn free_keycode(conn: &RustConnection) -> Option<u8> {
    let (min, max) = (conn.setup().min_keycode, conn.setup().max_keycode);
    let count = max.checked_sub(min)?.checked_add(1)?;
    let map = conn.get_keyboard_mapping(min, count).ok()?.reply().ok()?;
    let per = usize::from(map.keysyms_per_keycode).max(1);
    let free = map
        .keysyms
        .chunks(per)
        .rposition(|syms| syms.iter().all(|&s| s == 0))?;
    min.checked_add(u8::try_from(free).ok()?)
}

/// Sends `window` a press and a release of `keycode` with the modifiers
/// held now; None when the server is gone.
fn knock(conn: &RustConnection, window: Window, keycode: u8) -> Option<()> {
    let here = conn.query_pointer(window).ok()?.reply().ok()?;
    // Only the modifier bits (Shift, Lock, Control, Mod1..Mod5), not the
    // pointer buttons.
    let state = KeyButMask::from(u16::from(here.mask) & 0x00ff);
    for kind in [KEY_PRESS_EVENT, KEY_RELEASE_EVENT] {
        let ev = KeyPressEvent {
            response_type: kind,
            detail: keycode,
            sequence: 0,
            time: x11rb::CURRENT_TIME,
            root: here.root,
            event: window,
            child: x11rb::NONE,
            root_x: here.root_x,
            root_y: here.root_y,
            event_x: here.win_x,
            event_y: here.win_y,
            state,
            same_screen: here.same_screen,
        };
        conn.send_event(false, window, EventMask::NO_EVENT, ev)
            .ok()?;
    }
    conn.flush().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heartbeat_knocks_at_the_earlier_of_its_beat_and_a_wake_up() {
        let s = 1_000_000_000;
        // Nothing asked: sleep until the beat.
        assert_eq!(next_knock(0, s, u64::MAX), Some(Duration::from_secs(1)));
        // Auto-play wants a frame in 0.3 s.
        assert_eq!(
            next_knock(0, s, 300_000_000),
            Some(Duration::from_millis(300))
        );
        // Either one due: knock now.
        assert_eq!(next_knock(s, s, u64::MAX), None);
        assert_eq!(next_knock(400_000_000, s, 300_000_000), None);
    }

    /// Needs an X display (`DISPLAY`); skipped without one.
    #[test]
    fn a_free_keycode_has_no_keysym() {
        let Ok((conn, _)) = x11rb::connect(None) else {
            return;
        };
        let Some(k) = free_keycode(&conn) else {
            return;
        };
        let map = conn.get_keyboard_mapping(k, 1).unwrap().reply().unwrap();
        assert!(
            map.keysyms.iter().all(|&s| s == 0),
            "{k}: {:?}",
            map.keysyms
        );
        assert!(k >= conn.setup().min_keycode && k <= conn.setup().max_keycode);
    }
}
