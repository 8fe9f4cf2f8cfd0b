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
use super::SpaceMode;
use crate::app::camera::{Camera, Rect};
use crate::app::display::Role;
use crate::app::draw::{Anchor, Painter};
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::shell::action::{Action, Walk};
use crate::app::shell::mode::WalkAt;
use egui_macroquad::egui;
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
    area: Option<(Rect, f32)>,
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
        let last = self.steps().saturating_sub(1);
        self.step = match w {
            Walk::Home => 0,
            Walk::End => last,
            Walk::Forward => (self.step + 1).min(last),
            Walk::Back => self.step.saturating_sub(1),
        };
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
        let mut text = trf(
            "GJK {}/{}: the simplex has {} point(s); its point nearest the origin is {} away. Search towards the origin, along {}: A's furthest point that way minus B's furthest point the other way gives the new vertex.",
            &[&(k + 1), &g, &s.count, &f(s.closest.length()), &vec_text(d)],
        );
        if k + 1 == g {
            text.push(' ');
            text.push_str(&match (v.distance, v.epa_depth) {
                (_, Some(depth)) if v.epa.steps.is_empty() => trf(
                    "The cores do not enclose the origin: the radii alone make the overlap, {} deep, and EPA has no polytope to grow.",
                    &[&f(depth)],
                ),
                (_, Some(depth)) => trf(
                    "The simplex now encloses the origin: the shapes overlap. EPA finds how deep ({}).",
                    &[&f(depth)],
                ),
                (Some(d), None) => trf(
                    "The new vertex gets no nearer the origin: GJK stops, and the distance is {}.",
                    &[&f(d.distance)],
                ),
                (None, None) => String::new(),
            });
        }
        return text;
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

impl SpaceMode {
    /// J: the GJK / EPA view on or off (on: the SAT walk stops, the
    /// shapes refit into their half of the canvas).
    pub(super) fn toggle_gjk(&mut self) {
        self.gjk = match self.gjk {
            Some(_) => None,
            None => Some(GjkView3::new(&self.scene.a.shape, &self.scene.b.shape)),
        };
        self.walking = false;
        self.fit_pending = true;
    }

    /// The canvas left for the shapes out of `whole`; the pane, when the
    /// view is on, is kept for `gjk_pictures` (`scale`: the UI scale).
    pub(super) fn gjk_split(&mut self, whole: Rect, scale: f32) -> Rect {
        let (canvas, pane) = split(whole, self.gjk.is_some());
        if let Some(g) = &mut self.gjk {
            g.area = pane.map(|r| (r, scale));
        }
        canvas
    }

    /// Follows the scene, then adds the support points to `main` (not
    /// while the class predicts) and builds the pane's picture.
    pub(super) fn gjk_pictures(&mut self, main: &mut Picture) {
        let (a, b) = (&self.scene.a.shape, &self.scene.b.shape);
        let Some(g) = &mut self.gjk else {
            return;
        };
        g.follow(a, b);
        g.pane = g.area.map(|(pane, scale)| {
            let (view, size) = pane_view(g, &self.view, pane, scale);
            (view, pane, size)
        });
        let (lo, hi) = super::overlay::extent(a, b);
        let r = 0.02 * (hi - lo).length().max(0.5);
        if !self.predicting {
            support_marks(g, g.step, &self.view.basis(), r, main);
        }
        let size = g.pane.map_or(1.0, |(_, _, size)| size);
        g.picture = pane_picture(g, g.step, &self.view.basis(), size);
    }

