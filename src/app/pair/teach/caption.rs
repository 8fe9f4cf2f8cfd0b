//! Captions for stepping through SAT: plain sentences that say what the
//! search does at each stage, in the interface language. Pure functions of
//! the SAT report (and the distance, for the last word on gaps), so tests
//! can check every number against the core.
//!
//! Numbers are world units, two decimals. Axis numbers are 1-based report
//! indices, the same as the `#k` labels on the canvas and the axes table.

use crate::app::i18n::{tr_in, trf_in, Lang};
use crate::app::pair::teach::step::Stage;
use crate::app::shell::sat_words::{self as words, n2, sep, AxisLine, Summary};
use satlab::geom::Part;
use satlab::geom::{AxisSource, AxisTest, Feature, SatPart, SatReport, ShapeKind, Side};

/// What the captions look at.
#[derive(Debug, Clone, Copy)]
pub struct Pair<'a> {
    /// The SAT report for (A, B).
    pub report: &'a SatReport,
    /// The kinds of A and B.
    pub kinds: [ShapeKind; 2],
    /// The distance between A and B (0 when they intersect), world units.
    pub distance: f32,
}

/// The caption for the app's current walk in `l`, when stepping (and not
/// predicting, which hides every number).
pub fn current(l: Lang, app: &crate::app::pair::state::App) -> Option<String> {
    let c = &app.class;
    if c.predicting {
        return None;
    }
    if !c.step.on() {
        // The Contacts view's walk ("How were they found?") gets the same
        // large caption as the SAT walk.
        return contacts_walk(l, app);
    }
    let pair = Pair {
        report: &app.results.report,
        kinds: [app.scene.a.kind(), app.scene.b.kind()],
        distance: app.results.distance.distance,
    };
    Some(caption(l, &pair, c.step.stage(), c.step.keep_testing))
}

/// The caption of the contacts walk's current step in `l`, while it is
/// shown (the Contacts view on, the walk started, the verdict shown).
pub fn contacts_walk(l: Lang, app: &crate::app::pair::state::App) -> Option<String> {
    let step = app.contact_step.filter(|_| app.contacts)?;
    if app.class.hides_verdict() {
        return None;
    }
    let (_, trace) = app.results.contacts.as_ref()?;
    Some(crate::app::pair::contacts::caption_in(l, trace, step))
}

/// The caption for `stage` of the walk.
pub fn caption(l: Lang, p: &Pair, stage: Stage, keep_testing: bool) -> String {
    match stage {
        Stage::Start => intro(l, p),
        Stage::Axis(k) => match p.report.axes.get(k) {
            Some(t) => axis(l, p, k, t, keep_testing),
            None => intro(l, p),
        },
        Stage::End => conclusion(l, p, keep_testing),
    }
}

/// Before the first axis: what SAT looks for (the words of both
/// dimensions), and why a wide sector is split.
pub fn intro(l: Lang, p: &Pair) -> String {
    let mut s = words::intro(l, p.report.axes.len());
    if p.report.is_split() {
        s.push_str(sep(l));
        s.push_str(tr_in(
            l,
            "A sector with a half-angle over 90° is not convex, so SAT cannot test it whole: it is split into its two convex halves, each tested on its own; the shapes intersect when any pair of halves does.",
        ));
    }
    s
}

fn letter(side: Side) -> &'static str {
    side.letter()
}

fn kind_of(p: &Pair, side: Side) -> ShapeKind {
    match side {
        Side::A => p.kinds[0],
        Side::B => p.kinds[1],
    }
}

