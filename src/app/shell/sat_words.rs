//! THE sentences of the SAT walk's captions, for both dimensions (issue 26,
//! item 3: "one vocabulary"). The pair playground and the 3D mode each fill
//! a dimension-neutral [`AxisLine`] or [`Summary`] from their report and
//! get the same words, in the same i18n keys, Chinese included.
//!
//! Numbers are world units, two decimals. Gaps are signed: positive apart,
//! negative an overlap, which the sentences name by its size ("Overlap
//! 0.50"). Axis numbers are 1-based report indices (the `#k` of the axes
//! tables).

use crate::app::i18n::{tr_in, trf_in, Lang};
use crate::app::num;

/// Between two sentences: a space in English, nothing in Chinese.
pub fn sep(l: Lang) -> &'static str {
    match l {
        Lang::En => " ",
        Lang::ZhHans => "",
    }
}

/// Two decimals.
pub fn n2(v: f32) -> String {
    num::fixed(v, 2)
}

/// Before the first axis: what SAT looks for, with `n` candidate axes.
pub fn intro(l: Lang, n: usize) -> String {
    trf_in(
        l,
        "SAT looks for one axis on which the projections of A and B do not overlap: one such axis proves they are apart. This pair has {} candidate axes; press Space to test the first.",
        &[&n],
    )
}

/// One tested axis, as both dimensions see it.
#[derive(Debug, Clone, Copy)]
pub struct AxisLine<'a> {
    /// The axis' index in the report, 0-based.
    pub k: usize,
    /// Axes in the report.
    pub n: usize,
    /// Where the axis comes from, translated ("A's face +x normal").
    pub source: &'a str,
    /// A's and B's intervals on the axis `(min, max)`, world units.
    pub a: (f32, f32),
    /// B's interval.
    pub b: (f32, f32),
    /// The signed gap, world units (negative: overlap).
    pub gap: f32,
    /// The gap is over the contact tolerance.
    pub separates: bool,
    /// It is the first separating axis of its part (the walk's early exit).
    pub first: bool,
    /// The class keeps testing every axis.
    pub keep_testing: bool,
    /// The part's last axis, and the part has no separating axis.
    pub last_and_meets: bool,
    /// The exact distance between the shapes, world units (said when the
    /// contact tolerance leaves the gaps undecided).
    pub distance: f32,
    /// The contact tolerance, world units.
    pub tolerance: f32,
}

/// The caption while testing an axis: its number, source and intervals,
/// then what the gap means for the walk.
pub fn axis(l: Lang, t: &AxisLine) -> String {
    let mut s = trf_in(
        l,
        "Axis {} of {}: {}. A covers [{}, {}], B covers [{}, {}].",
        &[
            &(t.k + 1),
            &t.n,
            &t.source,
            &n2(t.a.0),
            &n2(t.a.1),
            &n2(t.b.0),
            &n2(t.b.1),
        ],
    );
    s.push_str(sep(l));
    s.push_str(&outcome(l, t));
    s
}

/// What the gap of `t` means for the walk, one sentence.
fn outcome(l: Lang, t: &AxisLine) -> String {
    let touching = t.gap >= -t.tolerance;
    if t.separates {
        if t.first && !t.keep_testing {
            trf_in(
                l,
                "Gap {}: this axis separates them, so SAT stops here.",
                &[&n2(t.gap)],
            )
        } else if t.first {
            trf_in(
                l,
                "Gap {}: this axis separates them. SAT could stop here; we keep testing to compare every axis.",
                &[&n2(t.gap)],
            )
        } else {
            trf_in(l, "Gap {}: this axis separates them too.", &[&n2(t.gap)])
        }
    } else if t.first {
        // Separated, but only by less than the contact tolerance on every
        // axis: the exact distance decided.
        trf_in(
            l,
            "Gap {}, the largest: the exact distance, {}, is beyond the contact tolerance, so the shapes are apart and SAT stops here.",
            &[&num::fixed(t.gap, 5), &num::fixed(t.distance, 5)],
        )
    } else if touching && t.last_and_meets {
        tr_in(
            l,
            "The intervals just touch: touching is not separating. That was the last axis: none separates them, so they touch, and touching counts as intersecting.",
        )
        .to_string()
    } else if touching {
        tr_in(
            l,
            "The intervals just touch: touching is not separating, try the next axis.",
        )
        .to_string()
    } else if t.last_and_meets {
        trf_in(
            l,
            "Overlap {}: not separating either. That was the last axis: none separates them, so they intersect.",
            &[&n2(-t.gap)],
        )
    } else {
        trf_in(
            l,
            "Overlap {}: not separating, try the next axis.",
            &[&n2(-t.gap)],
        )
    }
}

