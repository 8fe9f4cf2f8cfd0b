//! The edge pairs of the manifold's SAT pass for a solid hull against a
//! solid hull, box, triangle or capsule (Gregorius, GDC 2013): only the
//! pairs whose Gauss-map arcs cross, each a facet of the Minkowski
//! difference, with its gap read from the two edges in the facet's own
//! orientation (no projection of either piece), and whole arcs left out
//! first when a bound of every gap they could give is below the best gap
//! so far, or when they cross none of the other's circles. A triangle
//! against a solid box takes its nine axes in the box's frame
//! ([`triangle_box`]).
//!
//! Why one orientation is enough: the largest gap over the facet normals
//! of `B − A` is minus the penetration depth when the pieces overlap, and
//! positive exactly when they are apart (the origin then lies outside a
//! facet plane); no other direction does better when they overlap. Apart,
//! another direction can show a larger gap (never above the distance),
//! and the manifold's rule 1 lets the exact distance decide there.
//!
//! Where an arc of a hull is unknown (an edge without exactly two faces),
//! or the axis falls outside an arc by more than rounding, the pair's axis
//! is tested as the general pass tests it: both pieces projected, both
//! ways.

use super::buf::Buf;
use super::lazy::Lazy;
use crate::common::Side;
use crate::geom3d::query::piece::{Core, Piece};
use crate::geom3d::query::sat::gauss::{arcs_cross_all, crosses_circle, Arc, ArcEnds};
use crate::geom3d::query::sat::PARALLEL_EDGE_EPS;
use crate::geom3d::shape::hull::{ArcFrame, ConvexHull};
use glam::{Mat3, Vec3};

/// How far (radians, about) an axis may fall outside an arc for the arc's
/// edge to count as supporting it: a few roundings of the turned unit
/// normals. The gap read from the edges is then high by at most this
/// angle times the piece's diameter, within the pass's slack.
const ZETA: f32 = 1e-6;

/// A known arc of a hull piece, ready for the arc test: the arc turned
/// into the query frame (B's antipodal) and its frame, whose edge is turned
/// only where the arc meets another ([`Known::edge`]).
#[derive(Clone, Copy)]
struct Known {
    arc: Arc,
    frame: ArcFrame,
}

impl Known {
    /// A corner of the arc's edge and the edge's unit direction, in the
    /// query frame of the hull piece `(t, m)`.
    #[inline(always)]
    fn edge(&self, t: Vec3, m: &Mat3) -> (Vec3, Vec3) {
        (t + *m * self.frame.corner, *m * self.frame.dir)
    }
}

/// The arc `f` of a hull piece turned by `m` into the query frame by the
/// same operations as [`ArcTable::of`](crate::geom3d::query::sat::gauss::ArcTable::of)
/// (`s = −1`: antipodal, for B).
#[inline(always)]
fn turned(m: &Mat3, f: ArcFrame, s: f32) -> Known {
    Known {
        arc: Arc::new(*m * f.p * s, *m * f.q * s),
        frame: f,
    }
}

/// True when a direction of the hull has unknown arcs.
#[inline]
fn has_unknown(hull: &ConvexHull) -> bool {
    hull.flat || hull.dir_arcs.iter().any(|&(a, b)| a >= b)
}

/// The unit axis across two edge directions, `None` for parallel ones
/// (the faces' normals cover those).
#[inline(always)]
fn across(ea: Vec3, eb: Vec3) -> Option<Vec3> {
    let c = ea.as_dvec3().cross(eb.as_dvec3());
    let l = c.length();
    (l >= f64::from(PARALLEL_EDGE_EPS)).then(|| (c / l).as_vec3())
}

/// The edge pairs of two solid hulls: false when an axis separates them
/// by more than the margin (no manifold). B's kept arcs are turned once
/// and laid out by coordinate; each kept arc of A is tested against all of
/// them in one pass ([`arcs_cross_all`]).
pub(super) fn hull_hull(s: &mut Lazy) -> bool {
    let (
        Core::Hull {
            t: ta,
            m: ma,
            hull: ha,
        },
        Core::Hull {
            t: tb,
            m: mb,
            hull: hb,
        },
    ) = (&s.a.core, &s.b.core)
    else {
        return true;
    };
    if (has_unknown(ha) || has_unknown(hb)) && !unknown_pairs(s) {
        return false;
    }
    let floor = s.floor();
    let ((ca, ra), (cb, rb)) = s.balls;
    let ball_a = (mb.transpose() * (ca - *tb), ra);
    let filler = Known {
        arc: Arc::new(Vec3::X, Vec3::Y),
        frame: ArcFrame::default(),
    };
    let mut ys: Buf<Known, 16> = Buf::new(filler);
    hb.for_each_arc_within(ball_a, floor, &[], |f| ys.push(turned(mb, f, -1.0)));
    let ends = ArcEnds::of_iter(ys.iter().map(|y| y.arc));
    let mut meet: Buf<bool, 64> = Buf::new(false);
    ys.iter().for_each(|_| meet.push(false));
    let ball_b = (ma.transpose() * (cb - *ta), rb);
    let mut go = true;
    ha.for_each_arc_within(ball_b, floor, &[], |f| {
        if !go {
            return;
        }
        let x = turned(ma, f, 1.0);
        arcs_cross_all(&x.arc, &ends, &mut meet);
        let mut xe = None;
        go = each_met(&meet, |i| {
            let Some(y) = ys.get(i) else {
                return true;
            };
            let (xc, xd) = *xe.get_or_insert_with(|| x.edge(*ta, ma));
            let (yc, yd) = y.edge(*tb, mb);
            let Some(mut u) = across(xd, yd) else {
                return true;
            };
            if u.dot(x.arc.mid()) < 0.0 {
                u = -u;
            }
            if x.arc.holds(u, ZETA) && y.arc.holds(u, ZETA) {
                // A's edge is its extreme along `u`, B's edge its least.
                s.edge_gap(u, u.dot(yc - xc))
            } else {
                s.full_edge(u)
            }
        });
    });
    go
}

