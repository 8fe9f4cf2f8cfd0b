//! Separated, touching or overlapping: the three states the app shows.

use crate::geom::query::piece::pieces;
use crate::geom::query::sat::{max_gap, pieces_intersect, Side};
use crate::geom::{Shape, CONTACT_TOLERANCE};

/// The relation of two shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Farther apart than the contact tolerance.
    Separated,
    /// Intersecting, but a translation no longer than the contact tolerance
    /// separates them.
    Touching,
    /// Intersecting more deeply.
    Overlapping,
}

impl Verdict {
    /// `"separated"`, `"touching"` or `"overlapping"`.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Separated => "separated",
            Verdict::Touching => "touching",
            Verdict::Overlapping => "overlapping",
        }
    }

    /// True for touching and overlapping.
    pub fn intersects(self) -> bool {
        self != Verdict::Separated
    }
}

/// Classifies the pair. Touching and overlapping both mean [`crate::geom::intersects`].
pub fn classify(a: &Shape, b: &Shape) -> Verdict {
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let mut verdict = Verdict::Separated;
    for p in pa.iter() {
        for q in pb.iter() {
            if !pieces_intersect(p, q) {
                continue;
            }
            if max_gap(p, q, f32::INFINITY) < -CONTACT_TOLERANCE {
                return Verdict::Overlapping;
            }
            verdict = Verdict::Touching;
        }
    }
    verdict
}