/// A feature named with its shape: "B's vertex 2", "A's centre".
fn feature(l: Lang, f: Feature, side: Side) -> String {
    let s = letter(side);
    match f {
        Feature::Vertex(k) => trf_in(l, "{}'s vertex {}", &[&s, &k]),
        Feature::Corner(k) => trf_in(l, "{}'s corner {}", &[&s, &k]),
        Feature::End(k) => trf_in(l, "{}'s end {}", &[&s, &k]),
        Feature::ArcEnd(k) => trf_in(l, "{}'s arc end {}", &[&s, &k]),
        Feature::Centre => trf_in(l, "{}'s centre", &[&s]),
        Feature::Apex => trf_in(l, "{}'s apex", &[&s]),
        Feature::Origin => trf_in(l, "{}'s origin", &[&s]),
        Feature::Tip => trf_in(l, "{}'s tip", &[&s]),
        Feature::Position => trf_in(l, "point {}", &[&s]),
        Feature::Edge(k) => trf_in(l, "the normal of {}'s edge {}", &[&s, &k]),
        Feature::SectorEdge(k) => trf_in(l, "the normal of {}'s straight edge {}", &[&s, &k]),
        Feature::BoxAxis(1) => trf_in(l, "{}'s local x axis", &[&s]),
        Feature::BoxAxis(_) => trf_in(l, "{}'s local y axis", &[&s]),
        Feature::ArcEndNormal(k) => trf_in(l, "the normal of {}'s arc at arc end {}", &[&s, &k]),
        Feature::SegmentNormal => trf_in(l, "the normal of {}'s core segment", &[&s]),
        Feature::RayNormal => trf_in(l, "the normal of ray {}", &[&s]),
        Feature::LineNormal => trf_in(l, "the normal of line {}", &[&s]),
    }
}

/// Where an axis comes from, as a phrase: "the normal of B's edge 1",
/// "from A's centre to B's vertex 2".
pub fn source_phrase(l: Lang, src: &AxisSource) -> String {
    match *src {
        AxisSource::Face { side, feature: f } => match f {
            Feature::BoxAxis(_) => trf_in(
                l,
                "{} (the normal of two of its edges)",
                &[&feature(l, f, side)],
            ),
            Feature::Vertex(_)
            | Feature::Edge(_)
            | Feature::Corner(_)
            | Feature::Centre
            | Feature::End(_)
            | Feature::Origin
            | Feature::Tip
            | Feature::Position
            | Feature::Apex
            | Feature::ArcEnd(_)
            | Feature::SectorEdge(_)
            | Feature::ArcEndNormal(_)
            | Feature::SegmentNormal
            | Feature::RayNormal
            | Feature::LineNormal => feature(l, f, side),
        },
        AxisSource::Towards {
            centre_side,
            centre,
            vertex,
        } => trf_in(
            l,
            "from {} to {}",
            &[
                &feature(l, centre, centre_side),
                &feature(l, vertex, centre_side.other()),
            ],
        ),
        AxisSource::AnyDirection => tr_in(
            l,
            "the x axis: the shapes offer no direction of their own, so any axis will do",
        )
        .to_string(),
    }
}

/// Why a curved or thin shape adds this axis, when it is such an axis.
pub fn extra_axis_note(l: Lang, p: &Pair, src: &AxisSource) -> Option<String> {
    match *src {
        AxisSource::Towards {
            centre_side,
            centre: _,
            vertex,
        } => {
            let o = letter(centre_side.other());
            // A curved shape's "vertex" is the centre of its curve.
            let target_is_curve = matches!(
                (kind_of(p, centre_side.other()), vertex),
                (ShapeKind::Circle, _) | (ShapeKind::Capsule, Feature::End(_))
            ) || vertex == Feature::Apex;
            let to = if target_is_curve {
                trf_in(l, "the nearest curve centre of {}", &[&o])
            } else {
                trf_in(l, "the nearest vertex of {}", &[&o])
            };
            Some(match kind_of(p, centre_side) {
                ShapeKind::Circle => trf_in(
                    l,
                    "A circle has no edges, so SAT adds the axis from its centre to {}: the direction in which the circle comes closest to it.",
                    &[&to],
                ),
                ShapeKind::Capsule => trf_in(
                    l,
                    "A capsule's ends are half discs, so SAT adds the axis from each end's centre to {}.",
                    &[&to],
                ),
                ShapeKind::Sector => trf_in(
                    l,
                    "A sector's arc is part of a circle around its apex, so SAT adds the axis from the apex to every vertex of {} that lies inside the sector's wedge.",
                    &[&o],
                ),
                ShapeKind::Point => trf_in(
                    l,
                    "A point has no edges, so SAT tries the axis from the point to {}.",
                    &[&to],
                ),
                ShapeKind::Segment | ShapeKind::Ray | ShapeKind::Line => trf_in(
                    l,
                    "A {} has no area, so SAT also tries the axis from each of its ends to {}: two thin shapes can be closest end to end.",
                    &[&thin_kind(l, kind_of(p, centre_side)), &to],
                ),
                // Their axes are face normals: no axis starts at a centre
                // or a vertex of theirs.
                ShapeKind::Aabb | ShapeKind::Obb | ShapeKind::Polygon => return None,
            })
        }
        AxisSource::Face {
            feature: Feature::ArcEndNormal(_),
            ..
        } => Some(
            tr_in(
                l,
                "Where the arc meets a straight edge, the arc's normal there is a candidate axis too.",
            )
            .to_string(),
        ),
        AxisSource::Face { .. } | AxisSource::AnyDirection => None,
    }
}

