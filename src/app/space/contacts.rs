//! The Contacts view (K) of the 3D mode: the pair's contact manifold
//! (`geom3d::contact_manifold3`) drawn into the display list: each point on
//! both shapes joined, its label (number and separation), the normal from
//! A to B as an arrow, the reference face outlined and the incident face
//! dashed; and the clipping walk through `contact_manifold3_traced`'s
//! steps (each side plane, the polygon left after it, the points kept).
//! Pure, so tests check it without a window; everything drawn comes from
//! the library's manifold and trace.

use super::picture::{side_ink, Ink, Picture};
use super::view::View;
use crate::app::i18n::{tr_in, trf_in, Lang};
use crate::app::num;
use crate::app::shell::action::Walk;
use crate::app::shell::mode::WalkAt;
use glam::Vec3;
use satlab::geom3d::{
    contact_manifold3_traced, ContactFeature3, Manifold3, Manifold3Method, Manifold3Trace, Shape3,
    TraceFace3,
};

/// How far apart the shapes may be and still show contact points (world
/// units), the same as `satlab check` and the 2D view use.
pub const SPECULATIVE: f32 = satlab::scene::SPECULATIVE;

/// Radius of a contact point's ring, screen pixels.
const RING_PX: f32 = 5.0;
/// Length of the normal arrow, screen pixels.
const NORMAL_PX: f32 = 90.0;

/// The view's state and the manifold of the pair it was last computed for.
#[derive(Debug, Clone, Default)]
pub struct Contacts3 {
    /// The view is shown.
    pub on: bool,
    /// The clipping walk's step (0-based), `None` when not walking.
    pub step: Option<usize>,
    /// The pair the manifold below belongs to.
    key: Option<(Shape3, Shape3)>,
    /// The manifold (normal A to B, world units), `None` when the shapes
    /// are further apart than [`SPECULATIVE`].
    pub manifold: Option<Manifold3>,
    /// How the library found it.
    pub trace: Manifold3Trace,
}

impl Contacts3 {
    /// The view on or off (off ends the walk).
    pub fn toggle(&mut self) {
        self.on = !self.on;
        self.step = None;
    }

    /// Recomputes the manifold when the pair `a`, `b` is not the one it
    /// was computed for; the walk's step stays within the new walk.
    pub fn refresh(&mut self, a: &Shape3, b: &Shape3) {
        if self.key.as_ref().is_some_and(|(ka, kb)| ka == a && kb == b) {
            return;
        }
        let mut t = Manifold3Trace::default();
        self.manifold = contact_manifold3_traced(a, b, SPECULATIVE, &mut t);
        self.trace = t;
        self.key = Some((a.clone(), b.clone()));
        let last = steps(&self.trace) - 1;
        self.step = self.step.map(|k| k.min(last));
    }

    /// One step of the clipping walk (Space, arrows, Home, End) of the
    /// pair `a`, `b`.
    pub fn walk(&mut self, w: Walk, a: &Shape3, b: &Shape3) {
        self.refresh(a, b);
        let at = WalkAt {
            at: self.step,
            len: steps(&self.trace),
        };
        self.step = Some(crate::app::shell::walk::step_to(at, w));
    }

    /// Where the walk is, for auto-play; `None` while the view is off.
    pub fn walk_at(&self) -> Option<WalkAt> {
        self.on.then(|| WalkAt {
            at: self.step,
            len: steps(&self.trace),
        })
    }

    /// The caption of the walk's step in the interface language, while
    /// the view is on and walking.
    pub fn caption(&self) -> Option<String> {
        let k = self.step.filter(|_| self.on)?;
        Some(caption_in(crate::app::i18n::lang(), &self.trace, k))
    }
}

/// Steps of the clipping walk of `t`: for clipping, the reference face,
/// the incident face, one per side plane, then the points kept; one step
/// (what decided instead) for the other routes.
pub fn steps(t: &Manifold3Trace) -> usize {
    match t.method {
        Manifold3Method::Clipping => 3 + t.clips.len(),
        Manifold3Method::None | Manifold3Method::EdgeEdge | Manifold3Method::SinglePoint => 1,
    }
}

