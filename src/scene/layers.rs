//! The layer parts of a field scene (`docs/scene-format.md`): reading
//! `layers`, `matrix`, a shape's `layer`, `active` and `enabled`, a query's
//! `mask` and `expect.pairs` with `path:line:column` messages, and writing
//! them back.

use super::error::quoted;
use super::json::{Node, Value};
use super::model::{ExpectedPair, SceneLayers};
use super::read::{one_of, plural, Fields, Reader, Who, R};
use super::schema::MASK_FIELDS;
use crate::broad::{Layer, LayerMask, LayerMatrix, ShapeTags, MAX_LAYERS};
use std::collections::HashSet;

const PAIR_FIELDS: &[&str] = &["shapes", "depth"];

impl Reader<'_> {
    /// The `layers` list: distinct, non-empty names, at most [`MAX_LAYERS`].
    pub(super) fn layer_names(&self, node: Option<&Node>) -> R<Vec<String>> {
        let Some(node) = node else {
            return Ok(Vec::new());
        };
        let items = self.array(node, "field `layers`", "layer names")?;
        if items.is_empty() {
            return Err(self.err(node.pos, "field `layers` must name at least one layer"));
        }
        if items.len() > MAX_LAYERS {
            return Err(self.err(
                items[MAX_LAYERS].pos,
                format!(
                    "field `layers` lists {} layers; at most {MAX_LAYERS} are allowed",
                    items.len()
                ),
            ));
        }
        let mut names: Vec<String> = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let what = format!("layers, entry {}", k + 1);
            let Value::String(name) = &item.value else {
                return Err(self.err(
                    item.pos,
                    format!(
                        "{what} must be a layer name (a string), found {}",
                        item.value.describe()
                    ),
                ));
            };
            if name.trim().is_empty() {
                return Err(self.err(item.pos, format!("{what}: a layer name may not be empty")));
            }
            if names.contains(name) {
                return Err(self.err(
                    item.pos,
                    format!("{what}: layer `{}` is listed twice", quoted(name)),
                ));
            }
            names.push(name.clone());
        }
        Ok(names)
    }

    /// A layer given by name; `what` starts the message.
    fn layer(&self, node: &Node, what: &str, layers: &SceneLayers) -> R<Layer> {
        let names = layers.effective_names();
        let known = || {
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            one_of(&refs)
        };
        let Value::String(name) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "{what} must be a layer name (a string), found {}",
                    node.value.describe()
                ),
            ));
        };
        names
            .iter()
            .position(|n| n == name)
            .and_then(Layer::new)
            .ok_or_else(|| {
                let hint = if layers.names.is_empty() {
                    " (the scene has no `layers` list, so its only layer is `Default`)"
                } else {
                    ""
                };
                self.err(
                    node.pos,
                    format!(
                        "{what}: unknown layer `{}`, expected one of {}{hint}",
                        quoted(name),
                        known()
                    ),
                )
            })
    }

    /// The `matrix`: an object from layer names to the layers each collides
    /// with. Exactly the listed pairs collide, in both directions.
    pub(super) fn matrix(&self, node: &Node, layers: &SceneLayers) -> R<LayerMatrix> {
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "field `matrix` must be an object {{\"Layer\": [\"Layer\", ...], ...}}, found {}",
                    node.value.describe()
                ),
            ));
        };
        let mut m = LayerMatrix::NONE;
        for (i, member) in members.iter().enumerate() {
            if members[..i].iter().any(|p| p.key == member.key) {
                return Err(self.err(
                    member.key_pos,
                    format!("duplicate field `{}` in `matrix`", quoted(&member.key)),
                ));
            }
            let key = Node {
                pos: member.key_pos,
                value: Value::String(member.key.clone()),
            };
            let a = self.layer(&key, "matrix", layers)?;
            let what = format!("matrix: `{}`", quoted(&member.key));
            for item in self.array(&member.value, &what, "layer names")? {
                let b = self.layer(item, &what, layers)?;
                m.set(a, b, true);
            }
        }
        Ok(m)
    }

    /// `layer_colors`: an object from layer names to `"#rrggbb"` colours;
    /// the colours by layer number.
    pub(super) fn layer_colours(
        &self,
        node: &Node,
        layers: &SceneLayers,
    ) -> R<Vec<Option<[u8; 3]>>> {
        let Value::Object(members) = &node.value else {
            return Err(self.err(
                node.pos,
                format!(
                    "field `layer_colors` must be an object {{\"Layer\": \"#rrggbb\", ...}}, found {}",
                    node.value.describe()
                ),
            ));
        };
        let mut out = vec![None; layers.effective_names().len()];
        for (i, member) in members.iter().enumerate() {
            if members[..i].iter().any(|p| p.key == member.key) {
                return Err(self.err(
                    member.key_pos,
                    format!(
                        "duplicate field `{}` in `layer_colors`",
                        quoted(&member.key)
                    ),
                ));
            }
            let key = Node {
                pos: member.key_pos,
                value: Value::String(member.key.clone()),
            };
            let layer = self.layer(&key, "layer_colors", layers)?;
            let (colour, found) = match &member.value.value {
                Value::String(s) => (parse_hex(s), quote(&quoted(s))),
                other => (None, other.describe().to_string()),
            };
            let Some(c) = colour else {
                return Err(self.err(
                    member.value.pos,
                    format!(
                        "layer_colors: `{}` must be a colour \"#rrggbb\", found {found}",
                        quoted(&member.key)
                    ),
                ));
            };
            if let Some(slot) = out.get_mut(layer.index()) {
                *slot = Some(c);
            }
        }
        Ok(out)
    }

    /// A field shape's `layer`, `active` and `enabled`.
    pub(super) fn shape_tags(&self, node: &Node, who: &Who, layers: &SceneLayers) -> R<ShapeTags> {
        let Value::Object(members) = &node.value else {
            return Ok(ShapeTags::default());
        };
        let f = Fields::of(node.pos, members);
        let mut tags = ShapeTags::default();
        if let Some(n) = f.get_some("layer") {
            tags.layer = self.layer(n, &format!("{}: layer", who.label), layers)?;
        }
        for (name, slot) in [("active", &mut tags.active), ("enabled", &mut tags.enabled)] {
            if let Some(n) = f.get_some(name) {
                let Value::Bool(b) = n.value else {
                    return Err(self.err(
                        n.pos,
                        format!(
                            "{}: {name} must be true or false, found {}",
                            who.label,
                            n.value.describe()
                        ),
                    ));
                };
                *slot = b;
            }
        }
        Ok(tags)
    }

    /// The `mask` of the ray or the query shape: a list of layer names.
    pub(super) fn mask(
        &self,
        node: &Node,
        who: &str,
        layers: &SceneLayers,
    ) -> R<Option<LayerMask>> {
        let Value::Object(members) = &node.value else {
            return Ok(None);
        };
        let f = Fields::of(node.pos, members);
        let Some(n) = f.get_some(MASK_FIELDS[0]) else {
            return Ok(None);
        };
        let what = format!("{who}: mask");
        let mut mask = LayerMask::NONE;
        for item in self.array(n, &what, "layer names")? {
            let l = self.layer(item, &what, layers)?;
            if mask.contains(l) {
                return Err(self.err(
                    item.pos,
                    format!(
                        "{what}: layer `{}` is listed twice",
                        quoted(&layers.name_of(l))
                    ),
                ));
            }
            mask = mask.with(l);
        }
        Ok(Some(mask))
    }

    /// `expect.pairs`: entries `[a, b]` or `{"shapes": [a, b], "depth": d}`,
    /// each pair once (in either order).
    pub(super) fn expected_pairs(&self, node: &Node, n: usize) -> R<Vec<ExpectedPair>> {
        let items = self.array(node, "expect: pairs", "pairs [a, b]")?;
        let mut seen = HashSet::with_capacity(items.len());
        let mut out = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let what = format!("expect: pairs, entry {}", k + 1);
            let (shapes, depth) = match &item.value {
                Value::Object(_) => {
                    let place = format!(" in {what}");
                    let f = self.fields(item, PAIR_FIELDS, &what, &place)?;
                    let depth = f
                        .get_some("depth")
                        .map(|d| self.non_negative(d, &format!("{what}: depth")))
                        .transpose()?;
                    (self.required(&f, "shapes", &place)?, depth)
                }
                _ => (item, None),
            };
            let ends = match &shapes.value {
                Value::Array(v) if v.len() == 2 => v,
                other => {
                    return Err(self.err(
                        shapes.pos,
                        format!(
                            "{what} must be a pair of shape indices [a, b] or \
                             {{\"shapes\": [a, b], \"depth\": number}}, found {}",
                            match other {
                                Value::Array(v) =>
                                    format!("an array of {}", plural(v.len(), "value")),
                                _ => other.describe().to_string(),
                            }
                        ),
                    ))
                }
            };
            let a = self.index(&ends[0], &what, n)?;
            let b = self.index(&ends[1], &what, n)?;
            if a == b {
                return Err(self.err(
                    shapes.pos,
                    format!("{what}: field shape {a} cannot pair with itself"),
                ));
            }
            let (a, b) = (a.min(b), a.max(b));
            if !seen.insert((a, b)) {
                return Err(self.err(
                    item.pos,
                    format!("{what}: the pair [{a}, {b}] is listed twice"),
                ));
            }
            out.push(ExpectedPair { a, b, depth });
        }
        Ok(out)
    }
}

