//! The writer kit: pretty JSON objects in a fixed field order, and numbers
//! written with the fewest digits that read back to the same f32. The scene
//! writers (`save.rs`, `space.rs`, `expect.rs`, `layers.rs`) are built on it.

use crate::geom::Vec2;
use std::fmt::Write as _;

/// An f32 with the fewest digits that parse back to the same value;
/// integers without a decimal point.
pub(crate) fn num(v: f32) -> String {
    if v == v.trunc() && v.abs() < 1e15 {
        format!("{v}")
    } else {
        format!("{v:?}")
    }
}

/// A 2D point as `[x, y]`.
pub(crate) fn point(v: Vec2) -> String {
    format!("[{}, {}]", num(v.x), num(v.y))
}

/// A JSON string literal.
pub(crate) fn string_json(s: &str) -> String {
    // Serialising a str cannot fail; the fallback only keeps this total.
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

/// Fields on one line: `{"kind": "circle", "position": [0, 0], "radius": 1}`.
pub(crate) fn inline(fields: impl IntoIterator<Item = (&'static str, String)>) -> String {
    let parts: Vec<String> = fields
        .into_iter()
        .map(|(k, v)| format!("\"{k}\": {v}"))
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// A pretty-printed JSON object being written at some indent depth.
pub(crate) struct Obj {
    depth: usize,
    out: String,
    first: bool,
}

impl Obj {
    /// An empty object whose fields are indented `depth + 1` steps.
    pub(crate) fn new(depth: usize) -> Obj {
        Obj {
            depth,
            out: "{".to_string(),
            first: true,
        }
    }

    /// A scene file's top object (depth 0): `version`, then `name` and
    /// `notes` when they are not empty, as every format writes them first.
    pub(crate) fn scene(version: u32, name: &str, notes: &str) -> Obj {
        let mut w = Obj::new(0);
        w.raw("version", &version.to_string());
        if !name.is_empty() {
            w.raw("name", &string_json(name));
        }
        if !notes.is_empty() {
            w.raw("notes", &string_json(notes));
        }
        w
    }

    /// Adds `"key": value`, `value` being JSON text already.
    pub(crate) fn raw(&mut self, key: &str, value: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        let pad = "  ".repeat(self.depth + 1);
        let _ = write!(self.out, "\n{pad}\"{key}\": {value}");
    }

    /// The object's text, closed.
    pub(crate) fn finish(mut self) -> String {
        let _ = write!(self.out, "\n{}}}", "  ".repeat(self.depth));
        self.out
    }
}