/// An axis the walk visits without testing it: its number, source and why.
pub fn skipped(l: Lang, k: usize, n: usize, source: &str, why: &str) -> String {
    trf_in(
        l,
        "Axis {} of {}: {}. Not tested: {}.",
        &[&(k + 1), &n, &source, &why],
    )
}

/// What the walk found, as both dimensions see it (for a pair of whole
/// shapes; a 2D sector split in halves words its own conclusion).
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Axes in the report.
    pub n: usize,
    /// The shapes intersect (touching counts).
    pub intersects: bool,
    /// The first separating axis, 0-based.
    pub first: Option<usize>,
    /// The axis with the largest gap (the least overlap when they
    /// intersect), 0-based, and its signed gap.
    pub best: Option<(usize, f32)>,
    /// The MTV, written as a vector ("(0.50, 0.00)"), when they overlap.
    pub mtv: Option<String>,
    /// The class keeps testing every axis.
    pub keep_testing: bool,
    /// The exact distance, world units.
    pub distance: f32,
    /// The contact tolerance, world units.
    pub tolerance: f32,
}

/// After the last axis of the walk.
pub fn conclusion(l: Lang, s: &Summary) -> String {
    if s.n == 0 {
        return tr_in(l, "There are no axes to test.").to_string();
    }
    if !s.intersects {
        return apart(l, s);
    }
    let mut out = trf_in(
        l,
        "None of the {} axes separates them, so the shapes intersect.",
        &[&s.n],
    );
    if let Some((k, gap)) = s.best {
        out.push_str(sep(l));
        out.push_str(&least(l, k, gap, s.mtv.as_deref(), s.tolerance));
    }
    out
}

/// The best axis `k` (0-based) of shapes that intersect, with its signed
/// `gap`: they only touch, or the least overlap is the depth and `mtv`
/// (written as a vector) moves B out.
pub fn least(l: Lang, k: usize, gap: f32, mtv: Option<&str>, tolerance: f32) -> String {
    if gap >= -tolerance {
        tr_in(
            l,
            "On the best axis the intervals only touch: the shapes touch, and touching counts as intersecting.",
        )
        .to_string()
    } else {
        trf_in(
            l,
            "The least overlap over ALL axes, {} on axis {}, is the penetration depth; the MTV moves B by {}. SAT cannot stop early to find it: a smaller overlap can turn up on any axis.",
            &[&n2(-gap), &(k + 1), &mtv.unwrap_or("—")],
        )
    }
}

/// The conclusion for a pair that is apart.
fn apart(l: Lang, s: &Summary) -> String {
    let n = s.n;
    let Some(first) = s.first else {
        return tr_in(l, "The shapes are apart.").to_string();
    };
    if !s.keep_testing {
        let untested = n.saturating_sub(first + 1);
        return if untested == 0 {
            trf_in(
                l,
                "SAT reached axis {} of {}, the last, and it separates them: the shapes are apart.",
                &[&(first + 1), &n],
            )
        } else {
            trf_in(
                l,
                "SAT stopped at axis {} of {}: one separating axis proves the shapes are apart, so the other {} axes were never tested.",
                &[&(first + 1), &n, &untested],
            )
        };
    }
    let mut out = trf_in(
        l,
        "All {} axes tested. The first separating axis is axis {}.",
        &[&n, &(first + 1)],
    );
    if let Some((k, g)) = s.best {
        out.push_str(sep(l));
        out.push_str(&trf_in(
            l,
            "The largest gap is {}, on axis {}.",
            &[&n2(g), &(k + 1)],
        ));
        out.push_str(sep(l));
        if k == first {
            out.push_str(tr_in(
                l,
                "Here the first separating axis also has the largest gap, but SAT could not know that without testing the rest.",
            ));
            out.push_str(sep(l));
        }
        // Equal when they agree to the two decimals shown.
        if (g - s.distance).abs() < 0.005 {
            out.push_str(&trf_in(
                l,
                "It equals the distance, {}: the closest points lie along that axis. Only the full set of axes is sure to contain that direction: stopping at the first separating axis proves they are apart, not how far.",
                &[&n2(s.distance)],
            ));
        } else {
            out.push_str(&trf_in(
                l,
                "The distance is {}: a gap is never more than the distance, and here the closest points lie along none of the tested axes (two polygons can be closest corner to corner), so the largest gap is only a lower bound.",
                &[&n2(s.distance)],
            ));
        }
    }
    out
}

/// A vector's components, two decimals, in brackets: "(0.50, -1.00)".
pub fn vector(c: &[f32]) -> String {
    let parts: Vec<String> = c.iter().map(|v| n2(*v)).collect();
    format!("({})", parts.join(", "))
}

/// The words heading the axes tables of both dimensions: the number, where
/// the axis comes from, the signed gap (negative: overlap).
pub fn column_words(l: Lang) -> [&'static str; 3] {
    ["#", tr_in(l, "from"), tr_in(l, "gap")]
}
