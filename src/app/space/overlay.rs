//! The SAT overlay in 3D as a display list (pure, tested without a window).
//!
//! Every tested candidate axis is a line through the midpoint between the
//! shapes' centres. Fifteen full-strength axes with bars make a hedgehog,
//! so by default (the choice asked for in issue #17):
//! - every axis is a thin, faint line without bars;
//! - the **decisive** axis (the first separating one, else the least
//!   overlap) and the **selected** and **hovered** axes are drawn strong,
//!   with both projection intervals as thick bars in each shape's colour
//!   (side by side, A's on one side of the line, B's on the other) and
//!   dashed projector lines from the support points to the bar ends;
//! - the MTV is an arrow from B's centre, when they overlap;
//! - when they are separated, the separating plane is a translucent quad
//!   halfway across the gap on the first separating axis.
//!
//! `all_bars` draws bars on every axis (View menu), for comparison.
//!
//! The faint lines share an ink budget ([`faint_share`]): past
//! [`FAINT_FULL`] axes (two hulls of 40 points have 245 after the
//! Gauss-map pruning) each faint line is shortened about its centre, so
//! their total length stays that of `FAINT_FULL` full lines. The
//! directions all stay on the canvas; the shapes are not buried under a
//! hedgehog, and the software rasteriser's cost, which grows with every
//! long line, stays bounded (PERFORMANCE.md, "Two irregular 40-point
//! hulls").

use super::picture::{Ink, Picture};
use glam::Vec3;
use satlab::geom3d::{AxisTest3, SatReport3, Shape3};

/// What the overlay shows beyond the decisive axis.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct OverlayOptions {
    /// The axis selected in the table or by the step keys.
    pub selected: Option<usize>,
    /// The axis under the mouse in the table.
    pub hovered: Option<usize>,
    /// Bars on every axis, not only the ones in focus.
    pub all_bars: bool,
    /// While the SAT walk is open: the axes drawn are the report's first
    /// `shown` (the ones tested so far; 0 at the start), the decisive one
    /// strong only once the walk has reached the first separating axis,
    /// the MTV not yet. `None`: every axis, as outside the walk.
    pub shown: Option<usize>,
}

/// The axis the verdict rests on: the first separating axis, else the
/// least-overlap one.
pub fn decisive(r: &SatReport3) -> Option<usize> {
    r.first_separating.or(r.least_overlap)
}

/// The decisive axis as far as the walk has got (`o.shown`): outside the
/// walk [`decisive`]; within it the first separating axis once reached
/// (the least overlap is only known when every axis is tested).
pub fn shown_decisive(r: &SatReport3, o: &OverlayOptions) -> Option<usize> {
    match o.shown {
        None => decisive(r),
        Some(s) => r.first_separating.filter(|k| *k < s),
    }
}

/// A world box around both shapes (an unbounded ray counts by its origin).
/// The pair's size, world units ([`super::view::extent_size`] of both
/// shapes' bounds): what the overlay scales by and what the panels' numbers
/// take their decimals from ([`crate::app::num::at_size`]).
pub fn pair_size(a: &Shape3, b: &Shape3) -> f32 {
    let (lo, hi) = extent(a, b);
    super::view::extent_size(lo, hi)
}

pub fn extent(a: &Shape3, b: &Shape3) -> (Vec3, Vec3) {
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    for s in [a, b] {
        let (l, h) = if s.is_bounded() {
            s.bounds()
        } else {
            (s.pose().position(), s.pose().position())
        };
        lo = lo.min(l);
        hi = hi.max(h);
    }
    (lo, hi)
}

/// Adds the SAT overlay for shapes `a`, `b` and their `report`, seen from `eye`.
pub fn sat_overlay(
    out: &mut Picture,
    (a, b): (&Shape3, &Shape3),
    report: &SatReport3,
    eye: Vec3,
    o: &OverlayOptions,
) {
    let size = pair_size(a, b);
    let mid = axis_mid(a, b);
    let reached = |k: &usize| o.shown.is_none_or(|s| *k < s);
    let key = shown_decisive(report, o);
    let drawn = |t: &&AxisTest3| t.skipped.is_none() && t.gap.is_finite();
    let upto = o.shown.unwrap_or(report.axes.len());
    let share = faint_share(report.axes.iter().take(upto).filter(drawn).count());
    for (k, t) in report.axes.iter().enumerate() {
        // An axis the walk has not reached shows only when the table
        // points at it.
        let pointed = Some(k) == o.selected || Some(k) == o.hovered;
        if !drawn(&t) || (k >= upto && !pointed) {
            continue;
        }
        let ink = if Some(k) == key {
            Ink::Decisive
        } else if Some(k) == o.selected || Some(k) == o.hovered {
            Ink::Focus
        } else {
            Ink::Axis
        };
        let focus = ink != Ink::Axis;
        let length = if focus { 1.0 } else { share };
        axis(out, t, (mid, eye, size, length), ink, focus || o.all_bars);
    }
    if let Some(v) = report.mtv.filter(|_| o.shown.is_none()) {
        arrow(out, b.pose().position(), v, Ink::Mtv, size);
    }
    let first = report.first_separating.filter(reached);
    if let Some(t) = first.and_then(|k| report.axes.get(k)) {
        if !report.intersects {
            plane(out, t, mid, size);
        }
    }
}

