//! The SAT overlay: from the report, the distance and the penetration to a
//! display list. Pure: no window, no macroquad.
//!
//! Layout: every axis line is tangent to a circle around both shapes
//! (radius = half the diagonal of their bounds plus a margin), so the lines
//! surround the shapes instead of crossing them. A value `t` on axis `n` sits
//! at `base + n (t - n·c)`, where `c` is the circle's centre and
//! `base = c + perp(n) * radius`: the projection of a world point is its foot
//! on that line, which is where the dashed projector lines end.

use crate::app::display::{DisplayList, Role, Stroke, Tag};
use crate::app::i18n::{tr, trf};
use crate::app::num;
use crate::app::outline::{look, Look};
use glam::Vec2;
use satlab::geom::clip_convex;
use satlab::geom::{
    raycast, AxisTest, Distance, Penetration, Ray2, SatReport, Shape, Side, Verdict,
};

/// Which axes the overlay shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AxisMode {
    /// Every candidate axis.
    #[default]
    All,
    /// Only the selected (or hovered) axis, else the decisive one.
    Selected,
    /// No axes.
    None,
}

impl AxisMode {
    /// Words for the UI.
    pub fn label(self) -> &'static str {
        match self {
            AxisMode::All => tr("all axes"),
            AxisMode::Selected => tr("selected axis"),
            AxisMode::None => tr("no axes"),
        }
    }
}

/// How much of the SAT story the overlay may tell (teaching mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reveal<'a> {
    /// Everything, as the axis mode says.
    #[default]
    All,
    /// Stepping through SAT: the axes `shown` (indices into the report's
    /// axes, in testing order) are drawn, `current` strong with its
    /// projector lines, the others faded; axes not yet tested are not drawn.
    /// The answer (overlap region, distance, MTV, hits) appears only once
    /// `finished`, and then the shown axes are drawn as usual.
    Steps {
        /// Axes tested so far.
        shown: &'a [usize],
        /// The axis being tested.
        current: Option<usize>,
        /// The walk is over.
        finished: bool,
    },
    /// Predict mode: nothing at all.
    Nothing,
}

/// Everything the overlay looks at.
pub struct OverlayInput<'a> {
    /// Shape A.
    pub a: &'a Shape,
    /// Shape B.
    pub b: &'a Shape,
    /// The SAT report for (A, B).
    pub report: &'a SatReport,
    /// The verdict.
    pub verdict: Verdict,
    /// Distance and closest points.
    pub distance: &'a Distance,
    /// Penetration, when defined.
    pub penetration: Option<Penetration>,
    /// Which axes to show.
    pub mode: AxisMode,
    /// The axis selected in the table.
    pub selected: Option<usize>,
    /// The axis hovered in the table.
    pub hovered: Option<usize>,
    /// World units per screen pixel.
    pub px: f32,
    /// UI scale: line widths and text grow with it.
    pub scale: f32,
    /// The share of the lanes' usual distance from the shapes
    /// ([`lane_share`]: 1, less on a canvas too cramped for them).
    pub lanes: f32,
    /// The world rectangle (lowest corner, highest corner; world units, y
    /// up) each lane's interval bars keep inside, the visible canvas
    /// ([`lane_bounds`]); `None`: no limit. The view does not refit when
    /// a shape is dragged, so a lane at its usual distance can leave it.
    pub bounds: Option<(Vec2, Vec2)>,
    /// Draw edge normals on the shapes.
    pub normals: bool,
    /// How far unbounded shapes reach, world units.
    pub far: f32,
    /// What teaching mode lets the overlay show.
    pub reveal: Reveal<'a>,
}

impl<'a> OverlayInput<'a> {
    /// The whole answer for `a` and `b`, given their SAT `report`,
    /// `distance`, verdict and penetration (computed once by the caller):
    /// every axis shown, none selected or hovered, no normals, nothing
    /// hidden. `px` is world units per screen pixel, `scale` the UI scale,
    /// `far` how far unbounded shapes reach (world units).
    pub fn answer(
        (a, b): (&'a Shape, &'a Shape),
        report: &'a SatReport,
        distance: &'a Distance,
        (verdict, penetration): (Verdict, Option<Penetration>),
        px: f32,
        scale: f32,
        far: f32,
    ) -> Self {
        OverlayInput {
            a,
            b,
            report,
            verdict,
            distance,
            penetration,
            mode: AxisMode::All,
            selected: None,
            hovered: None,
            px,
            scale,
            lanes: 1.0,
            bounds: None,
            normals: false,
            far,
            reveal: Reveal::All,
        }
    }
}

/// Pixels (at UI scale 1) from the shapes' circle to the inner lane.
pub const LANE_GAP_PX: f32 = 48.0;

/// Pixels (at UI scale 1) from the inner lane to the outer one.
pub const LANE_STEP_PX: f32 = 30.0;

