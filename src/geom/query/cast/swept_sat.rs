//! Swept SAT for polygon pairs: the separating axis test over time.

use crate::geom::query::piece::{pieces, Geom};
use crate::geom::query::sat::{for_each_candidate, Cached};
use crate::geom::{AxisSource, Shape, Side, Vec2};

/// One SAT axis over the motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweptAxis {
    /// Unit axis, world.
    pub axis: Vec2,
    /// Where the axis comes from (a face of A or of B).
    pub source: AxisSource,
    /// First `t` at which the shadows overlap on this axis (−∞ when they
    /// always have; greater than `leave` when they never do).
    pub enter: f32,
    /// Last `t` at which they overlap (+∞ when they always will).
    pub leave: f32,
}

impl SweptAxis {
    /// True when the shadows never overlap on this axis: it separates the
    /// shapes at every time.
    pub fn never(&self) -> bool {
        self.enter > self.leave
    }

    /// The axis's line of the table in words.
    pub fn describe(&self) -> String {
        crate::common::swept::axis_words(&self.source, self.enter, self.leave)
    }
}

/// The swept SAT of two moving polygons.
#[derive(Debug, Clone, PartialEq)]
pub struct SweptSat {
    /// Every candidate axis (A's faces, then B's) with its interval.
    pub axes: Vec<SweptAxis>,
    /// The latest entry over the axes and the index of its axis.
    pub latest_entry: (f32, usize),
    /// The earliest exit over the axes and the index of its axis.
    pub earliest_exit: (f32, usize),
    /// The first `t` in `[0, 1]` at which the shapes touch: the latest entry
    /// (or 0 when they already overlap), when it comes no later than the
    /// earliest exit.
    pub toi: Option<f32>,
}

impl SweptSat {
    /// What the table says, in words.
    pub fn describe(&self) -> String {
        let (enter, ie) = self.latest_entry;
        let (exit, ix) = self.earliest_exit;
        let (se, sx) = (self.axes[ie].source, self.axes[ix].source);
        crate::common::swept::table_words(self.toi, (enter, &se), (exit, &sx))
    }
}

/// The swept SAT of two polygon-like shapes (aabb, obb, polygon) moving by
/// `motion_a` and `motion_b` (world units over `t` in `[0, 1]`); `None` for
/// other kinds, whose curve axes turn with the motion so that one interval
/// per axis would not be exact. For polygons the face normals are the whole
/// candidate set at every `t`, so `toi` is the exact time of impact.
pub fn swept_sat(a: &Shape, motion_a: Vec2, b: &Shape, motion_b: Vec2) -> Option<SweptSat> {
    let o = a.pose().position();
    let (pa, pb) = (pieces(a, Side::A, o), pieces(b, Side::B, o));
    let (p, q) = (pa.items[0]?, pb.items[0]?);
    let polygon_like =
        |g: &Geom| matches!(g, Geom::Hull { verts, radius } if verts.len() >= 3 && *radius == 0.0);
    if !(polygon_like(&p.geom) && polygon_like(&q.geom)) {
        return None;
    }
    let v = motion_b - motion_a;
    let mut axes = Vec::new();
    for_each_candidate(&Cached::new(&p), &Cached::new(&q), |axis, source| {
        let (ja, jb) = (p.project(axis), q.project(axis));
        // B's shadow moves at `s` along the axis relative to A's.
        let s = v.dot(axis);
        let (enter, leave) = if s == 0.0 {
            if jb.min <= ja.max && jb.max >= ja.min {
                (f32::NEG_INFINITY, f32::INFINITY)
            } else {
                (f32::INFINITY, f32::NEG_INFINITY)
            }
        } else {
            let t1 = (ja.min - jb.max) / s;
            let t2 = (ja.max - jb.min) / s;
            (t1.min(t2), t1.max(t2))
        };
        axes.push(SweptAxis {
            axis,
            source,
            enter,
            leave,
        });
        true
    });
    let (latest_entry, earliest_exit, toi) =
        crate::common::swept::conclude(axes.iter().map(|a| (a.enter, a.leave)));
    Some(SweptSat {
        axes,
        latest_entry,
        earliest_exit,
        toi,
    })
}
