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

#[cfg(test)]
mod tests {
    use super::*;

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
