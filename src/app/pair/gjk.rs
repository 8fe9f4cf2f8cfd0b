//! The GJK / EPA view (J): GJK's iterations, then (for overlapping shapes)
//! EPA's, one step at a time on the Minkowski pane, with captions. The pane
//! draws `A ⊖ B = { a − b }`; the library records `B − A`, so every
//! difference point is negated here. The support points are drawn on the
//! shapes. Pure display lists, so tests can check them without a window.
//!
//! GJK and EPA work on the shapes' cores (a circle's centre, a capsule's
//! segment); the radii are added at the end.

use crate::app::display::{DisplayList, Role, Stroke, Tag};
use crate::app::i18n::{tr, trf, words};
use crate::app::num;
use glam::Vec2;
use satlab::geom::{epa_traced, gjk_traced, Distance, EpaTrace, GjkTrace, Shape};

/// Length of the search direction arrow on the pane, screen pixels.
const DIRECTION_PX: f32 = 60.0;
/// Vertices an EPA polytope may have drawn (every loop bounded).
const MAX_POLYTOPE: usize = 256;

/// GJK's and EPA's recorded iterations for a pair.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GjkView {
    /// GJK's iterations.
    pub gjk: GjkTrace,
    /// What GJK found (`None`: not a pair of bounded convex shapes).
    pub distance: Option<Distance>,
    /// EPA's iterations (empty when the shapes do not overlap).
    pub epa: EpaTrace,
    /// EPA's depth, radii included, when the shapes overlap.
    pub epa_depth: Option<f32>,
    /// SAT's least overlap (the penetration depth), to compare with.
    pub sat_depth: Option<f32>,
}

impl GjkView {
    /// Runs the traced GJK and EPA on `a` and `b`; `sat_depth` is SAT's
    /// penetration depth, when it has one.
    pub fn new(a: &Shape, b: &Shape, sat_depth: Option<f32>) -> GjkView {
        let mut gjk = GjkTrace::default();
        let distance = gjk_traced(a, b, &mut gjk);
        let mut epa = EpaTrace::default();
        let epa_depth = epa_traced(a, b, &mut epa).map(|p| p.depth);
        GjkView {
            gjk,
            distance,
            epa,
            epa_depth,
            sat_depth,
        }
    }

    /// Steps of the walk: GJK's, then EPA's.
    pub fn steps(&self) -> usize {
        self.gjk.steps.len() + self.epa.steps.len()
    }
}

fn stroke(role: Role, width: f32, dashed: bool, scale: f32) -> Stroke {
    Stroke {
        width_px: width * scale,
        role,
        dashed,
        emphasised: true,
    }
}

/// Step `k` drawn on the pane (`A ⊖ B` coordinates; `px` the pane's world
/// units per pixel), appended to `out`, in hues apart from the
/// difference's own: the simplex and polytope in the hit hue, the nearest
/// edge red.
pub fn build_pane(v: &GjkView, k: usize, px: f32, scale: f32, out: &mut DisplayList) {
    if let Some(s) = v.gjk.steps.get(k) {
        let simplex: Vec<Vec2> = s.simplex[..s.count.min(3)].iter().map(|w| -*w).collect();
        for i in 0..simplex.len() {
            let j = (i + 1) % simplex.len();
            if j != i && !(simplex.len() == 2 && i == 1) {
                out.line(
                    simplex[i],
                    simplex[j],
                    stroke(Role::Hit, 2.5, false, scale),
                    Tag::Gjk,
                );
            }
            out.dot(simplex[i], 4.5 * scale, Role::Hit, Tag::Gjk);
        }
        let closest = -s.closest;
        out.line(
            Vec2::ZERO,
            closest,
            stroke(Role::Distance, 1.5, true, scale),
            Tag::Gjk,
        );
        out.dot(closest, 4.0 * scale, Role::Distance, Tag::Gjk);
        let dir = (-s.direction).normalize_or_zero();
        out.arrow(
            closest,
            closest + dir * DIRECTION_PX * scale * px,
            stroke(Role::Distance, 2.0, false, scale),
            Tag::Gjk,
        );
        // The new vertex the supports give, a − b, and the simplex it
        // would make (dashed).
        let w = s.support_a - s.support_b;
        for &p in &simplex {
            out.line(p, w, stroke(Role::Hit, 1.5, true, scale), Tag::Gjk);
        }
        out.dot(w, 5.5 * scale, Role::Mtv, Tag::Gjk);
        out.label(
            w,
            Vec2::new(0.0, -18.0 * scale),
            tr("new vertex").to_string(),
            Role::Mtv,
            false,
        );
        return;
    }
    let Some(e) = v.epa.steps.get(k.saturating_sub(v.gjk.steps.len())) else {
        return;
    };
    let poly: Vec<Vec2> = e.polytope.iter().take(MAX_POLYTOPE).map(|w| -*w).collect();
    let n = poly.len();
    for i in 0..n {
        let nearest = i == e.edge;
        out.line(
            poly[i],
            poly[(i + 1) % n],
            stroke(
                if nearest { Role::Overlap } else { Role::Hit },
                if nearest { 4.0 } else { 2.0 },
                false,
                scale,
            ),
            Tag::Gjk,
        );
    }
    let foot = -e.normal * e.distance;
    out.arrow(
        Vec2::ZERO,
        foot,
        stroke(Role::Mtv, 2.0, false, scale),
        Tag::Gjk,
    );
    out.dot(-e.support, 5.5 * scale, Role::Mtv, Tag::Gjk);
}

