//! The GJK / EPA view (J) of the 3D mode: GJK's iterations, then (for
//! overlapping shapes) EPA's, one step at a time, drawn on a pane beside
//! the shapes: the Minkowski difference `A ⊖ B = { a − b }` (its hull's
//! edges, faint; for round shapes also the cores' difference, dashed, which
//! is what GJK walks) around the origin, seen from the main camera's
//! direction but with its own scale, so the difference, often far from
//! the shapes and of another size, stays readable. The library records
//! `B − A`; every difference point is negated here, as in the 2D view. The
//! support points are marked on the shapes in the main view.
//!
//! Everything drawn comes from `gjk_traced`, `epa_traced`,
//! `sat_penetration` and `classic::minkowski_difference`; pure display
//! lists, so tests check them without a window.

use super::picture::{Ink, Picture};
use super::view::{Basis, View};
use crate::app::camera::Rect;
use crate::app::display::Role;
use crate::app::i18n::{tr, trf, words};
use crate::app::num;
use crate::app::shell::action::Walk;
use crate::app::shell::mode::WalkAt;
use glam::{Vec2, Vec3};
use satlab::geom3d::classic::{minkowski_difference, MinkowskiDifference3, MinkowskiHull3};
use satlab::geom3d::{
    epa_traced, gjk_traced, sat_penetration, Distance3, EpaTrace3, GjkTrace3, Shape3,
};

/// Directions the difference of round shapes is sampled along.
const SAMPLES: usize = 160;
/// Triangles of an EPA polytope that are drawn (every loop bounded).
const MAX_TRIANGLES: usize = 1024;
/// The search direction's arrow on the pane, a share of what it frames.
const ARROW: f32 = 0.3;
/// Room kept for the pane's heading and its caption, screen pixels (times
/// the UI scale).
const TOP_PX: f32 = 56.0;
const BOTTOM_PX: f32 = 170.0;

/// GJK's and EPA's recorded iterations for a pair, and the step shown.
#[derive(Debug, Clone, PartialEq)]
pub struct GjkView3 {
    /// The shapes they were computed for.
    pair: (Shape3, Shape3),
    /// GJK's iterations.
    pub gjk: GjkTrace3,
    /// What GJK found (`None`: an unbounded ray).
    pub distance: Option<Distance3>,
    /// EPA's iterations (empty when the cores do not overlap).
    pub epa: EpaTrace3,
    /// EPA's depth, radii included, when the shapes overlap.
    pub epa_depth: Option<f32>,
    /// SAT's least overlap, to compare with.
    pub sat_depth: Option<f32>,
    /// `A ⊖ B` and the cores' difference.
    pub difference: Option<MinkowskiDifference3>,
    /// The step shown (GJK's, then EPA's).
    pub step: usize,
    /// The pane and the UI scale, set each frame by the canvas split.
    pub(super) area: Option<(Rect, f32)>,
    /// The pane's camera (its canvas: the pane less heading and caption),
    /// the whole pane, and the size of what it frames (world units).
    pub pane: Option<(View, Rect, f32)>,
    /// The pane's display list.
    pub picture: Picture,
}

impl GjkView3 {
    /// Runs the traced GJK and EPA on `a` and `b`.
    pub fn new(a: &Shape3, b: &Shape3) -> GjkView3 {
        let mut gjk = GjkTrace3::default();
        let distance = gjk_traced(a, b, &mut gjk);
        let mut epa = EpaTrace3::default();
        let epa_depth = epa_traced(a, b, &mut epa).map(|p| p.depth);
        GjkView3 {
            pair: (a.clone(), b.clone()),
            gjk,
            distance,
            epa,
            epa_depth,
            sat_depth: sat_penetration(a, b).map(|p| p.depth),
            difference: minkowski_difference(a, b, SAMPLES),
            step: 0,
            area: None,
            pane: None,
            picture: Picture::default(),
        }
    }

    /// Computes again when the shapes are not `a` and `b` any more (the
    /// step kept, within the new walk).
    pub fn follow(&mut self, a: &Shape3, b: &Shape3) {
        if self.pair.0 != *a || self.pair.1 != *b {
            let (step, area) = (self.step, self.area);
            *self = GjkView3::new(a, b);
            self.step = step.min(self.steps().saturating_sub(1));
            self.area = area;
        }
    }

    /// Steps of the walk: GJK's, then EPA's.
    pub fn steps(&self) -> usize {
        self.gjk.steps.len() + self.epa.steps.len()
    }

    /// Where the walk stands; `None` without steps.
    pub fn walk_at(&self) -> Option<WalkAt> {
        let n = self.steps();
        (n > 0).then(|| WalkAt {
            at: Some(self.step.min(n - 1)),
            len: n,
        })
    }

