//! Anti-aliased lines, polylines, discs, rings and triangles without window
//! multisampling. Each primitive is an opaque core plus a one-pixel band
//! whose alpha falls to zero across the true edge (the edge sits in the
//! band's middle), as egui draws its own panels. Multisampling costs more
//! than the whole frame on software OpenGL; this costs a few vertices.
//!
//! Coordinates and widths are screen pixels. Interior edges of a triangle
//! fan must not be feathered (they would show as seams), so fans keep
//! macroquad's plain `draw_triangle` and only their outline goes through here.
//!
//! While an export records ([`crate::app::export::record`]), each primitive
//! is written as one SVG element instead (the renderer smooths its edges).

use crate::app::export::record;
use crate::app::num;
use glam::Vec2;
use macroquad::color::Color;
use macroquad::math::{Vec3, Vec4};
use macroquad::models::{draw_mesh, Mesh, Vertex};
use std::cell::RefCell;
use std::f32::consts::TAU;

/// Width of the alpha ramp across an edge, pixels.
const FEATHER: f32 = 1.0;

thread_local! {
    /// One reused mesh, so drawing allocates nothing once it has grown.
    static MESH: RefCell<Mesh> = const {
        RefCell::new(Mesh {
            vertices: Vec::new(),
            indices: Vec::new(),
            texture: None,
        })
    };
}

/// Vertices and indices of one primitive, drawn by [`with_batch`].
struct Batch<'a> {
    mesh: &'a mut Mesh,
}

impl Batch<'_> {
    fn vertex(&mut self, p: Vec2, c: Color) -> u16 {
        let i = self.mesh.vertices.len() as u16;
        self.mesh.vertices.push(Vertex {
            position: Vec3::new(p.x, p.y, 0.0),
            uv: Vec2::ZERO,
            color: c.into(),
            normal: Vec4::ZERO,
        });
        i
    }

    /// Two closed loops of `n` vertices each, starting at `a` and `b`,
    /// joined by a band of triangles.
    fn band(&mut self, a: u16, b: u16, n: u16) {
        for j in 0..n {
            let k = (j + 1) % n;
            self.mesh
                .indices
                .extend_from_slice(&[a + j, a + k, b + j, b + j, a + k, b + k]);
        }
    }
}

/// Fills the reused mesh with `build` and draws it.
fn with_batch(build: impl FnOnce(&mut Batch)) {
    MESH.with(|m| {
        let mut m = m.borrow_mut();
        m.vertices.clear();
        m.indices.clear();
        build(&mut Batch { mesh: &mut m });
        if !m.indices.is_empty() {
            draw_mesh(&m);
        }
    });
}

/// `v > min`, false for NaN: sizes that are NaN draw nothing.
fn above(v: f32, min: f32) -> bool {
    v > min
}

fn clear(c: Color) -> Color {
    Color { a: 0.0, ..c }
}

fn faded(c: Color, k: f32) -> Color {
    Color { a: c.a * k, ..c }
}

/// A straight stroke `w` pixels wide from (x1, y1) to (x2, y2) with butt
/// ends; as macroquad's `draw_line`, with smooth edges. Strokes thinner
/// than a pixel keep one pixel and fade in proportion.
pub fn line(x1: f32, y1: f32, x2: f32, y2: f32, w: f32, c: Color) {
    if record::line(Vec2::new(x1, y1), Vec2::new(x2, y2), w, c) {
        return;
    }
    let (a, b) = (Vec2::new(x1, y1), Vec2::new(x2, y2));
    let len = a.distance(b);
    if !above(len, f32::EPSILON) || !above(w, 0.0) {
        return;
    }
    let d = (b - a) / len;
    let n = d.perp();
    let half = w * 0.5;
    let inner = (half - FEATHER * 0.5).max(0.0);
    let outer = half.max(FEATHER * 0.5) + FEATHER * 0.5;
    let core = faded(c, w.min(1.0));
    // The ends are feathered too, so a dashed line's dashes are smooth.
    let shrink = (FEATHER * 0.5).min(len * 0.5);
    let grow = FEATHER * 0.5;
    with_batch(|bt| {
        let i = bt.vertex(a + d * shrink - n * inner, core);
        bt.vertex(a + d * shrink + n * inner, core);
        bt.vertex(b - d * shrink + n * inner, core);
        bt.vertex(b - d * shrink - n * inner, core);
        let o = bt.vertex(a - d * grow - n * outer, clear(c));
        bt.vertex(a - d * grow + n * outer, clear(c));
        bt.vertex(b + d * grow + n * outer, clear(c));
        bt.vertex(b + d * grow - n * outer, clear(c));
        bt.mesh
            .indices
            .extend_from_slice(&[i, i + 1, i + 2, i, i + 2, i + 3]);
        bt.band(i, o, 4);
    });
}

