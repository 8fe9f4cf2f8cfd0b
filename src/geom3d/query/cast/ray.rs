//! Space's side of the GJK ray cast ([`crate::common::gjk::cast`]): two
//! polytope pieces, the impact it finds with the facet normal of `B − A`
//! where the ray entered it.

use super::impact::{Impact3, ImpactPath3};
use crate::common::gjk::{self, Cast, Simplex, Vertex};
use crate::geom3d::query::gjk::Pair;
use crate::geom3d::query::piece::{Core, Piece};
use glam::{DVec3, Vec3};

/// A simplex vertex within this much of the ray's last plane, relative to
/// the pair's size `S`, lies on the facet the ray entered (far above the
/// `f64` rounding of the plane, about 1e-15 `S`; below the `f32` data's own
/// resolution, 6e-8 `S`, so a vertex of another facet is never taken).
const ON_PLANE: f64 = 1e-9;
/// A facet triangle whose sine between its edges is below this is too
/// thin to give a normal.
const THIN: f64 = 1e-6;

/// True when both pieces are polytopes without radius and bounded: the
/// pairs the ray cast answers.
pub(super) fn castable(p: &Piece, q: &Piece) -> bool {
    let polytope = |x: &Piece| x.radius == 0.0 && !matches!(x.core, Core::Ray { .. });
    polytope(p) && polytope(q)
}

/// The ray cast of `q` moving by `v` against the fixed `p`, with the
/// simplex it ended with.
pub(super) fn cast(p: &Piece, q: &Piece, v: Vec3) -> (Cast<DVec3>, Simplex<DVec3>) {
    let mut s = Simplex::new(Vertex::new(DVec3::ZERO, DVec3::ZERO));
    let c = gjk::cast(&Pair::whole(p, q), v.as_dvec3(), &mut s);
    (c, s)
}

/// The impact of a ray cast that hit (relative to A's position), `None`
/// when it did not.
pub(super) fn impact(c: &Cast<DVec3>, s: &Simplex<DVec3>) -> Option<Impact3> {
    let h = c.hit?;
    let normal = facet_normal(s, h.normal, c.scale).unwrap_or(h.normal);
    Some(Impact3 {
        t: h.t as f32,
        point: ((h.a + h.b) * 0.5).as_vec3(),
        // `+ 0` writes a zero component as 0, not −0.
        normal: normal.as_vec3() + Vec3::ZERO,
        distance: h.distance as f32,
        iterations: h.iterations,
        path: ImpactPath3::RayCast,
    })
}

/// The normal (from A to B) of the facet of `B − A` the ray entered: three
/// vertices of the final simplex on the last plane that moved the ray
/// (`n`, from A to B), their cross product; exact in the data where the
/// plane's own normal carries the solver's rounding (a face of an
/// axis-aligned box comes out with its zero components exactly zero).
/// `None` when no such triangle is in the simplex (the ray entered at an
/// edge or a corner of `B − A`, or at rest).
fn facet_normal(s: &Simplex<DVec3>, n: DVec3, scale: f64) -> Option<DVec3> {
    if n == DVec3::ZERO {
        return None;
    }
    // The vertices relative to the ray's end `x`: on the plane, `w · n ≈ 0`.
    let v = s.vertices();
    let on = |i: usize| v[i].w.dot(n).abs() <= ON_PLANE * scale;
    const TRIPLES: [[usize; 3]; 4] = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
    TRIPLES
        .iter()
        .filter(|t| t.iter().all(|&i| i < v.len()) && t.iter().all(|&i| on(i)))
        .find_map(|t| {
            let (e1, e2) = (v[t[1]].w - v[t[0]].w, v[t[2]].w - v[t[0]].w);
            let c = e1.cross(e2);
            let l = c.length();
            if l <= THIN * e1.length() * e2.length() {
                return None;
            }
            let f = if c.dot(n) < 0.0 { -c / l } else { c / l };
            (f.dot(n) >= 1.0 - THIN).then_some(f)
        })
}
