//! Validation errors raised by shape constructors.

use crate::common::{ShapeKind, ShapeKind3};
use std::fmt;

/// What a [`ShapeError`] is about: a 2D kind, a 3D kind, or a pose before
/// the shape it is for is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyKind {
    /// A pose on its own ([`crate::geom::Pose::new`]).
    Pose,
    /// A 2D shape.
    Flat(ShapeKind),
    /// A 3D shape.
    Solid(ShapeKind3),
}

impl AnyKind {
    /// The name scene files use (`"circle"`, `"sphere"`), or `"pose"`.
    pub fn name(self) -> &'static str {
        match self {
            AnyKind::Pose => "pose",
            AnyKind::Flat(k) => k.name(),
            AnyKind::Solid(k) => k.name(),
        }
    }
}

impl From<ShapeKind> for AnyKind {
    fn from(k: ShapeKind) -> AnyKind {
        AnyKind::Flat(k)
    }
}

impl From<ShapeKind3> for AnyKind {
    fn from(k: ShapeKind3) -> AnyKind {
        AnyKind::Solid(k)
    }
}

/// A shape parameter that is out of range. Names the shape kind, the field and
/// the offending value, e.g. `circle: radius must be ≥ 0, got -1`.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapeError {
    /// The shape kind (its scene-file name is [`AnyKind::name`]).
    pub kind: AnyKind,
    /// Field name as written in scene files (`"radius"`, `"vertices"`, ...).
    pub field: &'static str,
    /// What the field must satisfy.
    pub rule: Rule,
    /// The offending value, formatted for a person.
    pub value: String,
}

/// What a shape's field must satisfy: one variant per rule the library
/// checks, with the data its message names. Its `Display` is the English
/// rule (`must be ≥ 0`); the app words it in other languages by matching it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// `must be finite` (a position, an angle, a vector).
    Finite,
    /// `must be a finite number` (a size).
    FiniteNumber,
    /// `must be finite and non-zero` (a 3D direction or axis).
    FiniteNonZero,
    /// `must be ≥ 0`.
    NonNegative,
    /// `must be > 0`.
    Positive,
    /// `must be ≤ 1e8`: a size beyond [`crate::common::MAX_MAGNITUDE`].
    AtMostLimit,
    /// `must lie within ±1e8 in x and y`: a position beyond the limit.
    WithinLimit,
    /// `must lie within ±1e8 in x, y and z`: a 3D position beyond the limit.
    WithinLimit3,
    /// `must be in (0, 180]`: a sector's half-angle.
    HalfAngle,
    /// `must be 0 (use an obb to turn a box)`: a turned AABB.
    AabbTurned,
    /// `must be [0, 0, 0] (use an obb to turn a box)`: a turned 3D AABB.
    Aabb3Turned,
    /// `must be finite (vertex n)`.
    VertexNotFinite {
        /// 1-based vertex number.
        vertex: usize,
    },
    /// `must lie within ±1e8 in x and y (vertex n)`.
    VertexBeyondLimit {
        /// 1-based vertex number.
        vertex: usize,
    },
    /// `must lie within ±1e8 in x, y and z (vertex n)`: a 3D triangle
    /// corner or hull point beyond the limit.
    VertexBeyondLimit3 {
        /// 1-based vertex (or hull point) number.
        vertex: usize,
    },
    /// `must hold at least 3 distinct vertices`.
    TooFewVertices,
    /// `must hold at most 100000 vertices`.
    TooManyVertices,
    /// `must enclose an area (they are collinear)`.
    Collinear,
    /// `must form a simple convex polygon (the edges cross)`.
    EdgesCross,
    /// `must form a convex polygon (it turns inward at vertex n)`.
    NotConvex {
        /// 1-based vertex number where the outline turns inward.
        vertex: usize,
    },
    /// `must span at least 1e-12 (the polygon is degenerate: too small)`.
    TooSmall,
    /// `must have at most 256 points` (a 3D hull).
    TooManyPoints,
    /// `must not be empty` (a 3D hull).
    Empty,
    /// `must not all lie on one line` (a 3D hull).
    OnOneLine,
    /// `must include 4 points not in one plane (or ask for a flat hull)`.
    Flat,
    /// `must not all coincide (the hull is too small to have a size)`.
    Coincide,
    /// `must form a hull the builder can resolve in f32` (a 3D hull whose
    /// nearly coplanar points defeated every tolerance tried).
    Unresolved,
}

