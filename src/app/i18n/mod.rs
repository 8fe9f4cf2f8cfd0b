//! The interface language, switchable at run time: English (the source
//! strings) and Simplified Chinese.
//!
//! Every string a user reads goes through [`tr`] (a fixed text) or [`trf`]
//! (a template with `{}` holes filled in order). The English text is the
//! key; `zh/` maps it to Chinese, one table per area of the app. A missing
//! entry falls back to English; the tests below find every `tr("…")` in
//! `src/app` and fail on English without Chinese and on Chinese no code uses.
//! `words` gives the library's English words (verdicts, kinds, axis
//! sources) in the interface language.

use std::sync::atomic::{AtomicU8, Ordering};

pub mod words;
pub(crate) mod zh;

/// An interface language (`"en"`, `"zh-Hans"` in the settings file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    #[serde(rename = "en")]
    En,
    /// Simplified Chinese.
    #[serde(rename = "zh-Hans")]
    ZhHans,
}

impl Lang {
    /// Both languages, in menu order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhHans];

    /// The language a code names: `en…` is English, `zh…` (`zh`, `zh-CN`,
    /// `zh_CN.UTF-8`, `zh-Hans`) Simplified Chinese; case is ignored.
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.trim().to_ascii_lowercase();
        if c.starts_with("zh") {
            Some(Lang::ZhHans)
        } else if c.starts_with("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language `SATLAB_LANG` asks for at start, if it names one.
    pub fn from_env() -> Option<Lang> {
        std::env::var("SATLAB_LANG")
            .ok()
            .and_then(|v| Lang::from_code(&v))
    }

    /// The language's name in itself, for the menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhHans => "简体中文",
        }
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

#[cfg(test)]
thread_local! {
    /// A test's own language ([`with_lang`]), so tests on parallel threads
    /// never see each other's choice.
    static TEST_LANG: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the interface in `l` on this thread only (tests).
#[cfg(test)]
pub fn with_lang<R>(l: Lang, f: impl FnOnce() -> R) -> R {
    let before = TEST_LANG.with(|c| c.replace(Some(l)));
    let out = f();
    TEST_LANG.with(|c| c.set(before));
    out
}

/// The language the interface is shown in.
pub fn lang() -> Lang {
    #[cfg(test)]
    if let Some(l) = TEST_LANG.with(|c| c.get()) {
        return l;
    }
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::ZhHans,
        _ => Lang::En,
    }
}

/// Switches the interface language (takes effect on the next frame).
pub fn set_lang(l: Lang) {
    CURRENT.store(
        match l {
            Lang::En => 0,
            Lang::ZhHans => 1,
        },
        Ordering::Relaxed,
    );
}

/// `en` in `l`.
pub fn tr_in(l: Lang, en: &'static str) -> &'static str {
    match l {
        Lang::En => en,
        Lang::ZhHans => zh::lookup(en).unwrap_or(en),
    }
}

/// `en` in the current language.
pub fn tr(en: &'static str) -> &'static str {
    tr_in(lang(), en)
}

/// The template `en` in `l`, with each `{}` replaced by the next argument.
pub fn trf_in(l: Lang, en: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    fill(tr_in(l, en), args)
}

/// The template `en` in the current language, with each `{}` replaced by
/// the next argument: `trf("Axis {} of {}", &[&3, &6])`.
pub fn trf(en: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    trf_in(lang(), en, args)
}

/// Replaces each `{}` in `template` with the next of `args`; extra holes
/// stay empty, extra arguments are ignored.
fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(template.len() + 16 * args.len());
    let mut rest = template;
    let mut next = args.iter();
    while let Some(k) = rest.find("{}") {
        out.push_str(&rest[..k]);
        if let Some(a) = next.next() {
            let _ = write!(out, "{a}");
        }
        rest = &rest[k + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_holes_in_order() {
        assert_eq!(fill("Axis {} of {}.", &[&3, &6]), "Axis 3 of 6.");
        assert_eq!(fill("gap {}", &[&format!("{:.2}", 0.3)]), "gap 0.30");
        assert_eq!(fill("{} and {}", &[&1]), "1 and ");
        assert_eq!(fill("none", &[&1]), "none");
    }

    #[test]
    fn language_codes() {
        assert_eq!(Lang::from_code("zh"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_code("zh_CN.UTF-8"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_code(" ZH-Hans"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_code("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn english_is_the_key_and_missing_entries_fall_back() {
        assert_eq!(tr_in(Lang::En, "Step"), "Step");
        assert_eq!(
            tr_in(Lang::ZhHans, "no such text, surely"),
            "no such text, surely"
        );
    }
}
