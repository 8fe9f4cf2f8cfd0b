//! The Motion view (W): each shape's translation over one step drawn as a
//! velocity arrow the user drags, B's sweep over the step (rails along the
//! sweep, a few ghost poses, the end pose), the poses at the time of impact
//! with the contact point and normal, and a ghost at the time the slider
//! picks. A pure display list from the library's [`Toi`] and [`SweptSat`],
//! so tests can check it without a window.

use crate::app::display::{DisplayList, Item, Role, Stroke, Tag};
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::outline::{look, Look};
use glam::Vec2;
use satlab::geom::{classify, swept_sat, time_of_impact, Shape, SweptSat, Toi, Verdict};
use satlab::scene::Motion;

/// Ghost poses drawn between the start and the end of the sweep.
const GHOSTS: usize = 3;
/// Boundary points an outline may have (every loop over one is bounded).
const MAX_POINTS: usize = 4096;
/// Length of the normal arrow at the time of impact, screen pixels.
const NORMAL_PX: f32 = 48.0;
/// The arrow head handle is picked within this many pixels.
pub const HEAD_PICK_PX: f32 = 12.0;

/// What the library says about the pair's motion.
#[derive(Debug, Clone, PartialEq)]
pub struct MotionResult {
    /// The motion these answers are for.
    pub motion: Motion,
    /// The first touch over the step, if any.
    pub toi: Option<Toi>,
    /// The swept SAT (polygon-like pairs only).
    pub swept: Option<SweptSat>,
}

impl MotionResult {
    /// Works it out for `a` and `b` moving by `m`.
    pub fn new(a: &Shape, b: &Shape, m: Motion) -> MotionResult {
        MotionResult {
            motion: m,
            toi: time_of_impact(a, m.a, b, m.b),
            swept: swept_sat(a, m.a, b, m.b),
        }
    }
}

/// `s` moved by `t ×` `v` (world units).
pub fn at_time(s: &Shape, v: Vec2, t: f32) -> Shape {
    let mut moved = s.clone();
    moved.set_position(s.pose().position() + v * t);
    moved
}

/// The verdict of the pair at time `t` of motion `m`.
pub fn verdict_at(a: &Shape, b: &Shape, m: Motion, t: f32) -> Verdict {
    classify(&at_time(a, m.a, t), &at_time(b, m.b, t))
}

/// Where a shape's velocity arrow starts: its position (world units).
pub fn arrow_tail(s: &Shape) -> Vec2 {
    s.pose().position()
}

/// The outline points of `s` and whether they close a loop.
fn outline(s: &Shape, far: f32) -> (Vec<Vec2>, bool) {
    match look(s, far) {
        Look::Area { boundary, .. } => (boundary, true),
        Look::Stroke { points, .. } => (points, false),
        Look::Dot(p) => (vec![p], false),
    }
}

/// Appends the outline of `s` as lines drawn with `stroke`.
fn push_outline(s: &Shape, far: f32, stroke: Stroke, out: &mut DisplayList) {
    let (pts, closed) = outline(s, far);
    let n = pts.len().min(MAX_POINTS);
    if n == 1 {
        out.push(Item::Dot {
            at: pts[0],
            radius_px: stroke.width_px + 2.0,
            role: stroke.role,
            tag: Tag::Motion,
        });
        return;
    }
    let edges = if closed { n } else { n.saturating_sub(1) };
    for i in 0..edges {
        out.push(Item::Line {
            from: pts[i],
            to: pts[(i + 1) % n],
            stroke,
            tag: Tag::Motion,
        });
    }
}

/// The two rails of the sweep of `s` along `v`: from the outline points
/// furthest either side of the motion to the same points moved by `v`.
fn rails(s: &Shape, v: Vec2, far: f32) -> Option<[(Vec2, Vec2); 2]> {
    let side = v.perp();
    if side.length_squared() == 0.0 {
        return None;
    }
    let (pts, _) = outline(s, far);
    let pts = &pts[..pts.len().min(MAX_POINTS)];
    let by = |p: &&Vec2, q: &&Vec2| p.dot(side).total_cmp(&q.dot(side));
    let lo = *pts.iter().min_by(by)?;
    let hi = *pts.iter().max_by(by)?;
    Some([(lo, lo + v), (hi, hi + v)])
}

