//! The tests of [`super::disk`]: regression capture and the page keys.

use crate::app::files::CaptureError;
use crate::app::lesson::Lesson;
use crate::app::space::disk::*;
use crate::app::space::starter;
use satlab::geom3d::intersects;
use satlab::scene::evaluate_space;
use satlab::scene::{load_any, AnyScene};
use std::path::{Path, PathBuf};

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
    let last = dir.join("29-gjk-two-boxes-apart.json");
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
    assert_eq!(page(&first, -1), Ok(f.join("29-gjk-two-boxes-apart.json")));
}
