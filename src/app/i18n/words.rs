//! The library's words in the interface language. The library (`satlab::geom`)
//! names verdicts, shape kinds and axis sources in English for the CLI and
//! tests; the app shows them through these functions, which give the same
//! English text and translate it otherwise.

use super::{tr, trf};
use satlab::geom::Part;
use satlab::geom::{
    AnyKind, AxisSource, Feature, Rule, SatReport, ShapeError, ShapeKind, Side, Verdict,
};

/// The verdict as a badge word: `"SEPARATED"`, ...
pub fn verdict_caps(v: Verdict) -> &'static str {
    match v {
        Verdict::Separated => tr("SEPARATED"),
        Verdict::Touching => tr("TOUCHING"),
        Verdict::Overlapping => tr("OVERLAPPING"),
    }
}

/// A shape kind's name (in English, its scene-file name: `"aabb"`).
pub fn kind(k: ShapeKind) -> &'static str {
    match k {
        ShapeKind::Point => tr("point"),
        ShapeKind::Segment => tr("segment"),
        ShapeKind::Ray => tr("ray"),
        ShapeKind::Line => tr("line"),
        ShapeKind::Circle => tr("circle"),
        ShapeKind::Aabb => tr("aabb"),
        ShapeKind::Obb => tr("obb"),
        ShapeKind::Capsule => tr("capsule"),
        ShapeKind::Sector => tr("sector"),
        ShapeKind::Polygon => tr("polygon"),
    }
}

/// A feature without the shape's letter: `"edge 2 normal"` (as
/// [`Feature::words`]).
pub fn feature(f: Feature) -> String {
    match f {
        Feature::Vertex(k) => trf("vertex {}", &[&k]),
        Feature::Edge(k) => trf("edge {} normal", &[&k]),
        Feature::SectorEdge(k) => trf("edge {} normal", &[&k]),
        Feature::Corner(k) => trf("corner {}", &[&k]),
        Feature::BoxAxis(1) => tr("x axis").into(),
        Feature::BoxAxis(_) => tr("y axis").into(),
        Feature::Centre => tr("centre").into(),
        Feature::End(k) => trf("end {}", &[&k]),
        Feature::Origin => tr("origin").into(),
        Feature::Tip => tr("tip").into(),
        Feature::Position => tr("point").into(),
        Feature::Apex => tr("apex").into(),
        Feature::ArcEnd(k) => trf("arc end {}", &[&k]),
        Feature::ArcEndNormal(k) => trf("arc normal at arc end {}", &[&k]),
        Feature::SegmentNormal => tr("segment normal").into(),
        Feature::RayNormal => tr("ray normal").into(),
        Feature::LineNormal => tr("line normal").into(),
    }
}

/// A feature with its shape's letter: `"A edge 2 normal"`, `"A's centre"`
/// (as [`Feature::named`]).
pub fn named(f: Feature, side: Side) -> String {
    let numbered = f.numbered();
    let words = feature(f);
    if numbered {
        trf("{} {}", &[&side.letter(), &words])
    } else {
        trf("{}'s {}", &[&side.letter(), &words])
    }
}

/// Where an axis comes from (as [`AxisSource::describe`]).
pub fn axis_source(s: &AxisSource) -> String {
    match *s {
        AxisSource::Face { side, feature } => named(feature, side),
        AxisSource::Towards {
            centre_side,
            centre,
            vertex,
        } => trf(
            "{} towards {}",
            &[
                &named(vertex, centre_side.other()),
                &named(centre, centre_side),
            ],
        ),
        AxisSource::AnyDirection => tr("x axis (any direction separates or none does)").into(),
    }
}

/// `""`, `" (right half)"` or `" (left half)"` (as [`Part::suffix`]).
pub fn part_suffix(p: Part) -> &'static str {
    match p {
        Part::Whole => "",
        Part::RightHalf => tr(" (right half)"),
        Part::LeftHalf => tr(" (left half)"),
    }
}

/// Why a wide sector was split, when it was (as [`SatReport::split_note`]).
pub fn split_note(r: &SatReport) -> Option<&'static str> {
    r.is_split().then(|| {
        tr("A sector with a half-angle over 90° is not convex, so SAT cannot test it whole: it is split into its two convex halves, each tested on its own; the shapes intersect when any pair of halves does.")
    })
}

