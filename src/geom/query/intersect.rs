//! `intersects`: the fastest correct test for each pair of kinds.
//!
//! Pairs with a closed form (the table [`crate::geom::classic::classic_test`])
//! take it; every other pair goes through the SAT search on convex pieces. All paths count
//! touching within [`crate::geom::CONTACT_TOLERANCE`] as intersecting and
//! agree with [`crate::geom::distance`] (`intersects ⇔ distance == 0`).

use crate::common::Side;
use crate::geom::classic::{
    self, with_classic, BoxView, Classic, Disc, PolygonRef, SectorView, Swept,
};
use crate::geom::pose::unrotate;
use crate::geom::query::piece::pieces;
use crate::geom::query::sat::pieces_intersect_path;
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
        let gap = d.length() - (x.radius + y.radius);
        if in_band(gap, d.length() + x.radius + y.radius) {
            return (exact(a, b), BAND);
        }
        return (
            classic::disc_disc(Vec2::ZERO, x.radius, d, y.radius),
            CLOSED_FORM,
        );
    }
    if let (Shape::Obb(x), Shape::Obb(y)) = (a, b) {
        // Box–box before `fast`'s general set-up: the call `fast` would
        // make (relative to A's position) without its two dispatches.
        let cb = y.pose.position() - x.pose.position();
        let (ra, rb) = (x.pose.rot(), y.pose.rot());
        let (ha, hb) = (x.half_extents, y.half_extents);
        let g = classic::obb_obb_max_gap(Vec2::ZERO, ra, ha, cb, rb, hb);
        if in_gap_band(g, cb.length() + ha.element_sum() + hb.element_sum()) {
            return (exact(a, b), BAND);
        }
        return (
            classic::obb_obb(Vec2::ZERO, ra, ha, cb, rb, hb),
            CLOSED_FORM,
        );
    }
    match with_classic(a, b, true, |test, _| {
        let round = round_gap(&test).is_some_and(|(g, m)| in_band(g, m));
        let sat = sat_gap(&test).is_some_and(|(g, m)| in_gap_band(g, m));
        if round || sat {
            Some((exact(a, b), BAND))
        } else {
            closed_form(&test)
        }
    }) {
        Some(Some(r)) => r,
        // No closed form, or one only the teaching panel works.
        Some(None) | None => general_path(a, b),
    }
}

/// [`decided_by`]'s words.
const CLOSED_FORM: &str = "closed form";
const BAND: &str = "closed form, then the exact distance in the band";

/// True when a distance `gap` (negative: a depth) computed for shapes of
/// magnitude `m` lies within the rounding of the contact tolerance: there
/// a closed form's squared comparison and `distance` can round apart, so
/// the exact distance decides (the one precision policy, issue 25).
#[inline]
fn in_band(gap: f32, m: f32) -> bool {
    (gap - CONTACT_TOLERANCE).abs() <= crate::geom::PROJECTION_ROUNDING * m + 1e-9
}

/// True when a SAT-like lower bound `g` of the distance (a largest face
/// separation) cannot decide: between minus the rounding and the contact
/// tolerance plus the rounding.
#[inline]
fn in_gap_band(g: f32, m: f32) -> bool {
    let r = crate::geom::PROJECTION_ROUNDING * m + 1e-9;
    g >= -r && g <= CONTACT_TOLERANCE + r
}

/// For the closed forms that decide by face separations (boxes and
/// polygons): the largest separation and the pair's magnitude.
#[inline(always)]
fn sat_gap(test: &Classic) -> Option<(f32, f32)> {
    let reach =
        |p: &PolygonRef| p.t.length() + p.verts.iter().map(|v| v.length()).fold(0.0, f32::max);
    match *test {
        Classic::BoxBox(x, y) => Some((
            classic::obb_obb_max_gap(
                x.centre,
                x.rot,
                x.half_extents,
                y.centre,
                y.rot,
                y.half_extents,
            ),
            x.centre.length() + y.centre.length() + (x.half_extents + y.half_extents).element_sum(),
        )),
        Classic::PolygonPolygon(q, p) => Some((
            classic::polygon_polygon_max_separation(&q, &p),
            reach(&q) + reach(&p),
        )),
        Classic::BoxPolygon(b, p) => as_polygon(&b, |pa| {
            Some((
                classic::polygon_polygon_max_separation(pa, &p),
                reach(pa) + reach(&p),
            ))
        }),
        Classic::DiscDisc(..)
        | Classic::AabbAabb(..)
        | Classic::DiscAabb(..)
        | Classic::DiscObb(..)
        | Classic::DiscPolygon(..)
        | Classic::SweptPolygon(..)
        | Classic::SectorDisc(..)
        | Classic::DiscSwept(..)
        | Classic::SweptSwept(..)
        | Classic::SweptBox(..)
        | Classic::RayBox(..)
        | Classic::LineLine(..) => None,
    }
}

/// The verdict as `distance` gives it.
#[cold]
#[inline(never)]
fn exact(a: &Shape, b: &Shape) -> bool {
    crate::geom::distance(a, b).distance == 0.0
}

