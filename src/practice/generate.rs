//! The seeded generator: a level and a kind per question, two random shapes
//! drawn for that level and kind, kept only when [`pose`] finds the
//! exercise fair.

use super::pose::{pose, Ask};
use super::question::{Choice, Kind, Level, Pair, Question};
use super::rng::{snap, Rng};
use crate::common::{ShapeKind3, Side};
use crate::geom::{Aabb, Capsule, Circle, Obb, Point, Polygon, Pose, Sector, Segment, Shape, Vec2};
use crate::geom3d::classic::{obb_obb_trace, ObbAxis};
use crate::geom3d::{Aabb3, Obb3, Pose3, Shape3, Sphere, Vec3};
use crate::scene::{Placed3, Rotation3};

/// Draws tried per question before the generator gives up on its kind
/// (never reached over the property tests' seeds, see `tests/practice.rs`).
pub const MAX_ATTEMPTS: u32 = 4000;

/// The most questions in one set.
pub const MAX_COUNT: u32 = 200;

/// Positions and sizes are multiples of this (world units), angles whole
/// degrees: a set is written with short numbers, the same on every machine.
const STEP: f32 = 0.05;

/// A reproducible set of questions: generated from a seed, or authored
/// (a folder of scene files, [`authored_set`](super::authored_set)).
#[derive(Debug, Clone, PartialEq)]
pub struct PracticeSet {
    /// The seed it was generated from (0 for an authored set).
    pub seed: u64,
    /// The level, or mixed (mixed for an authored set).
    pub choice: Choice,
    /// The questions, numbered from 1.
    pub questions: Vec<Question>,
    /// The folder an authored set was loaded from; `None` for a generated
    /// set, which `seed` and `choice` name.
    pub folder: Option<std::path::PathBuf>,
}

/// `count` questions (at most [`MAX_COUNT`]) from `seed` at `choice`: the
/// same arguments give the same set on every machine and in every version
/// with the same [`GENERATOR_VERSION`](super::GENERATOR_VERSION). `None`
/// when a question found no fair draw in [`MAX_ATTEMPTS`] (the property
/// tests show it does not happen).
pub fn generate(seed: u64, count: u32, choice: Choice) -> Option<PracticeSet> {
    let questions = (1..=count.min(MAX_COUNT))
        .map(|n| question(seed, n, choice))
        .collect::<Option<Vec<Question>>>()?;
    Some(PracticeSet {
        seed,
        choice,
        questions,
        folder: None,
    })
}

/// Question `number` of the set with `seed` at `choice`, independent of the
/// set's length; `None` when no fair draw was found.
pub fn question(seed: u64, number: u32, choice: Choice) -> Option<Question> {
    let mut rng = Rng::for_question(seed, number);
    let level = match choice {
        Choice::Level(l) => l,
        Choice::Mixed => Level::ALL[rng.below(Level::ALL.len())],
    };
    let kinds = level.kinds();
    let kind = kinds[rng.below(kinds.len())];
    for _ in 0..MAX_ATTEMPTS {
        let Some((pair, ask)) = draw(level, kind, &mut rng) else {
            continue;
        };
        if !level_fits(level, &pair) {
            continue;
        }
        if let Ok(q) = pose(number, level, pair, ask) {
            return Some(q);
        }
    }
    None
}

