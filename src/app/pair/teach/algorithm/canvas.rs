//! What the Algorithm panel draws on the canvas: the classic test's key
//! points as a display list (world coordinates, sizes in screen pixels),
//! from the same traces as the panel text. Pure, so tests can read it.

use super::{num, shown, Shown};
use crate::app::display::{DisplayList, Role, Stroke, Tag};
use crate::app::i18n::{tr, trf};
use glam::Vec2;
use satlab::geom::classic::{
    aabb_aabb_trace, disc_box_trace, disc_capsule_trace, disc_disc_trace, sector_disc_trace,
    BoxView, Disc, DiscBoxTrace, SectorDiscStep, SectorView, Swept,
};
use satlab::geom::classic::{
    line_line_trace, point_in_polygon_trace, ray_box_trace, segment_segment_trace,
};
use satlab::geom::{LineIntersection, SegmentIntersection};
use satlab::geom::{Ray2, Shape};

/// Appends the drawing of the pair's classic test to `out`; nothing for
/// pairs without one. Either order of the pair works. Labels are in the
/// current interface language.
pub fn build(a: &Shape, b: &Shape, out: &mut DisplayList) {
    draw(a, b, out);
}

/// Draws the closest point of a box to a disc centre `c` (box frame `rot`,
/// centre `bc`) and the segment to it, whose squared length is `|u|²`.
fn disc_box(out: &mut DisplayList, c: Vec2, bc: Vec2, rot: Vec2, tr: &DiscBoxTrace) {
    let h = tr.half_extents;
    let closest = bc + rot.rotate(crate::app::num::clamp_vec(tr.local, -h, h));
    closest_mark(
        out,
        c,
        closest,
        format!("|u|² {} · r² {}", num(tr.u_len_sq), num(tr.limit_sq)),
    );
}

/// The segment from a disc centre `c` to its closest point on the other
/// shape, the point, and `text` at the segment's middle.
fn closest_mark(out: &mut DisplayList, c: Vec2, closest: Vec2, text: String) {
    out.line(
        c,
        closest,
        Stroke::new(Role::Distance, 2.0).emphasised(true),
        Tag::Distance,
    );
    out.dot(closest, 5.0, Role::Distance, Tag::Distance);
    out.label(
        (c + closest) * 0.5,
        Vec2::new(10.0, -14.0),
        text,
        Role::Distance,
        false,
    );
}

/// Segments of the far-test circle.
const CIRCLE_SEGMENTS: usize = 72;

/// Milo Yip's sector–disc test: the far circle `R + r` about the apex, the
/// sector's local x axis, the disc's centre reflected onto the upper side,
/// and, when the edge decides, the centre's closest point on that edge.
fn sector_disc(out: &mut DisplayList, s: &SectorView, c: Vec2, r: f32) {
    let trace = sector_disc_trace(s.apex, s.facing, s.half, s.radius, c, r);
    let tr = &trace;
    let apex = s.apex;
    let facing = s.facing;
    for i in 0..CIRCLE_SEGMENTS {
        let at = |k: usize| {
            apex + Vec2::from_angle(std::f32::consts::TAU * k as f32 / CIRCLE_SEGMENTS as f32)
                * tr.reach
        };
        out.line(
            at(i),
            at(i + 1),
            Stroke::new(Role::Muted, 1.5).emphasised(true),
            Tag::Working,
        );
    }
    out.label(
        apex + Vec2::new(0.0, tr.reach),
        Vec2::new(10.0, -14.0),
        trf("R + r = {}", &[&num(tr.reach)]),
        Role::Muted,
        false,
    );
    if tr.step == SectorDiscStep::Far {
        return;
    }
    // The local frame's x axis (the sector's facing), as long as its radius.
    out.arrow(
        apex,
        apex + facing * s.radius,
        Stroke::new(Role::Muted, 2.0).emphasised(true),
        Tag::Working,
    );
    out.label(
        apex + facing * s.radius,
        Vec2::new(10.0, -14.0),
        "x′".to_owned(),
        Role::Muted,
        false,
    );
    // The reflected centre, when the reflection moved it (below the axis).
    let reflected = apex + facing.rotate(tr.reflected);
    if (reflected - c).length() > 1e-6 {
        out.line(
            c,
            reflected,
            Stroke::new(Role::Muted, 2.0).dashed(true).emphasised(true),
            Tag::Working,
        );
        out.dot(reflected, 4.0, Role::Hit, Tag::Working);
        out.label(
            reflected,
            Vec2::new(10.0, -14.0),
            crate::app::i18n::tr("reflected centre").to_owned(),
            Role::Hit,
            false,
        );
    }
    if let (SectorDiscStep::Edge, Some(q), Some(dist)) =
        (tr.step, tr.edge_closest_local, tr.edge_distance)
    {
        // Back from the reflected side to the centre's own side.
        let side = if tr.local.y < 0.0 { -1.0 } else { 1.0 };
        let closest = apex + facing.rotate(Vec2::new(q.x, q.y * side));
        closest_mark(
            out,
            c,
            closest,
            trf("edge: {} vs r {}", &[&num(dist), &num(r)]),
        );
    }
}