/// What the view needs besides the result.
#[derive(Debug, Clone, Copy)]
pub struct MotionInput<'s> {
    /// Shape A at the start of the step.
    pub a: &'s Shape,
    /// Shape B at the start of the step.
    pub b: &'s Shape,
    /// The slider's time, in `[0, 1]`.
    pub t: f32,
    /// World units per pixel.
    pub px: f32,
    /// UI scale.
    pub scale: f32,
    /// How far unbounded shapes reach, world units.
    pub far: f32,
}

/// Appends the Motion view for `inp` and the library's answers `r` to `out`.
pub fn build(inp: &MotionInput, r: &MotionResult, out: &mut DisplayList) {
    let s = inp.scale;
    let stroke = |role, width: f32, dashed, emphasised| Stroke {
        width_px: width * s,
        role,
        dashed,
        emphasised,
    };
    let m = r.motion;
    for (shape, v, role) in [(inp.a, m.a, Role::A), (inp.b, m.b, Role::B)] {
        if v == Vec2::ZERO {
            continue;
        }
        for rail in rails(shape, v, inp.far).into_iter().flatten() {
            out.push(Item::Line {
                from: rail.0,
                to: rail.1,
                stroke: stroke(role, 1.0, true, false),
                tag: Tag::Motion,
            });
        }
        for k in 1..=GHOSTS {
            let t = k as f32 / (GHOSTS + 1) as f32;
            let g = at_time(shape, v, t);
            push_outline(&g, inp.far, stroke(Role::Muted, 1.0, true, false), out);
        }
        push_outline(
            &at_time(shape, v, 1.0),
            inp.far,
            stroke(role, 1.5, true, false),
            out,
        );
    }
    // The slider's ghost.
    if inp.t > 0.0 {
        for (shape, v, role) in [(inp.a, m.a, Role::A), (inp.b, m.b, Role::B)] {
            if v != Vec2::ZERO {
                let g = at_time(shape, v, inp.t);
                push_outline(&g, inp.far, stroke(role, 2.0, false, false), out);
            }
        }
    }
    // The arrows under the impact marks, which must stay readable on them.
    arrows(inp, m, out);
    toi_marks(inp, r, out);
}

/// The poses at the time of impact, the contact point and normal, or the
/// words "no hit over the step" at the end of B's path.
fn toi_marks(inp: &MotionInput, r: &MotionResult, out: &mut DisplayList) {
    let s = inp.scale;
    let m = r.motion;
    let Some(toi) = r.toi else {
        let end = arrow_tail(inp.b) + m.b;
        out.push(Item::Label {
            at: end,
            offset_px: Vec2::new(0.0, 26.0 * s),
            text: tr("no hit over the step").to_string(),
            role: Role::Muted,
            emphasised: false,
        });
        return;
    };
    let solid = |role| Stroke {
        width_px: 3.0 * s,
        role,
        dashed: false,
        emphasised: true,
    };
    if toi.t > 0.0 {
        for (shape, v, role) in [(inp.a, m.a, Role::A), (inp.b, m.b, Role::B)] {
            if v != Vec2::ZERO {
                let pose = at_time(shape, v, toi.t);
                if let Look::Area { boundary, .. } = look(&pose, inp.far) {
                    out.push(Item::Fill {
                        points: boundary,
                        role,
                        tag: Tag::Motion,
                    });
                }
                push_outline(&pose, inp.far, solid(role), out);
            }
        }
    }
    // The contact point and normal in the decisive hue, apart from both
    // shapes' and the arrows' colours.
    out.push(Item::Arrow {
        from: toi.point,
        to: toi.point + toi.normal * NORMAL_PX * s * inp.px,
        stroke: solid(Role::Decisive),
        tag: Tag::Motion,
    });
    out.push(Item::Dot {
        at: toi.point,
        radius_px: 6.5 * s,
        role: Role::Decisive,
        tag: Tag::Motion,
    });
    out.push(Item::Label {
        at: toi.point,
        offset_px: Vec2::new(toi.normal.y, toi.normal.x) * 30.0 * s,
        text: trf("impact t = {}", &[&num::fixed(toi.t, 3)]),
        role: Role::Decisive,
        emphasised: true,
    });
}

