//! The `satlab` binary: the playground window, and the headless commands
//! `check`, `eval`, `render`, `export-lesson` and `practice`.

mod app;
mod cli;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// satlab: a playground for 2D and 3D collision math and the separating axis theorem.
#[derive(Parser)]
#[command(
    name = "satlab",
    version,
    args_conflicts_with_subcommands = true,
    after_help = EXIT_STATUS
)]
struct Cli {
    /// A scene file to open, or a folder of scenes to browse.
    path: Option<PathBuf>,
    /// Run N frames of the scene, then print the mean and 99th percentile of
    /// CPU time per frame and quit.
    #[arg(long, value_name = "N")]
    bench_frames: Option<u32>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Replay scene files and folders, comparing each `expect` block.
    Check(cli::check::CheckArgs),
    /// Print the full answer for one scene: verdict, distance, penetration, SAT axes.
    Eval(cli::eval::EvalArgs),
    /// Draw a scene to PNG or SVG, or animate a walk to GIF or APNG (no window, no display needed).
    Render(app::export::command::RenderArgs),
    /// Write a lesson folder as one self-contained HTML page (pictures inline as SVG).
    ExportLesson(app::export::lesson::LessonArgs),
    /// A reproducible set of SAT exercises; `--list` prints it as JSON (the answer key).
    Practice(cli::practice::PracticeArgs),
}

/// The one exit-status convention of every command, shown in `--help`.
const EXIT_STATUS: &str = "\
Exit status, the same for every command: 0 success; 1 a scene did not match
its `expect` block (check, eval); 2 anything else that went wrong: bad usage,
a missing, unreadable or broken file, a bad output path, no display, a failed
write.";

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => cli::check::run(&args),
        Some(Command::Eval(args)) => cli::eval::run(&args),
        Some(Command::Render(args)) => app::export::command::run(&args),
        Some(Command::ExportLesson(args)) => app::export::lesson::run(&args),
        Some(Command::Practice(args)) => cli::practice::run(&args),
        None => {
            // The window reports a path it cannot open, or a missing display,
            // as a failure: that is status 2 in the convention above.
            let code = app::run(cli.path, cli.bench_frames);
            if code == ExitCode::FAILURE {
                ExitCode::from(2)
            } else {
                code
            }
        }
    }
}
