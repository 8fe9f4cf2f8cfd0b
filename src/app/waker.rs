//! Idle without spinning: the window runs miniquad's blocking event loop,
//! so a frame is drawn only for input, when egui asks for one (an
//! animation), or on a slow heartbeat that lets the open file's hot reload
//! and the recovery copy notice what they wait for.
//!
//! On X11 the heartbeat comes from a thread that queues miniquad's
//! `schedule_update` and then sends the window a client message of its own
//! (miniquad ignores its type) over a separate connection: the main thread
//! is blocked in `XNextEvent`, which only an X event wakes. Where that
//! connection cannot be made, the loop stays continuous, as before.

use crate::app::title::find_window;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt, EventMask};

/// How often an idle window still draws a frame: the hot reload notices a
/// changed file within this time, the recovery copy is written at most
/// this late. One frame a second keeps an idle window near 1 % of a core
/// on software OpenGL (PERFORMANCE.md).
pub const HEARTBEAT: Duration = Duration::from_millis(1000);

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
/// window cannot be found (the caller then keeps frames coming itself).
pub fn start(title: &str) -> bool {
    let Some((conn, window)) = find_window(title) else {
        return false;
    };
    let Some(kind) = conn
        .intern_atom(false, b"SATLAB_WAKE")
        .ok()
        .and_then(|c| c.reply().ok())
        .map(|r| r.atom)
    else {
        return false;
    };
    let spawned = std::thread::Builder::new()
        .name("satlab-heartbeat".into())
        .spawn(move || loop {
            std::thread::sleep(HEARTBEAT);
            macroquad::miniquad::window::schedule_update();
            let ev = ClientMessageEvent::new(32, window, kind, [0u32; 5]);
            let sent = conn
                .send_event(false, window, EventMask::NO_EVENT, ev)
                .ok()
                .and_then(|_| conn.flush().ok());
            if sent.is_none() {
                // The window is gone (the app is closing).
                return;
            }
        });
    spawned.is_ok()
}