/// Calls `f` with the index of each `true` of `meet`, in order, until it
/// returns false (false then). Eight at a time, as one word: most are
/// false.
#[inline(always)]
fn each_met(meet: &[bool], mut f: impl FnMut(usize) -> bool) -> bool {
    let mut words = meet.chunks_exact(8);
    for (g, c) in words.by_ref().enumerate() {
        let mut w = (c.iter().enumerate()).fold(0u64, |w, (i, &b)| w | u64::from(b) << (8 * i));
        while w != 0 {
            if !f(8 * g + (w.trailing_zeros() / 8) as usize) {
                return false;
            }
            w &= w - 1;
        }
    }
    let base = meet.len() - words.remainder().len();
    (words.remainder().iter().enumerate()).all(|(i, &b)| !b || f(base + i))
}

/// The edge directions of a piece the pass serves, query frame, each with
/// whether its Gauss-map image is unknown (a hull's direction without
/// known arcs; a box's axes, a triangle's edges and a segment are known).
fn dirs_of(p: &Piece) -> Vec<(Vec3, bool)> {
    match &p.core {
        Core::Hull { m, hull, .. } => {
            let unknown = |k: usize| hull.flat || hull.dir_arcs.get(k).is_none_or(|&(a, b)| a >= b);
            (hull.edge_dirs.iter().enumerate())
                .map(|(k, (d, _))| (*m * *d, unknown(k)))
                .collect()
        }
        Core::Box { .. } | Core::Triangle(_) | Core::Segment(..) => {
            simple_dirs(p).map_or(Vec::new(), |d| d.iter().map(|d| (*d, false)).collect())
        }
        Core::Point(_) | Core::Ray { .. } => Vec::new(),
    }
}

/// A box's three axes, a triangle's three unit edge directions or a
/// segment's one (a degenerate edge: zero, which crosses nothing), query
/// frame.
fn simple_dirs(p: &Piece) -> Option<Buf<Vec3, 3>> {
    let mut out = Buf::new(Vec3::ZERO);
    match &p.core {
        Core::Box { m, .. } => [m.x_axis, m.y_axis, m.z_axis]
            .iter()
            .for_each(|d| out.push(*d)),
        Core::Triangle(v) => {
            (0..3).for_each(|k| out.push((v[(k + 1) % 3] - v[k]).normalize_or_zero()))
        }
        Core::Segment(a, b) => out.push((*b - *a).normalize_or_zero()),
        Core::Hull { .. } | Core::Point(_) | Core::Ray { .. } => return None,
    }
    Some(out)
}

/// The edge pairs where either direction's arcs are unknown, both pieces
/// projected: false when one separates by more than the margin.
#[cold]
fn unknown_pairs(s: &mut Lazy) -> bool {
    let (da, db) = (dirs_of(s.a), dirs_of(s.b));
    for (ea, ua) in &da {
        for (eb, ub) in &db {
            let Some(u) = across(*ea, *eb).filter(|_| *ua || *ub) else {
                continue;
            };
            if !s.full_edge(u) {
                return false;
            }
        }
    }
    true
}

