//! The 3D algorithm panel: the classic closed-form test for the pair, its
//! steps with the numbers the decision used, read from the library's
//! functions in [`satlab::geom3d::classic`] (and the segment closest
//! points the capsule test uses). Pure: the panel shows the lines.
//!
//! Pairs with a closed form here: sphere–AABB (clamping), box–box (OBB–OBB
//! on 15 axes, Gottschalk / Ericson RTCD 4.4.1), ray–AABB (slabs) and
//! capsule–capsule (closest points of the core segments), in either order.

use crate::app::i18n::{tr, trf};
use crate::app::num;
use glam::{Mat3, Vec3};
use satlab::geom3d::query::segment::closest_points_segments;
use satlab::geom3d::{classic, Shape3};

fn v3(v: Vec3) -> String {
    format!(
        "({}, {}, {})",
        num::fixed(v.x, 3),
        num::fixed(v.y, 3),
        num::fixed(v.z, 3)
    )
}

fn f(v: f32) -> String {
    num::fixed(v, 4)
}

/// A box as the OBB test reads it: centre, axes (columns), half-extents.
fn as_box(s: &Shape3) -> Option<(Vec3, Mat3, Vec3)> {
    match s {
        Shape3::Aabb(b) => Some((b.center(), Mat3::IDENTITY, b.half_extents())),
        Shape3::Obb(b) => Some((b.center(), b.pose().matrix(), b.half_extents())),
        Shape3::Point(_)
        | Shape3::Segment(_)
        | Shape3::Ray(_)
        | Shape3::Sphere(_)
        | Shape3::Capsule(_)
        | Shape3::Triangle(_)
        | Shape3::Hull(_) => None,
    }
}

/// The working for `a` and `b`: a title and its numbered lines; `None`
/// when the pair has no closed form here (the SAT axes table is the working).
pub fn working(a: &Shape3, b: &Shape3) -> Option<(String, Vec<String>)> {
    sphere_aabb(a, b)
        .or_else(|| sphere_aabb(b, a))
        .or_else(|| ray_aabb(a, b))
        .or_else(|| ray_aabb(b, a))
        .or_else(|| capsules(a, b))
        .or_else(|| boxes(a, b))
}

/// Sphere `s` against AABB `x`: clamp the centre into the box, compare the
/// squared distance with r².
fn sphere_aabb(s: &Shape3, x: &Shape3) -> Option<(String, Vec<String>)> {
    let (Shape3::Sphere(s), Shape3::Aabb(x)) = (s, x) else {
        return None;
    };
    let (c, r, bc, h) = (s.center(), s.radius(), x.center(), x.half_extents());
    let q = c.clamp(bc - h, bc + h);
    let d2 = classic::sphere_aabb_sq_distance(c, bc, h);
    let hit = classic::sphere_aabb(c, r, bc, h);
    Some((
        tr("Sphere–AABB by clamping (Ericson 5.2.5)").into(),
        vec![
            trf("centre c = {}, radius r = {}", &[&v3(c), &f(r)]),
            trf("box [{}, {}]", &[&v3(bc - h), &v3(bc + h)]),
            trf("clamp c into the box, axis by axis: q = {}", &[&v3(q)]),
            trf("|c − q|² = {}, r² = {}", &[&f(d2), &f(r * r)]),
            verdict(hit, "|c − q|² ≤ r²", "|c − q|² > r²"),
        ],
    ))
}

/// Ray `ray` against AABB `x` by slabs.
fn ray_aabb(ray: &Shape3, x: &Shape3) -> Option<(String, Vec<String>)> {
    let (Shape3::Ray(ray), Shape3::Aabb(x)) = (ray, x) else {
        return None;
    };
    let (o, d) = (ray.origin(), ray.direction());
    let (lo, hi) = (x.center() - x.half_extents(), x.center() + x.half_extents());
    let len = ray.length();
    let mut lines = vec![
        trf("ray o = {}, d = {}", &[&v3(o), &v3(d)]),
        trf("box [{}, {}]", &[&v3(lo), &v3(hi)]),
        tr("each slab lo_i ≤ o_i + t d_i ≤ hi_i gives an interval of t; the ray is in the box where all three overlap").into(),
    ];
    const AXIS: [&str; 3] = ["x", "y", "z"];
    match classic::ray_aabb(o, d, lo, hi) {
        None => {
            lines.push(tr("a slab is missed (or the ray runs parallel outside it)").into());
            lines.push(verdict(false, "", ""));
        }
        Some(((t0, axis), t1)) => {
            lines.push(trf(
                "t enter = {} (the {} slab, the last to be entered), t exit = {}",
                &[&f(t0), &AXIS[axis.min(2)], &f(t1)],
            ));
            let end = len.map_or_else(|| "∞".to_string(), f);
            lines.push(trf("the ray's range: t from 0 to {}", &[&end]));
            let hit = t1 >= 0.0 && t0 <= len.unwrap_or(f32::INFINITY) && t0 <= t1;
            lines.push(verdict(
                hit,
                tr("t enter ≤ t exit, inside the range"),
                tr("outside the range"),
            ));
        }
    }
    Some((
        tr("Ray–AABB by slabs (Kay–Kajiya; Ericson 5.3.3)").into(),
        lines,
    ))
}

