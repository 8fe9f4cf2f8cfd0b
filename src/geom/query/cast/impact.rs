//! The result of a time-of-impact query (a leaf: `toi.rs` and
//! `polygons.rs` both build it, and neither imports the other for it).

use crate::geom::Vec2;

/// The first touch of two moving shapes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Toi {
    /// Time of impact in `[0, 1]` (0 when they already intersect, touching
    /// within the contact tolerance included).
    pub t: f32,
    /// The touching point, world units, at time `t`: the midpoint of the
    /// closest points (a point of the overlap when `t` is 0).
    pub point: Vec2,
    /// Unit normal from A to B at time `t`.
    pub normal: Vec2,
    /// Distance left at `t` (at most the stopping distance: 1e-6 world
    /// units, or two units of f32 rounding of the pieces' magnitude where
    /// that is more, unless the advancement ran out of steps; 0 when
    /// overlapping, and for two boxes or polygons, whose time is solved
    /// exactly; at `t = 0` the distance itself, at most the contact
    /// tolerance).
    pub distance: f32,
    /// Advancement steps taken (1 for two boxes or polygons: one pass over
    /// their faces).
    pub iterations: u32,
}