/// A name as a JSON string.
fn quote(name: &str) -> String {
    // Serialising a str cannot fail; the fallback only keeps this total.
    serde_json::to_string(name).unwrap_or_else(|_| "\"\"".to_string())
}

/// A JSON array of names on one line: `["Default", "Enemy"]`.
fn names_json<'s>(names: impl IntoIterator<Item = &'s str>) -> String {
    let quoted: Vec<String> = names.into_iter().map(quote).collect();
    format!("[{}]", quoted.join(", "))
}

/// The `layers` field, when the scene names layers or uses more than one.
pub(super) fn layers_json(l: &SceneLayers) -> Option<String> {
    let names = l.effective_names();
    (!l.names.is_empty() || names.len() > 1).then(|| names_json(names.iter().map(String::as_str)))
}

/// The `matrix` field: one line per layer with every layer it collides with.
pub(super) fn matrix_json(l: &SceneLayers) -> Option<String> {
    let m = l.matrix.as_deref()?;
    let names = l.effective_names();
    let rows: Vec<String> = (0..names.len())
        .filter_map(Layer::new)
        .map(|a| {
            let with = (0..names.len())
                .filter_map(Layer::new)
                .filter(|&b| m.collides(a, b))
                .map(|b| names[b.index()].as_str());
            format!("{}: {}", quote(&names[a.index()]), names_json(with))
        })
        .collect();
    Some(format!("{{\n    {}\n  }}", rows.join(",\n    ")))
}