/// Two capsules: the closest points of their core segments against r₁ + r₂.
fn capsules(a: &Shape3, b: &Shape3) -> Option<(String, Vec<String>)> {
    let (Shape3::Capsule(x), Shape3::Capsule(y)) = (a, b) else {
        return None;
    };
    let ((p1, q1), (p2, q2)) = (x.endpoints(), y.endpoints());
    let (r1, r2) = (x.radius(), y.radius());
    let (s, t) = closest_points_segments(p1, q1, p2, q2);
    let d = s.distance(t);
    let hit = classic::capsule_capsule(p1, q1, r1, p2, q2, r2);
    Some((
        tr("Capsule–capsule by closest points (Ericson 4.5.1)").into(),
        vec![
            trf("A's core {} – {}, r₁ = {}", &[&v3(p1), &v3(q1), &f(r1)]),
            trf("B's core {} – {}, r₂ = {}", &[&v3(p2), &v3(q2), &f(r2)]),
            trf(
                "closest points of the cores: {} on A, {} on B",
                &[&v3(s), &v3(t)],
            ),
            trf("their distance {}, r₁ + r₂ = {}", &[&f(d), &f(r1 + r2)]),
            verdict(hit, tr("distance ≤ r₁ + r₂"), tr("distance > r₁ + r₂")),
        ],
    ))
}

/// Two boxes (AABB or OBB): the 15 axes in the textbook's order.
fn boxes(a: &Shape3, b: &Shape3) -> Option<(String, Vec<String>)> {
    let ((ca, ma, ha), (cb, mb, hb)) = (as_box(a)?, as_box(b)?);
    let gap = classic::obb_obb_max_gap(ca, ma, ha, cb, mb, hb);
    let hit = classic::obb_obb(ca, ma, ha, cb, mb, hb);
    Some((
        tr("OBB–OBB on 15 axes (Gottschalk 1996; Ericson 4.4.1)").into(),
        vec![
            tr("R = A^T B (R_ij = a_i · b_j), t = the centre offset in A's frame; on each axis L the gap is |t · L| − (r_A(L) + r_B(L))").into(),
            tr("the axes, in this order (the axes table): A0, A1, A2; B0, B1, B2; A0×B0, A0×B1, A0×B2, A1×B0 … A2×B2").into(),
            tr("near-parallel edge pairs are skipped: their cross product has no reliable direction").into(),
            trf("largest gap over the 15 axes: {}", &[&f(gap)]),
            verdict(hit, tr("no axis has a gap"), tr("an axis has a gap")),
        ],
    ))
}

/// The closing line: the verdict and the condition that gave it.
fn verdict(hit: bool, yes: &str, no: &str) -> String {
    let (word, why) = if hit {
        (tr("they intersect"), yes)
    } else {
        (tr("they are apart"), no)
    };
    if why.is_empty() {
        word.to_string()
    } else {
        format!("{why}: {word}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom3d::intersects;
    use satlab::scene::{load_any, AnyScene};

    fn scene(name: &str) -> (Shape3, Shape3) {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/08-3d")
            .join(name);
        match load_any(&p) {
            Ok(AnyScene::Space(s)) => (s.a.shape, s.b.shape),
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn each_closed_form_says_the_cores_verdict_in_its_last_line() {
        for (name, title) in [
            ("03-sphere-aabb-edge.json", "clamping"),
            ("04-sphere-aabb-corner-overlap.json", "clamping"),
            ("01-boxes-edge-cross-edge-only.json", "15 axes"),
            ("17-box-inside-box.json", "15 axes"),
            ("08-ray-row-1-through.json", "slabs"),
            ("10-ray-row-3-missed.json", "slabs"),
            ("11-ray-row-4-short.json", "slabs"),
            ("12-capsules-crossing-apart.json", "closest points"),
            ("13-capsules-crossing-overlap.json", "closest points"),
        ] {
            let (a, b) = scene(name);
            for (x, y) in [(&a, &b), (&b, &a)] {
                let Some((t, lines)) = working(x, y) else {
                    panic!("{name}: no working");
                };
                assert!(t.contains(title), "{name}: {t}");
                let last = lines.last().unwrap();
                let want = if intersects(&a, &b) {
                    "they intersect"
                } else {
                    "they are apart"
                };
                assert!(last.ends_with(want), "{name}: {last}");
            }
        }
    }

    #[test]
    fn the_clamped_point_and_the_numbers_are_the_librarys() {
        let (a, b) = scene("03-sphere-aabb-edge.json");
        let (a, b) = if matches!(a, Shape3::Sphere(_)) {
            (a, b)
        } else {
            (b, a)
        };
        let (Shape3::Sphere(s), Shape3::Aabb(x)) = (&a, &b) else {
            panic!("sphere and AABB");
        };
        let (_, lines) = working(&a, &b).unwrap();
        let d2 = classic::sphere_aabb_sq_distance(s.center(), x.center(), x.half_extents());
        assert!(lines.iter().any(|l| l.contains(&f(d2))), "{lines:?}");
        // The clamped point is the core's closest point on the box.
        let q = satlab::geom3d::distance(&a, &b).point_b;
        assert!(d2 > 0.0, "the scene is separated");
        assert!(lines.iter().any(|l| l.contains(&v3(q))), "{lines:?}");
    }

    #[test]
    fn pairs_without_a_closed_form_here_have_no_working() {
        let (a, b) = scene("22-hull-octahedron-sphere.json");
        assert!(working(&a, &b).is_none());
    }
}
