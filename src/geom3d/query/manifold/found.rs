//! What the manifold's SAT pass keeps, axis by axis: the largest gap and
//! its normal, the best face of each piece (a leaf: the passes in `mod`,
//! `boxes` and `hulls` all fill it).

use super::faces::face_of;
use crate::common::Side;
use crate::geom3d::query::piece::Piece;
use crate::geom3d::query::sat::{AxisSource3, Feature};
use glam::Vec3;

/// A face's gap as SAT saw it: the gap, the face, the normal A to B.
pub(super) type FaceGap = (f32, u16, Vec3);

/// What the SAT search found for the manifold: the largest gap, its normal
/// (A to B) and whether an edge pair gave it; the best face of each piece.
pub(super) struct Axes {
    pub best: (f32, Vec3, bool),
    pub face_a: Option<FaceGap>,
    pub face_b: Option<FaceGap>,
}

#[inline(always)]
fn better(slot: &mut Option<FaceGap>, cand: Option<FaceGap>) {
    if let Some(c) = cand {
        if slot.is_none_or(|s| c.0 > s.0) {
            *slot = Some(c);
        }
    }
}

/// What the SAT pass has found so far, axis by axis.
#[derive(Default)]
pub(super) struct Found {
    best: Option<(f32, Vec3, bool)>,
    face_a: Option<FaceGap>,
    face_b: Option<FaceGap>,
}

impl Found {
    /// One tested axis with the pieces' projection bounds on it (`a.range`,
    /// `b.range`): its gap both ways, the best so far and the faces'
    /// gaps kept; false when the gap is above `margin` (NaN goes on).
    #[inline(always)]
    pub fn test(
        &mut self,
        (a, b): (&Piece, &Piece),
        axis: Vec3,
        ((a_min, a_max), (b_min, b_max)): ((f32, f32), (f32, f32)),
        src: AxisSource3,
        margin: f32,
    ) -> bool {
        // up: B beyond A along +axis; down: along −axis.
        self.test_gaps((a, b), axis, (b_min - a_max, a_min - b_max), src, margin)
    }

    /// [`Found::test`] from the two gaps `(up, down)` along `axis`.
    #[inline(always)]
    pub fn test_gaps(
        &mut self,
        (a, b): (&Piece, &Piece),
        axis: Vec3,
        (up, down): (f32, f32),
        src: AxisSource3,
        margin: f32,
    ) -> bool {
        let (g, n) = if up >= down {
            (up, axis)
        } else {
            (down, -axis)
        };
        let edge = matches!(src, AxisSource3::Cross { .. });
        if self.best.is_none_or(|bst| g > bst.0) {
            self.best = Some((g, n, edge));
        }
        if let AxisSource3::Face { side, feature } = src {
            let of = |p: &Piece, f: Feature, plus: bool| face_of(p, f, plus);
            match side {
                Side::A => {
                    better(
                        &mut self.face_a,
                        of(a, feature, true).map(|k| (up, k, axis)),
                    );
                    better(
                        &mut self.face_a,
                        of(a, feature, false).map(|k| (down, k, -axis)),
                    );
                }
                Side::B => {
                    better(
                        &mut self.face_b,
                        of(b, feature, true).map(|k| (down, k, -axis)),
                    );
                    better(
                        &mut self.face_b,
                        of(b, feature, false).map(|k| (up, k, axis)),
                    );
                }
            }
        }
        g <= margin || g.is_nan()
    }

    /// [`Found::test_gaps`] for an edge pair's axis (no face to keep).
    #[inline(always)]
    pub fn test_edge(&mut self, axis: Vec3, (up, down): (f32, f32), margin: f32) -> bool {
        let (g, n) = if up >= down {
            (up, axis)
        } else {
            (down, -axis)
        };
        if self.best.is_none_or(|bst| g > bst.0) {
            self.best = Some((g, n, true));
        }
        g <= margin || g.is_nan()
    }

    /// The largest gap so far, if any axis was tested.
    #[inline(always)]
    pub fn best_gap(&self) -> Option<f32> {
        self.best.map(|b| b.0)
    }

    #[inline]
    pub fn axes(self) -> Option<Axes> {
        Some(Axes {
            best: self.best?,
            face_a: self.face_a,
            face_b: self.face_b,
        })
    }
}
