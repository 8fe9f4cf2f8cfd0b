//! What both geometry cores share, whatever the dimension: the contact
//! tolerance and the precision policy, the sides of a pair, the shape kinds
//! and the validation errors. [`crate::geom`] and [`crate::geom3d`] both
//! import this module and neither imports the other; each re-exports what
//! its users name (`geom::CONTACT_TOLERANCE`, `geom3d::ShapeError`, ...).

// Every match on a kind lists every kind (see src/geom/mod.rs).
#![deny(clippy::wildcard_enum_match_arm)]

pub(crate) mod epa;
pub mod error;
pub(crate) mod gjk;
mod kind;
pub(crate) mod scan;
mod side;
pub mod swept;
#[cfg(test)]
pub(crate) mod test_rng;

pub use error::{AnyKind, Rule, ShapeError};
pub use kind::{ShapeKind, ShapeKind3};
pub use side::Side;

/// Two shapes whose distance is at most this many world units are touching
/// (and so intersect), as `docs/scene-format.md` specifies.
pub const CONTACT_TOLERANCE: f32 = 1e-4;

/// The precision policy of both dimensions: how far an `f32` gap, projection
/// or distance may be off, per world unit of the pieces' magnitude (their
/// reach from the query's frame origin). About eight `f32` roundings: a line
/// or ray a rounding-level angle off an axis drifts by about `f32::EPSILON`
/// times the length it spans, and long thin pieces nearly parallel leave
/// gaps off by the same order. Within `CONTACT_TOLERANCE` plus this of
/// contact, the exact distance decides every verdict.
pub(crate) const PROJECTION_ROUNDING: f32 = 1e-6;

/// The largest magnitude a shape may have, in world units: every coordinate
/// (a position, a polygon vertex) lies within ±`MAX_MAGNITUDE`, and every size
/// (radius, half length, half extent, ray length) is at most this. It keeps
/// every query finite in f32: differences of points stay below about 1e9, so
/// even the fourth powers the distance search forms stay far below f32's
/// largest value (3.4e38). `docs/scene-format.md` states the same limit.
pub const MAX_MAGNITUDE: f32 = 1e8;

/// The larger gap, NaN when either is NaN: `f32::max` drops a NaN, and a
/// dropped NaN gap (a projection that overflowed) would read as overlap.
/// A NaN best gap leaves the verdict to the exact distance (NaN there
/// reads as separated: `NaN <= tolerance` is false).
#[inline]
pub(crate) fn max_or_nan(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else {
        x.max(y)
    }
}

/// The index with the largest gap, NaN gaps left out; ties go to the
/// first (SAT order), as `penetration` takes them in 2D and 3D: one
/// least-overlap axis for the report, its MTV, the depth and every caption
/// (two boxes overlapping 0.5 on x and on y: the x axis).
pub(crate) fn first_largest_gap(gaps: impl Iterator<Item = (usize, f32)>) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (k, g) in gaps.filter(|(_, g)| !g.is_nan()) {
        if best.is_none_or(|(_, b)| g > b) {
            best = Some((k, g));
        }
    }
    best.map(|(k, _)| k)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The code lines (comments left out) of every `.rs` file under `dir`,
    /// with the file's path.
    fn code_lines(dir: &Path, out: &mut Vec<(String, String)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                code_lines(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for line in text.lines() {
                    if !line.trim_start().starts_with("//") {
                        out.push((path.display().to_string(), line.to_string()));
                    }
                }
            }
        }
    }

    /// The two cores meet only here: `geom` never names `geom3d`, `geom3d`
    /// never names `geom`, and this module names neither in its code.
    #[test]
    fn the_cores_share_only_common() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        // Spelled in two halves so that this file does not name them.
        let (flat, solid) = (concat!("crate::", "geom::"), concat!("crate::", "geom3d"));
        let rules: [(&str, &[&str]); 3] = [
            ("geom", &[solid]),
            ("geom3d", &[flat]),
            ("common", &[flat, solid]),
        ];
        for (dir, banned) in rules {
            let mut lines = Vec::new();
            code_lines(&src.join(dir), &mut lines);
            assert!(!lines.is_empty(), "no sources read under src/{dir}");
            for (file, line) in &lines {
                for b in banned.iter() {
                    assert!(!line.contains(b), "{file} names {b}: {line}");
                }
            }
        }
    }
}
