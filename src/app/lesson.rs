//! Lessons: a folder of scenes played in file-name order, each scene's
//! notes shown large on the canvas for a projector. Pure: no window; the
//! card's text is laid out with a width function the caller passes
//! (`draw.rs` measures with the real fonts, tests with a fixed width).
//!
//! A folder is a lesson when it holds a `lesson.md` (its first line, without
//! leading `#`, is the lesson's title); `satlab FOLDER/` then starts at the
//! first scene. View › Lesson mode plays the open scene's folder as a lesson
//! too. PageDown/PageUp go to the next/previous scene and stop at both ends
//! (a lesson does not wrap around, unlike the browser).

use crate::app::files::Listing;
use crate::app::i18n::tr;
use crate::app::wrap::wrap;
use std::path::{Path, PathBuf};

/// The file that marks a folder as a lesson.
pub const MARKER: &str = "lesson.md";

/// A folder of scenes played as a sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The folder.
    pub dir: PathBuf,
    /// Title: the first line of `lesson.md`, else the folder's name.
    pub title: String,
    /// The two-shape scene files, in file-name order.
    pub scenes: Vec<PathBuf>,
}

/// Where a step leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Open this scene.
    To(PathBuf),
    /// Already at the first scene.
    AtStart,
    /// Already at the last scene.
    AtEnd,
    /// The open file is not one of the lesson's scenes: open the first.
    Restart(PathBuf),
}

/// True when `dir` holds a `lesson.md`.
pub fn is_lesson(dir: &Path) -> bool {
    dir.join(MARKER).is_file()
}