/// Segments for a circle of radius `r` pixels: about one per 4 pixels of
/// circumference, at least 8.
pub fn segments(r: f32) -> u16 {
    num::clamp_index((TAU * r / 4.0).ceil() as u16, 8, 160)
}

fn circle_loop(bt: &mut Batch, o: Vec2, r: f32, n: u16, c: Color) -> u16 {
    let first = bt.mesh.vertices.len() as u16;
    for j in 0..n {
        let t = j as f32 / n as f32 * TAU;
        bt.vertex(o + Vec2::new(t.cos(), t.sin()) * r, c);
    }
    first
}

/// A filled disc of radius `r` pixels centred on (x, y).
pub fn disc(x: f32, y: f32, r: f32, c: Color) {
    if record::disc(Vec2::new(x, y), r, c) {
        return;
    }
    if !above(r, 0.0) {
        return;
    }
    with_batch(|bt| disc_into(bt, Vec2::new(x, y), r, c));
}

fn disc_into(bt: &mut Batch, o: Vec2, r: f32, c: Color) {
    let n = segments(r);
    let inner = (r - FEATHER * 0.5).max(0.0);
    let outer = r.max(FEATHER * 0.5) + FEATHER * 0.5;
    // A disc smaller than a pixel covers that share of it.
    let core = faded(c, (2.0 * r).min(1.0));
    let centre = bt.vertex(o, core);
    let i = circle_loop(bt, o, inner, n, core);
    let k = circle_loop(bt, o, outer, n, clear(c));
    for j in 0..n {
        bt.mesh
            .indices
            .extend_from_slice(&[centre, i + j, i + (j + 1) % n]);
    }
    bt.band(i, k, n);
}

/// Most segments in one strip: 18 indices each stays well under the 5,000
/// indices macroquad draws in one call (it clamps, silently cutting a
/// longer mesh short).
const MAX_SEGS: usize = 200;

/// A polyline `w` pixels wide through `pts` (closed back to the first
/// point when `closed`), as one strip with mitred joins; a corner sharper
/// than 90° gets a round join instead of a long spike. Open ends are butt
/// ends at the first and last point. Non-finite points draw nothing.
pub fn polyline(pts: &[Vec2], closed: bool, w: f32, c: Color) {
    if record::polyline(pts, closed, w, c) {
        return;
    }
    if !above(w, 0.0) || pts.iter().any(|p| !p.is_finite()) {
        return;
    }
    let p = distinct(pts, closed);
    let closed = closed && p.len() >= 3;
    let segs = if closed {
        p.len()
    } else {
        p.len().saturating_sub(1)
    };
    if segs == 0 {
        return;
    }
    if segs <= MAX_SEGS {
        let mut corners = Vec::new();
        with_batch(|bt| corners = strip_into(bt, &p, closed, w, c));
        for o in corners {
            disc(o.x, o.y, w * 0.5, c);
        }
        return;
    }
    // A long line goes in pieces, each joint covered by a round join.
    let mut path = p;
    if closed {
        path.push(path[0]);
    }
    let mut s = 0;
    while s + 1 < path.len() {
        let e = (s + MAX_SEGS).min(path.len() - 1);
        polyline(&path[s..=e], false, w, c);
        if e + 1 < path.len() || closed {
            disc(path[e].x, path[e].y, w * 0.5, c);
        }
        s = e;
    }
}

