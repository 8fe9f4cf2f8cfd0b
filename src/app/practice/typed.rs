//! Typed answers: the two ends of a projection's shadow (two number
//! fields that replace what the clicks set), and the count of candidate
//! axes (a number field that has the keyboard when the question opens:
//! digits, then Enter).

use super::PracticeMode;
use crate::app::i18n::{tr, trf};
use crate::app::shell::message::Message;
use egui_macroquad::egui;
use satlab::practice::{Response, Task};

/// The largest end a learner may type, world units either side of the
/// origin (shapes lie within ±8): anything further is refused as a typo.
pub const MAX_END: f32 = 1000.0;

/// The largest count typed (SAT tests at most 15 axes for a pair of boxes).
pub const MAX_COUNT_TYPED: u32 = 99;

/// Why typed ends were refused.
#[derive(Debug, Clone, PartialEq)]
pub enum EndsError {
    /// The text is not a number, or not a finite one (`inf`, `NaN`).
    NotANumber(String),
    /// Further than [`MAX_END`] from the origin.
    TooFar(f32),
}

/// The ends typed in the two fields, low end first, and whether they were
/// typed high end first (then they are swapped, not refused: the shadow
/// is the same interval).
pub fn parse_ends(from: &str, to: &str) -> Result<([f32; 2], bool), EndsError> {
    let one = |t: &str| -> Result<f32, EndsError> {
        let v: f32 = t
            .trim()
            .parse()
            .map_err(|_| EndsError::NotANumber(t.trim().to_string()))?;
        if !v.is_finite() {
            return Err(EndsError::NotANumber(t.trim().to_string()));
        }
        if v.abs() > MAX_END {
            return Err(EndsError::TooFar(v));
        }
        Ok(v)
    };
    let (a, b) = (one(from)?, one(to)?);
    Ok(if a > b {
        ([b, a], true)
    } else {
        ([a, b], false)
    })
}

/// The count typed, when it is a whole number from 0 to [`MAX_COUNT_TYPED`].
pub fn parse_count(text: &str) -> Option<u32> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| *n <= MAX_COUNT_TYPED)
}

