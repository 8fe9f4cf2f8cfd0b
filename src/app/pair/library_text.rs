//! Every number the canvas writes for every pair scene in `scenes/`, in
//! both languages and at every step of the walk (with "keep testing"),
//! is free of negative zeros ("-0.00") and of NaN.

use crate::app::display::Item;
use crate::app::files::Document;
use crate::app::i18n::Lang;
use crate::app::pair::state::App;
use crate::app::pair::teach::caption;
use satlab::scene::{find_scenes, load_any, AnyScene};
use std::path::Path;

/// True when `text` holds a negative zero such as `-0`, `-0.0` or `-0.000`.
fn has_negative_zero(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len()).any(|i| {
        if b[i] != b'-' || b.get(i + 1) != Some(&b'0') {
            return false;
        }
        let digits = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b'.')
            .collect::<Vec<_>>();
        digits.iter().all(|c| **c == b'0' || **c == b'.')
            && !(i > 0 && (b[i - 1].is_ascii_alphanumeric()))
    })
}

#[test]
fn the_detector_finds_negative_zeros() {
    assert!(has_negative_zero("[-4.00, -0.00]"));
    assert!(has_negative_zero("MTV (-0.5000, -0.0000)"));
    assert!(has_negative_zero("x = -0"));
    assert!(!has_negative_zero("[-4.00, -0.01]"));
    assert!(!has_negative_zero("gap 0.00 and -0.5"));
}

#[test]
fn no_negative_zero_in_any_scene() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut checked = 0;
    for path in find_scenes(&root).into_iter().flatten() {
        let Ok(AnyScene::Pair(scene)) = load_any(&path) else {
            continue;
        };
        for lang in [Lang::En, Lang::ZhHans] {
            for keep in [false, true] {
                let mut app = App::new(scene.clone(), Document::untitled(&scene));
                crate::app::pair::tools::fit_around(&mut app.cam, &app.scene, None);
                app.refresh();
                app.class.step.keep_testing = keep;
                app.class.step.home();
                app.refresh();
                let (_, steps) = app.class.step.progress();
                for _ in 0..steps + 2 {
                    let mut texts: Vec<String> = app
                        .overlay
                        .items
                        .iter()
                        .filter_map(|it| match it {
                            Item::Label { text, .. } => Some(text.clone()),
                            _ => None,
                        })
                        .collect();
                    texts.extend(caption::current(lang, &app));
                    for t in &texts {
                        assert!(
                            !has_negative_zero(t) && !t.contains("NaN"),
                            "{}: {t:?}",
                            path.display()
                        );
                    }
                    app.class.step.forward();
                    app.refresh();
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} walks checked");
}
