//! The full answer for a field scene, as `satlab eval` prints it: every
//! ray hit, the query shape's hits, the overlapping pairs, the broad
//! phase's counters and the `expect` block's mismatches.

use crate::broad::{FieldHit, FieldStats, LayerMask};
use crate::geom::{Shape, Vec2};
use crate::scene::field::{
    compare, expected_hit, expected_pair, list, run_with_field, PAIRS_LISTED,
};
use crate::scene::words::{describe, n6, p6};
use crate::scene::write::num;
use crate::scene::{Expect, ExpectedHit, ExpectedPair, FieldScene, Mismatch};
use serde::Serialize;
use std::fmt::Write as _;

/// The full answer for a field scene, as `satlab eval` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldReport {
    /// Always `"field"`, so JSON readers can tell the two reports apart.
    pub kind: &'static str,
    /// The scene's name.
    pub name: String,
    /// Every shape in words, by index (with its layer and flags when the
    /// scene has layers).
    pub shapes: Vec<String>,
    /// The layer names, when the scene has layers.
    pub layers: Option<Vec<String>>,
    /// Nodes in the loose quadtree built for the scene.
    pub tree_nodes: usize,
    /// The ray and what it hits, when the scene has a ray.
    pub ray: Option<RayOut>,
    /// The query shape and what it intersects, when the scene has one.
    pub query: Option<QueryOut>,
    /// Every overlapping pair the matrix allows, when the scene has layers
    /// or expects pairs.
    pub pairs: Option<PairsOut>,
    /// The `expect` block and how it compares, when the scene has one.
    pub expect: Option<FieldExpectOut>,
}

/// The overlapping pairs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairsOut {
    /// The first [`PAIRS_LISTED`] pairs, sorted by `a` then `b`.
    pub pairs: Vec<PairOut>,
    /// How many pairs there are, listed or not.
    pub total: u64,
    /// Work of the self-join, counted in pairs.
    pub counters: CountersOut,
}

/// One overlapping pair.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairOut {
    /// The lower shape index.
    pub a: usize,
    /// The higher shape index.
    pub b: usize,
    /// Penetration depth, when defined (both shapes bounded and convex).
    pub depth: Option<f32>,
    /// The translation of `b` that separates them, when defined.
    pub mtv: Option<Vec2>,
}

/// The ray's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RayOut {
    /// The ray in words.
    pub ray: String,
    /// Names of the layers the ray sees, when it has a mask.
    pub mask: Option<Vec<String>>,
    /// Every hit, sorted by `t` then index.
    pub hits: Vec<HitOut>,
    /// Broad-phase work of the all-hits query.
    pub counters: CountersOut,
    /// The first hit (`null` in JSON when the ray hits nothing).
    pub first_hit: Option<HitOut>,
    /// Broad-phase work of the first-hit query.
    pub first_hit_counters: CountersOut,
}

/// One ray hit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HitOut {
    /// Index of the shape.
    pub shape: usize,
    /// Its kind.
    pub kind: &'static str,
    /// Distance along the ray (0 when the ray starts inside).
    pub t: f32,
    /// World hit point.
    pub point: Vec2,
    /// World unit normal at the hit, facing the ray.
    pub normal: Vec2,
}

/// The query shape's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueryOut {
    /// The query shape in words.
    pub query: String,
    /// Names of the layers the query sees, when it has a mask.
    pub mask: Option<Vec<String>>,
    /// Indices of the shapes it intersects, increasing.
    pub hits: Vec<usize>,
    /// Broad-phase work of the query.
    pub counters: CountersOut,
}

/// What a query cost: nodes visited, broad-phase candidates, exact hits,
/// and the shapes skipped for their layer or flags (see [`FieldStats`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CountersOut {
    /// Tree nodes whose bounds (each node's tight box around its subtree) were tested.
    pub nodes_visited: u32,
    /// Shapes whose bounds, layer and flags passed the broad phase.
    pub candidates: u32,
    /// Shapes the exact test confirmed.
    pub hits: u32,
    /// Shapes whose bounds passed but whose layer the mask leaves out.
    pub filtered_by_layer: u32,
    /// Shapes whose bounds passed but that are inactive or disabled.
    pub filtered_by_flag: u32,
}

