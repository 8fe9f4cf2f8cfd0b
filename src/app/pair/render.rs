//! `satlab render SCENE -o OUT.png [--size WxH]`: draws a scene's canvas
//! (grid, shapes, all axes, distance or MTV, verdict badge) into a PNG, for
//! slides and the README; `--step`, `--algorithm` and `--minkowski` draw
//! the teaching views as the window shows them. A 3D scene (format v3) is
//! drawn as the 3D mode shows it, from the `--camera` preset. It opens a window of that
//! size for one moment (macroquad needs an OpenGL context), so it needs a
//! display; Xvfb will do.

use crate::app::camera::Rect;
use crate::app::files::Document;
use crate::app::pair::canvas::draw_canvas;
use crate::app::pair::pane::{split_for_algorithm, split_for_pane};
use crate::app::pair::state::App;
use crate::app::png::{crop_bottom_up, export};
use crate::app::{draw, preflight, window_conf};
use glam::Vec2;
use satlab::scene::{load_any, AnyScene, Scene3};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `satlab render`.
#[derive(clap::Args)]
#[command(after_help = "\
The output path is checked before anything is read or written: it must end in
.png, its folder must exist, and it may not be a folder, a special file or the
scene itself.

Exit status: 0 when the PNG was written, 2 otherwise (bad arguments, a scene
that cannot be read or parsed, a bad output path, no display, a failed write).")]
pub struct RenderArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Where to write the PNG.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Image size as WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800")]
    pub size: String,
    /// Light theme (default dark).
    #[arg(long)]
    pub light: bool,
    /// Step through SAT: 0 is the start, N the N-th axis tested, past the
    /// last one the end (with its caption).
    #[arg(long, value_name = "N")]
    pub step: Option<usize>,
    /// With --step: keep testing every axis (for the MTV) instead of
    /// stopping at the first separating one.
    #[arg(long, requires = "step")]
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
}

/// `WxH` to (w, h), both between 64 and 8192.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("--size {s}: expected WIDTHxHEIGHT, e.g. 1280x800"))?;
    let n = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (64..=8192).contains(v))
            .ok_or_else(|| {
                format!("--size {s}: width and height must be whole numbers from 64 to 8192")
            })
    };
    Ok((n(w)?, n(h)?))
}

/// Checks the output path before anything is read or written: it must end
/// in `.png`, name neither a folder nor a special file (FIFO, device), differ
/// from the scene file, and its folder must exist. The message starts with
/// the path.
pub fn check_output(output: &Path, scene: &Path) -> Result<(), String> {
    let shown = output.display();
    let png = output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !png {
        return Err(format!(
            "{shown}: the output must be a .png file (satlab render writes PNG images only)"
        ));
    }
    if let Ok(m) = std::fs::metadata(output) {
        if m.is_dir() {
            return Err(format!("{shown}: is a folder, not a file"));
        }
        if !m.is_file() {
            return Err(format!(
                "{shown}: is not a regular file (a FIFO, socket or device); not written"
            ));
        }
        let same = std::fs::canonicalize(output)
            .ok()
            .zip(std::fs::canonicalize(scene).ok())
            .is_some_and(|(o, s)| o == s);
        if same {
            return Err(format!("{shown}: is the scene file itself"));
        }
    }
    let dir = match output.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(format!("{shown}: {} is not a folder", dir.display())),
        Err(e) => Err(format!(
            "{shown}: cannot use the folder {}: {e}",
            dir.display()
        )),
    }
}

/// The UI scale of a `w`×`h` picture: 1 up to 1280×800, then in
/// proportion to the smaller ratio of the sides, up to 4, so labels, lines
/// and the caption grow with `--size` as the shapes do (a smaller picture
/// keeps text at its readable size).
pub fn size_scale(w: u32, h: u32) -> f32 {
    crate::app::num::clamp((w as f32 / 1280.0).min(h as f32 / 800.0), 1.0, 4.0)
}