/// `"#rrggbb"` as bytes.
fn parse_hex(s: &str) -> Option<[u8; 3]> {
    let h = s
        .strip_prefix('#')
        .filter(|h| h.len() == 6 && h.is_ascii())?;
    let byte = |k: usize| u8::from_str_radix(h.get(k..k + 2)?, 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The `layer_colors` field, when the scene gives any layer a colour.
pub(super) fn colours_json(l: &SceneLayers) -> Option<String> {
    let names = l.effective_names();
    let rows: Vec<String> = l
        .colours
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let [r, g, b] = (*c)?;
            Some(format!(
                "{}: \"#{r:02x}{g:02x}{b:02x}\"",
                quote(names.get(i)?)
            ))
        })
        .collect();
    (!rows.is_empty()).then(|| format!("{{{}}}", rows.join(", ")))
}

/// A field shape's saved `layer`, `active` and `enabled` (only what differs
/// from the defaults).
pub(super) fn tag_fields(l: &SceneLayers, i: usize) -> Vec<(&'static str, String)> {
    let t = l.tags_of(i);
    let mut out = Vec::new();
    if t.layer != Layer::DEFAULT {
        out.push(("layer", quote(&l.name_of(t.layer))));
    }
    if !t.active {
        out.push(("active", "false".to_string()));
    }
    if !t.enabled {
        out.push(("enabled", "false".to_string()));
    }
    out
}

/// A saved `mask`: the names of its layers among those in use.
pub(super) fn mask_json(l: &SceneLayers, mask: LayerMask) -> String {
    let names = l.effective_names();
    names_json(
        mask.layers()
            .filter(|x| x.index() < names.len())
            .map(|x| names[x.index()].as_str()),
    )
}

/// A saved `expect.pairs` list on one line.
pub(super) fn pairs_json(pairs: &[ExpectedPair], num: impl Fn(f32) -> String) -> String {
    let items: Vec<String> = pairs
        .iter()
        .map(|p| match p.depth {
            None => format!("[{}, {}]", p.a, p.b),
            Some(d) => format!("{{\"shapes\": [{}, {}], \"depth\": {}}}", p.a, p.b, num(d)),
        })
        .collect();
    format!("[{}]", items.join(", "))
}
