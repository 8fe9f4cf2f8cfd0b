//! The playground window (placeholder until the playground issue lands).

pub mod render;

use std::path::PathBuf;
use std::process::ExitCode;

/// Opens the playground on `path` (a scene file or a folder).
pub fn run(_path: Option<PathBuf>, _bench_frames: Option<u32>) -> ExitCode {
    eprintln!("satlab: the playground window is not built yet");
    ExitCode::from(2)
}
