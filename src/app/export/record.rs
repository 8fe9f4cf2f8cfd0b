//! The painter's second surface: while a recording is open on this thread,
//! the drawing primitives ([`crate::app::aa`]'s strokes and discs, the
//! painter's rectangles, fans and text) are written as SVG elements instead
//! of going to macroquad, so the window's own drawing code makes the
//! headless picture. Coordinates are screen pixels, y down, as the window's;
//! text is kept as `<text>` in the bundled font families.
//!
//! Nothing here needs a window: [`draw_rectangle`], [`draw_triangle`] and
//! [`clear_background`] call macroquad only when no recording is open.

use crate::app::fonts::{self, Face};
use crate::app::num;
use glam::Vec2;
use macroquad::color::Color;
use std::cell::RefCell;
use std::fmt::Write;

/// The SVG font family of the bundled Latin font (Hack).
pub const LATIN_FAMILY: &str = "Hack";

/// The SVG font family of the bundled Chinese font (Droid Sans Fallback).
pub const CJK_FAMILY: &str = "Droid Sans Fallback";

/// Most elements one recording keeps: a bound on a far or huge scene's
/// picture (a drawing past it is dropped, and the picture says so).
pub const MAX_ELEMENTS: usize = 200_000;

/// An SVG document being written.
struct Svg {
    w: u32,
    h: u32,
    body: String,
    elements: usize,
    /// Open clip groups (viewport panes).
    clips: usize,
    /// The fill colour and path data of consecutive plain triangles, written
    /// as one path so a fan has no seams.
    fan: Option<(Color, String)>,
    /// The window point that is the picture's top left.
    origin: Vec2,
}

thread_local! {
    static SVG: RefCell<Option<Svg>> = const { RefCell::new(None) };
}

/// Opens a recording of a `w`×`h` pixel picture on this thread (an open one
/// is dropped).
pub fn start(w: u32, h: u32) {
    start_at(Vec2::ZERO, w, h);
}

/// Opens a recording of the `w`×`h` pixel part of the window whose top
/// left is `origin` (window pixels): the window's canvas below its menus.
pub fn start_at(origin: Vec2, w: u32, h: u32) {
    SVG.with(|s| {
        *s.borrow_mut() = Some(Svg {
            w,
            h,
            body: String::new(),
            elements: 0,
            clips: 0,
            fan: None,
            origin,
        })
    });
}

/// True while a recording is open on this thread.
pub fn on() -> bool {
    SVG.with(|s| s.borrow().is_some())
}

/// Closes the recording and returns the SVG document; `None` when none was
/// open.
pub fn finish() -> Option<String> {
    let svg = SVG.with(|s| s.borrow_mut().take())?;
    let mut svg = svg;
    flush_fan(&mut svg);
    for _ in 0..svg.clips {
        svg.body.push_str("</g>\n");
    }
    let mut out = String::with_capacity(svg.body.len() + 400);
    let (w, h) = (svg.w, svg.h);
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n"
    );
    if svg.elements >= MAX_ELEMENTS {
        out.push_str("<!-- satlab: the picture was cut at its element limit -->\n");
    }
    let moved = svg.origin != Vec2::ZERO && svg.origin.is_finite();
    if moved {
        let _ = writeln!(
            out,
            "<g transform=\"translate({},{})\">",
            n(-svg.origin.x),
            n(-svg.origin.y)
        );
    }
    out.push_str(&svg.body);
    if moved {
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Some(out)
}

/// Runs `f` on the open recording; false when none is open.
fn with(f: impl FnOnce(&mut Svg)) -> bool {
    SVG.with(|s| match s.borrow_mut().as_mut() {
        Some(svg) => {
            if svg.elements < MAX_ELEMENTS {
                f(svg);
            }
            true
        }
        None => false,
    })
}

/// An element: ends a pending fan first.
fn element(f: impl FnOnce(&mut String)) -> bool {
    with(|svg| {
        flush_fan(svg);
        svg.elements += 1;
        f(&mut svg.body);
        svg.body.push('\n');
    })
}

fn flush_fan(svg: &mut Svg) {
    if let Some((c, d)) = svg.fan.take() {
        svg.elements += 1;
        let _ = writeln!(svg.body, "<path d=\"{d}\"{}/>", fill(c));
    }
}

