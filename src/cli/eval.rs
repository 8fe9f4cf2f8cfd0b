//! `satlab eval` (placeholder until the scene issue lands).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `satlab eval`.
#[derive(clap::Args)]
pub struct EvalArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(_args: &EvalArgs) -> ExitCode {
    eprintln!("satlab eval: not available yet");
    ExitCode::from(2)
}