impl Lesson {
    /// The lesson in `dir` (with or without `lesson.md`); `None` when it
    /// holds no two-shape scenes.
    pub fn open(dir: &Path) -> Option<Lesson> {
        let listing = Listing::scan(dir);
        let here = canonical(dir);
        let scenes: Vec<PathBuf> = listing
            .folders
            .iter()
            .find(|f| canonical(&f.path) == here)?
            .entries
            .iter()
            .map(|e| e.path.clone())
            .collect();
        if scenes.is_empty() {
            return None;
        }
        // Read like a scene file: a regular file only, size capped (a FIFO
        // named lesson.md must not hang the window).
        let title = satlab::scene::read_scene_file(&dir.join(MARKER))
            .ok()
            .and_then(|b| title_of(&String::from_utf8_lossy(&b)))
            .unwrap_or_else(|| {
                here.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
        Some(Lesson {
            dir: dir.to_path_buf(),
            title,
            scenes,
        })
    }

    /// The lesson of the folder `file` is in.
    pub fn around(file: &Path) -> Option<Lesson> {
        let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
        Lesson::open(dir.unwrap_or(Path::new(".")))
    }

    /// The first scene.
    pub fn first(&self) -> Option<&PathBuf> {
        self.scenes.first()
    }

    /// 0-based index of `file` in the lesson.
    pub fn index_of(&self, file: &Path) -> Option<usize> {
        let c = canonical(file);
        self.scenes.iter().position(|s| canonical(s) == c)
    }

    /// "3 / 8" as numbers: (1-based position, count), when `file` is in it.
    pub fn progress(&self, file: &Path) -> Option<(usize, usize)> {
        self.index_of(file).map(|i| (i + 1, self.scenes.len()))
    }

    /// Where stepping `d` scenes from `current` leads (no wrap-around).
    pub fn step(&self, current: Option<&Path>, d: isize) -> Step {
        let Some(i) = current.and_then(|c| self.index_of(c)) else {
            return Step::Restart(self.scenes[0].clone());
        };
        let j = i as isize + d;
        if j < 0 {
            Step::AtStart
        } else if j as usize >= self.scenes.len() {
            Step::AtEnd
        } else {
            Step::To(self.scenes[j as usize].clone())
        }
    }
}

/// Turns lesson mode off, or on for the folder of `current` (the open
/// scene file); `Err` says why it cannot start.
pub fn toggle(slot: &mut Option<Lesson>, current: Option<&Path>) -> Result<(), &'static str> {
    if slot.take().is_some() {
        return Ok(());
    }
    let Some(file) = current else {
        return Err(tr(
            "open a scene file first: lesson mode plays the scenes of its folder",
        ));
    };
    *slot = Some(Lesson::around(file).ok_or(tr("this folder holds no scenes"))?);
    Ok(())
}

/// The first non-empty line of `lesson.md` without leading `#`s.
fn title_of(text: &str) -> Option<String> {
    text.lines()
        .map(|l| l.trim_start_matches('#').trim())
        .find(|l| !l.is_empty())
        .map(str::to_owned)
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The notes card: everything it shows, laid out in lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// "Lesson title — scene name".
    pub heading: String,
    /// "3 / 8" (empty when the scene is not in the lesson).
    pub progress: String,
    /// The scene's notes, wrapped to the card's width.
    pub lines: Vec<String>,
    /// The keys, or that this is the end of the lesson.
    pub footer: String,
}

/// The card for the open scene. `width(text)` is the drawn width of `text`
/// in the notes' font, in the same unit as `max_width`.
pub fn card(
    lesson: &Lesson,
    file: Option<&Path>,
    scene_name: &str,
    notes: &str,
    max_width: f32,
    width: impl Fn(&str) -> f32,
) -> Card {
    let pos = file.and_then(|f| lesson.progress(f));
    let heading = if scene_name.is_empty() {
        lesson.title.clone()
    } else {
        format!("{} — {}", lesson.title, crate::app::wrap::name(scene_name))
    };
    let footer = match pos {
        Some((k, n)) if k == n => tr("End of the lesson · PageUp: previous"),
        Some((1, _)) => tr("PageDown: next scene"),
        Some(_) => tr("PageDown: next · PageUp: previous"),
        None => tr("This scene is not in the lesson · PageDown: its first scene"),
    };
    Card {
        heading,
        progress: pos.map(|(k, n)| format!("{k} / {n}")).unwrap_or_default(),
        lines: wrap(
            &crate::app::wrap::display_cut(notes, crate::app::wrap::NOTES_CHARS),
            max_width,
            width,
        ),
        footer: footer.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{with_lang, Lang};

    use crate::app::wrap::cell_width as w;

    fn lesson_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/lessons/sat-intro")
    }

    #[test]
    fn the_lesson_plays_its_folder_in_file_name_order() {
        let l = Lesson::open(&lesson_dir()).expect("the sat-intro lesson");
        assert!(is_lesson(&lesson_dir()));
        assert!((6..=8).contains(&l.scenes.len()), "{}", l.scenes.len());
        let names: Vec<String> = l
            .scenes
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert!(names[0].starts_with("01-"), "{names:?}");
        assert_eq!(l.title, "SAT in seven scenes");
        assert_eq!(l.progress(&l.scenes[2]), Some((3, l.scenes.len())));
    }

    #[test]
    fn steps_stop_at_both_ends_and_restart_from_outside() {
        let l = Lesson::open(&lesson_dir()).unwrap();
        let n = l.scenes.len();
        assert_eq!(l.step(Some(&l.scenes[0]), 1), Step::To(l.scenes[1].clone()));
        assert_eq!(
            l.step(Some(&l.scenes[3]), -1),
            Step::To(l.scenes[2].clone())
        );
        assert_eq!(l.step(Some(&l.scenes[0]), -1), Step::AtStart);
        assert_eq!(l.step(Some(&l.scenes[n - 1]), 1), Step::AtEnd);
        let outside = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/01-basics");
        assert_eq!(
            l.step(Some(&outside), 1),
            Step::Restart(l.scenes[0].clone())
        );
        assert_eq!(l.step(None, -1), Step::Restart(l.scenes[0].clone()));
    }

    #[test]
    fn a_folder_without_scenes_is_no_lesson() {
        let empty = std::env::temp_dir().join(format!("satlab-lesson-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        assert_eq!(Lesson::open(&empty), None);
        std::fs::remove_dir_all(&empty).ok();
    }

    #[test]
    fn the_card_shows_progress_notes_and_the_right_keys() {
        with_lang(Lang::En, || {
            let l = Lesson::open(&lesson_dir()).unwrap();
            let n = l.scenes.len();
            let first = card(&l, Some(&l.scenes[0]), "Shadows", "one two three", 100.0, w);
            assert_eq!(first.progress, format!("1 / {n}"));
            assert_eq!(first.heading, "SAT in seven scenes — Shadows");
            assert_eq!(first.lines, vec!["one two three"]);
            assert_eq!(first.footer, "PageDown: next scene");
            let mid = card(&l, Some(&l.scenes[2]), "", "x", 100.0, w);
            assert_eq!(mid.progress, format!("3 / {n}"));
            assert_eq!(mid.heading, "SAT in seven scenes");
            assert!(mid.footer.contains("PageUp"));
            let last = card(&l, Some(&l.scenes[n - 1]), "", "x", 100.0, w);
            assert!(last.footer.starts_with("End of the lesson"));
            let outside = card(&l, None, "", "x", 100.0, w);
            assert_eq!(outside.progress, "");
        });
    }

    #[test]
    fn chinese_card_footer() {
        with_lang(Lang::ZhHans, || {
            let l = Lesson::open(&lesson_dir()).unwrap();
            let c = card(&l, Some(&l.scenes[0]), "", "", 100.0, w);
            assert_eq!(c.footer, "PageDown：下一个场景");
            assert!(c.lines.is_empty());
        });
    }
}
