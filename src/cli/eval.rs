//! `satlab eval`: the full answer for one scene.

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

Exit status: 0 when the scene was evaluated (and matches its `expect` block, if
any), 1 when it does not match its `expect` block, 2 when the file could not be
read or parsed.")]
pub struct EvalArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
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