/// A shape's validation error in the interface language. In English the
/// library's own message (`circle: radius must be ≥ 0, got -1`); otherwise
/// the kind and the rule translated, the field kept as the scene file spells
/// it.
pub fn shape_error(e: &ShapeError) -> String {
    if super::lang() == super::Lang::En {
        return e.to_string();
    }
    let k = match e.kind {
        AnyKind::Flat(k) => kind(k),
        AnyKind::Pose => tr("pose"),
        AnyKind::Solid(k) => tr(k.name()),
    };
    trf(
        "{}: {} {}, got {}",
        &[&k, &e.field, &rule(e.rule), &e.value],
    )
}

/// A [`Rule`] in the interface language, its vertex number filled in.
fn rule(r: Rule) -> String {
    match r {
        Rule::Finite => tr("must be finite").to_owned(),
        Rule::FiniteNumber => tr("must be a finite number").to_owned(),
        Rule::NonNegative => tr("must be ≥ 0").to_owned(),
        Rule::Positive => tr("must be > 0").to_owned(),
        Rule::HalfAngle => tr("must be in (0, 180]").to_owned(),
        Rule::AabbTurned => tr("must be 0 (use an obb to turn a box)").to_owned(),
        Rule::TooFewVertices => tr("must hold at least 3 distinct vertices").to_owned(),
        Rule::Collinear => tr("must enclose an area (they are collinear)").to_owned(),
        Rule::EdgesCross => tr("must form a simple convex polygon (the edges cross)").to_owned(),
        Rule::VertexNotFinite { vertex } => trf("must be finite (vertex {})", &[&vertex]),
        Rule::NotConvex { vertex } => trf(
            "must form a convex polygon (it turns inward at vertex {})",
            &[&vertex],
        ),
        Rule::AtMostLimit => tr("must be ≤ 1e8").to_owned(),
        Rule::WithinLimit => tr("must lie within ±1e8 in x and y").to_owned(),
        Rule::VertexBeyondLimit { vertex } => {
            trf("must lie within ±1e8 in x and y (vertex {})", &[&vertex])
        }
        Rule::TooManyVertices => tr("must hold at most 100000 vertices").to_owned(),
        Rule::TooSmall => {
            tr("must span at least 1e-12 (the polygon is degenerate: too small)").to_owned()
        }
        Rule::FiniteNonZero => tr("must be finite and non-zero").to_owned(),
        Rule::WithinLimit3 => tr("must lie within ±1e8 in x, y and z").to_owned(),
        Rule::VertexBeyondLimit3 { vertex } => {
            trf("must lie within ±1e8 in x, y and z (vertex {})", &[&vertex])
        }
        Rule::Aabb3Turned => tr("must be [0, 0, 0] (use an obb to turn a box)").to_owned(),
        Rule::TooManyPoints => tr("must have at most 256 points").to_owned(),
        Rule::Empty => tr("must not be empty").to_owned(),
        Rule::OnOneLine => tr("must not all lie on one line").to_owned(),
        Rule::Flat => {
            tr("must include 4 points not in one plane (or ask for a flat hull)").to_owned()
        }
        Rule::Coincide => {
            tr("must not all coincide (the hull is too small to have a size)").to_owned()
        }
        Rule::Unresolved => tr("must form a hull the builder can resolve in f32").to_owned(),
    }
}

