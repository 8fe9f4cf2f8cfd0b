//! Issue 26, item 3: "Space starts both walks the same way", in the same
//! words. The pair playground and the 3D mode, each on a pair of boxes
//! that exists in both dimensions, get the same keys through the shortcut
//! table and must stand at the same step of their SAT walks (start, axis
//! k, conclusion) with captions of the same sentences, numbers and the
//! axis' source aside. Above every floor, as `doc_tests`.

use crate::app::i18n::{with_lang, Lang};
use crate::app::input::KeyPress;
use crate::app::pair::PairMode;
use crate::app::shell::mode::{Cx, Look, Mode};
use crate::app::shell::shortcuts::dispatch;
use crate::app::shell::walk::StageKind;
use crate::app::space::SpaceMode;
use macroquad::input::KeyCode;
use satlab::scene::{parse_any, AnyScene};
use std::path::Path;

/// A: [-2, 2] × [-1, 1] (× [-1, 1]); B: centre (3, 0, 0), half extents
/// 1.5 and 0.5: they overlap by 0.5 along x, 1.5 across.
const PAIR: &str = r#"{"version": 1, "name": "boxes",
  "a": {"kind": "aabb", "position": [0, 0], "half_extents": [2, 1]},
  "b": {"kind": "aabb", "position": [3, 0], "half_extents": [1.5, 0.5]}}"#;
const SPACE: &str = r#"{"version": 3, "name": "boxes",
  "a": {"kind": "aabb", "position": [0, 0, 0], "half_extents": [2, 1, 1]},
  "b": {"kind": "aabb", "position": [3, 0, 0], "half_extents": [1.5, 0.5, 0.5]}}"#;

fn pair() -> PairMode {
    let Ok(AnyScene::Pair(sc)) = parse_any(PAIR, Path::new("pair.json")) else {
        panic!("the 2D boxes")
    };
    let mut m = PairMode::new(sc.clone(), crate::app::files::Document::untitled(&sc));
    m.app.refresh();
    m
}

fn space() -> SpaceMode {
    let Ok(AnyScene::Space(sc)) = parse_any(SPACE, Path::new("space.json")) else {
        panic!("the 3D boxes")
    };
    SpaceMode::new(*sc, None)
}

/// Presses `key` (with Shift when `shift`) in `m` as the shell does: the
/// shortcut table's actions, handed to the mode.
fn press(m: &mut dyn Mode, key: KeyCode, shift: bool) {
    let kp = KeyPress {
        code: key,
        ctrl: false,
        shift,
    };
    let mut look = Look::default();
    let actions = dispatch(&[kp], m.id(), false);
    assert_eq!(actions.len(), 1, "{key:?}: {actions:?}");
    for a in actions {
        let mut cx = Cx {
            then: Vec::new(),
            look: &mut look,
            now: 0.0,
        };
        let left = m.act(a, &mut cx);
        assert!(left.is_none(), "{key:?}: the mode's own: {left:?}");
    }
}

/// `s` with every number written `#`, every vector `(v)` and the axis'
/// source (between "Axis # of #: " and the next ". ") left out: the
/// sentence's shape.
fn shape(s: &str) -> String {
    let c: Vec<char> = s.chars().collect();
    let digit = |i: usize| c.get(i).is_some_and(char::is_ascii_digit);
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        if digit(i) || (c[i] == '-' && digit(i + 1)) {
            i += 1;
            // Digits and a decimal point between digits; a full stop stays.
            while digit(i) || (c[i..].first() == Some(&'.') && digit(i + 1)) {
                i += 1;
            }
            out.push('#');
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    let out = out.replace("(#, #, #)", "(v)").replace("(#, #)", "(v)");
    for head in ["Axis # of #: ", "第 # 条轴（共 # 条）："] {
        if let Some(at) = out.find(head) {
            let from = at + head.len();
            let end = ['.', '。']
                .iter()
                .filter_map(|p| out[from..].find(*p))
                .min()
                .map_or(out.len(), |e| from + e);
            return format!("{}SOURCE{}", &out[..from], &out[end..]);
        }
    }
    out
}

#[test]
fn the_shape_of_a_sentence_leaves_out_numbers_vectors_and_the_source() {
    assert_eq!(
        shape("Axis 1 of 15: A's face +x normal. A covers [-2.00, 2.00]. Overlap 2.50: MTV (0.50, -1.00, 2.00)."),
        "Axis # of #: SOURCE. A covers [#, #]. Overlap #: MTV (v)."
    );
}

#[test]
fn space_starts_both_walks_the_same_way_in_the_same_words() {
    let (mut p, mut s) = (pair(), space());
    let keys = [
        (KeyCode::Space, false, StageKind::Start),
        (KeyCode::Space, false, StageKind::Axis(1)),
        (KeyCode::Space, true, StageKind::Start),
        (KeyCode::End, false, StageKind::End),
        (KeyCode::Home, false, StageKind::Start),
        (KeyCode::Space, false, StageKind::Axis(1)),
        (KeyCode::End, false, StageKind::End),
    ];
    for (n, (key, shift, kind)) in keys.into_iter().enumerate() {
        press(&mut p, key, shift);
        p.app.refresh();
        press(&mut s, key, shift);
        let (_, axes) = p.app.class.step.progress();
        let k2 = p.app.class.step.walk().kind(axes);
        let k3 = s.walk.kind(s.walk_len());
        assert_eq!((k2, k3), (kind, kind), "step {n}: {key:?}");
        for l in [Lang::En, Lang::ZhHans] {
            let c2 = crate::app::pair::teach::caption::current(l, &p.app).expect("2D caption");
            let c3 = with_lang(l, || s.caption()).expect("3D caption");
            assert_eq!(shape(&c2), shape(&c3), "step {n} ({l:?}):\n{c2}\n{c3}");
        }
    }
    // The conclusion says what both found: they intersect, the least
    // overlap 0.50 on axis 1.
    let c3 = with_lang(Lang::En, || s.caption()).unwrap_or_default();
    assert!(c3.contains("so the shapes intersect"), "{c3}");
    assert!(
        c3.contains("The least overlap over ALL axes, 0.50 on axis 1"),
        "{c3}"
    );
    assert!(c3.contains("the MTV moves B by (0.50, 0.00, 0.00)"), "{c3}");
    // The first axis in both, word for word but for the source.
    press(&mut s, KeyCode::Home, false);
    press(&mut s, KeyCode::Space, false);
    let c3 = with_lang(Lang::En, || s.caption()).unwrap_or_default();
    assert_eq!(
        c3,
        format!(
            "Axis 1 of {}: A's face +x normal. A covers [-2.00, 2.00], B covers [1.50, 4.50]. Overlap 0.50: not separating, try the next axis.",
            s.report.axes.len()
        )
    );
}
