//! Separated, touching or overlapping: the three states the app shows.

use crate::geom::query::piece::{pieces, Piece};
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
    worst_of_pieces(a, b, |p, q| {
        if !pieces_intersect(p, q) {
            Verdict::Separated
        } else if max_gap(p, q, f32::INFINITY) < -CONTACT_TOLERANCE {
            Verdict::Overlapping
        } else {
            Verdict::Touching
        }
    })
}

/// The pair's verdict from one verdict per pair of convex pieces (relative
/// to A's position): overlapping when any pieces overlap (the first such
/// pair ends the search), else touching when any touch.
pub(crate) fn worst_of_pieces(
    a: &Shape,
    b: &Shape,
    per_pieces: impl Fn(&Piece, &Piece) -> Verdict,
) -> Verdict {
    let o = a.pose().position();
    let pa = pieces(a, Side::A, o);
    let pb = pieces(b, Side::B, o);
    let mut verdict = Verdict::Separated;
    for p in pa.iter() {
        for q in pb.iter() {
            match per_pieces(p, q) {
                Verdict::Overlapping => return Verdict::Overlapping,
                Verdict::Touching => verdict = Verdict::Touching,
                Verdict::Separated => {}
            }
        }
    }
    verdict
}
