//! The "Algorithm" panel's content: for the current pair, the specialised
//! classic test worked step by step from the library's traces
//! ([`satlab::geom::classic`]), as translated text lines, plus whether it
//! agrees with the core's `intersects`. Pure, so tests need no window.
//!
//! Numbers are world units (squared where the line says so); angles degrees.

pub mod canvas;

use crate::app::i18n::{trf_in, Lang};
use crate::app::num;
use satlab::geom::classic::{
    aabb_aabb_trace, classic_test, disc_box_trace, disc_capsule_trace, disc_disc_trace,
    sector_disc_trace, BoxView, Classic, Disc, DiscBoxTrace, SectorDiscStep, SectorView, Swept,
};
use satlab::geom::classic::{
    line_line_trace, point_in_polygon_trace, ray_box_trace, segment_segment_trace, LineLineTrace,
};
use satlab::geom::{intersects, Line, Ray2, Shape, ShapeKind, Vec2};
use satlab::geom::{LineIntersection, SegmentIntersection};

/// The worked test for one pair.
#[derive(Debug, Clone, PartialEq)]
pub struct AlgorithmText {
    /// The algorithm's name, e.g. "Disc vs AABB (Arvo)".
    pub title: String,
    /// The steps, in order, with their numbers.
    pub lines: Vec<String>,
    /// The specialised test's answer; `None` when there is no such test.
    pub result: Option<bool>,
    /// The core's `intersects` for the same pair.
    pub core: bool,
}

/// Formats a number the way the panel prints it: three decimals, ±∞ for
/// the slabs of a ray parallel to them.
pub fn num(x: f32) -> String {
    match x {
        f32::INFINITY => "∞".to_owned(),
        f32::NEG_INFINITY => "−∞".to_owned(),
        _ => num::fixed(x, 3),
    }
}

/// Builds the panel text for shapes `a`, `b` in language `l`; either order of
/// each pair works. Bad or unsupported input gives the "no specialised test" text.
pub fn explain(a: &Shape, b: &Shape, l: Lang) -> AlgorithmText {
    let core = intersects(a, b);
    match worked(a, b, l) {
        Some((title, mut lines, result)) => {
            lines.push(if result == core {
                trf_in(
                    l,
                    "Agrees with SAT and intersects: {}",
                    &[&yes_no(result, l)],
                )
            } else {
                trf_in(l, "Disagrees with intersects ({})!", &[&yes_no(core, l)])
            });
            AlgorithmText {
                title,
                lines,
                result: Some(result),
                core,
            }
        }
        None => match classic_test(a, b) {
            // A closed form decides the pair, but the panel does not work
            // its numbers: name it, never claim there is none.
            Some(pair) => AlgorithmText {
                title: name(&pair.test, l),
                lines: vec![trf_in(
                    l,
                    "The library decides this pair with this closed form; its numbers are not worked here: the SAT steps (Step panel) show the axes it tests.",
                    &[],
                )],
                result: None,
                core,
            },
            None => AlgorithmText {
                title: trf_in(l, "No specialised test", &[]),
                lines: vec![trf_in(
                    l,
                    "This pair has no classic special-case test; see the SAT steps (Step panel).",
                    &[],
                )],
                result: None,
                core,
            },
        },
    }
}

/// The name of a classic test (English; translated where shown).
fn name(test: &Classic, l: Lang) -> String {
    match test {
        Classic::DiscDisc(..) => trf_in(l, "Disc vs disc (centre distance)", &[]),
        Classic::AabbAabb(..) => trf_in(l, "AABB vs AABB (intervals per axis)", &[]),
        Classic::DiscAabb(..) => trf_in(l, "Disc vs AABB (Arvo)", &[]),
        Classic::DiscObb(..) => trf_in(l, "Disc vs OBB (Arvo)", &[]),
        Classic::BoxBox(..) => trf_in(l, "Box vs box (the four face axes)", &[]),
        Classic::DiscPolygon(..) => trf_in(l, "Disc vs polygon (closest edge)", &[]),
        Classic::BoxPolygon(..) | Classic::PolygonPolygon(..) => {
            trf_in(l, "Polygon vs polygon (edge normals)", &[])
        }
        Classic::SweptPolygon(..) => trf_in(l, "Capsule vs polygon", &[]),
        Classic::SectorDisc(..) => trf_in(l, "Sector vs disc (Milo Yip)", &[]),
        Classic::DiscSwept(..) => trf_in(l, "Disc vs capsule", &[]),
        Classic::SweptSwept(..) => {
            trf_in(l, "Capsule vs capsule (closest points of the cores)", &[])
        }
        Classic::SweptBox(..) => trf_in(l, "Segment vs box (in the box's frame)", &[]),
        Classic::RayBox(..) => trf_in(l, "Ray vs box (slabs)", &[]),
        Classic::LineLine(..) => trf_in(l, "Line vs line", &[]),
    }
}

