//! What the Algorithm panel draws on the canvas: the classic test's key
//! points as a display list (world coordinates, sizes in screen pixels),
//! from the same traces as the panel text. Pure, so tests can read it.

use super::num;
use crate::app::display::{DisplayList, Item, Role, Stroke, Tag};
use glam::Vec2;
use satlab::geom::explain::{
    disc_aabb_trace, disc_capsule_trace, disc_obb_trace, point_in_polygon_trace, ray_box_trace,
    segment_segment_trace, DiscBoxTrace,
};
use satlab::geom::query::segment::SegmentIntersection;
use satlab::geom::{Ray2, Shape};

fn stroke(role: Role, dashed: bool) -> Stroke {
    Stroke {
        width_px: 2.0,
        role,
        dashed,
        emphasised: true,
    }
}

fn label(out: &mut DisplayList, at: Vec2, text: String, role: Role) {
    out.push(Item::Label {
        at,
        offset_px: Vec2::new(10.0, -14.0),
        text,
        role,
        emphasised: false,
    });
}

/// Appends the drawing of the pair's classic test to `out`; nothing for
/// pairs without one (or the sector, whose steps live in its own frame and
/// are printed only). Either order of the pair works.
pub fn build(a: &Shape, b: &Shape, out: &mut DisplayList) {
    if !draw(a, b, out) {
        draw(b, a, out);
    }
}

/// Draws the closest point of a box to a disc centre `c` (box frame `rot`,
/// centre `bc`) and the segment to it, whose squared length is `|u|²`.
fn disc_box(out: &mut DisplayList, c: Vec2, bc: Vec2, rot: Vec2, tr: &DiscBoxTrace) {
    let h = tr.half_extents;
    let closest = bc + rot.rotate(tr.local.clamp(-h, h));
    out.push(Item::Line {
        from: c,
        to: closest,
        stroke: stroke(Role::Distance, false),
        tag: Tag::Distance,
    });
    out.push(Item::Dot {
        at: closest,
        radius_px: 5.0,
        role: Role::Distance,
        tag: Tag::Distance,
    });
    label(
        out,
        (c + closest) * 0.5,
        format!("|u|² {} · r² {}", num(tr.u_len_sq), num(tr.r_sq)),
        Role::Distance,
    );
}