fn draw(level: Level, kind: Kind, rng: &mut Rng) -> Option<(Pair, Ask)> {
    if level.is_3d() {
        return draw3(level, kind, rng);
    }
    let a_at = Vec2::new(rng.stepped(-1.0, 1.0, STEP), rng.stepped(-1.0, 1.0, STEP));
    let flat = |a, b, ask| Some((Pair::Flat { a, b }, ask));
    match kind {
        Kind::Verdict | Kind::SeparatingAxis | Kind::Mtv => {
            let a = shape(level, rng, a_at)?;
            let reach = if kind == Kind::Mtv { 0.8 } else { 1.3 };
            let b = near(level, rng, &a, reach)?;
            let ask = match kind {
                Kind::Mtv => Ask::Mtv,
                Kind::SeparatingAxis => Ask::SeparatingAxis,
                _ => Ask::Verdict,
            };
            flat(a, b, ask)
        }
        Kind::Projection => {
            let a = shape(level, rng, a_at)?;
            let b = near(level, rng, &a, 1.3)?;
            let axis = unit(rng.degrees());
            let side = if rng.chance(0.5) { Side::A } else { Side::B };
            flat(a, b, Ask::Projection { axis, side })
        }
        Kind::Touch => {
            let a = shape(level, rng, a_at)?;
            let end = near(level, rng, &a, 0.6)?;
            let away = (end.pose().position() - a_at).try_normalize()?;
            let turn = rng.range(-25.0, 25.0).to_radians();
            let u = Vec2::from_angle(turn).rotate(away);
            let motion = round2(-u * rng.range(3.0, 5.0));
            let mut b = end;
            b.set_position(round2(b.pose().position() - motion));
            flat(a, b, Ask::Touch { motion })
        }
        Kind::ClosestPoint => {
            let (a, b) = nearest_pair(level, rng, a_at)?;
            flat(a, b, Ask::ClosestPoint)
        }
        Kind::Contacts => {
            let (a, b) = resting(level, rng, a_at)?;
            flat(a, b, Ask::Contacts)
        }
        Kind::BoxAxes | Kind::AxisCount => None,
    }
}

fn unit(deg: f32) -> Vec2 {
    Vec2::from_angle(deg.to_radians())
}

fn round2(v: Vec2) -> Vec2 {
    Vec2::new(snap(v.x, STEP), snap(v.y, STEP))
}

/// A shape of `level`'s kinds at `at`, turned by whole degrees.
fn shape(level: Level, rng: &mut Rng, at: Vec2) -> Option<Shape> {
    let deg = rng.degrees();
    let pose = Pose::new(at, deg).ok()?;
    let s = |lo, hi, rng: &mut Rng| rng.stepped(lo, hi, STEP);
    let pick = rng.below(3);
    let made = match (level, pick) {
        (Level::One, 0) => Shape::Circle(Circle::new(Pose::at(at), s(0.6, 1.6, rng)).ok()?),
        (Level::One, _) => {
            let h = Vec2::new(s(0.5, 1.6, rng), s(0.5, 1.6, rng));
            Shape::Aabb(Aabb::new(Pose::at(at), h).ok()?)
        }
        (Level::Two, 0) => {
            let h = Vec2::new(s(0.5, 1.6, rng), s(0.5, 1.6, rng));
            Shape::Obb(Obb::new(pose, h).ok()?)
        }
        (Level::Two, _) => {
            let n = 3 + rng.below(4);
            let r = s(0.8, 1.6, rng);
            let verts: Vec<Vec2> = (0..n)
                .map(|i| {
                    let v = unit(360.0 * i as f32 / n as f32) * r * rng.range(0.9, 1.0);
                    Vec2::new(snap(v.x, 0.01), snap(v.y, 0.01))
                })
                .collect();
            Shape::Polygon(Polygon::new(pose, &verts).ok()?)
        }
        (Level::Three, 0) => {
            Shape::Capsule(Capsule::new(pose, s(0.4, 1.2, rng), s(0.3, 0.8, rng)).ok()?)
        }
        (Level::Three, 1) => Shape::Segment(Segment::new(pose, s(0.8, 1.8, rng)).ok()?),
        (Level::Three, _) => {
            Shape::Sector(Sector::new(pose, s(1.0, 2.0, rng), rng.stepped(25.0, 75.0, 1.0)).ok()?)
        }
        (Level::Four | Level::Five, _) => return None,
    };
    Some(made)
}

/// A second shape of `level` near `a`: its centre at a random direction
/// from A's, at most `reach` times their summed sizes away.
fn near(level: Level, rng: &mut Rng, a: &Shape, reach: f32) -> Option<Shape> {
    let mut b = shape(level, rng, Vec2::ZERO)?;
    let sum = super::pose::half_size(a) + super::pose::half_size(&b);
    let at = a.pose().position() + unit(rng.degrees()) * rng.range(0.1, reach) * sum * 1.2;
    b.set_position(round2(at));
    Some(b)
}