/// A signed per-axis gap in words: "gap g" when positive, else "overlap".
fn gap_words(g: f32, l: Lang) -> String {
    if g > 0.0 {
        trf_in(l, "gap {}", &[&num(g)])
    } else {
        trf_in(l, "overlap {}", &[&num(-g)])
    }
}

/// The AABB–AABB interval test, worked.
fn aabb_aabb(b1: &BoxView, b2: &BoxView, l: Lang) -> Worked {
    let tr = aabb_aabb_trace(b1.centre, b1.half_extents, b2.centre, b2.half_extents);
    let mut v = vec![
        trf_in(
            l,
            "1. x axis: centres {} apart, half-widths add to {}: {}",
            &[
                &num(tr.centre_delta.x),
                &num(tr.reach.x),
                &gap_words(tr.gap.x, l),
            ],
        ),
        trf_in(
            l,
            "2. y axis: centres {} apart, half-heights add to {}: {}",
            &[
                &num(tr.centre_delta.y),
                &num(tr.reach.y),
                &gap_words(tr.gap.y, l),
            ],
        ),
    ];
    v.push(if tr.gap.x <= 0.0 && tr.gap.y <= 0.0 {
        trf_in(l, "3. The intervals overlap on both axes", &[])
    } else {
        trf_in(
            l,
            "3. Apart by {} (the gaps' length) against the contact tolerance {}",
            &[&num(tr.apart), &satlab::geom::CONTACT_TOLERANCE.to_string()],
        )
    });
    (name(&Classic::AabbAabb(*b1, *b2), l), v, tr.result)
}

/// The disc–disc test, worked: squared, no square root.
fn disc_disc(x: Disc, y: Disc, l: Lang) -> Worked {
    let tr = disc_disc_trace(x.centre, x.radius, y.centre, y.radius);
    let v = vec![
        trf_in(l, "1. Centres: |c₂ − c₁|² = {}", &[&num(tr.centre_dist_sq)]),
        trf_in(
            l,
            "2. Radii: r₁ + r₂ = {}; with the contact tolerance, squared: {}",
            &[&num(tr.reach), &num(tr.limit_sq)],
        ),
        trf_in(
            l,
            "3. {} ≤ {}? Compared squared: no square root",
            &[&num(tr.centre_dist_sq), &num(tr.limit_sq)],
        ),
    ];
    (name(&Classic::DiscDisc(x, y), l), v, tr.result)
}

/// The coordinates of two points, `p` then `q`, as the panel prints them.
fn two_points(p: Vec2, q: Vec2) -> [String; 4] {
    [num(p.x), num(p.y), num(q.x), num(q.y)]
}

fn yes_no(b: bool, l: Lang) -> String {
    if b {
        trf_in(l, "they intersect", &[])
    } else {
        trf_in(l, "they do not intersect", &[])
    }
}

fn yes(b: bool, l: Lang) -> String {
    if b {
        trf_in(l, "yes", &[])
    } else {
        trf_in(l, "no", &[])
    }
}

/// A worked test: its title, its steps, and its answer.
type Worked = (String, Vec<String>, bool);

/// The classic tests the panel works, chosen once from the table
/// ([`classic_test`]) for the text and the canvas alike, operands in the
/// test's order (world coordinates).
#[derive(Debug, Clone)]
pub(crate) enum Shown<'s> {
    /// Two discs.
    DiscDisc(Disc, Disc),
    /// Two AABBs.
    AabbAabb(BoxView, BoxView),
    /// A disc against a box; `obb` when the box is oriented.
    DiscBox { disc: Disc, bx: BoxView, obb: bool },
    /// A disc against a capsule or a segment (`capsule` false).
    DiscSwept {
        disc: Disc,
        swept: Swept,
        capsule: bool,
    },
    /// Two segments' cores (a point is a segment of length 0).
    Segments((Vec2, Vec2), (Vec2, Vec2)),
    /// A sector against a disc; `convex` when it spans at most 180°.
    SectorDisc(SectorView, Disc, bool),
    /// A point and a polygon's world vertices.
    PointInPolygon(Vec2, Vec<Vec2>),
    /// Two lines.
    LineLine(&'s Line, &'s Line),
    /// A ray against a box shape.
    RayBox(Ray2, &'s Shape),
}

