//! Collision layers: up to 32 named layers, a symmetric [`LayerMatrix`] of
//! which layers collide, a per-query [`LayerMask`], and the layer and flags
//! every field shape carries ([`ShapeTags`]).
//!
//! As in game engines: a ray or a skill's query shape sees a shape only when
//! the shape's layer is in the query's mask and the shape is both active and
//! enabled; two shapes make a pair only when the matrix lets their layers
//! collide and both are active and enabled.

/// Most layers a field can have (one bit each in a [`LayerMask`]).
pub const MAX_LAYERS: usize = 32;

/// One of the [`MAX_LAYERS`] layers, numbered from 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Layer(u8);

impl Layer {
    /// Layer 0, where shapes go unless told otherwise.
    pub const DEFAULT: Layer = Layer(0);

    /// Layer `index`; `None` when `index ≥ MAX_LAYERS`.
    pub fn new(index: usize) -> Option<Layer> {
        (index < MAX_LAYERS).then_some(Layer(index as u8))
    }

    /// Its number, `0 .. MAX_LAYERS`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Its bit in a mask.
    #[inline]
    pub fn bit(self) -> u32 {
        1u32 << self.0
    }
}

/// A set of layers, one bit per layer; a query sees only shapes on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayerMask(pub u32);

impl LayerMask {
    /// Every layer: what an unmasked query uses.
    pub const ALL: LayerMask = LayerMask(u32::MAX);
    /// No layer: the query sees nothing.
    pub const NONE: LayerMask = LayerMask(0);

    /// The mask holding exactly `layers`.
    pub fn of(layers: impl IntoIterator<Item = Layer>) -> LayerMask {
        LayerMask(layers.into_iter().fold(0, |m, l| m | l.bit()))
    }

    /// True when `layer` is in the mask.
    #[inline]
    pub fn contains(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    /// The mask with `layer` added.
    pub fn with(self, layer: Layer) -> LayerMask {
        LayerMask(self.0 | layer.bit())
    }

    /// The layers in the mask, in increasing order.
    pub fn layers(self) -> impl Iterator<Item = Layer> {
        (0..MAX_LAYERS as u8)
            .map(Layer)
            .filter(move |l| self.contains(*l))
    }
}

impl Default for LayerMask {
    fn default() -> Self {
        LayerMask::ALL
    }
}

/// Which layers collide with which: a symmetric 32 × 32 boolean matrix kept
/// as one mask per layer. Every layer collides with every layer by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayerMatrix {
    rows: [u32; MAX_LAYERS],
}

impl Default for LayerMatrix {
    fn default() -> Self {
        LayerMatrix::ALL
    }
}

impl LayerMatrix {
    /// Every layer collides with every layer.
    pub const ALL: LayerMatrix = LayerMatrix {
        rows: [u32::MAX; MAX_LAYERS],
    };
    /// No layer collides with any.
    pub const NONE: LayerMatrix = LayerMatrix {
        rows: [0; MAX_LAYERS],
    };

    /// Lets `a` and `b` collide (`true`) or not; sets both `(a, b)` and
    /// `(b, a)`, so the matrix stays symmetric.
    pub fn set(&mut self, a: Layer, b: Layer, collide: bool) {
        if collide {
            self.rows[a.index()] |= b.bit();
            self.rows[b.index()] |= a.bit();
        } else {
            self.rows[a.index()] &= !b.bit();
            self.rows[b.index()] &= !a.bit();
        }
    }

    /// True when shapes on `a` and on `b` collide.
    #[inline]
    pub fn collides(&self, a: Layer, b: Layer) -> bool {
        self.rows[a.index()] & b.bit() != 0
    }

    /// The layers `a` collides with.
    #[inline]
    pub fn row(&self, a: Layer) -> LayerMask {
        LayerMask(self.rows[a.index()])
    }

    /// The row of the layer whose bit is `bit` (one bit set), as bits.
    #[inline]
    pub(crate) fn row_bits(&self, bit: u32) -> u32 {
        self.rows[(bit.trailing_zeros() as usize) % MAX_LAYERS]
    }
}

/// The layer and flags of one field shape. A shape that is not `active` (a
/// switched-off object) or not `enabled` (its collider turned off) is skipped
/// by every query and makes no pair; both are true by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShapeTags {
    /// The shape's layer.
    pub layer: Layer,
    /// The object is in play.
    pub active: bool,
    /// Its collider is switched on.
    pub enabled: bool,
}

impl Default for ShapeTags {
    fn default() -> Self {
        ShapeTags {
            layer: Layer::DEFAULT,
            active: true,
            enabled: true,
        }
    }
}

impl ShapeTags {
    /// Default flags on `layer`.
    pub fn on(layer: Layer) -> ShapeTags {
        ShapeTags {
            layer,
            ..ShapeTags::default()
        }
    }

    /// True when queries and pairs may see the shape: active and enabled.
    #[inline]
    pub fn usable(&self) -> bool {
        self.active && self.enabled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_stop_at_32() {
        assert_eq!(Layer::new(31).map(Layer::bit), Some(1 << 31));
        assert_eq!(Layer::new(32), None);
    }

    #[test]
    fn the_matrix_stays_symmetric() {
        let (d, c, p, e) = (Layer(0), Layer(1), Layer(2), Layer(3));
        let mut m = LayerMatrix::NONE;
        for other in [d, c, p] {
            m.set(d, other, true);
        }
        for (a, b) in [(d, d), (d, c), (c, d), (d, p), (p, d)] {
            assert!(m.collides(a, b), "{a:?} {b:?}");
        }
        for (a, b) in [(c, c), (c, p), (p, p), (e, d), (d, e), (e, e)] {
            assert!(!m.collides(a, b), "{a:?} {b:?}");
        }
        assert_eq!(m.row(d), LayerMask::of([d, c, p]));
        m.set(p, d, false);
        assert!(!m.collides(d, p) && m.collides(d, c));
        assert!(LayerMatrix::default().collides(Layer(31), Layer(5)));
    }

    #[test]
    fn masks_list_their_layers() {
        let m = LayerMask::NONE.with(Layer(3)).with(Layer(0));
        assert_eq!(m.layers().collect::<Vec<_>>(), vec![Layer(0), Layer(3)]);
        assert!(m.contains(Layer(3)) && !m.contains(Layer(1)));
        assert_eq!(LayerMask::ALL.layers().count(), MAX_LAYERS);
    }
}
