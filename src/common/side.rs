//! Which shape of a pair: A comes first in every pair query.

/// Shape A or shape B of a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first shape.
    A,
    /// The second shape.
    B,
}

impl Side {
    /// `"A"` or `"B"`.
    pub fn letter(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}
