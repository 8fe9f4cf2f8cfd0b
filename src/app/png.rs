//! PNG export: the screen's bottom-up pixels cropped to a rectangle,
//! encoded and written atomically (every mode's File > Export).

use crate::app::camera::Rect;
use crate::app::files::FileError;
use crate::app::i18n::trf;
use crate::app::num;
use macroquad::texture::Image;
use std::path::Path;

/// The rows of a bottom-up screen image inside `r` (screen pixels, top-down).
pub fn crop_bottom_up(img: &Image, r: Rect) -> Image {
    let (w, h) = (img.width as usize, img.height as usize);
    let x0 = (r.min.x.max(0.0) as usize).min(w);
    let x1 = num::clamp_index(r.max.x.max(0.0) as usize, x0, w);
    let y0 = (r.min.y.max(0.0) as usize).min(h);
    let y1 = num::clamp_index(r.max.y.max(0.0) as usize, y0, h);
    let (cw, ch) = (x1 - x0, y1 - y0);
    let mut bytes = Vec::with_capacity(cw * ch * 4);
    // Bottom-up: screen row y lives at image row h - 1 - y.
    for y in (y0..y1).rev() {
        let row = h - 1 - y;
        let start = (row * w + x0) * 4;
        bytes.extend_from_slice(&img.bytes[start..start + cw * 4]);
    }
    Image {
        bytes,
        width: cw as u16,
        height: ch as u16,
    }
}

/// Writes `img` (bottom-up RGBA, as [`crop_bottom_up`] gives it) to `path`
/// as a PNG with opaque alpha. The PNG is encoded in memory and written
/// atomically ([`satlab::scene::write_atomic`]): a full disk or a
/// read-only folder is an `Err` naming the file, and a file already at
/// `path` is left as it was.
pub fn export(img: &Image, path: &Path) -> Result<(), PngError> {
    let png = encode_png(img)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| PngError::File(FileError::io(dir, &e)))?;
    }
    satlab::scene::write_atomic(path, &png).map_err(|e| PngError::File(FileError::io(path, &e)))
}

/// Why a picture could not be exported as a PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PngError {
    /// The picture's bytes do not fill its width × height (pixels).
    Size {
        /// Width, pixels.
        width: u32,
        /// Height, pixels.
        height: u32,
        /// Bytes it holds (4 a pixel are needed).
        bytes: usize,
    },
    /// The encoder refused: its message.
    Encode(String),
    /// Writing the file failed.
    File(FileError),
}

impl std::fmt::Display for PngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PngError::Size {
                width,
                height,
                bytes,
            } => f.write_str(&trf(
                "the picture is {}x{} but holds {} bytes",
                &[width, height, bytes],
            )),
            PngError::Encode(e) => f.write_str(e),
            PngError::File(e) => write!(f, "{e}"),
        }
    }
}

/// The bottom-up image `img` as PNG bytes (top row first), alpha forced
/// to 255.
pub fn encode_png(img: &Image) -> Result<Vec<u8>, PngError> {
    use image::ImageEncoder;
    let (w, h) = (u32::from(img.width), u32::from(img.height));
    let row = w as usize * 4;
    if img.bytes.len() != row * h as usize {
        return Err(PngError::Size {
            width: w,
            height: h,
            bytes: img.bytes.len(),
        });
    }
    let mut rgba = Vec::with_capacity(img.bytes.len());
    for r in img.bytes.chunks_exact(row.max(1)).rev() {
        rgba.extend_from_slice(r);
    }
    for px in rgba.chunks_exact_mut(4) {
        px[3] = 255;
    }
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&rgba, w, h, image::ColorType::Rgba8)
        .map_err(|e| PngError::Encode(e.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> Image {
        // 2×2, bottom-up: the bottom row red, the top row blue.
        let (red, blue) = ([255, 0, 0, 10], [0, 0, 255, 10]);
        Image {
            bytes: [red, red, blue, blue].concat(),
            width: 2,
            height: 2,
        }
    }

    #[test]
    fn the_png_is_top_down_and_opaque() {
        let png = encode_png(&picture()).unwrap();
        let back = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(back.get_pixel(0, 0).0, [0, 0, 255, 255]);
        assert_eq!(back.get_pixel(1, 1).0, [255, 0, 0, 255]);
    }

    #[test]
    fn a_failed_export_is_an_error_and_leaves_the_old_file() {
        let dir = std::env::temp_dir().join(format!("satlab-export-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let old = dir.join("old.png");
        std::fs::write(&old, b"old").unwrap();
        // A folder where the file should be: the rename fails.
        let blocked = dir.join("blocked.png");
        std::fs::create_dir_all(blocked.join("inside")).unwrap();
        assert!(export(&picture(), &blocked).is_err());
        // A parent that is a file.
        assert!(export(&picture(), &old.join("x.png")).is_err());
        assert_eq!(std::fs::read(&old).unwrap(), b"old");
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
        let bad = Image {
            bytes: vec![0; 3],
            width: 2,
            height: 2,
        };
        assert!(encode_png(&bad).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
