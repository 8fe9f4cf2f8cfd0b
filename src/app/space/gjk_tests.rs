//! Tests of the 3D GJK / EPA view: what it draws (display lists, no
//! window) and how it takes the walk keys.

use super::gjk::*;
use super::picture::{Ink, Line3, Picture};
use super::SpaceMode;
use crate::app::camera::Rect;
use crate::app::display::Role;
use crate::app::num;
use crate::app::shell::action::Walk;
use glam::{Vec2, Vec3};
use satlab::geom3d::{EpaTrace3, GjkTrace3};
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
        let (lo, hi) = super::overlay::extent(&m.scene.a.shape, &m.scene.b.shape);
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
    m.walk(Walk::Forward);
    assert!(m.walk.on && m.overlay.selected == Some(0));
    m.toggle_gjk();
    assert!(!m.walk.on, "the SAT walk stops");
    use crate::app::shell::mode::Mode;
    assert_eq!(m.walk_at().map(|w| (w.at, w.len)), Some((Some(0), 3)));
    m.walk(Walk::End);
    m.walk(Walk::Forward);
    assert_eq!(m.gjk.as_ref().map(|g| g.step), Some(2));
    assert_eq!(m.overlay.selected, None, "SAT's walk untouched");
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
    assert!(
        m.walk.on && m.overlay.selected.is_none(),
        "the start: {sat:?}"
    );
    m.walk(Walk::Forward);
    assert_eq!(m.overlay.selected, Some(0), "{sat:?}");
    // A ray has no GJK: no steps, nothing to walk.
    let mut v = GjkView3::new(&m.scene.a.shape, &m.scene.b.shape);
    v.gjk = GjkTrace3::default();
    v.epa = EpaTrace3::default();
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
