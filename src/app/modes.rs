//! The list of the window's modes: one line per mode. The shell gets it
//! from [`crate::app::run`]; [`crate::app::shell::mode::Mode`] knows no
//! mode.

use crate::app::shell::mode::Mode;

/// Every mode of the window, in the order F2 walks through them; the first
/// is the one the window starts in.
pub const MODES: &[fn() -> Box<dyn Mode>] = &[
    crate::app::pair::PairMode::boxed,
    crate::app::field::FieldMode::boxed,
    crate::app::space::SpaceMode::boxed,
    crate::app::practice::PracticeMode::boxed,
];

/// The modes of this window: [`MODES`], turned so that practice comes
/// first when `satlab practice` started the window
/// ([`crate::app::practice::start_with`]); F2 keeps their order.
pub fn list() -> Vec<fn() -> Box<dyn Mode>> {
    let mut out = MODES.to_vec();
    if crate::app::practice::pending() {
        let practice = crate::app::practice::PracticeMode::boxed as fn() -> Box<dyn Mode>;
        if let Some(k) = out.iter().position(|m| std::ptr::fn_addr_eq(*m, practice)) {
            out.rotate_left(k);
        }
    }
    out
}

/// True when `m` edits documents of its own (it takes the document it
/// shows); a mode that only shows documents other modes edit (practice)
/// opens none, and its Save as writes one for another mode. (For the
/// shared document tests.)
#[cfg(test)]
pub fn edits_documents(m: &dyn Mode) -> bool {
    m.accepts(&m.document())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::shell::action::ModeId;
    use crate::app::shell::shortcuts::{Scope, TABLE};
    use satlab::scene::AnyScene;

    #[test]
    fn each_mode_has_its_own_id_and_takes_only_its_own_documents() {
        let modes: Vec<Box<dyn Mode>> = MODES.iter().map(|m| m()).collect();
        let editors = modes.iter().filter(|m| edits_documents(m.as_ref()));
        assert_eq!(editors.count(), 3, "pair, field and 3D edit documents");
        for (i, a) in modes.iter().enumerate() {
            // The modes that open what `a` shows: `a` itself when it edits
            // documents, else exactly one editor.
            let takers: Vec<usize> = (0..modes.len())
                .filter(|j| modes[*j].accepts(&a.document()))
                .collect();
            if edits_documents(a.as_ref()) {
                assert_eq!(takers, vec![i], "{}'s documents", a.id());
            } else {
                assert_eq!(takers.len(), 1, "{}'s document opens in one mode", a.id());
                assert!(edits_documents(modes[takers[0]].as_ref()));
            }
            for (j, b) in modes.iter().enumerate() {
                assert_eq!(i == j, a.id() == b.id(), "ids must differ");
            }
        }
    }

    #[test]
    fn practice_comes_first_only_when_a_set_waits() {
        let first = |l: &[fn() -> Box<dyn Mode>]| l.first().map(|m| m().id());
        // No set waits in unit tests unless one is given, and the list is
        // the mode list then.
        if !crate::app::practice::pending() {
            assert_eq!(first(&list()), Some(ModeId::Pair));
        }
        assert_eq!(list().len(), MODES.len(), "each mode once");
    }

    #[test]
    fn documents_open_recover_discard_and_save_the_same_way_in_every_mode() {
        let dir = std::env::temp_dir().join(format!("satlab-modes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for make in MODES {
            let mut m = make();
            assert!(!m.dirty(), "{}: a new document is clean", m.id());
            assert_eq!(m.undo_depth(), (0, 0));
            assert!(!m.undo() && !m.redo());
            if !edits_documents(m.as_ref()) {
                // It opens nothing; Save as writes what it shows for the
                // mode that edits it, and it stays untitled.
                let shown = m.document();
                assert!(m.open(shown.clone(), None, true).is_err(), "{}", m.id());
                let file = dir.join(m.default_file_name());
                m.save_to(&file).unwrap();
                let back = satlab::scene::load_any(&file).unwrap();
                assert_eq!(back.to_json(), shown.to_json(), "{}", m.id());
                assert!(m.path().is_none() && !m.dirty(), "{}", m.id());
                continue;
            }
            // A copy of an edited, untitled document, as recovery keeps it.
            let doc = match m.document() {
                AnyScene::Pair(mut sc) => {
                    sc.name.push_str(" (edited)");
                    AnyScene::Pair(sc)
                }
                AnyScene::Field(mut fs) => {
                    fs.name.push_str(" (edited)");
                    AnyScene::Field(fs)
                }
                AnyScene::Space(mut sp) => {
                    sp.name.push_str(" (edited)");
                    AnyScene::Space(sp)
                }
            };
            m.open(doc, None, true).unwrap();
            assert!(m.dirty(), "{}: a recovered copy is unsaved", m.id());
            m.discard();
            assert!(!m.dirty(), "{}: discarding forgets the claim", m.id());
            let file = dir.join(m.default_file_name());
            let saved = m.save_to(&file).unwrap();
            assert_eq!(m.path(), Some(saved.as_path()));
            let title = crate::app::shell::doc::title_of(m.as_ref());
            assert!(title.contains(m.default_file_name()), "{title}");
            let back = satlab::scene::load_any(&file).unwrap();
            assert!(m.accepts(&back));
            m.open(back, Some(&file), false).unwrap();
            assert!(!m.dirty() && m.path() == Some(file.as_path()));
            m.new_document();
            assert!(m.path().is_none() && !m.dirty());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 29: the View menu lists every mode by a capitalised name
    /// ("practice" was lowercase), and in Chinese each is a 模式 of its own.
    #[test]
    fn every_mode_has_a_capitalised_menu_name_in_both_languages() {
        use crate::app::i18n::{tr_in, Lang};
        for make in MODES {
            let m = make();
            let en = m.name();
            assert!(
                en.chars().next().is_some_and(|c| !c.is_lowercase()),
                "{}: menu name {en:?} is not capitalised",
                m.id()
            );
            let zh = tr_in(Lang::ZhHans, en);
            assert_ne!(zh, en, "{}: {en:?} has no Chinese", m.id());
            assert!(
                zh.ends_with("模式"),
                "{}: {zh:?} is not named a mode",
                m.id()
            );
        }
    }

    #[test]
    fn every_shortcut_scope_names_a_mode() {
        let ids: Vec<ModeId> = MODES.iter().map(|m| m().id()).collect();
        for s in TABLE {
            match s.scope {
                Scope::Every => {}
                Scope::Only(m) | Scope::Canvas(m) => {
                    assert!(
                        ids.contains(&m),
                        "{:?} is scoped to {m}, no such mode",
                        s.what
                    )
                }
            }
        }
    }
}
