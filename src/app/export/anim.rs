//! Animations from a sequence of pictures: GIF (one palette for every
//! frame, quantised with NeuQuant; each frame only the box that changed,
//! unchanged pixels transparent) and APNG (full colour; each frame only the
//! box that changed). Delays are seconds per frame. Frames are made one at a
//! time by the caller ([`Frames`]) and dropped once written, so an
//! animation's memory is a few frames, however long it is.

use crate::app::export::error::ExportError;
use crate::app::export::raster::Rgba;
use std::collections::HashMap;

/// One frame: its picture and how long it shows, seconds.
pub struct Frame {
    /// The picture (all frames one size).
    pub image: Rgba,
    /// Display time, seconds.
    pub seconds: f32,
}

/// The frames of an animation, made on demand.
pub trait Frames {
    /// How many.
    fn count(&self) -> usize;
    /// Frame `k` (below [`Frames::count`]).
    fn frame(&mut self, k: usize) -> Result<Frame, ExportError>;
}

/// Frames already made (tests, one-frame GIFs).
impl Frames for Vec<Frame> {
    fn count(&self) -> usize {
        self.len()
    }

    fn frame(&mut self, k: usize) -> Result<Frame, ExportError> {
        let f = self.get(k).ok_or(ExportError::NoSuchFrame)?;
        Ok(Frame {
            image: f.image.clone(),
            seconds: f.seconds,
        })
    }
}

/// The smallest box `(x, y, w, h)` holding every pixel where `a` and `b`
/// differ; `None` when they are equal.
fn changed(a: &Rgba, b: &Rgba) -> Option<(u32, u32, u32, u32)> {
    let w = a.width as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (ra, rb)) in a
        .bytes
        .chunks_exact(w * 4)
        .zip(b.bytes.chunks_exact(w * 4))
        .enumerate()
    {
        if ra == rb {
            continue;
        }
        let first = ra
            .chunks_exact(4)
            .zip(rb.chunks_exact(4))
            .position(|(p, q)| p != q);
        let last = ra
            .chunks_exact(4)
            .zip(rb.chunks_exact(4))
            .rposition(|(p, q)| p != q);
        if let (Some(f), Some(l)) = (first, last) {
            x0 = x0.min(f);
            x1 = x1.max(l);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    (x0 != usize::MAX).then(|| {
        (
            x0 as u32,
            y0 as u32,
            (x1 - x0 + 1) as u32,
            (y1 - y0 + 1) as u32,
        )
    })
}

/// The pixels of `img` inside the box `(x, y, w, h)`, RGBA rows.
fn crop(img: &Rgba, (x, y, w, h): (u32, u32, u32, u32)) -> Vec<u8> {
    let mut out = Vec::with_capacity((w * h * 4) as usize);
    for row in y..y + h {
        let start = ((row * img.width + x) * 4) as usize;
        out.extend_from_slice(&img.bytes[start..start + (w * 4) as usize]);
    }
    out
}

/// Checks that `f` is `size` pixels and holds its bytes.
fn check(f: &Frame, size: (u32, u32)) -> Result<(), ExportError> {
    let (w, h) = size;
    if (f.image.width, f.image.height) != size || f.image.bytes.len() != (w * h * 4) as usize {
        return Err(ExportError::FrameSize);
    }
    Ok(())
}

/// Delay of `seconds` in hundredths (GIF's unit), at least 1.
fn centis(seconds: f32) -> u16 {
    crate::app::num::clamp((seconds * 100.0).round(), 1.0, 65535.0) as u16
}

/// Palette index meaning "unchanged from the previous frame".
const CLEAR: u8 = 255;

/// Frames the GIF's one palette is sampled from (evenly spread, kept until
/// written).
const PALETTE_SAMPLES: usize = 4;

/// `frames` as a looping GIF's bytes.
pub fn gif(frames: &mut dyn Frames) -> Result<Vec<u8>, ExportError> {
    let n = frames.count();
    if n == 0 {
        return Err(ExportError::NoFrames);
    }
    // One palette from a sample of a few frames (255 colours, the last
    // index kept for "unchanged"); those frames are kept for writing.
    let mut picks: Vec<usize> = (0..PALETTE_SAMPLES)
        .map(|i| i * (n - 1) / (PALETTE_SAMPLES - 1).max(1))
        .collect();
    picks.dedup();
    let mut kept: HashMap<usize, Frame> = HashMap::new();
    for &k in &picks {
        kept.insert(k, frames.frame(k)?);
    }
    let first = kept.get(&0).ok_or(ExportError::NoSuchFrame)?;
    let size = (first.image.width, first.image.height);
    let (w, h) = size;
    if w > 65535 || h > 65535 {
        return Err(ExportError::GifTooBig);
    }
    let mut sample = Vec::new();
    let step = ((w * h) as usize * picks.len() / 160_000).max(1);
    for f in kept.values() {
        check(f, size)?;
        for px in f.image.bytes.chunks_exact(4).step_by(step) {
            sample.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
    }
    let nq = color_quant::NeuQuant::new(10, 255, &sample);
    let mut palette = nq.color_map_rgb();
    palette.resize(256 * 3, 0);
    let mut cache: HashMap<[u8; 3], u8> = HashMap::new();
    let mut index = |p: &[u8]| -> u8 {
        let key = [p[0], p[1], p[2]];
        *cache
            .entry(key)
            .or_insert_with(|| nq.index_of(&[p[0], p[1], p[2], 255]) as u8)
    };
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, w as u16, h as u16, &palette)?;
        enc.set_repeat(gif::Repeat::Infinite)?;
        let mut prev: Option<Rgba> = None;
        for k in 0..n {
            let f = match kept.remove(&k) {
                Some(f) => f,
                None => frames.frame(k)?,
            };
            check(&f, size)?;
            let area = match &prev {
                None => Some((0, 0, w, h)),
                Some(p) => changed(p, &f.image),
            };
            // An unchanged frame still shows for its time: one clear pixel.
            let (x, y, fw, fh) = area.unwrap_or((0, 0, 1, 1));
            let mut buffer = Vec::with_capacity((fw * fh) as usize);
            for row in y..y + fh {
                for col in x..x + fw {
                    let i = ((row * w + col) * 4) as usize;
                    let px = &f.image.bytes[i..i + 4];
                    let same = prev.as_ref().is_some_and(|p| &p.bytes[i..i + 4] == px);
                    buffer.push(if same { CLEAR } else { index(px) });
                }
            }
            let frame = gif::Frame {
                left: x as u16,
                top: y as u16,
                width: fw as u16,
                height: fh as u16,
                delay: centis(f.seconds),
                transparent: prev.as_ref().map(|_| CLEAR),
                dispose: gif::DisposalMethod::Keep,
                buffer: buffer.into(),
                ..gif::Frame::default()
            };
            enc.write_frame(&frame)?;
            prev = Some(f.image);
        }
    }
    Ok(out)
}

