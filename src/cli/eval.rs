//! `satlab eval`: the full answer for one scene.

use crate::app::reference::{self, Readout};
use satlab::scene::{self, AnyScene};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `satlab eval`.
#[derive(clap::Args)]
#[command(after_help = "\
Prints the verdict, the distance and closest points, the penetration and the
minimum translation vector (MTV, the move of B that separates the shapes), and
every SAT candidate axis with where it comes from, both projection intervals
and the gap. When the scene has an `expect` block it is compared too. In
--json, an unbounded end of an interval (lines, unbounded rays) is the string
\"-inf\" or \"inf\".

For a field scene (version 2 with `shapes`): every shape the ray hits with t,
point and normal, the first hit, the shapes the query shape intersects, and for
each query the broad-phase counters (nodes visited, candidates, hits, and the
shapes filtered by layer and by flag). With layers (or `expect.pairs`): each
shape's layer and flags, the masks, and every overlapping pair the collision
matrix allows with its depth and MTV. Its JSON has \"kind\": \"field\".

For a 3D scene (version 3): the same rows, SAT table and expect lines as for a
2D pair; an axis skipped as unreliable says why instead of its numbers.

With --compare parry: after satlab's rows, parry's (parry2d or parry3d 0.31,
f32) verdict, signed distance, points on A and B and normal for the same pair,
and whether the two agree within the scene's contact tolerance; a disagreement
is marked with its reason where known (touching policy, f32 rounding). In
--json it is the object's \"reference\" field. The exit status does not
depend on it.

Exit status: 0 when the scene was evaluated (and matches its `expect` block, if
any), 1 when it does not match its `expect` block, 2 when the file could not be
read or parsed.")]
pub struct EvalArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also print what a reference library answers for the pair.
    #[arg(long, value_name = "LIB")]
    pub compare: Option<Reference>,
}

/// A reference library `--compare` can ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Reference {
    /// parry2d / parry3d 0.31 (f32).
    Parry,
}

/// The reference readout for a pair scene; `None` for a field scene.
fn readout(scene: &AnyScene) -> Option<Readout> {
    let tol = |t: Option<f32>| t.unwrap_or(satlab::geom::CONTACT_TOLERANCE);
    match scene {
        AnyScene::Pair(s) => Some(reference::two::compare(
            &s.a,
            &s.b,
            tol(s.contact_tolerance),
        )),
        AnyScene::Space(s) => Some(reference::three::compare(
            &s.a.shape,
            &s.b.shape,
            tol(s.contact_tolerance),
        )),
        AnyScene::Field(_) => None,
    }
}

/// `json` with the readout as its `"reference"` field (`null` for a field scene).
fn with_reference(json: String, r: Option<&Readout>) -> serde_json::Result<String> {
    let mut v: serde_json::Value = serde_json::from_str(&json)?;
    if let serde_json::Value::Object(m) = &mut v {
        m.insert("reference".to_string(), serde_json::to_value(r)?);
    }
    serde_json::to_string_pretty(&v)
}

/// Runs the command.
pub fn run(args: &EvalArgs) -> ExitCode {
    let scene = match scene::load_any(&args.scene) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (json, table, mismatched) = match &scene {
        AnyScene::Pair(s) => {
            let r = scene::eval_report(s);
            let bad = r.expect.as_ref().is_some_and(|e| !e.mismatches.is_empty());
            (serde_json::to_string_pretty(&r), r.table(), bad)
        }
        AnyScene::Field(s) => {
            let r = scene::field_report(s);
            let bad = r.expect.as_ref().is_some_and(|e| !e.mismatches.is_empty());
            (serde_json::to_string_pretty(&r), r.table(), bad)
        }
        AnyScene::Space(s) => {
            let r = scene::eval_space(s);
            let bad = r.expect.as_ref().is_some_and(|e| !e.mismatches.is_empty());
            (serde_json::to_string_pretty(&r), r.table(), bad)
        }
    };
    let (json, table) = match args.compare.map(|Reference::Parry| readout(&scene)) {
        None => (json, table),
        Some(r) => {
            let text = match &r {
                Some(r) => reference::table(r),
                None => "Reference (parry)\n  a field scene has no pair to compare\n".to_string(),
            };
            (
                json.and_then(|j| with_reference(j, r.as_ref())),
                format!("{table}\n{text}"),
            )
        }
    };
    let text = if args.json {
        match json {
            Ok(s) => s + "\n",
            Err(e) => {
                eprintln!("satlab eval: cannot write JSON: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        table
    };
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("satlab eval: cannot write the report: {e}");
        }
        return ExitCode::from(2);
    }
    if mismatched {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
