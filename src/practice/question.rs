//! What a practice question is: its level, its kind, the two shapes, what it
//! asks and the answer the library computed.

use crate::common::Side;
use crate::geom::{Shape, Vec2};
use crate::geom3d::{Shape3, Vec3};
use crate::scene::Placed3;

/// A level of difficulty: which shapes, which dimension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 1: circles and AABBs.
    One,
    /// 2: OBBs and convex polygons.
    Two,
    /// 3: capsules, segments and sectors.
    Three,
    /// 4: 3D boxes and spheres, separated on face axes.
    Four,
    /// 5: 3D boxes separated on an edge × edge axis only.
    Five,
}

impl Level {
    /// Every level, in order.
    pub const ALL: [Level; 5] = [
        Level::One,
        Level::Two,
        Level::Three,
        Level::Four,
        Level::Five,
    ];

    /// The level's number, 1 to 5.
    pub fn number(self) -> u8 {
        match self {
            Level::One => 1,
            Level::Two => 2,
            Level::Three => 3,
            Level::Four => 4,
            Level::Five => 5,
        }
    }

    /// The level numbered `n` (1 to 5).
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.number() == n)
    }

    /// The question kinds this level draws, each about equally often, in
    /// the order of [`Kind::ALL`].
    pub fn kinds(self) -> Vec<Kind> {
        Kind::ALL.into_iter().filter(|k| k.drawn_at(self)).collect()
    }

    /// True for the 3D levels.
    pub fn is_3d(self) -> bool {
        match self {
            Level::One | Level::Two | Level::Three => false,
            Level::Four | Level::Five => true,
        }
    }
}

/// Which levels a set draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// One level.
    Level(Level),
    /// Each question from a level drawn at random.
    Mixed,
}

/// What a question asks, without its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Do they intersect? (2D or 3D)
    Verdict,
    /// Pick an axis that separates them, or "none separates" (2D).
    SeparatingAxis,
    /// The two ends of a shape's shadow on a drawn axis (2D).
    Projection,
    /// Drag B out of A the shortest way (2D).
    Mtv,
    /// Drag B along its direction of motion to where they first touch (2D).
    Touch,
    /// The point of A nearest B's centre (box and disc), or of a segment
    /// nearest a point (2D).
    ClosestPoint,
    /// Where a physics engine puts the contact points of two resting boxes (2D).
    Contacts,
    /// Which of the 15 axes of two 3D boxes separates them, or none.
    BoxAxes,
    /// How many candidate axes SAT tests for a 3D pair.
    AxisCount,
}

impl Kind {
    /// Every kind, in the order of the issue.
    pub const ALL: [Kind; 9] = [
        Kind::Verdict,
        Kind::SeparatingAxis,
        Kind::Projection,
        Kind::Mtv,
        Kind::Touch,
        Kind::ClosestPoint,
        Kind::Contacts,
        Kind::BoxAxes,
        Kind::AxisCount,
    ];

    /// The name in files and on the command line: `"separating_axis"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Verdict => "verdict",
            Kind::SeparatingAxis => "separating_axis",
            Kind::Projection => "projection",
            Kind::Mtv => "mtv",
            Kind::Touch => "touch",
            Kind::ClosestPoint => "closest_point",
            Kind::Contacts => "contacts",
            Kind::BoxAxes => "box_axes",
            Kind::AxisCount => "axis_count",
        }
    }

    /// True when level `level` draws this kind: the 2D kinds at the 2D
    /// levels (closest points not at level 2, contacts not at level 3), the
    /// 3D kinds at the 3D levels, verdicts everywhere.
    fn drawn_at(self, level: Level) -> bool {
        match self {
            Kind::Verdict => true,
            Kind::SeparatingAxis | Kind::Projection | Kind::Mtv | Kind::Touch => !level.is_3d(),
            Kind::ClosestPoint => matches!(level, Level::One | Level::Three),
            Kind::Contacts => matches!(level, Level::One | Level::Two),
            Kind::BoxAxes | Kind::AxisCount => level.is_3d(),
        }
    }

    /// The kind named `name` (see [`Kind::name`]).
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The question in English, as the window asks it.
    pub fn prompt(self) -> &'static str {
        match self {
            Kind::Verdict => "Do A and B intersect?",
            Kind::SeparatingAxis => {
                "Click an axis that separates A and B, or answer that none does."
            }
            Kind::Projection => "Click the two ends of the named shape's shadow on the drawn axis.",
            Kind::Mtv => "Drag B out of A the shortest way.",
            Kind::Touch => "Drag B along its arrow to where it first touches A.",
            Kind::ClosestPoint => "Click the point of A nearest to B.",
            Kind::Contacts => "Click where a physics engine puts the contact points (one or two).",
            Kind::BoxAxes => "Which of the 15 axes separates the two boxes? Or none?",
            Kind::AxisCount => "How many candidate axes does SAT test for this pair?",
        }
    }
}

/// The two shapes of a question.
#[derive(Debug, Clone, PartialEq)]
pub enum Pair {
    /// Two 2D shapes, A first.
    Flat {
        /// Shape A.
        a: Shape,
        /// Shape B.
        b: Shape,
    },
    /// Two 3D shapes, with their rotations as the scene format writes them.
    Space {
        /// Shape A.
        a: Box<Placed3>,
        /// Shape B.
        b: Box<Placed3>,
    },
}