/// World units per screen pixel at `p` seen through `view`.
fn px_at(view: &View, p: Vec3) -> f32 {
    view.to_camera(p).z.max(view.near()) / view.focal()
}

/// A ring of `RING_PX` pixels about `p`, facing the camera.
fn ring(out: &mut Picture, view: &View, p: Vec3, ink: Ink, width: f32) {
    let b = view.basis();
    out.circle(p, b.right, b.up, RING_PX * px_at(view, p), ink, width);
}

/// An ✕ about `p`, facing the camera: a point the clipping dropped.
fn cross(out: &mut Picture, view: &View, p: Vec3) {
    let b = view.basis();
    let r = RING_PX * px_at(view, p);
    for d in [b.right + b.up, b.right - b.up] {
        out.line(p - d * r, p + d * r, Ink::Cut, 2.5);
    }
}

/// A closed polygon through `corners` (a segment or a ring for fewer than
/// three).
fn polygon(out: &mut Picture, view: &View, corners: &[Vec3], ink: Ink, w: f32, dashed: bool) {
    match corners {
        [] => {}
        [p] => ring(out, view, *p, ink, w),
        [p, q] => out.lines.push(super::picture::Line3 {
            a: *p,
            b: *q,
            ink,
            width: w,
            dashed,
        }),
        _ => {
            for (k, &p) in corners.iter().enumerate() {
                let q = corners[(k + 1) % corners.len()];
                out.lines.push(super::picture::Line3 {
                    a: p,
                    b: q,
                    ink,
                    width: w,
                    dashed,
                });
            }
        }
    }
}

/// A face of the trace: the reference face solid and thick, the incident
/// face dashed, each in its shape's ink.
fn face(out: &mut Picture, view: &View, f: &TraceFace3, reference: bool) {
    let (w, dashed) = if reference { (4.5, false) } else { (3.5, true) };
    polygon(out, view, &f.corners, side_ink(f.side), w, dashed);
}

/// Appends the view to `out`: the whole manifold (`step` `None`) or step
/// `step` of the clipping walk of `t`, seen through `view`.
pub fn build(
    out: &mut Picture,
    view: &View,
    m: Option<&Manifold3>,
    t: &Manifold3Trace,
    step: Option<usize>,
) {
    let clipping = t.method == Manifold3Method::Clipping;
    let last = steps(t) - 1;
    let k = step.unwrap_or(last).min(last);
    if clipping {
        if let Some(r) = &t.reference {
            face(out, view, r, true);
        }
        if let Some(i) = t.incident.as_ref().filter(|_| k >= 1) {
            face(out, view, i, false);
        }
        if let (Some(c), Some(r)) = (t.clips.get(k.wrapping_sub(2)), &t.reference) {
            side_plane(out, view, r, c.point, c.normal);
            polygon(out, view, &c.kept, Ink::Contact, 2.0, false);
            for &p in &c.removed {
                cross(out, view, p);
            }
        }
    }
    if k < last {
        return;
    }
    for &p in t.above.iter().chain(&t.reduced) {
        cross(out, view, p);
    }
    let Some(m) = m else {
        return;
    };
    for p in m.points() {
        out.dashed(p.point_a, p.point_b, Ink::Contact, 1.5);
        for at in [p.point_a, p.point_b] {
            ring(out, view, at, Ink::Contact, 2.5);
        }
    }
    arrow(out, view, m);
}

