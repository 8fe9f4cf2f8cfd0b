//! The scenes in memory: a pair scene, a field scene and their `expect`
//! blocks (the 3D scene is in `space.rs`, with its format). Every other
//! file of the module builds on these; they import none of them.

use crate::broad::{Layer, LayerMask, LayerMatrix, ShapeTags};
use crate::geom::{Ray, Shape, Vec2};
use crate::geom3d::Vec3;

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
    /// The gap (world units) up to which the shapes count as touching;
    /// `None`: [`crate::common::CONTACT_TOLERANCE`]. See [`Scene::intersects`].
    pub contact_tolerance: Option<f32>,
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
    /// Penetration depth, for intersecting convex shapes with area, or
    /// that there is none.
    pub penetration: Option<ExpectDepth>,
    /// The contact manifold (2D pair scenes), speculative within
    /// [`super::SPECULATIVE`].
    pub contacts: Option<ExpectContacts>,
    /// The contact manifold of a 3D pair scene (the file's `contacts`, with
    /// `[x, y, z]` vectors), speculative within [`super::SPECULATIVE`].
    pub contacts3: Option<ExpectContacts<Vec3>>,
    /// The time of impact over the scene's `motion` (2D pair scenes).
    pub time_of_impact: Option<ExpectToi>,
    /// Allowed absolute error on the numbers; default [`Expect::DEFAULT_TOLERANCE`].
    pub tolerance: Option<f32>,
    /// Allowed absolute error on the distance; default `tolerance`.
    pub distance_tolerance: Option<f32>,
    /// Allowed absolute error on the penetration depth; default `tolerance`.
    pub penetration_tolerance: Option<f32>,
}

impl Expect {
    /// The tolerance used when a scene gives none.
    pub const DEFAULT_TOLERANCE: f32 = 0.001;

    /// The allowed error on numbers without a tolerance of their own.
    pub fn tol(&self) -> f32 {
        self.tolerance.unwrap_or(Expect::DEFAULT_TOLERANCE)
    }

    /// The allowed error on the distance.
    pub fn distance_tol(&self) -> f32 {
        self.distance_tolerance.unwrap_or(self.tol())
    }

    /// The allowed error on the penetration depth.
    pub fn penetration_tol(&self) -> f32 {
        self.penetration_tolerance.unwrap_or(self.tol())
    }
}

/// The expected penetration of a pair scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExpectDepth {
    /// They overlap this deep (world units).
    Depth(f32),
    /// No penetration: the core gives no depth, or one within the
    /// penetration tolerance (`"penetration": "none"`).
    None,
}

impl serde::Serialize for ExpectDepth {
    /// As the file writes it: a number, or `"none"`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ExpectDepth::Depth(d) => s.serialize_f32(*d),
            ExpectDepth::None => s.serialize_str("none"),
        }
    }
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

/// An expected contact manifold: the normal from A to B (a unit vector;
/// compared by direction) and its points (2D: one or two, `V = Vec2`; 3D:
/// one to four, `V = Vec3`).
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectContacts<V = Vec2> {
    /// Unit normal from A to B.
    pub normal: V,
    /// The points, in any order.
    pub points: Vec<ExpectContactPoint<V>>,
}

/// An expected contact point: the midpoint of the two shapes' points and
/// the separation along the normal (negative when they overlap there).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpectContactPoint<V = Vec2> {
    /// Midpoint of the point on A and the point on B, world units.
    pub point: V,
    /// `(point on B − point on A) · normal`, world units.
    pub separation: f32,
}

/// The expected time of impact over the scene's `motion`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExpectToi {
    /// They first touch at this time in `[0, 1]`.
    At(f32),
    /// They do not touch over the step.
    Never,
}
