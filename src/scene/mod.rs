//! The scene file format (`docs/scene-format.md`). Version 1 holds pair
//! scenes: two shapes, an optional view and an optional `expect` block.
//! Version 2 adds field scenes: many shapes, an optional ray and query
//! shape, and the hits a field query must find; optionally named layers, a
//! collision matrix, each shape's layer and flags, query masks and the
//! overlapping pairs. Version 3 holds 3D pair scenes (`space.rs`).
//!
//! This module holds the in-memory scenes; its submodules load them (with
//! `path:line:column` messages), save them atomically, capture the core's
//! results as an `expect` block, compare them for `satlab check`, and
//! report everything the core finds for `satlab eval` ([`report`]).

// The kit at the bottom: JSON tree, reader, writer, names, words, errors
// and disk I/O. Above it the format (expect, layers, space, load, save),
// then evaluation (mismatch, contacts, evaluate, field), then `report`.
// Imports flow one way: down.
mod contacts;
mod error;
mod evaluate;
mod expect;
mod field;
mod files;
mod json;
mod layers;
mod load;
mod mismatch;
mod read;
pub mod report;
mod save;
mod schema;
mod space;
mod words;
mod write;

// Reading and writing scene files.
pub use error::{cut_chars, quoted, SceneError, MESSAGE_CHARS, QUOTE_CHARS};
pub use files::{find_scenes, read_scene_file, MAX_SCENE_BYTES};
pub use load::{load, load_any, parse, parse_any, parse_any_bytes, parse_bytes, parse_shape};
pub use save::{
    field_to_json, save, save_any, save_field, shape_to_json, to_json, write_atomic,
    STALE_TEMPORARY_AGE,
};
pub use schema::{FIELD_FORMAT_VERSION, FORMAT_VERSION, SPACE_FORMAT_VERSION};
pub use space::space_to_json;

// The scenes in memory (besides the types defined here).
pub use expect::{ExpectContactPoint, ExpectContacts, ExpectToi};
pub use space::{Placed3, Rotation3, Scene3};

// Checking a scene against its `expect` block, and capturing one.
pub use contacts::{captured, contacts_of, scene_manifold, scene_toi, SPECULATIVE};
pub use evaluate::{capture, capture_scene, evaluate, evaluate_space};
pub use field::{
    capture_field, capture_field_scene, evaluate_field, run_field, tree_config, FieldRun,
    PAIRS_LISTED,
};
pub use mismatch::Mismatch;

// What `satlab eval` prints; the report types are in [`report`].
pub use report::{eval_report, eval_space, field_report};

use crate::broad::{Layer, LayerMask, LayerMatrix, ShapeTags};
use crate::geom::{Ray, Shape, Vec2};

/// A scene: two shapes and what a regression run must find for them.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// One-line title; empty when absent.
    pub name: String,
    /// Free text shown beside the scene; empty when absent.
    pub notes: String,
    /// Shape A.
    pub a: Shape,
    /// Shape B.
    pub b: Shape,
    /// Where the camera looks; the app fits both shapes when absent.
    pub view: Option<View>,
    /// How the shapes move over one step, for the time of impact; absent
    /// when they stand still.
    pub motion: Option<Motion>,
    /// What `check` must find.
    pub expect: Option<Expect>,
}

/// Each shape's translation over one step, t ∈ [0, 1]: at time t the shape
/// stands at its pose moved by `t ×` its translation (world units, no
/// rotation). The file's `motion` block; a missing side does not move.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Motion {
    /// A's translation over the step, world units.
    pub a: Vec2,
    /// B's translation over the step, world units.
    pub b: Vec2,
}

/// The camera of a scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// World point at the centre of the canvas.
    pub center: Vec2,
    /// Pixels per world unit.
    pub zoom: f32,
}