fn draw(a: &Shape, b: &Shape, out: &mut DisplayList) -> bool {
    match (a, b) {
        (Shape::Circle(d), Shape::Aabb(bx)) => {
            let tr = disc_aabb_trace(d.center(), d.radius(), bx);
            disc_box(out, d.center(), bx.center(), Vec2::X, &tr);
        }
        (Shape::Circle(d), Shape::Obb(bx)) => {
            let tr = disc_obb_trace(d.center(), d.radius(), bx);
            disc_box(out, d.center(), bx.center(), bx.pose().rot(), &tr);
        }
        (Shape::Circle(d), Shape::Capsule(_) | Shape::Segment(_)) => {
            let ((p, q), rc) = match b {
                Shape::Capsule(c) => (c.endpoints(), c.radius()),
                Shape::Segment(s) => (s.endpoints(), 0.0),
                _ => return false,
            };
            let tr = disc_capsule_trace(d.center(), d.radius(), p, q, rc);
            out.push(Item::Line {
                from: d.center(),
                to: tr.closest,
                stroke: stroke(Role::Distance, false),
                tag: Tag::Distance,
            });
            out.push(Item::Dot {
                at: tr.closest,
                radius_px: 5.0,
                role: Role::Distance,
                tag: Tag::Distance,
            });
            label(out, tr.closest, format!("t {}", num(tr.t)), Role::Distance);
        }
        (Shape::Ray(r), Shape::Aabb(_) | Shape::Obb(_)) => {
            let ray = Ray2::from_shape(r);
            let Some(tr) = ray_box_trace(&ray, b) else {
                return false;
            };
            let (enter, exit) = tr.enter_exit;
            if enter <= exit {
                out.push(Item::Line {
                    from: ray.at(enter),
                    to: ray.at(exit),
                    stroke: stroke(Role::Hit, true),
                    tag: Tag::Hit,
                });
            }
            if let Some(h) = tr.hit {
                out.push(Item::Dot {
                    at: h.point,
                    radius_px: 5.0,
                    role: Role::Hit,
                    tag: Tag::Hit,
                });
                out.push(Item::Arrow {
                    from: h.point,
                    to: h.point + h.normal,
                    stroke: stroke(Role::Hit, false),
                    tag: Tag::Normal,
                });
            }
        }
        (Shape::Point(p), Shape::Polygon(poly)) => {
            let verts = poly.world_vertices();
            let tr = point_in_polygon_trace(p.position(), &verts);
            for v in &verts {
                out.push(Item::Line {
                    from: p.position(),
                    to: *v,
                    stroke: stroke(Role::Muted, true),
                    tag: Tag::Distance,
                });
            }
            label(
                out,
                p.position(),
                format!("Σ {}°", num(tr.angle_sum.to_degrees())),
                Role::Muted,
            );
        }
        (Shape::Segment(s1), Shape::Segment(s2)) => {
            let (p1, q1) = s1.endpoints();
            let (p2, q2) = s2.endpoints();
            if let SegmentIntersection::Point(x) = segment_segment_trace(p1, q1, p2, q2).result {
                out.push(Item::Dot {
                    at: x,
                    radius_px: 5.0,
                    role: Role::Hit,
                    tag: Tag::Hit,
                });
            }
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{distance, raycast, Aabb, Circle, Obb, Pose};

    fn disc(x: f32, y: f32, r: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::at(Vec2::new(x, y)), r).expect("valid"))
    }

    fn ends(list: &DisplayList, t: Tag) -> Vec<(Vec2, Vec2)> {
        list.tagged(t)
            .filter_map(|i| match i {
                Item::Line { from, to, .. } => Some((*from, *to)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn disc_box_segment_is_the_core_distance() {
        let o = Shape::Obb(
            Obb::new(
                Pose::new("obb", Vec2::new(1.0, -1.0), 30.0).expect("valid"),
                Vec2::new(2.0, 1.0),
            )
            .expect("valid"),
        );
        let a = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::new(2.0, 1.0)).expect("valid"));
        let d = disc(4.0, 3.0, 0.5);
        for bx in [&o, &a] {
            for (x, y) in [(&d, bx), (bx, &d)] {
                let mut list = DisplayList::default();
                build(x, y, &mut list);
                let segs = ends(&list, Tag::Distance);
                assert_eq!(segs.len(), 1);
                let (from, to) = segs[0];
                assert!((from - Vec2::new(4.0, 3.0)).length() < 1e-5);
                // Separated: centre-to-box length minus r is the core's gap.
                let gap = distance(x, y).distance;
                assert!(((to - from).length() - 0.5 - gap).abs() < 1e-4, "{bx:?}");
            }
        }
    }

    #[test]
    fn ray_box_marks_the_core_hit_and_normal() {
        let r = satlab::geom::Ray::new(Pose::at(Vec2::new(-5.0, 0.5)), None).expect("valid");
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::new(1.0, 2.0)).expect("valid"));
        let hit = raycast(&Ray2::from_shape(&r), &b).expect("the ray hits the box");
        let ray = Shape::Ray(r);
        let mut list = DisplayList::default();
        build(&b, &ray, &mut list);
        let dot = list.tagged(Tag::Hit).find_map(|i| match i {
            Item::Dot { at, .. } => Some(*at),
            _ => None,
        });
        assert_eq!(dot, Some(Vec2::new(-1.0, 0.5)));
        assert!((dot.expect("dot") - hit.point).length() < 1e-6);
        let arrow = list.tagged(Tag::Normal).find_map(|i| match i {
            Item::Arrow { from, to, .. } => Some(*to - *from),
            _ => None,
        });
        assert_eq!(arrow, Some(Vec2::new(-1.0, 0.0)));
        // The chord inside the box runs from x = −1 to x = 1.
        let chord = ends(&list, Tag::Hit);
        assert_eq!(chord.len(), 1);
        assert!((chord[0].0.x + 1.0).abs() < 1e-5 && (chord[0].1.x - 1.0).abs() < 1e-5);
    }

    #[test]
    fn pairs_without_a_test_draw_nothing() {
        let mut list = DisplayList::default();
        build(&disc(0.0, 0.0, 1.0), &disc(3.0, 0.0, 1.0), &mut list);
        assert!(list.items.is_empty());
    }
}
