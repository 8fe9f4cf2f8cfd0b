//! The reader kit: text → positioned JSON tree → checked values, every
//! problem a [`SceneError`] at `path:line:column`. The scene readers
//! (`load.rs`, `space.rs`, `expect.rs`, `layers.rs`) are built on it; it
//! imports none of them.

use super::error::{quoted, SceneError};
use super::json::{self, line_column, Member, Node, Value};
use super::schema::Kinds;
use crate::geom::{ShapeError, Vec2};
use std::path::Path;

pub(super) fn utf8<'b>(bytes: &'b [u8], path: &Path) -> Result<&'b str, SceneError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let (line, column) = line_column(&String::from_utf8_lossy(good), good.len());
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
            Err(SceneError::at(
                path,
                line,
                column,
                format!(
                    "the file is not UTF-8 text (byte 0x{byte:02x} here); \
                     save it as UTF-8"
                ),
            ))
        }
    }
}

/// Checks the syntax, builds the positioned tree and hands it to `f`.
pub(super) fn with_tree<T>(
    text: &str,
    path: &Path,
    f: impl FnOnce(&Reader, &Node) -> Result<T, SceneError>,
) -> Result<T, SceneError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(SceneError::at(
            path,
            1,
            1,
            "the file is empty; a scene is a JSON object (see docs/scene-format.md)",
        ));
    }
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        return Err(syntax_error(text, path, &e));
    }
    let root = json::parse(text).map_err(|(pos, msg)| {
        let (l, c) = line_column(text, pos);
        SceneError::at(path, l, c, msg)
    })?;
    f(&Reader { text, path }, &root)
}

/// Turns a serde_json syntax error into a message for people.
fn syntax_error(text: &str, path: &Path, e: &serde_json::Error) -> SceneError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let raw = full.strip_suffix(&suffix).unwrap_or(&full);
    let before_error = text
        .split('\n')
        .take(e.line().saturating_sub(1))
        .map(|l| l.len() + 1)
        .sum::<usize>()
        + e.column().saturating_sub(1);
    let after_comma = text
        .get(..before_error.min(text.len()))
        .and_then(|t| t.trim_end().chars().last())
        == Some(',');
    let closing = text
        .get(before_error..)
        .and_then(|t| t.chars().next())
        .filter(|c| *c == '}' || *c == ']');
    let message = if let (true, Some(c)) = (after_comma, closing) {
        format!("a comma may not come right before `{c}` in JSON")
    } else if let Some(what) = raw.strip_prefix("EOF while parsing ") {
        let what = if what == "a list" { "an array" } else { what };
        format!("the file ends in the middle of {what} (is it truncated?)")
    } else {
        match raw {
            "expected value" => {
                "expected a value (a number, a string, an array, an object, true, false or null)"
                    .to_string()
            }
            "expected ident" => "expected `true`, `false` or `null`".to_string(),
            "key must be a string" => "expected a field name in double quotes".to_string(),
            "trailing comma" => "a comma may not come right before `]` or `}` in JSON".to_string(),
            "trailing characters" => "unexpected characters after the end of the scene".to_string(),
            other => other.to_string(),
        }
    };
    // serde_json counts columns in bytes; report characters.
    let line = e.line().max(1);
    let line_text = text.split('\n').nth(line - 1).unwrap_or("");
    let column = line_text
        .char_indices()
        .take_while(|(i, _)| *i < e.column())
        .count()
        .max(1);
    SceneError::at(path, line, column, message)
}

/// The fields of one JSON object, checked against the names it may have.
pub(super) struct Fields<'n, 't> {
    pos: usize,
    members: &'n [Member<'t>],
}

impl<'n, 't> Fields<'n, 't> {
    /// The members of an object at `pos`, unchecked (the caller checks them
    /// with [`Reader::fields`] elsewhere).
    pub(super) fn of(pos: usize, members: &'n [Member<'t>]) -> Fields<'n, 't> {
        Fields { pos, members }
    }

    pub(super) fn get(&self, name: &str) -> Option<&'n Node<'t>> {
        self.members
            .iter()
            .find(|m| m.key == name)
            .map(|m| &m.value)
    }

    /// Like [`Fields::get`], but `null` counts as absent.
    pub(super) fn get_some(&self, name: &str) -> Option<&'n Node<'t>> {
        self.get(name).filter(|n| n.value != Value::Null)
    }
}

pub(super) fn one_of(names: &[&str]) -> String {
    let list: Vec<String> = names.iter().map(|n| format!("`{}`", quoted(n))).collect();
    list.join(", ")
}

/// How messages name a shape: `label` starts a sentence ("shape b",
/// "field shape 3"), `place` follows "in" ("shape `b`", "field shape 3").
pub(super) struct Who {
    pub(super) label: String,
    pub(super) place: String,
}

impl Who {
    pub(super) fn side(side: &str) -> Who {
        Who {
            label: format!("shape {side}"),
            place: format!("shape `{side}`"),
        }
    }

