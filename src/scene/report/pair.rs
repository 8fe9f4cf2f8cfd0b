//! The full answer for a 2D pair scene, as `satlab eval` prints it: a
//! table for people ([`EvalReport::table`]) or JSON for tools (it is
//! `Serialize`).

use super::table::{axes_title, expect_lines, grid, interval, marks, row, Head, AXIS_HEADER};
use super::{ExpectOut, Outcome};
use crate::geom::{distance, penetration, sat_report, time_of_impact, Shape, Vec2};
use crate::scene::contacts::scene_manifold;
use crate::scene::evaluate::evaluate;
use crate::scene::words::{describe, n6, p6};
use crate::scene::Scene;
use serde::Serialize;
use std::fmt::Write as _;

/// Everything the core computes for a scene.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvalReport {
    /// The scene's name.
    pub name: String,
    /// Shape A as an object in the scene format (what a file would hold).
    pub a: serde_json::Value,
    /// Shape B as an object in the scene format.
    pub b: serde_json::Value,
    /// The verdict, the distance and the closest points (flat in JSON).
    #[serde(flatten)]
    pub outcome: Outcome<Vec2>,
    /// Penetration, when defined (intersecting bounded convex shapes).
    pub penetration: Option<PenetrationOut>,
    /// What the separating axis test saw.
    pub sat: SatOut,
    /// The contact manifold (the one `check` compares with `expect.contacts`:
    /// points up to the speculative distance
    /// [`SPECULATIVE`](crate::scene::SPECULATIVE) apart), when the shapes
    /// are that close.
    pub contacts: Option<ContactsOut>,
    /// The scene's motion and its time of impact, when the scene moves.
    pub motion: Option<MotionOut>,
    /// The scene's `expect` block and how it compares, when it has one.
    pub expect: Option<ExpectOut>,
}

/// A contact manifold, world units.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContactsOut {
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// One or two points.
    pub points: Vec<ContactOut>,
}

/// One contact point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ContactOut {
    /// The midpoint of `point_a` and `point_b` (what `expect.contacts` holds).
    pub point: Vec2,
    /// On A's boundary.
    pub point_a: Vec2,
    /// On B's boundary.
    pub point_b: Vec2,
    /// Negative when the shapes overlap there.
    pub separation: f32,
}

/// The motion of a scene and when the shapes first touch over it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MotionOut {
    /// A's translation over the step.
    pub a: Vec2,
    /// B's translation over the step.
    pub b: Vec2,
    /// The first touch; `null` in JSON when they do not touch over the step.
    pub time_of_impact: Option<ToiOut>,
    /// Why there is no time of impact when it is not computed: a line or an
    /// unbounded ray that does not already touch the other shape.
    pub none_because: Option<&'static str>,
}

/// The first touch of a moving pair.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ToiOut {
    /// Time in `[0, 1]` (0 when they intersect from the start).
    pub t: f32,
    /// Where they touch, world units, at time `t`.
    pub point: Vec2,
    /// Unit normal from A to B at time `t`.
    pub normal: Vec2,
}

/// Penetration depth and the minimum translation vector.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PenetrationOut {
    /// Length of the shortest separating translation.
    pub depth: f32,
    /// The translation, applied to B.
    pub mtv: Vec2,
}

/// The SAT report, flattened for printing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SatOut {
    /// The SAT verdict.
    pub intersects: bool,
    /// Why a wide sector was split into halves, if it was.
    pub split_note: Option<&'static str>,
    /// Every candidate axis, in visiting order.
    pub axes: Vec<AxisOut>,
}

/// One candidate axis.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AxisOut {
    /// 1-based number in visiting order.
    pub number: usize,
    /// Which convex parts (for a split sector), e.g. `"A (right half) / B"`.
    pub parts: String,
    /// Where the axis comes from, in words.
    pub source: String,
    /// World unit direction.
    pub axis: Vec2,
    /// A's projection `[min, max]`; in JSON an unbounded end (line, ray) is
    /// the string `"-inf"` or `"inf"`.
    #[serde(serialize_with = "ends")]
    pub a: [f32; 2],
    /// B's projection `[min, max]`, written like `a`.
    #[serde(serialize_with = "ends")]
    pub b: [f32; 2],
    /// Signed gap: positive = gap, negative = overlap; `"-inf"` in JSON when
    /// an unbounded shape overlaps without end, `null` when undefined.
    #[serde(serialize_with = "extended")]
    pub gap: f32,
    /// True when this axis separates the shapes.
    pub separates: bool,
    /// True for the first separating axis of its part.
    pub first_separating: bool,
    /// True for the least-overlap axis of an intersecting part.
    pub least_overlap: bool,
}

/// A number for JSON: finite as a number, infinite as `"inf"`/`"-inf"`,
/// NaN as `null`.
fn extended<S: serde::Serializer>(v: &f32, s: S) -> Result<S::Ok, S::Error> {
    if v.is_finite() {
        s.serialize_f32(*v)
    } else if v.is_nan() {
        s.serialize_none()
    } else if *v > 0.0 {
        s.serialize_str("inf")
    } else {
        s.serialize_str("-inf")
    }
}

fn ends<S: serde::Serializer>(v: &[f32; 2], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeTuple;
    struct Ext(f32);
    impl Serialize for Ext {
        fn serialize<T: serde::Serializer>(&self, s: T) -> Result<T::Ok, T::Error> {
            extended(&self.0, s)
        }
    }
    let mut t = s.serialize_tuple(2)?;
    t.serialize_element(&Ext(v[0]))?;
    t.serialize_element(&Ext(v[1]))?;
    t.end()
}