/// Pixels (at UI scale 1) the bars and labels of the outer lane take
/// beyond its line.
pub const LANE_EDGE_PX: f32 = 30.0;

/// The least [`lane_share`]: the lanes never touch the shapes.
pub const MIN_LANE_SHARE: f32 = 0.2;

/// Pixels kept free around the fitted shapes' axis circle, before the UI
/// scale: the axis lanes, bars and labels.
pub const FIT_ROOM_PX: f32 = LANE_GAP_PX + LANE_STEP_PX + LANE_EDGE_PX;

/// The most of a canvas side the lanes' room takes along each edge.
pub const FIT_ROOM_MAX_SHARE: f32 = 0.27;

/// The room (pixels) a fit keeps for the lanes along each edge of a canvas
/// of `size` at UI scale `scale`: [`FIT_ROOM_PX`] scaled, but at most
/// [`FIT_ROOM_MAX_SHARE`] of each side, so the shapes keep some size on a
/// cramped canvas (a large UI scale beside the lesson card, 640×480).
pub fn lane_room(size: Vec2, scale: f32) -> Vec2 {
    Vec2::new(
        (FIT_ROOM_PX * scale).min(size.x * FIT_ROOM_MAX_SHARE),
        (FIT_ROOM_PX * scale).min(size.y * FIT_ROOM_MAX_SHARE),
    )
}

/// How much of their usual distance from the shapes the lanes keep on a
/// canvas of `size` at UI scale `scale` (issue 28, items 10 and 12): 1
/// when [`lane_room`] is the full [`FIT_ROOM_PX`], less when it is capped,
/// so the outer lane's bars and labels stay in the room the fit left
/// (inside the canvas, clear of the menu bar, the status line and the
/// lesson card) instead of running off it; at least [`MIN_LANE_SHARE`].
pub fn lane_share(size: Vec2, scale: f32) -> f32 {
    let room = lane_room(size, scale).min_element();
    let lanes = (LANE_GAP_PX + LANE_STEP_PX) * scale;
    let k = (room - LANE_EDGE_PX * scale) / lanes;
    if k.is_finite() {
        num::clamp(k, MIN_LANE_SHARE, 1.0)
    } else {
        1.0
    }
}

/// Pixels (at UI scale 1) a lane's interval bars keep from the edge of
/// [`OverlayInput::bounds`]: the bars and the gap mark beside them.
pub const LANE_MARGIN_PX: f32 = 16.0;

