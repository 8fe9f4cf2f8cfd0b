//! Score and progress: points, the streak, accuracy per kind, and the CSV a
//! teacher reads. Plain data with serde, so the window keeps it as JSON.

use super::question::{Kind, Level};
use super::score::Score;
use serde::{Deserialize, Serialize};

/// Right and asked for one question kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindTally {
    /// The kind's name ([`Kind::name`]).
    pub kind: String,
    /// Answers that were right.
    pub right: u32,
    /// Questions answered.
    pub asked: u32,
}

/// A learner's progress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Points earned.
    pub points: u32,
    /// Right answers in a row, up to the last answer.
    pub streak: u32,
    /// The longest streak so far.
    pub best_streak: u32,
    /// Per kind, in the order first answered.
    pub kinds: Vec<KindTally>,
}

impl Tally {
    /// Counts one scored answer to a question of `kind`.
    pub fn record(&mut self, kind: Kind, score: &Score) {
        self.points = self.points.saturating_add(score.points);
        self.streak = if score.right {
            self.streak.saturating_add(1)
        } else {
            0
        };
        self.best_streak = self.best_streak.max(self.streak);
        let name = kind.name();
        let k = match self.kinds.iter().position(|k| k.kind == name) {
            Some(i) => i,
            None => {
                self.kinds.push(KindTally {
                    kind: name.to_string(),
                    right: 0,
                    asked: 0,
                });
                self.kinds.len() - 1
            }
        };
        let entry = &mut self.kinds[k];
        entry.asked = entry.asked.saturating_add(1);
        entry.right = entry.right.saturating_add(u32::from(score.right));
    }

    /// The share of right answers to `kind`, 0 to 1; `None` before any.
    pub fn accuracy(&self, kind: Kind) -> Option<f32> {
        let k = self.kinds.iter().find(|k| k.kind == kind.name())?;
        (k.asked > 0).then(|| k.right as f32 / k.asked as f32)
    }
}

/// One answered question, as a row of the teacher's CSV.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The set's seed (0 for an authored set, whose `set` names it).
    pub seed: u64,
    /// An authored set's folder name (its last component); `None` for a
    /// generated set, which `seed` names.
    pub set: Option<String>,
    /// The question's number in its set.
    pub number: u32,
    /// Its level.
    pub level: Level,
    /// Its kind.
    pub kind: Kind,
    /// Right or wrong.
    pub right: bool,
    /// Points earned.
    pub points: u32,
    /// The feedback sentence.
    pub feedback: String,
}

/// The outcomes as CSV (RFC 4180: a header, comma separated, text quoted
/// with doubled quotes), one row per answer. Columns: `seed` (a generated
/// set's seed, empty for an authored set), `set` (an authored set's folder
/// name, empty for a generated set), `question` (its number in the set,
/// from 1), `level` (1 to 5), `kind` ([`Kind::name`](super::Kind::name)),
/// `right` (`yes`/`no`), `points`, `feedback` (the English sentence).
pub fn outcomes_csv(rows: &[Outcome]) -> String {
    let quote = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    let mut out = String::from("seed,set,question,level,kind,right,points,feedback\n");
    for r in rows {
        let (seed, set) = match &r.set {
            Some(name) => (String::new(), quote(name)),
            None => (r.seed.to_string(), String::new()),
        };
        out.push_str(&format!(
            "{seed},{set},{},{},{},{},{},{}\n",
            r.number,
            r.level.number(),
            r.kind.name(),
            if r.right { "yes" } else { "no" },
            r.points,
            quote(&r.feedback)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seed: u64, set: Option<&str>, feedback: &str) -> Outcome {
        Outcome {
            seed,
            set: set.map(str::to_string),
            number: 3,
            level: Level::Two,
            kind: Kind::Projection,
            right: false,
            points: 0,
            feedback: feedback.to_string(),
        }
    }

    #[test]
    fn the_csv_names_a_generated_set_by_its_seed_and_an_authored_one_by_its_folder() {
        let csv = outcomes_csv(&[
            row(42, None, "Off by 0.20."),
            row(0, Some("practice, \"zh\""), "said \"no\""),
        ]);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines,
            [
                "seed,set,question,level,kind,right,points,feedback",
                "42,,3,2,projection,no,0,\"Off by 0.20.\"",
                ",\"practice, \"\"zh\"\"\",3,2,projection,no,0,\"said \"\"no\"\"\"",
            ]
        );
    }
}
