//! The full answer for a 3D pair scene, as `satlab eval` prints it: the
//! same rows, SAT grid and `expect` lines as a 2D scene
//! ([`super::EvalReport`]), numbers in the same words.

use super::table::{axes_title, expect_lines, grid, interval, marks, row, Head, AXIS_HEADER};
use super::{ExpectOut, Outcome};
use crate::geom::CONTACT_TOLERANCE;
use crate::geom3d::{distance, intersects, sat_penetration, sat_report3, SatReport3, Shape3, Vec3};
use crate::scene::contacts::scene_manifold3;
use crate::scene::evaluate::evaluate_space;
use crate::scene::impact3::scene_impact3;
use crate::scene::words::{describe3, n6};
use crate::scene::Scene3;
use serde::Serialize;
use std::fmt::Write as _;

/// One SAT axis in a 3D report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Axis3Out {
    /// 1-based number in visiting order.
    pub number: usize,
    /// Where the axis comes from, in words.
    pub source: String,
    /// World unit direction (zero when skipped).
    pub axis: [f32; 3],
    /// A's projection `[min, max]` (absent when skipped).
    pub a: Option<[f32; 2]>,
    /// B's projection `[min, max]` (absent when skipped).
    pub b: Option<[f32; 2]>,
    /// Signed gap: positive = gap, negative = overlap (absent when skipped).
    pub gap: Option<f32>,
    /// Why the axis was skipped, when it was.
    pub skipped: Option<String>,
    /// True when this axis separates the shapes.
    pub separates: bool,
    /// True for the first separating axis.
    pub first_separating: bool,
    /// True for the least-overlap axis of an intersecting pair.
    pub least_overlap: bool,
}

/// Penetration depth and the minimum translation vector, 3D.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Penetration3Out {
    /// Length of the shortest separating translation.
    pub depth: f32,
    /// The translation, applied to B.
    pub mtv: [f32; 3],
}

/// Everything the core computes for a 3D pair scene.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Eval3Report {
    /// The scene's name.
    pub name: String,
    /// Shape A's kind.
    pub a: &'static str,
    /// Shape B's kind.
    pub b: &'static str,
    /// The verdict, the distance and the closest points, as in 2D (flat
    /// in JSON).
    #[serde(flatten)]
    pub outcome: Outcome<[f32; 3]>,
    /// Penetration, when defined (intersecting bounded shapes).
    pub penetration: Option<Penetration3Out>,
    /// The SAT verdict.
    pub sat_intersects: bool,
    /// Every SAT candidate axis, in visiting order: the face normals and
    /// the edge pairs that can separate (not the pruned ones).
    pub axes: Vec<Axis3Out>,
    /// Edge pairs left out of `axes` because they form no face of the
    /// Minkowski difference (the Gauss-map test), so they cannot separate.
    pub pruned: usize,
    /// The contact manifold (the one `check` compares with
    /// `expect.contacts`: points up to the speculative distance
    /// [`SPECULATIVE`](crate::scene::SPECULATIVE) apart), when the shapes
    /// are that close.
    pub contacts: Option<Contacts3Out>,
    /// The motion and the first touch over it, when the scene moves.
    pub motion: Option<Motion3Out>,
    /// The scene's `expect` block and how it compares, when it has one.
    pub expect: Option<ExpectOut>,
}

/// The motion of a 3D scene and when the shapes first touch over it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Motion3Out {
    /// A's translation over the step, world units.
    pub a: [f32; 3],
    /// B's translation over the step, world units.
    pub b: [f32; 3],
    /// The first touch; `null` in JSON when they do not touch over the
    /// step (or B or A is an unbounded ray that does not already touch).
    pub time_of_impact: Option<Impact3Out>,
}

/// A 3D contact manifold, world units.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Contacts3Out {
    /// Unit normal from A to B.
    pub normal: [f32; 3],
    /// One to four points.
    pub points: Vec<Contact3Out>,
}

/// One 3D contact point, world units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Contact3Out {
    /// The midpoint of `point_a` and `point_b` (what `expect.contacts` holds).
    pub point: [f32; 3],
    /// On A's boundary.
    pub point_a: [f32; 3],
    /// On B's boundary.
    pub point_b: [f32; 3],
    /// `(point_b − point_a) · normal`: negative when the shapes overlap
    /// there, positive when apart.
    pub separation: f32,
}

/// The first touch of a moving 3D pair.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Impact3Out {
    /// Time in `[0, 1]`.
    pub t: f32,
    /// The touching point at `t`, world.
    pub point: [f32; 3],
    /// Unit normal from A to B at `t`.
    pub normal: [f32; 3],
    /// Which path decided: `"touching at t = 0"`, `"GJK ray cast (exact)"`,
    /// `"swept SAT (exact)"` or `"conservative advancement"`.
    pub path: &'static str,
}

/// The verdict in 2D's words: separated exactly when [`intersects`] says
/// so; overlapping when deeper than the contact tolerance (by the
/// penetration depth, or by every SAT axis when the depth is not defined).
fn verdict(hit: bool, depth: Option<f32>, sat: &SatReport3) -> &'static str {
    let deep = match depth {
        Some(d) => d > CONTACT_TOLERANCE,
        None => sat
            .axes
            .iter()
            .filter(|t| t.skipped.is_none())
            .all(|t| t.gap < -CONTACT_TOLERANCE),
    };
    match (hit, deep) {
        (false, _) => "separated",
        (true, false) => "touching",
        (true, true) => "overlapping",
    }
}

