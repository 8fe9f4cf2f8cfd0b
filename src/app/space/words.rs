//! The 3D SAT report's words, translated: where an axis comes from (as
//! [`AxisSource3::describe`] says it in English).

use crate::app::i18n::{tr, trf};
use satlab::geom3d::{AxisSource3, Feature, Side, SkipReason};

/// A feature without the shape's letter (as [`Feature::words`]).
pub fn feature(f: Feature) -> String {
    const AXIS: [&str; 3] = ["x", "y", "z"];
    let axis = |i: u8| AXIS[usize::from(i.min(2))];
    match f {
        Feature::BoxFace(i) => trf("face +{} normal", &[&axis(i)]),
        Feature::BoxEdge(i) => trf("edge {}", &[&axis(i)]),
        Feature::TriangleFace => tr("face normal").into(),
        Feature::TriangleEdge(k) => trf("edge {}", &[&k]),
        Feature::HullFace(k) => trf("face {} normal", &[&k]),
        Feature::HullEdge(k) => trf("edge {}", &[&k]),
        Feature::SegmentDirection => tr("segment").into(),
        Feature::CapsuleAxis => tr("core segment").into(),
        Feature::RayDirection => tr("ray").into(),
        Feature::Centre => tr("centre").into(),
        Feature::Position => tr("point").into(),
        Feature::NearestPoint => tr("nearest point").into(),
    }
}

/// A feature with its shape's letter (as [`Feature::named`]).
pub fn named(f: Feature, side: Side) -> String {
    match f {
        Feature::NearestPoint => trf("{}'s {}", &[&side.letter(), &feature(f)]),
        _ => trf("{} {}", &[&side.letter(), &feature(f)]),
    }
}

/// Where an axis comes from (as [`AxisSource3::describe`]).
pub fn axis_source(s: &AxisSource3) -> String {
    match *s {
        AxisSource3::Face { side, feature } => named(feature, side),
        AxisSource3::Cross { a, b } => trf("{} × {}", &[&named(a, Side::A), &named(b, Side::B)]),
        AxisSource3::Closest { from, from_feature } => trf(
            "{} towards {}",
            &[
                &named(from_feature, from),
                &named(Feature::NearestPoint, from.other()),
            ],
        ),
        AxisSource3::Perpendicular { side, feature } => {
            trf("perpendicular to {}", &[&named(feature, side)])
        }
        AxisSource3::AnyDirection => tr("x axis (any direction separates or none does)").into(),
    }
}

/// A feature owned by its shape's letter, as the walk's captions say it
/// ("A's face +x normal", the 2D captions' "A's local x axis").
fn owned(f: Feature, side: Side) -> String {
    trf("{}'s {}", &[&side.letter(), &feature(f)])
}

/// Where an axis comes from, in the walk's captions (the words of the 2D
/// captions: "A's face +x normal", "A's edge x × B's edge y").
pub fn caption_source(s: &AxisSource3) -> String {
    match *s {
        AxisSource3::Face { side, feature } => owned(feature, side),
        AxisSource3::Cross { a, b } => trf("{} × {}", &[&owned(a, Side::A), &owned(b, Side::B)]),
        AxisSource3::Closest { from, from_feature } => trf(
            "{} towards {}",
            &[
                &owned(from_feature, from),
                &owned(Feature::NearestPoint, from.other()),
            ],
        ),
        AxisSource3::Perpendicular { side, feature } => {
            trf("perpendicular to {}", &[&owned(feature, side)])
        }
        AxisSource3::AnyDirection => axis_source(s),
    }
}

/// Why a candidate was not tested (as [`SkipReason::describe`] says it).
pub fn skip_reason(r: SkipReason) -> String {
    match r {
        SkipReason::ParallelEdges { sin } => trf(
            "edges parallel (|sin| = {} < 1e-5): their cross product has no reliable direction; it could hide a gap of at most 1e-5 of the shapes' size, so near contact the exact distance decides",
            &[&format!("{sin:.1e}")],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{with_lang, Lang};
    use satlab::geom3d::sat_report3;
    use satlab::scene::{load_any, AnyScene};

    #[test]
    fn in_english_the_words_are_the_librarys_and_in_chinese_none_is_left_english() {
        for f in std::fs::read_dir("scenes/08-3d").unwrap() {
            let Ok(AnyScene::Space(sc)) = load_any(&f.unwrap().path()) else {
                continue;
            };
            for t in sat_report3(&sc.a.shape, &sc.b.shape).axes {
                let en = with_lang(Lang::En, || axis_source(&t.source));
                assert_eq!(en, t.source.describe());
                let zh = with_lang(Lang::ZhHans, || axis_source(&t.source));
                for w in ["face", "edge", "towards", "nearest", "segment", "centre"] {
                    assert!(!zh.contains(w), "{zh:?}");
                }
            }
        }
    }
}