fn thin_kind(l: Lang, k: ShapeKind) -> &'static str {
    match k {
        ShapeKind::Ray => tr_in(l, "ray (thin)"),
        ShapeKind::Line => tr_in(l, "line (thin)"),
        ShapeKind::Point
        | ShapeKind::Segment
        | ShapeKind::Circle
        | ShapeKind::Aabb
        | ShapeKind::Obb
        | ShapeKind::Capsule
        | ShapeKind::Polygon
        | ShapeKind::Sector => tr_in(l, "segment (thin)"),
    }
}

/// "A (right half) against B: " when a wide sector was split, else "".
fn part_prefix(l: Lang, r: &SatReport, part: &SatPart) -> String {
    if !r.is_split() {
        return String::new();
    }
    let name = |side: Side, p: Part| {
        let suffix = match p {
            Part::Whole => "",
            Part::RightHalf => tr_in(l, " (right half)"),
            Part::LeftHalf => tr_in(l, " (left half)"),
        };
        format!("{}{suffix}", letter(side))
    };
    trf_in(
        l,
        "{} against {}: ",
        &[&name(Side::A, part.a_part), &name(Side::B, part.b_part)],
    )
}

/// The caption while testing axis `k` (the sentences of both dimensions,
/// after the half's name when a sector was split, before why a curved or
/// thin shape adds the axis).
pub fn axis(l: Lang, p: &Pair, k: usize, t: &AxisTest, keep_testing: bool) -> String {
    let r = p.report;
    let part = r.parts.get(t.part);
    let mut s = part.map(|pt| part_prefix(l, r, pt)).unwrap_or_default();
    let source = source_phrase(l, &t.source);
    s.push_str(&words::axis(
        l,
        &AxisLine {
            k,
            n: r.axes.len(),
            source: &source,
            a: (t.a.min, t.a.max),
            b: (t.b.min, t.b.max),
            gap: t.gap,
            separates: t.separates(),
            first: part.and_then(|pt| pt.first_separating) == Some(k),
            keep_testing,
            last_and_meets: part.is_some_and(|pt| pt.axes.end == k + 1 && !pt.separated),
            distance: p.distance,
            tolerance: satlab::geom::CONTACT_TOLERANCE,
        },
    ));
    if let Some(note) = extra_axis_note(l, p, &t.source) {
        s.push_str(sep(l));
        s.push_str(&note);
    }
    s
}

/// After the last axis of the walk: the words of both dimensions for a
/// pair of whole shapes; a split sector's own sentences otherwise.
pub fn conclusion(l: Lang, p: &Pair, keep_testing: bool) -> String {
    let r = p.report;
    let n = r.axes.len();
    let summary = |part: Option<&SatPart>| Summary {
        n,
        intersects: r.intersects,
        first: part.and_then(|pt| pt.first_separating),
        best: part
            .and_then(|pt| pt.least_overlap)
            .and_then(|k| r.axes.get(k).map(|t| (k, t.gap))),
        mtv: part
            .and_then(|pt| pt.mtv)
            .map(|m| words::vector(&[m.x, m.y])),
        keep_testing,
        distance: p.distance,
        tolerance: satlab::geom::CONTACT_TOLERANCE,
    };
    if r.parts.is_empty() || n == 0 {
        return words::conclusion(l, &summary(None));
    }
    if !r.is_split() {
        return words::conclusion(l, &summary(r.parts.first()));
    }
    // The first pair of halves that intersects.
    let Some(part) = r
        .parts
        .iter()
        .find(|pt| !pt.separated)
        .filter(|_| r.intersects)
    else {
        return split_apart(l, p, keep_testing);
    };
    let mut s = tr_in(
        l,
        "One pair of halves has no separating axis, so the shapes intersect.",
    )
    .to_string();
    if let Some((k, gap)) = summary(Some(part)).best {
        s.push_str(sep(l));
        let mtv = summary(Some(part)).mtv;
        s.push_str(&words::least(
            l,
            k,
            gap,
            mtv.as_deref(),
            satlab::geom::CONTACT_TOLERANCE,
        ));
    }
    s
}

