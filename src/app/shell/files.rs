//! The shell's file actions, the same for every mode: new, open (the file
//! goes to the mode that shows its kind of scene), save, save as, export
//! PNG, quit, and recovering a copy left by a satlab that died. Unsaved
//! work is asked about first.

use super::Shell;
use crate::app::i18n::{tr, trf};
use crate::app::recovery;
use crate::app::shell::action::{Action, DialogPurpose, Prompt};
use std::path::{Path, PathBuf};

impl Shell {
    /// Carries out a file action; returns what it leads to.
    pub(super) fn file_action(&mut self, a: Action) -> Vec<Action> {
        match a {
            Action::New | Action::Quit if self.mode_ref().dirty() => {
                self.ui.prompt = Prompt::Unsaved(Box::new(a));
            }
            Action::Quit => match self.modes.iter().position(|m| m.dirty()) {
                // Each mode with unsaved work is shown and asked about.
                Some(k) => {
                    self.active = k;
                    self.ui.prompt = Prompt::Unsaved(Box::new(Action::Quit));
                }
                None => {
                    // A running export writes nothing.
                    self.anim.cancel();
                    self.quit = true;
                }
            },
            Action::New => {
                self.mode().new_document();
                self.rearm();
            }
            Action::Open => {
                self.ui.purpose = Some(DialogPurpose::Open);
                self.aim_dialog(false);
                self.ui.dialog.pick_file();
            }
            Action::OpenPath(p) => return self.open_path(p),
            Action::Save => match self.mode_ref().path().map(Path::to_path_buf) {
                Some(p) => return vec![Action::SaveTo(p)],
                None => return vec![Action::SaveAs],
            },
            Action::SaveAs => {
                self.ui.purpose = Some(DialogPurpose::SaveAs);
                self.aim_dialog(true);
                self.ui.dialog.save_file();
            }
            Action::SaveTo(p) => match self.mode().save_to(&p) {
                Ok(shown) => {
                    self.rearm();
                    let stale = stale_expectation(&self.mode_ref().document());
                    match stale {
                        None => self.say(trf("saved {}", &[&shown.display()]), false),
                        Some(m) => self.say(trf("saved {}; its expect block no longer holds: {} (File › Capture regression scene… records today's results)", &[&shown.display(), &m]), true),
                    }
                }
                Err(e) => self.say(e.to_string(), true),
            },
            Action::ExportPng => {
                self.ui.purpose = Some(DialogPurpose::Export);
                self.aim_dialog_for_export("png");
                self.ui.dialog.save_file();
            }
            Action::ExportAnimation => {
                let walks = crate::app::export::window::walks_for(&self.mode_ref().document());
                if walks.is_empty() {
                    let no =
                        tr("This scene has no walk to animate; export a picture instead (F12).");
                    self.say(no, true);
                } else {
                    self.anim.ask(walks);
                }
            }
            Action::ExportAnimationFile => {
                self.ui.purpose = Some(DialogPurpose::ExportAnimation);
                self.aim_dialog_for_export(self.anim.settings.extension());
                self.ui.dialog.save_file();
            }
            Action::ExportAnimationTo(p) => {
                let p = self.anim.settings.with_extension(p);
                self.ui.export_dir = p.parent().map(Path::to_path_buf);
                let mode = self.mode_ref();
                let r = self.anim.settings.request(
                    mode.document(),
                    mode.path(),
                    p.clone(),
                    self.look.theme,
                );
                match self.anim.start(r) {
                    Ok(()) => self.say(trf("exporting {}…", &[&p.display()]), false),
                    Err(e) => self.say(e.to_string(), true),
                }
            }
            Action::ExportTo(p) => {
                let kept = |x: &std::ffi::OsStr| {
                    x.eq_ignore_ascii_case("png") || x.eq_ignore_ascii_case("svg")
                };
                let p = if p.extension().is_some_and(kept) {
                    p
                } else {
                    p.with_extension("png")
                };
                self.ui.export_dir = p.parent().map(Path::to_path_buf);
                self.export_request = Some(p);
            }
            other => return vec![other],
        }
        Vec::new()
    }

    /// Opens `p`: a folder goes to the browser; a scene file to the mode
    /// that shows its kind, which is shown (after asking about its unsaved
    /// work). A file that does not load leaves every document as it was.
    fn open_path(&mut self, p: PathBuf) -> Vec<Action> {
        if p.is_dir() {
            return vec![
                Action::ShowMode(crate::app::shell::action::ModeId::Pair),
                Action::Browse(p),
            ];
        }
        let sc = match satlab::scene::load_any(&p) {
            Ok(sc) => sc,
            Err(e) => {
                self.say(e.to_string(), true);
                return Vec::new();
            }
        };
        let Some(k) = self.modes.iter().position(|m| m.accepts(&sc)) else {
            self.say(
                trf(
                    "{}: no mode of this window opens this kind of scene",
                    &[&p.display()],
                ),
                true,
            );
            return Vec::new();
        };
        self.active = k;
        if self.mode_ref().dirty() {
            self.ui.prompt = Prompt::Unsaved(Box::new(Action::OpenPath(p)));
            return Vec::new();
        }
        match self.mode().open(sc, Some(&p), false) {
            Ok(()) => {
                self.rearm();
                self.say(trf("opened {}", &[&p.display()]), false);
            }
            Err(e) => self.say(e.to_string(), true),
        }
        Vec::new()
    }

