//! No import circle of files (issue 26): under each folder of [`CHECKED`],
//! the files that import each other must form no loop.
//!
//! An arrow A -> B is a path in A that names an item of B: a `use` line
//! (`crate::…`, `super::…`, `self::…` or a child module's name) or a path in
//! the code (`crate::app::wrap::name(…)`, `child::f(…)`). A path runs to the
//! longest module prefix that is a file (`x.rs` or `x/mod.rs`); a name that
//! file re-exports (`pub use child::Name;`) runs on to the file it comes
//! from, so a folder's `mod.rs` that only hands names on ties nothing. `mod`
//! lines declare the files and are no arrows. Comments, strings and inline
//! test modules' own names are read as Rust reads them (`super` in an inline
//! `mod tests` is the file itself).

use crate::kit::rust_text::strip;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folders (under `src/`) that must stay free of circles. `src/geom`
/// joined when its last two circles went (issue 26): the `Toi` struct now
/// lives in `cast/impact.rs`, the contact types in `manifold/contact.rs`.
const CHECKED: &[&str] = &["app", "scene", "geom", "geom3d", "common", "broad"];

/// A module path, e.g. `["app", "shell", "mode"]`.
type ModPath = Vec<String>;

/// One file: its module path and its text.
struct Source {
    module: ModPath,
    text: String,
}

/// The module path of `file`, relative to the source root: `a/b.rs` and
/// `a/b/mod.rs` are both `a::b`.
fn module_of(rel: &Path) -> ModPath {
    let mut parts: ModPath = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.last_mut() {
        *last = last.trim_end_matches(".rs").to_string();
        if last == "mod" {
            parts.pop();
        }
    }
    parts
}

