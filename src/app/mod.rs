//! The playground window: a macroquad render loop with egui panels, drawing
//! two shapes from the core and everything the SAT report says about them.
//!
//! Three floors. The modes, one folder each (`pair/`, `field/`, `space/`),
//! listed in `modes`; the `shell`, which runs every frame around the mode
//! shown and knows no mode (`shell::mode::Mode` is what a mode is); and the
//! ground floor, which imports neither: `camera`, `input`, `draw` (with
//! `aa`'s smooth edges), `labels`, `wrap`, `i18n`, `fonts`, `history`,
//! `files`, `lesson`, `recovery`, `png`, `num` and the like.

// The window never panics on user data, window size or files: no unwrap,
// expect or panicking clamp outside tests (clippy.toml).
#![deny(clippy::unwrap_used, clippy::expect_used)]
#![cfg_attr(not(test), deny(clippy::disallowed_methods))]

pub mod aa;
pub mod camera;
pub mod clip;
pub mod display;
#[cfg(test)]
mod doc_tests;
pub mod draw;
pub mod export;
pub mod field;
pub mod files;
pub mod fonts;
pub mod frame_times;
pub mod grid;
pub mod handles;
pub mod history;
pub mod i18n;
#[cfg(test)]
mod i18n_coverage;
pub mod input;
pub mod keys;
pub mod labels;
pub mod lesson;
pub mod modes;
pub mod num;
pub mod outline;
pub mod pair;
pub mod palette;
#[cfg(test)]
mod panel_fit;
pub mod png;
pub mod practice;
pub mod preflight;
pub mod recovery;
pub mod reference;
pub mod settings;
pub mod shell;
pub mod space;
pub mod title;
pub mod waker;
#[cfg(test)]
mod walk_tests;
pub mod wrap;
pub mod xclip;

use i18n::trf;
use shell::Shell;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Window multisampling: `SATLAB_MSAA` if set (0 turns it off), otherwise 4
/// samples on a GPU and none on software OpenGL, where multisampling costs
/// more than the rest of the frame (PERFORMANCE.md). Edges are smooth either
/// way: the canvas draws its own anti-aliased edges ([`aa`]).
pub fn sample_count() -> i32 {
    std::env::var("SATLAB_MSAA")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|n| (0..=16).contains(n))
        .unwrap_or(if software_gl_likely() { 0 } else { 4 })
}

/// True when OpenGL will most likely be Mesa's software rasteriser: on
/// Linux, `LIBGL_ALWAYS_SOFTWARE` is set or there is no GPU render node
/// under `/dev/dri`. Elsewhere false.
fn software_gl_likely() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    if std::env::var_os("LIBGL_ALWAYS_SOFTWARE").is_some_and(|v| v != "0" && !v.is_empty()) {
        return true;
    }
    let gpu = std::fs::read_dir("/dev/dri").is_ok_and(|d| {
        d.flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with("renderD"))
    });
    !gpu
}

/// Window configuration shared by the app and `satlab render`.
pub fn window_conf(title: &str, width: i32, height: i32) -> macroquad::conf::Conf {
    macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: title.to_string(),
            window_width: width,
            window_height: height,
            high_dpi: true,
            sample_count: sample_count(),
            window_resizable: true,
            ..Default::default()
        },
        // Indices for as many triangles as a call's 10,000 vertices make
        // (macroquad's 5,000 end a call after one smooth disc, and each call
        // keeps buffers of 400 KB for the 10,000 vertices it rarely uses).
        draw_call_index_capacity: 30_000,
        ..Default::default()
    }
}