impl Pair {
    /// The 3D shapes, when the pair is 3D.
    pub fn space(&self) -> Option<(&Shape3, &Shape3)> {
        match self {
            Pair::Flat { .. } => None,
            Pair::Space { a, b } => Some((&a.shape, &b.shape)),
        }
    }

    /// The 2D shapes, when the pair is 2D.
    pub fn flat(&self) -> Option<(&Shape, &Shape)> {
        match self {
            Pair::Flat { a, b } => Some((a, b)),
            Pair::Space { .. } => None,
        }
    }
}

/// One axis a learner may pick in 2D: a SAT candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct AxisChoice {
    /// World unit direction.
    pub axis: Vec2,
    /// Signed gap on it, world units: positive = the axis separates.
    pub gap: f32,
    /// Where it comes from, in words (`"A face 1 normal"`).
    pub name: String,
    /// Where it comes from, for a window to name it in its own language;
    /// `None` for an axis made by hand.
    pub source: Option<crate::geom::AxisSource>,
}

/// One of the 15 axes of two 3D boxes.
#[derive(Debug, Clone, PartialEq)]
pub struct AxisChoice3 {
    /// World unit direction.
    pub axis: Vec3,
    /// Signed gap on it, world units: positive = the axis separates.
    pub gap: f32,
    /// Its textbook name: `"A0"`, `"B2"`, `"A1 × B0"`.
    pub name: String,
}

/// What a question asks, with the answer the library computed.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// Do they intersect?
    Verdict {
        /// The answer.
        intersects: bool,
        /// Distance when apart, minus the penetration depth when they
        /// overlap; world units.
        signed_distance: f32,
    },
    /// Pick a separating axis among the SAT candidates, or none.
    SeparatingAxis {
        /// Every candidate; those with a positive gap are right.
        axes: Vec<AxisChoice>,
    },
    /// The shadow of one shape on an axis.
    Projection {
        /// World unit axis, through the world origin.
        axis: Vec2,
        /// Whose shadow.
        side: Side,
        /// The answer: `[min, max]` of `axis · p` over the shape, world units.
        interval: [f32; 2],
    },
    /// The minimum translation of B out of A.
    Mtv {
        /// The answer: B moved by it touches A, world units, from A towards B.
        mtv: Vec2,
    },
    /// B moves by `motion`; where does it first touch A?
    Touch {
        /// B's whole motion, world units.
        motion: Vec2,
        /// The answer as a fraction of the motion, in (0, 1).
        t: f32,
        /// The answer: B's position at first touch, world units.
        position: Vec2,
    },
    /// The point of A nearest B (a disc's centre, or a point).
    ClosestPoint {
        /// The answer, world units.
        point: Vec2,
    },
    /// The contact points of two resting boxes.
    Contacts {
        /// Unit normal from A to B.
        normal: Vec2,
        /// The answer: each point as the segment between A's point and B's
        /// (a click on or near it is right), world units.
        points: Vec<[Vec2; 2]>,
    },
    /// Which of the 15 axes of two boxes separates them.
    BoxAxes {
        /// The 15 axes in the textbook order, less the edge × edge axes of
        /// parallel edges (no direction); those with a positive gap are right.
        axes: Vec<AxisChoice3>,
    },
    /// How many candidate axes SAT tests for the pair.
    AxisCount {
        /// The answer.
        count: u32,
    },
}

impl Task {
    /// The kind of the task.
    pub fn kind(&self) -> Kind {
        match self {
            Task::Verdict { .. } => Kind::Verdict,
            Task::SeparatingAxis { .. } => Kind::SeparatingAxis,
            Task::Projection { .. } => Kind::Projection,
            Task::Mtv { .. } => Kind::Mtv,
            Task::Touch { .. } => Kind::Touch,
            Task::ClosestPoint { .. } => Kind::ClosestPoint,
            Task::Contacts { .. } => Kind::Contacts,
            Task::BoxAxes { .. } => Kind::BoxAxes,
            Task::AxisCount { .. } => Kind::AxisCount,
        }
    }
}

/// One exercise: two shapes, a question and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// 1-based number in its set.
    pub number: u32,
    /// Its level.
    pub level: Level,
    /// The shapes.
    pub pair: Pair,
    /// What it asks, and the answer.
    pub task: Task,
    /// The shapes' size, world units: the smaller of the two shapes'
    /// largest half-extent of their bounds. Margins and tolerances are
    /// fractions of it.
    pub size: f32,
}

impl Question {
    /// The kind of question.
    pub fn kind(&self) -> Kind {
        self.task.kind()
    }

    /// How far the pair stays from touching, and how far each axis's gap
    /// from zero, at least: [`MARGIN_FRACTION`](super::MARGIN_FRACTION) of
    /// the size, world units.
    pub fn margin(&self) -> f32 {
        super::MARGIN_FRACTION * self.size
    }

    /// The tolerance of a position answer (projection ends, MTV length,
    /// touch pose, points): [`TOLERANCE_FRACTION`](super::TOLERANCE_FRACTION)
    /// of the size, world units.
    pub fn tolerance(&self) -> f32 {
        super::TOLERANCE_FRACTION * self.size
    }
}
