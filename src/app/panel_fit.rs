//! Issue 28, item 6: every mode's side panels, run headless (egui without
//! a window) on every scene the mode opens, at 640×480, 1280×800 and
//! 1920×1080 pixels, UI scales 1, 1.5 and 2, in English and Chinese, with
//! every collapsing section open and the teaching views on: no text is cut
//! off silently. A text wider than the place it is drawn in must be inside
//! a table that scrolls sideways under a visible bar
//! ([`crate::app::shell::widgets::wide_table`]); at the default size
//! (1280×800, scale 1) the pair inspector's tables need not even that:
//! they fit. Above every floor, as `doc_tests`.

use crate::app::i18n::{with_lang, Lang};
use crate::app::modes::MODES;
use crate::app::shell::action::{Action, ModeId, Walk};
use crate::app::shell::mode::{Cx, Look, Mode};
use crate::app::shell::widgets::scrolled_tables;
use egui_macroquad::egui;
use std::path::{Path, PathBuf};

/// The screens (pixels) and UI scales tried.
const SCREENS: [(f32, f32); 3] = [(640.0, 480.0), (1280.0, 800.0), (1920.0, 1080.0)];

/// Screens as wide as 640×480 and 1280×800 but tall enough that the whole
/// panel is in view (its scroll area paints only what it shows): a row
/// far down a panel is checked too.
const TALL: [(f32, f32); 2] = [(640.0, 6000.0), (1280.0, 6000.0)];
const SCALES: [f32; 3] = [1.0, 1.5, 2.0];

/// Every scene file under `scenes/` (lessons and practice included).
fn scene_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "json") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes"),
        &mut out,
    );
    out
}

/// One text drawn: where it is and what it was clipped to (points), and
/// whether a number in it was broken across two lines.
struct Drawn {
    text: String,
    rect: egui::Rect,
    clip: egui::Rect,
    broken_number: bool,
}

/// True when a line of `g` ends inside a number that the next line goes
/// on with (a wrap at "[-" / "2.00": a table cell too narrow).
fn breaks_a_number(g: &egui::Galley) -> bool {
    let numeric = |c: char| c.is_ascii_digit() || c == '.' || c == '-';
    g.rows.windows(2).any(|w| {
        let end = w[0].glyphs.last().map(|g| g.chr);
        let start = w[1].glyphs.first().map(|g| g.chr);
        !w[0].ends_with_newline
            && end.is_some_and(|c| numeric(c) || c == '[')
            && start.is_some_and(numeric)
    })
}

fn texts(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<Drawn>) {
    match shape {
        egui::Shape::Vec(v) => v.iter().for_each(|s| texts(s, clip, out)),
        egui::Shape::Text(t) => out.push(Drawn {
            text: t.galley.text().to_string(),
            rect: t.visual_bounding_rect(),
            clip,
            broken_number: breaks_a_number(&t.galley),
        }),
        _ => {}
    }
}

/// What one frame of `m`'s panels drew, and the tables that scrolled.
fn frame(
    ctx: &egui::Context,
    m: &mut dyn Mode,
    look: &Look,
    screen: egui::Vec2,
    t: f64,
) -> (Vec<Drawn>, Vec<egui::Rect>) {
    let raw = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, screen)),
        time: Some(t),
        ..Default::default()
    };
    let mut scrolled = Vec::new();
    let out = ctx.run(raw, |ctx| {
        let mut acts = Vec::new();
        m.panels(ctx, look, &mut acts);
        scrolled = scrolled_tables(ctx);
    });
    let mut drawn = Vec::new();
    for c in &out.shapes {
        texts(&c.shape, c.clip_rect, &mut drawn);
    }
    (drawn, scrolled)
}

/// The texts of `drawn` cut off at the side of their clip rect, but for
/// those in a table that scrolls (`scrolled`: the text itself, not just its
/// clip rect, overlaps the table; on the old rule every text of a panel
/// holding such a table was let off) when `may_scroll`, and those that
/// wrap inside a number.
fn cut(drawn: &[Drawn], scrolled: &[egui::Rect], may_scroll: bool) -> Vec<String> {
    let broken = drawn
        .iter()
        .filter(|d| d.broken_number)
        .map(|d| format!("{:?} wraps inside a number", d.text));
    drawn
        .iter()
        .filter(|d| d.rect.width() > 0.0 && !d.text.trim().is_empty())
        .filter(|d| d.rect.min.x < d.clip.min.x - 1.0 || d.rect.max.x > d.clip.max.x + 1.0)
        .filter(|d| !(may_scroll && scrolled.iter().any(|s| s.intersects(d.rect))))
        .map(|d| {
            format!(
                "{:?} x {:.0}..{:.0} clipped to {:.0}..{:.0}",
                d.text, d.rect.min.x, d.rect.max.x, d.clip.min.x, d.clip.max.x
            )
        })
        .chain(broken)
        .collect()
}

/// The views a mode is shown in: as opened, then with its teaching
/// views on (the walk at its end, contacts, motion, the algorithm).
fn views() -> Vec<Vec<Action>> {
    vec![
        vec![],
        vec![
            Action::Walk(Walk::End),
            Action::Contacts,
            Action::AlgorithmPanel,
        ],
        vec![Action::Motion, Action::Gjk],
    ]
}

