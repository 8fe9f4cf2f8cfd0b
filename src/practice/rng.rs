//! The practice generator's own random source: SplitMix64 (Steele, Lea and
//! Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014),
//! written out so that a seed means the same set on every machine and in
//! every version that keeps [`GENERATOR_VERSION`](super::GENERATOR_VERSION).

/// SplitMix64: a 64-bit state advanced by the golden-ratio increment and
/// mixed on output. Not for cryptography.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator of question `number` of the set with `seed`: each
    /// question has its own stream, so question 7 is the same whatever the
    /// set's length.
    pub fn for_question(seed: u64, number: u32) -> Rng {
        let mut mix = Rng::new(seed ^ u64::from(number).wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng::new(mix.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, from the top 24 bits (exact in `f32`).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform in `[lo, hi)` rounded to a multiple of `step`: the numbers a
    /// set is written with, so its scene text is the same everywhere.
    pub fn stepped(&mut self, lo: f32, hi: f32, step: f32) -> f32 {
        snap(self.range(lo, hi), step)
    }

    /// Uniform in `0..n` (`n` ≥ 1; 0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }

    /// A whole number of degrees in `[0, 360)`.
    pub fn degrees(&mut self) -> f32 {
        self.below(360) as f32
    }
}

/// `x` rounded to a multiple of `step` (a unit fraction such as 0.05), as
/// the f32 nearest that decimal: `k / n` with `n = 1 / step` a whole
/// number, so 0.9 is written `0.9`, not `0.90000004`.
pub fn snap(x: f32, step: f32) -> f32 {
    let n = (1.0 / step).round();
    // `+ 0.0` turns -0 into 0, so it is written `0`.
    (x * n).round() / n + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_stream() {
        // The first outputs of SplitMix64 from seed 0, as the reference
        // implementation (Vigna, splitmix64.c) prints them.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn unit_stays_in_range_and_below_covers_every_value() {
        let mut r = Rng::new(42);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            seen[r.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(0), 0);
    }

    #[test]
    fn snapped_numbers_are_the_nearest_f32_of_their_decimal() {
        assert_eq!(snap(0.8999, 0.05), 0.9);
        assert_eq!(snap(-1.23, 0.05), -1.25);
        assert_eq!(snap(0.4449, 0.01), 0.44);
        assert_eq!(snap(37.4, 1.0), 37.0);
        assert!(snap(-0.01, 0.05).is_sign_positive());
    }
}
