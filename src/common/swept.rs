//! The swept SAT's result and words, one for both dimensions: each axis's
//! enter and leave times, the latest entry and the earliest exit, an axis's
//! line of the table and what the table says. Times are fractions of the
//! motion (`t` in `[0, 1]`). `geom::SweptSat` (`V` = `Vec2`) and
//! `geom3d::SweptSat3` (`V` = `Vec3`) name it.

use std::fmt::Display;

/// One SAT axis over the motion: `V` the vector type of the dimension, `S`
/// where the axis comes from (a face of A or of B, in 3D an edge of each).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweptAxis<V, S> {
    /// Unit axis, world.
    pub axis: V,
    /// Where the axis comes from.
    pub source: S,
    /// First `t` at which the shadows overlap on this axis (−∞ when the
    /// motion is parallel to the axis and they always overlap; greater than
    /// `leave` when they never do).
    pub enter: f32,
    /// Last `t` at which they overlap (+∞ when they always will).
    pub leave: f32,
}

impl<V, S: Display> SweptAxis<V, S> {
    /// True when the shadows never overlap on this axis: it separates the
    /// shapes at every time.
    pub fn never(&self) -> bool {
        self.enter > self.leave
    }

    /// The axis's line of the table in words.
    pub fn describe(&self) -> String {
        axis_words(&self.source, self.enter, self.leave)
    }
}

/// The swept SAT of two moving shapes: every candidate axis with its
/// interval, and what they conclude.
#[derive(Debug, Clone, PartialEq)]
pub struct SweptSat<V, S> {
    /// Every candidate axis (A's faces, then B's, in 3D then edge × edge).
    pub axes: Vec<SweptAxis<V, S>>,
    /// The latest entry over the axes and the index of its axis.
    pub latest_entry: (f32, usize),
    /// The earliest exit over the axes and the index of its axis.
    pub earliest_exit: (f32, usize),
    /// The first `t` in `[0, 1]` at which the shapes touch: the latest entry
    /// (or 0 when they already overlap), when it comes no later than the
    /// earliest exit.
    pub toi: Option<f32>,
}

impl<V, S: Display> SweptSat<V, S> {
    /// The table of `axes` and what it concludes: the latest entry and the
    /// earliest exit, each with its axis's index, and the first touch in
    /// `[0, 1]`: the latest entry (0 when they overlap from the start), when
    /// it comes no later than the earliest exit.
    pub(crate) fn conclude(axes: Vec<SweptAxis<V, S>>) -> Self {
        let mut latest_entry = (f32::NEG_INFINITY, 0);
        let mut earliest_exit = (f32::INFINITY, 0);
        for (i, a) in axes.iter().enumerate() {
            if a.enter > latest_entry.0 {
                latest_entry = (a.enter, i);
            }
            if a.leave < earliest_exit.0 {
                earliest_exit = (a.leave, i);
            }
        }
        let (enter, exit) = (latest_entry.0, earliest_exit.0);
        let toi = (enter <= exit && enter <= 1.0 && exit >= 0.0).then_some(enter.max(0.0));
        SweptSat {
            axes,
            latest_entry,
            earliest_exit,
            toi,
        }
    }

    /// What the table says, in words.
    pub fn describe(&self) -> String {
        let (enter, ie) = self.latest_entry;
        let (exit, ix) = self.earliest_exit;
        let name = |i: usize| {
            self.axes
                .get(i)
                .map_or_else(|| "no axis".to_string(), |a| a.source.to_string())
        };
        table_words(self.toi, (enter, &name(ie)), (exit, &name(ix)))
    }
}

/// An axis's line: `name` the axis; its shadows overlap from `enter` to
/// `leave` (−∞ when they always have; `enter > leave` when they never do).
fn axis_words(name: &dyn Display, enter: f32, leave: f32) -> String {
    if enter > leave {
        format!(
            "{name}: the shadows never overlap (the motion runs parallel to this axis), so this axis keeps the shapes apart at every time"
        )
    } else if enter == f32::NEG_INFINITY {
        format!("{name}: the shadows overlap at every time (no motion along this axis)")
    } else {
        format!("{name}: the shadows start to overlap at t = {enter:.4} and stop at t = {leave:.4}")
    }
}

/// What the table says: `toi` the first touch, `entry` the latest entry
/// and its axis's name, `exit` the earliest exit and its axis's name.
fn table_words(
    toi: Option<f32>,
    (enter, se): (f32, &dyn Display),
    (exit, sx): (f32, &dyn Display),
) -> String {
    match toi {
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
