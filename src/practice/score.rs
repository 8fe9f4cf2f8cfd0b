//! Scoring a learner's answer against a question's, with stated
//! tolerances, and the sentence that says why it was right or wrong.

use super::question::{Kind, Question, Task};
use super::MTV_ANGLE_TOLERANCE_DEG;
use crate::geom::Vec2;

/// Points for a right answer.
pub const POINTS_PER_ANSWER: u32 = 10;

/// What a learner answered (serde: a practice session file keeps the
/// answers given, [`Session`](super::Session)).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Response {
    /// Yes (true) or no (false): do they intersect?
    Verdict(bool),
    /// An axis by its index in the question's list, or `None`: "none separates".
    Axis(Option<usize>),
    /// The two ends of a shadow, world units along the axis (either order).
    Interval([f32; 2]),
    /// How far B was dragged, world units (the MTV question).
    Translation(Vec2),
    /// Where B was put, world units (the touch question).
    Position(Vec2),
    /// A clicked point, world units.
    Point(Vec2),
    /// The clicked contact points, world units.
    Points(Vec<Vec2>),
    /// A number.
    Count(u32),
}

/// An axis a sentence names, with its gap.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedAxis {
    /// Its name in English (`"A face 1 normal"`, `"A1 × B0"`).
    pub name: String,
    /// Where it comes from, for a window to name it in its own language;
    /// `None` for 3D box axes (their textbook names) and axes made by hand.
    pub source: Option<crate::geom::AxisSource>,
    /// Its signed gap, world units: positive = it separates.
    pub gap: f32,
}

/// Why an answer was right or wrong, with the numbers that decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Feedback {
    /// The verdict question.
    Verdict {
        /// What was answered.
        said: bool,
        /// The truth.
        truth: bool,
        /// Distance when apart, minus the depth when overlapping.
        signed_distance: f32,
    },
    /// The picked axis, with its gap (positive: it separates).
    PickedAxis(NamedAxis),
    /// "None separates" was answered.
    PickedNone {
        /// The axis that separates best, when one does.
        separating: Option<NamedAxis>,
    },
    /// A distance to the right answer against the tolerance (projection
    /// ends, touch pose, nearest point, contact points).
    Miss {
        /// What was measured.
        kind: Kind,
        /// How far the answer was off, world units.
        miss: f32,
        /// The tolerance, world units.
        tolerance: f32,
    },
    /// The MTV drag.
    Mtv {
        /// Angle between the drag and the MTV, degrees.
        angle_deg: f32,
        /// Drag length minus the depth, world units.
        length_error: f32,
        /// The depth, world units.
        depth: f32,
        /// The length tolerance, world units.
        tolerance: f32,
    },
    /// The contact points: how many were expected and given.
    ContactCount {
        /// Points of the manifold.
        expected: usize,
        /// Points clicked.
        given: usize,
    },
    /// The axis count.
    Count {
        /// What was answered.
        said: u32,
        /// The truth.
        truth: u32,
    },
    /// The answer does not fit the question (an axis number out of range,
    /// a point for a verdict).
    WrongForm,
}

impl Feedback {
    /// The sentence the window shows, in English.
    pub fn sentence(&self) -> String {
        match self {
            Feedback::Verdict { truth, signed_distance, .. } => match truth {
                true => format!("They overlap by {:.2}: they intersect.", -signed_distance),
                false => format!("A gap of {signed_distance:.2} is left: they do not intersect."),
            },
            Feedback::PickedAxis(NamedAxis { name, gap, .. }) if *gap > 0.0 => {
                format!("Your axis ({name}) shows a gap of {gap:.2}: it separates.")
            }
            Feedback::PickedAxis(NamedAxis { name, gap, .. }) => format!(
                "Your axis ({name}) shows an overlap of {:.2}: it does not separate.",
                -gap
            ),
            Feedback::PickedNone { separating: None } => {
                "Every axis shows an overlap: none separates, they intersect.".into()
            }
            Feedback::PickedNone {
                separating: Some(NamedAxis { name, gap, .. }),
            } => format!("Axis {name} shows a gap of {gap:.2}: it separates them."),
            Feedback::Miss { miss, tolerance, .. } if miss <= tolerance => {
                format!("Off by {miss:.2}, within the tolerance of {tolerance:.2}.")
            }
            Feedback::Miss { miss, tolerance, .. } => {
                format!("Off by {miss:.2}: more than the tolerance of {tolerance:.2}.")
            }
            Feedback::Mtv {
                angle_deg,
                length_error,
                depth,
                tolerance,
            } => format!(
                "Your drag is {angle_deg:.0}° from the MTV (at most {MTV_ANGLE_TOLERANCE_DEG:.0}° \
                 counts) and {length_error:+.2} against the depth {depth:.2} (±{tolerance:.2} counts)."
            ),
            Feedback::ContactCount { expected, given } => format!(
                "The manifold has {expected} contact point(s); you clicked {given}."
            ),
            Feedback::Count { said, truth } if said == truth => {
                format!("Right: SAT tests {truth} candidate axes for this pair.")
            }
            Feedback::Count { said, truth } => {
                format!("SAT tests {truth} candidate axes for this pair, not {said}.")
            }
            Feedback::WrongForm => "That answer does not fit this question.".into(),
        }
    }
}

