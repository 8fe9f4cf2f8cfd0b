//! The field being edited and what its queries found: the shapes in a
//! [`Field`], the ray, the query shape, and the results of running them.
//! No drawing, no egui.

use glam::Vec2;
use satlab::broad::{Bounds, Field, FieldHit, FieldStats, LayerMask, PairList, ShapeTags};
use satlab::geom::{penetration, Aabb, Capsule, Circle, Obb, Polygon, Pose, Ray, Ray2, Shape};
use satlab::scene::{capture_field_scene, tree_config, FieldScene, SceneLayers, View};

/// The field document: shapes in their tree, the ray and the query shape.
#[derive(Debug, Clone)]
pub struct FieldModel {
    /// Title written to the file.
    pub name: String,
    /// Notes written to the file.
    pub notes: String,
    /// The shapes and their tree.
    pub field: Field,
    /// The ray cast through the field.
    pub ray: Option<Ray>,
    /// The query shape (an attack area).
    pub query: Option<Shape>,
    /// The file's layer names, matrix and masks (each shape's own layer and
    /// flags live in `field`): kept so that saving loses none of them, and
    /// used by the queries as `satlab check` uses them; the Layers panel
    /// edits them.
    pub layers: SceneLayers,
}

/// Most overlapping pairs the window keeps, lists and draws (the rest are
/// counted): n coincident shapes make n(n-1)/2 pairs.
pub const PAIRS_SHOWN: usize = 4096;

/// What the queries of the current ray and query shape found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldResults {
    /// Every ray hit, sorted by `t`.
    pub hits: Vec<FieldHit>,
    /// Counters of the all-hits ray query.
    pub ray_stats: FieldStats,
    /// Shapes whose bounds the ray meets (the broad phase's candidates), increasing.
    pub ray_candidates: Vec<usize>,
    /// Tree nodes the all-hits ray query entered.
    pub ray_visited: Vec<u32>,
    /// The first hit (nearest-first traversal).
    pub first: Option<FieldHit>,
    /// Counters of the first-hit query.
    pub first_stats: FieldStats,
    /// Shapes whose bounds meet the query shape's bounds, increasing.
    pub query_candidates: Vec<usize>,
    /// Shapes the query shape intersects, increasing.
    pub query_hits: Vec<usize>,
    /// Counters of the query-shape query.
    pub query_stats: FieldStats,
    /// Tree nodes the query-shape query entered.
    pub query_visited: Vec<u32>,
    /// Penetration depth of the query shape into each of `query_hits`
    /// (`None` where it is not defined: an unbounded or non-convex shape).
    pub query_depths: Vec<Option<f32>>,
    /// The first [`PAIRS_SHOWN`] overlapping pairs the collision matrix
    /// allows, with depth and MTV, sorted, and how many there are; empty
    /// unless pairs were asked for.
    pub pairs: PairList,
    /// Counters of the pair search.
    pub pair_stats: FieldStats,
}

impl FieldResults {
    /// Runs the ray and the query shape of `m` through its field, and with
    /// `pairs` counts the overlapping pairs the matrix allows and keeps the
    /// first [`PAIRS_SHOWN`].
    pub fn compute(m: &mut FieldModel, pairs: bool) -> FieldResults {
        let mut r = FieldResults::default();
        if let Some(ray) = m.ray.as_ref().map(Ray2::from_shape) {
            let mask = m.layers.ray_mask.unwrap_or_default();
            let (hits, st) = m.field.raycast_all_masked(&ray, mask);
            r.hits = hits;
            r.ray_stats = st;
            r.ray_visited = m.field.tree().last_visited().to_vec();
            // The tree's candidates are exactly the shapes whose bounds pass
            // the slab test (every such box lies inside the tight box of
            // each node above it, which then passes too), so they can be
            // listed without the tree.
            let inv = Vec2::ONE / ray.dir;
            r.ray_candidates = m
                .field
                .shapes()
                .iter()
                .enumerate()
                .filter(|(_, s)| {
                    let (lo, hi) = s.bounds();
                    Bounds::new(lo, hi)
                        .ray_interval(ray.origin, inv, ray.max_t)
                        .is_some()
                })
                .map(|(i, _)| i)
                .collect();
            let (first, fst) = m.field.raycast_first_masked(&ray, mask);
            r.first = first;
            r.first_stats = fst;
        }
        if let Some(q) = &m.query {
            let (lo, hi) = q.bounds();
            let (cands, _) = m.field.query_bounds(&Bounds::new(lo, hi));
            r.query_candidates = cands;
            let mask = m.layers.query_mask.unwrap_or_default();
            let (hits, st) = m.field.query_shape_masked(q, mask);
            r.query_visited = m.field.tree().last_visited().to_vec();
            let shapes = m.field.shapes();
            r.query_depths = hits
                .iter()
                .map(|&i| {
                    shapes
                        .get(i)
                        .and_then(|s| penetration(q, s))
                        .map(|p| p.depth)
                })
                .collect();
            r.query_hits = hits;
            r.query_stats = st;
        }
        if pairs {
            (r.pairs, r.pair_stats) =
                m.field
                    .overlapping_pairs_first(&m.layers.matrix(), true, PAIRS_SHOWN);
        }
        r
    }
}