    /// One step `w` of the walk.
    pub fn walk(&mut self, w: Walk) {
        let at = WalkAt {
            at: Some(self.step),
            len: self.steps(),
        };
        self.step = crate::app::shell::walk::step_to(at, w);
    }
}

/// The shapes' canvas and, when the view is `on`, the pane: the left and
/// right halves of `whole` (split on a whole pixel).
pub fn split(whole: Rect, on: bool) -> (Rect, Option<Rect>) {
    if !on {
        return (whole, None);
    }
    let mid = ((whole.min.x + whole.max.x) * 0.5).round();
    (
        Rect::new(whole.min, Vec2::new(mid, whole.max.y)),
        Some(Rect::new(Vec2::new(mid, whole.min.y), whole.max)),
    )
}

/// The pane's camera on `pane`: `main`'s direction, fitted to the
/// difference, the origin and every point the walk shows, inside the pane
/// less its heading and caption strips; and the size of that box.
pub fn pane_view(v: &GjkView3, main: &View, pane: Rect, scale: f32) -> (View, f32) {
    let inner = Rect::new(
        pane.min + Vec2::new(0.0, TOP_PX * scale),
        pane.max - Vec2::new(0.0, BOTTOM_PX * scale),
    );
    let inner = if inner.size().y > 80.0 { inner } else { pane };
    let mut points: Vec<Vec3> = Vec::new();
    if let Some(d) = &v.difference {
        points.extend_from_slice(&d.shapes.vertices);
    }
    for s in &v.gjk.steps {
        points.extend(s.simplex[..s.count.min(4)].iter().map(|w| -*w));
        points.push(s.support_a - s.support_b);
    }
    let finite = || points.iter().filter(|p| p.is_finite());
    let lo = finite().fold(Vec3::ZERO, |m, p| m.min(*p));
    let hi = finite().fold(Vec3::ZERO, |m, p| m.max(*p));
    // The search direction's arrow (from the origin, a share of the size)
    // stays in the picture too.
    let size = (hi - lo).length();
    let tips = v
        .gjk
        .steps
        .iter()
        .map(|s| -s.direction.normalize_or_zero() * (ARROW * size));
    let (lo, hi) = tips.fold((lo, hi), |(l, h), t| (l.min(t), h.max(t)));
    let mut view = View {
        canvas: inner,
        ..*main
    };
    view.fit(lo, hi);
    (view, size)
}

/// A marker: a circle facing the camera (`b`) of radius `r` about `c`.
fn dot(out: &mut Picture, c: Vec3, b: &Basis, r: f32, ink: Ink) {
    out.circle(c, b.right, b.up, r, ink, 2.0);
}

/// An arrow from `from` to `to`, its head `head` long.
fn arrow(out: &mut Picture, from: Vec3, to: Vec3, head: f32, ink: Ink, b: &Basis) {
    out.line(from, to, ink, 2.5);
    let Some(d) = (to - from).try_normalize() else {
        return;
    };
    let head = head.min(0.5 * (to - from).length());
    let side = d.cross(b.back).try_normalize().unwrap_or(b.right);
    for s in [side, -side] {
        out.line(to, to - d * head + s * (0.5 * head), ink, 2.5);
    }
}

/// A wireframe's edges.
fn edges(out: &mut Picture, h: &MinkowskiHull3, dashed: bool) {
    for e in &h.edges {
        let (Some(p), Some(q)) = (h.vertices.get(e[0]), h.vertices.get(e[1])) else {
            continue;
        };
        if dashed {
            out.dashed(*p, *q, Ink::Axis, 1.0);
        } else {
            out.line(*p, *q, Ink::Axis, 1.0);
        }
    }
}