/// A number with at most two decimals, no trailing zeros.
fn n(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

fn hex(c: Color) -> String {
    let b = |v: f32| (num::clamp(v, 0.0, 1.0) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", b(c.r), b(c.g), b(c.b))
}

fn opacity(attr: &str, c: Color) -> String {
    if c.a >= 0.999 {
        String::new()
    } else {
        format!(
            " {attr}-opacity=\"{}\"",
            (num::clamp(c.a, 0.0, 1.0) * 1000.0).round() / 1000.0
        )
    }
}

fn fill(c: Color) -> String {
    format!(" fill=\"{}\"{}", hex(c), opacity("fill", c))
}

fn stroke(c: Color, w: f32) -> String {
    format!(
        " fill=\"none\" stroke=\"{}\"{} stroke-width=\"{}\"",
        hex(c),
        opacity("stroke", c),
        n(w)
    )
}

/// `text` with `&`, `<`, `>` and quotes escaped for XML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn finite(v: &[f32]) -> bool {
    v.iter().all(|x| x.is_finite())
}

/// Records a butt-ended stroke; false when no recording is open.
pub fn line(a: Vec2, b: Vec2, w: f32, c: Color) -> bool {
    if !on() {
        return false;
    }
    if finite(&[a.x, a.y, b.x, b.y, w]) && w > 0.0 {
        element(|s| {
            let _ = write!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>",
                n(a.x),
                n(a.y),
                n(b.x),
                n(b.y),
                stroke(c, w)
            );
        });
    }
    true
}

/// Writes a `<circle>` centred at `o` (pixels, y down) of radius `r` with
/// `paint`, its fill or stroke attributes.
fn circle(o: Vec2, r: f32, paint: &str) {
    element(|s| {
        let _ = write!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{paint}/>",
            n(o.x),
            n(o.y),
            n(r)
        );
    });
}

/// Records a filled disc; false when no recording is open.
pub fn disc(o: Vec2, r: f32, c: Color) -> bool {
    if !on() {
        return false;
    }
    if finite(&[o.x, o.y, r]) && r > 0.0 {
        circle(o, r, &fill(c));
    }
    true
}

/// Records a circle outline `w` wide centred on radius `r`; false when no
/// recording is open.
pub fn ring(o: Vec2, r: f32, w: f32, c: Color) -> bool {
    if !on() {
        return false;
    }
    if finite(&[o.x, o.y, r, w]) && r > 0.0 && w > 0.0 {
        circle(o, r, &stroke(c, w));
    }
    true
}

/// Records a polyline `w` wide (mitred joins, butt ends), closed when
/// `closed`; false when no recording is open.
pub fn polyline(pts: &[Vec2], closed: bool, w: f32, c: Color) -> bool {
    if !on() {
        return false;
    }
    let ok = pts.len() >= 2 && pts.iter().all(|p| p.is_finite()) && w.is_finite() && w > 0.0;
    if ok {
        element(|s| {
            let tag = if closed { "polygon" } else { "polyline" };
            let _ = write!(s, "<{tag} points=\"");
            for (i, p) in pts.iter().enumerate() {
                let sep = if i == 0 { "" } else { " " };
                let _ = write!(s, "{sep}{},{}", n(p.x), n(p.y));
            }
            let _ = write!(
                s,
                "\"{} stroke-linejoin=\"miter\" stroke-miterlimit=\"1.5\"/>",
                stroke(c, w)
            );
        });
    }
    true
}

/// Records a filled triangle with smooth edges; false when no recording is
/// open.
pub fn triangle(p: Vec2, q: Vec2, r: Vec2, c: Color) -> bool {
    if !on() {
        return false;
    }
    if [p, q, r].iter().all(|v| v.is_finite()) {
        element(|s| {
            let _ = write!(
                s,
                "<path d=\"M{},{}L{},{}L{},{}Z\"{}/>",
                n(p.x),
                n(p.y),
                n(q.x),
                n(q.y),
                n(r.x),
                n(r.y),
                fill(c)
            );
        });
    }
    true
}

/// Records a filled polygon (no outline); false when no recording is open.
pub fn polygon(pts: &[Vec2], c: Color) -> bool {
    if !on() {
        return false;
    }
    if pts.len() >= 3 && pts.iter().all(|p| p.is_finite()) {
        element(|s| {
            let _ = write!(s, "<polygon points=\"");
            for (i, p) in pts.iter().enumerate() {
                let sep = if i == 0 { "" } else { " " };
                let _ = write!(s, "{sep}{},{}", n(p.x), n(p.y));
            }
            let _ = write!(s, "\"{}/>", fill(c));
        });
    }
    true
}

/// A plain triangle, as macroquad's `draw_triangle`: consecutive ones of
/// one colour are recorded as one path (a fan has no seams, and overlaps
/// are filled once, as the window's fans draw each part once).
pub fn draw_triangle(p: Vec2, q: Vec2, r: Vec2, c: Color) {
    let recorded = with(|svg| {
        if ![p, q, r].iter().all(|v| v.is_finite()) {
            return;
        }
        // Every part wound the same way, so the non-zero rule joins them.
        let (q, r) = if (q - p).perp_dot(r - p) < 0.0 {
            (r, q)
        } else {
            (q, r)
        };
        if svg.fan.as_ref().is_some_and(|(fc, _)| *fc != c) {
            flush_fan(svg);
        }
        let d = &mut svg.fan.get_or_insert_with(|| (c, String::new())).1;
        let _ = write!(
            d,
            "M{},{}L{},{}L{},{}Z",
            n(p.x),
            n(p.y),
            n(q.x),
            n(q.y),
            n(r.x),
            n(r.y)
        );
    });
    if !recorded {
        macroquad::shapes::draw_triangle(p, q, r, c);
    }
}