impl Rule {
    /// The English rule with `{}` where [`Rule::vertex`] goes.
    pub fn template(self) -> &'static str {
        match self {
            Rule::Finite => "must be finite",
            Rule::FiniteNumber => "must be a finite number",
            Rule::FiniteNonZero => "must be finite and non-zero",
            Rule::NonNegative => "must be ≥ 0",
            Rule::Positive => "must be > 0",
            Rule::AtMostLimit => "must be ≤ 1e8",
            Rule::WithinLimit => "must lie within ±1e8 in x and y",
            Rule::WithinLimit3 => "must lie within ±1e8 in x, y and z",
            Rule::HalfAngle => "must be in (0, 180]",
            Rule::AabbTurned => "must be 0 (use an obb to turn a box)",
            Rule::Aabb3Turned => "must be [0, 0, 0] (use an obb to turn a box)",
            Rule::VertexNotFinite { .. } => "must be finite (vertex {})",
            Rule::VertexBeyondLimit { .. } => "must lie within ±1e8 in x and y (vertex {})",
            Rule::VertexBeyondLimit3 { .. } => "must lie within ±1e8 in x, y and z (vertex {})",
            Rule::TooFewVertices => "must hold at least 3 distinct vertices",
            Rule::TooManyVertices => "must hold at most 100000 vertices",
            Rule::Collinear => "must enclose an area (they are collinear)",
            Rule::EdgesCross => "must form a simple convex polygon (the edges cross)",
            Rule::NotConvex { .. } => "must form a convex polygon (it turns inward at vertex {})",
            Rule::TooSmall => "must span at least 1e-12 (the polygon is degenerate: too small)",
            Rule::TooManyPoints => "must have at most 256 points",
            Rule::Empty => "must not be empty",
            Rule::OnOneLine => "must not all lie on one line",
            Rule::Flat => "must include 4 points not in one plane (or ask for a flat hull)",
            Rule::Coincide => "must not all coincide (the hull is too small to have a size)",
            Rule::Unresolved => "must form a hull the builder can resolve in f32",
        }
    }

    /// The 1-based vertex the rule is about, for the rules that name one.
    pub fn vertex(self) -> Option<usize> {
        match self {
            Rule::VertexNotFinite { vertex }
            | Rule::VertexBeyondLimit { vertex }
            | Rule::VertexBeyondLimit3 { vertex }
            | Rule::NotConvex { vertex } => Some(vertex),
            Rule::Finite
            | Rule::FiniteNumber
            | Rule::FiniteNonZero
            | Rule::NonNegative
            | Rule::Positive
            | Rule::AtMostLimit
            | Rule::WithinLimit
            | Rule::WithinLimit3
            | Rule::HalfAngle
            | Rule::AabbTurned
            | Rule::Aabb3Turned
            | Rule::TooFewVertices
            | Rule::TooManyVertices
            | Rule::Collinear
            | Rule::EdgesCross
            | Rule::TooSmall
            | Rule::TooManyPoints
            | Rule::Empty
            | Rule::OnOneLine
            | Rule::Flat
            | Rule::Coincide
            | Rule::Unresolved => None,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.vertex() {
            Some(v) => f.write_str(&self.template().replacen("{}", &v.to_string(), 1)),
            None => f.write_str(self.template()),
        }
    }
}

impl ShapeError {
    pub(crate) fn new(
        kind: impl Into<AnyKind>,
        field: &'static str,
        rule: Rule,
        value: impl fmt::Display,
    ) -> Self {
        ShapeError {
            kind: kind.into(),
            field,
            rule,
            value: value.to_string(),
        }
    }

    /// The same error about a shape of kind `kind`: a pose's error, once the
    /// shape it is for is known.
    pub fn of_kind(self, kind: impl Into<AnyKind>) -> Self {
        ShapeError {
            kind: kind.into(),
            ..self
        }
    }

    /// The rule with its vertex number filled in:
    /// `must be finite (vertex 2)`.
    pub fn rule_text(&self) -> String {
        self.rule.to_string()
    }

    /// The message without the kind: `radius must be ≥ 0, got -1`.
    pub fn detail(&self) -> String {
        format!("{} {}, got {}", self.field, self.rule_text(), self.value)
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail())
    }
}

impl std::error::Error for ShapeError {}

/// Formats a vector as `[x, y]` for messages.
pub(crate) fn fmt_vec(v: glam::Vec2) -> String {
    format!("[{}, {}]", v.x, v.y)
}

/// Checks that a scalar is finite and `≥ 0`.
pub(crate) fn non_negative(
    kind: impl Into<AnyKind>,
    field: &'static str,
    v: f32,
) -> Result<f32, ShapeError> {
    finite_size(kind.into(), field, v, v >= 0.0, Rule::NonNegative)
}

/// Checks that a scalar is finite and `> 0`.
pub(crate) fn positive(
    kind: impl Into<AnyKind>,
    field: &'static str,
    v: f32,
) -> Result<f32, ShapeError> {
    finite_size(kind.into(), field, v, v > 0.0, Rule::Positive)
}

/// A finite size within the limit that satisfies `sign` (else `rule`).
fn finite_size(
    kind: AnyKind,
    field: &'static str,
    v: f32,
    sign: bool,
    rule: Rule,
) -> Result<f32, ShapeError> {
    if !v.is_finite() {
        return Err(ShapeError::new(kind, field, Rule::FiniteNumber, v));
    }
    if !sign {
        return Err(ShapeError::new(kind, field, rule, v));
    }
    at_most_limit(kind, field, v)
}

/// Checks that a size is at most [`crate::common::MAX_MAGNITUDE`].
pub(crate) fn at_most_limit(
    kind: impl Into<AnyKind>,
    field: &'static str,
    v: f32,
) -> Result<f32, ShapeError> {
    let kind: AnyKind = kind.into();
    if v > crate::common::MAX_MAGNITUDE {
        return Err(ShapeError::new(kind, field, Rule::AtMostLimit, v));
    }
    Ok(v)
}

/// Checks that every coordinate of a 3D point lies within
/// ±[`crate::common::MAX_MAGNITUDE`] (NaN fails too); `rule` says which.
pub(crate) fn within_limit3(
    kind: impl Into<AnyKind>,
    field: &'static str,
    rule: Rule,
    p: glam::Vec3,
) -> Result<glam::Vec3, ShapeError> {
    // Written so that NaN fails: `NaN <= m` is false.
    if p.abs()
        .cmple(glam::Vec3::splat(crate::common::MAX_MAGNITUDE))
        .all()
    {
        Ok(p)
    } else {
        Err(ShapeError::new(
            kind,
            field,
            rule,
            format!("[{}, {}, {}]", p.x, p.y, p.z),
        ))
    }
}
