//! From two shapes and what is asked to a [`Question`]: the answer computed
//! by the library's own queries, and the fairness the issue asks for
//! checked. The generator and `satlab check` on an authored `practice`
//! block both go through [`pose`], so an authored exercise is held to the
//! same margins as a generated one.

use super::question::{AxisChoice, AxisChoice3, Level, Pair, Question, Task};
use super::{MARGIN_FRACTION, MIN_AXIS_ANGLE_DEG, MIN_SIZE, VIEW_HALF};
use crate::common::Side;
use crate::geom::{
    contact_manifold, distance, penetration, project, sat_report, time_of_impact, Shape, Vec2,
};
use crate::geom3d::classic::{obb_obb_trace, ObbAxis};
use crate::geom3d::{sat_report3, Shape3};

/// What a question asks, before its answer is known: the scene format's
/// `practice` block.
pub use crate::scene::PracticeAsk as Ask;

/// Why two shapes and a question do not make a fair exercise.
#[derive(Debug, Clone, PartialEq)]
pub enum Unfair {
    /// The question needs the other dimension, or other shape kinds.
    WrongShapes(&'static str),
    /// A shape is smaller than [`MIN_SIZE`] or reaches outside the view
    /// (±[`VIEW_HALF`]).
    Size,
    /// Gap or depth (world units) closer to touching than the margin.
    NearTouch {
        /// Distance, or minus the depth.
        signed_distance: f32,
        /// The margin it must clear.
        margin: f32,
    },
    /// A candidate axis's gap is within the margin of zero.
    AxisNearZero {
        /// The axis's name.
        axis: String,
        /// Its gap, world units.
        gap: f32,
    },
    /// Two candidate axes are closer than [`MIN_AXIS_ANGLE_DEG`].
    AxesAlike,
    /// The least overlap is not unique: another direction is within the
    /// margin of it.
    MtvTie {
        /// The least overlap.
        depth: f32,
        /// The next one.
        next: f32,
    },
    /// The motion does not reach A clearly: no touch, a touch at the very
    /// start or end, or only a graze.
    NoClearTouch,
    /// The nearest point is not well defined (B inside A, or too near).
    NoNearestPoint,
    /// The boxes are not resting on each other with clear contact points.
    NoClearContacts,
    /// An axis parameter that is zero or not finite.
    BadAxis,
}

impl Unfair {
    /// The reason in English, for `satlab check`.
    pub fn describe(&self) -> String {
        match self {
            Unfair::WrongShapes(what) => format!("the question needs {what}"),
            Unfair::Size => format!(
                "each shape must be at least {MIN_SIZE} across and lie within ±{VIEW_HALF} of the origin"
            ),
            Unfair::NearTouch {
                signed_distance,
                margin,
            } => format!(
                "the shapes are {signed_distance:.3} from touching (negative: overlap); \
                 a fair exercise keeps at least {margin:.3} (a tenth of their size)"
            ),
            Unfair::AxisNearZero { axis, gap } => format!(
                "the gap on axis {axis} is {gap:.3}: too near zero to tell whether it separates"
            ),
            Unfair::AxesAlike => format!(
                "two candidate axes are less than {MIN_AXIS_ANGLE_DEG}° apart: a click cannot tell them apart"
            ),
            Unfair::MtvTie { depth, next } => format!(
                "the least overlap {depth:.3} is not unique: another direction overlaps by {next:.3}"
            ),
            Unfair::NoClearTouch => {
                "B's motion must first touch A clearly, between 15 % and 85 % of the way".into()
            }
            Unfair::NoNearestPoint => "B must lie clearly outside A".into(),
            Unfair::NoClearContacts => {
                "the boxes must rest on each other with one or two well separated contact points"
                    .into()
            }
            Unfair::BadAxis => "the axis or motion must be a finite, non-zero direction".into(),
        }
    }
}

/// How big a 2D shape is: the larger half-extent of its bounds, world units.
pub fn half_size(s: &Shape) -> f32 {
    let (lo, hi) = s.bounds();
    ((hi - lo) * 0.5).max_element()
}

/// How big a 3D shape is: the largest half-extent of its bounds, world units.
pub fn half_size3(s: &Shape3) -> f32 {
    let (lo, hi) = s.bounds();
    ((hi - lo) * 0.5).max_element()
}

/// Distance when apart, minus the penetration depth when they overlap,
/// world units; `None` when the library has no depth for the pair.
pub fn signed_distance(a: &Shape, b: &Shape) -> Option<f32> {
    match penetration(a, b) {
        Some(p) => Some(-p.depth),
        None => {
            let d = distance(a, b).distance;
            (d.is_finite() && d > 0.0).then_some(d)
        }
    }
}

/// [`signed_distance`] in 3D.
pub fn signed_distance3(a: &Shape3, b: &Shape3) -> Option<f32> {
    match crate::geom3d::penetration(a, b) {
        Some(p) => Some(-p.depth),
        None => {
            let d = crate::geom3d::distance(a, b).distance;
            (d.is_finite() && d > 0.0).then_some(d)
        }
    }
}

/// The shapes' size: the smaller of their half sizes (a point counts for
/// nothing), world units.
fn pair_size(a: f32, b: f32) -> f32 {
    match (a > 0.0, b > 0.0) {
        (true, true) => a.min(b),
        (true, false) => a,
        (false, true) => b,
        (false, false) => 0.0,
    }
}

fn on_screen(lo: &[f32], hi: &[f32]) -> bool {
    lo.iter()
        .chain(hi)
        .all(|v| v.is_finite() && v.abs() <= VIEW_HALF)
}

/// Computes the answer of `ask` on `pair` and checks that the exercise is
/// fair: the shapes keep [`MARGIN_FRACTION`] of their size from touching,
/// and what the kind asks has a margin of its own (see [`Unfair`]).
pub fn pose(number: u32, level: Level, pair: Pair, ask: Ask) -> Result<Question, Unfair> {
    let (size, task) = match &pair {
        Pair::Flat { a, b } => {
            for s in [a, b] {
                let (lo, hi) = s.bounds();
                if !s.is_bounded() || !s.is_convex() || !on_screen(&lo.to_array(), &hi.to_array()) {
                    return Err(Unfair::Size);
                }
            }
            let size = pair_size(half_size(a), half_size(b));
            (size, flat_task(a, b, ask, size)?)
        }
        Pair::Space { a, b } => {
            for s in [&a.shape, &b.shape] {
                let (lo, hi) = s.bounds();
                if !s.is_bounded() || !on_screen(&lo.to_array(), &hi.to_array()) {
                    return Err(Unfair::Size);
                }
            }
            let size = pair_size(half_size3(&a.shape), half_size3(&b.shape));
            (size, space_task(&a.shape, &b.shape, ask, size)?)
        }
    };
    Ok(Question {
        number,
        level,
        pair,
        task,
        size,
    })
}

fn clear(signed: Option<f32>, margin: f32) -> Result<f32, Unfair> {
    let s = signed.ok_or(Unfair::WrongShapes("two bounded convex shapes"))?;
    if s.abs() < margin {
        return Err(Unfair::NearTouch {
            signed_distance: s,
            margin,
        });
    }
    Ok(s)
}

fn flat_task(a: &Shape, b: &Shape, ask: Ask, size: f32) -> Result<Task, Unfair> {
    if size < MIN_SIZE {
        return Err(Unfair::Size);
    }
    let margin = MARGIN_FRACTION * size;
    let signed = clear(signed_distance(a, b), margin)?;
    match ask {
        Ask::Verdict => Ok(Task::Verdict {
            intersects: signed < 0.0,
            signed_distance: signed,
        }),
        Ask::SeparatingAxis => separating_axis(a, b, margin),
        Ask::Projection { axis, side } => {
            let unit = axis.try_normalize().ok_or(Unfair::BadAxis)?;
            let shape = match side {
                Side::A => a,
                Side::B => b,
            };
            let i = project(shape, unit).ok_or(Unfair::WrongShapes("a convex shape"))?;
            Ok(Task::Projection {
                axis: unit,
                side,
                interval: [i.min, i.max],
            })
        }
        Ask::Mtv => mtv(a, b, margin),
        Ask::Touch { motion } => touch(a, b, motion, margin),
        Ask::ClosestPoint => closest_point(a, b, margin),
        Ask::Contacts => contacts(a, b, size),
        Ask::BoxAxes | Ask::AxisCount => Err(Unfair::WrongShapes("two 3D shapes")),
    }
}

fn separating_axis(a: &Shape, b: &Shape, margin: f32) -> Result<Task, Unfair> {
    let report = sat_report(a, b);
    if report.is_split() {
        return Err(Unfair::WrongShapes(
            "convex shapes (a sector of at most 90°)",
        ));
    }
    let axes: Vec<AxisChoice> = report
        .axes
        .iter()
        .map(|t| AxisChoice {
            axis: t.axis,
            gap: t.gap,
            name: t.source.describe(),
            source: Some(t.source),
        })
        .collect();
    if let Some(t) = axes.iter().find(|t| t.gap.is_nan() || t.gap.abs() < margin) {
        return Err(Unfair::AxisNearZero {
            axis: t.name.clone(),
            gap: t.gap,
        });
    }
    let cos = MIN_AXIS_ANGLE_DEG.to_radians().cos();
    for (i, p) in axes.iter().enumerate() {
        if axes[i + 1..].iter().any(|q| p.axis.dot(q.axis).abs() > cos) {
            return Err(Unfair::AxesAlike);
        }
    }
    Ok(Task::SeparatingAxis { axes })
}

fn mtv(a: &Shape, b: &Shape, margin: f32) -> Result<Task, Unfair> {
    let p = penetration(a, b).ok_or(Unfair::NearTouch {
        signed_distance: f32::NAN,
        margin,
    })?;
    // Every way out SAT knows: each candidate axis, both directions.
    let report = sat_report(a, b);
    let mut outs: Vec<f32> = report
        .axes
        .iter()
        .flat_map(|t| [t.a.max - t.b.min, t.b.max - t.a.min])
        .collect();
    outs.sort_by(f32::total_cmp);
    let (depth, next) = match outs.as_slice() {
        [first, second, ..] => (*first, *second),
        [first] => (*first, f32::INFINITY),
        [] => return Err(Unfair::WrongShapes("two bounded convex shapes")),
    };
    if next - depth < margin || (depth - p.depth).abs() > 1e-3 * (1.0 + p.depth) {
        return Err(Unfair::MtvTie { depth, next });
    }
    Ok(Task::Mtv { mtv: p.mtv })
}

fn moved(s: &Shape, by: Vec2) -> Shape {
    let mut m = s.clone();
    m.set_position(s.pose().position() + by);
    m
}

fn touch(a: &Shape, b: &Shape, motion: Vec2, margin: f32) -> Result<Task, Unfair> {
    if !motion.is_finite() || motion.length() < margin {
        return Err(Unfair::BadAxis);
    }
    let hit = time_of_impact(a, Vec2::ZERO, b, motion).ok_or(Unfair::NoClearTouch)?;
    if !(0.15..=0.85).contains(&hit.t) {
        return Err(Unfair::NoClearTouch);
    }
    // No graze: at the end of the motion B is clearly inside.
    let end = signed_distance(a, &moved(b, motion)).ok_or(Unfair::NoClearTouch)?;
    if end > -margin {
        return Err(Unfair::NoClearTouch);
    }
    Ok(Task::Touch {
        motion,
        t: hit.t,
        position: b.pose().position() + motion * hit.t,
    })
}

fn closest_point(a: &Shape, b: &Shape, margin: f32) -> Result<Task, Unfair> {
    // Two pairs only: any other, a kind added later included, is refused.
    let target = if let (Shape::Aabb(_), Shape::Circle(c)) = (a, b) {
        c.center()
    } else if let (Shape::Segment(_), Shape::Point(p)) = (a, b) {
        p.position()
    } else {
        return Err(Unfair::WrongShapes(
            "A an AABB and B a circle, or A a segment and B a point",
        ));
    };
    let probe = Shape::Point(crate::geom::Point::new(target).map_err(|_| Unfair::NoNearestPoint)?);
    let d = distance(a, &probe);
    if d.distance < margin {
        return Err(Unfair::NoNearestPoint);
    }
    Ok(Task::ClosestPoint { point: d.point_a })
}

fn contacts(a: &Shape, b: &Shape, size: f32) -> Result<Task, Unfair> {
    let margin = MARGIN_FRACTION * size;
    let boxes = |s: &Shape| matches!(s, Shape::Aabb(_) | Shape::Obb(_));
    if !(boxes(a) && boxes(b)) {
        return Err(Unfair::WrongShapes("two boxes (AABB or OBB)"));
    }
    // The normal must be unique, as for the MTV.
    let Task::Mtv { mtv } = mtv(a, b, margin)? else {
        return Err(Unfair::NoClearContacts);
    };
    let m = contact_manifold(a, b, 0.0).ok_or(Unfair::NoClearContacts)?;
    let points: Vec<[Vec2; 2]> = m.points().iter().map(|p| [p.point_a, p.point_b]).collect();
    let apart = match points.as_slice() {
        [p, q] => (p[0] + p[1] - q[0] - q[1]).length() * 0.5,
        [_] => f32::INFINITY,
        _ => 0.0,
    };
    let aligned = m.normal.dot(mtv.normalize_or_zero()) > 0.99;
    // Two points at least four tolerances apart: a click cannot be near both.
    if apart < 4.0 * super::TOLERANCE_FRACTION * size || !aligned {
        return Err(Unfair::NoClearContacts);
    }
    Ok(Task::Contacts {
        normal: m.normal,
        points,
    })
}

fn space_task(a: &Shape3, b: &Shape3, ask: Ask, size: f32) -> Result<Task, Unfair> {
    if size < MIN_SIZE {
        return Err(Unfair::Size);
    }
    let margin = MARGIN_FRACTION * size;
    let signed = clear(signed_distance3(a, b), margin)?;
    match ask {
        Ask::Verdict => Ok(Task::Verdict {
            intersects: signed < 0.0,
            signed_distance: signed,
        }),
        Ask::BoxAxes => box_axes(a, b, margin),
        Ask::AxisCount => {
            let r = sat_report3(a, b);
            let count = u32::try_from(r.axes.len() + r.pruned).unwrap_or(u32::MAX);
            Ok(Task::AxisCount { count })
        }
        Ask::SeparatingAxis
        | Ask::Projection { .. }
        | Ask::Mtv
        | Ask::Touch { .. }
        | Ask::ClosestPoint
        | Ask::Contacts => Err(Unfair::WrongShapes("two 2D shapes")),
    }
}

/// The textbook name of one of the 15 axes: `"A0"`, `"B2"`, `"A1 × B0"`.
pub fn obb_axis_name(k: ObbAxis) -> String {
    match k {
        ObbAxis::A(i) => format!("A{i}"),
        ObbAxis::B(j) => format!("B{j}"),
        ObbAxis::Cross(i, j) => format!("A{i} × B{j}"),
    }
}

fn box_axes(a: &Shape3, b: &Shape3, margin: f32) -> Result<Task, Unfair> {
    let ((ca, ma, ha), (cb, mb, hb)) = a
        .box_frame()
        .zip(b.box_frame())
        .ok_or(Unfair::WrongShapes("two 3D boxes"))?;
    let o = ca;
    let trace = obb_obb_trace(ca - o, ma, ha, cb - o, mb, hb);
    let mut axes = Vec::with_capacity(15);
    // Edges parallel to the last bit have no cross axis: not offered.
    for t in trace.axes.iter().filter(|t| !t.skipped) {
        let name = obb_axis_name(t.axis);
        if t.gap.is_nan() || t.gap.abs() < margin {
            return Err(Unfair::AxisNearZero {
                axis: name,
                gap: t.gap,
            });
        }
        let dir = match t.axis {
            ObbAxis::A(i) => ma.col(usize::from(i)),
            ObbAxis::B(j) => mb.col(usize::from(j)),
            ObbAxis::Cross(i, j) => ma.col(usize::from(i)).cross(mb.col(usize::from(j))),
        };
        axes.push(AxisChoice3 {
            axis: dir.normalize_or_zero(),
            gap: t.gap,
            name,
        });
    }
    Ok(Task::BoxAxes { axes })
}
