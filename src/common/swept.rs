//! The words of a swept SAT, one for both dimensions: an axis's line of
//! the table and what the table says. Times are fractions of the motion
//! (`t` in `[0, 1]`).

/// An axis's line: `name` the axis; its shadows overlap from `enter` to
/// `leave` (−∞ when they always have; `enter > leave` when they never do).
pub(crate) fn axis_words(name: &dyn std::fmt::Display, enter: f32, leave: f32) -> String {
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
pub(crate) fn table_words(
    toi: Option<f32>,
    (enter, se): (f32, &dyn std::fmt::Display),
    (exit, sx): (f32, &dyn std::fmt::Display),
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

/// The latest entry and the earliest exit over the axes' `(enter, leave)`
/// times, each with its axis's index, and the first touch in `[0, 1]`:
/// the latest entry (0 when they overlap from the start), when it comes no
/// later than the earliest exit.
#[allow(clippy::type_complexity)]
pub(crate) fn conclude(
    times: impl Iterator<Item = (f32, f32)>,
) -> ((f32, usize), (f32, usize), Option<f32>) {
    let mut latest_entry = (f32::NEG_INFINITY, 0);
    let mut earliest_exit = (f32::INFINITY, 0);
    for (i, (enter, leave)) in times.enumerate() {
        if enter > latest_entry.0 {
            latest_entry = (enter, i);
        }
        if leave < earliest_exit.0 {
            earliest_exit = (leave, i);
        }
    }
    let (enter, exit) = (latest_entry.0, earliest_exit.0);
    let toi = (enter <= exit && enter <= 1.0 && exit >= 0.0).then_some(enter.max(0.0));
    (latest_entry, earliest_exit, toi)
}