/// The worked classic test of `a` and `b` (either order); `None` for the
/// tests the panel does not work.
pub(crate) fn shown<'s>(a: &'s Shape, b: &'s Shape) -> Option<Shown<'s>> {
    let pair = classic_test(a, b)?;
    let (x, y) = if pair.swapped { (b, a) } else { (a, b) };
    let (kx, ky) = (x.kind(), y.kind());
    match pair.test {
        Classic::DiscDisc(d1, d2) => Some(Shown::DiscDisc(d1, d2)),
        Classic::AabbAabb(b1, b2) => Some(Shown::AabbAabb(b1, b2)),
        Classic::DiscAabb(disc, bx) if kx == ShapeKind::Circle => Some(Shown::DiscBox {
            disc,
            bx,
            obb: false,
        }),
        Classic::DiscObb(disc, bx) if kx == ShapeKind::Circle => Some(Shown::DiscBox {
            disc,
            bx,
            obb: true,
        }),
        // A point is worked as a segment of length 0.
        Classic::DiscSwept(d, s) if kx == ShapeKind::Segment => {
            Some(Shown::Segments((d.centre, d.centre), (s.p, s.q)))
        }
        Classic::DiscSwept(disc, swept) if kx == ShapeKind::Circle => {
            let capsule = match ky {
                ShapeKind::Capsule => true,
                ShapeKind::Segment => false,
                ShapeKind::Point
                | ShapeKind::Circle
                | ShapeKind::Ray
                | ShapeKind::Line
                | ShapeKind::Aabb
                | ShapeKind::Obb
                | ShapeKind::Polygon
                | ShapeKind::Sector => return None,
            };
            Some(Shown::DiscSwept {
                disc,
                swept,
                capsule,
            })
        }
        Classic::SweptSwept(s1, s2) if kx == ShapeKind::Segment && ky == ShapeKind::Segment => {
            Some(Shown::Segments((s1.p, s1.q), (s2.p, s2.q)))
        }
        Classic::SectorDisc(s, d) if ky == ShapeKind::Circle => {
            Some(Shown::SectorDisc(s, d, x.is_convex()))
        }
        Classic::DiscPolygon(d, _) if kx == ShapeKind::Point => {
            let Shape::Polygon(poly) = y else {
                return None;
            };
            Some(Shown::PointInPolygon(d.centre, poly.world_vertices()))
        }
        Classic::LineLine(m, n) => Some(Shown::LineLine(m, n)),
        Classic::RayBox(r, bx) => Some(Shown::RayBox(Ray2::from_shape(r), bx)),
        Classic::DiscAabb(..)
        | Classic::DiscObb(..)
        | Classic::BoxBox(..)
        | Classic::DiscPolygon(..)
        | Classic::BoxPolygon(..)
        | Classic::PolygonPolygon(..)
        | Classic::SweptPolygon(..)
        | Classic::SectorDisc(..)
        | Classic::DiscSwept(..)
        | Classic::SweptSwept(..)
        | Classic::SweptBox(..) => None,
    }
}

/// The worked text of the pair's classic test; `None` for the tests the
/// panel does not work.
fn worked(a: &Shape, b: &Shape, l: Lang) -> Option<Worked> {
    match shown(a, b)? {
        Shown::DiscDisc(d1, d2) => Some(disc_disc(d1, d2, l)),
        Shown::AabbAabb(b1, b2) => Some(aabb_aabb(&b1, &b2, l)),
        Shown::DiscBox { disc, bx, obb } => {
            let (local, title) = if obb {
                (bx.local(disc.centre), trf_in(l, "Disc vs OBB (Arvo)", &[]))
            } else {
                (
                    disc.centre - bx.centre,
                    trf_in(l, "Disc vs AABB (Arvo)", &[]),
                )
            };
            let tr = disc_box_trace(local, disc.radius, bx.half_extents);
            Some((title, disc_box(&tr, obb, l), tr.result))
        }
        Shown::DiscSwept {
            disc,
            swept,
            capsule,
        } => {
            let title = if capsule {
                trf_in(l, "Disc vs capsule", &[])
            } else {
                trf_in(l, "Disc vs segment", &[])
            };
            Some(disc_capsule(
                disc.centre,
                disc.radius,
                swept.p,
                swept.q,
                swept.radius,
                l,
                title,
            ))
        }
        Shown::Segments((p1, q1), (p2, q2)) => segments(p1, q1, p2, q2, l),
        Shown::SectorDisc(s, d, convex) => Some(sector_disc(&s, d, convex, l)),
        Shown::PointInPolygon(p, verts) => Some(point_in_polygon(p, &verts, l)),
        Shown::LineLine(m, n) => {
            let tr = line_line_trace(m.point(), m.direction(), n.point(), n.direction());
            Some((
                trf_in(l, "Line vs line", &[]),
                line_line(&tr, l),
                !matches!(tr.result, LineIntersection::Parallel),
            ))
        }
        Shown::RayBox(ray, bx) => ray_box(&ray, bx, l),
    }
}

