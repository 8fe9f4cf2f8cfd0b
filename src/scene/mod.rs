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

// The kit at the bottom: the scenes in memory (model), JSON tree, reader, writer, names, words, errors
// and disk I/O. Above it the format (expect, layers, space, load, save),
// then evaluation (mismatch, contacts, impact3, evaluate, field), then `report`.
// Imports flow one way: down.
mod contacts;
mod error;
mod evaluate;
mod expect;
mod field;
mod files;
mod impact3;
mod json;
mod layers;
mod load;
mod mismatch;
mod model;
mod practice;
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
pub use practice::{practice_json, read_practice, PracticeAsk, PRACTICE_KINDS};
pub use save::{
    field_to_json, save, save_any, save_field, shape_to_json, to_json, write_atomic,
    STALE_TEMPORARY_AGE,
};
pub use schema::{FIELD_FORMAT_VERSION, FORMAT_VERSION, SPACE_FORMAT_VERSION};
pub use space::{placed3_to_json, space_to_json};

// The scenes in memory.
pub use model::{
    Expect, ExpectContactPoint, ExpectContacts, ExpectDepth, ExpectToi, ExpectedHit, ExpectedPair,
    FieldExpect, FieldScene, Motion, Scene, SceneLayers, View,
};
pub use space::{Motion3, Placed3, Rotation3, Scene3};

// Checking a scene against its `expect` block, and capturing one.
pub use contacts::{
    captured, contacts3_of, contacts_of, scene_manifold, scene_manifold3, scene_toi, SPECULATIVE,
};
pub use evaluate::{capture, capture_scene, capture_space, evaluate, evaluate_space};
pub use field::{
    capture_field, capture_field_scene, evaluate_field, run_field, tree_config, FieldRun,
    PAIRS_LISTED,
};
pub use impact3::{scene_impact3, scene_toi3};
pub use mismatch::Mismatch;

// What `satlab eval` prints; the report types are in [`report`].
pub use report::{eval_report, eval_space, field_report};

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