/// The world rectangle of `cam`'s canvas above the status line (22 pixels
/// at UI scale `scale`): where the lanes' bars stay
/// ([`OverlayInput::bounds`]); `None` for a canvas with no area.
pub fn lane_bounds(cam: &crate::app::camera::Camera, scale: f32) -> Option<(Vec2, Vec2)> {
    let r = cam.canvas;
    let bottom = r.max.y - 22.0 * scale;
    if !(bottom > r.min.y && r.max.x > r.min.x) {
        return None;
    }
    let p = cam.to_world(Vec2::new(r.min.x, bottom));
    let q = cam.to_world(Vec2::new(r.max.x, r.min.y));
    let (lo, hi) = (p.min(q), p.max(q));
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// The distance (world units) of an axis's lane from the shapes' centre
/// `c`, along `perp(n)` for the unit axis `n`: `want`, its usual place,
/// moved as little as it takes for the interval bars, which span `span`
/// along `n` (world units from `n · c`) and reach `margin` (world units)
/// to either side of the lane, to lie inside the rectangle of `within`
/// (lowest and highest world corner). When no distance does (a slanted
/// lane whose bars reach into a corner of a small canvas), the distance
/// that leaves the least of them outside. `want` when `within` is `None`.
fn lane_offset(
    want: f32,
    n: Vec2,
    c: Vec2,
    span: (f32, f32),
    within: Option<((Vec2, Vec2), f32)>,
) -> f32 {
    let Some(((lo, hi), margin)) = within else {
        return want;
    };
    let side = n.perp();
    // The bars' thickness across the lane, in each coordinate.
    let m = side.abs() * margin;
    let (lo, hi) = (lo + m, hi - m);
    // Each bar end, in each coordinate the lane's distance moves it along:
    // the distances that keep it inside, and how fast it moves.
    let mut keep: Vec<(f32, f32, f32)> = Vec::with_capacity(4);
    for u in [span.0, span.1] {
        let q = c + n * u;
        for (s, q, lo, hi) in [(side.x, q.x, lo.x, hi.x), (side.y, q.y, lo.y, hi.y)] {
            if s.abs() < 1e-6 {
                continue;
            }
            let (d1, d2) = ((lo - q) / s, (hi - q) / s);
            keep.push((d1.min(d2), d1.max(d2), s.abs()));
        }
    }
    let least = keep.iter().map(|k| k.0).fold(f32::NEG_INFINITY, f32::max);
    let most = keep.iter().map(|k| k.1).fold(f32::INFINITY, f32::min);
    if least <= most {
        return num::clamp(want, least, most);
    }
    if !(least.is_finite() && most.is_finite()) {
        return want;
    }
    // Out by this much (world units) at distance d, the worst bar end: convex
    // in d, least between `most` and `least`.
    let out = |d: f32| {
        keep.iter()
            .map(|&(a, b, s)| (a - d).max(d - b).max(0.0) * s)
            .fold(0.0, f32::max)
    };
    let (mut a, mut b) = (most, least);
    for _ in 0..48 {
        let (p, q) = (a + (b - a) / 3.0, b - (b - a) / 3.0);
        if out(p) <= out(q) {
            b = q;
        } else {
            a = p;
        }
    }
    (a + b) * 0.5
}

/// Axes beyond this count get labels only when highlighted.
const LABEL_ALL_UP_TO: usize = 8;

/// Indices of the decisive axes: per part, the first separating axis when
/// the part is separated, else the axis of least overlap.
pub fn decisive_axes(report: &SatReport) -> Vec<usize> {
    report
        .parts
        .iter()
        .filter_map(|p| {
            if p.separated {
                p.first_separating
            } else {
                p.least_overlap
            }
        })
        .collect()
}

/// Builds the overlay into `out` (cleared first).
pub fn build(inp: &OverlayInput, out: &mut DisplayList) {
    out.clear();
    let s = inp.scale;
    let px = inp.px * s;
    let (stepping, answer) = match inp.reveal {
        Reveal::All => (None, true),
        Reveal::Steps {
            shown,
            current,
            finished,
        } => (Some((shown, current, finished)), finished),
        Reveal::Nothing => return,
    };
    if answer {
        overlap_region(inp, out);
    }
    if inp.normals {
        normals(inp.a, Role::A, px, out);
        normals(inp.b, Role::B, px, out);
    }
    let decisive = decisive_axes(inp.report);
    let n_axes = inp.report.axes.len();
    let shown: Vec<usize> = match (stepping, inp.mode) {
        (Some((shown, ..)), _) => shown.iter().copied().filter(|&k| k < n_axes).collect(),
        (None, AxisMode::All) => (0..inp.report.axes.len()).collect(),
        (None, AxisMode::Selected) => inp
            .hovered
            .or(inp.selected)
            .or_else(|| decisive.first().copied())
            .into_iter()
            .filter(|&k| k < inp.report.axes.len())
            .collect(),
        (None, AxisMode::None) => Vec::new(),
    };
    if !shown.is_empty() {
        let (c, r) = frame(inp.a, inp.b);
        let share = if inp.lanes.is_finite() {
            num::clamp(inp.lanes, MIN_LANE_SHARE, 1.0)
        } else {
            1.0
        };
        let radius = r + LANE_GAP_PX * share * px;
        let half_len = r + 24.0 * px;
        let label_all = shown.len() <= LABEL_ALL_UP_TO;
        // While stepping, lanes are those of the full picture, so an axis
        // does not jump when the next one appears.
        let lanes = match stepping {
            Some(_) => {
                let all = lanes(inp.report, &(0..n_axes).collect::<Vec<_>>());
                shown.iter().map(|&k| all[k]).collect()
            }
            None => lanes(inp.report, &shown),
        };
        for (&k, &lane) in shown.iter().zip(&lanes) {
            let t = &inp.report.axes[k];
            let (lit, strong, faded) = match stepping {
                // Mid-walk the current axis is strong; it is drawn as
                // decisive only when SAT stops on it.
                Some((_, current, false)) => {
                    let now = current == Some(k);
                    let stops = now
                        && inp
                            .report
                            .parts
                            .get(t.part)
                            .and_then(|p| p.first_separating)
                            == Some(k);
                    (now, stops, !now)
                }
                // A hovered table row lights its axis and fades the others
                // (thin, muted, no numbers), so which axis it is stands out.
                _ => {
                    let focus = inp.hovered.filter(|&h| h < n_axes);
                    (
                        Some(k) == inp.hovered || Some(k) == inp.selected,
                        decisive.contains(&k),
                        focus.is_some_and(|h| h != k),
                    )
                }
            };
            let lane = lane as f32 * LANE_STEP_PX * share * px;
            let (lo, hi) = (t.a.min.min(t.b.min), t.a.max.max(t.b.max));
            let reach = half_len.max(0.0) * 1.6;
            let nc = t.axis.dot(c);
            let span = (
                num::clamp(lo - nc, -reach, reach),
                num::clamp(hi - nc, -reach, reach),
            );
            let within = inp.bounds.map(|b| (b, LANE_MARGIN_PX * px));
            let offset = lane_offset(radius + lane, t.axis, c, span, within);
            let geo = AxisGeo::new(t.axis, c, offset, half_len, r);
            axis(inp, k, t, &geo, strong, lit, faded, label_all, px, out);
        }
    }
    if answer {
        distance_and_mtv(inp, px, out);
        hits(inp, px, out);
    }
}

/// Which lane (0 or 1) each shown axis goes in: lines are placed on the
/// side `perp(axis)`, so axes whose sides point almost the same way would
/// sit on each other; going round the circle, neighbours alternate lanes.
fn lanes(report: &SatReport, shown: &[usize]) -> Vec<u8> {
    let mut order: Vec<(f32, usize)> = shown
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let p = report.axes[k].axis.perp();
            (p.y.atan2(p.x), i)
        })
        .collect();
    order.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut lanes = vec![0u8; shown.len()];
    for (rank, (_, i)) in order.into_iter().enumerate() {
        lanes[i] = (rank % 2) as u8;
    }
    lanes
}