/// The velocity arrows (B's always, A's when it moves), heads being the
/// handles the user drags.
fn arrows(inp: &MotionInput, m: Motion, out: &mut DisplayList) {
    let s = inp.scale;
    for (shape, v, role, always) in [(inp.a, m.a, Role::A, false), (inp.b, m.b, Role::B, true)] {
        if !always && v == Vec2::ZERO {
            continue;
        }
        let tail = arrow_tail(shape);
        out.push(Item::Arrow {
            from: tail,
            to: tail + v,
            stroke: Stroke {
                width_px: 2.5 * s,
                role,
                dashed: false,
                emphasised: true,
            },
            tag: Tag::Motion,
        });
        out.push(Item::Dot {
            at: tail + v,
            radius_px: 5.0 * s,
            role,
            tag: Tag::Motion,
        });
    }
}

/// The world box `(lo, hi)` of what the Motion view draws besides the
/// shapes at rest: both shapes at the end of the step (bounded ones) and
/// the velocity arrows' heads; `None` when nothing moves.
pub fn reach(a: &Shape, b: &Shape, m: Motion) -> Option<(Vec2, Vec2)> {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for (shape, v, always) in [(a, m.a, false), (b, m.b, true)] {
        if !always && v == Vec2::ZERO {
            continue;
        }
        let head = arrow_tail(shape) + v;
        lo = lo.min(head);
        hi = hi.max(head);
        let (l, h) = at_time(shape, v, 1.0).bounds();
        if l.is_finite() && h.is_finite() {
            lo = lo.min(l);
            hi = hi.max(h);
        }
    }
    (lo.is_finite() && hi.is_finite() && (m.a != Vec2::ZERO || m.b != Vec2::ZERO))
        .then_some((lo, hi))
}

/// `m` with A moving (`on`) or standing still: a new motion of A is half
/// of B's the other way, so the two close on each other (one unit along x
/// when B stands still); a motion A has is kept.
pub fn with_a_moving(m: Motion, on: bool) -> Motion {
    let a = match (on, m.a != Vec2::ZERO, m.b != Vec2::ZERO) {
        (false, _, _) => Vec2::ZERO,
        (true, true, _) => m.a,
        (true, false, true) => -m.b * 0.5,
        (true, false, false) => Vec2::X,
    };
    Motion { a, ..m }
}