/// The verdict word under the scene's contact tolerance: the core's
/// `word` (for its verdict `core`), unless the scene's verdict `scene`
/// differs: then "separated" or "touching" (a gap within the scene's
/// tolerance).
fn verdict_under(word: &'static str, core: bool, scene: bool) -> &'static str {
    match (core, scene) {
        (_, false) => "separated",
        (false, true) => "touching",
        (true, true) => word,
    }
}

/// The SAT axes of `sat`, numbered from 1, with their marks.
fn axes(sat: &SatReport3) -> Vec<Axis3Out> {
    sat.axes
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let tested = t.skipped.is_none();
            Axis3Out {
                number: i + 1,
                source: t.source.describe(),
                axis: t.axis.to_array(),
                a: tested.then_some([t.a.min, t.a.max]),
                b: tested.then_some([t.b.min, t.b.max]),
                gap: tested.then_some(t.gap),
                skipped: t.skipped.map(|s| s.describe()),
                separates: tested && t.separates(),
                first_separating: sat.first_separating == Some(i),
                least_overlap: sat.intersects && sat.least_overlap == Some(i),
            }
        })
        .collect()
}

/// The full report for a 3D scene.
pub fn eval_space(scene: &Scene3) -> Eval3Report {
    let (a, b): (&Shape3, &Shape3) = (&scene.a.shape, &scene.b.shape);
    let d = distance(a, b);
    let sat = sat_report3(a, b);
    let core = intersects(a, b);
    let hit = scene.intersects();
    // The SAT's least overlap: the depth and MTV of the axis table below.
    let pen = if hit { sat_penetration(a, b) } else { None };
    Eval3Report {
        name: scene.name.clone(),
        a: a.kind().name(),
        b: b.kind().name(),
        outcome: Outcome {
            a_words: describe3(&scene.a),
            b_words: describe3(&scene.b),
            verdict: verdict_under(verdict(core, pen.map(|p| p.depth), &sat), core, hit),
            intersects: hit,
            contact_tolerance: scene.contact_tolerance,
            distance: d.distance,
            closest_a: d.point_a.to_array(),
            closest_b: d.point_b.to_array(),
        },
        penetration: pen.map(|p| Penetration3Out {
            depth: p.depth,
            mtv: p.mtv.to_array(),
        }),
        sat_intersects: sat.intersects,
        axes: axes(&sat),
        pruned: sat.pruned,
        contacts: scene_manifold3(scene).map(|m| Contacts3Out {
            normal: m.normal.to_array(),
            points: (m.points().iter())
                .map(|p| Contact3Out {
                    point: p.midpoint().to_array(),
                    point_a: p.point_a.to_array(),
                    point_b: p.point_b.to_array(),
                    separation: p.separation,
                })
                .collect(),
        }),
        motion: scene.motion.map(|m| Motion3Out {
            a: m.a.to_array(),
            b: m.b.to_array(),
            time_of_impact: scene_impact3(scene).flatten().map(|h| Impact3Out {
                t: h.t,
                point: h.point.to_array(),
                normal: h.normal.to_array(),
                path: h.path.words(),
            }),
        }),
        expect: scene
            .expect
            .as_ref()
            .map(|e| ExpectOut::of(e, evaluate_space(scene))),
    }
}

/// A 3D point or direction as the table writes it.
fn p3(v: [f32; 3]) -> String {
    let v = Vec3::from(v);
    format!("({}, {}, {})", n6(v.x), n6(v.y), n6(v.z))
}

impl Eval3Report {
    /// The report as an aligned text table, laid out as the 2D one.
    pub fn table(&self) -> String {
        let mut o = String::new();
        Head {
            name: &self.name,
            outcome: &self.outcome,
            point: p3,
            penetration: self.penetration.map(|p| (p.depth, p3(p.mtv))),
            undefined: "not defined (an unbounded shape)",
        }
        .write(&mut o);
        if let Some(c) = &self.contacts {
            let head = format!("{} point(s), normal A→B {}", c.points.len(), p3(c.normal));
            row(&mut o, "contacts", &head);
            for (k, p) in c.points.iter().enumerate() {
                let at = format!("{} separation {}", p3(p.point), n6(p.separation));
                row(&mut o, &format!("  point {}", k + 1), &at);
            }
        }
        if let Some(m) = &self.motion {
            let impact = match m.time_of_impact {
                Some(h) => format!(
                    "t = {} at {}, normal A→B {} ({})",
                    n6(h.t),
                    p3(h.point),
                    p3(h.normal),
                    h.path
                ),
                None => "none over the step".to_string(),
            };
            row(&mut o, "impact", &impact);
        }
        axes_title(&mut o, self.sat_intersects);
        grid(&mut o, &self.axis_rows());
        if self.pruned > 0 {
            let _ = writeln!(
                o,
                "{} edge pairs left out: their Gauss-map arcs do not cross, so they form no face of the Minkowski difference and cannot separate",
                self.pruned
            );
        }
        if let Some(e) = &self.expect {
            expect_lines(&mut o, e);
        }
        o
    }

    /// The SAT grid: the header, then one row per axis (a skipped axis
    /// says why instead of its numbers).
    fn axis_rows(&self) -> Vec<Vec<String>> {
        let mut rows = vec![AXIS_HEADER.map(String::from).to_vec()];
        for t in &self.axes {
            let cells = match (t.a, t.b, t.gap, &t.skipped) {
                (Some(a), Some(b), Some(g), _) => vec![
                    p3(t.axis),
                    interval(a),
                    interval(b),
                    n6(g),
                    marks(t.first_separating, t.separates, t.least_overlap),
                ],
                (_, _, _, why) => {
                    let why = why.as_deref().unwrap_or("not tested");
                    vec![format!("skipped: {why}")]
                }
            };
            rows.push(
                [t.number.to_string(), t.source.clone()]
                    .into_iter()
                    .chain(cells)
                    .collect(),
            );
        }
        rows
    }
}
