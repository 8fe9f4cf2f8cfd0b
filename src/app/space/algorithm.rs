//! The 3D mode's Algorithm section (G): the closed-form test `intersects`
//! takes for the pair, worked through with the numbers that decided
//! ([`satlab::geom3d::worked`]): sphere–box by clamping, OBB–OBB on the 15
//! axes in the textbook's order, capsule–capsule by closest points, and a
//! ray cast against a box by slabs. Pure
//! text ([`lines`]) and one small egui table for the 15 axes.

use super::SpaceMode;
use crate::app::i18n::{tr, trf};
use crate::app::num;
use egui_macroquad::egui;
use satlab::geom3d::classic::{ObbAxis, ObbObbTrace, RayAabbTrace};
use satlab::geom3d::{worked, AxisSource3, Feature, RayHit3, Shape3, Side, Vec3, Worked3};

/// Three numbers as `(x, y, z)`.
fn v3(v: Vec3) -> String {
    format!(
        "({}, {}, {})",
        num::fixed(v.x, 3),
        num::fixed(v.y, 3),
        num::fixed(v.z, 3)
    )
}

fn yes(b: bool) -> String {
    if b {
        tr("they intersect").into()
    } else {
        tr("separated").into()
    }
}

/// The worked test's title and numbered lines; `None` when the pair has no
/// closed form here (GJK or the SAT search decides).
pub fn lines(a: &Shape3, b: &Shape3) -> Option<(String, Vec<String>)> {
    Some(match worked(a, b)? {
        Worked3::SphereBox {
            trace: t, turned, ..
        } => {
            let mut v = Vec::new();
            if turned {
                v.push(trf(
                    "1. The sphere's centre carried into the box's frame: {}",
                    &[&v3(t.local)],
                ));
            } else {
                v.push(trf(
                    "1. The sphere's centre relative to the box's centre: {}",
                    &[&v3(t.local)],
                ));
            }
            v.push(trf(
                "2. Clamped into ±{}: the nearest box point {}",
                &[&v3(t.half_extents), &v3(t.nearest)],
            ));
            v.push(trf(
                "3. Squared distance {} against (r + 1e-4)² = {}: {}",
                &[
                    &num::fixed(t.dist_sq, 4),
                    &num::fixed(t.reach_sq, 4),
                    &yes(t.result),
                ],
            ));
            (tr("Sphere vs box (clamping, Arvo)").into(), v)
        }
        Worked3::BoxBox { trace: t, .. } => {
            let mut v = vec![trf(
                "1. B's centre in A's frame t = {}; R = A^T B",
                &[&v3(t.t)],
            )];
            v.push(tr(
                "2. On each axis L: separated when |t · L| > rA + rB; 15 axes: A's 3 faces, B's 3, the 9 cross products of their edges",
            ).into());
            v.push(match (t.first_separating, t.by_distance) {
                (Some(k), _) => trf(
                    "3. Axis {} ({}) separates them: gap {}; the test stops there",
                    &[&(k + 1), &axis_name(t.axes[k].axis), &num::fixed(t.axes[k].gap, 4)],
                ),
                (None, true) => tr(
                    "3. No axis separates by more than 1e-4, one within it: the exact distance decided",
                )
                .into(),
                (None, false) => tr("3. No axis separates them: they intersect").into(),
            });
            (tr("OBB vs OBB (15 axes)").into(), v)
        }
        Worked3::RayBox { trace: t, hit } => ray_box(&t, hit),
        Worked3::CapsuleCapsule(t) => (
            tr("Capsule vs capsule (closest points)").into(),
            vec![
                trf(
                    "1. Closest points of the two core segments: {} and {}",
                    &[&v3(t.x), &v3(t.y)],
                ),
                trf(
                    "2. Squared distance {} against (r1 + r2 + 1e-4)² = {}: {}",
                    &[
                        &num::fixed(t.dist_sq, 4),
                        &num::fixed(t.reach_sq, 4),
                        &yes(t.result),
                    ],
                ),
            ],
        ),
    })
}