/// The side plane through `point` with unit normal `normal` (the side it
/// removes) of the reference face `r`: a translucent quad as wide as the
/// face along its edge and half as tall, its outline dashed.
fn side_plane(out: &mut Picture, view: &View, r: &TraceFace3, point: Vec3, normal: Vec3) {
    let n = r.corners.len().max(1) as f32;
    let centre = r.corners.iter().sum::<Vec3>() / n;
    let reach = r
        .corners
        .iter()
        .map(|c| (*c - centre).length())
        .fold(0.0, f32::max)
        .max(40.0 * px_at(view, centre));
    let on = centre - normal * (centre - point).dot(normal);
    let up = r.normal * reach * 0.5;
    let along = r.normal.cross(normal).normalize_or_zero() * reach;
    let corners = [
        on - along - up,
        on + along - up,
        on + along + up,
        on - along + up,
    ];
    out.quads.push(super::picture::Quad3 {
        corners,
        ink: Ink::Plane,
    });
    polygon(out, view, &corners, Ink::Decisive, 1.5, true);
}

/// The normal from A to B: an arrow from the points' centre, its head in
/// the plane facing the camera.
fn arrow(out: &mut Picture, view: &View, m: &Manifold3) {
    let n = m.points().len().max(1) as f32;
    let from = m.points().iter().map(|p| p.midpoint()).sum::<Vec3>() / n;
    let px = px_at(view, from);
    let to = from + m.normal * NORMAL_PX * px;
    out.line(from, to, Ink::Contact, 3.0);
    let side = m
        .normal
        .cross(view.basis().back)
        .try_normalize()
        .unwrap_or_else(|| m.normal.any_orthonormal_vector());
    for s in [1.0, -1.0] {
        let head = to - m.normal * 12.0 * px + side * (s * 6.0 * px);
        out.line(to, head, Ink::Contact, 3.0);
    }
}

/// Each point's label, "1: −0.050" (its number and separation, negative
/// for depth), at its midpoint, world units.
pub fn labels(m: &Manifold3) -> Vec<(Vec3, String)> {
    m.points()
        .iter()
        .enumerate()
        .map(|(k, p)| {
            (
                p.midpoint(),
                format!("{}: {}", k + 1, num::fixed(p.separation, 3)),
            )
        })
        .collect()
}

/// A feature as the panel names it, 1-based: `v3` (core vertex 3), `e5`
/// (edge 5), `f2` (face 2).
pub fn feature(f: ContactFeature3) -> String {
    match f {
        ContactFeature3::Vertex(k) => format!("v{}", u32::from(k) + 1),
        ContactFeature3::Edge(k) => format!("e{}", u32::from(k) + 1),
        ContactFeature3::Face(k) => format!("f{}", u32::from(k) + 1),
    }
}

/// The route that made the manifold, in `l`.
pub fn route_in(l: Lang, m: Manifold3Method) -> &'static str {
    match m {
        Manifold3Method::None => tr_in(l, "no manifold"),
        Manifold3Method::Clipping => tr_in(l, "the incident face clipped by the reference face"),
        Manifold3Method::EdgeEdge => tr_in(l, "edge against edge: one point"),
        Manifold3Method::SinglePoint => tr_in(l, "one point: closest or deepest"),
    }
}

