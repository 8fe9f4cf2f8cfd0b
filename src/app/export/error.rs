//! Why an export failed: one error for `satlab render`, `export-lesson`
//! and the window's animation export. Its words are what users read (on
//! stderr, or in the window's message line).

use crate::app::i18n::tr;
use crate::app::space::still::UnknownCamera;
use satlab::scene::SceneError;
use std::fmt;
use std::path::PathBuf;

/// Why an export wrote nothing.
#[derive(Debug)]
pub enum ExportError {
    /// A command-line value is not understood: `what` names the flag and
    /// its value (or the output path), `reason` says what was expected.
    BadArgument {
        /// The flag and the value given, or the path.
        what: String,
        /// What was expected.
        reason: String,
    },
    /// `--camera` names no view.
    Camera(UnknownCamera),
    /// An option draws what this scene kind has not: `what` names the
    /// options and what they are for.
    NotForScene {
        /// The options and the views they draw.
        what: &'static str,
        /// The scene file.
        scene: PathBuf,
        /// The scene's kind, in words ([`super::frames::Source::kind`]).
        kind: &'static str,
    },
    /// An animation was asked for as an SVG.
    AnimatedSvg,
    /// The output path names a folder.
    OutputIsFolder(PathBuf),
    /// The output path names a FIFO, socket or device.
    OutputNotRegular(PathBuf),
    /// The output path is the scene file itself.
    OutputIsScene(PathBuf),
    /// The output's folder is a file.
    FolderIsFile {
        /// The output path.
        output: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The output's folder cannot be read (missing, no permission).
    NoFolder {
        /// The output path.
        output: PathBuf,
        /// Its folder.
        folder: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Writing or renaming the file at `path` failed.
    Io {
        /// The file written.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A scene file could not be read or parsed.
    Scene {
        /// The scene file.
        path: PathBuf,
        /// Why (its message starts with the line and column, if any).
        source: SceneError,
    },
    /// A lesson folder holds no scene.
    NoScenes(PathBuf),
    /// This scene kind has no such walk.
    NoWalk {
        /// The walk asked for, as `--animate` names it.
        walk: &'static str,
        /// The scene's kind, in words.
        kind: &'static str,
    },
    /// The pair has no GJK walk (a line or a ray in it).
    NoGjk,
    /// The pair has no contact manifold (they do not touch).
    NoContacts,
    /// The scene has no `motion` block.
    NoMotion,
    /// The walk has more frames than an animation may.
    TooManyFrames {
        /// Frames in the walk.
        frames: usize,
        /// Most frames an animation may have.
        most: usize,
    },
    /// An animation of no frames.
    NoFrames,
    /// A frame index past the last frame.
    NoSuchFrame,
    /// A frame's size differs from the first one's.
    FrameSize,
    /// A GIF side over 65535 pixels.
    GifTooBig,
    /// A recorded SVG did not parse back.
    Svg(resvg::usvg::Error),
    /// No pixmap of this size (pixels) could be made.
    Canvas {
        /// Width, pixels.
        width: u32,
        /// Height, pixels.
        height: u32,
    },
    /// The PNG (or APNG) encoder failed.
    Png(png::EncodingError),
    /// The GIF encoder failed.
    Gif(gif::EncodingError),
    /// The window's export is running already.
    Busy,
    /// The export was cancelled: nothing was written.
    Cancelled,
    /// The export thread could not be started.
    Thread(std::io::Error),
    /// The export thread panicked.
    Panicked,
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ExportError as E;
        match self {
            E::BadArgument { what, reason } => write!(f, "{what}: {reason}"),
            E::Camera(e) => write!(f, "{e}"),
            E::NotForScene { what, scene, kind } => {
                write!(f, "{what}; {} is {kind}", scene.display())
            }
            E::AnimatedSvg => {
                f.write_str("an animation is written as .gif or .png (APNG), not .svg")
            }
            E::OutputIsFolder(p) => write!(f, "{}: is a folder, not a file", p.display()),
            E::OutputNotRegular(p) => write!(
                f,
                "{}: is not a regular file (a FIFO, socket or device); not written",
                p.display()
            ),
            E::OutputIsScene(p) => write!(f, "{}: is the scene file itself", p.display()),
            E::FolderIsFile { output, folder } => {
                write!(
                    f,
                    "{}: {} is not a folder",
                    output.display(),
                    folder.display()
                )
            }
            E::NoFolder {
                output,
                folder,
                source,
            } => write!(
                f,
                "{}: cannot use the folder {}: {source}",
                output.display(),
                folder.display()
            ),
            E::Io { path, source } => write!(f, "{}: {source}", path.display()),
            E::Scene { path, source } => write!(f, "{}: {source}", path.display()),
            E::NoScenes(p) => write!(f, "{}: holds no scenes", p.display()),
            E::NoWalk { walk, kind } => write!(f, "--animate {walk} is not for {kind}"),
            E::NoGjk => f.write_str("this pair has no GJK walk to show"),
            E::NoContacts => f.write_str("this pair has no contact manifold to clip"),
            E::NoMotion => f.write_str("this scene has no motion (a `motion` block)"),
            E::TooManyFrames { frames, most } => write!(
                f,
                "the walk has {frames} frames; an animation has at most {most}"
            ),
            E::NoFrames => f.write_str("an animation needs at least one frame"),
            E::NoSuchFrame => f.write_str("no such frame"),
            E::FrameSize => f.write_str("the frames differ in size"),
            E::GifTooBig => f.write_str("a GIF is at most 65535 pixels a side"),
            E::Svg(e) => write!(f, "the SVG does not read back: {e}"),
            E::Canvas { width, height } => write!(f, "cannot make a {width}x{height} picture"),
            E::Png(e) => write!(f, "{e}"),
            E::Gif(e) => write!(f, "{e}"),
            E::Busy => f.write_str(tr(
                "An export is running already; wait for it or cancel it.",
            )),
            E::Cancelled => f.write_str(tr("The export was cancelled; nothing was written.")),
            E::Thread(e) => write!(f, "could not start the export: {e}"),
            E::Panicked => f.write_str("the export stopped unexpectedly"),
        }
    }
}

impl std::error::Error for ExportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        use ExportError as E;
        match self {
            E::NoFolder { source, .. } | E::Io { source, .. } | E::Thread(source) => Some(source),
            E::Scene { source, .. } => Some(source),
            E::Svg(e) => Some(e),
            E::Png(e) => Some(e),
            E::Gif(e) => Some(e),
            E::BadArgument { .. }
            | E::Camera(_)
            | E::NotForScene { .. }
            | E::AnimatedSvg
            | E::OutputIsFolder(_)
            | E::OutputNotRegular(_)
            | E::OutputIsScene(_)
            | E::FolderIsFile { .. }
            | E::NoScenes(_)
            | E::NoWalk { .. }
            | E::NoGjk
            | E::NoContacts
            | E::NoMotion
            | E::TooManyFrames { .. }
            | E::NoFrames
            | E::NoSuchFrame
            | E::FrameSize
            | E::GifTooBig
            | E::Canvas { .. }
            | E::Busy
            | E::Cancelled
            | E::Panicked => None,
        }
    }
}

impl From<png::EncodingError> for ExportError {
    fn from(e: png::EncodingError) -> ExportError {
        ExportError::Png(e)
    }
}

impl From<gif::EncodingError> for ExportError {
    fn from(e: gif::EncodingError) -> ExportError {
        ExportError::Gif(e)
    }
}

/// A bad command-line value: `what` (the flag and value, or the path)
/// and what was expected.
pub fn bad(what: impl Into<String>, reason: impl Into<String>) -> ExportError {
    ExportError::BadArgument {
        what: what.into(),
        reason: reason.into(),
    }
}