/// Draws the pair's classic test, chosen by [`shown`]; nothing for the
/// tests the panel does not work.
fn draw(a: &Shape, b: &Shape, out: &mut DisplayList) {
    let Some(test) = shown(a, b) else {
        return;
    };
    match test {
        Shown::DiscDisc(d1, d2) => disc_disc(out, d1, d2),
        Shown::AabbAabb(b1, b2) => aabb_aabb(out, &b1, &b2),
        Shown::DiscBox { disc, bx, obb } => {
            let (local, rot) = if obb {
                (bx.local(disc.centre), bx.rot)
            } else {
                (disc.centre - bx.centre, Vec2::X)
            };
            let tr = disc_box_trace(local, disc.radius, bx.half_extents);
            disc_box(out, disc.centre, bx.centre, rot, &tr);
        }
        Shown::DiscSwept { disc, swept, .. } => disc_swept(out, disc.centre, disc.radius, &swept),
        Shown::Segments(s1, s2) => segments(out, s1, s2),
        Shown::SectorDisc(s, d, _) => sector_disc(out, &s, d.centre, d.radius),
        Shown::PointInPolygon(p, verts) => point_in_polygon(out, p, &verts),
        Shown::RayBox(ray, bx) => ray_box(out, &ray, bx),
        Shown::LineLine(m, n) => {
            let ll = line_line_trace(m.point(), m.direction(), n.point(), n.direction());
            if let LineIntersection::Point(x) = ll.result {
                out.dot(x, 5.0, Role::Hit, Tag::Hit);
            }
        }
    }
}

/// The disc–disc test: the centres' segment, each radius laid along it
/// from its own centre (A's and B's colour), and the squared numbers.
fn disc_disc(out: &mut DisplayList, d1: Disc, d2: Disc) {
    let tr = disc_disc_trace(d1.centre, d1.radius, d2.centre, d2.radius);
    let along = (d2.centre - d1.centre).normalize_or(Vec2::X);
    out.line(
        d1.centre,
        d2.centre,
        Stroke::new(Role::Distance, 2.0).emphasised(true),
        Tag::Distance,
    );
    for (c, r, dir, role) in [
        (d1.centre, d1.radius, along, Role::A),
        (d2.centre, d2.radius, -along, Role::B),
    ] {
        out.line(c, c + dir * r, Stroke::new(role, 4.0), Tag::Distance);
        out.dot(c, 4.0, role, Tag::Distance);
    }
    out.label(
        (d1.centre + d2.centre) * 0.5,
        Vec2::new(10.0, -14.0),
        format!(
            "|cB − cA|² {} · (rA + rB)² {}",
            num(tr.centre_dist_sq),
            num(tr.limit_sq)
        ),
        Role::Distance,
        false,
    );
}