/// Centre and radius of a circle around both shapes (bounded parts only).
fn frame(a: &Shape, b: &Shape) -> (Vec2, f32) {
    crate::app::outline::pair_frame(a, b)
}

/// Where one axis line lies.
struct AxisGeo {
    n: Vec2,
    base: Vec2,
    nc: f32,
    half_len: f32,
    /// The shapes' size (the frame's radius, world units): how many
    /// decimals the axis's numbers get ([`num::at_size`]).
    size: f32,
}

impl AxisGeo {
    fn new(n: Vec2, c: Vec2, radius: f32, half_len: f32, size: f32) -> AxisGeo {
        AxisGeo {
            n,
            base: c + n.perp() * radius,
            nc: n.dot(c),
            half_len,
            size,
        }
    }

    /// World point of value `t` on the line, clamped to the drawn length.
    fn at(&self, t: f32) -> Vec2 {
        let u = num::clamp(t - self.nc, -self.half_len * 1.6, self.half_len * 1.6);
        self.base + self.n * u
    }

    /// Foot of world point `p` on the line.
    fn foot(&self, p: Vec2) -> Vec2 {
        self.at(self.n.dot(p))
    }
}

#[allow(clippy::too_many_arguments)]
fn axis(
    inp: &OverlayInput,
    k: usize,
    t: &AxisTest,
    g: &AxisGeo,
    decisive: bool,
    lit: bool,
    faded: bool,
    label_all: bool,
    px: f32,
    out: &mut DisplayList,
) {
    // Faded (an axis already tested while stepping): thin, muted, no numbers.
    let strong = !faded && (decisive || lit);
    let s = inp.scale;
    let (lo, hi) = (
        g.nc - g.half_len.max(0.0) * 1.6,
        g.nc + g.half_len.max(0.0) * 1.6,
    );
    let a_lo = t.a.min.max(lo).min(hi);
    let a_hi = t.a.max.max(lo).min(hi);
    let b_lo = t.b.min.max(lo).min(hi);
    let b_hi = t.b.max.max(lo).min(hi);
    let ends = [
        g.at(a_lo.min(b_lo) - 22.0 * px),
        g.at(a_hi.max(b_hi) + 22.0 * px),
    ];
    out.line(
        ends[0],
        ends[1],
        Stroke::new(
            match (decisive, faded) {
                (true, _) => Role::Decisive,
                (false, true) => Role::Muted,
                (false, false) => Role::Axis,
            },
            if strong { 2.0 * s } else { 1.0 * s },
        )
        .emphasised(decisive),
        Tag::AxisLine(k),
    );
    // Interval bars, slightly apart across the line so both stay visible.
    let side = g.n.perp() * (4.0 * px);
    for (who, role, lo_v, hi_v) in [
        (Side::A, Role::A, a_lo, a_hi),
        (Side::B, Role::B, b_lo, b_hi),
    ] {
        let off = if who == Side::A { side } else { -side };
        out.bar(
            g.at(lo_v) + off,
            g.at(hi_v) + off,
            Stroke::new(
                role,
                match (strong, faded) {
                    (true, _) => 7.0 * s,
                    (false, true) => 2.5 * s,
                    (false, false) => 5.0 * s,
                },
            )
            .emphasised(decisive),
            Tag::Interval(k, who),
        );
    }
    let show_detail = !faded && (strong || label_all);
    if strong {
        for p in [t.a.min_point, t.a.max_point, t.b.min_point, t.b.max_point] {
            if p.is_finite() {
                out.line(
                    p,
                    g.foot(p),
                    Stroke::new(Role::Muted, 1.0 * s).dashed(true),
                    Tag::Projector(k),
                );
            }
        }
    }
    let screen_out = flip(g.n.perp());
    let marks = Marks {
        decisive,
        faded,
        detail: show_detail,
        screen_out,
        scale: s,
        px,
    };
    gap_mark(t, g, (lo, hi), k, &marks, out);
    axis_name(k, t, ends[0], g, &marks, out);
}

