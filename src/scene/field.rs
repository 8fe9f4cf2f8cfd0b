//! Field scenes at work: running their ray and query shape through a
//! [`Field`] (with the scene's layers, flags and masks), listing the
//! overlapping pairs the matrix allows, comparing the results with the
//! `expect` block, and capturing them as one (the report `satlab eval`
//! prints is `report::field_report`).

use super::mismatch::{differs, Mismatch};
use super::model::{Expect, ExpectedHit, ExpectedPair, FieldExpect, FieldScene, SceneLayers, View};
use super::words::n6;
use super::write::num;
use crate::broad::{Field, FieldHit, FieldPair, FieldStats, LayerMask, PairList, TreeConfig};
use crate::geom::{raycast, Ray, Ray2, Shape, Vec2};
use std::fmt::Write as _;

/// The tree settings used for a field scene: the default settings with the
/// root cell fitted around the finite bounds of the shapes (so the counters
/// do not depend on where the scene sits in the world).
pub fn tree_config(shapes: &[Shape]) -> TreeConfig {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for s in shapes {
        let (a, b) = s.bounds();
        for p in [a, b] {
            if p.is_finite() {
                lo = lo.min(p);
                hi = hi.max(p);
            }
        }
    }
    let mut config = TreeConfig::default();
    if lo.x <= hi.x && lo.y <= hi.y {
        let half = ((hi - lo) * 0.5).max_element();
        if half.is_finite() {
            config.root_center = (lo + hi) * 0.5;
            config.root_half_size = half.max(1.0);
        }
    }
    config
}

/// What the field queries of a scene returned; a part is `None` when the
/// scene has no ray (or no query shape).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldRun {
    /// Every ray hit, sorted by `t` then index, with the traversal counters.
    pub hits: Option<(Vec<FieldHit>, FieldStats)>,
    /// The first ray hit (nearest-first traversal), with its counters.
    pub first_hit: Option<(Option<FieldHit>, FieldStats)>,
    /// The shapes the query shape intersects, increasing, with its counters.
    pub query_hits: Option<(Vec<usize>, FieldStats)>,
    /// The first [`PAIRS_LISTED`] overlapping pairs the matrix allows, with
    /// penetration, sorted, and how many there are; `None` when the scene
    /// has no layers and expects no pairs.
    pub pairs: Option<(PairList, FieldStats)>,
    /// Number of nodes in the tree.
    pub tree_nodes: usize,
}

/// How many overlapping pairs a report lists (and a capture records):
/// n coincident shapes make n(n-1)/2 pairs, so the rest are only counted.
pub const PAIRS_LISTED: usize = 1000;

/// True when the scene's pairs are computed and reported: it has layers
/// (names, a matrix, tags or masks) or expects pairs.
fn wants_pairs(scene: &FieldScene) -> bool {
    !scene.layers.is_empty() || scene.expect.as_ref().is_some_and(|e| e.pairs.is_some())
}

/// Builds the scene's field (shapes with their layers and flags) and runs
/// its ray and query shape through it, each with its mask; lists the
/// overlapping pairs when the scene has layers or expects pairs.
pub fn run_field(scene: &FieldScene) -> FieldRun {
    run_with_field(scene).0
}

/// [`run_field`], and the field it built.
pub(super) fn run_with_field(scene: &FieldScene) -> (FieldRun, Field) {
    let l = &scene.layers;
    let mut field = Field::with_tagged_shapes(
        tree_config(&scene.shapes),
        (scene.shapes.iter().cloned()).zip((0..).map(|i| l.tags_of(i))),
    );
    let ray = scene.ray.as_ref().map(Ray2::from_shape);
    let ray_mask = l.ray_mask.unwrap_or(LayerMask::ALL);
    let query_mask = l.query_mask.unwrap_or(LayerMask::ALL);
    let matrix = l.matrix();
    let run = FieldRun {
        hits: ray.map(|r| field.raycast_all_masked(&r, ray_mask)),
        first_hit: ray.map(|r| field.raycast_first_masked(&r, ray_mask)),
        query_hits: (scene.query.as_ref()).map(|q| field.query_shape_masked(q, query_mask)),
        pairs: wants_pairs(scene)
            .then(|| field.overlapping_pairs_first(&matrix, true, PAIRS_LISTED)),
        tree_nodes: field.tree().nodes().count(),
    };
    (run, field)
}

pub(super) fn expected_hit(h: &ExpectedHit) -> String {
    match h.t {
        Some(t) => format!("{} at t {}", h.shape, num(t)),
        None => h.shape.to_string(),
    }
}

fn got_hit(h: &FieldHit) -> String {
    format!("{} at t {}", h.index, n6(h.hit.t))
}

pub(super) fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    let v: Vec<String> = items.iter().map(f).collect();
    format!("[{}]", v.join(", "))
}

