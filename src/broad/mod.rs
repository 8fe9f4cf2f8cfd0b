//! The broad phase: a loose quadtree of shape bounds, and a [`Field`] of many
//! shapes that answers ray and shape queries broad phase first, then with
//! the exact narrow-phase tests of [`crate::geom`]. Free of any drawing.

mod field;
mod quadtree;

pub use field::{Field, FieldHit, FieldStats};
pub use quadtree::{Bounds, ItemId, LooseQuadtree, QueryStats, TreeConfig};