/// Expected results, checked by `satlab check`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expect {
    /// The verdict, touching counted as intersecting.
    pub intersects: bool,
    /// Euclidean distance; 0 when they intersect.
    pub distance: Option<f32>,
    /// Penetration depth, for intersecting convex shapes with area.
    pub penetration: Option<f32>,
    /// The contact manifold (2D pair scenes), speculative within
    /// [`SPECULATIVE`].
    pub contacts: Option<ExpectContacts>,
    /// The time of impact over the scene's `motion` (2D pair scenes).
    pub time_of_impact: Option<ExpectToi>,
    /// Allowed absolute error on the numbers; default [`Expect::DEFAULT_TOLERANCE`].
    pub tolerance: Option<f32>,
}

impl Expect {
    /// The tolerance used when a scene gives none.
    pub const DEFAULT_TOLERANCE: f32 = 0.001;
}

/// A field scene (format version 2): many shapes, and a ray and a query
/// shape to test against all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldScene {
    /// One-line title; empty when absent.
    pub name: String,
    /// Free text shown beside the scene; empty when absent.
    pub notes: String,
    /// The shapes, numbered from 0 in the file's order.
    pub shapes: Vec<Shape>,
    /// The ray cast through the field, if any.
    pub ray: Option<Ray>,
    /// The query shape (for instance a sector attack area), if any.
    pub query: Option<Shape>,
    /// Where the camera looks; the app fits the shapes when absent.
    pub view: Option<View>,
    /// What `check` must find.
    pub expect: Option<FieldExpect>,
    /// Layer names, the collision matrix, each shape's layer and flags, and
    /// the query masks; empty (the default) in files that give none.
    pub layers: SceneLayers,
}

/// The layers of a field scene. Every part is optional: no names means one
/// layer, `Default`; no matrix means every layer collides with every layer;
/// a shape without tags is on layer 0, active and enabled; no mask means
/// every layer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SceneLayers {
    /// Layer names by number (at most [`crate::broad::MAX_LAYERS`]); empty
    /// when the file has no `layers`.
    pub names: Vec<String>,
    /// Which layers collide, when the file has a `matrix` (boxed: 128 bytes).
    pub matrix: Option<Box<LayerMatrix>>,
    /// Layer and flags of field shape `i`; shapes past the end of this list
    /// have the default tags.
    pub tags: Vec<ShapeTags>,
    /// The ray's mask, when it has one.
    pub ray_mask: Option<LayerMask>,
    /// The query shape's mask, when it has one.
    pub query_mask: Option<LayerMask>,
    /// Display colour (sRGB bytes) of layer `i`, when the file gives one
    /// (`layer_colors`); the window picks one by number otherwise.
    pub colours: Vec<Option<[u8; 3]>>,
}

impl SceneLayers {
    /// The name a layer 0 has when the file names none.
    pub const DEFAULT_NAME: &'static str = "Default";

    /// True when the scene uses no layer feature (saved exactly as before layers).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
            && self.matrix.is_none()
            && self.tags.iter().all(|t| *t == ShapeTags::default())
            && self.ray_mask.is_none()
            && self.query_mask.is_none()
            && self.colours.iter().all(Option::is_none)
    }

    /// The colour the file gives `layer`, if any.
    pub fn colour_of(&self, layer: Layer) -> Option<[u8; 3]> {
        self.colours.get(layer.index()).copied().flatten()
    }

    /// Layer and flags of field shape `i`.
    pub fn tags_of(&self, i: usize) -> ShapeTags {
        self.tags.get(i).copied().unwrap_or_default()
    }

    /// The collision matrix (every layer with every layer when none is given).
    pub fn matrix(&self) -> LayerMatrix {
        self.matrix.as_deref().copied().unwrap_or_default()
    }

    /// The layer names in use: the given names, or `Default` alone,
    /// extended with `Layer N` up to the highest layer a shape is on.
    pub fn effective_names(&self) -> Vec<String> {
        self.effective_names_with(&self.tags)
    }

    /// [`SceneLayers::effective_names`] for shapes tagged `tags` (kept
    /// elsewhere, as a `Field` keeps them).
    pub fn effective_names_with(&self, tags: &[ShapeTags]) -> Vec<String> {
        let used = tags.iter().map(|t| t.layer.index() + 1).max();
        let n = self.names.len().max(used.unwrap_or(0)).max(1);
        (0..n)
            .map(|i| match self.names.get(i) {
                Some(name) => name.clone(),
                None if i == 0 => Self::DEFAULT_NAME.to_string(),
                None => format!("Layer {i}"),
            })
            .collect()
    }

    /// The name of `layer`.
    pub fn name_of(&self, layer: Layer) -> String {
        self.effective_names()
            .get(layer.index())
            .cloned()
            .unwrap_or_else(|| format!("Layer {}", layer.index()))
    }
}