/// The AABB–AABB test: the legs of the centres' offset along x and y, each
/// labelled with its distance against the half-extents' sum on that axis.
fn aabb_aabb(out: &mut DisplayList, b1: &BoxView, b2: &BoxView) {
    let tr = aabb_aabb_trace(b1.centre, b1.half_extents, b2.centre, b2.half_extents);
    let corner = Vec2::new(b2.centre.x, b1.centre.y);
    let legs = [
        (
            b1.centre,
            corner,
            tr.centre_delta.x,
            tr.reach.x,
            Vec2::new(0.0, 16.0),
        ),
        (
            corner,
            b2.centre,
            tr.centre_delta.y,
            tr.reach.y,
            Vec2::new(10.0, 0.0),
        ),
    ];
    for (p, q, delta, reach, offset) in legs {
        let role = if delta > reach {
            Role::Gap
        } else {
            Role::Overlap
        };
        out.line(p, q, Stroke::new(role, 2.0).emphasised(true), Tag::Distance);
        out.label(
            (p + q) * 0.5,
            offset,
            format!("{} · hA + hB {}", num(delta), num(reach)),
            role,
            false,
        );
    }
    out.dot(b1.centre, 4.0, Role::A, Tag::Distance);
    out.dot(b2.centre, 4.0, Role::B, Tag::Distance);
}

/// The disc–capsule test: the centre's closest point on the core, and `t`.
fn disc_swept(out: &mut DisplayList, c: Vec2, r: f32, s: &Swept) {
    let tr = disc_capsule_trace(c, r, s.p, s.q, s.radius);
    out.line(
        c,
        tr.closest,
        Stroke::new(Role::Distance, 2.0).emphasised(true),
        Tag::Distance,
    );
    out.dot(tr.closest, 5.0, Role::Distance, Tag::Distance);
    out.label(
        tr.closest,
        Vec2::new(10.0, -14.0),
        format!("t {}", num(tr.t)),
        Role::Distance,
        false,
    );
}

/// The slab test: the stretch of the ray inside both slabs, and the hit
/// with its normal.
fn ray_box(out: &mut DisplayList, ray: &Ray2, bx: &Shape) {
    let Some(tr) = ray_box_trace(ray, bx) else {
        return;
    };
    let (enter, exit) = tr.enter_exit;
    if !tr.starts_inside && enter <= exit {
        out.line(
            ray.at(enter),
            ray.at(exit),
            Stroke::new(Role::Hit, 2.0).dashed(true).emphasised(true),
            Tag::Hit,
        );
    }
    if let Some(h) = tr.hit {
        out.dot(h.point, 5.0, Role::Hit, Tag::Hit);
        out.arrow(
            h.point,
            h.point + h.normal,
            Stroke::new(Role::Hit, 2.0).emphasised(true),
            Tag::Normal,
        );
    }
}

/// The fan of the angle-sum test and its sum.
fn point_in_polygon(out: &mut DisplayList, p: Vec2, verts: &[Vec2]) {
    let tr = point_in_polygon_trace(p, verts);
    for v in verts {
        out.line(
            p,
            *v,
            Stroke::new(Role::Muted, 2.0).dashed(true).emphasised(true),
            Tag::Distance,
        );
    }
    out.label(
        p,
        Vec2::new(10.0, -14.0),
        format!("Σ {}°", num(tr.angle_sum.to_degrees())),
        Role::Muted,
        false,
    );
}

