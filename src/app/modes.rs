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
];

/// The modes of this window: [`MODES`], with practice first when
/// `satlab practice` started the window ([`crate::app::practice::start_with`]).
pub fn list() -> Vec<fn() -> Box<dyn Mode>> {
    let mut out = Vec::with_capacity(MODES.len() + 1);
    if crate::app::practice::pending() {
        out.push(crate::app::practice::PracticeMode::boxed as fn() -> Box<dyn Mode>);
    }
    out.extend_from_slice(MODES);
    out
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
        for (i, a) in modes.iter().enumerate() {
            for (j, b) in modes.iter().enumerate() {
                assert_eq!(i == j, a.id() == b.id(), "ids must differ");
                assert_eq!(
                    i == j,
                    b.accepts(&a.document()),
                    "{} and {}'s documents",
                    b.id(),
                    a.id()
                );
            }
        }
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

    #[test]
    fn every_shortcut_scope_names_a_mode() {
        let mut ids: Vec<ModeId> = MODES.iter().map(|m| m().id()).collect();
        ids.push(crate::app::practice::PracticeMode::boxed().id());
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
