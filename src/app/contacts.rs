//! The Contacts view (K): the pair's contact manifold as a display list:
//! each point on both shapes with the gap or depth between them, and the
//! normal from A to B. Pure, so tests can check it without a window.

use crate::app::display::{DisplayList, Item, Role, Stroke, Tag};
use crate::app::num;
use glam::Vec2;
use satlab::geom::{ContactFeature, ContactPoint, Manifold};

/// How far apart the shapes may be and still show contact points (world
/// units): near-touching pairs show where they would touch, as an engine's
/// speculative contacts do.
pub const SPECULATIVE: f32 = 0.25;

/// Length of the normal arrow, screen pixels.
const NORMAL_PX: f32 = 56.0;

/// Appends the manifold `m` (world units) to `out`; `px` is world units per
/// pixel, `scale` the UI scale.
pub fn build(m: &Manifold, px: f32, scale: f32, out: &mut DisplayList) {
    let thin = Stroke {
        width_px: 1.5 * scale,
        role: Role::Hit,
        dashed: true,
        emphasised: false,
    };
    for (k, p) in m.points().iter().enumerate() {
        out.push(Item::Line {
            from: p.point_a,
            to: p.point_b,
            stroke: thin,
            tag: Tag::Contact,
        });
        for at in [p.point_a, p.point_b] {
            out.push(Item::Dot {
                at,
                radius_px: 4.5 * scale,
                role: Role::Hit,
                tag: Tag::Contact,
            });
        }
        // Labels beside the point, away from the normal, one per point.
        let side = if k == 0 { 1.0 } else { -1.0 };
        let off = Vec2::new(m.normal.y, m.normal.x) * side * 22.0 * scale;
        out.push(Item::Label {
            at: p.midpoint(),
            offset_px: off,
            text: label(k, p),
            role: Role::Hit,
            emphasised: false,
        });
    }
    let n = m.points().len().max(1) as f32;
    let centre = m.points().iter().map(ContactPoint::midpoint).sum::<Vec2>() / n;
    out.push(Item::Arrow {
        from: centre,
        to: centre + m.normal * NORMAL_PX * scale * px,
        stroke: Stroke {
            width_px: 2.5 * scale,
            role: Role::Hit,
            dashed: false,
            emphasised: true,
        },
        tag: Tag::Contact,
    });
}

/// "1: −0.120", the point's number and separation (negative: depth).
fn label(k: usize, p: &ContactPoint) -> String {
    format!("{}: {}", k + 1, num::fixed(p.separation, 3))
}

/// A feature as the panel names it: `v2` (vertex 2), `e1` (edge 1), `arc`,
/// 1-based like the box corners and polygon vertices in the editors.
pub fn feature(f: ContactFeature) -> String {
    match f {
        ContactFeature::Vertex(k) => format!("v{}", k + 1),
        ContactFeature::Edge(k) => format!("e{}", k + 1),
        ContactFeature::Arc => "arc".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{contact_manifold, Aabb, Circle, Pose, Shape};

    fn boxed(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).unwrap())
    }

    #[test]
    fn a_box_resting_on_a_box_shows_two_points_and_an_upward_normal() {
        let ground = boxed(0.0, 0.0, 3.0, 0.5);
        let crate_ = boxed(0.5, 0.9, 0.5, 0.5); // 0.1 deep
        let m = contact_manifold(&ground, &crate_, SPECULATIVE).expect("touching");
        let mut out = DisplayList::default();
        build(&m, 0.02, 1.0, &mut out);
        assert_eq!(m.points().len(), 2);
        assert_eq!(out.count(|t| t == Tag::Contact), 2 * 3 + 1);
        let arrow = out.tagged(Tag::Contact).find_map(|i| match i {
            Item::Arrow { from, to, .. } => Some(*to - *from),
            _ => None,
        });
        let d = arrow.expect("the normal is drawn");
        assert!(
            d.x.abs() < 1e-5 && d.y > 0.0,
            "normal from A (ground) up to B: {d}"
        );
        let labels: Vec<String> = out
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Label { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(labels, vec!["1: -0.100", "2: -0.100"]);
    }

    #[test]
    fn near_but_apart_shows_a_positive_separation_and_far_shows_nothing() {
        let a = Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), 1.0).unwrap());
        let near = Shape::Circle(Circle::new(Pose::at(Vec2::new(2.2, 0.0)), 1.0).unwrap());
        let m = contact_manifold(&a, &near, SPECULATIVE).expect("within the speculative distance");
        assert!((m.separation() - 0.2).abs() < 1e-4);
        let far = Shape::Circle(Circle::new(Pose::at(Vec2::new(3.0, 0.0)), 1.0).unwrap());
        assert!(contact_manifold(&a, &far, SPECULATIVE).is_none());
        assert_eq!(feature(ContactFeature::Vertex(0)), "v1");
        assert_eq!(feature(ContactFeature::Edge(2)), "e3");
    }
}
