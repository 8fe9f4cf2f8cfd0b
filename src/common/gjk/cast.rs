//! GJK ray cast: when B, moving by a translation, first touches A (van den
//! Bergen, "Ray casting against general convex objects with application to
//! continuous collision detection", 2004; his book §4.3.3). One loop for
//! both dimensions over the same [`Support`] and [`Space`] as [`gjk`].
//!
//! B moved by `λ m` touches A when the origin lies in `C + λ m`, that is
//! when the ray `x(λ) = −λ m` from the origin enters `C = B − A`. The loop
//! runs GJK between the point `x` and `C`, and moves `x` forward to every
//! supporting plane of `C` that separates it:
//!
//! ```text
//! λ ← 0, x ← 0, d ← −(centre_B − centre_A), simplex ← ∅
//! loop: p ← support_C(d)                (C lies on the side p·d ≥ y·d)
//!       gap ← (x − p)·d̂
//!       gap > ε:  r·d ≥ 0 → miss (the ray never crosses the plane)
//!                 λ ← λ + gap / (−r·d̂); λ > 1 → miss; x ← λ r; n ← −d̂
//!       add p; the vertices become p_i − x; solve: u nearest the origin
//!       enclosed or |u| ≤ ε → hit at λ, normal n (from A to B)
//!       d ← search(simplex)               (−u in space)
//! ```
//!
//! # Error bound
//!
//! Every step lands `x` on a supporting plane of `C`, so `x` never enters
//! `C`: the returned `λ` is never later than the exact first touch (up to
//! `f64` rounding of the plane, about 1e-16 of `C`'s coordinates over the
//! closing speed). The loop stops when `x` is within `ε = 1e-10 · S` of
//! `C`, `S` the largest `|p|` of the supports found (the pair's size plus
//! its separation, relative to the supports' frame): the shapes at `λ` are
//! apart by at most `ε` (the returned `distance`, `|u|`). A stall (no
//! progress, rounding) or [`MAX_ITERS`] ends the loop with whatever `|u|`
//! it reached; the caller judges that distance. A miss is certified by a
//! plane (`gap > ε`) the ray moves away from or along, or by `λ > 1`.
//! Precision as [`gjk`]: `f32` data, `f64` supports and arithmetic.
//!
//! [`gjk`]: super::gjk

use super::{Simplex, Space, Support, MAX_ITERS};

/// `ε / S`: the distance, relative to the supports' size, at which `x`
/// counts as on `C` (see the error bound).
pub(crate) const TOUCH: f64 = 1e-10;

/// Where the ray entered `C`: B touches A at `t`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CastHit<V> {
    /// The time in `[0, 1]`: B moved by `t · motion`.
    pub t: f64,
    /// Unit normal from A to B: the last supporting plane that moved the
    /// ray (zero when none did: touching at `t = 0`).
    pub normal: V,
    /// The point on A at `t` (the weighted witnesses, frame of the supports).
    pub a: V,
    /// The point on B moved to `t`.
    pub b: V,
    /// `|u|`: an upper bound of the distance between the shapes at `t`.
    pub distance: f64,
    /// Supports taken.
    pub iterations: u32,
}

/// What the cast found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cast<V> {
    /// The touch, or `None` for a certified miss within `[0, 1]`.
    pub hit: Option<CastHit<V>>,
    /// A lower bound of the distance at `t = 0` (the first plane that moved
    /// the ray; 0 when none separated the start).
    pub apart_at_start: f64,
    /// `S`: the largest `|p|` of the supports found.
    pub scale: f64,
}

