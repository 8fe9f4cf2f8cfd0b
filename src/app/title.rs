//! The OS window title: the scene file and `•` when there are unsaved changes.
//!
//! miniquad 0.4 sets the title only when it opens the window. On X11 this
//! module finds that window by its first title and sets `_NET_WM_NAME` (and
//! `WM_NAME`) again whenever the title changes, over its own connection
//! (x11rb, pure Rust). Where that is not possible (no X11), the title stays
//! as it was; the top bar always shows the same text.

use super::xclip::atom;
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{Atom, AtomEnum, ConnectionExt, PropMode, Window};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

struct X11Title {
    conn: RustConnection,
    window: Window,
    net_wm_name: Atom,
    utf8: Atom,
}

/// At most this many characters of a title are sent to the window system.
pub const TITLE_CHARS: usize = 300;

/// Keeps the window title in step with the document.
pub struct WindowTitle {
    current: String,
    x11: Option<X11Title>,
    tried: bool,
}

impl WindowTitle {
    /// `initial` is the title the window was opened with.
    pub fn new(initial: &str) -> WindowTitle {
        WindowTitle {
            current: initial.to_string(),
            x11: None,
            tried: false,
        }
    }

    /// Sets the title if it changed. Cheap when it did not.
    /// The title is cut to [`TITLE_CHARS`] characters (the modes already
    /// cut the file name in it).
    pub fn set(&mut self, title: &str) {
        let title = &*crate::app::wrap::display_cut(title, TITLE_CHARS);
        if title == self.current {
            return;
        }
        if !self.tried {
            self.tried = true;
            self.x11 = find(&self.current);
        }
        if let Some(x) = &self.x11 {
            if apply(x, title).is_none() {
                self.x11 = None;
            }
        }
        self.current = title.to_string();
    }
}

/// The top-level window (a child or grandchild of the root, so reparenting
/// window managers are covered) whose title is `title`.
fn find(title: &str) -> Option<X11Title> {
    let (conn, window) = find_window(title)?;
    let net_wm_name = atom(&conn, "_NET_WM_NAME")?;
    let utf8 = atom(&conn, "UTF8_STRING")?;
    Some(X11Title {
        window,
        conn,
        net_wm_name,
        utf8,
    })
}

/// A new connection to the X server and the window titled `title` on it.
pub fn find_window(title: &str) -> Option<(RustConnection, Window)> {
    let (conn, screen) = x11rb::connect(None).ok()?;
    let root = conn.setup().roots.get(screen)?.root;
    let net_wm_name = atom(&conn, "_NET_WM_NAME")?;
    let utf8 = atom(&conn, "UTF8_STRING")?;
    let named = |w: Window| -> bool {
        let props = [
            (net_wm_name, utf8),
            (AtomEnum::WM_NAME.into(), AtomEnum::STRING.into()),
        ];
        props.iter().any(|&(p, ty)| {
            conn.get_property(false, w, p, ty, 0, 1024)
                .ok()
                .and_then(|c| c.reply().ok())
                .is_some_and(|r| r.value == title.as_bytes())
        })
    };
    let children = |w: Window| {
        conn.query_tree(w)
            .ok()
            .and_then(|c| c.reply().ok())
            .map(|r| r.children)
            .unwrap_or_default()
    };
    let mut found = None;
    'search: for top in children(root) {
        if named(top) {
            found = Some(top);
            break;
        }
        for inner in children(top) {
            if named(inner) {
                found = Some(inner);
                break 'search;
            }
        }
    }
    Some((conn, found?))
}

fn apply(x: &X11Title, title: &str) -> Option<()> {
    x.conn
        .change_property8(
            PropMode::REPLACE,
            x.window,
            x.net_wm_name,
            x.utf8,
            title.as_bytes(),
        )
        .ok()?;
    let latin: Vec<u8> = title
        .chars()
        .map(|c| if (c as u32) < 256 { c as u8 } else { b'*' })
        .collect();
    x.conn
        .change_property8(
            PropMode::REPLACE,
            x.window,
            AtomEnum::WM_NAME,
            AtomEnum::STRING,
            &latin,
        )
        .ok()?;
    x.conn.flush().ok()
}