/// Milo Yip's sector–disc test, worked; a sector that is not `convex` gets
/// the note that plain SAT cannot take it.
fn sector_disc(s: &SectorView, d: Disc, convex: bool, l: Lang) -> Worked {
    let tr = sector_disc_trace(s.apex, s.facing, s.half, s.radius, d.centre, d.radius);
    let mut v = vec![trf_in(
        l,
        "1. Far test: |c − apex| = {} against R + r = {}",
        &[&num(tr.centre_distance), &num(tr.reach)],
    )];
    if tr.step != SectorDiscStep::Far {
        let [px, py, rx, ry] = two_points(tr.local, tr.reflected);
        v.push(trf_in(
            l,
            "2. In the sector's frame p = ({}, {}); reflected onto one side: ({}, {})",
            &[&px, &py, &rx, &ry],
        ));
        v.push(trf_in(
            l,
            "3. Span check p_x > |p| cos θ: {} > {}",
            &[&num(tr.span_lhs), &num(tr.span_rhs)],
        ));
    }
    if let (SectorDiscStep::Edge, Some(dist)) = (tr.step, tr.edge_distance) {
        v.push(trf_in(
            l,
            "4. Edge segment: distance {} against r = {}",
            &[&num(dist), &num(d.radius)],
        ));
    }
    if !convex {
        v.push(trf_in(
            l,
            "Wider than 180°: the sector is not convex, so plain SAT cannot be used.",
            &[],
        ));
    }
    (trf_in(l, "Sector vs disc (Milo Yip)", &[]), v, tr.result)
}

/// Both point-in-polygon methods, worked, for the point `p` and the
/// polygon's world vertices.
fn point_in_polygon(p: Vec2, verts: &[Vec2], l: Lang) -> Worked {
    let tr = point_in_polygon_trace(p, verts);
    let signs: Vec<String> = tr.crosses.iter().map(|c| num(*c)).collect();
    let mut v = vec![
        trf_in(
            l,
            "1. Angle sum of the fan: {}° (inside when ±360°)",
            &[&num(tr.angle_sum.to_degrees())],
        ),
        trf_in(l, "2. Edge cross products: {}", &[&signs.join(", ")]),
    ];
    if tr.on_boundary {
        v.push(trf_in(
            l,
            "On an edge, within the contact tolerance: both tests count it as inside",
            &[],
        ));
    }
    v.push(trf_in(
        l,
        "Inside by angle: {}; inside by cross signs: {}",
        &[&yes(tr.inside_by_angle, l), &yes(tr.inside_by_cross, l)],
    ));
    (trf_in(l, "Point in polygon", &[]), v, tr.inside_by_cross)
}

/// The straddle test of the segments `[p1, q1]` and `[p2, q2]`, worked, with
/// where their lines cross when the segments miss.
fn segments(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2, l: Lang) -> Option<Worked> {
    let tr = segment_segment_trace(p1, q1, p2, q2);
    let mut v = vec![trf_in(
        l,
        "1. Cross product of the directions r × s = {} (about 0 when parallel)",
        &[&num(tr.denom)],
    )];
    if let Some((t, u)) = tr.params {
        v.push(trf_in(
            l,
            "2. Where the lines cross: t = {} on the first, u = {} on the second; they meet when both lie in [0, 1]",
            &[&num(t), &num(u)],
        ));
    }
    if let Some((t0, t1)) = tr.collinear {
        v.push(trf_in(
            l,
            "2. On one line: the second runs from t = {} to t = {} along the first; they meet when that reaches into [0, 1]",
            &[&num(t0), &num(t1)],
        ));
    }
    // The lines through them (their extensions) meet where the
    // ratios say; outside [0, 1] the segments themselves miss.
    if matches!(tr.result, SegmentIntersection::None) {
        let ll = line_line_trace(p1, q1 - p1, p2, q2 - p2);
        v.push(match ll.result {
            LineIntersection::Point(x) => trf_in(
                l,
                "4. The lines through them cross at ({}, {}), beyond the segments",
                &[&num(x.x), &num(x.y)],
            ),
            LineIntersection::Parallel => trf_in(l, "4. The lines through them are parallel", &[]),
            LineIntersection::Coincident => trf_in(
                l,
                "4. The same line, but the segments do not reach each other",
                &[],
            ),
        });
    }
    let result = match tr.result {
        SegmentIntersection::None => false,
        SegmentIntersection::Point(hit) => {
            v.push(trf_in(
                l,
                "Intersection point ({}, {})",
                &[&num(hit.x), &num(hit.y)],
            ));
            true
        }
        SegmentIntersection::Overlap(..) => {
            v.push(trf_in(l, "Collinear: they share a piece", &[]));
            true
        }
    };
    Some((trf_in(l, "Segment vs segment", &[]), v, result))
}

