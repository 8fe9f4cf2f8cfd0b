//! `satlab render` (placeholder until the playground issue lands).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `satlab render`.
#[derive(clap::Args)]
pub struct RenderArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Where to write the PNG.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Image size as WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800")]
    pub size: String,
}

/// Runs the command.
pub fn run(_args: &RenderArgs) -> ExitCode {
    eprintln!("satlab render: not available yet");
    ExitCode::from(2)
}
