//! Simplified Chinese for every interface string, keyed by its English text.
//! One table per area of the app, each in its own file.

use std::collections::HashMap;
use std::sync::OnceLock;

mod algorithm;
mod canvas;
mod common;
mod contacts3;
mod field;
mod gjk3;
mod lesson;
mod minkowski;
mod panels;
mod practice;
mod reference;
mod space;
mod step;
mod words;

/// Every table.
const TABLES: &[&[(&str, &str)]] = &[
    common::TABLE,
    field::TABLE,
    panels::TABLE,
    canvas::TABLE,
    words::TABLE,
    lesson::TABLE,
    step::TABLE,
    algorithm::TABLE,
    minkowski::TABLE,
    space::TABLE,
    practice::TABLE,
    reference::TABLE,
    gjk3::TABLE,
    contacts3::TABLE,
];

/// The Chinese for `en`, if there is one.
pub fn lookup(en: &str) -> Option<&'static str> {
    static MAP: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    MAP.get_or_init(|| TABLES.iter().flat_map(|t| t.iter().copied()).collect())
        .get(en)
        .copied()
}

/// Every (English, Chinese) entry of every table.
#[cfg(test)]
pub fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    TABLES.iter().flat_map(|t| t.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_english_text_is_translated_twice() {
        let mut seen = std::collections::HashSet::new();
        for (en, _) in TABLES.iter().flat_map(|t| t.iter()) {
            assert!(seen.insert(*en), "{en:?} has two entries");
        }
    }

    #[test]
    fn holes_are_kept() {
        for (en, zh) in TABLES.iter().flat_map(|t| t.iter()) {
            assert_eq!(
                en.matches("{}").count(),
                zh.matches("{}").count(),
                "{en:?} and {zh:?} must have the same number of {{}} holes"
            );
        }
    }
}
