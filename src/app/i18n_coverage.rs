//! Every English string the app translates has Chinese, and every Chinese
//! entry is used (a test over every floor, so it sits above them all). The strings are found by reading `src/app/**/*.rs`: the
//! string literal that is the text argument of `tr(`, `trf(`, `tr_in(` and
//! `trf_in(` (the argument may start on the next line; `\` line
//! continuations are joined as Rust joins them). Tables of strings the code
//! passes to `tr` through a variable are listed in [`indirect`].

use crate::app::i18n::zh;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Strings the code translates through a variable: `tr(hint)`.
fn indirect() -> Vec<&'static str> {
    use crate::app::handles::HandleKind;
    let mut out: Vec<&'static str> = Vec::new();
    for s in crate::app::shell::shortcuts::TABLE {
        out.extend(s.label);
        out.push(s.what);
    }
    for m in crate::app::modes::MODES {
        out.push(m().name());
    }
    for p in crate::app::space::action::Preset::ALL {
        out.push(p.label());
    }
    out.extend(crate::app::space::edit::DIM_NAMES);
    for k in [
        HandleKind::Rotate,
        HandleKind::Radius,
        HandleKind::Corner(0),
        HandleKind::End(0),
        HandleKind::CapsuleRadius,
        HandleKind::SectorRadius,
        HandleKind::SectorAngle,
        HandleKind::Tip,
        HandleKind::Vertex(0),
    ] {
        out.push(k.hint());
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without its `#[cfg(test)] mod tests` and without line
/// comments (doc comments show `tr("…")` as examples).
fn code_of(text: &str) -> String {
    let body = match text.find("#[cfg(test)]\nmod tests {") {
        Some(k) => &text[..k],
        None => text,
    };
    body.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The value of the string literal at the start of `s` (after blanks), if
/// there is one: `"…"` with escapes, or `r"…"` / `r#"…"#`.
fn literal(s: &str) -> Option<String> {
    let s = s.trim_start();
    if let Some(rest) = s.strip_prefix('r') {
        let hashes = rest.chars().take_while(|&c| c == '#').count();
        let rest = rest[hashes..].strip_prefix('"')?;
        let end = format!("\"{}", "#".repeat(hashes));
        return rest.find(&end).map(|k| rest[..k].to_string());
    }
    let mut chars = s.strip_prefix('"')?.chars().peekable();
    let mut out = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '0' => out.push('\0'),
                '\n' => {
                    // A line continuation: the newline and the next line's
                    // leading blanks are dropped.
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                }
                'u' => {
                    let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// After `tr_in(` / `trf_in(`: the rest after the first argument's comma.
fn after_first_argument(s: &str) -> Option<&str> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                if depth == 0 {
                    return None;
                }
                depth -= 1;
            }
            ',' if depth == 0 => return Some(&s[i + 1..]),
            _ => {}
        }
    }
    None
}

/// Every literal text argument of `tr`, `trf`, `tr_in`, `trf_in` in `code`.
fn calls(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for name in ["tr(", "trf(", "tr_in(", "trf_in("] {
        let mut from = 0;
        while let Some(k) = code[from..].find(name) {
            let at = from + k;
            from = at + name.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `attr(`, `str(`, …
            }
            if code[..at].trim_end().ends_with("fn") {
                continue; // the definition
            }
            let args = &code[from..];
            let text = if name.ends_with("_in(") {
                after_first_argument(args).and_then(literal)
            } else {
                literal(args)
            };
            out.extend(text);
        }
    }
    out
}

/// (file, English) for every translated literal in `src/app`.
fn used() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    let mut out = Vec::new();
    for f in files {
        if f.ends_with("app/i18n_coverage.rs") {
            continue; // this file's examples
        }
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let name = f
            .strip_prefix(&root)
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        for s in calls(&code_of(&text)) {
            out.push((name.clone(), s));
        }
    }
    for s in indirect() {
        out.push(("(indirect)".into(), s.to_string()));
    }
    out
}

#[test]
fn the_scanner_reads_calls_across_lines() {
    let code = "let a = tr(\"Step\");\nlet b = trf(\n    \"Axis {} of {}\",\n    &[&k, &n],\n);\nlet c = tr_in(Lang::En, \"x \\\n    y\");\nlet d = attr(\"no\"); let e = tr(name);\nlet f = trf_in(pick(a, b), r\"raw\", &[]);";
    assert_eq!(
        calls(code),
        vec!["Step", "Axis {} of {}", "x y", "raw"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    );
    assert_eq!(literal(" \"a\\\"b\\u{b0}\""), Some("a\"b°".to_string()));
}

#[test]
fn every_interface_string_has_chinese() {
    let missing: BTreeSet<String> = used()
        .into_iter()
        .filter(|(_, en)| zh::lookup(en).is_none())
        .map(|(file, en)| format!("{file}: {en:?}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{} English strings have no Chinese entry in src/app/i18n/zh/:\n{}",
        missing.len(),
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_chinese_entry_is_used() {
    let used: BTreeSet<String> = used().into_iter().map(|(_, en)| en).collect();
    let stale: Vec<&str> = zh::entries()
        .map(|(en, _)| en)
        .filter(|en| !used.contains(*en))
        .collect();
    assert!(
        stale.is_empty(),
        "{} Chinese entries are not used by any tr/trf call in src/app (remove them or the typo): {stale:?}",
        stale.len()
    );
}