/// Every difference between a field scene's `expect` block and what the
/// field queries return; empty when they agree or there is no `expect` block.
///
/// Hits must name the same shapes in the same order, except that two hits
/// whose `t` differ by at most the tolerance may come in either order; a
/// given `t` must match within the tolerance. The expected first hit may be
/// any shape the ray hits within the tolerance of the first `t`. Query hits
/// are compared as sets.
pub fn evaluate_field(scene: &FieldScene) -> Vec<Mismatch> {
    let Some(e) = &scene.expect else {
        return Vec::new();
    };
    let (run, field) = run_with_field(scene);
    compare(scene, e, &run, &field)
}

pub(super) fn compare(
    scene: &FieldScene,
    e: &FieldExpect,
    run: &FieldRun,
    field: &Field,
) -> Vec<Mismatch> {
    let tol = e.tolerance.unwrap_or(Expect::DEFAULT_TOLERANCE);
    let mut out = Vec::new();
    let t_mismatch = |field: &'static str, want: &ExpectedHit, got_t: f32| {
        want.t
            .filter(|t| differs(got_t, *t, tol))
            .map(|t| Mismatch {
                field,
                expected: format!("shape {} at t {}", want.shape, num(t)),
                got: format!("shape {} at t {}", want.shape, n6(got_t)),
                tolerance: Some(tol),
            })
    };
    if let (Some(want), Some((got, _))) = (&e.hits, &run.hits) {
        // t of each shape the ray hits, by shape number (linear, not a search
        // per entry: hit lists may be long).
        let mut t_by_shape: Vec<Option<f32>> = vec![None; scene.shapes.len()];
        for h in got {
            if let Some(slot) = t_by_shape.get_mut(h.index) {
                *slot = Some(h.hit.t);
            }
        }
        let t_of = |i: usize| t_by_shape.get(i).copied().flatten();
        let same_set = want.len() == got.len() && want.iter().all(|w| t_of(w.shape).is_some());
        // In order: no earlier entry's t exceeds a later one's by more than
        // the tolerance, i.e. the largest t so far never does. A NaN t (from
        // numbers near the f32 limits) never reads as out of order.
        let in_order = same_set && {
            let mut most = f32::NEG_INFINITY;
            want.iter().all(|w| {
                let t = t_of(w.shape).unwrap_or(f32::NAN);
                let ok = most.partial_cmp(&(t + tol)) != Some(std::cmp::Ordering::Greater);
                most = most.max(t);
                ok
            })
        };
        if !in_order {
            out.push(Mismatch {
                field: "hits",
                expected: list(want, expected_hit),
                got: list(got, got_hit),
                tolerance: None,
            });
        }
        for w in want {
            if let Some(m) = t_of(w.shape).and_then(|t| t_mismatch("hits", w, t)) {
                out.push(m);
            }
        }
    }
    if let (Some(want), Some((got, _))) = (&e.first_hit, &run.first_hit) {
        match (want, got) {
            (None, None) => {}
            (Some(w), Some(g)) => {
                // Another shape hit within the tolerance of the first t is a tie.
                let t = if g.index == w.shape {
                    Some(g.hit.t)
                } else {
                    let ray = scene.ray.as_ref().map(Ray2::from_shape);
                    let tags = scene.layers.tags_of(w.shape);
                    let seen = tags.usable()
                        && (scene.layers.ray_mask).is_none_or(|m| m.contains(tags.layer));
                    ray.filter(|_| seen)
                        .zip(scene.shapes.get(w.shape))
                        .and_then(|(r, s)| raycast(&r, s))
                        .map(|h| h.t)
                        .filter(|t| *t <= g.hit.t + tol)
                };
                match t {
                    Some(t) => out.extend(t_mismatch("first_hit", w, t)),
                    None => out.push(Mismatch {
                        field: "first_hit",
                        expected: expected_hit(w),
                        got: got_hit(g),
                        tolerance: None,
                    }),
                }
            }
            (w, g) => out.push(Mismatch {
                field: "first_hit",
                expected: w.as_ref().map_or_else(|| "none".into(), expected_hit),
                got: g.as_ref().map_or_else(|| "none".into(), got_hit),
                tolerance: None,
            }),
        }
    }
    out.extend(compare_sets(scene, e, run, field, tol));
    out
}

/// The query hits and the pairs, each compared as a set.
fn compare_sets(
    scene: &FieldScene,
    e: &FieldExpect,
    run: &FieldRun,
    field: &Field,
    tol: f32,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    if let (Some(want), Some((got, _))) = (&e.query_hits, &run.query_hits) {
        let mut sorted = want.clone();
        sorted.sort_unstable();
        if sorted != *got {
            out.push(Mismatch {
                field: "query_hits",
                expected: list(want, |i| i.to_string()),
                got: list(got, |i| i.to_string()),
                tolerance: None,
            });
        }
    }
    if let (Some(want), Some((got, _))) = (&e.pairs, &run.pairs) {
        let matrix = scene.layers.matrix();
        let pair = |a, b| field.pair(a, b, &matrix, true);
        out.extend(compare_pairs(want, got, pair, tol));
    }
    out
}

