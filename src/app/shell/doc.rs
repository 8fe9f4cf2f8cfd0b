//! What the shell keeps of every mode's document: its title (one format
//! for every mode) and the watch on its file (hot reload, the same for
//! every mode).

use crate::app::files::{DiskChange, Watch};
use crate::app::i18n::{tr, trf};
use crate::app::shell::message::Message;
use crate::app::shell::mode::{DocWords, Mode, Take};
use std::path::Path;

/// Keeps `watch` on `mode`'s file (armed again when the file is another)
/// and carries out what a poll at app time `now` finds: a changed file
/// replaces a document without unsaved edits, keeping the view; unsaved
/// edits are never overwritten (a message says the file changed); a file
/// that no longer loads, or holds another mode's scene, is reported until
/// it loads again.
pub fn follow_file(mode: &mut dyn Mode, watch: &mut Watch, now: f64) {
    if watch.path() != mode.path() {
        let doc = mode.document();
        watch.arm(mode.path(), doc);
        return;
    }
    let say = |mode: &mut dyn Mode, text: String, error: bool| {
        *mode.message() = Some(Message::new(text, error, now));
    };
    match watch.poll(now) {
        DiskChange::None => {}
        DiskChange::Reloaded(sc) => {
            let sc = *sc;
            if !mode.accepts(&sc) {
                let shown = watch.path().map(|p| p.display().to_string());
                let text = trf(
                    "{}: no longer a scene of this mode (open it again to see it)",
                    &[&shown.unwrap_or_default()],
                );
                say(mode, text, true);
            } else if sc == mode.document() {
                // The file holds what the window shows.
            } else if mode.dirty() {
                let text = tr("the file changed on disk; your unsaved edits are kept (open it again to reload)");
                say(mode, text.into(), true);
            } else {
                match mode.take(sc, Take::Reload) {
                    Ok(()) => say(mode, tr("reloaded: the file changed on disk").into(), false),
                    Err(e) => say(mode, e.to_string(), true),
                }
            }
        }
        DiskChange::Broken(e) => say(mode, e, true),
        DiskChange::Repaired(e) => {
            // The error was about a state of the file that is gone.
            let slot = mode.message();
            if slot.as_ref().is_some_and(|m| m.shows(&e)) {
                *slot = None;
            }
        }
    }
}

/// The window title of `mode`'s document.
pub fn title_of(mode: &dyn Mode) -> String {
    title(mode.words(), mode.path(), mode.dirty())
}

/// The window title: `satlab`, the mode's tag (none for the pair
/// playground), the file as it was named (a lesson's folder shows; cut to
/// [`crate::app::wrap::PATH_CHARS`]), else the mode's word for untitled,
/// and `•` when there are unsaved edits.
pub fn title(words: DocWords, path: Option<&Path>, dirty: bool) -> String {
    let name = path
        .map(|p| {
            let shown = p.display().to_string();
            crate::app::wrap::display_cut(&shown, crate::app::wrap::PATH_CHARS).into_owned()
        })
        .unwrap_or_else(|| words.untitled.to_string());
    let dot = if dirty { " •" } else { "" };
    match words.tag {
        Some(tag) => trf("satlab — {} — {}{}", &[&tag, &name, &dot]),
        None => trf("satlab — {}{}", &[&name, &dot]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_title_format_names_the_file_and_marks_unsaved_edits() {
        let pair = DocWords {
            tag: None,
            untitled: "untitled",
        };
        let field = DocWords {
            tag: Some("field"),
            untitled: "untitled field",
        };
        assert_eq!(title(pair, None, false), "satlab — untitled");
        assert_eq!(
            title(pair, Some(Path::new("/a/b/scene.json")), true),
            "satlab — /a/b/scene.json •"
        );
        assert_eq!(
            title(field, Some(Path::new("dir/row.json")), false),
            "satlab — field — dir/row.json"
        );
        assert_eq!(
            title(field, None, true),
            "satlab — field — untitled field •"
        );
    }
}
