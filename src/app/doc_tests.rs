//! The shell's document logic on every mode of [`crate::app::modes::MODES`],
//! without a window: the clipboard (copy, paste, copy results, refusals
//! that leave the clipboard alone) and the one watch on the file (hot
//! reload keeping unsaved edits). The modes that edit documents go through
//! all of it; a mode that only shows them (practice) is held to refusing
//! each of those edits. Above every floor, as `i18n_coverage`.

use crate::app::files::Watch;
use crate::app::modes::{edits_documents, MODES};
use crate::app::shell::clip::{self, Clipboard};
use crate::app::shell::doc::follow_file;
use crate::app::shell::mode::{ClipError, Mode};
use satlab::scene::{self, AnyScene};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A clipboard in memory.
struct Board(Option<String>);

impl Clipboard for Board {
    fn get(&mut self) -> Option<String> {
        self.0.clone()
    }
    fn set(&mut self, text: &str) {
        self.0 = Some(text.to_string());
    }
}

/// `sc` without what a paste or a reload does not carry over: the view
/// (kept from the window) and the expect block (the pair keeps its own).
fn plain(sc: AnyScene) -> AnyScene {
    match sc {
        AnyScene::Pair(mut s) => {
            (s.view, s.expect) = (None, None);
            AnyScene::Pair(s)
        }
        AnyScene::Field(mut s) => {
            (s.view, s.expect) = (None, None);
            AnyScene::Field(s)
        }
        AnyScene::Space(mut s) => {
            s.expect = None;
            AnyScene::Space(s)
        }
    }
}

/// True when `a` and `b` are the same document as a file holds it, but
/// for [`plain`]'s parts.
fn same(a: &AnyScene, b: &AnyScene) -> bool {
    plain(a.clone()).to_json() == plain(b.clone()).to_json()
}

/// A scene file of `m`'s kind that differs from its starter, and one of
/// another kind.
fn fixtures(m: &dyn Mode) -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pair = root.join("tests/e2e/overlap.json");
    let field = root.join("scenes/07-broad-phase/01-ray-through-a-row-of-boxes.json");
    let space = root.join("scenes/08-3d/02-sphere-aabb-face.json");
    match m.document() {
        AnyScene::Pair(_) => (pair, field),
        AnyScene::Field(_) => (field, space),
        AnyScene::Space(_) => (space, pair),
    }
}