    /// Draws the pane (and the support points' labels on the shapes):
    /// heading, picture, the origin's label, the step's caption; while
    /// the class predicts only the heading (where the origin lies gives
    /// the answer away).
    pub(super) fn paint_gjk(&self, p: &Painter) {
        let Some(g) = &self.gjk else {
            return;
        };
        let Some((view, pane, _)) = g.pane else {
            return;
        };
        p.pane(pane);
        // The large heading where it fits (a narrow window: a label).
        let heading = tr("A ⊖ B = { a − b }");
        if p.measure(heading, (18.0 * p.scale).round() as u16) + 60.0 * p.scale < pane.size().x {
            p.heading(pane, heading);
        } else {
            let at = pane.min + Vec2::new(8.0, 26.0) * p.scale;
            p.label(heading, at, 12.0, p.pal.text, Anchor::BottomLeft, true);
        }
        if self.predicting {
            return;
        }
        super::paint::picture(p, &view, &g.picture);
        let size = 13.0 * p.labels;
        if let Some(o) = view.to_screen(Vec3::ZERO) {
            let at = o + Vec2::new(-14.0, 14.0) * p.scale;
            p.label(
                tr("the origin"),
                at,
                size,
                p.pal.world_axes,
                Anchor::Center,
                false,
            );
        }
        if let Some(s) = g.gjk.steps.get(g.step) {
            let w = s.support_a - s.support_b;
            if let Some(at) = view.to_screen(w).filter(|s| pane.contains(*s)) {
                let at = at + Vec2::new(0.0, -18.0) * p.scale;
                p.label(tr("new vertex"), at, size, p.pal.mtv, Anchor::Center, false);
            }
            for (at, name, c) in [
                (s.support_a, tr("support of A"), p.pal.a),
                (s.support_b, tr("support of B"), p.pal.b),
            ] {
                let on = self.view.to_screen(at);
                if let Some(at) = on.filter(|s| self.view.canvas.contains(*s)) {
                    let at = at + Vec2::new(0.0, -20.0) * p.scale;
                    p.label(name, at, size, c, Anchor::Center, false);
                }
            }
        }
        let cam = Camera::new(Vec2::ZERO, 1.0, pane);
        p.caption(&cam, &caption(g, g.step), false);
    }
}

/// The panel's GJK / EPA section: the view's switch and, while it is on,
/// the step buttons (n / N), the step's simplex points (`A ⊖ B`), search
/// direction and distance, or EPA's nearest triangle and depth, and the
/// caption; at the end EPA's depth beside SAT's least overlap.
pub(super) fn section(ui: &mut egui::Ui, m: &mut SpaceMode) {
    let key = crate::app::shell::shortcuts::key_text(&Action::Gjk, super::ID);
    let mut on = m.gjk.is_some();
    if ui
        .checkbox(&mut on, format!("{} ({key})", tr("GJK / EPA steps")))
        .changed()
    {
        m.toggle_gjk();
    }
    let predicting = m.predicting;
    let Some(g) = &mut m.gjk else {
        return;
    };
    let n = g.steps();
    if n == 0 {
        ui.weak(tr("GJK and EPA are shown for two bounded convex shapes."));
        return;
    }
    if predicting {
        return;
    }
    let k = g.step.min(n - 1);
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
            g.step = k - 1;
        }
        ui.monospace(format!("{} / {n}", k + 1));
        if ui.add_enabled(k + 1 < n, egui::Button::new("▶")).clicked() {
            g.step = k + 1;
        }
    });
    numbers(ui, g, k);
    ui.label(caption(g, k));
}