/// The views and languages scene number `i` of a mode is shown in: its
/// first scenes in every view and both languages, the rest in one view
/// and one language each, in turn (every size and scale for all).
fn cases(i: usize) -> Vec<(Vec<Action>, Lang)> {
    let all = views();
    if i < 4 {
        return all
            .into_iter()
            .flat_map(|v| Lang::ALL.map(|l| (v.clone(), l)))
            .collect();
    }
    let view = all[i % all.len()].clone();
    vec![(view, Lang::ALL[(i / all.len()) % Lang::ALL.len()])]
}

/// What `m`'s panels cut off in `lang` at every size and scale, one line
/// each, `what` naming the case.
fn sizes(m: &mut dyn Mode, look: &Look, lang: Lang, what: &str, bad: &mut Vec<String>) {
    sizes_on(&SCREENS, m, look, lang, what, bad);
}

/// [`sizes`] on `screens`.
fn sizes_on(
    screens: &[(f32, f32)],
    m: &mut dyn Mode,
    look: &Look,
    lang: Lang,
    what: &str,
    bad: &mut Vec<String>,
) {
    for &(w, h) in screens {
        for s in SCALES {
            let ctx = egui::Context::default();
            ctx.set_fonts(crate::app::fonts::egui_definitions());
            ctx.set_zoom_factor(s);
            ctx.memory_mut(|mem| mem.set_everything_is_visible(true));
            let screen = egui::vec2(w / s, h / s);
            let mut last = (Vec::new(), Vec::new());
            with_lang(lang, || {
                for k in 0..3 {
                    last = frame(&ctx, m, look, screen, k as f64);
                }
            });
            // The pair inspector's tables fit at the default size; the
            // field's hit tables (five columns of numbers) may scroll.
            let default_size = (w, h, s) == (1280.0, 800.0, 1.0) && m.id() == ModeId::Pair;
            for line in cut(&last.0, &last.1, !default_size) {
                bad.push(format!("{what} {lang:?} {w}x{h} @{s}: {line}"));
            }
        }
    }
}

/// Checks every mode on `files` at every size of `screens` and every scale
/// (see [`cases`]); returns what was cut off, one line each.
fn check(
    screens: &[(f32, f32)],
    modes: &[fn() -> Box<dyn Mode>],
    files: &[PathBuf],
) -> Vec<String> {
    let scenes: Vec<(PathBuf, satlab::scene::AnyScene)> = files
        .iter()
        .filter_map(|p| Some((p.clone(), satlab::scene::load_any(p).ok()?)))
        .collect();
    let mut bad = Vec::new();
    for make in modes {
        let mine = scenes.iter().filter(|(_, sc)| make().accepts(sc));
        for (i, (path, sc)) in mine.enumerate() {
            for (view, lang) in cases(i) {
                let mut m = make();
                if m.open(sc.clone(), Some(path), false).is_err() {
                    continue;
                }
                let mut look = Look::default();
                for a in view {
                    let mut cx = Cx {
                        then: Vec::new(),
                        look: &mut look,
                        now: 0.0,
                    };
                    let _ = m.act(a, &mut cx);
                }
                let what = format!("{} {}", m.id(), path.display());
                sizes_on(screens, m.as_mut(), &look, lang, &what, &mut bad);
            }
        }
    }
    bad
}

/// The modes whose panels are held to fitting: every mode but 3D, whose
/// panel is fitted apart (issue 28, items 6 and 20; its vectors of three
/// numbers still run past a narrow panel).
fn modes() -> Vec<fn() -> Box<dyn Mode>> {
    MODES
        .iter()
        .filter(|m| m().id() != ModeId::Space)
        .copied()
        .collect()
}

#[test]
fn no_panel_cuts_off_its_text_at_any_size_scale_or_language() {
    report(check(&SCREENS, &modes(), &scene_files()));
}

/// Issue 28, item 6, far down the panels (seen under Xvfb at 640×480: the
/// polygon editor's "sides" row, wider than the panel, widened every row
/// after it, so the notes and the table hint were cut at the panel's
/// edge): the whole panel, on screens tall enough to show it all.
#[test]
fn no_panel_cuts_off_its_text_far_down() {
    report(check(&TALL, &modes(), &scene_files()));
}

/// Fails listing each text `bad` names as cut, once.
fn report(bad: Vec<String>) {
    // One line per text cut (its first case), so every culprit shows.
    let mut seen = std::collections::BTreeSet::new();
    let first: Vec<&String> = bad
        .iter()
        .filter(|l| {
            let text = l.split(": ").nth(1).unwrap_or(l);
            seen.insert(text.chars().take(40).collect::<String>())
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} texts cut off; the first case of each:\n{}",
        bad.len(),
        first
            .iter()
            .map(|l| l.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Practice opens no scenes, so [`check`] never reaches it: its panel is
/// laid out on generated sets instead (every kind of every level before
/// and after its answer, the end of a set and of a drill), in both
/// languages, at every size and scale.
#[test]
fn the_practice_panel_cuts_off_no_text_at_any_size_scale_or_language() {
    let dir = std::env::temp_dir().join(format!("satlab-practice-fit-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut bad = Vec::new();
    for (what, mut m) in crate::app::practice::fit_cases(&dir) {
        for lang in Lang::ALL {
            sizes(
                &mut m,
                &Look::default(),
                lang,
                &format!("practice {what}"),
                &mut bad,
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        bad.is_empty(),
        "{} texts cut off:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
