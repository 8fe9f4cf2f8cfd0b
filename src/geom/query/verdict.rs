//! Separated, touching or overlapping: the three states the app shows.

use crate::common::Side;
use crate::geom::query::piece::{pieces, Piece};
use crate::geom::query::sat::max_gap;
use crate::geom::{intersects, Shape, CONTACT_TOLERANCE};

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

/// Classifies the pair: separated exactly when [`intersects`] (the call
/// `check` replays) says false, so every surface shows the one answer;
/// among intersecting pairs, overlapping when some pair of convex pieces
/// overlaps by more than the contact tolerance on every SAT axis.
pub fn classify(a: &Shape, b: &Shape) -> Verdict {
    if !intersects(a, b) {
        return Verdict::Separated;
    }
    worst_of_pieces(a, b, |p, q| {
        if max_gap(p, q, f32::INFINITY) < -CONTACT_TOLERANCE {
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
