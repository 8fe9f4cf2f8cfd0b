//! The Contacts view (K): the pair's contact manifold as a display list:
//! each point on both shapes with the gap or depth between them, and the
//! normal from A to B. Pure, so tests can check it without a window.

use crate::app::display::{DisplayList, Role, Stroke, Tag};
use crate::app::i18n::{tr_in, trf_in, Lang};
use crate::app::num;
use glam::Vec2;
use satlab::geom::{ContactFeature, ContactPoint, Manifold, ManifoldMethod, ManifoldTrace, Side};

/// How far apart the shapes may be and still show contact points (world
/// units): near-touching pairs show where they would touch, as an engine's
/// speculative contacts do. The same as `satlab check` uses.
pub const SPECULATIVE: f32 = satlab::scene::SPECULATIVE;

/// Length of the normal arrow, screen pixels.
const NORMAL_PX: f32 = 56.0;

/// Appends the manifold `m` (world units) to `out`; `px` is world units per
/// pixel, `scale` the UI scale.
pub fn build(m: &Manifold, px: f32, scale: f32, out: &mut DisplayList) {
    let thin = Stroke::new(Role::Hit, 1.5 * scale).dashed(true);
    for p in m.points() {
        out.line(p.point_a, p.point_b, thin, Tag::Contact);
        for at in [p.point_a, p.point_b] {
            out.dot(at, 4.5 * scale, Role::Hit, Tag::Contact);
        }
    }
    point_labels(m, scale, out);
    let n = m.points().len().max(1) as f32;
    let centre = m.points().iter().map(ContactPoint::midpoint).sum::<Vec2>() / n;
    out.arrow(
        centre,
        centre + m.normal * NORMAL_PX * scale * px,
        Stroke::new(Role::Hit, 2.5 * scale).emphasised(true),
        Tag::Contact,
    );
}

/// Each point's label ("1: −0.120") beside it, away from the normal.
fn point_labels(m: &Manifold, scale: f32, out: &mut DisplayList) {
    for (k, p) in m.points().iter().enumerate() {
        let side = if k == 0 { 1.0 } else { -1.0 };
        let off = Vec2::new(m.normal.y, m.normal.x) * side * 22.0 * scale;
        out.label(p.midpoint(), off, label(k, p), Role::Hit, false);
    }
}

/// The clipping walk's step `step` of `t` ([`build_step`]) with what the
/// walk found, `m`: the points' labels at every step (they stay while the
/// walk is shown), and at the last step the points kept, marked on both
/// shapes and joined.
pub fn build_walk(
    t: &ManifoldTrace,
    m: Option<&Manifold>,
    step: usize,
    px: f32,
    scale: f32,
    out: &mut DisplayList,
) {
    build_step(t, step, px, scale, out);
    let Some(m) = m else {
        return;
    };
    if step + 1 >= CLIP_STEPS {
        let thin = Stroke::new(Role::Hit, 1.5 * scale).dashed(true);
        for p in m.points() {
            out.line(p.point_a, p.point_b, thin, Tag::Contact);
            for at in [p.point_a, p.point_b] {
                out.dot(at, 6.0 * scale, Role::Hit, Tag::Contact);
            }
        }
    }
    point_labels(m, scale, out);
}

/// Pixels a face drawn in the walk stops short of each end, before the UI
/// scale: a corner's resize handle (up to 16 px across, hovered) sits
/// there, and the face's round cap reaches 2.5 px past its end.
const FACE_INSET_PX: f32 = 12.0;

/// The steps of the clipping walk: reference face, incident face, the two
/// side planes, keeping what lies below the reference face, the points.
pub const CLIP_STEPS: usize = 5;

