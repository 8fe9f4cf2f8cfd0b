//! Rust source read as text: comments, strings and character literals
//! blanked, so a test that looks for paths or arms finds only code
//! (`import_circles`, `closed_matches`).

/// The text with comments, string and character literals blanked.
pub fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c[i] == 'r' && (next == Some('"') || next == Some('#')) && is_raw(&c, i) {
            i = skip_raw(&c, i);
            out.push_str("\"\"");
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && next == Some('\\') {
            i += 2;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else if c[i] == '\'' && c.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push(' ');
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// True when `r` at `i` opens a raw string (`r"`, `r#"`), not an identifier.
fn is_raw(c: &[char], i: usize) -> bool {
    let ident_before = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
    let mut j = i + 1;
    while c.get(j) == Some(&'#') {
        j += 1;
    }
    !ident_before && c.get(j) == Some(&'"')
}

/// The index after the raw string opening at `i`.
fn skip_raw(c: &[char], i: usize) -> usize {
    let mut j = i + 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    j += 1;
    while j < c.len() {
        if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
            return j + 1 + hashes;
        }
        j += 1;
    }
    j
}
