//! The `practice` block of a pair scene (version 1) or a 3D scene (version
//! 3): the question a scene asks as an exercise (`docs/scene-format.md`,
//! "Practice"). Read on its own from the same text, with `line:column`
//! errors like the rest; the scene reader accepts the field and leaves it
//! to this module. `satlab::practice` turns it into a question and checks
//! that its answer is well defined.

use super::error::SceneError;
use super::json::{Node, Value};
use super::read::{one_of, with_tree, Reader, R};
use super::write::{inline, num, string_json};
use crate::common::Side;
use crate::geom::Vec2;

/// What a practice scene asks: the question kind and, for the kinds that
/// need one, its parameter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PracticeAsk {
    /// `"verdict"`: do they intersect?
    Verdict,
    /// `"separating_axis"`: pick a separating axis (2D).
    SeparatingAxis,
    /// `"projection"`: the shadow of shape `side` on the unit `axis`
    /// through the origin (2D).
    Projection {
        /// World direction (normalised when the question is built).
        axis: Vec2,
        /// Whose shadow: `"a"` or `"b"`.
        side: Side,
    },
    /// `"mtv"`: the minimum translation of B (2D).
    Mtv,
    /// `"touch"`: B moves by `motion` (world units): where does it first touch? (2D)
    Touch {
        /// B's whole motion.
        motion: Vec2,
    },
    /// `"closest_point"`: the point of A nearest B (2D: an AABB and a
    /// circle, or a segment and a point).
    ClosestPoint,
    /// `"contacts"`: the contact points of two resting boxes (2D).
    Contacts,
    /// `"box_axes"`: which of the 15 axes of two boxes separates them (3D).
    BoxAxes,
    /// `"axis_count"`: how many candidate axes SAT tests (3D).
    AxisCount,
}

/// The kinds' names in files, in the order of [`PracticeAsk`].
pub const PRACTICE_KINDS: [&str; 9] = [
    "verdict",
    "separating_axis",
    "projection",
    "mtv",
    "touch",
    "closest_point",
    "contacts",
    "box_axes",
    "axis_count",
];

impl PracticeAsk {
    /// The kind's name in files: `"projection"`.
    pub fn kind_name(&self) -> &'static str {
        let i = match self {
            PracticeAsk::Verdict => 0,
            PracticeAsk::SeparatingAxis => 1,
            PracticeAsk::Projection { .. } => 2,
            PracticeAsk::Mtv => 3,
            PracticeAsk::Touch { .. } => 4,
            PracticeAsk::ClosestPoint => 5,
            PracticeAsk::Contacts => 6,
            PracticeAsk::BoxAxes => 7,
            PracticeAsk::AxisCount => 8,
        };
        PRACTICE_KINDS[i]
    }
}

/// The `practice` block of the scene in `text`, if it has one; `path` is
/// only used in messages. Errors carry `line:column`.
pub fn read_practice(
    text: &str,
    path: &std::path::Path,
) -> Result<Option<PracticeAsk>, SceneError> {
    with_tree(text, path, |r, root| {
        let Value::Object(members) = &root.value else {
            return Ok(None);
        };
        match members.iter().find(|m| m.key == "practice") {
            None => Ok(None),
            Some(m) => r.practice(&m.value).map(Some),
        }
    })
}

/// The block as the scene format writes it: `{ "kind": "touch", "motion": [-4, 0] }`.
pub fn practice_json(ask: &PracticeAsk) -> String {
    let mut fields = vec![("kind", string_json(ask.kind_name()))];
    fields.extend(parameters(ask));
    inline(fields)
}

/// `json`, a pair or 3D scene as the scene format writes it, with the
/// `practice` block of the scene file at `path` when that file has a valid
/// one: the editors know nothing of the block, and saving an authored
/// exercise over itself must not drop it. The block goes where authored
/// files have it, before `expect` (else last). Anything unreadable at
/// `path` (no file yet, not a scene, a broken block) adds nothing.
pub(super) fn keep_practice(path: &std::path::Path, json: String) -> String {
    let Ok(bytes) = super::read_scene_file(path) else {
        return json;
    };
    let Some(ask) = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|text| read_practice(text, path).ok().flatten())
    else {
        return json;
    };
    with_practice(&json, &practice_json(&ask))
}

