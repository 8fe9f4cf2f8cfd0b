//! Check a scene file from code, as `satlab check` does: load it (a broken
//! file gives `path:line:column: message`), compute what the core finds,
//! and compare it with the file's `expect` block.
//!
//! Run: `cargo run --example check_scene -- scenes/03-curved/09-sector-rim-decides.json`

use satlab::scene::{evaluate, load};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("scenes/01-basics/01-disc-disc-separated.json"));
    let scene = match load(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if scene.expect.is_none() {
        println!("{}: no expect block to check", path.display());
        return ExitCode::SUCCESS;
    }
    let mismatches = evaluate(&scene);
    if mismatches.is_empty() {
        println!("{}: ok ({})", path.display(), scene.name);
        ExitCode::SUCCESS
    } else {
        for m in &mismatches {
            println!(
                "{}: {} expected {}, got {}",
                path.display(),
                m.field,
                m.expected,
                m.got
            );
        }
        ExitCode::from(1)
    }
}
