//! The frame-time overlay's numbers (issue 28, item 28): the last frames'
//! times, where each frame went and the frames per second, as physics
//! testbeds show them. Pure; the shell measures and draws.

use crate::app::camera::Rect;
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf};
use glam::Vec2;
use std::collections::VecDeque;

/// The overlay's text size before the canvas scale, pixels.
pub const TEXT_SIZE: f32 = 12.0;

/// One line of the overlay as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The text, a piece of a wrapped line.
    pub text: String,
    /// The point [`Painter::label`] takes with [`Anchor::BottomLeft`]
    /// (screen pixels, y down).
    pub at: Vec2,
    /// The plate drawn behind the text (screen pixels, y down).
    pub plate: Rect,
    /// The first piece of the fps line (drawn bold).
    pub first: bool,
}

/// The overlay's `lines` laid out by `p` on `canvas` (screen pixels, y
/// down): each wrapped to the canvas width less a margin each side, and
/// stacked down the left edge from below the band of the verdict badge
/// and the predict marker ([`Painter::flag_band`]), so it never covers
/// them. Lines that would run past the canvas bottom are left out (the
/// fps line comes first and stays while any line fits), and all of them on
/// a canvas narrower than a character.
pub fn layout(lines: &[String], canvas: Rect, p: &Painter) -> Vec<Placed> {
    let s = p.scale;
    let margin = 8.0 * s;
    let fs = (TEXT_SIZE * s).round() as u16;
    // The plate's padding, as Painter::plate pads.
    let room = canvas.size().x - 2.0 * margin - 2.0 * 5.0 * s;
    let x = canvas.min.x + margin;
    let mut top = p.flag_band(canvas).max.y + 4.0 * s;
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        for (j, piece) in crate::app::wrap::wrap(line, room.max(1.0), |t| p.measure(t, fs))
            .into_iter()
            .enumerate()
        {
            let h = p
                .plate(&piece, Vec2::ZERO, TEXT_SIZE, Anchor::BottomLeft)
                .size()
                .y;
            let at = Vec2::new(x, top + h);
            let plate = p.plate(&piece, at, TEXT_SIZE, Anchor::BottomLeft);
            if plate.max.y > canvas.max.y || plate.max.x > canvas.max.x {
                // No room left, or a canvas narrower than one character.
                return out;
            }
            out.push(Placed {
                text: piece,
                at,
                plate,
                first: k == 0 && j == 0,
            });
            top += h + 2.0 * s;
        }
    }
    out
}

/// Frames the averages are taken over.
pub const KEPT: usize = 120;

/// The parts of a frame the shell times, in the order of
/// [`FrameSample::parts_ms`], in the language shown.
pub fn part_names() -> [&'static str; 4] {
    [
        tr("panels (egui layout)"),
        tr("actions and the mode's update"),
        tr("canvas drawing"),
        tr("egui painting"),
    ]
}

/// One frame's times, milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrameSample {
    /// From this frame's start to the next frame's start (idle waiting for
    /// input or the display included).
    pub interval_ms: f64,
    /// Each of [`part_names`].
    pub parts_ms: [f64; 4],
}

/// The last [`KEPT`] frames.
#[derive(Debug, Clone, Default)]
pub struct FrameTimes {
    samples: VecDeque<FrameSample>,
}

impl FrameTimes {
    /// Adds a frame; one with a time that is not finite and non-negative is
    /// left out.
    pub fn push(&mut self, s: FrameSample) {
        let ok = |v: f64| v.is_finite() && v >= 0.0;
        if !ok(s.interval_ms) || !s.parts_ms.iter().all(|&v| ok(v)) {
            return;
        }
        if self.samples.len() == KEPT {
            self.samples.pop_front();
        }
        self.samples.push_back(s);
    }

    /// The mean of the frames kept, `None` before the first.
    pub fn mean(&self) -> Option<FrameSample> {
        let n = self.samples.len();
        if n == 0 {
            return None;
        }
        let mut m = FrameSample::default();
        for s in &self.samples {
            m.interval_ms += s.interval_ms;
            for (a, b) in m.parts_ms.iter_mut().zip(s.parts_ms) {
                *a += b;
            }
        }
        m.interval_ms /= n as f64;
        for a in &mut m.parts_ms {
            *a /= n as f64;
        }
        Some(m)
    }

    /// Frames per second over the frames kept (`None` before a frame or
    /// when they took no time).
    pub fn fps(&self) -> Option<f64> {
        self.mean()
            .filter(|m| m.interval_ms > 0.0)
            .map(|m| 1000.0 / m.interval_ms)
    }

    /// The longest frame kept, milliseconds.
    pub fn worst_ms(&self) -> f64 {
        self.samples
            .iter()
            .map(|s| s.interval_ms)
            .fold(0.0, f64::max)
    }

