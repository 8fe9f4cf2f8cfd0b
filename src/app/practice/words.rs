//! The practice mode's words: the library's prompts and feedback sentences
//! (English) said in the window's language, by kind and by feedback case.

use crate::app::i18n::{tr, trf};
use satlab::practice::{Feedback, Kind, MTV_ANGLE_TOLERANCE_DEG};

/// The question of `kind`, translated ([`Kind::prompt`]'s words).
pub fn prompt(kind: Kind) -> &'static str {
    match kind {
        Kind::Verdict => tr("Do A and B intersect?"),
        Kind::SeparatingAxis => {
            tr("Click an axis that separates A and B, or answer that none does.")
        }
        Kind::Projection => tr("Click the two ends of the named shape's shadow on the drawn axis."),
        Kind::Mtv => tr("Drag B out of A the shortest way."),
        Kind::Touch => tr("Drag B along its arrow to where it first touches A."),
        Kind::ClosestPoint => tr("Click the point of A nearest to B."),
        Kind::Contacts => tr("Click where a physics engine puts the contact points (one or two)."),
        Kind::BoxAxes => tr("Which of the 15 axes separates the two boxes? Or none?"),
        Kind::AxisCount => tr("How many candidate axes does SAT test for this pair?"),
    }
}

/// How the window asks for the answer of `kind` (translated).
pub fn how(kind: Kind) -> &'static str {
    match kind {
        Kind::Verdict => tr("Y: yes, N: no"),
        Kind::SeparatingAxis => tr("click an axis line; N: none separates"),
        Kind::Projection => tr(
            "click the two ends on the drawn axis, or type them and press Set; then Enter to submit",
        ),
        Kind::Mtv | Kind::Touch => tr("drag B, then Enter to submit"),
        Kind::ClosestPoint => tr("click the point"),
        Kind::Contacts => tr("click the points, then Enter to submit"),
        Kind::BoxAxes => {
            tr("click an axis or pick it in the panel; N: none separates; drag to turn the view")
        }
        Kind::AxisCount => tr("type the number and press Enter, or pick it in the panel"),
    }
}

/// A 2D axis's name in the interface language (the library's English
/// name for an axis made by hand).
pub fn axis_name(a: &satlab::practice::AxisChoice) -> String {
    in_language(a.source.as_ref(), &a.name)
}

/// A feedback sentence's axis in the interface language.
fn named(a: &satlab::practice::NamedAxis) -> String {
    in_language(a.source.as_ref(), &a.name)
}

/// An axis named from its source when it has one, else by its own
/// (English or textbook) name.
fn in_language(source: Option<&satlab::geom::AxisSource>, name: &str) -> String {
    source.map_or_else(|| name.to_string(), crate::app::i18n::words::axis_source)
}

/// A kind's short name, translated.
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Verdict => tr("verdict"),
        Kind::SeparatingAxis => tr("separating axis"),
        Kind::Projection => tr("projection"),
        Kind::Mtv => tr("MTV"),
        Kind::Touch => tr("first touch"),
        Kind::ClosestPoint => tr("closest point"),
        Kind::Contacts => tr("contact points"),
        Kind::BoxAxes => tr("box axes"),
        Kind::AxisCount => tr("axis count"),
    }
}