pub(super) fn expected_pair(p: &ExpectedPair) -> String {
    match p.depth {
        Some(d) => format!("[{}, {}] depth {}", p.a, p.b, num(d)),
        None => format!("[{}, {}]", p.a, p.b),
    }
}

fn got_pair(p: &FieldPair) -> String {
    match p.penetration {
        Some(x) => format!("[{}, {}] depth {}", p.a, p.b, n6(x.depth)),
        None => format!("[{}, {}]", p.a, p.b),
    }
}

/// The listed pairs, then `… and N more` when some are not listed.
fn pair_list(got: &PairList) -> String {
    let mut s = list(&got.pairs, got_pair);
    if !got.is_complete() {
        s.pop();
        let _ = write!(s, ", … and {} more]", got.more());
    }
    s
}

/// Pairs are compared as sets: the same number, and each expected pair is
/// one (looked up in the listed prefix of `got`, else tested by `pair`); a
/// given depth must match within the tolerance.
fn compare_pairs(
    want: &[ExpectedPair],
    got: &PairList,
    pair: impl Fn(usize, usize) -> Option<FieldPair>,
    tol: f32,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let listed = &got.pairs;
    let find = |w: &ExpectedPair| match listed.binary_search_by(|g| (g.a, g.b).cmp(&(w.a, w.b))) {
        Ok(k) => Some(listed[k]),
        Err(_) if got.is_complete() => None,
        Err(_) => pair(w.a, w.b),
    };
    if want.len() as u64 != got.total || want.iter().any(|w| find(w).is_none()) {
        let mut sorted = want.to_vec();
        sorted.sort_unstable_by_key(|p| (p.a, p.b));
        out.push(Mismatch {
            field: "pairs",
            expected: list(&sorted, expected_pair),
            got: pair_list(got),
            tolerance: None,
        });
    }
    for w in want {
        let (Some(d), Some(g)) = (w.depth, find(w)) else {
            continue;
        };
        let depth = g.penetration.map(|x| x.depth);
        if depth.is_none_or(|x| differs(x, d, tol)) {
            out.push(Mismatch {
                field: "pairs",
                expected: expected_pair(w),
                got: depth.map_or_else(
                    || format!("[{}, {}] depth none", w.a, w.b),
                    |_| got_pair(&g),
                ),
                tolerance: Some(tol),
            });
        }
    }
    out
}

/// A field scene whose `expect` block records what the field queries find
/// now: every ray hit with its `t`, the first hit and the query hits. For the
/// app's "capture regression scene"; check the numbers by another route.
pub fn capture_field(
    name: &str,
    notes: &str,
    shapes: &[Shape],
    ray: Option<Ray>,
    query: Option<Shape>,
    view: Option<View>,
) -> FieldScene {
    capture_field_scene(FieldScene {
        name: name.to_string(),
        notes: notes.to_string(),
        shapes: shapes.to_vec(),
        ray,
        query,
        view,
        expect: None,
        layers: SceneLayers::default(),
    })
}

/// `scene` with its `expect` block replaced by what the field queries find
/// now, as [`capture_field`] does; with layers, also every overlapping pair
/// and its depth when there are at most [`PAIRS_LISTED`] (more are not
/// recorded, and then not checked).
pub fn capture_field_scene(mut scene: FieldScene) -> FieldScene {
    scene.expect = None;
    let run = run_field(&scene);
    // A t that is not a finite number cannot be written; keep the shape.
    let as_expected = |h: &FieldHit| ExpectedHit {
        shape: h.index,
        t: Some(h.hit.t).filter(|t| t.is_finite()),
    };
    let pairs = run
        .pairs
        .as_ref()
        .filter(|(p, _)| p.is_complete())
        .map(|(p, _)| {
            p.pairs
                .iter()
                .map(|p| ExpectedPair {
                    a: p.a,
                    b: p.b,
                    depth: p.penetration.map(|x| x.depth).filter(|d| d.is_finite()),
                })
                .collect()
        });
    if run.hits.is_some() || run.query_hits.is_some() || pairs.is_some() {
        scene.expect = Some(FieldExpect {
            hits: run
                .hits
                .as_ref()
                .map(|(h, _)| h.iter().map(as_expected).collect()),
            first_hit: run
                .first_hit
                .as_ref()
                .map(|(h, _)| h.as_ref().map(as_expected)),
            query_hits: run.query_hits.map(|(q, _)| q),
            pairs,
            tolerance: None,
        });
    }
    scene
}
