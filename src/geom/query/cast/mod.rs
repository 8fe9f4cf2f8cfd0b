//! Motion: when two shapes moving by translations first touch.
//!
//! - [`time_of_impact`] for every pair of bounded shapes, by conservative
//!   advancement (Mirtich 1996; the form Box2D's `b2TimeOfImpact` and
//!   parry's `cast_shapes` build on): the distance along a straight-line
//!   relative motion is a convex function of `t`, so stepping `t` by
//!   distance / closing speed (Newton's method from below) never passes the
//!   first touch and reaches it quickly;
//!   Two boxes or polygons take one pass over their faces instead, exact
//!   (a ray cast against their Minkowski difference, `polygons`);
//! - [`swept_sat()`] for polygon pairs: on every SAT axis, the interval of `t`
//!   during which the two shadows overlap (`toi` of the sweep is the latest
//!   entry when it comes before the earliest exit).

mod impact;
mod polygons;
mod swept_sat;
mod toi;

pub use impact::Toi;
pub use swept_sat::{swept_sat, SweptAxis, SweptSat};
pub use toi::{time_of_impact, time_of_impact_by_advancement, toi_decided_by};