/// [`Feedback::sentence`] in the window's language (the same numbers).
pub fn feedback(f: &Feedback) -> String {
    let d2 = |x: f32| format!("{x:.2}");
    match f {
        Feedback::Verdict {
            truth: true,
            signed_distance,
            ..
        } => trf(
            "They overlap by {}: they intersect.",
            &[&d2(-signed_distance)],
        ),
        Feedback::Verdict {
            truth: false,
            signed_distance,
            ..
        } => trf(
            "A gap of {} is left: they do not intersect.",
            &[&d2(*signed_distance)],
        ),
        Feedback::PickedAxis(a) if a.gap > 0.0 => trf(
            "Your axis ({}) shows a gap of {}: it separates.",
            &[&named(a), &d2(a.gap)],
        ),
        Feedback::PickedAxis(a) => trf(
            "Your axis ({}) shows an overlap of {}: it does not separate.",
            &[&named(a), &d2(-a.gap)],
        ),
        Feedback::PickedNone { separating: None } => {
            tr("Every axis shows an overlap: none separates, they intersect.").into()
        }
        Feedback::PickedNone {
            separating: Some(a),
        } => trf(
            "Axis {} shows a gap of {}: it separates them.",
            &[&named(a), &d2(a.gap)],
        ),
        Feedback::Miss {
            miss, tolerance, ..
        } if miss <= tolerance => trf(
            "Off by {}, within the tolerance of {}.",
            &[&d2(*miss), &d2(*tolerance)],
        ),
        Feedback::Miss {
            miss, tolerance, ..
        } => trf(
            "Off by {}: more than the tolerance of {}.",
            &[&d2(*miss), &d2(*tolerance)],
        ),
        Feedback::Mtv {
            angle_deg,
            length_error,
            depth,
            tolerance,
        } => trf(
            "Your drag is {}° from the MTV (at most {}° counts) and {} against the depth {} (±{} counts).",
            &[
                &format!("{angle_deg:.0}"),
                &format!("{MTV_ANGLE_TOLERANCE_DEG:.0}"),
                &format!("{length_error:+.2}"),
                &d2(*depth),
                &d2(*tolerance),
            ],
        ),
        Feedback::ContactCount { expected, given } => trf(
            "The manifold has {} contact point(s); you clicked {}.",
            &[expected, given],
        ),
        Feedback::Count { said, truth } if said == truth => trf(
            "Right: SAT tests {} candidate axes for this pair.",
            &[truth],
        ),
        Feedback::Count { said, truth } => trf(
            "SAT tests {} candidate axes for this pair, not {}.",
            &[truth, said],
        ),
        Feedback::WrongForm => tr("That answer does not fit this question.").into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{with_lang, Lang};

    /// A generated axis carries its source, so the Chinese window names it
    /// in Chinese.
    #[test]
    fn axis_names_follow_the_interface_language() {
        let set = (1..200)
            .filter_map(|seed| {
                satlab::practice::generate(
                    seed,
                    6,
                    satlab::practice::Choice::Level(satlab::practice::Level::Two),
                )
            })
            .flat_map(|s| s.questions)
            .find_map(|q| {
                let satlab::practice::Task::SeparatingAxis { axes } = q.task else {
                    return None;
                };
                axes.into_iter().next()
            })
            .expect("level 2 asks for a separating axis");
        assert!(set.source.is_some(), "a generated axis has its source");
        let en = with_lang(Lang::En, || axis_name(&set));
        let zh = with_lang(Lang::ZhHans, || axis_name(&set));
        assert_ne!(en, zh);
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{zh}"
        );
    }

    /// Picking a generated axis: the English sentence is the library's
    /// (the source's English name is the library's name), the Chinese one
    /// names the axis in Chinese.
    #[test]
    fn a_picked_axis_is_named_in_the_interface_language() {
        let q = (1..200)
            .filter_map(|seed| {
                satlab::practice::generate(
                    seed,
                    6,
                    satlab::practice::Choice::Level(satlab::practice::Level::Two),
                )
            })
            .flat_map(|s| s.questions)
            .find(|q| matches!(q.task, satlab::practice::Task::SeparatingAxis { .. }))
            .expect("level 2 asks for a separating axis");
        for response in [Some(0), None] {
            let f =
                satlab::practice::score(&q, &satlab::practice::Response::Axis(response)).feedback;
            assert_eq!(with_lang(Lang::En, || feedback(&f)), f.sentence());
            let zh = with_lang(Lang::ZhHans, || feedback(&f));
            let named = match &f {
                Feedback::PickedAxis(a)
                | Feedback::PickedNone {
                    separating: Some(a),
                } => a,
                _ => continue,
            };
            assert!(named.source.is_some(), "{f:?}");
            assert!(!zh.contains(&named.name), "{zh}");
        }
    }

    #[test]
    fn english_feedback_is_the_library_sentence_and_chinese_differs() {
        let cases = [
            Feedback::Verdict {
                said: true,
                truth: false,
                signed_distance: 0.5,
            },
            Feedback::PickedAxis(satlab::practice::NamedAxis {
                name: "x".into(),
                source: None,
                gap: -0.3,
            }),
            Feedback::PickedNone {
                separating: Some(satlab::practice::NamedAxis {
                    name: "A1".into(),
                    source: None,
                    gap: 0.4,
                }),
            },
            Feedback::Mtv {
                angle_deg: 12.0,
                length_error: 0.1,
                depth: 1.5,
                tolerance: 0.07,
            },
            Feedback::Count { said: 4, truth: 15 },
        ];
        for f in &cases {
            assert_eq!(with_lang(Lang::En, || feedback(f)), f.sentence());
            assert_ne!(with_lang(Lang::ZhHans, || feedback(f)), f.sentence());
        }
        for k in Kind::ALL {
            assert_eq!(with_lang(Lang::En, || prompt(k)), k.prompt());
            assert_ne!(with_lang(Lang::ZhHans, || prompt(k)), k.prompt());
        }
    }
}