/// How an axis's marks are drawn.
#[derive(Clone, Copy)]
struct Marks {
    decisive: bool,
    faded: bool,
    detail: bool,
    /// Screen direction away from the shapes, across the axis line.
    screen_out: Vec2,
    scale: f32,
    px: f32,
}

/// The gap or overlap between the intervals on axis `k` (inside `span` of
/// the line), and its label.
fn gap_mark(
    t: &AxisTest,
    g: &AxisGeo,
    span: (f32, f32),
    k: usize,
    m: &Marks,
    out: &mut DisplayList,
) {
    let (lo, hi) = span;
    // Gap or overlap between the intervals.
    let (from, to, role, is_gap) = if t.gap > 0.0 {
        if t.b.min >= t.a.max {
            (t.a.max, t.b.min, Role::Gap, true)
        } else {
            (t.b.max, t.a.min, Role::Gap, true)
        }
    } else {
        (
            t.a.min.max(t.b.min),
            t.a.max.min(t.b.max),
            Role::Overlap,
            false,
        )
    };
    let (from, to) = (num::clamp(from, lo, hi), num::clamp(to, lo, hi));
    let outward = g.n.perp() * (12.0 * m.px);
    if !m.faded && (to - from).abs() > 0.0 {
        out.bar(
            g.at(from) + outward,
            g.at(to) + outward,
            Stroke::new(role, 3.0 * m.scale).emphasised(m.decisive),
            Tag::GapMark(k),
        );
    }
    if m.detail {
        let mid = g.at((from + to) * 0.5);
        out.label(
            mid,
            m.screen_out * 30.0 * m.scale,
            if is_gap {
                trf("gap {}", &[&num::at_size(t.gap.abs(), 2, g.size)])
            } else {
                trf("overlap {}", &[&num::at_size(t.gap.abs(), 2, g.size)])
            },
            role,
            m.decisive,
        );
    }
}

/// The axis number at the line's start (`ends0`); the decisive axis says
/// why it matters.
fn axis_name(k: usize, t: &AxisTest, ends0: Vec2, g: &AxisGeo, m: &Marks, out: &mut DisplayList) {
    // Axis number at the line's start; the decisive axis says why it matters.
    let name = if m.decisive {
        if t.separates() {
            trf("#{} separating axis", &[&(k + 1)])
        } else {
            trf("#{} least overlap", &[&(k + 1)])
        }
    } else {
        format!("#{}", k + 1)
    };
    if m.detail || m.decisive || m.faded {
        // Inside the line's span, so the text never hangs past its end.
        // (A Chinese character is about two Latin ones wide.)
        let cells: f32 = name
            .chars()
            .map(|c| if c as u32 >= 0x2E80 { 2.0 } else { 1.0 })
            .sum();
        let along = (cells * 3.7 + 6.0) * m.px;
        out.label(
            ends0 + g.n * along,
            m.screen_out * 14.0 * m.scale,
            name,
            if m.decisive {
                Role::Decisive
            } else {
                Role::Muted
            },
            m.decisive,
        );
    }
}

/// World direction to screen direction (y flips).
fn flip(v: Vec2) -> Vec2 {
    Vec2::new(v.x, -v.y)
}

fn overlap_region(inp: &OverlayInput, out: &mut DisplayList) {
    if inp.verdict != Verdict::Overlapping {
        return;
    }
    let (la, lb) = (look(inp.a, inp.far), look(inp.b, inp.far));
    if let (
        Look::Area {
            boundary: ba,
            convex: ca,
            ..
        },
        Look::Area {
            boundary: bb,
            convex: cb,
            ..
        },
    ) = (la, lb)
    {
        let region = if cb {
            clip_convex(&ba, &bb)
        } else if ca {
            clip_convex(&bb, &ba)
        } else {
            Vec::new()
        };
        if region.len() >= 3 {
            out.fill(region, Role::Overlap, Tag::OverlapRegion);
        }
    }
}

fn normals(shape: &Shape, role: Role, px: f32, out: &mut DisplayList) {
    if !matches!(shape, Shape::Polygon(_) | Shape::Obb(_) | Shape::Aabb(_)) {
        return;
    }
    if let Look::Area { boundary, .. } = look(shape, 1.0) {
        let n = boundary.len();
        for i in 0..n {
            let (p, q) = (boundary[i], boundary[(i + 1) % n]);
            if let Some(d) = (q - p).try_normalize() {
                let mid = (p + q) * 0.5;
                out.arrow(
                    mid,
                    mid - d.perp() * (26.0 * px),
                    Stroke::new(role, 1.5 * px / px.max(f32::MIN_POSITIVE)),
                    Tag::Normal,
                );
            }
        }
    }
}