/// Which velocity arrow head (A's only when A moves) is within
/// [`HEAD_PICK_PX`] of screen point `mouse`; `to_screen` maps world to
/// screen. B first: its arrow is always there.
pub fn pick_head(
    a: &Shape,
    b: &Shape,
    m: Motion,
    mouse: Vec2,
    pick_px: f32,
    to_screen: impl Fn(Vec2) -> Vec2,
) -> Option<satlab::geom::Side> {
    use satlab::geom::Side;
    let near = |s: &Shape, v: Vec2| to_screen(arrow_tail(s) + v).distance(mouse) <= pick_px;
    if near(b, m.b) {
        Some(Side::B)
    } else if m.a != Vec2::ZERO && near(a, m.a) {
        Some(Side::A)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{Aabb, Pose, Side};

    fn boxed(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).unwrap())
    }

    fn input<'s>(a: &'s Shape, b: &'s Shape, t: f32) -> MotionInput<'s> {
        MotionInput {
            a,
            b,
            t,
            px: 0.02,
            scale: 1.0,
            far: 100.0,
        }
    }

    fn labels(out: &DisplayList) -> Vec<String> {
        out.items
            .iter()
            .filter_map(|i| match i {
                Item::Label { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_fast_box_through_a_thin_wall_hits_where_the_arithmetic_says() {
        // Wall: x in [-0.05, 0.05]. Bullet: x in [-4.1, -3.9], moving +10.
        // Its right face reaches the wall's left face after 3.85 units:
        // t = 3.85 / 10 = 0.385. At t = 1 it is past the wall (tunnelling).
        let wall = boxed(0.0, 0.0, 0.05, 2.0);
        let bullet = boxed(-4.0, 0.0, 0.1, 0.1);
        let m = Motion {
            a: Vec2::ZERO,
            b: Vec2::new(10.0, 0.0),
        };
        assert_eq!(verdict_at(&wall, &bullet, m, 1.0), Verdict::Separated);
        let r = MotionResult::new(&wall, &bullet, m);
        let toi = r.toi.expect("the cast catches the tunnelling box");
        assert!((toi.t - 0.385).abs() < 1e-4, "{}", toi.t);
        // From A (the wall) towards B, which comes from the left.
        assert!((toi.normal + Vec2::X).length() < 1e-4, "{}", toi.normal);
        let sw = r.swept.as_ref().expect("two boxes: swept SAT applies");
        assert!((sw.toi.expect("swept SAT agrees") - 0.385).abs() < 1e-4);
        assert_ne!(verdict_at(&wall, &bullet, m, 0.39), Verdict::Separated);
        let mut out = DisplayList::default();
        build(&input(&wall, &bullet, 0.5), &r, &mut out);
        assert_eq!(labels(&out), vec!["impact t = 0.385".to_string()]);
        // The TOI pose is drawn solid and emphasised in B's colour: its
        // four edges lie at x = 3.85 − 4 ± 0.1.
        let solid_b: Vec<(Vec2, Vec2)> = out
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Line {
                    from, to, stroke, ..
                } if stroke.role == Role::B && stroke.emphasised && !stroke.dashed => {
                    Some((*from, *to))
                }
                _ => None,
            })
            .collect();
        assert_eq!(solid_b.len(), 4, "{solid_b:?}");
        let max_x = solid_b
            .iter()
            .map(|e| e.0.x.max(e.1.x))
            .fold(f32::MIN, f32::max);
        assert!((max_x - (-0.05)).abs() < 1e-4, "{max_x}");
        // B's velocity arrow from its centre to the end of the step.
        let arrow = out.items.iter().find_map(|i| match i {
            Item::Arrow {
                from, to, stroke, ..
            } if stroke.role == Role::B => Some((*from, *to)),
            _ => None,
        });
        assert_eq!(arrow, Some((Vec2::new(-4.0, 0.0), Vec2::new(6.0, 0.0))));
    }

    #[test]
    fn a_grazing_miss_has_no_impact_and_says_so() {
        // B's bottom at y = 0.51 slides over A's top at y = 0.5: 0.01 apart.
        let a = boxed(0.0, 0.0, 1.0, 0.5);
        let b = boxed(-3.0, 1.01, 0.5, 0.5);
        let m = Motion {
            a: Vec2::ZERO,
            b: Vec2::new(6.0, 0.0),
        };
        let r = MotionResult::new(&a, &b, m);
        assert!(r.toi.is_none(), "{:?}", r.toi);
        let sw = r.swept.as_ref().expect("boxes");
        assert!(sw.toi.is_none());
        assert!(sw.axes.iter().any(|x| x.never()));
        let mut out = DisplayList::default();
        build(&input(&a, &b, 0.0), &r, &mut out);
        assert_eq!(labels(&out), vec!["no hit over the step".to_string()]);
        assert_eq!(verdict_at(&a, &b, m, 0.5), Verdict::Separated);
    }

    #[test]
    fn the_swept_sat_words_are_the_librarys_in_english() {
        let a = boxed(0.0, 0.0, 1.0, 1.0);
        let v = |x: f32, y: f32| Motion {
            a: Vec2::ZERO,
            b: Vec2::new(x, y),
        };
        let cases = [
            (boxed(-4.0, 0.0, 0.5, 0.5), v(10.0, 0.0)), // hits at 0.25
            (boxed(0.5, 0.0, 0.5, 0.5), v(3.0, 0.0)),   // overlapping at 0
            (boxed(-3.0, 1.6, 0.5, 0.5), v(6.0, 0.0)),  // slides past above
            (boxed(-9.0, 0.0, 0.5, 0.5), v(4.0, 0.0)),  // would touch after 1
            (boxed(3.0, 0.0, 0.5, 0.5), v(4.0, 0.0)),   // moving away
            (boxed(-4.0, 0.0, 0.5, 0.5), v(10.0, 1.0)), // hits, slanted
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for (b, m) in &cases {
            let sw = swept_sat(&a, m.a, b, m.b).expect("boxes");
            let words = crate::app::i18n::words::swept_conclusion(
                &sw,
                crate::app::i18n::words::axis_source,
            );
            assert_eq!(words, sw.describe());
            kinds.insert(sw.describe().split_whitespace().take(3).collect::<String>());
        }
        assert_eq!(kinds.len(), 5, "every sentence of the library: {kinds:?}");
    }

    #[test]
    fn the_slider_ghost_moves_b_along_its_path_and_the_heads_are_picked() {
        let a = boxed(0.0, 0.0, 1.0, 1.0);
        let b = boxed(5.0, 0.0, 0.5, 0.5);
        let m = Motion {
            a: Vec2::ZERO,
            b: Vec2::new(0.0, 4.0),
        };
        let r = MotionResult::new(&a, &b, m);
        assert!(r.toi.is_none());
        let ghost = |t: f32| {
            let mut out = DisplayList::default();
            build(&input(&a, &b, t), &r, &mut out);
            out.items
                .iter()
                .filter_map(|i| match i {
                    Item::Line { from, stroke, .. }
                        if stroke.role == Role::B && !stroke.dashed && stroke.width_px == 2.0 =>
                    {
                        Some(from.y)
                    }
                    _ => None,
                })
                .fold(f32::MIN, f32::max)
        };
        assert!((ghost(0.5) - 2.5).abs() < 1e-5, "{}", ghost(0.5));
        assert!((ghost(0.25) - 1.5).abs() < 1e-5, "{}", ghost(0.25));
        // 100 pixels a unit: the head of B's arrow is at (500, 400).
        let screen = |w: Vec2| w * 100.0;
        let pick = |at| pick_head(&a, &b, m, at, HEAD_PICK_PX, screen);
        assert_eq!(pick(Vec2::new(503.0, 403.0)), Some(Side::B));
        assert_eq!(pick(Vec2::new(500.0, 0.0)), None);
        // A stands still: its (absent) arrow is not picked at its centre.
        assert_eq!(pick(Vec2::ZERO), None);
        let interval_text = crate::app::shell::widgets::interval_text;
        assert_eq!(interval_text(f32::INFINITY), "+∞");
        assert_eq!(interval_text(0.25), "0.2500");
    }

    #[test]
    fn a_moves_too_gives_a_an_arrow_to_drag_and_takes_it_away() {
        let m = Motion {
            a: Vec2::ZERO,
            b: Vec2::new(4.0, -2.0),
        };
        let on = with_a_moving(m, true);
        assert_eq!(on.a, Vec2::new(-2.0, 1.0));
        assert_eq!(on.b, m.b);
        // Its head is now picked (it was not while A stood still).
        let (a, b) = (
            Shape::Point(satlab::geom::Point::new(Vec2::ZERO).unwrap()),
            Shape::Point(satlab::geom::Point::new(Vec2::new(9.0, 0.0)).unwrap()),
        );
        let picked = |m: Motion| pick_head(&a, &b, m, Vec2::new(-2.0, 1.0), 1.0, |w| w);
        assert_eq!(picked(m), None);
        assert_eq!(picked(on), Some(satlab::geom::Side::A));
        // A motion A already has is kept; off stops A.
        let dragged = Motion {
            a: Vec2::new(0.5, 0.5),
            ..on
        };
        assert_eq!(with_a_moving(dragged, true), dragged);
        assert_eq!(with_a_moving(dragged, false).a, Vec2::ZERO);
        let still = Motion::default();
        assert_eq!(with_a_moving(still, true).a, Vec2::X);
    }
}
