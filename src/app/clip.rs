//! Screen-space clipping for the painter: a segment cut to the canvas, and
//! a dash pattern along it with a bounded count. A ray that starts at
//! x = −1e10 is billions of pixels long on screen; only the part inside the
//! canvas is walked, and never more than [`MAX_DASHES`] pieces.

use crate::app::camera::Rect;
use glam::Vec2;

/// At most this many dashes on one line (a diagonal of an 8192² canvas
/// at the shortest pattern, 10 px, needs about 1,160).
pub const MAX_DASHES: usize = 2048;

/// The part of segment `a`–`b` inside `r` grown by `margin` pixels
/// (Liang–Barsky), or `None` when it misses or is not finite.
pub fn segment(a: Vec2, b: Vec2, r: Rect, margin: f32) -> Option<(Vec2, Vec2)> {
    if !(a.is_finite() && b.is_finite()) {
        return None;
    }
    // f64: a start billions of pixels away still clips to the pixel.
    let (lo, hi) = (r.min - Vec2::splat(margin), r.max + Vec2::splat(margin));
    let (ax, ay) = (a.x as f64, a.y as f64);
    let (dx, dy) = (b.x as f64 - ax, b.y as f64 - ay);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, ax - lo.x as f64),
        (dx, hi.x as f64 - ax),
        (-dy, ay - lo.y as f64),
        (dy, hi.y as f64 - ay),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    let at = |t: f64| Vec2::new((ax + dx * t) as f32, (ay + dy * t) as f32);
    (t0 <= t1).then(|| (at(t0), at(t1)))
}

/// The dashes (`on` pixels drawn, `off` skipped) of `a`–`b` that fall in
/// `r`, in the phase they would have from `a`, at most [`MAX_DASHES`].
pub fn dashes(a: Vec2, b: Vec2, on: f32, off: f32, r: Rect) -> Vec<(Vec2, Vec2)> {
    dashes_from(a, b, on, off, r, 0.0)
}

/// The dashes of the polyline `pts` (closed back to its first point when
/// `closed`) that fall in `r`, the pattern running on from edge to edge,
/// so an outline of many short edges (a circle) is dashed, not solid; at
/// most [`MAX_DASHES`] an edge.
pub fn polyline_dashes(
    pts: &[Vec2],
    closed: bool,
    on: f32,
    off: f32,
    r: Rect,
) -> Vec<(Vec2, Vec2)> {
    let n = pts.len();
    let edges = if closed { n } else { n.saturating_sub(1) };
    let mut out = Vec::new();
    let mut run = 0.0f32;
    for k in 0..edges {
        let (a, b) = (pts[k], pts[(k + 1) % n]);
        out.extend(dashes_from(a, b, on, off, r, run));
        let len = a.distance(b);
        if len.is_finite() {
            run = (run + len) % (on + off);
        }
    }
    out
}

/// [`dashes`] with the pattern already `start` pixels along at `a`.
fn dashes_from(a: Vec2, b: Vec2, on: f32, off: f32, r: Rect, start: f32) -> Vec<(Vec2, Vec2)> {
    let mut out = Vec::new();
    let period = on + off;
    if !(period.is_finite() && period > 0.0 && on > 0.0) {
        return out;
    }
    let Some((p, q)) = segment(a, b, r, on) else {
        return out;
    };
    let len = p.distance(q);
    let Some(dir) = (q - p).try_normalize() else {
        return out;
    };
    // Where in the pattern `p` falls: how far it is from `a`, modulo the
    // period (only the phase needs that long distance; far away it is
    // rounded, which shifts the pattern, nothing more).
    let from_a = (p - a).dot(dir) as f64 + f64::from(start);
    let phase = if from_a.is_finite() {
        from_a.rem_euclid(period as f64) as f32
    } else {
        0.0
    };
    let count = (((len + phase) / period).ceil().max(0.0) as usize).min(MAX_DASHES);
    for k in 0..count {
        let t = k as f32 * period - phase;
        let (from, to) = (t.max(0.0), (t + on).min(len));
        if to > from {
            out.push((p + dir * from, p + dir * to));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A circle of 64 edges about 5 px long: dashed 8 on, 6 off, it is
    /// drawn over 8/14 of its length, not all of it.
    #[test]
    fn a_polyline_of_short_edges_is_dashed_along_its_length() {
        let pts: Vec<Vec2> = (0..64)
            .map(|k| {
                let t = k as f32 / 64.0 * std::f32::consts::TAU;
                Vec2::new(400.0, 300.0) + 50.0 * Vec2::new(t.cos(), t.sin())
            })
            .collect();
        let perimeter: f32 = (0..64).map(|k| pts[k].distance(pts[(k + 1) % 64])).sum();
        let d = polyline_dashes(&pts, true, 8.0, 6.0, canvas());
        let drawn: f32 = d.iter().map(|(p, q)| p.distance(*q)).sum();
        let share = drawn / perimeter;
        assert!((share - 8.0 / 14.0).abs() < 0.05, "{share}");
        // Edge by edge, each short edge would start a dash: solid.
        let solid: f32 = (0..64)
            .flat_map(|k| dashes(pts[k], pts[(k + 1) % 64], 8.0, 6.0, canvas()))
            .map(|(p, q)| p.distance(q))
            .sum();
        assert!(solid / perimeter > 0.99);
    }

    fn canvas() -> Rect {
        Rect::new(Vec2::ZERO, Vec2::new(800.0, 600.0))
    }

    #[test]
    fn a_segment_is_cut_to_the_canvas() {
        let (p, q) = segment(
            Vec2::new(-100.0, 300.0),
            Vec2::new(900.0, 300.0),
            canvas(),
            0.0,
        )
        .unwrap();
        assert_eq!((p, q), (Vec2::new(0.0, 300.0), Vec2::new(800.0, 300.0)));
        assert!(segment(
            Vec2::new(-10.0, -10.0),
            Vec2::new(-5.0, 900.0),
            canvas(),
            0.0
        )
        .is_none());
        assert!(segment(Vec2::NAN, Vec2::ZERO, canvas(), 0.0).is_none());
    }

    #[test]
    fn dashes_inside_keep_their_pattern() {
        let d = dashes(
            Vec2::new(0.0, 10.0),
            Vec2::new(25.0, 10.0),
            6.0,
            4.0,
            canvas(),
        );
        assert_eq!(
            d,
            vec![
                (Vec2::new(0.0, 10.0), Vec2::new(6.0, 10.0)),
                (Vec2::new(10.0, 10.0), Vec2::new(16.0, 10.0)),
                (Vec2::new(20.0, 10.0), Vec2::new(25.0, 10.0)),
            ]
        );
    }

    #[test]
    fn a_line_from_far_away_is_walked_only_on_screen() {
        let d = dashes(
            Vec2::new(-1.0e10, 300.0),
            Vec2::new(400.0, 300.0),
            6.0,
            4.0,
            canvas(),
        );
        assert!(!d.is_empty() && d.len() <= 42, "{}", d.len());
        for (p, q) in &d {
            assert!(p.is_finite() && q.is_finite());
            assert!(p.x >= -6.0 && q.x <= 400.0 + 1e-3, "{p} {q}");
        }
        let huge = dashes(
            Vec2::new(-3.0e38, -3.0e38),
            Vec2::new(3.0e38, 3.0e38),
            0.01,
            0.01,
            canvas(),
        );
        assert!(huge.len() <= MAX_DASHES);
    }
}