/// Segment–segment: the crossing, or where the lines through them cross.
fn segments(out: &mut DisplayList, (p1, q1): (Vec2, Vec2), (p2, q2): (Vec2, Vec2)) {
    match segment_segment_trace(p1, q1, p2, q2).result {
        SegmentIntersection::Point(x) => out.dot(x, 5.0, Role::Hit, Tag::Hit),
        SegmentIntersection::None => {
            // The extensions: where the lines through them cross.
            let ll = line_line_trace(p1, q1 - p1, p2, q2 - p2);
            if let LineIntersection::Point(x) = ll.result {
                for (p, q) in [(p1, q1), (p2, q2)] {
                    let near = if p.distance(x) < q.distance(x) { p } else { q };
                    out.line(
                        near,
                        x,
                        Stroke::new(Role::Muted, 2.0).dashed(true).emphasised(true),
                        Tag::Working,
                    );
                }
                out.dot(x, 4.0, Role::Muted, Tag::Working);
                out.label(
                    x,
                    Vec2::new(10.0, -14.0),
                    tr("lines cross").to_owned(),
                    Role::Muted,
                    false,
                );
            }
        }
        SegmentIntersection::Overlap(..) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::display::Item;
    use satlab::geom::classic::sector_shape_disc_trace as sector_disc_trace;
    use satlab::geom::{distance, raycast, Aabb, Circle, Obb, Pose, Sector};

    fn disc(x: f32, y: f32, r: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::at(Vec2::new(x, y)), r).expect("valid"))
    }

    fn ends(list: &DisplayList, t: Tag) -> Vec<(Vec2, Vec2)> {
        list.tagged(t)
            .filter_map(|i| {
                if let Item::Line { from, to, .. } = i {
                    Some((*from, *to))
                } else {
                    None
                }
            })
            .collect()
    }

    #[test]
    fn disc_box_segment_is_the_core_distance() {
        let o = Shape::Obb(
            Obb::new(
                Pose::new(Vec2::new(1.0, -1.0), 30.0).expect("valid"),
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
    fn disc_disc_lays_the_radii_along_the_centres() {
        let (a, b) = (disc(0.0, 0.0, 1.0), disc(3.0, 4.0, 1.5));
        let mut list = DisplayList::default();
        build(&a, &b, &mut list);
        let segs = ends(&list, Tag::Distance);
        assert_eq!(segs.len(), 3, "{segs:?}");
        assert_eq!(segs[0], (Vec2::ZERO, Vec2::new(3.0, 4.0)));
        // The radii leave a gap equal to the core's distance (5 − 2.5).
        let gap = (segs[2].1 - segs[1].1).length();
        assert!((gap - distance(&a, &b).distance).abs() < 1e-5, "{segs:?}");
    }

    #[test]
    fn aabb_aabb_draws_the_offset_legs() {
        let bx = |x: f32, y: f32| {
            Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(1.0, 1.0)).expect("valid"))
        };
        let mut list = DisplayList::default();
        build(&bx(0.0, 0.0), &bx(3.0, 1.0), &mut list);
        let segs = ends(&list, Tag::Distance);
        assert_eq!(
            segs,
            [
                (Vec2::ZERO, Vec2::new(3.0, 0.0)),
                (Vec2::new(3.0, 0.0), Vec2::new(3.0, 1.0))
            ]
        );
    }

    #[test]
    fn ray_box_marks_the_core_hit_and_normal() {
        let r = satlab::geom::Ray::new(Pose::at(Vec2::new(-5.0, 0.5)), None).expect("valid");
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::new(1.0, 2.0)).expect("valid"));
        let hit = raycast(&Ray2::from_shape(&r), &b).expect("the ray hits the box");
        let ray = Shape::Ray(r);
        let mut list = DisplayList::default();
        build(&b, &ray, &mut list);
        let dot = list.tagged(Tag::Hit).find_map(|i| {
            if let Item::Dot { at, .. } = i {
                Some(*at)
            } else {
                None
            }
        });
        assert_eq!(dot, Some(Vec2::new(-1.0, 0.5)));
        assert!((dot.expect("dot") - hit.point).length() < 1e-6);
        let arrow = list.tagged(Tag::Normal).find_map(|i| {
            if let Item::Arrow { from, to, .. } = i {
                Some(*to - *from)
            } else {
                None
            }
        });
        assert_eq!(arrow, Some(Vec2::new(-1.0, 0.0)));
        // The chord inside the box runs from x = −1 to x = 1.
        let chord = ends(&list, Tag::Hit);
        assert_eq!(chord.len(), 1);
        assert!((chord[0].0.x + 1.0).abs() < 1e-5 && (chord[0].1.x - 1.0).abs() < 1e-5);
    }

    fn segment(p: Vec2, q: Vec2) -> Shape {
        let d = q - p;
        let pose = Pose::new((p + q) * 0.5, d.to_angle().to_degrees()).expect("valid");
        Shape::Segment(satlab::geom::Segment::new(pose, d.length() * 0.5).expect("valid"))
    }

    fn dots(list: &DisplayList, t: Tag) -> Vec<Vec2> {
        list.tagged(t)
            .filter_map(|i| {
                if let Item::Dot { at, .. } = i {
                    Some(*at)
                } else {
                    None
                }
            })
            .collect()
    }

    #[test]
    fn segments_that_miss_draw_their_extensions_to_the_crossing() {
        let a = segment(Vec2::ZERO, Vec2::new(1.0, 1.0));
        let b = segment(Vec2::new(4.0, 0.0), Vec2::new(4.0, 1.0));
        let mut list = DisplayList::default();
        build(&a, &b, &mut list);
        let x = dots(&list, Tag::Working);
        assert_eq!(x.len(), 1);
        assert!((x[0] - Vec2::new(4.0, 4.0)).length() < 1e-4, "{x:?}");
        // From each segment's nearer end: (1, 1) and (4, 1).
        let lines = ends(&list, Tag::Working);
        assert_eq!(lines.len(), 2);
        assert!((lines[0].0 - Vec2::new(1.0, 1.0)).length() < 1e-5);
        assert!((lines[1].0 - Vec2::new(4.0, 1.0)).length() < 1e-5);
        assert!(dots(&list, Tag::Hit).is_empty());
    }

    #[test]
    fn sector_disc_draws_the_far_circle_the_reflection_and_the_edge() {
        // Apex at the origin facing +x, R 2, half-angle 30°; a disc below
        // the lower edge, outside the span: the edge decides.
        let s = Sector::new(Pose::at(Vec2::ZERO), 2.0, 30.0).expect("valid");
        let c = Vec2::new(1.5, -1.4);
        let d = disc(c.x, c.y, 0.4);
        let tr = sector_disc_trace(&s, c, 0.4);
        let sector = Shape::Sector(s);
        let mut list = DisplayList::default();
        build(&d, &sector, &mut list);
        assert_eq!(tr.step, SectorDiscStep::Edge);
        // The far circle: every point at R + r from the apex.
        let circle: Vec<_> = ends(&list, Tag::Working)
            .into_iter()
            .filter(|(p, _)| (p.length() - 2.4).abs() < 1e-4)
            .collect();
        assert_eq!(circle.len(), CIRCLE_SEGMENTS);
        // The reflected centre is the mirror image across the facing axis.
        assert!(dots(&list, Tag::Working)
            .iter()
            .any(|p| (*p - Vec2::new(1.5, 1.4)).length() < 1e-5));
        // The edge's closest point is on the centre's own (lower) edge, at
        // the trace's distance, which is the core's distance plus r.
        let seg = ends(&list, Tag::Distance);
        assert_eq!(seg.len(), 1);
        let (from, to) = seg[0];
        assert_eq!(from, c);
        assert!(to.y < 0.0, "{to:?}");
        let dist = tr.edge_distance.expect("edge step");
        assert!(((to - from).length() - dist).abs() < 1e-5);
        let core = distance(&d, &sector).distance;
        assert!(
            (core - (dist - 0.4).max(0.0)).abs() < 1e-4,
            "{core} vs {dist}"
        );
    }

    #[test]
    fn a_far_disc_shows_only_the_far_circle() {
        let s = Sector::new(Pose::at(Vec2::ZERO), 2.0, 30.0).expect("valid");
        let mut list = DisplayList::default();
        build(&Shape::Sector(s), &disc(6.0, 0.0, 1.0), &mut list);
        assert_eq!(ends(&list, Tag::Working).len(), CIRCLE_SEGMENTS);
        assert!(dots(&list, Tag::Working).is_empty());
        assert!(ends(&list, Tag::Distance).is_empty());
    }

    #[test]
    fn crossing_lines_mark_the_core_crossing() {
        let m = Shape::Line(satlab::geom::Line::new(
            Pose::new(Vec2::ZERO, 45.0).expect("valid"),
        ));
        let n = Shape::Line(satlab::geom::Line::new(
            Pose::new(Vec2::new(4.0, 0.0), 90.0).expect("valid"),
        ));
        let mut list = DisplayList::default();
        build(&m, &n, &mut list);
        let x = dots(&list, Tag::Hit);
        assert_eq!(x.len(), 1);
        assert!((x[0] - Vec2::new(4.0, 4.0)).length() < 1e-4);
    }

    #[test]
    fn pairs_without_a_worked_test_draw_nothing() {
        let obb = |x: f32| {
            Shape::Obb(
                Obb::new(
                    Pose::new(Vec2::new(x, 0.0), 30.0).expect("valid"),
                    Vec2::ONE,
                )
                .expect("valid"),
            )
        };
        let mut list = DisplayList::default();
        build(&obb(0.0), &obb(3.0), &mut list);
        assert!(list.items.is_empty());
    }
}
