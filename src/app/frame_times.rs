//! The frame-time overlay's numbers (issue 28, item 28): the last frames'
//! times, where each frame went and the frames per second, as physics
//! testbeds show them. Pure; the shell measures and draws.

use crate::app::i18n::{tr, trf};
use std::collections::VecDeque;

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
