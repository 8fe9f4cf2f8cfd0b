//! An animation export on a thread of its own, so the window keeps
//! drawing: the walk's frames are recorded and rasterised there, the file
//! is written whole at the end (a temporary file, then a rename), and the
//! window reads the progress and may cancel. A cancelled or failed export
//! writes nothing.

use crate::app::export::anim::{self, Frame, Frames};
use crate::app::export::error::ExportError;
use crate::app::export::frames::{Animate, Options, Source, Walk};
use crate::app::export::output::{check_output, write};
use crate::app::export::raster;
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// What an export thread and the window share: frames rasterised, frames
/// in all (0 while the walk is being drawn), and the cancel flag.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
    cancel: AtomicBool,
}

impl Progress {
    /// Frames rasterised so far and frames in all (0 until known).
    pub fn counts(&self) -> (usize, usize) {
        let total = self.total.load(Ordering::Relaxed);
        (self.done.load(Ordering::Relaxed).min(total), total)
    }

    /// Asks the export to stop at its next frame.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// True once [`Progress::cancel`] was called.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// A walk's frames, rasterised one at a time as the encoder asks.
pub struct Rasterised<'a> {
    /// The frames as SVG documents.
    pub walk: Walk,
    /// Seconds a frame shows.
    pub seconds: f32,
    /// Seconds more the last and the held frame show.
    pub hold: f32,
    /// Counted and checked for a cancel at every frame.
    pub progress: &'a Progress,
}

impl Frames for Rasterised<'_> {
    fn count(&self) -> usize {
        self.walk.svgs.len()
    }

    fn frame(&mut self, k: usize) -> Result<Frame, ExportError> {
        if self.progress.cancelled() {
            return Err(ExportError::Cancelled);
        }
        let svg = self.walk.svgs.get(k).ok_or(ExportError::NoSuchFrame)?;
        let held = k + 1 == self.walk.svgs.len() || Some(k) == self.walk.hold;
        let image = raster::rasterise(svg)?;
        self.progress.done.fetch_add(1, Ordering::Relaxed);
        Ok(Frame {
            image,
            seconds: self.seconds + if held { self.hold } else { 0.0 },
        })
    }
}

/// How an animation is timed and encoded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Seconds each frame shows.
    pub seconds: f32,
    /// Seconds more the last frame (and a motion's impact) shows.
    pub hold: f32,
    /// APNG (full colour) instead of GIF.
    pub apng: bool,
}

/// The walk `a` of `src` as the bytes of an animation; the frame count
/// with them.
pub fn animate(
    src: &mut Source,
    a: Animate,
    o: &Options,
    t: Timing,
    progress: &Progress,
) -> Result<(Vec<u8>, usize), ExportError> {
    let walk = src.frames(a, o)?;
    let n = walk.svgs.len();
    progress.total.store(n, Ordering::Relaxed);
    let mut frames = Rasterised {
        walk,
        seconds: t.seconds,
        hold: t.hold,
        progress,
    };
    let bytes = if t.apng {
        anim::apng(&mut frames)?
    } else {
        anim::gif(&mut frames)?
    };
    Ok((bytes, n))
}

/// What the window asks to export.
#[derive(Debug, Clone)]
pub struct Request {
    /// The open document as it is now (unsaved edits included).
    pub scene: AnyScene,
    /// Its file, if it has one: never written over.
    pub source: Option<PathBuf>,
    /// Which walk.
    pub walk: Animate,
    /// Picture size, theme and what the pictures show.
    pub options: Options,
    /// Frame timing and format.
    pub timing: Timing,
    /// Where to write.
    pub output: PathBuf,
}

/// An export running on its own thread.
pub struct Job {
    progress: Arc<Progress>,
    handle: Option<JoinHandle<Result<String, ExportError>>>,
    output: PathBuf,
}

impl Job {
    /// Checks `r`'s output path (its folder exists; not a folder, not the
    /// scene's own file) and starts the export.
    pub fn start(r: Request) -> Result<Job, ExportError> {
        check_output(&r.output, r.source.as_deref().unwrap_or(Path::new("")))?;
        let progress = Arc::new(Progress::default());
        let shared = Arc::clone(&progress);
        let output = r.output.clone();
        let handle = std::thread::Builder::new()
            .name("satlab-export".into())
            .spawn(move || run(r, &shared))
            .map_err(ExportError::Thread)?;
        Ok(Job {
            progress,
            handle: Some(handle),
            output,
        })
    }

    /// The shared progress.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Where the export writes.
    pub fn output(&self) -> &Path {
        &self.output
    }

    /// The export's outcome once its thread has ended (then only once): the
    /// line to show, or the error ([`ExportError::Cancelled`] when it was
    /// cancelled).
    pub fn finished(&mut self) -> Option<Result<String, ExportError>> {
        if !self.handle.as_ref()?.is_finished() {
            return None;
        }
        let handle = self.handle.take()?;
        Some(handle.join().unwrap_or(Err(ExportError::Panicked)))
    }

    /// Cancels and waits for the thread (a frame at most).
    pub fn cancel_and_wait(mut self) {
        self.progress.cancel();
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// The export thread's work.
fn run(r: Request, progress: &Progress) -> Result<String, ExportError> {
    let mut src = Source::of(r.scene, r.source.as_deref(), &r.options);
    let (bytes, n) = animate(&mut src, r.walk, &r.options, r.timing, progress)?;
    if progress.cancelled() {
        return Err(ExportError::Cancelled);
    }
    write(&r.output, &bytes)?;
    let (w, h) = r.options.size;
    Ok(format!(
        "{} ({w}x{h}, {n} frames, {} KiB)",
        r.output.display(),
        bytes.len().div_ceil(1024)
    ))
}
