//! SVG to pixels without a window: resvg (usvg + tiny-skia) with the
//! bundled fonts loaded from memory (never the system's), so a picture
//! rasterises the same on every machine.

use crate::app::export::error::ExportError;
use crate::app::export::record::{CJK_FAMILY, LATIN_FAMILY};
use crate::app::fonts::{CJK_TTF, LATIN_TTF};
use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// The font database of the bundled fonts, built once.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(LATIN_TTF.to_vec());
        db.load_font_data(CJK_TTF.to_vec());
        db.set_monospace_family(LATIN_FAMILY);
        db.set_sans_serif_family(CJK_FAMILY);
        db.set_serif_family(CJK_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// An RGBA picture, 8 bits a channel, straight alpha, rows top down.
#[derive(Debug, Clone, PartialEq)]
pub struct Rgba {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub bytes: Vec<u8>,
}

/// Reads `svg` with the bundled fonts.
pub fn parse(svg: &str) -> Result<usvg::Tree, ExportError> {
    let opt = usvg::Options {
        font_family: LATIN_FAMILY.to_owned(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &opt).map_err(ExportError::Svg)
}

/// Rasterises `svg` at its own size (one pixel per SVG unit).
pub fn rasterise(svg: &str) -> Result<Rgba, ExportError> {
    let tree = parse(svg)?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or(ExportError::Canvas {
        width: w,
        height: h,
    })?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let mut bytes = Vec::with_capacity(w as usize * h as usize * 4);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        bytes.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Ok(Rgba {
        width: w,
        height: h,
        bytes,
    })
}

/// `img` as a PNG file's bytes.
pub fn encode_png(img: &Rgba) -> Result<Vec<u8>, ExportError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let mut w = enc.write_header()?;
        w.write_image_data(&img.bytes)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_both_bundled_fonts_rasterises() {
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\">\
             <rect width=\"120\" height=\"40\" fill=\"#ffffff\"/>\
             <text x=\"4\" y=\"28\" font-size=\"24\" fill=\"#000000\">\
             <tspan font-family=\"{LATIN_FAMILY}\">AB</tspan><tspan font-family=\"{CJK_FAMILY}\">分离</tspan></text></svg>"
        );
        let img = rasterise(&svg).expect("renders");
        assert_eq!((img.width, img.height), (120, 40));
        let dark = |x0: u32, x1: u32| {
            (0..40)
                .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                .filter(|&(x, y)| img.bytes[((y * 120 + x) * 4) as usize] < 128)
                .count()
        };
        assert!(dark(4, 30) > 20, "the Latin letters are drawn");
        assert!(dark(34, 100) > 40, "the hanzi are drawn");
    }
}
