//! `satlab render SCENE -o OUT [--animate WALK]`: a scene's picture as PNG
//! or SVG, or a walk as GIF or APNG, drawn without a window (no display,
//! no OpenGL): the window's painter records SVG ([`super::record`]) and
//! resvg turns it into pixels ([`super::raster`]).

use crate::app::export::anim::{self, Frame};
use crate::app::export::error::{bad, ExportError};
use crate::app::export::frames::{Animate, Options, Source};
use crate::app::export::job::{self, Progress, Timing};
use crate::app::export::output::{check_output, write};
use crate::app::export::raster;
use crate::app::palette::Theme;
use crate::app::space::still::Shot;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A PNG picture (an APNG with `--animate`).
    Png,
    /// An SVG picture: shapes as paths, text as text.
    Svg,
    /// A GIF animation (a one-frame GIF without `--animate`).
    Gif,
}

/// Arguments of `satlab render`.
#[derive(clap::Args)]
#[command(after_help = "\
The format follows the output's extension (.png, .svg, .gif) unless --format
names it; with --animate a .png is an APNG (full colour) and a .gif a GIF.
Nothing opens a window: render works with no display and no OpenGL.

The output path is checked before anything is read or written: its folder
must exist, and it may not be a folder, a special file or the scene itself.
The file is written whole or not at all (a temporary file, then a rename).

Exit status: 0 when the file was written, 2 otherwise (bad arguments, a scene
that cannot be read or parsed, a bad output path, a failed write).")]
pub struct RenderArgs {
    /// The scene file (a pair, a field or a 3D scene).
    pub scene: PathBuf,
    /// Where to write the picture or animation.
    #[arg(short, long)]
    pub output: PathBuf,
    /// png, svg or gif; by default the output's extension decides.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Image size as WIDTHxHEIGHT (each from 64 to 8192).
    #[arg(long, default_value = "1280x800")]
    pub size: String,
    /// Light theme (default dark).
    #[arg(long)]
    pub light: bool,
    /// Step through SAT: 0 is the start, N the N-th axis tested, past the
    /// last one the end (with its caption).
    #[arg(long, value_name = "N", conflicts_with = "animate")]
    pub step: Option<usize>,
    /// With --step or --animate steps: keep testing every axis (for the
    /// MTV) instead of stopping at the first separating one.
    #[arg(long)]
    pub keep_testing: bool,
    /// Draw the classic special-case test's working: its construction on
    /// the canvas and its numbered steps in a pane beside it (the window's
    /// Algorithm panel).
    #[arg(long)]
    pub algorithm: bool,
    /// Draw the Minkowski difference A ⊖ B in the right half.
    #[arg(long)]
    pub minkowski: bool,
    /// 3D scenes: where the camera looks: iso (the default), +x, -x, +y,
    /// -y, +z, -z (the direction it looks along), or along (down the axis
    /// the step selects, else the decisive one).
    #[arg(long, value_name = "VIEW", allow_hyphen_values = true)]
    pub camera: Option<String>,
    /// Animate a walk: steps (SAT's axes one by one), algorithm (the classic
    /// test's steps; 2D pairs only), gjk (GJK then EPA), clipping (the
    /// contact manifold), motion (time 0 to 1; scenes with a `motion`
    /// block), orbit (a 3D scene turning once; 3D only).
    #[arg(long, value_enum, value_name = "WALK")]
    pub animate: Option<Animate>,
    /// Seconds each frame of an animation shows.
    #[arg(long, value_name = "S", default_value_t = 1.0)]
    pub seconds: f32,
    /// Extra seconds the last frame (and a motion's impact) shows.
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    pub hold: f32,
}

/// `WxH` to (w, h), both between 64 and 8192.
pub fn parse_size(s: &str) -> Result<(u32, u32), ExportError> {
    let what = || format!("--size {s}");
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| bad(what(), "expected WIDTHxHEIGHT, e.g. 1280x800"))?;
    let n = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (64..=8192).contains(v))
            .ok_or_else(|| {
                bad(
                    what(),
                    "width and height must be whole numbers from 64 to 8192",
                )
            })
    };
    Ok((n(w)?, n(h)?))
}

/// The format of `output`: `chosen`, else its extension's.
pub fn format_of(output: &Path, chosen: Option<Format>) -> Result<Format, ExportError> {
    if let Some(f) = chosen {
        return Ok(f);
    }
    let ext = output
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        Some("gif") => Ok(Format::Gif),
        _ => Err(bad(
            output.display().to_string(),
            "the output must end in .png, .svg or .gif (or name one with --format)",
        )),
    }
}