/// `pts` without consecutive repeats (nor, when `closed`, a last point
/// repeating the first).
fn distinct(pts: &[Vec2], closed: bool) -> Vec<Vec2> {
    let mut p: Vec<Vec2> = Vec::with_capacity(pts.len());
    for &q in pts {
        if p.last().is_none_or(|l| l.distance(q) > 1e-3) {
            p.push(q);
        }
    }
    if closed && p.len() > 2 && p[0].distance(p[p.len() - 1]) <= 1e-3 {
        p.pop();
    }
    p
}

/// Adds the strip of a polyline of distinct finite points (`closed` only
/// with three or more) to `bt`; returns the sharp corners, which need a
/// round join.
fn strip_into(bt: &mut Batch, p: &[Vec2], closed: bool, w: f32, c: Color) -> Vec<Vec2> {
    let n = p.len();
    let segs = if closed { n } else { n - 1 };
    let normal = |i: usize| (p[(i + 1) % n] - p[i]).normalize().perp();
    let half = w * 0.5;
    let inner = (half - FEATHER * 0.5).max(0.0);
    let outer = half.max(FEATHER * 0.5) + FEATHER * 0.5;
    let core = faded(c, w.min(1.0));
    // The join at vertex v between segment a (into v) and b (out of v): the
    // mitre vector (moving both edges out by 1), or None when the line
    // turns by more than 90° there (the mitre would be a long spike).
    let join = |a: usize, b: usize| -> Option<Vec2> {
        let (na, nb) = (normal(a), normal(b));
        let k = 1.0 + na.dot(nb);
        (k >= 1.0 - 1e-4).then(|| (na + nb) / k)
    };
    // A cross-section: four vertices across the stroke at `at`.
    let section = |bt: &mut Batch, at: Vec2, m: Vec2| -> u16 {
        let i = bt.vertex(at - m * outer, clear(c));
        bt.vertex(at - m * inner, core);
        bt.vertex(at + m * inner, core);
        bt.vertex(at + m * outer, clear(c));
        i
    };
    let connect = |bt: &mut Batch, a: u16, b: u16| {
        for j in 0..3 {
            bt.mesh.indices.extend_from_slice(&[
                a + j,
                a + j + 1,
                b + j,
                b + j,
                a + j + 1,
                b + j + 1,
            ]);
        }
    };
    let mut corners = Vec::new();
    // A closed line starts on the join at vertex 0, which its last segment
    // ends on; an open one on a butt end.
    let first_join = if closed { join(n - 1, 0) } else { None };
    let first = section(bt, p[0], first_join.unwrap_or(normal(0)));
    if closed && first_join.is_none() {
        corners.push(p[0]);
    }
    let mut start = Some(first);
    for i in 0..segs {
        let a = match start {
            Some(a) => a,
            None => section(bt, p[i], normal(i)),
        };
        let v = (i + 1) % n;
        start = None;
        let end = if closed && v == 0 {
            match first_join {
                Some(_) => first,
                None => section(bt, p[0], normal(i)),
            }
        } else if closed || v < n - 1 {
            match join(i, v) {
                Some(m) => {
                    let e = section(bt, p[v], m);
                    start = Some(e);
                    e
                }
                None => {
                    corners.push(p[v]);
                    section(bt, p[v], normal(i))
                }
            }
        } else {
            section(bt, p[v], normal(i))
        };
        connect(bt, a, end);
    }
    corners
}

/// A circle outline of radius `r` pixels, `w` pixels wide, centred on the
/// circle.
pub fn ring(x: f32, y: f32, r: f32, w: f32, c: Color) {
    if record::ring(Vec2::new(x, y), r, w, c) {
        return;
    }
    if !above(r, 0.0) || !above(w, 0.0) {
        return;
    }
    let o = Vec2::new(x, y);
    let n = segments(r + w * 0.5);
    let half = w * 0.5;
    let inner = (half - FEATHER * 0.5).max(0.0);
    let outer = half.max(FEATHER * 0.5) + FEATHER * 0.5;
    let core = faded(c, w.min(1.0));
    with_batch(|bt| {
        let out0 = circle_loop(bt, o, r + outer, n, clear(c));
        let out1 = circle_loop(bt, o, r + inner, n, core);
        let in1 = circle_loop(bt, o, (r - inner).max(0.0), n, core);
        let in0 = circle_loop(bt, o, (r - outer).max(0.0), n, clear(c));
        bt.band(out1, out0, n);
        bt.band(in1, out1, n);
        bt.band(in0, in1, n);
    });
}