/// What a swept-SAT table says, in the interface language (in English
/// exactly the library's `SweptSat::describe`), for either dimension;
/// `name` names an axis by its source.
pub fn swept_conclusion<V, S>(
    sw: &satlab::common::swept::SweptSat<V, S>,
    name: impl Fn(&S) -> String,
) -> String {
    let (enter, ie) = sw.latest_entry;
    let (exit, ix) = sw.earliest_exit;
    let axis = |i: usize| {
        sw.axes
            .get(i)
            .map_or_else(|| tr("no axis").to_string(), |a| name(&a.source))
    };
    let (se, sx) = (axis(ie), axis(ix));
    let f4 = |t: f32| format!("{t:.4}");
    match sw.toi {
        Some(t) if enter <= 0.0 => trf(
            "On every axis the shadows already overlap at t = 0 (latest entry {} on {}): the shapes intersect from the start (t = {}).",
            &[&f4(enter), &se, &t],
        ),
        Some(t) => trf(
            "The shadows overlap on every axis from the latest entry (t = {}, on {}) until the earliest exit (t = {}, on {}): the shapes first touch at t = {}.",
            &[&f4(t), &se, &f4(exit), &sx, &f4(t)],
        ),
        None if enter > exit => trf(
            "The latest entry (t = {}, on {}) comes after the earliest exit (t = {}, on {}): at every time some axis separates them, so they never touch.",
            &[&f4(enter), &se, &f4(exit), &sx],
        ),
        None if enter > 1.0 => trf(
            "They would touch at t = {} (on {}), after the end of the motion (t = 1).",
            &[&f4(enter), &se],
        ),
        None => trf(
            "They were overlapping only before t = 0 (earliest exit t = {}, on {}).",
            &[&f4(exit), &sx],
        ),
    }
}

/// Why GJK's last step is its last, in either dimension: `distance` when
/// the shapes are apart; `epa_depth` when they overlap, with `polytope`
/// false when the radii alone make the overlap (EPA has nothing to grow).
/// Lengths with 3 decimals.
pub fn gjk_stop(distance: Option<f32>, epa_depth: Option<f32>, polytope: bool) -> String {
    let f = |x: f32| crate::app::num::fixed(x, 3);
    match (distance, epa_depth) {
        (_, Some(depth)) if !polytope => trf(
            "The cores do not enclose the origin: the radii alone make the overlap, {} deep, and EPA has no polytope to grow.",
            &[&f(depth)],
        ),
        (_, Some(depth)) => trf(
            "The simplex now encloses the origin: the shapes overlap. EPA finds how deep ({}).",
            &[&f(depth)],
        ),
        (Some(d), None) => trf(
            "The new vertex gets no nearer the origin: GJK stops, and the distance is {}.",
            &[&f(d)],
        ),
        (None, None) => String::new(),
    }
}