/// Casts B moving by `motion` (B's motion relative to A, over `t ∈ [0, 1]`)
/// against A (see the module doc); leaves its last simplex in `s`, its
/// vertices' `w` relative to the ray's end `x = −t · motion`.
pub(crate) fn cast<V: Space, S: Support<V>>(shapes: &S, motion: V, s: &mut Simplex<V>) -> Cast<V> {
    let r = -motion;
    let (mut lambda, mut x, mut normal) = (0.0f64, V::ZERO, V::ZERO);
    let mut apart_at_start = 0.0;
    let mut d = -shapes.first_direction();
    if d.dot(d) == 0.0 {
        d = V::AXIS;
    }
    s.n = 0;
    let (mut scale2, mut best) = (0.0f64, f64::INFINITY);
    let miss = |apart_at_start, scale2: f64| Cast {
        hit: None,
        apart_at_start,
        scale: scale2.sqrt(),
    };
    let mut iterations = 0;
    while iterations < MAX_ITERS as u32 {
        iterations += 1;
        let w = shapes.support(d);
        scale2 = scale2.max(w.w.dot(w.w));
        let eps = TOUCH * scale2.sqrt();
        let dn = d.dot(d).sqrt();
        let gap = (x - w.w).dot(d) / dn;
        let moved = gap > eps;
        if moved {
            let rd = r.dot(d) / dn;
            if rd >= 0.0 {
                return miss(apart_at_start, scale2);
            }
            if lambda == 0.0 {
                apart_at_start = gap;
            }
            lambda -= gap / rd;
            if lambda > 1.0 {
                return miss(apart_at_start, scale2);
            }
            x = r * lambda;
            normal = -(d * (1.0 / dn));
            best = f64::INFINITY;
        }
        let repeated = s.vertices().iter().any(|y| y.a == w.a && y.b == w.b);
        if !repeated {
            s.push(w);
        } else if !moved {
            break;
        }
        for y in &mut s.v[..s.n] {
            y.w = (y.b - y.a) - x;
        }
        if s.n == 1 {
            // The solvers leave a lone vertex (and its point) as they are.
            s.l[0] = 1.0;
            s.p = s.v[0].w;
        }
        let enclosed = V::solve(s);
        let u = s.point();
        let uu = u.dot(u);
        if enclosed || uu <= eps * eps || (!moved && uu >= best) {
            break;
        }
        best = uu;
        d = V::search(s);
    }
    let (a, b) = s.witnesses();
    let u = s.point();
    Cast {
        hit: Some(CastHit {
            t: lambda,
            normal,
            a,
            b: b - x,
            distance: u.dot(u).sqrt(),
            iterations,
        }),
        apart_at_start,
        scale: scale2.sqrt(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cube, square, Sets};
    use super::*;
    use glam::{DVec2, DVec3};

    fn run<V: Space, S: Support<V>>(shapes: &S, motion: V) -> Cast<V> {
        let mut s = Simplex::new(shapes.support(V::AXIS));
        cast(shapes, motion, &mut s)
    }

    #[test]
    fn one_loop_casts_a_square_and_a_cube_onto_their_twins() {
        // Half-size 1, B 5 along x moving by −10 with a sideways drift: the
        // faces meet after B has moved 3 along x, at t = 0.3.
        let flat = run(
            &Sets(square(DVec2::ZERO), square(DVec2::new(5.0, 0.5))),
            DVec2::new(-10.0, 0.4),
        );
        let solid = run(
            &Sets(cube(DVec3::ZERO), cube(DVec3::new(5.0, 0.5, -0.25))),
            DVec3::new(-10.0, 0.4, 0.3),
        );
        let (h2, h3) = (flat.hit.unwrap(), solid.hit.unwrap());
        assert!((h2.t - 0.3).abs() < 1e-12 && (h3.t - 0.3).abs() < 1e-12);
        assert!((h2.normal - DVec2::X).length() < 1e-9, "{:?}", h2.normal);
        assert!((h3.normal - DVec3::X).length() < 1e-9, "{:?}", h3.normal);
        assert!((h3.a.x - 1.0).abs() < 1e-9 && (h3.b.x - 1.0).abs() < 1e-9);
        assert!(h3.distance <= TOUCH * solid.scale);
        // The first plane (centre to centre) bounds the start's gap of 3.
        assert!(solid.apart_at_start > 0.0 && solid.apart_at_start <= 3.0 + 1e-12);
    }

    #[test]
    fn a_miss_by_moving_away_too_short_or_passing_by_is_certified() {
        let pair = Sets(cube(DVec3::ZERO), cube(DVec3::new(5.0, 0.0, 0.0)));
        for m in [
            DVec3::new(10.0, 0.0, 0.0),
            DVec3::new(-2.9, 0.0, 0.0),
            DVec3::new(-10.0, 10.0, 0.0),
            DVec3::ZERO,
        ] {
            assert!(run(&pair, m).hit.is_none(), "{m}");
        }
        // Exactly grazing (B's edge reaches A's at t = 0.5): a touch.
        let h = run(&pair, DVec3::new(-6.0, 4.0, 0.0)).hit.unwrap();
        assert!((h.t - 0.5).abs() < 1e-9, "{h:?}");
    }

    #[test]
    fn overlapping_at_the_start_is_t_zero() {
        let pair = Sets(cube(DVec3::ZERO), cube(DVec3::new(1.5, 0.3, 0.2)));
        let c = run(&pair, DVec3::new(3.0, 0.0, 0.0));
        let h = c.hit.unwrap();
        assert_eq!((h.t, c.apart_at_start), (0.0, 0.0));
        assert_eq!(h.normal, DVec3::ZERO);
    }
}