fn distance_and_mtv(inp: &OverlayInput, px: f32, out: &mut DisplayList) {
    let size = frame(inp.a, inp.b).1;
    let s = inp.scale;
    let d = inp.distance;
    if inp.verdict == Verdict::Separated && d.distance.is_finite() {
        out.line(
            d.point_a,
            d.point_b,
            Stroke::new(Role::Distance, 2.0 * s)
                .dashed(true)
                .emphasised(true),
            Tag::Distance,
        );
        for p in [d.point_a, d.point_b] {
            out.dot(p, 4.5 * s, Role::Distance, Tag::Distance);
        }
        let dir = (d.point_b - d.point_a).try_normalize().unwrap_or(Vec2::X);
        out.label(
            (d.point_a + d.point_b) * 0.5,
            flip(dir.perp()) * 18.0 * s,
            trf("distance {}", &[&num::at_size(d.distance, 3, size)]),
            Role::Distance,
            true,
        );
    }
    // Only where the penetration query defines one (as the panel and
    // `satlab eval` say): unbounded shapes have no MTV.
    let mtv = inp.penetration.map(|p| p.mtv);
    if inp.verdict == Verdict::Overlapping {
        if let Some(m) = mtv.filter(|m| m.is_finite() && m.length() > 0.0) {
            let from = inp.b.pose().position();
            let to = from + m;
            let min_len = 18.0 * px;
            let to = if m.length() < min_len {
                from + m.normalize() * min_len
            } else {
                to
            };
            out.arrow(
                from,
                to,
                Stroke::new(Role::Mtv, 3.0 * s).emphasised(true),
                Tag::Mtv,
            );
            out.label(
                to,
                flip(m.normalize()) * 26.0 * s,
                trf("MTV {}", &[&num::at_size(m.length(), 3, size)]),
                Role::Mtv,
                true,
            );
        }
    }
    let _ = px;
}