/// Expected results of a field scene; absent parts are not checked.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldExpect {
    /// Every shape the ray hits, in order of `t`.
    pub hits: Option<Vec<ExpectedHit>>,
    /// The first shape the ray hits: `Some(None)` when it must hit nothing.
    pub first_hit: Option<Option<ExpectedHit>>,
    /// The shapes the query shape intersects, in increasing order.
    pub query_hits: Option<Vec<usize>>,
    /// Every overlapping pair whose layers collide (compared as a set).
    pub pairs: Option<Vec<ExpectedPair>>,
    /// Allowed absolute error on `t` and depths; default [`Expect::DEFAULT_TOLERANCE`].
    pub tolerance: Option<f32>,
}

/// One expected overlapping pair: two shape indices, `a < b`, and
/// optionally the penetration depth.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ExpectedPair {
    /// The lower shape index.
    pub a: usize,
    /// The higher shape index.
    pub b: usize,
    /// Expected penetration depth, when given.
    pub depth: Option<f32>,
}

/// One expected ray hit: a shape index and, optionally, the distance `t`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ExpectedHit {
    /// Index of the shape in [`FieldScene::shapes`].
    pub shape: usize,
    /// Expected distance along the ray, when given.
    pub t: Option<f32>,
}

/// A scene file of either form, as [`load_any`] returns it.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyScene {
    /// Two shapes (version 1, or version 2 with `a` and `b`).
    Pair(Scene),
    /// Many shapes (version 2 with `shapes`).
    Field(FieldScene),
    /// Two 3D shapes (version 3), boxed: far larger than the other forms.
    Space(Box<Scene3>),
}

impl AnyScene {
    /// The scene's title; empty when absent.
    pub fn name(&self) -> &str {
        match self {
            AnyScene::Pair(s) => &s.name,
            AnyScene::Field(s) => &s.name,
            AnyScene::Space(s) => &s.name,
        }
    }

    /// The scene's notes; empty when absent.
    pub fn notes(&self) -> &str {
        match self {
            AnyScene::Pair(s) => &s.notes,
            AnyScene::Field(s) => &s.notes,
            AnyScene::Space(s) => &s.notes,
        }
    }

    /// True when the scene has an `expect` block.
    pub fn has_expect(&self) -> bool {
        match self {
            AnyScene::Pair(s) => s.expect.is_some(),
            AnyScene::Field(s) => s.expect.is_some(),
            AnyScene::Space(s) => s.expect.is_some(),
        }
    }

    /// Every difference between the `expect` block and what satlab computes.
    pub fn evaluate(&self) -> Vec<Mismatch> {
        match self {
            AnyScene::Pair(s) => evaluate(s),
            AnyScene::Field(s) => evaluate_field(s),
            AnyScene::Space(s) => evaluate_space(s),
        }
    }

    /// The scene as the JSON text [`save_any`] writes.
    pub fn to_json(&self) -> String {
        match self {
            AnyScene::Pair(s) => to_json(s),
            AnyScene::Field(s) => field_to_json(s),
            AnyScene::Space(s) => space_to_json(s),
        }
    }
}
