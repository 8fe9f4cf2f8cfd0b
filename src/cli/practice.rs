//! `satlab practice`: a reproducible set of exercises, generated from a
//! seed or authored (a folder of scene files with `practice` blocks),
//! listed as JSON (the teacher's answer key) with `--list`.

use satlab::practice::{authored_set, generate, set_json, Choice, Level, PracticeSet, MAX_COUNT};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `satlab practice`.
#[derive(clap::Args)]
#[command(after_help = "\
The same seed, count and level give the same set on every machine and in every
version with the same generator (the JSON names it). Levels: 1 circles and
AABBs; 2 OBBs and convex polygons; 3 capsules, segments and sectors; 4 3D boxes
and spheres (face axes); 5 3D edge × edge cases; `mixed` draws each question's
level at random.

With a FOLDER the set is authored instead: every scene file under it (sorted
by path, as `satlab check` finds them) with a `practice` block is a question,
e.g. `satlab practice scenes/practice`; --seed, --count and --level do not go
with it. A file that cannot be read, parsed or made a fair question stops it:
the file and the reason (line:column for a parse error) on stderr, status 2.

With --list the set is printed as JSON: the generator, seed and level (or the
folder), then per question its number, level, kind, the two shapes in the
scene format, what it asks and the expected answer.
Without --list the window opens in practice mode on the set: answer by keys (Y,
N, Enter), buttons, clicks and drags; the progress is kept in the progress file
($SATLAB_PRACTICE_DIR/progress.json when set; see docs/practice.md).")]
pub struct PracticeArgs {
    /// An authored set: a folder of scene files with `practice` blocks
    /// (instead of a generated set).
    #[arg(value_name = "FOLDER", conflicts_with_all = ["seed", "count", "level"])]
    pub folder: Option<PathBuf>,
    /// The set's seed (any whole number from 0 to 2^64 - 1).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many questions.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_COUNT)))]
    pub count: u32,
    /// The level, 1 to 5, or `mixed`.
    #[arg(long, default_value = "mixed", value_parser = parse_choice)]
    pub level: LevelArg,
    /// Print the set as JSON instead of opening the window.
    #[arg(long)]
    pub list: bool,
}

/// A parsed `--level`.
#[derive(Clone, Copy)]
pub struct LevelArg(pub Choice);

fn parse_choice(s: &str) -> Result<LevelArg, String> {
    if s == "mixed" {
        return Ok(LevelArg(Choice::Mixed));
    }
    s.parse::<u8>()
        .ok()
        .and_then(Level::from_number)
        .map(|l| LevelArg(Choice::Level(l)))
        .ok_or_else(|| format!("`{s}` is not a level: give 1 to 5, or mixed"))
}

/// Runs `satlab practice`.
pub fn run(args: &PracticeArgs) -> ExitCode {
    let Some(set) = make(args) else {
        return ExitCode::from(2);
    };
    if !args.list {
        crate::app::practice::start_with(set);
        return crate::app::run(None, None);
    }
    let mut out = std::io::stdout().lock();
    match out
        .write_all(set_json(&set).as_bytes())
        .and_then(|()| out.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the set: {e}");
            ExitCode::from(2)
        }
    }
}

/// The set `args` ask for, authored or generated; `None` (said on stderr)
/// when it cannot be made.
fn make(args: &PracticeArgs) -> Option<PracticeSet> {
    if let Some(folder) = &args.folder {
        return match authored_set(folder) {
            Ok(set) => Some(set),
            Err((path, why)) => {
                eprintln!("error: {}: {why}", path.display());
                None
            }
        };
    }
    let set = generate(args.seed, args.count, args.level.0);
    if set.is_none() {
        eprintln!("error: no fair exercise was found for one of the questions (a generator bug)");
    }
    set
}