/// Up to this many axes, every faint axis line is drawn at full length.
pub const FAINT_FULL: usize = 24;

/// The fraction of its full length each of `n` faint axis lines gets:
/// 1 up to [`FAINT_FULL`] lines, then `FAINT_FULL / n`, so their total
/// length never exceeds that of `FAINT_FULL` full lines; at least 0.08
/// so each stays a visible spoke.
pub fn faint_share(n: usize) -> f32 {
    if n <= FAINT_FULL {
        1.0
    } else {
        (FAINT_FULL as f32 / n as f32).max(0.08)
    }
}

/// The point where axis `t`'s line through `mid` has projection `s`.
fn on_axis(t: &AxisTest3, mid: Vec3, s: f32) -> Vec3 {
    mid + t.axis * (s - t.axis.dot(mid))
}

/// One axis: its line (through `mid`, seen from `eye`, in a scene `size`
/// across, `length` of its full length about its centre), and with
/// `bars` its two intervals and projectors.
fn axis(
    out: &mut Picture,
    t: &AxisTest3,
    (mid, eye, size, length): (Vec3, Vec3, f32, f32),
    ink: Ink,
    bars: bool,
) {
    let d = t.axis;
    let lo = t.a.min.min(t.b.min);
    let hi = t.a.max.max(t.b.max);
    let pad = 0.15 * (hi - lo) + 0.1 * size;
    let strong = ink != Ink::Axis;
    let width = if strong { 2.0 } else { 1.0 };
    let (centre, half) = (0.5 * (lo + hi), (0.5 * (hi - lo) + pad) * length);
    out.line(
        on_axis(t, mid, centre - half),
        on_axis(t, mid, centre + half),
        ink,
        width,
    );
    if !bars {
        return;
    }
    // A's bar on one side of the line, B's on the other, across the view.
    let side = d
        .cross(eye - mid)
        .try_normalize()
        .unwrap_or_else(|| d.any_orthonormal_vector())
        * (0.012 * size);
    for (iv, off, ink) in [(&t.a, side, Ink::A), (&t.b, -side, Ink::B)] {
        let (p, q) = (on_axis(t, mid, iv.min) + off, on_axis(t, mid, iv.max) + off);
        out.line(p, q, ink, if strong { 6.0 } else { 3.0 });
        if strong {
            out.dashed(iv.min_point, p, ink, 1.0);
            out.dashed(iv.max_point, q, ink, 1.0);
        }
    }
}

/// An arrow from `from` along `v`.
fn arrow(out: &mut Picture, from: Vec3, v: Vec3, ink: Ink, size: f32) {
    let to = from + v;
    out.line(from, to, ink, 3.0);
    let Some(d) = v.try_normalize() else {
        return;
    };
    let head = (0.04 * size).min(0.5 * v.length());
    let (u, w) = d.any_orthonormal_pair();
    for s in [u, -u, w, -w] {
        out.line(to, to - d * head + s * (0.5 * head), ink, 3.0);
    }
}

/// Where the plane normal to axis `t` stands, world: on the axis line
/// through `mid`, halfway across the gap between the two intervals (for
/// an overlap, halfway across the overlap). The separating plane is
/// drawn there and E looks along it.
pub fn plane_point(t: &AxisTest3, mid: Vec3) -> Vec3 {
    let s = 0.5 * (t.a.min.max(t.b.min) + t.a.max.min(t.b.max));
    on_axis(t, mid, s)
}

/// The point the axis lines go through: halfway between the shapes'
/// positions.
pub fn axis_mid(a: &Shape3, b: &Shape3) -> Vec3 {
    (a.pose().position() + b.pose().position()) * 0.5
}