/// Level 1: a box and a disc outside it; level 3: a segment and a point.
fn nearest_pair(level: Level, rng: &mut Rng, at: Vec2) -> Option<(Shape, Shape)> {
    match level {
        Level::One => {
            let h = Vec2::new(rng.stepped(0.6, 1.6, STEP), rng.stepped(0.6, 1.6, STEP));
            let a = Shape::Aabb(Aabb::new(Pose::at(at), h).ok()?);
            let c = at + unit(rng.degrees()) * rng.range(1.0, 2.5) * h.length();
            let b =
                Shape::Circle(Circle::new(Pose::at(round2(c)), rng.stepped(0.3, 0.8, STEP)).ok()?);
            Some((a, b))
        }
        Level::Three => {
            let a = Shape::Segment(
                Segment::new(
                    Pose::new(at, rng.degrees()).ok()?,
                    rng.stepped(1.0, 2.0, STEP),
                )
                .ok()?,
            );
            let p = at + Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
            let b = Shape::Point(Point::new(round2(p)).ok()?);
            Some((a, b))
        }
        Level::Two | Level::Four | Level::Five => None,
    }
}

/// Two boxes, B resting on A's top face (in A's frame): level 1 two AABBs,
/// level 2 two OBBs, B either turned with A (two points) or tilted onto a
/// corner (one point). B sinks in by 15 % to 30 % of the size.
fn resting(level: Level, rng: &mut Rng, at: Vec2) -> Option<(Shape, Shape)> {
    let ha = Vec2::new(rng.stepped(1.0, 2.0, STEP), rng.stepped(0.5, 1.2, STEP));
    let hb = Vec2::new(rng.stepped(0.5, 1.5, STEP), rng.stepped(0.5, 1.2, STEP));
    let size = ha.max_element().min(hb.max_element());
    let sink = rng.range(0.15, 0.3) * size;
    let (deg, tilt) = match level {
        Level::One => (0.0, 0.0),
        Level::Two => {
            let tilt = if rng.chance(0.5) {
                0.0
            } else {
                rng.stepped(15.0, 35.0, 1.0)
            };
            (rng.degrees(), if rng.chance(0.5) { tilt } else { -tilt })
        }
        Level::Three | Level::Four | Level::Five => return None,
    };
    // B's lowest reach below its centre, in A's frame.
    let t = unit(tilt);
    let low = hb.x * t.y.abs() + hb.y * t.x.abs();
    let local = Vec2::new(rng.range(-0.8, 0.8) * ha.x, ha.y + low - sink);
    let centre = at + unit(deg).rotate(local);
    let centre = Vec2::new(snap(centre.x, 0.01), snap(centre.y, 0.01));
    match level {
        Level::One => Some((
            Shape::Aabb(Aabb::new(Pose::at(at), ha).ok()?),
            Shape::Aabb(Aabb::new(Pose::at(centre), hb).ok()?),
        )),
        Level::Two | Level::Three | Level::Four | Level::Five => Some((
            Shape::Obb(Obb::new(Pose::new(at, deg).ok()?, ha).ok()?),
            Shape::Obb(Obb::new(Pose::new(centre, deg + tilt).ok()?, hb).ok()?),
        )),
    }
}

fn euler(rng: &mut Rng) -> [f32; 3] {
    [rng.degrees(), rng.degrees(), rng.degrees()]
}

/// A 3D box (an OBB turned by whole degrees, or an AABB) or, when `spheres`,
/// sometimes a sphere, at `at`.
fn solid(rng: &mut Rng, at: Vec3, spheres: bool) -> Option<Placed3> {
    let s = |rng: &mut Rng| rng.stepped(0.5, 1.5, STEP);
    let pick = rng.below(if spheres { 3 } else { 2 });
    let (shape, rotation) = match pick {
        0 => {
            let deg = euler(rng);
            let pose = Pose3::from_euler_deg(ShapeKind3::Obb, at, deg).ok()?;
            let h = Vec3::new(s(rng), s(rng), s(rng));
            (
                Shape3::Obb(Obb3::new(pose, h).ok()?),
                Rotation3::EulerDeg(deg),
            )
        }
        1 => {
            let h = Vec3::new(s(rng), s(rng), s(rng));
            (
                Shape3::Aabb(Aabb3::new(Pose3::at(at), h).ok()?),
                Rotation3::None,
            )
        }
        _ => (
            Shape3::Sphere(Sphere::new(Pose3::at(at), rng.stepped(0.6, 1.5, STEP)).ok()?),
            Rotation3::None,
        ),
    };
    Some(Placed3 {
        shape,
        rotation,
        points: Vec::new(),
    })
}

