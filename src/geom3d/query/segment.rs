//! Closest points between segments in 3D.

use glam::{DVec3, Vec3};

/// Closest points `(on [p1, q1], on [p2, q2])` of two closed segments,
/// either possibly a point.
///
/// Ericson, *Real-Time Collision Detection*, 5.1.9 (`ClosestPtSegmentSegment`):
/// minimise `|p1 + s d1 − p2 − t d2|²` over `s, t ∈ [0, 1]`: solve for `s` on
/// the lines, clamp, compute `t` for that `s`, clamp `t` and recompute `s`.
/// Parallel segments (denominator 0) take `s = 0`. In `f64`.
#[inline]
pub fn closest_points_segments(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3) -> (Vec3, Vec3) {
    let (s, t) = segment_params(p1.as_dvec3(), q1.as_dvec3(), p2.as_dvec3(), q2.as_dvec3());
    let (p1d, p2d) = (p1.as_dvec3(), p2.as_dvec3());
    (
        (p1d + (q1.as_dvec3() - p1d) * s).as_vec3(),
        (p2d + (q2.as_dvec3() - p2d) * t).as_vec3(),
    )
}

/// The parameters `(s, t)` in [0, 1] of the closest points (see
/// [`closest_points_segments`]).
#[inline]
pub(crate) fn segment_params(p1: DVec3, q1: DVec3, p2: DVec3, q2: DVec3) -> (f64, f64) {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.length_squared();
    let e = d2.length_squared();
    let f = d2.dot(r);
    if a <= 0.0 && e <= 0.0 {
        return (0.0, 0.0);
    }
    if a <= 0.0 {
        return (0.0, (f / e).clamp(0.0, 1.0));
    }
    let c = d1.dot(r);
    if e <= 0.0 {
        return ((-c / a).clamp(0.0, 1.0), 0.0);
    }
    let b = d1.dot(d2);
    let denom = a * e - b * b;
    let mut s = if denom > 1e-12 * a * e {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t)
}

/// Closest point of the closed segment `[p, q]` to `x`.
#[inline]
pub fn closest_point_on_segment(x: Vec3, p: Vec3, q: Vec3) -> Vec3 {
    let d = q - p;
    let l = d.length_squared();
    if l <= 0.0 {
        return p;
    }
    p + d * ((x - p).dot(d) / l).clamp(0.0, 1.0)
}

/// Closest point of the closed triangle `abc` to `p`, by Voronoi regions
/// (Ericson 5.1.5, `ClosestPtPointTriangle`). Degenerate triangles give the
/// closest point of their best edge.
#[inline]
pub fn closest_point_on_triangle(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> Vec3 {
    let (pd, ad, bd, cd) = (p.as_dvec3(), a.as_dvec3(), b.as_dvec3(), c.as_dvec3());
    let (ab, ac, ap) = (bd - ad, cd - ad, pd - ad);
    let d1 = ab.dot(ap);
    let d2 = ac.dot(ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = pd - bd;
    let d3 = ab.dot(bp);
    let d4 = ac.dot(bp);
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return (ad + ab * (d1 / (d1 - d3))).as_vec3();
    }
    let cp = pd - cd;
    let d5 = ab.dot(cp);
    let d6 = ac.dot(cp);
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return (ad + ac * (d2 / (d2 - d6))).as_vec3();
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return (bd + (cd - bd) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)))).as_vec3();
    }
    let sum = va + vb + vc;
    if !sum.is_finite() || sum <= 0.0 {
        let cands = [
            closest_point_on_segment(p, a, b),
            closest_point_on_segment(p, b, c),
            closest_point_on_segment(p, c, a),
        ];
        return cands
            .into_iter()
            .min_by(|x, y| {
                (*x - p)
                    .length_squared()
                    .total_cmp(&(*y - p).length_squared())
            })
            .unwrap_or(a);
    }
    (ad + ab * (vb / sum) + ac * (vc / sum)).as_vec3()
}
