//! `satlab check`: replay scene files and compare their `expect` blocks.

use satlab::practice;
use satlab::scene::{self, Mismatch, SceneError};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `satlab check`.
#[derive(clap::Args)]
#[command(after_help = "\
Every scene with an `expect` block is evaluated; a `practice` block must make a
fair exercise (see docs/practice.md); scenes with neither are skipped.
Folders are searched recursively for *.json files, in sorted order. Pair scenes
compare the verdict, distance and penetration; field scenes (version 2 with
`shapes`) compare the ray's hit list, its first hit, the query shape's hits and
the overlapping pairs, with the scene's layers, flags, masks and matrix.

Output: one line per file (`ok`, `FAIL` with one line per mismatch, `skip`,
`error` with path:line:column), then exactly `N passed, N failed` (plus
`, N skipped` when some scene has no `expect` block). Files that cannot be read
or parsed count as failed; so does a FIFO, socket or device named *.json, which
is reported as not a regular file and never opened. At most 64 MiB are read
from one scene file. A file that makes satlab crash (a bug) is reported as
that file's error, and the other files are still checked.

Exit status: 0 when nothing failed, 1 when a scene did not match its `expect`
block, 2 when a file could not be read or parsed.")]
pub struct CheckArgs {
    /// Scene files or folders (searched recursively, in sorted order).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print one machine-readable JSON report instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What happened to one file.
#[derive(Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
enum Outcome {
    Passed,
    Failed {
        mismatches: Vec<Mismatch>,
    },
    Skipped,
    Error {
        line: usize,
        column: usize,
        message: String,
    },
}

#[derive(Serialize)]
struct FileReport {
    path: String,
    #[serde(flatten)]
    outcome: Outcome,
}

#[derive(Serialize)]
struct Report {
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Files that could not be read or parsed (counted in `failed` too).
    errors: usize,
    files: Vec<FileReport>,
}

/// Runs the command.
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut files: Vec<Result<PathBuf, SceneError>> = Vec::new();
    for p in &args.paths {
        files.extend(scene::find_scenes(p));
    }
    let reports: Vec<FileReport> = files
        .into_iter()
        .map(|f| match f {
            Ok(path) => guarded(&path, check_file),
            Err(e) => error_report(e),
        })
        .collect();
    let count = |f: fn(&Outcome) -> bool| reports.iter().filter(|r| f(&r.outcome)).count();
    let report = Report {
        passed: count(|o| matches!(o, Outcome::Passed)),
        failed: count(|o| matches!(o, Outcome::Failed { .. } | Outcome::Error { .. })),
        skipped: count(|o| matches!(o, Outcome::Skipped)),
        errors: count(|o| matches!(o, Outcome::Error { .. })),
        files: reports,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(std::io::Error::from)
            .and_then(|_| writeln!(out))
    } else {
        write_text(&mut out, &report)
    };
    if let Err(e) = written.and_then(|_| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("satlab check: cannot write the report: {e}");
        }
        return ExitCode::from(2);
    }
    if report.errors > 0 {
        ExitCode::from(2)
    } else if report.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn write_text(out: &mut impl Write, r: &Report) -> std::io::Result<()> {
    for f in &r.files {
        match &f.outcome {
            Outcome::Passed => writeln!(out, "ok     {}", f.path)?,
            Outcome::Skipped => writeln!(out, "skip   {} (no expect block)", f.path)?,
            Outcome::Failed { mismatches } => {
                for m in mismatches {
                    writeln!(out, "FAIL   {}: {m}", f.path)?;
                }
            }
            Outcome::Error {
                line,
                column,
                message,
            } => {
                if *line == 0 {
                    writeln!(out, "error  {}: {message}", f.path)?
                } else {
                    writeln!(out, "error  {}:{line}:{column}: {message}", f.path)?
                }
            }
        }
    }
    write!(out, "{} passed, {} failed", r.passed, r.failed)?;
    if r.skipped > 0 {
        write!(out, ", {} skipped", r.skipped)?;
    }
    writeln!(out)
}

fn error_report(e: SceneError) -> FileReport {
    FileReport {
        path: e.path.display().to_string(),
        outcome: Outcome::Error {
            line: e.line,
            column: e.column,
            message: e.message,
        },
    }
}

/// `check(path)`, or, if it panics (a bug), that file's error: the other
/// files are still checked and reported. The panic message also goes to
/// stderr through the default hook.
fn guarded(path: &Path, check: impl FnOnce(&Path) -> FileReport) -> FileReport {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(path))) {
        Ok(report) => report,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_owned());
            FileReport {
                path: path.display().to_string(),
                outcome: Outcome::Error {
                    line: 0,
                    column: 0,
                    message: format!(
                        "satlab crashed on this file ({what}); this is a bug, please report it"
                    ),
                },
            }
        }
    }
}

fn check_file(path: &Path) -> FileReport {
    let scene = match scene::load_any(path) {
        Ok(s) => s,
        Err(e) => return error_report(e),
    };
    // A `practice` block must be read without error and make a fair
    // exercise with a well-defined answer.
    let practice = match practice::load_question(1, path) {
        Ok(p) => p,
        Err(e) => return error_report(e),
    };
    let mut mismatches = if scene.has_expect() {
        scene.evaluate()
    } else {
        Vec::new()
    };
    if let Some(Err(why)) = &practice {
        mismatches.push(Mismatch {
            field: "practice",
            expected: "a fair exercise with a well-defined answer".into(),
            got: why.describe(),
            tolerance: None,
        });
    }
    let outcome = if !scene.has_expect() && practice.is_none() {
        Outcome::Skipped
    } else if mismatches.is_empty() {
        Outcome::Passed
    } else {
        Outcome::Failed { mismatches }
    };
    FileReport {
        path: path.display().to_string(),
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_on_one_file_is_that_files_error() {
        let r = guarded(Path::new("x.json"), |_| panic!("index out of bounds"));
        assert_eq!(r.path, "x.json");
        match r.outcome {
            Outcome::Error { message, .. } => {
                assert!(message.contains("index out of bounds"), "{message}")
            }
            Outcome::Passed | Outcome::Failed { .. } | Outcome::Skipped => {
                panic!("not an error")
            }
        }
        let ok = guarded(Path::new("y.json"), |p| FileReport {
            path: p.display().to_string(),
            outcome: Outcome::Skipped,
        });
        assert!(matches!(ok.outcome, Outcome::Skipped));
    }
}