/// `frames` as a looping APNG's bytes (full colour).
pub fn apng(frames: &mut dyn Frames) -> Result<Vec<u8>, ExportError> {
    let n = frames.count();
    let first = frames.frame(0)?;
    let size = (first.image.width, first.image.height);
    let (w, h) = size;
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        enc.set_animated(n as u32, 0)?;
        let mut wr = enc.write_header()?;
        let mut prev: Option<Rgba> = None;
        let mut next = Some(first);
        for k in 0..n {
            let f = match next.take() {
                Some(f) => f,
                None => frames.frame(k)?,
            };
            check(&f, size)?;
            let area = match &prev {
                None => (0, 0, w, h),
                Some(p) => changed(p, &f.image).unwrap_or((0, 0, 1, 1)),
            };
            wr.set_frame_position(0, 0)?;
            wr.set_frame_dimension(area.2, area.3)?;
            wr.set_frame_position(area.0, area.1)?;
            wr.set_frame_delay(centis(f.seconds), 100)?;
            wr.set_blend_op(png::BlendOp::Source)?;
            wr.set_dispose_op(png::DisposeOp::None)?;
            wr.write_image_data(&crop(&f.image, area))?;
            prev = Some(f.image);
        }
        wr.finish()?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(w: u32, h: u32, c: [u8; 4]) -> Rgba {
        Rgba {
            width: w,
            height: h,
            bytes: c.repeat((w * h) as usize),
        }
    }

    fn frames() -> Vec<Frame> {
        let a = solid(40, 30, [20, 30, 40, 255]);
        let mut b = a.clone();
        // A red square at (10..14, 5..8).
        for y in 5..8 {
            for x in 10..14 {
                let i = ((y * 40 + x) * 4) as usize;
                b.bytes[i..i + 4].copy_from_slice(&[250, 10, 10, 255]);
            }
        }
        vec![
            Frame {
                image: a,
                seconds: 0.5,
            },
            Frame {
                image: b.clone(),
                seconds: 0.5,
            },
            Frame {
                image: b,
                seconds: 2.0,
            },
        ]
    }

    #[test]
    fn the_changed_box_is_tight() {
        let f = frames();
        assert_eq!(changed(&f[0].image, &f[1].image), Some((10, 5, 4, 3)));
        assert_eq!(changed(&f[1].image, &f[2].image), None);
    }

    #[test]
    fn a_gif_decodes_to_its_frames_and_delays() {
        let bytes = gif(&mut frames()).expect("encodes");
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut d = opts.read_info(&bytes[..]).expect("reads");
        let mut delays = Vec::new();
        let mut boxes = Vec::new();
        while let Some(f) = d.read_next_frame().expect("frame") {
            delays.push(f.delay);
            boxes.push((f.left, f.top, f.width, f.height));
        }
        assert_eq!(delays, vec![50, 50, 200]);
        assert_eq!(boxes[1], (10, 5, 4, 3));
    }

    #[test]
    fn an_apng_decodes_to_its_frames() {
        let bytes = apng(&mut frames()).expect("encodes");
        let d = png::Decoder::new(&bytes[..]);
        let r = d.read_info().expect("reads");
        let info = r.info();
        assert_eq!((info.width, info.height), (40, 30));
        assert_eq!(info.animation_control.map(|a| a.num_frames), Some(3));
    }
}