/// Frames drawn before the picture is taken (the first ones may still be
/// settling the window size).
const WARMUP_FRAMES: u32 = 3;

/// Runs the command. Exit status 0 when the PNG was written, 2 otherwise
/// (bad arguments, a scene that does not load, a bad output path, no
/// display, a failed write); the output is checked before anything else.
pub fn run(args: &RenderArgs) -> ExitCode {
    let (w, h) = match parse_size(&args.size) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("satlab render: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = check_output(&args.output, &args.scene) {
        eprintln!("satlab render: {e}");
        return ExitCode::from(2);
    }
    if let Ok(AnyScene::Space(sc)) = load_any(&args.scene) {
        return run_space(args, *sc, (w, h));
    }
    if args.camera.is_some() {
        eprintln!(
            "satlab render: --camera is for 3D scenes; {} is a 2D scene",
            args.scene.display()
        );
        return ExitCode::from(2);
    }
    let (doc, scene) = match Document::open(&args.scene) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("satlab render: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(code) = ready() {
        return code;
    }
    let output = args.output.clone();
    let light = args.light;
    let (step, keep_testing) = (args.step, args.keep_testing);
    let (algorithm, minkowski) = (args.algorithm, args.minkowski);
    let mut conf = window_conf("satlab render", w as i32, h as i32);
    // One image pixel per window pixel, whatever the screen's DPI.
    conf.miniquad_conf.high_dpi = false;
    macroquad::Window::from_config(conf, async move {
        let font = font();
        let mut app = App::new(scene, doc);
        app.settings.scale = size_scale(w, h);
        if light {
            app.settings.theme = crate::app::palette::Theme::Light;
        }
        app.algorithm_panel = algorithm;
        app.minkowski = minkowski;
        let mut code = 0;
        for i in 0..=WARMUP_FRAMES {
            let (sw, sh) = (
                macroquad::window::screen_width(),
                macroquad::window::screen_height(),
            );
            let whole = Rect::new(Vec2::ZERO, Vec2::new(sw, sh));
            // The algorithm's working beside the canvas, as in the window;
            // the Minkowski pane halves what is left.
            let (rest, working) = split_for_algorithm(whole, algorithm);
            let (canvas, pane) = split_for_pane(rest, minkowski);
            app.cam.canvas = canvas;
            app.refresh();
            if let Some(n) = step.filter(|_| i == 0) {
                let s = &mut app.class.step;
                s.set_keep_testing(keep_testing, &app.results.report);
                s.home();
                for _ in 0..n {
                    s.forward();
                }
            }
            // Fitted once the walk is set up, so the caption's room is kept.
            app.cam.room = crate::app::pair::canvas::fit_room(&app, false);
            app.apply_view();
            app.refresh();
            draw_canvas(&app, &font, None);
            if let Some(r) = pane {
                crate::app::pair::pane::draw_minkowski(&app, &font, r);
            }
            if let Some(r) = working {
                crate::app::pair::pane::draw_algorithm(&app, &font, r);
            }
            if i == WARMUP_FRAMES {
                code = write_shot(whole, (w, h), &output);
            }
            macroquad::window::next_frame().await;
        }
        std::process::exit(code);
    });
    ExitCode::SUCCESS
}

/// Checks that a window can open (a display, the libraries), makes panics
/// readable and takes the language from the environment; the exit status
/// when it cannot go on.
fn ready() -> Result<(), ExitCode> {
    if let Err(e) = preflight::check() {
        eprintln!("{e}");
        return Err(ExitCode::from(2));
    }
    preflight::friendly_panics();
    if let Some(l) = crate::app::i18n::Lang::from_env() {
        crate::app::i18n::set_lang(l);
    }
    Ok(())
}

/// The bundled font; exits with status 2 when it does not load.
fn font() -> macroquad::text::Font {
    match macroquad::text::load_ttf_font_from_bytes(draw::FONT_TTF) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("satlab render: the bundled font does not load: {e}");
            std::process::exit(2);
        }
    }
}