/// Step `k`'s numbers as a two-column grid.
fn numbers(ui: &mut egui::Ui, g: &GjkView3, k: usize) {
    let f = |x: f32| num::fixed(x, 3);
    let mut rows: Vec<(String, String)> = Vec::new();
    if let Some(s) = g.gjk.steps.get(k) {
        for (i, w) in s.simplex[..s.count.min(4)].iter().enumerate() {
            rows.push((trf("simplex point {}", &[&(i + 1)]), vec_text(-*w)));
        }
        let d = -s.direction.normalize_or_zero();
        rows.push((tr("search direction").to_string(), vec_text(d)));
        rows.push((
            tr("distance to the origin").to_string(),
            f(s.closest.length()),
        ));
    } else if let Some(e) = g.epa.steps.get(k.saturating_sub(g.gjk.steps.len())) {
        rows.push((
            tr("nearest triangle's normal").to_string(),
            vec_text(-e.normal),
        ));
        rows.push((tr("its distance (depth so far)").to_string(), f(e.distance)));
    }
    if k + 1 == g.steps() {
        let or_dash = |x: Option<f32>| x.map_or_else(|| "—".to_string(), f);
        match (g.epa_depth, g.distance) {
            (Some(depth), _) => {
                rows.push((tr("EPA's depth").to_string(), f(depth)));
                rows.push((tr("SAT's least overlap").to_string(), or_dash(g.sat_depth)));
            }
            (None, Some(d)) => rows.push((tr("distance").to_string(), f(d.distance))),
            (None, None) => {}
        }
    }
    egui::Grid::new("gjk3_numbers")
        .num_columns(2)
        .show(ui, |ui| {
            for (name, value) in rows {
                ui.label(name);
                ui.monospace(value);
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::space::picture::Line3;
    use satlab::scene::{load_any, AnyScene};

    fn mode(file: &str) -> SpaceMode {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        match load_any(&path) {
            Ok(AnyScene::Space(sc)) => SpaceMode::new(*sc, None),
            other => panic!("{file}: {other:?}"),
        }
    }

    /// The mode with the view on, laid out on a 1000 × 700 canvas.
    fn shown(m: &mut SpaceMode) {
        m.toggle_gjk();
        let whole = Rect::new(Vec2::ZERO, Vec2::new(1000.0, 700.0));
        m.view.canvas = m.gjk_split(whole, 1.0);
        m.fit();
        m.build_picture();
    }

    /// Lines of `ink` (solid or dashed) in `p`.
    fn of(p: &Picture, ink: Ink, dashed: bool) -> Vec<Line3> {
        let keep = |l: &&Line3| l.ink == ink && l.dashed == dashed;
        p.lines.iter().filter(keep).copied().collect()
    }

    /// How many of `lines` start on the circle of radius `r` about `c`:
    /// a marker there has 40.
    fn on_circle(lines: &[Line3], c: Vec3, r: f32) -> usize {
        let near = |l: &&Line3| (l.a.distance(c) - r).abs() < 1e-3 * r;
        lines.iter().filter(near).count()
    }

    #[test]
    fn the_hand_worked_boxes_take_three_gjk_steps_drawn_where_the_points_are() {
        let mut m = mode("scenes/08-3d/29-gjk-two-boxes-apart.json");
        shown(&mut m);
        let g = m.gjk.clone().expect("the view is on");
        assert_eq!((g.gjk.steps.len(), g.steps()), (3, 3), "GJK only, 3 steps");
        let (view, pane, size) = g.pane.expect("a pane");
        assert_eq!(pane.min.x, m.view.canvas.max.x, "the right half");
        // The difference: the box of half-size 1.5 around (−3, −0.5, −0.25),
        // its 12 edges faint.
        assert_eq!(of(&g.picture, Ink::Axis, false).len(), 12);
        let r = 0.018 * size;
        for k in 0..g.steps() {
            let mut m = m.clone_view(k);
            m.build_picture();
            let g = m.gjk.as_ref().expect("on");
            let s = g.gjk.steps[k];
            assert_eq!(s.count, k + 1, "a point, a segment, a triangle");
            let hit = of(&g.picture, Ink::Role(Role::Hit), false);
            for w in &s.simplex[..s.count] {
                let p = -*w;
                assert_eq!(on_circle(&hit, p, r), 40, "a marker at {p}");
                let at = view.to_screen(p).expect("in front");
                assert!(view.canvas.contains(at), "{p} on the pane at {at}");
            }
            // The simplex's edges, and a dashed line from each point to the
            // new vertex.
            let edges = s.count * (s.count - 1) / 2;
            assert_eq!(hit.len(), edges + 40 * s.count);
            let dashed = of(&g.picture, Ink::Role(Role::Hit), true);
            assert_eq!(dashed.len(), s.count);
            let w = s.support_a - s.support_b;
            assert!(dashed.iter().all(|l| l.b == w));
            assert_eq!(on_circle(&of(&g.picture, Ink::Mtv, false), w, 1.3 * r), 40);
            // The search direction: an arrow from the origin.
            let d = (-s.direction).normalize();
            let dist = of(&g.picture, Ink::Role(Role::Distance), false);
            let shaft = dist.iter().find(|l| l.a == Vec3::ZERO).expect("arrow");
            assert!(shaft.b.normalize().dot(d) > 0.9999, "{} vs {d}", shaft.b);
            // The supports on the shapes, in the main view.
            let (lo, hi) = super::super::overlay::extent(&m.scene.a.shape, &m.scene.b.shape);
            let rm = 0.02 * (hi - lo).length();
            assert_eq!(
                on_circle(&of(&m.picture, Ink::A, false), s.support_a, rm),
                40
            );
            assert_eq!(
                on_circle(&of(&m.picture, Ink::B, false), s.support_b, rm),
                40
            );
        }
        let last = g.gjk.steps[2];
        assert!((-last.closest - Vec3::new(-1.5, 0.0, 0.0)).length() < 1e-5);
        let text = caption(&g, 2);
        assert!(text.starts_with("GJK 3/3"), "{text}");
        assert!(text.contains("the distance is 1.500"), "{text}");
    }

    impl SpaceMode {
        /// A copy at step `k` of the view (tests only).
        fn clone_view(&self, k: usize) -> SpaceMode {
            let mut m = SpaceMode::new(self.scene.clone(), None);
            m.view = self.view;
            m.gjk = self.gjk.clone();
            if let Some(g) = &mut m.gjk {
                g.step = k;
            }
            m
        }
    }

    #[test]
    fn overlapping_boxes_walk_on_into_epa_and_end_at_the_sat_depth() {
        let mut m = mode("scenes/08-3d/17-box-inside-box.json");
        shown(&mut m);
        let g = m.gjk.as_ref().expect("on");
        assert!(!g.epa.steps.is_empty(), "the cores overlap: EPA runs");
        let n = g.steps();
        m.walk(Walk::End);
        m.build_picture();
        let g = m.gjk.as_ref().expect("on");
        assert_eq!(g.step, n - 1);
        let e = g.epa.steps.last().expect("an EPA step");
        let depth = g.epa_depth.expect("a depth");
        let sat = g.sat_depth.expect("SAT's depth");
        assert!((depth - sat).abs() < 1e-4, "{depth} vs {sat}");
        let text = caption(g, n - 1);
        let f = |x: f32| num::fixed(x, 3);
        let want = format!(
            "EPA's depth (radii included) is {}; SAT's least overlap is {}.",
            f(depth),
            f(sat)
        );
        assert!(text.contains(&want), "{text}");
        // The nearest triangle: three strong edges and a translucent fill;
        // the arrow from the origin reaches its plane.
        let near = of(&g.picture, Ink::Role(Role::Overlap), false);
        assert_eq!(near.len(), 3);
        let tri = e.triangles[e.nearest].map(|i| -e.vertices[i]);
        assert!(near
            .iter()
            .all(|l| tri.contains(&l.a) && tri.contains(&l.b)));
        assert_eq!(g.picture.quads.len(), 1);
        let mtv = of(&g.picture, Ink::Mtv, false);
        let shaft = mtv.iter().find(|l| l.a == Vec3::ZERO).expect("depth arrow");
        assert!((shaft.b.length() - e.distance).abs() < 1e-5);
        assert!((shaft.b.dot(-e.normal) - e.distance).abs() < 1e-5);
        // EPA puts nothing on the shapes: A's lines as with the view off.
        let with = of(&m.picture, Ink::A, false).len();
        m.toggle_gjk();
        m.build_picture();
        assert_eq!(with, of(&m.picture, Ink::A, false).len());
    }

    #[test]
    fn j_takes_the_walk_keys_and_gives_them_back_to_sat() {
        let mut m = mode("scenes/08-3d/29-gjk-two-boxes-apart.json");
        m.walk(Walk::Forward);
        assert!(m.walking);
        m.toggle_gjk();
        assert!(!m.walking, "the SAT walk stops");
        use crate::app::shell::mode::Mode;
        assert_eq!(m.walk_at().map(|w| (w.at, w.len)), Some((Some(0), 3)));
        m.walk(Walk::End);
        m.walk(Walk::Forward);
        assert_eq!(m.gjk.as_ref().map(|g| g.step), Some(2));
        assert_eq!(m.overlay.selected, Some(0), "SAT's axis untouched");
        m.walk(Walk::Back);
        assert_eq!(m.gjk.as_ref().map(|g| g.step), Some(1));
        // A move recomputes the walk and keeps the step within it.
        m.scene.b.shape.set_position(Vec3::new(1.5, 0.4, 0.2));
        m.build_picture();
        let g = m.gjk.as_ref().expect("on");
        assert!(!g.epa.steps.is_empty() && g.step == 1);
        m.toggle_gjk();
        assert!(m.gjk.is_none());
        let sat = m.walk_at().map(|w| w.len);
        m.walk(Walk::Forward);
        assert!(m.walking && m.overlay.selected == Some(0), "{sat:?}");
        // A ray has no GJK: no steps, nothing to walk.
        let v = GjkView3 {
            gjk: GjkTrace3::default(),
            epa: EpaTrace3::default(),
            ..GjkView3::new(&m.scene.a.shape, &m.scene.b.shape)
        };
        assert_eq!(v.walk_at(), None);
        assert_eq!(
            caption(&v, 0),
            "GJK and EPA are shown for two bounded convex shapes."
        );
    }

    #[test]
    fn round_shapes_show_the_cores_difference_dashed_inside_theirs() {
        let mut m = mode("scenes/08-3d/20-sphere-capsule.json");
        shown(&mut m);
        let g = m.gjk.as_ref().expect("on");
        let d = g.difference.as_ref().expect("bounded");
        assert!(d.radius > 0.0);
        assert_eq!(of(&g.picture, Ink::Axis, false).len(), d.shapes.edges.len());
        assert_eq!(of(&g.picture, Ink::Axis, true).len(), d.cores.edges.len());
        // While the class predicts, the shapes carry no support points.
        m.predicting = true;
        m.build_picture();
        let on = m.picture.lines.len();
        m.toggle_gjk();
        m.build_picture();
        assert_eq!(on, m.picture.lines.len());
    }
}