/// Ray hits with their normals, and crossing points of thin shapes.
fn hits(inp: &OverlayInput, px: f32, out: &mut DisplayList) {
    let s = inp.scale;
    let mut hit_of = |ray: &satlab::geom::Ray, target: &Shape| {
        let r = Ray2::from_shape(ray);
        if let Some(h) = raycast(&r, target) {
            out.dot(h.point, 5.0 * s, Role::Hit, Tag::Hit);
            out.arrow(
                h.point,
                h.point + h.normal * (36.0 * px),
                Stroke::new(Role::Hit, 2.0 * s),
                Tag::Hit,
            );
            out.label(
                h.point,
                Vec2::new(14.0, 16.0) * s,
                trf("hit t={}", &[&num::fixed(h.t, 2)]),
                Role::Hit,
                false,
            );
        }
    };
    if let (Shape::Ray(r), other) | (other, Shape::Ray(r)) = (inp.a, inp.b) {
        hit_of(r, other);
    }
    let thin = |s: &Shape| matches!(s, Shape::Segment(_) | Shape::Line(_));
    if thin(inp.a) && thin(inp.b) && inp.verdict.intersects() {
        let p = inp.distance.point_a;
        out.dot(p, 5.0 * s, Role::Hit, Tag::Hit);
        out.label(
            p,
            Vec2::new(14.0, 16.0) * s,
            trf(
                "intersection ({}, {})",
                &[&num::fixed(p.x, 2), &num::fixed(p.y, 2)],
            ),
            Role::Hit,
            false,
        );
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::app::display::Item;
    use satlab::geom::{classify, distance, penetration, sat_report, Obb, Polygon, Pose};

    /// A 2 × 1 box at (x, y) turned `deg` degrees (shared by the step tests).
    pub(crate) fn obb(x: f32, y: f32, deg: f32) -> Shape {
        Shape::Obb(
            Obb::new(
                Pose::new(Vec2::new(x, y), deg).unwrap(),
                Vec2::new(1.0, 0.5),
            )
            .unwrap(),
        )
    }

    /// The line segments of `list` whose tag passes `keep`: ends and tag.
    fn lines(list: &DisplayList, keep: impl Fn(Tag) -> bool) -> Vec<(Vec2, Vec2, Tag)> {
        list.items
            .iter()
            .filter_map(|it| match it {
                Item::Line { from, to, tag, .. } if keep(*tag) => Some((*from, *to, *tag)),
                _ => None,
            })
            .collect()
    }

    fn overlay(a: &Shape, b: &Shape, mode: AxisMode, selected: Option<usize>) -> DisplayList {
        overlay_revealing(a, b, mode, selected, Reveal::All)
    }

    /// The overlay mid-walk (every axis mode, none selected): `shown`
    /// axes tested so far, `current` the one being tested.
    fn stepped(
        a: &Shape,
        b: &Shape,
        shown: &[usize],
        current: Option<usize>,
        finished: bool,
    ) -> DisplayList {
        let reveal = Reveal::Steps {
            shown,
            current,
            finished,
        };
        overlay_revealing(a, b, AxisMode::All, None, reveal)
    }

    fn overlay_revealing(
        a: &Shape,
        b: &Shape,
        mode: AxisMode,
        selected: Option<usize>,
        reveal: Reveal,
    ) -> DisplayList {
        let report = sat_report(a, b);
        let d = distance(a, b);
        let inp = OverlayInput {
            mode,
            selected,
            reveal,
            ..OverlayInput::answer(
                (a, b),
                &report,
                &d,
                (classify(a, b), penetration(a, b)),
                0.02,
                1.0,
                100.0,
            )
        };
        let mut out = DisplayList::default();
        build(&inp, &mut out);
        out
    }

    #[test]
    fn obb_vs_obb_draws_four_axes_with_eight_bars() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(3.0, 0.2, 30.0));
        let list = overlay(&a, &b, AxisMode::All, None);
        assert_eq!(list.count(|t| matches!(t, Tag::AxisLine(_))), 4);
        assert_eq!(list.count(|t| matches!(t, Tag::Interval(_, _))), 8);
        assert_eq!(list.count(|t| matches!(t, Tag::Interval(_, Side::A))), 4);
    }

    #[test]
    fn separating_axis_is_the_emphasised_one() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(3.0, 0.2, 30.0));
        let report = sat_report(&a, &b);
        let sep = report.parts[0]
            .first_separating
            .expect("these boxes are apart");
        let list = overlay(&a, &b, AxisMode::All, None);
        let emphasised: Vec<usize> = list
            .items
            .iter()
            .filter_map(|i| match (i.tag(), i.emphasised()) {
                (Some(Tag::AxisLine(k)), true) => Some(k),
                _ => None,
            })
            .collect();
        assert_eq!(emphasised, vec![sep]);
        assert!(report.axes[sep].separates());
        assert_eq!(list.count(|t| t == Tag::Distance), 3);
        assert_eq!(list.count(|t| t == Tag::Mtv), 0);
    }

    #[test]
    fn overlap_shows_mtv_on_b_and_region() {
        let a = obb(0.0, 0.0, 0.0);
        let b = Shape::Polygon(
            Polygon::regular(Pose::new(Vec2::new(1.2, 0.3), 10.0).unwrap(), 5, 1.0).unwrap(),
        );
        let list = overlay(&a, &b, AxisMode::All, None);
        let arrow = list.tagged(Tag::Mtv).next().expect("an MTV arrow");
        match arrow {
            Item::Arrow { from, .. } => assert_eq!(*from, Vec2::new(1.2, 0.3)),
            other => panic!("MTV should be an arrow, got {other:?}"),
        }
        assert_eq!(list.count(|t| t == Tag::OverlapRegion), 1);
        assert_eq!(list.count(|t| t == Tag::Distance), 0);
    }

    #[test]
    fn a_line_through_a_box_has_no_mtv_arrow() {
        // Penetration is not defined for an unbounded shape (as the panel
        // and `satlab eval` say), so the canvas draws no MTV either.
        let a = obb(0.0, 0.0, 0.0);
        let b = Shape::Line(satlab::geom::Line::new(
            Pose::new(Vec2::new(0.3, 0.1), 20.0).unwrap(),
        ));
        assert!(satlab::geom::penetration(&a, &b).is_none());
        let list = overlay(&a, &b, AxisMode::All, None);
        assert_eq!(list.count(|t| t == Tag::Mtv), 0);
    }

    #[test]
    fn axes_lie_away_from_the_shapes() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(1.5, 0.2, 30.0));
        let list = overlay(&a, &b, AxisMode::All, None);
        for (from, to, _) in lines(&list, |t| matches!(t, Tag::AxisLine(_))) {
            let p = Shape::Point(satlab::geom::Point::new((from + to) * 0.5).unwrap());
            assert!(distance(&p, &a).distance > 0.5);
            assert!(distance(&p, &b).distance > 0.5);
        }
    }

    /// Issue 28, item 12: hovering a row of the axes table lights its axis
    /// and fades every other one: only the hovered axis keeps its thick
    /// bars and its numbers.
    #[test]
    fn a_hovered_axis_stands_out_and_the_others_fade() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(3.0, 0.2, 30.0));
        let report = sat_report(&a, &b);
        let d = distance(&a, &b);
        let inp = OverlayInput {
            hovered: Some(1),
            ..OverlayInput::answer(
                (&a, &b),
                &report,
                &d,
                (classify(&a, &b), penetration(&a, &b)),
                0.02,
                1.0,
                100.0,
            )
        };
        let mut list = DisplayList::default();
        build(&inp, &mut list);
        let widths: Vec<(usize, f32)> = list
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Bar {
                    stroke,
                    tag: Tag::Interval(k, Side::A),
                    ..
                } => Some((*k, stroke.width_px)),
                _ => None,
            })
            .collect();
        assert_eq!(widths.len(), 4);
        for (k, w) in widths {
            assert_eq!(w > 5.0, k == 1, "axis {k}: bar {w} px");
        }
        let labels: Vec<String> = list
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Label { text, .. } if text.contains("gap") || text.contains("overlap") => {
                    Some(text.clone())
                }
                _ => None,
            })
            .collect();
        let gap = format!(
            "gap {}",
            crate::app::num::fixed(report.axes[1].gap.abs(), 2)
        );
        let overlap = format!(
            "overlap {}",
            crate::app::num::fixed(report.axes[1].gap.abs(), 2)
        );
        assert!(
            labels == vec![gap.clone()] || labels == vec![overlap.clone()],
            "only axis 2's numbers: {labels:?}"
        );
    }

    #[test]
    fn modes_select_and_hide() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(3.0, 0.2, 30.0));
        let one = overlay(&a, &b, AxisMode::Selected, Some(2));
        let lines: Vec<Tag> = one
            .items
            .iter()
            .filter_map(|i| i.tag())
            .filter(|t| matches!(t, Tag::AxisLine(_)))
            .collect();
        assert_eq!(lines, vec![Tag::AxisLine(2)]);
        let none = overlay(&a, &b, AxisMode::None, None);
        assert_eq!(none.count(|t| matches!(t, Tag::AxisLine(_))), 0);
        assert_eq!(none.count(|t| t == Tag::Distance), 3);
    }

    #[test]
    fn projectors_end_on_their_axis() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(3.0, 0.2, 30.0));
        let report = sat_report(&a, &b);
        let list = overlay(&a, &b, AxisMode::All, None);
        for (from, to, tag) in lines(&list, |t| matches!(t, Tag::Projector(_))) {
            if let Tag::Projector(k) = tag {
                let n = report.axes[k].axis;
                assert!(
                    (n.dot(from) - n.dot(to)).abs() < 1e-3,
                    "projector must be perpendicular to its axis"
                );
            }
        }
    }

    #[test]
    fn stepping_draws_tested_axes_only_and_hides_the_answer() {
        // Overlapping: every axis is tested; mid-walk, axes 0 and 1 tested.
        let a = obb(0.0, 0.0, 0.0);
        let b = obb(1.2, 0.3, 30.0);
        let shown = [0, 1];
        let mid = stepped(&a, &b, &shown, Some(1), false);
        let lines: Vec<usize> = mid
            .items
            .iter()
            .filter_map(|i| match i.tag() {
                Some(Tag::AxisLine(k)) => Some(k),
                _ => None,
            })
            .collect();
        assert_eq!(lines, vec![0, 1], "later axes are not drawn yet");
        // Only the current axis has projector lines and a gap mark.
        assert!(mid.count(|t| t == Tag::Projector(1)) > 0);
        assert_eq!(mid.count(|t| t == Tag::Projector(0)), 0);
        assert_eq!(mid.count(|t| t == Tag::GapMark(0)), 0);
        assert_eq!(mid.count(|t| t == Tag::GapMark(1)), 1);
        // The earlier axis is faded: a thin muted line.
        let faded = mid.tagged(Tag::AxisLine(0)).next().expect("axis 0");
        match faded {
            Item::Line { stroke, .. } => {
                assert_eq!(stroke.role, Role::Muted);
                assert!(!stroke.emphasised);
            }
            other => panic!("an axis line, got {other:?}"),
        }
        // No answer yet: no MTV, no overlap region.
        assert_eq!(mid.count(|t| t == Tag::Mtv || t == Tag::OverlapRegion), 0);
        let report = sat_report(&a, &b);
        let every: Vec<usize> = (0..report.axes.len()).collect();
        let end = stepped(&a, &b, &every, None, true);
        assert_eq!(end, overlay(&a, &b, AxisMode::All, None));
    }

    #[test]
    fn the_current_axis_is_decisive_only_when_sat_stops_on_it() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(3.0, 0.2, 30.0));
        let report = sat_report(&a, &b);
        let stop = report.parts[0].first_separating.expect("apart");
        let shown: Vec<usize> = (0..=stop).collect();
        let list = stepped(&a, &b, &shown, Some(stop), false);
        match list.tagged(Tag::AxisLine(stop)).next() {
            Some(Item::Line { stroke, .. }) => assert_eq!(stroke.role, Role::Decisive),
            other => panic!("the stopping axis line, got {other:?}"),
        }
        assert_eq!(list.count(|t| t == Tag::Distance), 0, "no distance yet");
    }

    #[test]
    fn predict_hides_everything() {
        let (a, b) = (obb(0.0, 0.0, 0.0), obb(1.2, 0.3, 30.0));
        let list = overlay_revealing(&a, &b, AxisMode::All, None, Reveal::Nothing);
        assert!(list.items.is_empty());
    }
}