    pub(super) fn same(name: String) -> Who {
        Who {
            label: name.clone(),
            place: name,
        }
    }
}

pub(super) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

pub(super) struct Reader<'a> {
    text: &'a str,
    path: &'a Path,
}

pub(super) type R<T> = Result<T, SceneError>;

impl Reader<'_> {
    pub(super) fn err(&self, pos: usize, message: impl Into<String>) -> SceneError {
        let (l, c) = line_column(self.text, pos);
        SceneError::at(self.path, l, c, message)
    }

    /// The members of an object, after checking it has no unknown or
    /// duplicate fields. `place` reads like "in shape `b` (circle)".
    pub(super) fn fields<'n, 't>(
        &self,
        node: &'n Node<'t>,
        allowed: &[&str],
        what: &str,
        place: &str,
    ) -> R<Fields<'n, 't>> {
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{what} must be an object {{...}}, found {}",
                    node.value.describe()
                ),
            ));
        };
        for (i, m) in members.iter().enumerate() {
            if !allowed.contains(&m.key.as_str()) {
                return Err(self.err(
                    m.key_pos,
                    format!(
                        "unknown field `{}`{place}, expected one of {}",
                        quoted(&m.key),
                        one_of(allowed)
                    ),
                ));
            }
            if members[..i].iter().any(|p| p.key == m.key) {
                return Err(self.err(
                    m.key_pos,
                    format!("duplicate field `{}`{place}", quoted(&m.key)),
                ));
            }
        }
        Ok(Fields {
            pos: node.pos,
            members,
        })
    }

    pub(super) fn required<'n, 't>(
        &self,
        f: &Fields<'n, 't>,
        name: &str,
        place: &str,
    ) -> R<&'n Node<'t>> {
        f.get_some(name)
            .ok_or_else(|| self.err(f.pos, format!("missing field `{name}`{place}")))
    }

    /// A number read straight into an f32 (correctly rounded); numbers beyond
    /// the f32 range are refused.
    pub(super) fn number(&self, node: &Node, what: &str) -> R<f32> {
        let Value::Number(s) = node.value else {
            return Err(self.err(
                node.pos,
                format!("{what} must be a number, found {}", node.value.describe()),
            ));
        };
        match s.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(self.err(
                node.pos,
                format!(
                    "{what} is {s}, too large for a 32-bit float \
                     (the largest is about 3.4e38)"
                ),
            )),
        }
    }

    pub(super) fn vec2(&self, node: &Node, what: &str) -> R<Vec2> {
        Ok(Vec2::from(self.numbers::<2>(
            node,
            what,
            "[x, y]",
            &["x", "y"],
        )?))
    }

    /// An array of `N` numbers written as `form` (`[x, y]`); item `k` is
    /// called `names[k]` in errors, else "item k+1".
    pub(super) fn numbers<const N: usize>(
        &self,
        node: &Node,
        what: &str,
        form: &str,
        names: &[&str],
    ) -> R<[f32; N]> {
        match &node.value {
            Value::Array(items) if items.len() == N => {
                let mut out = [0.0; N];
                for (k, (slot, item)) in out.iter_mut().zip(items).enumerate() {
                    let name = names
                        .get(k)
                        .map_or_else(|| format!("item {}", k + 1), |n| n.to_string());
                    *slot = self.number(item, &format!("{what}: {name}"))?;
                }
                Ok(out)
            }
            Value::Array(items) => Err(self.err(
                node.pos,
                format!(
                    "{what} must be {form}, found an array of {} numbers",
                    items.len()
                ),
            )),
            other => Err(self.err(
                node.pos,
                format!("{what} must be {form}, found {}", other.describe()),
            )),
        }
    }

    /// A `motion` block: the velocities of A and B, each read by `vector`
    /// (2D or 3D), zero where left out.
    pub(super) fn motion_pair<V: Default>(
        &self,
        node: &Node,
        vector: impl Fn(&Self, &Node, &str) -> R<V>,
    ) -> R<[V; 2]> {
        let f = self.fields(node, &["a", "b"], "`motion`", " in `motion`")?;
        let side = |name: &str| -> R<V> {
            f.get_some(name)
                .map(|n| vector(self, n, &format!("motion: {name}")))
                .transpose()
                .map(Option::unwrap_or_default)
        };
        Ok([side("a")?, side("b")?])
    }

    pub(super) fn string(&self, f: &Fields, name: &str) -> R<String> {
        match f.get_some(name) {
            None => Ok(String::new()),
            Some(Node {
                value: Value::String(s),
                ..
            }) => Ok(s.clone()),
            Some(n) => Err(self.err(
                n.pos,
                format!(
                    "field `{name}` must be a string, found {}",
                    n.value.describe()
                ),
            )),
        }
    }

    pub(super) fn array<'n, 't>(
        &self,
        node: &'n Node<'t>,
        what: &str,
        of: &str,
    ) -> R<&'n [Node<'t>]> {
        match &node.value {
            Value::Array(items) => Ok(items),
            other => Err(self.err(
                node.pos,
                format!(
                    "{what} must be an array of {of}, found {}",
                    other.describe()
                ),
            )),
        }
    }

    pub(super) fn non_negative(&self, node: &Node, what: &str) -> R<f32> {
        let v = self.number(node, what)?;
        if v < 0.0 {
            return Err(self.err(node.pos, format!("{what} must be ≥ 0, got {v}")));
        }
        Ok(v)
    }

    /// A shape index: an integer literal naming one of the `n` field shapes.
    pub(super) fn index(&self, node: &Node, what: &str, n: usize) -> R<usize> {
        let Value::Number(s) = node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{what} must be a shape index (an integer ≥ 0), found {}",
                    node.value.describe()
                ),
            ));
        };
        let Some(i) = s
            .bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse::<usize>().ok())
            .flatten()
        else {
            return Err(self.err(
                node.pos,
                format!("{what} must be a shape index (an integer ≥ 0), got {s}"),
            ));
        };
        if i >= n {
            return Err(self.err(
                node.pos,
                format!(
                    "{what}: there is no field shape {i} (the field has {}, numbered from 0)",
                    plural(n, "shape")
                ),
            ));
        }
        Ok(i)
    }

    /// The head every shape object shares in 2D and 3D: an object with a
    /// known `kind`, no field but the pose fields of `K`, the kind's fields
    /// and `extra` (read by the caller: a field shape's layer, a mask).
    pub(super) fn shape_object<'n, 't, K: Kinds>(
        &self,
        node: &'n Node<'t>,
        who: &Who,
        extra: &[&str],
    ) -> R<ShapeObject<'n, 't, K>> {
        let Who {
            label: side,
            place: at,
        } = who;
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{side} must be an object like {{\"kind\": \"{}\", ...}}, found {}",
                    K::EXAMPLE,
                    node.value.describe()
                ),
            ));
        };
        let kinds: Vec<&str> = K::ALL.iter().map(|k| k.name()).collect();
        let kind_node = members
            .iter()
            .find(|m| m.key == "kind")
            .map(|m| &m.value)
            .ok_or_else(|| {
                self.err(
                    node.pos,
                    format!(
                        "missing field `kind` in {at}, expected one of {}",
                        one_of(&kinds)
                    ),
                )
            })?;
        let Value::String(kind_name) = &kind_node.value else {
            return Err(self.err(
                kind_node.pos,
                format!(
                    "{side}: kind must be a string, found {}",
                    kind_node.value.describe()
                ),
            ));
        };
        let kind = K::from_name(kind_name).ok_or_else(|| {
            self.err(
                kind_node.pos,
                format!(
                    "unknown {} `{}` in {at}, expected one of {}",
                    K::KIND_WORD,
                    quoted(kind_name),
                    one_of(&kinds)
                ),
            )
        })?;
        let kn = kind.name();
        let allowed: Vec<&str> = K::POSE_FIELDS
            .iter()
            .chain(kind.fields())
            .chain(extra)
            .copied()
            .collect();
        let place = format!(" in {at} ({kn})");
        let f = self.fields(node, &allowed, "a shape", &place)?;
        Ok(ShapeObject {
            kind,
            node,
            f,
            label: format!("{side} ({kn})"),
            place,
        })
    }

    /// The shape's field `name`, which must be there.
    pub(super) fn need<'n, 't, K>(
        &self,
        s: &ShapeObject<'n, 't, K>,
        name: &str,
    ) -> R<&'n Node<'t>> {
        self.required(&s.f, name, &s.place)
    }

    /// The shape's number field `name`, which must be there.
    pub(super) fn need_number<K>(&self, s: &ShapeObject<K>, name: &str) -> R<f32> {
        self.number(self.need(s, name)?, &format!("{}: {name}", s.label))
    }

    /// The shape's number field `name`, when it is there and not `null`.
    pub(super) fn maybe_number<K>(&self, s: &ShapeObject<K>, name: &str) -> R<Option<f32>> {
        s.f.get_some(name)
            .map(|n| self.number(n, &format!("{}: {name}", s.label)))
            .transpose()
    }

    /// A shape the core refused, reported at the field it names (at the
    /// object when it names none).
    pub(super) fn invalid<K>(&self, s: &ShapeObject<K>, e: ShapeError) -> SceneError {
        let pos = s.f.get(e.field).map_or(s.node.pos, |n| n.pos);
        self.err(pos, format!("{}: {}", s.label, e.detail()))
    }
}

/// A shape object after [`Reader::shape_object`]: its kind and checked
/// fields, and how messages name it.
pub(super) struct ShapeObject<'n, 't, K> {
    /// The kind, known to `K`.
    pub(super) kind: K,
    /// The object, where a message about the whole shape points.
    pub(super) node: &'n Node<'t>,
    /// Its fields, checked against the kind's.
    pub(super) f: Fields<'n, 't>,
    /// Starts a message about a value: "shape a (circle)".
    pub(super) label: String,
    /// Ends a message about a missing field: " in shape `a` (circle)".
    pub(super) place: String,
}
