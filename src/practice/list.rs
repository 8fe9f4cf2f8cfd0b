//! A set as JSON, the teacher's answer key: the generator's version, and
//! per question its kind, its two shapes in the scene format and the
//! expected answer.

use super::generate::PracticeSet;
use super::question::{Choice, Pair, Question, Task};
use super::GENERATOR_VERSION;
use crate::common::Side;
use crate::scene::{placed3_to_json, shape_to_json};
use serde_json::{json, Value};

fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// A number as its shortest f32 text: `0.9`, not `0.8999999761581421`.
fn n(x: f32) -> Value {
    serde_json::from_str(&x.to_string()).unwrap_or(Value::Null)
}

/// A 2D vector as `[x, y]`.
fn v2(v: glam::Vec2) -> Value {
    json!([n(v.x), n(v.y)])
}

fn side(s: Side) -> &'static str {
    match s {
        Side::A => "a",
        Side::B => "b",
    }
}

/// What the question asks (its parameters) and its answer.
fn task_json(t: &Task) -> (Value, Value) {
    match t {
        Task::Verdict {
            intersects,
            signed_distance,
        } => (
            json!({}),
            json!({"intersects": intersects, "signed_distance": n(*signed_distance)}),
        ),
        Task::SeparatingAxis { axes } => (
            json!({"axes": axes.iter().map(|a| json!({"name": a.name, "axis": v2(a.axis)})).collect::<Vec<_>>()}),
            json!({"separating": axes.iter().filter(|a| a.gap > 0.0).map(|a| a.name.clone()).collect::<Vec<_>>(),
                   "gaps": axes.iter().map(|a| n(a.gap)).collect::<Vec<_>>()}),
        ),
        Task::Projection {
            axis,
            side: s,
            interval,
        } => (
            json!({"axis": v2(*axis), "side": side(*s)}),
            json!({"interval": [n(interval[0]), n(interval[1])]}),
        ),
        Task::Mtv { mtv } => (json!({}), json!({"mtv": v2(*mtv)})),
        Task::Touch {
            motion,
            t,
            position,
        } => (
            json!({"motion": v2(*motion)}),
            json!({"t": n(*t), "position": v2(*position)}),
        ),
        Task::ClosestPoint { point } => (json!({}), json!({"point": v2(*point)})),
        Task::Contacts { normal, points } => (
            json!({}),
            json!({"normal": v2(*normal),
                   "points": points.iter().map(|[p, q]| v2((*p + *q) * 0.5)).collect::<Vec<_>>()}),
        ),
        Task::BoxAxes { axes } => (
            json!({"axes": axes.iter().map(|a| json!({"name": a.name, "axis": [n(a.axis.x), n(a.axis.y), n(a.axis.z)]})).collect::<Vec<_>>()}),
            json!({"separating": axes.iter().filter(|a| a.gap > 0.0).map(|a| a.name.clone()).collect::<Vec<_>>(),
                   "gaps": axes.iter().map(|a| n(a.gap)).collect::<Vec<_>>()}),
        ),
        Task::AxisCount { count } => (json!({}), json!({"count": count})),
    }
}

/// One question as JSON.
pub fn question_json(q: &Question) -> Value {
    let (a, b, dimension) = match &q.pair {
        Pair::Flat { a, b } => (parsed(&shape_to_json(a)), parsed(&shape_to_json(b)), 2),
        Pair::Space { a, b } => (parsed(&placed3_to_json(a)), parsed(&placed3_to_json(b)), 3),
    };
    let (ask, answer) = task_json(&q.task);
    json!({
        "number": q.number,
        "level": q.level.number(),
        "kind": q.kind().name(),
        "prompt": q.kind().prompt(),
        "dimension": dimension,
        "a": a,
        "b": b,
        "ask": ask,
        "answer": answer,
        "size": n(q.size),
        "margin": n(q.margin()),
        "tolerance": n(q.tolerance()),
    })
}

/// The whole set as pretty JSON, ending in a newline. A generated set is
/// named by its generator, seed and level; an authored set by its folder
/// (as given), each question keeping its own level.
pub fn set_json(set: &PracticeSet) -> String {
    let questions = set.questions.iter().map(question_json).collect::<Vec<_>>();
    let v = match &set.folder {
        Some(folder) => json!({
            "folder": folder.to_string_lossy(),
            "count": set.questions.len(),
            "questions": questions,
        }),
        None => json!({
            "generator": GENERATOR_VERSION,
            "seed": set.seed,
            "level": match set.choice {
                Choice::Level(l) => json!(l.number()),
                Choice::Mixed => json!("mixed"),
            },
            "count": set.questions.len(),
            "questions": questions,
        }),
    };
    let mut out = serde_json::to_string_pretty(&v).unwrap_or_default();
    out.push('\n');
    out
}