/// The conclusion for a split sector whose every pair of halves is apart.
fn split_apart(l: Lang, p: &Pair, keep_testing: bool) -> String {
    let r = p.report;
    let n = r.axes.len();
    if keep_testing {
        trf_in(
            l,
            "All {} axes tested: every pair of halves has a separating axis, so the shapes are apart. The distance, {}, is that of the nearer half.",
            &[&n, &n2(p.distance)],
        )
    } else {
        trf_in(
            l,
            "Every pair of halves has a separating axis, so the shapes are apart; SAT tested {} of the {} axes.",
            &[&super::step::plan(r, false).len(), &n],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::pair::teach::step::plan;
    use glam::Vec2;
    use satlab::geom::{distance, sat_report, Aabb, Capsule, Circle, Polygon, Pose, Sector, Shape};

    fn aabb(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::new(Vec2::new(x, y), 0.0).unwrap(), Vec2::new(hx, hy)).unwrap())
    }

    fn disc(x: f32, y: f32, r: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::new(Vec2::new(x, y), 0.0).unwrap(), r).unwrap())
    }

    fn pair_of<'a>(r: &'a SatReport, a: &Shape, b: &Shape) -> Pair<'a> {
        Pair {
            report: r,
            kinds: [a.kind(), b.kind()],
            distance: distance(a, b).distance,
        }
    }

    #[test]
    fn separated_boxes_stop_at_the_first_axis_with_the_hand_worked_numbers() {
        // A: [-1, 1] x [-1, 1]. B: centre (3.3, 0.5), half-extents 1:
        // x in [2.3, 4.3]. On A's x axis the gap is 2.3 - 1 = 1.3.
        let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), aabb(3.3, 0.5, 1.0, 1.0));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        assert_eq!(plan(&r, false), vec![0], "SAT stops on the first axis");
        let text = caption(Lang::En, &p, Stage::Axis(0), false);
        assert_eq!(
            text,
            format!(
                "Axis 1 of {}: A's local x axis (the normal of two of its edges). \
                 A covers [-1.00, 1.00], B covers [2.30, 4.30]. \
                 Gap 1.30: this axis separates them, so SAT stops here.",
                r.axes.len()
            )
        );
        let end = caption(Lang::En, &p, Stage::End, false);
        assert_eq!(
            end,
            format!(
                "SAT stopped at axis 1 of {}: one separating axis proves the shapes are apart, so the other {} axes were never tested.",
                r.axes.len(),
                r.axes.len() - 1
            )
        );
    }

    #[test]
    fn overlap_captions_say_try_the_next_axis() {
        // A: [-2, 2] x [-1, 1]; B: centre (3, 0), half-extents 1.5 x 0.5:
        // x in [1.5, 4.5], overlap on x 2 - 1.5 = 0.5; y in [-0.5, 0.5]
        // inside A's [-1, 1]: the overlap SAT reports is the shorter push
        // that frees B, min(1 - (-0.5), 0.5 - (-1)) = 1.5.
        let (a, b) = (aabb(0.0, 0.0, 2.0, 1.0), aabb(3.0, 0.0, 1.5, 0.5));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        let x = caption(Lang::En, &p, Stage::Axis(0), false);
        assert!(
            x.ends_with("A covers [-2.00, 2.00], B covers [1.50, 4.50]. Overlap 0.50: not separating, try the next axis."),
            "{x}"
        );
        let last = r.axes.len() - 1;
        let y = caption(Lang::En, &p, Stage::Axis(last), false);
        assert!(
            y.contains("Overlap 1.50: not separating either. That was the last axis: none separates them, so they intersect."),
            "{y}"
        );
    }

    #[test]
    fn keep_testing_explains_the_least_overlap_and_the_mtv() {
        // The same boxes: the least overlap is 0.5 on x, MTV (0.5, 0).
        let (a, b) = (aabb(0.0, 0.0, 2.0, 1.0), aabb(3.0, 0.0, 1.5, 0.5));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        let end = caption(Lang::En, &p, Stage::End, true);
        let least = r.parts[0].least_overlap.expect("overlap");
        assert_eq!(r.axes[least].axis.abs(), Vec2::X);
        assert!(end.starts_with(&format!(
            "None of the {} axes separates them, so the shapes intersect.",
            r.axes.len()
        )));
        assert!(
            end.contains(&format!(
                "The least overlap over ALL axes, 0.50 on axis {}, is the penetration depth; the MTV moves B by (0.50, 0.00).",
                least + 1
            )),
            "{end}"
        );
        assert!(end.contains("a smaller overlap can turn up on any axis"));
    }

    #[test]
    fn keep_testing_a_separated_pair_compares_the_largest_gap_with_the_distance() {
        // Face to face: the largest gap (1.3 on x) is the distance.
        let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), aabb(3.3, 0.5, 1.0, 1.0));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        assert_eq!(plan(&r, true).len(), r.axes.len());
        let mid = caption(Lang::En, &p, Stage::Axis(0), true);
        assert!(
            mid.contains("SAT could stop here; we keep testing"),
            "{mid}"
        );
        let end = caption(Lang::En, &p, Stage::End, true);
        assert!(end.contains("The largest gap is 1.30, on axis 1."), "{end}");
        assert!(end.contains("It equals the distance, 1.30"), "{end}");
        // Corner to corner: squares offset by (3, 3); the gap on each axis
        // is 1, the distance is |(1, 1)| = sqrt 2.
        let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), aabb(3.0, 3.0, 1.0, 1.0));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        let end = caption(Lang::En, &p, Stage::End, true);
        assert!(end.contains("The largest gap is 1.00"), "{end}");
        assert!(
            end.contains(&format!("The distance is {:.2}", 2f32.sqrt())),
            "{end}"
        );
        assert!(end.contains("only a lower bound"), "{end}");
    }

    #[test]
    fn a_curved_pair_explains_the_centre_to_vertex_axis() {
        // A box [-1, 1]^2 and a disc of radius 1 at (2.5, 2.5): the corner
        // (1, 1) is nearest; the axis from the disc's centre to that corner
        // is (-1, -1)/sqrt 2, and on it the gap is |(1.5, 1.5)| - 1.
        let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), disc(2.5, 2.5, 1.0));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        let k = r
            .axes
            .iter()
            .position(|t| matches!(t.source, AxisSource::Towards { .. }))
            .expect("a centre-to-vertex axis");
        let t = &r.axes[k];
        let want_gap = (1.5f32 * 1.5 * 2.0).sqrt() - 1.0;
        assert!((t.gap - want_gap).abs() < 1e-4);
        let text = caption(Lang::En, &p, Stage::Axis(k), true);
        assert!(
            text.starts_with(&format!(
                "Axis {} of {}: from B's centre to A's corner 3.",
                k + 1,
                r.axes.len()
            )),
            "{text}"
        );
        assert!(text.contains(&format!("Gap {want_gap:.2}")), "{text}");
        assert!(
            text.contains("A circle has no edges, so SAT adds the axis from its centre to the nearest vertex of A"),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "A covers [{:.2}, {:.2}], B covers [{:.2}, {:.2}]",
                t.a.min, t.a.max, t.b.min, t.b.max
            )),
            "{text}"
        );
    }

    #[test]
    fn capsules_sectors_and_split_sectors_have_their_notes() {
        let cap = Shape::Capsule(
            Capsule::new(Pose::new(Vec2::new(0.0, 3.0), 0.0).unwrap(), 1.0, 0.5).unwrap(),
        );
        let tri = Shape::Polygon(
            Polygon::new(
                Pose::new(Vec2::ZERO, 0.0).unwrap(),
                &[
                    Vec2::new(-1.0, 0.0),
                    Vec2::new(1.0, 0.0),
                    Vec2::new(0.0, 1.0),
                ],
            )
            .unwrap(),
        );
        let r = sat_report(&cap, &tri);
        let p = pair_of(&r, &cap, &tri);
        let all: String = (0..r.axes.len())
            .map(|k| caption(Lang::En, &p, Stage::Axis(k), true))
            .collect();
        assert!(all.contains("A capsule's ends are half discs"), "{all}");
        // A 270° sector: split into halves, said in the intro and prefixed.
        let wide =
            Shape::Sector(Sector::new(Pose::new(Vec2::ZERO, 0.0).unwrap(), 1.0, 135.0).unwrap());
        // The triangle moved right: its vertex (0.7, 0.2) lies inside the
        // sector's wedge, so an apex-to-vertex axis is a candidate.
        let tri = Shape::Polygon(
            Polygon::new(
                Pose::new(Vec2::new(1.7, 0.2), 0.0).unwrap(),
                &[
                    Vec2::new(-1.0, 0.0),
                    Vec2::new(1.0, 0.0),
                    Vec2::new(0.0, 1.0),
                ],
            )
            .unwrap(),
        );
        let r = sat_report(&wide, &tri);
        assert!(r.is_split());
        let p = pair_of(&r, &wide, &tri);
        assert!(
            caption(Lang::En, &p, Stage::Start, false).contains("split into its two convex halves")
        );
        let first = caption(Lang::En, &p, Stage::Axis(0), false);
        assert!(
            first.starts_with("A (right half) against B: Axis 1 of "),
            "{first}"
        );
        let apex = (0..r.axes.len())
            .map(|k| caption(Lang::En, &p, Stage::Axis(k), true))
            .find(|c| c.contains("A sector's arc is part of a circle around its apex"));
        assert!(apex.is_some(), "some axis runs from the apex to a vertex");
    }

    #[test]
    fn chinese_captions_carry_the_same_numbers() {
        let (a, b) = (aabb(0.0, 0.0, 1.0, 1.0), aabb(3.3, 0.5, 1.0, 1.0));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        let zh = caption(Lang::ZhHans, &p, Stage::Axis(0), false);
        let t = &r.axes[0];
        let head = trf_in(
            Lang::ZhHans,
            "Axis {} of {}: {}. A covers [{}, {}], B covers [{}, {}].",
            &[
                &1,
                &r.axes.len(),
                &source_phrase(Lang::ZhHans, &t.source),
                &"-1.00",
                &"1.00",
                &"2.30",
                &"4.30",
            ],
        );
        assert!(zh.starts_with(&head), "{zh}");
        assert!(zh.contains("1.30"), "{zh}");
        assert!(zh.contains("分离轴") || zh.contains("分离"), "{zh}");
        assert_ne!(zh, caption(Lang::En, &p, Stage::Axis(0), false));
        assert!(zh.chars().any(crate::app::wrap::wide), "Chinese text: {zh}");
        // Overlap and the MTV in Chinese.
        let (a, b) = (aabb(0.0, 0.0, 2.0, 1.0), aabb(3.0, 0.0, 1.5, 0.5));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        let end = caption(Lang::ZhHans, &p, Stage::End, true);
        assert!(
            end.contains("0.50") && end.contains("(0.50, 0.00)"),
            "{end}"
        );
        assert!(end.contains("最小平移向量") || end.contains("MTV"), "{end}");
    }

    #[test]
    fn every_stage_has_a_caption_and_bad_indices_do_not_panic() {
        let (a, b) = (disc(0.0, 0.0, 1.0), disc(0.0, 0.0, 1.0));
        let r = sat_report(&a, &b);
        let p = pair_of(&r, &a, &b);
        for l in Lang::ALL {
            for st in [Stage::Start, Stage::Axis(0), Stage::Axis(999), Stage::End] {
                assert!(!caption(l, &p, st, false).is_empty());
            }
        }
        let empty = SatReport::default();
        let q = Pair {
            report: &empty,
            kinds: [ShapeKind::Circle, ShapeKind::Circle],
            distance: 0.0,
        };
        assert!(!caption(Lang::En, &q, Stage::End, true).is_empty());
    }
}
