//! Simplified Chinese for every interface string, keyed by its English text.

/// The Chinese for `en`, if there is one.
pub fn lookup(en: &str) -> Option<&'static str> {
    TABLE
        .binary_search_by(|(k, _)| (*k).cmp(en))
        .ok()
        .map(|i| TABLE[i].1)
}

/// (English, Chinese), sorted by the English text (a unit test checks).
const TABLE: &[(&str, &str)] = &[("Step", "单步")];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_has_no_duplicates() {
        for w in TABLE.windows(2) {
            assert!(
                w[0].0 < w[1].0,
                "{:?} must come before {:?}",
                w[1].0,
                w[0].0
            );
        }
    }
}
