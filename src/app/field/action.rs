//! Field mode's own actions: what its keys, panel and View menu ask of it
//! alone ([`crate::app::shell::action::Action::Field`]). A leaf: the shell
//! names this type and nothing else of the mode.

/// Something only field mode does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldAction {
    /// The tree cells on or off (C).
    Cells,
    /// Loose bounds instead of cells (B).
    Loose,
    /// Add a shape of the kind chosen in the panel.
    Add,
}