/// An axis-aligned rectangle, as macroquad's `draw_rectangle`.
pub fn draw_rectangle(x: f32, y: f32, w: f32, h: f32, c: Color) {
    if !on() {
        macroquad::shapes::draw_rectangle(x, y, w, h, c);
        return;
    }
    if finite(&[x, y, w, h]) && w > 0.0 && h > 0.0 {
        element(|s| {
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>",
                n(x),
                n(y),
                n(w),
                n(h),
                fill(c)
            );
        });
    }
}

/// The background, as macroquad's `clear_background`: a recording drops
/// what it holds and starts with a rectangle over the whole picture.
pub fn clear_background(c: Color) {
    let recorded = with(|svg| {
        svg.body.clear();
        svg.fan = None;
        svg.clips = 0;
        svg.elements = 1;
        let _ = writeln!(
            svg.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>",
            n(svg.origin.x),
            n(svg.origin.y),
            svg.w,
            svg.h,
            fill(c)
        );
    });
    if !recorded {
        macroquad::window::clear_background(c);
    }
}

/// Records `text` (runs of one font each, [`fonts::runs`]) with its
/// baseline starting at `at`, `fs` pixels high, as one `<text>` with a
/// `<tspan>` per run; returns the width ([`measure`]), or `None` when no
/// recording is open.
pub fn text(text: &str, at: Vec2, fs: u16, c: Color) -> Option<f32> {
    if !on() {
        return None;
    }
    let width = measure(text, fs);
    if at.is_finite() && !text.trim().is_empty() {
        element(|s| {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"{fs}\"{} xml:space=\"preserve\">",
                n(at.x),
                n(at.y),
                fill(c)
            );
            for (run, face) in fonts::runs(text) {
                let family = match face {
                    Face::Latin => LATIN_FAMILY,
                    Face::Cjk => CJK_FAMILY,
                };
                let _ = write!(s, "<tspan font-family=\"{family}\">{}</tspan>", escape(run));
            }
            s.push_str("</text>");
        });
    }
    Some(width)
}

/// The width of `text` at `fs` pixels in the bundled fonts (each run in its
/// own), pixels: the glyphs' advances, as an SVG renderer sets them.
pub fn measure(text: &str, fs: u16) -> f32 {
    fonts::runs(text)
        .iter()
        .map(|(run, face)| fonts::advance(run, *face, fs as f32))
        .sum()
}

/// Opens a group clipped to the rectangle `min`–`max` (screen pixels);
/// false when no recording is open. Close it with [`end_clip`].
pub fn begin_clip(min: Vec2, max: Vec2) -> bool {
    with(|svg| {
        flush_fan(svg);
        svg.elements += 1;
        svg.clips += 1;
        let id = svg.elements;
        let (s, w, h) = (min, max.x - min.x, max.y - min.y);
        let _ = writeln!(
            svg.body,
            "<clipPath id=\"c{id}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n<g clip-path=\"url(#c{id})\">",
            n(s.x),
            n(s.y),
            n(w),
            n(h)
        );
    })
}

/// Closes the innermost group [`begin_clip`] opened.
pub fn end_clip() {
    with(|svg| {
        flush_fan(svg);
        if svg.clips > 0 {
            svg.clips -= 1;
            svg.body.push_str("</g>\n");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_recorded_without_a_recording() {
        assert!(!on());
        assert!(!line(
            Vec2::ZERO,
            Vec2::ONE,
            1.0,
            Color::new(1.0, 0.0, 0.0, 1.0)
        ));
        assert!(finish().is_none());
    }

    #[test]
    fn a_recording_writes_elements_text_and_one_path_per_fan() {
        start(100, 50);
        let red = Color::new(1.0, 0.0, 0.0, 0.5);
        clear_background(Color::new(0.0, 0.0, 0.0, 1.0));
        draw_triangle(Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(0.0, 10.0), red);
        draw_triangle(Vec2::ZERO, Vec2::new(0.0, 10.0), Vec2::new(-10.0, 0.0), red);
        assert!(line(Vec2::ZERO, Vec2::new(5.0, 5.0), 2.0, red));
        assert_eq!(
            text("间隙 <1>", Vec2::new(3.0, 20.0), 14, red),
            Some(measure("间隙 <1>", 14))
        );
        let svg = finish().expect("open");
        let doc = roxmltree::Document::parse(&svg).expect("parses");
        let root = doc.root_element();
        assert_eq!(root.attribute("width"), Some("100"));
        assert_eq!(
            doc.descendants().filter(|n| n.has_tag_name("path")).count(),
            1
        );
        let text: String = doc
            .descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect();
        assert!(text.contains("间隙 <1>"), "{text}");
        assert!(!on());
    }

    #[test]
    fn measure_counts_hack_cells_and_wide_hanzi() {
        let latin = measure("abcd", 20);
        assert!((latin - 4.0 * 0.602 * 20.0).abs() < 1.0, "{latin}");
        assert!(measure("分离", 20) > measure("ab", 20));
    }
}