/// The slab test of a ray cast against a box: the box-frame working and the
/// cast's world hit.
fn ray_box(t: &RayAabbTrace, hit: Option<RayHit3>) -> (String, Vec<String>) {
    let mut v = vec![trf(
        "1. Ray in the box's frame: origin {}, direction {}",
        &[&v3(t.origin), &v3(t.dir)],
    )];
    for (name, slab) in ["x", "y", "z"].into_iter().zip(t.slabs) {
        v.push(match slab {
            Some((a, b)) if a.is_finite() && b.is_finite() => trf(
                "2. {} slab: t from {} to {}",
                &[&name, &num::fixed(a, 3), &num::fixed(b, 3)],
            ),
            Some((a, _)) if a < 0.0 => {
                trf("2. {} slab: the ray runs along it, inside it", &[&name])
            }
            Some(_) => trf(
                "2. {} slab: the ray runs along it, outside it: a miss",
                &[&name],
            ),
            None => continue,
        });
    }
    if let Some(((enter, _), exit)) = t.result {
        v.push(trf(
            "3. Latest entry {}, earliest exit {}: a hit when entry ≤ exit",
            &[&num::fixed(enter, 3), &num::fixed(exit, 3)],
        ));
    }
    v.push(match hit {
        Some(h) => trf(
            "4. Hit at t = {}, point {}, normal {}",
            &[&num::fixed(h.t, 3), &v3(h.point), &v3(h.normal)],
        ),
        None => tr("4. No hit within the ray's length").into(),
    });
    (tr("Ray vs box (slabs)").into(), v)
}

/// The axis in the words of the SAT axes table: `A face +x normal`,
/// `A edge y × B edge z`.
pub fn axis_name(a: ObbAxis) -> String {
    let source = match a {
        ObbAxis::A(i) => AxisSource3::Face {
            side: Side::A,
            feature: Feature::BoxFace(i),
        },
        ObbAxis::B(j) => AxisSource3::Face {
            side: Side::B,
            feature: Feature::BoxFace(j),
        },
        ObbAxis::Cross(i, j) => AxisSource3::Cross {
            a: Feature::BoxEdge(i),
            b: Feature::BoxEdge(j),
        },
    };
    crate::app::space::words::axis_source(&source)
}

/// Whether `intersects` tries a solid hull's balls before GJK for the pair
/// (a solid hull against a solid hull, a box or a triangle).
fn balls_first(a: &Shape3, b: &Shape3) -> bool {
    let hull = |s: &Shape3| matches!(s, Shape3::Hull(h) if !h.hull().flat);
    let other =
        |s: &Shape3| hull(s) || matches!(s, Shape3::Aabb(_) | Shape3::Obb(_) | Shape3::Triangle(_));
    (hull(a) && other(b)) || (hull(b) && other(a))
}

/// Shows the section (nothing while predicting: it gives the answer away).
pub fn show(ui: &mut egui::Ui, m: &SpaceMode) {
    if !m.algorithm || m.predicting {
        return;
    }
    ui.heading(tr("Algorithm"));
    let Some((title, text)) = lines(&m.scene.a.shape, &m.scene.b.shape) else {
        ui.weak(tr(
            "This pair has no classic closed form here: the SAT search and GJK decide.",
        ));
        if balls_first(&m.scene.a.shape, &m.scene.b.shape) {
            ui.weak(tr("A quick test can answer before GJK: the solid hull's bounding ball apart from the other shape, or its inscribed ball reaching into it; then, against a box, the box face the hull lies beyond, and against another hull, each centre against the other's face planes."));
        }
        ui.separator();
        return;
    };
    ui.label(egui::RichText::new(title).strong());
    for l in &text {
        ui.label(l);
    }
    if let Some(Worked3::BoxBox { trace, .. }) = worked(&m.scene.a.shape, &m.scene.b.shape) {
        table(ui, &trace);
    }
    ui.separator();
}