/// For the closed forms of rounded shapes (discs, swept discs, boxes
/// against them): the distance they compare, minus the radii, and the
/// pair's magnitude; `None` for the others (SAT-like, with their own band).
#[inline(always)]
fn round_gap(test: &Classic) -> Option<(f32, f32)> {
    let point_box = |p: Vec2, h: Vec2| {
        let out = p.abs() - h;
        if out.max_element() > 0.0 {
            out.max(Vec2::ZERO).length()
        } else {
            out.max_element()
        }
    };
    Some(match *test {
        Classic::DiscDisc(x, y) => (
            (y.centre - x.centre).length() - (x.radius + y.radius),
            x.centre.length() + y.centre.length() + x.radius + y.radius,
        ),
        Classic::AabbAabb(x, y) => {
            let g = (y.centre - x.centre).abs() - (x.half_extents + y.half_extents);
            let d = if g.max_element() > 0.0 {
                g.max(Vec2::ZERO).length()
            } else {
                g.max_element()
            };
            let m = x.centre.length() + y.centre.length();
            (d, m + (x.half_extents + y.half_extents).element_sum())
        }
        Classic::DiscAabb(d, b) | Classic::DiscObb(d, b) => (
            point_box(b.local(d.centre), b.half_extents) - d.radius,
            d.centre.length() + d.radius + b.centre.length() + b.half_extents.element_sum(),
        ),
        Classic::DiscSwept(d, s) => (
            classic::disc_capsule_sq_distance(d.centre, s.p, s.q).sqrt() - (d.radius + s.radius),
            d.centre.length() + d.radius + s.p.length().max(s.q.length()) + s.radius,
        ),
        Classic::SweptSwept(s1, s2) => {
            let (x, y) = closest_points_segments(s1.p, s1.q, s2.p, s2.q);
            let m = s1.p.length().max(s1.q.length()) + s2.p.length().max(s2.q.length());
            (
                (y - x).length() - (s1.radius + s2.radius),
                m + s1.radius + s2.radius,
            )
        }
        Classic::SweptBox(s, b) => {
            let (p, q) = (b.local(s.p), b.local(s.q));
            let d = classic::segment_box_sq_distance(p, q, b.half_extents).sqrt();
            let m = s.p.length().max(s.q.length()) + s.radius + b.centre.length();
            (d - s.radius, m + b.half_extents.element_sum())
        }
        Classic::DiscPolygon(d, p) => disc_polygon_gap(d, &p),
        Classic::SweptPolygon(sw, p) => swept_polygon_gap(sw, &p),
        Classic::SectorDisc(sv, d) => sector_disc_gap(sv, d),
        Classic::BoxBox(..)
        | Classic::BoxPolygon(..)
        | Classic::PolygonPolygon(..)
        | Classic::RayBox(..)
        | Classic::LineLine(..) => return None,
    })
}

/// Disc against polygon, in the polygon's frame: inside, minus the least
/// face depth; outside, the nearest edge; less the radius.
fn disc_polygon_gap(d: Disc, p: &PolygonRef) -> (f32, f32) {
    // In the polygon's frame: inside, minus the least face depth;
    // outside, the nearest edge.
    let c = unrotate(p.rot, d.centre - p.t);
    let n = p.verts.len();
    let inside = (0..n)
        .map(|i| p.normals[i].dot(c - p.verts[i]))
        .fold(f32::NEG_INFINITY, f32::max);
    let g = if inside <= 0.0 {
        inside
    } else {
        (0..n)
            .map(|i| {
                let (u, v) = (p.verts[i], p.verts[(i + 1) % n]);
                classic::disc_capsule_sq_distance(c, u, v)
            })
            .fold(f32::INFINITY, f32::min)
            .sqrt()
    };
    let reach = p.verts.iter().map(|v| v.length()).fold(0.0, f32::max);
    (
        g - d.radius,
        d.centre.length() + d.radius + p.t.length() + reach,
    )
}

/// Capsule against polygon, in the polygon's frame: an end inside is an
/// overlap (no band); otherwise the core's distance to the nearest edge.
fn swept_polygon_gap(sw: Swept, p: &PolygonRef) -> (f32, f32) {
    // In the polygon's frame: an end inside is an overlap (no band);
    // otherwise the core's distance to the nearest edge.
    let (a, b) = (unrotate(p.rot, sw.p - p.t), unrotate(p.rot, sw.q - p.t));
    let n = p.verts.len();
    let inside = (0..n).all(|i| p.normals[i].dot(a - p.verts[i]) <= 0.0);
    let g = if inside {
        f32::NEG_INFINITY
    } else {
        (0..n)
            .map(|i| {
                let (x, y) = closest_points_segments(a, b, p.verts[i], p.verts[(i + 1) % n]);
                (y - x).length()
            })
            .fold(f32::INFINITY, f32::min)
    };
    let reach = p.verts.iter().map(|v| v.length()).fold(0.0, f32::max);
    let m = sw.p.length().max(sw.q.length()) + sw.radius + p.t.length() + reach;
    (g - sw.radius, m)
}

/// Sector against disc, in the sector's frame reflected onto its upper
/// half: inside the angular span the arc is nearest, outside it the edge.
fn sector_disc_gap(sv: SectorView, d: Disc) -> (f32, f32) {
    // In the sector's frame, reflected onto its upper half: inside
    // the angular span the arc is nearest, outside it the edge.
    let v = d.centre - sv.apex;
    let mut p = unrotate(sv.facing, v);
    p.y = p.y.abs();
    let len = p.length();
    let g = if p.x > len * sv.half.x {
        len - sv.radius
    } else {
        classic::disc_capsule_sq_distance(p, Vec2::ZERO, sv.half * sv.radius).sqrt()
    };
    let m = sv.apex.length() + d.centre.length() + sv.radius + d.radius;
    (g - d.radius, m)
}
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

/// `f` of box `b` seen as a four-sided polygon.
fn as_polygon<R>(b: &BoxView, f: impl FnOnce(&PolygonRef) -> R) -> R {
    let v = box_verts(b.half_extents);
    f(&PolygonRef {
        t: b.centre,
        rot: b.rot,
        verts: &v,
        normals: &BOX_NORMALS,
    })
}

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
            return Some(as_polygon(&b, |pa| classic::polygon_polygon_path(pa, &p)));
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
