//! The broad phase: a loose quadtree of shape bounds, and a [`Field`] of many
//! shapes that answers ray and shape queries broad phase first, then with
//! the exact narrow-phase tests of [`crate::geom`]. Shapes carry a layer and
//! active/enabled flags; queries take a [`LayerMask`], and
//! [`Field::overlapping_pairs`] filters pairs with a [`LayerMatrix`]. Free of
//! any drawing.

mod field;
mod layers;
mod quadtree;

pub use field::{Field, FieldHit, FieldPair, FieldStats, PairList};
pub use layers::{Layer, LayerMask, LayerMatrix, ShapeTags, MAX_LAYERS};
pub use quadtree::{Bounds, ItemId, LooseQuadtree, QueryStats, TreeConfig};