/// Runs the command: exit status 0 when the file was written, else 2 with
/// the reason on stderr.
pub fn run(args: &RenderArgs) -> ExitCode {
    if let Some(l) = crate::app::i18n::Lang::from_env() {
        crate::app::i18n::set_lang(l);
    }
    match render(args) {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("satlab render: {e}");
            ExitCode::from(2)
        }
    }
}

/// The options of `args`, checked.
fn options(args: &RenderArgs) -> Result<Options, ExportError> {
    let size = parse_size(&args.size)?;
    let shot = args
        .camera
        .as_deref()
        .map(Shot::parse)
        .transpose()
        .map_err(ExportError::Camera)?;
    Ok(Options {
        size,
        theme: if args.light {
            Theme::Light
        } else {
            Theme::Dark
        },
        step: args.step,
        keep_testing: args.keep_testing,
        algorithm: args.algorithm || args.animate == Some(Animate::Algorithm),
        minkowski: args.minkowski,
        shot,
    })
}

/// Seconds in `[0.01, 655]` (a GIF's delay range), or an error naming
/// `flag`.
fn seconds(flag: &str, v: f32, least: f32) -> Result<f32, ExportError> {
    if v.is_finite() && (least..=655.0).contains(&v) {
        Ok(v)
    } else {
        Err(bad(
            format!("{flag} {v}"),
            format!("expected seconds from {least} to 655"),
        ))
    }
}

/// Does the work of [`run`]; the line to print, or the error.
fn render(args: &RenderArgs) -> Result<String, ExportError> {
    let o = options(args)?;
    let format = format_of(&args.output, args.format)?;
    check_output(&args.output, &args.scene)?;
    let step_s = seconds("--seconds", args.seconds, 0.01)?;
    let hold_s = seconds("--hold", args.hold, 0.0)?;
    let mut src = Source::load(&args.scene, &o)?;
    let two_d_only =
        args.algorithm || args.minkowski || args.keep_testing && args.animate.is_none();
    match &src {
        Source::Pair(_) if args.camera.is_some() => {
            return Err(ExportError::NotForScene {
                what: "--camera is for 3D scenes",
                scene: args.scene.clone(),
                kind: src.kind(),
            })
        }
        Source::Space(_) | Source::Field(_) if two_d_only => {
            return Err(ExportError::NotForScene {
                what: "--algorithm, --minkowski and --keep-testing draw 2D pair views",
                scene: args.scene.clone(),
                kind: src.kind(),
            })
        }
        _ => {}
    }
    let (w, h) = o.size;
    let bytes = match (args.animate, format) {
        (None, Format::Svg) => src.still(&o).into_bytes(),
        (None, Format::Png) => raster::encode_png(&raster::rasterise(&src.still(&o))?)?,
        (None, Format::Gif) => anim::gif(&mut vec![Frame {
            image: raster::rasterise(&src.still(&o))?,
            seconds: 1.0,
        }])?,
        (Some(_), Format::Svg) => return Err(ExportError::AnimatedSvg),
        (Some(a), f) => {
            let timing = Timing {
                seconds: step_s,
                hold: hold_s,
                apng: f != Format::Gif,
            };
            let (out, n) = job::animate(&mut src, a, &o, timing, &Progress::default())?;
            write(&args.output, &out)?;
            return Ok(format!(
                "wrote {} ({w}x{h}, {n} frames, {} KiB)",
                args.output.display(),
                out.len().div_ceil(1024)
            ));
        }
    };
    write(&args.output, &bytes)?;
    Ok(format!("wrote {} ({w}x{h})", args.output.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("640x480").ok(), Some((640, 480)));
        assert!(parse_size("640").is_err());
        assert!(parse_size("0x480").is_err());
        assert!(parse_size("8193x100").is_err());
        assert!(parse_size("axb").is_err());
    }

    #[test]
    fn the_extension_decides_unless_a_format_is_named() {
        assert_eq!(format_of(Path::new("a.SVG"), None).ok(), Some(Format::Svg));
        assert_eq!(format_of(Path::new("a.png"), None).ok(), Some(Format::Png));
        assert_eq!(format_of(Path::new("a.gif"), None).ok(), Some(Format::Gif));
        assert!(format_of(Path::new("a.jpg"), None).is_err());
        assert_eq!(
            format_of(Path::new("a.out"), Some(Format::Gif)).ok(),
            Some(Format::Gif)
        );
    }
}