/// The separating plane on separating axis `t`: halfway across the gap.
fn plane(out: &mut Picture, t: &AxisTest3, mid: Vec3, size: f32) {
    let c = plane_point(t, mid);
    let (u, v) = t.axis.any_orthonormal_pair();
    let h = 0.3 * size;
    let corners = [
        c + (u + v) * h,
        c + (u - v) * h,
        c + (-u - v) * h,
        c + (-u + v) * h,
    ];
    out.quads.push(super::picture::Quad3 {
        corners,
        ink: Ink::Plane,
    });
    for i in 0..4 {
        out.line(corners[i], corners[(i + 1) % 4], Ink::Plane, 1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satlab::geom3d::{sat_report3, AxisSource3};
    use satlab::scene::{load_any, AnyScene, Scene3};

    fn scene(name: &str) -> Scene3 {
        match load_any(std::path::Path::new(&format!("scenes/08-3d/{name}.json"))).unwrap() {
            AnyScene::Space(s) => *s,
            other => panic!("{name} is not 3D: {other:?}"),
        }
    }

    fn overlay(sc: &Scene3, o: &OverlayOptions) -> (SatReport3, Picture) {
        let r = sat_report3(&sc.a.shape, &sc.b.shape);
        let mut p = Picture::default();
        let eye = Vec3::new(9.0, -7.0, 6.0);
        sat_overlay(&mut p, (&sc.a.shape, &sc.b.shape), &r, eye, o);
        (r, p)
    }

    fn parallel(l: &super::super::picture::Line3, d: Vec3) -> bool {
        (l.b - l.a).normalize().cross(d).length() < 1e-4
    }

    /// Thick lines: interval bars.
    fn bars(p: &Picture) -> Vec<&super::super::picture::Line3> {
        p.lines
            .iter()
            .filter(|l| l.width >= 3.0 && matches!(l.ink, Ink::A | Ink::B))
            .collect()
    }

    #[test]
    fn boxes_apart_only_on_an_edge_cross_edge_axis_emphasise_that_axis_and_its_plane() {
        let sc = scene("01-boxes-edge-cross-edge-only");
        let (r, p) = overlay(&sc, &OverlayOptions::default());
        assert_eq!(r.axes.len(), 15);
        let k = decisive(&r).unwrap();
        let t = &r.axes[k];
        assert!(
            matches!(t.source, AxisSource3::Cross { .. }),
            "{:?}",
            t.source
        );
        let strong: Vec<_> = p.lines.iter().filter(|l| l.ink == Ink::Decisive).collect();
        assert_eq!(strong.len(), 1);
        assert!(parallel(strong[0], t.axis));
        // Fourteen thin axes, and bars only on the decisive one.
        assert_eq!(p.lines.iter().filter(|l| l.ink == Ink::Axis).count(), 14);
        let b = bars(&p);
        assert_eq!(b.len(), 2);
        assert!(b.iter().all(|l| parallel(l, t.axis)));
        // The plane is normal to the axis and lies in the gap.
        assert_eq!(p.quads.len(), 1);
        let q = p.quads[0].corners;
        let n = (q[1] - q[0]).cross(q[2] - q[1]).normalize();
        assert!(n.cross(t.axis).length() < 1e-4);
        let s = t.axis.dot(q[0]);
        let (lo, hi) = (t.a.max.min(t.b.max), t.a.min.max(t.b.min));
        assert!(lo < s && s < hi, "{lo} < {s} < {hi}");
        assert!(q.iter().all(|c| (t.axis.dot(*c) - s).abs() < 1e-4));
    }

    #[test]
    fn a_walk_shows_the_axes_it_reached_and_the_decisive_one_once_reached() {
        let sc = scene("01-boxes-edge-cross-edge-only");
        let axes = |p: &Picture| {
            let inks = [Ink::Axis, Ink::Focus, Ink::Decisive];
            p.lines.iter().filter(|l| inks.contains(&l.ink)).count()
        };
        let strong = |p: &Picture| p.lines.iter().filter(|l| l.ink == Ink::Decisive).count();
        // The start: nothing; a row the table points at shows alone.
        let start = OverlayOptions {
            shown: Some(0),
            ..OverlayOptions::default()
        };
        let (r, p) = overlay(&sc, &start);
        let k = r.first_separating.expect("apart on #13");
        assert_eq!((axes(&p), p.quads.len()), (0, 0));
        let pointed = OverlayOptions {
            hovered: Some(k),
            ..start
        };
        assert_eq!(axes(&overlay(&sc, &pointed).1), 1);
        // Axis 3 of the walk: three axes, none decisive yet, no plane.
        let third = OverlayOptions {
            selected: Some(2),
            shown: Some(3),
            ..OverlayOptions::default()
        };
        let (_, p) = overlay(&sc, &third);
        assert_eq!((axes(&p), strong(&p), p.quads.len()), (3, 0, 0));
        // #13 reached: it is decisive and the plane is drawn.
        let reached = OverlayOptions {
            selected: Some(k),
            shown: Some(k + 1),
            ..OverlayOptions::default()
        };
        let (_, p) = overlay(&sc, &reached);
        assert_eq!((axes(&p), strong(&p), p.quads.len()), (k + 1, 1, 1));
    }

    #[test]
    fn sphere_on_a_box_corner_shows_the_axis_from_the_centre_to_the_corner_and_the_mtv() {
        let sc = scene("04-sphere-aabb-corner-overlap");
        let (r, p) = overlay(&sc, &OverlayOptions::default());
        assert!(r.intersects);
        let t = &r.axes[decisive(&r).unwrap()];
        let corner_dir = (Vec3::new(1.3, 1.4, 2.2) - Vec3::ONE).normalize();
        assert!(t.axis.cross(corner_dir).length() < 1e-4, "{}", t.axis);
        let strong: Vec<_> = p.lines.iter().filter(|l| l.ink == Ink::Decisive).collect();
        assert!(parallel(strong[0], corner_dir));
        let mtv: Vec<_> = p.lines.iter().filter(|l| l.ink == Ink::Mtv).collect();
        assert!((mtv[0].b - mtv[0].a).length() - 0.2 < 1e-3);
        assert!(p.quads.is_empty(), "no separating plane when they overlap");
    }

    #[test]
    fn the_selected_axis_gets_bars_and_projectors_from_its_support_points() {
        let sc = scene("01-boxes-edge-cross-edge-only");
        let r = sat_report3(&sc.a.shape, &sc.b.shape);
        let k = decisive(&r).unwrap();
        let j = (k + 1) % r.axes.len();
        let o = OverlayOptions {
            selected: Some(j),
            ..OverlayOptions::default()
        };
        let (_, p) = overlay(&sc, &o);
        assert_eq!(bars(&p).len(), 4);
        let t = &r.axes[j];
        let focus: Vec<_> = p.lines.iter().filter(|l| l.ink == Ink::Focus).collect();
        assert_eq!(focus.len(), 1);
        assert!(parallel(focus[0], t.axis));
        let dashed: Vec<_> = p.lines.iter().filter(|l| l.dashed).collect();
        assert_eq!(dashed.len(), 8);
        for pt in [t.a.min_point, t.a.max_point, t.b.min_point, t.b.max_point] {
            assert!(dashed.iter().any(|l| (l.a - pt).length() < 1e-6));
        }
        let all = OverlayOptions {
            all_bars: true,
            ..OverlayOptions::default()
        };
        assert_eq!(bars(&overlay(&sc, &all).1).len(), 30);
    }

    #[test]
    fn many_faint_axes_share_the_length_of_twenty_four_full_ones() {
        let sc = match load_any(std::path::Path::new("tests/e2e/two-40-point-hulls.json")).unwrap()
        {
            AnyScene::Space(s) => *s,
            other => panic!("not 3D: {other:?}"),
        };
        let (r, p) = overlay(&sc, &OverlayOptions::default());
        let faint: Vec<_> = p.lines.iter().filter(|l| l.ink == Ink::Axis).collect();
        assert!(faint.len() > 200, "{} faint axes", faint.len());
        let full = |t: &AxisTest3| {
            let (lo, hi) = (t.a.min.min(t.b.min), t.a.max.max(t.b.max));
            1.3 * (hi - lo)
                + 0.2
                    * (extent(&sc.a.shape, &sc.b.shape).1 - extent(&sc.a.shape, &sc.b.shape).0)
                        .length()
        };
        let k = decisive(&r).unwrap();
        let whole: f32 = r
            .axes
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != k)
            .map(|(_, t)| full(t))
            .sum();
        let drawn: f32 = faint.iter().map(|l| (l.b - l.a).length()).sum();
        let share = faint_share(faint.len() + 1);
        assert!(
            (drawn - share * whole).abs() <= 1e-3 * whole,
            "{drawn} against {}",
            share * whole
        );
        assert!(drawn <= (FAINT_FULL as f32 + 1.0) / faint.len() as f32 * whole);
        // Few axes keep their full length.
        assert_eq!(faint_share(15), 1.0);
    }
}
