//! No `_ =>` arm over shape kinds, pairs, pieces or modes anywhere in
//! `src` (issue 26 item 6). Clippy's `wildcard_enum_match_arm` guards the
//! cores, but it misses tuple matches (a pair of shapes) and is not denied
//! in the app; this test reads every file under `src/` instead.
//!
//! What it checks, read from the text (not the types): a `match` one of
//! whose arms names a variant of a closed enum of [`CLOSED`]
//! (`Shape::Circle(_)`, `(ShapeKind::Point, _)`, `ModeId::Pair`) has no arm
//! whose whole pattern is `_` (a guarded `_ if …` is not a catch-all and
//! passes). A pair match ends instead with an arm that names every kind of
//! one side (`(Shape::Point(_) | … | Shape::Sector(_), _)`), so a new kind
//! fails to compile there. A match over something else (a number, an
//! `Option`, egui's shapes) may keep its `_`.

use crate::kit::rust_text::strip;
use std::path::Path;

/// The closed enums: shapes and their kinds (2D, 3D, either), the cores'
/// pieces and pair tables, the window's modes and scene kinds.
const CLOSED: &[&str] = &[
    "Shape",
    "Shape3",
    "ShapeKind",
    "ShapeKind3",
    "AnyKind",
    "Geom",
    "Verts",
    "Classic",
    "Pair3",
    "ModeId",
    "AnyScene",
];

/// True when `pattern` names a variant of a [`CLOSED`] enum (`Shape::…`,
/// not `ShapeError::…` or `geom::Shape` as a path's end).
fn names_closed(pattern: &str) -> bool {
    CLOSED.iter().any(|name| {
        pattern.match_indices(&format!("{name}::")).any(|(at, _)| {
            let before = &pattern[..at];
            let foreign = ["egui::", "epaint::"].iter().any(|f| before.ends_with(f));
            let part_of_name = before
                .chars()
                .next_back()
                .is_some_and(|b| b.is_alphanumeric() || b == '_');
            !foreign && !part_of_name && pattern.len() > at + name.len() + 2
        })
    })
}

/// Each arm's pattern (guard included) of the match whose arms open at
/// `open` (the index of its `{` in `c`), up to that block's end.
fn arm_patterns(c: &[char], open: usize) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut i) = (0usize, open + 1);
    let mut start = i;
    // After `=>`: `Some(true)` while the arm's body is a `{}` block,
    // `Some(false)` while it is an expression (`if … { } else { }` needs no
    // comma after it: a block that closes there may end the arm).
    let mut body: Option<bool> = None;
    while i < c.len() {
        match c[i] {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                if depth == 0 && c[i] == '}' && body.is_some() {
                    if body == Some(true) {
                        body = None;
                    }
                    start = i + 1;
                }
            }
            ',' if depth == 0 => {
                body = None;
                start = i + 1;
            }
            '=' if depth == 0 && c.get(i + 1) == Some(&'>') => {
                let pattern: String = c[start..i].iter().collect();
                out.push(pattern.trim().trim_start_matches(',').trim().to_string());
                let mut j = i + 2;
                while c.get(j).is_some_and(|x| x.is_whitespace()) {
                    j += 1;
                }
                body = Some(c.get(j) == Some(&'{'));
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Every `match` in `text` (comments and strings blanked) with a catch-all
/// `_` arm and an arm naming a closed enum: the line of its `match`.
fn open_matches(text: &str) -> Vec<usize> {
    let c: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for (at, _) in text.match_indices("match") {
        let k = text[..at].chars().count();
        let ident = |x: Option<&char>| x.is_some_and(|x| x.is_alphanumeric() || *x == '_');
        if ident(k.checked_sub(1).and_then(|p| c.get(p))) || ident(c.get(k + 5)) {
            continue;
        }
        // The arms open at the first `{` outside the scrutinee's brackets.
        let (mut depth, mut j) = (0i32, k + 5);
        while j < c.len() && !(c[j] == '{' && depth == 0) {
            match c[j] {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' => break,
                _ => {}
            }
            j += 1;
        }
        if c.get(j) != Some(&'{') {
            continue;
        }
        let arms = arm_patterns(&c, j);
        if arms.iter().any(|p| p == "_") && arms.iter().any(|p| names_closed(p)) {
            found.push(text[..at].lines().count().max(1));
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_catch_all_arm_over_kinds_pairs_pieces_or_modes() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 100, "only {} files under src", files.len());
    let mut open = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for line in open_matches(&strip(&text)) {
            open.push(format!("{}:{line}", f.display()));
        }
    }
    assert!(
        open.is_empty(),
        "a `_ =>` arm in a match over shape kinds, pairs, pieces or modes \
         (name every kind instead):\n{}",
        open.join("\n")
    );
}

/// The reader finds what it must and passes what it may.
#[test]
fn the_reader_tells_closed_matches_from_others() {
    let flagged = |s: &str| open_matches(&strip(s));
    // A tuple match over a pair with a catch-all: flagged.
    let pair = "fn f() { match (a, b) {\n (Shape::Ray(r), o) => x,\n _ => {}\n } }";
    assert_eq!(flagged(pair), vec![1]);
    // A kind match with a block body, then the catch-all: flagged.
    let kind = "fn f() {\n match k { ShapeKind::Point => { 1 } _ => 2 } }";
    assert_eq!(flagged(kind), vec![2]);
    // Every kind named in the last arm: passes.
    let named =
        "match (a, b) { (Shape::Ray(r), _) => 1, (Shape::Point(_) | Shape::Line(_), _) => 2 }";
    assert!(flagged(named).is_empty());
    // A guarded `_`, a match over numbers, an egui shape, a string: pass.
    assert!(flagged("match k { ModeId::Pair => 1, _ if x => 2, ModeId::Field => 3 }").is_empty());
    assert!(flagged("match n { 0 => Shape::Point(p), _ => Shape::Line(l) }").is_empty());
    assert!(flagged("match s { egui::Shape::Text(t) => 1, _ => 0 }").is_empty());
    assert!(flagged("let s = \"match x { Shape::A => 1, _ => 2 }\";").is_empty());
    // A nested match is judged on its own arms.
    let nested = "match n { 0 => match k { ShapeKind::Point => 1, _ => 2 }, _ => 3 }";
    assert_eq!(flagged(nested), vec![1]);
    assert!(flagged(
        "match n { 0 => match k { ShapeKind::Point => 1, ShapeKind::Line => 2 }, _ => 3 }"
    )
    .is_empty());
}