/// A scored answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Right or wrong.
    pub right: bool,
    /// Points earned: [`POINTS_PER_ANSWER`] when right, else 0.
    pub points: u32,
    /// Why.
    pub feedback: Feedback,
}

fn scored(right: bool, feedback: Feedback) -> Score {
    Score {
        right,
        points: if right { POINTS_PER_ANSWER } else { 0 },
        feedback,
    }
}

/// Distance from `p` to the segment `[a, b]`, world units.
fn to_segment(p: Vec2, [a, b]: [Vec2; 2]) -> f32 {
    crate::geom::closest_point_on_segment(p, a, b).0.distance(p)
}

fn miss(kind: Kind, miss: f32, tolerance: f32) -> Score {
    // Exactly at the tolerance counts; NaN never does.
    scored(
        miss <= tolerance,
        Feedback::Miss {
            kind,
            miss,
            tolerance,
        },
    )
}

fn pick(all: Vec<NamedAxis>, picked: Option<usize>) -> Score {
    match picked {
        Some(i) => match all.into_iter().nth(i) {
            Some(axis) => scored(axis.gap > 0.0, Feedback::PickedAxis(axis)),
            None => scored(false, Feedback::WrongForm),
        },
        None => {
            let best = all
                .into_iter()
                .filter(|a| a.gap > 0.0)
                .max_by(|p, q| p.gap.total_cmp(&q.gap));
            scored(best.is_none(), Feedback::PickedNone { separating: best })
        }
    }
}

/// Scores `response` against `q`'s answer. Tolerances: positions within
/// [`Question::tolerance`] (at the tolerance counts as right); the MTV
/// within [`MTV_ANGLE_TOLERANCE_DEG`] of its direction and the tolerance
/// of its length. A response of the wrong form is wrong, never a panic.
pub fn score(q: &Question, response: &Response) -> Score {
    let tol = q.tolerance();
    match (&q.task, response) {
        (
            Task::Verdict {
                intersects,
                signed_distance,
            },
            Response::Verdict(said),
        ) => scored(
            said == intersects,
            Feedback::Verdict {
                said: *said,
                truth: *intersects,
                signed_distance: *signed_distance,
            },
        ),
        (Task::SeparatingAxis { axes }, Response::Axis(i)) => {
            let named = axes.iter().map(|a| NamedAxis {
                name: a.name.clone(),
                source: a.source,
                gap: a.gap,
            });
            pick(named.collect(), *i)
        }
        (Task::BoxAxes { axes }, Response::Axis(i)) => {
            let named = axes.iter().map(|a| NamedAxis {
                name: a.name.clone(),
                source: None,
                gap: a.gap,
            });
            pick(named.collect(), *i)
        }
        (Task::Projection { interval, .. }, Response::Interval([p, q])) => {
            let (lo, hi) = (p.min(*q), p.max(*q));
            let off = (lo - interval[0]).abs().max((hi - interval[1]).abs());
            miss(Kind::Projection, off, tol)
        }
        (Task::Mtv { mtv }, Response::Translation(v)) => score_mtv(*mtv, *v, tol),
        (Task::Touch { position, .. }, Response::Position(p)) => {
            miss(Kind::Touch, p.distance(*position), tol)
        }
        (Task::ClosestPoint { point }, Response::Point(p)) => {
            miss(Kind::ClosestPoint, p.distance(*point), tol)
        }
        (Task::Contacts { points, .. }, Response::Points(clicks)) => {
            score_contacts(points, clicks, tol)
        }
        (Task::AxisCount { count }, Response::Count(said)) => scored(
            said == count,
            Feedback::Count {
                said: *said,
                truth: *count,
            },
        ),
        (
            Task::Verdict { .. }
            | Task::SeparatingAxis { .. }
            | Task::Projection { .. }
            | Task::Mtv { .. }
            | Task::Touch { .. }
            | Task::ClosestPoint { .. }
            | Task::Contacts { .. }
            | Task::BoxAxes { .. }
            | Task::AxisCount { .. },
            _,
        ) => scored(false, Feedback::WrongForm),
    }
}