/// Why a line or an unbounded ray has no time of impact (unless it
/// already touches: then `t = 0`).
pub const UNBOUNDED_TOI: &str =
    "not computed for lines and unbounded rays; 0 only when they already touch";

/// True when either shape is a line or an unbounded ray.
fn motion_unbounded(a: &Shape, b: &Shape) -> bool {
    !(a.is_bounded() && b.is_bounded())
}

/// Computes the full report for a scene.
pub fn eval_report(scene: &Scene) -> EvalReport {
    let (a, b) = (&scene.a, &scene.b);
    let verdict = scene.verdict();
    let hit = verdict.intersects();
    let d = distance(a, b);
    let pen = if hit {
        penetration(a, b).map(|p| PenetrationOut {
            depth: p.depth,
            mtv: p.mtv,
        })
    } else {
        None
    };
    let sat = sat_report(a, b);
    let axes = sat
        .axes
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let part = sat.parts.get(t.part);
            AxisOut {
                number: i + 1,
                parts: part.map_or_else(String::new, |p| {
                    format!("A{} / B{}", p.a_part.suffix(), p.b_part.suffix())
                }),
                source: t.source.describe(),
                axis: t.axis,
                a: [t.a.min, t.a.max],
                b: [t.b.min, t.b.max],
                gap: t.gap,
                separates: t.separates(),
                first_separating: part.is_some_and(|p| p.first_separating == Some(i)),
                least_overlap: part.is_some_and(|p| !p.separated && p.least_overlap == Some(i)),
            }
        })
        .collect();
    EvalReport {
        name: scene.name.clone(),
        a: shape_value(a),
        b: shape_value(b),
        outcome: Outcome {
            a_words: describe(a),
            b_words: describe(b),
            verdict: verdict.word(),
            intersects: hit,
            contact_tolerance: scene.contact_tolerance,
            distance: d.distance,
            closest_a: d.point_a,
            closest_b: d.point_b,
        },
        penetration: pen,
        sat: SatOut {
            intersects: sat.intersects,
            split_note: sat.split_note(),
            axes,
        },
        contacts: scene_manifold(scene).map(|m| ContactsOut {
            normal: m.normal,
            points: m
                .points()
                .iter()
                .map(|p| ContactOut {
                    point: p.midpoint(),
                    point_a: p.point_a,
                    point_b: p.point_b,
                    separation: p.separation,
                })
                .collect(),
        }),
        motion: scene.motion.map(|m| MotionOut {
            a: m.a,
            b: m.b,
            time_of_impact: time_of_impact(a, m.a, b, m.b).map(|t| ToiOut {
                t: t.t,
                point: t.point,
                normal: t.normal,
            }),
            none_because: (motion_unbounded(a, b) && !hit).then_some(UNBOUNDED_TOI),
        }),
        expect: scene
            .expect
            .as_ref()
            .map(|e| ExpectOut::of(e, evaluate(scene))),
    }
}

/// A shape as a JSON value in the scene format (numbers as the file
/// writes them: the shortest decimal that reads back to the same f32).
fn shape_value(s: &Shape) -> serde_json::Value {
    serde_json::from_str(&crate::scene::save::shape_to_json(s)).unwrap_or(serde_json::Value::Null)
}

impl EvalReport {
    /// The contacts and the time of impact rows of [`EvalReport::table`].
    fn contacts_rows(&self, row: &mut impl FnMut(&str, String)) {
        if let Some(c) = &self.contacts {
            row(
                "contacts",
                format!("{} point(s), normal A→B {}", c.points.len(), p6(c.normal)),
            );
            for (k, p) in c.points.iter().enumerate() {
                row(
                    &format!("  point {}", k + 1),
                    format!("{} separation {}", p6(p.point), n6(p.separation)),
                );
            }
        }
        if let Some(m) = &self.motion {
            let f = |v: Vec2| format!("({:.4}, {:.4})", v.x + 0.0, v.y + 0.0);
            row(
                "impact",
                match m.time_of_impact {
                    Some(t) => format!(
                        "t = {:.4} at {}, normal A→B {}",
                        t.t,
                        f(t.point),
                        f(t.normal)
                    ),
                    None => match m.none_because {
                        Some(why) => format!("none ({why})"),
                        None => "none over the step".to_string(),
                    },
                },
            );
        }
    }

    /// The report as an aligned text table.
    pub fn table(&self) -> String {
        let mut o = String::new();
        Head {
            name: &self.name,
            outcome: &self.outcome,
            point: p6,
            penetration: self.penetration.map(|p| (p.depth, p6(p.mtv))),
            undefined: "not defined (an unbounded or non-convex shape)",
        }
        .write(&mut o);
        self.contacts_rows(&mut |k, v| row(&mut o, k, &v));
        axes_title(&mut o, self.sat.intersects);
        if let Some(note) = self.sat.split_note {
            let _ = writeln!(o, "  {note}");
        }
        grid(&mut o, &self.axis_rows());
        if let Some(e) = &self.expect {
            expect_lines(&mut o, e);
        }
        o
    }

    /// The SAT grid: the header, then one row per axis.
    fn axis_rows(&self) -> Vec<Vec<String>> {
        let split = self.sat.axes.iter().any(|a| a.parts != "A / B");
        let mut rows = vec![AXIS_HEADER.map(String::from).to_vec()];
        for t in &self.sat.axes {
            let source = if split {
                format!("{} [{}]", t.source, t.parts)
            } else {
                t.source.clone()
            };
            rows.push(vec![
                t.number.to_string(),
                source,
                p6(t.axis),
                interval(t.a),
                interval(t.b),
                n6(t.gap),
                marks(t.first_separating, t.separates, t.least_overlap),
            ]);
        }
        rows
    }
}