/// Step `k`'s support points on the shapes (world units): A's and B's for
/// a GJK step; nothing for EPA's (its polytope lives on the pane only).
pub fn build_canvas(v: &GjkView, k: usize, scale: f32, out: &mut DisplayList) {
    let Some(s) = v.gjk.steps.get(k) else {
        return;
    };
    for (at, role, name) in [
        (s.support_a, Role::A, tr("support of A")),
        (s.support_b, Role::B, tr("support of B")),
    ] {
        out.dot(at, 6.0 * scale, role, Tag::Gjk);
        let offset = Vec2::new(0.0, -20.0 * scale);
        out.label(at, offset, name.to_string(), role, false);
    }
}

/// What step `k` does, in plain words.
pub fn caption(v: &GjkView, k: usize) -> String {
    let f = |x: f32| num::fixed(x, 3);
    let g = v.gjk.steps.len();
    if let Some(s) = v.gjk.steps.get(k) {
        let d = -s.direction.normalize_or_zero();
        let stop = (
            v.distance.map(|d| d.distance),
            v.epa_depth,
            !v.epa.steps.is_empty(),
        );
        let along = format!("({}, {})", f(d.x), f(d.y));
        return words::gjk_step((k, g), s.count, s.closest.length(), along, stop);
    }
    let Some(e) = v.epa.steps.get(k.saturating_sub(g)) else {
        return tr("GJK and EPA are shown for two bounded convex shapes.").to_string();
    };
    let j = k - g;
    let mut text = trf(
        "EPA {}/{}: the polytope has {} vertices; its edge nearest the origin is {} away. The support along that edge's normal reaches {} beyond it.",
        &[
            &(j + 1),
            &v.epa.steps.len(),
            &e.polytope.len(),
            &f(e.distance),
            &f(e.gain),
        ],
    );
    if j + 1 == v.epa.steps.len() {
        text.push(' ');
        let sat = v.sat_depth.map_or_else(|| "—".to_string(), f);
        text.push_str(&trf(
            "Nothing more to gain: the polytope has reached the edge of A ⊖ B. EPA's depth (radii included) is {}; SAT's least overlap is {}.",
            &[&v.epa_depth.map_or_else(|| "—".to_string(), f), &sat],
        ));
    } else {
        text.push(' ');
        text.push_str(tr("The support joins the polytope there."));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::display::Item;
    use satlab::geom::{penetration, Aabb, Circle, Pose};

    fn boxed(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).unwrap())
    }

    #[test]
    fn two_apart_boxes_walk_gjk_to_their_distance() {
        // A's right face at x = 1, B's left face at x = 2.5 − 0.5 = 2: gap 1.
        let a = boxed(0.0, 0.0, 1.0, 1.0);
        let b = boxed(2.5, 0.3, 0.5, 0.5);
        let v = GjkView::new(&a, &b, None);
        assert!(v.epa.steps.is_empty());
        assert!(v.steps() >= 1);
        assert_eq!(v.steps(), v.gjk.steps.len());
        let last = caption(&v, v.steps() - 1);
        assert!(last.contains("the distance is 1.000"), "{last}");
        assert!(caption(&v, 0).starts_with(&format!("GJK 1/{}", v.steps())));
        // Every step draws the simplex, the closest point, the direction
        // and the new vertex; the shapes get the two support points.
        for k in 0..v.steps() {
            let mut pane = DisplayList::default();
            build_pane(&v, k, 0.02, 1.0, &mut pane);
            let vertices = v.gjk.steps[k].count;
            // Simplex edges and vertices, the closest point and its line,
            // the direction, a dashed line from each vertex to the new
            // vertex, the new vertex and its label.
            let edges = vertices - 1;
            let tagged = edges + vertices + 4 + vertices;
            assert_eq!(pane.count(|t| t == Tag::Gjk), tagged);
            assert_eq!(pane.items.len(), tagged + 1);
            assert!(pane.items.iter().any(|i| matches!(i, Item::Arrow { .. })));
            let mut canvas = DisplayList::default();
            build_canvas(&v, k, 1.0, &mut canvas);
            assert_eq!(canvas.items.len(), 4);
        }
        // The pane is A ⊖ B: the closest point of the last step is a − b,
        // left of the origin by the gap.
        let s = v.gjk.steps[v.steps() - 1];
        assert!((-s.closest.x - -1.0).abs() < 1e-4, "{:?}", s.closest);
    }

    #[test]
    fn two_overlapping_boxes_walk_epa_to_the_sat_depth() {
        let a = boxed(0.0, 0.0, 1.0, 1.0);
        let b = boxed(1.2, 0.4, 0.5, 0.5); // 0.3 deep along x
        let sat = penetration(&a, &b).map(|p| p.depth);
        assert!((sat.expect("overlap") - 0.3).abs() < 1e-4);
        let v = GjkView::new(&a, &b, sat);
        assert!(!v.epa.steps.is_empty());
        let g = v.gjk.steps.len();
        let end_gjk = caption(&v, g - 1);
        assert!(end_gjk.contains("encloses the origin"), "{end_gjk}");
        let first_epa = caption(&v, g);
        assert!(first_epa.starts_with("EPA 1/"), "{first_epa}");
        let last = caption(&v, v.steps() - 1);
        assert!(
            last.contains("EPA's depth (radii included) is 0.300; SAT's least overlap is 0.300"),
            "{last}"
        );
        let mut pane = DisplayList::default();
        build_pane(&v, v.steps() - 1, 0.02, 1.0, &mut pane);
        // The nearest edge is drawn strongest, with the depth arrow to it.
        assert!(pane.items.iter().any(|i| matches!(
            i,
            Item::Line { stroke, .. } if stroke.role == Role::Overlap
        )));
        let depth = pane.items.iter().find_map(|i| match i {
            Item::Arrow { from, to, .. } => Some(to.distance(*from)),
            _ => None,
        });
        assert!((depth.expect("depth arrow") - 0.3).abs() < 1e-4);
        // EPA steps put nothing on the shapes.
        let mut canvas = DisplayList::default();
        build_canvas(&v, g, 1.0, &mut canvas);
        assert!(canvas.items.is_empty());
    }

    #[test]
    fn circles_show_their_cores_and_non_convex_pairs_say_why_not() {
        let a = Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), 1.0).unwrap());
        let b = Shape::Circle(Circle::new(Pose::at(Vec2::new(3.0, 0.0)), 1.0).unwrap());
        let v = GjkView::new(&a, &b, None);
        let last = caption(&v, v.steps().saturating_sub(1));
        assert!(last.contains("the distance is 1.000"), "{last}");
        // Overlapping discs: the centres stay 1.5 apart, the radii overlap.
        let c = Shape::Circle(Circle::new(Pose::at(Vec2::new(1.5, 0.0)), 1.0).unwrap());
        let v = GjkView::new(&a, &c, penetration(&a, &c).map(|p| p.depth));
        assert!(v.epa.steps.is_empty());
        let last = caption(&v, v.steps() - 1);
        assert!(
            last.contains("the radii alone make the overlap, 0.500 deep"),
            "{last}"
        );
        let none = GjkView::default();
        assert_eq!(none.steps(), 0);
        assert_eq!(
            caption(&none, 0),
            "GJK and EPA are shown for two bounded convex shapes."
        );
    }
}
