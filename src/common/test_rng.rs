//! The unit tests' random numbers: SplitMix64, seeded, the same stream
//! on every run.

use glam::Vec3;

/// SplitMix64 from the seed it holds.
pub(crate) struct Rng(pub u64);

impl Rng {
    /// A number in `[0, 1)` (24 bits).
    pub fn f(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A point in the cube `±s`.
    pub fn v(&mut self, s: f32) -> Vec3 {
        Vec3::new(self.f() - 0.5, self.f() - 0.5, self.f() - 0.5) * 2.0 * s
    }
}
