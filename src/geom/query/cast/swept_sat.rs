//! Swept SAT for polygon pairs: the separating axis test over time.

use crate::geom::query::piece::{pieces, Geom};
use crate::geom::query::sat::{for_each_candidate, Cached};
use crate::geom::{AxisSource, Shape, Side, Vec2};

/// One SAT axis over the motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweptAxis {
    /// Unit axis, world.
    pub axis: Vec2,
    /// Where the axis comes from (a face of A or of B).
    pub source: AxisSource,
    /// First `t` at which the shadows overlap on this axis (−∞ when they
    /// always have; greater than `leave` when they never do).
    pub enter: f32,
    /// Last `t` at which they overlap (+∞ when they always will).
    pub leave: f32,
}

impl SweptAxis {
    /// True when the shadows never overlap on this axis: it separates the
    /// shapes at every time.
    pub fn never(&self) -> bool {
        self.enter > self.leave
    }

    /// The axis's line of the table in words.
    pub fn describe(&self) -> String {
        if self.never() {
            format!(
                "{}: the shadows never overlap (they move side by side on this axis), so this axis keeps the shapes apart at every time",
                self.source
            )
        } else if self.enter == f32::NEG_INFINITY {
            format!(
                "{}: the shadows overlap at every time (no motion along this axis)",
                self.source
            )
        } else {
            format!(
                "{}: the shadows start to overlap at t = {:.4} and stop at t = {:.4}",
                self.source, self.enter, self.leave
            )
        }
    }
}

/// The swept SAT of two moving polygons.
#[derive(Debug, Clone, PartialEq)]
pub struct SweptSat {
    /// Every candidate axis (A's faces, then B's) with its interval.
    pub axes: Vec<SweptAxis>,
    /// The latest entry over the axes and the index of its axis.
    pub latest_entry: (f32, usize),
    /// The earliest exit over the axes and the index of its axis.
    pub earliest_exit: (f32, usize),
    /// The first `t` in `[0, 1]` at which the shapes touch: the latest entry
    /// (or 0 when they already overlap), when it comes no later than the
    /// earliest exit.
    pub toi: Option<f32>,
}

impl SweptSat {
    /// What the table says, in words.
    pub fn describe(&self) -> String {
        let (enter, ie) = self.latest_entry;
        let (exit, ix) = self.earliest_exit;
        let (se, sx) = (self.axes[ie].source, self.axes[ix].source);
        match self.toi {
            Some(t) if enter <= 0.0 => format!(
                "On every axis the shadows already overlap at t = 0 (latest entry {enter:.4} on {se}): the shapes intersect from the start (t = {t})."
            ),
            Some(t) => format!(
                "The shadows overlap on every axis from the latest entry (t = {t:.4}, on {se}) until the earliest exit (t = {exit:.4}, on {sx}): the shapes first touch at t = {t:.4}."
            ),
            None if enter > exit => format!(
                "The latest entry (t = {enter:.4}, on {se}) comes after the earliest exit (t = {exit:.4}, on {sx}): at every time some axis separates them, so they never touch."
            ),
            None if enter > 1.0 => format!(
                "They would touch at t = {enter:.4} (on {se}), after the end of the motion (t = 1)."
            ),
            None => format!(
                "They were overlapping only before t = 0 (earliest exit t = {exit:.4}, on {sx})."
            ),
        }
    }
}

/// The swept SAT of two polygon-like shapes (aabb, obb, polygon) moving by
/// `motion_a` and `motion_b` (world units over `t` in `[0, 1]`); `None` for
/// other kinds, whose curve axes turn with the motion so that one interval
/// per axis would not be exact. For polygons the face normals are the whole
/// candidate set at every `t`, so `toi` is the exact time of impact.
pub fn swept_sat(a: &Shape, motion_a: Vec2, b: &Shape, motion_b: Vec2) -> Option<SweptSat> {
    let o = a.pose().position();
    let (pa, pb) = (pieces(a, Side::A, o), pieces(b, Side::B, o));
    let (p, q) = (pa.items[0]?, pb.items[0]?);
    let polygon_like =
        |g: &Geom| matches!(g, Geom::Hull { verts, radius } if verts.len() >= 3 && *radius == 0.0);
    if !(polygon_like(&p.geom) && polygon_like(&q.geom)) {
        return None;
    }
    let v = motion_b - motion_a;
    let mut axes = Vec::new();
    for_each_candidate(&Cached::new(&p), &Cached::new(&q), |axis, source| {
        let (ja, jb) = (p.project(axis), q.project(axis));
        // B's shadow moves at `s` along the axis relative to A's.
        let s = v.dot(axis);
        let (enter, leave) = if s == 0.0 {
            if jb.min <= ja.max && jb.max >= ja.min {
                (f32::NEG_INFINITY, f32::INFINITY)
            } else {
                (f32::INFINITY, f32::NEG_INFINITY)
            }
        } else {
            let t1 = (ja.min - jb.max) / s;
            let t2 = (ja.max - jb.min) / s;
            (t1.min(t2), t1.max(t2))
        };
        axes.push(SweptAxis {
            axis,
            source,
            enter,
            leave,
        });
        true
    });
    let mut latest_entry = (f32::NEG_INFINITY, 0);
    let mut earliest_exit = (f32::INFINITY, 0);
    for (i, ax) in axes.iter().enumerate() {
        if ax.enter > latest_entry.0 {
            latest_entry = (ax.enter, i);
        }
        if ax.leave < earliest_exit.0 {
            earliest_exit = (ax.leave, i);
        }
    }
    let (enter, exit) = (latest_entry.0, earliest_exit.0);
    let toi = (enter <= exit && enter <= 1.0 && exit >= 0.0).then_some(enter.max(0.0));
    Some(SweptSat {
        axes,
        latest_entry,
        earliest_exit,
        toi,
    })
}