/// A filled triangle with smooth edges (corners in either winding).
pub fn triangle(p: Vec2, q: Vec2, r: Vec2, c: Color) {
    if record::triangle(p, q, r, c) {
        return;
    }
    let Some((inner, outer)) = triangle_loops([p, q, r]) else {
        return;
    };
    with_batch(|bt| {
        let i = bt.vertex(inner[0], c);
        bt.vertex(inner[1], c);
        bt.vertex(inner[2], c);
        let o = bt.vertex(outer[0], clear(c));
        bt.vertex(outer[1], clear(c));
        bt.vertex(outer[2], clear(c));
        bt.mesh.indices.extend_from_slice(&[i, i + 1, i + 2]);
        bt.band(i, o, 3);
    });
}

/// The opaque core (edges moved half a feather in) and the clear rim
/// (half a feather out) of a triangle; `None` when it has no area.
fn triangle_loops(pts: [Vec2; 3]) -> Option<([Vec2; 3], [Vec2; 3])> {
    let area2 = (pts[1] - pts[0]).perp_dot(pts[2] - pts[0]);
    if !above(area2.abs(), f32::EPSILON) {
        return None;
    }
    // Outward edge normals for either winding.
    let s = area2.signum();
    let normal = |i: usize| -> Vec2 { -(pts[(i + 1) % 3] - pts[i]).normalize().perp() * s };
    let ns = [normal(0), normal(1), normal(2)];
    // Corner i moves so both its edges move by h along their normals.
    let offset = |i: usize, h: f32| -> Vec2 {
        let (a, b) = (ns[(i + 2) % 3], ns[i]);
        pts[i] + (a + b) * (h / (1.0 + a.dot(b)).max(1e-3))
    };
    // The core of a thin triangle would turn inside out: its corners stop
    // at the centroid.
    let g = (pts[0] + pts[1] + pts[2]) / 3.0;
    let inset = |i: usize| -> Vec2 {
        let v = offset(i, -FEATHER * 0.5);
        if (v - pts[i]).length() >= (g - pts[i]).length() {
            g
        } else {
            v
        }
    };
    let h = FEATHER * 0.5;
    Some((
        [inset(0), inset(1), inset(2)],
        [offset(0, h), offset(1, h), offset(2, h)],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distance from `p` to the line through `a` and `b`.
    fn to_line(p: Vec2, a: Vec2, b: Vec2) -> f32 {
        ((b - a).normalize().perp_dot(p - a)).abs()
    }

    #[test]
    fn a_triangles_rim_and_core_sit_half_a_feather_off_each_edge() {
        for pts in [
            [
                Vec2::new(0.0, 0.0),
                Vec2::new(30.0, 0.0),
                Vec2::new(5.0, 20.0),
            ],
            // Clockwise, and a sharp arrowhead.
            [
                Vec2::new(0.0, 0.0),
                Vec2::new(-4.0, 12.0),
                Vec2::new(4.0, 12.0),
            ],
        ] {
            let (inner, outer) = triangle_loops(pts).unwrap();
            for i in 0..3 {
                let (a, b) = (pts[i], pts[(i + 1) % 3]);
                // Both ends of the moved edge lie half a pixel from the edge.
                for p in [outer[i], outer[(i + 1) % 3], inner[i], inner[(i + 1) % 3]] {
                    assert!((to_line(p, a, b) - 0.5).abs() < 1e-3, "{pts:?} {i} {p}");
                }
                // The rim is outside (opposite side from the third corner).
                let third = pts[(i + 2) % 3];
                let side = |p: Vec2| (b - a).perp_dot(p - a).signum();
                assert_ne!(side(outer[i]), side(third));
                assert_eq!(side(inner[i]), side(third));
            }
        }
    }

    #[test]
    fn a_sliver_keeps_its_core_from_turning_inside_out() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(40.0, 0.0),
            Vec2::new(20.0, 0.4),
        ];
        let (inner, _) = triangle_loops(pts).unwrap();
        let g = (pts[0] + pts[1] + pts[2]) / 3.0;
        assert!(inner.iter().all(|p| p.distance(g) < 21.0));
        assert!(triangle_loops([Vec2::ZERO, Vec2::X, Vec2::X * 2.0]).is_none());
    }

    /// The strip of `p` built into a fresh mesh, and its sharp corners.
    fn strip(p: &[Vec2], closed: bool, w: f32) -> (Mesh, Vec<Vec2>) {
        let mut mesh = Mesh {
            vertices: Vec::new(),
            indices: Vec::new(),
            texture: None,
        };
        let corners = strip_into(
            &mut Batch { mesh: &mut mesh },
            p,
            closed,
            w,
            Color::new(1.0, 0.0, 0.0, 1.0),
        );
        (mesh, corners)
    }

    /// Distance from `q` to the segment from `a` to `b`.
    fn to_segment(q: Vec2, a: Vec2, b: Vec2) -> f32 {
        let t = ((q - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
        q.distance(a + (b - a) * t)
    }

    #[test]
    fn a_square_outline_is_one_mitred_strip_with_edges_where_they_belong() {
        let sq = [
            Vec2::new(0.0, 0.0),
            Vec2::new(40.0, 0.0),
            Vec2::new(40.0, 40.0),
            Vec2::new(0.0, 40.0),
        ];
        let (mesh, corners) = strip(&sq, true, 3.0);
        assert!(corners.is_empty(), "right angles are mitred");
        // Four cross-sections of four vertices; three bands per side.
        assert_eq!(mesh.vertices.len(), 16);
        assert_eq!(mesh.indices.len(), 4 * 18);
        assert!(mesh
            .indices
            .iter()
            .all(|&i| (i as usize) < mesh.vertices.len()));
        // Opaque vertices sit 1 px (half the width less half a feather) from
        // the nearest side, clear ones 2 px; mitred corners are 1 px from both sides.
        for v in &mesh.vertices {
            let q = Vec2::new(v.position.x, v.position.y);
            let d = (0..4)
                .map(|i| to_segment(q, sq[i], sq[(i + 1) % 4]))
                .fold(f32::INFINITY, f32::min);
            let want = if v.color[3] == 255 { 1.0 } else { 2.0 };
            assert!(
                (d - want * 2f32.sqrt()).abs() < 1e-3 || (d - want).abs() < 1e-3,
                "{q} at {d}"
            );
        }
    }

    #[test]
    fn sharp_turns_get_round_joins_and_open_ends_stay_butt() {
        // The first turn is sharper than 90°, the second is not.
        let p = [
            Vec2::new(0.0, 0.0),
            Vec2::new(30.0, 0.0),
            Vec2::new(0.0, 10.0),
            Vec2::new(0.0, 40.0),
        ];
        let (mesh, corners) = strip(&p, false, 2.0);
        assert_eq!(corners, vec![Vec2::new(30.0, 0.0)]);
        // Sections: start, two at the broken corner, the mitred joint, end.
        assert_eq!(mesh.vertices.len(), 5 * 4);
        assert_eq!(mesh.indices.len(), 3 * 18);
        // A triangle's three corners all turn by more than 90°.
        let tri = [
            Vec2::new(0.0, 0.0),
            Vec2::new(20.0, 0.0),
            Vec2::new(10.0, 15.0),
        ];
        assert_eq!(strip(&tri, true, 2.0).1.len(), 3);
    }

    #[test]
    fn repeated_points_are_dropped_before_the_strip_is_built() {
        let p = [
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::X * 5.0,
            Vec2::new(5.0, 5.0),
            Vec2::ZERO,
        ];
        assert_eq!(
            distinct(&p, true),
            vec![Vec2::ZERO, Vec2::X * 5.0, Vec2::new(5.0, 5.0)]
        );
        assert_eq!(distinct(&p, false).len(), 4);
    }

    #[test]
    fn segment_count_grows_with_the_radius_within_bounds() {
        assert_eq!(segments(0.5), 8);
        assert!(segments(40.0) > segments(10.0));
        assert_eq!(segments(1e6), 160);
    }
}
