//! Copying to the system clipboard as X11 clipboard owners do.
//!
//! miniquad 0.4's clipboard owner answers a request for `UTF8_STRING` only;
//! a program that first asks for `TARGETS` (most toolkits do, to choose a
//! format) or for `STRING` or `TEXT` got nothing. On X11 [`set`] makes a
//! thread with its own connection and an unmapped window the owner of
//! `CLIPBOARD`; it answers `TARGETS` (what it offers), `UTF8_STRING`,
//! `STRING` and `TEXT` (the text; `STRING` as Latin-1 with other
//! characters as `?`, as ICCCM asks), and refuses anything else. It gives
//! the text up when another program takes the clipboard. Where X11 is not
//! available, miniquad's own clipboard takes the text.
//!
//! Pasting is unchanged: miniquad asks the owner (this thread, when satlab
//! copied last) for `UTF8_STRING`.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{
    Atom, AtomEnum, ConnectionExt, CreateWindowAux, EventMask, PropMode, SelectionNotifyEvent,
    SelectionRequestEvent, Window, WindowClass, SELECTION_NOTIFY_EVENT,
};
use x11rb::protocol::Event;
use x11rb::rust_connection::RustConnection;
use x11rb::CURRENT_TIME;

/// The atoms the owner needs.
#[derive(Debug, Clone, Copy)]
struct Atoms {
    clipboard: Atom,
    targets: Atom,
    utf8: Atom,
    text: Atom,
}

/// The owner thread's connection, window and the text it offers.
struct Owner {
    conn: Arc<RustConnection>,
    window: Window,
    atoms: Atoms,
    text: Arc<Mutex<String>>,
}

static OWNER: OnceLock<Option<Owner>> = OnceLock::new();

/// Puts `text` on the system clipboard.
pub fn set(text: &str) {
    match OWNER.get_or_init(start) {
        Some(o) if claim(o, text).is_some() => {}
        Some(_) | None => macroquad::miniquad::window::clipboard_set(text),
    }
}

/// Stores `text` and takes `CLIPBOARD` for the owner's window.
fn claim(o: &Owner, text: &str) -> Option<()> {
    *o.text.lock().unwrap_or_else(PoisonError::into_inner) = text.to_string();
    o.conn
        .set_selection_owner(o.window, o.atoms.clipboard, CURRENT_TIME)
        .ok()?;
    o.conn.flush().ok()?;
    let owner = o
        .conn
        .get_selection_owner(o.atoms.clipboard)
        .ok()?
        .reply()
        .ok()?;
    (owner.owner == o.window).then_some(())
}

/// The X11 atom named `name`, interned (created when the server has none).
pub(crate) fn atom(conn: &RustConnection, name: &str) -> Option<Atom> {
    Some(
        conn.intern_atom(false, name.as_bytes())
            .ok()?
            .reply()
            .ok()?
            .atom,
    )
}

/// Connects, makes the window and starts the thread; `None` without X11.
fn start() -> Option<Owner> {
    let (conn, screen) = x11rb::connect(None).ok()?;
    let root = conn.setup().roots.get(screen)?.root;
    let window = conn.generate_id().ok()?;
    conn.create_window(
        0,
        window,
        root,
        0,
        0,
        1,
        1,
        0,
        WindowClass::INPUT_ONLY,
        0,
        &CreateWindowAux::new().event_mask(EventMask::PROPERTY_CHANGE),
    )
    .ok()?;
    let atoms = Atoms {
        clipboard: atom(&conn, "CLIPBOARD")?,
        targets: atom(&conn, "TARGETS")?,
        utf8: atom(&conn, "UTF8_STRING")?,
        text: atom(&conn, "TEXT")?,
    };
    conn.flush().ok()?;
    let conn = Arc::new(conn);
    let text = Arc::new(Mutex::new(String::new()));
    let (c, t) = (Arc::clone(&conn), Arc::clone(&text));
    std::thread::Builder::new()
        .name("clipboard".into())
        .spawn(move || serve(&c, atoms, &t))
        .ok()?;
    Some(Owner {
        conn,
        window,
        atoms,
        text,
    })
}