impl FieldModel {
    /// The model of a field scene.
    pub fn from_scene(sc: &FieldScene) -> FieldModel {
        FieldModel {
            name: sc.name.clone(),
            notes: sc.notes.clone(),
            field: Field::with_tagged_shapes(
                tree_config(&sc.shapes),
                sc.shapes
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (s.clone(), sc.layers.tags_of(i))),
            ),
            ray: sc.ray.clone(),
            query: sc.query.clone(),
            layers: SceneLayers {
                tags: Vec::new(),
                ..sc.layers.clone()
            },
        }
    }

    /// The layer names in use ([`SceneLayers::effective_names`] with the
    /// shapes' own layers).
    pub fn layer_names(&self) -> Vec<String> {
        self.layers.effective_names_with(self.field.tags())
    }

    /// The ray's mask (every layer when it has none).
    pub fn ray_mask(&self) -> LayerMask {
        self.layers.ray_mask.unwrap_or_default()
    }

    /// The query shape's mask (every layer when it has none).
    pub fn query_mask(&self) -> LayerMask {
        self.layers.query_mask.unwrap_or_default()
    }

    /// A small starting field: a row of boxes and circles with a ray through it.
    pub fn starter() -> FieldModel {
        let mut shapes = Vec::new();
        for i in 0..6 {
            let x = 2.0 + 2.0 * i as f32;
            let p = Pose::at(Vec2::new(x, if i % 2 == 0 { 0.0 } else { 1.8 }));
            let s = if i % 3 == 2 {
                Circle::new(p, 0.6).map(Shape::Circle)
            } else {
                Aabb::new(p, Vec2::splat(0.5)).map(Shape::Aabb)
            };
            shapes.extend(s.ok());
        }
        let ray = Pose::new(Vec2::new(0.0, 0.2), 3.0)
            .ok()
            .and_then(|p| Ray::new(p, None).ok());
        let sc = FieldScene {
            name: "Field".into(),
            notes: String::new(),
            shapes,
            ray,
            query: None,
            view: None,
            expect: None,
            layers: Default::default(),
        };
        FieldModel::from_scene(&sc)
    }

    /// The scene to save: the shapes, ray and query shape, the view, and an
    /// `expect` block filled from what the queries find now.
    pub fn to_scene(&self, view: Option<View>) -> FieldScene {
        capture_field_scene(FieldScene {
            name: self.name.clone(),
            notes: self.notes.clone(),
            shapes: self.field.shapes().to_vec(),
            ray: self.ray.clone(),
            query: self.query.clone(),
            view,
            expect: None,
            layers: SceneLayers {
                tags: self.field.tags().to_vec(),
                ..self.layers.clone()
            },
        })
    }

    /// Replaces the shapes with `shapes` and their layers and flags
    /// (`tags[i]` for shape `i`; the default past its end), refitting the
    /// tree around them.
    pub fn replace_shapes(&mut self, shapes: Vec<Shape>, tags: &[ShapeTags]) {
        let config = tree_config(&shapes);
        self.field = Field::with_tagged_shapes(
            config,
            shapes
                .into_iter()
                .enumerate()
                .map(|(i, s)| (s, tags.get(i).copied().unwrap_or_default())),
        );
    }

    /// The world box around every finite shape bound, the ray origin and the query shape.
    pub fn extent(&self) -> Option<(Vec2, Vec2)> {
        let mut lo = Vec2::splat(f32::INFINITY);
        let mut hi = Vec2::splat(f32::NEG_INFINITY);
        let mut add = |p: Vec2| {
            if p.is_finite() {
                lo = lo.min(p);
                hi = hi.max(p);
            }
        };
        for s in self.field.shapes().iter().chain(self.query.as_ref()) {
            let (a, b) = s.bounds();
            add(a);
            add(b);
        }
        if let Some(r) = &self.ray {
            add(r.origin());
        }
        (lo.x <= hi.x && lo.y <= hi.y).then_some((lo, hi))
    }
}