/// The edge pairs of a solid hull and a solid box, a triangle or a
/// segment core (a capsule), either order: the hull's arcs that cross the
/// great circle perpendicular to one of the other's edge directions (a
/// box's axis: every box edge along it; a triangle's edge: its half circle
/// within that circle, so a few axes more than the facets; a segment's:
/// the whole circle); along such an axis the other's exact range (radius
/// included) gives its side. False when an axis separates by more than the
/// margin.
pub(super) fn hull_simple(s: &mut Lazy) -> bool {
    let (piece, side, bx) = match (&s.a.core, &s.b.core) {
        (Core::Hull { .. }, _) => (s.a, Side::A, s.b),
        (_, Core::Hull { .. }) => (s.b, Side::B, s.a),
        _ => return true,
    };
    let (Some(axes), Core::Hull { t, m, hull }) = (simple_dirs(bx), &piece.core) else {
        return true;
    };
    if has_unknown(hull) && !unknown_pairs(s) {
        return false;
    }
    let (c, r) = match side {
        Side::A => s.balls.1,
        Side::B => s.balls.0,
    };
    let (ball, floor) = ((m.transpose() * (c - *t), r), s.floor());
    let sign = if side == Side::A { 1.0 } else { -1.0 };
    // Only the arcs that may cross one of the circles.
    let circles: Buf<Vec3, 3> = axes.iter().map(|d| m.transpose() * *d).collect();
    let mut go = true;
    hull.for_each_arc_within(ball, floor, &circles, |f| {
        if !go {
            return;
        }
        let x = turned(m, f, sign);
        let (corner, dir) = x.edge(*t, m);
        for &d in axes.iter() {
            if !crosses_circle(&x.arc, d) {
                continue;
            }
            let Some(mut u) = across(d, dir) else {
                continue;
            };
            if u.dot(x.arc.mid()) < 0.0 {
                u = -u;
            }
            go = if x.arc.holds(u, ZETA) {
                let (lo, hi) = bx.range(u);
                let h = u.dot(corner);
                // The hull's edge is its extreme along `u` (A: its top; B,
                // whose arcs are antipodal: its least).
                s.edge_gap(u, if side == Side::A { lo - h } else { h - hi })
            } else {
                s.full_edge(u)
            };
            if !go {
                return;
            }
        }
    });
    go
}

/// The edge pairs of a triangle and a solid box, either order, in the
/// box's frame: each unit edge direction of the triangle turned into it in
/// `f64` and rounded, crossed with the box's axes there (a permutation,
/// exact) and normalised (none below [`PARALLEL_EDGE_EPS`], as
/// [`across`]); along such an axis the box spans `±|u|·h` and the
/// triangle its corners turned once, so nothing is projected in the query
/// frame but the axis itself, turned back. A's directions outer, as the
/// general pass. False when an axis separates by more than the margin
/// (as both pieces projected on it show).
pub(super) fn triangle_box(s: &mut Lazy) -> bool {
    let (v, (c, m, h), box_is_a) = match (&s.a.core, &s.b.core) {
        (Core::Box { c, m, h }, Core::Triangle(v)) => (v, (*c, m, *h), true),
        (Core::Triangle(v), Core::Box { c, m, h }) => (v, (*c, m, *h), false),
        _ => return true,
    };
    let mt = m.transpose();
    let w = v.map(|x| mt * (x - c));
    // Turned in `f64`, then rounded: each coordinate to its own relative
    // rounding, so the axes below tilt by a few `ε` however near parallel
    // the edges are (as `across`'s).
    let dmt = mt.as_dmat3();
    let t: [Vec3; 3] = std::array::from_fn(|k| {
        let d = (v[(k + 1) % 3] - v[k]).normalize_or_zero();
        (dmt * d.as_dvec3()).as_vec3()
    });
    let (rt, rb) = match box_is_a {
        true => (s.b.radius, s.a.radius),
        false => (s.a.radius, s.b.radius),
    };
    for x in 0..3 {
        for y in 0..3 {
            // (box axis, triangle edge), A's outer.
            let (i, k) = if box_is_a { (x, y) } else { (y, x) };
            let cross = Vec3::AXES[i].cross(t[k]);
            let l = cross.length();
            if l < PARALLEL_EDGE_EPS {
                continue;
            }
            let ul = if box_is_a { cross } else { -cross } / l;
            let ext = ul.abs().dot(h) + rb;
            let p = w.map(|x| x.dot(ul));
            let lo = p[0].min(p[1]).min(p[2]) - rt;
            let hi = p[0].max(p[1]).max(p[2]) + rt;
            // (B beyond A along +u, along −u).
            let g = if box_is_a {
                (lo - ext, -ext - hi)
            } else {
                (-ext - hi, lo - ext)
            };
            // Above the margin, projected as the general pass before
            // the pass stops (the turned corners round differently).
            let u = *m * ul;
            let go = if g.0.max(g.1) > s.margin {
                s.full_edge(u)
            } else {
                s.found.test_edge(u, g, s.margin)
            };
            if !go {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::each_met;

    #[test]
    fn each_met_gives_every_true_in_order_and_stops_when_told() {
        let mut r = crate::common::test_rng::Rng(0x27_3e7);
        for len in 0..70 {
            let meet: Vec<bool> = (0..len).map(|_| r.f() < 0.2).collect();
            let want: Vec<usize> = (0..len).filter(|&i| meet[i]).collect();
            let mut got = Vec::new();
            assert!(each_met(&meet, |i| {
                got.push(i);
                true
            }));
            assert_eq!(got, want, "{meet:?}");
            if let Some(&stop) = want.get(want.len() / 2) {
                let mut seen = Vec::new();
                let whole = each_met(&meet, |i| {
                    seen.push(i);
                    i != stop
                });
                assert!(!whole && seen.last() == Some(&stop), "{meet:?}");
            }
        }
    }
}
