//! The bundled fonts and which one draws each character.
//!
//! The canvas draws Latin text (digits, letters, symbols) with Hack and
//! everything Hack lacks (Chinese, full-width punctuation) with Droid Sans
//! Fallback, subset to GB 2312 (`assets/fonts/DroidSansFallback-LICENSE.txt`).
//! A label is cut into runs of one font each ([`runs`]); `draw.rs` draws
//! them one after the other. egui gets the same Chinese font as a fallback
//! after its default fonts ([`egui_definitions`]).

use egui_macroquad::egui;
use macroquad::text::Font;
use std::sync::{Arc, OnceLock};

/// Hack, MIT licence: `assets/fonts/Hack-Regular.txt`.
pub const LATIN_TTF: &[u8] = include_bytes!("../../assets/fonts/Hack-Regular.ttf");

/// Droid Sans Fallback subset to GB 2312, Apache-2.0:
/// `assets/fonts/DroidSansFallback-LICENSE.txt`.
pub const CJK_TTF: &[u8] = include_bytes!("../../assets/fonts/DroidSansFallback-GB2312.ttf");

/// The name egui knows the Chinese font by.
const CJK_EGUI_NAME: &str = "droid-sans-fallback-gb2312";

/// Which bundled font draws a run of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Hack: Latin, Greek, Cyrillic, digits, most symbols.
    Latin,
    /// Droid Sans Fallback: Chinese and full-width forms.
    Cjk,
}

/// The character maps of both fonts, parsed once.
struct Maps {
    latin: ttf_parser::Face<'static>,
    cjk: ttf_parser::Face<'static>,
}

fn maps() -> Option<&'static Maps> {
    static MAPS: OnceLock<Option<Maps>> = OnceLock::new();
    MAPS.get_or_init(|| {
        Some(Maps {
            latin: ttf_parser::Face::parse(LATIN_TTF, 0).ok()?,
            cjk: ttf_parser::Face::parse(CJK_TTF, 0).ok()?,
        })
    })
    .as_ref()
}

/// The font that draws `c`: Hack when it has the character (or neither
/// font has it: Hack's box beats an empty gap), else the Chinese font.
pub fn face_of(c: char) -> Face {
    match maps() {
        Some(m) if m.latin.glyph_index(c).is_none() && m.cjk.glyph_index(c).is_some() => Face::Cjk,
        _ => Face::Latin,
    }
}

/// True when one of the bundled canvas fonts has a glyph for `c` (a
/// character neither has is drawn as Hack's empty box).
#[cfg(test)]
pub fn covered(c: char) -> bool {
    maps().is_some_and(|m| m.latin.glyph_index(c).is_some() || m.cjk.glyph_index(c).is_some())
}

/// `text` cut into maximal runs drawn by one font each, in order. Spaces
/// join the run they are in, so "交点 (1.00, 2.00)" is two runs, not five.
pub fn runs(text: &str) -> Vec<(&str, Face)> {
    let mut out: Vec<(&str, Face)> = Vec::new();
    let mut start = 0;
    let mut current: Option<Face> = None;
    for (i, c) in text.char_indices() {
        let f = if c == ' ' {
            current.unwrap_or(Face::Latin)
        } else {
            face_of(c)
        };
        match current {
            Some(cur) if cur != f => {
                out.push((&text[start..i], cur));
                start = i;
                current = Some(f);
            }
            None => current = Some(f),
            _ => {}
        }
    }
    if let Some(cur) = current {
        out.push((&text[start..], cur));
    }
    out
}

/// The width of `run` drawn in `face` at `px` pixels (the glyphs' advances;
/// a character the face lacks counts its missing-glyph box), pixels. Needs
/// no window: the headless export measures with it.
pub fn advance(run: &str, face: Face, px: f32) -> f32 {
    let Some(m) = maps() else {
        return run.chars().count() as f32 * px * 0.6;
    };
    let f = match face {
        Face::Latin => &m.latin,
        Face::Cjk => &m.cjk,
    };
    let per_unit = px / f.units_per_em().max(1) as f32;
    run.chars()
        .map(|c| {
            let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            f32::from(f.glyph_hor_advance(g).unwrap_or(0)) * per_unit
        })
        .sum()
}

/// The Chinese font for the canvas, loaded the first time a Chinese run is
/// drawn or measured (parsing it takes about 80 ms, which an English-only
/// session never pays). Needs the window's GL context, as every drawing
/// call does. `None` when it does not load (said once on stderr).
fn canvas_cjk() -> Option<&'static Font> {
    static CANVAS_CJK: OnceLock<Option<Font>> = OnceLock::new();
    CANVAS_CJK
        .get_or_init(
            || match macroquad::text::load_ttf_font_from_bytes(CJK_TTF) {
                Ok(f) => Some(f),
                Err(e) => {
                    eprintln!("satlab: the bundled Chinese font does not load ({e}); Chinese text on the canvas shows as boxes");
                    None
                }
            },
        )
        .as_ref()
}

