//! Validation errors raised by shape constructors.

use std::fmt;

/// A shape parameter that is out of range. Names the shape kind, the field and
/// the offending value, e.g. `circle: radius must be ≥ 0, got -1`.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapeError {
    /// Shape kind as written in scene files (`"circle"`, `"polygon"`, ...).
    pub kind: &'static str,
    /// Field name as written in scene files (`"radius"`, `"vertices"`, ...).
    pub field: &'static str,
    /// What the field must satisfy, e.g. `"must be ≥ 0"`; a `{}` in it
    /// stands for [`ShapeError::vertex`] (see [`ShapeError::rule_text`]).
    pub rule: &'static str,
    /// The 1-based vertex the rule is about, for polygons.
    pub vertex: Option<usize>,
    /// The offending value, formatted for a person.
    pub value: String,
}

impl ShapeError {
    pub(crate) fn new(
        kind: &'static str,
        field: &'static str,
        rule: &'static str,
        value: impl fmt::Display,
    ) -> Self {
        ShapeError {
            kind,
            field,
            rule,
            vertex: None,
            value: value.to_string(),
        }
    }

    /// The same error about vertex `vertex` (1-based) of a polygon.
    pub(crate) fn at_vertex(self, vertex: usize) -> Self {
        ShapeError {
            vertex: Some(vertex),
            ..self
        }
    }

    /// The rule with its vertex number filled in:
    /// `must be finite (vertex 2)`.
    pub fn rule_text(&self) -> String {
        match self.vertex {
            Some(v) => self.rule.replacen("{}", &v.to_string(), 1),
            None => self.rule.to_string(),
        }
    }

    /// The message without the kind: `radius must be ≥ 0, got -1`.
    pub fn detail(&self) -> String {
        format!("{} {}, got {}", self.field, self.rule_text(), self.value)
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail())
    }
}

impl std::error::Error for ShapeError {}

/// Formats a vector as `[x, y]` for messages.
pub(crate) fn fmt_vec(v: glam::Vec2) -> String {
    format!("[{}, {}]", v.x, v.y)
}

/// Checks that a scalar is finite and `≥ 0`.
pub(crate) fn non_negative(
    kind: &'static str,
    field: &'static str,
    v: f32,
) -> Result<f32, ShapeError> {
    if !v.is_finite() {
        return Err(ShapeError::new(kind, field, "must be a finite number", v));
    }
    if v < 0.0 {
        return Err(ShapeError::new(kind, field, "must be ≥ 0", v));
    }
    at_most_limit(kind, field, v)
}

/// Checks that a scalar is finite and `> 0`.
pub(crate) fn positive(kind: &'static str, field: &'static str, v: f32) -> Result<f32, ShapeError> {
    if !v.is_finite() {
        return Err(ShapeError::new(kind, field, "must be a finite number", v));
    }
    if v <= 0.0 {
        return Err(ShapeError::new(kind, field, "must be > 0", v));
    }
    at_most_limit(kind, field, v)
}

/// Checks that a size is at most [`crate::geom::MAX_MAGNITUDE`].
pub(crate) fn at_most_limit(
    kind: &'static str,
    field: &'static str,
    v: f32,
) -> Result<f32, ShapeError> {
    if v > crate::geom::MAX_MAGNITUDE {
        return Err(ShapeError::new(kind, field, "must be ≤ 1e8", v));
    }
    Ok(v)
}