fn score_mtv(mtv: Vec2, v: Vec2, tol: f32) -> Score {
    let depth = mtv.length();
    let len = v.length();
    let angle_deg = if len > 0.0 && depth > 0.0 {
        mtv.angle_between(v).abs().to_degrees()
    } else {
        180.0
    };
    let length_error = len - depth;
    let right = angle_deg <= MTV_ANGLE_TOLERANCE_DEG && length_error.abs() <= tol;
    scored(
        right,
        Feedback::Mtv {
            angle_deg,
            length_error,
            depth,
            tolerance: tol,
        },
    )
}

fn score_contacts(points: &[[Vec2; 2]], clicks: &[Vec2], tol: f32) -> Score {
    if points.len() != clicks.len() {
        return scored(
            false,
            Feedback::ContactCount {
                expected: points.len(),
                given: clicks.len(),
            },
        );
    }
    // At most two points: the better of the two pairings.
    let worst = |order: &[usize]| {
        order
            .iter()
            .zip(points)
            .map(|(&k, seg)| to_segment(clicks[k], *seg))
            .fold(0.0f32, f32::max)
    };
    let off = match clicks.len() {
        0 => f32::INFINITY,
        1 => worst(&[0]),
        2 => worst(&[0, 1]).min(worst(&[1, 0])),
        _ => f32::INFINITY,
    };
    miss(Kind::Contacts, off, tol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, Pose, Shape};
    use crate::practice::question::{AxisChoice, Level, Pair};

    /// Two unit discs (size 1 would make the tolerance 1/16): here size 2,
    /// so the tolerance is exactly 0.125.
    fn question(task: Task) -> Question {
        let disc = |x: f32| Shape::Circle(Circle::new(Pose::at(Vec2::new(x, 0.0)), 2.0).unwrap());
        Question {
            number: 1,
            level: Level::One,
            pair: Pair::Flat {
                a: disc(0.0),
                b: disc(5.0),
            },
            task,
            size: 2.0,
        }
    }

    fn right(q: &Question, r: Response) -> bool {
        score(q, &r).right
    }

    #[test]
    fn the_tolerance_is_stated_and_exact() {
        assert_eq!(question(Task::AxisCount { count: 1 }).tolerance(), 0.125);
    }

    #[test]
    fn positions_count_at_the_tolerance_not_beyond() {
        let at = Vec2::new(1.0, 0.5);
        let q = question(Task::Touch {
            motion: Vec2::new(-4.0, 0.0),
            t: 0.5,
            position: at,
        });
        let off = |dx: f32| Response::Position(at + Vec2::new(dx, 0.0));
        assert!(right(&q, off(0.125)), "exactly at the tolerance");
        assert!(right(&q, off(0.124)), "just inside");
        assert!(!right(&q, off(0.126)), "just outside");
        assert!(!right(&q, off(f32::NAN)), "NaN is never right");
        let q = question(Task::ClosestPoint { point: at });
        let off = |dy: f32| Response::Point(at + Vec2::new(0.0, dy));
        assert!(right(&q, off(-0.125)));
        assert!(right(&q, off(-0.124)));
        assert!(!right(&q, off(-0.126)));
        assert_eq!(score(&q, &off(0.0)).points, POINTS_PER_ANSWER);
        assert_eq!(score(&q, &off(1.0)).points, 0);
    }

    #[test]
    fn projection_ends_count_at_the_tolerance_in_either_order() {
        let q = question(Task::Projection {
            axis: Vec2::X,
            side: crate::common::Side::A,
            interval: [-1.0, 1.0],
        });
        assert!(right(&q, Response::Interval([1.0, -1.125])));
        assert!(right(&q, Response::Interval([-1.124, 1.0])));
        assert!(!right(&q, Response::Interval([-1.126, 1.0])));
        assert!(!right(&q, Response::Interval([-1.0, 0.874])));
    }

    #[test]
    fn the_mtv_counts_within_ten_degrees_and_the_length_tolerance() {
        let q = question(Task::Mtv {
            mtv: Vec2::new(0.5, 0.0),
        });
        let turned =
            |deg: f32, len: f32| Response::Translation(Vec2::from_angle(deg.to_radians()) * len);
        assert!(right(&q, turned(0.0, 0.625)), "length at the tolerance");
        assert!(right(&q, turned(0.0, 0.624)));
        assert!(!right(&q, turned(0.0, 0.626)));
        assert!(right(&q, turned(0.0, 0.375)));
        assert!(!right(&q, turned(0.0, 0.374)));
        assert!(right(&q, turned(9.9, 0.5)), "just inside the angle");
        assert!(!right(&q, turned(10.1, 0.5)), "just outside the angle");
        assert!(!right(&q, turned(180.0, 0.5)), "the wrong way");
        assert!(!right(&q, Response::Translation(Vec2::ZERO)));
    }

    #[test]
    fn contact_points_match_in_either_order_and_need_the_right_count() {
        let p = [Vec2::new(-1.0, 0.0), Vec2::new(-1.0, 0.25)];
        let r = [Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.25)];
        let q = question(Task::Contacts {
            normal: Vec2::Y,
            points: vec![p, r],
        });
        // Beside the segment between A's point and B's, 0.125 away.
        let near = |x: f32| Vec2::new(x, 0.1);
        assert!(right(&q, Response::Points(vec![near(1.125), near(-1.0)])));
        assert!(right(&q, Response::Points(vec![near(-1.124), near(1.0)])));
        assert!(!right(&q, Response::Points(vec![near(-1.126), near(1.0)])));
        let one = score(&q, &Response::Points(vec![near(1.0)]));
        assert!(!one.right);
        assert_eq!(
            one.feedback,
            Feedback::ContactCount {
                expected: 2,
                given: 1
            }
        );
    }

    #[test]
    fn axis_picks_are_right_when_the_axis_separates() {
        let axis = |gap: f32, name: &str| AxisChoice {
            axis: Vec2::X,
            gap,
            name: name.into(),
            source: None,
        };
        let apart = question(Task::SeparatingAxis {
            axes: vec![axis(-0.31, "A face 1 normal"), axis(0.5, "B face 2 normal")],
        });
        assert!(!right(&apart, Response::Axis(Some(0))));
        assert!(right(&apart, Response::Axis(Some(1))));
        assert!(!right(&apart, Response::Axis(None)));
        assert_eq!(
            score(&apart, &Response::Axis(Some(0))).feedback.sentence(),
            "Your axis (A face 1 normal) shows an overlap of 0.31: it does not separate."
        );
        assert_eq!(
            score(&apart, &Response::Axis(Some(2))).feedback,
            Feedback::WrongForm
        );
        let overlapping = question(Task::SeparatingAxis {
            axes: vec![axis(-0.31, "A"), axis(-0.5, "B")],
        });
        assert!(right(&overlapping, Response::Axis(None)));
        assert!(!right(&overlapping, Response::Axis(Some(1))));
    }

    #[test]
    fn verdicts_counts_and_wrong_forms() {
        let q = question(Task::Verdict {
            intersects: false,
            signed_distance: 1.0,
        });
        assert!(right(&q, Response::Verdict(false)));
        assert!(!right(&q, Response::Verdict(true)));
        assert!(!right(&q, Response::Count(0)));
        let q = question(Task::AxisCount { count: 15 });
        assert!(right(&q, Response::Count(15)));
        assert!(!right(&q, Response::Count(6)));
        assert!(!right(&q, Response::Verdict(true)));
    }
}