/// Step `step` (0-based, below [`CLIP_STEPS`]) of the clipping `t` drew on
/// the shapes, appended to `out`: the faces, the plane and what it cut.
pub fn build_step(t: &ManifoldTrace, step: usize, px: f32, scale: f32, out: &mut DisplayList) {
    let stroke = |role, width: f32, dashed| {
        Stroke::new(role, width * scale)
            .dashed(dashed)
            .emphasised(true)
    };
    // Each face stops short of its ends, so a corner's handle never
    // covers where it ends (at most a quarter of it is given up at each).
    let face = |f: &satlab::geom::TraceFace, role, out: &mut DisplayList| {
        let d = f.end - f.start;
        let len = d.length();
        let inset = (FACE_INSET_PX * scale * px).min(len * 0.25);
        let u = if len > 0.0 { d / len } else { Vec2::ZERO };
        out.line(
            f.start + u * inset,
            f.end - u * inset,
            stroke(role, 5.0, false),
            Tag::Contact,
        );
    };
    let role_of = |side: Side| match side {
        Side::A => Role::A,
        Side::B => Role::B,
    };
    if let Some(r) = &t.reference {
        face(r, role_of(r.side), out);
    }
    if step >= 1 {
        if let Some(i) = &t.incident {
            face(i, role_of(i.side), out);
        }
    }
    let plane_len = 80.0 * scale * px;
    for (k, c) in t
        .clips
        .iter()
        .enumerate()
        .take(step.saturating_sub(1).min(2))
    {
        let along = c.normal.perp() * plane_len;
        out.line(
            c.point - along,
            c.point + along,
            stroke(Role::Decisive, 2.0, true),
            Tag::Contact,
        );
        // What the plane cut away, marked where it was.
        let now = k + 2 == step;
        for &p in c.removed.iter().filter(|_| now) {
            out.dot(p, 5.0 * scale, Role::Overlap, Tag::Contact);
        }
    }
    if step == 4 {
        for &p in &t.above {
            out.dot(p, 5.0 * scale, Role::Overlap, Tag::Contact);
        }
    }
}

/// What step `step` of the clipping `t` does, in plain words, in the
/// interface language.
pub fn caption(t: &ManifoldTrace, step: usize) -> String {
    caption_in(crate::app::i18n::lang(), t, step)
}

/// [`caption`] in `l`.
pub fn caption_in(l: Lang, t: &ManifoldTrace, step: usize) -> String {
    let tr = |en: &'static str| tr_in(l, en);
    let trf = |en: &'static str, args: &[&dyn std::fmt::Display]| trf_in(l, en, args);
    let letter = |s: Side| s.letter();
    match (t.method, &t.reference, &t.incident) {
        (ManifoldMethod::Clipping, Some(r), Some(i)) => match step {
            0 => trf(
                "1. The reference face: the face of {} that lies flat on the normal (edge {}).",
                &[&letter(r.side), &(r.edge + 1)],
            ),
            1 => trf(
                "2. The incident face: the face of {} most opposed to it (edge {}).",
                &[&letter(i.side), &(i.edge + 1)],
            ),
            2 | 3 => {
                let c = t.clips.get(step - 2);
                let cut = c.map_or(0, |c| c.removed.len());
                trf(
                    "{}. Clip the incident face at a side plane through an end of the reference face: {} point(s) cut away.",
                    &[&(step + 1), &cut],
                )
            }
            _ => trf(
                "5. Keep the points below the reference face (or above it by less than the speculative distance): {} dropped.",
                &[&t.above.len()],
            ),
        },
        (ManifoldMethod::SinglePoint, ..) => {
            tr("One point: no face of either shape lies flat on the normal (a corner or a curve), so the closest or deepest point is the contact.").to_string()
        }
        _ => tr("No contact: the shapes are further apart than the speculative distance.").to_string(),
    }
}

/// "1: −0.120", the point's number and separation (negative: depth).
fn label(k: usize, p: &ContactPoint) -> String {
    format!("{}: {}", k + 1, num::fixed(p.separation, 3))
}

