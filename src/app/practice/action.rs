//! Practice mode's own actions: the answer keys
//! ([`crate::app::shell::action::Action::Practice`]). A leaf: the shell
//! names this type and nothing else of the mode.

/// What a practice key answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Yes: they intersect (Y).
    Yes,
    /// No: they do not intersect, or no axis separates (N).
    No,
    /// Submit the drag or the clicks; after the reveal, the next question
    /// (Enter).
    Go,
}
