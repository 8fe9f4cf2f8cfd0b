//! Before opening a window: is there a display, and are the run-time
//! libraries miniquad loads there? Without them miniquad panics with
//! messages a user cannot act on; this says what to do in one sentence.

use std::path::{Path, PathBuf};

/// Libraries miniquad opens at run time on Linux, with the Debian/Ubuntu
/// package that provides each.
const LIBS: &[(&[&str], &str)] = &[
    (&["libX11.so.6", "libX11.so"], "libx11-6"),
    (&["libXi.so.6", "libXi.so"], "libxi6"),
    (&["libxkbcommon.so.0", "libxkbcommon.so"], "libxkbcommon0"),
    (&["libGL.so.1", "libGL.so", "libEGL.so.1"], "libgl1"),
];

/// Why the window cannot open here; shown as one sentence on the
/// terminal (English: the window, and with it the language, is not up yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreflightError {
    /// System libraries miniquad loads are missing: their Debian/Ubuntu packages.
    MissingLibraries(Vec<&'static str>),
    /// `DISPLAY` is not set.
    NoDisplay,
    /// No X server listens on the local display named.
    DisplayDown(String),
}

impl std::fmt::Display for PreflightError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PreflightError::MissingLibraries(missing) => write!(
                f,
                "satlab cannot open its window because system libraries are missing; install them with `sudo apt-get install {}` (or your distribution's equivalent).",
                missing.join(" ")
            ),
            PreflightError::NoDisplay => f.write_str("satlab needs a graphical display but DISPLAY is not set; run it on a desktop, or start a virtual one with `Xvfb :99 -screen 0 1280x800x24 -noreset & export DISPLAY=:99` (package xvfb)."),
            PreflightError::DisplayDown(display) => write!(
                f,
                "satlab cannot reach the display {display} (no X server is listening there); start one, e.g. `Xvfb {display} -screen 0 1280x800x24 -noreset &`, or set DISPLAY to a running one."
            ),
        }
    }
}

/// `Err` when the window cannot open here.
pub fn check() -> Result<(), PreflightError> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let dirs = library_dirs();
    let missing: Vec<&str> = LIBS
        .iter()
        .filter(|(names, _)| {
            !names
                .iter()
                .any(|n| dirs.iter().any(|d| d.join(n).exists()))
        })
        .map(|(_, pkg)| *pkg)
        .collect();
    if !missing.is_empty() {
        return Err(PreflightError::MissingLibraries(missing));
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(PreflightError::NoDisplay);
    }
    if let Some(n) = local_display_number(&display) {
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        if !socket.exists() {
            return Err(PreflightError::DisplayDown(display));
        }
    }
    Ok(())
}

/// Replaces miniquad's panics about the display and libraries (which can
/// still happen after [`check`], e.g. when the X server refuses the
/// connection) with one plain sentence; other panics keep the default report.
pub fn friendly_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if msg.contains("XOpenDisplay") {
            let d = std::env::var("DISPLAY").unwrap_or_default();
            eprintln!("satlab could not open a window on the display {d:?}: the X server refused the connection; check that it is running and accepts you (an Xvfb needs -noreset to accept new windows right after the last one closed).");
        } else if msg.contains("LibraryNotFound") || msg.contains("DlOpenError") {
            eprintln!("satlab cannot open its window because a system library is missing ({msg}); install libx11-6 libxi6 libxkbcommon0 libgl1 (Debian/Ubuntu package names).");
        } else {
            default(info);
        }
    }));
}

/// The display number of `:N` or `:N.S` (local displays only).
fn local_display_number(d: &str) -> Option<u32> {
    let rest = d.strip_prefix(':')?;
    rest.split('.').next()?.parse().ok()
}

/// Where the dynamic loader looks: LD_LIBRARY_PATH, ld.so.conf and the
/// usual directories.
fn library_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var("LD_LIBRARY_PATH")
        .unwrap_or_default()
        .split(':')
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .collect();
    let mut confs = vec![PathBuf::from("/etc/ld.so.conf")];
    if let Ok(rd) = std::fs::read_dir("/etc/ld.so.conf.d") {
        confs.extend(rd.flatten().map(|e| e.path()));
    }
    for c in confs {
        if let Ok(text) = std::fs::read_to_string(&c) {
            dirs.extend(
                text.lines()
                    .map(str::trim)
                    .filter(|l| l.starts_with('/'))
                    .map(PathBuf::from),
            );
        }
    }
    for d in [
        "/lib",
        "/usr/lib",
        "/lib64",
        "/usr/lib64",
        "/usr/local/lib",
        "/lib/x86_64-linux-gnu",
        "/usr/lib/x86_64-linux-gnu",
        "/lib/aarch64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
    ] {
        dirs.push(Path::new(d).to_path_buf());
    }
    dirs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_numbers() {
        assert_eq!(local_display_number(":99"), Some(99));
        assert_eq!(local_display_number(":0.1"), Some(0));
        assert_eq!(local_display_number("host:0"), None);
    }
}