/// The slab test of `ray` against the box `bx`, worked.
fn ray_box(ray: &Ray2, bx: &Shape, l: Lang) -> Option<Worked> {
    let tr = ray_box_trace(ray, bx)?;
    let mut v = vec![trf_in(
        l,
        "1. Ray in the box's frame: origin ({}, {}), direction ({}, {})",
        &[
            &num(tr.local_origin.x),
            &num(tr.local_origin.y),
            &num(tr.local_dir.x),
            &num(tr.local_dir.y),
        ],
    )];
    if tr.starts_inside {
        v.push(trf_in(
            l,
            "2. The origin is inside the box: a hit at t = 0",
            &[],
        ));
    }
    for (name, slab) in ["x", "y"].into_iter().zip(tr.slabs) {
        v.push(match slab {
            Some((t0, t1)) if t0.is_finite() && t1.is_finite() => trf_in(
                l,
                "2. {} slab: t from {} to {}",
                &[&name, &num(t0), &num(t1)],
            ),
            Some((t0, _)) if t0 < 0.0 => {
                trf_in(l, "2. {} slab: the ray runs along it, inside it", &[&name])
            }
            Some(_) => trf_in(
                l,
                "2. {} slab: the ray runs along it, outside it: a miss",
                &[&name],
            ),
            None => continue,
        });
    }
    if !tr.starts_inside {
        v.push(trf_in(
            l,
            "3. Latest entry {}, earliest exit {}: a hit when entry ≤ exit",
            &[&num(tr.enter_exit.0), &num(tr.enter_exit.1)],
        ));
    }
    if let Some(h) = tr.hit {
        v.push(trf_in(
            l,
            "4. Hit at t = {}, point ({}, {}), normal ({}, {})",
            &[
                &num(h.t),
                &num(h.point.x),
                &num(h.point.y),
                &num(h.normal.x),
                &num(h.normal.y),
            ],
        ));
    }
    Some((trf_in(l, "Ray vs box (slabs)", &[]), v, tr.hit.is_some()))
}

fn line_line(tr: &LineLineTrace, l: Lang) -> Vec<String> {
    let mut v = vec![trf_in(
        l,
        "1. Cross product of the directions d1 × d2 = {} (0 when parallel)",
        &[&num(tr.denom)],
    )];
    v.push(match (tr.result, tr.t) {
        (LineIntersection::Point(x), Some(t)) => trf_in(
            l,
            "2. t = (p2 − p1) × d2 / (d1 × d2) = {}: they cross at ({}, {})",
            &[&num(t), &num(x.x), &num(x.y)],
        ),
        (LineIntersection::Point(x), None) => {
            trf_in(l, "2. They cross at ({}, {})", &[&num(x.x), &num(x.y)])
        }
        (LineIntersection::Parallel, _) => trf_in(l, "2. Parallel and apart: they never meet", &[]),
        (LineIntersection::Coincident, _) => {
            trf_in(l, "2. The same line: they meet everywhere", &[])
        }
    });
    v
}

fn disc_box(tr: &DiscBoxTrace, obb: bool, l: Lang) -> Vec<String> {
    let mut v = Vec::new();
    if obb {
        v.push(trf_in(
            l,
            "0. Centre carried into the box's frame: ({}, {})",
            &[&num(tr.local.x), &num(tr.local.y)],
        ));
    }
    let [vx, vy, hx, hy] = two_points(tr.reflected, tr.half_extents);
    v.push(trf_in(
        l,
        "1. Centre reflected into the first quadrant: ({}, {}); half-extents ({}, {})",
        &[&vx, &vy, &hx, &hy],
    ));
    v.push(trf_in(
        l,
        "2. Clamped u = max(v − h, 0) = ({}, {})",
        &[&num(tr.u.x), &num(tr.u.y)],
    ));
    v.push(trf_in(
        l,
        "3. |u|² = {} against r² = {}",
        &[&num(tr.u_len_sq), &num(tr.limit_sq)],
    ));
    v
}