/// What step `step` of the walk of `t` does, in plain words, in `l`.
pub fn caption_in(l: Lang, t: &Manifold3Trace, step: usize) -> String {
    let trf = |en: &'static str, args: &[&dyn std::fmt::Display]| trf_in(l, en, args);
    let (r, i) = match (t.method, &t.reference, &t.incident) {
        (Manifold3Method::Clipping, Some(r), Some(i)) => (r, i),
        (Manifold3Method::EdgeEdge, ..) => {
            return tr_in(l, "One point: the least overlap is on the cross product of an edge of A and an edge of B, so the contact is the midpoint of those edges' closest points.").to_string();
        }
        (Manifold3Method::SinglePoint, ..) => {
            return tr_in(l, "One point: no face of either shape lies flat on the normal (a corner or a curve), so the closest or deepest point is the contact.").to_string();
        }
        _ => {
            return tr_in(
                l,
                "No contact: the shapes are further apart than the speculative distance.",
            )
            .to_string()
        }
    };
    let n = t.clips.len();
    match step {
        0 => trf(
            "1. The reference face: face {} of {}, the face that lies flat on the normal.",
            &[&(u32::from(r.face) + 1), &r.side.letter()],
        ),
        1 => trf(
            "2. The incident face: the face of {} most opposed to it, {} corner(s).",
            &[&i.side.letter(), &i.corners.len()],
        ),
        k if k < 2 + n => {
            let c = &t.clips[k - 2];
            trf(
                "{}. Side plane {} of {} through an edge of the reference face: {} point(s) cut away, {} left.",
                &[&(k + 1), &(k - 1), &n, &c.removed.len(), &c.kept.len()],
            )
        }
        k => trf(
            "{}. Keep the points below the reference face or above it by less than {}: {} dropped above, {} by the reduction to four.",
            &[&(k + 1), &SPECULATIVE, &t.above.len(), &t.reduced.len()],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Rect;
    use glam::Vec2;
    use satlab::scene::{load_any, AnyScene};

    fn pair(file: &str) -> (Shape3, Shape3) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        match load_any(&path) {
            Ok(AnyScene::Space(sc)) => (sc.a.shape, sc.b.shape),
            other => panic!("{file}: {other:?}"),
        }
    }

    fn view() -> View {
        let mut v = View::new(Rect::new(Vec2::ZERO, Vec2::new(900.0, 700.0)));
        v.fit(Vec3::splat(-2.0), Vec3::splat(2.0));
        v
    }

    /// Contact rings' centres on screen: the mean of each ring's segment
    /// ends (a ring is 40 segments of one ink and width).
    fn rings(pic: &Picture, v: &View) -> Vec<Vec2> {
        let ring: Vec<_> = pic
            .lines
            .iter()
            .filter(|l| l.ink == Ink::Contact && l.width == 2.5 && !l.dashed)
            .collect();
        ring.chunks(40)
            .map(|c| c.iter().filter_map(|l| v.to_screen(l.a)).sum::<Vec2>() / c.len() as f32)
            .collect()
    }

    #[test]
    fn a_box_on_a_box_draws_a_ring_on_each_shape_per_point_where_the_points_project() {
        let (a, b) = pair("scenes/11-3d-contacts/01-box-resting-on-box.json");
        let mut c = Contacts3::default();
        c.refresh(&a, &b);
        let m = c.manifold.expect("resting: a manifold");
        assert_eq!(c.trace.method, Manifold3Method::Clipping);
        let v = view();
        let mut pic = Picture::default();
        build(&mut pic, &v, Some(&m), &c.trace, None);
        let got = rings(&pic, &v);
        assert_eq!(got.len(), 2 * m.points().len());
        for (k, p) in m.points().iter().enumerate() {
            for (j, at) in [p.point_a, p.point_b].into_iter().enumerate() {
                let want = v.to_screen(at).expect("in front");
                let d = (got[2 * k + j] - want).length();
                assert!(d < 0.5, "point {k} side {j}: {d} px off");
            }
        }
        let dashed = pic
            .lines
            .iter()
            .filter(|l| l.dashed && l.ink == Ink::Contact);
        assert_eq!(dashed.count(), m.points().len(), "a on A joined to b on B");
        // The reference face outlined: A's top, four edges in A's ink.
        let r = c.trace.reference.as_ref().expect("a reference face");
        let thick = |ink| {
            pic.lines
                .iter()
                .filter(move |l| l.ink == ink && l.width == 4.5)
        };
        assert_eq!(thick(side_ink(r.side)).count(), r.corners.len());
        assert_eq!(labels(&m).len(), m.points().len());
    }

    #[test]
    fn the_normal_arrow_starts_at_the_points_centre_and_points_from_a_to_b() {
        let (a, b) = pair("scenes/11-3d-contacts/05-sphere-on-box.json");
        let m = satlab::geom3d::contact_manifold3(&a, &b, SPECULATIVE).expect("touching");
        let v = view();
        let mut pic = Picture::default();
        build(&mut pic, &v, Some(&m), &Manifold3Trace::default(), None);
        let shaft = pic
            .lines
            .iter()
            .find(|l| l.ink == Ink::Contact && l.width == 3.0)
            .expect("the arrow");
        assert!((shaft.a - m.points()[0].midpoint()).length() < 1e-5);
        let d = (shaft.b - shaft.a).normalize();
        assert!((d - m.normal).length() < 1e-5 && d.z > 0.99, "{d}");
    }

    #[test]
    fn the_walk_shows_the_faces_then_each_side_plane_then_the_points_kept() {
        let (a, b) = pair("scenes/11-3d-contacts/02-box-on-its-edge.json");
        let mut c = Contacts3 {
            on: true,
            ..Contacts3::default()
        };
        c.refresh(&a, &b);
        let n = c.trace.clips.len();
        assert_eq!(n, 4, "a box face has four side planes");
        assert_eq!(steps(&c.trace), n + 3);
        let v = view();
        let m = c.manifold;
        for k in 0..steps(&c.trace) {
            let mut pic = Picture::default();
            build(&mut pic, &v, m.as_ref(), &c.trace, Some(k));
            let planes = pic.quads.iter().filter(|q| q.ink == Ink::Plane).count();
            assert_eq!(planes, usize::from((2..2 + n).contains(&k)), "step {k}");
            let incident = pic.lines.iter().any(|l| l.dashed && l.width == 3.5);
            assert_eq!(incident, k >= 1, "step {k}");
            let kept = rings(&pic, &v).len();
            let last = k + 1 == steps(&c.trace);
            assert_eq!(kept, if last { 4 } else { 0 }, "step {k}");
            if (2..2 + n).contains(&k) {
                let clip = &c.trace.clips[k - 2];
                let cuts = pic.lines.iter().filter(|l| l.ink == Ink::Cut).count();
                assert_eq!(cuts, 2 * clip.removed.len(), "step {k}");
            }
            let caption = caption_in(Lang::En, &c.trace, k);
            assert!(caption.starts_with(&format!("{}.", k + 1)), "{caption}");
        }
        // Two points above the face by √½ were dropped at the last step.
        assert_eq!(c.trace.above.len(), 2);
        c.walk(Walk::End, &a, &b);
        assert_eq!(c.step, Some(n + 2));
        c.walk(Walk::Forward, &a, &b);
        assert_eq!(c.step, Some(n + 2));
        c.walk(Walk::Home, &a, &b);
        c.walk(Walk::Back, &a, &b);
        assert_eq!(c.step, Some(0));
        assert_eq!(c.walk_at().map(|w| w.len), Some(n + 3));
        assert!(c.caption().is_some());
    }

    #[test]
    fn an_edge_contact_and_shapes_far_apart_are_one_step_walks_that_say_so() {
        let (a, b) = pair("scenes/11-3d-contacts/03-edge-crossing-edge.json");
        let mut c = Contacts3::default();
        c.refresh(&a, &b);
        assert_eq!(c.trace.method, Manifold3Method::EdgeEdge);
        assert_eq!(steps(&c.trace), 1);
        assert!(caption_in(Lang::En, &c.trace, 0).contains("edge of A"));
        let far = b.clone();
        let mut far = far;
        far.set_position(Vec3::new(0.0, 0.0, 9.0));
        c.refresh(&a, &far);
        assert!(c.manifold.is_none());
        assert_eq!(c.trace.method, Manifold3Method::None);
        let mut pic = Picture::default();
        build(&mut pic, &view(), None, &c.trace, None);
        assert!(pic.lines.is_empty() && pic.quads.is_empty());
        assert_eq!(feature(ContactFeature3::Face(0)), "f1");
        assert_eq!(feature(ContactFeature3::Edge(11)), "e12");
    }
}