/// Opens the playground on `path` (a scene file or a folder); with
/// `bench_frames`, runs that many frames, prints timings and quits.
pub fn run(path: Option<PathBuf>, bench_frames: Option<u32>) -> ExitCode {
    let started = Instant::now();
    // A bad path is reported plainly before the window opens; a file that
    // exists but does not load opens the window, which shows why.
    if let Some(p) = &path {
        if !p.exists() || (bench_frames.is_some() && p.is_file()) {
            if let Err(e) = satlab::scene::load_any(p) {
                eprintln!("satlab: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if let Err(e) = preflight::check() {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    preflight::friendly_panics();
    if let Some(l) = i18n::Lang::from_env() {
        i18n::set_lang(l);
    }
    // A title no other window has: the heartbeat and the title keeper find
    // the window by it (the first frame names the document).
    let title = format!("satlab ({})", std::process::id());
    let timing = std::env::var_os("SATLAB_TIMING").is_some();
    let mark = move |what: &str| {
        if timing {
            eprintln!(
                "satlab: {what} after {:.0} ms",
                started.elapsed().as_secs_f64() * 1000.0
            );
        }
    };
    mark("window opening");
    // Idle without spinning (waker.rs); `--bench-frames` measures frames
    // back to back, so it keeps the continuous loop.
    let blocking = bench_frames.is_none() && waker::blocking_possible();
    macroquad::Window::from_config(app_conf(&title, blocking), async move {
        mark("window open");
        let font = match macroquad::text::load_ttf_font_from_bytes(draw::FONT_TTF) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("satlab: the bundled font does not load: {e}");
                std::process::exit(1);
            }
        };
        mark("font loaded");
        egui_macroquad::cfg(|ctx| {
            ctx.set_fonts(fonts::egui_definitions());
            // egui-macroquad divides each wheel step by 90 (a Windows-style
            // delta), but miniquad reports one per notch on X11: without
            // this a wheel notch scrolls a list by half a pixel.
            ctx.options_mut(|o| o.line_scroll_speed *= 90.0);
        });
        mark("egui fonts set");
        macroquad::input::prevent_quit();
        let mut runner = Shell::new(font, &title, &modes::list());
        // Before the scene opens, so its message (an error) is the one
        // shown; a benchmark runs with the default settings.
        if bench_frames.is_none() {
            runner.load_settings(settings::dir());
        }
        if let Some(p) = &path {
            runner.open_start(p);
        }
        if bench_frames.is_none() {
            if let Some(o) = recovery::orphan(&recovery::dir()) {
                runner.offer_recovery(o);
            }
        }
        let code = match bench_frames {
            Some(n) => bench(&mut runner, n, started).await,
            None => window_loop(&mut runner, blocking, &title, &mark).await,
        };
        std::process::exit(code);
    });
    ExitCode::SUCCESS
}

/// The window's configuration: [`window_conf`] at 1280×800, idling
/// without spinning when `blocking`, and every kind of input drawing a
/// frame (macroquad's default is none).
fn app_conf(title: &str, blocking: bool) -> macroquad::conf::Conf {
    let mut conf = window_conf(title, 1280, 800);
    conf.miniquad_conf.platform.blocking_event_loop = blocking;
    conf.update_on = Some(macroquad::conf::UpdateTrigger {
        key_down: true,
        mouse_down: true,
        mouse_up: true,
        mouse_motion: true,
        mouse_wheel: true,
        specific_key: None,
        touch: true,
    });
    conf
}

/// Frames until the user quits; the exit status.
async fn window_loop(runner: &mut Shell, blocking: bool, title: &str, mark: &dyn Fn(&str)) -> i32 {
    let mut first = true;
    // SATLAB_FAULT_PANIC_FILE=PATH: when PATH exists, the next frame panics
    // on purpose (and PATH is removed), so the end-to-end test can check
    // that the window survives a panic and the work is kept.
    let fault = std::env::var_os("SATLAB_FAULT_PANIC_FILE").map(PathBuf::from);
    // Without the heartbeat every frame asks for the next one.
    let heartbeat = blocking && waker::start(title);
    egui_macroquad::cfg(waker::watch_repaints);
    while !runner.quit {
        let inject = fault
            .as_deref()
            .is_some_and(|f| std::fs::remove_file(f).is_ok());
        guarded_frame(runner, inject);
        if blocking && (waker::repaint_soon() || !heartbeat) {
            macroquad::miniquad::window::schedule_update();
        }
        if first {
            mark("first frame drawn");
        }
        macroquad::window::next_frame().await;
        if first {
            mark("first frame shown");
        }
        first = false;
    }
    runner.drop_recovery();
    0
}

/// One frame, with a panic caught: the document is kept in memory, its
/// recovery copy is written at once, and the error is shown in the top bar
/// (egui and macroquad start their next frame afresh). `fault` panics on
/// purpose, for the end-to-end test.
fn guarded_frame(runner: &mut Shell, fault: bool) {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if fault {
            panic!("fault injected by SATLAB_FAULT_PANIC_FILE");
        }
        runner.frame();
    }));
    if let Err(payload) = run {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let mut m = trf(
            "something went wrong in this frame ({}); your scene is kept",
            &[&what],
        );
        // A bug that panics in every frame must not turn into a disk write
        // per frame: the copy is rewritten at most every few seconds.
        let now = std::time::Instant::now();
        if runner
            .rescued_at
            .is_none_or(|t| now.duration_since(t).as_secs_f64() >= recovery::QUIET_S)
        {
            runner.rescued_at = Some(now);
            if let Err(e) = runner.write_recovery_now() {
                m = format!("{m}; {e}");
            }
        }
        runner.say(m, true);
    }
}