/// What GJK's step `k` (from 0) of `steps` does, in plain words, in both
/// dimensions: its simplex of `points` points, `nearest` away from the
/// origin, and the search `along` the unit direction towards the origin,
/// printed as the panel prints a vector ("(x, y)", "(x, y, z)"); after the
/// last step, why GJK stopped ([`gjk_stop`] of `stop`: the distance, EPA's
/// depth, whether EPA has a polytope).
pub fn gjk_step(
    (k, steps): (usize, usize),
    points: usize,
    nearest: f32,
    along: impl std::fmt::Display,
    stop: (Option<f32>, Option<f32>, bool),
) -> String {
    let mut text = trf(
        "GJK {}/{}: the simplex has {} point(s); its point nearest the origin is {} away. Search towards the origin, along {}: A's furthest point that way minus B's furthest point the other way gives the new vertex.",
        &[&(k + 1), &steps, &points, &crate::app::num::fixed(nearest, 3), &along],
    );
    if k + 1 == steps {
        text.push(' ');
        text.push_str(&gjk_stop(stop.0, stop.1, stop.2));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::{tr_in, with_lang, Lang};
    use super::*;

    /// Every feature the library can name.
    fn features() -> Vec<Feature> {
        vec![
            Feature::Vertex(2),
            Feature::Edge(3),
            Feature::Corner(1),
            Feature::BoxAxis(1),
            Feature::BoxAxis(2),
            Feature::Centre,
            Feature::End(1),
            Feature::Origin,
            Feature::Tip,
            Feature::Position,
            Feature::Apex,
            Feature::ArcEnd(2),
            Feature::SectorEdge(1),
            Feature::ArcEndNormal(2),
            Feature::SegmentNormal,
            Feature::RayNormal,
            Feature::LineNormal,
        ]
    }

    #[test]
    fn english_matches_the_library_word_for_word() {
        with_lang(Lang::En, english_matches);
    }

    fn english_matches() {
        for f in features() {
            assert_eq!(feature(f), f.words());
            for side in [Side::A, Side::B] {
                assert_eq!(named(f, side), f.named(side));
            }
        }
        let towards = AxisSource::Towards {
            centre_side: Side::B,
            centre: Feature::Centre,
            vertex: Feature::Vertex(1),
        };
        assert_eq!(axis_source(&towards), towards.describe());
        assert_eq!(
            axis_source(&AxisSource::AnyDirection),
            AxisSource::AnyDirection.describe()
        );
        for k in ShapeKind::ALL {
            assert_eq!(kind(k), k.name());
        }
        for v in [Verdict::Separated, Verdict::Touching, Verdict::Overlapping] {
            assert_eq!(verdict_caps(v), v.word().to_uppercase());
        }
        for p in [Part::Whole, Part::RightHalf, Part::LeftHalf] {
            assert_eq!(part_suffix(p), p.suffix());
        }
    }

    #[test]
    fn every_library_word_has_chinese() {
        let zh = |en: &'static str| {
            let t = tr_in(Lang::ZhHans, en);
            assert_ne!(t, en, "{en:?} has no Chinese");
        };
        for k in ShapeKind::ALL {
            zh(k.name());
        }
        for v in [Verdict::Separated, Verdict::Touching, Verdict::Overlapping] {
            zh(v.word().to_uppercase().leak());
        }
    }

    #[test]
    fn chinese_axis_sources_read_naturally() {
        with_lang(Lang::ZhHans, || {
            let towards = AxisSource::Towards {
                centre_side: Side::B,
                centre: Feature::Centre,
                vertex: Feature::Vertex(1),
            };
            assert_eq!(axis_source(&towards), "A的顶点 1 与 B的圆心的连线");
            let face = AxisSource::Face {
                side: Side::B,
                feature: Feature::Edge(2),
            };
            assert_eq!(axis_source(&face), "B的边 2 法线");
            assert_eq!(kind(ShapeKind::Capsule), "胶囊体");
        });
    }

    #[test]
    fn every_shape_error_the_library_raises_reads_in_chinese() {
        use glam::Vec2;
        use satlab::geom::{Aabb, Circle, Obb, Polygon, Pose, Ray, Sector};
        let v = Vec2::new;
        let at = Pose::IDENTITY;
        let turned = Pose::new(Vec2::ZERO, 30.0).unwrap();
        // A five-pointed star: every turn is to the left, but its edges cross.
        let pentagram: Vec<Vec2> = [0, 2, 4, 1, 3]
            .iter()
            .map(|&k| Vec2::from_angle(std::f32::consts::TAU * k as f32 / 5.0))
            .collect();
        // One shape breaking each rule the library has.
        let errors = [
            Pose::new(v(f32::NAN, 0.0), 0.0)
                .map_err(|e| e.of_kind(ShapeKind::Circle))
                .err(),
            Circle::new(at, f32::NAN).err(),
            Circle::new(at, -1.0).err(),
            Ray::new(at, Some(0.0)).err(),
            Sector::new(at, 1.0, 200.0).err(),
            Aabb::new(turned, v(1.0, 1.0)).err(),
            Obb::new(at, v(f32::INFINITY, 1.0)).err(),
            Obb::new(at, v(-1.0, 1.0)).err(),
            Polygon::new(at, &[v(0.0, 0.0), v(f32::NAN, 0.0), v(0.0, 1.0)]).err(),
            Polygon::new(at, &[v(0.0, 0.0), v(1.0, 0.0)]).err(),
            Polygon::new(at, &[v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)]).err(),
            Polygon::new(at, &[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.5), v(1.0, 2.0)]).err(),
            Polygon::new(at, &pentagram).err(),
            Circle::new(at, 1e9).err(),
            Pose::new(v(1e9, 0.0), 0.0)
                .map_err(|e| e.of_kind(ShapeKind::Circle))
                .err(),
            Polygon::new(at, &[v(0.0, 0.0), v(1e9, 0.0), v(0.0, 1.0)]).err(),
            Polygon::new(at, &[v(0.0, 0.0); 100_001]).err(),
            Polygon::new(at, &[v(0.0, 0.0), v(1e-30, 0.0), v(0.0, 1e-30)]).err(),
        ];
        let mut rules = std::collections::BTreeSet::new();
        for e in errors {
            let e = e.expect("each of these shapes is invalid");
            rules.insert(e.rule);
            let zh = with_lang(Lang::ZhHans, || shape_error(&e));
            let en = with_lang(Lang::En, || shape_error(&e));
            assert_eq!(en, e.to_string());
            // The field name and the value stay; no English word is left.
            assert!(zh.contains(e.field) && zh.contains(&e.value), "{zh}");
            let rest = zh.replace(e.field, "").replace(&e.value, "");
            assert!(
                !rest
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .any(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase())),
                "English left in {zh:?} (from {en:?})"
            );
        }
        // Every distinct rule the library words was met (three carry a vertex number).
        assert_eq!(rules.len(), 16, "{rules:#?}");
    }

    /// Issue 28 item 17 in 3D: the 3D editor's refusals are translated too
    /// (its rules stayed in English).
    #[test]
    fn every_3d_shape_error_reads_in_chinese() {
        use satlab::geom3d::{Aabb3, Hull3, Pose3, Quat, ShapeKind3, Sphere, Triangle3, Vec3};
        let v = Vec3::new;
        let at = Pose3::at(Vec3::ZERO);
        let turned = Pose3::from_euler_deg(ShapeKind3::Aabb, Vec3::ZERO, [0.0, 0.0, 30.0]);
        let line: Vec<Vec3> = (0..4).map(|k| v(k as f32, 0.0, 0.0)).collect();
        let plane: Vec<Vec3> = (0..4)
            .map(|k| v((k % 2) as f32, (k / 2) as f32, 0.0))
            .collect();
        let many: Vec<Vec3> = (0..257).map(|k| v(k as f32, (k * k) as f32, 0.0)).collect();
        let errors = [
            Pose3::new(
                ShapeKind3::Obb,
                Vec3::ZERO,
                Quat::from_xyzw(0.0, 0.0, 0.0, 0.0),
            )
            .err(),
            Sphere::new(Pose3::at(v(1e9, 0.0, 0.0)), 1.0).err(),
            Pose3::new(ShapeKind3::Sphere, v(1e9, 0.0, 0.0), Quat::IDENTITY).err(),
            Triangle3::new(at, [v(0.0, 0.0, 0.0), v(1e9, 0.0, 0.0), v(0.0, 1.0, 0.0)]).err(),
            turned.and_then(|p| Aabb3::new(p, Vec3::ONE)).err(),
            Aabb3::new(at, v(-3.0, 1.0, 1.0)).err(),
            Hull3::new(at, &many, false).err(),
            Hull3::new(at, &[], false).err(),
            Hull3::new(at, &line, false).err(),
            Hull3::new(at, &plane, false).err(),
            Hull3::new(at, &[Vec3::ONE; 4], false).err(),
            // No small hull is known to defeat the builder: its rule as the
            // library would raise it.
            Some(ShapeError {
                kind: AnyKind::Solid(ShapeKind3::Hull),
                field: "points",
                rule: Rule::Unresolved,
                value: "9 points".into(),
            }),
        ];
        let mut rules = std::collections::BTreeSet::new();
        for e in errors.into_iter().flatten() {
            rules.insert(e.rule);
            let zh = with_lang(Lang::ZhHans, || shape_error(&e));
            // The kind, the field and the value stay as the scene file writes them.
            let rest = zh
                .replace(&e.value, "")
                .replace(e.kind.name(), "")
                .replace(e.field, "");
            assert!(
                !rest
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .any(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase())),
                "English left in {zh:?} (from {e})"
            );
        }
        for r in [
            Rule::FiniteNonZero,
            Rule::WithinLimit3,
            Rule::VertexBeyondLimit3 { vertex: 2 },
            Rule::Aabb3Turned,
            Rule::TooManyPoints,
            Rule::Empty,
            Rule::OnOneLine,
            Rule::Flat,
            Rule::Coincide,
            Rule::Unresolved,
        ] {
            assert!(rules.contains(&r), "{r:?} not met: {rules:#?}");
        }
    }
}