/// Kinds the generator and the add buttons make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewKind {
    /// A circle.
    Circle,
    /// An axis-aligned box.
    Aabb,
    /// A turned box.
    Obb,
    /// A capsule.
    Capsule,
    /// A triangle.
    Triangle,
}

impl NewKind {
    /// Every kind, in menu order.
    pub const ALL: [NewKind; 5] = [
        NewKind::Circle,
        NewKind::Aabb,
        NewKind::Obb,
        NewKind::Capsule,
        NewKind::Triangle,
    ];

    /// A shape of this kind at `at`, about `size` across, turned `deg` degrees.
    pub fn make(self, at: Vec2, size: f32, deg: f32) -> Option<Shape> {
        let h = size * 0.5;
        let pose = || Pose::new(at, deg).ok();
        match self {
            NewKind::Circle => Circle::new(Pose::at(at), h).ok().map(Shape::Circle),
            NewKind::Aabb => Aabb::new(Pose::at(at), Vec2::new(h, h * 0.7))
                .ok()
                .map(Shape::Aabb),
            NewKind::Obb => Obb::new(pose()?, Vec2::new(h, h * 0.5))
                .ok()
                .map(Shape::Obb),
            NewKind::Capsule => Capsule::new(pose()?, h * 0.6, h * 0.4)
                .ok()
                .map(Shape::Capsule),
            NewKind::Triangle => Polygon::new(
                pose()?,
                &[
                    Vec2::new(-h, -h * 0.8),
                    Vec2::new(h, -h * 0.8),
                    Vec2::new(0.0, h),
                ],
            )
            .ok()
            .map(Shape::Polygon),
        }
    }
}

/// A small deterministic random source (xorshift64*), so a seed gives the same field.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A source seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let v = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (v >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// `n` random shapes in a square around the origin, kinds drawn with the
/// given weights (one per [`NewKind::ALL`]); the square grows with `n` so
/// the density stays about the same. Empty when every weight is zero.
pub fn random_shapes(n: usize, weights: &[u32; 5], seed: u64) -> Vec<Shape> {
    let total: u32 = weights.iter().sum();
    if total == 0 {
        return Vec::new();
    }
    let mut rng = Rng::new(seed);
    let half = (n as f32).sqrt() * 1.5;
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pick = (rng.unit() * total as f32) as u32;
        let mut kind = NewKind::Circle;
        for (k, &w) in NewKind::ALL.iter().zip(weights) {
            if pick < w {
                kind = *k;
                break;
            }
            pick -= w;
        }
        let at = Vec2::new(rng.range(-half, half), rng.range(-half, half));
        let size = rng.range(0.3, 1.2);
        let deg = (rng.range(0.0, 360.0)).round();
        if let Some(s) = kind.make(at, size, deg) {
            out.push(s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn saving_from_the_window_keeps_every_layer_field() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/07-broad-phase");
        for name in [
            "08-ray-through-an-ignored-wall.json",
            "10-inactive-and-disabled-targets.json",
            "11-sector-attack-hits-only-enemies.json",
            "12-layer-matrix-pairs.json",
        ] {
            let Ok(satlab::scene::AnyScene::Field(sc)) = satlab::scene::load_any(&dir.join(name))
            else {
                panic!("{name} is a field scene");
            };
            let mut m = FieldModel::from_scene(&sc);
            let saved = m.to_scene(sc.view);
            assert_eq!(saved.layers, sc.layers, "{name}");
            // What the window finds is what `check` expects.
            assert!(satlab::scene::evaluate_field(&saved).is_empty(), "{name}");
            let (got, want) = (saved.expect.as_ref(), sc.expect.as_ref());
            assert_eq!(got.map(|e| &e.hits), want.map(|e| &e.hits), "{name}");
            assert_eq!(
                got.map(|e| &e.first_hit),
                want.map(|e| &e.first_hit),
                "{name}"
            );
            let r = FieldResults::compute(&mut m, true);
            if let Some(first) = sc.expect.as_ref().and_then(|e| e.first_hit.as_ref()) {
                assert_eq!(
                    r.first.map(|h| h.index),
                    first.as_ref().map(|f| f.shape),
                    "{name}"
                );
            }
        }
    }
}