/// utime + stime, in clock ticks (1/100 s on Linux), from a `/proc/.../stat` file.
fn cpu_ticks(path: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    // Fields after the command name in parentheses; utime and stime are
    // fields 14 and 15, i.e. the 12th and 13th after it.
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// Runs `n` frames and prints the mean and 99th percentile of the time each
/// frame spends in satlab's own work (input, panels, tools, overlay,
/// drawing calls), excluding the wait for the next frame.
async fn bench(runner: &mut Shell, n: u32, started: Instant) -> i32 {
    let mut work = Vec::with_capacity(n as usize);
    let mut parts = [0.0f64; 4];
    let mut whole = Vec::with_capacity(n as usize);
    let mut first_frame_ms = None;
    let mut last = Instant::now();
    let cpu_start = (
        cpu_ticks("/proc/thread-self/stat"),
        cpu_ticks("/proc/self/stat"),
    );
    for _ in 0..n.max(1) {
        let t = Instant::now();
        runner.frame();
        work.push(t.elapsed().as_secs_f64() * 1000.0);
        for (p, t) in parts.iter_mut().zip(runner.timing) {
            *p += t / n.max(1) as f64;
        }
        macroquad::window::next_frame().await;
        let now = Instant::now();
        if first_frame_ms.is_none() {
            first_frame_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
        } else {
            whole.push((now - last).as_secs_f64() * 1000.0);
        }
        last = now;
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
        let k = num::clamp_index((v.len() as f64 * 0.99).ceil() as usize, 1, v.len().max(1)) - 1;
        (mean, v.get(k).copied().unwrap_or(0.0))
    };
    // The first frame builds fonts and textures: report it separately.
    let first_work = work.first().copied().unwrap_or(0.0);
    let mut steady: Vec<f64> = work.iter().skip(1).copied().collect();
    if steady.is_empty() {
        steady = work.clone();
    }
    let (mean, p99) = stats(&mut steady);
    let (fmean, fp99) = stats(&mut whole);
    let cpu_end = (
        cpu_ticks("/proc/thread-self/stat"),
        cpu_ticks("/proc/self/stat"),
    );
    let per_frame = |a: Option<u64>, b: Option<u64>| {
        a.zip(b)
            .map(|(a, b)| (b.saturating_sub(a)) as f64 * 10.0 / n.max(1) as f64)
    };
    // One header, for the mode that was measured.
    println!("satlab bench: {n} frames, {}", runner.bench_line());
    println!(
        "  time per frame in satlab's work (main thread, wall clock): mean {mean:.3} ms, p99 {p99:.3} ms"
    );
    println!(
        "    of which: panels {:.3} ms, update (tools, queries, overlay) {:.3} ms, canvas drawing {:.3} ms, egui drawing {:.3} ms",
        parts[0], parts[1], parts[2], parts[3]
    );
    println!(
        "  whole frame incl. GL and swap: mean {fmean:.3} ms ({:.0} fps), p99 {fp99:.3} ms; window multisampling {}x",
        if fmean > 0.0 { 1000.0 / fmean } else { 0.0 },
        sample_count()
    );
    if let (Some(main), Some(all)) = (
        per_frame(cpu_start.0, cpu_end.0),
        per_frame(cpu_start.1, cpu_end.1),
    ) {
        println!(
            "  CPU time per frame from /proc (10 ms ticks, averaged): main thread {main:.2} ms, whole process incl. OpenGL threads {all:.2} ms"
        );
    }
    println!(
        "  first frame: shown {:.0} ms after launch (its own work {first_work:.1} ms)",
        first_frame_ms.unwrap_or(0.0)
    );
    0
}