fn disc_capsule(
    c: Vec2,
    r: f32,
    p: Vec2,
    q: Vec2,
    rc: f32,
    l: Lang,
    title: String,
) -> (String, Vec<String>, bool) {
    let tr = disc_capsule_trace(c, r, p, q, rc);
    let v = vec![
        trf_in(
            l,
            "1. Projection of the centre onto the axis: t = {}",
            &[&num(tr.t_raw)],
        ),
        trf_in(l, "2. Clamped to [0, 1]: t = {}", &[&num(tr.t)]),
        trf_in(
            l,
            "3. Closest point ({}, {})",
            &[&num(tr.closest.x), &num(tr.closest.y)],
        ),
        trf_in(
            l,
            "4. Squared distance {} against squared radius sum {}",
            &[&num(tr.dist_sq), &num(tr.limit_sq)],
        ),
    ];
    (title, v, tr.result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom::{distance, Aabb, Capsule, Circle, Obb, Pose, Sector, ShapeKind, Vec2};

    fn disc(x: f32, y: f32, r: f32) -> Shape {
        Shape::Circle(Circle::new(Pose::at(Vec2::new(x, y)), r).expect("valid"))
    }

    fn has(text: &AlgorithmText, needle: &str) -> bool {
        text.lines.iter().any(|l| l.contains(needle))
    }

    #[test]
    fn disc_aabb_numbers_in_both_orders() {
        // Box centre (1, 1), half (2, 1); disc at (-3, 3), r 1: local (-4, 2),
        // reflected (4, 2), u = (2, 1), |u|² = 5 > r² = 1.
        let b = Shape::Aabb(
            Aabb::new(Pose::at(Vec2::new(1.0, 1.0)), Vec2::new(2.0, 1.0)).expect("valid"),
        );
        let d = disc(-3.0, 3.0, 1.0);
        for (x, y) in [(&d, &b), (&b, &d)] {
            let t = explain(x, y, Lang::En);
            assert_eq!(t.title, "Disc vs AABB (Arvo)");
            assert!(has(&t, "(4.000, 2.000)"), "{:?}", t.lines);
            assert!(has(&t, "(2.000, 1.000)"), "{:?}", t.lines);
            assert!(has(&t, "|u|² = 5.000 against r² = 1.000"), "{:?}", t.lines);
            assert_eq!(t.result, Some(false));
            assert!(!t.core);
            // |u| − r is the gap, which the core's distance also reports.
            assert!((distance(x, y).distance - (5f32.sqrt() - 1.0)).abs() < 1e-4);
        }
    }

    #[test]
    fn disc_obb_carries_the_centre_into_the_box_frame() {
        // Box turned 90° at the origin, half (2, 1): a disc at (0, 2.5) sits
        // at local (2.5, 0) (or (2.5, −0) up to sign), u = (0.5, 0).
        let o = Obb::new(
            Pose::new(Vec2::ZERO, 90.0).expect("valid"),
            Vec2::new(2.0, 1.0),
        )
        .expect("valid");
        let d = disc(0.0, 2.5, 0.6);
        let t = explain(&Shape::Obb(o), &d, Lang::En);
        assert_eq!(t.title, "Disc vs OBB (Arvo)");
        assert!(has(&t, "|u|² = 0.250 against r² = 0.360"), "{:?}", t.lines);
        assert_eq!(t.result, Some(true));
        assert!(t.core);
        assert!(t.lines.last().is_some_and(|l| l.starts_with("Agrees")));
    }

    #[test]
    fn disc_capsule_clamps_t() {
        let c = Capsule::new(Pose::at(Vec2::ZERO), 2.0, 0.5).expect("valid");
        let (p, q) = c.endpoints();
        // Beyond the q end: t > 1 before the clamp.
        let cc = q + (q - p) * 0.25 + Vec2::new(0.0, 1.0);
        let d = disc(cc.x, cc.y, 0.5);
        // Independent working: t along p→q, clamped, squared distance.
        let t_raw = (cc - p).dot(q - p) / (q - p).length_squared();
        let closest = p + (q - p) * t_raw.clamp(0.0, 1.0);
        let cap = Shape::Capsule(c);
        let text = explain(&d, &cap, Lang::En);
        assert!(
            has(&text, &format!("t = {}", num(t_raw))),
            "{:?}",
            text.lines
        );
        assert!(
            has(&text, "Clamped to [0, 1]: t = 1.000"),
            "{:?}",
            text.lines
        );
        assert!(has(
            &text,
            &format!("Squared distance {}", num((cc - closest).length_squared()))
        ));
        assert!(has(&text, "squared radius sum 1.000"));
        let gap = (cc - closest).length() - 1.0;
        assert!((distance(&d, &cap).distance - gap.max(0.0)).abs() < 1e-4);
        assert_eq!(text.result, Some(text.core));
    }

    #[test]
    fn sector_far_test_and_non_convex_note() {
        // Apex at the origin, R 2, half-angle 120° (not convex); disc 5 away.
        let s = Sector::new(Pose::at(Vec2::ZERO), 2.0, 120.0).expect("valid");
        let d = disc(5.0, 0.0, 1.0);
        let t = explain(&d, &Shape::Sector(s), Lang::En);
        assert!(
            has(&t, "|c − apex| = 5.000 against R + r = 3.000"),
            "{:?}",
            t.lines
        );
        assert!(has(&t, "not convex"));
        assert_eq!(t.result, Some(false));
        assert!(!t.core);
    }

    #[test]
    fn ray_box_slabs_and_hit_in_both_orders() {
        // A ray from (−5, 0.5) along its pose direction into the box at the
        // origin with half-extents (1, 2): it enters the x slab at 5 − 1.
        let r = satlab::geom::Ray::new(Pose::at(Vec2::new(-5.0, 0.5)), None).expect("valid");
        let dir = r.direction();
        assert!(
            (dir - Vec2::X).length() < 1e-6,
            "the default ray points along +x"
        );
        let ray = Shape::Ray(r);
        let b = Shape::Aabb(Aabb::new(Pose::at(Vec2::ZERO), Vec2::new(1.0, 2.0)).expect("valid"));
        for (x, y) in [(&ray, &b), (&b, &ray)] {
            let t = explain(x, y, Lang::En);
            assert_eq!(t.title, "Ray vs box (slabs)");
            // The ray runs along y = 0.5, inside the y slab: never leaves it.
            assert!(
                has(&t, "y slab: the ray runs along it, inside it"),
                "{:?}",
                t.lines
            );
            assert!(has(&t, "x slab: t from 4.000 to 6.000"), "{:?}", t.lines);
            assert!(
                has(
                    &t,
                    "Hit at t = 4.000, point (-1.000, 0.500), normal (-1.000, 0.000)"
                ),
                "{:?}",
                t.lines
            );
            assert_eq!(t.result, Some(true));
            assert!(t.core);
        }
    }

    fn line(x: f32, y: f32, deg: f32) -> Shape {
        Shape::Line(satlab::geom::Line::new(
            Pose::new(Vec2::new(x, y), deg).expect("valid"),
        ))
    }

    fn segment(p: Vec2, q: Vec2) -> Shape {
        let d = q - p;
        let pose = Pose::new((p + q) * 0.5, d.to_angle().to_degrees()).expect("valid");
        Shape::Segment(satlab::geom::Segment::new(pose, d.length() * 0.5).expect("valid"))
    }

    #[test]
    fn line_line_ratio_and_crossing() {
        // y = x and x = 4 cross at (4, 4), at t = 4√2 along the unit
        // direction (cos 45°, sin 45°) of the first.
        let t = explain(&line(0.0, 0.0, 45.0), &line(4.0, 0.0, 90.0), Lang::En);
        assert_eq!(t.title, "Line vs line");
        assert!(
            has(
                &t,
                &format!("= {}: they cross at (4.000, 4.000)", num(4.0 * 2f32.sqrt()))
            ),
            "{:?}",
            t.lines
        );
        assert_eq!(t.result, Some(true));
        assert!(t.core);
        let par = explain(&line(0.0, 0.0, 30.0), &line(0.0, 1.0, 210.0), Lang::En);
        assert!(has(&par, "Parallel and apart"), "{:?}", par.lines);
        assert_eq!(par.result, Some(false));
        assert!(!par.core);
        let same = explain(&line(0.0, 0.0, 0.0), &line(5.0, 0.0, 180.0), Lang::En);
        assert!(has(&same, "The same line"), "{:?}", same.lines);
        assert_eq!(same.result, Some(true));
        assert!(same.core);
    }

    #[test]
    fn segments_that_miss_show_where_their_lines_cross() {
        let a = segment(Vec2::ZERO, Vec2::new(1.0, 1.0));
        let b = segment(Vec2::new(4.0, 0.0), Vec2::new(4.0, 1.0));
        let t = explain(&a, &b, Lang::En);
        assert!(
            has(&t, "cross at (4.000, 4.000), beyond the segments"),
            "{:?}",
            t.lines
        );
        assert_eq!(t.result, Some(false));
        assert!(!t.core);
        // Crossing segments say nothing about extensions.
        let c = segment(Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0));
        let t = explain(&a, &c, Lang::En);
        assert!(!has(&t, "lines through them"), "{:?}", t.lines);
        assert!(
            has(&t, "Intersection point (0.500, 0.500)"),
            "{:?}",
            t.lines
        );
    }

    #[test]
    fn no_pair_with_a_closed_form_claims_it_has_none() {
        let mut none = 0;
        for ka in ShapeKind::ALL {
            for kb in ShapeKind::ALL {
                let start = |x| {
                    Shape::Circle(Circle::new(Pose::at(Vec2::new(x, 0.3)), 1.0).expect("valid"))
                };
                let a = crate::app::pair::tools::convert::convert(&start(0.0), ka);
                let b = crate::app::pair::tools::convert::convert(&start(1.5), kb);
                let t = explain(&a, &b, Lang::En);
                let says_none = has(&t, "no classic special-case test");
                assert_eq!(
                    says_none,
                    classic_test(&a, &b).is_none(),
                    "{ka:?} {kb:?}: {t:?}"
                );
                none += usize::from(says_none);
            }
        }
        assert!(none > 0, "some pairs are SAT's alone");
    }

    #[test]
    fn disc_disc_is_worked_squared() {
        // Centres 3 apart (squared 9), radii 1 + 1.5 = 2.5.
        let t = explain(&disc(0.0, 0.0, 1.0), &disc(3.0, 0.0, 1.5), Lang::En);
        assert_eq!(t.title, "Disc vs disc (centre distance)");
        assert!(has(&t, "1. Centres: |c₂ − c₁|² = 9.000"), "{:?}", t.lines);
        assert!(has(&t, "r₁ + r₂ = 2.500"), "{:?}", t.lines);
        assert_eq!((t.result, t.core), (Some(false), false));
        let t = explain(&disc(0.0, 0.0, 1.0), &disc(2.4, 0.0, 1.5), Lang::ZhHans);
        assert_eq!(t.title, "圆盘与圆盘（圆心距离）");
        assert_eq!((t.result, t.core), (Some(true), true));
    }

    #[test]
    fn aabb_aabb_is_worked_per_axis() {
        let b = |x: f32, y: f32, hx: f32, hy: f32| {
            Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).expect("valid"))
        };
        // x: centres 3 apart, half-widths 1 + 1.5 = 2.5: gap 0.5; y: 0.5
        // apart against 2: overlap 1.5.
        let t = explain(&b(0.0, 0.0, 1.0, 1.0), &b(3.0, 0.5, 1.5, 1.0), Lang::En);
        assert_eq!(t.title, "AABB vs AABB (intervals per axis)");
        assert!(
            has(
                &t,
                "1. x axis: centres 3.000 apart, half-widths add to 2.500: gap 0.500"
            ),
            "{:?}",
            t.lines
        );
        assert!(
            has(
                &t,
                "2. y axis: centres 0.500 apart, half-heights add to 2.000: overlap 1.500"
            ),
            "{:?}",
            t.lines
        );
        assert!(has(&t, "3. Apart by 0.500"), "{:?}", t.lines);
        assert_eq!((t.result, t.core), (Some(false), false));
        let t = explain(&b(0.0, 0.0, 1.0, 1.0), &b(2.0, 0.5, 1.5, 1.0), Lang::En);
        assert!(
            has(&t, "3. The intervals overlap on both axes"),
            "{:?}",
            t.lines
        );
        assert_eq!((t.result, t.core), (Some(true), true));
    }

    /// For every ordered pair of kinds at random poses, the worked test
    /// (when there is one) gives `intersects`' answer, in both orders,
    /// except within 1e-3 of touching, where the panel's exact tests
    /// (segments, slabs) and the contact tolerance may differ.
    #[test]
    fn the_worked_verdict_is_intersects_for_every_pair() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut f = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        let mut worked = 0;
        for ka in ShapeKind::ALL {
            for kb in ShapeKind::ALL {
                for _ in 0..100 {
                    let mut shape = |kind| {
                        let at = Vec2::new(f() * 4.0 - 2.0, f() * 4.0 - 2.0);
                        let pose = Pose::new(at, f() * 360.0 - 180.0).expect("finite");
                        let start = Circle::new(pose, 0.2 + f() * 1.5).expect("valid");
                        crate::app::pair::tools::convert::convert(&Shape::Circle(start), kind)
                    };
                    let (a, b) = (shape(ka), shape(kb));
                    let (ab, ba) = (explain(&a, &b, Lang::En), explain(&b, &a, Lang::En));
                    assert_eq!(ab.title, ba.title);
                    let Some(result) = ab.result else {
                        continue;
                    };
                    worked += 1;
                    assert_eq!(ba.result, Some(result));
                    let gap = distance(&a, &b).distance;
                    if result != ab.core {
                        assert!(gap < 1e-3, "{a:?} {b:?} {:?}", ab.lines);
                    }
                }
            }
        }
        assert!(worked > 1000, "{worked}");
    }

    #[test]
    fn chinese_text() {
        let b = Shape::Aabb(
            Aabb::new(Pose::at(Vec2::new(1.0, 1.0)), Vec2::new(2.0, 1.0)).expect("valid"),
        );
        let t = explain(&disc(-3.0, 3.0, 1.0), &b, Lang::ZhHans);
        assert_eq!(t.title, "圆盘与包围盒 AABB（Arvo）");
        assert!(has(&t, "3. |u|² = 5.000，对比 r² = 1.000"), "{:?}", t.lines);
        assert!(has(&t, "不相交"));
    }
}