/// The pane's picture at step `k` (`A ⊖ B` coordinates), seen from `b`;
/// `size` is the size of what the pane frames (world units): the origin's
/// axes, the difference's edges, then GJK's simplex, nearest point, search
/// direction and new vertex, or EPA's polytope, nearest triangle, its
/// normal to the depth and the support.
pub fn pane_picture(v: &GjkView3, k: usize, b: &Basis, size: f32) -> Picture {
    let mut out = Picture::default();
    let s = size.max(1e-3);
    for (i, d) in [Vec3::X, Vec3::Y, Vec3::Z].into_iter().enumerate() {
        out.line(-d * (0.06 * s), d * (0.12 * s), Ink::World(i as u8), 1.5);
    }
    if let Some(d) = &v.difference {
        edges(&mut out, &d.shapes, false);
        if d.radius > 0.0 {
            edges(&mut out, &d.cores, true);
        }
    }
    let r = 0.018 * s;
    if let Some(st) = v.gjk.steps.get(k) {
        let simplex: Vec<Vec3> = st.simplex[..st.count.min(4)].iter().map(|w| -*w).collect();
        let hit = Ink::Role(Role::Hit);
        for (i, p) in simplex.iter().enumerate() {
            for q in &simplex[i + 1..] {
                out.line(*p, *q, hit, 2.5);
            }
            dot(&mut out, *p, b, r, hit);
        }
        let closest = -st.closest;
        out.dashed(Vec3::ZERO, closest, Ink::Role(Role::Distance), 1.5);
        dot(&mut out, closest, b, 0.7 * r, Ink::Role(Role::Distance));
        let dir = (-st.direction).normalize_or_zero();
        let ink = Ink::Role(Role::Distance);
        arrow(&mut out, Vec3::ZERO, dir * (ARROW * s), 0.05 * s, ink, b);
        // The new vertex the supports give, a − b, and the simplex it
        // would make (dashed).
        let w = st.support_a - st.support_b;
        for p in &simplex {
            out.dashed(*p, w, hit, 1.5);
        }
        dot(&mut out, w, b, 1.3 * r, Ink::Mtv);
        return out;
    }
    let Some(e) = v.epa.steps.get(k.saturating_sub(v.gjk.steps.len())) else {
        return out;
    };
    let at = |i: usize| e.vertices.get(i).map(|w| -*w);
    let mut drawn = std::collections::HashSet::new();
    for (t, tri) in e.triangles.iter().enumerate().take(MAX_TRIANGLES) {
        let near = t == e.nearest;
        for j in 0..3 {
            let (i0, i1) = (tri[j], tri[(j + 1) % 3]);
            if !near && !drawn.insert((i0.min(i1), i0.max(i1))) {
                continue;
            }
            if let (Some(p), Some(q)) = (at(i0), at(i1)) {
                let (ink, width) = if near {
                    (Ink::Role(Role::Overlap), 3.5)
                } else {
                    (Ink::Role(Role::Hit), 1.5)
                };
                out.line(p, q, ink, width);
            }
        }
        if let (true, Some(p), Some(q), Some(c)) = (near, at(tri[0]), at(tri[1]), at(tri[2])) {
            out.quads.push(super::picture::Quad3 {
                corners: [p, q, c, c],
                ink: Ink::Role(Role::Overlap),
            });
        }
    }
    let foot = -e.normal * e.distance;
    arrow(&mut out, Vec3::ZERO, foot, 0.05 * s, Ink::Mtv, b);
    dot(&mut out, -e.support, b, 1.3 * r, Ink::Mtv);
    out
}

/// Step `k`'s support points on the shapes, seen from `b`, markers of
/// radius `r` (world units): A's and B's for a GJK step, none for EPA's.
pub fn support_marks(v: &GjkView3, k: usize, b: &Basis, r: f32, out: &mut Picture) {
    if let Some(s) = v.gjk.steps.get(k) {
        dot(out, s.support_a, b, r, Ink::A);
        dot(out, s.support_b, b, r, Ink::B);
    }
}

/// `(x, y, z)` with three decimals.
pub fn vec_text(v: Vec3) -> String {
    let f = |x: f32| num::fixed(x, 3);
    format!("({}, {}, {})", f(v.x), f(v.y), f(v.z))
}

/// What step `k` does, in plain words.
pub fn caption(v: &GjkView3, k: usize) -> String {
    let f = |x: f32| num::fixed(x, 3);
    let g = v.gjk.steps.len();
    if let Some(s) = v.gjk.steps.get(k) {
        let d = -s.direction.normalize_or_zero();
        let stop = (
            v.distance.map(|d| d.distance),
            v.epa_depth,
            !v.epa.steps.is_empty(),
        );
        return words::gjk_step((k, g), s.count, s.closest.length(), vec_text(d), stop);
    }
    let Some(e) = v.epa.steps.get(k.saturating_sub(g)) else {
        return tr("GJK and EPA are shown for two bounded convex shapes.").to_string();
    };
    let j = k - g;
    let mut text = trf(
        "EPA {}/{}: the polytope has {} vertices and {} triangles; its triangle nearest the origin is {} away. The support along that triangle's normal reaches {} beyond it.",
        &[
            &(j + 1),
            &v.epa.steps.len(),
            &e.vertices.len(),
            &e.triangles.len(),
            &f(e.distance),
            &f(e.gain),
        ],
    );
    text.push(' ');
    if j + 1 == v.epa.steps.len() {
        let or_dash = |x: Option<f32>| x.map_or_else(|| "—".to_string(), f);
        text.push_str(&trf(
            "Nothing more to gain: the polytope has reached the boundary of A ⊖ B. EPA's depth (radii included) is {}; SAT's least overlap is {}.",
            &[&or_dash(v.epa_depth), &or_dash(v.sat_depth)],
        ));
    } else {
        text.push_str(tr(
            "The support point joins the polytope: the faces it sees give way to new ones through it.",
        ));
    }
    text
}