    /// What the command line named: a scene file (a broken one is shown
    /// with its error, in the window), or a folder (a lesson starts at its
    /// first scene; any other folder opens the browser and its first scene).
    pub fn open_start(&mut self, path: &Path) {
        let p = path.to_path_buf();
        self.run(if path.is_dir() {
            vec![
                Action::ShowMode(crate::app::shell::action::ModeId::Pair),
                Action::OpenFolder(p),
            ]
        } else {
            vec![Action::OpenPath(p)]
        });
    }

    /// Opens a recovery copy left by a satlab that died: its scene becomes
    /// the document of the mode that shows it, unsaved, belonging to the
    /// file it was edited from.
    pub(super) fn recover(&mut self, o: &recovery::Orphan) {
        let sc = match o.load() {
            Ok(sc) => sc,
            Err(e) => {
                self.say(e.to_string(), true);
                return;
            }
        };
        let Some(k) = self.modes.iter().position(|m| m.accepts(&sc)) else {
            self.say(
                tr("no mode of this window opens the recovery copy's kind of scene"),
                true,
            );
            return;
        };
        self.active = k;
        match self.mode().open(sc, o.origin.as_deref(), true) {
            Ok(()) => {
                self.rearm();
                o.discard();
                self.say(tr("recovered the unsaved scene: save it to keep it"), false);
            }
            Err(e) => self.say(e.to_string(), true),
        }
    }

    /// Points the file dialog at the open document's folder (else the last
    /// folder it picked from), and for saving suggests the document's name.
    fn aim_dialog(&mut self, saving: bool) {
        let path = self.mode_ref().path().map(Path::to_path_buf);
        let name = self.mode_ref().default_file_name();
        let cfg = self.ui.dialog.config_mut();
        cfg.default_save_extension = Some("Scene".into());
        cfg.default_file_filter = Some("Scenes (*.json)".into());
        match path.as_deref().and_then(Path::parent) {
            Some(dir) if !dir.as_os_str().is_empty() => {
                cfg.initial_directory = dir.to_path_buf();
                cfg.opening_mode = egui_file_dialog::OpeningMode::AlwaysInitialDir;
            }
            _ => cfg.opening_mode = egui_file_dialog::OpeningMode::LastPickedDir,
        }
        if saving {
            cfg.default_file_name = path
                .as_deref()
                .and_then(Path::file_name)
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| name.into());
        }
    }

    /// Points the file dialog at the last export folder (else the open
    /// document's) with the document's name as a PNG.
    fn aim_dialog_for_export(&mut self, ext: &str) {
        let path = self.mode_ref().path().map(Path::to_path_buf);
        let stem = path
            .as_deref()
            .and_then(Path::file_stem)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "satlab".into());
        let dir = self
            .ui
            .export_dir
            .clone()
            .or_else(|| {
                path.as_deref()
                    .and_then(Path::parent)
                    .map(Path::to_path_buf)
            })
            .filter(|d| !d.as_os_str().is_empty());
        let cfg = self.ui.dialog.config_mut();
        if let Some(d) = dir {
            cfg.initial_directory = d;
            cfg.opening_mode = egui_file_dialog::OpeningMode::AlwaysInitialDir;
        }
        cfg.default_file_name = format!("{stem}.{ext}");
        cfg.default_save_extension = Some(
            if ext == "gif" {
                "GIF animation"
            } else {
                "PNG image"
            }
            .into(),
        );
        cfg.default_file_filter = Some("Images (*.png)".into());
    }
}

/// The first way `doc`'s `expect` block fails against what satlab now
/// computes (and how many more), for a pair or 3D scene; `None` when it
/// holds or there is none. A field's expectations are not re-checked on
/// save: its broad phase over every shape can take seconds.
fn stale_expectation(doc: &satlab::scene::AnyScene) -> Option<String> {
    if matches!(doc, satlab::scene::AnyScene::Field(_)) || !doc.has_expect() {
        return None;
    }
    let wrong = doc.evaluate();
    let first = wrong.first()?;
    Some(match wrong.len() {
        1 => first.to_string(),
        n => format!("{first}; +{}", n - 1),
    })
}

#[cfg(test)]
mod tests {
    use super::stale_expectation;
    use satlab::scene::{load_any, AnyScene};

    #[test]
    fn a_moved_shape_makes_the_expectation_stale_and_says_which() {
        let path = std::path::Path::new("scenes/01-basics/03-aabb-aabb-overlap.json");
        let mut doc = load_any(path).unwrap();
        assert_eq!(stale_expectation(&doc), None);
        let AnyScene::Pair(s) = &mut doc else {
            panic!("not a pair scene");
        };
        s.b.set_position(glam::Vec2::new(5.5, 1.5));
        let m = stale_expectation(&doc).unwrap();
        assert!(
            m.starts_with("intersects: expected true, got false; +"),
            "{m}"
        );
    }
}