/// The canvas font for `face`: `latin` itself, or the Chinese font (else
/// `latin`).
pub fn canvas_font(face: Face, latin: &Font) -> &Font {
    match face {
        Face::Latin => latin,
        Face::Cjk => canvas_cjk().unwrap_or(latin),
    }
}

/// The name egui knows the bundled Hack by.
const LATIN_EGUI_NAME: &str = "satlab-hack";

/// egui's default fonts with the Chinese font, then Hack, appended to both
/// families as fallbacks: egui tries its own fonts first, then these (Hack
/// brings the math symbols egui's proportional font lacks, such as ⊖). Set
/// once at start (`ctx.set_fonts`); egui rasterises glyphs lazily.
pub fn egui_definitions() -> egui::FontDefinitions {
    let mut defs = egui::FontDefinitions::default();
    defs.font_data.insert(
        CJK_EGUI_NAME.to_owned(),
        Arc::new(egui::FontData::from_static(CJK_TTF)),
    );
    defs.font_data.insert(
        LATIN_EGUI_NAME.to_owned(),
        Arc::new(egui::FontData::from_static(LATIN_TTF)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = defs.families.entry(family).or_default();
        list.push(CJK_EGUI_NAME.to_owned());
        list.push(LATIN_EGUI_NAME.to_owned());
    }
    defs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_fonts_parse() {
        assert!(maps().is_some());
    }

    #[test]
    fn latin_goes_to_hack_and_hanzi_to_the_fallback() {
        assert_eq!(face_of('A'), Face::Latin);
        assert_eq!(face_of('7'), Face::Latin);
        assert_eq!(face_of('°'), Face::Latin);
        assert_eq!(face_of('分'), Face::Cjk);
        assert_eq!(face_of('：'), Face::Cjk);
        assert_eq!(face_of('、'), Face::Cjk);
    }

    #[test]
    fn runs_split_where_the_font_changes() {
        assert_eq!(
            runs("间隙 0.30"),
            vec![("间隙 ", Face::Cjk), ("0.30", Face::Latin)]
        );
        assert_eq!(runs("MTV 1.250"), vec![("MTV 1.250", Face::Latin)]);
        assert_eq!(
            runs("#3 分离轴"),
            vec![("#3 ", Face::Latin), ("分离轴", Face::Cjk)]
        );
        assert!(runs("").is_empty());
        let joined: String = runs("交点 (1.00, 2.00) 与 B").iter().map(|r| r.0).collect();
        assert_eq!(joined, "交点 (1.00, 2.00) 与 B");
    }

    /// Every character of the interface, in both languages, has a glyph in
    /// one of egui's fonts (its own and the fallbacks added here), so no
    /// panel shows a box for a missing glyph.
    #[test]
    fn every_interface_character_is_covered_in_egui() {
        let defs = egui_definitions();
        // The panels' text is proportional; its family's fonts, in order.
        let faces: Vec<ttf_parser::Face> = defs.families[&egui::FontFamily::Proportional]
            .iter()
            .map(|name| {
                let d = &defs.font_data[name];
                ttf_parser::Face::parse(&d.font, d.index).expect("egui font parses")
            })
            .collect();
        for (en, zh) in crate::app::i18n::zh::entries() {
            for c in en.chars().chain(zh.chars()).filter(|c| !c.is_whitespace()) {
                assert!(
                    faces.iter().any(|f| f.glyph_index(c).is_some()),
                    "{c:?} (U+{:04X}) in {en:?} has no glyph in egui's fonts",
                    c as u32
                );
            }
        }
    }

    /// A teacher's own notes must render: every GB 2312 hanzi, the CJK
    /// punctuation and the full-width forms are in one of the two fonts.
    #[test]
    fn gb2312_hanzi_and_punctuation_are_covered() {
        // Level 1 and 2 hanzi of GB 2312 in Unicode order are not contiguous,
        // so sample the common ones used in teaching text and the blocks.
        for c in "分离轴定理投影区间重叠间隙最小平移向量闵可夫斯基差包围盒四叉树射线扇形胶囊体凸多边形圆心顶点法线的了是在不有和与这就中为一个会".chars() {
            assert!(covered(c), "{c} is not in the bundled fonts");
        }
        for c in "，。、：；！？（）【】《》“”‘’「」『』—…·％＋－＝".chars()
        {
            assert!(covered(c), "{c:?} is not in the bundled fonts");
        }
        let hanzi = (0x4E00u32..=0x9FA5)
            .filter_map(char::from_u32)
            .filter(|&c| covered(c))
            .count();
        assert!(hanzi >= 6_763, "only {hanzi} hanzi are covered");
    }
}
