//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (the table [`crate::geom::classic::classic_test`])
//! take it; every other pair goes through the SAT search on convex pieces. All paths count
//! touching within [`crate::geom::CONTACT_TOLERANCE`] as intersecting and
//! agree with [`crate::geom::distance`] (`intersects ⇔ distance == 0`).

use crate::geom::classic::{self, with_classic, Classic, PolygonRef};
use crate::geom::pose::unrotate;
use crate::geom::query::piece::pieces;
use crate::geom::query::sat::{pieces_intersect_path, Side};
use crate::geom::query::segment::closest_points_segments;
use crate::geom::{Shape, Vec2, CONTACT_TOLERANCE};

/// True when the closed shapes `a` and `b` intersect (touching counts).
/// Never allocates.
pub fn intersects(a: &Shape, b: &Shape) -> bool {
    decide(a, b).0
}

/// Which path of [`intersects`] answered for `(a, b)`, in words: a closed
/// form, the circle pretest of polygon pairs, SAT on convex pieces, or the
/// exact distance in SAT's uncertain band. For the benches' counts.
#[doc(hidden)]
pub fn decided_by(a: &Shape, b: &Shape) -> &'static str {
    decide(a, b).1
}

/// The verdict and the path that gave it.
#[inline(always)]
fn decide(a: &Shape, b: &Shape) -> (bool, &'static str) {
    if let (Shape::Circle(x), Shape::Circle(y)) = (a, b) {
        // Circle–circle: the whole test is a few flops, so the dispatch
        // below would cost more than it.
        let d = y.pose.position() - x.pose.position();
        return (
            classic::disc_disc(Vec2::ZERO, x.radius, d, y.radius),
            CLOSED_FORM,
        );
    }
    if let (Shape::Obb(x), Shape::Obb(y)) = (a, b) {
        // Box–box before `fast`'s general set-up: the call `fast` would
        // make (relative to A's position) without its two dispatches.
        let r = classic::obb_obb(
            Vec2::ZERO,
            x.pose.rot(),
            x.half_extents,
            y.pose.position() - x.pose.position(),
            y.pose.rot(),
            y.half_extents,
        );
        return (r, CLOSED_FORM);
    }
    match with_classic(a, b, true, |test, _| closed_form(&test)) {
        Some(Some(r)) => r,
        // No closed form, or one only the teaching panel works.
        Some(None) | None => general_path(a, b),
    }
}

/// [`decided_by`]'s words.
const CLOSED_FORM: &str = "closed form";
const SAT: &str = "SAT on pieces";
const SAT_BAND: &str = "SAT, then the exact distance in the band";

/// The SAT search on convex pieces, for any pair.
fn general_path(a: &Shape, b: &Shape) -> (bool, &'static str) {
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let mut band = false;
    for p in pa.iter() {
        for q in pb.iter() {
            let (hit, in_band) = pieces_intersect_path(p, q);
            band |= in_band;
            if hit {
                return (true, if band { SAT_BAND } else { SAT });
            }
        }
    }
    (false, if band { SAT_BAND } else { SAT })
}

const BOX_NORMALS: [Vec2; 4] = [
    Vec2::new(0.0, -1.0),
    Vec2::new(1.0, 0.0),
    Vec2::new(0.0, 1.0),
    Vec2::new(-1.0, 0.0),
];

fn box_verts(h: Vec2) -> [Vec2; 4] {
    [
        Vec2::new(-h.x, -h.y),
        Vec2::new(h.x, -h.y),
        Vec2::new(h.x, h.y),
        Vec2::new(-h.x, h.y),
    ]
}

/// The closed form's verdict and the path's name; `None` for the tests
/// only the teaching panel works (ray–box, line–line), which SAT decides.
/// Positions are relative to the first operand's, so large coordinates keep
/// their precision.
#[inline(always)]
fn closed_form(test: &Classic) -> Option<(bool, &'static str)> {
    let tol = CONTACT_TOLERANCE;
    let r = match *test {
        Classic::DiscDisc(x, y) => classic::disc_disc(x.centre, x.radius, y.centre, y.radius),
        Classic::AabbAabb(x, y) => {
            classic::aabb_aabb(x.centre, x.half_extents, y.centre, y.half_extents)
        }
        Classic::DiscAabb(d, b) => classic::disc_aabb(d.centre, d.radius, b.centre, b.half_extents),
        Classic::DiscObb(d, b) => {
            classic::disc_obb(d.centre, d.radius, b.centre, b.rot, b.half_extents)
        }
        Classic::BoxBox(x, y) => classic::obb_obb(
            x.centre,
            x.rot,
            x.half_extents,
            y.centre,
            y.rot,
            y.half_extents,
        ),
        Classic::DiscPolygon(d, p) => {
            classic::disc_polygon(d.centre, d.radius, p.t, p.rot, p.verts, p.normals)
        }
        Classic::BoxPolygon(b, p) => {
            let v = box_verts(b.half_extents);
            let pa = PolygonRef {
                t: b.centre,
                rot: b.rot,
                verts: &v,
                normals: &BOX_NORMALS,
            };
            return Some(classic::polygon_polygon_path(&pa, &p));
        }
        Classic::PolygonPolygon(q, p) => return Some(classic::polygon_polygon_path(&q, &p)),
        Classic::SweptPolygon(s, p) => {
            classic::capsule_polygon(s.p, s.q, s.radius, p.t, p.rot, p.verts, p.normals)
        }
        Classic::SectorDisc(s, d) => {
            classic::sector_disc(s.apex, s.facing, s.half, s.radius, d.centre, d.radius)
        }
        Classic::DiscSwept(d, s) => classic::disc_capsule(d.centre, d.radius, s.p, s.q, s.radius),
        Classic::SweptSwept(s1, s2) => {
            let (x, y) = closest_points_segments(s1.p, s1.q, s2.p, s2.q);
            let r = s1.radius + s2.radius + tol;
            (y - x).length_squared() <= r * r
        }
        Classic::SweptBox(s, b) => {
            let rr = s.radius + tol;
            let (p, q) = (
                unrotate(b.rot, s.p - b.centre),
                unrotate(b.rot, s.q - b.centre),
            );
            classic::segment_box_sq_distance(p, q, b.half_extents) <= rr * rr
        }
        Classic::RayBox(..) | Classic::LineLine(..) => return None,
    };
    Some((r, CLOSED_FORM))
}
