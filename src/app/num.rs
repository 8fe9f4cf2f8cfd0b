//! Numbers for the window: clamps that never panic, and the one way a
//! number is written with a fixed count of decimals ([`fixed`]).
//!
//! Clamps that never panic. `f32::clamp` and `Ord::clamp` panic when the
//! lower bound exceeds the upper one (a canvas narrower than its margins)
//! or a bound is NaN; the window must not. clippy's `disallowed_methods`
//! keeps the panicking ones out of `src/app`.

use glam::Vec2;

/// `v` limited to `[lo, hi]`; when `lo > hi`, `hi` wins; a NaN `v` gives
/// `lo` (or `hi` if that is smaller), a NaN bound is ignored.
pub fn clamp(v: f32, lo: f32, hi: f32) -> f32 {
    v.max(lo).min(hi)
}

/// [`clamp`] for each coordinate.
pub fn clamp_vec(v: Vec2, lo: Vec2, hi: Vec2) -> Vec2 {
    Vec2::new(clamp(v.x, lo.x, hi.x), clamp(v.y, lo.y, hi.y))
}

/// `v` limited to `[lo, hi]` for whole numbers; when `lo > hi`, `hi` wins.
pub fn clamp_index<T: Ord>(v: T, lo: T, hi: T) -> T {
    v.max(lo).min(hi)
}

/// `v` with `decimals` decimals, as every panel, label and caption writes
/// it: never a negative zero (`-0.00` is `0.00`), and `—` for a value that
/// is not finite.
pub fn fixed(v: f32, decimals: usize) -> String {
    if !v.is_finite() {
        return "—".to_string();
    }
    let s = format!("{v:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

/// The least size, world units, a view frames for shapes `reach` units
/// from the origin (the largest coordinate's magnitude): 1e-4 of that
/// reach, at least 1e-4, about what `f32` can still place there. The 2D
/// and 3D views both floor their frames with it, never a fixed length.
pub fn frame_floor(reach: f32) -> f32 {
    1e-4 * reach.max(1.0)
}

/// `v` as [`fixed`] writes it with `decimals` decimals for shapes about a
/// unit across, and one more decimal for each factor of ten that `size`
/// (the shapes' size, world units) falls below 1 (at most 6 more), so a
/// gap of 4e-5 between shapes 1e-3 across reads "0.0000400", not "0.00".
pub fn at_size(v: f32, decimals: usize, size: f32) -> String {
    let more = if size.is_finite() && size > 0.0 && size < 1.0 {
        (-size.log10()).ceil().min(6.0) as usize
    } else {
        0
    };
    fixed(v, decimals + more)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_shapes_get_more_decimals() {
        assert_eq!(at_size(0.5303, 2, 2.0), "0.53");
        assert_eq!(at_size(0.5303, 2, 1.0), "0.53");
        assert_eq!(at_size(4e-5, 2, 1e-3), "0.00004");
        assert_eq!(at_size(4e-5, 3, 5e-4), "0.0000400");
        assert_eq!(at_size(1.0, 2, 0.0), "1.00");
        assert_eq!(at_size(1.0, 2, f32::NAN), "1.00");
        assert_eq!(at_size(1e-12, 2, 1e-30), "0.00000000");
    }

    #[test]
    fn fixed_numbers_have_no_negative_zero() {
        assert_eq!(fixed(-0.0, 2), "0.00");
        assert_eq!(fixed(-0.004, 2), "0.00");
        assert_eq!(fixed(-0.005_1, 2), "-0.01");
        assert_eq!(fixed(-4.0, 2), "-4.00");
        assert_eq!(fixed(-0.00001, 4), "0.0000");
        assert_eq!(fixed(f32::NAN, 3), "—");
        assert_eq!(fixed(2.5, 0), "2");
        assert_eq!(fixed(-0.4, 0), "0");
    }

    #[test]
    fn crossed_and_nan_bounds_do_not_panic() {
        assert_eq!(clamp(5.0, 0.0, 1.0), 1.0);
        assert_eq!(clamp(-5.0, 0.0, 1.0), 0.0);
        assert_eq!(clamp(0.5, 4.0, -36.0), -36.0);
        assert_eq!(clamp(f32::NAN, 0.0, 1.0), 0.0);
        assert_eq!(clamp(0.5, f32::NAN, 1.0), 0.5);
        assert_eq!(clamp_index(7usize, 3, 1), 1);
        assert_eq!(
            clamp_vec(Vec2::new(9.0, -9.0), Vec2::ZERO, Vec2::ONE),
            Vec2::new(1.0, 0.0)
        );
    }
}
