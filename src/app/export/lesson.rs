//! `satlab export-lesson FOLDER -o LESSON.html`: a lesson as one
//! self-contained page (issue 30): its title and text, then each scene in
//! the lesson's order with its title, notes, its picture and the pictures
//! of its SAT walk, inline as SVG (text stays text). No script, no external
//! file: any browser opens it. The lesson's language (Chinese when its
//! text has Chinese characters, unless `--lang` says) labels the pictures.

use crate::app::export::command::parse_size;
use crate::app::export::error::{bad, ExportError};
use crate::app::export::frames::{Animate, Options, Source};
use crate::app::export::output::{check_output, write};
use crate::app::export::record::escape;
use crate::app::i18n::{lang as current_lang, set_lang, tr_in, Lang};
use crate::app::lesson::{Lesson, MARKER};
use crate::app::palette::Theme;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `satlab export-lesson`.
#[derive(clap::Args)]
#[command(after_help = "\
Writes one HTML file holding everything: each scene's title, notes, picture
and the steps of its SAT walk as inline SVG. The file is written whole or not
at all (a temporary file, then a rename).

Exit status: 0 when the page was written, 2 otherwise.")]
pub struct LessonArgs {
    /// The lesson's folder (with its lesson.md).
    pub folder: PathBuf,
    /// Where to write the page (.html).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Size of each picture as WIDTHxHEIGHT.
    #[arg(long, default_value = "960x600")]
    pub size: String,
    /// Light theme (default dark).
    #[arg(long)]
    pub light: bool,
    /// Language of the pictures' words: en or zh (default: the lesson's).
    #[arg(long)]
    pub lang: Option<String>,
}

/// Runs the command: exit status 0 when the page was written, else 2.
pub fn run(args: &LessonArgs) -> ExitCode {
    match export(args) {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("satlab export-lesson: {e}");
            ExitCode::from(2)
        }
    }
}

/// True when `text` has a Chinese character.
fn has_han(text: &str) -> bool {
    text.chars()
        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c))
}

/// One scene of the page.
struct Part {
    title: String,
    notes: String,
    pictures: Vec<String>,
}

fn export(args: &LessonArgs) -> Result<String, ExportError> {
    let size = parse_size(&args.size)?;
    let ext_ok = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if !ext_ok {
        return Err(bad(
            args.output.display().to_string(),
            "the page must end in .html",
        ));
    }
    let lesson =
        Lesson::open(&args.folder).ok_or_else(|| ExportError::NoScenes(args.folder.clone()))?;
    for s in &lesson.scenes {
        check_output(&args.output, s)?;
    }
    let intro = satlab::scene::read_scene_file(&args.folder.join(MARKER))
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let loaded: Vec<(PathBuf, satlab::scene::AnyScene)> = lesson
        .scenes
        .iter()
        .filter_map(|p| satlab::scene::load_any(p).ok().map(|s| (p.clone(), s)))
        .collect();
    let lang = match &args.lang {
        Some(code) => Lang::from_code(code)
            .ok_or_else(|| bad(format!("--lang {code}"), "expected en or zh"))?,
        None => {
            let all_text = loaded
                .iter()
                .map(|(_, s)| format!("{} {}", s.name(), s.notes()))
                .chain(std::iter::once(intro.clone()))
                .collect::<String>();
            if has_han(&all_text) {
                Lang::ZhHans
            } else {
                Lang::En
            }
        }
    };
    let o = Options {
        size,
        theme: if args.light {
            Theme::Light
        } else {
            Theme::Dark
        },
        step: None,
        keep_testing: false,
        algorithm: false,
        minkowski: false,
        shot: None,
    };
    // The command is the process's only work: the pictures speak the
    // lesson's language, then the language is put back.
    let before = current_lang();
    set_lang(lang);
    let parts = parts(&loaded, &o);
    set_lang(before);
    let parts = parts?;
    let html = page(&lesson.title, &intro, lang, &parts);
    write(&args.output, html.as_bytes())?;
    Ok(format!(
        "wrote {} ({} scenes, {} pictures, {} KiB)",
        args.output.display(),
        parts.len(),
        parts.iter().map(|p| p.pictures.len()).sum::<usize>(),
        html.len().div_ceil(1024)
    ))
}

/// Each scene's title, notes and pictures: the whole picture, then its
/// walk's steps (a field has none).
fn parts(
    loaded: &[(PathBuf, satlab::scene::AnyScene)],
    o: &Options,
) -> Result<Vec<Part>, ExportError> {
    let mut out = Vec::new();
    for (path, scene) in loaded {
        let mut src = Source::load(path, o)?;
        let mut pictures = vec![src.still(o)];
        if !matches!(src, Source::Field(_)) {
            pictures.extend(src.frames(Animate::Steps, o)?.svgs);
        }
        let title = if scene.name().is_empty() {
            file_stem(path)
        } else {
            scene.name().to_owned()
        };
        out.push(Part {
            title,
            notes: scene.notes().to_owned(),
            pictures,
        });
    }
    Ok(out)
}

fn file_stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// An SVG document made fit to sit inline in HTML: no XML prolog, its
/// ids made unique with `prefix`.
fn inline(svg: &str, prefix: &str) -> String {
    let body = match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    };
    body.replace("id=\"", &format!("id=\"{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"))
}

/// The page.
fn page(title: &str, intro: &str, lang: Lang, parts: &[Part]) -> String {
    let code = match lang {
        Lang::En => "en",
        Lang::ZhHans => "zh-Hans",
    };
    let walk = tr_in(lang, "The walk, step by step");
    let scene_word = tr_in(lang, "Scene");
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n\
         body {{ font-family: sans-serif; max-width: 1000px; margin: 2em auto; padding: 0 1em; line-height: 1.5; }}\n\
         svg {{ width: 100%; height: auto; display: block; margin: 0.5em 0; }}\n\
         .steps {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 0.5em; }}\n\
         .notes {{ white-space: pre-wrap; font-size: 1.1em; }}\n\
         section {{ border-top: 1px solid #ccc; margin-top: 2em; }}\n\
         </style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        escape(title)
    );
    let intro_text: String = intro
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n");
    if !intro_text.trim().is_empty() {
        let _ = writeln!(h, "<p class=\"notes\">{}</p>", escape(intro_text.trim()));
    }
    for (i, p) in parts.iter().enumerate() {
        let _ = writeln!(
            h,
            "<section>\n<h2>{scene_word} {}: {}</h2>\n<p class=\"notes\">{}</p>",
            i + 1,
            escape(&p.title),
            escape(&p.notes)
        );
        if let Some(first) = p.pictures.first() {
            h.push_str(&inline(first, &format!("s{i}p0")));
        }
        if p.pictures.len() > 1 {
            let _ = writeln!(h, "<h3>{walk}</h3>\n<div class=\"steps\">");
            for (k, svg) in p.pictures.iter().enumerate().skip(1) {
                h.push_str(&inline(svg, &format!("s{i}p{k}")));
            }
            h.push_str("</div>\n");
        }
        h.push_str("</section>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_svg_has_no_prolog_and_unique_ids() {
        let svg =
            "<?xml version=\"1.0\"?>\n<svg><clipPath id=\"c3\"/><g clip-path=\"url(#c3)\"/></svg>";
        let s = inline(svg, "s1p2");
        assert!(s.starts_with("<svg"));
        assert!(s.contains("id=\"s1p2c3\"") && s.contains("url(#s1p2c3)"));
    }

    #[test]
    fn chinese_text_is_found() {
        assert!(has_han("投影就是影子"));
        assert!(!has_han("Projection is a shadow"));
    }
}