/// The 3D part of [`run`]: `scene` as the 3D mode draws its canvas (clean:
/// no status line; the walk's caption with `--step`), from `--camera`.
fn run_space(args: &RenderArgs, scene: Scene3, (w, h): (u32, u32)) -> ExitCode {
    use crate::app::shell::mode::{Frame, Look, Mode};
    use crate::app::space::still::Shot;
    use crate::app::space::SpaceMode;
    if args.algorithm || args.minkowski || args.keep_testing {
        eprintln!(
            "satlab render: --algorithm, --minkowski and --keep-testing draw 2D views; {} is a 3D scene",
            args.scene.display()
        );
        return ExitCode::from(2);
    }
    let shot = match args.camera.as_deref().map(Shot::parse).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("satlab render: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(code) = ready() {
        return code;
    }
    let output = args.output.clone();
    let path = args.scene.clone();
    let (light, step) = (args.light, args.step);
    let mut conf = window_conf("satlab render", w as i32, h as i32);
    conf.miniquad_conf.high_dpi = false;
    macroquad::Window::from_config(conf, async move {
        let font = font();
        let mut mode = SpaceMode::new(scene, Some(path));
        let look = Look {
            theme: if light {
                crate::app::palette::Theme::Light
            } else {
                crate::app::palette::Theme::Dark
            },
            scale: size_scale(w, h),
            ..Look::default()
        };
        let input = crate::app::input::Input::default();
        let mut code = 0;
        for i in 0..=WARMUP_FRAMES {
            let whole = Rect::new(
                Vec2::ZERO,
                Vec2::new(
                    macroquad::window::screen_width(),
                    macroquad::window::screen_height(),
                ),
            );
            mode.set_still(whole, shot, step);
            let frame = Frame {
                input: &input,
                gate: crate::app::input::Gate {
                    pointer: false,
                    keyboard: false,
                },
                canvas: whole,
                typing: false,
                clean: true,
                font: &font,
                look,
                now: macroquad::time::get_time(),
            };
            mode.update(&frame);
            mode.draw(&frame);
            if i == WARMUP_FRAMES {
                code = write_shot(whole, (w, h), &output);
            }
            macroquad::window::next_frame().await;
        }
        std::process::exit(code);
    });
    ExitCode::SUCCESS
}

/// Writes the window's picture of `whole` to `output`, which must be
/// `size` pixels; the exit status (0, or 2 with the reason on stderr).
fn write_shot(whole: Rect, size: (u32, u32), output: &std::path::Path) -> i32 {
    let (w, h) = size;
    let shot = macroquad::texture::get_screen_data();
    if (shot.width as u32, shot.height as u32) != (w, h) {
        eprintln!(
            "satlab render: the display gave a {}x{} window instead of {w}x{h}",
            shot.width, shot.height
        );
        return 2;
    }
    let dpi = macroquad::window::screen_dpi_scale();
    let img = crop_bottom_up(&shot, Rect::new(whole.min * dpi, whole.max * dpi));
    match export(&img, output) {
        Ok(()) => {
            println!("wrote {} ({w}x{h})", output.display());
            0
        }
        Err(e) => {
            eprintln!("satlab render: {e}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("640x480"), Ok((640, 480)));
        assert!(parse_size("640").is_err());
        assert!(parse_size("0x480").is_err());
        assert!(parse_size("axb").is_err());
    }

    #[test]
    fn labels_grow_with_the_picture() {
        assert_eq!(size_scale(1280, 800), 1.0);
        assert_eq!(size_scale(2560, 1600), 2.0);
        assert_eq!(size_scale(2560, 800), 1.0, "the smaller ratio decides");
        assert_eq!(size_scale(640, 400), 1.0, "text stays readable");
        assert_eq!(size_scale(64, 64), 1.0);
        assert_eq!(size_scale(1920, 1200), 1.5);
        assert_eq!(size_scale(8192, 8192), 4.0);
    }
}