impl PracticeMode {
    /// The projection's two number fields and their Set button. The fields
    /// show the ends the clicks set (after each click or undo); Enter in a
    /// field or Set puts the typed ends on the axis in place of the clicks
    /// (an edit the shell's undo takes back); Enter again submits.
    pub(super) fn ends_ui(&mut self, ui: &mut egui::Ui) {
        let clicked = match self.drafted() {
            Some(Response::Interval(iv)) => Some(iv),
            _ => None,
        };
        if clicked != self.ends_shown {
            self.ends = match clicked {
                Some([a, b]) => [format!("{a:.2}"), format!("{b:.2}")],
                None => Default::default(),
            };
            self.ends_shown = clicked;
        }
        let mut apply = false;
        ui.horizontal_wrapped(|ui| {
            for (k, label) in [tr("low end"), tr("high end")].into_iter().enumerate() {
                ui.label(label);
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.ends[k])
                        .desired_width(56.0)
                        .id_salt(("practice-end", k)),
                );
                apply |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
            apply |= ui
                .button(tr("Set"))
                .on_hover_text(tr(
                    "put the typed ends on the axis (they replace the clicks)",
                ))
                .clicked();
        });
        if apply {
            self.set_typed_ends();
        }
    }

    /// Puts the typed ends on the axis, or says why not.
    pub(super) fn set_typed_ends(&mut self) {
        let Some(Task::Projection { axis, .. }) = self.question().map(|q| q.task.clone()) else {
            return;
        };
        let now = self.now;
        match parse_ends(&self.ends[0], &self.ends[1]) {
            Ok(([lo, hi], swapped)) => {
                let mut d = self.draft.clone();
                d.clicks = vec![axis * lo, axis * hi];
                d.ends = Some([lo, hi]);
                self.edit(d);
                self.ends = [format!("{lo:.2}"), format!("{hi:.2}")];
                self.ends_shown = Some([lo, hi]);
                self.message = swapped.then(|| {
                    Message::new(
                        trf(
                            "The low end was typed above the high end: swapped, the shadow is taken from {} to {}.",
                            &[&format!("{lo:.2}"), &format!("{hi:.2}")],
                        ),
                        false,
                        now,
                    )
                });
            }
            Err(EndsError::NotANumber(t)) => {
                self.message = Some(Message::new(
                    trf(
                        "“{}” is not a finite number: type each end as a number such as -1.25.",
                        &[&t],
                    ),
                    true,
                    now,
                ));
            }
            Err(EndsError::TooFar(v)) => {
                self.message = Some(Message::new(
                    trf(
                        "{} is too far: each end must be between -{} and {}.",
                        &[&v, &MAX_END, &MAX_END],
                    ),
                    true,
                    now,
                ));
            }
        }
    }

    /// The count question's number field: it takes the keyboard when the
    /// question opens; Enter (or Submit) answers with the typed number.
    pub(super) fn count_ui(&mut self, ui: &mut egui::Ui) {
        let mut go = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(tr("count"));
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.count_text)
                    .desired_width(40.0)
                    .id_salt("practice-count"),
            );
            if std::mem::take(&mut self.focus_count) {
                r.request_focus();
            }
            go |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            go |= ui.button(tr("Submit (Enter)")).clicked();
        });
        if go {
            self.submit_count();
        }
    }

    /// Answers the count question with the typed number, or says why not.
    pub(super) fn submit_count(&mut self) {
        match parse_count(&self.count_text) {
            Some(n) => {
                // A refusal said before is no longer the news.
                self.message = None;
                self.submit(Response::Count(n));
            }
            None => {
                self.message = Some(Message::new(
                    trf(
                        "“{}” is not a count: type a whole number from 0 to {}.",
                        &[&self.count_text.trim(), &MAX_COUNT_TYPED],
                    ),
                    true,
                    self.now,
                ));
                self.focus_count = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::practice::Draft;
    use crate::app::shell::mode::Mode;
    use glam::Vec2;
    use satlab::practice::{generate, Choice, Kind, Level};

    /// A mode on the first level-1 question of `kind`, its own progress file.
    fn mode_on(kind: Kind, tag: &str) -> PracticeMode {
        let (set, k) = (1..300)
            .filter_map(|seed| generate(seed, 8, Choice::Level(Level::One)))
            .chain((1..300).filter_map(|seed| generate(seed, 8, Choice::Level(Level::Four))))
            .find_map(|s| {
                let k = s.questions.iter().position(|q| q.kind() == kind)?;
                Some((s, k))
            })
            .expect("a set with that kind");
        let dir = std::env::temp_dir().join(format!("satlab-typed-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut m = PracticeMode::new(set, dir.join("progress.json"));
        m.go_to(k);
        m
    }

    #[test]
    fn typed_ends_replace_the_clicks_and_are_undone_until_submitted() {
        let mut m = mode_on(Kind::Projection, "ends");
        let Some(Task::Projection { axis, .. }) = m.question().map(|q| q.task.clone()) else {
            panic!("a projection question");
        };
        m.edit(Draft {
            moved: Vec2::ZERO,
            clicks: vec![axis * 0.5, axis * 3.0],
            ends: None,
        });
        // Typed high end first: swapped, and said.
        m.ends = ["2.5".into(), "-1".into()];
        m.set_typed_ends();
        assert_eq!(m.drafted(), Some(Response::Interval([-1.0, 2.5])));
        assert!(m.message.as_ref().is_some_and(|s| !s.error));
        assert_eq!(m.ends, ["-1.00".to_string(), "2.50".to_string()]);
        // Not a number: refused, the draft stays.
        for bad in ["inf", "NaN", "", "2e3"] {
            m.ends = [bad.into(), "1".into()];
            m.set_typed_ends();
            assert!(m.message.as_ref().is_some_and(|s| s.error), "{bad:?}");
            assert_eq!(m.drafted(), Some(Response::Interval([-1.0, 2.5])));
        }
        // Undo brings the clicks back, redo the typed ends.
        assert!(m.undo());
        let Some(Response::Interval([a, b])) = m.drafted() else {
            panic!("the clicks' interval");
        };
        assert!((a - 0.5).abs() < 1e-5 && (b - 3.0).abs() < 1e-5, "{a} {b}");
        assert!(m.redo());
        m.go();
        let (r, _) = m.answered.clone().expect("submitted");
        assert_eq!(r, Response::Interval([-1.0, 2.5]));
        assert!(!m.undo(), "the answer is final");
        let _ = std::fs::remove_dir_all(m.progress.parent().expect("a folder"));
    }

    #[test]
    fn the_count_is_typed_then_submitted_by_enter() {
        let mut m = mode_on(Kind::AxisCount, "count");
        m.count_text = "six".into();
        m.go();
        assert!(m.answered.is_none(), "Enter with no number submits nothing");
        m.submit_count();
        assert!(m.answered.is_none() && m.message.as_ref().is_some_and(|s| s.error));
        m.count_text = "15".into();
        m.go();
        let (r, _) = m.answered.clone().expect("submitted");
        assert_eq!(r, Response::Count(15));
        let _ = std::fs::remove_dir_all(m.progress.parent().expect("a folder"));
    }

    #[test]
    fn typed_ends_are_numbers_near_the_origin_low_end_first() {
        assert_eq!(parse_ends("-1.5", " 2 "), Ok(([-1.5, 2.0], false)));
        assert_eq!(parse_ends("2", "-1.5"), Ok(([-1.5, 2.0], true)));
        assert_eq!(parse_ends("1", "1"), Ok(([1.0, 1.0], false)));
        assert_eq!(parse_ends("1000", "-1000"), Ok(([-1000.0, 1000.0], true)));
        for bad in ["", "x", "inf", "-inf", "NaN", "1e40", "1,5"] {
            assert!(
                matches!(parse_ends(bad, "0"), Err(EndsError::NotANumber(_))),
                "{bad:?}"
            );
            assert!(
                matches!(parse_ends("0", bad), Err(EndsError::NotANumber(_))),
                "{bad:?}"
            );
        }
        assert_eq!(parse_ends("0", "1000.5"), Err(EndsError::TooFar(1000.5)));
    }

    #[test]
    fn a_typed_count_is_a_small_whole_number() {
        assert_eq!(parse_count("15"), Some(15));
        assert_eq!(parse_count(" 6\n"), Some(6));
        assert_eq!(parse_count("0"), Some(0));
        assert_eq!(parse_count("99"), Some(99));
        for bad in ["", "100", "-1", "6.0", "six", "4294967296"] {
            assert_eq!(parse_count(bad), None, "{bad:?}");
        }
    }
}