fn draw3(level: Level, kind: Kind, rng: &mut Rng) -> Option<(Pair, Ask)> {
    let spheres = level == Level::Four && kind != Kind::BoxAxes;
    let a = solid(rng, Vec3::ZERO, spheres)?;
    let mut b = solid(rng, Vec3::ZERO, spheres)?;
    let dir = match (level, box_axes(&a.shape), box_axes(&b.shape)) {
        // Level 5: along the cross of an edge of A and an edge of B, where
        // edge-against-edge contacts are.
        (Level::Five, Some(ma), Some(mb)) if rng.chance(0.7) => {
            let c = ma[rng.below(3)].cross(mb[rng.below(3)]);
            let c = c.try_normalize()?;
            if rng.chance(0.5) {
                c
            } else {
                -c
            }
        }
        _ => {
            let (az, el) = (
                rng.degrees().to_radians(),
                rng.range(-80.0, 80.0).to_radians(),
            );
            Vec3::new(el.cos() * az.cos(), el.cos() * az.sin(), el.sin())
        }
    };
    let sum = super::pose::half_size3(&a.shape) + super::pose::half_size3(&b.shape);
    let at = dir * rng.range(0.4, 1.4) * sum;
    let at = Vec3::new(snap(at.x, STEP), snap(at.y, STEP), snap(at.z, STEP));
    b.shape.set_position(at);
    let ask = match kind {
        Kind::BoxAxes => Ask::BoxAxes,
        Kind::AxisCount => Ask::AxisCount,
        Kind::Verdict
        | Kind::SeparatingAxis
        | Kind::Projection
        | Kind::Mtv
        | Kind::Touch
        | Kind::ClosestPoint
        | Kind::Contacts => Ask::Verdict,
    };
    Some((
        Pair::Space {
            a: Box::new(a),
            b: Box::new(b),
        },
        ask,
    ))
}

/// A box's three axes, world frame.
fn box_axes(s: &Shape3) -> Option<[Vec3; 3]> {
    s.box_frame()
        .map(|(_, m, _)| [m.x_axis, m.y_axis, m.z_axis])
}

/// For two boxes: whether an edge × edge axis decides them: when they are
/// apart, only edge × edge axes separate (no face axis does); when they
/// overlap, the least overlap is on an edge × edge axis (ties go to the
/// face axes, which come first). `None` for other pairs.
pub fn edge_pair_decides(a: &Shape3, b: &Shape3) -> Option<bool> {
    let ((ca, ma, ha), (cb, mb, hb)) = a.box_frame().zip(b.box_frame())?;
    let t = obb_obb_trace(Vec3::ZERO, ma, ha, cb - ca, mb, hb);
    let is_cross = |k: ObbAxis| match k {
        ObbAxis::Cross(..) => true,
        ObbAxis::A(_) | ObbAxis::B(_) => false,
    };
    let tested = || t.axes.iter().filter(|x| !x.skipped);
    if tested().any(|x| x.gap > 0.0) {
        return Some(!tested().any(|x| x.gap > 0.0 && !is_cross(x.axis)));
    }
    let mut best: Option<(f32, ObbAxis)> = None;
    for x in tested() {
        if best.is_none_or(|(g, _)| x.gap > g) {
            best = Some((x.gap, x.axis));
        }
    }
    best.map(|(_, k)| is_cross(k))
}

/// Level 4 box pairs are decided on a face axis, level 5 pairs on an edge ×
/// edge axis (and are always two boxes).
fn level_fits(level: Level, pair: &Pair) -> bool {
    let Some((a, b)) = pair.space() else {
        return true;
    };
    match (level, edge_pair_decides(a, b)) {
        (Level::Four, None) => true,
        (Level::Four, Some(edge)) => !edge,
        (Level::Five, Some(edge)) => edge,
        (Level::Five, None) => false,
        (Level::One | Level::Two | Level::Three, _) => true,
    }
}
