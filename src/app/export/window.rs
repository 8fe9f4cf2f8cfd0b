//! File → Export animation… in the window: a small form (which walk, GIF
//! or APNG, size, timing), then the shell's save dialog, then the export on
//! its own thread ([`super::job`]) with a progress bar and a Cancel button
//! that never block the window.

use crate::app::export::error::ExportError;
use crate::app::export::frames::{Animate, Options};
use crate::app::export::job::{Job, Request, Timing};
use crate::app::i18n::{tr, trf};
use crate::app::palette::Theme;
use egui_macroquad::egui;
use satlab::scene::AnyScene;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What the form asks, kept between exports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Which walk.
    pub walk: Animate,
    /// APNG (full colour) instead of GIF.
    pub apng: bool,
    /// Picture width, pixels (64 to 8192).
    pub width: u32,
    /// Picture height, pixels (64 to 8192).
    pub height: u32,
    /// Seconds each frame shows.
    pub seconds: f32,
    /// Seconds more the last frame shows.
    pub hold: f32,
    /// The SAT walk tests every axis, not only up to the first separating one.
    pub keep_testing: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            walk: Animate::Steps,
            apng: false,
            width: 800,
            height: 500,
            seconds: 1.0,
            hold: 2.0,
            keep_testing: false,
        }
    }
}

impl Settings {
    /// The file extension the format writes.
    pub fn extension(&self) -> &'static str {
        if self.apng {
            "png"
        } else {
            "gif"
        }
    }

    /// `path` with this format's extension.
    pub fn with_extension(&self, path: PathBuf) -> PathBuf {
        let ext = self.extension();
        if path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case(ext))
        {
            path
        } else {
            path.with_extension(ext)
        }
    }

    /// The export of `scene` (from the file `source`) to `output` these
    /// settings describe, in `theme`. Sizes and times are kept in range.
    pub fn request(
        &self,
        scene: AnyScene,
        source: Option<&Path>,
        output: PathBuf,
        theme: Theme,
    ) -> Request {
        let side = |v: u32| crate::app::num::clamp_index(v, 64, 8192);
        Request {
            scene,
            source: source.map(Path::to_path_buf),
            walk: self.walk,
            options: Options {
                size: (side(self.width), side(self.height)),
                theme,
                step: None,
                keep_testing: self.keep_testing,
                algorithm: self.walk == Animate::Algorithm,
                minkowski: self.walk == Animate::Gjk,
                shot: None,
            },
            timing: Timing {
                seconds: seconds(self.seconds, 0.05),
                hold: seconds(self.hold, 0.0),
                apng: self.apng,
            },
            output,
        }
    }
}

/// `v` in `[least, 60]` seconds (a NaN is `least`).
fn seconds(v: f32, least: f32) -> f32 {
    if v.is_nan() {
        least
    } else {
        v.max(least).min(60.0)
    }
}

/// The walks the form offers for `sc`: [`crate::app::export::frames::walks`],
/// the list `frames` accepts (none for a field).
pub fn walks_for(sc: &AnyScene) -> Vec<Animate> {
    crate::app::export::frames::walks(sc)
}

/// A walk's name in the form.
pub fn walk_label(a: Animate) -> &'static str {
    match a {
        Animate::Steps => tr("SAT steps, axis by axis"),
        Animate::Algorithm => tr("The classic test's steps"),
        Animate::Gjk => tr("GJK, then EPA"),
        Animate::Clipping => tr("Contact clipping"),
        Animate::Motion => tr("Motion, time 0 to 1"),
        Animate::Orbit => tr("One turn around the pair"),
    }
}

/// What the form or the export asks of the shell.
#[derive(Debug)]
pub enum Event {
    /// The form was confirmed: ask where to write.
    ChooseFile,
    /// The export ended: the line to show, or its error.
    Finished(Result<String, ExportError>),
}

/// The form and the running export.
#[derive(Default)]
pub struct AnimationExport {
    /// The form's answers.
    pub settings: Settings,
    /// The walks the open scene offers while the form is shown.
    asking: Option<Vec<Animate>>,
    job: Option<Job>,
}

impl AnimationExport {
    /// Shows the form for a scene offering `walks` (a walk it does not
    /// offer is replaced by its first).
    pub fn ask(&mut self, walks: Vec<Animate>) {
        if let Some(&first) = walks.first() {
            if !walks.contains(&self.settings.walk) {
                self.settings.walk = first;
            }
            self.asking = Some(walks);
        }
    }

    /// True while the form is shown (it is modal).
    pub fn asking(&self) -> bool {
        self.asking.is_some()
    }