/// A feature as the panel names it: `v2` (vertex 2), `e1` (edge 1), `arc`,
/// 1-based like the box corners and polygon vertices in the editors.
pub fn feature(f: ContactFeature) -> String {
    match f {
        ContactFeature::Vertex(k) => format!("v{}", k + 1),
        ContactFeature::Edge(k) => format!("e{}", k + 1),
        ContactFeature::Arc => "arc".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::display::Item;
    use satlab::geom::{contact_manifold, Aabb, Circle, Pose, Shape};

    fn boxed(x: f32, y: f32, hx: f32, hy: f32) -> Shape {
        Shape::Aabb(Aabb::new(Pose::at(Vec2::new(x, y)), Vec2::new(hx, hy)).unwrap())
    }

    #[test]
    fn a_box_resting_on_a_box_shows_two_points_and_an_upward_normal() {
        let ground = boxed(0.0, 0.0, 3.0, 0.5);
        let crate_ = boxed(0.5, 0.9, 0.5, 0.5); // 0.1 deep
        let m = contact_manifold(&ground, &crate_, SPECULATIVE).expect("touching");
        let mut out = DisplayList::default();
        build(&m, 0.02, 1.0, &mut out);
        assert_eq!(m.points().len(), 2);
        assert_eq!(out.count(|t| t == Tag::Contact), 2 * 3 + 1);
        let arrow = out.tagged(Tag::Contact).find_map(|i| match i {
            Item::Arrow { from, to, .. } => Some(*to - *from),
            _ => None,
        });
        let d = arrow.expect("the normal is drawn");
        assert!(
            d.x.abs() < 1e-5 && d.y > 0.0,
            "normal from A (ground) up to B: {d}"
        );
        let labels: Vec<String> = out
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Label { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(labels, vec!["1: -0.100", "2: -0.100"]);
    }

    #[test]
    fn the_clipping_walk_shows_the_faces_then_each_plane_and_says_what_it_cut() {
        let ground = boxed(0.0, 0.0, 3.0, 0.5);
        let crate_ = boxed(0.5, 0.9, 0.5, 0.5);
        let mut t = ManifoldTrace::default();
        let m = satlab::geom::contact_manifold_traced(&ground, &crate_, SPECULATIVE, &mut t);
        assert!(m.is_some());
        assert_eq!(t.method, ManifoldMethod::Clipping);
        let mut counts = Vec::new();
        for step in 0..CLIP_STEPS {
            let mut out = DisplayList::default();
            build_step(&t, step, 0.02, 1.0, &mut out);
            counts.push(out.items.len());
            let c = caption(&t, step);
            assert!(c.starts_with(&format!("{}.", step + 1)), "{c}");
        }
        // Reference face, + incident face, + plane 1, + plane 2.
        assert_eq!(counts[0], 1);
        assert!(
            counts[1] == 2 && counts[2] >= 3 && counts[3] >= 4,
            "{counts:?}"
        );
        assert!(caption(&t, 0).contains("edge"));
    }

    /// Issue 28, item 19: through the whole walk the points' labels stay;
    /// at its last step the kept points are marked on both shapes; the
    /// faces stop short of their ends (where the corner handles sit).
    #[test]
    fn the_walk_keeps_the_labels_marks_the_kept_points_and_clears_the_corners() {
        let ground = boxed(0.0, 0.0, 3.0, 0.5);
        let crate_ = boxed(0.5, 0.9, 0.5, 0.5);
        let mut t = ManifoldTrace::default();
        let m = satlab::geom::contact_manifold_traced(&ground, &crate_, SPECULATIVE, &mut t);
        let px = 0.02;
        for step in 0..CLIP_STEPS {
            let mut out = DisplayList::default();
            build_walk(&t, m.as_ref(), step, px, 1.0, &mut out);
            let labels = out
                .items
                .iter()
                .filter(|i| matches!(i, Item::Label { .. }))
                .count();
            assert_eq!(labels, 2, "step {step}");
            let dots: Vec<Vec2> = out
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Dot {
                        at,
                        role: Role::Hit,
                        ..
                    } => Some(*at),
                    _ => None,
                })
                .collect();
            if step + 1 == CLIP_STEPS {
                assert_eq!(dots.len(), 4, "both ends of both kept points");
            } else {
                assert!(dots.is_empty(), "step {step}: {dots:?}");
            }
            // The incident face (the crate's bottom, x from 0 to 1) ends
            // at least 10 px inside each corner.
            if step >= 1 {
                let face = out.items.iter().find_map(|i| match i {
                    Item::Line {
                        from, to, stroke, ..
                    } if stroke.role == Role::B => Some((*from, *to)),
                    _ => None,
                });
                let (a, b) = face.expect("the incident face");
                let (lo, hi) = (a.x.min(b.x), a.x.max(b.x));
                assert!(
                    lo >= 10.0 * px - 1e-5 && hi <= 1.0 - 10.0 * px + 1e-5,
                    "{lo}..{hi}"
                );
            }
        }
    }

    #[test]
    fn near_but_apart_shows_a_positive_separation_and_far_shows_nothing() {
        let a = Shape::Circle(Circle::new(Pose::at(Vec2::ZERO), 1.0).unwrap());
        let near = Shape::Circle(Circle::new(Pose::at(Vec2::new(2.2, 0.0)), 1.0).unwrap());
        let m = contact_manifold(&a, &near, SPECULATIVE).expect("within the speculative distance");
        assert!((m.separation() - 0.2).abs() < 1e-4);
        let far = Shape::Circle(Circle::new(Pose::at(Vec2::new(3.0, 0.0)), 1.0).unwrap());
        assert!(contact_manifold(&a, &far, SPECULATIVE).is_none());
        assert_eq!(feature(ContactFeature::Vertex(0)), "v1");
        assert_eq!(feature(ContactFeature::Edge(2)), "e3");
    }
}
