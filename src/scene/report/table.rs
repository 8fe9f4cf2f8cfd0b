//! The layout `satlab eval` prints for 2D and 3D pair scenes alike: named
//! rows, the SAT axes as an aligned grid, and the `expect` lines. One
//! vocabulary for both dimensions: `gap` is signed along the axis
//! (positive = apart by that much, negative = overlapping by that much),
//! marks read "first separating", "separates" and "least overlap".

use super::{ExpectOut, Outcome};
use crate::scene::words::n6;
use crate::scene::write::num;
use crate::scene::ExpectDepth;
use std::fmt::Write as _;

/// The rows every pair report starts with, in both dimensions; `P` is a
/// point of the dimension.
pub(super) struct Head<'r, P> {
    /// The scene's name; no row when empty.
    pub(super) name: &'r str,
    /// The verdict, the distance and the closest points.
    pub(super) outcome: &'r Outcome<P>,
    /// How the table writes a point.
    pub(super) point: fn(P) -> String,
    /// The depth and the MTV (as a point), when defined.
    pub(super) penetration: Option<(f32, String)>,
    /// Why there is no depth although they intersect.
    pub(super) undefined: &'r str,
}

impl<P: Copy> Head<'_, P> {
    /// The rows from `scene` to the MTV.
    pub(super) fn write(&self, o: &mut String) {
        let out = self.outcome;
        if !self.name.is_empty() {
            row(o, "scene", self.name);
        }
        row(o, "A", &out.a_words);
        row(o, "B", &out.b_words);
        row(o, "verdict", out.verdict);
        if let Some(t) = out.contact_tolerance {
            row(o, "contact tolerance", &format!("{} (the scene's)", num(t)));
        }
        row(o, "distance", &n6(out.distance));
        row(o, "closest on A", &(self.point)(out.closest_a));
        row(o, "closest on B", &(self.point)(out.closest_b));
        match &self.penetration {
            Some((depth, mtv)) => {
                row(o, "penetration", &n6(*depth));
                row(o, "MTV (moves B)", mtv);
            }
            None if out.verdict == "separated" => {
                row(o, "penetration", "none (they do not intersect)")
            }
            None => row(o, "penetration", self.undefined),
        }
    }
}

/// Width of the name column of a row.
const NAME_WIDTH: usize = 15;

/// The header of the SAT grid; the last column holds the marks.
pub(super) const AXIS_HEADER: [&str; 7] =
    ["#", "source", "axis", "A interval", "B interval", "gap", ""];

/// One named row: `name` padded to the name column, then `value`.
pub(super) fn row(o: &mut String, name: &str, value: &str) {
    let _ = writeln!(o, "{name:<NAME_WIDTH$}{value}");
}

/// The title line of the SAT grid.
pub(super) fn axes_title(o: &mut String, intersects: bool) {
    let _ = writeln!(
        o,
        "\nSAT axes ({}):",
        if intersects {
            "no axis separates"
        } else {
            "separated"
        }
    );
}

/// `[min, max]` of a projection, as the grid writes it.
pub(super) fn interval(v: [f32; 2]) -> String {
    format!("[{}, {}]", n6(v[0]), n6(v[1]))
}

/// The marks of one axis: "first separating" or "separates", and "least
/// overlap".
pub(super) fn marks(first_separating: bool, separates: bool, least_overlap: bool) -> String {
    let mut mark = Vec::new();
    if first_separating {
        mark.push("first separating");
    } else if separates {
        mark.push("separates");
    }
    if least_overlap {
        mark.push("least overlap");
    }
    mark.join(", ")
}

/// Rows of cells as an aligned grid, two spaces between columns, indented
/// by two. Only full rows set the widths: a shorter row (a skipped axis)
/// lets its last cell run on.
pub(super) fn grid(o: &mut String, rows: &[Vec<String>]) {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let full = || rows.iter().filter(|r| r.len() == columns);
    let widths: Vec<usize> = (0..columns)
        .map(|c| full().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for r in rows {
        let mut line = String::from("  ");
        for (cell, width) in r.iter().zip(&widths) {
            let pad = width.saturating_sub(cell.chars().count());
            line.push_str(cell);
            line.push_str(&" ".repeat(pad + 2));
        }
        let _ = writeln!(o, "{}", line.trim_end());
    }
}

/// The `expect` and `check` lines.
pub(super) fn expect_lines(o: &mut String, e: &ExpectOut) {
    let _ = writeln!(o);
    let mut want = format!("intersects {}", e.intersects);
    if let Some(d) = e.distance {
        let _ = write!(want, ", distance {}", num(d));
        if e.distance_tolerance != e.tolerance {
            let _ = write!(want, " (tolerance {})", num(e.distance_tolerance));
        }
    }
    match e.penetration {
        Some(ExpectDepth::Depth(p)) => {
            let _ = write!(want, ", penetration {}", num(p));
        }
        Some(ExpectDepth::None) => want.push_str(", no penetration"),
        None => {}
    }
    if e.penetration.is_some() && e.penetration_tolerance != e.tolerance {
        let _ = write!(want, " (tolerance {})", num(e.penetration_tolerance));
    }
    let _ = write!(want, " (tolerance {})", num(e.tolerance));
    row(o, "expect", &want);
    if e.mismatches.is_empty() {
        row(o, "check", "all match");
    }
    for m in &e.mismatches {
        row(o, "check", &format!("MISMATCH {m}"));
    }
}