/// `json` (one field per line, two-space indent, as the writer makes it)
/// with `"practice": block` before its `expect` field, else as its last.
fn with_practice(json: &str, block: &str) -> String {
    let mut lines: Vec<String> = json.lines().map(str::to_string).collect();
    let field = format!("  \"practice\": {block}");
    match lines.iter().position(|l| l.starts_with("  \"expect\":")) {
        Some(k) => lines.insert(k, format!("{field},")),
        None => {
            // Before the closing brace; the field above it takes a comma.
            let close = lines
                .iter()
                .rposition(|l| l.trim() == "}")
                .unwrap_or(lines.len());
            if let Some(prev) = close.checked_sub(1).and_then(|k| lines.get_mut(k)) {
                prev.push(',');
            }
            lines.insert(close, field);
        }
    }
    let mut out = lines.join("\n");
    if json.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The kind's parameters as the scene format writes them, in order: the
/// one list of which kind takes which fields, for writing and for reading.
fn parameters(ask: &PracticeAsk) -> Vec<(&'static str, String)> {
    let vec = |v: Vec2| format!("[{}, {}]", num(v.x), num(v.y));
    match ask {
        PracticeAsk::Projection { axis, side } => {
            let s = match side {
                Side::A => "a",
                Side::B => "b",
            };
            vec![("axis", vec(*axis)), ("side", string_json(s))]
        }
        PracticeAsk::Touch { motion } => vec![("motion", vec(*motion))],
        PracticeAsk::Verdict
        | PracticeAsk::SeparatingAxis
        | PracticeAsk::Mtv
        | PracticeAsk::ClosestPoint
        | PracticeAsk::Contacts
        | PracticeAsk::BoxAxes
        | PracticeAsk::AxisCount => Vec::new(),
    }
}

const PLACE: &str = " in `practice`";

impl Reader<'_> {
    fn practice(&self, node: &Node) -> R<PracticeAsk> {
        let f = self.fields(
            node,
            &["kind", "axis", "side", "motion"],
            "`practice`",
            PLACE,
        )?;
        let kind_node = self.required(&f, "kind", PLACE)?;
        let Value::String(kind) = &kind_node.value else {
            return Err(self.err(
                kind_node.pos,
                format!(
                    "`kind`{PLACE} must be a string, found {}",
                    kind_node.value.describe()
                ),
            ));
        };
        let ask = match kind.as_str() {
            "verdict" => PracticeAsk::Verdict,
            "separating_axis" => PracticeAsk::SeparatingAxis,
            "projection" => {
                let axis = self.vec2(self.required(&f, "axis", PLACE)?, "`axis`")?;
                let side_node = self.required(&f, "side", PLACE)?;
                let side = match &side_node.value {
                    Value::String(s) if s == "a" => Side::A,
                    Value::String(s) if s == "b" => Side::B,
                    other => {
                        return Err(self.err(
                            side_node.pos,
                            format!(
                                "`side`{PLACE} must be \"a\" or \"b\", found {}",
                                other.describe()
                            ),
                        ))
                    }
                };
                PracticeAsk::Projection { axis, side }
            }
            "mtv" => PracticeAsk::Mtv,
            "touch" => PracticeAsk::Touch {
                motion: self.vec2(self.required(&f, "motion", PLACE)?, "`motion`")?,
            },
            "closest_point" => PracticeAsk::ClosestPoint,
            "contacts" => PracticeAsk::Contacts,
            "box_axes" => PracticeAsk::BoxAxes,
            "axis_count" => PracticeAsk::AxisCount,
            other => {
                return Err(self.err(
                    kind_node.pos,
                    format!(
                        "unknown practice kind `{}`, expected one of {}",
                        super::error::quoted(other),
                        one_of(&PRACTICE_KINDS)
                    ),
                ))
            }
        };
        // A parameter the kind does not use is a mistake worth naming.
        let params = parameters(&ask);
        let uses = |key: &str| key == "kind" || params.iter().any(|(k, _)| *k == key);
        let Value::Object(members) = &node.value else {
            return Ok(ask);
        };
        if let Some(m) = members.iter().find(|m| !uses(&m.key)) {
            return Err(self.err(
                m.key_pos,
                format!("field `{}`{PLACE} is not used by kind `{kind}`", m.key),
            ));
        }
        Ok(ask)
    }
}
