//! The world grid as pure data: which lines to draw and where the numbers
//! along the world axes go. Both modes draw from it (`draw.rs` with
//! rectangles, field mode into its software layer).
//!
//! Every walk over the view is bounded by a count, never by a float
//! comparison: far from the origin a small step is below the spacing of
//! `f32` (at x = 1e7 it is 1.0), and `x += step` would stop advancing.

use crate::app::camera::{Camera, Rect};
use crate::app::num;
use glam::Vec2;

/// At most this many lines per direction and step (an 8192-pixel canvas
/// at the smallest spacing, 22 px, needs 373).
pub const MAX_LINES: usize = 512;

/// Minor and major grid spacing on screen, pixels at UI scale 1.
const MINOR_PX: f32 = 22.0;
const MAJOR_PX: f32 = 90.0;

/// The values `k · step` (world units) inside `[lo, hi]`, ascending, at
/// most [`MAX_LINES`] of them, each distinct as an `f32`. Empty when the
/// input is not finite or the step is not positive.
pub fn lines(lo: f32, hi: f32, step: f32) -> Vec<f32> {
    let mut out = Vec::new();
    if !(lo.is_finite() && hi.is_finite() && step.is_finite() && step > 0.0 && lo <= hi) {
        return out;
    }
    let (lo64, hi64, s) = (lo as f64, hi as f64, step as f64);
    let first = (lo64 / s).ceil();
    let count = ((hi64 / s).floor() - first + 1.0)
        .max(0.0)
        .min(MAX_LINES as f64) as usize;
    for i in 0..count {
        let v = ((first + i as f64) * s) as f32;
        if v >= lo && v <= hi && out.last().is_none_or(|&l| l < v) {
            out.push(v);
        }
    }
    out
}

/// One set of grid lines, in world units.
#[derive(Debug, Clone, PartialEq)]
pub struct Lines {
    /// The spacing, world units.
    pub step: f32,
    /// x of each vertical line.
    pub xs: Vec<f32>,
    /// y of each horizontal line.
    pub ys: Vec<f32>,
}

/// The grid of one view: minor and major lines, and where the axis
/// numbers go.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// Thin lines.
    pub minor: Lines,
    /// Stronger lines, numbered.
    pub major: Lines,
    /// Screen point the numbers hang from: the world origin, kept inside
    /// the canvas (pixels).
    pub anchor: Vec2,
}

impl Grid {
    /// The grid `cam` shows at UI `scale`.
    pub fn of(cam: &Camera, scale: f32) -> Grid {
        let (lo, hi) = cam.visible();
        let set = |px: f32| {
            let step = cam.grid_step(px * scale);
            Lines {
                step,
                xs: lines(lo.x, hi.x, step),
                ys: lines(lo.y, hi.y, step),
            }
        };
        Grid {
            minor: set(MINOR_PX),
            major: set(MAJOR_PX),
            anchor: label_anchor(cam.to_screen(Vec2::ZERO), cam.canvas, scale),
        }
    }

    /// The numbered major lines: (text, screen position of its top left).
    /// The origin's "0" comes last.
    pub fn labels(&self, cam: &Camera) -> Vec<(String, Vec2)> {
        let step = self.major.step;
        let a = self.anchor;
        let mut out = Vec::new();
        for &x in &self.major.xs {
            if x.abs() > step * 0.01 {
                let sx = cam.to_screen(Vec2::new(x, 0.0)).x;
                out.push((number(x, step), Vec2::new(sx + 3.0, a.y + 3.0)));
            }
        }
        for &y in &self.major.ys {
            if y.abs() > step * 0.01 {
                let sy = cam.to_screen(Vec2::new(0.0, y)).y;
                out.push((number(y, step), Vec2::new(a.x + 3.0, sy + 3.0)));
            }
        }
        out.push(("0".to_string(), a + Vec2::splat(3.0)));
        out
    }
}

/// Where the axis numbers hang: the origin `o` (screen), kept 4 px inside
/// the canvas's top left and 40 px (times `scale`) inside its bottom right.
/// A canvas too small for both margins gets the top-left one; a point that
/// is not finite goes to the canvas's corner. Never panics.
pub fn label_anchor(o: Vec2, canvas: Rect, scale: f32) -> Vec2 {
    let lo = canvas.min + Vec2::splat(4.0);
    let hi = canvas.max - Vec2::splat(40.0 * scale);
    let pick = |v: f32, lo: f32, hi: f32| {
        if v.is_finite() {
            v.min(hi).max(lo)
        } else {
            lo
        }
    };
    Vec2::new(pick(o.x, lo.x, hi.x), pick(o.y, lo.y, hi.y))
}

/// `v` with as many decimals as `step` needs; never "-0".
pub fn number(v: f32, step: f32) -> String {
    let decimals = if step > 0.0 && step.is_finite() {
        num::clamp(-step.log10().floor(), 0.0, 9.0) as usize
    } else {
        0
    };
    let s = format!("{v:.decimals$}");
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_the_multiples_of_the_step_in_view() {
        assert_eq!(lines(-1.0, 2.5, 1.0), vec![-1.0, 0.0, 1.0, 2.0]);
        assert_eq!(lines(0.1, 0.9, 1.0), Vec::<f32>::new());
        assert!(lines(f32::NAN, 1.0, 1.0).is_empty());
        assert!(lines(0.0, 1.0, 0.0).is_empty());
        assert!(lines(2.0, 1.0, 1.0).is_empty());
    }

    #[test]
    fn far_from_the_origin_the_walk_ends() {
        // At 1e7 the f32 spacing is 1.0: 0.0044 steps collapse to a few
        // distinct values, and the count stays bounded.
        let v = lines(1.0e7 - 0.2, 1.0e7 + 0.2, 0.0044);
        assert!(v.len() <= 2, "{v:?}");
        let v = lines(-1.0e30, 1.0e30, 1.0e-3);
        assert!(v.len() <= MAX_LINES);
        let v = lines(-f32::MAX, f32::MAX, 1.0e-3);
        assert!(v.len() <= MAX_LINES);
    }

    #[test]
    fn the_anchor_survives_tiny_canvases() {
        let r = Rect::new(Vec2::ZERO, Vec2::new(20.0, 10.0));
        let a = label_anchor(Vec2::new(100.0, -50.0), r, 2.0);
        assert_eq!(a, Vec2::new(4.0, 4.0));
        let a = label_anchor(Vec2::NAN, r, 1.0);
        assert!(a.is_finite());
        let big = Rect::new(Vec2::ZERO, Vec2::new(800.0, 600.0));
        assert_eq!(
            label_anchor(Vec2::new(400.0, 900.0), big, 1.0),
            Vec2::new(400.0, 560.0)
        );
    }

    #[test]
    fn numbers_have_no_negative_zero() {
        assert_eq!(number(-0.0001, 1.0), "0");
        assert_eq!(number(-2.0, 1.0), "-2");
        assert_eq!(number(0.25, 0.05), "0.25");
        assert_eq!(number(3.0, f32::NAN), "3");
    }
}
