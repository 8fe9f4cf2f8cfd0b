use crate::common::CONTACT_TOLERANCE;
use crate::geom3d::query::tri_box::triangle_box_distance;
use glam::{DVec3, Mat3, Vec3};

/// Largest gap between the triangle `v` and the box `c ± h` over 13 axes
/// (Akenine-Möller, "Fast 3D triangle-box overlap testing", JGT 2001;
/// Ericson 5.2.9): the box's three face normals, the triangle's normal, and
/// the nine cross products of a box axis with a triangle edge. With the box
/// at the origin, the gap on `L` is `max(min_k v_k·L, −max_k v_k·L) − h·|L|`,
/// divided by `|L|` (world units). Positive = separated.
///
/// In `f64` from the `f32` data: the normal and the crosses of a long thin
/// triangle computed in `f32` tilt by their rounding over the triangle's
/// length (a triangle 1e4 long 0.06 from a box read as overlapping by
/// 0.08). Only exactly parallel crosses (`|L| = 0`) are skipped: the
/// face normals cover those.
pub fn triangle_aabb_max_gap(v: [Vec3; 3], c: Vec3, h: Vec3) -> f32 {
    let v = v.map(|p| p.as_dvec3() - c.as_dvec3());
    let h = h.as_dvec3();
    let axis_gap = |l: DVec3| {
        let (p0, p1, p2) = (v[0].dot(l), v[1].dot(l), v[2].dot(l));
        let lo = p0.min(p1).min(p2);
        let hi = p0.max(p1).max(p2);
        (lo.max(-hi) - h.dot(l.abs())) / l.length()
    };
    let mut best = f64::NEG_INFINITY;
    for e in [DVec3::X, DVec3::Y, DVec3::Z] {
        best = best.max(axis_gap(e));
    }
    let f = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    let n = f[0].cross(f[1]);
    if n != DVec3::ZERO {
        best = best.max(axis_gap(n));
    }
    for e in [DVec3::X, DVec3::Y, DVec3::Z] {
        for fj in f {
            let l = e.cross(fj);
            if l != DVec3::ZERO {
                best = best.max(axis_gap(l));
            }
        }
    }
    best as f32
}

/// [`triangle_aabb_max_gap`]'s verdict with a margin, stopping at the first
/// axis that decides: `Some(false)` at the first axis whose gap exceeds
/// `CONTACT_TOLERANCE + r` (apart), `Some(true)` when every gap is below
/// `−r` (overlap), `None` in between (the caller asks the exact distance).
/// `r` is the caller's rounding bound of the gaps, world units. The same
/// `f64` axes as [`triangle_aabb_max_gap`], each compared unnormalised
/// (`num > (tol + r) |L|`, squared: no root or division), box faces first:
/// the same verdict as comparing the largest gap with the two bounds.
pub(crate) fn triangle_aabb_decided(v: [Vec3; 3], h: Vec3, r: f32) -> Option<bool> {
    // Written out, not an array's `map` of a closure (which can be left a
    // call: PERFORMANCE.md, "array maps").
    let v = [v[0].as_dvec3(), v[1].as_dvec3(), v[2].as_dvec3()];
    let h = h.as_dvec3();
    let (apart, deep) = (f64::from(CONTACT_TOLERANCE + r), f64::from(r));
    let mut clear = true;
    // The unnormalised gap `num` on `l` (`|l|² = l2`): apart, or not deep.
    let mut judge = |num: f64, l2: f64| -> bool {
        if num > 0.0 && num * num > apart * apart * l2 {
            return true;
        }
        clear &= num < 0.0 && num * num > deep * deep * l2;
        false
    };
    for k in 0..3 {
        let (lo, hi) = (
            v[0][k].min(v[1][k]).min(v[2][k]),
            v[0][k].max(v[1][k]).max(v[2][k]),
        );
        if judge(lo.max(-hi) - h[k], 1.0) {
            return Some(false);
        }
    }
    let axis = |l: DVec3| {
        let (p0, p1, p2) = (v[0].dot(l), v[1].dot(l), v[2].dot(l));
        let (lo, hi) = (p0.min(p1).min(p2), p0.max(p1).max(p2));
        (lo.max(-hi) - h.dot(l.abs()), l.length_squared())
    };
    let f = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    let n = f[0].cross(f[1]);
    if n != DVec3::ZERO {
        let (num, l2) = axis(n);
        if judge(num, l2) {
            return Some(false);
        }
    }
    for e in [DVec3::X, DVec3::Y, DVec3::Z] {
        for fj in f {
            let l = e.cross(fj);
            if l != DVec3::ZERO {
                let (num, l2) = axis(l);
                if judge(num, l2) {
                    return Some(false);
                }
            }
        }
    }
    clear.then_some(true)
}

/// Triangle–AABB on 13 axes (see [`triangle_aabb_max_gap`]); in the contact
/// band the exact distance decides, as `distance` computes it.
pub fn triangle_aabb(v: [Vec3; 3], c: Vec3, h: Vec3) -> bool {
    let g = triangle_aabb_max_gap(v, c, h);
    if g > CONTACT_TOLERANCE {
        return false;
    }
    if g <= 0.0 {
        return true;
    }
    triangle_box_distance(v, c, Mat3::IDENTITY, h, true).distance <= CONTACT_TOLERANCE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator (xorshift), reproducible.
    struct Rng(u64);

    impl Rng {
        fn f(&mut self, lo: f32, hi: f32) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            lo + (hi - lo) * ((self.0 >> 40) as f32 / (1u64 << 24) as f32)
        }
        fn vec(&mut self, lo: f32, hi: f32) -> Vec3 {
            Vec3::new(self.f(lo, hi), self.f(lo, hi), self.f(lo, hi))
        }
    }

    #[test]
    fn the_early_exit_gives_the_largest_gaps_verdict() {
        // Triangles around thin and cubic boxes, many near touching: where
        // the early exit decides, the largest gap says the same with the
        // same margin; where it does not, the largest gap is in the band.
        let mut rng = Rng(0x5EED_0027);
        let (mut apart, mut deep, mut band) = (0, 0, 0);
        for k in 0..20_000 {
            let s = 10f32.powf(rng.f(-1.3, 1.3));
            let mut h = rng.vec(0.2, 1.0) * s;
            if k % 2 == 0 {
                h.z *= rng.f(0.01, 0.05);
            }
            let c = rng.vec(-1.2, 1.2) * (h + Vec3::splat(0.3 * s));
            let v = [0, 1, 2].map(|_| c + rng.vec(-0.5, 0.5) * s);
            let r = [0.0, 1e-6 * s, 3e-4 * s][k % 3];
            let g = triangle_aabb_max_gap(v, Vec3::ZERO, h);
            match triangle_aabb_decided(v, h, r) {
                Some(false) => {
                    apart += 1;
                    assert!(g > CONTACT_TOLERANCE + r * 0.999, "{k}: gap {g}, r {r}");
                }
                Some(true) => {
                    deep += 1;
                    assert!(g < -r * 0.999, "{k}: gap {g}, r {r}");
                }
                None => {
                    band += 1;
                    let slack = 1e-5 * (g.abs() + r);
                    assert!(
                        g <= CONTACT_TOLERANCE + r + slack && g >= -r - slack,
                        "{k}: gap {g}, r {r}"
                    );
                }
            }
        }
        assert!(
            apart > 1000 && deep > 1000 && band > 0,
            "{apart} {deep} {band}"
        );
    }
}
