//! `satlab check` (placeholder until the scene issue lands).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `satlab check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Scene files or folders (searched recursively, in sorted order).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print one machine-readable JSON report instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(_args: &CheckArgs) -> ExitCode {
    eprintln!("satlab check: not available yet");
    ExitCode::from(2)
}
