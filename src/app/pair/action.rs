//! The pair playground's own actions
//! ([`crate::app::shell::action::Action::Pair`]): the toggles no other mode
//! has. A leaf: the shell names this type and nothing else of the mode.

/// Something only the pair playground does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairAction {
    /// Lesson mode on or off: the folder's scenes in order, their notes
    /// large (L).
    Lesson,
    /// The Minkowski pane on or off (M).
    Minkowski,
}