    /// True while an export runs.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Starts `r` unless an export runs already.
    pub fn start(&mut self, r: Request) -> Result<(), ExportError> {
        if self.busy() {
            return Err(ExportError::Busy);
        }
        self.job = Some(Job::start(r)?);
        Ok(())
    }

    /// Stops a running export (the window is closing): nothing is written.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel_and_wait();
        }
    }

    /// The form or the progress window, whichever is due, and what came of
    /// them this frame.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Event> {
        if let Some(walks) = self.asking.clone() {
            return self.form(ctx, &walks);
        }
        let job = self.job.as_mut()?;
        if let Some(done) = job.finished() {
            self.job = None;
            return Some(Event::Finished(done));
        }
        progress_window(ctx, job);
        None
    }

    /// The modal form: Export… (or Enter) asks where; Cancel (or Esc) closes.
    fn form(&mut self, ctx: &egui::Context, walks: &[Animate]) -> Option<Event> {
        let (mut out, mut closed) = (None, false);
        let s = &mut self.settings;
        egui::Modal::new(egui::Id::new("export-animation")).show(ctx, |ui| {
            ui.heading(tr("Export animation"));
            egui::Grid::new("export-animation-grid")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label(tr("Walk"));
                    egui::ComboBox::from_id_salt("export-walk")
                        .selected_text(walk_label(s.walk))
                        .show_ui(ui, |ui| {
                            for &w in walks {
                                ui.selectable_value(&mut s.walk, w, walk_label(w));
                            }
                        });
                    ui.end_row();
                    ui.label(tr("Format"));
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut s.apng, false, "GIF");
                        ui.radio_value(&mut s.apng, true, tr("APNG (full colour)"));
                    });
                    ui.end_row();
                    ui.label(tr("Size, pixels"));
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut s.width).range(64..=8192));
                        ui.label("×");
                        ui.add(egui::DragValue::new(&mut s.height).range(64..=8192));
                    });
                    ui.end_row();
                    ui.label(tr("Seconds a frame"));
                    ui.add(
                        egui::DragValue::new(&mut s.seconds)
                            .range(0.05..=60.0)
                            .speed(0.05),
                    );
                    ui.end_row();
                    ui.label(tr("Hold the last frame, seconds"));
                    ui.add(
                        egui::DragValue::new(&mut s.hold)
                            .range(0.0..=60.0)
                            .speed(0.1),
                    );
                    ui.end_row();
                });
            // The 2D walk stops at the first separating axis unless asked;
            // the 3D walk shows every axis anyway.
            if s.walk == Animate::Steps && walks.contains(&Animate::Algorithm) {
                ui.checkbox(&mut s.keep_testing, tr("Keep testing every axis"));
            }
            let (enter, esc) = ui.input(|i| {
                (
                    i.key_pressed(egui::Key::Enter),
                    i.key_pressed(egui::Key::Escape),
                )
            });
            ui.horizontal(|ui| {
                if ui.button(tr("Export…")).clicked() || enter {
                    out = Some(Event::ChooseFile);
                } else if ui.button(tr("Cancel")).clicked() || esc {
                    closed = true;
                }
            });
        });
        if closed || out.is_some() {
            self.asking = None;
        }
        out
    }
}