/// The 15 axes: `|t · L|`, `rA`, `rB` and the gap, the separating one
/// marked, skipped edge pairs said.
fn table(ui: &mut egui::Ui, t: &ObbObbTrace) {
    egui::Grid::new("space-obb-axes")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in ["L", "|t · L|", "rA", "rB", tr("gap")] {
                ui.strong(h);
            }
            ui.end_row();
            for (k, a) in t.axes.iter().enumerate() {
                let mark = if t.first_separating == Some(k) {
                    " ◀"
                } else {
                    ""
                };
                ui.label(format!("{}{mark}", axis_name(a.axis)));
                if a.skipped {
                    ui.weak(tr("edges parallel: skipped"));
                    ui.label("");
                    ui.label("");
                    ui.label("");
                } else {
                    ui.label(num::fixed(a.centre_distance, 3));
                    ui.label(num::fixed(a.ra, 3));
                    ui.label(num::fixed(a.rb, 3));
                    ui.label(num::fixed(a.gap, 3));
                }
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::scene::{load_any, AnyScene};
    use std::path::Path;

    fn scene(name: &str) -> (Shape3, Shape3) {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/08-3d")
            .join(name);
        match load_any(&p) {
            Ok(AnyScene::Space(s)) => (s.a.shape.clone(), s.b.shape.clone()),
            other => panic!("a 3D scene: {other:?}"),
        }
    }

    #[test]
    fn the_edge_cross_edge_scene_is_separated_by_a_cross_axis_in_the_table() {
        let (a, b) = scene("01-boxes-edge-cross-edge-only.json");
        let (title, text) = lines(&a, &b).expect("two boxes");
        assert_eq!(title, "OBB vs OBB (15 axes)");
        let Some(Worked3::BoxBox { trace, .. }) = worked(&a, &b) else {
            panic!("box–box");
        };
        let k = trace.first_separating.expect("separated");
        // A's z edge (axis 2) × B's x edge (axis 0): the seventh cross axis.
        assert_eq!(trace.axes[k].axis, ObbAxis::Cross(2, 0));
        assert!(
            (trace.axes[k].gap - 0.25).abs() < 1e-3,
            "{}",
            trace.axes[k].gap
        );
        assert!(text[2].contains("A edge z × B edge x"), "{text:?}");
        assert!(
            trace.axes[..6].iter().all(|t| t.gap <= 0.0),
            "faces overlap"
        );
    }

    #[test]
    fn a_sphere_against_a_turned_box_is_worked_in_the_box_frame() {
        let (a, b) = scene("05-sphere-obb-45.json");
        let (title, text) = lines(&a, &b).expect("sphere–box");
        assert_eq!(title, "Sphere vs box (clamping, Arvo)");
        assert!(text[0].contains("carried into the box's frame"), "{text:?}");
        assert!(text[2].ends_with("separated"), "{text:?}");
    }

    #[test]
    fn a_ray_through_a_box_shows_its_slabs_and_the_hit() {
        let (a, b) = scene("08-ray-row-1-through.json");
        let (title, text) = lines(&a, &b).expect("ray–box");
        assert_eq!(title, "Ray vs box (slabs)");
        assert!(text.iter().any(|l| l.starts_with("2. x slab")), "{text:?}");
        assert!(
            text.last().is_some_and(|l| l.starts_with("4. Hit at t =")),
            "{text:?}"
        );
    }

    #[test]
    fn pairs_without_a_closed_form_say_so() {
        let (a, b) = scene("22-hull-octahedron-sphere.json");
        assert!(lines(&a, &b).is_none());
        // A sphere against a hull: no quick test of the hull's balls.
        assert!(!balls_first(&a, &b) && !balls_first(&b, &a));
    }

    #[test]
    fn a_solid_hull_against_a_box_a_triangle_or_a_hull_says_its_balls_come_first() {
        let (hull, _) = scene("22-hull-octahedron-sphere.json");
        let (boxed, _) = scene("01-boxes-edge-cross-edge-only.json");
        assert!(balls_first(&boxed, &hull) && balls_first(&hull, &boxed));
        assert!(balls_first(&hull, &hull));
        assert!(
            !balls_first(&boxed, &boxed),
            "two boxes have their closed form"
        );
    }
}