/// Answers selection requests until the connection fails.
fn serve(conn: &RustConnection, atoms: Atoms, text: &Mutex<String>) {
    while let Ok(event) = conn.wait_for_event() {
        if let Event::SelectionRequest(req) = event {
            let offered = text.lock().unwrap_or_else(PoisonError::into_inner).clone();
            if answer(conn, atoms, &req, &offered).is_none() {
                return;
            }
        }
    }
}

/// What `target` holds for `text`: (its type, its format in bits, bytes).
fn convert(atoms: Atoms, target: Atom, text: &str) -> Option<(Atom, u8, Vec<u8>)> {
    if target == atoms.targets {
        let list = [
            atoms.targets,
            atoms.utf8,
            AtomEnum::STRING.into(),
            atoms.text,
        ];
        let bytes = list.iter().flat_map(|a| a.to_ne_bytes()).collect();
        return Some((AtomEnum::ATOM.into(), 32, bytes));
    }
    if target == atoms.utf8 || target == atoms.text {
        return Some((atoms.utf8, 8, text.as_bytes().to_vec()));
    }
    if target == u32::from(AtomEnum::STRING) {
        return Some((AtomEnum::STRING.into(), 8, latin1(text)));
    }
    None
}

/// `text` in Latin-1, other characters as `?`.
pub fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

/// Writes the converted text to the requestor's property (or refuses with
/// property `NONE`) and notifies it; `None` when the connection failed.
fn answer(
    conn: &RustConnection,
    atoms: Atoms,
    req: &SelectionRequestEvent,
    text: &str,
) -> Option<()> {
    // Old clients ask with property NONE: the target names the property.
    let property = if req.property == u32::from(AtomEnum::NONE) {
        req.target
    } else {
        req.property
    };
    let stored = match convert(atoms, req.target, text) {
        Some((ty, format, bytes)) => {
            let unit = usize::from(format / 8);
            let len = u32::try_from(bytes.len() / unit).ok()?;
            conn.change_property(
                PropMode::REPLACE,
                req.requestor,
                property,
                ty,
                format,
                len,
                &bytes,
            )
            .ok()?;
            property
        }
        None => AtomEnum::NONE.into(),
    };
    let notify = SelectionNotifyEvent {
        response_type: SELECTION_NOTIFY_EVENT,
        sequence: 0,
        time: req.time,
        requestor: req.requestor,
        selection: req.selection,
        target: req.target,
        property: stored,
    };
    conn.send_event(false, req.requestor, EventMask::NO_EVENT, notify)
        .ok()?;
    conn.flush().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_is_latin1_with_question_marks() {
        assert_eq!(latin1("café 碰撞"), b"caf\xe9 ??".to_vec());
    }

    #[test]
    fn targets_lists_every_format_and_others_are_refused() {
        let atoms = Atoms {
            clipboard: 100,
            targets: 101,
            utf8: 102,
            text: 103,
        };
        let (ty, format, bytes) = convert(atoms, 101, "x").expect("targets");
        assert_eq!((ty, format), (u32::from(AtomEnum::ATOM), 32));
        let listed: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        assert_eq!(listed, [101, 102, u32::from(AtomEnum::STRING), 103]);
        assert_eq!(
            convert(atoms, 102, "碰").map(|c| c.2),
            Some("碰".as_bytes().to_vec())
        );
        assert_eq!(convert(atoms, 103, "碰").map(|c| c.0), Some(102));
        assert_eq!(
            convert(atoms, AtomEnum::STRING.into(), "é").map(|c| c.2),
            Some(vec![0xe9])
        );
        assert_eq!(convert(atoms, 999, "x"), None);
    }
}