/// The running export's progress bar and Cancel button, at the bottom
/// right; asks for frames while it runs so the bar moves.
fn progress_window(ctx: &egui::Context, job: &Job) {
    let (done, total) = job.progress().counts();
    let cancelling = job.progress().cancelled();
    egui::Window::new(tr("Exporting"))
        .id(egui::Id::new("export-progress"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(crate::app::wrap::path(job.output()));
            let (fraction, text) = if total == 0 {
                (0.0, tr("drawing the walk…").to_string())
            } else {
                (
                    done as f32 / total as f32,
                    trf("frame {} of {}", &[&done, &total]),
                )
            };
            ui.add(
                egui::ProgressBar::new(fraction)
                    .text(text)
                    .desired_width(240.0),
            );
            if cancelling {
                ui.label(tr("cancelling…"));
            } else if ui.button(tr("Cancel")).clicked() {
                job.progress().cancel();
            }
        });
    ctx.request_repaint_after(Duration::from_millis(50));
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::scene::load_any;

    fn scene(rel: &str) -> AnyScene {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        load_any(&p).expect("a shipped scene loads")
    }

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satlab-anim-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp dir");
        d
    }

    fn wait(job: &mut Job) -> Result<String, ExportError> {
        for _ in 0..6000 {
            if let Some(r) = job.finished() {
                return r;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the export did not end within a minute")
    }

    fn small() -> Settings {
        Settings {
            width: 200,
            height: 120,
            ..Settings::default()
        }
    }

    #[test]
    fn an_export_on_its_thread_writes_one_frame_per_step() {
        let sc = scene("tests/e2e/teach-boxes.json");
        let out = temp("steps").join("walk.gif");
        let r = small().request(sc, None, out.clone(), Theme::Dark);
        let mut job = Job::start(r).expect("starts");
        let msg = wait(&mut job).expect("written");
        assert!(msg.contains("frames"), "{msg}");
        let (done, total) = job.progress().counts();
        assert!(total >= 2 && done == total, "{done} of {total}");
        let file = std::fs::File::open(&out).expect("the GIF exists");
        let mut d = gif::DecodeOptions::new()
            .read_info(std::io::BufReader::new(file))
            .expect("decodes");
        let mut frames = 0;
        while d.read_next_frame().expect("a frame").is_some() {
            frames += 1;
        }
        assert_eq!(frames, total, "one GIF frame per step");
    }

    #[test]
    fn a_cancelled_export_writes_nothing() {
        let sc = scene("tests/e2e/teach-boxes.json");
        let out = temp("cancel").join("walk.png");
        let s = Settings {
            apng: true,
            ..small()
        };
        let r = s.request(sc, None, out.clone(), Theme::Light);
        let mut job = Job::start(r).expect("starts");
        job.progress().cancel();
        let r = wait(&mut job);
        assert!(matches!(r, Err(ExportError::Cancelled)), "{r:?}");
        assert!(!out.exists(), "no file after a cancel");
        let left: Vec<_> = std::fs::read_dir(out.parent().expect("folder"))
            .expect("lists")
            .collect();
        assert!(left.is_empty(), "no temporary file left: {left:?}");
    }

    #[test]
    fn the_scene_file_itself_is_refused() {
        let dir = temp("self");
        let src = dir.join("scene.json");
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/teach-boxes.json"),
            &src,
        )
        .expect("copy");
        let before = std::fs::read(&src).expect("read");
        let r = small().request(
            scene("tests/e2e/teach-boxes.json"),
            Some(&src),
            src.clone(),
            Theme::Dark,
        );
        assert!(Job::start(r).is_err());
        assert_eq!(std::fs::read(&src).expect("read"), before);
    }

    /// The form offers a walk exactly when `frames` takes it: every walk
    /// not offered is refused for the scene's kind (or, Motion, for a scene
    /// that does not move); every walk offered draws, or says this pair
    /// has none of it (no GJK steps, no contact).
    #[test]
    fn the_form_offers_exactly_the_walks_frames_accepts_for_every_kind() {
        use crate::app::export::frames::Source;
        use clap::ValueEnum;
        let o = Options {
            size: (160, 100),
            theme: Theme::Dark,
            step: None,
            keep_testing: false,
            algorithm: false,
            minkowski: false,
            shot: None,
        };
        for rel in [
            "scenes/02-sat-polygons/05-triangle-hexagon-separated.json",
            "scenes/09-contacts-and-motion/09-both-move.json",
            "scenes/07-broad-phase/01-ray-through-a-row-of-boxes.json",
            "scenes/08-3d/29-gjk-two-boxes-apart.json",
            "scenes/11-3d-contacts/01-box-resting-on-box.json",
            "scenes/10-3d-motion/01-box-falls-onto-box.json",
        ] {
            let offered = walks_for(&scene(rel));
            for &a in Animate::value_variants() {
                let mut src = Source::of(scene(rel), None, &o);
                let took = match src.frames(a, &o) {
                    Ok(w) => {
                        assert!(!w.svgs.is_empty(), "{rel} {a:?}");
                        true
                    }
                    Err(ExportError::NoGjk | ExportError::NoContacts) => true,
                    Err(ExportError::NoWalk { .. } | ExportError::NoMotion) => false,
                    Err(e) => panic!("{rel} {a:?}: {e}"),
                };
                assert_eq!(offered.contains(&a), took, "{rel} {a:?}");
            }
        }
    }

    #[test]
    fn walks_follow_the_scene_kind_and_the_format_its_extension() {
        assert!(walks_for(&scene(
            "scenes/07-broad-phase/01-ray-through-a-row-of-boxes.json"
        ))
        .is_empty());
        let space = scene("scenes/lessons/sat-2d-to-3d/02-boxes-in-space.json");
        assert_eq!(
            walks_for(&space),
            vec![
                Animate::Steps,
                Animate::Gjk,
                Animate::Clipping,
                Animate::Orbit
            ]
        );
        let s = Settings::default();
        assert_eq!(
            s.with_extension(PathBuf::from("a.json")),
            PathBuf::from("a.gif")
        );
        let apng = Settings { apng: true, ..s };
        assert_eq!(
            apng.with_extension(PathBuf::from("a.PNG")),
            PathBuf::from("a.PNG")
        );
    }
}
