//! The open 3D file on disk: watching it and reloading it when it changes
//! (what the shell asks every frame), with the tests of [`super::disk`].

use super::disk::{mtime, Watch};
use super::SpaceMode;
use crate::app::files::POLL_S;
use crate::app::i18n::{tr, trf};
use satlab::scene::{load_any, AnyScene};

impl SpaceMode {
    /// Remembers the open file's modification time (after opening or saving).
    pub(super) fn watch_file(&mut self) {
        self.watch = Watch::of(self.path.as_deref());
    }

    /// Checks (at most every [`POLL_S`]) whether the open file changed on
    /// disk: a changed 3D scene replaces the document unless it has unsaved
    /// edits (then they are kept and a message says so); a file that no
    /// longer loads is reported until it loads again.
    pub(super) fn poll_disk(&mut self, now: f64) {
        if now - self.watch.last_poll < POLL_S {
            return;
        }
        self.watch.last_poll = now;
        let Some(path) = self.path.clone() else {
            return;
        };
        let m = mtime(&path);
        if m.is_none() || m == self.watch.mtime {
            return;
        }
        self.watch.mtime = m;
        let loaded = match load_any(&path) {
            Ok(AnyScene::Space(sc)) => Ok(*sc),
            Ok(AnyScene::Pair(_) | AnyScene::Field(_)) => Err(trf(
                "{}: no longer a 3D scene (open it again to see it)",
                &[&path.display()],
            )),
            Err(e) => Err(e.to_string()),
        };
        match loaded {
            Ok(sc) => {
                let was_broken = self.watch.broken.take();
                if self.saved.as_ref() == Some(&sc) {
                    if let Some(e) = was_broken {
                        // The error was about a state of the file that is gone.
                        if self.message.as_ref().is_some_and(|m| m.shows(&e)) {
                            self.message = None;
                        }
                    }
                } else if self.saved.as_ref() != Some(&self.scene) {
                    self.say(
                        tr("the file changed on disk; your unsaved edits are kept (open it again to reload)"),
                        true,
                    );
                } else {
                    self.scene = sc.clone();
                    self.saved = Some(sc);
                    self.say(tr("reloaded: the file changed on disk"), false);
                }
            }
            Err(e) => {
                self.watch.broken = Some(e.clone());
                self.say(e, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::CaptureError;
    use crate::app::lesson::Lesson;
    use crate::app::space::disk::*;
    use crate::app::space::starter;
    use satlab::geom3d::intersects;
    use satlab::scene::evaluate_space;
    use satlab::scene::save_any;
    use std::path::{Path, PathBuf};
    use std::time::SystemTime;

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satlab-space-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_capture_checks_clean_for_separated_and_overlapping_scenes() {
        let dir = temp("capture");
        let mut sc = starter();
        for (name, shift) in [("apart", 0.0), ("into", -2.2)] {
            let p = sc.b.shape.pose().position();
            sc.b.shape.set_position(p + glam::Vec3::X * shift);
            let path = capture_regression(&dir, name, &sc, false).unwrap();
            let Ok(AnyScene::Space(back)) = load_any(&path) else {
                panic!("{name}: the capture loads as a 3D scene");
            };
            let e = back.expect.clone().expect("expect is filled");
            assert_eq!(e.intersects, intersects(&sc.a.shape, &sc.b.shape));
            assert_eq!(e.penetration.is_some(), e.intersects, "{name}: {e:?}");
            assert!(evaluate_space(&back).is_empty(), "{name}: {back:?}");
            assert_eq!(back.a, sc.a);
            assert_eq!(
                capture_regression(&dir, name, &sc, false),
                Err(CaptureError::Exists(path.clone())),
                "asks before replacing"
            );
            assert!(capture_regression(&dir, name, &sc, true).is_ok());
        }
        assert!(matches!(
            capture_regression(&dir, "..", &sc, false),
            Err(CaptureError::Failed(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn page_keys_step_through_the_folders_3d_scenes_and_wrap() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/08-3d");
        let first = dir.join("01-boxes-edge-cross-edge-only.json");
        let second = dir.join("02-sphere-aabb-face.json");
        let last = dir.join("28-ray-from-inside-hull.json");
        assert_eq!(neighbour(&first, 1), Some(second.clone()));
        assert_eq!(neighbour(&second, -1), Some(first.clone()));
        assert_eq!(neighbour(&first, -1), Some(last.clone()), "wraps back");
        assert_eq!(neighbour(&last, 1), Some(first), "wraps forward");
        // 2D scenes beside a 3D one are not stepped onto.
        let mixed = temp("page");
        let two_d = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/overlap.json");
        std::fs::copy(&two_d, mixed.join("b.json")).unwrap();
        std::fs::copy(&second, mixed.join("a.json")).unwrap();
        std::fs::copy(&last, mixed.join("c.json")).unwrap();
        assert_eq!(
            neighbour(&mixed.join("a.json"), 1),
            Some(mixed.join("c.json"))
        );
        assert_eq!(neighbour(&mixed.join("b.json"), 1), None, "not a 3D scene");
        std::fs::remove_dir_all(&mixed).unwrap();
    }

    #[test]
    fn in_a_mixed_lesson_the_page_keys_follow_the_lesson_and_stop_at_its_ends() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/lessons/sat-2d-to-3d");
        let l = Lesson::open(&dir).expect("the mixed lesson opens");
        let kinds: Vec<bool> = l
            .scenes
            .iter()
            .map(|p| matches!(load_any(p), Ok(AnyScene::Space(_))))
            .collect();
        assert!(kinds.contains(&true) && kinds.contains(&false), "{kinds:?}");
        let mut names = l.scenes.clone();
        names.dedup();
        assert_eq!(names, l.scenes, "each scene once, in file-name order");
        assert!(l.scenes.windows(2).all(|w| w[0] < w[1]), "{:?}", l.scenes);
        let k = kinds.iter().position(|x| *x).unwrap();
        assert!(k > 0 && k + 1 < l.scenes.len(), "a 3D step between 2D ones");
        // From the 3D step, both neighbours in the lesson (2D scenes too).
        let here = &l.scenes[k];
        assert_eq!(page(here, 1), Ok(l.scenes[k + 1].clone()));
        assert_eq!(page(here, -1), Ok(l.scenes[k - 1].clone()));
        let last = l.scenes.len() - 1;
        if kinds[last] {
            assert!(page(&l.scenes[last], 1).is_err(), "stops at the end");
        }
        // Outside a lesson, the folder's 3D scenes, wrapping.
        let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/08-3d");
        let first = f.join("01-boxes-edge-cross-edge-only.json");
        assert_eq!(page(&first, -1), Ok(f.join("28-ray-from-inside-hull.json")));
    }

    #[test]
    fn the_open_file_reloads_when_clean_and_keeps_unsaved_edits() {
        let dir = temp("reload");
        let file = dir.join("s.json");
        let mut m = SpaceMode::new(starter(), None);
        m.save_to(&file).unwrap();
        let mut other = m.scene.clone();
        other.name = "changed on disk".into();
        let bump = |now: f64| {
            // A new modification time whatever the file system's resolution.
            let t = SystemTime::now() + std::time::Duration::from_secs(now as u64 + 10);
            let f = std::fs::File::options().write(true).open(&file).unwrap();
            f.set_modified(t).unwrap();
        };
        save_any(&file, &AnyScene::Space(Box::new(other.clone()))).unwrap();
        bump(1.0);
        m.poll_disk(1.0);
        assert_eq!(m.scene, other, "reloaded");
        assert!(!crate::app::shell::mode::Mode::dirty(&m));
        // Polls closer than POLL_S apart do not read the file.
        std::fs::write(&file, b"{ broken").unwrap();
        bump(2.0);
        m.poll_disk(1.0 + POLL_S * 0.5);
        assert!(!m.message.as_ref().is_some_and(|x| x.error), "not read yet");
        m.poll_disk(2.0);
        assert!(
            m.message.as_ref().is_some_and(|x| x.error),
            "broken file said"
        );
        assert_eq!(m.scene, other, "a broken file changes nothing");
        // Unsaved edits are kept when the file changes again.
        m.scene.notes = "typed here".into();
        let mut third = other.clone();
        third.name = "third".into();
        save_any(&file, &AnyScene::Space(Box::new(third))).unwrap();
        bump(3.0);
        m.poll_disk(3.0);
        assert_eq!(m.scene.notes, "typed here");
        assert!(m.message.as_ref().is_some_and(|x| x.error));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