/// Identifiers, `::` and single punctuation characters.
fn tokens(text: &str) -> Vec<String> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_alphanumeric() || c[i] == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else if !c[i].is_whitespace() {
            out.push(c[i].to_string());
            i += 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The paths of a use tree (`a::{b, c::{d as e, *}}`), each with the name
/// it brings in (`None` for a glob).
fn use_paths(toks: &[String]) -> Vec<(Vec<String>, Option<String>)> {
    let mut out = Vec::new();
    use_tree(toks, &mut 0, &[], &mut out);
    out
}

fn use_tree(
    toks: &[String],
    i: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix.to_vec();
    while *i < toks.len() {
        let t = toks[*i].as_str();
        *i += 1;
        match t {
            "::" => {}
            "{" => {
                loop {
                    use_tree(toks, i, &path, out);
                    match toks.get(*i).map(String::as_str) {
                        Some(",") => *i += 1,
                        Some("}") => {
                            *i += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                return;
            }
            "*" => {
                out.push((path, None));
                return;
            }
            "as" => {
                let name = toks.get(*i).cloned();
                *i += 1;
                out.push((path, name));
                return;
            }
            "," | "}" => {
                *i -= 1;
                let name = path.last().cloned();
                if path.len() > prefix.len() {
                    out.push((path, name));
                }
                return;
            }
            _ => path.push(t.to_string()),
        }
    }
    let name = path.last().cloned();
    if path.len() > prefix.len() {
        out.push((path, name));
    }
}

/// What one file names: the paths it uses (absolute module paths from the
/// root) and the names it re-exports.
#[derive(Default)]
struct Reads {
    uses: Vec<Vec<String>>,
    aliases: BTreeMap<String, Vec<String>>,
}

/// `segs` as an absolute path, read in module `here` (`None`: an external
/// crate or a local name).
fn absolute(
    segs: &[String],
    here: &[String],
    file_module: &[String],
    is_module: &dyn Fn(&[String]) -> bool,
) -> Option<Vec<String>> {
    let first = segs.first()?.as_str();
    let (mut base, rest): (Vec<String>, &[String]) = match first {
        "crate" => (Vec::new(), &segs[1..]),
        "self" | "super" => {
            let mut base = here.to_vec();
            let mut k = 0;
            while let Some(s) = segs.get(k) {
                match s.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                k += 1;
            }
            (base, &segs[k..])
        }
        _ => {
            let mut in_here = here.to_vec();
            in_here.push(first.to_string());
            let mut in_file = file_module.to_vec();
            in_file.push(first.to_string());
            if is_module(&in_here) {
                (here.to_vec(), segs)
            } else if is_module(&in_file) {
                (file_module.to_vec(), segs)
            } else {
                return None;
            }
        }
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Reads one file's uses, paths and re-exports.
fn read(src: &Source, is_module: &dyn Fn(&[String]) -> bool) -> Reads {
    let toks = tokens(&strip(&src.text));
    let mut reads = Reads::default();
    // Inline modules open at a brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let here: Vec<String> = src
            .module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        let t = toks[i].as_str();
        if t == "mod" && toks.get(i + 2).map(String::as_str) == Some("{") {
            inline.push((toks[i + 1].clone(), depth));
            depth += 1;
            i += 3;
        } else if t == "{" {
            depth += 1;
            i += 1;
        } else if t == "}" {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            i += 1;
        } else if t == "use" {
            let end = (i..toks.len())
                .find(|&k| toks[k] == ";")
                .unwrap_or(toks.len());
            let public = i > 0 && (toks[i - 1] == "pub" || toks[i - 1] == ")");
            for (segs, name) in use_paths(&toks[i + 1..end]) {
                let Some(abs) = absolute(&segs, &here, &src.module, is_module) else {
                    continue;
                };
                match name {
                    Some(n) if public && inline.is_empty() => {
                        reads.aliases.insert(n, abs);
                    }
                    _ => reads.uses.push(abs),
                }
            }
            i = end + 1;
        } else if is_ident(t)
            && toks.get(i + 1).map(String::as_str) == Some("::")
            && (i == 0 || toks[i - 1] != "::")
        {
            let mut segs = vec![t.to_string()];
            let mut k = i + 1;
            while toks.get(k).map(String::as_str) == Some("::")
                && toks.get(k + 1).is_some_and(|s| is_ident(s))
            {
                segs.push(toks[k + 1].clone());
                k += 2;
            }
            if let Some(abs) = absolute(&segs, &here, &src.module, is_module) {
                reads.uses.push(abs);
            }
            i = k;
        } else {
            i += 1;
        }
    }
    reads
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The import graph of `files` (name -> source): for each file, the files
/// it imports.
fn graph(files: &BTreeMap<String, Source>) -> BTreeMap<String, BTreeSet<String>> {
    let by_module: BTreeMap<ModPath, String> = files
        .iter()
        .map(|(name, s)| (s.module.clone(), name.clone()))
        .collect();
    let is_module = |m: &[String]| by_module.contains_key(m);
    let reads: BTreeMap<&String, Reads> = files
        .iter()
        .map(|(name, s)| (name, read(s, &is_module)))
        .collect();
    let resolve = |path: &[String]| -> Option<String> {
        let mut path = path.to_vec();
        for _ in 0..32 {
            let k = (1..=path.len())
                .rev()
                .find(|&k| by_module.contains_key(&path[..k]))?;
            let file = &by_module[&path[..k]];
            let hop = path
                .get(k)
                .and_then(|name| reads.get(file).and_then(|r| r.aliases.get(name)));
            match hop {
                Some(target) => {
                    let mut next = target.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    path = next;
                }
                None => return Some(file.clone()),
            }
        }
        None
    };
    files
        .keys()
        .map(|name| {
            let to = reads[name]
                .uses
                .iter()
                .filter_map(|p| resolve(p))
                .filter(|t| t != name)
                .collect();
            (name.clone(), to)
        })
        .collect()
}

/// Every circle of `g`: one loop of files through each strongly connected
/// part of more than one file, written `a -> b -> … -> a`.
fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for start in g.keys() {
        if seen.contains(start) {
            continue;
        }
        let part: BTreeSet<&String> = g
            .keys()
            .filter(|k| reaches(g, start, k) && reaches(g, k, start))
            .collect();
        seen.extend(part.iter().map(|s| (*s).clone()));
        if part.len() < 2 {
            continue;
        }
        out.push(format!(
            "{} files: {}",
            part.len(),
            loop_through(g, start, &part).join(" -> ")
        ));
    }
    out
}

/// True when `to` can be reached from `from` along the arrows.
fn reaches(g: &BTreeMap<String, BTreeSet<String>>, from: &String, to: &String) -> bool {
    let mut stack = vec![from];
    let mut seen = BTreeSet::new();
    while let Some(f) = stack.pop() {
        if f == to {
            return true;
        }
        if seen.insert(f) {
            stack.extend(g.get(f).into_iter().flatten());
        }
    }
    false
}

/// A shortest loop from `start` back to itself inside `part`.
fn loop_through(
    g: &BTreeMap<String, BTreeSet<String>>,
    start: &String,
    part: &BTreeSet<&String>,
) -> Vec<String> {
    let mut prev: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(f) = queue.pop_front() {
        for t in g.get(f).into_iter().flatten() {
            if !part.contains(t) {
                continue;
            }
            if t == start {
                let mut path = vec![f.clone()];
                let mut at = f;
                while at != start {
                    at = prev[at];
                    path.push(at.clone());
                }
                path.reverse();
                path.push(start.clone());
                return path;
            }
            if !prev.contains_key(t) && t != start {
                prev.insert(t, f);
                queue.push_back(t);
            }
        }
    }
    vec![start.clone()]
}

/// Every `.rs` file under `dir`, named by its path under `root`.
fn sources(root: &Path, dir: &Path, out: &mut BTreeMap<String, Source>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            sources(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).unwrap_or(&p).to_path_buf();
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let name = format!("src/{}", rel.display());
            out.insert(
                name,
                Source {
                    module: module_of(&rel),
                    text,
                },
            );
        }
    }
}

#[test]
fn no_folder_of_the_checked_ones_has_an_import_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for dir in CHECKED {
        let mut files = BTreeMap::new();
        sources(&root, &root.join(dir), &mut files);
        // A reader that found nothing would pass every folder.
        assert!(
            files.len() >= 3,
            "src/{dir}: only {} files read",
            files.len()
        );
        let g = graph(&files);
        let arrows: usize = g.values().map(BTreeSet::len).sum();
        assert!(arrows > 0, "src/{dir}: no arrows read");
        let found = circles(&g);
        assert!(
            found.is_empty(),
            "src/{dir} has import circles:\n{}",
            found.join("\n")
        );
    }
}

/// Files from (name, text) pairs, names as under `src/`.
fn synthetic(files: &[(&str, &str)]) -> BTreeMap<String, Source> {
    files
        .iter()
        .map(|(name, text)| {
            (
                name.to_string(),
                Source {
                    module: module_of(Path::new(name)),
                    text: text.to_string(),
                },
            )
        })
        .collect()
}

#[test]
fn the_checker_finds_a_circle_through_use_lines_and_paths() {
    let files = synthetic(&[
        ("app/mod.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("app/a.rs", "use crate::app::b::{Thing, other::More};\n"),
        (
            "app/b.rs",
            "pub struct Thing;\nfn f() { super::c::go(); }\n",
        ),
        ("app/c.rs", "pub fn go() { let _ = crate::app::a::X; }\n"),
    ]);
    let found = circles(&graph(&files));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("3 files: app/a.rs -> app/b.rs -> app/c.rs -> app/a.rs"),
        "{found:?}"
    );
}

#[test]
fn the_checker_follows_re_exports_and_ignores_comments_strings_and_mod_lines() {
    let files = synthetic(&[
        // A face: mod.rs hands `Thing` on and declares its children.
        ("app/mod.rs", "mod a;\npub mod b;\npub use b::Thing;\n"),
        ("app/a.rs", "use crate::app::Thing; // crate::app::c::X\n"),
        (
            "app/b.rs",
            "pub struct Thing;\nconst S: &str = \"crate::app::a::Y\";\n/* super::a::Z */\n",
        ),
        (
            "app/c.rs",
            "#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::b::Thing;\n}\n",
        ),
    ]);
    let g = graph(&files);
    assert_eq!(g["app/a.rs"], BTreeSet::from(["app/b.rs".to_string()]));
    assert!(g["app/b.rs"].is_empty(), "{:?}", g["app/b.rs"]);
    assert!(g["app/mod.rs"].is_empty(), "{:?}", g["app/mod.rs"]);
    assert_eq!(g["app/c.rs"], BTreeSet::from(["app/b.rs".to_string()]));
    assert!(circles(&g).is_empty());
    // One arrow back closes a loop.
    let mut files = files;
    if let Some(b) = files.get_mut("app/b.rs") {
        b.text.push_str("fn back() { crate::app::a::run(); }\n");
    }
    assert_eq!(circles(&graph(&files)).len(), 1);
}