/// The modes of [`MODES`] that edit documents of their own (all but
/// practice): the shared document tests below run on each.
fn editors() -> Vec<fn() -> Box<dyn Mode>> {
    let out: Vec<_> = MODES
        .iter()
        .copied()
        .filter(|m| edits_documents(m().as_ref()))
        .collect();
    assert_eq!(out.len(), 3, "pair, field and 3D edit documents");
    out
}

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("satlab-doc-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_copied_scene_pastes_back_the_same_in_every_mode_as_an_undoable_edit() {
    let dir = temp("paste");
    for make in editors() {
        let mut m = make();
        let file = dir.join(m.default_file_name());
        m.save_to(&file).unwrap();
        let before = m.document();
        let (mine, _) = fixtures(m.as_ref());
        let other = scene::load_any(&mine).unwrap();
        let mut board = Board(Some(other.to_json()));
        let said = clip::paste(m.as_mut(), &mut board).unwrap();
        assert!(!said.is_empty());
        assert!(same(&m.document(), &other), "{}", m.id());
        assert!(m.dirty(), "{}: a paste is unsaved", m.id());
        assert_eq!(
            m.path(),
            Some(file.as_path()),
            "{}: the file is kept",
            m.id()
        );
        // Undo takes the paste back; redo brings it again.
        assert!(m.undo(), "{}: the paste is an undo step", m.id());
        assert!(same(&m.document(), &before), "{}", m.id());
        assert!(m.redo(), "{}", m.id());
        assert!(same(&m.document(), &other), "{}", m.id());
        // Copy, then paste the copy back: the same document.
        clip::copy_scene(m.as_ref(), &mut board);
        let copied = scene::parse_any(board.0.as_deref().unwrap(), Path::new("c")).unwrap();
        let text = board.0.clone().unwrap_or_default();
        assert_eq!(copied.to_json(), m.document().to_json(), "{}", m.id());
        clip::paste(m.as_mut(), &mut board).unwrap();
        assert_eq!(m.document().to_json(), text, "{}: round trip", m.id());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refused_paste_or_copy_says_why_and_leaves_document_and_clipboard_alone() {
    for make in editors() {
        let mut m = make();
        let before = m.document();
        let (_, foreign) = fixtures(m.as_ref());
        let foreign = std::fs::read_to_string(foreign).unwrap();
        let mut board = Board(Some(foreign.clone()));
        assert_eq!(
            clip::paste(m.as_mut(), &mut board),
            Err(ClipError::OtherKind)
        );
        let broken = "{\n  \"version\": 1,\n  \"a\": ";
        board.0 = Some(broken.into());
        match clip::paste(m.as_mut(), &mut board) {
            Err(ClipError::Parse(e)) => assert!(e.to_string().starts_with("clipboard:3:"), "{e}"),
            other => panic!("{}: {other:?}", m.id()),
        }
        board.0 = None;
        assert_eq!(clip::paste(m.as_mut(), &mut board), Err(ClipError::NoText));
        assert_eq!(m.document(), before, "{}: unchanged", m.id());
        assert!(!m.dirty() && m.undo_depth() == (0, 0), "{}", m.id());
        // Every mode here has results to copy, in the words of `satlab eval`.
        board.0 = Some("kept".into());
        let results = m.results_text().expect("results");
        let eval = match m.document() {
            AnyScene::Pair(s) => scene::eval_report(&s).table(),
            AnyScene::Field(s) => scene::field_report(&s).table(),
            AnyScene::Space(s) => scene::eval_space(&s).table(),
        };
        assert_eq!(results, eval, "{}", m.id());
        clip::copy_results(m.as_ref(), &mut board).unwrap();
        assert_eq!(board.0.as_deref(), Some(eval.as_str()));
    }
}

#[test]
fn a_mode_with_nothing_to_give_never_touches_the_clipboard() {
    let mut space = crate::app::space::SpaceMode::new(crate::app::space::starter(), None);
    space.predicting = true;
    let mut board = Board(Some("kept".into()));
    assert_eq!(
        clip::copy_results(&space, &mut board),
        Err(ClipError::NoResults)
    );
    // A shape object in a mode without shapes to paste into.
    board.0 = Some(r#"{"kind": "circle", "position": [0, 0], "radius": 1}"#.into());
    let before = space.document();
    assert_eq!(clip::paste(&mut space, &mut board), Err(ClipError::NoShape));
    assert_eq!(space.document(), before);
    board.0 = Some("kept".into());
    assert_eq!(
        clip::copy_results(&space, &mut board),
        Err(ClipError::NoResults)
    );
    assert_eq!(board.0.as_deref(), Some("kept"));
}

/// `sc` with a new name: an edit.
fn renamed(sc: AnyScene) -> AnyScene {
    match sc {
        AnyScene::Pair(mut s) => {
            s.name.push_str(" (edited)");
            AnyScene::Pair(s)
        }
        AnyScene::Field(mut s) => {
            s.name.push_str(" (edited)");
            AnyScene::Field(s)
        }
        AnyScene::Space(mut s) => {
            s.name.push_str(" (edited)");
            AnyScene::Space(s)
        }
    }
}

/// Writes `text` to `file` with a modification time `secs` in the future
/// (a change whatever the file system's resolution).
fn write_at(file: &Path, text: &str, secs: u64) {
    std::fs::write(file, text).unwrap();
    let t = SystemTime::now() + Duration::from_secs(secs);
    let f = std::fs::File::options().write(true).open(file).unwrap();
    f.set_modified(t).unwrap();
}

#[test]
fn every_mode_reloads_its_file_when_clean_keeps_the_view_and_keeps_unsaved_edits() {
    let dir = temp("reload");
    for make in editors() {
        let mut m = make();
        let mut watch = Watch::default();
        let file = dir.join(m.default_file_name());
        m.save_to(&file).unwrap();
        follow_file(m.as_mut(), &mut watch, 0.0);
        // Field mode's document carries its camera; the pair's view is
        // part of its scene (the camera stays whatever the file says).
        let view = |d: AnyScene| match d {
            AnyScene::Field(s) => format!("{:?}", s.view),
            AnyScene::Pair(_) | AnyScene::Space(_) => String::new(),
        };
        let seen = view(m.document());
        let (mine, _) = fixtures(m.as_ref());
        let other = scene::load_any(&mine).unwrap();
        write_at(&file, &other.to_json(), 10);
        follow_file(m.as_mut(), &mut watch, 1.0);
        assert!(same(&m.document(), &other), "{}", m.id());
        assert!(!m.dirty(), "{}: a reload is saved", m.id());
        assert_eq!(view(m.document()), seen, "{}: the view is kept", m.id());
        let said = m.message().clone().expect("a message");
        assert!(!said.error && said.text.contains("reloaded"), "{said:?}");
        // Polls closer than POLL_S apart do not read the file.
        write_at(&file, "{ broken", 20);
        follow_file(m.as_mut(), &mut watch, 1.2);
        assert!(
            !m.message().as_ref().is_some_and(|x| x.error),
            "not read yet"
        );
        follow_file(m.as_mut(), &mut watch, 2.0);
        assert!(m.message().as_ref().is_some_and(|x| x.error), "broken said");
        assert!(same(&m.document(), &other), "{}", m.id());
        // Back as it was: the error goes.
        write_at(&file, &other.to_json(), 30);
        follow_file(m.as_mut(), &mut watch, 3.0);
        assert!(m.message().is_none(), "{}: {:?}", m.id(), m.message());
        // Unsaved edits are kept when the file changes again.
        let mut board = Board(Some(renamed(m.document()).to_json()));
        clip::paste(m.as_mut(), &mut board).unwrap();
        let edited = m.document();
        assert!(m.dirty());
        let fresh = make().document();
        write_at(&file, &fresh.to_json(), 40);
        follow_file(m.as_mut(), &mut watch, 4.0);
        assert_eq!(m.document(), edited, "{}: edits kept", m.id());
        assert!(m.message().as_ref().is_some_and(|x| x.error));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_mode_captures_a_regression_scene_that_checks_clean() {
    let dir = temp("capture");
    for make in editors() {
        let m = make();
        let name = m.capture_name().expect("a suggested name");
        assert!(!name.is_empty());
        let path = m.capture(&dir, &name, false).unwrap();
        let back = scene::load_any(&path).unwrap();
        assert!(m.accepts(&back), "{}", m.id());
        assert!(back.has_expect(), "{}: expect filled", m.id());
        assert!(back.evaluate().is_empty(), "{}: {back:?}", m.id());
        assert_eq!(
            m.capture(&dir, &name, false),
            Err(crate::app::files::CaptureError::Exists(path.clone())),
            "{}: asks before replacing",
            m.id()
        );
        assert_eq!(m.capture(&dir, &name, true), Ok(path));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn page_keys_step_through_the_folder_scenes_the_mode_shows_in_every_mode() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for make in editors() {
        let m = make();
        let (mine, _) = fixtures(m.as_ref());
        let wanted = |sc: &AnyScene| m.accepts(sc);
        let dir = crate::app::shell::page::folder_of(&mine);
        let all = crate::app::shell::page::scenes_in(&dir, &wanted);
        assert!(all.len() > 1, "{}: {}", m.id(), dir.display());
        let k = all
            .iter()
            .position(|p| p.ends_with(mine.file_name().unwrap()));
        let k = k.expect("the fixture is among them");
        let next = crate::app::shell::page::page(&mine, 1, &wanted).unwrap();
        assert_eq!(next, all[(k + 1) % all.len()], "{}", m.id());
        let back = crate::app::shell::page::page(&next, -1, &wanted).unwrap();
        assert!(back.ends_with(mine.file_name().unwrap()), "{}", m.id());
        assert!(all
            .iter()
            .all(|p| scene::load_any(p).is_ok_and(|s| m.accepts(&s))));
    }
    // A lesson folder pages through its scenes of every kind and stops.
    let lesson = root.join("scenes/lessons/sat-2d-to-3d");
    let l = crate::app::lesson::Lesson::open(&lesson).expect("the lesson opens");
    let last = l.scenes.last().expect("a scene").clone();
    assert!(crate::app::shell::page::page(&last, 1, &|_| true).is_err());
}

#[test]
fn a_mode_that_shows_documents_refuses_every_paste_and_has_no_file_or_capture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        root.join("tests/e2e/overlap.json"),
        root.join("scenes/07-broad-phase/01-ray-through-a-row-of-boxes.json"),
        root.join("scenes/08-3d/02-sphere-aabb-face.json"),
    ];
    let viewers: Vec<_> = MODES
        .iter()
        .filter(|m| !edits_documents(m().as_ref()))
        .collect();
    assert_eq!(viewers.len(), 1, "practice only shows documents");
    for make in viewers {
        let mut m = make();
        let before = m.document();
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            let mut board = Board(Some(text.clone()));
            assert_eq!(
                clip::paste(m.as_mut(), &mut board),
                Err(ClipError::OtherKind),
                "{}: {}",
                m.id(),
                f.display()
            );
            assert_eq!(board.0.as_deref(), Some(text.as_str()));
        }
        let mut board = Board(Some(
            r#"{"kind": "circle", "position": [0, 0], "radius": 1}"#.into(),
        ));
        assert_eq!(clip::paste(m.as_mut(), &mut board), Err(ClipError::NoShape));
        assert_eq!(m.document(), before, "{}: unchanged", m.id());
        assert!(!m.dirty() && m.undo_depth() == (0, 0), "{}", m.id());
        // Nothing answered yet: no results, the clipboard kept.
        board.0 = Some("kept".into());
        assert_eq!(
            clip::copy_results(m.as_ref(), &mut board),
            Err(ClipError::NoResults)
        );
        assert_eq!(board.0.as_deref(), Some("kept"));
        // Copy scene gives what it shows, for the mode that edits it.
        clip::copy_scene(m.as_ref(), &mut board);
        let copied = scene::parse_any(board.0.as_deref().unwrap(), Path::new("c")).unwrap();
        assert_eq!(copied.to_json(), before.to_json());
        assert!(MODES.iter().any(|e| e().accepts(&copied)));
        // No file to follow, no regression capture.
        let mut watch = Watch::default();
        follow_file(m.as_mut(), &mut watch, 0.0);
        follow_file(m.as_mut(), &mut watch, 5.0);
        assert!(m.message().is_none(), "{}", m.id());
        assert!(m.path().is_none() && m.capture_name().is_none());
    }
}