    /// The overlay's lines: fps and the mean frame, then each part and the
    /// rest (waiting for input or the display), in the language shown.
    pub fn lines(&self) -> Vec<String> {
        let Some(m) = self.mean() else {
            return vec![tr("frame times: measuring…").to_string()];
        };
        let f1 = |v: f64| format!("{v:.1}");
        let f2 = |v: f64| format!("{v:.2}");
        let mut out = vec![trf(
            "{} fps · frame {} ms (longest {} ms of the last {})",
            &[
                &f1(self.fps().unwrap_or(0.0)),
                &f2(m.interval_ms),
                &f2(self.worst_ms()),
                &self.samples.len(),
            ],
        )];
        for (name, ms) in part_names().into_iter().zip(m.parts_ms) {
            out.push(trf("{}: {} ms", &[&name, &f2(ms)]));
        }
        let busy: f64 = m.parts_ms.iter().sum();
        out.push(trf(
            "waiting (input, display): {} ms",
            &[&f2((m.interval_ms - busy).max(0.0))],
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{with_lang, Lang};
    use crate::app::palette::{Palette, Theme};
    use satlab::geom::Verdict;

    /// The overlay's text after many frames, the longest it gets.
    fn busy() -> FrameTimes {
        let mut t = FrameTimes::default();
        for _ in 0..KEPT {
            t.push(FrameSample {
                interval_ms: 1234.56,
                parts_ms: [123.45, 234.56, 345.67, 456.78],
            });
        }
        t
    }

    /// Item 28: at 1280x800 and 640x480, UI scale 1 and 2, English and
    /// Chinese, with the panels beside the canvas or hidden, every line of
    /// the overlay lies inside the canvas and clear of the verdict badge
    /// (each verdict) and the predict marker's band, and the fps line is
    /// shown.
    #[test]
    fn the_overlay_wraps_to_the_canvas_and_keeps_off_the_badge() {
        let t = busy();
        for lang in Lang::ALL {
            let lines = with_lang(lang, || t.lines());
            for (w, h) in [(1280.0, 800.0), (640.0, 480.0)] {
                for scale in [1.0, 2.0] {
                    // The canvas between the menu bar and the status bar,
                    // with a 300 px side panel, or the whole width.
                    for right in [300.0 * scale, w / 2.0, 0.0, w - 40.0] {
                        let canvas = Rect::new(
                            Vec2::new(0.0, 24.0 * scale),
                            Vec2::new(w - right, h - 24.0 * scale),
                        );
                        let p = Painter {
                            pal: Palette::of(Theme::Dark),
                            font: None,
                            scale,
                            labels: 1.0,
                        };
                        let cam = crate::app::camera::Camera::new(Vec2::ZERO, 1.0, canvas);
                        let badges = [Verdict::Separated, Verdict::Touching, Verdict::Overlapping]
                            .map(|v| p.badge_plate(&cam, v));
                        let placed = layout(&lines, canvas, &p);
                        let case = format!("{lang:?} {w}x{h} scale {scale} panel {right}");
                        let fps_shown = placed.first().is_some_and(|l| l.first);
                        assert!(fps_shown || w - right < 100.0, "{case}: no fps line");
                        if w > 1000.0 && w - right > 300.0 {
                            assert!(placed.len() >= lines.len(), "{case}: lines left out");
                        }
                        for l in &placed {
                            let r = l.plate;
                            assert!(
                                r.min.x >= canvas.min.x
                                    && r.max.x <= canvas.max.x
                                    && r.min.y >= canvas.min.y
                                    && r.max.y <= canvas.max.y,
                                "{case}: {:?} at {r:?} leaves the canvas {canvas:?}",
                                l.text
                            );
                            for b in &badges {
                                let apart = r.max.x <= b.min.x
                                    || b.max.x <= r.min.x
                                    || r.max.y <= b.min.y
                                    || b.max.y <= r.min.y;
                                assert!(apart, "{case}: {:?} at {r:?} on the badge {b:?}", l.text);
                            }
                            assert!(r.min.y >= p.flag_band(canvas).max.y, "{case}: in the band");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_overlay_gives_fps_and_where_the_frame_went() {
        let mut t = FrameTimes::default();
        assert_eq!(t.fps(), None);
        assert_eq!(t.lines().len(), 1);
        for k in 0..200 {
            t.push(FrameSample {
                interval_ms: if k % 2 == 0 { 10.0 } else { 30.0 },
                parts_ms: [1.0, 2.0, 3.0, 4.0],
            });
        }
        t.push(FrameSample {
            interval_ms: f64::NAN,
            parts_ms: [0.0; 4],
        });
        assert_eq!(t.samples.len(), KEPT);
        let fps = t.fps().unwrap_or(0.0);
        assert!((fps - 50.0).abs() < 1e-9, "{fps}");
        assert_eq!(t.worst_ms(), 30.0);
        let lines = crate::app::i18n::with_lang(crate::app::i18n::Lang::En, || t.lines());
        assert_eq!(lines.len(), 2 + part_names().len());
        assert!(
            lines[0].starts_with("50.0 fps · frame 20.00 ms"),
            "{}",
            lines[0]
        );
        assert_eq!(lines[3], "canvas drawing: 3.00 ms");
        assert_eq!(lines[5], "waiting (input, display): 10.00 ms");
    }
}