impl From<FieldStats> for CountersOut {
    fn from(s: FieldStats) -> Self {
        CountersOut {
            nodes_visited: s.nodes_visited,
            candidates: s.candidates,
            hits: s.hits,
            filtered_by_layer: s.filtered_by_layer,
            filtered_by_flag: s.filtered_by_flag,
        }
    }
}

/// The `expect` block of a field scene and its mismatches.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldExpectOut {
    /// Expected ray hits, in order.
    pub hits: Option<Vec<ExpectedHit>>,
    /// Expected first hit: a hit, or the string `"none"` in JSON; `null` when
    /// not checked.
    pub first_hit: Option<serde_json::Value>,
    /// Expected query hits.
    pub query_hits: Option<Vec<usize>>,
    /// Expected pairs.
    pub pairs: Option<Vec<ExpectedPair>>,
    /// The tolerance used.
    pub tolerance: f32,
    /// Differences; empty when the scene passes.
    pub mismatches: Vec<Mismatch>,
}

/// Computes the full report for a field scene.
pub fn field_report(scene: &FieldScene) -> FieldReport {
    let (run, field) = run_with_field(scene);
    let hit_out = |h: &FieldHit| HitOut {
        shape: h.index,
        kind: scene.shapes[h.index].kind().name(),
        t: h.hit.t,
        point: h.hit.point,
        normal: h.hit.normal,
    };
    let l = &scene.layers;
    let mask_names = |m: Option<LayerMask>| {
        let names = l.effective_names();
        m.map(|m| {
            m.layers()
                .filter_map(|x| names.get(x.index()).cloned())
                .collect()
        })
    };
    let ray = match (&scene.ray, &run.hits, &run.first_hit) {
        (Some(r), Some((hits, st)), Some((first, fst))) => Some(RayOut {
            ray: describe(&Shape::Ray(r.clone())),
            mask: mask_names(l.ray_mask),
            hits: hits.iter().map(hit_out).collect(),
            counters: (*st).into(),
            first_hit: first.as_ref().map(hit_out),
            first_hit_counters: (*fst).into(),
        }),
        _ => None,
    };
    let query = match (&scene.query, &run.query_hits) {
        (Some(q), Some((hits, st))) => Some(QueryOut {
            query: describe(q),
            mask: mask_names(l.query_mask),
            hits: hits.clone(),
            counters: (*st).into(),
        }),
        _ => None,
    };
    let expect = scene.expect.as_ref().map(|e| FieldExpectOut {
        hits: e.hits.clone(),
        first_hit: e.first_hit.map(|f| match f {
            None => serde_json::Value::from("none"),
            Some(h) => serde_json::to_value(h).unwrap_or(serde_json::Value::Null),
        }),
        query_hits: e.query_hits.clone(),
        pairs: e.pairs.clone(),
        tolerance: e.tolerance.unwrap_or(Expect::DEFAULT_TOLERANCE),
        mismatches: compare(scene, e, &run, &field),
    });
    let pairs = run.pairs.as_ref().map(|(p, st)| PairsOut {
        total: p.total,
        pairs: p
            .pairs
            .iter()
            .map(|p| PairOut {
                a: p.a,
                b: p.b,
                depth: p.penetration.map(|x| x.depth),
                mtv: p.penetration.map(|x| x.mtv),
            })
            .collect(),
        counters: (*st).into(),
    });
    let with_layers = !l.is_empty();
    let shape_line = |(i, s): (usize, &Shape)| {
        let text = describe(s);
        if !with_layers {
            return text;
        }
        let t = l.tags_of(i);
        let mut tag = format!("layer {}", l.name_of(t.layer));
        if !t.active {
            tag.push_str(", inactive");
        }
        if !t.enabled {
            tag.push_str(", disabled");
        }
        format!("{text} [{tag}]")
    };
    FieldReport {
        kind: "field",
        name: scene.name.clone(),
        shapes: scene.shapes.iter().enumerate().map(shape_line).collect(),
        layers: with_layers.then(|| l.effective_names()),
        tree_nodes: run.tree_nodes,
        ray,
        query,
        pairs,
        expect,
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn counters(c: &CountersOut) -> String {
    let mut s = format!(
        "{} nodes visited, {} candidates, {} hits",
        c.nodes_visited, c.candidates, c.hits
    );
    if c.filtered_by_layer + c.filtered_by_flag > 0 {
        let _ = write!(
            s,
            "; filtered: {} by layer, {} by flag",
            c.filtered_by_layer, c.filtered_by_flag
        );
    }
    s
}

fn pair_line(p: &PairOut) -> String {
    let mut s = format!("shapes {} and {}", p.a, p.b);
    if let (Some(d), Some(m)) = (p.depth, p.mtv) {
        let _ = write!(s, ", depth {}, mtv {}", n6(d), p6(m));
    }
    s
}

fn names(v: &[String]) -> String {
    v.join(", ")
}

fn hit_line(h: &HitOut) -> String {
    format!(
        "shape {} ({}) at t {}, point {}, normal {}",
        h.shape,
        h.kind,
        n6(h.t),
        p6(h.point),
        p6(h.normal)
    )
}

impl FieldReport {
    /// The report as aligned text.
    pub fn table(&self) -> String {
        let mut o = String::new();
        let mut row = |k: &str, v: String| {
            let _ = writeln!(o, "{k:<15}{v}");
        };
        if !self.name.is_empty() {
            row("scene", self.name.clone());
        }
        row(
            "field",
            format!(
                "{}, loose quadtree of {}",
                plural(self.shapes.len(), "shape"),
                plural(self.tree_nodes, "node")
            ),
        );
        if let Some(l) = &self.layers {
            row("layers", names(l));
        }
        for (i, s) in self.shapes.iter().enumerate() {
            row(&format!("  {i}"), s.clone());
        }
        if let Some(r) = &self.ray {
            row("ray", r.ray.clone());
            if let Some(m) = &r.mask {
                row("  mask", names(m));
            }
            row("hits", r.hits.len().to_string());
            for (k, h) in r.hits.iter().enumerate() {
                row(&format!("  {}", k + 1), hit_line(h));
            }
            row("  counters", counters(&r.counters));
            row(
                "first hit",
                r.first_hit.as_ref().map_or_else(|| "none".into(), hit_line),
            );
            row("  counters", counters(&r.first_hit_counters));
        }
        if let Some(q) = &self.query {
            row("query", q.query.clone());
            if let Some(m) = &q.mask {
                row("  mask", names(m));
            }
            row("query hits", list(&q.hits, |i| i.to_string()));
            row("  counters", counters(&q.counters));
        }
        if let Some(p) = &self.pairs {
            row("pairs", p.total.to_string());
            for (k, x) in p.pairs.iter().enumerate() {
                row(&format!("  {}", k + 1), pair_line(x));
            }
            let more = p.total.saturating_sub(p.pairs.len() as u64);
            if more > 0 {
                row(
                    "  …",
                    format!("and {more} more (the first {PAIRS_LISTED} are listed)"),
                );
            }
            row("  counters", counters(&p.counters));
        }
        if let Some(e) = &self.expect {
            let mut want = Vec::new();
            if let Some(h) = &e.hits {
                want.push(format!("hits {}", list(h, expected_hit)));
            }
            match &e.first_hit {
                Some(serde_json::Value::String(s)) => want.push(format!("first_hit {s}")),
                Some(v) => {
                    let mut text = v["shape"].to_string();
                    if let Some(t) = v["t"].as_f64() {
                        let _ = write!(text, " at t {}", num(t as f32));
                    }
                    want.push(format!("first_hit {text}"));
                }
                None => {}
            }
            if let Some(q) = &e.query_hits {
                want.push(format!("query_hits {}", list(q, |i| i.to_string())));
            }
            if let Some(p) = &e.pairs {
                want.push(format!("pairs {}", list(p, expected_pair)));
            }
            row(
                "expect",
                format!("{} (tolerance {})", want.join(", "), num(e.tolerance)),
            );
            if e.mismatches.is_empty() {
                row("check", "all match".into());
            }
            for m in &e.mismatches {
                row("check", format!("MISMATCH {m}"));
            }
        }
        o
    }
}
